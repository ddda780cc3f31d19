//! `utf8lit::validate` next to `core::str::from_utf8` and simdutf8, in one run.
//!
//! Groups (criterion ids are `<group>/<function>`):
//! - `valid/<corpus>/<size>`: valid text of one corpus, cut to a size;
//! - `small/nonascii/16-63B`: many short non-ASCII inputs of random lengths;
//! - `invalid/<corpus>-64KiB/<where>`: one bad byte (0xFF) early, in the
//!   middle or at the end of 64 KiB of text;
//! - `incremental/<corpus>/<size>`: `Utf8Validator` fed 4 KiB chunks next
//!   to one-shot `utf8lit::validate`.
//!
//! Functions: `std`, `simdutf8_basic`, `simdutf8_compat`, `utf8lit`, plus
//! `kernel_<name>` for every utf8lit kernel this CPU has when
//! `UTF8LIT_BENCH_KERNELS=1`. `scripts/bench` runs this and prints the
//! ratios (`bench/src/bin/ratio-table.rs`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{measurement::WallTime, BenchmarkGroup, Criterion, Throughput};
use utf8lit::__private::Kernel;

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

/// The sizes every corpus is cut to, and their names in the group ids.
/// `62B` (an odd size below one AVX-512 step, so every kernel takes its
/// tail path) only for the corpora with non-ASCII text.
const SIZES: [(&str, usize); 6] = [
    ("16B", 16),
    ("62B", 62),
    ("64B", 64),
    ("4KiB", 4 * KIB),
    ("64KiB", 64 * KIB),
    ("1MiB", MIB),
];

/// The corpora fed to the error-path and incremental groups.
const INVALID_CORPORA: [&str; 2] = ["latin", "mixed"];
const INCREMENTAL_CORPORA: [&str; 3] = ["ascii", "mixed", "lipsum"];
const CHUNK: usize = 4 * KIB;

mod rng;

mod corpora;

use corpora::{corpora, sized, small_set, Corpus, SmallSet};

/// `text` (valid) with the character at or before `at` replaced by 0xFF
/// and spaces, so the only error is at that character.
fn with_bad_byte(text: &[u8], at: usize) -> (Vec<u8>, usize) {
    let mut bytes = text.to_vec();
    let mut start = at.min(bytes.len() - 1);
    while bytes[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    let end = core::str::from_utf8(&text[start..])
        .ok()
        .and_then(|s| s.chars().next())
        .map_or(start + 1, |c| start + c.len_utf8());
    bytes[start] = 0xFF;
    bytes[start + 1..end].fill(b' ');
    (bytes, start)
}

// ---------------------------------------------------------------------------
// The functions
// ---------------------------------------------------------------------------

fn kernels() -> Vec<Kernel> {
    let wanted = std::env::var("UTF8LIT_BENCH_KERNELS").is_ok_and(|v| !v.is_empty() && v != "0");
    if wanted {
        Kernel::ALL
            .into_iter()
            .filter(|k| k.is_available())
            .collect()
    } else {
        Vec::new()
    }
}

/// Every validator on one input: the four main functions, then the kernels.
/// Each result is kept whole (error details and all) and black-boxed.
fn bench_all(group: &mut BenchmarkGroup<'_, WallTime>, input: &[u8], kernels: &[Kernel]) {
    group.bench_function("std", |b| {
        b.iter(|| black_box(core::str::from_utf8(black_box(input))));
    });
    group.bench_function("simdutf8_basic", |b| {
        b.iter(|| black_box(simdutf8::basic::from_utf8(black_box(input))));
    });
    group.bench_function("simdutf8_compat", |b| {
        b.iter(|| black_box(simdutf8::compat::from_utf8(black_box(input))));
    });
    group.bench_function("utf8lit", |b| {
        b.iter(|| black_box(utf8lit::validate(black_box(input))));
    });
    for &kernel in kernels {
        group.bench_function(format!("kernel_{}", kernel.name()), |b| {
            b.iter(|| black_box(kernel.validate(black_box(input))));
        });
    }
}

/// The same over a set of short inputs: one iteration validates them all.
fn bench_all_small(group: &mut BenchmarkGroup<'_, WallTime>, set: &SmallSet, kernels: &[Kernel]) {
    fn each(set: &SmallSet, f: impl Fn(&[u8]) -> bool) -> usize {
        set.ranges
            .iter()
            .filter(|&&(start, end)| f(black_box(&set.bytes[start..end])))
            .count()
    }
    group.bench_function("std", |b| {
        b.iter(|| black_box(each(set, |s| core::str::from_utf8(s).is_ok())));
    });
    group.bench_function("simdutf8_basic", |b| {
        b.iter(|| black_box(each(set, |s| simdutf8::basic::from_utf8(s).is_ok())));
    });
    group.bench_function("simdutf8_compat", |b| {
        b.iter(|| black_box(each(set, |s| simdutf8::compat::from_utf8(s).is_ok())));
    });
    group.bench_function("utf8lit", |b| {
        b.iter(|| black_box(each(set, |s| utf8lit::validate(s).is_ok())));
    });
    for &kernel in kernels {
        group.bench_function(format!("kernel_{}", kernel.name()), |b| {
            b.iter(|| black_box(each(set, |s| kernel.validate(s) == Some(Ok(())))));
        });
    }
}

fn chunked(input: &[u8]) -> Result<(), utf8lit::Utf8Error> {
    let mut validator = utf8lit::Utf8Validator::new();
    for chunk in input.chunks(CHUNK) {
        validator.update(chunk)?;
    }
    validator.finish()
}

/// Every validator agrees before anything is timed: a benchmark of a wrong
/// answer is worth nothing. Returns where the input stops being valid.
fn check(name: &str, input: &[u8], kernels: &[Kernel]) -> Option<usize> {
    let expected = core::str::from_utf8(input).err().map(|e| e.valid_up_to());
    assert_eq!(
        simdutf8::basic::from_utf8(input).is_ok(),
        expected.is_none(),
        "simdutf8_basic disagrees with std on {name}"
    );
    let positions = [
        (
            "simdutf8_compat",
            simdutf8::compat::from_utf8(input)
                .err()
                .map(|e| e.valid_up_to()),
        ),
        (
            "utf8lit",
            utf8lit::validate(input).err().map(|e| e.valid_up_to()),
        ),
        (
            "utf8lit_chunked_4k",
            chunked(input).err().map(|e| e.valid_up_to()),
        ),
    ];
    for (function, answer) in positions {
        assert_eq!(answer, expected, "{function} disagrees with std on {name}");
    }
    for kernel in kernels {
        let answer = kernel
            .validate(input)
            .map(|r| r.err().map(|e| e.valid_up_to()));
        assert_eq!(
            answer,
            Some(expected),
            "kernel {} disagrees with std on {name}",
            kernel.name()
        );
    }
    expected
}

// ---------------------------------------------------------------------------
// The groups
// ---------------------------------------------------------------------------

fn bench_valid(c: &mut Criterion, corpora: &[Corpus], kernels: &[Kernel]) {
    for corpus in corpora {
        for (size_name, size) in SIZES {
            if size_name == "62B" && corpus.text.is_ascii() {
                continue;
            }
            let id = format!("valid/{}/{size_name}", corpus.name);
            let input = sized(&corpus.text, size);
            check(&id, &input, kernels);
            let mut group = c.benchmark_group(&id);
            group.throughput(Throughput::Bytes(input.len() as u64));
            bench_all(&mut group, &input, kernels);
            group.finish();
        }
    }
}

fn bench_small(c: &mut Criterion, corpora: &[Corpus], kernels: &[Kernel]) {
    let set = small_set(corpora, 256);
    for &(start, end) in &set.ranges {
        check("small", &set.bytes[start..end], kernels);
    }
    let mut group = c.benchmark_group("small/nonascii/16-63B");
    group.throughput(Throughput::Bytes(set.bytes.len() as u64));
    bench_all_small(&mut group, &set, kernels);
    group.finish();
}

fn bench_invalid(c: &mut Criterion, corpora: &[Corpus], kernels: &[Kernel]) {
    for corpus in corpora.iter().filter(|c| INVALID_CORPORA.contains(&c.name)) {
        let text = sized(&corpus.text, 64 * KIB);
        for (place, at) in [
            ("early", 64),
            ("middle", text.len() / 2),
            ("end", text.len() - 1),
        ] {
            let id = format!("invalid/{}-64KiB/{place}", corpus.name);
            let (input, bad) = with_bad_byte(&text, at);
            assert_eq!(check(&id, &input, kernels), Some(bad));
            let mut group = c.benchmark_group(&id);
            // The bytes up to and including the bad one: all a validator
            // has to look at.
            group.throughput(Throughput::Bytes(bad as u64 + 1));
            bench_all(&mut group, &input, kernels);
            group.finish();
        }
    }
}

fn bench_incremental(c: &mut Criterion, corpora: &[Corpus]) {
    for corpus in corpora
        .iter()
        .filter(|c| INCREMENTAL_CORPORA.contains(&c.name))
    {
        for (size_name, size) in [("64KiB", 64 * KIB), ("1MiB", MIB)] {
            let id = format!("incremental/{}/{size_name}", corpus.name);
            let input = sized(&corpus.text, size);
            check(&id, &input, &[]);
            let mut group = c.benchmark_group(&id);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function("utf8lit", |b| {
                b.iter(|| black_box(utf8lit::validate(black_box(&input))));
            });
            group.bench_function("utf8lit_chunked_4k", |b| {
                b.iter(|| black_box(chunked(black_box(&input))));
            });
            group.finish();
        }
    }
}

/// One line per corpus on stderr: its size and its mix of sequence lengths.
fn describe(corpora: &[Corpus]) {
    for corpus in corpora {
        let mut by_len = [0usize; 4];
        let (mut letters, mut non_ascii_letters) = (0usize, 0usize);
        for c in corpus.text.chars() {
            by_len[c.len_utf8() - 1] += 1;
            if c.is_alphabetic() {
                letters += 1;
                non_ascii_letters += usize::from(!c.is_ascii());
            }
        }
        let permille = non_ascii_letters * 1000 / letters.max(1);
        eprintln!(
            "corpus {:<15} {:>8} bytes; chars of 1/2/3/4 bytes: {:?}; non-ASCII letters {}.{}%",
            corpus.name,
            corpus.text.len(),
            by_len,
            permille / 10,
            permille % 10,
        );
    }
}

fn main() {
    let corpora = corpora();
    describe(&corpora);
    let kernels = kernels();
    // Short enough that the default run takes about five minutes on two
    // cores; criterion's flags (--measurement-time, --warm-up-time,
    // --sample-size) override these.
    let mut c = Criterion::default()
        .measurement_time(Duration::from_millis(800))
        .warm_up_time(Duration::from_millis(400))
        .sample_size(20)
        .nresamples(20_000)
        .configure_from_args();
    bench_valid(&mut c, &corpora, &kernels);
    bench_small(&mut c, &corpora, &kernels);
    bench_invalid(&mut c, &corpora, &kernels);
    bench_incremental(&mut c, &corpora);
    c.final_summary();
}
