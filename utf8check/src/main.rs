//! `utf8check`: check that files are strict UTF-8 (RFC 3629), and say where
//! and why not.
//!
//! Run `utf8check --help` for the options, or see the crate's README. The
//! checks are [`utf8lit::validate`] (the fast path, for valid files) and
//! [`utf8lit::problems`] (every problem of an invalid file, one per
//! ill-formed form: a CESU-8 surrogate pair is one problem).
//!
//! The modules are layers, listed here from the bottom up. Each uses only
//! the modules listed above it, never one below, so each can be read
//! knowing only what comes before it, and one file's bytes go up through
//! them once (`layers_run_one_way`, below, holds every file to this):
//!
//! 1. `facts`: facts about bytes that several layers need: the binary
//!    probe, a UTF-16 start, a problem's length, `plural`
//! 2. `chunked`: every problem of an input read a chunk at a time, as the
//!    whole input would give it
//! 3. `args`: the command line, with `lexopt`; the option types, and
//!    `note`, the voice on stderr
//! 4. `name`: file names as they are: escaped, base64 or a URI
//! 5. `verdict`: whether all problems of a file fit one other encoding
//! 6. `fix`: `--fix`: converting such a file to UTF-8 without loss
//! 7. `sarif`: the SARIF log around the results: the tool and its rules
//! 8. `report`: one input's problems and verdict as report text, in every
//!    format
//! 9. `inputs`: the PATHs and the walk of directories, in report order
//! 10. `pool`: checking on several threads, results handed on in order
//! 11. `main` (this file): the run, its totals and its exit status

#![forbid(unsafe_code)]

// The layers, bottom first. Blank lines keep rustfmt from sorting them.
mod facts;

mod chunked;

mod args;

mod name;

mod verdict;

mod fix;

mod sarif;

mod report;

mod inputs;

mod pool;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use args::{note, Command, Fix, Format, Options};
use pool::Checked;

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
    // The `artifacts` entries, which come after all the results.
    let mut artifacts = String::new();
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
                    if !outcome.artifact.is_empty() {
                        if !artifacts.is_empty() {
                            artifacts.push_str(",\n");
                        }
                        artifacts.push_str(&outcome.artifact);
                    }
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
            out.write_all(sarif::tail(&artifacts).as_bytes())?;
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
            facts::plural(totals.files, "file"),
            facts::plural(totals.bytes, "byte"),
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

/// Every `crate::<module>` a module names is a module listed above it in
/// this file's doc and `mod` lines, and no module but this one names an item
/// of the crate root: the layers run one way. Comments are skipped (doc
/// links may point anywhere); test modules are held to the rule too.
#[cfg(test)]
mod layers_run_one_way {
    /// The modules, bottom layer first: the order of the `mod` lines above.
    const LAYERS: [(&str, &str); 10] = [
        ("facts", include_str!("facts.rs")),
        ("chunked", include_str!("chunked.rs")),
        ("args", include_str!("args.rs")),
        ("name", include_str!("name.rs")),
        ("verdict", include_str!("verdict.rs")),
        ("fix", include_str!("fix.rs")),
        ("sarif", include_str!("sarif.rs")),
        ("report", include_str!("report.rs")),
        ("inputs", include_str!("inputs.rs")),
        ("pool", include_str!("pool.rs")),
    ];

    /// The first identifier of `text`.
    fn ident(text: &str) -> &str {
        let text = text.trim_start();
        let end = text
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        &text[..end]
    }

    /// What `source` names after `crate::`, outside comments: the module (or
    /// item of the crate root) of each path, and of each path in a
    /// `crate::{a, b::c}` group.
    fn named(source: &str) -> Vec<String> {
        let code: Vec<&str> = source
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect();
        let code = code.join("\n");
        let mut names = Vec::new();
        for after in code.split("crate::").skip(1) {
            let Some(group) = after.trim_start().strip_prefix('{') else {
                names.push(ident(after).to_owned());
                continue;
            };
            // The first identifier of each path at the group's top level.
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '}' if depth == 0 => break,
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        names.push(ident(&group[i..]).to_owned());
                        item_start = false;
                    }
                    _ => {}
                }
            }
        }
        names.retain(|name| !name.is_empty());
        names
    }

    #[test]
    fn the_list_is_the_mod_lines() {
        let mods = include_str!("main.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("mod "))
            .map(|line| line.trim_end_matches(';'))
            .filter(|name| *name != "layers_run_one_way {");
        assert!(mods.eq(LAYERS.iter().map(|(name, _)| *name)));
    }

    #[test]
    fn the_reader_sees_groups() {
        let source = "use crate::args::{note, Options};\nuse crate::{\n    fix,\n    \
                      verdict::{Fit, judge},\n};\n// crate::pool in a comment\n";
        assert_eq!(named(source), ["args", "fix", "verdict"]);
    }

    #[test]
    fn layers_run_one_way() {
        for (i, (module, source)) in LAYERS.iter().enumerate() {
            for name in named(source) {
                let Some(j) = LAYERS.iter().position(|(layer, _)| *layer == name) else {
                    panic!("{module}.rs uses crate::{name} of main.rs, the top layer");
                };
                assert!(
                    j < i || name == *module,
                    "{module}.rs uses {name}.rs, which is not above it"
                );
            }
        }
    }
}
