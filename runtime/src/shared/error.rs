//! The error of a UTF-8 check, [`Utf8Error`], with its data ([`ErrorKind`],
//! [`Meaning`], [`LooksLike`], [`CodePoints`]) and its `Display`.
//!
//! The decoder ([`decode`](super::decode)) decides *where* an error is and
//! of which kind; this file keeps what an error remembers (a few bytes of
//! the input and what came before them) and what can be read from that: the
//! bytes quoted, what they would have meant, and which other encoding the
//! input seems to be in. The sentences themselves are in
//! [`words`](super::words), shared with the compile errors of the macros.

use core::fmt;

use super::bom::Bom;
use super::decode::{announced_len, count_tail, is_continuation, tail, value_range, CONT_MASK};
use super::words::{self, Style};

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

impl ErrorKind {
    /// The kind in a few lowercase words, fixed for each kind (usable in a
    /// `const` panic, which cannot format).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::ErrorKind;
    ///
    /// assert_eq!(ErrorKind::Overlong.as_str(), "overlong encoding");
    /// assert_eq!(ErrorKind::Surrogate.as_str(), "surrogate code point");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UnexpectedContinuation => "unexpected continuation byte",
            Self::MissingContinuation => "missing continuation byte",
            Self::Truncated => "truncated sequence",
            Self::Overlong => "overlong encoding",
            Self::Surrogate => "surrogate code point",
            Self::OutOfRange => "code point above U+10FFFF",
            Self::ObsoleteForm => "obsolete 5- or 6-byte form",
            Self::InvalidByte => "invalid byte",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the bytes before an error were, packed into [`Utf8Error`].
const CTX_START: u8 = 0;
const CTX_AFTER_ASCII: u8 = 1;
const CTX_AFTER_OTHER: u8 = 2;
/// The error is at offset 2 after `00 00`: the start of a UTF-32BE BOM?
const CTX_AFTER_TWO_NULS: u8 = 3;

/// [`Utf8Error`]'s `packed` byte: `error_len`, how many window bytes are
/// the input's, and a `CTX_*` value.
const fn pack(error_len: u8, avail: usize, context: u8) -> u8 {
    error_len | ((avail as u8) << 2) | (context << 5)
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
/// stays `Copy` and 16 bytes on 64-bit targets), so its `Display` needs no
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
    /// Input bytes from `valid_up_to` on; the first `avail` are meaningful.
    window: [u8; WINDOW],
    kind: ErrorKind,
    /// Bits 0–1: `error_len` (0 for `None`); bits 2–4: `avail`; bits 5–6: a
    /// `CTX_*` value.
    packed: u8,
}

impl Utf8Error {
    /// Records an error found at `at` in `bytes`. Cold: the valid case never
    /// gets here.
    #[cold]
    pub(super) const fn new(bytes: &[u8], at: usize, kind: ErrorKind, error_len: u8) -> Self {
        Self::build(bytes, at, kind, error_len)
    }

    /// [`new`](Self::new), inlined: for the one caller that is itself the
    /// cold path and wants no second call ([`decode::error_at`]).
    ///
    /// [`decode::error_at`]: super::decode
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the point: no call on the early-error path"
    )]
    pub(super) const fn build(bytes: &[u8], at: usize, kind: ErrorKind, error_len: u8) -> Self {
        let context = match bytes.split_at_checked(at) {
            Some(([], _)) | None => CTX_START,
            Some(([0, 0], _)) => CTX_AFTER_TWO_NULS,
            // Two ASCII bytes (or one at the start): a high byte in running
            // Latin text. Big5 and CP949 put ASCII-range bytes in the second
            // half of their pairs, so one is not enough.
            Some(([prev] | [.., 0x00..=0x7F, prev], _)) if *prev < 0x80 => CTX_AFTER_ASCII,
            Some(_) => CTX_AFTER_OTHER,
        };
        let rest = tail(bytes, at);
        // The usual case: one copy, in a value of its own. (Merged with the
        // cases below into one value, the window became six byte loads and
        // six byte stores, and the registers that held them were pushed and
        // popped on every early error: 63 instructions a call, 57 now.)
        if let Some(window) = rest.first_chunk::<WINDOW>() {
            return Self {
                valid_up_to: at,
                window: *window,
                kind,
                packed: pack(error_len, WINDOW, context),
            };
        }
        let (window, avail) = if let Some(&[b0, b1, b2, b3, b4, b5]) = bytes.last_chunk::<WINDOW>()
        {
            // Fewer than WINDOW bytes from `at` to the end, but WINDOW in
            // all: `rest` is the end of the last WINDOW bytes. One load and
            // a shift (a truncated sequence at the end of a short input is
            // a usual early error; a byte loop cost it a few nanoseconds).
            let avail = rest.len();
            let word = u64::from_le_bytes([b0, b1, b2, b3, b4, b5, 0, 0]) >> (8 * (WINDOW - avail));
            let [b0, b1, b2, b3, b4, b5, _, _] = word.to_le_bytes();
            ([b0, b1, b2, b3, b4, b5], avail)
        } else {
            // Fewer than WINDOW bytes in all, so fewer from `at`. Spelled
            // out rather than a copy loop, which became a call to `memcpy`.
            match *rest {
                [b0, b1, b2, b3, b4] => ([b0, b1, b2, b3, b4, 0], 5),
                [b0, b1, b2, b3] => ([b0, b1, b2, b3, 0, 0], 4),
                [b0, b1, b2] => ([b0, b1, b2, 0, 0, 0], 3),
                [b0, b1] => ([b0, b1, 0, 0, 0, 0], 2),
                [b0] => ([b0, 0, 0, 0, 0, 0], 1),
                _ => ([0; WINDOW], 0),
            }
        };
        Self {
            valid_up_to: at,
            window,
            kind,
            packed: pack(error_len, avail, context),
        }
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

    /// The length of the ill-formed sequence at `valid_up_to` (its maximal
    /// subpart, 1 to 3 bytes), or `None` when the input ends inside a
    /// sequence that could still have been completed.
    ///
    /// Same as [`core::str::Utf8Error::error_len`].
    #[must_use]
    pub const fn error_len(&self) -> Option<usize> {
        match self.packed & 0b11 {
            0 => None,
            n => Some(n as usize),
        }
    }

    /// Why the bytes are not UTF-8.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    const fn avail(&self) -> usize {
        ((self.packed >> 2) & 0b111) as usize
    }

    const fn context(&self) -> u8 {
        (self.packed >> 5) & 0b11
    }

    /// The input bytes the error kept, from `valid_up_to` on.
    const fn window(&self) -> &[u8] {
        match self.window.split_at_checked(self.avail()) {
            Some((head, _)) => head,
            None => &self.window,
        }
    }

    /// For a missing continuation: the byte that came instead.
    pub(crate) const fn intruder(&self) -> Option<u8> {
        match (self.kind, self.error_len()) {
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
        let len = match self.kind {
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
        if !matches!(self.kind, ErrorKind::Surrogate) {
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
            self.kind,
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
        let (first, last) = value_range(self.bytes(), len);
        let points = CodePoints { first, last };
        match self.kind {
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
    /// two after it are ASCII (or the input ends): on the test corpora this
    /// fires for about 9 in 10 errors of ISO-8859-1 and Windows-1252 text,
    /// always with the right character, and never on Big5, CP949 or
    /// Windows-1256 text, whose high bytes come in runs.
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
        // Followed by the end, or by ASCII that does not itself run into
        // another high byte.
        let lone = match window {
            [b] | [b, 0x00..=0x7F] | [b, 0x00..=0x7F, 0x00..=0x7F, ..] => *b,
            _ => return None,
        };
        if !matches!(
            self.context(),
            CTX_START | CTX_AFTER_ASCII | CTX_AFTER_TWO_NULS
        ) {
            return None;
        }
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

/// Shows what the accessors return rather than the packed fields.
impl fmt::Debug for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf8Error")
            .field("valid_up_to", &self.valid_up_to)
            .field("error_len", &self.error_len())
            .field("kind", &self.kind)
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
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

/// `U+XXXX`, or `U+XXXX–U+YYYY` for a range.
impl fmt::Display for CodePoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.first)?;
        if self.last != self.first {
            write!(f, "–U+{:04X}", self.last)?;
        }
        Ok(())
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
        /// The value under RFC 2279's rules.
        value: CodePoints,
    },
}

/// Another encoding the input seems to be in: [`Utf8Error::looks_like`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LooksLike {
    /// A lone byte `A0`–`FF` (or `C0`…) among ASCII: `ch` in ISO-8859-1,
    /// and in Windows-1252, which agrees there.
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

/// One line: the offset as `byte N`, the kind in words, the offending bytes
/// in hex, what they meant and, where the bytes around the error suggest it,
/// which encoding the input seems to be in:
///
/// ```text
/// invalid UTF-8 at byte N (<kind>): <bytes in hex> <what they meant>[; <what the input looks like>]
/// ```
///
/// The compile errors of `utf8!` and `include_utf8!` are the same words
/// (written by the same code, with bytes as `\xC0\x80` escapes in literals).
///
/// # Examples
///
/// ```
/// use utf8lit::decode::validate;
///
/// let message = |bytes: &[u8]| validate(bytes).unwrap_err().to_string();
/// assert_eq!(
///     message(b"caf\xE9"),
///     "invalid UTF-8 at byte 3 (truncated sequence): E9 starts a 3-byte sequence \
///      but the input ends there; if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9",
/// );
/// assert_eq!(
///     message(b"\xC0\x80"),
///     "invalid UTF-8 at byte 0 (overlong encoding): C0 80 is U+0000 in 2 bytes; \
///      UTF-8 writes it 00; this is how Java's modified UTF-8 (JNI, class files, \
///      DataOutput.writeUTF) writes U+0000",
/// );
/// assert_eq!(
///     message(b"\xED\xA1\x8C\xED\xBE\xB4"),
///     "invalid UTF-8 at byte 0 (surrogate code point): ED A1 8C ED BE B4 is a CESU-8 \
///      surrogate pair (U+D84C U+DFB4) for U+233B4; UTF-8 writes it F0 A3 8E B4",
/// );
/// ```
impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        words::utf8(f, self, Style::Hex)
    }
}

impl core::error::Error for Utf8Error {}

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

    /// The window is the input from the error on, however it was copied:
    /// six bytes or more left, fewer left of a longer input (one load and a
    /// shift), and a short input (a byte loop).
    #[test]
    fn window_is_the_rest_of_the_input_at_every_distance_from_the_end() {
        let input = b"0123456789\xF0\x9F\x98\xF0\x9F\x98";
        for end in 0..=input.len() {
            for at in 0..=end {
                let bytes = &input[..end];
                let err = Utf8Error::build(bytes, at, ErrorKind::Truncated, 0);
                let rest = &bytes[at..];
                assert_eq!(err.window(), &rest[..rest.len().min(WINDOW)], "{end} {at}");
            }
        }
    }

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
    fn error_is_small_and_result_has_a_niche() {
        assert!(core::mem::size_of::<Utf8Error>() <= 2 * core::mem::size_of::<usize>());
        assert_eq!(
            core::mem::size_of::<Result<(), Utf8Error>>(),
            core::mem::size_of::<Utf8Error>()
        );
    }

    #[test]
    fn window_keeps_at_most_six_bytes_and_no_more_than_the_input() {
        let err = validate(b"\xFC\x80\x80\x80\x80\x80\x80\x80").unwrap_err();
        assert_eq!(err.window(), b"\xFC\x80\x80\x80\x80\x80");
        let err = validate(b"ab\xFF").unwrap_err();
        assert_eq!(err.window(), b"\xFF");
    }

    #[test]
    fn shifted_moves_only_the_offset() {
        let err = validate(b"\xC0\x80").unwrap_err().shifted(10);
        assert_eq!(err.valid_up_to(), 10);
        assert_eq!(err.error_len(), Some(1));
        assert_eq!(err.bytes(), b"\xC0\x80");
    }
}
