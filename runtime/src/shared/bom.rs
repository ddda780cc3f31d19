//! Byte-order marks: [`Bom`] and [`strip_utf8_bom`].
//!
//! RFC 3629 §6 lets UTF-8 text start with `EF BB BF`, the encoding of
//! U+FEFF ZERO WIDTH NO-BREAK SPACE used as a signature, and says when to
//! drop it: a protocol may forbid it, and where it is allowed it is a
//! signature, not text. Nothing in this crate strips it on its own — a
//! validated string that started with `EF BB BF` still starts with U+FEFF,
//! exactly as `core::str::from_utf8` keeps it — so stripping is a decision
//! the caller makes, with [`strip_utf8_bom`] or [`Utf8Str::strip_bom`].
//!
//! The marks of UTF-16 and UTF-32 are never valid UTF-8 (`FF` and `FE` occur
//! in no UTF-8 text), so [`Bom::detect`] on input that failed validation says
//! which encoding it really is; [`Utf8Error::looks_like`] does the same from
//! the error alone, with this file's [`Bom::detect`].
//!
//! [`Utf8Str::strip_bom`]: crate::Utf8Str::strip_bom
//! [`Utf8Error::looks_like`]: crate::Utf8Error::looks_like

/// A byte-order mark at the start of some bytes.
///
/// # Examples
///
/// ```
/// use utf8lit::Bom;
///
/// assert_eq!(Bom::detect(b"\xEF\xBB\xBFtext"), Some(Bom::Utf8));
/// assert_eq!(Bom::detect(b"\xFF\xFEt\x00"), Some(Bom::Utf16Le));
/// assert_eq!(Bom::detect(b"\xFF\xFE\x00\x00t\x00\x00\x00"), Some(Bom::Utf32Le));
/// assert_eq!(Bom::detect(b"text"), None);
///
/// let bom = Bom::detect(b"\xFE\xFF\x00t").unwrap();
/// assert_eq!(bom.to_string(), "UTF-16BE byte-order mark (FE FF)");
/// assert!(!bom.is_utf8());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bom {
    /// `EF BB BF`: U+FEFF in UTF-8, the RFC 3629 §6 signature.
    Utf8,
    /// `FF FE`: UTF-16, little-endian.
    Utf16Le,
    /// `FE FF`: UTF-16, big-endian.
    Utf16Be,
    /// `FF FE 00 00`: UTF-32, little-endian.
    Utf32Le,
    /// `00 00 FE FF`: UTF-32, big-endian.
    Utf32Be,
}

impl Bom {
    /// The byte-order mark `bytes` start with, if any.
    ///
    /// `FF FE 00 00` is read as UTF-32LE rather than as UTF-16LE text whose
    /// first character is U+0000, as the WHATWG and most sniffers do.
    #[must_use]
    pub const fn detect(bytes: &[u8]) -> Option<Bom> {
        match bytes {
            [0xEF, 0xBB, 0xBF, ..] => Some(Bom::Utf8),
            [0xFF, 0xFE, 0x00, 0x00, ..] => Some(Bom::Utf32Le),
            [0xFF, 0xFE, ..] => Some(Bom::Utf16Le),
            [0xFE, 0xFF, ..] => Some(Bom::Utf16Be),
            [0x00, 0x00, 0xFE, 0xFF, ..] => Some(Bom::Utf32Be),
            _ => None,
        }
    }

    /// The mark's bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Bom;
    ///
    /// assert_eq!(Bom::Utf8.as_bytes(), "\u{FEFF}".as_bytes());
    /// assert_eq!(Bom::Utf32Be.as_bytes().len(), 4);
    /// ```
    #[must_use]
    pub const fn as_bytes(self) -> &'static [u8] {
        match self {
            Bom::Utf8 => b"\xEF\xBB\xBF",
            Bom::Utf16Le => b"\xFF\xFE",
            Bom::Utf16Be => b"\xFE\xFF",
            Bom::Utf32Le => b"\xFF\xFE\x00\x00",
            Bom::Utf32Be => b"\x00\x00\xFE\xFF",
        }
    }

    /// The encoding the mark announces, as the WHATWG names it:
    /// `"UTF-8"`, `"UTF-16LE"`, `"UTF-16BE"`, `"UTF-32LE"`, `"UTF-32BE"`.
    #[must_use]
    pub const fn encoding(self) -> &'static str {
        match self {
            Bom::Utf8 => "UTF-8",
            Bom::Utf16Le => "UTF-16LE",
            Bom::Utf16Be => "UTF-16BE",
            Bom::Utf32Le => "UTF-32LE",
            Bom::Utf32Be => "UTF-32BE",
        }
    }

    /// Whether this is the UTF-8 signature (the only mark that valid UTF-8
    /// can start with).
    #[must_use]
    pub const fn is_utf8(self) -> bool {
        matches!(self, Bom::Utf8)
    }
}

/// `bytes` without a leading UTF-8 signature `EF BB BF`, if they have one.
///
/// Only the UTF-8 mark is removed, and only once: a UTF-16 or UTF-32 mark is
/// left for validation to reject (and for the error to name), and a second
/// `EF BB BF` is text (U+FEFF), not a signature.
///
/// # Examples
///
/// ```
/// use utf8lit::{strip_utf8_bom, Utf8Str};
///
/// let file = b"\xEF\xBB\xBFname,value\n";
/// let text = Utf8Str::from_bytes(strip_utf8_bom(file))?;
/// assert_eq!(text, "name,value\n");
///
/// assert_eq!(strip_utf8_bom(b"no mark"), b"no mark");
/// assert_eq!(strip_utf8_bom(b"\xFF\xFEx\x00"), b"\xFF\xFEx\x00"); // UTF-16: kept
///
/// const STRIPPED: &[u8] = strip_utf8_bom(b"\xEF\xBB\xBFconst");
/// assert_eq!(STRIPPED, b"const");
/// # Ok::<(), utf8lit::Utf8Error>(())
/// ```
#[must_use]
pub const fn strip_utf8_bom(bytes: &[u8]) -> &[u8] {
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => rest,
        _ => bytes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Bom; 5] = [
        Bom::Utf8,
        Bom::Utf16Le,
        Bom::Utf16Be,
        Bom::Utf32Le,
        Bom::Utf32Be,
    ];

    #[test]
    fn each_mark_detects_itself_alone_and_before_text() {
        for bom in ALL {
            assert_eq!(Bom::detect(bom.as_bytes()), Some(bom));
            let mut buffer = [b'x'; 8];
            buffer[..bom.as_bytes().len()].copy_from_slice(bom.as_bytes());
            assert_eq!(Bom::detect(&buffer), Some(bom));
            // Any proper prefix of a mark is not that mark. (`FF FE 00` is
            // UTF-16LE: the prefix of the UTF-32LE mark that is a mark too.)
            let bytes = bom.as_bytes();
            for cut in 0..bytes.len() {
                assert_ne!(
                    Bom::detect(&bytes[..cut]),
                    Some(bom),
                    "{bom:?} cut at {cut}"
                );
            }
        }
    }

    #[test]
    fn only_the_utf8_mark_is_valid_utf8() {
        for bom in ALL {
            assert_eq!(
                core::str::from_utf8(bom.as_bytes()).is_ok(),
                bom.is_utf8(),
                "{bom:?}"
            );
        }
    }

    #[test]
    fn strip_removes_one_utf8_mark_only() {
        assert_eq!(strip_utf8_bom(b""), b"");
        assert_eq!(strip_utf8_bom(b"\xEF\xBB"), b"\xEF\xBB");
        assert_eq!(strip_utf8_bom(b"\xEF\xBB\xBF"), b"");
        assert_eq!(
            strip_utf8_bom(b"\xEF\xBB\xBF\xEF\xBB\xBFx"),
            b"\xEF\xBB\xBFx"
        );
        for bom in &ALL[1..] {
            assert_eq!(strip_utf8_bom(bom.as_bytes()), bom.as_bytes());
        }
    }
}
