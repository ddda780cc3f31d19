//! Turning one input into report text: its problems, then what is said of
//! the file as a whole (its verdict, or that it is binary), in human form
//! (`path:line:column: message`, then `path: message`), as JSON Lines
//! (`"type":"problem"` objects, then one `"type":"file"` object), as GitHub
//! Actions annotations, or as SARIF results (and an `artifacts` entry).
//!
//! Every format says the same facts: the file-level sentence is made once,
//! in [`Summary`], and each format writes it its own way.

use std::fmt::Write as _;

use utf8lit::Utf8Error;

#[cfg(test)]
use crate::args::Symlinks;
use crate::args::{Binary, Fix, Format, Style};
use crate::chunked::{self, Piece, LOOKAHEAD};
use crate::facts::{binary_nul, problem_len, starts_utf16, BINARY_PROBE};
use crate::fix;
use crate::name::{json_string, Name};
use crate::sarif;
use crate::verdict::{self, Encoding, Fit};

/// The verdict on one input and its report text.
#[derive(Debug, Default)]
pub struct Outcome {
    /// `true` if the input is not valid UTF-8.
    pub invalid: bool,
    /// `true` if the input was skipped as binary (`--binary skip`).
    pub skipped: bool,
    /// `true` if `--fix` converted the input (or, with `--dry-run`, would).
    pub converted: bool,
    /// The lines to print on stdout, each ending in `\n`.
    pub text: String,
    /// With `--format sarif`, the input's entry in the run's `artifacts`
    /// (its verdict, or that it is binary), which `main` writes after all
    /// the results; empty when there is nothing to say of the file.
    pub artifact: String,
}

/// What the report says of an input as a whole, after its problems: the
/// line the terminal prints (`path: looks like ISO-8859-1: …`) and the
/// facts under it, which JSON and SARIF give as fields.
#[derive(Debug, Default)]
struct Summary {
    /// The encoding every problem fits, when there is one.
    looks_like: Option<Encoding>,
    /// How many problems the content has; `None` when only the first was
    /// looked for (`--first`, a binary file, a UTF-16 file) or the content
    /// was not checked (`--binary skip`).
    problems: Option<usize>,
    /// `--fix` converts the content: it has a verdict, and converts without
    /// loss ([`fix::lossless`]), the test the terminal's verdict line uses too.
    fix: bool,
    /// The sentence after `path: ` on the terminal, if there is one.
    message: Option<String>,
    /// Where [`binary_nul`] found a NUL, if it did.
    binary_nul: Option<usize>,
}

/// Checks `bytes` (named `name` in the report, read from the file `target`
/// if it is one that `--fix` may convert), all of an input, and writes its
/// report.
#[must_use]
pub fn check(name: &Name, target: Option<&fix::Target<'_>>, bytes: &[u8], style: Style) -> Outcome {
    let skip = style.binary == Binary::Skip;
    let nul_to_skip = if skip { binary_nul(bytes) } else { None };
    let (outcome, summary) = if nul_to_skip.is_some() && !starts_utf16(bytes) {
        skipped(nul_to_skip)
    } else if utf8lit::validate(bytes).is_ok() {
        // The fast path: most files are valid, and then nothing else is
        // needed (not even the search for a NUL).
        let summary = Summary {
            problems: Some(0),
            ..Summary::default()
        };
        (Outcome::default(), summary)
    } else if let Some(mode) = style.fix {
        return with_name(
            name,
            style,
            fixed(name, target, bytes, binary_nul(bytes), mode, style.color),
        );
    } else {
        report(name, bytes, style, binary_nul(bytes))
    };
    finish(name, style, outcome, &summary)
}

/// The report on an input found valid UTF-8 without holding all of it
/// (its bytes went through [`utf8lit::Utf8Validator`] a chunk at a time):
/// what [`check`] says of valid bytes, and that is nothing unless the name
/// is not UTF-8.
#[must_use]
pub fn valid(name: &Name, style: Style) -> Outcome {
    let summary = Summary {
        problems: Some(0),
        ..Summary::default()
    };
    finish(name, style, Outcome::default(), &summary)
}

/// `--fix` on an invalid input: converted, or why not.
fn fixed(
    name: &Name,
    target: Option<&fix::Target<'_>>,
    bytes: &[u8],
    nul: Option<usize>,
    mode: Fix,
    color: bool,
) -> Outcome {
    let done = match verdict::judge(bytes, nul) {
        Ok(fit) => fix::fix(target, bytes, fit, mode),
        Err(refusal) => fix::Done {
            text: format!("not converted: {refusal}"),
            converted: false,
            fits: false,
        },
    };
    Outcome {
        invalid: !done.converted,
        skipped: false,
        converted: done.fits,
        text: format!("{}: {}\n", paint(&name.shown(), PATH, color), done.text),
        artifact: String::new(),
    }
}

/// `outcome`, after the problem of `name` itself when it is not UTF-8 and
/// `--check-names` asks for it.
fn with_name(name: &Name, style: Style, mut outcome: Outcome) -> Outcome {
    if !style.check_names {
        return outcome;
    }
    let Err(err) = utf8lit::validate(name.bytes()) else {
        return outcome;
    };
    let mut text = String::new();
    let problem = Problem {
        name,
        at: At::Name,
        err: &err,
        offset: err.valid_up_to(),
        len: problem_len(&err, name.bytes().len()),
        binary_nul: None,
        // The verdict reads the content, not the name.
        looks_like: None,
        reading: None,
    };
    problem.write(&mut text, style);
    if !outcome.text.is_empty() {
        if style.format == Format::Sarif {
            text.push_str(",\n");
        }
        text.push_str(&outcome.text);
    }
    outcome.text = text;
    outcome.invalid = true;
    outcome
}

/// `outcome` with the name's problem ([`with_name`]) and, when some problem
/// was reported, what is said of the file as a whole, after its problems:
/// the terminal's line, JSON's `"type":"file"` object, SARIF's artifact.
fn finish(name: &Name, style: Style, outcome: Outcome, summary: &Summary) -> Outcome {
    let mut outcome = with_name(name, style, outcome);
    if outcome.text.is_empty() {
        return outcome;
    }
    match style.format {
        Format::Human => {
            if let Some(message) = &summary.message {
                let shown = paint(&name.shown(), PATH, style.color);
                let _ = writeln!(outcome.text, "{shown}: {message}");
            }
        }
        Format::Json => summary.json(name, &mut outcome.text),
        Format::Sarif => {
            if summary.message.is_some() {
                summary.sarif(name, &mut outcome.artifact);
            }
        }
        Format::Github => {}
    }
    outcome
}

/// The verdict on an input of which only a `prefix` has been read (fewer
/// bytes than all), if the prefix decides it: a binary file with
/// `--binary skip`, or a first problem early in the prefix when only the
/// first problem is reported (`--first`, or a binary file). Saves reading
/// the rest of a compressed file, as `isutf8` does. A prefix shorter than
/// [`BINARY_PROBE`] without a NUL decides nothing: a NUL may come later.
#[must_use]
pub fn check_prefix(name: &Name, prefix: &[u8], style: Style) -> Option<Outcome> {
    let nul = binary_nul(prefix);
    if nul.is_none() && prefix.len() < BINARY_PROBE || starts_utf16(prefix) {
        return None;
    }
    if style.binary == Binary::Skip && nul.is_some() {
        let (outcome, summary) = skipped(nul);
        return Some(finish(name, style, outcome, &summary));
    }
    if !style.first_only && nul.is_none() || style.fix.is_some() {
        return None;
    }
    match utf8lit::validate(prefix) {
        Err(err) if err.valid_up_to().saturating_add(LOOKAHEAD) <= prefix.len() => {
            let (outcome, summary) = report(name, prefix, style, nul);
            Some(finish(name, style, outcome, &summary))
        }
        _ => None,
    }
}

/// A binary file not checked (`--binary skip`): a NUL at `nul`.
fn skipped(nul: Option<usize>) -> (Outcome, Summary) {
    let outcome = Outcome {
        skipped: true,
        ..Outcome::default()
    };
    let summary = Summary {
        binary_nul: nul,
        ..Summary::default()
    };
    (outcome, summary)
}

/// The report on invalid `bytes`: every problem, or only the first with
/// `--first` or for a binary file (NUL at `nul`); and when all of them fit
/// one encoding, that verdict, given with each problem and said once after
/// them ([`finish`]), and each problem's reading in it.
fn report(name: &Name, bytes: &[u8], style: Style, nul: Option<usize>) -> (Outcome, Summary) {
    // With --first only a prefix may have been read: no verdict on all.
    let fit = if style.first_only {
        None
    } else {
        verdict::judge(bytes, nul).ok()
    };
    let mut writer = Writer::new(name, style, nul, fit);
    chunked::pieces(bytes, |piece| writer.piece(&piece));
    // Whether --fix converts the file: the same test --fix applies, so that
    // the verdict line never promises a conversion --fix then refuses.
    let converts = fit.map(|fit| fix::lossless(bytes, fit.encoding).map(drop));
    writer.done(converts.as_ref())
}

/// The problems of one invalid input, written as its pieces come (see
/// [`crate::chunked`]: all at once, or a chunk at a time), then what is
/// said of the input as a whole.
pub struct Writer<'a> {
    name: &'a Name,
    style: Style,
    nul: Option<usize>,
    fit: Option<Fit>,
    /// Only the first problem is written: `--first`, a binary file, or a
    /// UTF-16 file, whose problems after its byte-order mark say nothing
    /// more.
    first_only: bool,
    cursor: Cursor,
    problems: usize,
    out: Outcome,
}

impl<'a> Writer<'a> {
    /// The writer for an input named `name`, with a NUL at `nul` (see
    /// [`binary_nul`]), and the verdict `fit` on all of it (`None` with
    /// `--first`).
    #[must_use]
    pub fn new(name: &'a Name, style: Style, nul: Option<usize>, fit: Option<Fit>) -> Self {
        let first_only =
            style.first_only || nul.is_some() || fit.is_some_and(|f| f.encoding.is_utf16());
        Self {
            name,
            style,
            nul,
            fit,
            first_only,
            cursor: Cursor::default(),
            problems: 0,
            out: Outcome {
                invalid: true,
                ..Outcome::default()
            },
        }
    }

    /// Takes the next piece of the input; `false` once no more are wanted.
    pub fn piece(&mut self, piece: &Piece<'_>) -> bool {
        let (err, at, bytes) = match *piece {
            Piece::Valid(bytes) => {
                self.cursor.advance(bytes);
                return true;
            }
            Piece::Problem { err, at, bytes } => (err, at, bytes),
        };
        let looks_like = self.fit.map(|fit| fit.encoding);
        let problem = Problem {
            name: self.name,
            at: At::Text {
                line: self.cursor.line,
                column: self.cursor.column,
            },
            err,
            offset: at,
            len: bytes.len(),
            binary_nul: self.nul,
            looks_like,
            reading: looks_like
                .filter(|e| e.is_single_byte())
                .map(|e| (e, bytes)),
        };
        if self.style.format == Format::Sarif && !self.out.text.is_empty() {
            self.out.text.push_str(",\n");
        }
        problem.write(&mut self.out.text, self.style);
        self.problems += 1;
        // A problem's bytes are a lead byte and continuation bytes, never a
        // newline: one column.
        self.cursor.column += 1;
        !self.first_only
    }

    /// The report, once the pieces are done, with whether `--fix` converts
    /// the input ([`fix::lossless`]) when it has a verdict.
    fn done(self, converts: Option<&Result<(), String>>) -> (Outcome, Summary) {
        let message = match (self.fit, self.nul) {
            (Some(fit), _) => Some(match converts {
                Some(Err(why)) => format!("{}; utf8check --fix leaves it: {why}", fit.summary()),
                _ => format!("{}; utf8check --fix converts it", fit.summary()),
            }),
            (None, Some(at)) => Some(format!(
                "binary file (NUL at byte {at}); only its first problem is shown"
            )),
            (None, None) => None,
        };
        let summary = Summary {
            looks_like: self.fit.map(|fit| fit.encoding),
            problems: (!self.first_only).then_some(self.problems),
            fix: matches!(converts, Some(&Ok(()))),
            message,
            binary_nul: self.nul,
        };
        (self.out, summary)
    }

    /// The outcome, once the pieces are done, with whether `--fix` converts
    /// the input when it has a verdict.
    #[must_use]
    pub fn finish(self, converts: Option<&Result<(), String>>) -> Outcome {
        let (name, style) = (self.name, self.style);
        let (outcome, summary) = self.done(converts);
        finish(name, style, outcome, &summary)
    }
}

/// `--fix`'s report on an input it does not convert, for `why`.
#[must_use]
pub fn refused(name: &Name, style: Style, why: &str) -> Outcome {
    let outcome = Outcome {
        invalid: true,
        text: format!(
            "{}: not converted: {why}\n",
            paint(&name.shown(), PATH, style.color)
        ),
        ..Outcome::default()
    };
    with_name(name, style, outcome)
}

impl Summary {
    /// The `"type":"file"` object of JSON Lines, after the file's problems.
    fn json(&self, name: &Name, out: &mut String) {
        out.push_str("{\"type\":\"file\",\"path\":");
        name.write_json(out);
        out.push_str(",\"problems\":");
        json_number(out, self.problems);
        out.push_str(",\"looks_like\":");
        match self.looks_like {
            Some(encoding) => json_string(out, encoding.name()),
            None => out.push_str("null"),
        }
        let _ = write!(out, ",\"fix\":{},\"message\":", self.fix);
        match &self.message {
            Some(message) => json_string(out, message),
            None => out.push_str("null"),
        }
        out.push_str(",\"binary_nul\":");
        json_number(out, self.binary_nul);
        out.push_str("}\n");
    }

    /// The file's entry in the SARIF run's `artifacts`: where it is, the
    /// terminal's sentence as its `description`, and the JSON file object's
    /// facts as `properties`.
    fn sarif(&self, name: &Name, out: &mut String) {
        out.push_str("{\"location\":");
        sarif_location(name, out);
        if let Some(message) = &self.message {
            out.push_str(",\"description\":{\"text\":");
            json_string(out, message);
            out.push('}');
        }
        out.push_str(",\"properties\":{\"looksLike\":");
        match self.looks_like {
            Some(encoding) => json_string(out, encoding.name()),
            None => out.push_str("null"),
        }
        out.push_str(",\"problems\":");
        json_number(out, self.problems);
        let _ = write!(out, ",\"fix\":{},\"binaryNul\":", self.fix);
        json_number(out, self.binary_nul);
        out.push_str("}}");
    }
}

/// `n`, or `null`.
fn json_number(out: &mut String, n: Option<usize>) {
    match n {
        Some(n) => {
            let _ = write!(out, "{n}");
        }
        None => out.push_str("null"),
    }
}

/// A SARIF `artifactLocation`: the name as a relative URI, or when it has
/// none (standard input), its description.
fn sarif_location(name: &Name, out: &mut String) {
    out.push('{');
    if let Some(uri) = name.uri() {
        out.push_str("\"uri\":");
        json_string(out, &uri);
    } else {
        out.push_str("\"description\":{\"text\":");
        json_string(out, &name.shown());
        out.push('}');
    }
    out.push('}');
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

/// Where a problem is.
#[derive(Clone, Copy, Debug)]
enum At {
    /// In the input's bytes, at this 1-based line and column.
    Text { line: usize, column: usize },
    /// In the input's name (`--check-names`).
    Name,
}

/// One problem to write.
struct Problem<'a> {
    name: &'a Name,
    at: At,
    err: &'a Utf8Error,
    /// Where the problem is in the input (or the name): `err` may have been
    /// found in a window of it ([`crate::chunked`]).
    offset: usize,
    len: usize,
    binary_nul: Option<usize>,
    /// The file's verdict, if it has one.
    looks_like: Option<Encoding>,
    /// The file's verdict, when it is a single-byte encoding, and this
    /// problem's bytes, to read in it.
    reading: Option<(Encoding, &'a [u8])>,
}

/// What a problem in a name is called, before the error's message.
const NAME_PROBLEM: &str = "file name is not UTF-8";

impl Problem<'_> {
    /// The error's message; in a file that fits a single-byte encoding, with
    /// the reading in that encoding rather than the guess from the bytes
    /// around it.
    fn message(&self) -> String {
        let Some((encoding, bytes)) = self.reading else {
            return self.error_message();
        };
        let Some(text) = fix::convert(bytes, encoding) else {
            return self.error_message();
        };
        let points: Vec<String> = text
            .chars()
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        let points = points.join(" ");
        let showable = text
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != '\u{AD}');
        let what = if showable {
            format!("'{text}' ({points})")
        } else {
            points
        };
        let (these, them) = if text.chars().count() == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        let hex = |bytes: &[u8]| {
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            hex.join(" ")
        };
        // What the bytes meant as UTF-8 (an RFC 2279 form, a surrogate...)
        // is beside the point in a Latin-1 file: say what they are.
        format!(
            "invalid UTF-8 at byte {} ({}): {} {these} {what} in {}, as the whole file \
             reads; UTF-8 writes {them} {}",
            self.offset,
            self.err.kind(),
            hex(bytes),
            encoding.name(),
            hex(text.as_bytes()),
        )
    }

    /// The error's own message, with the problem's offset in the input:
    /// the error says where it is in what was searched, which for a large
    /// input is a window of it, and says it first.
    fn error_message(&self) -> String {
        let message = self.err.to_string();
        let found = self.err.valid_up_to();
        if found == self.offset {
            return message;
        }
        let head = format!("invalid UTF-8 at byte {found} (");
        match message.strip_prefix(&head) {
            Some(rest) => format!("invalid UTF-8 at byte {} ({rest}", self.offset),
            None => message,
        }
    }

    fn write(&self, out: &mut String, style: Style) {
        match style.format {
            Format::Human => self.human(out, style.color),
            Format::Json => self.json(out),
            Format::Github => self.github(out),
            Format::Sarif => self.sarif(out),
        }
    }

    fn human(&self, out: &mut String, color: bool) {
        let message = self.message();
        let message = match message.split_once(": ") {
            // "invalid UTF-8 at byte N (kind)" in red, the explanation plain.
            Some((head, rest)) if color => format!("{}: {rest}", paint(head, ERROR, true)),
            _ => message,
        };
        let name = paint(&self.name.shown(), PATH, color);
        let _ = match self.at {
            At::Text { line, column } => writeln!(
                out,
                "{name}:{}:{}: {message}",
                paint(&line.to_string(), POSITION, color),
                paint(&column.to_string(), POSITION, color),
            ),
            At::Name => writeln!(out, "{name}: {NAME_PROBLEM}: {message}"),
        };
    }

    fn json(&self, out: &mut String) {
        out.push_str("{\"type\":\"problem\",\"path\":");
        self.name.write_json(out);
        let _ = match self.at {
            At::Text { line, column } => write!(
                out,
                ",\"in\":\"content\",\"line\":{line},\"column\":{column}"
            ),
            At::Name => write!(out, ",\"in\":\"name\",\"line\":null,\"column\":null"),
        };
        let _ = write!(
            out,
            ",\"offset\":{},\"length\":{},\"kind\":",
            self.offset, self.len,
        );
        json_string(out, self.err.kind().as_str());
        out.push_str(",\"variant\":");
        json_string(out, &format!("{:?}", self.err.kind()));
        out.push_str(",\"message\":");
        json_string(out, &self.message());
        out.push_str(",\"looks_like\":");
        match self.looks_like {
            Some(encoding) => json_string(out, encoding.name()),
            None => out.push_str("null"),
        }
        out.push_str(",\"binary_nul\":");
        json_number(out, self.binary_nul);
        out.push_str("}\n");
    }

    /// A workflow command (GitHub's "Workflow commands for GitHub
    /// Actions"): properties and message escaped as the runner unescapes
    /// them, so that a name with a comma or a message with a colon stays
    /// whole.
    fn github(&self, out: &mut String) {
        let name = self.name.shown();
        let (position, title) = match self.at {
            At::Text { line, column } => (
                format!(",line={line},col={column}"),
                format!("utf8check: {}", self.err.kind().as_str()),
            ),
            At::Name => (String::new(), format!("utf8check: {NAME_PROBLEM}")),
        };
        let _ = writeln!(
            out,
            "::error file={}{position},title={}::{}",
            github_escape(&name, true),
            github_escape(&title, true),
            github_escape(&self.message(), false),
        );
    }

    /// One SARIF `result`: the rule of the error's kind, the message, and
    /// where (line and column in characters, as the run's `columnKind`
    /// says, and the byte offset and length); for a name, the file alone.
    fn sarif(&self, out: &mut String) {
        let (rule, message) = match self.at {
            At::Text { .. } => (sarif::rule_of(self.err.kind()), self.message()),
            At::Name => (sarif::NAME_RULE, format!("{NAME_PROBLEM}: {}", self.err)),
        };
        out.push_str("{\"ruleId\":");
        json_string(out, sarif::RULES[rule].id);
        let _ = write!(
            out,
            ",\"ruleIndex\":{rule},\"level\":\"error\",\"message\":{{\"text\":"
        );
        json_string(out, &message);
        out.push_str("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":");
        sarif_location(self.name, out);
        if let At::Text { line, column } = self.at {
            let _ = write!(
                out,
                ",\"region\":{{\"startLine\":{line},\"startColumn\":{column},\
                 \"byteOffset\":{},\"byteLength\":{}}}",
                self.offset, self.len,
            );
        }
        out.push_str("}}]");
        // The file's reading, as JSON's `looks_like`: SARIF has no field
        // for it, so it is a property.
        if let Some(encoding) = self.looks_like {
            out.push_str(",\"properties\":{\"looksLike\":");
            json_string(out, encoding.name());
            out.push('}');
        }
        out.push('}');
    }
}

/// `text` escaped for a workflow command: `%`, CR and LF always, and `:`
/// and `,` in a property, as the runner reads them back.
fn github_escape(text: &str, property: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

/// The 1-based line and column of the next byte, moving forward only.
///
/// Columns count characters: every byte that is not a continuation byte
/// (`80`–`BF`) starts one. The bytes before the first problem are valid
/// UTF-8, so that is exact; each earlier problem on the same line counts as
/// one column, as one U+FFFD would in an editor.
#[derive(Debug)]
struct Cursor {
    line: usize,
    column: usize,
}

impl Default for Cursor {
    fn default() -> Self {
        Self { line: 1, column: 1 }
    }
}

impl Cursor {
    /// Moves over valid `bytes`. (Counts, rather than a loop with a
    /// branch per byte: the compiler makes them vector code.)
    #[expect(
        clippy::naive_bytecount,
        reason = "vectorised as it is; a crate for one count is not worth it"
    )]
    fn advance(&mut self, bytes: &[u8]) {
        let starts = |bytes: &[u8]| bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.line += bytes.iter().filter(|&&b| b == b'\n').count();
                self.column = 1 + starts(&bytes[last + 1..]);
            }
            None => self.column += starts(bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style {
        format: Format::Human,
        color: false,
        first_only: false,
        check_names: false,
        binary: Binary::Check,
        fix: None,
        symlinks: Symlinks::Leave,
    };

    fn check(name: &str, bytes: &[u8], style: Style) -> Outcome {
        super::check(&Name::path(name), None, bytes, style)
    }

    fn check_prefix(name: &str, bytes: &[u8], style: Style) -> Option<Outcome> {
        super::check_prefix(&Name::path(name), bytes, style)
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
        let lines: Vec<&str> = out.text.lines().collect();
        assert_eq!(lines.len(), 2, "{}", out.text);
        assert!(lines[0].starts_with("f:1:1: ") && lines[0].contains("CESU-8"));
        assert!(lines[1].starts_with("f: looks like CESU-8: 1 problem, "));
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
