//! Compile-pass checks of `utf8lit`'s macros in a `#![no_std]`,
//! `#![forbid(unsafe_code)]` library linted with `clippy::pedantic`: every
//! macro in `const` and `static` items and in expression position, a named
//! constant from `utf8!` as a `match` pattern, a UTF-8 sequence split across
//! two literals, and `include_utf8!` of a file with a byte-order mark.
//!
//! The compile-fail cases and the other compile-pass cases are in `tests/`,
//! run by trybuild (`tests/ui.rs`). Nothing here is published.

#![no_std]
#![forbid(unsafe_code)]
#![deny(warnings, clippy::pedantic)]

use utf8lit::{ascii, include_utf8, utf8, utf8_cstr, AsciiStr, Utf8CStr, Utf8Str};

/// A `const` from one string literal.
pub const GREETING: &Utf8Str = utf8!("Grüße, 世界");

/// A `static` from string, raw string, byte string and raw byte string
/// literals, joined.
pub static MIXED: &Utf8Str = utf8!("a", r"\b", b"\xC3\xA9", br"\x");

/// `é` from a 2-byte sequence split across two literals.
pub const SPLIT: &Utf8Str = utf8!(b"\xC3", b"\xA9");

/// "yes" in Spanish, as a `&str` constant usable as a pattern.
pub const YES: &str = utf8!(b"s\xC3\xAD").as_str();

/// "no", the same way.
pub const NO: &str = utf8!("no").as_str();

/// An ASCII `const`.
pub const METHOD: &AsciiStr = ascii!("GET");

/// A C string `static` from a C string literal.
pub static NAME: &Utf8CStr = utf8_cstr!(c"caf\xC3\xA9");

/// A file that starts with a UTF-8 byte-order mark, which is kept.
pub static NOTICE: &Utf8Str = include_utf8!("../tests/pass/data/bom.txt");

/// Reads a yes/no answer, matching on constants made by `utf8!`.
#[must_use]
pub fn answer(reply: &str) -> Option<bool> {
    match reply {
        YES | "yes" => Some(true),
        NO => Some(false),
        _ => None,
    }
}

/// The macros in expression position.
#[must_use]
pub fn salutation(formal: bool) -> (&'static Utf8Str, &'static AsciiStr, &'static Utf8CStr) {
    if formal {
        (
            utf8!("Sehr geehrte ", b"Damen und Herren"),
            ascii!("formal"),
            utf8_cstr!(c"Gr\xC3\xBC\xC3\x9F Gott"),
        )
    } else {
        (
            utf8!(b"Hi \xF0\x9F\x91\x8B"),
            ascii!(b"casual"),
            utf8_cstr!("Servus", b"!"),
        )
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::{String, ToString};

    use super::{answer, salutation, GREETING, METHOD, MIXED, NAME, NOTICE, SPLIT, YES};

    #[test]
    fn items_hold_their_text() {
        assert_eq!(GREETING, "Grüße, 世界");
        assert_eq!(GREETING.as_str(), String::from("Grüße, 世界"));
        assert_eq!(MIXED, "a\\bé\\x");
        assert_eq!(SPLIT, "é");
        assert_eq!(SPLIT.as_bytes(), b"\xC3\xA9");
        assert_eq!(YES, "sí");
        assert_eq!(METHOD, "GET");
        assert_eq!(METHOD.as_utf8_str().to_string(), "GET");
    }

    #[test]
    fn c_string_matches_the_c_literal() {
        assert_eq!(NAME.as_c_str(), c"café");
        assert_eq!(NAME.as_str(), "café");
        assert_eq!(NAME.as_bytes_with_nul(), "café\0".as_bytes());
        assert_eq!(NAME.len(), "café".len());
    }

    #[test]
    fn named_constants_work_as_patterns() {
        assert_eq!(answer("sí"), Some(true));
        assert_eq!(answer("yes"), Some(true));
        assert_eq!(answer("no"), Some(false));
        assert_eq!(answer("si"), None);
    }

    #[test]
    fn expression_position() {
        let (text, kind, c) = salutation(true);
        assert_eq!(text, "Sehr geehrte Damen und Herren");
        assert_eq!(kind, "formal");
        assert_eq!(c.as_c_str(), c"Grüß Gott");
        let (text, kind, c) = salutation(false);
        assert_eq!(text, "Hi 👋");
        assert_eq!(kind, "casual");
        assert_eq!(c.as_bytes_with_nul(), b"Servus!\0");
    }

    #[test]
    fn include_keeps_the_bom() {
        assert!(NOTICE.starts_with('\u{FEFF}'));
        assert_eq!(NOTICE.chars().next(), Some('\u{FEFF}'));
        assert_eq!(NOTICE.strip_bom(), "Grüße from a file with a BOM\n");
        assert!(!NOTICE.strip_bom().starts_with('\u{FEFF}'));
        assert_eq!(NOTICE.as_str(), include_str!("../tests/pass/data/bom.txt"));
    }
}
