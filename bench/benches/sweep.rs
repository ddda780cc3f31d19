//! The size sweep (issue 21): utf8lit against its peers at every size from
//! 1 B to 1 MiB, in one process, interleaved.
//!
//! - sizes: every size 1–128 B, every 32 B from 160 B to 4 KiB, then the
//!   powers of two to 1 MiB (260 sizes);
//! - text: the generated ASCII, Latin, Cyrillic, CJK, emoji and mixed
//!   corpora (`corpora/mod.rs`), cut into valid inputs of exactly each size;
//! - contenders: `core::str::from_utf8`; simdutf8 0.1.5 `basic` and
//!   `compat` and its AVX2 kernel forced; simdutf8's AVX-512 kernel
//!   (`ps-simdutf8`, renamed `simdutf8_avx512`) as dispatched and forced;
//!   the C++ simdutf 7.7 (`simdutf::validate_utf8`); `utf8lit::validate`;
//!   and every utf8lit kernel this CPU has, forced; and `floor`, a call
//!   that returns at once (the loop's own cost);
//! - timing: every contender through one loop ([`pass`]), one indirect
//!   call an input; the best of three rounds at each point, and the whole
//!   sweep run three times (`--passes`), each point keeping its best, so
//!   that a slow spell of the machine (a few seconds in which every call
//!   is slower) cannot own a run of sizes;
//! - `early`: ASCII text of each size with a lone Latin-1 `é` (0xE9) at a
//!   random byte from 3 to 30, against the peers that say where the error
//!   is and those that only say yes or no.
//!
//! Printed (Markdown): per corpus and size band, the worst (lowest) ratio
//! of `utf8lit::validate` and of each forced kernel against the fastest
//! peer at that size, and of the AVX2 and AVX-512 kernels against
//! simdutf8's kernel of the same instruction set; the lowest geometric
//! mean of those ratios over a band, per corpus; and every size where
//! `validate` is below 0.9× the best peer; the same tables for the early
//! error; `floor`; and the range of `validate` against its own kernel
//! forced, the same function: the harness's noise. Written: every figure,
//! per size, as CSV in cargo's target directory (`sweep.csv`,
//! `sweep-early.csv`; see [`target_dir`]); with `--save` (or
//! `UTF8LIT_RESULTS=DIR`), the same figures as results files, headed by the
//! machine and the commit (`bench/results/{sweep,sweep-early}/`, see
//! `results/mod.rs`), which `scripts/results` makes README's table and plot
//! from. A filtered run (`valid` or `early`, `--corpus`, `--size`) writes
//! only what it ran, to both.
//!
//! Every figure includes the timing loop's own cost (`floor`), which pulls
//! the ratios at the smallest sizes towards 1; the report prints it beside
//! them.
//!
//! `cargo bench -p utf8lit-bench --bench sweep -- [valid] [early] [--quick]
//! [--corpus LIST] [--size N|LO-HI] [--rounds N] [--passes N] [--save]`.

#![allow(
    clippy::cast_precision_loss,
    reason = "figures for people: f64 is plenty"
)]

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use utf8lit::__private::{Kernel, Validator};

mod corpora;
mod results;
mod rng;
mod timing;

use results::{Header, Results};
use rng::Rng;

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

const CORPORA: [&str; 6] = ["ascii", "latin", "cyrillic", "cjk", "emoji", "mixed"];

/// The size bands of the tables: name, first size, first size past it.
const BANDS: [(&str, usize, usize); 6] = [
    ("< 64 B", 0, 64),
    ("64–255 B", 64, 256),
    ("256 B–1 KiB", 256, KIB),
    ("1–4 KiB", KIB, 4 * KIB),
    ("4–64 KiB", 4 * KIB, 64 * KIB),
    ("≥ 64 KiB", 64 * KIB, usize::MAX),
];

/// `--quick`: a few sizes per band.
const QUICK_SIZES: [usize; 14] = [
    3,
    31,
    63,
    64,
    100,
    128,
    256,
    736,
    KIB,
    4064,
    4 * KIB,
    32 * KIB,
    64 * KIB,
    MIB,
];

/// Every size of the full sweep.
fn all_sizes() -> Vec<usize> {
    (1..=128)
        .chain((160..=4 * KIB).step_by(32))
        .chain((13..=20).map(|p| 1 << p))
        .collect()
}

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

struct Settings {
    quick: bool,
    rounds: usize,
    passes: usize,
    round_time: Duration,
    corpora: Vec<&'static str>,
    sizes: Vec<usize>,
    valid: bool,
    early: bool,
    /// Where the results files go (`--save`, `UTF8LIT_RESULTS`), if anywhere.
    results: Option<PathBuf>,
}

const USAGE: &str = "\
usage: cargo bench -p utf8lit-bench --bench sweep -- [valid] [early] [OPTIONS]
  valid, early     which sweeps (default: both)
  --quick          a few sizes per band, two short rounds (CI's smoke run)
  --corpus LIST    comma-separated: ascii,latin,cyrillic,cjk,emoji,mixed
  --size N|LO-HI   only these sizes (bytes; K and M suffixes: 4K, 1M)
  --rounds N       rounds per point in each pass (default 3; 2 with --quick)
  --passes N       runs of the whole sweep, each point's best kept (default 3;
                   1 with --quick)
  --save           write the figures to bench/results/ too (or to the
                   directory in UTF8LIT_RESULTS, which --quick needs)";

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\n{USAGE}");
    std::process::exit(2)
}

/// `4096`, `4K`, `4KiB`, `1M`, `1MiB`.
fn parse_size(text: &str) -> usize {
    let text = text.trim();
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let unit = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" => KIB,
        "m" | "mib" => MIB,
        _ => usage(&format!("not a size: {text}")),
    };
    digits
        .parse::<usize>()
        .unwrap_or_else(|_| usage(&format!("not a size: {text}")))
        * unit
}

fn settings() -> Settings {
    let mut quick = false;
    let mut save = false;
    let mut rounds = None;
    let mut passes = None;
    let mut corpora: Vec<&'static str> = CORPORA.to_vec();
    let mut range = (0, usize::MAX);
    let mut words = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_owned(), Some(value.to_owned()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            // `--test`: what `cargo bench -- --test` asks of every bench.
            "--quick" | "--test" => quick = true,
            // What `cargo bench` passes.
            "--bench" => {}
            "--corpus" => {
                let wanted = value();
                corpora = wanted
                    .split(',')
                    .map(|name| {
                        CORPORA
                            .into_iter()
                            .find(|c| *c == name.trim())
                            .unwrap_or_else(|| usage(&format!("no corpus {name}")))
                    })
                    .collect();
            }
            "--size" => {
                let wanted = value();
                range = match wanted.split_once('-') {
                    Some((lo, hi)) => (parse_size(lo), parse_size(hi)),
                    None => (parse_size(&wanted), parse_size(&wanted)),
                };
            }
            "--rounds" => {
                let n = value();
                rounds = Some(
                    n.parse()
                        .unwrap_or_else(|_| usage(&format!("not a count: {n}"))),
                );
            }
            "--passes" => {
                let n = value();
                passes = Some(
                    n.parse()
                        .unwrap_or_else(|_| usage(&format!("not a count: {n}"))),
                );
            }
            "--save" => save = true,
            "valid" | "early" => words.push(arg),
            "--help" | "-h" => usage("the size sweep"),
            _ => usage(&format!("unknown argument: {arg}")),
        }
    }
    let sizes: Vec<usize> = if quick {
        QUICK_SIZES.to_vec()
    } else {
        all_sizes()
    };
    let sizes: Vec<usize> = sizes
        .into_iter()
        .filter(|s| (range.0..=range.1).contains(s))
        .collect();
    if sizes.is_empty() {
        usage("no size of the sweep is in that range");
    }
    Settings {
        quick,
        rounds: rounds.unwrap_or(if quick { 2 } else { 3 }).max(1),
        passes: passes.unwrap_or(if quick { 1 } else { 3 }).max(1),
        // Each contender's round: between one and two of these (see
        // `timing::race`), so a measurement is that much work, whatever
        // the size.
        round_time: Duration::from_micros(if quick { 200 } else { 1000 }),
        corpora,
        sizes,
        valid: words.is_empty() || words.iter().any(|w| w == "valid"),
        early: words.is_empty() || words.iter().any(|w| w == "early"),
        results: results::destination(save, quick).unwrap_or_else(|problem| usage(&problem)),
    }
}

// ---------------------------------------------------------------------------
// Contenders
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Isa {
    Avx2,
    Avx512,
}

fn isa_of(kernel: Kernel) -> Option<Isa> {
    match kernel {
        Kernel::Avx512 | Kernel::Avx512Loads => Some(Isa::Avx512),
        Kernel::Avx2 => Some(Isa::Avx2),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// `utf8lit::validate`, as users call it.
    Ours,
    /// One utf8lit kernel, forced.
    Kernel(Kernel),
    /// Another implementation: its kernel of one instruction set forced
    /// (`isa`), or as users call it (`None`); `position`: whether it says
    /// where the first error is.
    Peer { isa: Option<Isa>, position: bool },
    /// A call that reads nothing: what the timing loop itself costs a
    /// call, printed beside the figures; no verdict, no ratio.
    Floor,
}

/// What a contender says of an input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Valid,
    /// Invalid, and no more said.
    Invalid,
    /// Invalid; valid up to this byte.
    InvalidAt(usize),
}

/// A set of inputs, all of one size.
type Set = [Vec<u8>];

/// A contender's call, as a user writes it, and its verdict: what the
/// guard checks and what the clock times. A plain function pointer, so
/// that every contender is timed by the one loop of [`pass`].
type Call = fn(&[u8]) -> Verdict;

struct Contender {
    /// The name in the CSV and the tables.
    name: String,
    role: Role,
    call: Call,
}

fn contender(name: impl Into<String>, role: Role, call: Call) -> Contender {
    Contender {
        name: name.into(),
        role,
        call,
    }
}

/// Calls `call` on every input of `set`: the timed loop, one for every
/// contender, each call an indirect one. Not generic and never inlined,
/// so that no contender gets a loop of its own. A loop of its own per
/// contender (generic, the call direct) moved a contender's time per call
/// by up to a quarter under 256 B from build to build: the same AVX-512
/// kernel, forced or dispatched, timed far apart at 64 B, the loops alone
/// differing. The verdicts are summed (not stored) so
/// that a call's result is all used and nothing is written per call.
#[inline(never)]
fn pass(call: Call, set: &Set) -> usize {
    let mut digest = 0usize;
    for input in set {
        digest = digest.wrapping_add(match call(input.as_slice()) {
            Verdict::Valid => 1,
            Verdict::Invalid => 2,
            Verdict::InvalidAt(at) => at,
        });
    }
    digest
}

#[allow(
    clippy::needless_pass_by_value,
    reason = "the result whole, as the call returns it"
)]
fn yes_no<T, E>(result: Result<T, E>) -> Verdict {
    if result.is_ok() {
        Verdict::Valid
    } else {
        Verdict::Invalid
    }
}

/// The verdict of a result that says where the error is (`valid_up_to`).
fn located<T>(result: Result<T, usize>) -> Verdict {
    result.map_or_else(Verdict::InvalidAt, |_| Verdict::Valid)
}

fn std_verdict(result: Result<&str, core::str::Utf8Error>) -> Verdict {
    located(result.map_err(|e| e.valid_up_to()))
}

fn ours_verdict(result: Result<(), utf8lit::Utf8Error>) -> Verdict {
    located(result.map_err(|e| e.valid_up_to()))
}

/// The peers, as users call them; with `forced`, simdutf8's AVX2 and
/// AVX-512 kernels forced too; with `errors`, simdutf's
/// `validate_utf8_with_errors` too.
fn peers(forced: bool, errors: bool) -> Vec<Contender> {
    let position = |position| Role::Peer {
        isa: None,
        position,
    };
    let list = vec![
        contender("std", position(true), |b| {
            std_verdict(core::str::from_utf8(b))
        }),
        contender("simdutf8-basic", position(false), |b| {
            yes_no(simdutf8::basic::from_utf8(b))
        }),
        contender("simdutf8-compat", position(true), |b| {
            located(simdutf8::compat::from_utf8(b).map_err(|e| e.valid_up_to()))
        }),
        // Dispatched: std's `from_utf8` below 64 bytes, else AVX-512 on a
        // CPU with AVX-512 VBMI2 (else AVX2, SSE 4.2).
        contender("ps-simdutf8-basic", position(false), |b| {
            yes_no(simdutf8_avx512::basic::from_utf8(b))
        }),
    ];
    #[cfg(target_arch = "x86_64")]
    let list: Vec<Contender> = list.into_iter().chain(x86_peers(forced, errors)).collect();
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (forced, errors);
    list
}

#[cfg(target_arch = "x86_64")]
fn x86_peers(forced: bool, errors: bool) -> Vec<Contender> {
    use std::arch::is_x86_feature_detected as has;
    let mut list = Vec::new();
    if forced && has!("avx2") {
        list.push(contender(
            "simdutf8-avx2",
            Role::Peer {
                isa: Some(Isa::Avx2),
                position: false,
            },
            |b| {
                // SAFETY: the CPU has AVX2 (checked before this contender
                // was made, the only way to reach this call), all the
                // kernel needs; it reads only `b`, whatever its length.
                yes_no(unsafe { simdutf8::basic::imp::x86::avx2::validate_utf8(b) })
            },
        ));
    }
    if forced && has!("avx512f") && has!("avx512bw") && has!("avx512vbmi") {
        list.push(contender(
            "ps-simdutf8-avx512",
            Role::Peer {
                isa: Some(Isa::Avx512),
                position: false,
            },
            |b| {
                // SAFETY: the CPU has AVX-512 F, BW and VBMI (checked
                // before this contender was made, the only way to reach
                // this call), what the kernel is compiled for; it reads
                // only `b`, whatever its length.
                yes_no(unsafe { simdutf8_avx512::basic::imp::x86::avx512::validate_utf8(b) })
            },
        ));
    }
    list.push(contender(
        "simdutf",
        Role::Peer {
            isa: None,
            position: false,
        },
        |b| {
            if simdutf::validate_utf8(b) {
                Verdict::Valid
            } else {
                Verdict::Invalid
            }
        },
    ));
    if errors {
        list.push(contender(
            "simdutf-with-errors",
            Role::Peer {
                isa: None,
                position: true,
            },
            |b| {
                let r = simdutf::validate_utf8_with_errors(b);
                if r.error == simdutf::ErrorCode::Success {
                    Verdict::Valid
                } else {
                    Verdict::InvalidAt(r.count)
                }
            },
        ));
    }
    list
}

fn ours() -> Contender {
    contender("utf8lit", Role::Ours, |b| {
        ours_verdict(utf8lit::validate(b))
    })
}

/// The loop's own cost: a call that returns at once (its answer, from the
/// length alone, only so that it is not a constant).
fn floor() -> Contender {
    contender("floor", Role::Floor, |b| {
        if b.is_empty() {
            Verdict::Invalid
        } else {
            Verdict::Valid
        }
    })
}

/// The forced kernels' validators, by their place in [`Kernel::ALL`]: set
/// by [`kernels`], read by [`forced`]. Statics, so that a forced kernel's
/// call is a plain function, as [`pass`] takes.
static FORCED: [OnceLock<Validator>; Kernel::ALL.len()] =
    [const { OnceLock::new() }; Kernel::ALL.len()];

/// The call of the `I`th kernel of [`Kernel::ALL`], forced: what
/// `utf8lit::validate` does on a machine whose best kernel it is, a load
/// of the kernel's address and an indirect call.
fn forced<const I: usize>(bytes: &[u8]) -> Verdict {
    let v = FORCED[I].get().expect("set before this contender is made");
    ours_verdict(v.validate(bytes))
}

/// Every utf8lit kernel this CPU has, forced.
fn kernels() -> Vec<Contender> {
    const CALLS: [Call; Kernel::ALL.len()] = [
        forced::<0>,
        forced::<1>,
        forced::<2>,
        forced::<3>,
        forced::<4>,
        forced::<5>,
        forced::<6>,
    ];
    Kernel::ALL
        .into_iter()
        .zip(CALLS)
        .enumerate()
        .filter_map(|(i, (k, call))| {
            let v = k.validator()?;
            FORCED[i].get_or_init(|| v);
            Some(contender(
                format!("utf8lit-{}", k.name()),
                Role::Kernel(k),
                call,
            ))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Inputs, the guard and the clock
// ---------------------------------------------------------------------------

/// Every contender must agree with std on every input (where the error
/// is, if it says), or the figures mean nothing; std must find the inputs
/// `valid` or not.
fn guard(contenders: &[Contender], set: &Set, valid: bool) {
    for input in set {
        let want = std_verdict(core::str::from_utf8(input));
        assert_eq!(
            want == Verdict::Valid,
            valid,
            "std on a {} B input",
            input.len()
        );
        for c in contenders.iter().filter(|c| c.role != Role::Floor) {
            let got = (c.call)(input);
            let agrees = match (want, got) {
                (Verdict::InvalidAt(_), Verdict::Invalid) => true,
                _ => want == got,
            };
            assert!(
                agrees,
                "{}: {got:?} where std says {want:?}, on {} B: {:?}",
                c.name,
                input.len(),
                String::from_utf8_lossy(&input[..input.len().min(80)])
            );
        }
    }
}

/// Seconds per call (per input) of each contender on `set`.
fn race(s: &Settings, contenders: &[Contender], set: &Set) -> Vec<f64> {
    let mut passes: Vec<_> = contenders
        .iter()
        .map(|c| {
            move || {
                black_box(pass(black_box(c.call), set));
            }
        })
        .collect();
    let mut fs: Vec<&mut dyn FnMut()> = passes.iter_mut().map(|p| p as &mut dyn FnMut()).collect();
    timing::race(s.rounds, s.round_time, &mut fs)
        .into_iter()
        .map(|t| t / set.len() as f64)
        .collect()
}

/// One size's seconds per call, in the order of the contenders.
struct Point {
    size: usize,
    secs: Vec<f64>,
}

/// Each contender's best time at each point: `best` after another pass
/// over the same points (`pass`); the first pass as it is.
fn keep_best(best: &mut Vec<Point>, pass: Vec<Point>) {
    if best.is_empty() {
        *best = pass;
        return;
    }
    for (b, p) in best.iter_mut().zip(&pass) {
        debug_assert_eq!(b.size, p.size, "the passes run the same sizes");
        for (t, new) in b.secs.iter_mut().zip(&p.secs) {
            *t = t.min(*new);
        }
    }
}

fn seed(name: &str, size: usize) -> u64 {
    name.bytes()
        .fold(0x7377_6565_7021_u64, |h, b| h.rotate_left(8) ^ u64::from(b)) // "sweep!"
        ^ (size as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Every contender's best time at every size on early errors in `text`,
/// over `s.passes` passes; the inputs checked against std on the first.
fn early_points(s: &Settings, contenders: &[Contender], text: &str) -> Vec<Point> {
    let mut points: Vec<Point> = Vec::new();
    for pass in 0..s.passes {
        let mut this_pass = Vec::new();
        for &size in &s.sizes {
            let mut rng = Rng(seed("early", size));
            // As many inputs as valid text has (`set_len`: up to 512, too
            // many for a branch predictor to learn where each error is),
            // and at least 32 at every size: the error's place varies from
            // call to call. (Past 64 KiB the set outgrows the L2 cache,
            // which only the peers that read every byte see.)
            let mut set = corpora::pieces(text, size, corpora::set_len(size).max(32), &mut rng);
            corpora::put_early_error(&mut set, &mut rng);
            if pass == 0 {
                guard(contenders, &set, false);
            }
            let secs = race(s, contenders, &set);
            this_pass.push(Point { size, secs });
        }
        keep_best(&mut points, this_pass);
    }
    points
}

// ---------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------

/// Where the CSV files go: the target directory of the build that made this
/// binary, read off its path (`<target>/<profile>/deps/sweep-<hash>`; with
/// `--target`, `<target>/<triple>`). Always where cargo built it, wherever
/// `CARGO_TARGET_DIR` or a cargo config put that.
fn target_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| PathBuf::from("."))
}

fn csv_file(s: &Settings, name: &str, unit: &str) -> (PathBuf, std::io::BufWriter<std::fs::File>) {
    let path = target_dir().join(if s.quick {
        format!("{name}-quick.csv")
    } else {
        format!("{name}.csv")
    });
    let file =
        std::fs::File::create(&path).unwrap_or_else(|e| panic!("creating {}: {e}", path.display()));
    let mut out = std::io::BufWriter::new(file);
    writeln!(out, "corpus,size,contender,{unit}").expect("writing the CSV");
    (path, out)
}

/// Where a sweep's figures go: the CSV in the target directory, always,
/// and a results file when the run is saved (the same rows).
struct Output {
    csv: std::io::BufWriter<std::fs::File>,
    path: PathBuf,
    saved: Results,
}

impl Output {
    /// `name`'s CSV, whose figures are in `unit`.
    fn new(s: &Settings, name: &'static str, unit: &'static str) -> Self {
        let (path, csv) = csv_file(s, name, unit);
        let columns = if unit == "gb_per_s" {
            "corpus,size,contender,gb_per_s"
        } else {
            "corpus,size,contender,ns_per_call"
        };
        Output {
            csv,
            path,
            saved: Results::new(name, columns),
        }
    }

    fn row(&mut self, corpus: &str, size: usize, contender: &str, value: &str) {
        writeln!(self.csv, "{corpus},{size},{contender},{value}").expect("writing the CSV");
        self.saved.row(&[&corpus, &size, &contender, &value]);
    }

    /// Flushes the CSV, saves the results file if asked, and returns the
    /// CSV's path.
    fn finish(mut self, s: &Settings, header: Option<&Header>) -> PathBuf {
        self.csv.flush().expect("writing the CSV");
        if let Some(header) = header {
            self.saved.save_to(header, s.results.as_deref());
        }
        self.path
    }
}

fn fmt_size(size: usize) -> String {
    if size >= MIB && size.is_multiple_of(MIB) {
        format!("{} MiB", size / MIB)
    } else if size >= 4 * KIB && size.is_multiple_of(KIB) {
        format!("{} KiB", size / KIB)
    } else {
        format!("{size} B")
    }
}

/// A row of a table: contender `ours` against the fastest of `against` at
/// each size (a ratio of speeds: above 1, `ours` is faster).
struct Comparison {
    label: String,
    ours: usize,
    against: Vec<usize>,
}

/// The lowest ratio of `c` over the points in a band: the ratio, the size
/// and the peer.
#[derive(Clone, Copy)]
struct Worst {
    ratio: f64,
    size: usize,
    peer: usize,
}

/// `c` at one point: the ratio against the fastest of its peers there.
fn at_point(c: &Comparison, p: &Point) -> Worst {
    let peer = c
        .against
        .iter()
        .copied()
        .min_by(|&a, &b| p.secs[a].total_cmp(&p.secs[b]))
        .expect("a comparison has a peer");
    Worst {
        ratio: p.secs[peer] / p.secs[c.ours],
        size: p.size,
        peer,
    }
}

fn worst(c: &Comparison, points: &[Point], lo: usize, hi: usize) -> Option<Worst> {
    points
        .iter()
        .filter(|p| (lo..hi).contains(&p.size))
        .map(|p| at_point(c, p))
        .min_by(|a, b| a.ratio.total_cmp(&b.ratio))
}

/// The geometric mean of `c`'s ratios over the points in a band (ratios
/// of speeds: their logarithms are averaged), or `None` for no points.
fn band_mean(c: &Comparison, points: &[Point], lo: usize, hi: usize) -> Option<f64> {
    let logs: Vec<f64> = points
        .iter()
        .filter(|p| (lo..hi).contains(&p.size))
        .map(|p| at_point(c, p).ratio.ln())
        .collect();
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

fn table_head(first: &str) {
    println!(
        "| {first} | {} |",
        BANDS.map(|(name, _, _)| name).join(" | ")
    );
    println!("|---|{}", "---:|".repeat(BANDS.len()));
}

/// Per corpus, then over all of them: a row per comparison, the worst
/// ratio per band.
fn report(contenders: &[Contender], comparisons: &[Comparison], results: &[(&str, &[Point])]) {
    let cell = |w: Worst, corpus: Option<&str>, c: &Comparison| {
        let mut cell = timing::fmt_ratio(w.ratio);
        if let Some(corpus) = corpus {
            let _ = write!(cell, " {corpus}");
        }
        let _ = write!(cell, " {}", fmt_size(w.size));
        if c.against.len() > 1 {
            let _ = write!(cell, " ({})", contenders[w.peer].name);
        }
        cell
    };
    for (corpus, points) in results {
        println!("\n### {corpus}\n");
        table_head("worst ratio (size, fastest peer there)");
        for c in comparisons {
            let mut row = format!("| {} |", c.label);
            for (_, lo, hi) in BANDS {
                match worst(c, points, lo, hi) {
                    Some(w) => {
                        let _ = write!(row, " {} |", cell(w, None, c));
                    }
                    None => row.push_str(" – |"),
                }
            }
            println!("{row}");
        }
    }
    if results.len() > 1 {
        println!("\n### Every corpus: the worst of them\n");
        table_head("worst ratio (corpus, size, fastest peer there)");
        for c in comparisons {
            let mut row = format!("| {} |", c.label);
            for (_, lo, hi) in BANDS {
                let w = results
                    .iter()
                    .filter_map(|(corpus, points)| Some((*corpus, worst(c, points, lo, hi)?)))
                    .min_by(|a, b| a.1.ratio.total_cmp(&b.1.ratio));
                match w {
                    Some((corpus, w)) => {
                        let _ = write!(row, " {} |", cell(w, Some(corpus), c));
                    }
                    None => row.push_str(" – |"),
                }
            }
            println!("{row}");
        }
    }
    if let Some(floor) = contenders.iter().position(|c| c.role == Role::Floor) {
        let (lo, hi) = min_max(
            results
                .iter()
                .flat_map(|(_, points)| points.iter().map(|p| p.secs[floor] * 1e9)),
        );
        println!(
            "\nThe timing loop's own cost, a call that returns at once \
             (`floor`): {lo:.2}–{hi:.2} ns a call. Every contender is timed \
             through that one loop, one indirect call an input, and every \
             figure above includes it."
        );
    }
}

// ---------------------------------------------------------------------------
// The sweeps
// ---------------------------------------------------------------------------

fn sweep_valid(s: &Settings, header: Option<&Header>, method: &str) {
    let mut contenders = peers(true, false);
    let first_ours = contenders.len();
    contenders.push(ours());
    contenders.extend(kernels());
    contenders.push(floor());
    let index = |role: Role| contenders.iter().position(|c| c.role == role);
    let best_peers: Vec<usize> = (0..first_ours).collect();
    let validate = index(Role::Ours).expect("utf8lit is a contender");
    let selected = Kernel::selected().name();
    let mut comparisons = vec![Comparison {
        label: format!("`validate` ({selected}) / best peer"),
        ours: validate,
        against: best_peers.clone(),
    }];
    for (i, c) in contenders.iter().enumerate() {
        let Role::Kernel(kernel) = c.role else {
            continue;
        };
        comparisons.push(Comparison {
            label: format!("{} forced / best peer", kernel.name()),
            ours: i,
            against: best_peers.clone(),
        });
        let same_isa = isa_of(kernel).and_then(|isa| {
            index(Role::Peer {
                isa: Some(isa),
                position: false,
            })
        });
        if let Some(peer) = same_isa {
            comparisons.push(Comparison {
                label: format!("{} forced / {}", kernel.name(), contenders[peer].name),
                ours: i,
                against: vec![peer],
            });
        }
    }

    let mut out = Output::new(s, "sweep", "gb_per_s");
    out.saved.note("method", method);
    let results = valid_points(s, &contenders);
    for (corpus, points) in &results {
        for point in points {
            for (c, t) in contenders.iter().zip(&point.secs) {
                let gb_per_s = format!("{:.4}", point.size as f64 / t / 1e9);
                out.row(corpus, point.size, &c.name, &gb_per_s);
            }
        }
    }
    let path = out.finish(s, header);
    let results: Vec<(&str, &[Point])> = results.iter().map(|(c, p)| (*c, p.as_slice())).collect();

    println!("\n## Valid text: the worst ratio per size band\n");
    println!(
        "Speed over speed (above 1: utf8lit is faster), the lowest over the \
         sizes of the band (lower bound inclusive), with the size where it \
         is; **bold** below 1. Best peer: the fastest at that size of {}. \
         Per-size GB/s: `{}`.",
        best_peers
            .iter()
            .map(|&i| format!("`{}`", contenders[i].name))
            .collect::<Vec<_>>()
            .join(", "),
        path.display()
    );
    report(&contenders, &comparisons, &results);
    print_means(&comparisons, &results);
    print_below(&comparisons[0], &results);
    print_noise(&contenders, validate, &results);
}

/// Per comparison and band, the geometric mean of the ratios over the
/// sizes of the band, per corpus, the lowest of them with its corpus:
/// issue 21's "≥ 1.0× in every band and corpus" reads a band's typical
/// size, which the worst-per-band tables (one size) do not say.
fn print_means(comparisons: &[Comparison], results: &[(&str, &[Point])]) {
    println!(
        "\n### The geometric mean per band\n\nThe geometric mean of the \
         ratios over the sizes of the band, per corpus; the lowest of them, \
         and the corpus{}.\n",
        if results.len() > 1 { "" } else { " (one here)" }
    );
    table_head("lowest geometric mean (corpus)");
    for c in comparisons {
        let mut row = format!("| {} |", c.label);
        for (_, lo, hi) in BANDS {
            let lowest = results
                .iter()
                .filter_map(|(corpus, points)| Some((*corpus, band_mean(c, points, lo, hi)?)))
                .min_by(|a, b| a.1.total_cmp(&b.1));
            match lowest {
                Some((corpus, mean)) => {
                    let _ = write!(row, " {} {corpus} |", timing::fmt_ratio(mean));
                }
                None => row.push_str(" – |"),
            }
        }
        println!("{row}");
    }
}

/// Below this, a size counts against issue 21's "no single size below
/// 0.9×".
const FLOOR_RATIO: f64 = 0.9;

/// Every size where `c` is below [`FLOOR_RATIO`], per corpus, runs of
/// consecutive sizes of the sweep written as one range: how many, and
/// where, which the worst-per-band tables do not say.
fn print_below(c: &Comparison, results: &[(&str, &[Point])]) {
    let total: usize = results.iter().map(|(_, points)| points.len()).sum();
    let mut lines = Vec::new();
    let mut below = 0;
    for (corpus, points) in results {
        // Runs of consecutive points below the line: (first, last, worst).
        let mut runs: Vec<(usize, usize, f64)> = Vec::new();
        let mut open = false;
        for p in *points {
            let r = at_point(c, p).ratio;
            if r < FLOOR_RATIO {
                below += 1;
                match runs.last_mut() {
                    Some(run) if open => {
                        run.1 = p.size;
                        run.2 = run.2.min(r);
                    }
                    _ => runs.push((p.size, p.size, r)),
                }
                open = true;
            } else {
                open = false;
            }
        }
        if !runs.is_empty() {
            let list: Vec<String> = runs
                .iter()
                .map(|&(a, b, r)| {
                    let sizes = if a == b {
                        fmt_size(a)
                    } else {
                        format!("{}–{}", a, fmt_size(b))
                    };
                    format!("{sizes} ({r:.2}×)")
                })
                .collect();
            lines.push(format!("- {corpus}: {}", list.join(", ")));
        }
    }
    println!(
        "\n### Sizes below {FLOOR_RATIO}×\n\n{}: {below} of {total} sizes and \
         corpora below {FLOOR_RATIO}× (the worst ratio of each run of sizes in \
         brackets).",
        c.label
    );
    for line in lines {
        println!("{line}");
    }
}

/// The lowest and highest of `values` (`INFINITY` and 0 for none).
fn min_max(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// `validate` and its own kernel forced run the same function, called
/// two ways: how far apart they time is the harness's noise (code layout
/// and all), printed per band so that a ratio inside it reads as a tie.
fn print_noise(contenders: &[Contender], validate: usize, results: &[(&str, &[Point])]) {
    let selected = Kernel::selected();
    let Some(forced) = contenders
        .iter()
        .position(|c| c.role == Role::Kernel(selected))
    else {
        return;
    };
    let mut row = format!(
        "| {} forced / `validate` (the same function) |",
        selected.name()
    );
    for &(_, lo, hi) in &BANDS {
        let ratios = results.iter().flat_map(|(_, points)| {
            points
                .iter()
                .filter(|p| (lo..hi).contains(&p.size))
                .map(|p| p.secs[validate] / p.secs[forced])
        });
        let (min, max) = min_max(ratios);
        if min.is_finite() {
            let _ = write!(row, " {min:.2}–{max:.2}× |");
        } else {
            row.push_str(" – |");
        }
    }
    println!(
        "\n### The harness's noise\n\nThe range, over every corpus and size of \
         the band, of one function timed through two calls; a ratio above \
         inside this range is a tie.\n"
    );
    table_head("range");
    println!("{row}");
}

/// Every contender's best time at every size of every corpus, over
/// `s.passes` passes; the inputs checked against std on the first.
fn valid_points(s: &Settings, contenders: &[Contender]) -> Vec<(&'static str, Vec<Point>)> {
    let largest = s.sizes.iter().copied().max().unwrap_or(0);
    let mut results: Vec<(&str, Vec<Point>)> = Vec::new();
    for pass in 0..s.passes {
        for (k, &corpus) in s.corpora.iter().enumerate() {
            let started = Instant::now();
            let text = corpora::generated(corpus, largest + 64 * KIB).expect("a generated corpus");
            let mut points = Vec::new();
            for &size in &s.sizes {
                // The same inputs in every pass: the seed is the point's.
                let mut rng = Rng(seed(corpus, size));
                let set = corpora::pieces(&text, size, corpora::set_len(size), &mut rng);
                if pass == 0 {
                    guard(contenders, &set, true);
                    // And each with one byte broken, so a contender that
                    // says yes without reading every byte is caught too.
                    let broken: Vec<Vec<u8>> = set
                        .iter()
                        .map(|input| {
                            let mut input = input.clone();
                            let at = rng.below(size);
                            input[at] = 0xFF;
                            input
                        })
                        .collect();
                    guard(contenders, &broken, false);
                }
                let secs = race(s, contenders, &set);
                points.push(Point { size, secs });
            }
            eprintln!(
                "sweep: pass {} of {}, {corpus}, {} sizes, {:.0} s",
                pass + 1,
                s.passes,
                s.sizes.len(),
                started.elapsed().as_secs_f64()
            );
            if pass == 0 {
                results.push((corpus, Vec::new()));
            }
            keep_best(&mut results[k].1, points);
        }
    }
    results
}

fn sweep_early(s: &Settings, header: Option<&Header>, method: &str) {
    let mut contenders = peers(false, true);
    let ours_at = contenders.len();
    contenders.push(ours());
    contenders.push(floor());
    let positional: Vec<usize> = (0..ours_at)
        .filter(|&i| matches!(contenders[i].role, Role::Peer { position: true, .. }))
        .collect();
    let names = |list: &[usize]| {
        list.iter()
            .map(|&i| format!("`{}`", contenders[i].name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let comparisons = [
        Comparison {
            label: "`validate` / best position-reporting peer".into(),
            ours: ours_at,
            against: positional.clone(),
        },
        Comparison {
            label: "`validate` / best peer (yes/no ones too)".into(),
            ours: ours_at,
            against: (0..ours_at).collect(),
        },
    ];

    let started = Instant::now();
    let mut out = Output::new(s, "sweep-early", "ns_per_call");
    out.saved.note("method", method);
    out.saved.note(
        "inputs",
        "ASCII text with a lone 0xE9 at a random byte from 3 to 30",
    );
    let largest = s.sizes.iter().copied().max().unwrap_or(0);
    let text = corpora::generated("ascii", largest + 64 * KIB).expect("the ASCII corpus");
    let points = early_points(s, &contenders, &text);
    for point in &points {
        for (c, t) in contenders.iter().zip(&point.secs) {
            out.row(
                "early-ascii",
                point.size,
                &c.name,
                &format!("{:.2}", t * 1e9),
            );
        }
    }
    let path = out.finish(s, header);
    eprintln!(
        "sweep: early error, {} sizes, {:.0} s",
        s.sizes.len(),
        started.elapsed().as_secs_f64()
    );

    println!(
        "\n## Early error: ASCII with a lone 'é' (0xE9) at byte 3–30, the worst ratio per size band\n"
    );
    println!(
        "Time over time (above 1: utf8lit is faster), as above. Position-reporting \
         peers: {}; yes/no peers: {}. Per-size ns per call: `{}`.",
        names(&positional),
        names(
            &(0..ours_at)
                .filter(|i| !positional.contains(i))
                .collect::<Vec<_>>()
        ),
        path.display()
    );
    report(
        &contenders,
        &comparisons,
        &[("early error", points.as_slice())],
    );
    print_means(&comparisons, &[("early error", points.as_slice())]);
    print_early_ns(&points, ours_at, &positional);
}

/// The early error's ns per call, the fastest and the slowest size of each
/// band, of `validate` (`ours_at`) and of the best `positional` peer.
fn print_early_ns(points: &[Point], ours_at: usize, positional: &[usize]) {
    println!("\nns per call, the fastest and the slowest size of each band:\n");
    table_head("ns per call");
    for (label, list) in [
        ("`validate`".to_owned(), vec![ours_at]),
        (
            "best position-reporting peer".to_owned(),
            positional.to_vec(),
        ),
    ] {
        let mut row = format!("| {label} |");
        for (_, lo, hi) in BANDS {
            let ns: Vec<f64> = points
                .iter()
                .filter(|p| (lo..hi).contains(&p.size))
                .map(|p| {
                    list.iter()
                        .map(|&i| p.secs[i])
                        .fold(f64::INFINITY, f64::min)
                        * 1e9
                })
                .collect();
            if ns.is_empty() {
                row.push_str(" – |");
            } else {
                let min = ns.iter().copied().fold(f64::INFINITY, f64::min);
                let max = ns.iter().copied().fold(0.0, f64::max);
                let _ = write!(row, " {min:.1}–{max:.1} |");
            }
        }
        println!("{row}");
    }
}

fn main() {
    let s = settings();
    let started = Instant::now();
    let kernels: Vec<&str> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .map(Kernel::name)
        .collect();
    println!(
        "# utf8lit size sweep{}\n",
        if s.quick {
            " (--quick: a smoke run, the figures mean little)"
        } else {
            ""
        }
    );
    println!("- CPU: {}", results::cpu_model());
    println!(
        "- `utf8lit::validate` selects the `{}` kernel; kernels this CPU has: {}",
        Kernel::selected().name(),
        kernels.join(", ")
    );
    let spread = if s.passes > 1 {
        format!(
            " ({} passes over the sizes, {} rounds each)",
            s.passes, s.rounds
        )
    } else {
        String::new()
    };
    let method = format!(
        "{} sizes from {} to {}; corpora: {}; best of {} rounds{spread} of {}–{} ms per contender, interleaved",
        s.sizes.len(),
        fmt_size(s.sizes[0]),
        fmt_size(*s.sizes.last().expect("a size")),
        s.corpora.join(", "),
        s.rounds * s.passes,
        s.round_time.as_secs_f64() * 1e3,
        s.round_time.as_secs_f64() * 2e3,
    );
    println!("- {method}");
    // One header for both files: the same machine, commit and date.
    let header = s.results.as_ref().map(|_| Header::new("sweep", s.quick));
    if s.valid {
        sweep_valid(&s, header.as_ref(), &method);
    }
    if s.early {
        sweep_early(&s, header.as_ref(), &method);
    }
    println!("\nRan in {:.0} s.", started.elapsed().as_secs_f64());
}
