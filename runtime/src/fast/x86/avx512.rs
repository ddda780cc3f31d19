//! The AVX-512 kernel: 64 bytes a vector, two a group.
//!
//! The algorithm is `lookup_algorithm!`'s, the same as the other kernels';
//! what is AVX-512's own is here:
//!
//! - VBMI's byte permutes do the work that takes AVX2 several instructions:
//!   `vpermt2b` moves a vector up a lane or two with the end of the previous
//!   one coming in (`prev1`, `prev2`; after nothing, one zero-masked
//!   `vpermb`, `prev1_of_zeros`), and `vpermb` looks up a 64-entry table
//!   by the low six bits of each byte, so the nibbles need no masking (the
//!   16-entry tables are written out four times, `repeated`, and bits 4 and
//!   5 of an index only pick a copy);
//! - an input shorter than a group is read with masked loads (`from_rest`):
//!   no byte past the end is touched, the lanes after it are zero, and a
//!   20-byte input is one load.
//!
//! The kernel comes in two instruction mixes, the same algorithm and the
//! same primitives, chosen once by `super::best` from the CPU's vendor:
//!
//! - this module: the vector before is moved into place (`vpermt2b`, two a
//!   vector), for AMD (Zen 4 and 5), where `vpermt2b` is one operation like
//!   any permute, and two pipes run permutes;
//! - [`loads`]: the three bytes before each vector read from memory
//!   (`SHIFTED_LOADS`, as the AVX2 kernel does), for Intel. There
//!   `vpermt2b` is three micro-operations, two of them on port 5, the one
//!   port for any 512-bit shuffle, beside the three table lookups
//!   (`vpermb`) a vector: port 5 bounds the loop. With loads, the loop's
//!   only shuffles are the lookups, and ports 0 and 5 share the rest
//!   (`scripts/port-model`: Sapphire Rapids 9.5 cycles a 64 bytes before, 6.5
//!   after; simdutf8's AVX-512 kernel 8.6). On AMD the three loads a vector
//!   cross a cache line nearly every time, which a port model does not
//!   see, and measured slower there (0.8× on Zen 5 at 64 B–1 KiB). After
//!   nothing, the shifts are a `valignq` and a `vpalignr` with zeros,
//!   not the one-table `vpermb`, which needs its index loaded and a lane
//!   cleared: fewer micro-operations for the first vector of a longer
//!   input. An input of one vector at most takes rotations, one `vpermb`
//!   each with nothing cleared (`short_rotates:`): its lanes after the end
//!   are zeros, which come round in place of the zeros shifted in.

use core::arch::x86_64::{
    __m512i, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm512_add_epi8,
    _mm512_alignr_epi8, _mm512_and_si512, _mm512_loadu_si512, _mm512_maskz_loadu_epi8,
    _mm512_maskz_permutexvar_epi8, _mm512_movepi8_mask, _mm512_or_si512, _mm512_permutex2var_epi64,
    _mm512_permutex2var_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi8, _mm512_set_epi64,
    _mm512_srli_epi16, _mm512_subs_epu8, _mm512_test_epi8_mask, _mm512_xor_si512,
};

/// Every target feature the kernel is compiled with, including those that
/// AVX-512 F, BW and VBMI imply, which the compiler is free to use: the
/// string each `#[target_feature]` below repeats (an attribute needs a
/// literal), and the features [`super::avx512_available`] detects one by
/// one, because CPUID does not promise the implied ones to a CPU, or a VM,
/// that reports AVX-512 (FMA and F16C in particular, which Rust's `avx512f`
/// implies and Intel's does not). BMI1 and BMI2, which every CPU with
/// AVX-512 has, are for the scalar steps around the vectors: a short
/// input's lane masks in one `shlx` or `shrx`, not a shift by `cl` (two
/// micro-operations on Intel), and the first two bytes' test with one
/// `pext` (`first_two:`). The tests in `super`, its
/// only readers, hold the three to agree.
#[cfg(test)]
pub(super) const FEATURES: &str =
    "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2";

type V = __m512i;
const LANES: usize = 64;
/// Vectors per group: 128 bytes. Four were no faster on long text and
/// slower from 128 B to 1 KiB, where a group's worth of input is checked
/// again at the end.
const VECTORS: usize = 2;
/// The end of an input is read with masked loads: only its bytes, zeros
/// after them (`check_rest`).
const MASKED_LOADS: bool = true;
/// The vector before is moved into place (`vpermt2b`, one instruction a
/// shift), not read again from memory: a 64-byte load a byte or two off
/// crosses a cache line nearly always, and costs two.
const SHIFTED_LOADS: bool = false;
/// Whether a bit per lane (`nonzero_lanes`) is as cheap as a test for
/// any high lane: one instruction (a movemask).
const LANE_MASK_IS_CHEAP: bool = true;
/// `run` goes block by block from its start: group steps, measured only
/// where the AVX2 kernel runs, are not this kernel's.
const SPARSE_STEPS: bool = false;

/// `vpermt2b` indices that move a vector up `by` lanes, the last lanes of
/// the previous vector coming in at the front: lane `i` takes byte
/// `i + 64 - by` of (previous, current) as one 128-byte table.
const fn shifted_by(by: usize) -> [u8; LANES] {
    let mut idx = [0; LANES];
    let mut i = 0;
    while i < LANES {
        idx[i] = (i + LANES - by) as u8;
        i += 1;
    }
    idx
}

static SHIFT_1: [u8; LANES] = shifted_by(1);
static SHIFT_2: [u8; LANES] = shifted_by(2);

/// A vector from eight little-endian words, in registers. (Not used:
/// `from_rest` reads every rest with a masked load.)
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn from_words(w: [u64; 8]) -> V {
    let [w0, w1, w2, w3, w4, w5, w6, w7] = w.map(u64::cast_signed);
    _mm512_set_epi64(w7, w6, w5, w4, w3, w2, w1, w0)
}

/// Vector `i` of a rest shorter than a group: a masked load of its bytes
/// `64 * i ..`, zeros after the end (and all zeros past it, read from
/// nowhere). Where the load's 64 bytes would run into the next page, the
/// 64 bytes that end where the rest's bytes end are read instead, and moved
/// down into place (see [`crate::fast::tail::masked_read_backward`]).
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the signature `lookup_algorithm!` calls; other kernels have no vector under 16 bytes"
)]
fn from_rest(rest: &[u8], i: usize) -> Option<V> {
    let (start, m) = crate::fast::tail::masked_window(rest.len(), i);
    if m == 0 {
        // No bytes, so no page known to be mapped: not even a masked load.
        return Some(splat(0));
    }
    let ptr = rest.as_ptr().wrapping_add(start);
    if crate::fast::tail::masked_read_backward(ptr.addr(), PAGE) {
        // SAFETY: as below, for the lanes `64 - m ..` of a read at
        // `ptr + m - 64`: the same `m` bytes of `rest`.
        let v = unsafe {
            _mm512_maskz_loadu_epi8(
                high_lanes(m),
                ptr.wrapping_add(m).wrapping_sub(LANES).cast(),
            )
        };
        // Lane `j` takes lane `j + 64 - m`; lanes from `m` on are zero.
        let idx = _mm512_add_epi8(load_table(&IOTA), splat((LANES - m) as u8));
        return Some(_mm512_maskz_permutexvar_epi8(low_lanes(m), idx, v));
    }
    // SAFETY: the mask covers the first `m` lanes, bytes `start..start + m`
    // of `rest`, inside it; the masked-off lanes are neither read nor
    // faulted on, and are zero.
    Some(unsafe { _mm512_maskz_loadu_epi8(low_lanes(m), ptr.cast()) })
}

/// The size of the pages that [`from_rest`] keeps its masked loads inside:
/// x86-64's smallest.
const PAGE: usize = 4096;

/// Lane numbers, 0 to 63.
static IOTA: [u8; LANES] = {
    let mut t = [0; LANES];
    let mut i = 0;
    while i < LANES {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// A mask of the first `m` of 64 lanes (all from 64 on).
#[inline]
fn low_lanes(m: usize) -> u64 {
    u64::MAX
        .checked_shr(LANES.saturating_sub(m) as u32)
        .unwrap_or(0)
}

/// A mask of the last `m` of 64 lanes (all from 64 on).
#[inline]
fn high_lanes(m: usize) -> u64 {
    u64::MAX
        .checked_shl(LANES.saturating_sub(m) as u32)
        .unwrap_or(0)
}

/// `input` moved up `by` lanes, the end of `prev` coming in.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn shift_in(input: V, prev: V, idx: &[u8; LANES]) -> V {
    _mm512_permutex2var_epi8(prev, load_table(idx), input)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn prev1(input: V, prev: V) -> V {
    shift_in(input, prev, &SHIFT_1)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn prev2(input: V, prev: V) -> V {
    shift_in(input, prev, &SHIFT_2)
}

/// `input` moved up `by` lanes with zeros coming in: `shift_in` after a
/// zero vector, as one one-table permute (`vpermb`) that zeroes the first
/// `by` lanes, where `vpermt2b` reads two tables. (`idx`'s low six bits are
/// the lane each takes, all `vpermb` reads.) On Intel `vpermb` is one
/// micro-operation and `vpermt2b` three, and the first vector of every
/// input waits on two of them.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn shift_in_zeros(input: V, idx: &[u8; LANES], by: u32) -> V {
    _mm512_maskz_permutexvar_epi8(u64::MAX << by, load_table(idx), input)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn prev1_of_zeros(input: V) -> V {
    shift_in_zeros(input, &SHIFT_1, 1)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn prev2_of_zeros(input: V) -> V {
    shift_in_zeros(input, &SHIFT_2, 2)
}

/// # Safety
///
/// `ptr` must have `LANES` readable bytes.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
unsafe fn load(ptr: *const u8) -> V {
    // SAFETY: the caller's promise; the load takes any alignment.
    unsafe { _mm512_loadu_si512(ptr.cast()) }
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn load_table(table: &[u8; LANES]) -> V {
    // SAFETY: the array has `LANES` bytes.
    unsafe { load(table.as_ptr()) }
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn splat(byte: u8) -> V {
    _mm512_set1_epi8(byte.cast_signed())
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn or(a: V, b: V) -> V {
    _mm512_or_si512(a, b)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn and(a: V, b: V) -> V {
    _mm512_and_si512(a, b)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn xor(a: V, b: V) -> V {
    _mm512_xor_si512(a, b)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn subs(a: V, b: V) -> V {
    _mm512_subs_epu8(a, b)
}

/// Each byte's high nibble in its low four bits, for `shuffle`: the bits
/// above are the low nibble of the byte above it (a 16-bit shift), which
/// only picks one of the table's four copies.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn high_nibbles(v: V) -> V {
    _mm512_srli_epi16::<4>(v)
}

/// The bytes themselves: `shuffle` reads their low nibbles, and the bits
/// above only pick a copy of the table.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn low_nibbles(v: V) -> V {
    v
}

/// Lane `i` is `table`'s byte at the low six bits of `idx`'s lane `i`
/// (`vpermb`); the table repeats every 16 bytes.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn shuffle(table: V, idx: V) -> V {
    _mm512_permutexvar_epi8(idx, table)
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn any(v: V) -> bool {
    nonzero_lanes(v) != 0
}

#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn any_high(v: V) -> bool {
    _mm512_movepi8_mask(v) != 0
}

/// A bit per lane, set where the byte is not zero.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
fn nonzero_lanes(v: V) -> u64 {
    _mm512_test_epi8_mask(v, v)
}

/// ASCII skipped two groups a step as the other kernels do, but with eight
/// 256-bit loads where they take four 512-bit ones: AMD's cores split a
/// 512-bit load in two, and on Zen 4 the 512-bit loop ran ASCII streamed
/// from memory 10% slower than std's word loop (`real_data -- memory`),
/// where the 256-bit one keeps up with it, and as fast in cache. Valid
/// files of 4 KiB and more under /usr/share, mostly ASCII, went 10-12%
/// faster (`scripts/ab -- files`). Under `STREAMED` bytes, the 512-bit
/// loads.
///
/// # Safety
///
/// `ptr` must have `len` readable bytes; the CPU must have AVX2.
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
unsafe fn skip_ascii_256(ptr: *const u8, len: usize, at: usize) -> usize {
    // SAFETY: the caller's promise.
    unsafe { skip_ascii_wide(ptr, len, at, STREAMED) }
}

/// [`skip_ascii_256`]'s loop, with 512-bit loads under `streamed` bytes.
///
/// # Safety
///
/// As for [`skip_ascii_256`].
#[inline]
#[target_feature(
    enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
)]
unsafe fn skip_ascii_wide(ptr: *const u8, len: usize, mut at: usize, streamed: usize) -> usize {
    if len < streamed {
        // SAFETY: the caller's promise.
        return unsafe { skip_ascii_groups(ptr, len, at) };
    }
    while at + 2 * GROUP <= len {
        // SAFETY: `at + 2 * GROUP <= len`, and `load(i)` reads the 32 bytes
        // at `at + 32 * i`, `i < 8`: inside the two groups (unaligned
        // loads: any address will do).
        let load = |i: usize| unsafe { _mm256_loadu_si256(ptr.add(at + 32 * i).cast()) };
        let a = _mm256_or_si256(
            _mm256_or_si256(load(0), load(1)),
            _mm256_or_si256(load(2), load(3)),
        );
        let b = _mm256_or_si256(
            _mm256_or_si256(load(4), load(5)),
            _mm256_or_si256(load(6), load(7)),
        );
        if _mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0 {
            break;
        }
        at += 2 * GROUP;
    }
    at
}

const _: () = assert!(2 * GROUP == 8 * 32, "skip_ascii_256 reads two groups");

/// From this length on, `skip_ascii_256`'s loads: in cache, ASCII of
/// 600 bytes to 1 KiB took 5-8% longer with them (twice the loads and
/// their `or`s), and from 4 KiB on it took no longer.
const STREAMED: usize = 4096;

lookup_algorithm!(
    features: "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2",
    skip_ascii: skip_ascii_256,
    after_zeros: (prev1_of_zeros, prev2_of_zeros),
    first_two: crate::fast::answer::error_in_first_two_bmi2,
);

/// The kernel in the mix for Intel (see the module docs): the bytes before
/// each vector after the first read from memory, three more loads a vector
/// and no shuffle (`SHIFTED_LOADS`). Everything else is the module's.
pub(super) mod loads {
    #[allow(
        clippy::wildcard_imports,
        reason = "the kernel's primitives and switches, all of them, but the one set here"
    )]
    use super::*;

    /// The vector's three bytes before are three loads a byte, two and
    /// three back: on Intel, where `vpermt2b` costs three micro-operations,
    /// two on the port that also runs every table lookup.
    const SHIFTED_LOADS: bool = true;

    /// The shifts still made in registers (the vector after a group's
    /// worth in registers, a rest read with a masked load, a group of
    /// exactly two vectors): a quadword permute (`vpermt2q`) that puts the
    /// last 16 bytes of `prev` before the first 48 of `input`, then a byte
    /// align in each 128-bit lane (`vpalignr`). On Intel both are one
    /// micro-operation on port 5, two in all, where `vpermt2b` is three (two
    /// on port 5), and its latency is a cycle longer: the rest of a short
    /// input waits on two shifts in a row, the bytes' and then the leads'.
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn lanes_before(input: V, prev: V) -> V {
        // Quadword `i` takes quadword `i + 6` of (prev, input) as one
        // 16-quadword table: prev's 6 and 7, then input's 0 to 5.
        _mm512_permutex2var_epi64(prev, _mm512_set_epi64(13, 12, 11, 10, 9, 8, 7, 6), input)
    }

    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn prev1(input: V, prev: V) -> V {
        // Each 128-bit lane of `input` after the last byte of the lane
        // before it (of `prev`'s last, for the first).
        _mm512_alignr_epi8::<15>(input, lanes_before(input, prev))
    }

    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn prev2(input: V, prev: V) -> V {
        _mm512_alignr_epi8::<14>(input, lanes_before(input, prev))
    }

    /// `prev1` after a zero vector (`after_zeros:`): this module's shift
    /// with zeros, a `valignq` and a `vpalignr` (why not `vpermb`: the
    /// module docs).
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn prev1_after_zeros(input: V) -> V {
        prev1(input, splat(0))
    }

    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn prev2_after_zeros(input: V) -> V {
        prev2(input, splat(0))
    }

    /// From this length on, ASCII is skipped with 256-bit loads here too
    /// (`skip_ascii_256`'s loop). Measured on an Intel Xeon (Emerald
    /// Rapids, the sweep of 2026-12-02): in L1, 8-32 KiB, the 512-bit loads
    /// ran 1.2-1.7 times as fast as the 256-bit ones; from 256 KiB, out of
    /// L1, 0.65 times (71 against 112 GB/s); at 64-128 KiB the two were
    /// even.
    const STREAMED_INTEL: usize = 64 * 1024;

    /// # Safety
    ///
    /// As for [`skip_ascii_256`].
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    unsafe fn skip_ascii_intel(ptr: *const u8, len: usize, at: usize) -> usize {
        // SAFETY: the caller's promise.
        unsafe { skip_ascii_wide(ptr, len, at, STREAMED_INTEL) }
    }

    /// `input` rotated up a lane, the last lane coming round to the
    /// first: one `vpermb`, where a shift with zeros is two operations on
    /// port 5 (`short_rotates:`).
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn rotate1(input: V) -> V {
        // `SHIFT_1`'s low six bits are lane `i - 1` round the vector.
        _mm512_permutexvar_epi8(load_table(&SHIFT_1), input)
    }

    /// `input` rotated up two lanes, likewise.
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2"
    )]
    fn rotate2(input: V) -> V {
        _mm512_permutexvar_epi8(load_table(&SHIFT_2), input)
    }

    lookup_algorithm!(
        features: "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi,bmi1,bmi2",
        skip_ascii: skip_ascii_intel,
        after_zeros: (prev1_after_zeros, prev2_after_zeros),
        // Up to 1.6 KiB vector by vector (`validate_vectors`), not 1 KiB:
        // on an Intel Xeon (`scripts/ab`), text that is not ASCII took less
        // time so up to 1.6 KiB and more from 1.75 KiB on; text like files',
        // mostly ASCII, took as long either way.
        medium: 1664,
        // One micro-operation fewer on ports 0 and 5, which bound an
        // input of a vector or two on Intel, for every input's first
        // vector (`scripts/ab`: the CHANGELOG).
        shift_masked_leads: true,
        short_rotates: (rotate1, rotate2),
        first_two: crate::fast::answer::error_in_first_two_bmi2,
    );
}
