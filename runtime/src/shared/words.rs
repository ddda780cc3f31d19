//! The words of every message: UTF-8 ([`Utf8Error`]), ASCII
//! ([`AsciiError`]) and C strings ([`CStrError`]).
//!
//! The run-time `Display` of each error and the compile errors of the
//! macros are written by the functions here, so a bad byte is explained in
//! the same words at run time and while compiling; only the way byte values
//! are written differs ([`Style`]). Every UTF-8 message has the same shape:
//!
//! ```text
//! invalid UTF-8 at byte N (<kind>): <bytes> <what they meant>[; <what the input looks like>]
//! ```

use core::fmt;

use super::ascii::AsciiError;
use super::bom::Bom;
use super::cstr::{CStrError, CStrErrorKind};
use super::decode::{announced_len, encode_char, shortest_from, EncodedChar};
use super::error::{ErrorKind, Utf8Error};
use super::interpret::{CodePoints, LooksLike, Meaning};

/// Who the message is for, which decides how byte values are written and
/// what the bytes are called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// `C0 80`, "the input": run-time messages, about data.
    Hex,
    /// `` `\xC0\x80` ``, "the literal": compile errors about a literal, in
    /// the escapes a byte string literal would use.
    #[cfg_attr(not(test), allow(dead_code, reason = "the macro crate's style"))]
    Escapes,
    /// `C0 80`, "the file": compile errors about a file `include_utf8!` read.
    #[allow(dead_code, reason = "the macro crate's style")]
    File,
}

impl Style {
    pub(crate) fn write_bytes(self, f: &mut dyn fmt::Write, bytes: &[u8]) -> fmt::Result {
        match self {
            Style::Hex | Style::File => {
                for (i, b) in bytes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{b:02X}")?;
                }
                Ok(())
            }
            Style::Escapes => {
                f.write_str("`")?;
                for b in bytes {
                    write!(f, "\\x{b:02X}")?;
                }
                f.write_str("`")
            }
        }
    }

    /// What the bytes are: "the input ends there".
    const fn noun(self) -> &'static str {
        match self {
            Style::Hex => "input",
            Style::Escapes => "literal",
            Style::File => "file",
        }
    }
}

/// The whole message for `err`: the offset as `byte N`, the kind in words,
/// the offending bytes, what they meant and, where the bytes around the
/// error suggest it, which encoding the input seems to be in.
pub(crate) fn utf8(f: &mut dyn fmt::Write, err: &Utf8Error, style: Style) -> fmt::Result {
    utf8_described(f, err, style)?;
    match err.looks_like() {
        Some(looks) => explain_looks_like(f, looks, style),
        None => Ok(()),
    }
}

/// The message for `err` up to what the bytes meant, without the guess at
/// another encoding: [`Utf8Error::describe`].
fn utf8_described(f: &mut dyn fmt::Write, err: &Utf8Error, style: Style) -> fmt::Result {
    write!(
        f,
        "invalid UTF-8 at byte {} ({}): ",
        err.valid_up_to(),
        err.kind()
    )?;
    let bytes = err.bytes();
    style.write_bytes(f, bytes)?;
    match err.meaning() {
        Some(meaning) => explain_meaning(f, meaning, bytes.len(), style),
        None => explain_structure(f, err, style),
    }
}

/// The kinds without a code point reading: say what is wrong with the shape.
fn explain_structure(f: &mut dyn fmt::Write, err: &Utf8Error, style: Style) -> fmt::Result {
    let bytes = err.bytes();
    let announced = match bytes {
        [lead, ..] => announced_len(*lead),
        [] => 0,
    };
    match err.kind() {
        ErrorKind::UnexpectedContinuation => f.write_str(" has no lead byte before it"),
        ErrorKind::MissingContinuation => {
            write!(f, " starts a {announced}-byte sequence but is followed by ")?;
            match err.intruder() {
                Some(b) => {
                    style.write_bytes(f, &[b])?;
                    f.write_str(", which cannot continue it")
                }
                None => f.write_str("a byte that cannot continue it"),
            }
        }
        ErrorKind::Truncated => write!(
            f,
            " starts a {announced}-byte sequence but the {} ends there",
            style.noun()
        ),
        ErrorKind::InvalidByte => f.write_str(" never appears in UTF-8"),
        // The other kinds have a meaning and never get here; say the kind
        // rather than nothing.
        kind => write!(f, " ({kind})"),
    }
}

/// The kinds that encode *something*: say what, and how UTF-8 writes it.
fn explain_meaning(
    f: &mut dyn fmt::Write,
    meaning: Meaning,
    n_bytes: usize,
    style: Style,
) -> fmt::Result {
    match meaning {
        Meaning::Overlong(points) => match points.value() {
            Some(value) => write_overlong(f, value, n_bytes, "", style),
            None => write!(
                f,
                " would begin an overlong form of {points}, which UTF-8 writes in fewer bytes"
            ),
        },
        Meaning::Surrogate(points) => match points.value() {
            Some(_) => write!(
                f,
                " is {points}, a UTF-16 surrogate, which is not a character"
            ),
            None => write!(f, " would begin a UTF-16 surrogate in {points}"),
        },
        Meaning::SurrogatePair { high, low, scalar } => {
            write!(
                f,
                " is a CESU-8 surrogate pair (U+{high:04X} U+{low:04X}) for U+{:04X}; \
                 UTF-8 writes it ",
                u32::from(scalar),
            )?;
            style.write_bytes(f, encode_char(scalar).as_bytes())
        }
        Meaning::OutOfRange(points) => match points.value() {
            Some(_) => write!(f, " would be {points}"),
            None => write!(f, " would begin a code point in {points}"),
        },
        // Overlong even under RFC 2279, which wrote these values shorter.
        Meaning::ObsoleteForm { len, value } if value.last() < shortest_from(len.into()) => {
            match value.value() {
                Some(v) => write_overlong(f, v, n_bytes, ", overlong even under RFC 2279", style),
                None => write!(
                    f,
                    " would begin {value} in {len} bytes, overlong even under RFC 2279; \
                     UTF-8 has had no 5- or 6-byte forms since RFC 3629 (2003)"
                ),
            }
        }
        Meaning::ObsoleteForm { len, value } => {
            let verb = if value.value().is_some() {
                "is"
            } else {
                "would begin"
            };
            write!(
                f,
                " {verb} RFC 2279's {len}-byte form of {value}; \
                 UTF-8 has had no 5- or 6-byte forms since RFC 3629 (2003)"
            )
        }
    }
}

/// An overlong form of `value`, complete in `n_bytes` bytes, `qualified`
/// (", overlong even under RFC 2279"), and how UTF-8 writes the value.
fn write_overlong(
    f: &mut dyn fmt::Write,
    value: u32,
    n_bytes: usize,
    qualified: &str,
    style: Style,
) -> fmt::Result {
    write!(f, " is {}", CodePoints::exact(value))?;
    write_char_quote(f, value)?;
    write!(f, " in {n_bytes} bytes{qualified}; ")?;
    match char::from_u32(value) {
        Some(ch) => {
            f.write_str("UTF-8 writes it ")?;
            style.write_bytes(f, encode_char(ch).as_bytes())?;
        }
        // Only an RFC 2279 5-byte form gets here: 4 bytes write at most
        // U+FFFF overlong.
        None if value > 0x10_FFFF => f.write_str("above U+10FFFF, which UTF-8 cannot write")?,
        None => f.write_str("a surrogate, which UTF-8 cannot write at all")?,
    }
    if matches!(value, 0x2E | 0x2F | 0x5C) {
        f.write_str(
            " (an overlong '.', '/' or '\\' is how the \"/../\" attack \
             of RFC 3629 §10 slips past path checks)",
        )?;
    }
    Ok(())
}

/// ` '.'` after an overlong code point that is printable ASCII (the case
/// that matters for security, and the only one safe to show out of context).
fn write_char_quote(f: &mut dyn fmt::Write, value: u32) -> fmt::Result {
    match char::from_u32(value) {
        Some(ch) if ch.is_ascii_graphic() => write!(f, " '{ch}'"),
        _ => Ok(()),
    }
}

/// Printable and not a space of any kind: safe to show between quotes.
fn is_showable(ch: char) -> bool {
    !ch.is_control() && !ch.is_whitespace() && ch != '\u{AD}'
}

fn explain_looks_like(f: &mut dyn fmt::Write, looks: LooksLike, style: Style) -> fmt::Result {
    let (charset, ch) = match looks {
        LooksLike::Latin1 { ch, .. } => ("ISO-8859-1", ch),
        LooksLike::Windows1252 { ch, .. } => ("Windows-1252", ch),
        LooksLike::JavaModifiedUtf8 => {
            return f.write_str(
                "; this is how Java's modified UTF-8 (JNI, class files, \
                 DataOutput.writeUTF) writes U+0000",
            );
        }
        LooksLike::Utf16Le | LooksLike::Utf16Be | LooksLike::Utf32Le | LooksLike::Utf32Be => {
            let Some(bom) = looks.bom() else {
                return Ok(());
            };
            let family = match looks {
                LooksLike::Utf16Le | LooksLike::Utf16Be => "UTF-16",
                _ => "UTF-32",
            };
            write!(f, "; the {} starts with ", style.noun())?;
            style.write_bytes(f, bom.as_bytes())?;
            return write!(
                f,
                ", the {} byte-order mark: this looks like {family} text, not UTF-8",
                bom.encoding()
            );
        }
    };
    let code_point = CodePoints::exact(u32::from(ch));
    write!(f, "; if this is {charset} ")?;
    if is_showable(ch) {
        write!(f, "'{ch}' ({code_point})")?;
    } else {
        write!(f, "{code_point}")?;
    }
    f.write_str(", UTF-8 writes it ")?;
    style.write_bytes(f, encode_char(ch).as_bytes())
}

/// The message of an [`AsciiError`]: the character (quoted as Rust's `char`
/// `Debug` quotes it, so invisible ones show as escapes), its code point and
/// bytes, and the offset; or, when the bytes are not UTF-8, the byte and the
/// UTF-8 error.
pub(crate) fn ascii(f: &mut dyn fmt::Write, err: &AsciiError, style: Style) -> fmt::Result {
    match (err.char(), err.utf8_error()) {
        (_, Some(utf8_error)) => {
            f.write_str("non-ASCII byte ")?;
            style.write_bytes(f, &[err.byte()])?;
            write!(f, " at byte {}; not UTF-8 either: ", err.valid_up_to())?;
            self::utf8(f, &utf8_error, style)
        }
        (ch, None) => {
            let ch = ch.unwrap_or(char::REPLACEMENT_CHARACTER);
            write!(
                f,
                "non-ASCII character {ch:?} (U+{:04X}, bytes ",
                u32::from(ch)
            )?;
            style.write_bytes(f, encode_char(ch).as_bytes())?;
            write!(f, ") at byte {}", err.valid_up_to())
        }
    }
}

/// The message of a [`CStrError`]: for invalid UTF-8, exactly the
/// [`Utf8Error`]'s.
pub(crate) fn cstr(f: &mut dyn fmt::Write, err: &CStrError, style: Style) -> fmt::Result {
    match err.kind() {
        CStrErrorKind::InvalidUtf8(e) => self::utf8(f, &e, style),
        CStrErrorKind::InteriorNul { position } => write!(
            f,
            "interior NUL at byte {position}: a C string ends at its first NUL"
        ),
        CStrErrorKind::NotNulTerminated => match err.last_byte() {
            Some(last) => {
                f.write_str("missing NUL terminator: the last byte is ")?;
                style.write_bytes(f, &[last])?;
                f.write_str(", not ")?;
                style.write_bytes(f, &[0])
            }
            None => f.write_str("missing NUL terminator: the input is empty"),
        },
    }
}

// ---------------------------------------------------------------------------
// The `Display` and `Debug` of every type of the shared core: the one file
// that formats, so that the layers above never name `core::fmt`.
// ---------------------------------------------------------------------------

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
        utf8(f, self, Style::Hex)
    }
}

impl core::error::Error for Utf8Error {}

impl Utf8Error {
    /// The message without its last clause, the encoding the bytes around
    /// the error suggest ([`looks_like`](Self::looks_like)): for a caller
    /// that judges the encoding from the whole input rather than from one
    /// error's neighbours, and says so in its own words.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = utf8lit::validate(b"caf\xE9").unwrap_err();
    /// assert_eq!(
    ///     err.describe().to_string(),
    ///     "invalid UTF-8 at byte 3 (truncated sequence): E9 starts a 3-byte sequence \
    ///      but the input ends there",
    /// );
    /// assert!(err.to_string().starts_with(&err.describe().to_string()));
    /// ```
    #[must_use]
    pub const fn describe(&self) -> Describe<'_> {
        Describe(self)
    }
}

/// A [`Utf8Error`]'s message without the guess at another encoding:
/// [`Utf8Error::describe`].
#[derive(Debug, Clone, Copy)]
pub struct Describe<'a>(&'a Utf8Error);

impl fmt::Display for Describe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        utf8_described(f, self.0, Style::Hex)
    }
}

/// Shows what the accessors return rather than the packed fields.
impl fmt::Debug for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf8Error")
            .field("valid_up_to", &self.valid_up_to())
            .field("error_len", &self.error_len())
            .field("kind", &self.kind())
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

/// `U+XXXX`, or `U+XXXX–U+YYYY` for a range.
impl fmt::Display for CodePoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.first())?;
        if self.value().is_none() {
            write!(f, "–U+{:04X}", self.last())?;
        }
        Ok(())
    }
}

/// One line: the character (quoted as Rust's `char` `Debug` quotes it, so
/// invisible ones show as escapes), its code point and bytes, and the
/// offset; or, when the bytes are not UTF-8, the byte and the UTF-8 error.
///
/// # Examples
///
/// ```
/// use utf8lit::AsciiStr;
///
/// let message = |bytes: &[u8]| AsciiStr::from_bytes(bytes).unwrap_err().to_string();
/// assert_eq!(message("tab\u{A0}".as_bytes()),
///            r"non-ASCII character '\u{a0}' (U+00A0, bytes C2 A0) at byte 3");
/// assert_eq!(message("😀".as_bytes()),
///            "non-ASCII character '😀' (U+1F600, bytes F0 9F 98 80) at byte 0");
/// assert_eq!(
///     message(b"caf\xE9"),
///     "non-ASCII byte E9 at byte 3; not UTF-8 either: invalid UTF-8 at byte 3 \
///      (truncated sequence): E9 starts a 3-byte sequence but the input ends there; \
///      if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9",
/// );
/// ```
impl fmt::Display for AsciiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ascii(f, self, Style::Hex)
    }
}

impl core::error::Error for AsciiError {}

/// One line; for invalid UTF-8, exactly the [`Utf8Error`]'s text.
///
/// # Examples
///
/// ```
/// use utf8lit::Utf8CStr;
///
/// let message = |bytes: &[u8]| Utf8CStr::from_bytes_with_nul(bytes).unwrap_err().to_string();
/// assert_eq!(message(b"path\0name\0"), "interior NUL at byte 4: a C string ends at its first NUL");
/// assert_eq!(message(b"hello"), "missing NUL terminator: the last byte is 6F, not 00");
/// assert_eq!(message(b""), "missing NUL terminator: the input is empty");
/// assert_eq!(
///     message(b"\xC0\x80\0"),
///     "invalid UTF-8 at byte 0 (overlong encoding): C0 80 is U+0000 in 2 bytes; \
///      UTF-8 writes it 00; this is how Java's modified UTF-8 (JNI, class files, \
///      DataOutput.writeUTF) writes U+0000",
/// );
/// ```
impl fmt::Display for CStrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        cstr(f, self, Style::Hex)
    }
}

impl core::error::Error for CStrError {}

/// `UTF-16LE byte-order mark (FF FE)`.
impl fmt::Display for Bom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} byte-order mark (", self.encoding())?;
        Style::Hex.write_bytes(f, self.as_bytes())?;
        f.write_str(")")
    }
}

impl fmt::Debug for EncodedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncodedChar({self})")
    }
}

/// Upper-case hex pairs separated by spaces, as messages quote bytes: `F0 A3 8E B4`.
impl fmt::Display for EncodedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Style::Hex.write_bytes(f, self.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    extern crate alloc;
    use super::*;
    use alloc::string::String;

    fn message(bytes: &[u8], style: Style) -> String {
        let mut out = String::new();
        let err = super::super::decode::validate(bytes).unwrap_err();
        utf8(&mut out, &err, style).unwrap();
        out
    }

    // The two styles say the same thing; only the bytes are written apart.
    #[test]
    fn styles_differ_only_in_how_bytes_are_written() {
        assert_eq!(
            message(b"\xC0\x80", Style::Escapes),
            "invalid UTF-8 at byte 0 (overlong encoding): `\\xC0\\x80` is U+0000 in 2 bytes; \
             UTF-8 writes it `\\x00`; this is how Java's modified UTF-8 (JNI, class files, \
             DataOutput.writeUTF) writes U+0000"
        );
        assert_eq!(
            message(b"x\xE9y", Style::Escapes),
            "invalid UTF-8 at byte 1 (missing continuation byte): `\\xE9` starts a 3-byte \
             sequence but is followed by `\\x79`, which cannot continue it; if this is \
             ISO-8859-1 'é' (U+00E9), UTF-8 writes it `\\xC3\\xA9`"
        );
        assert_eq!(
            message(b"x\xE9y", Style::Hex),
            "invalid UTF-8 at byte 1 (missing continuation byte): E9 starts a 3-byte \
             sequence but is followed by 79, which cannot continue it; if this is \
             ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9"
        );
    }
}
