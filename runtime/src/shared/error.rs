//! The error record: [`ErrorKind`] and [`Utf8Error`], what an error
//! remembers and how it is packed. The first layer of the shared core: it
//! uses nothing but `core`.
//!
//! The grammar ([`decode`](super::decode)) decides *where* an error is and
//! builds the record here; the record keeps a few bytes of the input and
//! what came before them. The kind and length of the error are those bytes'
//! reading by the grammar, worked out when asked (`decode` has
//! [`Utf8Error::kind`] and [`Utf8Error::error_len`]), so that building an
//! error, on every early error, decodes nothing. What the bytes mean is
//! read in [`interpret`](super::interpret), and said in
//! [`words`](super::words).

use core::num::NonZeroU64;

/// Why a byte sequence is not UTF-8.
///
/// Each variant is named by the *first* byte of the ill-formed sequence (the
/// one at [`Utf8Error::valid_up_to`]) and, for the special leads `E0`, `ED`,
/// `F0` and `F4`, the second:
///
/// | kind | bytes | why |
/// |---|---|---|
/// | [`UnexpectedContinuation`](Self::UnexpectedContinuation) | `80`–`BF` where a sequence must start | a tail byte with no lead |
/// | [`MissingContinuation`](Self::MissingContinuation) | a lead followed by a non-tail byte | the sequence is cut short inside the input |
/// | [`Truncated`](Self::Truncated) | a valid prefix at the very end | the input ends mid-sequence (`error_len() == None`) |
/// | [`Overlong`](Self::Overlong) | `C0`, `C1`; `E0 80`–`9F`; `F0 80`–`8F` | a longer form of a shorter code point (RFC 3629 §3, §10) |
/// | [`Surrogate`](Self::Surrogate) | `ED A0`–`BF` | U+D800–U+DFFF are not characters (CESU-8 does this) |
/// | [`OutOfRange`](Self::OutOfRange) | `F4 90`–`BF`; `F5`–`F7` | above U+10FFFF (RFC 3629 §3, §12) |
/// | [`ObsoleteForm`](Self::ObsoleteForm) | `F8`–`FD` | RFC 2279's 5- and 6-byte forms, gone since 2003 |
/// | [`InvalidByte`](Self::InvalidByte) | `FE`, `FF` | never part of any UTF-8 |
///
/// A bad second byte decides before the end of input does: `E0` alone at the
/// end is `Truncated` (it may still become `E0 A0 80`), but `E0 80` at the end
/// is already `Overlong`.
///
/// # Examples
///
/// ```
/// use utf8lit::{decode::validate, ErrorKind};
///
/// let kind = |bytes: &[u8]| validate(bytes).unwrap_err().kind();
/// assert_eq!(kind(b"\x80"), ErrorKind::UnexpectedContinuation);
/// assert_eq!(kind(b"\xE2\x82 "), ErrorKind::MissingContinuation);
/// assert_eq!(kind(b"\xE2\x82"), ErrorKind::Truncated);
/// assert_eq!(kind(b"\xC0\x80"), ErrorKind::Overlong);
/// assert_eq!(kind(b"\xED\xA0\x80"), ErrorKind::Surrogate);
/// assert_eq!(kind(b"\xF4\x90\x80\x80"), ErrorKind::OutOfRange);
/// assert_eq!(kind(b"\xF8\x88\x80\x80\x80"), ErrorKind::ObsoleteForm);
/// assert_eq!(kind(b"\xFF"), ErrorKind::InvalidByte);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A continuation byte (`80`–`BF`) where a sequence must start.
    UnexpectedContinuation,
    /// A lead byte followed, inside the input, by a byte that cannot continue
    /// its sequence.
    MissingContinuation,
    /// The input ends inside a sequence that could still have been valid.
    Truncated,
    /// A code point written with more bytes than it needs.
    Overlong,
    /// A UTF-16 surrogate (U+D800–U+DFFF) encoded as if it were a character.
    Surrogate,
    /// A code point above U+10FFFF.
    OutOfRange,
    /// An RFC 2279 5- or 6-byte form (`F8`–`FD`).
    ObsoleteForm,
    /// `FE` or `FF`, bytes that never occur in UTF-8.
    InvalidByte,
}

/// What the bytes before an error were, packed into [`Utf8Error`].
pub(super) const CTX_START: u8 = 0;
pub(super) const CTX_AFTER_ASCII: u8 = 1;
pub(super) const CTX_AFTER_OTHER: u8 = 2;
/// The error is at offset 2 after `00 00`: the start of a UTF-32BE BOM?
pub(super) const CTX_AFTER_TWO_NULS: u8 = 3;
/// As [`CTX_AFTER_ASCII`], the byte just before being a letter (`A`–`Z`,
/// `a`–`z`): the error is inside a word.
pub(super) const CTX_AFTER_ASCII_LETTER: u8 = 4;
/// After a Latin-1 letter (see [`is_latin1_letter`]) that itself came after
/// ASCII as for [`CTX_AFTER_ASCII`] (or at the start): the second byte of a
/// pair such as `FC DF`, ISO-8859-1 "üß".
pub(super) const CTX_AFTER_LATIN1: u8 = 5;
/// As [`CTX_AFTER_LATIN1`], the byte before the Latin-1 letter being an
/// ASCII letter.
pub(super) const CTX_AFTER_LETTER_LATIN1: u8 = 6;

/// A byte that is a letter in ISO-8859-1, as one of a pair of them: `C0`–`FD`
/// but for `D7` (×) and `F7` (÷). Never a UTF-8 continuation byte. `FE` (þ)
/// and `FF` (ÿ) are left out: rare in text, and `FF FE` or `FE FF` after
/// the start is more likely UTF-16 (or binary) than "ÿþ".
pub(super) const fn is_latin1_letter(b: u8) -> bool {
    matches!(b, 0xC0..=0xD6 | 0xD8..=0xF6 | 0xF8..=0xFD)
}

/// Whether `before` ends the way [`CTX_AFTER_ASCII`] asks (two ASCII bytes,
/// one at the start, or nothing) and, if so, whether its last byte is an
/// ASCII letter.
///
/// Always inlined: a call to it, on the early-error path, made the error's
/// builder save and restore registers around it.
#[inline(always)]
#[allow(clippy::inline_always, reason = "no call on the early-error path")]
const fn ascii_before(before: &[u8]) -> Option<bool> {
    match before {
        [] => Some(false),
        [prev] | [.., 0x00..=0x7F, prev] if *prev < 0x80 => Some(prev.is_ascii_alphabetic()),
        _ => None,
    }
}

/// [`Utf8Error`]'s `packed` byte: how many window bytes are the input's
/// (0 to 6, three bits), and a `CTX_*` value (three bits) above them.
const fn pack(avail: usize, context: u8) -> u8 {
    (avail as u8) | (context << 3)
}

/// How many input bytes, from the error on, an error keeps to explain itself:
/// enough for a CESU-8 pair or an RFC 2279 6-byte form.
const WINDOW: usize = 6;

/// The error of a failed UTF-8 check: where, how long, what kind, and what
/// the bytes meant.
///
/// `valid_up_to` and `error_len` are exactly those of
/// `core::str::Utf8Error` for the same input, so code written against std
/// keeps working. [`kind`](Self::kind) says why, and
/// [`meaning`](Self::meaning) and [`looks_like`](Self::looks_like) say what
/// the bytes would have been. The error carries the few bytes it needs (it
/// stays `Copy` and 16 bytes), so its `Display` needs no
/// access to the input (see [`Display`](#impl-Display-for-Utf8Error) for
/// the shape of every message):
///
/// ```
/// let err = utf8lit::validate(b"\xC0\x80").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid UTF-8 at byte 0 (overlong encoding): C0 80 is U+0000 in 2 bytes; UTF-8 writes it 00; \
///      this is how Java's modified UTF-8 (JNI, class files, DataOutput.writeUTF) writes U+0000",
/// );
/// ```
///
/// # Examples
///
/// `error_len()` is `Some(1)`, `Some(2)`, `Some(3)` or `None`:
///
/// ```
/// use utf8lit::{decode::validate, ErrorKind};
///
/// let err = validate(b"ab\xC3\xA9\xFF").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (4, Some(1)));
///
/// let err = validate(b"\xE2\x82(").unwrap_err(); // `(` cannot continue E2 82
/// assert_eq!((err.error_len(), err.kind()), (Some(2), ErrorKind::MissingContinuation));
///
/// let err = validate(b"\xF0\x9F\x98 ").unwrap_err();
/// assert_eq!(err.error_len(), Some(3));
///
/// let err = validate(b"\xF0\x9F\x98").unwrap_err(); // may yet become 😀
/// assert_eq!((err.error_len(), err.kind()), (None, ErrorKind::Truncated));
///
/// // Same numbers as std, for every input:
/// let std_err = core::str::from_utf8(b"\xF0\x9F\x98").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (std_err.valid_up_to(), std_err.error_len()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    valid_up_to: usize,
    /// Eight bytes, in this order in memory on every target: the input
    /// bytes from `valid_up_to` on (`WINDOW` of them; the first `avail`
    /// are meaningful, the others zero), `packed`, and [`MARK`]. Never
    /// zero, so `Result<(), Utf8Error>` is two words, and returned in two
    /// registers (an error of a byte array and bytes is returned through
    /// memory, a byte at a time).
    record: NonZeroU64,
}

/// The six window bytes of a record.
const WINDOW_MASK: u64 = u64::from_ne_bytes([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0]);

/// A record's last byte: not zero, whatever the window and `packed`, so
/// that the record is never zero, and known to be so without a test.
const MARK: u8 = 1;

/// A record: the window from `window` (its first six bytes in memory
/// order), `packed` (see [`pack`]) and [`MARK`].
const fn record(window: u64, packed: u8) -> NonZeroU64 {
    let meta = u64::from_ne_bytes([0, 0, 0, 0, 0, 0, packed, MARK]);
    match NonZeroU64::new(window & WINDOW_MASK | meta) {
        Some(record) => record,
        // `MARK` is not zero.
        None => NonZeroU64::MIN,
    }
}

impl Utf8Error {
    /// Records the error that starts at `at` in `bytes` (the caller has
    /// found one there: the bytes from `at` on are no character). Cold: the
    /// valid case never gets here.
    #[cold]
    pub(super) const fn new(bytes: &[u8], at: usize) -> Self {
        Self::build(bytes, at)
    }

    /// What [`build`](Self::build) records for an error at `at`, the
    /// input's first high byte, every byte before it ASCII: `window` is
    /// the eight bytes from `at`, `letter_before` whether the byte before
    /// is an ASCII letter, and `two_nuls_before` whether `at` is 2 after
    /// two NULs. The run time's kernels tell these from a vector they
    /// hold, and the record is put together with no branch and no load.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the point: no call on the early-error path"
    )]
    #[allow(dead_code, reason = "the proc-macro crate compiles this file too")]
    pub(crate) const fn after_ascii(
        at: usize,
        window: [u8; 8],
        letter_before: bool,
        two_nuls_before: bool,
    ) -> Self {
        // The contexts after ASCII as sums: a letter adds 3, two NULs
        // (never a letter) 2, and at the start there is none.
        const _: () = assert!(
            CTX_START == 0
                && CTX_AFTER_ASCII == 1
                && CTX_AFTER_TWO_NULS == CTX_AFTER_ASCII + 2
                && CTX_AFTER_ASCII_LETTER == CTX_AFTER_ASCII + 3
        );
        let context = (at != 0) as u8
            * (CTX_AFTER_ASCII + 3 * letter_before as u8 + 2 * two_nuls_before as u8);
        Self {
            valid_up_to: at,
            record: record(u64::from_ne_bytes(window), pack(WINDOW, context)),
        }
    }

    /// [`after_ascii`](Self::after_ascii) of an error fewer than six bytes
    /// (`WINDOW`) from the end and not at the start: `rest` bytes from
    /// `at` to the end, `window` zero after them.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the point: no call on the early-error path"
    )]
    #[allow(dead_code, reason = "the proc-macro crate compiles this file too")]
    pub(crate) const fn after_ascii_near_end(
        at: usize,
        window: [u8; 8],
        rest: usize,
        letter_before: bool,
    ) -> Self {
        debug_assert!(at != 0 && rest < WINDOW, "the caller's promise");
        let context = CTX_AFTER_ASCII + 3 * letter_before as u8;
        Self {
            valid_up_to: at,
            record: record(u64::from_ne_bytes(window), pack(rest, context)),
        }
    }

    /// [`new`](Self::new), inlined: for the one caller that is itself the
    /// cold path and wants no second call (`decode::error_at_high`).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the point: no call on the early-error path"
    )]
    pub(super) const fn build(bytes: &[u8], at: usize) -> Self {
        let context = match bytes.split_at_checked(at) {
            Some(([], _)) | None => CTX_START,
            Some(([0, 0], _)) => CTX_AFTER_TWO_NULS,
            // Two ASCII bytes (or one at the start): a high byte in running
            // Latin text. Big5 and CP949 put ASCII-range bytes in the second
            // half of their pairs, so one is not enough.
            Some((before, _)) => match ascii_before(before) {
                Some(true) => CTX_AFTER_ASCII_LETTER,
                Some(false) => CTX_AFTER_ASCII,
                // A Latin-1 letter after ASCII: never the end of a UTF-8
                // character, so itself an error (of `problems`) just before.
                None => match before {
                    [rest @ .., prev] if is_latin1_letter(*prev) => match ascii_before(rest) {
                        Some(true) => CTX_AFTER_LETTER_LATIN1,
                        Some(false) => CTX_AFTER_LATIN1,
                        None => CTX_AFTER_OTHER,
                    },
                    _ => CTX_AFTER_OTHER,
                },
            },
        };
        let rest = tail(bytes, at);
        // The usual case: the window as one word, one load, returned on a
        // path of its own. (Bytes copied one by one into the record were
        // assembled or stored a byte at a time; merged with the cases
        // below, the usual case was slower.)
        if let Some(word) = rest.first_chunk::<8>() {
            return Self {
                valid_up_to: at,
                record: record(u64::from_ne_bytes(*word), pack(WINDOW, context)),
            };
        }
        // A lead byte cut off by the end, the usual error of a short
        // input: the window is that byte, with no word to put together.
        if let [byte] = rest {
            return Self {
                valid_up_to: at,
                record: record(
                    u64::from_ne_bytes((*byte as u64).to_le_bytes()),
                    pack(1, context),
                ),
            };
        }
        let avail = if rest.len() < WINDOW {
            rest.len()
        } else {
            WINDOW
        };
        // Fewer than eight bytes from `at` to the end: the last eight bytes
        // of the input (or all of them, fewer than eight), moved down to
        // `at`, in little-endian order, then in the target's.
        let (word, before) = match bytes.last_chunk::<8>() {
            Some(last) => (u64::from_le_bytes(*last), 8 - rest.len()),
            None => (short_word(bytes), at),
        };
        let word = match word.checked_shr(8 * before as u32) {
            Some(word) => word,
            None => 0,
        };
        let window = u64::from_ne_bytes(word.to_le_bytes());
        Self {
            valid_up_to: at,
            record: record(window, pack(avail, context)),
        }
    }

    /// The error as two scalars, for the run time's kernels, which return
    /// it as one ([`from_parts`](Self::from_parts) undoes it).
    #[allow(dead_code, reason = "the proc-macro crate compiles this file too")]
    pub(crate) const fn into_parts(self) -> (usize, NonZeroU64) {
        (self.valid_up_to, self.record)
    }

    /// The error that [`into_parts`](Self::into_parts) took apart.
    #[allow(dead_code, reason = "the proc-macro crate compiles this file too")]
    pub(crate) const fn from_parts(valid_up_to: usize, record: NonZeroU64) -> Self {
        Self {
            valid_up_to,
            record,
        }
    }

    /// The record's bytes, in memory order.
    const fn record_bytes(&self) -> [u8; 8] {
        self.record.get().to_ne_bytes()
    }

    const fn packed(&self) -> u8 {
        self.record_bytes()[6]
    }

    /// The error moved `by` bytes later, for a validator that checked a
    /// slice of a longer stream.
    #[must_use]
    pub(crate) const fn shifted(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }

    /// The length of the longest prefix of the input that is valid UTF-8.
    ///
    /// Same as [`core::str::Utf8Error::valid_up_to`].
    #[must_use]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    pub(super) const fn avail(&self) -> usize {
        (self.packed() & 0b111) as usize
    }

    pub(super) const fn context(&self) -> u8 {
        self.packed() >> 3
    }

    /// The input bytes the error kept, from `valid_up_to` on.
    #[allow(unsafe_code, reason = "the record's bytes, where they are")]
    pub(super) const fn window(&self) -> &[u8] {
        // SAFETY: `NonZeroU64` has the layout of `u64`: eight initialized
        // bytes, no padding, and an alignment that `[u8; 8]` (alignment 1)
        // does not exceed; the borrow is `self`'s.
        let bytes = unsafe { &*(&raw const self.record).cast::<[u8; 8]>() };
        let (window, _) = bytes.split_at(WINDOW);
        match window.split_at_checked(self.avail()) {
            Some((head, _)) => head,
            None => window,
        }
    }
}

/// Up to eight bytes as a little-endian word, zero after them: one load of
/// eight, else two overlapping loads (of four, or of two) or one byte, not
/// a byte at a time. Here for the error's window; the kernels use it too.
pub(crate) const fn short_word(bytes: &[u8]) -> u64 {
    if let Some(word) = bytes.first_chunk::<8>() {
        return u64::from_le_bytes(*word);
    }
    let len = bytes.len();
    match (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        (Some(lo), Some(hi)) => {
            u32::from_le_bytes(*lo) as u64 | (u32::from_le_bytes(*hi) as u64) << (8 * (len - 4))
        }
        _ => match (bytes.first_chunk::<2>(), bytes.last_chunk::<2>()) {
            (Some(lo), Some(hi)) => {
                u16::from_le_bytes(*lo) as u64 | (u16::from_le_bytes(*hi) as u64) << (8 * (len - 2))
            }
            _ => match *bytes {
                [b0] => b0 as u64,
                _ => 0,
            },
        },
    }
}

/// Returns `bytes[at..]`, or an empty slice when `at` is past the end.
#[inline]
pub(super) const fn tail(bytes: &[u8], at: usize) -> &[u8] {
    match bytes.split_at_checked(at) {
        Some((_, rest)) => rest,
        None => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window is the input from the error on, however it was copied:
    /// six bytes or more left, fewer left of a longer input (one load and a
    /// shift), and a short input (a byte loop).
    #[test]
    fn window_is_the_rest_of_the_input_at_every_distance_from_the_end() {
        let input = b"0123456789\xF0\x9F\x98\xF0\x9F\x98";
        for end in 0..=input.len() {
            for at in 0..=end {
                let bytes = &input[..end];
                let err = Utf8Error::build(bytes, at);
                let rest = &bytes[at..];
                assert_eq!(err.window(), &rest[..rest.len().min(WINDOW)], "{end} {at}");
            }
        }
    }

    #[test]
    fn the_record_keeps_every_count_and_context_apart_from_the_window() {
        for avail in 0..=WINDOW {
            for context in 0..=CTX_AFTER_LETTER_LATIN1 {
                let err = Utf8Error {
                    valid_up_to: 0,
                    record: record(u64::MAX, pack(avail, context)),
                };
                assert_eq!((err.avail(), err.context()), (avail, context));
                assert_eq!(err.window(), &[0xFF; WINDOW][..avail]);
            }
        }
    }

    #[test]
    fn the_context_is_what_came_before() {
        let context = |bytes: &[u8], at| Utf8Error::build(bytes, at).context();
        assert_eq!(context(b"\xFF", 0), CTX_START);
        assert_eq!(context(b"\0\0\xFE\xFF", 2), CTX_AFTER_TWO_NULS);
        assert_eq!(context(b"ab\xFF", 2), CTX_AFTER_ASCII_LETTER);
        assert_eq!(context(b"a \xFF", 2), CTX_AFTER_ASCII);
        assert_eq!(context(b" \xFC\xDF", 2), CTX_AFTER_LATIN1);
        assert_eq!(context(b"a\xFC\xDF", 2), CTX_AFTER_LETTER_LATIN1);
        assert_eq!(context(b"\xE2\x82\xAC\xFF", 3), CTX_AFTER_OTHER);
    }

    #[test]
    fn error_is_small_and_result_has_a_niche() {
        assert!(core::mem::size_of::<Utf8Error>() <= 16);
        assert_eq!(
            core::mem::size_of::<Result<(), Utf8Error>>(),
            core::mem::size_of::<Utf8Error>()
        );
    }
}
