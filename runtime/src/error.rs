//! How a [`Utf8Error`] reads: one line that says where, what and why.
//!
//! The error type itself lives in [`decode`](crate::decode), next to the
//! decoder that produces it, so that the proc-macro crate can compile the
//! decoder file on its own. This module adds what only the runtime needs:
//! `Display` and `core::error::Error`.
//!
//! Every message has the same shape:
//!
//! ```text
//! invalid UTF-8 at byte N (<kind>): <bytes in hex> <what they meant>[; <what the input looks like>]
//! ```

use core::fmt;

use crate::decode::{encode_char, write_hex, CodePoints, ErrorKind, LooksLike, Meaning, Utf8Error};

/// One line: the offset as `byte N`, the kind in words, the offending bytes
/// in hex, what they meant and, where the bytes around the error suggest it,
/// which encoding the input seems to be in.
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
///      UTF-8 writes it 00",
/// );
/// assert_eq!(
///     message(b"\xED\xA1\x8C\xED\xBE\xB4"),
///     "invalid UTF-8 at byte 0 (surrogate code point): ED A1 8C ED BE B4 is a CESU-8 \
///      surrogate pair (U+D84C U+DFB4) for U+233B4; UTF-8 writes it F0 A3 8E B4",
/// );
/// ```
impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid UTF-8 at byte {} ({}): ",
            self.valid_up_to(),
            self.kind()
        )?;
        let bytes = self.bytes();
        write_hex(f, bytes)?;
        match self.meaning() {
            Some(meaning) => explain_meaning(f, meaning, bytes.len())?,
            None => explain_structure(f, self)?,
        }
        match self.looks_like() {
            Some(looks) => explain_looks_like(f, looks),
            None => Ok(()),
        }
    }
}

/// The kinds without a code point reading: say what is wrong with the shape.
fn explain_structure(f: &mut fmt::Formatter<'_>, err: &Utf8Error) -> fmt::Result {
    let bytes = err.bytes();
    let announced = match bytes {
        [lead, ..] => crate::decode::announced_len(*lead),
        [] => 0,
    };
    match err.kind() {
        ErrorKind::UnexpectedContinuation => f.write_str(" has no lead byte before it"),
        ErrorKind::MissingContinuation => {
            write!(f, " starts a {announced}-byte sequence but is followed by ")?;
            match err.intruder() {
                Some(b) => write!(f, "{b:02X}, which cannot continue it"),
                None => f.write_str("a byte that cannot continue it"),
            }
        }
        ErrorKind::Truncated => {
            let verb = if bytes.len() == 1 { "starts" } else { "start" };
            write!(
                f,
                " {verb} a {announced}-byte sequence but the input ends there"
            )
        }
        ErrorKind::InvalidByte => f.write_str(" never appears in UTF-8"),
        // The other kinds have a meaning and never get here; say the kind
        // rather than nothing.
        kind => write!(f, " ({kind})"),
    }
}

/// The kinds that encode *something*: say what, and how UTF-8 writes it.
fn explain_meaning(f: &mut fmt::Formatter<'_>, meaning: Meaning, n_bytes: usize) -> fmt::Result {
    match meaning {
        Meaning::Overlong(points) => match points.value() {
            Some(value) => {
                write!(f, " is {points}")?;
                write_char_quote(f, value)?;
                write!(f, " in {n_bytes} bytes; ")?;
                match char::from_u32(value) {
                    Some(ch) => write!(f, "UTF-8 writes it {}", encode_char(ch))?,
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
        Meaning::SurrogatePair { high, low, scalar } => write!(
            f,
            " is a CESU-8 surrogate pair (U+{high:04X} U+{low:04X}) for U+{:04X}; \
             UTF-8 writes it {}",
            u32::from(scalar),
            encode_char(scalar)
        ),
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
fn write_char_quote(f: &mut fmt::Formatter<'_>, value: u32) -> fmt::Result {
    match char::from_u32(value) {
        Some(ch) if ch.is_ascii_graphic() => write!(f, " '{ch}'"),
        _ => Ok(()),
    }
}

/// Printable and not a space of any kind: safe to show between quotes.
fn is_showable(ch: char) -> bool {
    !ch.is_control() && !ch.is_whitespace() && ch != '\u{AD}'
}

fn explain_looks_like(f: &mut fmt::Formatter<'_>, looks: LooksLike) -> fmt::Result {
    let (charset, ch) = match looks {
        LooksLike::Latin1 { ch, .. } => ("ISO-8859-1", ch),
        LooksLike::Windows1252 { ch, .. } => ("Windows-1252", ch),
        LooksLike::Utf16Le | LooksLike::Utf16Be | LooksLike::Utf32Le | LooksLike::Utf32Be => {
            let (bom, name, family) = match looks {
                LooksLike::Utf16Le => ("FF FE", "UTF-16LE", "UTF-16"),
                LooksLike::Utf16Be => ("FE FF", "UTF-16BE", "UTF-16"),
                LooksLike::Utf32Le => ("FF FE 00 00", "UTF-32LE", "UTF-32"),
                _ => ("00 00 FE FF", "UTF-32BE", "UTF-32"),
            };
            return write!(
                f,
                "; the input starts with {bom}, the {name} byte-order mark: \
                 this looks like {family} text, not UTF-8"
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
    write!(f, ", UTF-8 writes it {}", encode_char(ch))
}

impl core::error::Error for Utf8Error {}
