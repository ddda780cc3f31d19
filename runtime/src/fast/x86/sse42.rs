//! The SSE4.2 kernel: 16 bytes a vector.

use core::arch::x86_64::{
    __m128i, _mm_alignr_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_shuffle_epi8, _mm_srli_epi16, _mm_subs_epu8,
    _mm_testz_si128, _mm_xor_si128,
};

/// Every target feature the kernel is compiled with, including those that
/// `sse4.2` implies, which the code uses (`pshufb` and `palignr` are SSSE3,
/// `ptest` SSE4.1): the string each `#[target_feature]` and macro invocation
/// below repeats (an attribute needs a literal), and the features
/// [`super::sse42_available`] detects one by one, because CPUID does not
/// promise the implied ones to a CPU, or a VM, that reports SSE4.2. The
/// tests in `super`, its only readers, hold the three to agree.
#[cfg(test)]
pub(super) const FEATURES: &str = "sse3,ssse3,sse4.1,sse4.2";

type V = __m128i;
const LANES: usize = 16;
/// Vectors per group: 32 bytes.
const VECTORS: usize = 2;
/// The end of an input is checked by reading the last group's worth again
/// (`check_end`): without masked loads, bytes after a group are put
/// together piece by piece.
const MASKED_LOADS: bool = false;
/// The three bytes before a vector are read from memory, three more loads
/// (`errors_at`), where moving the vector before into place took a shuffle
/// a shift, twice a vector.
const SHIFTED_LOADS: bool = true;
/// Whether a bit per lane (`nonzero_lanes`) is as cheap as a test for
/// any high lane: one instruction (a movemask).
const LANE_MASK_IS_CHEAP: bool = true;
/// `run` goes block by block from its start: group steps, measured only
/// where the AVX2 kernel runs, are not this kernel's.
const SPARSE_STEPS: bool = false;

/// A vector from two little-endian words, in registers.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2")]
fn from_words(w: [u64; 2]) -> V {
    _mm_set_epi64x(w[1].cast_signed(), w[0].cast_signed())
}

/// Vector `i` of a rest of 16 to 31 bytes ([`super::tail_piece`]); `None`
/// under 16 bytes.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2")]
fn from_rest(rest: &[u8], i: usize) -> Option<V> {
    super::tail_piece(rest, i)
}

/// The 16 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two).
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2")]
fn prev1(input: V, prev: V) -> V {
    _mm_alignr_epi8::<15>(input, prev)
}

#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2")]
fn prev2(input: V, prev: V) -> V {
    _mm_alignr_epi8::<14>(input, prev)
}

x86_primitives!(
    features: "sse3,ssse3,sse4.1,sse4.2",
    loadu: _mm_loadu_si128,
    set1: _mm_set1_epi8,
    or: _mm_or_si128,
    and: _mm_and_si128,
    xor: _mm_xor_si128,
    subs: _mm_subs_epu8,
    srli16: _mm_srli_epi16,
    shuffle: _mm_shuffle_epi8,
    cmpeq: _mm_cmpeq_epi8,
    movemask: _mm_movemask_epi8,
    testz: _mm_testz_si128,
);

lookup_algorithm!(features: "sse3,ssse3,sse4.1,sse4.2");
