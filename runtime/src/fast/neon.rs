//! The NEON kernel (aarch64): 16 bytes a vector, eight a step.
//!
//! NEON is part of the aarch64 baseline, so there is nothing to detect: this
//! module is compiled where `target_feature = "neon"` holds, which every
//! aarch64 target Rust ships has. The algorithm is `lookup_algorithm!`'s,
//! the same as the x86 kernels'; what is NEON's own is here:
//!
//! - the 16-entry lookups are `vqtbl1q_u8`, one instruction, and the indices
//!   are nibbles, so they never leave the table;
//! - NEON shifts bytes directly (`vshrq_n_u8`), where x86 shifts 16-bit
//!   lanes and masks;
//! - "is any lane set" is a horizontal maximum (`vmaxvq_u8`) and a compare
//!   in a general register; there is no `movemask`, so the position of a
//!   flagged lane (wanted only once, on the error path) is a weighted sum.

use core::arch::aarch64::{
    uint8x16_t, vaddv_u8, vandq_u8, vcombine_u8, vcreate_u8, vdupq_n_u8, veorq_u8, vextq_u8,
    vget_high_u8, vget_low_u8, vld1q_u8, vmaxvq_u8, vorrq_u8, vqsubq_u8, vqtbl1q_u8, vshrq_n_u8,
    vtstq_u8,
};

type V = uint8x16_t;
const LANES: usize = 16;
/// Vectors per group: 128 bytes, so that the tests (all ASCII? an error?)
/// and the loop's own instructions come once per 128 bytes. aarch64 has 32
/// vector registers, room for eight inputs, their shifted copies and the
/// tables; with four a group, the per-group tests were a visible share of
/// the instructions (`scripts/icount`).
const VECTORS: usize = 8;
/// The end of an input is checked by reading the last group's worth again
/// (`check_end`): without masked loads, bytes after a group are put
/// together piece by piece.
const MASKED_LOADS: bool = false;
/// The vector before is moved into place (`ext`, one instruction a
/// shift), not read again from memory.
const SHIFTED_LOADS: bool = false;
/// Whether a bit per lane (`nonzero_lanes`) is as cheap as a test for
/// any high lane: one instruction; not on NEON, which has no movemask.
const LANE_MASK_IS_CHEAP: bool = false;
/// `run` goes block by block from its start: group steps, measured only
/// where the AVX2 kernel runs, are not this kernel's.
const SPARSE_STEPS: bool = false;

/// A vector from two little-endian words, in registers.
#[inline]
#[target_feature(enable = "neon")]
fn from_words(w: [u64; 2]) -> V {
    vcombine_u8(vcreate_u8(w[0]), vcreate_u8(w[1]))
}

/// Vector `i` of a rest of 16 to 127 bytes: one load and one table lookup
/// ([`super::tail::tail_piece_parts`]); `None` under 16 bytes.
#[inline]
#[target_feature(enable = "neon")]
fn from_rest(rest: &[u8], i: usize) -> Option<V> {
    let (data, indices) = super::tail::tail_piece_parts(rest, i)?;
    // SAFETY: both are references to 16 bytes, which is what the loads read.
    let (data, indices) = unsafe { (vld1q_u8(data.as_ptr()), vld1q_u8(indices.as_ptr())) };
    Some(vqtbl1q_u8(data, indices))
}

/// The 16 bytes that end just before the last of `input`'s: the end of
/// `prev`, then `input` moved up a byte (and likewise two).
#[inline]
#[target_feature(enable = "neon")]
fn prev1(input: V, prev: V) -> V {
    vextq_u8::<15>(prev, input)
}

#[inline]
#[target_feature(enable = "neon")]
fn prev2(input: V, prev: V) -> V {
    vextq_u8::<14>(prev, input)
}

/// # Safety
///
/// `ptr` must have `LANES` readable bytes.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load(ptr: *const u8) -> V {
    // SAFETY: the caller's promise; `vld1q_u8` takes any alignment.
    unsafe { vld1q_u8(ptr) }
}

#[inline]
#[target_feature(enable = "neon")]
fn load_table(table: &[u8; LANES]) -> V {
    // SAFETY: the array has `LANES` bytes.
    unsafe { load(table.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn splat(byte: u8) -> V {
    vdupq_n_u8(byte)
}

#[inline]
#[target_feature(enable = "neon")]
fn or(a: V, b: V) -> V {
    vorrq_u8(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn and(a: V, b: V) -> V {
    vandq_u8(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor(a: V, b: V) -> V {
    veorq_u8(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn subs(a: V, b: V) -> V {
    vqsubq_u8(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn high_nibbles(v: V) -> V {
    vshrq_n_u8::<4>(v)
}

#[inline]
#[target_feature(enable = "neon")]
fn low_nibbles(v: V) -> V {
    vandq_u8(v, vdupq_n_u8(0x0F))
}

/// Looks up each lane's index (0..16) in `table`.
#[inline]
#[target_feature(enable = "neon")]
fn shuffle(table: V, idx: V) -> V {
    vqtbl1q_u8(table, idx)
}

#[inline]
#[target_feature(enable = "neon")]
fn any(v: V) -> bool {
    vmaxvq_u8(v) != 0
}

#[inline]
#[target_feature(enable = "neon")]
fn any_high(v: V) -> bool {
    vmaxvq_u8(v) >= 0x80
}

/// A bit per lane, set where the byte is not zero: each lane's bit weight,
/// kept where the lane is set, summed across each half.
#[inline]
#[target_feature(enable = "neon")]
fn nonzero_lanes(v: V) -> u64 {
    static WEIGHTS: [u8; LANES] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
    let bits = vandq_u8(vtstq_u8(v, v), load_table(&WEIGHTS));
    u64::from(vaddv_u8(vget_low_u8(bits))) | u64::from(vaddv_u8(vget_high_u8(bits))) << 8
}

lookup_algorithm!(features: "neon");

/// The NEON kernel, which needs no detection.
#[inline]
pub(super) fn neon_check(bytes: &[u8]) -> Option<usize> {
    // SAFETY: the kernel needs NEON, and this is compiled only where the
    // target has it (`target_feature = "neon"`, part of the aarch64
    // baseline), so every CPU this binary runs on has it.
    unsafe { check(bytes) }
}

/// The NEON kernel's whole validation (`lookup_algorithm!`'s `validate`,
/// which tests the first vector itself, as the x86 kernels do), which needs
/// no detection. (After `with_head` instead, counted under qemu: fewer
/// instructions for ASCII of 64 B, 66 against 78, and more from there on,
/// 136 against 106 at 256 B; the two combined by length were worse than
/// either.)
#[inline]
pub(super) fn neon_validate(bytes: &[u8]) -> Answer {
    // SAFETY: as in `neon_check`: NEON is part of the aarch64 baseline and
    // this is compiled only where the target has it.
    unsafe { validate(bytes) }
}
