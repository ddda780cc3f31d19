//! The ASCII rule (every byte 00–7F) and its error, [`AsciiError`]: what
//! `AsciiStr`'s constructors and `ascii!` both check.
//!
//! The first byte above 7F is the error. Usually it starts a perfectly good
//! UTF-8 character, and the error names it; otherwise the input is not UTF-8
//! either, and the error carries that [`Utf8Error`] too.

use super::decode::next_char;
use super::error::Utf8Error;

/// Finds the first non-ASCII byte: the one rule of `AsciiStr`, for every
/// constructor and for `ascii!`, so all of them report the same error for
/// the same bytes.
pub const fn check(bytes: &[u8]) -> Result<(), AsciiError> {
    // The common case in one call (core checks a word at a time).
    if bytes.is_ascii() {
        return Ok(());
    }
    check_from(bytes, 0)
}

/// The first non-ASCII byte at or after `start`, reported at its offset in
/// `bytes` and explained with the bytes before `start` in view: how `ascii!`
/// goes on to report every problem of a literal.
pub(crate) const fn check_from(bytes: &[u8], start: usize) -> Result<(), AsciiError> {
    let mut at = start;
    while at < bytes.len() {
        // Indexing is protected by the loop condition.
        let byte = bytes[at];
        if !byte.is_ascii() {
            return Err(AsciiError::new(bytes, at, byte));
        }
        at += 1;
    }
    Ok(())
}

/// The error of an ASCII check: the first byte above 7F, where it is, and
/// what it starts.
///
/// Usually the byte begins a well-formed UTF-8 character, and the error says
/// which ([`char`](Self::char)); otherwise the input is not UTF-8 either and
/// the error carries that [`Utf8Error`] ([`utf8_error`](Self::utf8_error)).
/// `Display` is one line:
///
/// ```text
/// non-ASCII character 'é' (U+00E9, bytes C3 A9) at byte 3
/// non-ASCII byte E9 at byte 3; not UTF-8 either: invalid UTF-8 at byte 3 (truncated sequence): …
/// ```
///
/// # Examples
///
/// ```
/// use utf8lit::AsciiStr;
///
/// let err = AsciiStr::from_bytes("x → y".as_bytes()).unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// assert_eq!(err.byte(), 0xE2);
/// assert_eq!(err.char(), Some('→'));
/// assert_eq!(err.utf8_error(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiError {
    valid_up_to: usize,
    byte: u8,
    /// The character that starts at `valid_up_to`, or why none does.
    found: Result<char, Utf8Error>,
}

impl AsciiError {
    /// The error for `byte`, found at `at` in `bytes`.
    #[cold]
    const fn new(bytes: &[u8], at: usize, byte: u8) -> Self {
        let found = match next_char(bytes, at) {
            Some(Ok((ch, _))) => Ok(ch),
            Some(Err(e)) => Err(e),
            // `next_char` is `None` only past the end, and `at` is inside;
            // a replacement character beats a panic.
            None => Ok(char::REPLACEMENT_CHARACTER),
        };
        Self {
            valid_up_to: at,
            byte,
            found,
        }
    }

    /// The length of the longest ASCII prefix: the offset of the first byte
    /// above 7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert_eq!(AsciiStr::from_str("ab€").unwrap_err().valid_up_to(), 2);
    /// assert_eq!(AsciiStr::from_bytes(b"\x80").unwrap_err().valid_up_to(), 0);
    /// ```
    #[must_use]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The first byte above 7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert_eq!(AsciiStr::from_str("ab€").unwrap_err().byte(), 0xE2);
    /// ```
    #[must_use]
    pub const fn byte(&self) -> u8 {
        self.byte
    }

    /// The character that [`byte`](Self::byte) starts, when the input is
    /// well-formed UTF-8 there.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert_eq!(AsciiStr::from_str("ab€").unwrap_err().char(), Some('€'));
    /// assert_eq!(AsciiStr::from_bytes(b"ab\x80").unwrap_err().char(), None);
    /// ```
    #[must_use]
    pub const fn char(&self) -> Option<char> {
        match self.found {
            Ok(ch) => Some(ch),
            Err(_) => None,
        }
    }

    /// Why the input is not UTF-8 at [`valid_up_to`](Self::valid_up_to),
    /// when it is not: the input's first UTF-8 error, since everything
    /// before it is ASCII.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{AsciiStr, ErrorKind};
    ///
    /// let err = AsciiStr::from_bytes(b"ab\x80").unwrap_err();
    /// let utf8 = err.utf8_error().unwrap();
    /// assert_eq!(utf8.kind(), ErrorKind::UnexpectedContinuation);
    /// assert_eq!(utf8.valid_up_to(), 2);
    /// assert_eq!(AsciiStr::from_str("é").unwrap_err().utf8_error(), None);
    /// ```
    #[must_use]
    pub const fn utf8_error(&self) -> Option<Utf8Error> {
        match self.found {
            Ok(_) => None,
            Err(e) => Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The first non-ASCII byte, whatever comes after it.
    #[test]
    fn check_reports_the_first_high_byte() {
        let err = check(b"abc\x80\xFF").unwrap_err();
        assert_eq!((err.valid_up_to(), err.byte()), (3, 0x80));
        let err = check("0123456789abcdef0123456789é".as_bytes()).unwrap_err();
        assert_eq!((err.valid_up_to(), err.char()), (26, Some('é')));
        assert!(check(b"").is_ok());
        assert!(check(b"\x7F\x00").is_ok());
    }

    // A valid character with a later UTF-8 error still names the character.
    #[test]
    fn character_before_a_later_utf8_error() {
        let err = check(b"a\xC3\xA9\xFF").unwrap_err();
        assert_eq!(err.char(), Some('é'));
        assert_eq!(err.utf8_error(), None);
    }
}
