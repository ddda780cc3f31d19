//! What a kernel hands back. A kernel's pass finds a [`Found`]: nothing, or
//! the flagged byte and the input's first high byte, two words. Its whole
//! validation returns an [`Answer`]: the `Result` itself, the error
//! explained, one 128-bit scalar in two registers. [`Outcome`] lets the
//! kernels' out-of-line steps be compiled once for each, so that each ends
//! its caller's call with a jump (see `Answer` for why one scalar). The
//! error is built out of line ([`Found::explain`]), on the error path
//! only: the kernels' valid path carries none of its code.

use super::explain_from;
use super::head::HEAD;
use crate::{decode, Utf8Error};

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

    /// The error at `at >= 2`, a high byte that starts no character, after
    /// valid text whose last two bytes are ASCII (as [`early_error_long`]).
    fn early_error(bytes: &[u8], at: usize) -> Self;
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

    #[inline(always)]
    fn early_error(_: &[u8], at: usize) -> Self {
        Found::error_at(at)
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

    #[inline(always)]
    fn early_error(bytes: &[u8], at: usize) -> Self {
        early_error_long(bytes, at)
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

/// The answer for an error certain at `at`, the input's first high byte
/// (a byte that leads nothing, or a lead that the next byte does not
/// continue): the record that the reference decoder builds there, put
/// together from eight bytes with shifts and no branch on the bytes
/// (`Utf8Error::after_ascii`): the eight from two before `at`
/// ([`from_eight`]); within six bytes of the end, the last eight
/// ([`near_end`]); for an error at byte 0 or 1, the first eight and the
/// eight from `at` ([`after_ascii`]). In an input under eight bytes, the
/// reference decoder. Through the reference decoder, whose branches
/// mispredicted behind the load of the input's first line, each error took
/// as long again as finding it: binary files' errors at byte 0 or 1
/// (`real_data -- files`), and short text whose first high byte, past byte
/// 7, is the error (`real_data -- cold`; in cache, its time varied from
/// build to build, `scripts/ab -- early`). Out of line and called last, a
/// jump, so that a kernel's `validate` sets up no frame.
#[cold]
#[inline(never)]
pub(crate) fn early_error(bytes: &[u8], at: usize) -> Answer {
    if let Some(&word) = bytes.first_chunk::<8>() {
        if at >= 2 {
            // The eight bytes from two before `at`, or near the end the
            // last eight: the byte before `at` and the window are in them.
            if let Some(&eight) = bytes.get(at - 2..).and_then(<[u8]>::first_chunk::<8>) {
                return from_eight(eight, at);
            }
            if let Some(&last) = bytes.last_chunk::<8>() {
                return near_end(last, at + 8 - bytes.len(), at, bytes.len() - at);
            }
        } else if let Some(&window) = bytes.get(at..).and_then(<[u8]>::first_chunk::<8>) {
            return after_ascii(word, window, at);
        }
    }
    Found::error_at(at).explain(bytes)
}

/// Whether `bytes` has one to eight bytes after its first `at`, all of
/// them ASCII: one word load, the last eight bytes, and a test of the
/// top bit of those after `at`. `false` for any other length.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a load, a shift and a test, in the masked kernels' `validate`"
)]
pub(crate) fn ascii_rest_of_a_word(bytes: &[u8], at: usize) -> bool {
    let rest = bytes.len().wrapping_sub(at);
    if !(1..=8).contains(&rest) {
        return false;
    }
    let Some(&word) = bytes.last_chunk::<8>() else {
        return false;
    };
    // The word's first `8 - rest` bytes are before `at`: shifted out.
    u64::from_le_bytes(word) >> (8 * (8 - rest)) & crate::fast::HIGH == 0
}

/// The answer when byte 0 or 1 of `bytes` (four bytes or more; `None`
/// for fewer) is its first error, tested as bytes: the kernels' first test
/// of an input longer than a vector, made before any vector instruction.
/// Where one of them is the first error, as in most binary files (gzip's
/// 1F 8B, PNG's 89, JPEG's FF D8 FF), the answer waits on a word load and
/// a table lookup, as std's waits on its loads, and not on the vector, its lane mask and a load at the
/// offset found: invalid files under /usr/share took 30-45% less time,
/// valid text no longer (`scripts/ab -- files`). One branch, which valid
/// text never takes: the top two bits of the first three bytes index a
/// table of the patterns that are errors (`FIRST_TWO_ERRORS`). A first
/// branch on whether either byte is high, as before, went both ways on
/// text like Latin (an accented letter at the start of one input in
/// seven), and its mispredictions cost such text more than the table's
/// few instructions cost any (`scripts/ab`). Before the first vector
/// instruction: with the vector loaded first, LLVM made these returns
/// jumps that skip `vzeroupper`, and the caller's SSE code then took 20 ns
/// more per call on Zen 4.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a load, four instructions and a branch, in the kernels' `validate`"
)]
pub(crate) fn error_in_first_two(bytes: &[u8]) -> Option<Answer> {
    let &four = bytes.first_chunk::<4>()?;
    // The top two bits of bytes 0, 1 and 2 gathered into bits 0-5 by one
    // multiply (their three shifted copies do not overlap, so no carries);
    // the bits above are dropped by the shift in `first_two_answer`, which
    // takes its amount modulo 64.
    let tops = u32::from_le_bytes(four) & TOPS_OF_THREE;
    first_two_answer(
        bytes,
        four,
        tops.wrapping_mul(1 + (1 << 6) + (1 << 12)) >> 18,
    )
}

/// [`error_in_first_two`] with the first three bytes' top bits gathered by
/// one `pext` (BMI2), where the multiply takes a copy, a mask, the
/// multiply and a shift: the AVX-512 kernels' (`first_two:`). Every CPU
/// with AVX-512 runs `pext` in one operation; AMD's before Zen 3, which
/// have AVX2 at most, microcode it, so the AVX2 kernel keeps the multiply.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "bmi2")]
pub(crate) fn error_in_first_two_bmi2(bytes: &[u8]) -> Option<Answer> {
    let &four = bytes.first_chunk::<4>()?;
    let classes = core::arch::x86_64::_pext_u32(u32::from_le_bytes(four), TOPS_OF_THREE);
    first_two_answer(bytes, four, classes)
}

/// The top two bits of each of a word's first three bytes.
const TOPS_OF_THREE: u32 = 0x00C0_C0C0;

/// [`error_in_first_two`]'s answer from the first three bytes' classes
/// (`FIRST_TWO_ERRORS`' index, in bits 0-5; bits above are ignored).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a test and a branch, in each kernel's `validate`"
)]
fn first_two_answer(bytes: &[u8], four: [u8; 4], classes: u32) -> Option<Answer> {
    if FIRST_TWO_ERRORS.wrapping_shr(classes) & 1 == 0 {
        return None;
    }
    Some(if four[0] >= 0x80 {
        error_at::<0>(bytes)
    } else {
        error_at::<1>(bytes)
    })
}

/// Bit `c` is set where the first three bytes' top two bits (`c`: the
/// first byte's in bits 0-1, the second's in 2-3, the third's in 4-5) make
/// byte 0 or 1 the first error: a continuation byte first; a lead (`11`)
/// first without a continuation byte after it; ASCII first, then a
/// continuation byte, or a lead without one after it.
const FIRST_TWO_ERRORS: u64 = {
    let mut bits = 0u64;
    let mut c = 0;
    while c < 64 {
        let (t0, t1, t2) = (c & 3, c >> 2 & 3, c >> 4 & 3);
        let error = match t0 {
            2 => true,
            3 => t1 != 2,
            _ => t1 == 2 || (t1 == 3 && t2 != 2),
        };
        if error {
            bits |= 1 << c;
        }
        c += 1;
    }
    bits
};

/// [`early_error`] at byte `AT`, 0 or 1 (see [`error_in_first_two`]): the
/// record from the first nine bytes, one function for each offset, with
/// no test of where the error is. (Through one function for both, with
/// the offset a variable, errors at byte 0 took a third longer in
/// `scripts/ab -- files`.)
#[cold]
#[inline(never)]
fn error_at<const AT: usize>(bytes: &[u8]) -> Answer {
    const { assert!(AT < 2, "the first two bytes") };
    let Some(&head) = bytes.first_chunk::<9>() else {
        return early_error(bytes, AT);
    };
    let mut window = [0; 8];
    window.copy_from_slice(&head[AT..AT + 8]);
    let letter_before = AT == 1 && head[0].is_ascii_alphabetic();
    Answer::of(Err(Utf8Error::after_ascii(
        AT,
        window,
        letter_before,
        false,
    )))
}

/// [`early_error`] of an input longer than a vector (16 bytes or more), as
/// its kernel finds it from the first vector: [`error_after_ascii`] from
/// the eight bytes at `at - 2`, where there are eight.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a test and a jump, in the kernels' `validate`"
)]
pub(crate) fn early_error_long(bytes: &[u8], at: usize) -> Answer {
    // (`at < 2` wraps, and has no eight bytes there.)
    match bytes
        .get(at.wrapping_sub(2)..)
        .and_then(<[u8]>::first_chunk::<8>)
    {
        Some(&eight) => error_after_ascii(eight, at),
        None => early_error(bytes, at),
    }
}

/// [`early_error`] at `at >= 2`, `eight` the input's bytes from `at - 2`:
/// the record put together from them with shifts, with no branch but for
/// the rare error at 2 after two NULs, and no test of where the error is
/// or of the input's length. A binary file whose first error is not in
/// its first two bytes (PDF, TrueType, ZIP) takes this path, as does
/// Latin-1 text past its first line (from `check_groups`), and there
/// each operation that waits on the file's first line shows in the time
/// per file: through the reference decoder, such files of 64 KiB and more
/// under /usr/share took 0.73× std's time (`scripts/ab -- files`).
#[cold]
#[inline(never)]
pub(crate) fn error_after_ascii(eight: [u8; 8], at: usize) -> Answer {
    from_eight(eight, at)
}

/// The answer of an error at `at >= 2`, the input's first high byte after
/// ASCII, `eight` the input's bytes from `at - 2`: the byte before `at`
/// and the window from `at` are in them at fixed places.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "in `early_error` and `error_after_ascii`, with no other call on this path"
)]
fn from_eight(eight: [u8; 8], at: usize) -> Answer {
    debug_assert!(at >= 2, "the caller's promise");
    let word = u64::from_le_bytes(eight);
    let before = (word >> 8) as u8;
    let window = (word >> 16).to_le_bytes();
    Answer::of(Err(Utf8Error::after_ascii(
        at,
        window,
        before.is_ascii_alphabetic(),
        at == 2 && word as u16 == 0,
    )))
}

/// [`from_eight`] within six bytes of the end: `last` the input's last
/// eight bytes, `at` at `back` in them (3 to 7), `rest` bytes from `at` to
/// the end (fewer than six). The same with shifts by a variable, which
/// cost errors further from the end 8% where every error took this form
/// (`scripts/ab -- early`).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "in `early_error`, with no other call on this path"
)]
fn near_end(last: [u8; 8], back: usize, at: usize, rest: usize) -> Answer {
    debug_assert!((3..8).contains(&back) && back <= at, "the caller's promise");
    let word = u64::from_le_bytes(last);
    let before = (word >> (8 * (back - 1))) as u8;
    // The bytes after the end shifted out, as zeros.
    let window = (word >> (8 * back)).to_le_bytes();
    Answer::of(Err(Utf8Error::after_ascii_near_end(
        at,
        window,
        rest,
        before.is_ascii_alphabetic(),
    )))
}

/// The answer of an error at `at`, 0 or 1, the first high byte of `word`
/// (the input's first eight bytes), `window` the eight bytes from `at`:
/// the byte before taken from `word` with a shift, and no branch. (Never
/// after two NULs, which takes an error at 2: [`from_eight`]'s.) (A table
/// of contexts by the byte before took one operation less, and was slower
/// on errors in cache.)
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "in `early_error`, a function with no other call on this path"
)]
fn after_ascii(word: [u8; 8], window: [u8; 8], at: usize) -> Answer {
    debug_assert!(at < 2, "the caller's promise");
    let word = u64::from_le_bytes(word);
    // The byte before `at`, or zero at the start.
    let before = (word << 8 >> (8 * at)) as u8;
    Answer::of(Err(Utf8Error::after_ascii(
        at,
        window,
        before.is_ascii_alphabetic(),
        false,
    )))
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

#[cfg(test)]
mod tests {
    use super::FIRST_TWO_ERRORS;
    use crate::decode;

    /// `FIRST_TWO_ERRORS` against the rule written out: byte 0 or 1 is the
    /// first error exactly where the first high byte of the two is not a
    /// lead (C0 or above) followed by a continuation byte; for every first
    /// three bytes.
    #[test]
    fn first_two_errors_is_the_rule_for_every_three_bytes() {
        let leads = |lead: u8, next: u8| lead >= 0xC0 && decode::is_continuation(next);
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                for b2 in 0..=255u8 {
                    let want = if b0 >= 0x80 {
                        !leads(b0, b1)
                    } else if b1 >= 0x80 {
                        !leads(b1, b2)
                    } else {
                        false
                    };
                    let classes =
                        u32::from(b0 >> 6) | u32::from(b1 >> 6) << 2 | u32::from(b2 >> 6) << 4;
                    assert_eq!(
                        FIRST_TWO_ERRORS >> classes & 1 == 1,
                        want,
                        "{b0:02X} {b1:02X} {b2:02X}"
                    );
                }
            }
        }
    }

    /// `error_in_first_two` finds exactly those errors, at the byte the
    /// reference decoder reports.
    #[test]
    fn error_in_first_two_agrees_with_the_decoder() {
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                for b2 in [0x20, 0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF] {
                    let bytes = [b0, b1, b2, b'a', b'b', b'c', b'd', b'e', b'f', b'g'];
                    if let Some(answer) = super::error_in_first_two(&bytes) {
                        let err = answer.into_result().unwrap_err();
                        assert_eq!(err, decode::validate(&bytes).unwrap_err());
                        assert!(err.valid_up_to() < 2, "{b0:02X} {b1:02X} {b2:02X}");
                    }
                }
            }
        }
    }

    /// `early_error` records what the reference decoder does, for an
    /// error at every position of every length to 40 (the first eight
    /// bytes, the middle, the last six, and inputs under eight bytes),
    /// after every kind of ASCII before it that the record tells apart
    /// (a letter, another byte, two NULs) and with every kind of byte and
    /// end after it.
    #[test]
    fn early_error_agrees_with_the_decoder() {
        let errors: [&[u8]; 6] = [
            b"\x80",
            b"\xBF",
            b"\xE9 ",
            b"\xC3",
            b"\xF0\x41",
            b"\xFF\xFE",
        ];
        for len in 1..=40 {
            for at in 0..len {
                for fill in [b'a', b'Z', b' ', b'7', 0] {
                    for error in errors {
                        let mut buf = [fill; 40];
                        let bytes = &mut buf[..len];
                        for (k, &b) in error.iter().enumerate() {
                            if at + k < len {
                                bytes[at + k] = b;
                            }
                        }
                        let want = decode::validate(bytes);
                        // Only where `at` is the first error, as the
                        // callers promise.
                        let Err(e) = want else { continue };
                        if e.valid_up_to() != at {
                            continue;
                        }
                        assert_eq!(
                            super::early_error(bytes, at).into_result(),
                            want,
                            "{bytes:02X?} at {at}"
                        );
                    }
                }
            }
        }
    }

    /// The `pext` form gives the same answer as the multiply for every
    /// first two bytes and classes of the third, where the CPU has BMI2.
    /// (With `std`, which tells the CPU's features and prints the skip.)
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    #[test]
    fn error_in_first_two_bmi2_is_the_multiply() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            std::println!("skipped: this CPU has no BMI2");
            return;
        }
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                for b2 in [0x20, 0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF] {
                    let bytes = [b0, b1, b2, 0xFF, b'a', b'b', b'c', b'd', b'e', b'f'];
                    // SAFETY: the CPU has BMI2 (tested above).
                    let pext = unsafe { super::error_in_first_two_bmi2(&bytes) };
                    assert_eq!(
                        pext.map(super::Answer::into_result),
                        super::error_in_first_two(&bytes).map(super::Answer::into_result),
                        "{b0:02X} {b1:02X} {b2:02X}"
                    );
                }
            }
        }
    }
}
