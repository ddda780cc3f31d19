//! What [`validate`](super::validate) reads before a kernel, or instead of
//! one: an input under [`TINY`] bytes goes through the portable kernel's
//! automaton in three steps ([`tiny`], on the SIMD targets); the portable
//! kernel itself runs after a look at the first [`HEAD`] bytes
//! ([`with_head`]), the way std's scalar loop would: short ASCII needs no
//! kernel, and an error certain from the first high byte goes straight to
//! the reference decoder. (The SIMD kernels test their first vector in
//! their own `validate` instead.)

use super::answer::{Answer, Found};
use super::{starts_character, swar};
use crate::shared::error::short_word;

/// Inputs shorter than this are [`tiny`] on x86-64 and aarch64. Not four
/// bytes too: with a fourth step for them, inputs of one and two bytes took
/// a branch more and lost most of what this path gains them.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(super) const TINY: usize = 4;

/// [`validate`](super::validate) of fewer than [`TINY`] bytes: the
/// portable kernel's automaton, three steps. Under four bytes a SIMD
/// kernel's set-up (a masked load, its page test, the lane masks; on NEON
/// the tail put together from pieces) is most of a call's time: through
/// the kernel an error in a 1-byte input took longer than std's scalar
/// loop. On x86-64 the kernel's `validate` calls it, first thing for a
/// short input, so that the dispatch is one indirect call and no test; on
/// aarch64 the dispatch tests the length. Cold: so that the test's other
/// side, every longer input, is the one that falls through. ASCII is one
/// test of three loads; the automaton, for the rest, has no branch on the
/// bytes. At an error, the reference decoder reads from the first high
/// byte.
///
/// # Safety
///
/// `bytes` must be shorter than [`TINY`]: the automaton reads its last
/// three bytes only, and what it accepts is handed out as `str`.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[cold]
#[inline(never)]
pub(super) unsafe fn tiny(bytes: &[u8]) -> Answer {
    const _: () = assert!(TINY <= 4, "the automaton takes three steps");
    align_entry!();
    let len = bytes.len();
    // ASCII first: the first, middle and last bytes are all there are, and
    // three loads and a test cost less than the automaton's steps. (Sending
    // a lone high byte, an error, straight to the decoder from here made
    // valid inputs of two and three bytes that are not ASCII slower.)
    if let (Some(&a), Some(&b), Some(&z)) = (bytes.first(), bytes.get(len / 2), bytes.last()) {
        if (a | b | z) < 0x80 {
            return Answer::VALID;
        }
    }
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
    Answer::of(crate::decode::error_at_high(bytes, at))
}

/// The portable kernel's whole validation, after the head scan: what
/// [`Kernel::Swar`](super::Kernel::Swar) runs, and the x86 dispatch where
/// no SIMD kernel is.
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
pub(super) fn with_head(bytes: &[u8], check: impl FnOnce(&[u8]) -> Option<usize>) -> Found {
    match head(bytes) {
        Head::Ascii => Found::VALID,
        Head::Error(at) => Found::error_at(at),
        Head::Kernel => Found::flagged(None, check(bytes)),
    }
}

/// How many leading bytes [`head`] looks at.
pub(super) const HEAD: usize = 64;

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
pub(super) fn first_high_byte(head: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(head) = head.first_chunk::<HEAD>() {
        return super::x86::first_high_byte_64(head);
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
    use super::HIGH;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
