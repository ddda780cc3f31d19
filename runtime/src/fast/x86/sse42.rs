//! The SSE4.2 kernel: 16 bytes a vector.

use core::arch::x86_64::{
    __m128i, _mm_alignr_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm_subs_epu8, _mm_testz_si128,
    _mm_xor_si128,
};

type V = __m128i;
const LANES: usize = 16;

/// # Safety
///
/// `ptr` must have `LANES` readable bytes.
#[inline]
#[target_feature(enable = "sse4.2")]
unsafe fn load(ptr: *const u8) -> V {
    // SAFETY: the caller's promise.
    unsafe { _mm_loadu_si128(ptr.cast()) }
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn load_table(table: &[u8; LANES]) -> V {
    // SAFETY: the array has `LANES` bytes.
    unsafe { load(table.as_ptr()) }
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn splat(byte: u8) -> V {
    _mm_set1_epi8(byte.cast_signed())
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn or(a: V, b: V) -> V {
    _mm_or_si128(a, b)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn and(a: V, b: V) -> V {
    _mm_and_si128(a, b)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn xor(a: V, b: V) -> V {
    _mm_xor_si128(a, b)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn subs(a: V, b: V) -> V {
    _mm_subs_epu8(a, b)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn high_nibbles(v: V) -> V {
    and(_mm_srli_epi16::<4>(v), splat(0x0F))
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn low_nibbles(v: V) -> V {
    and(v, splat(0x0F))
}

/// Looks up each lane's index (0..16) in `table`.
#[inline]
#[target_feature(enable = "sse4.2")]
fn shuffle(table: V, idx: V) -> V {
    _mm_shuffle_epi8(table, idx)
}

/// The 16 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two and three).
#[inline]
#[target_feature(enable = "sse4.2")]
fn prev1(input: V, prev: V) -> V {
    _mm_alignr_epi8::<15>(input, prev)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn prev2(input: V, prev: V) -> V {
    _mm_alignr_epi8::<14>(input, prev)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn prev3(input: V, prev: V) -> V {
    _mm_alignr_epi8::<13>(input, prev)
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn any(v: V) -> bool {
    _mm_testz_si128(v, v) == 0
}

#[inline]
#[target_feature(enable = "sse4.2")]
fn any_high(v: V) -> bool {
    _mm_movemask_epi8(v) != 0
}

/// A bit per lane, set where the byte is not zero.
#[inline]
#[target_feature(enable = "sse4.2")]
fn nonzero_lanes(v: V) -> u32 {
    let zero = _mm_cmpeq_epi8(v, splat(0));
    !(_mm_movemask_epi8(zero).cast_unsigned()) & 0xFFFF
}

lookup_kernel!("sse4.2");
