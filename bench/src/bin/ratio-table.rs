//! Prints the results of `cargo bench -p utf8lit-bench --bench validate` as
//! Markdown tables of throughput and of utf8lit's speed-up over std and
//! simdutf8.
//!
//! Reads criterion's files, `<criterion dir>/<group>/<function>/new/`
//! `benchmark.json` (ids and throughput) and `estimates.json` (the median,
//! in ns). The criterion directory is, first found: `--criterion-dir DIR`,
//! `$CRITERION_HOME`, `$CARGO_TARGET_DIR/criterion`, the workspace's
//! `target/criterion`. `--since UNIX_SECONDS` leaves out results older than
//! that (`scripts/bench` passes the time the run started, so results of
//! benchmarks it did not run are not mixed in).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, SystemTime};

use serde_json::Value;

/// One criterion result.
#[derive(Debug)]
struct Measurement {
    /// Bytes per iteration (criterion's `Throughput::Bytes`).
    bytes: Option<f64>,
    /// Median time per iteration, ns.
    median_ns: f64,
}

impl Measurement {
    /// Decimal GB/s (criterion prints GiB/s: 7% less).
    fn gb_per_s(&self) -> Option<f64> {
        self.bytes.map(|b| b / self.median_ns)
    }
}

/// group id → function id → measurement.
type Results = BTreeMap<String, BTreeMap<String, Measurement>>;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ratio-table: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut dir = None;
    let mut since = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--criterion-dir" => dir = args.next().map(PathBuf::from),
            "--since" => {
                let secs = args.next().and_then(|s| s.parse::<u64>().ok());
                let secs = secs.ok_or("--since needs a number of seconds since 1970")?;
                since = Some(SystemTime::UNIX_EPOCH + Duration::from_secs(secs));
            }
            "-h" | "--help" => {
                println!("usage: ratio-table [--criterion-dir DIR] [--since UNIX_SECONDS]");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    let dir = dir.unwrap_or_else(criterion_dir);
    let mut results = Results::new();
    collect(&dir, since, &mut results)?;
    if results.is_empty() {
        return Err(format!(
            "no criterion results in {}{}; run `cargo bench -p utf8lit-bench --bench validate` first",
            dir.display(),
            if since.is_some() { " (newer than --since)" } else { "" },
        ));
    }
    print!("{}", render(&results));
    Ok(())
}

fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // A relative CARGO_TARGET_DIR is relative to where cargo runs, as here.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace.join("target"), PathBuf::from);
    target.join("criterion")
}

/// Every `new/benchmark.json` under `dir`, with its `estimates.json`.
fn collect(dir: &Path, since: Option<SystemTime>, results: &mut Results) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let benchmark = path.join("new/benchmark.json");
        if benchmark.is_file() {
            if let Some(since) = since {
                let modified = std::fs::metadata(&benchmark).and_then(|m| m.modified());
                if modified.is_ok_and(|m| m < since) {
                    continue;
                }
            }
            let info = read_json(&benchmark)?;
            let estimates = read_json(&path.join("new/estimates.json"))?;
            let group = info["group_id"].as_str().unwrap_or_default().to_owned();
            let function = info["function_id"].as_str().unwrap_or_default().to_owned();
            let Some(median_ns) = estimates["median"]["point_estimate"].as_f64() else {
                return Err(format!("{}: no median", path.display()));
            };
            let bytes = info["throughput"]["Bytes"].as_f64();
            results
                .entry(group)
                .or_default()
                .insert(function, Measurement { bytes, median_ns });
        } else if path.file_name().is_some_and(|n| n != "report") {
            collect(&path, since, results)?;
        }
    }
    Ok(())
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

const CORPORA: [&str; 8] = [
    "ascii",
    "latin",
    "cyrillic",
    "cjk",
    "emoji",
    "mixed",
    "lipsum",
    "wikipedia-mars",
];

/// A group id split into its parts, and a key that sorts rows sensibly:
/// corpora in the order above, sizes by size, errors early to late.
struct Row<'a> {
    category: &'a str,
    corpus: &'a str,
    size: &'a str,
    rest: &'a str,
    key: (usize, u64, usize, &'a str),
}

fn row(group: &str) -> Row<'_> {
    let mut parts = group.splitn(3, '/');
    let category = parts.next().unwrap_or_default();
    let middle = parts.next().unwrap_or_default();
    let rest = parts.next().unwrap_or_default();
    // `invalid/<corpus>-<size>/<where>`; otherwise `<category>/<corpus>/<size>`.
    let (corpus, size, rest) = match (category, middle.rsplit_once('-')) {
        ("invalid", Some((corpus, size))) => (corpus, size, rest),
        _ => (middle, rest, ""),
    };
    let corpus_rank = CORPORA
        .iter()
        .position(|c| *c == corpus)
        .unwrap_or(CORPORA.len());
    let place_rank = ["early", "middle", "end"]
        .iter()
        .position(|p| *p == rest)
        .unwrap_or(3);
    Row {
        category,
        corpus,
        size,
        rest,
        key: (corpus_rank, size_bytes(size), place_rank, group),
    }
}

/// `16B`, `4KiB`, `1MiB`, `16-63B` → bytes (the first number).
fn size_bytes(size: &str) -> u64 {
    let digits: String = size.chars().take_while(char::is_ascii_digit).collect();
    let n = digits.parse().unwrap_or(u64::MAX);
    let unit = size.trim_start_matches(|c: char| c.is_ascii_digit());
    match unit {
        "KiB" => n * 1024,
        "MiB" => n * 1024 * 1024,
        _ => n,
    }
}

fn gbs(m: Option<&Measurement>) -> String {
    m.and_then(Measurement::gb_per_s)
        .map_or_else(|| "–".to_owned(), |g| format!("{g:.2}"))
}

fn time(m: Option<&Measurement>) -> String {
    match m.map(|m| m.median_ns) {
        None => "–".to_owned(),
        Some(ns) if ns < 1e3 => format!("{ns:.1} ns"),
        Some(ns) if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        Some(ns) => format!("{:.2} ms", ns / 1e6),
    }
}

/// How many times faster `fast` is than `slow` (time of `slow` / time of
/// `fast`), in bold when it is below 1 (slower).
fn ratio(fast: Option<&Measurement>, slow: Option<&Measurement>) -> String {
    match (fast, slow) {
        (Some(f), Some(s)) => {
            let r = s.median_ns / f.median_ns;
            if r < 0.95 {
                format!("**{r:.2}×**")
            } else {
                format!("{r:.2}×")
            }
        }
        _ => "–".to_owned(),
    }
}

fn table(out: &mut String, header: &[&str], rows: &[Vec<String>]) {
    let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
    let head: Vec<String> = header.iter().map(|h| (*h).to_owned()).collect();
    out.push_str(&line(&head));
    let rule: Vec<String> = header
        .iter()
        .map(|h| {
            let text = ["corpus", "size", "input", "error", "group"].contains(h);
            if text { "---" } else { "---:" }.to_owned()
        })
        .collect();
    out.push_str(&line(&rule));
    for r in rows {
        out.push_str(&line(r));
    }
    out.push('\n');
}

/// The functions measured on one input.
type Functions = BTreeMap<String, Measurement>;

/// The input's size in bytes (all functions of a group share it).
fn bytes(fs: &Functions) -> String {
    fs.values()
        .find_map(|m| m.bytes)
        .map_or_else(|| "–".to_owned(), |b| format!("{b:.0}"))
}

/// One table: the groups of `categories`, in order, one row each.
fn section(
    out: &mut String,
    groups: &[(Row<'_>, &Functions)],
    categories: &[&str],
    intro: &str,
    header: &[&str],
    cells: impl Fn(&Row<'_>, &Functions) -> Vec<String>,
) {
    let mut rows: Vec<&(Row<'_>, &Functions)> = groups
        .iter()
        .filter(|(r, _)| categories.contains(&r.category))
        .collect();
    if rows.is_empty() {
        return;
    }
    rows.sort_by_key(|(r, _)| (r.category == "small", r.key));
    out.push_str(intro);
    let rows: Vec<Vec<String>> = rows.iter().map(|(r, fs)| cells(r, fs)).collect();
    table(out, header, &rows);
}

const MAIN_COLUMNS: [&str; 7] = [
    "std",
    "simdutf8 basic",
    "simdutf8 compat",
    "utf8lit",
    "utf8lit/std",
    "utf8lit/basic",
    "utf8lit/compat",
];

/// The four main functions, as `show` has them, and utf8lit's speed-ups.
fn main_cells(fs: &Functions, show: fn(Option<&Measurement>) -> String) -> [String; 7] {
    let f = |name: &str| fs.get(name);
    [
        show(f("std")),
        show(f("simdutf8_basic")),
        show(f("simdutf8_compat")),
        show(f("utf8lit")),
        ratio(f("utf8lit"), f("std")),
        ratio(f("utf8lit"), f("simdutf8_basic")),
        ratio(f("utf8lit"), f("simdutf8_compat")),
    ]
}

fn render(results: &Results) -> String {
    let mut out = String::new();
    header(&mut out);
    let mut groups: Vec<(Row<'_>, &Functions)> =
        results.iter().map(|(g, fs)| (row(g), fs)).collect();
    groups.sort_by_key(|(r, _)| (r.category, r.key));

    let mut head = vec!["corpus", "size", "bytes"];
    head.extend(MAIN_COLUMNS);
    section(
        &mut out,
        &groups,
        &["valid", "small"],
        "### Valid input: throughput (GB/s) and utf8lit's speed-up\n\n\
         `nonascii 16-63B`: 256 non-ASCII inputs of 16 to 63 bytes from the other \
         corpora, validated one by one (bytes: their total).\n\n",
        &head,
        |r, fs| {
            let mut cells = vec![r.corpus.to_owned(), r.size.to_owned(), bytes(fs)];
            cells.extend(main_cells(fs, gbs));
            cells
        },
    );

    let mut head = vec!["input", "error", "bytes"];
    head.extend(MAIN_COLUMNS);
    section(
        &mut out,
        &groups,
        &["invalid"],
        "### Invalid input (one 0xFF byte in 64 KiB): median time and utf8lit's speed-up\n\n\
         `bytes`: up to and including the bad byte. simdutf8 basic only says \
         \"invalid\"; compat and utf8lit say where (utf8lit also says what).\n\n",
        &head,
        |r, fs| {
            let mut cells = vec![
                format!("{} {}", r.corpus, r.size),
                r.rest.to_owned(),
                bytes(fs),
            ];
            cells.extend(main_cells(fs, time));
            cells
        },
    );

    section(
        &mut out,
        &groups,
        &["incremental"],
        "### Incremental: `Utf8Validator` fed 4 KiB chunks vs one-shot `validate` (GB/s)\n\n",
        &[
            "corpus",
            "size",
            "bytes",
            "utf8lit (one-shot)",
            "utf8lit_chunked_4k",
            "chunked/one-shot",
        ],
        |r, fs| {
            vec![
                r.corpus.to_owned(),
                r.size.to_owned(),
                bytes(fs),
                gbs(fs.get("utf8lit")),
                gbs(fs.get("utf8lit_chunked_4k")),
                ratio(fs.get("utf8lit_chunked_4k"), fs.get("utf8lit")),
            ]
        },
    );

    kernels_table(&mut out, &groups);
    out
}

/// Every kernel next to `utf8lit` (the dispatched one), for the groups that
/// were run with `UTF8LIT_BENCH_KERNELS=1`.
fn kernels_table(out: &mut String, groups: &[(Row<'_>, &Functions)]) {
    let mut kernels: Vec<&str> = Vec::new();
    for (_, fs) in groups {
        for name in fs.keys() {
            if let Some(k) = name.strip_prefix("kernel_") {
                if !kernels.contains(&k) {
                    kernels.push(k);
                }
            }
        }
    }
    if kernels.is_empty() {
        return;
    }
    let order = [
        "avx512",
        "avx512-loads",
        "avx2",
        "sse42",
        "swar",
        "reference",
    ];
    kernels.sort_by_key(|k| order.iter().position(|o| o == k).unwrap_or(order.len()));
    let _ = write!(
        out,
        "### Kernels (GB/s; invalid rows: bytes up to the error)\n\n"
    );
    let mut header = vec!["group".to_owned(), "bytes".to_owned(), "utf8lit".to_owned()];
    header.extend(kernels.iter().map(|k| (*k).to_owned()));
    let rows: Vec<Vec<String>> = groups
        .iter()
        .filter(|(_, fs)| fs.keys().any(|k| k.starts_with("kernel_")))
        .map(|(r, fs)| {
            let mut cells = vec![r.key.3.to_owned(), bytes(fs), gbs(fs.get("utf8lit"))];
            cells.extend(kernels.iter().map(|k| gbs(fs.get(&format!("kernel_{k}")))));
            cells
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    table(out, &header, &rows);
}

/// The machine and compiler, and what the columns mean.
fn header(out: &mut String) {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        cpuinfo.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            (k.trim() == name).then(|| v.trim().to_owned())
        })
    };
    let model = field("model name").unwrap_or_else(|| "unknown CPU".to_owned());
    let flags = field("flags").unwrap_or_default();
    let simd: Vec<&str> = ["sse4_2", "avx2", "avx512bw", "avx512vbmi"]
        .into_iter()
        .filter(|f| flags.split_ascii_whitespace().any(|x| x == *f))
        .collect();
    let cpus = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let rustc = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".to_owned(), |v| v.trim().to_owned());
    let kernel = utf8lit::__private::Kernel::selected().name();
    let _ = write!(
        out,
        "## utf8lit benchmarks\n\n\
         - CPU: {model} ({cpus} CPUs; {})\n\
         - {rustc}\n\
         - utf8lit kernel on this CPU: `{kernel}`\n\
         - Medians of criterion's samples. GB/s = 10^9 bytes/s (criterion prints GiB/s). \
         `utf8lit/x` = x's time / utf8lit's time: above 1 utf8lit is faster; \
         **bold** below 0.95.\n\n",
        if simd.is_empty() {
            "no x86 SIMD flags".to_owned()
        } else {
            simd.join(" ")
        },
    );
}
