//! The run-time fast path: kernels that prove input valid quickly and, at
//! the first sign of trouble, hand the region to the reference decoder.
//!
//! A kernel answers one question: "is all of this UTF-8?" Its answer is
//! either yes, or the offset of the first byte it flags. Kernels flag an
//! error at most three bytes after it starts (a lead byte is flagged at the
//! byte that fails to continue it), and a stray continuation byte where it
//! is, so the first error starts at or after [`boundary_near`] that offset,
//! and [`decode::validate_from`] finds it from there: the error a caller sees
//! is always the reference decoder's, and costs a few bytes of its time. A kernel that cries wolf costs time, never correctness; a
//! kernel that misses an error is a bug, which the kernel suites and the
//! fuzz targets exist to catch.
//!
//! Kernels, fastest first:
//! - `avx512`: 64 bytes a step, AVX-512 BW + VBMI, masked loads for the
//!   tail (so a 20-byte input is one step);
//! - `avx2`, `sse42`: 32 and 16 bytes a vector (the lookup algorithm of
//!   Keiser and Lemire, "Validating UTF-8 in less than one instruction per
//!   byte", 2021, in `lookup`);
//! - `neon` (aarch64): the same algorithm, 16 bytes a vector;
//! - `simd128` (wasm32 built with `+simd128`, chosen at compile time, as
//!   WebAssembly has no run-time detection): the same, 16 bytes a vector;
//! - `swar`: the portable kernel, for targets without SIMD: ASCII sixteen
//!   bytes at a time, other text through a table-driven automaton, one
//!   shift a byte and no branch per byte.
//!
//! Before any kernel, [`validate`] looks at the first `HEAD` bytes the way
//! std's scalar loop would (`head`): a short ASCII input needs no kernel,
//! and an error that the first non-ASCII byte and the byte after it make
//! certain goes straight to the reference decoder (`decode::error_at_high`,
//! which records most with no sequence read). Errors in the first bytes
//! are the common case (is this file text at all?), and a kernel's set-up
//! and first block cost more than finding them.
//!
//! The best kernel the CPU supports is picked on first use and
//! remembered, with or without `std`: with `std` the CPU's features are
//! found by `is_x86_feature_detected!`, without it by asking the CPU
//! (CPUID and XGETBV, as std does; see `x86`).
//!
//! This file is the dispatch: [`validate`], [`validate_from`] and the
//! hand-over to the reference decoder at a flag ([`boundary_near`]). The
//! rest, one idea a file:
//!
//! - `lookup`: the lookup algorithm, written once for every SIMD kernel
//!   (`lookup_algorithm!`); its module doc walks through each path an input
//!   takes. `lookup/model.rs` (tests only) runs it over plain arrays in
//!   each kernel's shape, on any machine.
//! - `x86`: the CPU detection and the cached kernel choice on x86-64;
//!   `x86/primitives.rs` (`x86_primitives!`, the 128- and 256-bit vector
//!   primitives), `x86/sse42.rs`, `x86/avx2.rs` and `x86/avx512.rs`, the
//!   kernels.
//! - `neon`: the NEON kernel (aarch64), and the calls into it.
//! - `wasm`: the `simd128` kernel (wasm32), and the calls into it.
//! - `swar`: the portable kernel.
//! - `tables`: the lookup tables, built by `const fn`.
//! - `head`: what runs before a kernel, or instead of one: the head scan
//!   and the path for inputs under four bytes.
//! - `tail`: the end of a short input, put together in registers.
//! - `answer`: what a kernel hands back (`Found`, `Answer`).
//! - `kernel`: the kernels by name (`Kernel`, `Validator`), for the tests
//!   and the benchmarks.

#![allow(unsafe_code)]

use crate::{decode, Utf8Error};

/// Puts the start of the function it is written in on a 64-byte boundary,
/// where the compiler would put it on a 16-byte one. The kernels' short
/// paths are a few taken branches and a few dozen instructions, and on
/// AMD's Zen 5 their speed depended on where in a cache line the linker
/// happened to put them, which changed from build to build (CHANGELOG has
/// the figures). Stable Rust has no attribute for a function's alignment;
/// an assembler alignment directive inside the function raises the
/// alignment of the section it is in, which is the function's own section
/// on ELF targets. Where it lands, at or near the function's start, it
/// may pad with at most one byte, and usually pads with none.
macro_rules! align_entry {
    () => {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: an assembler directive, not an instruction: it reads and
        // writes nothing and leaves flags and stack alone; at most it adds
        // a one-byte `nop`, which does nothing either.
        unsafe {
            core::arch::asm!(
                ".p2align 6, 0x90, 1",
                options(nomem, nostack, preserves_flags)
            );
        }
    };
}

// The macro that writes the SIMD kernels' `check` comes first.
#[macro_use]
// wasm32 without `simd128` has no SIMD kernel: the lookup algorithm, its
// tables and the kernels' out-of-line answers go unused there.
#[cfg_attr(
    all(target_arch = "wasm32", not(target_feature = "simd128")),
    allow(unused_macros)
)]
mod lookup;
#[cfg_attr(
    all(target_arch = "wasm32", not(target_feature = "simd128")),
    allow(dead_code)
)]
mod answer;
mod head;
mod kernel;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod neon;
mod swar;
#[cfg_attr(
    all(target_arch = "wasm32", not(target_feature = "simd128")),
    allow(dead_code)
)]
mod tables;
mod tail;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use kernel::{Kernel, Validator};
// What the run-time CPU detection found, for the tests (`__private`).
#[cfg(target_arch = "x86_64")]
pub use x86::{cpu_features, CpuFeatures};

/// Validates with the best kernel for this machine.
///
/// On x86-64, one indirect call to the chosen kernel's whole validation
/// (`x86::validate`), whose first test sends an input under four bytes to
/// [`tiny`](head::tiny); on aarch64 under four bytes `tiny`, else the NEON
/// kernel's; on wasm32 with
/// `simd128` that kernel's, with short paths of its own; elsewhere
/// [`with_head`](head::with_head) and the portable kernel.
#[inline]
pub(crate) fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    if bytes.len() < head::TINY {
        // SAFETY: `bytes.len() < TINY`.
        return unsafe { head::tiny(bytes) }.into_result();
    }
    #[cfg(target_arch = "x86_64")]
    let answer = x86::validate(bytes);
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    let answer = neon::neon_validate(bytes);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let answer = wasm::simd128_validate(bytes);
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    let answer = head::with_head(bytes, dispatch).answer(bytes);
    answer.into_result()
}

/// Validates `bytes[start..]` with the best kernel, reporting errors as
/// [`decode::validate_from`] does: at their offset in `bytes`, explained
/// with the bytes before `start` in view.
pub(crate) fn validate_from(bytes: &[u8], start: usize) -> Result<(), Utf8Error> {
    let rest = bytes.get(start..).unwrap_or_default();
    match dispatch(rest) {
        None => Ok(()),
        Some(at) => decode::validate_from(bytes, start + boundary_near(rest, at)),
    }
}

/// Runs the chosen kernel: `None` when `bytes` is valid, otherwise the
/// offset of the first flagged byte (see the module docs).
#[inline]
fn dispatch(bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::check(bytes)
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    {
        neon::neon_check(bytes)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm::simd128_check(bytes)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        swar::check(bytes)
    }
}

/// The top bit of every byte of a word: a word is ASCII where `& HIGH` is
/// zero. (The same value in either byte order.)
pub(crate) const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);

/// Whether the byte at `at` (a high byte) leads a sequence whose second
/// byte is a continuation byte: maybe a character. When it is not (a
/// continuation byte, or a lead with no continuation byte after it), and
/// the bytes before it are ASCII, it is the first error.
#[inline]
pub(crate) fn starts_character(bytes: &[u8], at: usize) -> bool {
    // Both bytes' top bits in one test of one 16-bit load: `11` for the
    // lead (C0 or above), `10` for the continuation byte after it. (Two
    // byte loads took two more bounds tests and a branch, on every short
    // input with a high byte.) No byte after it: a high byte at the end,
    // after ASCII, starts no character.
    match bytes.get(at..at + 2) {
        Some(&[lead, next]) => u16::from_le_bytes([lead, next]) & 0xC0C0 == 0x80C0,
        _ => false,
    }
}

/// The error path, kept out of line so the valid path stays small: the
/// reference decoder reads from the sequence boundary before the flag
/// ([`boundary_near`]) to the error, sequence by sequence
/// ([`decode::error_near`]).
#[cold]
#[inline(never)]
pub(crate) fn explain_from(bytes: &[u8], at: usize) -> Result<(), Utf8Error> {
    decode::error_near(bytes, boundary_near(bytes, at), at)
}

/// Where the reference decoder starts reading when a kernel flags `at`: the
/// first byte in `at - 3 ..= at` that is not a continuation byte, else `at`.
///
/// The first error starts in `at - 3 ..= at` (it is flagged at most three
/// bytes on), or later (kernels that report a whole block or group report
/// its start, and the error lies in it or in the three bytes before). It
/// does not start with a continuation byte before `at`: a stray
/// continuation byte is flagged where it is, and the flag would be earlier.
/// So the bytes skipped here end sequences that started earlier and are
/// valid, and the first error starts at or after the boundary returned.
fn boundary_near(bytes: &[u8], at: usize) -> usize {
    let at = at.min(bytes.len());
    let mut start = at.saturating_sub(3);
    while start < at
        && bytes
            .get(start)
            .is_some_and(|&b| decode::is_continuation(b))
    {
        start += 1;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_near_steps_over_the_tail_of_an_earlier_sequence() {
        let text = "a\u{10348}b".as_bytes(); // a F0 90 8D 88 b
        assert_eq!(boundary_near(text, 0), 0);
        assert_eq!(boundary_near(text, 1), 0);
        assert_eq!(boundary_near(text, 4), 1);
        assert_eq!(boundary_near(text, 5), 5);
        assert_eq!(boundary_near(text, 6), 5);
        assert_eq!(boundary_near(text, 60), 5);
    }
}
