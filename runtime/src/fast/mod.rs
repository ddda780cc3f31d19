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
//! - `swar`: portable, for targets without SIMD: ASCII sixteen bytes at a
//!   time, other text through a table-driven automaton, one shift a byte
//!   and no branch per byte.
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

#![allow(unsafe_code)]

use crate::shared::error::short_word;
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
mod lookup;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod neon;
mod swar;
mod tables;
#[cfg(target_arch = "x86_64")]
mod x86;

// What the run-time CPU detection found, for the tests (`__private`).
#[cfg(target_arch = "x86_64")]
pub use x86::{cpu_features, CpuFeatures};

/// One implementation of validation. Not public API: tests, benchmarks and
/// fuzz targets use it to run each implementation by name.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// AVX-512 (F, BW and VBMI), 64 bytes a step, masked tail loads.
    Avx512,
    /// AVX2, 32 bytes a step.
    Avx2,
    /// SSE4.2, 16 bytes a step.
    Sse42,
    /// NEON (aarch64), 16 bytes a vector, 32 or 64 a step.
    Neon,
    /// Portable code: word-at-a-time ASCII tests and a shift-based DFA.
    Swar,
    /// The `const` reference decoder alone.
    Reference,
}

/// A kernel's whole validation, as [`Kernel::validator`] returns it: the
/// very function [`crate::validate`] calls on a machine whose best kernel
/// this is, so that a forced kernel is timed as it runs.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Validator {
    /// Only ever a function whose target features this CPU has
    /// ([`Kernel::validator`] checks), so calling it is safe.
    f: KernelFn,
}

/// A kernel's whole validation of an input, the error explained: two
/// registers.
pub(crate) type KernelFn = unsafe fn(&[u8]) -> Answer;

impl Validator {
    /// Validates `bytes`: one indirect call.
    ///
    /// # Errors
    ///
    /// The reference decoder's error, as [`crate::validate`] returns it.
    #[inline]
    #[must_use = "the result says whether the bytes are UTF-8"]
    #[allow(unsafe_code, reason = "the call of a kernel the CPU was found to have")]
    pub fn validate(self, bytes: &[u8]) -> Result<(), Utf8Error> {
        // SAFETY: `Kernel::validator`, the only maker of a `Validator`,
        // returns one only for a kernel that `is_available` found this CPU
        // to have every target feature of; the other functions it holds
        // have no precondition.
        unsafe { (self.f)(bytes) }.into_result()
    }
}

/// What a kernel's pass found: nothing wrong, or where the reference
/// decoder is to look. Two words, so that a kernel's `check` returns it in
/// two registers; its `validate` turns it into an [`Answer`] itself
/// ([`Found::answer`]), and builds the error, which reads the bytes around
/// the flag, only on the error path, out of line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The first flagged byte, or `NONE` when the input is valid.
    at: usize,
    /// The first high byte of the input, when a kernel knows it and the
    /// bytes before it are ASCII, else `NONE`; `at` itself when the error
    /// is certain to start there.
    first: usize,
}

/// What a kernel's pass hands back: the [`Found`] itself, to `check`,
/// or the error explained, to `validate`. The functions that both call
/// are compiled once for each, so that `validate` calls them last, a
/// jump, and what they return is its caller's answer: with a `Found`
/// to explain after the call, `validate` kept the input in saved
/// registers across it, and an early error went through one more call
/// and return.
pub(crate) trait Outcome {
    /// `found` on `bytes`, as this kind of answer.
    fn from_found(found: Found, bytes: &[u8]) -> Self;
}

#[allow(
    clippy::inline_always,
    reason = "on every kernel's return path, where a call would undo the jump"
)]
impl Outcome for Found {
    #[inline(always)]
    fn from_found(found: Found, _: &[u8]) -> Self {
        found
    }
}

#[allow(
    clippy::inline_always,
    reason = "on every kernel's return path, where a call would undo the jump"
)]
impl Outcome for Answer {
    #[inline(always)]
    fn from_found(found: Found, bytes: &[u8]) -> Self {
        found.answer(bytes)
    }
}

/// `Result<(), Utf8Error>` as one 128-bit integer: the error's record
/// above its position, zero for `Ok`. What a kernel's whole validation
/// returns: the same two registers as the `Result`, but one value, so that
/// a function that returns what it calls returns it with a jump (LLVM
/// makes a tail call of a call whose result is returned as it is, and a
/// pair of words, merged from the function's several returns, is not
/// returned as it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Answer(u128);

#[allow(
    clippy::inline_always,
    reason = "on every kernel's return path, where a call would undo the jump"
)]
impl Answer {
    /// `Ok(())`.
    pub(crate) const VALID: Answer = Answer(0);

    /// `Ok(())` too, with `len` in the low half, which an `Ok` answer
    /// leaves unread: a return that LLVM keeps apart from the others.
    #[inline(always)]
    pub(crate) const fn valid_after(len: usize) -> Answer {
        Answer(len as u128)
    }

    #[inline(always)]
    pub(crate) fn of(result: Result<(), Utf8Error>) -> Answer {
        match result {
            Ok(()) => Answer::VALID,
            Err(e) => {
                let (at, record) = e.into_parts();
                Answer(u128::from(record.get()) << 64 | at as u128)
            }
        }
    }

    #[inline(always)]
    pub(crate) fn into_result(self) -> Result<(), Utf8Error> {
        // The record is the high half; the position, a `usize`, the low.
        #[allow(
            clippy::cast_possible_truncation,
            reason = "the halves, as put together"
        )]
        match core::num::NonZeroU64::new((self.0 >> 64) as u64) {
            None => Ok(()),
            Some(record) => Err(Utf8Error::from_parts(self.0 as u64 as usize, record)),
        }
    }
}

impl Found {
    const NONE: usize = usize::MAX;

    /// The input is valid.
    pub(crate) const VALID: Found = Found {
        at: Self::NONE,
        first: Self::NONE,
    };

    /// The first error starts at `at`, after ASCII (or valid text).
    #[inline]
    pub(crate) const fn error_at(at: usize) -> Found {
        Found { at, first: at }
    }

    /// A kernel's flag at `at`, after `first`, the input's first high byte
    /// (after ASCII) when known.
    #[inline]
    pub(crate) fn flag(first: Option<usize>, at: usize) -> Found {
        Found {
            at,
            first: first.unwrap_or(Self::NONE),
        }
    }

    /// A kernel's flag, if any (`check`'s answer).
    #[inline]
    pub(crate) fn flagged(first: Option<usize>, at: Option<usize>) -> Found {
        match at {
            None => Found::VALID,
            Some(at) => Found::flag(first, at),
        }
    }

    /// The flagged byte, if any.
    #[inline]
    pub(crate) fn flagged_at(self) -> Option<usize> {
        (self.at != Self::NONE).then_some(self.at)
    }

    /// The reference decoder's verdict, as one scalar.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "on every kernel's return path, where a call would undo the jump"
    )]
    pub(crate) fn answer(self, bytes: &[u8]) -> Answer {
        if self.at == Self::NONE {
            Answer::valid_after(self.first)
        } else {
            self.explain(bytes)
        }
    }

    /// The error path: the reference decoder reads from the first high
    /// byte when the flag is a few sequences after it
    /// ([`decode::error_near`]), else from the boundary before the flag
    /// ([`explain_from`]). Where the reading starts does not wait for the
    /// kernel's flag, so the decoder's loads run while the vectors that
    /// found it are still in flight (a start worked out from the flag
    /// waits for them).
    #[cold]
    #[inline(never)]
    fn explain(self, bytes: &[u8]) -> Answer {
        align_entry!();
        if self.first == self.at {
            // `first` is a high byte.
            Answer::of(decode::error_at_high(bytes, self.at))
        } else {
            self.explain_far(bytes)
        }
    }

    /// [`explain`](Self::explain) of a flag that is not the first high
    /// byte. A function of its own so that `explain`'s usual case, an error
    /// at the first high byte, saves fewer registers and has no calls in
    /// line but the rare one to the sequence decoder.
    #[inline(never)]
    fn explain_far(self, bytes: &[u8]) -> Answer {
        Answer::of(
            if self.first != Self::NONE && self.at <= self.first + HEAD {
                decode::error_near(bytes, self.first, self.at)
            } else {
                explain_from(bytes, self.at)
            },
        )
    }
}

impl Kernel {
    /// Every implementation, fastest first.
    pub const ALL: [Kernel; 6] = [
        Kernel::Avx512,
        Kernel::Avx2,
        Kernel::Sse42,
        Kernel::Neon,
        Kernel::Swar,
        Kernel::Reference,
    ];

    /// The name used in benchmark and test reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Avx512 => "avx512",
            Kernel::Avx2 => "avx2",
            Kernel::Sse42 => "sse42",
            Kernel::Neon => "neon",
            Kernel::Swar => "swar",
            Kernel::Reference => "reference",
        }
    }

    /// Whether this CPU can run the kernel (the x86-64 kernels: detected
    /// at run time, with or without `std`).
    #[must_use]
    pub fn is_available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 | Kernel::Avx2 | Kernel::Sse42 => x86::available(self),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 | Kernel::Avx2 | Kernel::Sse42 => false,
            // NEON is part of the aarch64 baseline: compiled in, available.
            Kernel::Neon => cfg!(all(target_arch = "aarch64", target_feature = "neon")),
            Kernel::Swar | Kernel::Reference => true,
        }
    }

    /// The kernel [`crate::validate`] uses on this machine.
    #[must_use]
    pub fn selected() -> Kernel {
        Kernel::ALL
            .into_iter()
            .find(|k| k.is_available())
            .unwrap_or(Kernel::Swar)
    }

    /// Validates with this kernel, or `None` when the CPU lacks it. The
    /// answer (and any error) is always the reference decoder's.
    #[must_use]
    #[inline]
    pub fn validate(self, bytes: &[u8]) -> Option<Result<(), Utf8Error>> {
        self.validator().map(|v| v.validate(bytes))
    }

    /// This kernel's whole validation, the function [`crate::validate`]
    /// calls where it is the best kernel (the kernel, then the reference
    /// decoder at a flag), or `None` when the CPU lacks it. For benchmarks:
    /// one call an input, what `validate` would run on such a machine.
    #[must_use]
    pub fn validator(self) -> Option<Validator> {
        if !self.is_available() {
            return None;
        }
        let f: KernelFn = match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 | Kernel::Avx2 | Kernel::Sse42 => x86::validate_entry(self),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Kernel::Neon => neon_validate,
            Kernel::Swar => swar_validate,
            Kernel::Reference => |bytes| Answer::of(decode::validate(bytes)),
            // Not available on this target: returned above.
            _ => return None,
        };
        Some(Validator { f })
    }
}

/// Validates with the best kernel for this machine.
///
/// Under four bytes on x86-64 and aarch64, [`tiny`]; otherwise, on
/// x86-64, one indirect call to the chosen kernel's whole validation
/// (`x86::validate`); on aarch64 the NEON kernel's; elsewhere
/// [`with_head`] and the portable kernel.
#[inline]
pub(crate) fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    if bytes.len() < TINY {
        // SAFETY: `bytes.len() < TINY`.
        return unsafe { tiny(bytes) }.into_result();
    }
    #[cfg(target_arch = "x86_64")]
    let answer = x86::validate(bytes);
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    let answer = neon_validate(bytes);
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    let answer = with_head(bytes, dispatch).answer(bytes);
    answer.into_result()
}

/// Inputs shorter than this are [`tiny`] on x86-64 and aarch64. Not four
/// bytes too: with a fourth step for them, inputs of one and two bytes took
/// a branch more and lost most of what this path gains them.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
const TINY: usize = 4;

/// [`validate`] of fewer than [`TINY`] bytes: the portable kernel's
/// automaton, three steps. Under four bytes a SIMD kernel's call and
/// set-up (on x86-64 an indirect call, a masked load, its page test, the
/// lane masks; on NEON the tail put together from pieces) are most of a
/// call's time: through the kernel an error in a 1-byte input took longer
/// than std's scalar loop. The automaton has no branch on the bytes, so a
/// mix of ASCII and 2- and 3-byte characters costs what ASCII does, where
/// std's loop mispredicts. At an error, the reference decoder reads from
/// the first high byte.
///
/// # Safety
///
/// `bytes` must be shorter than [`TINY`]: the automaton reads its last
/// three bytes only, and what it accepts is handed out as `str`.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(never)]
unsafe fn tiny(bytes: &[u8]) -> Answer {
    const _: () = assert!(TINY <= 4, "the automaton takes three steps");
    align_entry!();
    let len = bytes.len();
    // Byte `i` from the end, NUL before the start.
    let from_end = |i: usize| if i < len { bytes[len - 1 - i] } else { 0 };
    if swar::accepts_three([from_end(2), from_end(1), from_end(0)]) {
        return Answer::VALID;
    }
    // Not UTF-8, so there is a high byte, and the first error starts at
    // or after it: `error_at_high` reads from there. (A byte at a time, not
    // `first_high_byte_words`: putting its word together from 1-3 bytes
    // made an error in a 1-byte input slower.)
    let at = bytes.iter().position(|b| *b >= 0x80).unwrap_or(0);
    Answer::of(decode::error_at_high(bytes, at))
}

/// The portable kernel's whole validation, after the head scan: what
/// [`Kernel::Swar`] runs, and the x86 dispatch where no SIMD kernel is.
pub(crate) fn swar_validate(bytes: &[u8]) -> Answer {
    with_head(bytes, swar::check).answer(bytes)
}

/// `check`, the kernel, after a look at the head of the input, the way
/// std's scalar loop would: an input of up to [`HEAD`] bytes that is all
/// ASCII needs no kernel, and an error that is certain from the first
/// non-ASCII byte of the head and the byte after it (a Latin-1 `é` in
/// ASCII text, a binary file's first high byte) goes straight to the
/// reference decoder. Both cost a few instructions where a kernel without
/// masked loads puts a short input together piece by piece; valid
/// non-ASCII text pays one load and one compare. (The x86 kernels run
/// without it: each tests its first vector in its own `validate`.)
#[inline]
fn with_head(bytes: &[u8], check: impl FnOnce(&[u8]) -> Option<usize>) -> Found {
    match head(bytes) {
        Head::Ascii => Found::VALID,
        Head::Error(at) => Found::error_at(at),
        Head::Kernel => Found::flagged(None, check(bytes)),
    }
}

/// How many leading bytes [`head`] looks at.
const HEAD: usize = 64;

/// What the first [`HEAD`] bytes say.
enum Head {
    /// The whole input is ASCII (and at most `HEAD` bytes long).
    Ascii,
    /// The first error is at this offset: a non-ASCII byte after ASCII,
    /// which is a stray continuation byte or a lead not followed by a
    /// continuation byte.
    Error(usize),
    /// Nothing certain: the kernel decides. It reads the head again: handing
    /// it only the bytes after the ASCII ones makes short inputs slower
    /// (one more unaligned start) and saves little elsewhere.
    Kernel,
}

#[inline]
fn head(bytes: &[u8]) -> Head {
    let head = bytes.get(..HEAD).unwrap_or(bytes);
    let Some(at) = first_high_byte(head) else {
        return if bytes.len() <= HEAD {
            Head::Ascii
        } else {
            Head::Kernel
        };
    };
    // A lead and a continuation byte: maybe a character; the kernel sees.
    // Otherwise an error: every lead needs a continuation byte next, and a
    // continuation byte after ASCII has no lead.
    if starts_character(bytes, at) {
        Head::Kernel
    } else {
        Head::Error(at)
    }
}

/// The offset of the first byte of `head` (at most [`HEAD`] bytes) that is
/// not ASCII.
///
/// On x86-64, a whole head with SSE2 (`x86::first_high_byte_64`); a
/// shorter head, and every other target, a word at a time. (A short input
/// with SSE2 16 bytes a step was slower on text: its high byte is in the
/// first word, which the word loop reads as fast.)
#[inline]
fn first_high_byte(head: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(head) = head.first_chunk::<HEAD>() {
        return x86::first_high_byte_64(head);
    }
    first_high_byte_words(head)
}

/// [`first_high_byte`] a word at a time, for any target.
///
/// Eight bytes a word, two words a step, and the last bytes as one word
/// that overlaps the ones already read: no loop a byte at a time, even for
/// an input whose length is not a multiple of eight.
#[inline]
fn first_high_byte_words(head: &[u8]) -> Option<usize> {
    /// The top bit of each of eight bytes.
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // Little-endian: the lowest set bit is the earliest byte.
    let first = |word: u64| (word.trailing_zeros() / 8) as usize;
    let len = head.len();
    if len < 8 {
        let word = short_word(head) & HIGH;
        return (word != 0).then(|| first(word));
    }
    let (words, _) = head.as_chunks::<8>();
    let mut i = 0;
    while let Some([lo, hi]) = words.get(i..i + 2) {
        let (lo, hi) = (
            u64::from_le_bytes(*lo) & HIGH,
            u64::from_le_bytes(*hi) & HIGH,
        );
        if lo | hi != 0 {
            return Some(8 * i + if lo != 0 { first(lo) } else { 8 + first(hi) });
        }
        i += 2;
    }
    // One word may be left, then fewer than eight bytes: read as the last
    // eight of `head`, the bytes before them already known to be ASCII.
    let mut from = 8 * i;
    while from < len {
        let start = from.min(len - 8);
        let word = head
            .get(start..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |w| u64::from_le_bytes(*w) & HIGH);
        if word != 0 {
            return Some(start + first(word));
        }
        from = start + 8;
    }
    None
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

/// Word `i` of `rest` (bytes `8 * i ..`) as a little-endian word, zero
/// past its end: the SIMD kernels' tail, put together in registers. A
/// whole word is read as it is; the last partial one is the eight bytes
/// that end `rest`, shifted down; under eight bytes in all, two
/// overlapping reads of four, two or one.
#[allow(dead_code, reason = "only the SIMD kernels use it")]
#[inline]
pub(crate) fn tail_word(rest: &[u8], i: usize) -> u64 {
    let len = rest.len();
    if len < 8 {
        return if i == 0 { short_word(rest) } else { 0 };
    }
    let start = (8 * i).min(len - 8);
    // How far the word's first byte lies past `start`: 0 for a whole word,
    // 1–7 for the last partial one, 8 or more past the end.
    let skip = 8 * i - start;
    if skip < 8 {
        rest.get(start..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |w| u64::from_le_bytes(*w) >> (8 * skip))
    } else {
        0
    }
}

/// How a SIMD kernel puts bytes `16 * k ..` of a short `rest` (16 bytes or
/// more, fewer than a group) into a vector, zero after its end: the 16
/// bytes to load, which stay inside `rest` (moved back to end at its end
/// where the piece runs past it), and the indices of a 16-byte table
/// lookup (`pshufb`, `vqtbl1q_u8`) that moves them down into place and
/// zeroes what comes in after the end. `None` under 16 bytes. One load
/// and one lookup a piece, where building it from eight-byte words takes
/// a shift and an insert a word.
#[allow(dead_code, reason = "only the SIMD kernels use it")]
#[inline]
pub(crate) fn tail_piece_parts(rest: &[u8], k: usize) -> Option<(&[u8; 16], &'static [u8; 16])> {
    /// At offset `skip`: the indices that move a vector down by `skip`
    /// bytes, zeroing what comes in (an index of 16 or more gives zero).
    /// Up to `skip == 112`: piece 7 of a 16-byte rest (NEON's groups have
    /// eight pieces).
    static SLIDE: [u8; 128] = {
        let mut table = [0x80; 128];
        let mut i = 0;
        while i < 16 {
            table[i] = i as u8;
            i += 1;
        }
        table
    };
    let start = (16 * k).min(rest.len().checked_sub(16)?);
    let skip = (16 * k - start).min(SLIDE.len() - 16);
    Some((
        rest.get(start..)?.first_chunk::<16>()?,
        SLIDE.get(skip..)?.first_chunk::<16>()?,
    ))
}

/// Where vector `i` of a rest of `len` bytes starts in it, and how many of
/// its 64 lanes a masked load keeps: past the end, none, at the rest's
/// start (bytes already in view), not one past its end.
#[allow(dead_code, reason = "only the AVX-512 kernel and its model use it")]
#[inline]
pub(crate) const fn masked_window(len: usize, i: usize) -> (usize, usize) {
    if 64 * i < len {
        let start = 64 * i;
        let left = len - start;
        (start, if left < 64 { left } else { 64 })
    } else {
        (0, 0)
    }
}

/// Whether a 64-lane masked load of bytes at `addr` (one or more; none
/// are not to be loaded at all) should read the 64 bytes that end where
/// they end, moved down into place, rather than the 64 that start at
/// `addr`: those would run into the next page. `page` is a power of two,
/// at least 128.
///
/// A masked load faults on no masked-off lane, but on AMD's Zen 4 and 5
/// one whose masked-off lanes lie on a page that is not mapped takes a
/// microcode assist: 140 ns, where the load costs a nanosecond. So the
/// window must not run into a page that holds none of the bytes: not the
/// next page, for an input that ends within 64 bytes of one that is not
/// mapped (a file mapped into memory, the last buffer of an arena), and no
/// page at all for no bytes (an empty slice's address is dangling, `0x1`
/// for `Vec::new()` and `""`: an empty input cost 75 ns a call until the
/// kernel stopped loading it). Read backwards, the window starts on
/// `addr`'s page, at least `page - 128` bytes into it, and ends on the
/// last byte's. A full window (64 bytes) near the end of a page is read
/// backwards too: the same bytes, moved by nothing, at the cost of a
/// permute on one address in 64, where a third test would cost every call.
#[allow(dead_code, reason = "only the AVX-512 kernel and its model use it")]
#[inline]
pub(crate) const fn masked_read_backward(addr: usize, page: usize) -> bool {
    addr % page > page - 64
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
        neon_check(bytes)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        swar::check(bytes)
    }
}

/// The NEON kernel, which needs no detection.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[inline]
fn neon_check(bytes: &[u8]) -> Option<usize> {
    // SAFETY: the kernel needs NEON, and this is compiled only where the
    // target has it (`target_feature = "neon"`, part of the aarch64
    // baseline), so every CPU this binary runs on has it.
    unsafe { neon::check(bytes) }
}

/// The NEON kernel's whole validation (`lookup_algorithm!`'s `validate`,
/// which tests the first vector itself, as the x86 kernels do), which needs
/// no detection. (After `with_head` instead, counted under qemu: fewer
/// instructions for ASCII of 64 B, 66 against 78, and more from there on,
/// 136 against 106 at 256 B; the two combined by length were worse than
/// either.)
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[inline]
fn neon_validate(bytes: &[u8]) -> Answer {
    // SAFETY: as in `neon_check`: NEON is part of the aarch64 baseline and
    // this is compiled only where the target has it.
    unsafe { neon::validate(bytes) }
}

/// Whether the byte at `at` (a high byte) leads a sequence whose second
/// byte is a continuation byte: maybe a character. When it is not (a
/// continuation byte, or a lead with no continuation byte after it), and
/// the bytes before it are ASCII, it is the first error.
#[inline]
pub(crate) fn starts_character(bytes: &[u8], at: usize) -> bool {
    let lead = bytes.get(at).copied().unwrap_or(0);
    bytes
        .get(at + 1)
        .is_some_and(|&next| lead >= 0xC0 && decode::is_continuation(next))
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
    fn tail_word_is_the_bytes_then_zeros_at_every_length() {
        let input: [u8; 64] = core::array::from_fn(|i| u8::try_from(i + 1).unwrap_or(0));
        for len in 0..64 {
            let mut want = [0u8; 72];
            want[..len].copy_from_slice(&input[..len]);
            for i in 0..9 {
                let word = tail_word(&input[..len], i);
                assert_eq!(
                    word.to_le_bytes(),
                    want[8 * i..8 * i + 8],
                    "len {len}, word {i}"
                );
            }
        }
    }

    #[test]
    fn first_high_byte_is_the_first_position_at_every_length() {
        for len in 0..=HEAD {
            let mut text = [b'a'; HEAD];
            assert_eq!(first_high_byte(&text[..len]), None, "len {len}");
            for at in (0..len).rev() {
                // A high byte at `at`, and others after it from earlier rounds.
                text[at] = 0x80 | u8::try_from(at).unwrap_or(0);
                assert_eq!(first_high_byte(&text[..len]), Some(at), "len {len}");
            }
        }
    }

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

    /// Every kernel's tail paths (the last group again, the last vector
    /// again, the tail put together word by word) at every length up to
    /// 200 bytes, with each kind of error at every position.
    #[test]
    fn every_available_kernel_agrees_with_std_at_every_length_and_position() {
        let mut ascii = [b'a'; 200];
        let mut mixed = [0; 200];
        for (i, b) in "a\u{E9}\u{20AC}\u{1F600}"
            .bytes()
            .cycle()
            .take(200)
            .enumerate()
        {
            mixed[i] = b;
        }
        let bads: [&[u8]; 4] = [&[0xFF], &[0x80], &[0xE2, 0x82], &[0xF0, 0x9F]];
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let check = |input: &[u8]| {
                let ours = kernel.validate(input).unwrap();
                let std = core::str::from_utf8(input);
                assert_eq!(ours.is_ok(), std.is_ok(), "{kernel:?} on {input:02X?}");
                if let (Err(a), Err(b)) = (ours, std) {
                    assert_eq!(
                        a.valid_up_to(),
                        b.valid_up_to(),
                        "{kernel:?} on {input:02X?}"
                    );
                    assert_eq!(a.error_len(), b.error_len(), "{kernel:?} on {input:02X?}");
                }
            };
            for filler in [&mut ascii, &mut mixed] {
                for len in 0..=200 {
                    check(&filler[..len]);
                    for at in 0..len {
                        for bad in bads {
                            let end = (at + bad.len()).min(len);
                            let mut input = *filler;
                            input[at..end].copy_from_slice(&bad[..end - at]);
                            check(&input[..len]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_available_kernel_agrees_with_std_on_every_two_byte_input() {
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            assert_eq!(kernel.validate(b""), Some(Ok(())), "{kernel:?}");
            for n in 0..=0xFFFFu16 {
                let buf = n.to_le_bytes();
                let ours = kernel.validate(&buf).unwrap();
                let std = core::str::from_utf8(&buf);
                assert_eq!(ours.is_ok(), std.is_ok(), "{kernel:?} on {buf:02X?}");
                if let (Err(a), Err(b)) = (ours, std) {
                    assert_eq!(a.valid_up_to(), b.valid_up_to(), "{kernel:?} on {buf:02X?}");
                    assert_eq!(a.error_len(), b.error_len(), "{kernel:?} on {buf:02X?}");
                }
            }
        }
    }
}
