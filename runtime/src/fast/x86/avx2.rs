//! The AVX2 kernel: 32 bytes a vector.

use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi8,
    _mm256_set_epi64x, _mm256_set_m128i, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8,
    _mm256_testz_si256, _mm256_xor_si256,
};

/// Every target feature the kernel is compiled with, including those that
/// `avx2` implies, which the code uses (`vptest` is AVX, and the 16-byte
/// pieces of the tail are SSSE3): the string each
/// `#[target_feature]` and macro invocation below repeats (an attribute
/// needs a literal), and the features [`super::avx2_available`] detects one
/// by one, because CPUID does not promise the implied ones to a CPU, or a
/// VM, that reports AVX2. The tests in `super`, its only readers, hold the
/// three to agree.
#[cfg(test)]
pub(super) const FEATURES: &str = "sse3,ssse3,sse4.1,sse4.2,avx,avx2";

type V = __m256i;
const LANES: usize = 32;
/// Vectors per group: 64 bytes.
const VECTORS: usize = 2;
/// The end of an input is checked by reading the last group's worth again
/// (`check_end`): without masked loads, bytes after a group are put
/// together piece by piece.
const MASKED_LOADS: bool = false;
/// The three bytes before a vector are read from memory, three more loads
/// (`errors_at`), where moving the vector before into place took two
/// shuffles across the 128-bit halves a shift, twice a vector: the shuffles
/// were what bounded the loop.
const SHIFTED_LOADS: bool = true;
/// Whether a bit per lane (`nonzero_lanes`) is as cheap as a test for
/// any high lane: one instruction (a movemask).
const LANE_MASK_IS_CHEAP: bool = true;
/// `run` starts group by group, the rules only on groups with a high byte:
/// on Zen 3, text whose other characters are a group or more apart ran
/// faster, and no text slower (`scripts/ab -- files /usr/share --hot`,
/// `scripts/ab -- text`).
const SPARSE_STEPS: bool = true;

/// A vector from four little-endian words, in registers.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
fn from_words(w: [u64; 4]) -> V {
    _mm256_set_epi64x(
        w[3].cast_signed(),
        w[2].cast_signed(),
        w[1].cast_signed(),
        w[0].cast_signed(),
    )
}

/// Vector `i` of a rest of 16 to 63 bytes: two 16-byte pieces
/// ([`super::tail_piece`]); `None` under 16 bytes.
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
fn from_rest(rest: &[u8], i: usize) -> Option<V> {
    Some(_mm256_set_m128i(
        super::tail_piece(rest, 2 * i + 1)?,
        super::tail_piece(rest, 2 * i)?,
    ))
}

/// The 32 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two).
#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
fn prev1(input: V, prev: V) -> V {
    _mm256_alignr_epi8::<15>(input, _mm256_permute2x128_si256::<0x21>(prev, input))
}

#[inline]
#[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
fn prev2(input: V, prev: V) -> V {
    _mm256_alignr_epi8::<14>(input, _mm256_permute2x128_si256::<0x21>(prev, input))
}

x86_primitives!(
    features: "sse3,ssse3,sse4.1,sse4.2,avx,avx2",
    loadu: _mm256_loadu_si256,
    set1: _mm256_set1_epi8,
    or: _mm256_or_si256,
    and: _mm256_and_si256,
    xor: _mm256_xor_si256,
    subs: _mm256_subs_epu8,
    srli16: _mm256_srli_epi16,
    shuffle: _mm256_shuffle_epi8,
    cmpeq: _mm256_cmpeq_epi8,
    movemask: _mm256_movemask_epi8,
    testz: _mm256_testz_si256,
);

lookup_algorithm!(features: "sse3,ssse3,sse4.1,sse4.2,avx,avx2");
