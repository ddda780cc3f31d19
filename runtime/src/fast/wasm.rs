//! The WebAssembly `simd128` kernel (wasm32): 16 bytes a vector.
//!
//! WebAssembly has no run-time feature detection: a module either uses
//! `simd128` instructions, and an engine without them refuses to load it,
//! or it has none. So this module is compiled only where the build turned
//! the feature on (`-C target-feature=+simd128`), and then it is the
//! kernel; without it, wasm32 runs the portable kernel. The algorithm is
//! `lookup_algorithm!`'s, the same as NEON's and the x86 kernels'; what is
//! `simd128`'s own is here:
//!
//! - the 16-entry lookups are `i8x16.swizzle`, which gives zero for an index
//!   of 16 or more (the tail's table lookups rely on it); the rules' indices
//!   are nibbles, so they never leave the table;
//! - bytes shift directly (`i8x16.shr_u`), and the lane shifts of `prev1`
//!   and `prev2` are `i8x16.shuffle`s of the vector before and this one,
//!   which engines turn into one byte-align (`palignr` on x86-64);
//! - "is any lane set" is `v128.any_true`, and a bit per lane is
//!   `i8x16.bitmask`, which engines lower to `pmovmskb` on x86-64 and to a
//!   few instructions on aarch64: cheap enough to tell a short input's first
//!   error from lane masks (`LANE_MASK_IS_CHEAP`);
//! - there is no prefetch.
//!
//! What the engine makes of the instructions decides the speed, not the
//! instructions: the choices below were measured under node (V8) on x86-64
//! (`.ci/wasm/bench`).

use core::arch::wasm32::{
    i8x16_shuffle, u64x2, u8x16_bitmask, u8x16_eq, u8x16_shr, u8x16_splat, u8x16_sub_sat,
    u8x16_swizzle, v128, v128_and, v128_any_true, v128_load, v128_or, v128_xor,
};

type V = v128;
const LANES: usize = 16;
/// Vectors per group: 64 bytes, so that the tests (all ASCII? an error?)
/// come once per 64 bytes. V8 on x86-64 has 16 vector registers for the
/// inputs, their shifted copies and the tables.
const VECTORS: usize = 4;
/// The end of an input is checked by reading the last group's worth again
/// (`check_end`): there are no masked loads.
const MASKED_LOADS: bool = false;
/// The vector before is moved into place (one shuffle a shift), not read
/// again from memory.
const SHIFTED_LOADS: bool = false;
/// `i8x16.bitmask` is one instruction where V8 runs on x86-64.
const LANE_MASK_IS_CHEAP: bool = true;

/// A vector from two little-endian words, in registers.
#[inline]
#[target_feature(enable = "simd128")]
fn from_words(w: [u64; 2]) -> V {
    u64x2(w[0], w[1])
}

/// Vector `i` of a rest of 16 to 127 bytes: one load and one table lookup
/// ([`super::tail::tail_piece_parts`]); `None` under 16 bytes.
#[inline]
#[target_feature(enable = "simd128")]
fn from_rest(rest: &[u8], i: usize) -> Option<V> {
    let (data, indices) = super::tail::tail_piece_parts(rest, i)?;
    // SAFETY: both are references to 16 bytes, which is what the loads
    // read; `v128_load` takes any alignment.
    let (data, indices) = unsafe {
        (
            v128_load(data.as_ptr().cast()),
            v128_load(indices.as_ptr().cast()),
        )
    };
    // Indices of 16 or more (`0x80`) give zero: the bytes after the end.
    Some(u8x16_swizzle(data, indices))
}

/// The 16 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two). Lanes 0–15 of
/// the shuffle are `prev`'s, 16–31 `input`'s.
#[inline]
#[target_feature(enable = "simd128")]
fn prev1(input: V, prev: V) -> V {
    i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(prev, input)
}

#[inline]
#[target_feature(enable = "simd128")]
fn prev2(input: V, prev: V) -> V {
    i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(prev, input)
}

/// # Safety
///
/// `ptr` must have `LANES` readable bytes.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn load(ptr: *const u8) -> V {
    // SAFETY: the caller's promise; `v128_load` takes any alignment.
    unsafe { v128_load(ptr.cast()) }
}

#[inline]
#[target_feature(enable = "simd128")]
fn load_table(table: &[u8; LANES]) -> V {
    // SAFETY: the array has `LANES` bytes.
    unsafe { load(table.as_ptr()) }
}

#[inline]
#[target_feature(enable = "simd128")]
fn splat(byte: u8) -> V {
    u8x16_splat(byte)
}

#[inline]
#[target_feature(enable = "simd128")]
fn or(a: V, b: V) -> V {
    v128_or(a, b)
}

#[inline]
#[target_feature(enable = "simd128")]
fn and(a: V, b: V) -> V {
    v128_and(a, b)
}

#[inline]
#[target_feature(enable = "simd128")]
fn xor(a: V, b: V) -> V {
    v128_xor(a, b)
}

#[inline]
#[target_feature(enable = "simd128")]
fn subs(a: V, b: V) -> V {
    u8x16_sub_sat(a, b)
}

#[inline]
#[target_feature(enable = "simd128")]
fn high_nibbles(v: V) -> V {
    u8x16_shr(v, 4)
}

#[inline]
#[target_feature(enable = "simd128")]
fn low_nibbles(v: V) -> V {
    v128_and(v, u8x16_splat(0x0F))
}

/// Looks up each lane's index (0..16) in `table`.
#[inline]
#[target_feature(enable = "simd128")]
fn shuffle(table: V, idx: V) -> V {
    u8x16_swizzle(table, idx)
}

/// Nothing: WebAssembly has no prefetch.
#[inline]
#[target_feature(enable = "simd128")]
fn prefetch(_ptr: *const u8) {}

#[inline]
#[target_feature(enable = "simd128")]
fn any(v: V) -> bool {
    v128_any_true(v)
}

#[inline]
#[target_feature(enable = "simd128")]
fn any_high(v: V) -> bool {
    u8x16_bitmask(v) != 0
}

/// A bit per lane, set where the byte is not zero.
#[inline]
#[target_feature(enable = "simd128")]
fn nonzero_lanes(v: V) -> u64 {
    u64::from(!u8x16_bitmask(u8x16_eq(v, u8x16_splat(0))))
}

lookup_algorithm!(features: "simd128");

/// The `simd128` kernel, which needs no detection.
#[inline]
pub(super) fn simd128_check(bytes: &[u8]) -> Option<usize> {
    // SAFETY: the kernel needs `simd128`, and this is compiled only where
    // the target has it (`target_feature = "simd128"`): an engine that
    // lacks it refuses to load the module at all.
    unsafe { check(bytes) }
}

/// The `simd128` kernel's whole validation (`lookup_algorithm!`'s
/// `validate`), which needs no detection.
#[inline]
pub(super) fn simd128_validate(bytes: &[u8]) -> Answer {
    // SAFETY: as in `simd128_check`: this is compiled only where the target
    // has `simd128`.
    unsafe { validate(bytes) }
}
