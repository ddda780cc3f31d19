// The body of `scripts/ab`'s binary (see there): `old` and `new` are the
// runtime at a revision and in the work tree; `corpora` and `rng`
// are the sweep's modules, included by the generated main.rs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rng::Rng;

struct Settings {
    early: bool,
    /// `text`: pieces of text like files', by size bucket, from a working
    /// set of `work` bytes (`--work`; by default four times the last-level
    /// cache, so that they are not in cache).
    text: bool,
    /// `binary`: as `text`, pieces of random bytes whose first error is
    /// at byte 0-3 (a binary file's), from 16 bytes on.
    binary: bool,
    /// `latin1` (with `text`): pieces of that text with a Latin-1 `é`
    /// planted in it, whose first error is in their middle half (Latin-1
    /// text read as UTF-8), from 16 bytes on.
    latin1: bool,
    work: Option<usize>,
    /// `files DIR`: the files under DIR instead of the sweep's inputs.
    files: Option<std::path::PathBuf>,
    /// `--hot` (with `files`): each valid file of 4 KiB or more timed
    /// alone, over and over, so in cache: what the kernels do with each
    /// file's mix of text, without the memory's noise.
    hot: bool,
    /// `--each` (with `--hot`): each file's ratio too, on stderr.
    each: bool,
    sizes: Vec<usize>,
    corpora: Vec<String>,
    rounds: usize,
}

fn settings() -> Settings {
    let mut s = Settings {
        early: false,
        text: false,
        binary: false,
        latin1: false,
        work: None,
        files: None,
        hot: false,
        each: false,
        sizes: (64..=256).collect(),
        corpora: ["latin", "cjk", "mixed"].map(String::from).to_vec(),
        rounds: 60,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} wants a value"));
        match arg.as_str() {
            "early" => s.early = true,
            "valid" => s.early = false,
            "files" => s.files = Some(value().into()),
            "text" => s.text = true,
            "binary" => s.binary = true,
            "latin1" => s.latin1 = true,
            "--hot" => s.hot = true,
            "--each" => s.each = true,
            "--work" => s.work = Some(bytes(&value())),
            "--rounds" => s.rounds = value().parse().expect("--rounds N"),
            "--corpus" => s.corpora = value().split(',').map(String::from).collect(),
            "--size" => {
                let v = value();
                let (lo, hi) = v.split_once('-').unwrap_or((&v, &v));
                let (lo, hi): (usize, usize) =
                    (lo.parse().expect("size"), hi.parse().expect("size"));
                let step = |n: usize| {
                    if n < 128 {
                        1
                    } else if n < 1024 {
                        8
                    } else {
                        n / 16
                    }
                };
                s.sizes.clear();
                let mut n = lo;
                while n <= hi {
                    s.sizes.push(n);
                    n += step(n);
                }
            }
            _ => panic!("unknown argument {arg}"),
        }
    }
    if s.early {
        s.corpora = vec!["early-ascii".into()];
    }
    s
}

/// `N`, `NK` or `NM` bytes.
fn bytes(v: &str) -> usize {
    let (digits, scale) = match v.strip_suffix(['K', 'k']) {
        Some(d) => (d, 1 << 10),
        None => v.strip_suffix(['M', 'm']).map_or((v, 1), |d| (d, 1 << 20)),
    };
    digits.parse::<usize>().expect("a size: N, NK or NM") * scale
}

/// As the sweep's `pass`: never inlined, each call an indirect one, the
/// verdicts summed (a loop of its own per side moved the times by more
/// than the changes this harness is for).
#[inline(never)]
fn pass<S: AsRef<[u8]>>(f: fn(&[u8]) -> bool, set: &[S]) -> usize {
    let mut digest = 0usize;
    for input in set {
        digest = digest.wrapping_add(usize::from(f(input.as_ref())));
    }
    digest
}

fn wanted() -> Option<String> {
    std::env::var("UTF8LIT_AB_KERNEL").ok()
}

/// `$name`, the verdict of `$krate` (`old` or `new`): the kernel that
/// `UTF8LIT_AB_KERNEL` names (as `Kernel::name` does) forced, else
/// `validate` as users call it. A macro: the two sides are two crates.
macro_rules! side {
    ($name:ident, $krate:ident) => {
        fn $name(b: &[u8]) -> bool {
            static FORCED: std::sync::OnceLock<Option<$krate::__private::Validator>> =
                std::sync::OnceLock::new();
            let forced = FORCED.get_or_init(|| {
                let name = wanted()?;
                let k = $krate::__private::Kernel::ALL
                    .into_iter()
                    .find(|k| k.name() == name);
                Some(
                    k.and_then(|k| k.validator())
                        .expect("no such kernel on this CPU"),
                )
            });
            match forced {
                Some(v) => v.validate(b).is_ok(),
                None => $krate::validate(b).is_ok(),
            }
        }
    };
}
side!(old_ok, old);
side!(new_ok, new);

fn std_ok(b: &[u8]) -> bool {
    core::str::from_utf8(b).is_ok()
}

/// Per round, each side's seconds per pass, the sides' order turning round
/// by round (two sides alternate; three take each place in turn).
fn race<const N: usize, S: AsRef<[u8]>>(
    rounds: usize,
    set: &[S],
    sides: [fn(&[u8]) -> bool; N],
) -> [Vec<f64>; N] {
    let mut calls = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..calls {
            black_box(pass(black_box(sides[0]), set));
        }
        if start.elapsed() >= Duration::from_millis(2) {
            break;
        }
        calls *= 2;
    }
    let mut times = std::array::from_fn(|_| Vec::with_capacity(rounds));
    for round in 0..rounds {
        for k in 0..N {
            let i = (round + k) % N;
            let start = Instant::now();
            for _ in 0..calls {
                black_box(pass(black_box(sides[i]), set));
            }
            times[i].push(start.elapsed().as_secs_f64() / calls as f64);
        }
    }
    times
}

/// `files DIR`: old, new and std on the files under `dir`, valid and
/// invalid, by `real_data`'s size buckets; ns per file.
fn files(s: &Settings, dir: &std::path::Path) {
    let all = files::load_files(dir, usize::MAX);
    println!("files,bucket,count,old_ns,new_ns,std_ns,new_per_old,new_per_std");
    for valid in [true, false] {
        for (name, lo, hi) in [
            ("<64", 0, 64),
            ("64-4K", 64, 4096),
            ("4K-64K", 4096, 65536),
            (">=64K", 65536, usize::MAX),
        ] {
            let set: Vec<Vec<u8>> = all
                .iter()
                .filter(|f| (lo..hi).contains(&f.len()) && std_ok(f) == valid)
                .cloned()
                .collect();
            if set.is_empty() {
                continue;
            }
            for f in &set {
                assert_eq!(old_ok(f), valid);
                assert_eq!(new_ok(f), valid);
            }
            let times = race(s.rounds, &set, [old_ok, new_ok, std_ok]);
            print_row(
                if valid { "valid" } else { "invalid" },
                name,
                set.len(),
                &times,
            );
        }
    }
}

/// `files DIR --hot`: old and new on each valid file under `dir` of 4 KiB
/// or more alone, in cache, grouped by the share of its bytes that are not
/// ASCII; per group the ratio of the summed times (the per-file medians),
/// the geometric mean of the per-file ratios and the worst file's.
fn hot_files(s: &Settings, dir: &std::path::Path) {
    let all = files::load_files(dir, usize::MAX);
    let groups: [(&str, f64, f64); 4] = [
        ("ASCII", 0.0, 0.0),
        ("<1%", 1e-9, 0.01),
        ("1-10%", 0.01, 0.1),
        (">=10%", 0.1, 1.0),
    ];
    // Each valid file of 4 KiB or more with its share of bytes not
    // ASCII, worked out once.
    let valid: Vec<(&Vec<u8>, f64)> = all
        .iter()
        .filter(|f| f.len() >= 4096 && std_ok(f))
        .map(|f| {
            let share = f.iter().filter(|&&b| b >= 0x80).count() as f64 / f.len() as f64;
            (f, share)
        })
        .collect();
    println!("hot,share_not_ascii,count,old_ns,new_ns,new_per_old,geomean,worst,worst_len");
    for (name, lo, hi) in groups {
        let set: Vec<&Vec<u8>> = valid
            .iter()
            .filter(|(_, share)| (lo..=hi).contains(share))
            .map(|&(f, _)| f)
            .collect();
        if set.is_empty() {
            continue;
        }
        let (mut old_sum, mut new_sum, mut logs) = (0.0, 0.0, 0.0);
        let mut worst = (f64::INFINITY, 0);
        for f in &set {
            assert!(old_ok(f) && new_ok(f), "a side disagrees with std");
            let [old, new] = race(s.rounds, &[f.as_slice()], [old_ok, new_ok]);
            let ratio = median(old.iter().zip(&new).map(|(o, n)| o / n).collect());
            if s.each {
                eprintln!("hot file: {} B, {name}: new/old {ratio:.3}", f.len());
            }
            old_sum += median(old);
            new_sum += median(new);
            logs += ratio.ln();
            if ratio < worst.0 {
                worst = (ratio, f.len());
            }
        }
        println!(
            "hot,{name},{},{:.0},{:.0},{:.3},{:.3},{:.3},{}",
            set.len(),
            old_sum / set.len() as f64 * 1e9,
            new_sum / set.len() as f64 * 1e9,
            old_sum / new_sum,
            (logs / set.len() as f64).exp(),
            worst.0,
            worst.1
        );
    }
}

/// `text`: old, new and std on pieces of text like files' (a word in
/// about forty not ASCII, `files::file_text`) at 16-byte boundaries of a
/// working set of `work` bytes, by size bucket, each piece where no recent
/// one was: many distinct inputs, whose branches the predictor cannot learn
/// as it learns the sweep's few pieces of each size, and, with the
/// default working set, not in cache. ns per input. With `binary`, pieces
/// of random bytes whose first error is at byte 0-3 instead, from 16 B.
fn text(s: &Settings) {
    let work = s.work.unwrap_or_else(files::cold_working_set);
    let mut rng = Rng(0x7465_7874);
    let mut arena = if s.binary {
        files::random_bytes(&mut rng, work)
    } else {
        files::file_text(&mut rng, work)
    };
    if s.latin1 {
        // An `é` in Latin-1 every 1 KiB or so, over an ASCII byte.
        let mut at = rng.below(1024);
        while at < arena.len() {
            if arena[at] < 0x80 {
                arena[at] = 0xE9;
            }
            at += 512 + rng.below(1024);
        }
    }
    // The inputs each side is timed on: valid text, an error at 0-3, or
    // one in the middle half.
    let wanted = |input: &[u8]| match core::str::from_utf8(input) {
        Ok(_) => !s.binary && !s.latin1,
        Err(e) if s.latin1 => (input.len() / 4..input.len() * 3 / 4).contains(&e.valid_up_to()),
        Err(e) => s.binary && e.valid_up_to() < 4,
    };
    let kind = if s.binary {
        "error at 0-3"
    } else if s.latin1 {
        "Latin-1 error mid-input"
    } else {
        "valid"
    };
    eprintln!("text: a working set of {} KiB", work >> 10);
    println!("text,bucket,count,old_ns,new_ns,std_ns,new_per_old,new_per_std");
    let mut lo = if s.binary || s.latin1 { 16 } else { 64 };
    // (Buckets whose pieces would not fit twice in the working set are
    // left out.)
    // (With `latin1`, to 1 KiB: longer pieces seldom have their first
    // error in their middle half.)
    let top = if s.latin1 { 1 << 10 } else { 64 << 10 };
    while lo < top && 4 * lo <= arena.len() {
        let hi = 2 * lo;
        let mut set: Vec<&[u8]> = Vec::new();
        let mut covered = 0;
        while covered < work.max(16 << 20) && set.len() < 200_000 {
            let len = lo + rng.below(hi - lo);
            let start = rng.below((arena.len() - len) / 16) * 16;
            let input = &arena[start..start + len];
            if wanted(input) {
                covered += len;
                set.push(input);
            }
        }
        for input in &set {
            let want = std_ok(input);
            assert!(
                old_ok(input) == want && new_ok(input) == want,
                "a side disagrees with std"
            );
        }
        let times = race(s.rounds, &set, [old_ok, new_ok, std_ok]);
        print_row(kind, &format!("{lo}-{hi}"), set.len(), &times);
        lo = hi;
    }
}

/// One CSV row of `files` and `text`: ns per input of old, new and std
/// (the median round), and new's speed against each (the median of the
/// per-round ratios).
fn print_row(kind: &str, bucket: &str, count: usize, [old, new, std]: &[Vec<f64>; 3]) {
    let per_input = |v: &[f64]| median(v.to_vec()) / count as f64 * 1e9;
    let ratio = |a: &[f64], b: &[f64]| median(a.iter().zip(b).map(|(a, b)| a / b).collect());
    println!(
        "{kind},{bucket},{count},{:.2},{:.2},{:.2},{:.3},{:.3}",
        per_input(old),
        per_input(new),
        per_input(std),
        ratio(old, new),
        ratio(std, new)
    );
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let s = settings();
    if let Some(dir) = &s.files {
        if s.hot {
            hot_files(&s, dir);
            return;
        }
        files(&s, dir);
        return;
    }
    if s.text || s.binary {
        text(&s);
        return;
    }
    eprintln!(
        "kernel: {}",
        wanted().unwrap_or_else(|| "as validate picks it".into())
    );
    let largest = s.sizes.iter().copied().max().unwrap_or(64);
    println!("corpus,size,old_ns,new_ns,best_ratio,median_ratio");
    let mut summary = Vec::new();
    for corpus in &s.corpora {
        let name = if s.early { "ascii" } else { corpus.as_str() };
        let text = corpora::generated(name, largest + 65536).expect("a generated corpus");
        let mut ratios = Vec::new();
        for &size in &s.sizes {
            let mut rng = Rng(size as u64 ^ 0xAB);
            let mut set = corpora::pieces(&text, size, corpora::set_len(size).max(32), &mut rng);
            if s.early {
                corpora::put_early_error(&mut set, &mut rng);
            }
            let want: Vec<bool> = set
                .iter()
                .map(|b| core::str::from_utf8(b).is_ok())
                .collect();
            for f in [old_ok as fn(&[u8]) -> bool, new_ok] {
                let got: Vec<bool> = set.iter().map(|b| f(b)).collect();
                assert_eq!(got, want, "a side disagrees with std at {size} B");
            }
            let [old_t, new_t] = race(s.rounds, &set, [old_ok, new_ok]);
            let n = set.len() as f64;
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            let best_ratio = best(&old_t) / best(&new_t);
            let per_round: Vec<f64> = old_t.iter().zip(&new_t).map(|(o, n)| o / n).collect();
            let median_ratio = median(per_round);
            println!(
                "{corpus},{size},{:.2},{:.2},{best_ratio:.3},{median_ratio:.3}",
                best(&old_t) / n * 1e9,
                best(&new_t) / n * 1e9
            );
            ratios.push((size, median_ratio));
        }
        summary.push((corpus.clone(), ratios));
    }
    eprintln!("\nnew/old speed, median of per-round ratios (> 1: the work tree is faster)");
    for (corpus, ratios) in &summary {
        let geo = (ratios.iter().map(|r| r.1.ln()).sum::<f64>() / ratios.len() as f64).exp();
        let worst = ratios
            .iter()
            .copied()
            .fold((0, f64::INFINITY), |w, r| if r.1 < w.1 { r } else { w });
        let best = ratios
            .iter()
            .copied()
            .fold((0, 0.0), |w, r| if r.1 > w.1 { r } else { w });
        eprintln!(
            "{corpus:>12}: geomean {geo:.3}, worst {:.3} at {} B, best {:.3} at {} B",
            worst.1, worst.0, best.1, best.0
        );
    }
}
