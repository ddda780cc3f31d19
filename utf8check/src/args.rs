//! The command line: options and PATHs, parsed with `lexopt` (the parser
//! ripgrep's own is built on), which takes `--name=value`, `--name value`
//! and `-j4` alike and leaves PATHs as `OsString`s: file names need not be
//! UTF-8.
//!
//! The option types live here, where they are parsed, and nothing here
//! knows how they are carried out: every layer above reads them, and this
//! one reads no other. Here too is [`note`], the one way utf8check speaks
//! on stderr, from the walk as from `main`.

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write as _};

pub const HELP: &str = "\
Usage: utf8check [OPTIONS] [PATH...]

Check that files are strict UTF-8 (RFC 3629) and say where and why not.
Each problem is printed as
    path:line:column: invalid UTF-8 at byte N (kind): what the bytes mean

PATH is a file, a directory (walked recursively) or '-' for standard input;
with no PATH, the current directory. Directories skip what .gitignore,
.ignore and .git/info/exclude ignore (also outside git repositories) and
hidden files, as ripgrep does; files named on the command line are always
checked. Symbolic links inside directories are not followed. A FIFO or a
device named as a PATH is read as a stream, as standard input is.

Options:
      --demo            check the samples built into utf8check (valid text,
                        Latin-1, CESU-8 and an overlong '.') and exit 0
      --format FORMAT   human (default); json: JSON Lines, an object per
                        problem, then one per file that has problems (its
                        verdict); github: GitHub Actions annotations
                        (::error file=...); sarif: one SARIF 2.1.0 log, for
                        code scanning
      --color WHEN      auto (default: if stdout is a terminal), always,
                        never; --colour is the same
      --first           report only the first problem of each file
      --check-names     also report file names that are not UTF-8
      --fix             convert each invalid file whose problems all fit one
                        encoding (see 'Verdicts' below) to UTF-8, in place;
                        report what was done instead of the problems
      --dry-run         with --fix: say what would be converted, change
                        nothing
      --follow-symlinks with --fix: convert the file a symbolic link named
                        on the command line leads to, when it is inside a
                        PATH directory or the current directory (the link
                        stays a link); see '--fix' below
      --binary MODE     check (default) or skip; see 'Binary files' below
      --no-ignore       do not use .gitignore, .ignore or exclude files
      --hidden          walk hidden files and directories too
  -j, --threads N       check N files at a time (default: the number of CPUs)
  -q, --quiet           no summary line on stderr
  -h, --help            print this help and exit
  -V, --version         print the version and exit

Output order: the PATHs in the order given; inside a directory, depth first
with the entries of each directory sorted by name. Files are checked in
parallel, the output is in that order all the same.

Lines and columns are 1-based. Columns count characters (Unicode scalar
values), not bytes; an earlier problem on the same line counts as one column.
The byte offset is in the message ('at byte N') and in the JSON ('offset':
the length of the valid prefix, std's valid_up_to).

Names: in human and github output, control characters, bidirectional
controls and bytes that are not UTF-8 in a path are escaped (\\n, \\u{202E},
\\xFF; a backslash is \\\\ except on Windows). JSON gives a path as
{\"text\": \"...\"}, or {\"bytes\": \"<base64>\"} when it is not UTF-8, as
ripgrep does; SARIF as a URI, every other byte percent-encoded.

Verdicts: when the problems of a file all fit one other encoding, a line
after them says so ('looks like ISO-8859-1: 37 problems, all lone bytes
A0-FF among ASCII'), and each problem gives its reading in it (JSON:
'looks_like' on each problem and on the file's object; SARIF: the result's
property 'looksLike' and the run's 'artifacts'). The encodings: ISO-8859-1, Windows-1252 (bytes 80-FF among
ASCII, at most 2 in a row, and no valid UTF-8 beyond ASCII), CESU-8 or
Java's modified UTF-8 (every problem a surrogate pair or C0 80), and UTF-16
with a byte-order mark. Anything that reads two ways gets no verdict: valid
UTF-8 beside the problems (UTF-8 with mistakes), longer runs (Greek,
Cyrillic, CJK, Czech...), a symbol between letters or letters that
Central European encodings read otherwise (Polish, Hungarian, Slovene), or
bytes a Turkish or ISO-8859-15 file would use.

--fix converts only files with a verdict, and only when the text, written
back in that encoding, gives the original bytes. It writes a temporary file
beside the original (same permissions), reads it back, and renames it over
the original; the original is never half-written. It does not convert
standard input, a file with other hard links, or a file that changed
meanwhile. Exit status with --fix: 0 if every file is UTF-8 afterwards.

--fix writes nothing outside what was named, for trees that come from
someone else. It leaves a symbolic link and the file it points to alone,
and says so; with --follow-symlinks it converts that file (the link stays
a link) when it is inside a directory named as a PATH or the current
directory. A path through a linked directory is converted only when it
ends inside those directories too. Just before the rename, the name is
opened again without following links and must still be the file that was
read (device and inode) with the same bytes, or nothing is renamed. A
FIFO, device or socket named with --fix is not even opened: it is reported
on stderr, and the exit status is 2.

Binary files: a file with a NUL byte in its first 8 KiB is called binary,
unless it starts with a UTF-16 byte-order mark.
With --binary check, it is checked like any file (NUL is valid UTF-8, so it
may pass, exactly as with isutf8), but only its first problem is reported,
followed by the line 'path: binary file (NUL at byte N); ...'. With
--binary skip, it is not checked, and counted as skipped in the summary.

Memory: a valid input is read 64 KiB at a time, whatever its size. A file
with problems is read whole for its report, up to 64 MiB; a larger one is
read twice, 64 KiB at a time (its verdict, then its problems), with the
same answers, and --fix does not convert it. Standard input, a FIFO or a
device is kept up to 64 MiB for its report; a problem after that is
reported on stderr without its line or a verdict, and the exit status is 2.

A summary line goes to stderr: files, bytes, invalid files, unreadable
files, skipped binary files, time.

Exit status: 0 if every file is valid UTF-8, 1 if some file is not, 2 on a
usage error or a file or directory that could not be read (reported on
stderr; everything else is still checked). 2 wins over 1.
";

/// How reports are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `path:line:column: message`, one line per problem.
    Human,
    /// JSON Lines: one object per problem, then one for the file.
    Json,
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…::…`,
    /// which the runner turns into annotations on the diff.
    Github,
    /// SARIF 2.1.0 result objects, comma-separated; `main` writes the log
    /// around them (`sarif::head`, `sarif::tail`).
    Sarif,
}

/// What to do with a file that has a NUL byte in its first
/// [`BINARY_PROBE`](crate::facts::BINARY_PROBE) bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    /// Check it like any file (same verdict as `isutf8`), but report only its
    /// first problem, with a note that it looks binary.
    Check,
    /// Do not check it; count it as skipped.
    Skip,
}

/// Settings for writing one report.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub format: Format,
    pub color: bool,
    /// Report only the first problem of each input.
    pub first_only: bool,
    /// Report a name that is not UTF-8 as a problem (`--check-names`).
    pub check_names: bool,
    pub binary: Binary,
    /// `--fix` or `--fix --dry-run`: convert the files that fit one
    /// encoding, and report that rather than their problems.
    pub fix: Option<Fix>,
    /// With `--fix`, what to do with a symbolic link.
    pub symlinks: Symlinks,
}

/// What `--fix` does with a symbolic link named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symlinks {
    /// Leave it and its target alone, and say so (the default).
    Leave,
    /// `--follow-symlinks`: convert its target when that is inside a
    /// directory named on the command line or the current directory.
    Follow,
}

/// `--fix` or `--fix --dry-run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Convert the files.
    Write,
    /// Only say what would be done.
    DryRun,
}

/// What the command line asks for.
#[derive(Debug)]
pub struct Options {
    pub style: Style,
    pub demo: bool,
    pub walk: WalkOptions,
    pub threads: usize,
    pub quiet: bool,
    pub paths: Vec<OsString>,
}

/// How directories are walked.
#[derive(Debug, Default)]
pub struct WalkOptions {
    /// `--no-ignore`: do not read ignore files.
    pub no_ignore: bool,
    /// `--hidden`: walk hidden files and directories too.
    pub hidden: bool,
}

#[derive(Debug)]
pub enum Command {
    Help,
    Version,
    Run(Options),
}

/// The value of the option just parsed, as text, or the error that names it.
fn text_value(parser: &mut lexopt::Parser, name: &str) -> Result<String, String> {
    let value = parser
        .value()
        .map_err(|_| format!("option '{name}' needs a value"))?;
    value
        .into_string()
        .map_err(|value| format!("bad value for '{name}': {}", value.to_string_lossy()))
}

/// Parses the command line (without the program name). Options may come
/// anywhere before `--`; after it every argument is a PATH.
pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Command, String> {
    use lexopt::Arg::{Long, Short, Value};

    let mut parser = lexopt::Parser::from_args(args);
    let mut dry_run = false;
    let mut options = Options {
        style: Style {
            format: Format::Human,
            color: io::stdout().is_terminal(),
            first_only: false,
            check_names: false,
            binary: Binary::Check,
            fix: None,
            symlinks: Symlinks::Leave,
        },
        demo: false,
        walk: WalkOptions::default(),
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        quiet: false,
        paths: Vec::new(),
    };
    loop {
        let arg = match parser.next() {
            Ok(Some(arg)) => arg,
            Ok(None) => break,
            Err(lexopt::Error::UnexpectedValue { option, .. }) => {
                return Err(format!("option '{option}' takes no value"));
            }
            Err(err) => return Err(err.to_string()),
        };
        match arg {
            Value(path) => options.paths.push(path),
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('V') | Long("version") => return Ok(Command::Version),
            Long("demo") => options.demo = true,
            Long("first") => options.style.first_only = true,
            Long("check-names") => options.style.check_names = true,
            Long("fix") => options.style.fix = Some(Fix::Write),
            Long("dry-run") => dry_run = true,
            Long("follow-symlinks") => options.style.symlinks = Symlinks::Follow,
            Long("no-ignore") => options.walk.no_ignore = true,
            Long("hidden") => options.walk.hidden = true,
            Short('q') | Long("quiet") => options.quiet = true,
            Long("format") => {
                options.style.format = match text_value(&mut parser, "--format")?.as_str() {
                    "human" => Format::Human,
                    "json" => Format::Json,
                    "github" => Format::Github,
                    "sarif" => Format::Sarif,
                    other => {
                        return Err(format!(
                            "--format: expected human, json, github or sarif, not '{other}'"
                        ))
                    }
                }
            }
            Long(name @ ("color" | "colour")) => {
                let name = format!("--{name}");
                options.style.color = match text_value(&mut parser, &name)?.as_str() {
                    "auto" => io::stdout().is_terminal(),
                    "always" => true,
                    "never" => false,
                    other => {
                        return Err(format!(
                            "{name}: expected auto, always or never, not '{other}'"
                        ))
                    }
                }
            }
            Long("binary") => {
                options.style.binary = match text_value(&mut parser, "--binary")?.as_str() {
                    "check" => Binary::Check,
                    "skip" => Binary::Skip,
                    other => {
                        return Err(format!("--binary: expected check or skip, not '{other}'"))
                    }
                }
            }
            Short('j') | Long("threads") => {
                let name = if matches!(arg, Short(_)) {
                    "-j"
                } else {
                    "--threads"
                };
                let value = text_value(&mut parser, name)?;
                options.threads = match value.parse::<usize>() {
                    Ok(n) if n > 0 => n,
                    _ => return Err(format!("{name}: expected a positive number, not '{value}'")),
                }
            }
            Short(c) => return Err(format!("unknown option '-{c}'")),
            Long(name) => return Err(format!("unknown option '--{name}'")),
        }
    }
    if options.style.format != Format::Human {
        options.style.color = false;
    }
    combinations(&mut options, dry_run)?;
    Ok(Command::Run(options))
}

/// Checks the options that go together (or not), and makes `--dry-run` part
/// of `--fix`.
fn combinations(options: &mut Options, dry_run: bool) -> Result<(), String> {
    if options.demo && !options.paths.is_empty() {
        return Err("--demo takes no PATH".to_owned());
    }
    if options.style.fix.is_some() {
        if dry_run {
            options.style.fix = Some(Fix::DryRun);
        }
        if options.style.format != Format::Human {
            return Err("--fix reports in its own words: --format cannot go with it".to_owned());
        }
        if options.style.first_only {
            return Err("--fix judges whole files: --first cannot go with it".to_owned());
        }
        if options.demo {
            return Err("--fix converts files: --demo cannot go with it".to_owned());
        }
    } else if dry_run {
        return Err("--dry-run goes with --fix".to_owned());
    } else if options.style.symlinks == Symlinks::Follow {
        // Without --fix it would read as "follow links in the walk", which
        // it does not do.
        return Err("--follow-symlinks goes with --fix".to_owned());
    }
    Ok(())
}

/// Prints `utf8check: message` to stderr. Failures are ignored: stderr is
/// where failures would be reported.
pub fn note(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "utf8check: {message}");
}
