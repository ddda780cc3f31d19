//! The AVX-512 kernel: 64 bytes a step.
//!
//! VBMI's byte permutes do the work that takes AVX2 several instructions:
//! `vpermt2b` shifts a block by one to three bytes with the end of the
//! previous block shifted in, and `vpermb` looks up a 64-entry table by the
//! low six bits of each byte, so the nibble tables need no masking (they are
//! written out four times). Inputs shorter than a block, and the end of
//! longer ones, are read with a masked load: no byte past the end is
//! touched, and the zeros in the other lanes are ASCII, which a sequence cut
//! off by the end of the input fails to continue.

use core::arch::x86_64::{
    __m512i, _mm512_loadu_si512, _mm512_maskz_loadu_epi8, _mm512_movepi8_mask, _mm512_or_si512,
    _mm512_permutex2var_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi8, _mm512_setzero_si512,
    _mm512_srli_epi16, _mm512_subs_epu8, _mm512_ternarylogic_epi32, _mm512_test_epi8_mask,
};

use crate::fast::tables::{
    incomplete_max, repeated, CUR_HIGH, FOURTH_BYTE_BIAS, PREV_HIGH, PREV_LOW, THIRD_BYTE_BIAS,
};

/// Every target feature the kernel is compiled with, including those that
/// AVX-512 F, BW and VBMI imply, which the compiler is free to use: the
/// string each `#[target_feature]` below repeats (an attribute needs a
/// literal), and the features [`super::avx512_available`] detects one by
/// one, because CPUID does not promise the implied ones to a CPU, or a VM,
/// that reports AVX-512 (FMA and F16C in particular, which Rust's `avx512f`
/// implies and Intel's does not). The tests in `super`, its only readers,
/// hold the three to agree.
#[cfg(test)]
pub(super) const FEATURES: &str =
    "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi";

const BLOCK: usize = 64;
/// Four blocks: the unit in which ASCII is skipped and errors are tested.
const GROUP: usize = 4 * BLOCK;
/// The length from which the main loop's loads are aligned.
const ALIGN_FROM: usize = GROUP;

/// `vpternlogd` truth tables (bit `4a + 2b + c` is f(a, b, c)).
const AND3: i32 = 0x80;
const OR3: i32 = 0xFE;
/// (a | b) & c
const OR_AND: i32 = 0xA8;
/// a | (b ^ c)
const OR_XOR: i32 = 0xF6;

#[repr(C, align(64))]
struct Table([u8; BLOCK]);

/// `vpermt2b` indices that shift a block `by` bytes towards the end, the
/// last bytes of the previous block coming in at the front: lane `i` takes
/// byte `i + 64 - by` of (previous, current) as one 128-byte table.
const fn shifted_by(by: usize) -> Table {
    let mut idx = [0; BLOCK];
    let mut i = 0;
    while i < BLOCK {
        idx[i] = (i + BLOCK - by) as u8;
        i += 1;
    }
    Table(idx)
}

static PREV_HIGH_64: Table = Table(repeated(PREV_HIGH));
static PREV_LOW_64: Table = Table(repeated(PREV_LOW));
static CUR_HIGH_64: Table = Table(repeated(CUR_HIGH));
static SHIFT_1: Table = shifted_by(1);
static SHIFT_2: Table = shifted_by(2);
static INCOMPLETE_MAX: Table = Table(incomplete_max());

/// The constants, loaded once per call.
#[derive(Clone, Copy)]
struct Consts {
    prev_high: __m512i,
    prev_low: __m512i,
    cur_high: __m512i,
    shift1: __m512i,
    shift2: __m512i,
    third_bias: __m512i,
    fourth_bias: __m512i,
    top_bit: __m512i,
    incomplete_max: __m512i,
}

/// What a block passes to the next: its bytes, and where it has the top
/// bit of `leads` set (see [`Consts::step`]).
#[derive(Clone, Copy)]
struct Carry {
    bytes: __m512i,
    leads: __m512i,
}

#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn load(table: &Table) -> __m512i {
    // SAFETY: a `Table` is 64 readable bytes.
    unsafe { _mm512_loadu_si512(table.0.as_ptr().cast()) }
}

impl Consts {
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi"
    )]
    fn new() -> Self {
        Self {
            prev_high: load(&PREV_HIGH_64),
            prev_low: load(&PREV_LOW_64),
            cur_high: load(&CUR_HIGH_64),
            shift1: load(&SHIFT_1),
            shift2: load(&SHIFT_2),
            third_bias: _mm512_set1_epi8(THIRD_BYTE_BIAS.cast_signed()),
            fourth_bias: _mm512_set1_epi8(FOURTH_BYTE_BIAS.cast_signed()),
            top_bit: _mm512_set1_epi8(0x80_u8.cast_signed()),
            incomplete_max: load(&INCOMPLETE_MAX),
        }
    }

    /// Checks `input` after the block `carry` describes: ORs a nonzero byte
    /// into `errors` for each broken rule, and describes `input` for the
    /// next block.
    ///
    /// The byte two back must lead a 3- or 4-byte sequence, or the byte
    /// three back a 4-byte one, exactly where a continuation byte follows a
    /// continuation byte. Rather than shift the block by two and by three,
    /// `leads` marks each byte that is itself at least E0 or follows one at
    /// least F0, and one shift by two lines the marks up.
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi"
    )]
    fn step(&self, errors: __m512i, input: __m512i, carry: Carry) -> (__m512i, Carry) {
        let prev1 = _mm512_permutex2var_epi8(carry.bytes, self.shift1, input);
        // `vpermb` reads the low six bits of each index: bits 4 and 5 are
        // the next nibble up (or, after the 16-bit shift, the neighbour's
        // low bits), which the repeated tables ignore.
        let prev_high = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(prev1), self.prev_high);
        let prev_low = _mm512_permutexvar_epi8(prev1, self.prev_low);
        let cur_high = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(input), self.cur_high);
        let special = _mm512_ternarylogic_epi32::<AND3>(prev_high, prev_low, cur_high);
        let leads = _mm512_ternarylogic_epi32::<OR_AND>(
            _mm512_subs_epu8(input, self.third_bias),
            _mm512_subs_epu8(prev1, self.fourth_bias),
            self.top_bit,
        );
        let must_continue = _mm512_permutex2var_epi8(carry.leads, self.shift2, leads);
        // A continuation pair where none is due, or a due one missing.
        let errors = _mm512_ternarylogic_epi32::<OR_XOR>(errors, must_continue, special);
        (
            errors,
            Carry {
                bytes: input,
                leads,
            },
        )
    }

    /// Whether a block ends inside a sequence.
    #[inline]
    #[target_feature(
        enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi"
    )]
    fn ends_inside_sequence(&self, block: __m512i) -> bool {
        let cut = _mm512_subs_epu8(block, self.incomplete_max);
        _mm512_test_epi8_mask(cut, cut) != 0
    }
}

/// # Safety
///
/// `ptr` must have 64 readable bytes.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
unsafe fn load_bytes(ptr: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    unsafe { _mm512_loadu_si512(ptr.cast()) }
}

#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn any(v: __m512i) -> bool {
    _mm512_test_epi8_mask(v, v) != 0
}

/// The first lane with a nonzero byte, if any.
///
/// A kernel reports this lane, not its block: the first error starts at
/// most three bytes before the first flagged byte (a lead is flagged at the
/// byte that fails to continue it, at most three bytes on), so the
/// reference decoder has only those bytes to read.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn first_flagged(v: __m512i) -> Option<usize> {
    let mask = _mm512_test_epi8_mask(v, v);
    (mask != 0).then_some(mask.trailing_zeros() as usize)
}

#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn is_ascii(v: __m512i) -> bool {
    _mm512_movepi8_mask(v) == 0
}

/// `None` when `bytes` is valid; otherwise the offset of the first
/// flagged byte (see `crate::fast` for what that promises).
///
/// Loads are aligned: the first block is the aligned 64 bytes that hold the
/// first byte, read with the lanes before it masked off (zeros, as if ASCII
/// came first), so that no load of the main loop straddles two cache lines.
/// The last block is masked the same way at its end.
///
/// # Safety
///
/// The CPU must have AVX-512 F, BW and VBMI.
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
pub(crate) unsafe fn check(bytes: &[u8]) -> Option<usize> {
    let zero = _mm512_setzero_si512();
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    if len <= BLOCK {
        return check_short(bytes);
    }
    // The first block: the aligned 64 bytes that hold `bytes[0]`, the
    // `skew` lanes before it masked off. `at` counts from `bytes[0]`, so the
    // aligned blocks that follow start at `at = BLOCK - skew`, a multiple of
    // 64 bytes past the aligned address. (Below a few blocks, aligning costs
    // more than it saves.)
    let c = Consts::new();
    let skew = if len >= ALIGN_FROM {
        ptr.addr() % BLOCK
    } else {
        0
    };
    // SAFETY: the lanes `skew..64` of the block at `ptr - skew` are
    // `bytes[..64 - skew]`, in bounds as `len > 64`; the lanes before are
    // masked off, so they are neither read nor faulted on (the pointer is
    // only an address for the masked load, computed with wrapping
    // arithmetic).
    let first = unsafe { _mm512_maskz_loadu_epi8(u64::MAX << skew, ptr.wrapping_sub(skew).cast()) };
    let mut carry = Carry {
        bytes: zero,
        leads: zero,
    };
    // Whether `carry.bytes` ends inside a sequence: only ASCII blocks need
    // to know, as `step` sees the previous block itself.
    let mut cut = false;
    if is_ascii(first) {
        carry.bytes = first;
    } else {
        let (errors, next) = c.step(zero, first, carry);
        if let Some(lane) = first_flagged(errors) {
            // The lanes before `skew` are zeros, never flagged.
            return Some(lane.saturating_sub(skew));
        }
        carry = next;
        cut = c.ends_inside_sequence(first);
    }
    let mut at = BLOCK - skew;
    while at + GROUP <= len {
        // SAFETY: `at + GROUP <= len`.
        let blocks = unsafe {
            [
                load_bytes(ptr.add(at)),
                load_bytes(ptr.add(at + BLOCK)),
                load_bytes(ptr.add(at + 2 * BLOCK)),
                load_bytes(ptr.add(at + 3 * BLOCK)),
            ]
        };
        let [a, b, c2, d] = blocks;
        if is_ascii(_mm512_or_si512(
            _mm512_ternarylogic_epi32::<OR3>(a, b, c2),
            d,
        )) {
            if cut {
                return Some(at);
            }
            // After ASCII nothing is due.
            carry = Carry {
                bytes: d,
                leads: zero,
            };
            at += GROUP;
            continue;
        }
        let start = carry;
        let (errors, next) = c.step(zero, a, carry);
        let (errors, next) = c.step(errors, b, next);
        let (errors, next) = c.step(errors, c2, next);
        let (errors, next) = c.step(errors, d, next);
        if any(errors) {
            return Some(at + first_flagged_in_group(&c, &blocks, start));
        }
        carry = next;
        cut = c.ends_inside_sequence(d);
        at += GROUP;
    }
    while at + BLOCK <= len {
        // SAFETY: `at + BLOCK <= len`.
        let a = unsafe { load_bytes(ptr.add(at)) };
        if is_ascii(a) {
            if cut {
                return Some(at);
            }
            carry = Carry {
                bytes: a,
                leads: zero,
            };
        } else {
            let (errors, next) = c.step(zero, a, carry);
            if let Some(lane) = first_flagged(errors) {
                return Some(at + lane);
            }
            carry = next;
            cut = c.ends_inside_sequence(a);
        }
        at += BLOCK;
    }
    let rest = len - at;
    if rest == 0 {
        return cut.then_some(len);
    }
    // SAFETY: the mask covers `rest < BLOCK` lanes, the bytes `at..len`;
    // the masked-off lanes are neither read nor faulted on, and are zero.
    let a = unsafe { _mm512_maskz_loadu_epi8((1u64 << rest) - 1, ptr.add(at).cast()) };
    if is_ascii(a) {
        return cut.then_some(at);
    }
    first_flagged(c.step(zero, a, carry).0).map(|lane| at + lane)
}

/// [`check`] for up to 64 bytes: one masked load, one step.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn check_short(bytes: &[u8]) -> Option<usize> {
    let len = bytes.len();
    let zero = _mm512_setzero_si512();
    // `len` lanes; none for an empty input (a shift by 64 would be all).
    let mask = u64::MAX.checked_shr((BLOCK - len) as u32).unwrap_or(0);
    // SAFETY: the mask covers the `len <= BLOCK` lanes of `bytes`; the
    // masked-off lanes are neither read nor faulted on, and are zero.
    let a = unsafe { _mm512_maskz_loadu_epi8(mask, bytes.as_ptr().cast()) };
    if is_ascii(a) {
        return None;
    }
    // The tables are loaded only now: ASCII needs none of them.
    let c = Consts::new();
    let carry = Carry {
        bytes: zero,
        leads: zero,
    };
    // With 64 bytes no zero lane follows the input to catch a sequence
    // that the end cuts off: ask.
    match first_flagged(c.step(zero, a, carry).0) {
        Some(lane) => Some(lane),
        None if len == BLOCK && c.ends_inside_sequence(a) => Some(BLOCK),
        None => None,
    }
}

/// The offset in a group of its first flagged byte (the error path: the
/// group is checked again a block at a time).
#[cold]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2,fma,f16c,avx512f,avx512bw,avx512vbmi")]
fn first_flagged_in_group(c: &Consts, blocks: &[__m512i; 4], mut carry: Carry) -> usize {
    let zero = _mm512_setzero_si512();
    for (k, &block) in blocks.iter().enumerate() {
        let (errors, next) = c.step(zero, block, carry);
        if let Some(lane) = first_flagged(errors) {
            return k * BLOCK + lane;
        }
        carry = next;
    }
    // Not reached: the group had a flagged byte.
    0
}
