//! A model of the SIMD kernels, for the tests: the lookup algorithm
//! (`lookup_algorithm!`) over plain byte arrays, so that the shared
//! algorithm is checked on every machine, whatever vector instructions the
//! CPU has. It is not a kernel and never ships (the portable kernel, for
//! targets without SIMD, is `swar`).
//!
//! The SSE4.2, AVX2 and NEON kernels are `lookup_algorithm!` over their
//! instructions; on a CPU without some of them, the kernel suites cannot
//! run those kernels, and the algorithm's control flow in those shapes
//! (lanes per vector, vectors per group) goes untested. Here it is
//! instantiated four more times, over `[u8; 16]`, `[u8; 32]` and `[u8; 64]`
//! with each instruction modelled in plain Rust, in the shapes the kernels
//! use:
//!
//! - `sse42_shape`: 16 lanes, 2 vectors a group, `pshufb` and `palignr`;
//! - `avx2_shape`: 32 lanes, 2 vectors a group, the 256-bit instructions
//!   that work within each 128-bit half (`vpshufb`, `vpalignr`) and the
//!   `vperm2i128` that the lane shifts use to cross the halves;
//! - `neon_shape`: 16 lanes, 8 vectors a group, `tbl` and `ext`;
//! - `avx512_shape`: 64 lanes, 2 vectors a group, `vpermb`, `vpermt2b`
//!   and masked loads: tested here on every machine, where QEMU cannot run
//!   the AVX-512 kernel at all.
//!
//! Each model does what the instruction's manual says, including what the
//! algorithm seems not to need (`pshufb` zeroes a lane whose index has its
//! top bit set and otherwise uses the index's low four bits within the
//! lane's own 128-bit half; `tbl` zeroes a lane whose index is 16 or more;
//! x86 shifts nibbles down as 16-bit lanes and masks), so that a change to
//! the algorithm that relies on a difference between instruction sets is
//! caught. Where the CPU has the x86 instructions, the tests also hold the
//! models to them.
//!
//! Not covered: the instructions themselves, which only the kernel suites
//! on a CPU that has them can test (and the tests below, which hold each
//! model to its instruction where the CPU has it).
//!
//! The algorithm reads the input through raw pointers (`load`), as the
//! kernels do; the model's `load` asserts that every read lies inside the
//! input the test passed, so a read past the end fails the test instead of
//! going unnoticed as it might on the real kernels (where only the address
//! sanitizer run, `.ci/asan`, catches it).

extern crate std;

use core::cell::Cell;

use crate::fast::tail::tail_piece_parts;

// ---------------------------------------------------------------------------
// The instructions, in plain Rust
// ---------------------------------------------------------------------------

std::thread_local! {
    /// The input being checked, as an address range: the only bytes a
    /// model load may read.
    static INPUT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// An unaligned load of `N` bytes (`movdqu`, `vmovdqu`, `ld1`).
///
/// # Safety
///
/// `ptr` must have `N` readable bytes. (Asserted, for the input set by
/// `Shape::run`: a read outside it panics before it happens.)
#[inline]
unsafe fn loadu<const N: usize>(ptr: *const u8) -> [u8; N] {
    let (start, end) = INPUT.get();
    let at = ptr.addr();
    assert!(
        start <= at && at.checked_add(N).is_some_and(|e| e <= end),
        "a load of {N} bytes at offset {} of a {}-byte input",
        at.wrapping_sub(start).cast_signed(),
        end - start
    );
    // SAFETY: the caller's promise, and the bytes are inside the input
    // (asserted above).
    unsafe { ptr.cast::<[u8; N]>().read_unaligned() }
}

/// A masked load of up to 64 bytes (`vmovdqu8` with a zeroing mask):
/// lane `i` is the byte at `ptr + i` where bit `i` of `mask` is set, and
/// zero, unread, elsewhere.
///
/// # Safety
///
/// The bytes of the lanes `mask` selects must be readable. (Asserted, for
/// the input set by `Shape::run`, byte by byte.)
#[inline]
unsafe fn maskz_loadu(mask: u64, ptr: *const u8) -> [u8; 64] {
    let (start, end) = INPUT.get();
    let mut out = [0; 64];
    for (i, lane) in out.iter_mut().enumerate() {
        if mask >> i & 1 != 0 {
            let at = ptr.addr().wrapping_add(i);
            assert!(
                start <= at && at < end,
                "a masked load reads offset {} of a {}-byte input",
                at.wrapping_sub(start).cast_signed(),
                end - start
            );
            // SAFETY: inside the input (asserted above).
            *lane = unsafe { ptr.add(i).read() };
        }
    }
    // The whole window, masked-off lanes too, on pages that hold input:
    // on the kernel's CPUs a masked-off lane on a page that is not mapped
    // costs a microcode assist (see `crate::fast::tail::masked_read_backward`). The pages
    // are `MODEL_PAGE` bytes, so that inputs of the tests' sizes meet
    // their ends often; an empty input has none, and must not be loaded.
    let page = |at: usize| at / MODEL_PAGE;
    let window = page(ptr.addr())..=page(ptr.addr().wrapping_add(63));
    assert!(
        start < end && page(start) <= *window.start() && *window.end() <= page(end - 1),
        "a masked load's window, offsets {}..{}, runs onto a page without \
         input (a {}-byte input, {MODEL_PAGE}-byte pages)",
        ptr.addr().wrapping_sub(start).cast_signed(),
        ptr.addr().wrapping_sub(start).cast_signed() + 64,
        end - start
    );
    out
}

/// The size of the pages the AVX-512 model keeps its masked loads inside:
/// small, so that the tests' inputs meet their ends often.
const MODEL_PAGE: usize = 128;

/// An array of `$n` lanes, lane `$i` the value of `$lane`. A `while`
/// loop over an index: the test profile (`opt-level = 1`) does not inline
/// iterator adaptors or `core::array::from_fn`'s closure, and the
/// exhaustive tests need the models quick.
macro_rules! lanes {
    ($n:expr, |$i:ident| $lane:expr) => {{
        let mut out = [0u8; $n];
        let mut $i = 0;
        while $i < $n {
            out[$i] = $lane;
            $i += 1;
        }
        out
    }};
}

/// Little-endian words as bytes (`_mm_set_epi64x`, `vcreate_u8`).
#[inline]
fn from_le_words<const W: usize, const N: usize>(words: [u64; W]) -> [u8; N] {
    const { assert!(8 * W == N) };
    lanes!(N, |i| (words[i / 8] >> (8 * (i % 8))) as u8)
}

#[inline]
fn or_lanes<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    lanes!(N, |i| a[i] | b[i])
}

#[inline]
fn and_lanes<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    lanes!(N, |i| a[i] & b[i])
}

#[inline]
fn xor_lanes<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    lanes!(N, |i| a[i] ^ b[i])
}

/// `psubusb`, `uqsub`: saturating unsigned subtraction.
#[inline]
fn subs_epu8<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    lanes!(N, |i| a[i].saturating_sub(b[i]))
}

/// `pcmpeqb`: all ones where equal.
#[inline]
fn cmpeq_epi8<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    lanes!(N, |i| if a[i] == b[i] { 0xFF } else { 0 })
}

/// `psrlw`: each 16-bit lane (little-endian: lane `i` is bytes `2i` and
/// `2i + 1`) shifted right, zeros in; a byte gets the low bits of the
/// byte above it in its 16-bit lane.
#[inline]
fn srli_epi16<const N: usize>(v: [u8; N], shift: u32) -> [u8; N] {
    lanes!(N, |i| {
        let pair = i / 2 * 2;
        let word = u16::from_le_bytes([v[pair], v[pair + 1]]) >> shift;
        word.to_le_bytes()[i % 2]
    })
}

/// `pshufb`, `vpshufb`: within each 128-bit half, lane `i` is the half's
/// byte at the low four bits of index `i`, or zero where the index has its
/// top bit set.
#[inline]
fn shuffle_epi8<const N: usize>(table: [u8; N], idx: [u8; N]) -> [u8; N] {
    lanes!(N, |i| if idx[i] & 0x80 == 0 {
        table[i / 16 * 16 + usize::from(idx[i] & 0x0F)]
    } else {
        0
    })
}

/// `palignr`, `vpalignr`: within each 128-bit half, `a`'s half above
/// `b`'s as 32 bytes, shifted down by `shift` bytes, the low 16 kept.
#[inline]
fn alignr_epi8<const N: usize>(a: [u8; N], b: [u8; N], shift: usize) -> [u8; N] {
    lanes!(N, |i| {
        let (half, j) = (i / 16 * 16, i % 16 + shift);
        match j {
            0..16 => b[half + j],
            16..32 => a[half + j - 16],
            _ => 0,
        }
    })
}

/// `vperm2i128`: each 128-bit half of the result picked by four bits of
/// `imm` (the low four for the low half) from `a`'s and `b`'s halves
/// (0, 1: `a`'s low, high; 2, 3: `b`'s), or zero where the third of those
/// bits is set.
#[inline]
fn permute2x128(a: [u8; 32], b: [u8; 32], imm: u8) -> [u8; 32] {
    lanes!(32, |i| {
        let control = if i < 16 { imm & 0x0F } else { imm >> 4 };
        let source = if control & 0x02 == 0 { &a } else { &b };
        if control & 0x08 == 0 {
            source[16 * usize::from(control & 0x01) + i % 16]
        } else {
            0
        }
    })
}

/// `pmovmskb`: the top bit of each byte, byte 0 in bit 0.
#[inline]
fn movemask_epi8<const N: usize>(v: [u8; N]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < N {
        mask |= u32::from(v[i] >> 7) << i;
        i += 1;
    }
    mask
}

/// `ptest` (ZF): whether `a & b` is all zeros.
#[inline]
fn testz<const N: usize>(a: [u8; N], b: [u8; N]) -> bool {
    and_lanes(a, b) == [0; N]
}

/// `vpermb`: lane `i` is `table`'s byte at the low six bits of `idx[i]`.
#[inline]
fn permutexvar_epi8(idx: [u8; 64], table: [u8; 64]) -> [u8; 64] {
    lanes!(64, |i| table[usize::from(idx[i] & 63)])
}

/// `vpermb` with a zeroing mask: lanes whose bit is clear are zero.
#[inline]
fn maskz_permutexvar_epi8(mask: u64, idx: [u8; 64], table: [u8; 64]) -> [u8; 64] {
    let all = permutexvar_epi8(idx, table);
    lanes!(64, |i| if mask >> i & 1 != 0 { all[i] } else { 0 })
}

/// `vpermt2b`: lane `i` is byte `idx[i] & 127` of `a` then `b`, one table
/// of 128 bytes.
#[inline]
fn permutex2var_epi8(a: [u8; 64], idx: [u8; 64], b: [u8; 64]) -> [u8; 64] {
    lanes!(64, |i| {
        let j = usize::from(idx[i] & 127);
        if j < 64 {
            a[j]
        } else {
            b[j - 64]
        }
    })
}

/// `vptestmb` of a vector with itself: a bit per lane, set where the byte
/// is not zero.
#[inline]
fn test_epi8_mask(v: [u8; 64]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 64 {
        mask |= u64::from(v[i] != 0) << i;
        i += 1;
    }
    mask
}

/// `vpmovb2m`: the top bit of each byte, byte 0 in bit 0.
#[inline]
fn movepi8_mask(v: [u8; 64]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 64 {
        mask |= u64::from(v[i] >> 7) << i;
        i += 1;
    }
    mask
}

/// Bytes `16 * k ..` of a rest as a vector, zero after its end: the x86
/// kernels' `tail_piece`, one load and a `pshufb`.
#[inline]
fn tail_piece(rest: &[u8], k: usize) -> Option<[u8; 16]> {
    let (data, indices) = tail_piece_parts(rest, k)?;
    Some(shuffle_epi8(*data, *indices))
}

/// `tbl` with one table register (`vqtbl1q_u8`): lane `i` is the table's
/// byte at index `i`, or zero where the index is 16 or more.
#[inline]
fn vqtbl1q_u8(table: [u8; 16], idx: [u8; 16]) -> [u8; 16] {
    lanes!(16, |i| if idx[i] < 16 {
        table[usize::from(idx[i])]
    } else {
        0
    })
}

/// `ext` (`vextq_u8::<N>(a, b)`): bytes `n .. n + 16` of `a` then `b`.
#[inline]
fn vextq_u8(a: [u8; 16], b: [u8; 16], n: usize) -> [u8; 16] {
    lanes!(16, |i| if i + n < 16 { a[i + n] } else { b[i + n - 16] })
}

/// `umaxv`: the largest byte.
#[inline]
fn vmaxvq_u8(v: [u8; 16]) -> u8 {
    let mut max = 0;
    let mut i = 0;
    while i < 16 {
        max = max.max(v[i]);
        i += 1;
    }
    max
}

/// `cmtst`: all ones where `a & b` is not zero.
#[inline]
fn vtstq_u8(a: [u8; 16], b: [u8; 16]) -> [u8; 16] {
    lanes!(16, |i| if a[i] & b[i] != 0 { 0xFF } else { 0 })
}

/// `addv` over eight bytes: their sum, wrapping as the 8-bit result does.
#[inline]
fn vaddv_u8(v: [u8; 8]) -> u8 {
    let mut sum = 0u8;
    let mut i = 0;
    while i < 8 {
        sum = sum.wrapping_add(v[i]);
        i += 1;
    }
    sum
}

// ---------------------------------------------------------------------------
// The shapes
// ---------------------------------------------------------------------------

/// The primitives that are the same lane-wise operation on every
/// instruction set (loads, splats, bitwise operations, saturating
/// subtraction), for the x86 and NEON shapes alike.
macro_rules! lane_primitives {
    () => {
        /// # Safety
        ///
        /// `ptr` must have `LANES` readable bytes.
        #[inline]
        unsafe fn load(ptr: *const u8) -> V {
            // SAFETY: the caller's promise.
            unsafe { loadu(ptr) }
        }

        #[inline]
        fn load_table(table: &[u8; LANES]) -> V {
            *table
        }

        #[inline]
        fn splat(byte: u8) -> V {
            [byte; LANES]
        }

        #[inline]
        fn or(a: V, b: V) -> V {
            or_lanes(a, b)
        }

        #[inline]
        fn and(a: V, b: V) -> V {
            and_lanes(a, b)
        }

        #[inline]
        fn xor(a: V, b: V) -> V {
            xor_lanes(a, b)
        }

        #[inline]
        fn subs(a: V, b: V) -> V {
            subs_epu8(a, b)
        }
    };
}

/// What `x86_primitives!` writes, over the models above: the same
/// operations in the same combinations.
macro_rules! x86_model_primitives {
    () => {
        lane_primitives!();

        #[inline]
        fn high_nibbles(v: V) -> V {
            and(srli_epi16(v, 4), splat(0x0F))
        }

        #[inline]
        fn low_nibbles(v: V) -> V {
            and(v, splat(0x0F))
        }

        #[inline]
        fn shuffle(table: V, idx: V) -> V {
            shuffle_epi8(table, idx)
        }

        #[inline]
        fn any(v: V) -> bool {
            !testz(v, v)
        }

        #[inline]
        fn any_high(v: V) -> bool {
            movemask_epi8(v) != 0
        }

        #[inline]
        fn nonzero_lanes(v: V) -> u64 {
            u64::from(!movemask_epi8(cmpeq_epi8(v, splat(0))) & (u32::MAX >> (32 - LANES)))
        }
    };
}

/// `lookup_algorithm!` with a target feature that every CPU of the
/// architecture has (the macro names one on each function): the models
/// need none.
macro_rules! instantiate {
    () => {
        #[cfg(target_arch = "x86_64")]
        lookup_algorithm!(features: "sse2");
        #[cfg(target_arch = "aarch64")]
        lookup_algorithm!(features: "neon");
    };
    (short_rotates: ($rotate1:ident, $rotate2:ident)) => {
        #[cfg(target_arch = "x86_64")]
        instantiate!(@rotates "sse2", $rotate1, $rotate2);
        #[cfg(target_arch = "aarch64")]
        instantiate!(@rotates "neon", $rotate1, $rotate2);
    };
    (@rotates $features:literal, $rotate1:ident, $rotate2:ident) => {
        lookup_algorithm!(
            features: $features,
            skip_ascii: skip_ascii_groups,
            short_rotates: ($rotate1, $rotate2),
        );
    };
}

/// The SSE4.2 kernel's shape (`x86::sse42`).
mod sse42_shape {
    use super::*;

    type V = [u8; 16];
    const LANES: usize = 16;
    const VECTORS: usize = 2;
    const MASKED_LOADS: bool = false;
    const SHIFTED_LOADS: bool = true;
    const LANE_MASK_IS_CHEAP: bool = true;
    const SPARSE_STEPS: bool = false;

    #[inline]
    fn from_words(w: [u64; 2]) -> V {
        from_le_words(w)
    }

    #[inline]
    fn from_rest(rest: &[u8], i: usize) -> Option<V> {
        tail_piece(rest, i)
    }

    #[inline]
    fn prev1(input: V, prev: V) -> V {
        alignr_epi8(input, prev, 15)
    }

    #[inline]
    fn prev2(input: V, prev: V) -> V {
        alignr_epi8(input, prev, 14)
    }

    x86_model_primitives!();
    instantiate!();
}

/// The AVX2 kernel's shape (`x86::avx2`).
mod avx2_shape {
    use super::*;

    type V = [u8; 32];
    const LANES: usize = 32;
    const VECTORS: usize = 2;
    const MASKED_LOADS: bool = false;
    const SHIFTED_LOADS: bool = true;
    const LANE_MASK_IS_CHEAP: bool = true;
    const SPARSE_STEPS: bool = true;

    #[inline]
    fn from_words(w: [u64; 4]) -> V {
        from_le_words(w)
    }

    /// `_mm256_set_m128i` of two pieces: piece `2i` low, `2i + 1` high.
    #[inline]
    fn from_rest(rest: &[u8], i: usize) -> Option<V> {
        let (lo, hi) = (tail_piece(rest, 2 * i)?, tail_piece(rest, 2 * i + 1)?);
        let mut v = [0; 32];
        v[..16].copy_from_slice(&lo);
        v[16..].copy_from_slice(&hi);
        Some(v)
    }

    /// `vpalignr` works within 128-bit halves: the half to shift in below
    /// `input`'s is `prev`'s high half, then `input`'s low half.
    #[inline]
    fn prev_n(input: V, prev: V, n: usize) -> V {
        alignr_epi8(input, permute2x128(prev, input, 0x21), 16 - n)
    }

    #[inline]
    fn prev1(input: V, prev: V) -> V {
        prev_n(input, prev, 1)
    }

    #[inline]
    fn prev2(input: V, prev: V) -> V {
        prev_n(input, prev, 2)
    }

    x86_model_primitives!();
    instantiate!();
}

/// The NEON kernel's shape (`neon`).
mod neon_shape {
    use super::*;

    type V = [u8; 16];
    const LANES: usize = 16;
    const VECTORS: usize = 8;
    const MASKED_LOADS: bool = false;
    const SHIFTED_LOADS: bool = false;
    const LANE_MASK_IS_CHEAP: bool = false;
    const SPARSE_STEPS: bool = false;

    #[inline]
    fn from_words(w: [u64; 2]) -> V {
        from_le_words(w)
    }

    #[inline]
    fn from_rest(rest: &[u8], i: usize) -> Option<V> {
        let (data, indices) = tail_piece_parts(rest, i)?;
        Some(vqtbl1q_u8(*data, *indices))
    }

    #[inline]
    fn prev1(input: V, prev: V) -> V {
        vextq_u8(prev, input, 15)
    }

    #[inline]
    fn prev2(input: V, prev: V) -> V {
        vextq_u8(prev, input, 14)
    }

    lane_primitives!();

    /// `ushr` by 4: NEON shifts bytes, not 16-bit lanes.
    #[inline]
    fn high_nibbles(v: V) -> V {
        lanes!(LANES, |i| v[i] >> 4)
    }

    #[inline]
    fn low_nibbles(v: V) -> V {
        and(v, splat(0x0F))
    }

    #[inline]
    fn shuffle(table: V, idx: V) -> V {
        vqtbl1q_u8(table, idx)
    }

    #[inline]
    fn any(v: V) -> bool {
        vmaxvq_u8(v) != 0
    }

    #[inline]
    fn any_high(v: V) -> bool {
        vmaxvq_u8(v) >= 0x80
    }

    #[inline]
    fn nonzero_lanes(v: V) -> u64 {
        const WEIGHTS: [u8; LANES] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        let bits = and(vtstq_u8(v, v), WEIGHTS);
        // `vget_low_u8`, `vget_high_u8`.
        let (low, high) = (lanes!(8, |i| bits[i]), lanes!(8, |i| bits[8 + i]));
        u64::from(vaddv_u8(low)) | u64::from(vaddv_u8(high)) << 8
    }

    instantiate!();
}

/// The AVX-512 kernel's shape (`x86::avx512`).
mod avx512_shape {
    use super::*;

    type V = [u8; 64];
    const LANES: usize = 64;
    const VECTORS: usize = 2;
    const MASKED_LOADS: bool = true;
    const SHIFTED_LOADS: bool = false;
    const LANE_MASK_IS_CHEAP: bool = true;
    const SPARSE_STEPS: bool = false;

    /// `vpermt2b` indices that move a vector up `by` lanes (the kernel's
    /// `shifted_by`).
    fn shifted_by(by: usize) -> V {
        lanes!(64, |i| (i + 64 - by) as u8)
    }

    #[inline]
    fn from_words(w: [u64; 8]) -> V {
        from_le_words(w)
    }

    /// The kernel's masked load of bytes `64 * i ..` of the rest, read
    /// backwards near the end of a page as the kernel does, with pages of
    /// 128 bytes rather than 4096, so that the tests take both ways often.
    #[inline]
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the signature the algorithm calls"
    )]
    fn from_rest(rest: &[u8], i: usize) -> Option<V> {
        let (start, m) = crate::fast::tail::masked_window(rest.len(), i);
        let low = u64::MAX
            .checked_shr(LANES.saturating_sub(m) as u32)
            .unwrap_or(0);
        let ptr = rest.as_ptr().wrapping_add(start);
        if m == 0 {
            return Some([0; 64]);
        }
        if crate::fast::tail::masked_read_backward(ptr.addr(), MODEL_PAGE) {
            let high = u64::MAX
                .checked_shl(LANES.saturating_sub(m) as u32)
                .unwrap_or(0);
            // SAFETY: the mask covers bytes of `rest` only, and the model
            // asserts it.
            let v = unsafe { maskz_loadu(high, ptr.wrapping_add(m).wrapping_sub(LANES)) };
            let idx = lanes!(64, |j| (j + LANES - m) as u8);
            return Some(maskz_permutexvar_epi8(low, idx, v));
        }
        // SAFETY: as above.
        Some(unsafe { maskz_loadu(low, ptr) })
    }

    #[inline]
    fn prev1(input: V, prev: V) -> V {
        permutex2var_epi8(prev, shifted_by(1), input)
    }

    #[inline]
    fn prev2(input: V, prev: V) -> V {
        permutex2var_epi8(prev, shifted_by(2), input)
    }

    lane_primitives!();

    /// `vpsrlw` by 4 and no mask: `vpermb` reads six bits, and the table's
    /// four copies make bits 4 and 5 (the neighbour's) not matter.
    #[inline]
    fn high_nibbles(v: V) -> V {
        srli_epi16(v, 4)
    }

    #[inline]
    fn low_nibbles(v: V) -> V {
        v
    }

    #[inline]
    fn shuffle(table: V, idx: V) -> V {
        permutexvar_epi8(idx, table)
    }

    #[inline]
    fn any(v: V) -> bool {
        test_epi8_mask(v) != 0
    }

    #[inline]
    fn any_high(v: V) -> bool {
        movepi8_mask(v) != 0
    }

    #[inline]
    fn nonzero_lanes(v: V) -> u64 {
        test_epi8_mask(v)
    }

    instantiate!();

    /// The AVX-512 kernel's mix for Intel (`x86::avx512::loads`): the same
    /// primitives, the bytes before a vector read from memory.
    pub(super) mod loads {
        #[allow(
            clippy::wildcard_imports,
            reason = "the shape's primitives and switches, all of them, but the one set here"
        )]
        use super::*;

        const SHIFTED_LOADS: bool = true;

        /// `input` rotated up `by` lanes: the kernel's `vpermb` with
        /// `shifted_by`'s indices, whose low six bits go round the vector.
        fn rotated(input: V, by: usize) -> V {
            permutexvar_epi8(shifted_by(by), input)
        }

        fn rotate1(input: V) -> V {
            rotated(input, 1)
        }

        fn rotate2(input: V) -> V {
            rotated(input, 2)
        }

        instantiate!(short_rotates: (rotate1, rotate2));
    }
}

// ---------------------------------------------------------------------------
// Running them
// ---------------------------------------------------------------------------

/// One instantiation: its name, its `check`, its vector and group sizes.
#[derive(Clone, Copy)]
struct Shape {
    name: &'static str,
    check: unsafe fn(&[u8]) -> Option<usize>,
    /// Its whole validation, head test and explanation included.
    validate: crate::fast::kernel::KernelFn,
    lanes: usize,
    group: usize,
}

const SSE42_SHAPE: Shape = Shape {
    name: "sse42 shape",
    check: sse42_shape::check,
    validate: sse42_shape::validate,
    lanes: 16,
    group: 32,
};

const AVX2_SHAPE: Shape = Shape {
    name: "avx2 shape",
    check: avx2_shape::check,
    validate: avx2_shape::validate,
    lanes: 32,
    group: 64,
};

const NEON_SHAPE: Shape = Shape {
    name: "neon shape",
    check: neon_shape::check,
    validate: neon_shape::validate,
    lanes: 16,
    group: 128,
};

const AVX512_SHAPE: Shape = Shape {
    name: "avx512 shape",
    check: avx512_shape::check,
    validate: avx512_shape::validate,
    lanes: 64,
    group: 128,
};

const AVX512_LOADS_SHAPE: Shape = Shape {
    name: "avx512-loads shape",
    check: avx512_shape::loads::check,
    validate: avx512_shape::loads::validate,
    lanes: 64,
    group: 128,
};

/// Every kernel shape the model instantiates.
const SHAPES: [Shape; 5] = [
    SSE42_SHAPE,
    AVX2_SHAPE,
    NEON_SHAPE,
    AVX512_SHAPE,
    AVX512_LOADS_SHAPE,
];

impl Shape {
    /// The model kernel's answer on `bytes`, its loads confined to them.
    fn run(self, bytes: &[u8]) -> Option<usize> {
        let start = bytes.as_ptr().addr();
        INPUT.set((start, start + bytes.len()));
        // SAFETY: `check` needs the target feature `instantiate!` names,
        // which is part of the architecture's baseline (SSE2 on x86-64,
        // NEON where this is compiled for aarch64).
        let answer = unsafe { (self.check)(bytes) };
        INPUT.set((0, 0));
        answer
    }

    /// The model kernel's whole validation of `bytes`, its loads confined
    /// to them.
    fn run_validate(self, bytes: &[u8]) -> Result<(), crate::Utf8Error> {
        let start = bytes.as_ptr().addr();
        INPUT.set((start, start + bytes.len()));
        // SAFETY: as in `run`.
        let answer = unsafe { (self.validate)(bytes) };
        INPUT.set((0, 0));
        answer.into_result()
    }

    /// Checks the model kernel on `bytes` against `core::str::from_utf8`
    /// and the reference decoder; `what` describes the input.
    fn verify(self, bytes: &[u8], what: &dyn Fn() -> std::string::String) {
        let flagged = self.run(bytes);
        let std = core::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(|e| (e.valid_up_to(), e.error_len()));
        let name = self.name;
        match (flagged, std) {
            (None, Ok(())) => {}
            // What `crate::fast` promises of a kernel: the first error
            // starts at most three bytes before the flagged byte, and not
            // after it.
            (Some(at), Err((error, _))) => assert!(
                error <= at && at <= error + 3,
                "{name}: flagged {at}, the first error is at {error} ({}): {bytes:02X?}",
                what()
            ),
            (flagged, std) => panic!(
                "{name}: flagged {flagged:?}, std says {std:?} (valid_up_to, error_len) ({}): \
                 {bytes:02X?}",
                what()
            ),
        }
        let reference = crate::decode::validate(bytes);
        assert_eq!(
            crate::fast::answer::Found::flagged(None, flagged)
                .answer(bytes)
                .into_result(),
            reference,
            "{name}, explained, vs the reference decoder ({}): {bytes:02X?}",
            what()
        );
        assert_eq!(
            self.run_validate(bytes),
            reference,
            "{name}'s validate vs the reference decoder ({}): {bytes:02X?}",
            what()
        );
    }
}

mod tests {
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    use super::*;

    /// A byte of each kind the algorithm tells apart: it reads a byte only
    /// by its high nibble (two tables, the top bit, and the thresholds E0,
    /// F0 and C0, E0, F0 of the biases and `incomplete_max`, all multiples
    /// of 16) and its low nibble (`PREV_LOW`, whose rows for 2 and 3, and
    /// for 5 to C, E and F, are the same). Every high nibble, with the low
    /// nibbles 0, 1, 2, 4, 5 and D; std too treats the bytes each stands
    /// for alike (C0 C1 apart from C2..DF, E0 and ED apart, F0 and F4 from
    /// F5..FF).
    const KINDS: [u8; 96] = {
        let lows = [0x0, 0x1, 0x2, 0x4, 0x5, 0xD];
        let mut kinds = [0; 96];
        let mut i = 0;
        while i < 96 {
            kinds[i] = (i / 6 * 16) as u8 | lows[i % 6];
            i += 1;
        }
        kinds
    };

    /// Every input of up to two bytes, and every 3-byte input over
    /// [`KINDS`]: the short-input tail. (Not all 16.8 million 3-byte
    /// inputs: through three shapes of byte-at-a-time models, they would
    /// make the core's unit tests take most of a minute instead of a
    /// second or two; the kinds give every answer the algorithm can.)
    fn short_inputs(shape: Shape) {
        shape.verify(&[], &|| "the empty input".into());
        for n in 0..=u16::MAX {
            let bytes = n.to_le_bytes();
            if n <= 0xFF {
                shape.verify(&bytes[..1], &|| "a 1-byte input".into());
            }
            shape.verify(&bytes, &|| "a 2-byte input".into());
        }
        for a in KINDS {
            for b in KINDS {
                for c in KINDS {
                    shape.verify(&[a, b, c], &|| "a 3-byte input".into());
                }
            }
        }
    }

    #[test]
    fn sse42_shape_on_short_inputs() {
        short_inputs(SSE42_SHAPE);
    }

    #[test]
    fn avx2_shape_on_short_inputs() {
        short_inputs(AVX2_SHAPE);
    }

    #[test]
    fn neon_shape_on_short_inputs() {
        short_inputs(NEON_SHAPE);
    }

    #[test]
    fn avx512_shape_on_short_inputs() {
        short_inputs(AVX512_SHAPE);
    }

    #[test]
    fn avx512_loads_shape_on_short_inputs() {
        short_inputs(AVX512_LOADS_SHAPE);
    }

    /// Sequences cut short, sequences never valid, and whole characters.
    const PIECES: [&[u8]; 11] = [
        b"\xC3",
        b"\xE0\xA0",
        b"\xF0\x90\x80",
        b"\x80",
        b"\xC0\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xFF",
        b"\xDF\xBF",
        b"\xEF\xBF\xBF",
        b"\xF4\x8F\xBF\xBF",
    ];

    /// What valid text surrounds a piece.
    #[derive(Clone, Copy, Debug)]
    enum Fill {
        /// `a`s.
        Ascii,
        /// NUL bytes: a vector's lanes OR-ed with them keep their exact
        /// value (a lone 80 among them is the smallest byte that is not
        /// ASCII).
        Nul,
        /// Characters of every width (and ASCII to make up the length).
        Mixed,
    }

    /// `len` bytes of valid text of the kind `fill`.
    fn filler(len: usize, fill: Fill) -> Vec<u8> {
        let mut out = Vec::with_capacity(len);
        match fill {
            Fill::Ascii => {}
            Fill::Nul => out.resize(len, 0),
            Fill::Mixed => {
                let mut buf = [0; 4];
                for c in "é€😀a".chars().cycle() {
                    if out.len() + c.len_utf8() > len {
                        break;
                    }
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        out.resize(len, b'a');
        out
    }

    /// Each piece at every offset up to three groups and a vector in,
    /// after each kind of text, and followed by nothing, a few bytes, a
    /// vector, or one or two groups of ASCII (which the algorithm skips, so
    /// a sequence cut off before them is caught another way) or of other
    /// text: every path of `check` (short inputs, the ASCII and non-ASCII
    /// loops, both ends of `check_end`), with the piece across each vector
    /// and group boundary.
    fn pieces_at_every_offset(shape: Shape) {
        let (lanes, group) = (shape.lanes, shape.group);
        let suffixes: Vec<(Vec<u8>, Fill)> = [0, 1, 3, lanes, group + 1, 2 * group + 3]
            .into_iter()
            .map(|len| (filler(len, Fill::Ascii), Fill::Ascii))
            .chain([3, group + 1].map(|len| (filler(len, Fill::Mixed), Fill::Mixed)))
            .chain([(filler(group + 1, Fill::Nul), Fill::Nul)])
            .collect();
        let mut input = Vec::new();
        for fill in [Fill::Ascii, Fill::Nul, Fill::Mixed] {
            for offset in 0..=3 * group + lanes {
                let prefix = filler(offset, fill);
                for piece in PIECES {
                    for (suffix, kind) in &suffixes {
                        input.clear();
                        input.extend_from_slice(&prefix);
                        input.extend_from_slice(piece);
                        input.extend_from_slice(suffix);
                        shape.verify(&input, &|| {
                            format!(
                                "{piece:02X?} at {offset} after {fill:?} text, then {} bytes of {kind:?}",
                                suffix.len()
                            )
                        });
                    }
                }
            }
        }
    }

    #[test]
    fn sse42_shape_on_pieces_at_every_offset() {
        pieces_at_every_offset(SSE42_SHAPE);
    }

    #[test]
    fn avx2_shape_on_pieces_at_every_offset() {
        pieces_at_every_offset(AVX2_SHAPE);
    }

    #[test]
    fn neon_shape_on_pieces_at_every_offset() {
        pieces_at_every_offset(NEON_SHAPE);
    }

    #[test]
    fn avx512_shape_on_pieces_at_every_offset() {
        pieces_at_every_offset(AVX512_SHAPE);
    }

    #[test]
    fn avx512_loads_shape_on_pieces_at_every_offset() {
        pieces_at_every_offset(AVX512_LOADS_SHAPE);
    }

    /// ASCII of every length up to the bands `validate` tests for ASCII
    /// with one test of overlapping loads (four groups, and eight where a
    /// group is 64 bytes) and a vector more, with a lone continuation byte
    /// or an `é` at every fifth offset and in the last three: a load left
    /// out of a band's test leaves a gap of at least a vector, which one
    /// of them falls in.
    fn one_character_in_ascii(shape: Shape) {
        let (lanes, group) = (shape.lanes, shape.group);
        let top = if group == 64 { 8 * group } else { 4 * group } + lanes;
        let mut input = Vec::new();
        for len in lanes + 1..=top {
            for piece in [&b"\x80"[..], "é".as_bytes()] {
                let last = len - piece.len();
                for at in (0..=last).step_by(5).chain(last.saturating_sub(2)..=last) {
                    input.clear();
                    input.resize(len, b'a');
                    input[at..at + piece.len()].copy_from_slice(piece);
                    shape.verify(&input, &|| {
                        format!("{piece:02X?} at {at} of {len} bytes of ASCII")
                    });
                }
            }
        }
    }

    #[test]
    fn every_shape_on_one_character_in_ascii() {
        for shape in SHAPES {
            one_character_in_ascii(shape);
        }
    }

    /// xorshift64: enough randomness for test inputs, the same every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn byte(&mut self) -> u8 {
            self.next() as u8
        }
    }

    /// Valid text of at least `len` bytes: ASCII runs, runs of one
    /// character, and characters of mixed widths.
    fn random_text(rng: &mut Rng, len: usize) -> Vec<u8> {
        const WIDTHS: [(u32, u32); 4] = [
            (0, 0x80),
            (0x80, 0x800),
            (0x800, 0x1_0000),
            (0x1_0000, 0x11_0000),
        ];
        let char_of_width = |rng: &mut Rng, width: usize| {
            let (lo, hi) = WIDTHS[width];
            let n = lo + (rng.next() % u64::from(hi - lo)) as u32;
            char::from_u32(n).unwrap_or('\u{FFFD}')
        };
        let mut out = Vec::with_capacity(len + 200);
        let mut buf = [0; 4];
        while out.len() < len {
            let run = 1 + rng.below(100);
            match rng.below(3) {
                0 => out.extend((0..run).map(|_| rng.byte() & 0x7F)),
                1 => {
                    let width = rng.below(4);
                    let c = char_of_width(rng, width);
                    for _ in 0..=run / 4 {
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
                _ => {
                    for _ in 0..=run / 4 {
                        let width = rng.below(4);
                        let c = char_of_width(rng, width);
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
            }
        }
        out
    }

    /// Damages `text` once; says how.
    fn corrupt(rng: &mut Rng, text: &mut Vec<u8>) -> String {
        let at = rng.below(text.len() + 1);
        match rng.below(5) {
            0 => {
                let piece = PIECES[rng.below(PIECES.len())];
                text.splice(at..at, piece.iter().copied());
                format!("inserted {piece:02X?} at {at}")
            }
            1 => {
                text.truncate(at);
                format!("cut at {at}")
            }
            _ if at == text.len() => "nothing".into(),
            2 => {
                text.remove(at);
                format!("removed byte {at}")
            }
            _ => {
                text[at] = rng.byte();
                format!("set byte {at} to {:02X}", text[at])
            }
        }
    }

    /// Random texts up to four groups long, valid or damaged up to three
    /// times.
    fn random_texts(shape: Shape) {
        let mut rng = Rng(0x7061_7274_6162_6C65 ^ shape.group as u64);
        for case in 0..10_000 {
            let len = rng.below(4 * shape.group + shape.lanes);
            let mut text = random_text(&mut rng, len);
            let mut story = Vec::new();
            for _ in 0..rng.below(4) {
                story.push(corrupt(&mut rng, &mut text));
            }
            shape.verify(&text, &|| format!("random text #{case}: {story:?}"));
        }
    }

    /// Long texts (1–3 KiB, past `MEDIUM`): runs of other characters with
    /// ASCII between them of up to four blocks of `run`'s (16 groups),
    /// valid or damaged up to twice, and in one case in three a sequence
    /// cut off before ASCII: `check_groups` and `run` for every shape, a
    /// run's blocks and the groups before the end, both of a run's ends
    /// (one block of ASCII after long ASCII, two after short), and its
    /// group steps (`SPARSE_STEPS`), which test an ASCII group only for a
    /// sequence cut off before it.
    fn long_texts(shape: Shape) {
        let mut rng = Rng(0x6C6F_6E67 ^ shape.group as u64);
        let mut buf = [0; 4];
        for case in 0..1_500 {
            let len = 1024 + rng.below(2048);
            let mut text = Vec::with_capacity(len + 64);
            // Where each stretch of ASCII starts.
            let mut gaps = Vec::new();
            while text.len() < len {
                gaps.push(text.len());
                let gap = match rng.below(3) {
                    0 => rng.below(shape.group),
                    1 => rng.below(4 * shape.group),
                    _ => rng.below(16 * shape.group),
                };
                text.resize(text.len() + gap, b'a');
                for c in "é€😀"
                    .chars()
                    .cycle()
                    .skip(rng.below(3))
                    .take(1 + rng.below(12))
                {
                    text.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
            let mut story = Vec::new();
            if rng.below(3) == 0 {
                let cut: &[u8] = [&b"\xC3"[..], b"\xE2\x82", b"\xF0\x9F\x98"][rng.below(3)];
                // Ending a group that a group of ASCII follows, where there
                // is one, else at the start of a stretch of ASCII.
                let ends: Vec<usize> = (1..text.len() / shape.group)
                    .map(|k| k * shape.group)
                    .filter(|&end| {
                        text[end - 3..(end + shape.group).min(text.len())]
                            .iter()
                            .all(|&b| b == b'a')
                    })
                    .collect();
                if !ends.is_empty() && rng.below(2) == 0 {
                    let end = ends[rng.below(ends.len())];
                    text[end - cut.len()..end].copy_from_slice(cut);
                    story.push(format!("{cut:02X?} cut off before the group at {end}"));
                } else {
                    let at = gaps[rng.below(gaps.len())];
                    text.splice(at..at, cut.iter().copied());
                    story.push(format!("{cut:02X?} cut off at {at}"));
                }
            }
            for _ in 0..rng.below(3) {
                story.push(corrupt(&mut rng, &mut text));
            }
            shape.verify(&text, &|| format!("long text #{case}: {story:?}"));
        }
    }

    #[test]
    fn every_shape_on_long_texts() {
        for shape in SHAPES {
            long_texts(shape);
        }
    }

    #[test]
    fn sse42_shape_on_random_texts() {
        random_texts(SSE42_SHAPE);
    }

    #[test]
    fn avx2_shape_on_random_texts() {
        random_texts(AVX2_SHAPE);
    }

    #[test]
    fn neon_shape_on_random_texts() {
        random_texts(NEON_SHAPE);
    }

    #[test]
    fn avx512_shape_on_random_texts() {
        random_texts(AVX512_SHAPE);
    }

    #[test]
    fn avx512_loads_shape_on_random_texts() {
        random_texts(AVX512_LOADS_SHAPE);
    }

    /// The x86 models against the instructions they model, where the CPU
    /// has them: a model that differed from its instruction would have the
    /// tests above check some other algorithm.
    #[cfg(target_arch = "x86_64")]
    mod against_the_instructions {
        extern crate std;

        use core::arch::x86_64::{
            __m128i, __m256i, __m512i, _mm256_alignr_epi8, _mm256_cmpeq_epi8, _mm256_movemask_epi8,
            _mm256_permute2x128_si256, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8,
            _mm256_testz_si256, _mm512_maskz_loadu_epi8, _mm512_maskz_permutexvar_epi8,
            _mm512_movepi8_mask, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8,
            _mm512_srli_epi16, _mm512_subs_epu8, _mm512_test_epi8_mask, _mm_alignr_epi8,
            _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm_subs_epu8,
            _mm_testz_si128,
        };
        use core::mem::transmute;
        use std::arch::is_x86_feature_detected;

        use super::super::{
            alignr_epi8, and_lanes, cmpeq_epi8, maskz_loadu, maskz_permutexvar_epi8, movemask_epi8,
            movepi8_mask, permute2x128, permutex2var_epi8, permutexvar_epi8, shuffle_epi8,
            srli_epi16, subs_epu8, test_epi8_mask, testz, INPUT,
        };
        use super::Rng;

        /// Random bytes, a quarter of them the values where the
        /// instructions' cases meet (zero, the top bit, the nibbles' ends).
        fn vector<const N: usize>(rng: &mut Rng) -> [u8; N] {
            const EDGES: [u8; 8] = [0x00, 0x0F, 0x10, 0x7F, 0x80, 0x8F, 0xF0, 0xFF];
            lanes!(N, |_i| if rng.below(4) == 0 {
                EDGES[rng.below(EDGES.len())]
            } else {
                rng.byte()
            })
        }

        /// Two vectors; in a third of the pairs some lanes are equal, in
        /// another third `a & b` is zero.
        fn pair<const N: usize>(rng: &mut Rng, round: usize) -> ([u8; N], [u8; N]) {
            let a = vector(rng);
            let b = vector(rng);
            let b = match round % 3 {
                0 => lanes!(N, |i| if rng.below(2) == 0 { a[i] } else { b[i] }),
                1 => and_lanes(b, a.map(|x| !x)),
                _ => b,
            };
            (a, b)
        }

        #[target_feature(enable = "sse4.2")]
        fn sse_agrees(a: [u8; 16], b: [u8; 16]) {
            // SAFETY: 16 bytes either way, and any bits are a valid value
            // of both types.
            let v = |x: [u8; 16]| unsafe { transmute::<[u8; 16], __m128i>(x) };
            // SAFETY: as above.
            let bytes = |x: __m128i| unsafe { transmute::<__m128i, [u8; 16]>(x) };
            let (va, vb) = (v(a), v(b));
            let what = || std::format!("a {a:02X?}, b {b:02X?}");
            assert_eq!(
                bytes(_mm_shuffle_epi8(va, vb)),
                shuffle_epi8(a, b),
                "pshufb, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_alignr_epi8::<13>(va, vb)),
                alignr_epi8(a, b, 13),
                "palignr 13, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_alignr_epi8::<14>(va, vb)),
                alignr_epi8(a, b, 14),
                "palignr 14, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_alignr_epi8::<15>(va, vb)),
                alignr_epi8(a, b, 15),
                "palignr 15, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_srli_epi16::<4>(va)),
                srli_epi16(a, 4),
                "psrlw 4, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_subs_epu8(va, vb)),
                subs_epu8(a, b),
                "psubusb, {}",
                what()
            );
            assert_eq!(
                bytes(_mm_cmpeq_epi8(va, vb)),
                cmpeq_epi8(a, b),
                "pcmpeqb, {}",
                what()
            );
            assert_eq!(
                _mm_movemask_epi8(va).cast_unsigned(),
                movemask_epi8(a),
                "pmovmskb, {}",
                what()
            );
            assert_eq!(
                _mm_testz_si128(va, vb) != 0,
                testz(a, b),
                "ptest, {}",
                what()
            );
        }

        #[target_feature(enable = "avx2")]
        fn avx2_agrees(a: [u8; 32], b: [u8; 32]) {
            // SAFETY: 32 bytes either way, and any bits are a valid value
            // of both types.
            let v = |x: [u8; 32]| unsafe { transmute::<[u8; 32], __m256i>(x) };
            // SAFETY: as above.
            let bytes = |x: __m256i| unsafe { transmute::<__m256i, [u8; 32]>(x) };
            let (va, vb) = (v(a), v(b));
            let what = || std::format!("a {a:02X?}, b {b:02X?}");
            assert_eq!(
                bytes(_mm256_shuffle_epi8(va, vb)),
                shuffle_epi8(a, b),
                "vpshufb, {}",
                what()
            );
            assert_eq!(
                bytes(_mm256_alignr_epi8::<13>(va, vb)),
                alignr_epi8(a, b, 13),
                "vpalignr 13, {}",
                what()
            );
            assert_eq!(
                bytes(_mm256_alignr_epi8::<14>(va, vb)),
                alignr_epi8(a, b, 14),
                "vpalignr 14, {}",
                what()
            );
            assert_eq!(
                bytes(_mm256_alignr_epi8::<15>(va, vb)),
                alignr_epi8(a, b, 15),
                "vpalignr 15, {}",
                what()
            );
            macro_rules! permute {
                ($($imm:literal)*) => {$(
                    assert_eq!(
                        bytes(_mm256_permute2x128_si256::<$imm>(va, vb)),
                        permute2x128(a, b, $imm),
                        "vperm2i128 {:#04X}, {}", $imm, what()
                    );
                )*};
            }
            permute!(0x21 0x20 0x31 0x03 0x12 0x30 0x08 0x80 0x88 0xF7);
            assert_eq!(
                bytes(_mm256_srli_epi16::<4>(va)),
                srli_epi16(a, 4),
                "vpsrlw 4, {}",
                what()
            );
            assert_eq!(
                bytes(_mm256_subs_epu8(va, vb)),
                subs_epu8(a, b),
                "vpsubusb, {}",
                what()
            );
            assert_eq!(
                bytes(_mm256_cmpeq_epi8(va, vb)),
                cmpeq_epi8(a, b),
                "vpcmpeqb, {}",
                what()
            );
            assert_eq!(
                _mm256_movemask_epi8(va).cast_unsigned(),
                movemask_epi8(a),
                "vpmovmskb, {}",
                what()
            );
            assert_eq!(
                _mm256_testz_si256(va, vb) != 0,
                testz(a, b),
                "vptest, {}",
                what()
            );
        }

        /// `a` moved down a lane, its first lane last: a second table for
        /// `vpermt2b` unlike the first.
        fn rotate(a: [u8; 64]) -> [u8; 64] {
            lanes!(64, |i| a[(i + 1) % 64])
        }

        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn avx512_agrees(a: [u8; 64], b: [u8; 64], mask: u64) {
            // SAFETY: 64 bytes either way, and any bits are a valid value
            // of both types.
            let v = |x: [u8; 64]| unsafe { transmute::<[u8; 64], __m512i>(x) };
            // SAFETY: as above.
            let bytes = |x: __m512i| unsafe { transmute::<__m512i, [u8; 64]>(x) };
            let (va, vb) = (v(a), v(b));
            let what = || std::format!("a {a:02X?}, b {b:02X?}, mask {mask:#X}");
            assert_eq!(
                bytes(_mm512_permutexvar_epi8(vb, va)),
                permutexvar_epi8(b, a),
                "vpermb, {}",
                what()
            );
            assert_eq!(
                bytes(_mm512_maskz_permutexvar_epi8(mask, vb, va)),
                maskz_permutexvar_epi8(mask, b, a),
                "vpermb {{z}}, {}",
                what()
            );
            assert_eq!(
                bytes(_mm512_permutex2var_epi8(va, vb, v(rotate(a)))),
                permutex2var_epi8(a, b, rotate(a)),
                "vpermt2b, {}",
                what()
            );
            assert_eq!(
                bytes(_mm512_srli_epi16::<4>(va)),
                srli_epi16(a, 4),
                "vpsrlw 4, {}",
                what()
            );
            assert_eq!(
                bytes(_mm512_subs_epu8(va, vb)),
                subs_epu8(a, b),
                "vpsubusb, {}",
                what()
            );
            assert_eq!(
                _mm512_test_epi8_mask(va, va),
                test_epi8_mask(a),
                "vptestmb, {}",
                what()
            );
            assert_eq!(
                _mm512_movepi8_mask(va),
                movepi8_mask(a),
                "vpmovb2m, {}",
                what()
            );
            let start = a.as_ptr().addr();
            INPUT.set((start, start + a.len()));
            // SAFETY: the mask selects lanes of `a`'s 64 bytes only.
            let (real, model) = unsafe {
                (
                    bytes(_mm512_maskz_loadu_epi8(mask, a.as_ptr().cast())),
                    maskz_loadu(mask, a.as_ptr()),
                )
            };
            INPUT.set((0, 0));
            assert_eq!(real, model, "vmovdqu8 {{z}}, {}", what());
        }

        #[test]
        fn the_x86_models_agree_with_the_instructions() {
            let mut rng = Rng(0x6D6F_6465_6C73_2121);
            if is_x86_feature_detected!("sse4.2") {
                for round in 0..20_000 {
                    let (a, b) = pair(&mut rng, round);
                    // SAFETY: the CPU has SSE4.2 (detected above).
                    unsafe { sse_agrees(a, b) };
                }
            } else {
                std::println!("no SSE4.2: the 128-bit models were not checked (SKIPPED)");
            }
            if is_x86_feature_detected!("avx2") {
                for round in 0..20_000 {
                    let (a, b) = pair(&mut rng, round);
                    // SAFETY: the CPU has AVX2 (detected above).
                    unsafe { avx2_agrees(a, b) };
                }
            } else {
                std::println!("no AVX2: the 256-bit models were not checked (SKIPPED)");
            }
            if is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512bw")
                && is_x86_feature_detected!("avx512vbmi")
            {
                for round in 0..20_000 {
                    let (a, b) = pair(&mut rng, round);
                    let mask = rng.next() >> rng.below(64);
                    // SAFETY: the CPU has AVX-512 F, BW and VBMI (detected
                    // above).
                    unsafe { avx512_agrees(a, b, mask) };
                }
            } else {
                std::println!("no AVX-512 VBMI: the 512-bit models were not checked (SKIPPED)");
            }
        }
    }
}
