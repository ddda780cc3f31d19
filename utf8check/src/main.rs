//! `utf8check`: check that files are strict UTF-8 (RFC 3629), and say where
//! and why not.
//!
//! Run `utf8check --help` for the options, or see the crate's README. The
//! checks are [`utf8lit::validate`] (the fast path, for valid files) and
//! [`utf8lit::problems`] (every problem of an invalid file, one per
//! ill-formed form: a CESU-8 surrogate pair is one problem).

#![forbid(unsafe_code)]

mod report;

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Instant;

use report::{Binary, Format, Outcome, Style};

const HELP: &str = "\
Usage: utf8check [OPTIONS] [PATH...]

Check that files are strict UTF-8 (RFC 3629) and say where and why not.
Each problem is printed as
    path:line:column: invalid UTF-8 at byte N (kind): what the bytes mean

PATH is a file, a directory (walked recursively) or '-' for standard input;
with no PATH, the current directory. Directories skip what .gitignore,
.ignore and .git/info/exclude ignore (also outside git repositories) and
hidden files, as ripgrep does; files named on the command line are always
checked. Symbolic links inside directories are not followed.

Options:
      --demo            check the samples built into utf8check (valid text,
                        Latin-1, CESU-8 and an overlong '.') and exit 0
      --format FORMAT   human (default) or json: one JSON object per problem
                        per line, with path, line, column, offset, length,
                        kind, variant, message and binary_nul
      --color WHEN      auto (default: if stdout is a terminal), always, never
      --first           report only the first problem of each file
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

Binary files: a file with a NUL byte in its first 8 KiB is called binary.
With --binary check, it is checked like any file (NUL is valid UTF-8, so it
may pass, exactly as with isutf8), but only its first problem is reported,
followed by the line 'path: binary file (NUL at byte N); ...'. With
--binary skip, it is not checked, and counted as skipped in the summary.

A summary line goes to stderr: files, bytes, invalid files, unreadable
files, skipped binary files, time.

Exit status: 0 if every file is valid UTF-8, 1 if some file is not, 2 on a
usage error or a file or directory that could not be read (reported on
stderr; everything else is still checked). 2 wins over 1.
";

/// Exit status when some input is not valid UTF-8.
const EXIT_INVALID: u8 = 1;
/// Exit status for usage errors and I/O errors.
const EXIT_TROUBLE: u8 = 2;

/// The samples of `--demo`, built into the binary so that it works after
/// `cargo install` too.
const SAMPLES: [(&str, &[u8]); 3] = [
    ("samples/valid.txt", include_bytes!("../samples/valid.txt")),
    (
        "samples/latin1.txt",
        include_bytes!("../samples/latin1.txt"),
    ),
    ("samples/cesu8.txt", include_bytes!("../samples/cesu8.txt")),
];

/// What the command line asks for.
#[derive(Debug)]
struct Options {
    style: Style,
    demo: bool,
    walk: WalkOptions,
    threads: usize,
    quiet: bool,
    paths: Vec<OsString>,
}

/// How directories are walked.
#[derive(Debug, Default)]
struct WalkOptions {
    /// `--no-ignore`: do not read ignore files.
    no_ignore: bool,
    /// `--hidden`: walk hidden files and directories too.
    hidden: bool,
}

#[derive(Debug)]
enum Command {
    Help,
    Version,
    Run(Options),
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Run(options)) => options,
        Ok(Command::Help) => {
            let _ = io::stdout().write_all(HELP.as_bytes());
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

/// Takes the value of option `name`: from `--name=value` or the next argument.
fn option_value(
    name: &str,
    inline: Option<&str>,
    args: &mut impl Iterator<Item = OsString>,
) -> Result<String, String> {
    if let Some(value) = inline {
        return Ok(value.to_owned());
    }
    let value = args
        .next()
        .ok_or_else(|| format!("option '{name}' needs a value"))?;
    value
        .into_string()
        .map_err(|value| format!("bad value for '{name}': {}", value.to_string_lossy()))
}

/// Parses the command line. Options may come anywhere before `--`; after it
/// every argument is a PATH. PATHs are `OsString`s: file names need not be
/// UTF-8 themselves.
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let mut options = Options {
        style: Style {
            format: Format::Human,
            color: io::stdout().is_terminal(),
            first_only: false,
            binary: Binary::Check,
        },
        demo: false,
        walk: WalkOptions::default(),
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        quiet: false,
        paths: Vec::new(),
    };
    let mut options_done = false;
    while let Some(arg) = args.next() {
        let is_option = arg.len() > 1 && arg.as_encoded_bytes().starts_with(b"-");
        if options_done || !is_option {
            options.paths.push(arg);
            continue;
        }
        let Some(text) = arg.to_str() else {
            return Err(format!("unknown option '{}'", arg.to_string_lossy()));
        };
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            // `-j4`, as make and cargo take it.
            _ if text.starts_with("-j") && text.len() > 2 => ("-j", Some(&text[2..])),
            _ => (text, None),
        };
        let takes_value = matches!(
            name,
            "--format" | "--color" | "--binary" | "-j" | "--threads"
        );
        if inline.is_some() && !takes_value {
            return Err(format!("option '{name}' takes no value"));
        }
        match name {
            "--" => options_done = true,
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--demo" => options.demo = true,
            "--first" => options.style.first_only = true,
            "--no-ignore" => options.walk.no_ignore = true,
            "--hidden" => options.walk.hidden = true,
            "-q" | "--quiet" => options.quiet = true,
            "--format" => {
                options.style.format = match option_value(name, inline, &mut args)?.as_str() {
                    "human" => Format::Human,
                    "json" => Format::Json,
                    other => {
                        return Err(format!("--format: expected human or json, not '{other}'"))
                    }
                }
            }
            "--color" | "--colour" => {
                options.style.color = match option_value(name, inline, &mut args)?.as_str() {
                    "auto" => io::stdout().is_terminal(),
                    "always" => true,
                    "never" => false,
                    other => {
                        return Err(format!(
                            "--color: expected auto, always or never, not '{other}'"
                        ))
                    }
                }
            }
            "--binary" => {
                options.style.binary = match option_value(name, inline, &mut args)?.as_str() {
                    "check" => Binary::Check,
                    "skip" => Binary::Skip,
                    other => {
                        return Err(format!("--binary: expected check or skip, not '{other}'"))
                    }
                }
            }
            "-j" | "--threads" => {
                let value = option_value(name, inline, &mut args)?;
                options.threads = match value.parse::<usize>() {
                    Ok(n) if n > 0 => n,
                    _ => return Err(format!("{name}: expected a positive number, not '{value}'")),
                }
            }
            _ => return Err(format!("unknown option '{text}'")),
        }
    }
    if options.style.format == Format::Json {
        options.style.color = false;
    }
    if options.demo && !options.paths.is_empty() {
        return Err("--demo takes no PATH".to_owned());
    }
    Ok(Command::Run(options))
}

/// One input to check.
#[derive(Debug)]
enum Source {
    Stdin,
    File(PathBuf),
    Sample(&'static [u8]),
}

#[derive(Debug)]
struct Input {
    /// The name in reports: the path as given (relative stays relative).
    name: String,
    source: Source,
}

/// What became of one input.
enum Checked {
    Done { bytes: u64, outcome: Outcome },
    Unreadable(String),
}

/// Totals for the summary line and the exit status.
#[derive(Default)]
struct Totals {
    files: u64,
    bytes: u64,
    invalid: u64,
    unreadable: u64,
    skipped: u64,
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

    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = check_all(options, |checked| {
        match checked {
            Checked::Done { bytes, outcome } => {
                totals.files += 1;
                totals.bytes += bytes;
                totals.invalid += u64::from(outcome.invalid);
                totals.skipped += u64::from(outcome.skipped);
                out.write_all(outcome.text.as_bytes())?;
            }
            Checked::Unreadable(message) => {
                // Flush first so that the message comes after the reports of
                // the inputs before it.
                out.flush()?;
                note(message);
                totals.unreadable += 1;
            }
        }
        Ok(())
    })
    .and_then(|walk_errors| {
        totals.unreadable += walk_errors;
        out.flush()
    });
    if let Err(err) = result {
        // A closed pipe (`utf8check | head`) means nobody is listening.
        if err.kind() != io::ErrorKind::BrokenPipe {
            note(format_args!("stdout: {err}"));
        }
        return ExitCode::from(EXIT_TROUBLE);
    }

    if !options.quiet {
        note(format_args!(
            "{} files, {} bytes read, {} invalid, {} unreadable, {} skipped as binary, {:.3} s",
            totals.files,
            totals.bytes,
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

/// Finds the inputs, in report order, and hands each to `push`: the
/// samples for `--demo`, else the PATHs, directories walked. Errors of the
/// walk (a path that does not exist, a directory that cannot be read) are
/// reported here; returns how many.
fn find_inputs(options: &Options, push: &mut impl FnMut(Input)) -> u64 {
    if options.demo {
        for &(name, bytes) in &SAMPLES {
            push(Input {
                name: name.to_owned(),
                source: Source::Sample(bytes),
            });
        }
        return 0;
    }
    let implicit = options.paths.is_empty();
    let paths = if implicit {
        vec![OsString::from(".")]
    } else {
        options.paths.clone()
    };
    let mut errors = 0;
    for path in paths {
        if path == "-" {
            push(Input {
                name: "(standard input)".to_owned(),
                source: Source::Stdin,
            });
            continue;
        }
        let path = PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => errors += walk(&path, implicit, options, push),
            // A file named on the command line is checked whatever the
            // ignore rules say (and a FIFO or device is read like a file).
            Ok(_) => push(Input {
                name: path.display().to_string(),
                source: Source::File(path),
            }),
            Err(err) => {
                note(format_args!("{}: {err}", path.display()));
                errors += 1;
            }
        }
    }
    errors
}

/// Walks the directory `root` and hands its files to `push`; returns how
/// many errors it reported.
fn walk(root: &Path, implicit: bool, options: &Options, push: &mut impl FnMut(Input)) -> u64 {
    let use_ignore = !options.walk.no_ignore;
    let walker = ignore::WalkBuilder::new(root)
        .hidden(!options.walk.hidden)
        .ignore(use_ignore)
        .git_ignore(use_ignore)
        .git_exclude(use_ignore)
        .git_global(use_ignore)
        .parents(use_ignore)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(std::cmp::Ord::cmp)
        .build();
    let mut errors = 0;
    for entry in walker {
        match entry {
            Ok(entry) => {
                if entry.file_type().is_some_and(|t| t.is_file()) {
                    let path = entry.into_path();
                    // With no PATH, print `src/a.rs`, not `./src/a.rs`.
                    let shown = match path.strip_prefix(".") {
                        Ok(rest) if implicit => rest,
                        _ => &path,
                    };
                    push(Input {
                        name: shown.display().to_string(),
                        source: Source::File(path),
                    });
                }
            }
            Err(err) => {
                note(err);
                errors += 1;
            }
        }
    }
    errors
}

/// What the finder, the checkers and the reporter share.
#[derive(Default)]
struct Queue {
    /// The inputs found so far; `None` once handed to a checker.
    inputs: Vec<Option<Input>>,
    /// The result of each input, once checked, until reported.
    results: Vec<Option<Checked>>,
    /// The next input to hand out.
    next: usize,
    /// No more inputs will come: the walk is over, or the reporter gave up.
    done: bool,
}

/// Runs a closure when dropped, also when unwinding.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// How many inputs the finder collects before it hands them over.
const BATCH: usize = 16;

/// Finds the inputs and checks them on `options.threads` threads, and hands
/// each result to `report` in input order. Returns how many errors the walk
/// reported, or the first error of `report`, which stops everything.
///
/// The walk runs on a thread of its own, so checking starts with the first
/// file found. The calling thread is one of the checkers: between two inputs
/// of its own, it reports every result that is ready, in order.
fn check_all(
    options: &Options,
    mut report: impl FnMut(Checked) -> io::Result<()>,
) -> io::Result<u64> {
    let queue = Mutex::new(Queue::default());
    let more = Condvar::new();
    let lock = || queue.lock().unwrap_or_else(PoisonError::into_inner);

    // Hands out the next input, waiting for the finder if needed; `None`
    // when there are no more.
    let take = || {
        let mut queue = lock();
        loop {
            if queue.next < queue.inputs.len() {
                let index = queue.next;
                queue.next += 1;
                return queue.inputs[index].take().map(|input| (index, input));
            }
            if queue.done {
                return None;
            }
            queue = more.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
    };
    // Checks inputs until there are none; `after_each` runs after each.
    let work = |mut after_each: Box<dyn FnMut() -> bool + '_>| {
        let mut buffer = Vec::new();
        while let Some((index, input)) = take() {
            let checked = check_one(&input, options.style, &mut buffer);
            lock().results[index] = Some(checked);
            // Do not keep a huge file's memory for the small ones.
            if buffer.capacity() > 64 << 20 {
                buffer = Vec::new();
            }
            if !after_each() {
                break;
            }
        }
    };
    let mut wanted = 0;
    let mut failed = None;
    // Reports the results that are ready, in order; `false` if `report`
    // failed (and then nothing more is handed out).
    let mut flush = || {
        if failed.is_some() {
            return false;
        }
        let ready: Vec<Checked> = {
            let mut queue = lock();
            let mut ready = Vec::new();
            while let Some(checked) = queue.results.get_mut(wanted).and_then(Option::take) {
                ready.push(checked);
                wanted += 1;
            }
            ready
        };
        for checked in ready {
            if let Err(err) = report(checked) {
                failed = Some(err);
                let mut queue = lock();
                queue.done = true;
                queue.next = queue.inputs.len();
                more.notify_all();
                return false;
            }
        }
        true
    };

    let walk_errors = std::thread::scope(|scope| {
        let finder = scope.spawn(|| {
            // Whatever happens to the walk, the checkers stop waiting.
            let _done = OnDrop(|| {
                lock().done = true;
                more.notify_all();
            });
            let mut batch = Vec::with_capacity(BATCH);
            let hand_over = |batch: &mut Vec<Input>| {
                let mut queue = lock();
                if !queue.done {
                    queue.results.extend(batch.iter().map(|_| None));
                    queue.inputs.extend(batch.drain(..).map(Some));
                    more.notify_all();
                }
                batch.clear();
            };
            let errors = find_inputs(options, &mut |input| {
                batch.push(input);
                if batch.len() == BATCH {
                    hand_over(&mut batch);
                }
            });
            hand_over(&mut batch);
            errors
        });
        for _ in 1..options.threads {
            scope.spawn(|| work(Box::new(|| true)));
        }
        work(Box::new(&mut flush));
        finder.join().unwrap_or(0)
    });
    // Every thread is done: the rest is ready.
    flush();
    match failed {
        Some(err) => Err(err),
        None => Ok(walk_errors),
    }
}

/// How much of a file is read before the rest, in steps: a page, which
/// decides most compressed files (a NUL and a problem in the first bytes),
/// then enough to call any file binary or not (see
/// [`report::check_prefix`]).
const PREFIXES: [u64; 2] = [4 * 1024, report::BINARY_PROBE as u64 * 2];

/// Reads and checks one input, reading into `buffer` (reused from one input
/// to the next: fresh pages for every file cost more than the check).
fn check_one(input: &Input, style: Style, buffer: &mut Vec<u8>) -> Checked {
    buffer.clear();
    let unreadable = |err: io::Error| Checked::Unreadable(format!("{}: {err}", input.name));
    let bytes: &[u8] = match &input.source {
        Source::Sample(bytes) => bytes,
        Source::Stdin => {
            if let Err(err) = io::stdin().lock().read_to_end(buffer) {
                return unreadable(err);
            }
            buffer
        }
        Source::File(path) => {
            let mut file = match std::fs::File::open(path) {
                Ok(file) => file,
                Err(err) => return unreadable(err),
            };
            for prefix in PREFIXES {
                let more = prefix - buffer.len() as u64;
                if let Err(err) = Read::by_ref(&mut file).take(more).read_to_end(buffer) {
                    return unreadable(err);
                }
                if (buffer.len() as u64) < prefix {
                    // The end of the file.
                    return Checked::Done {
                        bytes: buffer.len() as u64,
                        outcome: report::check(&input.name, buffer, style),
                    };
                }
                if let Some(outcome) = report::check_prefix(&input.name, buffer, style) {
                    return Checked::Done {
                        bytes: buffer.len() as u64,
                        outcome,
                    };
                }
            }
            if let Err(err) = file.read_to_end(buffer) {
                return unreadable(err);
            }
            buffer
        }
    };
    Checked::Done {
        bytes: bytes.len() as u64,
        outcome: report::check(&input.name, bytes, style),
    }
}

/// Prints `utf8check: message` to stderr. Failures are ignored: stderr is
/// where failures would be reported.
fn note(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "utf8check: {message}");
}
