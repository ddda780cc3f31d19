//! `utf8check`: check that files are strict UTF-8, and say where and why not.
//!
//! A small command-line tool in the spirit of `isutf8` (Debian's `moreutils`),
//! built on [`utf8lit::validate`] and [`utf8lit::decode::validate_from`]. Every
//! error is printed as `path:line:column: message`, the format that editors
//! and CI log viewers turn into links. `message` is the error's `Display`
//! text: one line that gives the byte offset, names the offending bytes and
//! says what they mean. For example (one line, shortened and wrapped here):
//!
//! ```text
//! examples/utf8check/latin1.txt:2:7: invalid UTF-8 at byte 66 (missing continuation byte):
//!     E9 starts a 3-byte sequence but is followed by 20, ...; if this is ISO-8859-1 'é' ...
//! ```
//!
//! # Usage
//!
//! ```text
//! cargo run --example utf8check                       # check the bundled samples
//! cargo run --example utf8check -- notes.txt -        # a file, then standard input
//! cargo run --example utf8check -- --all notes.txt    # every error, not just the first
//! ```
//!
//! By default only the first error of each file is reported, like `isutf8`.
//! With `--all` the check resumes after each error: it skips the invalid
//! bytes (the error's `error_len`, one "maximal subpart") and validates the
//! rest with `validate_from`, until the input is exhausted.
//!
//! Lines and columns are 1-based. Columns count characters (Unicode scalar
//! values), not bytes. Everything before the first error is valid UTF-8, so
//! that count is well defined; for the later errors of `--all`, each earlier
//! invalid subpart on the line counts as one column, just as a lossy decoder
//! would show it as one U+FFFD.
//!
//! With no FILE at all, the tool checks three small samples shipped in
//! `examples/utf8check/` (valid multi-script text, Latin-1 text, and CESU-8
//! plus an overlong sequence) with `--all`, so that it demonstrates itself.
//!
//! # Exit status
//!
//! * `0`: every input is valid UTF-8;
//! * `1`: at least one input is not;
//! * `2`: a usage error, or an input that could not be read (reported on
//!   stderr as `utf8check: path: error`; the other inputs are still checked).
//!   `2` wins over `1`.

#![forbid(unsafe_code)]

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
Usage: utf8check [--all] [FILE...]

Check that each FILE is strict UTF-8 (RFC 3629). Each error is printed as
    path:line:column: invalid UTF-8 at byte N (why): what the bytes mean
A FILE of '-' means standard input. With no FILE, check the samples bundled
in examples/utf8check/ (with --all).

Options:
      --all     report every error in each file, not only the first
  -h, --help    print this help and exit

Lines and columns are 1-based. Columns count characters (Unicode scalar
values), not bytes; with --all, each earlier invalid sequence (maximal
subpart) on the same line counts as one column, like the U+FFFD a lossy
decoder would put there.

Exit status: 0 if every input is valid UTF-8, 1 if some input is not,
2 on a usage or I/O error (2 wins over 1).
";

/// Exit status when some input is not valid UTF-8.
const EXIT_INVALID: u8 = 1;
/// Exit status for usage errors and I/O errors.
const EXIT_TROUBLE: u8 = 2;

/// Where the bundled samples live. `CARGO_MANIFEST_DIR` is the `runtime/`
/// directory at compile time, so this works from a fresh clone with a plain
/// `cargo run --example utf8check`.
const SAMPLE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/utf8check");
/// The samples, in the order they are checked.
const SAMPLES: [&str; 3] = ["valid.txt", "latin1.txt", "cesu8.txt"];

/// One thing to check: a name to print and where to read the bytes from.
struct Input {
    name: String,
    source: Source,
}

enum Source {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// Reads the whole input as raw bytes. No text APIs: they would reject or
    /// "repair" exactly the bytes we want to report on.
    fn read(&self) -> io::Result<Vec<u8>> {
        match &self.source {
            Source::Stdin => {
                let mut bytes = Vec::new();
                io::stdin().lock().read_to_end(&mut bytes)?;
                Ok(bytes)
            }
            Source::File(path) => std::fs::read(path),
        }
    }
}

/// What the command line asks for.
enum Command {
    Help,
    Check { all: bool, inputs: Vec<Input> },
}

fn main() -> ExitCode {
    let (all, inputs) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Check { all, inputs }) => (all, inputs),
        Ok(Command::Help) => {
            // Nothing useful to do if stdout is gone, so ignore the result.
            let _ = io::stdout().write_all(USAGE.as_bytes());
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            note(message);
            let _ = io::stderr().write_all(USAGE.as_bytes());
            return ExitCode::from(EXIT_TROUBLE);
        }
    };

    // Lock stdout once and buffer it: one error line per write would be slow
    // for `--all` on a large, thoroughly broken file.
    let mut out = BufWriter::new(io::stdout().lock());
    let mut any_invalid = false;
    let mut any_trouble = false;

    for input in &inputs {
        let bytes = match input.read() {
            Ok(bytes) => bytes,
            Err(err) => {
                // Flush first so that, on a terminal, this message appears
                // after the reports for the inputs before it.
                if let Err(err) = out.flush() {
                    return write_failed(&err);
                }
                note(format_args!("{}: {err}", input.name));
                any_trouble = true;
                continue;
            }
        };
        match report_errors(&input.name, &bytes, all, &mut out) {
            Ok(true) => {}
            Ok(false) => any_invalid = true,
            Err(err) => return write_failed(&err),
        }
    }
    if let Err(err) = out.flush() {
        return write_failed(&err);
    }

    if any_trouble {
        ExitCode::from(EXIT_TROUBLE)
    } else if any_invalid {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// Parses `[--all] [FILE...]`. Options may appear anywhere before `--`;
/// after `--` every argument is a FILE, even if it starts with `-`.
/// Arguments are `OsString`s: a UTF-8 checker should cope with file names
/// that are not UTF-8 themselves.
fn parse_args(args: impl Iterator<Item = OsString>) -> Result<Command, String> {
    let mut all = false;
    let mut files = Vec::new();
    let mut options_done = false;

    for arg in args {
        let is_option = arg.len() > 1 && arg.as_encoded_bytes().starts_with(b"-");
        if options_done || !is_option {
            files.push(arg);
            continue;
        }
        match arg.to_str() {
            Some("--all") => all = true,
            Some("-h" | "--help") => return Ok(Command::Help),
            Some("--") => options_done = true,
            _ => return Err(format!("unknown option '{}'", arg.to_string_lossy())),
        }
    }

    if files.is_empty() {
        // No FILE: demonstrate on the bundled samples, showing every error.
        // This goes to stderr so that stdout stays `path:line:column: ...`.
        note(format_args!(
            "no FILE given; checking the bundled samples in examples/utf8check/ \
             ({}) with --all",
            SAMPLES.join(", "),
        ));
        let inputs = SAMPLES
            .iter()
            .map(|name| Input {
                // Print the short, relative name; read from the absolute path.
                name: format!("examples/utf8check/{name}"),
                source: Source::File(Path::new(SAMPLE_DIR).join(name)),
            })
            .collect();
        return Ok(Command::Check { all: true, inputs });
    }

    let inputs = files
        .into_iter()
        .map(|file| {
            if file == "-" {
                Input {
                    name: "(standard input)".to_owned(),
                    source: Source::Stdin,
                }
            } else {
                let path = PathBuf::from(file);
                Input {
                    name: path.display().to_string(),
                    source: Source::File(path),
                }
            }
        })
        .collect();
    Ok(Command::Check { all, inputs })
}

/// Validates `bytes` and writes one `name:line:column: message` line per
/// error to `out`: only the first error, or every error if `all` is set.
///
/// Returns `Ok(true)` if the bytes are valid UTF-8, `Ok(false)` if not, and
/// `Err` only if writing to `out` failed.
fn report_errors(name: &str, bytes: &[u8], all: bool, out: &mut impl Write) -> io::Result<bool> {
    let mut result = utf8lit::validate(bytes);
    let valid = result.is_ok();
    let mut cursor = Cursor::new();

    while let Err(err) = result {
        // `valid_up_to` is an absolute byte offset, also for `validate_from`.
        let at = err.valid_up_to();
        cursor.advance_over_valid(bytes, at);
        writeln!(out, "{name}:{}:{}: {err}", cursor.line, cursor.column)?;

        if !all {
            break;
        }
        // `error_len` is the length of the invalid maximal subpart at `at`.
        // `None` means the input ends in the middle of a sequence that could
        // still have been valid (it is truncated): nothing left to resume on.
        let Some(len) = err.error_len() else {
            break;
        };
        cursor.skip_invalid(len);
        result = utf8lit::decode::validate_from(bytes, at + len);
    }
    Ok(valid)
}

/// Tracks the 1-based line and column of a byte offset, moving forward only.
/// Errors arrive in increasing order, so the whole file is scanned once.
struct Cursor {
    /// The byte offset that `line` and `column` describe.
    offset: usize,
    line: usize,
    column: usize,
}

impl Cursor {
    const fn new() -> Self {
        Self {
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Moves to `to` over `bytes[self.offset..to]`, which the validator has
    /// just vouched for as valid UTF-8. In valid UTF-8 every character has
    /// exactly one byte that is not a continuation byte (`10xx_xxxx`), so
    /// counting those counts characters, with no decoding needed.
    fn advance_over_valid(&mut self, bytes: &[u8], to: usize) {
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

    /// Moves over one invalid maximal subpart of `len` bytes and counts it
    /// as one column. It never contains a `\n`: it is either a single byte
    /// that cannot start a sequence, or a lead byte and continuation bytes.
    fn skip_invalid(&mut self, len: usize) {
        self.offset += len;
        self.column += 1;
    }
}

/// Prints `utf8check: message` to stderr. Failures are ignored: stderr is
/// where failures would be reported.
fn note(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "utf8check: {message}");
}

/// Handles a failed write to stdout. A closed pipe (`utf8check ... | head`)
/// just means nobody is listening any more: exit quietly. Rust ignores
/// `SIGPIPE`, so this shows up as an `Err` rather than killing the process,
/// and `println!` would panic here; that is why the reports use `writeln!`.
/// The checks were cut short either way, so the status is 2, not a verdict.
fn write_failed(err: &io::Error) -> ExitCode {
    if err.kind() != io::ErrorKind::BrokenPipe {
        note(format_args!("stdout: {err}"));
    }
    ExitCode::from(EXIT_TROUBLE)
}
