//! The AVX2 kernel: 32 bytes a vector.

use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi8,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256, _mm256_xor_si256,
};

type V = __m256i;
const LANES: usize = 32;

/// # Safety
///
/// `ptr` must have `LANES` readable bytes.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(ptr: *const u8) -> V {
    // SAFETY: the caller's promise.
    unsafe { _mm256_loadu_si256(ptr.cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn load_table(table: &[u8; LANES]) -> V {
    // SAFETY: the array has `LANES` bytes.
    unsafe { load(table.as_ptr()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat(byte: u8) -> V {
    _mm256_set1_epi8(byte.cast_signed())
}

#[inline]
#[target_feature(enable = "avx2")]
fn or(a: V, b: V) -> V {
    _mm256_or_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn and(a: V, b: V) -> V {
    _mm256_and_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn xor(a: V, b: V) -> V {
    _mm256_xor_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn subs(a: V, b: V) -> V {
    _mm256_subs_epu8(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn high_nibbles(v: V) -> V {
    and(_mm256_srli_epi16::<4>(v), splat(0x0F))
}

#[inline]
#[target_feature(enable = "avx2")]
fn low_nibbles(v: V) -> V {
    and(v, splat(0x0F))
}

/// Looks up each lane's index (0..16) in its 128-bit half of `table`.
#[inline]
#[target_feature(enable = "avx2")]
fn shuffle(table: V, idx: V) -> V {
    _mm256_shuffle_epi8(table, idx)
}

/// The 32 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two and three).
#[inline]
#[target_feature(enable = "avx2")]
fn prev1(input: V, prev: V) -> V {
    _mm256_alignr_epi8::<15>(input, _mm256_permute2x128_si256::<0x21>(prev, input))
}

#[inline]
#[target_feature(enable = "avx2")]
fn prev2(input: V, prev: V) -> V {
    _mm256_alignr_epi8::<14>(input, _mm256_permute2x128_si256::<0x21>(prev, input))
}

#[inline]
#[target_feature(enable = "avx2")]
fn prev3(input: V, prev: V) -> V {
    _mm256_alignr_epi8::<13>(input, _mm256_permute2x128_si256::<0x21>(prev, input))
}

#[inline]
#[target_feature(enable = "avx2")]
fn any(v: V) -> bool {
    _mm256_testz_si256(v, v) == 0
}

#[inline]
#[target_feature(enable = "avx2")]
fn any_high(v: V) -> bool {
    _mm256_movemask_epi8(v) != 0
}

/// A bit per lane, set where the byte is not zero.
#[inline]
#[target_feature(enable = "avx2")]
fn nonzero_lanes(v: V) -> u32 {
    let zero = _mm256_cmpeq_epi8(v, splat(0));
    !(_mm256_movemask_epi8(zero).cast_unsigned())
}

lookup_kernel!("avx2");
