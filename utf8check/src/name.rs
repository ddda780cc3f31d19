//! File names as they are, not as `Path::display` shows them: a name that
//! is not UTF-8 is written losslessly in JSON (ripgrep's `{"bytes"}`) and
//! SARIF (a percent-encoded URI), and escaped in text meant for a terminal,
//! so that `a\xFF.txt` and `a\xFE.txt` stay apart and no name can move the
//! cursor or split a `path:line:column:` record.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt::Write as _;

use base64::Engine as _;

/// The name of an input in reports: a path as given or found (relative
/// stays relative), or a label such as `(standard input)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    raw: OsString,
    /// A label, not a path: `(standard input)`.
    label: bool,
}

impl Name {
    pub fn path(path: impl Into<OsString>) -> Self {
        Name {
            raw: path.into(),
            label: false,
        }
    }

    pub fn label(text: &str) -> Self {
        Name {
            raw: text.into(),
            label: true,
        }
    }

    /// The name's bytes: on Unix the file name exactly; on Windows, where
    /// names are UTF-16, its WTF-8 form (UTF-8 unless it holds an unpaired
    /// surrogate).
    pub fn bytes(&self) -> &[u8] {
        self.raw.as_encoded_bytes()
    }

    /// The name for a terminal or a log: UTF-8 as it is, except what could
    /// mislead there, escaped (see [`escape`]).
    pub fn shown(&self) -> Cow<'_, str> {
        escape(self.bytes())
    }

    /// The name as a JSON value: `{"text":"…"}`, or `{"bytes":"<base64>"}`
    /// when it is not UTF-8 (ripgrep's scheme: the bytes decode back to the
    /// name exactly).
    pub fn write_json(&self, out: &mut String) {
        if let Ok(text) = std::str::from_utf8(self.bytes()) {
            out.push_str("{\"text\":");
            json_string(out, text);
        } else {
            out.push_str("{\"bytes\":\"");
            base64::engine::general_purpose::STANDARD.encode_string(self.bytes(), out);
            out.push('"');
        }
        out.push('}');
    }

    /// The name as a URI reference (RFC 3986), for SARIF: relative paths
    /// stay relative (code scanning resolves them against the checkout),
    /// absolute ones become `file://` URIs; every byte but letters, digits,
    /// `-._~` and the separators is percent-encoded, so a name that is not
    /// UTF-8 survives too. `None` for a label.
    pub fn uri(&self) -> Option<String> {
        if self.label {
            return None;
        }
        let bytes = self.bytes();
        let mut uri = String::with_capacity(bytes.len() + 8);
        let separator = |b: u8| b == b'/' || (cfg!(windows) && b == b'\\');
        if bytes.first().copied().is_some_and(separator) {
            uri.push_str("file://");
        } else if cfg!(windows) && bytes.get(1) == Some(&b':') {
            uri.push_str("file:///");
        }
        for &b in bytes {
            match b {
                b if separator(b) => uri.push('/'),
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                    uri.push(char::from(b));
                }
                b':' if cfg!(windows) => uri.push(':'),
                b => {
                    let _ = write!(uri, "%{b:02X}");
                }
            }
        }
        Some(uri)
    }
}

/// Whether `ch` would act on a terminal or reorder text rather than show:
/// control characters (C0, DEL, C1) and the bidirectional controls of
/// "Trojan Source" (CVE-2021-42574).
fn needs_escape(ch: char) -> bool {
    ch.is_control()
        || matches!(ch, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || (ch == '\\' && !cfg!(windows))
}

/// `bytes` as text that shows every byte and moves nothing: UTF-8 as it is;
/// `\n`, `\r`, `\t`, other controls and bidirectional controls as `\u{…}`
/// (`\x1B` for ASCII ones); bytes that are not UTF-8 as `\xFF`; and, so that
/// the escapes cannot be confused with a name, a backslash as `\\` (except
/// on Windows, where it separates the path).
pub fn escape(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        if !text.chars().any(needs_escape) {
            return Cow::Borrowed(text);
        }
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for ch in chunk.valid().chars() {
            match ch {
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\\' if needs_escape(ch) => out.push_str("\\\\"),
                ch if needs_escape(ch) && ch.is_ascii() => {
                    let _ = write!(out, "\\x{:02X}", u32::from(ch));
                }
                ch if needs_escape(ch) => {
                    let _ = write!(out, "\\u{{{:X}}}", u32::from(ch));
                }
                ch => out.push(ch),
            }
        }
        for &b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// Appends `s` as a JSON string literal (RFC 8259): quotes, backslashes and
/// control characters escaped; everything else as is (`s` is UTF-8).
pub fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 || c == '\u{7F}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes() {
        let mut out = String::new();
        json_string(&mut out, "a\"b\\c\nd\u{1}é");
        assert_eq!(out, r#""a\"b\\c\nd\u0001é""#);
    }

    #[cfg(unix)]
    fn raw(bytes: &[u8]) -> Name {
        use std::os::unix::ffi::OsStrExt as _;
        Name::path(std::ffi::OsStr::from_bytes(bytes))
    }

    #[cfg(unix)]
    #[test]
    fn shown_names_differ_and_move_nothing() {
        assert_eq!(raw(b"a\xFF.txt").shown(), "a\\xFF.txt");
        assert_eq!(raw(b"a\xFE.txt").shown(), "a\\xFE.txt");
        assert_eq!(raw(b"a\nb:1:1: x").shown(), "a\\nb:1:1: x");
        assert_eq!(raw(b"\x1b[31mred").shown(), "\\x1B[31mred");
        assert_eq!(raw("a\u{202E}b".as_bytes()).shown(), "a\\u{202E}b");
        assert_eq!(raw(b"a\\xFF").shown(), "a\\\\xFF");
        assert_eq!(raw("dir/é.txt".as_bytes()).shown(), "dir/é.txt");
        assert!(matches!(raw(b"plain/name.rs").shown(), Cow::Borrowed(_)));
    }

    #[cfg(unix)]
    #[test]
    fn json_text_or_bytes() {
        let json = |name: Name| {
            let mut out = String::new();
            name.write_json(&mut out);
            out
        };
        assert_eq!(json(raw("é\n.txt".as_bytes())), r#"{"text":"é\n.txt"}"#);
        // 61 FF 2E 74 78 74
        assert_eq!(json(raw(b"a\xFF.txt")), r#"{"bytes":"Yf8udHh0"}"#);
    }

    /// A Windows name that is not UTF-16 (an unpaired surrogate) is written
    /// as its WTF-8 bytes, and those bytes give the same name back; shown,
    /// the surrogate is escaped, as bytes that are not UTF-8 are on Unix.
    /// Needs no file system, unlike the test in `tests/cli.rs`, which wine
    /// cannot run.
    #[cfg(windows)]
    #[test]
    fn names_that_are_not_utf16() {
        use std::os::windows::ffi::OsStringExt as _;
        // "a", D800 alone, ".txt"
        let wide = [0x61, 0xD800, 0x2E, 0x74, 0x78, 0x74];
        let name = Name::path(OsString::from_wide(&wide));
        let mut out = String::new();
        name.write_json(&mut out);
        // 61 ED A0 80 2E 74 78 74
        assert_eq!(out, r#"{"bytes":"Ye2ggC50eHQ="}"#);
        // WTF-8: the surrogate written as UTF-8 writes a code point, which
        // decodes to the same UTF-16 units (tests/cli.rs decodes it).
        assert_eq!(name.bytes(), b"a\xED\xA0\x80.txt");
        assert_eq!(name.shown(), "a\\xED\\xA0\\x80.txt");
        assert_eq!(name.uri().unwrap(), "a%ED%A0%80.txt");
    }

    #[cfg(unix)]
    #[test]
    fn uris() {
        assert_eq!(raw(b"src/a b.txt").uri().unwrap(), "src/a%20b.txt");
        assert_eq!(raw(b"/tmp/\xFF").uri().unwrap(), "file:///tmp/%FF");
        assert_eq!(raw("é".as_bytes()).uri().unwrap(), "%C3%A9");
        assert_eq!(Name::label("(standard input)").uri(), None);
    }
}
