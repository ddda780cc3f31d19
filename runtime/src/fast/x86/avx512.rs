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

const BLOCK: usize = 64;
/// Four blocks: the unit in which ASCII is skipped and errors are tested.
const GROUP: usize = 4 * BLOCK;

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
static SHIFT_3: Table = shifted_by(3);
static INCOMPLETE_MAX: Table = Table(incomplete_max());

/// The constants, loaded once per call.
#[derive(Clone, Copy)]
struct Consts {
    prev_high: __m512i,
    prev_low: __m512i,
    cur_high: __m512i,
    shift1: __m512i,
    shift2: __m512i,
    shift3: __m512i,
    third_bias: __m512i,
    fourth_bias: __m512i,
    top_bit: __m512i,
    incomplete_max: __m512i,
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn load(table: &Table) -> __m512i {
    // SAFETY: a `Table` is 64 readable bytes.
    unsafe { _mm512_loadu_si512(table.0.as_ptr().cast()) }
}

impl Consts {
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn new() -> Self {
        Self {
            prev_high: load(&PREV_HIGH_64),
            prev_low: load(&PREV_LOW_64),
            cur_high: load(&CUR_HIGH_64),
            shift1: load(&SHIFT_1),
            shift2: load(&SHIFT_2),
            shift3: load(&SHIFT_3),
            third_bias: _mm512_set1_epi8(THIRD_BYTE_BIAS.cast_signed()),
            fourth_bias: _mm512_set1_epi8(FOURTH_BYTE_BIAS.cast_signed()),
            top_bit: _mm512_set1_epi8(0x80_u8.cast_signed()),
            incomplete_max: load(&INCOMPLETE_MAX),
        }
    }

    /// Nonzero lanes where `input` (after `prev`) breaks a rule.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn errors(&self, input: __m512i, prev: __m512i) -> __m512i {
        let prev1 = _mm512_permutex2var_epi8(prev, self.shift1, input);
        // `vpermb` reads the low six bits of each index: bits 4 and 5 are
        // the next nibble up (or, after the 16-bit shift, the neighbour's
        // low bits), which the repeated tables ignore.
        let prev_high = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(prev1), self.prev_high);
        let prev_low = _mm512_permutexvar_epi8(prev1, self.prev_low);
        let cur_high = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(input), self.cur_high);
        let special = _mm512_ternarylogic_epi32::<AND3>(prev_high, prev_low, cur_high);
        let prev2 = _mm512_permutex2var_epi8(prev, self.shift2, input);
        let prev3 = _mm512_permutex2var_epi8(prev, self.shift3, input);
        let must_continue = _mm512_ternarylogic_epi32::<OR_AND>(
            _mm512_subs_epu8(prev2, self.third_bias),
            _mm512_subs_epu8(prev3, self.fourth_bias),
            self.top_bit,
        );
        // A lone continuation pair where none is due, or a due one missing.
        _mm512_ternarylogic_epi32::<OR_XOR>(_mm512_setzero_si512(), must_continue, special)
    }

    /// Whether a block ends inside a sequence.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn ends_inside_sequence(&self, block: __m512i) -> bool {
        let cut = _mm512_subs_epu8(block, self.incomplete_max);
        _mm512_test_epi8_mask(cut, cut) != 0
    }
}

/// # Safety
///
/// `ptr` must have 64 readable bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn load_bytes(ptr: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    unsafe { _mm512_loadu_si512(ptr.cast()) }
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn any(v: __m512i) -> bool {
    _mm512_test_epi8_mask(v, v) != 0
}

/// `None` when `bytes` is valid; otherwise an offset such that every
/// sequence ending before it is valid.
///
/// # Safety
///
/// The CPU must have AVX-512 F, BW and VBMI.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(crate) unsafe fn check(bytes: &[u8]) -> Option<usize> {
    let c = Consts::new();
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    let mut prev = _mm512_setzero_si512();
    // Whether `prev` ends inside a sequence: only ASCII groups need to
    // know, as `errors` sees the previous block itself.
    let mut prev_cut = false;
    let mut at = 0;
    while at + GROUP <= len {
        // SAFETY: `at + GROUP <= len`.
        let (a, b, c2, d) = unsafe {
            (
                load_bytes(ptr.add(at)),
                load_bytes(ptr.add(at + BLOCK)),
                load_bytes(ptr.add(at + 2 * BLOCK)),
                load_bytes(ptr.add(at + 3 * BLOCK)),
            )
        };
        let high = _mm512_or_si512(_mm512_ternarylogic_epi32::<OR3>(a, b, c2), d);
        if _mm512_movepi8_mask(high) == 0 {
            if prev_cut {
                return Some(at);
            }
            prev = d;
            at += GROUP;
            continue;
        }
        let ea = c.errors(a, prev);
        let eb = c.errors(b, a);
        let ec = c.errors(c2, b);
        let ed = c.errors(d, c2);
        if any(_mm512_or_si512(
            _mm512_ternarylogic_epi32::<OR3>(ea, eb, ec),
            ed,
        )) {
            // Name the first bad block, so the reference decoder has at
            // most a block and three bytes to read.
            let at = [ea, eb, ec]
                .iter()
                .position(|&e| any(e))
                .map_or(at + 3 * BLOCK, |k| at + k * BLOCK);
            return Some(at);
        }
        prev = d;
        prev_cut = c.ends_inside_sequence(d);
        at += GROUP;
    }
    while at + BLOCK <= len {
        // SAFETY: `at + BLOCK <= len`.
        let a = unsafe { load_bytes(ptr.add(at)) };
        if any(c.errors(a, prev)) {
            return Some(at);
        }
        prev = a;
        prev_cut = c.ends_inside_sequence(a);
        at += BLOCK;
    }
    let rest = len - at;
    if rest == 0 {
        return prev_cut.then_some(len);
    }
    // SAFETY: the mask covers `rest < BLOCK` lanes, the bytes `at..len`;
    // the masked-off lanes are neither read nor faulted on, and are zero.
    let a = unsafe { _mm512_maskz_loadu_epi8((1u64 << rest) - 1, ptr.add(at).cast()) };
    any(c.errors(a, prev)).then_some(at)
}
