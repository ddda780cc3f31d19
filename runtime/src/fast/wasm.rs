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
//!   error from lane masks (`LANE_MASK_IS_CHEAP`).
//!
//! What the engine makes of the instructions decides the speed, not the
//! instructions: the choices below were measured under node (V8) on x86-64
//! (`.ci/wasm/bench`).

use core::arch::wasm32::{
    i8x16_shuffle, u16x8_shr, u64x2, u8x16, u8x16_add, u8x16_bitmask, u8x16_eq, u8x16_splat,
    u8x16_sub_sat, u8x16_swizzle, v128, v128_and, v128_any_true, v128_load, v128_or, v128_xor,
};

type V = v128;
const LANES: usize = 16;
/// Vectors per group: 32 bytes. V8 on x86-64 has 16 vector registers for
/// the inputs, their shifted copies and the tables, and with four vectors
/// a group its code kept half of them on the stack: two ran text that is
/// not ASCII 10-25% faster (`.ci/wasm/bench`).
const VECTORS: usize = 2;
/// Under this many bytes, `simd128_validate`'s own paths: 64, as when a
/// group was 64 bytes, where the kernel's paths for up to two groups were
/// slower under V8.
const SHORT: usize = 64;
/// The end of an input is checked by reading the last group's worth again
/// (`check_end`): there are no masked loads.
const MASKED_LOADS: bool = false;
/// The vector before is moved into place (one shuffle a shift), not read
/// again from memory.
const SHIFTED_LOADS: bool = false;
/// `i8x16.bitmask` is one instruction where V8 runs on x86-64.
const LANE_MASK_IS_CHEAP: bool = true;
/// `run` goes block by block from its start: group steps, measured only
/// where the AVX2 kernel runs, are not this kernel's.
const SPARSE_STEPS: bool = false;

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

/// A 16-bit shift and a mask, not `i8x16.shr_u`: V8 lowers the byte
/// shift to more instructions on x86-64 than these two, and the rules ran
/// faster this way under node.
#[inline]
#[target_feature(enable = "simd128")]
fn high_nibbles(v: V) -> V {
    v128_and(u16x8_shr(v, 4), u8x16_splat(0x0F))
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

/// Up to this many bytes (inclusive), `simd128_validate` leaves an input to
/// the portable kernel's automaton, a step a byte (`swar::accepts`), in
/// line: under V8, putting a vector together from so few bytes cost more
/// than core's scalar loop takes over them, and so did `tiny`'s call, whose
/// 128-bit answer goes through the wasm stack.
const SCALAR_UP_TO: usize = 8;

/// The `simd128` kernel's whole validation (`lookup_algorithm!`'s
/// `validate`), which needs no detection, with wasm32's own paths for
/// inputs under a group before it, where V8 ran the kernel's short paths
/// slower than core's scalar loop (`.ci/wasm/bench`):
///
/// 1. up to `SCALAR_UP_TO` bytes, the portable kernel's automaton, in
///    line;
/// 2. up to a vector, ASCII told from two words, and other text up to
///    `AUTOMATON_UP_TO` bytes by the automaton, out of line;
/// 3. over a vector, ASCII told from four loads, and other text through the
///    rules vector by vector (`under_group`), not as a padded group.
///
/// Their errors are explained by the reference decoder, as a kernel's flag
/// is. Longer inputs, and the rest of the short ones, take the kernel's
/// own paths.
#[inline]
pub(super) fn simd128_validate(bytes: &[u8]) -> Answer {
    let len = bytes.len();
    if len <= SCALAR_UP_TO {
        // (Not after an ASCII test of words from 8 bytes on: the automaton
        // steps in line were slower for every length then.)
        return if super::swar::accepts(bytes) {
            Answer::VALID
        } else {
            automaton_error(bytes)
        };
    }
    if len <= LANES {
        if ascii_words(bytes) {
            return Answer::VALID;
        }
        if len <= AUTOMATON_UP_TO {
            return short_text(bytes);
        }
    }
    if LANES < len && len < SHORT {
        // SAFETY: `len > LANES`; and the target has `simd128`, as below.
        let first = unsafe { load(bytes.as_ptr()) };
        // ASCII first: the rest in three vectors, their offsets clamped to
        // the last one (overlapping up to 48 bytes).
        let last = len - LANES;
        // SAFETY: `LANES < len`, and every offset is at most `last`, which
        // ends at `len`.
        let rest = unsafe {
            or(
                or(
                    load(bytes.as_ptr().add(LANES.min(last))),
                    load(bytes.as_ptr().add((2 * LANES).min(last))),
                ),
                load(bytes.as_ptr().add(last)),
            )
        };
        if !any_high(or(first, rest)) {
            return Answer::VALID;
        }
        // SAFETY: `LANES < len < SHORT`, `first` is the first `LANES`
        // bytes; the target has `simd128`.
        return unsafe { under_group(bytes, first) };
    }
    // SAFETY: as in `simd128_check`: this is compiled only where the target
    // has `simd128`.
    unsafe { validate(bytes) }
}

/// Up to this many bytes (inclusive), an input that is not ASCII is left
/// to the automaton too, out of line (`short_text`): from 9 to 12 bytes of
/// CJK, emoji or mixed text it was 10-25% faster under V8 than the vector
/// put together from words, which was faster from 13 bytes on, and for
/// Latin text (mostly ASCII) from 13. In line, it made `simd128_validate`
/// too large to inline, and every input under 9 bytes paid for a call.
const AUTOMATON_UP_TO: usize = 12;

/// An input of `SCALAR_UP_TO` to `AUTOMATON_UP_TO` bytes, not ASCII: the
/// automaton's verdict, explained by the reference decoder.
#[inline(never)]
fn short_text(bytes: &[u8]) -> Answer {
    if super::swar::accepts(bytes) {
        Answer::VALID
    } else {
        automaton_error(bytes)
    }
}

/// The error of an input of up to `SCALAR_UP_TO` bytes that the automaton
/// did not accept: the reference decoder's.
#[cold]
#[inline(never)]
fn automaton_error(bytes: &[u8]) -> Answer {
    Answer::of(crate::decode::validate(bytes))
}

/// An input of more than a vector and less than a group, not ASCII: the
/// rules on each vector, the last one overlapping the vector before it,
/// its carry worked out from the bytes before it alone (as
/// `validate_vectors` does for longer inputs: a flag depends only on its
/// byte and the three before it, so the bytes read twice flag the same),
/// their errors gathered and tested once. Under two vectors, the bytes
/// before the last vector are the first vector's, moved into place, and
/// zeros before the input, which is what `Carry::none` stands for. Where
/// the kernel puts a padded group together from pieces (`check_short`),
/// which V8 made slower than core's scalar loop over these lengths. A flag
/// is looked for by the kernel's own `validate`.
///
/// # Safety
///
/// `LANES < bytes.len() < SHORT`, and `first` is the first `LANES` bytes.
#[inline(never)]
#[target_feature(enable = "simd128")]
unsafe fn under_group(bytes: &[u8], first: V) -> Answer {
    let c = Consts::new();
    let ptr = bytes.as_ptr();
    let len = bytes.len();
    let (mut errors, mut carry) = c.errors(first, Carry::none());
    let mut at = LANES;
    while at + LANES < len {
        // SAFETY: `at + LANES < len`.
        let (e, next) = c.errors(unsafe { load(ptr.add(at)) }, carry);
        errors = or(errors, e);
        carry = next;
        at += LANES;
    }
    // SAFETY: `LANES < len`.
    let last = unsafe { load(ptr.add(len - LANES)) };
    // Under two vectors, bytes `LANES..len` ASCII (lanes `2 * LANES - len`
    // on of `last`): they continue nothing and flag nothing, so the first
    // vector decides, with its end, and the rules run once (Latin text of
    // 17-20 bytes: 0.97x simdutf8, which hands them to core, before).
    if len < 2 * LANES && u8x16_bitmask(last) >> (2 * LANES - len) == 0 {
        if !any(or(errors, subs(first, c.incomplete_max()))) {
            return Answer::VALID;
        }
        // SAFETY: the target has `simd128`.
        return unsafe { validate(bytes) };
    }
    let before = if len >= 2 * LANES {
        // SAFETY: `2 * LANES <= len`.
        unsafe { load(ptr.add(len - 2 * LANES)) }
    } else {
        // Lane `i` is byte `i + len - 2 * LANES`: of `first` from lane
        // `2 * LANES - len` on, and zero before it, where the index
        // wrapped to 16 or more.
        let shift = u8x16_splat((len as u8).wrapping_sub(2 * LANES as u8));
        u8x16_swizzle(first, u8x16_add(IOTA, shift))
    };
    let (e, _) = c.errors(last, Carry::of(before));
    if !any(or(or(errors, e), subs(last, c.incomplete_max()))) {
        return Answer::VALID;
    }
    // SAFETY: the target has `simd128`.
    unsafe { validate(bytes) }
}

use super::HIGH;

/// Whether an input of 8 to 16 bytes is ASCII: its first eight bytes and
/// its last eight, two words that overlap, with no vector put together.
#[inline]
fn ascii_words(bytes: &[u8]) -> bool {
    match (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
        (Some(head), Some(tail)) => {
            (u64::from_ne_bytes(*head) | u64::from_ne_bytes(*tail)) & HIGH == 0
        }
        _ => false,
    }
}
/// Lane `i` is `i`.
const IOTA: V = u8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
