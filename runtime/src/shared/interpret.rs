//! What the bytes of an error were: [`Utf8Error::bytes`],
//! [`Utf8Error::meaning`] and [`Utf8Error::looks_like`], as data
//! ([`CodePoints`], [`Meaning`], [`LooksLike`]).
//!
//! This layer reads the record ([`error`](super::error)) with the help of
//! the grammar's RFC 2279 reading ([`decode`](super::decode)) and the
//! byte-order marks ([`bom`](super::bom)); it says nothing in words, which
//! is [`words`](super::words)' job.

use super::bom::Bom;
use super::decode::{
    announced_len, count_tail, is_continuation, shortest_from, value_range, CONT_MASK,
};
use super::error::{
    is_latin1_letter, tail, ErrorKind, Utf8Error, CTX_AFTER_ASCII, CTX_AFTER_ASCII_LETTER,
    CTX_AFTER_LATIN1, CTX_AFTER_LETTER_LATIN1, CTX_AFTER_TWO_NULS, CTX_START,
};

impl Utf8Error {
    /// For a missing continuation: the byte that came instead.
    pub(crate) const fn intruder(&self) -> Option<u8> {
        match (self.kind(), self.error_len()) {
            (ErrorKind::MissingContinuation, Some(len)) => match tail(self.window(), len) {
                [b, ..] => Some(*b),
                [] => None,
            },
            _ => None,
        }
    }

    /// The ill-formed bytes the message quotes, starting at `valid_up_to`.
    ///
    /// This is the whole offending *form*, which can be longer than
    /// `error_len()`: an overlong `C0 80` has `error_len() == Some(1)`
    /// (std's maximal subpart), but both bytes are what was meant. For a
    /// CESU-8 surrogate pair it is all six bytes; for a missing continuation,
    /// the bytes before the intruder; for a truncated sequence, the rest of
    /// the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::decode::validate;
    ///
    /// let err = validate(b"x\xC0\x80y").unwrap_err();
    /// assert_eq!(err.bytes(), [0xC0, 0x80]);
    /// assert_eq!(err.error_len(), Some(1));
    ///
    /// let err = validate(b"\xED\xA1\x8C\xED\xBE\xB4").unwrap_err();
    /// assert_eq!(err.bytes().len(), 6);
    /// ```
    #[must_use]
    pub const fn bytes(&self) -> &[u8] {
        let window = self.window();
        let len = match self.kind() {
            ErrorKind::UnexpectedContinuation | ErrorKind::InvalidByte => 1,
            ErrorKind::MissingContinuation => match self.error_len() {
                Some(n) => n,
                None => 1,
            },
            ErrorKind::Truncated => window.len(),
            ErrorKind::Overlong
            | ErrorKind::OutOfRange
            | ErrorKind::ObsoleteForm
            | ErrorKind::Surrogate => {
                if self.surrogate_pair().is_some() {
                    6
                } else {
                    match window {
                        [lead, ..] => count_tail(window, announced_len(*lead)),
                        [] => 0,
                    }
                }
            }
        };
        match window.split_at_checked(len) {
            Some((head, _)) => head,
            None => window,
        }
    }

    /// A CESU-8 pair at the error: high and low surrogate, each in three
    /// bytes, as `(high, low)`.
    const fn surrogate_pair(&self) -> Option<(u32, u32)> {
        if !matches!(self.kind(), ErrorKind::Surrogate) {
            return None;
        }
        match self.window() {
            [0xED, h1 @ 0xA0..=0xAF, h2, 0xED, l1 @ 0xB0..=0xBF, l2]
                if is_continuation(*h2) && is_continuation(*l2) =>
            {
                let high = 0xD000 | ((*h1 & CONT_MASK) as u32) << 6 | (*h2 & CONT_MASK) as u32;
                let low = 0xD000 | ((*l1 & CONT_MASK) as u32) << 6 | (*l2 & CONT_MASK) as u32;
                Some((high, low))
            }
            _ => None,
        }
    }

    /// What the offending bytes would have encoded, as data.
    ///
    /// `None` for the kinds that have no such reading: stray or missing
    /// continuation bytes, truncation, and `FE`/`FF`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{decode::validate, CodePoints, Meaning};
    ///
    /// let meaning = |bytes: &[u8]| validate(bytes).unwrap_err().meaning();
    /// assert_eq!(meaning(b"\xC0\xAE"), Some(Meaning::Overlong(CodePoints::exact(0x2E))));
    /// assert_eq!(meaning(b"\xED\xA0\x80"), Some(Meaning::Surrogate(CodePoints::exact(0xD800))));
    /// assert_eq!(
    ///     meaning(b"\xED\xA1\x8C\xED\xBE\xB4"),
    ///     Some(Meaning::SurrogatePair { high: 0xD84C, low: 0xDFB4, scalar: '\u{233B4}' }),
    /// );
    /// assert_eq!(meaning(b"\xF4\x90\x80\x80"), Some(Meaning::OutOfRange(CodePoints::exact(0x11_0000))));
    /// // Cut short, the bytes still narrow it down:
    /// assert_eq!(meaning(b"\xF4\x90"), Some(Meaning::OutOfRange(CodePoints::new(0x11_0000, 0x11_0FFF))));
    /// assert_eq!(
    ///     meaning(b"\xF8\x88\x80\x80\x80"),
    ///     Some(Meaning::ObsoleteForm { len: 5, value: CodePoints::exact(0x20_0000) }),
    /// );
    /// assert_eq!(meaning(b"\xFF"), None);
    /// ```
    #[must_use]
    pub const fn meaning(&self) -> Option<Meaning> {
        if let Some((high, low)) = self.surrogate_pair() {
            let value = 0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            return match char::from_u32(value) {
                Some(scalar) => Some(Meaning::SurrogatePair {
                    high: high as u16,
                    low: low as u16,
                    scalar,
                }),
                None => None, // unreachable: a pair always gives U+10000..=U+10FFFF
            };
        }
        if !matches!(
            self.kind(),
            ErrorKind::Overlong
                | ErrorKind::Surrogate
                | ErrorKind::OutOfRange
                | ErrorKind::ObsoleteForm
        ) {
            return None;
        }
        // These kinds all start with a lead announcing 2 to 6 bytes.
        let len = match self.window() {
            [lead, ..] => announced_len(*lead),
            [] => return None,
        };
        let (mut first, last) = value_range(self.bytes(), len);
        // A form cut short encodes only the values it would not have been
        // overlong for: a lone F8 begins U+200000–U+FFFFFF (RFC 2279 wrote
        // U+0000–U+1FFFFF in fewer bytes), FC U+4000000–U+3FFFFFFF. Only a
        // lead alone straddles that bound; with a continuation byte the range
        // is either all overlong or none of it, and an overlong one stays as
        // it is (for `Overlong`, that is the point).
        let shortest = shortest_from(len);
        if first < shortest && shortest <= last {
            first = shortest;
        }
        let points = CodePoints { first, last };
        match self.kind() {
            ErrorKind::Overlong => Some(Meaning::Overlong(points)),
            ErrorKind::Surrogate => Some(Meaning::Surrogate(points)),
            ErrorKind::OutOfRange => Some(Meaning::OutOfRange(points)),
            ErrorKind::ObsoleteForm => Some(Meaning::ObsoleteForm {
                len: len as u8,
                value: points,
            }),
            _ => None,
        }
    }

    /// What the input looks like instead, when the error suggests another
    /// encoding: a UTF-16 or UTF-32 byte-order mark at the start, Java's
    /// modified UTF-8 (`C0 80` for U+0000), or a lone high byte among ASCII —
    /// the usual sign of ISO-8859-1 or Windows-1252 text mislabelled as UTF-8.
    ///
    /// It is a guess from the bytes around the error, for a better message;
    /// `None` when nothing stands out. A byte counts as lone when the two
    /// bytes before it are ASCII (or the input starts there) and the one or
    /// two after it are ASCII (or the input ends). Two letters of
    /// ISO-8859-1 (`C0`–`FD` but `D7` and `F7`) between such bytes count
    /// too, each as the other's neighbour, when an ASCII letter touches the
    /// pair: `FC DF` in "Gr\xFC\xDFe" ("Grüße"), but not a two-letter word
    /// of Cyrillic or Arabic text between spaces. On the test corpora this
    /// fires for about 9 in 10 errors of ISO-8859-1 and Windows-1252 text,
    /// always with the right character, and never on Big5, CP949,
    /// Windows-1256, Greek, Hebrew or Russian text, whose high bytes come
    /// in runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{decode::validate, LooksLike};
    ///
    /// let looks = |bytes: &[u8]| validate(bytes).unwrap_err().looks_like();
    /// assert_eq!(looks(b"caf\xE9"), Some(LooksLike::Latin1 { byte: 0xE9, ch: '\u{E9}' }));
    /// assert_eq!(looks(b"\x93quoted\x94"), Some(LooksLike::Windows1252 { byte: 0x93, ch: '\u{201C}' }));
    /// assert_eq!(looks(b"\xFF\xFEh\x00i\x00"), Some(LooksLike::Utf16Le));
    /// assert_eq!(looks(b"a\xC0\x80b"), Some(LooksLike::JavaModifiedUtf8));
    /// assert_eq!(looks(b"\xE9\xE9"), None); // two high bytes in a row: no lone byte
    /// assert_eq!(looks(b"Gr\xFC\xDFe"), Some(LooksLike::Latin1 { byte: 0xFC, ch: 'ü' })); // but "Grüße"
    /// ```
    #[must_use]
    pub const fn looks_like(&self) -> Option<LooksLike> {
        let window = self.window();
        // A byte-order mark is only ever at the start: the error is at byte
        // 0, or at byte 2 after the `00 00` of a UTF-32BE mark.
        let bom = match (self.context(), window) {
            (CTX_START, _) => Bom::detect(window),
            (CTX_AFTER_TWO_NULS, [a, b, ..]) => Bom::detect(&[0, 0, *a, *b]),
            _ => None,
        };
        if let Some(looks) = LooksLike::from_bom(bom) {
            return Some(looks);
        }
        if let [0xC0, 0x80, ..] = window {
            return Some(LooksLike::JavaModifiedUtf8);
        }
        let context = self.context();
        let after_ascii = matches!(
            context,
            CTX_START | CTX_AFTER_ASCII | CTX_AFTER_ASCII_LETTER | CTX_AFTER_TWO_NULS
        );
        let lone = match window {
            // Followed by the end, or by ASCII that does not itself run into
            // another high byte.
            [b, rest @ ..] if after_ascii && ends_high_run(rest) => *b,
            // Two Latin-1 letters between ASCII, as FC DF ("üß") in "Grüße":
            // either byte reads as its letter, if an ASCII letter touches the
            // pair (in a word, not a two-letter word of Cyrillic, Greek,
            // Hebrew or Arabic text between spaces). A letter is never a
            // continuation byte, so the two are not one UTF-8 character.
            [b, next, rest @ ..]
                if after_ascii
                    && is_latin1_letter(*b)
                    && is_latin1_letter(*next)
                    && ends_high_run(rest)
                    && (context == CTX_AFTER_ASCII_LETTER || starts_with_letter(rest)) =>
            {
                *b
            }
            [b, rest @ ..]
                if matches!(context, CTX_AFTER_LATIN1 | CTX_AFTER_LETTER_LATIN1)
                    && is_latin1_letter(*b)
                    && ends_high_run(rest)
                    && (context == CTX_AFTER_LETTER_LATIN1 || starts_with_letter(rest)) =>
            {
                *b
            }
            _ => return None,
        };
        match lone {
            0x80..=0x9F => match windows_1252_c1(lone) {
                Some(ch) => Some(LooksLike::Windows1252 { byte: lone, ch }),
                None => None,
            },
            // ISO-8859-1 is Unicode's first 256 code points.
            _ => Some(LooksLike::Latin1 {
                byte: lone,
                ch: lone as char,
            }),
        }
    }
}

/// The bytes after a high byte (or pair) leave it lone: the end, or ASCII
/// that does not itself run into another high byte.
const fn ends_high_run(rest: &[u8]) -> bool {
    matches!(rest, [] | [0x00..=0x7F] | [0x00..=0x7F, 0x00..=0x7F, ..])
}

/// The bytes start with an ASCII letter.
const fn starts_with_letter(rest: &[u8]) -> bool {
    matches!(rest, [first, ..] if first.is_ascii_alphabetic())
}

/// Windows-1252's characters for bytes 80–9F, where ISO-8859-1 has control
/// codes no text means. `None` for the five bytes it leaves undefined.
const fn windows_1252_c1(byte: u8) -> Option<char> {
    //          _0/_8       _1/_9       _2/_A       _3/_B       _4/_C       _5/_D       _6/_E       _7/_F
    const TABLE: [u16; 32] = [
        0x20AC, 0x0000, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80–87
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000, 0x017D, 0x0000, // 88–8F
        0x0000, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90–97
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x0000, 0x017E, 0x0178, // 98–9F
    ];
    let index = byte.wrapping_sub(0x80) as usize;
    if index >= TABLE.len() {
        return None;
    }
    // Indexing is protected by the check above.
    match TABLE[index] {
        0 => None,
        code => char::from_u32(code as u32),
    }
}

/// An inclusive range of code point values that ill-formed bytes encode:
/// one value when the sequence is complete, several when it was cut short.
///
/// # Examples
///
/// ```
/// use utf8lit::CodePoints;
///
/// let exact = CodePoints::exact(0x11_0000);
/// assert_eq!(exact.value(), Some(0x11_0000));
/// assert_eq!(exact.to_string(), "U+110000");
///
/// let range = CodePoints::new(0xD800, 0xD83F);
/// assert_eq!(range.value(), None);
/// assert_eq!(range.to_string(), "U+D800–U+D83F");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CodePoints {
    first: u32,
    last: u32,
}

impl CodePoints {
    /// The values `first..=last`.
    #[must_use]
    pub const fn new(first: u32, last: u32) -> Self {
        Self { first, last }
    }

    /// The single value `value`.
    #[must_use]
    pub const fn exact(value: u32) -> Self {
        Self {
            first: value,
            last: value,
        }
    }

    /// The smallest value.
    #[must_use]
    pub const fn first(&self) -> u32 {
        self.first
    }

    /// The largest value.
    #[must_use]
    pub const fn last(&self) -> u32 {
        self.last
    }

    /// The value, if there is only one.
    #[must_use]
    pub const fn value(&self) -> Option<u32> {
        if self.first == self.last {
            Some(self.first)
        } else {
            None
        }
    }
}

/// What ill-formed bytes would have encoded: [`Utf8Error::meaning`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Meaning {
    /// An overlong form of these code points; UTF-8 writes each in fewer
    /// bytes ([`encode_char`](super::decode::encode_char) gives the shortest form).
    Overlong(CodePoints),
    /// A lone surrogate (in U+D800–U+DFFF).
    Surrogate(CodePoints),
    /// A high and a low surrogate, each encoded in three bytes: CESU-8 (or
    /// Java's "modified UTF-8") for `scalar`, which UTF-8 writes in four.
    SurrogatePair {
        /// The high (leading) surrogate, U+D800–U+DBFF.
        high: u16,
        /// The low (trailing) surrogate, U+DC00–U+DFFF.
        low: u16,
        /// The character the pair stands for.
        scalar: char,
    },
    /// Values above U+10FFFF.
    OutOfRange(CodePoints),
    /// An RFC 2279 form of `len` bytes (5 or 6) and the value it encoded
    /// there.
    ObsoleteForm {
        /// The length the lead byte announces.
        len: u8,
        /// The value under RFC 2279's rules. Cut short, the values the form
        /// could still encode without being overlong: `F8` alone begins
        /// U+200000–U+FFFFFF, `FC` alone U+4000000–U+3FFFFFFF. Below
        /// U+200000 (5 bytes) or U+4000000 (6 bytes), the form is overlong
        /// even under RFC 2279 (`F8 80 80 80 80` is U+0000).
        value: CodePoints,
    },
}

/// Another encoding the input seems to be in: [`Utf8Error::looks_like`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LooksLike {
    /// A lone byte `A0`–`FF` among ASCII, or one of two letters there (as
    /// in "Grüße"): `ch` in ISO-8859-1, and in Windows-1252, which agrees
    /// there.
    Latin1 {
        /// The byte in the input.
        byte: u8,
        /// The character it is in ISO-8859-1.
        ch: char,
    },
    /// A lone byte `80`–`9F` among ASCII: `ch` in Windows-1252 (smart
    /// quotes, dashes, `€`, `™`).
    Windows1252 {
        /// The byte in the input.
        byte: u8,
        /// The character it is in Windows-1252.
        ch: char,
    },
    /// Starts with `FF FE`, the UTF-16 little-endian byte-order mark.
    Utf16Le,
    /// Starts with `FE FF`, the UTF-16 big-endian byte-order mark.
    Utf16Be,
    /// Starts with `FF FE 00 00`, the UTF-32 little-endian byte-order mark.
    Utf32Le,
    /// Starts with `00 00 FE FF`, the UTF-32 big-endian byte-order mark.
    Utf32Be,
    /// `C0 80`: how Java's *modified UTF-8* (JNI strings, class files,
    /// `DataOutput.writeUTF`) writes U+0000, so that no string contains a
    /// 00 byte. It is the usual source of this overlong form.
    JavaModifiedUtf8,
}

impl LooksLike {
    /// The input in the encoding a byte-order mark announces; `None` for no
    /// mark or the UTF-8 one.
    const fn from_bom(bom: Option<Bom>) -> Option<Self> {
        match bom {
            Some(Bom::Utf16Le) => Some(Self::Utf16Le),
            Some(Bom::Utf16Be) => Some(Self::Utf16Be),
            Some(Bom::Utf32Le) => Some(Self::Utf32Le),
            Some(Bom::Utf32Be) => Some(Self::Utf32Be),
            Some(Bom::Utf8) | None => None,
        }
    }

    /// The byte-order mark the input starts with, for the UTF-16 and UTF-32
    /// readings; `None` for the single-byte ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{Bom, LooksLike};
    ///
    /// let err = utf8lit::validate(b"\xFE\xFF\x00h").unwrap_err();
    /// assert_eq!(err.looks_like(), Some(LooksLike::Utf16Be));
    /// assert_eq!(LooksLike::Utf16Be.bom(), Some(Bom::Utf16Be));
    /// assert_eq!(Bom::Utf16Be.encoding(), "UTF-16BE");
    /// ```
    #[must_use]
    pub const fn bom(self) -> Option<Bom> {
        match self {
            Self::Utf16Le => Some(Bom::Utf16Le),
            Self::Utf16Be => Some(Bom::Utf16Be),
            Self::Utf32Le => Some(Bom::Utf32Le),
            Self::Utf32Be => Some(Bom::Utf32Be),
            Self::Latin1 { .. } | Self::Windows1252 { .. } | Self::JavaModifiedUtf8 => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::decode::validate;
    use super::*;

    // The whole decoder runs in const evaluation, error path included.
    const CONST_ERR: Result<(), Utf8Error> = validate(b"ab\xED\xA1\x8C\xED\xBE\xB4");
    const _: () = assert!(CONST_ERR.is_err());
    const CONST_MEANING: Option<Meaning> = match CONST_ERR {
        Err(err) => err.meaning(),
        Ok(()) => None,
    };
    const _: () = assert!(matches!(
        CONST_MEANING,
        Some(Meaning::SurrogatePair {
            scalar: '\u{233B4}',
            ..
        })
    ));

    #[test]
    fn windows_1252_table_rows() {
        // One probe per row, and the undefined bytes.
        assert_eq!(windows_1252_c1(0x80), Some('€'));
        assert_eq!(windows_1252_c1(0x8C), Some('Œ'));
        assert_eq!(windows_1252_c1(0x96), Some('–'));
        assert_eq!(windows_1252_c1(0x9F), Some('Ÿ'));
        for undefined in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            assert_eq!(windows_1252_c1(undefined), None);
        }
        // Outside 80–9F: not this table's business.
        assert_eq!(windows_1252_c1(0x7F), None);
        assert_eq!(windows_1252_c1(0xA0), None);
    }

    #[test]
    fn window_keeps_at_most_six_bytes_and_no_more_than_the_input() {
        let err = validate(b"\xFC\x80\x80\x80\x80\x80\x80\x80").unwrap_err();
        assert_eq!(err.window(), b"\xFC\x80\x80\x80\x80\x80");
        let err = validate(b"ab\xFF").unwrap_err();
        assert_eq!(err.window(), b"\xFF");
    }

    #[test]
    fn obsolete_lead_alone_begins_only_values_it_is_not_overlong_for() {
        let value = |bytes: &[u8]| match validate(bytes).unwrap_err().meaning() {
            Some(Meaning::ObsoleteForm { value, .. }) => (value.first(), value.last()),
            other => panic!("{bytes:02X?}: {other:?}"),
        };
        assert_eq!(value(b"\xF8"), (0x20_0000, 0xFF_FFFF));
        assert_eq!(value(b"\xF9"), (0x100_0000, 0x1FF_FFFF));
        assert_eq!(value(b"\xFB"), (0x300_0000, 0x3FF_FFFF));
        assert_eq!(value(b"\xFC"), (0x400_0000, 0x3FFF_FFFF));
        assert_eq!(value(b"\xFD"), (0x4000_0000, 0x7FFF_FFFF));
        // Overlong all through: kept, the words say so.
        assert_eq!(value(b"\xF8\x80"), (0, 0x3_FFFF));
        assert_eq!(value(b"\xFC\x83"), (0x300_0000, 0x3FF_FFFF));
        assert_eq!(value(b"\xF8\x80\x80\x80\x80"), (0, 0));
        // The overlong kind keeps its overlong range.
        assert_eq!(
            validate(b"\xC1").unwrap_err().meaning(),
            Some(Meaning::Overlong(CodePoints::new(0x40, 0x7F)))
        );
    }

    #[test]
    fn latin1_pair_needs_two_letters_between_ascii_touching_an_ascii_letter() {
        let first = |bytes: &[u8]| validate(bytes).unwrap_err().looks_like();
        // The second byte of a pair is an error only after the first.
        let second = |bytes: &[u8]| {
            let err = validate(bytes).unwrap_err();
            let at = err.valid_up_to() + 1;
            super::super::decode::validate_from(bytes, at)
                .unwrap_err()
                .looks_like()
        };
        let latin1 = |byte: u8| {
            Some(LooksLike::Latin1 {
                byte,
                ch: byte as char,
            })
        };
        assert_eq!(first(b"Gr\xFC\xDFe"), latin1(0xFC));
        assert_eq!(second(b"Gr\xFC\xDFe"), latin1(0xDF));
        // An ASCII letter before the pair is enough, or after it.
        assert_eq!(first(b"s\xFC\xDF "), latin1(0xFC));
        assert_eq!(second(b"s\xFC\xDF "), latin1(0xDF));
        assert_eq!(first(b" \xFC\xDFe"), latin1(0xFC));
        assert_eq!(second(b" \xFC\xDFe"), latin1(0xDF));
        // Neither: a word of its own, as in Windows-1251 "на".
        assert_eq!(first(b" \xED\xE0 "), None);
        assert_eq!(second(b" \xED\xE0 "), None);
        // A third high byte, or one before the pair, and it is a run.
        assert_eq!(first(b"a\xE9\xE9\xE9b"), None);
        assert_eq!(second(b"a\xE9\xE9\xE9b"), None);
        assert_eq!(second(b"\xE9\xE9\xE9b"), None);
        // Not letters: ×, ÷, þ and ÿ.
        assert_eq!(first(b"a\xD7\xE9b"), None);
        assert_eq!(second(b"a\xE9\xF7b"), None);
        assert_eq!(second(b"a\xFF\xFEb"), None);
    }

    #[test]
    fn shifted_moves_only_the_offset() {
        let err = validate(b"\xC0\x80").unwrap_err().shifted(10);
        assert_eq!(err.valid_up_to(), 10);
        assert_eq!(err.error_len(), Some(1));
        assert_eq!(err.bytes(), b"\xC0\x80");
    }
}
