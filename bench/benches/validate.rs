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
use std::path::PathBuf;
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

use rng::Rng;

impl Rng {
    /// `true` with probability `percent` / 100.
    fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn char_in(&mut self, first: u32, last: u32) -> char {
        loop {
            let c = first + self.below((last - first + 1) as usize) as u32;
            if let Some(c) = char::from_u32(c) {
                return c;
            }
        }
    }
}

/// How much generated text each synthetic corpus gets: enough for the
/// largest size without repeating.
const GENERATED: usize = MIB + 64 * KIB;

/// Words, separated by spaces, with some punctuation and a line break now and
/// then, until `len` bytes.
fn prose(rng: &mut Rng, len: usize, mut word: impl FnMut(&mut Rng, &mut String)) -> String {
    let mut text = String::with_capacity(len + 64);
    let mut line = 0;
    let mut sentence_start = true;
    while text.len() < len {
        let start = text.len();
        word(rng, &mut text);
        if sentence_start {
            // Capitalise the first letter, whatever its script.
            if let Some(first) = text[start..].chars().next() {
                let upper: String = first.to_uppercase().collect();
                text.replace_range(start..start + first.len_utf8(), &upper);
            }
            sentence_start = false;
        }
        match rng.below(100) {
            0..=7 => {
                text.push_str(rng.pick(&[".", "!", "?", "."]));
                sentence_start = true;
            }
            8..=14 => text.push(','),
            _ => {}
        }
        line += text.len() - start + 1;
        if line > 72 {
            text.push('\n');
            line = 0;
        } else {
            text.push(' ');
        }
    }
    text
}

const ENGLISH: &str = "\
    the of and to in is was that for it as with be on not he by are this at from but \
    have an they which one you were all her she there would their we him been has when \
    who will more no if out so said what up its about into than them can only other new \
    some could time these two may then first any like now such our over man me even most \
    made after also did many before must through back years where much your way well \
    down should because each just those people how too little state good very make world \
    still own see men work long get here between both life being under never day same \
    another know while last might great old year off come since against go came right \
    used take three validation character boundary sequence surrogate processor benchmark";

/// French, German and Spanish words without their accents; `latin_word`
/// puts accents on about one letter in ten.
const LATIN: &str = "\
    le la les des une est pour dans avec sur tres deja ete etre premiere ecole eleve \
    francais garcon foret fenetre theatre der die das und ist nicht mit fur uber schon \
    grosse mude madchen strasse hauser konnen mussen fruhstuck gemuse el los que una por \
    con para nino manana espanol cancion corazon tambien musica pagina ultimo rapido \
    arbol pais aqui alli senor";

const ACCENTED: [(char, &[char]); 7] = [
    ('a', &['à', 'á', 'â', 'ä']),
    ('e', &['é', 'è', 'ê', 'ë']),
    ('i', &['í', 'î', 'ï']),
    ('o', &['ó', 'ô', 'ö']),
    ('u', &['ú', 'û', 'ü', 'ù']),
    ('n', &['ñ']),
    ('c', &['ç']),
];

fn english_word<'a>(words: &'a [&'a str]) -> impl FnMut(&mut Rng, &mut String) + 'a {
    move |rng, text| text.push_str(rng.pick(words))
}

/// About 10% of the letters accented (and an `ß` now and then).
fn latin_word<'a>(words: &'a [&'a str]) -> impl FnMut(&mut Rng, &mut String) + 'a {
    move |rng, text| {
        for c in rng.pick(words).chars() {
            let variants = ACCENTED.iter().find(|(plain, _)| *plain == c);
            match variants {
                // Vowels and n/c are about 55% of the letters: 18% of them
                // accented is about 10% of all letters.
                Some((_, accented)) if rng.percent(18) => text.push(rng.pick(accented)),
                _ if c == 's' && rng.percent(5) => text.push('ß'),
                _ => text.push(c),
            }
        }
    }
}

fn cyrillic_word(rng: &mut Rng, text: &mut String) {
    for _ in 0..2 + rng.below(9) {
        // а..я, and ё now and then.
        let c = if rng.percent(2) {
            'ё'
        } else {
            rng.char_in(0x430, 0x44F)
        };
        text.push(c);
    }
}

/// A CJK "sentence": ideographs and kana, no spaces, with CJK punctuation.
fn cjk_sentence(rng: &mut Rng, text: &mut String) {
    for _ in 0..8 + rng.below(24) {
        let c = match rng.below(10) {
            0 => rng.char_in(0x3041, 0x3096), // hiragana
            1 => rng.char_in(0x30A1, 0x30FA), // katakana
            _ => rng.char_in(0x4E00, 0x9FFF), // CJK unified ideographs
        };
        text.push(c);
        if rng.percent(8) {
            text.push(rng.pick(&['，', '、']));
        }
    }
    text.push(rng.pick(&['。', '。', '！', '？']));
}

/// Emoji: mostly four bytes, with the occasional variation selector or ZWJ
/// sequence (three bytes) and skin tone.
fn emoji_run(rng: &mut Rng, text: &mut String) {
    for _ in 0..=rng.below(6) {
        let c = match rng.below(4) {
            0 => rng.char_in(0x1F300, 0x1F5FF),
            1 => rng.char_in(0x1F600, 0x1F64F),
            2 => rng.char_in(0x1F680, 0x1F6FF),
            _ => rng.char_in(0x1F900, 0x1F9FF),
        };
        text.push(c);
        match rng.below(100) {
            0..=4 => text.push('\u{FE0F}'),
            5..=7 => text.push(rng.char_in(0x1F3FB, 0x1F3FF)),
            8..=10 => {
                text.push('\u{200D}');
                text.push(rng.char_in(0x1F466, 0x1F469));
            }
            _ => {}
        }
    }
}

/// Characters of every length, each length equally likely.
fn mixed(rng: &mut Rng, len: usize) -> String {
    let mut text = String::with_capacity(len + 4);
    while text.len() < len {
        let c = match rng.below(4) {
            0 => rng.char_in(0x20, 0x7E),
            1 => rng.char_in(0x80, 0x7FF),
            2 => rng.char_in(0x800, 0xFFFF), // char_in skips surrogates
            _ => rng.char_in(0x1_0000, 0x10_FFFF),
        };
        text.push(c);
    }
    text
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data")
}

/// The files, interleaved in pieces of about 1 KiB (cut at character
/// boundaries), so even a 4 KiB input has several of them in it.
fn interleaved(dir: &str, names: &[&str]) -> String {
    let texts: Vec<String> = names
        .iter()
        .map(|name| {
            let path = data_dir().join(dir).join(name);
            std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        })
        .collect();
    let mut rests: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut out = String::with_capacity(rests.iter().map(|t| t.len()).sum());
    while rests.iter().any(|t| !t.is_empty()) {
        for rest in &mut rests {
            let piece = prefix(rest, KIB);
            // A piece of one character when the first is longer than 1 KiB
            // cannot happen (characters are at most four bytes).
            out.push_str(piece);
            *rest = &rest[piece.len()..];
        }
    }
    out
}

/// The longest prefix of `text` of at most `len` bytes that ends on a
/// character boundary.
fn prefix(text: &str, len: usize) -> &str {
    let mut end = len.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// `text` repeated (if it is short) and cut to at most `len` bytes at a
/// character boundary: valid UTF-8.
fn sized(text: &str, len: usize) -> Vec<u8> {
    let mut long = String::with_capacity(len + text.len());
    while long.len() < len {
        long.push_str(text);
    }
    prefix(&long, len).as_bytes().to_vec()
}

struct Corpus {
    name: &'static str,
    text: String,
}

fn corpora() -> Vec<Corpus> {
    let mut rng = Rng(0x7574_6638_6C69_7421); // "utf8lit!"
    let english: Vec<&str> = ENGLISH.split_ascii_whitespace().collect();
    let latin: Vec<&str> = LATIN.split_ascii_whitespace().collect();
    let corpus = |name, text| Corpus { name, text };
    vec![
        corpus("ascii", prose(&mut rng, GENERATED, english_word(&english))),
        corpus("latin", prose(&mut rng, GENERATED, latin_word(&latin))),
        corpus("cyrillic", prose(&mut rng, GENERATED, cyrillic_word)),
        corpus("cjk", prose(&mut rng, GENERATED, cjk_sentence)),
        corpus("emoji", prose(&mut rng, GENERATED, emoji_run)),
        corpus("mixed", mixed(&mut rng, GENERATED)),
        corpus(
            "lipsum",
            interleaved(
                "lipsum",
                &[
                    "Latin-Lipsum.txt",
                    "Russian-Lipsum.txt",
                    "Arabic-Lipsum.txt",
                    "Hebrew-Lipsum.txt",
                    "Hindi-Lipsum.txt",
                    "Chinese-Lipsum.txt",
                    "Japanese-Lipsum.txt",
                    "Korean-Lipsum.txt",
                    "Emoji-Lipsum.txt",
                ],
            ),
        ),
        corpus(
            "wikipedia-mars",
            // The Latin-1 files are not UTF-8; their UTF-8 conversions are.
            interleaved(
                "wikipedia-mars",
                &[
                    "english.utf8.txt",
                    "german.utflatin8.txt",
                    "esperanto.utflatin8.txt",
                    "russian.utf8.txt",
                    "hindi.utf8.txt",
                    "chinese.utf8.txt",
                ],
            ),
        ),
    ]
}

/// Many short inputs of random lengths (16 to 63 bytes, cut down to a
/// character boundary) from random places in the non-ASCII corpora, stored
/// back to back.
struct SmallSet {
    bytes: Vec<u8>,
    ranges: Vec<(usize, usize)>,
}

fn small_set(corpora: &[Corpus], count: usize) -> SmallSet {
    let mut rng = Rng(0x736D_616C_6C21); // "small!"
    let sources: Vec<&Corpus> = corpora.iter().filter(|c| c.name != "ascii").collect();
    let mut set = SmallSet {
        bytes: Vec::new(),
        ranges: Vec::with_capacity(count),
    };
    while set.ranges.len() < count {
        let text = &rng.pick(&sources).text;
        let mut start = rng.below(text.len() - 64);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        let piece = prefix(&text[start..], 16 + rng.below(48));
        if piece.len() < 16 || piece.is_ascii() {
            continue;
        }
        let at = set.bytes.len();
        set.bytes.extend_from_slice(piece.as_bytes());
        set.ranges.push((at, set.bytes.len()));
    }
    set
}

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
