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
use super::cstr::{CStrError, CStrErrorKind};
use super::decode::{announced_len, encode_char};
use super::error::{CodePoints, ErrorKind, LooksLike, Meaning, Utf8Error};

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
    write!(
        f,
        "invalid UTF-8 at byte {} ({}): ",
        err.valid_up_to(),
        err.kind()
    )?;
    let bytes = err.bytes();
    style.write_bytes(f, bytes)?;
    match err.meaning() {
        Some(meaning) => explain_meaning(f, meaning, bytes.len(), style)?,
        None => explain_structure(f, err, style)?,
    }
    match err.looks_like() {
        Some(looks) => explain_looks_like(f, looks, style),
        None => Ok(()),
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
            Some(value) => {
                write!(f, " is {points}")?;
                write_char_quote(f, value)?;
                write!(f, " in {n_bytes} bytes; ")?;
                match char::from_u32(value) {
                    Some(ch) => {
                        f.write_str("UTF-8 writes it ")?;
                        style.write_bytes(f, encode_char(ch).as_bytes())?;
                    }
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
