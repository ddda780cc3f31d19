//! `utf8check`: check that files are strict UTF-8 (RFC 3629), and say where
//! and why not.
//!
//! Run `utf8check --help` for the options, or see the crate's README. The
//! checks are [`utf8lit::validate`] (the fast path, for valid files) and
//! [`utf8lit::problems`] (every problem of an invalid file, one per
//! ill-formed form: a CESU-8 surrogate pair is one problem).
//!
//! | module | what it does |
//! |---|---|
//! | `args` | the command line, with `lexopt` |
//! | `inputs` | the PATHs and the walk of directories, in report order |
//! | `pool` | checking on several threads, results handed on in order |
//! | `report` | one input's problems as report text, in every format |
//! | `sarif` | the SARIF log around the results: the tool and its rules |
//! | `name` | file names as they are: escaped, base64 or a URI |
//! | `verdict` | whether all problems of a file fit one other encoding |
//! | `fix` | `--fix`: converting such a file to UTF-8 without loss |

#![forbid(unsafe_code)]

mod args;
mod fix;
mod inputs;
mod name;
mod pool;
mod report;
mod sarif;
mod verdict;

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use args::{Command, Options};
use fix::Fix;
use pool::Checked;
use report::Format;

/// Exit status when some input is not valid UTF-8.
const EXIT_INVALID: u8 = 1;
/// Exit status for usage errors and I/O errors.
const EXIT_TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let options = match args::parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Run(options)) => options,
        Ok(Command::Help) => {
            let _ = io::stdout().write_all(args::HELP.as_bytes());
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            let _ = writeln!(io::stdout(), "utf8check {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            note(message);
            note("try 'utf8check --help'");
            return ExitCode::from(EXIT_TROUBLE);
        }
    };
    run(&options)
}

/// Totals for the summary line and the exit status.
#[derive(Default)]
struct Totals {
    files: u64,
    bytes: u64,
    invalid: u64,
    unreadable: u64,
    skipped: u64,
    converted: u64,
}

fn run(options: &Options) -> ExitCode {
    let start = Instant::now();
    let mut totals = Totals::default();
    if options.demo {
        note(
            "--demo: checking the samples built into utf8check; two of them are \
             invalid on purpose, and --demo exits 0 all the same",
        );
    }

    let sarif = options.style.format == Format::Sarif;
    let mut out = io::BufWriter::new(io::stdout().lock());
    // SARIF is one JSON document: its results, comma-separated, between a
    // head and a tail.
    let mut results = 0_u64;
    let result = (if sarif {
        out.write_all(sarif::head().as_bytes())
    } else {
        Ok(())
    })
    .and_then(|()| {
        pool::check_all(options, |checked| {
            match checked {
                Checked::Done { bytes, outcome } => {
                    totals.files += 1;
                    totals.bytes += bytes;
                    totals.invalid += u64::from(outcome.invalid);
                    totals.skipped += u64::from(outcome.skipped);
                    totals.converted += u64::from(outcome.converted);
                    if sarif && !outcome.text.is_empty() && results > 0 {
                        out.write_all(b",\n")?;
                    }
                    results += u64::from(!outcome.text.is_empty());
                    out.write_all(outcome.text.as_bytes())?;
                }
                Checked::Unreadable(message) => {
                    // Flush first so that the message comes after the
                    // reports of the inputs before it.
                    out.flush()?;
                    note(message);
                    totals.unreadable += 1;
                }
            }
            Ok(())
        })
    })
    .and_then(|walk_errors| {
        totals.unreadable += walk_errors;
        if sarif {
            out.write_all(sarif::TAIL.as_bytes())?;
        }
        out.flush()
    });
    if let Err(err) = result {
        // A closed pipe (`utf8check | head`) means nobody is listening: the
        // walk has stopped, and there is nothing to say.
        if err.kind() != io::ErrorKind::BrokenPipe {
            note(format_args!("stdout: {err}"));
        }
        return ExitCode::from(EXIT_TROUBLE);
    }

    if !options.quiet {
        let fixed = match options.style.fix {
            None => String::new(),
            Some(Fix::Write) => format!(", {} converted", totals.converted),
            Some(Fix::DryRun) => format!(", {} would be converted", totals.converted),
        };
        // With --fix, "invalid" counts what is still invalid.
        note(format_args!(
            "{}, {} read, {} invalid{fixed}, {} unreadable, {} skipped as binary, {:.3} s",
            verdict::plural(totals.files, "file"),
            verdict::plural(totals.bytes, "byte"),
            totals.invalid,
            totals.unreadable,
            totals.skipped,
            start.elapsed().as_secs_f64(),
        ));
    }
    if options.demo {
        ExitCode::SUCCESS
    } else if totals.unreadable > 0 {
        ExitCode::from(EXIT_TROUBLE)
    } else if totals.invalid > 0 {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints `utf8check: message` to stderr. Failures are ignored: stderr is
/// where failures would be reported.
fn note(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "utf8check: {message}");
}
