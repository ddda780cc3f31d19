//! Turning the problems of one input into report lines: human
//! (`path:line:column: message`) or JSON Lines.

use std::fmt::Write as _;

use utf8lit::Utf8Error;

/// How reports are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `path:line:column: message`, one line per problem.
    Human,
    /// One JSON object per problem per line.
    Json,
}

/// What to do with a file that has a NUL byte in its first
/// [`BINARY_PROBE`] bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    /// Check it like any file (same verdict as `isutf8`), but report only its
    /// first problem, with a note that it looks binary.
    Check,
    /// Do not check it; count it as skipped.
    Skip,
}

/// How many bytes from the start are searched for a NUL to call a file
/// binary (the same rule as git and grep).
pub const BINARY_PROBE: usize = 8 * 1024;

/// The offset of the first NUL in the first [`BINARY_PROBE`] bytes, if any.
#[must_use]
pub fn binary_nul(bytes: &[u8]) -> Option<usize> {
    let probe = bytes.get(..BINARY_PROBE).unwrap_or(bytes);
    // `contains` is a vectorised search; the position only when it is there.
    if probe.contains(&0) {
        probe.iter().position(|&b| b == 0)
    } else {
        None
    }
}

/// Settings for writing one report.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub format: Format,
    pub color: bool,
    /// Report only the first problem of each input.
    pub first_only: bool,
    pub binary: Binary,
}

/// The verdict on one input and its report text.
#[derive(Debug, Default)]
pub struct Outcome {
    /// `true` if the input is not valid UTF-8.
    pub invalid: bool,
    /// `true` if the input was skipped as binary (`--binary skip`).
    pub skipped: bool,
    /// The lines to print on stdout, each ending in `\n`.
    pub text: String,
}

/// How many bytes a problem covers from its offset: the whole form the error
/// quotes (a CESU-8 pair is six bytes), at least its maximal subpart, and for
/// a sequence cut off by the end of input, everything left. This is the step
/// `utf8lit::problems` takes from one problem to the next.
#[must_use]
pub fn problem_len(err: &Utf8Error, input_len: usize) -> usize {
    match err.error_len() {
        Some(len) => len.max(err.bytes().len()),
        None => input_len.saturating_sub(err.valid_up_to()),
    }
    .max(1)
}

/// Checks `bytes` (named `name` in the report), all of an input, and writes
/// its report.
#[must_use]
pub fn check(name: &str, bytes: &[u8], style: Style) -> Outcome {
    if style.binary == Binary::Skip && binary_nul(bytes).is_some() {
        return skipped();
    }
    // The fast path: most files are valid, and then nothing else is needed.
    if utf8lit::validate(bytes).is_ok() {
        return Outcome::default();
    }
    report(name, bytes, style, binary_nul(bytes))
}

/// How many bytes after a problem must have been read for the problem to be
/// known exactly: the error keeps six bytes (a CESU-8 pair), and a sequence
/// is at most four.
const LOOKAHEAD: usize = 8;

/// The verdict on an input of which only a `prefix` has been read (fewer
/// bytes than all), if the prefix decides it: a binary file with
/// `--binary skip`, or a first problem early in the prefix when only the
/// first problem is reported (`--first`, or a binary file). Saves reading
/// the rest of a compressed file, as `isutf8` does. A prefix shorter than
/// [`BINARY_PROBE`] without a NUL decides nothing: a NUL may come later.
#[must_use]
pub fn check_prefix(name: &str, prefix: &[u8], style: Style) -> Option<Outcome> {
    let nul = binary_nul(prefix);
    if nul.is_none() && prefix.len() < BINARY_PROBE {
        return None;
    }
    if style.binary == Binary::Skip && nul.is_some() {
        return Some(skipped());
    }
    if !style.first_only && nul.is_none() {
        return None;
    }
    match utf8lit::validate(prefix) {
        Err(err) if err.valid_up_to().saturating_add(LOOKAHEAD) <= prefix.len() => {
            Some(report(name, prefix, style, nul))
        }
        _ => None,
    }
}

fn skipped() -> Outcome {
    Outcome {
        skipped: true,
        ..Outcome::default()
    }
}

/// The report on invalid `bytes`: every problem, or only the first with
/// `--first` or for a binary file (NUL at `nul`).
fn report(name: &str, bytes: &[u8], style: Style, nul: Option<usize>) -> Outcome {
    let mut out = Outcome {
        invalid: true,
        ..Outcome::default()
    };
    let first_only = style.first_only || nul.is_some();
    let mut cursor = Cursor::default();
    for err in utf8lit::problems(bytes) {
        let len = problem_len(&err, bytes.len());
        cursor.advance_to(bytes, err.valid_up_to());
        let problem = Problem {
            name,
            line: cursor.line,
            column: cursor.column,
            err: &err,
            len,
            binary_nul: nul,
        };
        match style.format {
            Format::Human => problem.human(&mut out.text, style.color),
            Format::Json => problem.json(&mut out.text),
        }
        if first_only {
            break;
        }
        cursor.skip_problem(bytes, len);
    }
    if let (Some(at), Format::Human) = (nul, style.format) {
        let _ = writeln!(
            out.text,
            "{}: binary file (NUL at byte {at}); only its first problem is shown",
            paint(name, PATH, style.color),
        );
    }
    out
}

/// ANSI colours, as ripgrep uses them.
const PATH: &str = "35";
const POSITION: &str = "32";
const ERROR: &str = "1;31";

/// `text` in colour `code`, or plain.
fn paint(text: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

/// One problem to write.
struct Problem<'a> {
    name: &'a str,
    line: usize,
    column: usize,
    err: &'a Utf8Error,
    len: usize,
    binary_nul: Option<usize>,
}

impl Problem<'_> {
    fn human(&self, out: &mut String, color: bool) {
        let message = self.err.to_string();
        let message = match message.split_once(": ") {
            // "invalid UTF-8 at byte N (kind)" in red, the explanation plain.
            Some((head, rest)) if color => format!("{}: {rest}", paint(head, ERROR, true)),
            _ => message,
        };
        let _ = writeln!(
            out,
            "{}:{}:{}: {message}",
            paint(self.name, PATH, color),
            paint(&self.line.to_string(), POSITION, color),
            paint(&self.column.to_string(), POSITION, color),
        );
    }

    fn json(&self, out: &mut String) {
        out.push_str("{\"path\":");
        json_string(out, self.name);
        let _ = write!(
            out,
            ",\"line\":{},\"column\":{},\"offset\":{},\"length\":{},\"kind\":",
            self.line,
            self.column,
            self.err.valid_up_to(),
            self.len,
        );
        json_string(out, self.err.kind().as_str());
        out.push_str(",\"variant\":");
        json_string(out, &format!("{:?}", self.err.kind()));
        out.push_str(",\"message\":");
        json_string(out, &self.err.to_string());
        match self.binary_nul {
            Some(at) => {
                let _ = write!(out, ",\"binary_nul\":{at}");
            }
            None => out.push_str(",\"binary_nul\":null"),
        }
        out.push_str("}\n");
    }
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

/// The 1-based line and column of a byte offset, moving forward only.
///
/// Columns count characters: every byte that is not a continuation byte
/// (`80`–`BF`) starts one. The bytes before the first problem are valid
/// UTF-8, so that is exact; each earlier problem on the same line counts as
/// one column, as one U+FFFD would in an editor.
#[derive(Debug)]
struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
}

impl Default for Cursor {
    fn default() -> Self {
        Self {
            offset: 0,
            line: 1,
            column: 1,
        }
    }
}

impl Cursor {
    /// Moves to `to` over valid bytes.
    fn advance_to(&mut self, bytes: &[u8], to: usize) {
        let to = to.min(bytes.len()).max(self.offset);
        for &byte in &bytes[self.offset..to] {
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else if byte & 0xC0 != 0x80 {
                self.column += 1;
            }
        }
        self.offset = to;
    }

    /// Moves over a problem of `len` bytes: one column. (A problem's bytes
    /// are a lead byte and continuation bytes, never a newline.)
    fn skip_problem(&mut self, bytes: &[u8], len: usize) {
        self.offset = self.offset.saturating_add(len).min(bytes.len());
        self.column += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style {
        format: Format::Human,
        color: false,
        first_only: false,
        binary: Binary::Check,
    };

    #[test]
    fn json_escapes() {
        let mut out = String::new();
        json_string(&mut out, "a\"b\\c\nd\u{1}é");
        assert_eq!(out, r#""a\"b\\c\nd\u0001é""#);
    }

    #[test]
    fn lines_and_columns() {
        let out = check("f", b"ab\nc\xC3\xA9\xFFx\xFF", PLAIN);
        assert!(out.invalid);
        let lines: Vec<_> = out.text.lines().map(|l| l.split(": ").next()).collect();
        assert_eq!(lines, [Some("f:2:3"), Some("f:2:5")]);
    }

    #[test]
    fn cesu8_pair_is_one_problem() {
        let out = check("f", b"\xED\xA1\x8C\xED\xBE\xB4!", PLAIN);
        assert_eq!(out.text.lines().count(), 1, "{}", out.text);
        assert!(out.text.contains("CESU-8"), "{}", out.text);
    }

    #[test]
    fn binary() {
        let out = check("f", b"\0\xFF\xFF", PLAIN);
        assert!(out.invalid);
        assert_eq!(out.text.lines().count(), 2, "{}", out.text);
        let skip = Style {
            binary: Binary::Skip,
            ..PLAIN
        };
        let out = check("f", b"\0\xFF", skip);
        assert!(out.skipped && !out.invalid && out.text.is_empty());
        assert!(!check("f", b"\0ok", PLAIN).invalid);
    }

    #[test]
    fn prefix() {
        let mut bytes = vec![b'a'; BINARY_PROBE * 2];
        bytes[5] = 0xFF;
        let first = Style {
            first_only: true,
            ..PLAIN
        };
        assert!(check_prefix("f", &bytes, PLAIN).is_none());
        let out = check_prefix("f", &bytes, first).unwrap();
        assert_eq!(out.text, check("f", &bytes, first).text);
        bytes[5] = 0;
        bytes[BINARY_PROBE * 2 - 3] = 0xED; // too close to the end to judge
        assert!(check_prefix("f", &bytes, PLAIN).is_none());
        bytes[BINARY_PROBE] = 0xC0;
        assert!(check_prefix("f", &bytes, PLAIN).unwrap().invalid);
        // A short prefix: undecided without a NUL (one may come later).
        let short = &bytes[BINARY_PROBE / 2..BINARY_PROBE / 2 + 100];
        assert!(check_prefix("f", short, first).is_none());
        let short = b"\xFF\0 and more";
        assert_eq!(
            check_prefix("f", short, first).unwrap().text,
            check("f", short, first).text
        );
    }
}
