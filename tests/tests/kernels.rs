//! Every run-time validation kernel (`utf8lit::__private::Kernel`: AVX-512,
//! AVX2, SSE4.2, SWAR, and the reference decoder alone) against the
//! reference decoder `utf8lit::decode::validate` (the whole `Result`,
//! exactly) and against `core::str::from_utf8` (verdict, `valid_up_to`,
//! `error_len`), on inputs aimed at the kernels' lane, block and group
//! boundaries; `utf8lit::validate` must give the selected kernel's answer.
//!
//! 1. Exhaustive: every input of 0 to 3 bytes; and every 1- and 2-byte
//!    input, and 3- and 4-byte inputs over boundary bytes, placed at every
//!    offset that matters (0..=3 and three either side of 16, 32, 64, 128,
//!    256 and 512) after ASCII or multi-byte filler of that exact length and
//!    before 0 to 3 more bytes.
//! 2. Conformance: every file under `data/`, whole, cut short after each of
//!    its first 600 bytes and started at each of its first 300; and every
//!    vector of the TSV tables and `utf8tests.bin` at the boundary offsets.
//! 3. Random: texts of 1 B to 5 KiB with corruptions; ASCII runs of 256+
//!    bytes ending in one bad byte; sequences cut off at the end of a block
//!    (a multiple of 16, 32, 64 or 256 bytes), at the end of the input or
//!    right before an ASCII group.
//! 4. Unaligned: the same kinds of input starting at every alignment 0..64,
//!    every 3-byte class input at the very start of the slice, and inputs
//!    around the end of the AVX-512 kernel's first aligned block (which
//!    moves with the alignment) and of its first group.
//!
//! Every input is read from a buffer in which the bytes before it are a
//! 4-byte lead (`F0`) and the bytes after it are continuation bytes (`80`):
//! a kernel that read outside the slice and used what it found would
//! complete a cut-off sequence (or excuse a stray continuation) and be
//! caught.
//!
//! Kernels this CPU lacks are skipped (and must answer `None`); SWAR and the
//! reference decoder always run. A failure names the kernel, the input's
//! construction (offset, filler, alignment), the answer and the expected
//! one, and shows the bytes around the first disagreement; the shortest
//! failing input of each kernel is printed whole. Debug builds check fewer
//! random texts and sparser class patterns after multi-byte filler, but
//! every kernel at every boundary offset.
//! `cargo test -p utf8lit-tests --release --test kernels -- --nocapture`
//! prints each suite's input count and time.

#![forbid(unsafe_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use utf8lit::__private::Kernel;
use utf8lit::{decode, Utf8Error};
use utf8lit_tests::{hex, parse_hex, read_data, Rng, Table, DATA_DIR};

// ---------------------------------------------------------------------------
// Checking one input through every kernel
// ---------------------------------------------------------------------------

/// `core::str::from_utf8`'s answer: `Ok`, or `(valid_up_to, error_len)`.
type Position = Result<(), (usize, Option<usize>)>;

fn std_position(input: &[u8]) -> Position {
    core::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()))
}

fn position(result: &Result<(), Utf8Error>) -> Position {
    result.map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// A result the way the messages print it.
fn show(result: &Result<(), Utf8Error>) -> String {
    match result {
        Ok(()) => "Ok".to_owned(),
        Err(e) => format!(
            "Err(valid_up_to {}, error_len {:?}, {:?}, bytes [{}])",
            e.valid_up_to(),
            e.error_len(),
            e.kind(),
            hex(e.bytes())
        ),
    }
}

/// The bytes of `input` around offset `centre`, the byte there in `<>`.
fn window(input: &[u8], centre: usize) -> String {
    const HALF: usize = 20;
    let from = centre.saturating_sub(HALF);
    let to = (centre + HALF).min(input.len());
    let mut out = format!("bytes {from}..{to} of {}: ", input.len());
    if from > 0 {
        out.push_str("... ");
    }
    for (i, b) in input.iter().enumerate().take(to).skip(from) {
        if i == centre {
            let _ = write!(out, "<{b:02X}> ");
        } else {
            let _ = write!(out, "{b:02X} ");
        }
    }
    if centre >= input.len() {
        out.push_str("<end>");
    } else if to < input.len() {
        out.push_str("...");
    }
    out.trim_end().to_owned()
}

/// What every input is surrounded with (see the module documentation).
const GUARD_BEFORE: u8 = 0xF0;
const GUARD_AFTER: u8 = 0x80;
/// At least this many guard bytes on each side, beyond the alignment.
const GUARD_LEN: usize = 64;

/// How many messages a failing suite prints.
const SHOWN: usize = 20;

/// The available kernels, with SWAR and the reference always among them.
fn available_kernels() -> Vec<Kernel> {
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .collect();
    assert!(
        kernels.contains(&Kernel::Swar) && kernels.contains(&Kernel::Reference),
        "swar and reference must always be available: {kernels:?}"
    );
    kernels
}

/// Runs inputs through every available kernel and collects disagreements.
#[derive(Debug)]
struct Checker {
    kernels: Vec<Kernel>,
    selected: Kernel,
    /// Where inputs are assembled, between guard bytes.
    scratch: Vec<u8>,
    inputs: u64,
    bytes: u64,
    mismatches: u64,
    samples: Vec<String>,
    /// The shortest failing input per culprit: (length, message).
    shortest: BTreeMap<&'static str, (usize, String)>,
}

impl Checker {
    fn new() -> Self {
        let selected = Kernel::selected();
        assert!(
            selected.is_available(),
            "Kernel::selected() = {} is not available",
            selected.name()
        );
        Self {
            kernels: available_kernels(),
            selected,
            scratch: Vec::with_capacity(4096),
            inputs: 0,
            bytes: 0,
            mismatches: 0,
            samples: Vec::new(),
            shortest: BTreeMap::new(),
        }
    }

    /// Copies the concatenation of `parts` into the scratch buffer so that
    /// it starts `align` bytes after a 64-byte boundary, between guards;
    /// returns where it is.
    fn place(&mut self, parts: &[&[u8]], align: usize) -> std::ops::Range<usize> {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        self.scratch.clear();
        self.scratch.reserve(2 * GUARD_LEN + 64 + align + len);
        let base = self.scratch.as_ptr().addr();
        let start = GUARD_LEN + (64 - base % 64) % 64 + align;
        self.scratch.resize(start, GUARD_BEFORE);
        for part in parts {
            self.scratch.extend_from_slice(part);
        }
        self.scratch.resize(start + len + GUARD_LEN, GUARD_AFTER);
        debug_assert_eq!(self.scratch.as_ptr().addr(), base, "no reallocation");
        start..start + len
    }

    /// Checks the concatenation of `parts`, starting `align` bytes past a
    /// 64-byte boundary; `context` describes it in a failure message.
    fn check_parts(&mut self, parts: &[&[u8]], align: usize, context: impl FnOnce() -> String) {
        let range = self.place(parts, align);
        let scratch = std::mem::take(&mut self.scratch);
        let input = &scratch[range];
        self.inputs += 1;
        self.bytes += input.len() as u64;
        let reference = decode::validate(input);
        let want_std = std_position(input);
        // The description is written once, at the first failure.
        let (mut context, mut described) = (Some(context), None::<String>);
        let mut fail = |this: &mut Self, culprit: &'static str, got: String, centre: usize| {
            let text =
                described.get_or_insert_with(|| context.take().map_or_else(String::new, |c| c()));
            this.record(input, culprit, text, &got, &reference, want_std, centre);
        };
        if position(&reference) != want_std {
            fail(self, "decode::validate", show(&reference), 0);
        }
        let mut selected_answer = None;
        for k in 0..self.kernels.len() {
            let kernel = self.kernels[k];
            let got = kernel.validate(input);
            if kernel == self.selected {
                selected_answer = got;
            }
            // The whole error equals the reference's; the verdict and
            // position equal std's.
            let agrees = got.is_some_and(|got| got == reference && position(&got) == want_std);
            if !agrees {
                let centre = centre_of(got.as_ref(), &reference, input.len());
                let got = got
                    .as_ref()
                    .map_or_else(|| "None (unavailable?)".to_owned(), show);
                fail(self, kernel.name(), got, centre);
            }
        }
        let runtime = utf8lit::validate(input);
        if Some(&runtime) != selected_answer.as_ref() {
            let centre = centre_of(Some(&runtime), &reference, input.len());
            fail(self, "utf8lit::validate", show(&runtime), centre);
        }
        self.scratch = scratch;
    }

    /// Checks `input` as it is, at alignment 0.
    fn check(&mut self, input: &[u8], context: impl FnOnce() -> String) {
        self.check_parts(&[input], 0, context);
    }

    #[cold]
    #[inline(never)]
    #[expect(clippy::too_many_arguments, reason = "one failure's whole story")]
    fn record(
        &mut self,
        input: &[u8],
        culprit: &'static str,
        context: &str,
        got: &str,
        reference: &Result<(), Utf8Error>,
        want_std: Position,
        centre: usize,
    ) {
        self.mismatches += 1;
        let message = format!(
            "{culprit}: {context}: len {}: got {got}; want {} (std {want_std:?}); {}",
            input.len(),
            show(reference),
            window(input, centre)
        );
        let shortest = self
            .shortest
            .entry(culprit)
            .or_insert_with(|| (usize::MAX, String::new()));
        if input.len() < shortest.0 {
            *shortest = (
                input.len(),
                format!("{message}; whole input [{}]", hex(input)),
            );
        }
        if self.samples.len() < SHOWN {
            self.samples.push(message);
        }
    }

    fn merge(&mut self, other: Self) {
        self.inputs += other.inputs;
        self.bytes += other.bytes;
        self.mismatches += other.mismatches;
        self.samples.extend(other.samples);
        for (culprit, (len, message)) in other.shortest {
            let mine = self
                .shortest
                .entry(culprit)
                .or_insert_with(|| (usize::MAX, String::new()));
            if len < mine.0 {
                *mine = (len, message);
            }
        }
    }

    /// Prints the count and time, and fails with the collected messages.
    fn finish(mut self, what: &str, started: Instant) {
        let names: Vec<&str> = self.kernels.iter().map(|k| k.name()).collect();
        println!(
            "{what}: {} inputs ({} bytes) x {} kernels [{}] in {:.2?}, {} failed checks",
            self.inputs,
            self.bytes,
            names.len(),
            names.join(" "),
            started.elapsed(),
            self.mismatches
        );
        assert!(self.inputs > 0, "{what}: no inputs were checked");
        if self.mismatches > 0 {
            self.samples.truncate(SHOWN);
            let mut text = format!(
                "{what}: {} failed checks in {} inputs; first {}:\n  {}\nshortest failing input per culprit:\n",
                self.mismatches,
                self.inputs,
                self.samples.len(),
                self.samples.join("\n  ")
            );
            for (culprit, (_, message)) in &self.shortest {
                let _ = writeln!(text, "  [{culprit}] {message}");
            }
            panic!("{text}");
        }
    }
}

/// Where a kernel's answer and the reference's first differ: the earlier of
/// the two error offsets (the end of input for `Ok`).
fn centre_of(
    got: Option<&Result<(), Utf8Error>>,
    reference: &Result<(), Utf8Error>,
    len: usize,
) -> usize {
    let at = |r: &Result<(), Utf8Error>| r.as_ref().map_or_else(Utf8Error::valid_up_to, |()| len);
    got.map_or(len, at).min(at(reference))
}

/// Runs `work(job, checker)` for every job in `0..jobs` over the available
/// cores, then fails with every disagreement found.
fn run_jobs(what: &str, jobs: usize, work: impl Fn(usize, &mut Checker) + Sync) {
    let started = Instant::now();
    let threads = std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .min(jobs.max(1));
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Checker::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut checker = Checker::new();
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    work(job, &mut checker);
                }
                total.lock().expect("no worker panicked").merge(checker);
            });
        }
    });
    total
        .into_inner()
        .expect("no worker panicked")
        .finish(what, started);
}

// ---------------------------------------------------------------------------
// Building inputs
// ---------------------------------------------------------------------------

/// Offsets that matter: the first four, and three either side of each
/// lane, block and group size (16, 32, 64, 128, 256) and of two AVX-512
/// groups (512).
fn boundary_offsets() -> Vec<usize> {
    let mut offsets: Vec<usize> = (0..=3)
        .chain(
            [16, 32, 64, 128, 256, 512]
                .into_iter()
                .flat_map(|b| b - 3..=b + 3),
        )
        .collect();
    offsets.dedup();
    offsets
}

/// How a filler is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fill {
    /// `a` repeated.
    Ascii,
    /// One character of this many bytes repeated, after the 0..width-1
    /// `a`s that make the length exact (so the input follows the wide
    /// character).
    Wide(usize),
    /// `é a 😀 €` repeated backwards from the end (the input follows `€`),
    /// `a`s at the start to make the length exact.
    Mixed,
}

impl Fill {
    const ALL: [Fill; 5] = [
        Fill::Ascii,
        Fill::Wide(2),
        Fill::Wide(3),
        Fill::Wide(4),
        Fill::Mixed,
    ];

    fn name(self) -> &'static str {
        match self {
            Fill::Ascii => "'a'",
            Fill::Wide(2) => "'é'",
            Fill::Wide(3) => "'€'",
            Fill::Wide(_) => "'😀'",
            Fill::Mixed => "mixed",
        }
    }

    /// Exactly `len` bytes of valid UTF-8 ending at a character boundary.
    fn make(self, len: usize) -> Vec<u8> {
        let pattern: &[&str] = match self {
            Fill::Ascii => &["a"],
            Fill::Wide(2) => &["é"],
            Fill::Wide(3) => &["€"],
            Fill::Wide(_) => &["😀"],
            Fill::Mixed => &["€", "😀", "a", "é"],
        };
        let mut pieces = Vec::new();
        let mut left = len;
        for piece in pattern.iter().cycle() {
            if piece.len() > left {
                break;
            }
            pieces.push(piece.as_bytes());
            left -= piece.len();
        }
        let mut out = vec![b'a'; left];
        for piece in pieces.iter().rev() {
            out.extend_from_slice(piece);
        }
        debug_assert_eq!(out.len(), len);
        debug_assert!(core::str::from_utf8(&out).is_ok());
        out
    }
}

/// What may follow an input: 0 to 3 bytes, ASCII or one character.
const SUFFIXES: [&str; 6] = ["", "z", "zz", "zzz", "é", "€"];

/// 256 bytes of `z`, and of `é`: a group's worth of ASCII or not.
const Z256: &str = as_str(&repeated_char::<256>('z'));
const E256: &str = as_str(&repeated_char::<256>('é'));

/// `N` bytes of `ch` repeated.
const fn repeated_char<const N: usize>(ch: char) -> [u8; N] {
    let mut utf8 = [0; 4];
    let utf8: &[u8] = ch.encode_utf8(&mut utf8).as_bytes();
    assert!(
        N.is_multiple_of(utf8.len()),
        "N is not a multiple of the width"
    );
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = utf8[i % utf8.len()];
        i += 1;
    }
    out
}

const fn as_str(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("not UTF-8"),
    }
}

/// A place to put an input: valid filler before it, valid text after it,
/// the whole starting `align` bytes past a 64-byte boundary.
#[derive(Debug, Clone)]
struct Frame {
    prefix: Vec<u8>,
    suffix: &'static [u8],
    align: usize,
    ascii: bool,
    name: String,
}

/// The fillers [`frames`] puts at offset `k`: ASCII, and one multi-byte
/// kind that changes with `k`, so that each of them meets every boundary.
fn rotating(k: usize) -> Vec<Fill> {
    vec![Fill::Ascii, Fill::ALL[1 + k % 4]]
}

/// Every filler `fills_at(k)` at every offset `k` in `offsets`, before
/// every suffix in `suffixes`, at alignment `align` (no two frames alike).
fn frames_at(
    offsets: &[usize],
    align: usize,
    fills_at: impl Fn(usize) -> Vec<Fill>,
    suffixes: &[&'static str],
) -> Vec<Frame> {
    let mut frames = Vec::new();
    let mut seen = BTreeSet::new();
    for &k in offsets {
        for fill in fills_at(k) {
            let prefix = fill.make(k);
            for &suffix in suffixes {
                if seen.insert((prefix.clone(), suffix)) {
                    let aligned = if align == 0 {
                        String::new()
                    } else {
                        format!(", aligned +{align}")
                    };
                    frames.push(Frame {
                        name: format!(
                            "{} filler of {k} bytes, the input, {}{aligned}",
                            fill.name(),
                            describe(suffix)
                        ),
                        ascii: prefix.is_ascii(),
                        prefix: prefix.clone(),
                        suffix: suffix.as_bytes(),
                        align,
                    });
                }
            }
        }
    }
    frames
}

/// A suffix in a message: quoted if short, else its length and character.
fn describe(suffix: &str) -> String {
    match suffix.chars().next() {
        Some(ch) if suffix.len() > 8 => format!("{} bytes of {ch:?}", suffix.len()),
        _ => format!("{suffix:?}"),
    }
}

/// [`frames_at`] the [`boundary_offsets`], 64-byte aligned.
fn frames(fills_at: impl Fn(usize) -> Vec<Fill>, suffixes: &[&'static str]) -> Vec<Frame> {
    frames_at(&boundary_offsets(), 0, fills_at, suffixes)
}

/// Representative bytes: ASCII, the continuation ranges split where Table
/// 3-7 splits them, and every kind of lead.
const CLASSES: [u8; 24] = [
    0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
    0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
];

/// Every input of `len` bytes over [`CLASSES`], in index order.
fn class_input(len: usize, mut index: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for slot in out.iter_mut().take(len).rev() {
        *slot = CLASSES[index % CLASSES.len()];
        index /= CLASSES.len();
    }
    out
}

/// Whether this is an optimised build (scale random work by it).
const RELEASE: bool = !cfg!(debug_assertions);

// ---------------------------------------------------------------------------
// The kernels themselves
// ---------------------------------------------------------------------------

#[test]
fn kernel_inventory() {
    let mut names = BTreeSet::new();
    for kernel in Kernel::ALL {
        assert!(!kernel.name().is_empty());
        assert!(
            names.insert(kernel.name()),
            "duplicate name {}",
            kernel.name()
        );
        if !kernel.is_available() {
            assert_eq!(
                kernel.validate(b"abc"),
                None,
                "{} is unavailable",
                kernel.name()
            );
            assert_eq!(
                kernel.validate(b"\xFF"),
                None,
                "{} is unavailable",
                kernel.name()
            );
        }
        #[cfg(target_arch = "x86_64")]
        {
            let cpu = match kernel.name() {
                "avx512" => Some(
                    std::arch::is_x86_feature_detected!("avx512f")
                        && std::arch::is_x86_feature_detected!("avx512bw")
                        && std::arch::is_x86_feature_detected!("avx512vbmi"),
                ),
                "avx2" => Some(std::arch::is_x86_feature_detected!("avx2")),
                "sse42" => Some(std::arch::is_x86_feature_detected!("sse4.2")),
                _ => None,
            };
            if let Some(cpu) = cpu {
                assert_eq!(
                    kernel.is_available(),
                    cpu,
                    "{}: is_available vs the CPU",
                    kernel.name()
                );
            }
        }
    }
    let kernels = available_kernels();
    let selected = Kernel::selected();
    assert!(
        kernels.contains(&selected),
        "selected {selected:?} is not available"
    );
    println!(
        "available kernels: {:?}; selected: {}",
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>(),
        selected.name()
    );
    for input in [&b""[..], b"a", b"\xC3\xA9", b"\xFF", b"\xE2\x82"] {
        assert_eq!(
            Some(utf8lit::validate(input)),
            selected.validate(input),
            "utf8lit::validate vs the selected kernel on [{}]",
            hex(input)
        );
    }
}

// ---------------------------------------------------------------------------
// 1. Exhaustive
// ---------------------------------------------------------------------------

#[test]
fn every_input_of_0_to_3_bytes() {
    run_jobs("every input of 0..=3 bytes", 256, |b0, c| {
        let b0 = b0 as u8;
        if b0 == 0 {
            c.check(&[], || "the empty input".to_owned());
        }
        c.check(&[b0], || "1-byte input".to_owned());
        for b1 in 0..=u8::MAX {
            c.check(&[b0, b1], || "2-byte input".to_owned());
            for b2 in 0..=u8::MAX {
                c.check(&[b0, b1, b2], || "3-byte input".to_owned());
            }
        }
    });
}

/// Runs inputs `input(i)` of `len` bytes, for `i` in `0..count`, in every
/// frame: every `i` in a frame for which `stride(frame)` is 1, otherwise
/// every `stride`-th, starting at a place that changes from frame to frame
/// (so that frames together cover every `i`).
fn sweep(
    what: &str,
    frames: &[Frame],
    len: usize,
    count: usize,
    stride: impl Fn(&Frame) -> usize + Sync,
    input: impl Fn(usize) -> [u8; 4] + Sync,
) {
    run_jobs(what, frames.len(), |f, c| {
        let frame = &frames[f];
        let stride = stride(frame);
        for i in (f % stride..count).step_by(stride) {
            let bytes = input(i);
            let bytes = &bytes[..len];
            c.check_parts(&[&frame.prefix, bytes, frame.suffix], frame.align, || {
                format!(
                    "[{}] at offset {} ({})",
                    hex(bytes),
                    frame.prefix.len(),
                    frame.name
                )
            });
        }
    });
}

#[test]
fn every_1_byte_input_at_every_boundary_offset() {
    let frames = frames(|_| Fill::ALL.to_vec(), &SUFFIXES);
    sweep(
        "1-byte inputs at boundary offsets",
        &frames,
        1,
        256,
        |_| 1,
        |i| [i as u8, 0, 0, 0],
    );
}

#[test]
fn every_2_byte_input_at_every_boundary_offset() {
    let frames = frames(rotating, &["", "z", "€"]);
    // Debug builds: every input after ASCII, every 3rd after multi-byte.
    let stride = |f: &Frame| if RELEASE || f.ascii { 1 } else { 3 };
    sweep(
        "2-byte inputs at boundary offsets",
        &frames,
        2,
        1 << 16,
        stride,
        |i| [(i >> 8) as u8, i as u8, 0, 0],
    );
}

#[test]
fn class_3_byte_inputs_at_every_boundary_offset() {
    let frames = frames(rotating, &SUFFIXES);
    let stride = |f: &Frame| if RELEASE || f.ascii { 1 } else { 3 };
    sweep(
        "3-byte class inputs at boundary offsets",
        &frames,
        3,
        CLASSES.len().pow(3),
        stride,
        |i| class_input(3, i),
    );
}

#[test]
fn class_4_byte_inputs_at_every_boundary_offset() {
    // After ASCII every pattern; after multi-byte text (slow for the scalar
    // decoders) every 5th, so every pattern somewhere (in debug builds
    // every 11th and every 37th).
    let frames = frames(rotating, &["", "é"]);
    let stride = |f: &Frame| match (RELEASE, f.ascii) {
        (true, true) => 1,
        (true, false) => 5,
        (false, true) => 11,
        (false, false) => 37,
    };
    sweep(
        "4-byte class inputs at boundary offsets",
        &frames,
        4,
        CLASSES.len().pow(4),
        stride,
        |i| class_input(4, i),
    );
}

// ---------------------------------------------------------------------------
// 2. Conformance: the data files and the vectors
// ---------------------------------------------------------------------------

/// Every file under `data/`, as (path relative to `data/`, bytes), sorted.
fn data_files() -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(DATA_DIR);
    let mut paths = Vec::new();
    walk(root, &mut paths);
    paths.sort();
    let files: Vec<(String, Vec<u8>)> = paths
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(root).expect("under data/");
            let relative = relative.to_string_lossy().replace('\\', "/");
            let bytes = read_data(&relative);
            (relative, bytes)
        })
        .collect();
    // Every corpus file the conformance suite knows is among them.
    let names: BTreeSet<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let corpus = Table::load("vectors/corpus_expectations.tsv");
    for row in corpus.rows() {
        assert!(
            names.contains(row.get("path")),
            "{row}: not found under data/"
        );
    }
    assert!(
        files.len() > corpus.len(),
        "only {} data files",
        files.len()
    );
    files
}

/// How much of a file a shifted start reads: the shifts move every
/// boundary; the rest of a large file would only repeat the whole-file run.
const SHIFTED_WINDOW: usize = if RELEASE { 1 << 16 } else { 1 << 12 };

#[test]
fn data_files_whole_cut_short_and_shifted() {
    let files = data_files();
    run_jobs("data files", files.len(), |f, c| {
        let (name, file) = &files[f];
        c.check(file, || format!("{name}, whole"));
        for end in 0..=file.len().min(600) {
            c.check(&file[..end], || format!("{name}, first {end} bytes"));
        }
        for start in 1..file.len().min(300) {
            let end = file.len().min(start + SHIFTED_WINDOW);
            c.check(&file[start..end], || {
                format!("{name}, bytes {start}..{end}")
            });
        }
    });
}

/// The inputs of every table: `utf8_vectors.tsv`, `utf8_chunks.tsv`, the
/// Kuhn test's cases and lines, the streaming cases' chunks joined, and the
/// lines of `utf8tests.bin`; without repeats.
fn vector_inputs() -> Vec<Vec<u8>> {
    let mut inputs = BTreeSet::new();
    for (table, column) in [
        ("vectors/utf8_vectors.tsv", "input_hex"),
        ("vectors/utf8_chunks.tsv", "input_hex"),
        ("vectors/kuhn_UTF-8-test_cases.tsv", "payload_hex"),
    ] {
        for row in Table::load(table).rows() {
            inputs.insert(row.hex(column));
        }
    }
    let kuhn = read_data("kuhn/UTF-8-test.txt");
    for row in Table::load("vectors/kuhn_UTF-8-test_lines.tsv").rows() {
        let (offset, length) = (row.usize("offset"), row.usize("length"));
        inputs.insert(kuhn[offset..offset + length].to_vec());
    }
    let mut streams: BTreeMap<String, Vec<(usize, Vec<u8>)>> = BTreeMap::new();
    for row in Table::load("vectors/utf8_streaming.tsv").rows() {
        let chunk = parse_hex(row.get("chunk_hex")).unwrap_or_else(|e| panic!("{row}: {e}"));
        streams
            .entry(row.get("id").to_owned())
            .or_default()
            .push((row.usize("step"), chunk));
    }
    for mut steps in streams.into_values() {
        steps.sort();
        inputs.insert(steps.into_iter().flat_map(|(_, chunk)| chunk).collect());
    }
    let bin = read_data("flenniken-utf8tests/utf8tests.bin");
    for line in bin.split(|&b| b == b'\n') {
        inputs.insert(line.to_vec());
        if let Some(payload) = line.splitn(3, |&b| b == b':').nth(2) {
            inputs.insert(payload.to_vec());
        }
    }
    assert!(inputs.len() > 2000, "only {} vector inputs", inputs.len());
    inputs.into_iter().collect()
}

#[test]
fn vectors_at_every_boundary_offset() {
    let inputs = vector_inputs();
    let frames = frames(rotating, &["", "z"]);
    run_jobs("table vectors at boundary offsets", inputs.len(), |i, c| {
        let input = &inputs[i];
        for frame in &frames {
            c.check_parts(&[&frame.prefix, input, frame.suffix], 0, || {
                format!(
                    "vector [{}] at offset {} ({})",
                    hex(input),
                    frame.prefix.len(),
                    frame.name
                )
            });
        }
    });
}

// ---------------------------------------------------------------------------
// 3. Random texts, ASCII runs, sequences cut off at block ends
// ---------------------------------------------------------------------------

/// Valid text of at least `len` bytes: ASCII runs long enough to fill
/// groups, runs of one multi-byte character, and characters of mixed
/// widths.
fn random_text(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 300);
    let mut buf = [0; 4];
    while out.len() < len {
        match rng.below(4) {
            0 => {
                let run = 1 + rng.below(300);
                out.extend((0..run).map(|_| rng.byte() & 0x7F));
            }
            1 => {
                let width = 2 + rng.below(3);
                let ch = rng.char_of_width(width);
                for _ in 0..=rng.below(60) {
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
            _ => {
                for _ in 0..=rng.below(20) {
                    let width = 1 + rng.below(4);
                    let ch = rng.char_of_width(width);
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
    }
    out
}

/// Overlong forms, surrogates and other sequences no kernel may accept.
const BAD_SEQUENCES: [&[u8]; 16] = [
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xED\xA0\x80\xED\xB0\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80\x80\x80",
    b"\xF7\xBF\xBF\xBF",
    b"\xF8\x88\x80\x80\x80",
    b"\xFC\x84\x80\x80\x80\x80",
    b"\xFE",
    b"\xFF",
];

/// Valid sequences cut short (by the end of input or what follows).
const CUT_SEQUENCES: [&[u8]; 13] = [
    b"\xC3",
    b"\xDF",
    b"\xE0",
    b"\xE0\xA0",
    b"\xE1\x80",
    b"\xED\x9F",
    b"\xEF\xBF",
    b"\xF0",
    b"\xF0\x90",
    b"\xF0\x9F\x98",
    b"\xF1\x80\x80",
    b"\xF3",
    b"\xF4\x8F\xBF",
];

/// Complete characters of every width, at the edges of their ranges.
const WHOLE_CHARS: [&str; 8] = [
    "\u{7F}",
    "\u{80}",
    "\u{7FF}",
    "\u{800}",
    "\u{D7FF}",
    "\u{FFFF}",
    "\u{10000}",
    "\u{10FFFF}",
];

/// A position in `text` near a block boundary half of the time.
fn random_position(rng: &mut Rng, len: usize) -> usize {
    if rng.chance(1, 2) && len >= 16 {
        let block = 16 * rng.below(len / 16 + 1);
        (block + rng.below(7)).saturating_sub(3).min(len)
    } else {
        rng.below(len + 1)
    }
}

/// Damages `text` once; returns what it did.
fn corrupt(rng: &mut Rng, text: &mut Vec<u8>) -> String {
    let at = random_position(rng, text.len());
    let what = rng.below(10);
    let insert: Vec<u8> = match what {
        0 => vec![0x80 | (rng.byte() & 0x3F)],
        1 => vec![rng.range(0xC2, 0xF4) as u8],
        2 => vec![0xED, 0xA0 | (rng.byte() & 0x1F), 0x80 | (rng.byte() & 0x3F)],
        3 => rng.pick(&BAD_SEQUENCES).to_vec(),
        4 => vec![rng.range(0xF5, 0xFF) as u8],
        5 => rng.pick(&CUT_SEQUENCES).to_vec(),
        _ => Vec::new(),
    };
    if !insert.is_empty() {
        text.splice(at..at, insert.iter().copied());
        return format!("inserted [{}] at {at}", hex(&insert));
    }
    if text.is_empty() {
        return "nothing (empty)".to_owned();
    }
    let at = at.min(text.len() - 1);
    match what {
        6 => {
            let bit = rng.below(8);
            text[at] ^= 1 << bit;
            format!("flipped bit {bit} at {at}")
        }
        7 => {
            text.truncate(at);
            format!("truncated to {at}")
        }
        8 => {
            text.remove(at);
            format!("removed byte {at}")
        }
        _ => {
            text[at] = rng.byte();
            format!("set byte {at} to {:02X}", text[at])
        }
    }
}

#[test]
fn random_texts_with_corruptions() {
    let cases = if RELEASE { 6000 } else { 600 };
    run_jobs("random texts", cases, |case, c| {
        let mut rng = Rng::new(0x6B65_726E_656C + case as u64);
        let len = if rng.chance(1, 4) {
            1 + rng.below(300)
        } else {
            1 + rng.below(5 << 10)
        };
        let mut text = random_text(&mut rng, len);
        let valid = rng.chance(1, 4);
        let mut story = Vec::new();
        if !valid {
            for _ in 0..=rng.below(3) {
                story.push(corrupt(&mut rng, &mut text));
            }
        }
        let context = || format!("random text #{case} ({})", story.join(", "));
        c.check(&text, context);
        if valid {
            assert!(core::str::from_utf8(&text).is_ok(), "text #{case} is valid");
        }
        // Cut near a block boundary, and at a random alignment.
        let cut = random_position(&mut rng, text.len());
        c.check(&text[..cut], || format!("{}, first {cut} bytes", context()));
        let align = rng.below(64);
        c.check_parts(&[&text], align, || {
            format!("{}, aligned +{align}", context())
        });
    });
}

#[test]
fn ascii_runs_then_one_bad_byte() {
    let bad: Vec<&[u8]> = [
        &b"\x80"[..],
        b"\xBF",
        b"\xC0",
        b"\xC1",
        b"\xC2",
        b"\xDF",
        b"\xE0",
        b"\xED",
        b"\xF0",
        b"\xF4",
        b"\xF5",
        b"\xF8",
    ]
    .into_iter()
    .chain(BAD_SEQUENCES)
    .collect();
    let after: [&[u8]; 6] = [
        b"",
        b"b",
        &[b'b'; 64],
        &[b'b'; 300],
        "é€😀".as_bytes(),
        b"\x80\x80",
    ];
    let runs: Vec<usize> = (256..=640).collect();
    run_jobs("ASCII runs then a bad byte", runs.len(), |r, c| {
        let run = vec![b'a'; runs[r]];
        for &bad in &bad {
            for &after in &after {
                c.check_parts(&[&run, bad, after], 0, || {
                    format!(
                        "{} x 'a', [{}], then {} bytes [{}...]",
                        run.len(),
                        hex(bad),
                        after.len(),
                        hex(&after[..after.len().min(4)])
                    )
                });
            }
        }
    });
}

/// Lengths at which a block, group or lane ends.
fn block_ends() -> Vec<usize> {
    (16..=1024)
        .step_by(16)
        .chain([1280, 1536, 1792, 2048])
        .collect()
}

#[test]
fn sequences_cut_off_at_block_ends() {
    let ends = block_ends();
    let pieces: Vec<&[u8]> = CUT_SEQUENCES
        .into_iter()
        .chain(WHOLE_CHARS.iter().map(|c| c.as_bytes()))
        .collect();
    let a64 = [b'a'; 64];
    let a300 = [b'a'; 300];
    let after: [&[u8]; 9] = [
        b"",
        b"a",
        &a64[..15],
        &a64[..16],
        &a64[..32],
        &a64,
        &a300[..256],
        &a300,
        "éééééééé".as_bytes(),
    ];
    run_jobs("sequences at block ends", ends.len(), |e, c| {
        let end = ends[e];
        for fill in Fill::ALL {
            for &piece in &pieces {
                // Ending exactly at the block end, starting there, starting
                // a byte before it.
                for before in [end - piece.len(), end, end - 1] {
                    let prefix = fill.make(before);
                    for &after in &after {
                        c.check_parts(&[&prefix, piece, after], 0, || {
                            format!(
                                "{} filler of {before} bytes, [{}], then {} bytes [{}...]",
                                fill.name(),
                                hex(piece),
                                after.len(),
                                hex(&after[..after.len().min(4)])
                            )
                        });
                    }
                }
            }
        }
    });
}

// ---------------------------------------------------------------------------
// 4. Unaligned: the same kinds of input at every alignment
// ---------------------------------------------------------------------------

#[test]
fn every_alignment() {
    let short: Vec<Vec<u8>> = CLASSES
        .iter()
        .map(|&b| vec![b])
        .chain(BAD_SEQUENCES.iter().map(|s| s.to_vec()))
        .chain(CUT_SEQUENCES.iter().map(|s| s.to_vec()))
        .chain(WHOLE_CHARS.iter().map(|s| s.as_bytes().to_vec()))
        .collect();
    let frames = frames(rotating, &["", "z"]);
    let files = data_files();
    let texts: Vec<(String, Vec<u8>)> = (0..if RELEASE { 64 } else { 8 })
        .map(|i| {
            let mut rng = Rng::new(0x0061_6C69_676E + i);
            let len = 1 + rng.below(5 << 10);
            let mut text = random_text(&mut rng, len);
            let story = if i % 4 == 0 {
                "valid".to_owned()
            } else {
                corrupt(&mut rng, &mut text)
            };
            (format!("random text #{i} ({story})"), text)
        })
        .collect();
    // Nothing; 61 bytes (one 64-byte block in all); more than a group.
    let after_start: [&[u8]; 4] = [b"", &[b'z'; 61], Z256.as_bytes(), E256.as_bytes()];
    run_jobs("every alignment", 64, |align, c| {
        // Every 3-byte class input at the very start (with the bytes before
        // the slice a lead that would complete it), alone or followed.
        for i in 0..CLASSES.len().pow(3) {
            let bytes = class_input(3, i);
            for after in after_start {
                c.check_parts(&[&bytes[..3], after], align, || {
                    format!(
                        "[{}] at the start, then {} bytes, aligned +{align}",
                        hex(&bytes[..3]),
                        after.len()
                    )
                });
            }
        }
        for input in &short {
            for frame in &frames {
                c.check_parts(&[&frame.prefix, input, frame.suffix], align, || {
                    format!(
                        "[{}] at offset {} ({}), aligned +{align}",
                        hex(input),
                        frame.prefix.len(),
                        frame.name
                    )
                });
            }
        }
        for (name, text) in &texts {
            c.check_parts(&[text], align, || format!("{name}, aligned +{align}"));
        }
        for (name, file) in &files {
            let head = &file[..file.len().min(4096)];
            c.check_parts(&[head], align, || {
                format!("{name}, first 4096 bytes, aligned +{align}")
            });
            let tail = &file[file.len().saturating_sub(1000)..];
            c.check_parts(&[tail], align, || {
                format!("{name}, last 1000 bytes, aligned +{align}")
            });
        }
        for end in [64, 128, 256, 512] {
            for fill in [Fill::Ascii, Fill::Mixed] {
                for piece in CUT_SEQUENCES {
                    let prefix = fill.make(end - piece.len());
                    for after in [&b""[..], &[b'a'; 64]] {
                        c.check_parts(&[&prefix, piece, after], align, || {
                            format!(
                                "{} filler of {} bytes, [{}], then {} x 'a', aligned +{align}",
                                fill.name(),
                                prefix.len(),
                                hex(piece),
                                after.len()
                            )
                        });
                    }
                }
            }
        }
    });
}

// The AVX-512 kernel reads aligned blocks (once the input is long enough
// for that to pay): the first block ends at the first 64-byte boundary,
// `64 - align` bytes in, and groups of four blocks follow. Inputs around the
// end of that first block, of the next block and of the first group, at
// every alignment, followed by enough text (ASCII or not) to take the
// aligned path; and at the end of the first group, followed by little.
#[test]
fn inputs_around_the_first_aligned_block_at_every_alignment() {
    let mut frames = Vec::new();
    for align in 0..64 {
        let first = 64 - align;
        let near = |b: usize| b.saturating_sub(3)..=b + 3;
        let offsets: Vec<usize> = [first, first + 64, first + 256]
            .into_iter()
            .flat_map(near)
            .collect();
        frames.extend(frames_at(&offsets, align, rotating, &[Z256, E256]));
        let offsets: Vec<usize> = near(first + 256).collect();
        frames.extend(frames_at(&offsets, align, rotating, &["", "z"]));
    }
    let (two, three) = if RELEASE { (1, 32) } else { (5, 331) };
    sweep(
        "1-byte inputs around the first aligned block",
        &frames,
        1,
        256,
        |_| 1,
        |i| [i as u8, 0, 0, 0],
    );
    sweep(
        "2-byte class inputs around the first aligned block",
        &frames,
        2,
        CLASSES.len().pow(2),
        |_| two,
        |i| class_input(2, i),
    );
    sweep(
        "3-byte class inputs around the first aligned block",
        &frames,
        3,
        CLASSES.len().pow(3),
        |_| three,
        |i| class_input(3, i),
    );
}
