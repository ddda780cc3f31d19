//! utf8lit where users' data lives, beside `core::str::from_utf8`,
//! `simdutf8` and `String::from_utf8_lossy`, in one process:
//!
//! - `memory`: 256 MiB buffers (far larger than any cache), ASCII and
//!   non-ASCII text, with the read limit of the machine measured in the same
//!   run (an OR-reduction over the buffer with the widest loads);
//! - `early`: ASCII text with a Latin-1 `é` at bytes 3 to 30, from 16 B to
//!   64 KiB (the common "is this UTF-8 at all?" case);
//! - `small`: 16–63-byte non-ASCII inputs;
//! - `lossy`: `Utf8String::from_bytes_lossy` against `from_utf8_lossy`, by
//!   error density (none to ISO-8859-1 text);
//! - `files [DIR]`: every regular file under `DIR` (default `/usr/share`),
//!   loaded into memory, valid and invalid files apart, by size bucket;
//! - `cold`: inputs not in cache (a working set of four times the
//!   last-level cache, visited shuffled), valid and invalid, by size
//!   bucket: what the first bytes of a file cost when they come from
//!   memory, where `files` and `early` find them in cache.
//!
//! A plain benchmark binary, not criterion: 256 MiB inputs and a directory
//! of tens of thousands of files would take criterion hours. Before
//! timing, every input must get the same verdict and position from every
//! implementation ([`agree`]).
//!
//! `cargo bench -p utf8lit-bench --bench real_data -- [MODE…] [--quick]
//! [--save]` (no mode: all of them). Each figure is the best of several
//! timed rounds of many calls; ratios are utf8lit's speed over the peer's
//! (>1: faster). `--quick` (CI's smoke test) uses tiny sizes and one round:
//! it checks that every mode runs and that all implementations agree, and
//! measures nothing. `--save` (or `UTF8LIT_RESULTS=DIR`) also writes every
//! figure of the tables (not the ratios, which follow from them) to a
//! results file, `bench/results/real_data/` (`results/mod.rs`), one row a
//! cell: `mode,case,contender,metric,value`.

#![allow(
    clippy::cast_precision_loss,
    reason = "figures for people: f64 is plenty"
)]

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

struct Settings {
    quick: bool,
}

impl Settings {
    fn rounds(&self) -> usize {
        if self.quick {
            1
        } else {
            15
        }
    }

    fn round_time(&self) -> Duration {
        if self.quick {
            Duration::from_millis(1)
        } else {
            Duration::from_millis(40)
        }
    }
}

mod results;
mod timing;

use results::Results;

/// Seconds per call of each of `fs`: [`timing::race`] with this run's
/// rounds and round time.
fn race<const N: usize>(s: &Settings, mut fs: [&mut dyn FnMut(); N]) -> [f64; N] {
    let times = timing::race(s.rounds(), s.round_time(), &mut fs);
    std::array::from_fn(|i| times[i])
}

/// A contender in [`race_set`]: a validator's verdict on one input.
type Verdict<'a> = &'a dyn Fn(&[u8]) -> bool;

/// Seconds for one pass over every input in `set`, for each of `fs`,
/// raced (see [`race`]).
fn race_set<T: AsRef<[u8]>, const N: usize>(
    s: &Settings,
    set: &[T],
    fs: [Verdict<'_>; N],
) -> [f64; N] {
    let mut passes = fs.map(|f| {
        move || {
            for input in set {
                black_box(f(black_box(input.as_ref())));
            }
        }
    });
    race(s, passes.each_mut().map(|p| p as &mut dyn FnMut()))
}

mod files;
mod rng;

use files::{ascii_text, cold_working_set, file_text, llc_bytes, random_bytes};
use rng::Rng;

/// 28 ASCII texts of `size` bytes, with a Latin-1 'é' (E9) at each offset
/// 3..=30 (clamped to fit).
fn early_inputs(rng: &mut Rng, size: usize) -> Vec<Vec<u8>> {
    (3..=30)
        .map(|at| {
            let mut text = ascii_text(rng, size);
            text[at.min(size - 1)] = 0xE9;
            text
        })
        .collect()
}

/// Valid text with 1- to 4-byte characters in equal numbers, `len` bytes or
/// a little less (cut at a character boundary).
fn mixed_text(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut out = String::with_capacity(len + 4);
    while out.len() < len {
        let c = match rng.below(4) {
            0 => char::from(b'a' + rng.below(26) as u8),
            1 => char::from_u32(0x400 + rng.below(0x100) as u32).unwrap_or('ж'),
            2 => char::from_u32(0x4E00 + rng.below(0x5000) as u32).unwrap_or('字'),
            _ => char::from_u32(0x1F300 + rng.below(0x300) as u32).unwrap_or('😀'),
        };
        out.push(c);
    }
    let mut end = len.min(out.len());
    while !out.is_char_boundary(end) {
        end -= 1;
    }
    out.truncate(end);
    out.into_bytes()
}

/// ISO-8859-1 encoding of `text` (every char must be below U+0100).
fn latin1(text: &str) -> Vec<u8> {
    text.chars().map(|c| c as u32 as u8).collect()
}

fn gbs(bytes: usize, seconds: f64) -> f64 {
    bytes as f64 / seconds / 1e9
}

/// [`gbs`] for a results file: more digits than the tables show.
fn gbs3(bytes: usize, seconds: f64) -> String {
    format!("{:.3}", gbs(bytes, seconds))
}

fn ratio(ours: f64, theirs: f64) -> String {
    // Times: a larger peer time is a faster utf8lit.
    let r = theirs / ours;
    if r < 1.0 {
        format!("**{r:.2}×**")
    } else {
        format!("{r:.2}×")
    }
}

/// utf8lit, std and simdutf8 must agree on `input`, or the figures mean
/// nothing.
fn agree(input: &[u8]) {
    let ours = utf8lit::validate(input);
    let std = core::str::from_utf8(input);
    assert_eq!(ours.is_ok(), std.is_ok());
    if let (Err(a), Err(b)) = (ours, std) {
        assert_eq!(a.valid_up_to(), b.valid_up_to());
    }
    assert_eq!(simdutf8::basic::from_utf8(input).is_ok(), std.is_ok());
}

/// The machine's read limit: an OR over every byte, with the widest loads
/// this CPU has (AVX2, four 32-byte loads a step, when it has them), so
/// the figure is what reading the buffer costs and nothing else.
fn read_all(bytes: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { read_all_avx2(bytes) };
    }
    read_all_words(bytes)
}

/// `read_all` with plain 64-bit words.
fn read_all_words(bytes: &[u8]) -> u64 {
    let (words, rest) = bytes.as_chunks::<8>();
    let mut out = words.iter().fold(0, |acc, w| acc | u64::from_ne_bytes(*w));
    for &b in rest {
        out |= u64::from(b);
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(
    clippy::cast_ptr_alignment,
    reason = "unaligned loads and stores (`loadu`, `storeu`)"
)]
fn read_all_avx2(bytes: &[u8]) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_loadu_si256, _mm256_or_si256, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let (blocks, rest) = bytes.as_chunks::<128>();
    let mut acc = [_mm256_setzero_si256(); 4];
    for block in blocks {
        for (i, a) in acc.iter_mut().enumerate() {
            // SAFETY: `block` is 128 bytes, so bytes `32 * i .. 32 * i + 32`
            // (i < 4) are inside it; `loadu` takes any alignment.
            let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(32 * i).cast::<__m256i>()) };
            *a = _mm256_or_si256(*a, v);
        }
    }
    let all = _mm256_or_si256(
        _mm256_or_si256(acc[0], acc[1]),
        _mm256_or_si256(acc[2], acc[3]),
    );
    let mut lanes = [0u8; 32];
    // SAFETY: `lanes` is 32 writable bytes; `storeu` takes any alignment.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), all) };
    read_all_words(&lanes) | read_all_words(rest)
}

fn memory(s: &Settings, rec: &mut Results) {
    let len = if s.quick { MIB } else { 256 * MIB };
    let mut rng = Rng(0x6D65_6D6F_7279);
    println!(
        "\n## From memory: {} MiB buffers (GB/s, best of {} rounds)\n",
        len / MIB,
        s.rounds()
    );
    println!("| text | read limit | std | simdutf8 basic | simdutf8 compat | utf8lit | /simdutf8 basic | /read limit |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, text) in [
        ("ASCII", ascii_text(&mut rng, len)),
        ("non-ASCII (1–4-byte mix)", mixed_text(&mut rng, len)),
    ] {
        agree(&text);
        let [read, std, basic, compat, ours] = race(
            s,
            [
                &mut || {
                    black_box(read_all(black_box(&text)));
                },
                &mut || {
                    let _ = black_box(core::str::from_utf8(black_box(&text)));
                },
                &mut || {
                    let _ = black_box(simdutf8::basic::from_utf8(black_box(&text)));
                },
                &mut || {
                    let _ = black_box(simdutf8::compat::from_utf8(black_box(&text)));
                },
                &mut || {
                    let _ = black_box(utf8lit::validate(black_box(&text)));
                },
            ],
        );
        let n = text.len();
        for (contender, t) in [
            ("read-limit", read),
            ("std", std),
            ("simdutf8-basic", basic),
            ("simdutf8-compat", compat),
            ("utf8lit", ours),
        ] {
            rec.row(&[&"memory", &name, &contender, &"gb_per_s", &gbs3(n, t)]);
        }
        println!(
            "| {name} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {} | {:.2} |",
            gbs(n, read),
            gbs(n, std),
            gbs(n, basic),
            gbs(n, compat),
            gbs(n, ours),
            ratio(ours, basic),
            read / ours
        );
    }
}

fn early(s: &Settings, rec: &mut Results) {
    let sizes: &[usize] = if s.quick {
        &[16, 64]
    } else {
        &[16, 64, 256, 4 * KIB, 64 * KIB]
    };
    let mut rng = Rng(0x0065_6172_6C79);
    println!(
        "\n## An error in the first bytes: ASCII with a Latin-1 'é' at byte 3–30 (ns per call)\n"
    );
    println!("| size | std | simdutf8 compat | utf8lit | / faster of std and compat |");
    println!("|---|---:|---:|---:|---:|");
    for &size in sizes {
        let inputs = early_inputs(&mut rng, size);
        for input in &inputs {
            agree(input);
        }
        let per = |t: f64| t / inputs.len() as f64 * 1e9;
        let [std, compat, ours] = race_set(
            s,
            &inputs,
            [
                &|b| core::str::from_utf8(b).is_ok(),
                &|b| simdutf8::compat::from_utf8(b).is_ok(),
                &|b| utf8lit::validate(b).is_ok(),
            ],
        );
        for (contender, t) in [("std", std), ("simdutf8-compat", compat), ("utf8lit", ours)] {
            let case = format!("{size} B");
            let ns = format!("{:.2}", per(t));
            rec.row(&[&"early", &case, &contender, &"ns_per_call", &ns]);
        }
        println!(
            "| {size} B | {:.1} | {:.1} | {:.1} | {} |",
            per(std),
            per(compat),
            per(ours),
            ratio(ours, std.min(compat))
        );
    }
}

fn small(s: &Settings, rec: &mut Results) {
    let mut rng = Rng(0x0073_6D61_6C6C);
    let inputs: Vec<Vec<u8>> = (0..256)
        .map(|_| {
            let len = 16 + rng.below(48);
            mixed_text(&mut rng, len)
        })
        .filter(|t| t.len() >= 16)
        .collect();
    for input in &inputs {
        agree(input);
    }
    let bytes: usize = inputs.iter().map(Vec::len).sum();
    println!(
        "\n## 16–63-byte non-ASCII inputs ({} inputs, GB/s)\n",
        inputs.len()
    );
    println!("| std | simdutf8 basic | utf8lit | / faster of std and simdutf8 |");
    println!("|---:|---:|---:|---:|");
    let [std, basic, ours] = race_set(
        s,
        &inputs,
        [
            &|b| core::str::from_utf8(b).is_ok(),
            &|b| simdutf8::basic::from_utf8(b).is_ok(),
            &|b| utf8lit::validate(b).is_ok(),
        ],
    );
    let case = format!("16–63 B non-ASCII, {} inputs", inputs.len());
    for (contender, t) in [("std", std), ("simdutf8-basic", basic), ("utf8lit", ours)] {
        rec.row(&[&"small", &case, &contender, &"gb_per_s", &gbs3(bytes, t)]);
    }
    println!(
        "| {:.2} | {:.2} | {:.2} | {} |",
        gbs(bytes, std),
        gbs(bytes, basic),
        gbs(bytes, ours),
        ratio(ours, std.min(basic))
    );
}

fn lossy(s: &Settings, rec: &mut Results) {
    let len = if s.quick { KIB } else { 4 * KIB };
    let mut rng = Rng(0x006C_6F73_7379);
    println!(
        "\n## Lossy decoding, {} KiB, by error density (GB/s)\n",
        len / KIB
    );
    println!("| input | errors | from_utf8_lossy | utf8lit | ratio |");
    println!("|---|---:|---:|---:|---:|");
    let french = "Les élèves préférés du maître étaient à l'école très tôt; où êtes-vous? ";
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    cases.push(("valid ASCII".into(), ascii_text(&mut rng, len)));
    for every in [4096, 256, 16] {
        let mut text = ascii_text(&mut rng, len);
        let mut at = every / 2;
        while at < text.len() {
            text[at] = 0xE9;
            at += every;
        }
        cases.push((format!("one bad byte per {every} B"), text));
    }
    let mut text = latin1(&french.repeat(len / french.len() + 1));
    text.truncate(len);
    cases.push(("ISO-8859-1 French text".into(), text));
    let mut text = Vec::new();
    while text.len() < len {
        text.push(0x80 + rng.below(0x80) as u8);
    }
    cases.push(("random high bytes".into(), text));
    for (name, input) in &cases {
        let want = String::from_utf8_lossy(input);
        let got = utf8lit::Utf8String::from_bytes_lossy(input);
        assert_eq!(got.as_str(), &*want, "{name}: outputs differ");
        let errors = want.matches('\u{FFFD}').count();
        let [std, ours] = race(
            s,
            [
                &mut || {
                    black_box(String::from_utf8_lossy(black_box(input)));
                },
                &mut || {
                    black_box(utf8lit::Utf8String::from_bytes_lossy(black_box(input)));
                },
            ],
        );
        let case = format!("{name}, {} KiB", len / KIB);
        rec.row(&[&"lossy", &case, &"input", &"replacements", &errors]);
        for (contender, t) in [("std-from_utf8_lossy", std), ("utf8lit", ours)] {
            rec.row(&[
                &"lossy",
                &case,
                &contender,
                &"gb_per_s",
                &gbs3(input.len(), t),
            ]);
        }
        println!(
            "| {name} | {errors} | {:.2} | {:.2} | {} |",
            gbs(input.len(), std),
            gbs(input.len(), ours),
            ratio(ours, std)
        );
    }
}

fn files(s: &Settings, dir: &Path, rec: &mut Results) {
    let budget = if s.quick { 4 * MIB } else { 1024 * MIB };
    let files = files::load_files(dir, budget);
    let buckets: [(&str, usize, usize); 4] = [
        ("< 64 B", 0, 64),
        ("64 B – 4 KiB", 64, 4 * KIB),
        ("4 – 64 KiB", 4 * KIB, 64 * KIB),
        ("≥ 64 KiB", 64 * KIB, usize::MAX),
    ];
    println!(
        "\n## The files under {} ({} files, {:.0} MiB, in memory; GB/s)\n",
        dir.display(),
        files.len(),
        files.iter().map(Vec::len).sum::<usize>() as f64 / MIB as f64
    );
    rec.note(
        "files",
        format!(
            "{}: {} files, {} bytes",
            dir.display(),
            files.len(),
            files.iter().map(Vec::len).sum::<usize>()
        ),
    );
    println!("| files | size | count | std | simdutf8 basic | simdutf8 compat | utf8lit | /simdutf8 basic | /faster of std and compat |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for valid in [true, false] {
        for &(name, lo, hi) in &buckets {
            let set: Vec<&[u8]> = files
                .iter()
                .filter(|f| (lo..hi).contains(&f.len()))
                .filter(|f| core::str::from_utf8(f).is_ok() == valid)
                .map(Vec::as_slice)
                .collect();
            if set.is_empty() {
                continue;
            }
            for file in &set {
                agree(file);
            }
            let bytes: usize = set.iter().map(|f| f.len()).sum();
            let [std, basic, compat, ours] = race_set(
                s,
                &set,
                [
                    &|b| core::str::from_utf8(b).is_ok(),
                    &|b| simdutf8::basic::from_utf8(b).is_ok(),
                    &|b| simdutf8::compat::from_utf8(b).is_ok(),
                    &|b| utf8lit::validate(b).is_ok(),
                ],
            );
            let case = format!("{} {name}", if valid { "valid" } else { "invalid" });
            rec.row(&[&"files", &case, &"input", &"files", &set.len()]);
            for (contender, t) in [
                ("std", std),
                ("simdutf8-basic", basic),
                ("simdutf8-compat", compat),
                ("utf8lit", ours),
            ] {
                rec.row(&[&"files", &case, &contender, &"gb_per_s", &gbs3(bytes, t)]);
            }
            println!(
                "| {} | {name} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {} |",
                if valid { "valid" } else { "invalid" },
                set.len(),
                gbs(bytes, std),
                gbs(bytes, basic),
                gbs(bytes, compat),
                gbs(bytes, ours),
                ratio(ours, basic),
                ratio(ours, std.min(compat))
            );
        }
    }
}

/// One cold case: inputs as `(start, len)` into `arena`, in the order
/// they are visited.
struct ColdSet<'a> {
    arena: &'a [u8],
    inputs: Vec<(u32, u32)>,
}

impl ColdSet<'_> {
    fn input(&self, i: usize) -> &[u8] {
        let (start, len) = self.inputs[i];
        &self.arena[start as usize..][..len as usize]
    }
}

/// Inputs of `lo..hi` bytes (log-uniform; `hi / lo` a power of two) at 16-byte boundaries of `arena`
/// (as the allocator places them), drawn until the bytes a validator must
/// read to answer (a cache line at least, an input's whole length when
/// valid, up to its first error when not) add up to `touch` bytes, at most
/// `most` inputs; `keep` says whether an input will do, and how many bytes
/// it needs read. Shuffled: each input is where the one before it is not.
fn cold_inputs<'a>(
    rng: &mut Rng,
    arena: &'a [u8],
    (lo, hi): (usize, usize),
    touch: usize,
    most: usize,
    keep: impl Fn(&[u8]) -> Option<usize>,
) -> ColdSet<'a> {
    let mut inputs = Vec::new();
    let mut touched = 0;
    let doublings = (hi / lo).trailing_zeros() as usize;
    while touched < touch && inputs.len() < most {
        // Log-uniform: a doubling of the bucket, then a size in it.
        let from = lo << rng.below(doublings);
        let len = from + rng.below(from);
        let start = rng.below((arena.len() - len) / 16) * 16;
        if let Some(read) = keep(&arena[start..start + len]) {
            touched += read.max(64);
            inputs.push((start as u32, len as u32));
        }
    }
    ColdSet { arena, inputs }
}

/// Inputs not in cache: every input is where no recent one was, each in a
/// working set of four times the last-level cache, visited in a shuffled
/// order that the prefetchers cannot follow. Valid text; binary data, the
/// first error at byte 0–3; text with an error in its middle. By size
/// bucket, ns per call; for invalid inputs that is the time to the first
/// error.
fn cold(s: &Settings, rec: &mut Results) {
    let llc = llc_bytes();
    let work = if s.quick { 2 * MIB } else { cold_working_set() };
    let most = if s.quick { 2000 } else { 2_000_000 };
    let rounds = if s.quick { 1 } else { 7 };
    let mut rng = Rng(0x636F_6C64);
    let text = file_text(&mut rng, work);
    let binary = random_bytes(&mut rng, work);
    let buckets: [(&str, usize, usize); 4] = [
        ("< 64 B", 16, 64),
        ("64 B – 4 KiB", 64, 4 * KIB),
        ("4 – 64 KiB", 4 * KIB, 64 * KIB),
        ("≥ 64 KiB", 64 * KIB, MIB),
    ];
    rec.note(
        "cold",
        format!(
            "last-level cache {} KiB; working set {} MiB a case, inputs at 16-byte boundaries, visited shuffled, one pass a round, best of {rounds} rounds",
            llc / KIB,
            work / MIB
        ),
    );
    println!(
        "\n## Not in cache: a working set of {} MiB a case (the last-level cache: {} KiB), inputs visited shuffled (ns per call, best of {rounds} passes)\n",
        work / MIB,
        llc / KIB
    );
    let valid_up_to = |b: &[u8]| core::str::from_utf8(b).err().map(|e| e.valid_up_to());
    for kind in ["valid", "error at byte 0–3", "error mid-file"] {
        for &(name, lo, hi) in &buckets {
            // For an error mid-file: the text with a Latin-1 'é' every
            // `hi` bytes, an input kept when its first one is in its
            // middle half.
            let planted = (kind == "error mid-file").then(|| {
                let mut planted = text.clone();
                let mut at = hi / 2;
                while at < planted.len() {
                    if planted[at] < 0x80 {
                        planted[at] = 0xE9;
                    }
                    at += hi;
                }
                planted
            });
            let set = match (kind, &planted) {
                (_, Some(planted)) => cold_inputs(&mut rng, planted, (lo, hi), work, most, |b| {
                    valid_up_to(b).filter(|&at| (b.len() / 4..b.len() * 3 / 4).contains(&at))
                }),
                ("valid", _) => cold_inputs(&mut rng, &text, (lo, hi), work, most, |b| {
                    core::str::from_utf8(b).is_ok().then_some(b.len())
                }),
                _ => cold_inputs(&mut rng, &binary, (lo, hi), work, most, |b| {
                    valid_up_to(b).filter(|&at| at < 4).map(|_| 64)
                }),
            };
            for i in 0..set.inputs.len() {
                let input = set.input(i);
                if kind == "valid" {
                    agree(input);
                } else {
                    // Not simdutf8's `basic` (`agree`), which would read
                    // every byte of every invalid input.
                    let ours = utf8lit::validate(input).err().map(|e| e.valid_up_to());
                    assert_eq!(ours, valid_up_to(input));
                }
            }
            cold_race(rounds, kind, name, name == buckets[0].0, &set, rec);
        }
    }
}

/// Times one case of [`cold`]: a pass over `set` a round for each
/// contender, and prints its row (after the table's head, when `first`).
fn cold_race(
    rounds: usize,
    kind: &str,
    name: &str,
    first: bool,
    set: &ColdSet<'_>,
    rec: &mut Results,
) {
    let calls = set.inputs.len();
    let pass = |f: &dyn Fn(&[u8]) -> bool| {
        for i in 0..calls {
            black_box(f(black_box(set.input(i))));
        }
    };
    // Invalid inputs: only the peers that stop at the first error
    // (simdutf8's `basic` and simdutf's `validate_utf8` read on to
    // the end, which says nothing of the first error).
    let valid = kind == "valid";
    let mut std = || pass(&|b| core::str::from_utf8(b).is_ok());
    let mut basic = || pass(&|b| simdutf8::basic::from_utf8(b).is_ok());
    let mut compat = || pass(&|b| simdutf8::compat::from_utf8(b).is_ok());
    #[cfg(target_arch = "x86_64")]
    let mut simdutf = || pass(&|b| simdutf::validate_utf8(b));
    #[cfg(target_arch = "x86_64")]
    let mut simdutf_errors = || {
        pass(&|b| simdutf::validate_utf8_with_errors(b).error == simdutf::ErrorCode::Success);
    };
    let mut ours = || pass(&|b| utf8lit::validate(b).is_ok());
    let mut fs: Vec<(&str, &mut dyn FnMut())> = vec![("std", &mut std)];
    if valid {
        fs.push(("simdutf8-basic", &mut basic));
    }
    fs.push(("simdutf8-compat", &mut compat));
    #[cfg(target_arch = "x86_64")]
    if valid {
        fs.push(("simdutf", &mut simdutf));
    } else {
        fs.push(("simdutf-with-errors", &mut simdutf_errors));
    }
    fs.push(("utf8lit", &mut ours));
    let (names, mut fs): (Vec<&str>, Vec<&mut dyn FnMut()>) = fs.into_iter().unzip();
    if first {
        println!(
            "\n| {kind} | count | {} | / best peer | {} |",
            names.join(" | "),
            if valid {
                "/ simdutf8 basic"
            } else {
                "/ faster of std and compat"
            }
        );
        println!("|---|---:|{}---:|---:|", "---:|".repeat(names.len()));
    }
    let ns: Vec<f64> = timing::race_calls(rounds, &vec![1; fs.len()], &mut fs)
        .into_iter()
        .map(|t| t / calls as f64 * 1e9)
        .collect();
    let case = format!("{kind} {name}");
    rec.row(&[&"cold", &case, &"input", &"inputs", &calls]);
    let mut row = format!("| {name} | {calls} |");
    for (contender, t) in names.iter().zip(&ns) {
        rec.row(&[
            &"cold",
            &case,
            contender,
            &"ns_per_call",
            &format!("{t:.2}"),
        ]);
        let _ = write!(row, " {t:.1} |");
    }
    let ours = ns[ns.len() - 1];
    let best = ns[..ns.len() - 1]
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let against = if valid { ns[1] } else { ns[0].min(ns[1]) };
    println!("{row} {} | {} |", ratio(ours, best), ratio(ours, against));
}

/// Where the time of an early error goes: each kernel alone (the reference
/// decoder's error construction included), on the `early` inputs.
fn parts(s: &Settings, rec: &mut Results) {
    use utf8lit::__private::Kernel;
    let mut rng = Rng(0x0070_6172_7473);
    println!("\n## Early error, by kernel (ns per call)\n");
    println!(
        "| size | valid ASCII, utf8lit | std | {} |",
        Kernel::ALL.map(Kernel::name).join(" | ")
    );
    println!("|---|---:|---:|{}", "---:|".repeat(Kernel::ALL.len()));
    for size in [16, 64, 256] {
        let inputs = early_inputs(&mut rng, size);
        let valid: Vec<Vec<u8>> = (0..28).map(|_| ascii_text(&mut rng, size)).collect();
        let per = |t: f64| t / inputs.len() as f64 * 1e9;
        let ok = race_set(s, &valid, [&|b| utf8lit::validate(b).is_ok()])[0];
        let std = race_set(s, &inputs, [&|b| core::str::from_utf8(b).is_ok()])[0];
        let case = format!("{size} B");
        let mut row = format!("| {size} B | {:.1} | {:.1} |", per(ok), per(std));
        for (contender, t) in [("utf8lit-valid-ascii", ok), ("std", std)] {
            let ns = format!("{:.2}", per(t));
            rec.row(&[&"parts", &case, &contender, &"ns_per_call", &ns]);
        }
        for kernel in Kernel::ALL {
            if !kernel.is_available() {
                row.push_str(" – |");
                continue;
            }
            let t = race_set(
                s,
                &inputs,
                [&|b| kernel.validate(b).is_some_and(|r| r.is_ok())],
            )[0];
            let _ = write!(row, " {:.1} |", per(t));
            let contender = format!("utf8lit-{}", kernel.name());
            let ns = format!("{:.2}", per(t));
            rec.row(&[&"parts", &case, &contender, &"ns_per_call", &ns]);
        }
        println!("{row}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = Settings {
        quick: args.iter().any(|a| a == "--quick" || a == "--test"),
    };
    let save = args.iter().any(|a| a == "--save");
    let destination = results::destination(save, settings.quick).unwrap_or_else(|problem| {
        eprintln!("real_data: {problem}");
        std::process::exit(2)
    });
    let mut rec = Results::new("real_data", "mode,case,contender,metric,value");
    rec.note(
        "method",
        format!(
            "best of {} rounds of about {} ms per contender, interleaved",
            settings.rounds(),
            settings.round_time().as_millis()
        ),
    );
    // `cargo bench` passes `--bench`; anything else that is not a flag is a
    // mode (and, after `files`, its directory).
    let words: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let all = words.is_empty();
    let wants = |mode: &str| all || words.contains(&mode);
    println!(
        "utf8lit real-data benchmarks; kernel: {}{}",
        utf8lit::__private::Kernel::selected().name(),
        if settings.quick {
            " (quick: nothing measured)"
        } else {
            ""
        }
    );
    if wants("memory") {
        memory(&settings, &mut rec);
    }
    if wants("early") {
        early(&settings, &mut rec);
    }
    if words.contains(&"parts") {
        parts(&settings, &mut rec);
    }
    if wants("small") {
        small(&settings, &mut rec);
    }
    if wants("lossy") {
        lossy(&settings, &mut rec);
    }
    if wants("cold") {
        cold(&settings, &mut rec);
    }
    if wants("files") {
        let dir = words
            .iter()
            .position(|w| *w == "files")
            .and_then(|i| words.get(i + 1))
            .map_or_else(|| PathBuf::from("/usr/share"), PathBuf::from);
        files(&settings, &dir, &mut rec);
    }
    if destination.is_some() {
        let header = results::Header::new("real_data", settings.quick);
        rec.save_to(&header, destination.as_deref());
    }
}
