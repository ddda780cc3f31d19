//! Results files: what a harness measured, as CSV under `bench/results/`,
//! headed by `# key: value` lines that name the machine, the kernel that
//! ran, the compiler and the commit, so that a file read months later (or
//! beside another machine's) says where its figures come from.
//! `bench/results/README.md` describes the format; `scripts/results` reads
//! it. Included by `sweep.rs`, `real_data.rs`, `receive.rs` and
//! `icount.rs` (`mod results;`), which keep their figures in a [`Results`]
//! and save it when asked ([`destination`]).
//!
//! Nothing here times anything, and nothing is written unless the run
//! asks: `--save` (into the repository's `bench/results/`) or
//! `UTF8LIT_RESULTS=DIR` (into `DIR`). A `--quick` run's figures mean
//! little, so they may only go to a directory named by `UTF8LIT_RESULTS`.

#![allow(dead_code, reason = "each bench target uses part of it")]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// The repository's results directory.
fn repository_results() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("results")
}

/// The workspace root, where `git` is asked about the commit.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Where this run's results go: `UTF8LIT_RESULTS`, else the repository's
/// `bench/results/` when `save` (the harness's `--save`), else nowhere.
///
/// # Errors
///
/// A message for the user when a `--quick` run would write its figures
/// into the repository.
pub fn destination(save: bool, quick: bool) -> Result<Option<PathBuf>, String> {
    if let Some(dir) = std::env::var_os("UTF8LIT_RESULTS").filter(|d| !d.is_empty()) {
        return Ok(Some(PathBuf::from(dir)));
    }
    if !save {
        return Ok(None);
    }
    if quick {
        return Err(
            "--save with --quick would put a smoke run's figures in bench/results; \
                    set UTF8LIT_RESULTS=DIR to save them elsewhere"
                .into(),
        );
    }
    Ok(Some(repository_results()))
}

/// One harness's figures: a CSV header row, the data rows, and settings
/// worth recording beside the machine (rounds, sizes).
pub struct Results {
    harness: &'static str,
    columns: &'static str,
    notes: Vec<(&'static str, String)>,
    rows: String,
}

impl Results {
    /// Figures of `harness` (the directory under `bench/results/`), whose
    /// rows have `columns` (the CSV header row, comma-separated).
    pub fn new(harness: &'static str, columns: &'static str) -> Self {
        Results {
            harness,
            columns,
            notes: Vec::new(),
            rows: String::new(),
        }
    }

    /// A header line of this run's own (`# key: value`), after the
    /// machine's.
    pub fn note(&mut self, key: &'static str, value: impl Into<String>) {
        self.notes.push((key, value.into()));
    }

    /// A data row, one field per column; fields with a comma or a quote are
    /// quoted, as CSV readers expect.
    pub fn row(&mut self, fields: &[&dyn std::fmt::Display]) {
        let fields: Vec<String> = fields.iter().map(|f| csv_field(&f.to_string())).collect();
        self.rows.push_str(&fields.join(","));
        self.rows.push('\n');
    }

    /// The whole file: the header lines, the column names, the rows.
    pub fn text(&self, header: &Header) -> String {
        let mut out = format!("# harness: {}\n", self.harness);
        for (key, value) in header.lines.iter().chain(&self.notes) {
            let _ = writeln!(out, "# {key}: {}", one_line(value));
        }
        out.push_str(self.columns);
        out.push('\n');
        out.push_str(&self.rows);
        out
    }

    /// Writes the file to `dir/<harness>/<machine>-<date>.csv` (replacing
    /// one of the same machine and day) and returns its path.
    ///
    /// # Errors
    ///
    /// The I/O error, with the path, for the user.
    pub fn save(&self, header: &Header, dir: &Path) -> Result<PathBuf, String> {
        let dir = dir.join(self.harness);
        std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        let path = dir.join(format!("{}-{}.csv", header.machine, header.day));
        std::fs::write(&path, self.text(header))
            .map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(path)
    }

    /// [`Results::save`] into `dir` when there is one, saying where on
    /// stderr (stdout is the harness's report); a failure ends the run.
    pub fn save_to(&self, header: &Header, dir: Option<&Path>) {
        let Some(dir) = dir else { return };
        match self.save(header, dir) {
            Ok(path) => eprintln!("results: wrote {}", path.display()),
            Err(problem) => {
                eprintln!("results: {problem}");
                std::process::exit(1);
            }
        }
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------
// The header: the machine, the build, the run
// ---------------------------------------------------------------------------

/// What every results file says about where its figures come from.
pub struct Header {
    /// The file name's machine part: `UTF8LIT_MACHINE`, else made from the
    /// CPU ([`Cpu::slug`]).
    pub machine: String,
    /// The file name's date part, `YYYY-MM-DD` (UTC).
    pub day: String,
    lines: Vec<(&'static str, String)>,
}

impl Header {
    /// This machine and build, for a run of `harness` with `quick` or not.
    pub fn new(harness: &str, quick: bool) -> Self {
        use utf8lit::__private::Kernel;
        let cpu = Cpu::read();
        let machine = std::env::var("UTF8LIT_MACHINE")
            .ok()
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| cpu.slug());
        let (day, time) = utc_now();
        let kernels: Vec<&str> = Kernel::ALL
            .into_iter()
            .filter(|k| k.is_available())
            .map(Kernel::name)
            .collect();
        let args: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--bench")
            .collect();
        let mut lines = vec![("machine", machine.clone()), ("cpu", cpu.describe())];
        if let Some(arch) = cpu.microarchitecture() {
            lines.push(("microarchitecture", arch.0.to_owned()));
        }
        lines.extend([
            ("cpu_flags", cpu.simd_flags().join(" ")),
            ("kernel", Kernel::selected().name().to_owned()),
            ("kernels", kernels.join(", ")),
            ("rustc", env!("UTF8LIT_BENCH_RUSTC").to_owned()),
            ("commit", commit()),
            ("date", format!("{day}T{time}Z")),
            (
                "command",
                format!(
                    "cargo bench -p utf8lit-bench --bench {harness}{}{}",
                    if args.is_empty() { "" } else { " -- " },
                    args.join(" ")
                ),
            ),
            ("os", os()),
            (
                "run",
                if quick {
                    "quick (a smoke run: the figures mean little)".to_owned()
                } else {
                    "full".to_owned()
                },
            ),
        ]);
        Header {
            machine,
            day,
            lines,
        }
    }

    /// Replaces the line `key` (or adds it): for `icount`, whose command
    /// is the script that runs it.
    pub fn set(&mut self, key: &'static str, value: impl Into<String>) {
        let value = value.into();
        match self.lines.iter_mut().find(|(k, _)| *k == key) {
            Some(line) => line.1 = value,
            None => self.lines.push((key, value)),
        }
    }

    /// The header lines alone, `# key: value` (for `icount`, whose data
    /// rows a script writes).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.lines {
            let _ = writeln!(out, "# {key}: {}", one_line(value));
        }
        out
    }
}

/// `git rev-parse --short HEAD` of the workspace, `-dirty` when a tracked
/// file outside `bench/results/` differs from it (results saved earlier in
/// the same session do not make the next run's code dirty); `unknown`
/// without git.
fn commit() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(workspace_root())
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let Some(hash) = git(&["rev-parse", "--short", "HEAD"]) else {
        return "unknown".into();
    };
    let status = git(&[
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        ".",
        ":(exclude)bench/results",
    ]);
    match status {
        Some(s) if s.is_empty() => hash,
        _ => format!("{hash}-dirty"),
    }
}

/// The operating system, its release and the architecture, from /proc
/// where it is cheap, else the architecture alone.
fn os() -> String {
    let read = |p: &str| std::fs::read_to_string(p).ok().map(|s| s.trim().to_owned());
    let arch = std::env::consts::ARCH;
    match (
        read("/proc/sys/kernel/ostype"),
        read("/proc/sys/kernel/osrelease"),
    ) {
        (Some(os), Some(release)) => format!("{os} {release} {arch}"),
        _ => format!("{} {arch}", std::env::consts::OS),
    }
}

/// Today (`YYYY-MM-DD`) and the time (`HH:MM:SS`), UTC.
fn utc_now() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = secs / 86_400;
    let rest = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!(
            "{:02}:{:02}:{:02}",
            rest / 3600,
            rest % 3600 / 60,
            rest % 60
        ),
    )
}

/// The calendar date of a count of days since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for days on or after the epoch).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

// ---------------------------------------------------------------------------
// The CPU
// ---------------------------------------------------------------------------

/// The CPU as /proc/cpuinfo describes its first processor.
pub struct Cpu {
    fields: Vec<(String, String)>,
}

impl Cpu {
    /// /proc/cpuinfo's first processor (nothing where there is none).
    pub fn read() -> Self {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let fields = info
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
            .collect();
        Cpu { fields }
    }

    fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }

    fn number(&self, name: &str) -> Option<u32> {
        let v = self.field(name)?;
        match v.strip_prefix("0x") {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => v.parse().ok(),
        }
    }

    fn flags(&self) -> impl Iterator<Item = &str> {
        // x86 says `flags`; aarch64, `Features`.
        self.field("flags")
            .or_else(|| self.field("Features"))
            .unwrap_or("")
            .split_whitespace()
    }

    fn has(&self, flag: &str) -> bool {
        self.flags().any(|f| f == flag)
    }

    /// The CPU's name and family as /proc/cpuinfo gives them, whichever of
    /// these fields it has: what the harnesses print as `CPU:`.
    pub fn model(&self) -> String {
        let name = self.field("model name").unwrap_or("unknown CPU");
        let details: Vec<String> = [
            ("vendor_id", ""),
            ("cpu family", "family "),
            ("model", "model "),
            ("stepping", "stepping "),
            ("CPU implementer", "implementer "),
            ("CPU part", "part "),
        ]
        .into_iter()
        .filter_map(|(key, label)| Some(format!("{label}{}", self.field(key)?)))
        .collect();
        if details.is_empty() {
            name.to_owned()
        } else {
            format!("{name} ({})", details.join(", "))
        }
    }

    /// [`Cpu::model`], with the microarchitecture in front of the details
    /// when it is known.
    pub fn describe(&self) -> String {
        let model = self.model();
        match (self.microarchitecture(), model.split_once(" (")) {
            (Some((arch, _)), Some((name, details))) => format!("{name} ({arch}; {details}"),
            (Some((arch, _)), None) => format!("{model} ({arch})"),
            (None, _) => model,
        }
    }

    /// The flags that matter to a SIMD kernel: SSE4, AVX (all of AVX-512's),
    /// BMI, GFNI, on aarch64 ASIMD and SVE.
    pub fn simd_flags(&self) -> Vec<&str> {
        const PREFIXES: [&str; 8] = [
            "sse4",
            "avx",
            "bmi",
            "gfni",
            "vpclmulqdq",
            "asimd",
            "sve",
            "amx",
        ];
        let mut flags: Vec<&str> = self
            .flags()
            .filter(|f| PREFIXES.iter().any(|p| f.starts_with(p)))
            .collect();
        flags.sort_unstable();
        flags.dedup();
        flags
    }

    /// The microarchitecture, as a name and as the file name's word, when
    /// the family and model (AMD) or the flags (Intel, whose virtual
    /// machines often report a model of their own) tell it; a guess,
    /// overridden by `UTF8LIT_MACHINE` for the file name.
    pub fn microarchitecture(&self) -> Option<(&'static str, &'static str)> {
        let family = self.number("cpu family");
        let model = self.number("model").unwrap_or(0);
        match (self.field("vendor_id")?, family?) {
            ("AuthenticAMD", 23) if model < 0x30 => Some(("Zen/Zen+", "zen")),
            ("AuthenticAMD", 23) => Some(("Zen 2", "zen2")),
            ("AuthenticAMD", 25)
                if matches!(model, 0x10..=0x1F | 0x60..=0x7F | 0xA0..=0xAF)
                    || self.has("avx512f") =>
            {
                Some(("Zen 4", "zen4"))
            }
            ("AuthenticAMD", 25) => Some(("Zen 3", "zen3")),
            ("AuthenticAMD", 26) => Some(("Zen 5", "zen5")),
            // Model 207 (0xCF) is Emerald Rapids, which some virtual machines
            // do report: named apart so that its results do not replace
            // those of another Xeon, which run on a different cache.
            ("GenuineIntel", 6) if model == 0xCF && self.has("avx512_fp16") => {
                Some(("Emerald Rapids", "emerald-rapids"))
            }
            ("GenuineIntel", 6) if self.has("avx512_fp16") => {
                Some(("Sapphire Rapids class", "sapphire-rapids"))
            }
            ("GenuineIntel", 6) if self.has("avx512_vbmi2") => Some(("Ice Lake class", "ice-lake")),
            ("GenuineIntel", 6) if self.has("avx512f") => Some(("Skylake-SP class", "skylake-sp")),
            _ => None,
        }
    }

    /// The file name's machine part: the vendor and the product line and
    /// the microarchitecture (`amd-epyc-zen4`), or the model name made
    /// into a word when the microarchitecture is not known.
    pub fn slug(&self) -> String {
        let name = self.field("model name").unwrap_or("unknown CPU");
        let words: Vec<String> = name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(str::to_ascii_lowercase)
            .filter(|w| !matches!(w.as_str(), "" | "r" | "tm" | "processor" | "cpu"))
            .collect();
        let slug = match self.microarchitecture() {
            Some((_, arch)) => {
                let lines = ["epyc", "ryzen", "threadripper", "xeon", "core"];
                let mut parts: Vec<&str> = words
                    .iter()
                    .map(String::as_str)
                    .filter(|w| matches!(*w, "amd" | "intel") || lines.contains(w))
                    .take(2)
                    .collect();
                parts.push(arch);
                parts.join("-")
            }
            None => words.join("-"),
        };
        if slug.is_empty() {
            std::env::consts::ARCH.replace('_', "-")
        } else {
            slug
        }
    }
}

/// The CPU's name and family as /proc/cpuinfo gives them (its first
/// processor), whichever of these fields it has.
pub fn cpu_model() -> String {
    Cpu::read().model()
}
