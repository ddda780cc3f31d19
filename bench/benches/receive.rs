//! Text as it is received: a `bytes::Bytes` off the network made into
//! validated shared text, and a file read into a string.
//!
//! - `bytes`: `utf8lit::Utf8Bytes::try_from(Bytes)` against the peers'
//!   types of the same idea, `tungstenite::Utf8Bytes::try_from`,
//!   `bytestring::ByteString::try_from` and `bytes_utils::Str::from_inner`,
//!   on non-ASCII text of 64 B, 1 KiB and 64 KiB; each call clones the
//!   `Bytes` (an atomic increment) and converts it. Then `Utf8Bytes::clone`
//!   and `Utf8Bytes::slice`, at 64 B and 64 KiB: both O(1), the same time
//!   at either size.
//! - `file`: a 256 MiB file of the same text, written to the temporary
//!   directory (and removed at the end), read by `utf8lit::fs::read_to_string`,
//!   `std::fs::read_to_string` and `std::fs::read` (no validation: the
//!   floor).
//!
//! The text: the generated Latin, Cyrillic, CJK and emoji prose of
//! `corpora/mod.rs`, interleaved in pieces of about 1 KiB. In one process,
//! interleaved (the clock of `timing/mod.rs`), best of N rounds; printed as
//! Markdown, with utf8lit's speed-up over each peer (speed over speed).
//! `--save` (or `UTF8LIT_RESULTS=DIR`) also writes the times to a results
//! file, `bench/results/receive/` (`results/mod.rs`), one row a cell:
//! `mode,case,contender,metric,value`.
//!
//! `cargo bench -p utf8lit-bench --bench receive -- [--quick] [--rounds N]
//! [--save]`.

#![allow(
    clippy::cast_precision_loss,
    reason = "figures for people: f64 is plenty"
)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bytes::Bytes;
use utf8lit::__private::Kernel;

mod corpora;
mod results;
mod rng;
mod timing;

use results::Results;
use rng::Rng;

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

/// The sizes of the `Bytes` conversions.
const SIZES: [usize; 3] = [64, KIB, 64 * KIB];

/// The sizes at which `clone` and `slice` are timed.
const O1_SIZES: [usize; 2] = [64, 64 * KIB];

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

struct Settings {
    quick: bool,
    /// Best of this many rounds, for the `Bytes` conversions.
    rounds: usize,
    /// Each contender's round of the `Bytes` conversions: between one and
    /// two of these (see `timing::race`).
    round_time: Duration,
    /// Best of this many rounds, one read each, for the file.
    file_rounds: usize,
    file_size: usize,
    /// Where the results file goes (`--save`, `UTF8LIT_RESULTS`), if anywhere.
    results: Option<PathBuf>,
}

const USAGE: &str = "\
usage: cargo bench -p utf8lit-bench --bench receive -- [OPTIONS]
  --quick      a 16 MiB file, two short rounds of everything (CI's smoke run)
  --rounds N   best of N rounds (default: 9 for Bytes, 5 for the file)
  --save       write the figures to bench/results/ too (or to the directory
               in UTF8LIT_RESULTS, which --quick needs)";

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\n{USAGE}");
    std::process::exit(2)
}

fn settings() -> Settings {
    let mut quick = false;
    let mut save = false;
    let mut rounds: Option<usize> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // `--test`: what `cargo bench -- --test` asks of every bench.
            "--quick" | "--test" => quick = true,
            // What `cargo bench` passes.
            "--bench" => {}
            "--save" => save = true,
            "--rounds" => {
                let n = args
                    .next()
                    .unwrap_or_else(|| usage("--rounds needs a value"));
                rounds = Some(
                    n.parse()
                        .unwrap_or_else(|_| usage(&format!("not a count: {n}"))),
                );
            }
            "--help" | "-h" => usage("Bytes to validated text, and a file read"),
            _ => usage(&format!("unknown argument: {arg}")),
        }
    }
    Settings {
        quick,
        rounds: rounds.unwrap_or(if quick { 2 } else { 9 }).max(1),
        round_time: Duration::from_micros(if quick { 200 } else { 1000 }),
        file_rounds: rounds.unwrap_or(if quick { 2 } else { 5 }).max(1),
        file_size: if quick { 16 * MIB } else { 256 * MIB },
        results: results::destination(save, quick).unwrap_or_else(|problem| usage(&problem)),
    }
}

// ---------------------------------------------------------------------------
// The text
// ---------------------------------------------------------------------------

/// About 1.25 MiB of mixed non-ASCII text: the generated Latin (about 10%
/// of the letters accented), Cyrillic, CJK and emoji prose, interleaved in
/// pieces of at most 1 KiB cut at character boundaries, so that every
/// input of 1 KiB or more has several scripts in it.
fn mixed_text() -> String {
    let texts: Vec<String> = ["latin", "cyrillic", "cjk", "emoji"]
        .into_iter()
        .map(|name| corpora::generated(name, 320 * KIB).expect("a generated corpus"))
        .collect();
    let mut rests: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut out = String::with_capacity(rests.iter().map(|t| t.len()).sum());
    while rests.iter().any(|t| !t.is_empty()) {
        for rest in &mut rests {
            let piece = corpora::prefix(rest, KIB);
            out.push_str(piece);
            *rest = &rest[piece.len()..];
        }
    }
    out
}

/// [`corpora::pieces`], each in a `Bytes` of its own.
fn bytes_pieces(text: &str, size: usize, count: usize, rng: &mut Rng) -> Vec<Bytes> {
    corpora::pieces(text, size, count, rng)
        .into_iter()
        .map(Bytes::from)
        .collect()
}

/// The first character boundary of `text` at or after `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

// ---------------------------------------------------------------------------
// Bytes into validated text
// ---------------------------------------------------------------------------

/// Converts a clone of every input of a set.
type Pass = dyn Fn(&[Bytes]);

struct Contender {
    name: &'static str,
    /// Converts a clone of every input of a set, each result kept whole
    /// and black-boxed, then dropped (the reference count's decrement).
    pass: Box<Pass>,
    /// Whether it takes the input as UTF-8, for the guard.
    accepts: Box<dyn Fn(&Bytes) -> bool>,
}

/// A contender calling `f`; generic over `f`, so the call inside the loop
/// of `pass` is direct.
fn contender<T: 'static, E: 'static>(
    name: &'static str,
    f: impl Fn(Bytes) -> Result<T, E> + Copy + 'static,
) -> Contender {
    Contender {
        name,
        pass: Box::new(move |set| {
            for input in set {
                // The result by reference, as in the sweep: in memory, but
                // not read back whole.
                black_box(&f(black_box(input).clone()));
            }
        }),
        accepts: Box::new(move |input| f(input.clone()).is_ok()),
    }
}

fn contenders() -> Vec<Contender> {
    vec![
        contender(
            "`utf8lit::Utf8Bytes::try_from`",
            utf8lit::Utf8Bytes::try_from,
        ),
        contender(
            "`tungstenite::Utf8Bytes::try_from`",
            tungstenite::Utf8Bytes::try_from,
        ),
        contender(
            "`bytestring::ByteString::try_from`",
            bytestring::ByteString::try_from,
        ),
        contender(
            "`bytes_utils::Str::from_inner`",
            bytes_utils::Str::from_inner,
        ),
    ]
}

/// Every contender takes every input of `set`, and refuses a copy of each
/// with one byte broken.
fn guard(contenders: &[Contender], set: &[Bytes], rng: &mut Rng) {
    for input in set {
        let mut broken = input.to_vec();
        let at = rng.below(broken.len());
        broken[at] = 0xFF;
        let broken = Bytes::from(broken);
        for c in contenders {
            assert!((c.accepts)(input), "{} refuses valid UTF-8", c.name);
            assert!(!(c.accepts)(&broken), "{} takes a 0xFF byte", c.name);
        }
    }
}

fn fmt_size(size: usize) -> String {
    if size >= MIB && size.is_multiple_of(MIB) {
        format!("{} MiB", size / MIB)
    } else if size >= KIB && size.is_multiple_of(KIB) {
        format!("{} KiB", size / KIB)
    } else {
        format!("{size} B")
    }
}

fn bench_bytes(s: &Settings, text: &str, rec: &mut Results) {
    let contenders = contenders();
    println!("\n## `Bytes` into validated shared text\n");
    println!(
        "Each call clones a `Bytes` of mixed non-ASCII text (an atomic \
         increment) and converts it; the result is dropped. {} inputs of \
         each size up to 512 B, as many as make 16 KiB above, one from 16 KiB \
         on. Speed-up: utf8lit's speed over the contender's (above 1: utf8lit \
         is faster; **bold** below 1).\n",
        corpora::set_len(64)
    );
    println!("| size | contender | ns per call | GB/s | utf8lit speed-up |");
    println!("|---|---|---:|---:|---:|");
    for size in SIZES {
        let mut rng = Rng(0x0072_6563_6569_7665 ^ size as u64); // "receive"
        let set = bytes_pieces(text, size, corpora::set_len(size), &mut rng);
        guard(&contenders, &set, &mut rng);
        let mut passes: Vec<_> = contenders.iter().map(|c| || (c.pass)(&set)).collect();
        let mut fs: Vec<&mut dyn FnMut()> =
            passes.iter_mut().map(|p| p as &mut dyn FnMut()).collect();
        let secs: Vec<f64> = timing::race(s.rounds, s.round_time, &mut fs)
            .into_iter()
            .map(|t| t / set.len() as f64)
            .collect();
        for (i, c) in contenders.iter().enumerate() {
            let ns = format!("{:.2}", secs[i] * 1e9);
            rec.row(&[
                &"bytes",
                &fmt_size(size),
                &c.name.trim_matches('`'),
                &"ns_per_call",
                &ns,
            ]);
            let ratio = if i == 0 {
                "–".to_owned()
            } else {
                timing::fmt_ratio(secs[i] / secs[0])
            };
            println!(
                "| {} | {} | {:.1} | {:.2} | {ratio} |",
                fmt_size(size),
                c.name,
                secs[i] * 1e9,
                size as f64 / secs[i] / 1e9,
            );
        }
    }
}

/// Strings of one size for `clone` and `slice`, and where each is cut
/// (character boundaries near a quarter and three quarters: both ends are
/// checked).
struct Group {
    size: usize,
    strings: Vec<utf8lit::Utf8Bytes>,
    cuts: Vec<(usize, usize)>,
}

/// `Utf8Bytes::clone` and `Utf8Bytes::slice` at 64 B and 64 KiB, in one
/// race: the same time at either size if they are O(1).
fn bench_o1(s: &Settings, text: &str, rec: &mut Results) {
    const COUNT: usize = 32;
    let groups: Vec<Group> = O1_SIZES
        .into_iter()
        .map(|size| {
            let mut rng = Rng(0x736C_6963_6521 ^ size as u64); // "slice!"
            let strings: Vec<utf8lit::Utf8Bytes> = bytes_pieces(text, size, COUNT, &mut rng)
                .into_iter()
                .map(|b| utf8lit::Utf8Bytes::try_from(b).expect("valid UTF-8"))
                .collect();
            let cuts: Vec<(usize, usize)> = strings
                .iter()
                .map(|t| (boundary(t, size / 4), boundary(t, size * 3 / 4)))
                .collect();
            for (t, &(a, b)) in strings.iter().zip(&cuts) {
                assert_eq!(t.slice(a..b).as_str(), &t.as_str()[a..b]);
                assert_eq!(t.clone().as_str(), t.as_str());
            }
            Group {
                size,
                strings,
                cuts,
            }
        })
        .collect();
    let mut names = Vec::new();
    let mut passes: Vec<Box<dyn FnMut() + '_>> = Vec::new();
    for group in &groups {
        names.push(("clone", group.size));
        passes.push(Box::new(move || {
            for t in &group.strings {
                black_box(&black_box(t).clone());
            }
        }));
    }
    for group in &groups {
        names.push(("slice", group.size));
        passes.push(Box::new(move || {
            for (t, &(a, b)) in group.strings.iter().zip(&group.cuts) {
                black_box(&black_box(t).slice(black_box(a)..black_box(b)));
            }
        }));
    }
    let mut fs: Vec<&mut dyn FnMut()> = passes
        .iter_mut()
        .map(|p| p.as_mut() as &mut dyn FnMut())
        .collect();
    let secs: Vec<f64> = timing::race(s.rounds, s.round_time, &mut fs)
        .into_iter()
        .map(|t| t / COUNT as f64)
        .collect();
    let ns = |op: &str, size: usize| {
        let i = names.iter().position(|&n| n == (op, size)).expect("timed");
        secs[i] * 1e9
    };
    for &(op, size) in &names {
        let contender = format!("Utf8Bytes::{op}");
        let value = format!("{:.2}", ns(op, size));
        rec.row(&[&"o1", &fmt_size(size), &contender, &"ns_per_call", &value]);
    }

    println!("\n## `Utf8Bytes::clone` and `Utf8Bytes::slice`: O(1)\n");
    println!(
        "ns per call ({COUNT} strings of each size; a clone is dropped at \
         once; `slice` cuts at character boundaries near a quarter and three \
         quarters, both checked). O(1): the two sizes within noise.\n"
    );
    println!("| operation | 64 B | 64 KiB | 64 KiB / 64 B |");
    println!("|---|---:|---:|---:|");
    for (op, label) in [
        ("clone", "`Utf8Bytes::clone()`"),
        ("slice", "`Utf8Bytes::slice(a..b)`"),
    ] {
        let (small, large) = (ns(op, 64), ns(op, 64 * KIB));
        println!(
            "| {label} | {small:.2} | {large:.2} | {:.2}× |",
            large / small
        );
    }
}

// ---------------------------------------------------------------------------
// A file into a string
// ---------------------------------------------------------------------------

/// The temporary file, removed when dropped (at the end, or on a panic).
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Seconds per call of each of `fs`: the best of `rounds` rounds of one
/// call each (a call reads the whole file: tens of milliseconds), taking
/// turns, a different one first in each round, after one call of each to
/// warm up.
fn race_once(rounds: usize, fs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    for f in fs.iter_mut() {
        f();
    }
    timing::race_calls(rounds, &vec![1; fs.len()], fs)
}

fn bench_file(s: &Settings, text: &str, rec: &mut Results) {
    let file =
        TempFile(std::env::temp_dir().join(format!("utf8lit-receive-{}.txt", std::process::id())));
    let path = &file.0;
    {
        // The text over and over, cut at a character boundary and made up
        // to exactly the size with line feeds.
        let mut content = String::with_capacity(s.file_size + text.len());
        while content.len() < s.file_size {
            content.push_str(text);
        }
        content.truncate(corpora::prefix(&content, s.file_size).len());
        while content.len() < s.file_size {
            content.push('\n');
        }
        std::fs::write(path, &content)
            .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
    let size =
        usize::try_from(std::fs::metadata(path).expect("the file").len()).expect("the file's size");

    // The guard: the same text from every reader.
    let ours = utf8lit::fs::read_to_string(path).expect("valid UTF-8");
    let theirs = std::fs::read_to_string(path).expect("valid UTF-8");
    let plain = std::fs::read(path).expect("the file");
    assert!(ours.as_bytes() == theirs.as_bytes() && theirs.as_bytes() == plain.as_slice());
    assert_eq!(plain.len(), size);
    drop((ours, theirs, plain));

    let names = [
        "`utf8lit::fs::read_to_string`",
        "`std::fs::read_to_string`",
        "`std::fs::read` (no validation: the floor)",
    ];
    let mut read_ours = || {
        black_box(&utf8lit::fs::read_to_string(black_box(path)).expect("valid UTF-8"));
    };
    let mut read_std = || {
        black_box(&std::fs::read_to_string(black_box(path)).expect("valid UTF-8"));
    };
    let mut read_plain = || {
        black_box(&std::fs::read(black_box(path)).expect("the file"));
    };
    let secs = race_once(
        s.file_rounds,
        &mut [&mut read_ours, &mut read_std, &mut read_plain],
    );
    drop(file);

    println!(
        "\n## A {} file of mixed non-ASCII text into a string\n",
        fmt_size(size)
    );
    println!(
        "Read from the page cache (written just before), best of {} rounds \
         of one read each, interleaved. Speed-up: utf8lit's speed over the \
         contender's; below 1 against the plain read, which does not \
         validate, is expected: it is the floor.\n",
        s.file_rounds
    );
    println!("| contender | ms | GB/s | utf8lit speed-up |");
    println!("|---|---:|---:|---:|");
    for (i, name) in names.iter().enumerate() {
        let contender = name.split('`').nth(1).unwrap_or(name);
        let ms = format!("{:.2}", secs[i] * 1e3);
        rec.row(&[&"file", &fmt_size(size), &contender, &"ms_per_read", &ms]);
        let ratio = if i == 0 {
            "–".to_owned()
        } else {
            format!("{:.2}×", secs[i] / secs[0])
        };
        println!(
            "| {name} | {:.1} | {:.2} | {ratio} |",
            secs[i] * 1e3,
            size as f64 / secs[i] / 1e9
        );
    }
    println!(
        "\nValidation over the plain read: utf8lit {:+.1} ms, std {:+.1} ms.",
        (secs[0] - secs[2]) * 1e3,
        (secs[1] - secs[2]) * 1e3
    );
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

fn main() {
    let s = settings();
    let started = Instant::now();
    println!(
        "# utf8lit receive: `Bytes` into text, a file into a string{}\n",
        if s.quick {
            " (--quick: a smoke run, the figures mean little)"
        } else {
            ""
        }
    );
    println!("- CPU: {}", results::cpu_model());
    println!(
        "- utf8lit selects the `{}` kernel",
        Kernel::selected().name()
    );
    println!(
        "- `Bytes`: best of {} rounds of {}–{} ms per contender, interleaved; \
         file: {}, best of {} rounds",
        s.rounds,
        s.round_time.as_secs_f64() * 1e3,
        s.round_time.as_secs_f64() * 2e3,
        fmt_size(s.file_size),
        s.file_rounds,
    );
    let mut rec = Results::new("receive", "mode,case,contender,metric,value");
    rec.note(
        "method",
        format!(
            "Bytes: best of {} rounds of {}–{} ms per contender, interleaved; \
             file: {}, best of {} rounds of one read",
            s.rounds,
            s.round_time.as_secs_f64() * 1e3,
            s.round_time.as_secs_f64() * 2e3,
            fmt_size(s.file_size),
            s.file_rounds,
        ),
    );
    rec.note(
        "inputs",
        "the generated Latin, Cyrillic, CJK and emoji prose, interleaved in 1 KiB pieces",
    );
    let text = mixed_text();
    bench_bytes(&s, &text, &mut rec);
    bench_o1(&s, &text, &mut rec);
    bench_file(&s, &text, &mut rec);
    if s.results.is_some() {
        let header = results::Header::new("receive", s.quick);
        rec.save_to(&header, s.results.as_deref());
    }
    println!("\nRan in {:.1} s.", started.elapsed().as_secs_f64());
}
