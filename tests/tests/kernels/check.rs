//! Checking one input through every kernel, and reporting a disagreement.

use super::*;

// ---------------------------------------------------------------------------
// Checking one input through every kernel
// ---------------------------------------------------------------------------

/// `core::str::from_utf8`'s answer: `Ok`, or `(valid_up_to, error_len)`.
pub(crate) type Position = Result<(), (usize, Option<usize>)>;

pub(crate) fn std_position(input: &[u8]) -> Position {
    core::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()))
}

pub(crate) fn position(result: &Result<(), Utf8Error>) -> Position {
    result.map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// A result the way the messages print it.
pub(crate) fn show(result: &Result<(), Utf8Error>) -> String {
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
pub(crate) fn window(input: &[u8], centre: usize) -> String {
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
pub(crate) const GUARD_BEFORE: u8 = 0xF0;
pub(crate) const GUARD_AFTER: u8 = 0x80;
/// At least this many guard bytes on each side, beyond the alignment.
pub(crate) const GUARD_LEN: usize = 64;

/// How many messages a failing suite prints.
pub(crate) const SHOWN: usize = 20;

/// The available kernels, with SWAR and the reference always among them.
pub(crate) fn available_kernels() -> Vec<Kernel> {
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

/// Names the kernels a run checks, comma-separated (`neon`); unset, it
/// checks every available one. Under emulation, where each input costs
/// hundreds of times what it does natively, CI checks only the kernel that
/// needs the emulated CPU: SWAR and the reference are the same code on every
/// 64-bit little-endian target and run natively in the same CI.
pub(crate) const ONLY: &str = "UTF8LIT_TEST_KERNELS";

/// The kernels `ONLY` names, or `None` when it is unset or empty. A name that is not
/// a kernel, or one this CPU cannot run, fails: the filter must not turn a
/// run into one that checks nothing.
fn only_kernels() -> Option<Vec<Kernel>> {
    let value = std::env::var(ONLY).ok().filter(|v| !v.trim().is_empty())?;
    let kernels: Vec<Kernel> = value
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| {
            let kernel = Kernel::ALL
                .into_iter()
                .find(|k| k.name() == name)
                .unwrap_or_else(|| panic!("{ONLY}={value}: {name:?} is not a kernel"));
            assert!(
                kernel.is_available(),
                "{ONLY}={value}: this CPU cannot run {name}"
            );
            kernel
        })
        .collect();
    assert!(!kernels.is_empty(), "{ONLY}={value:?} names no kernel");
    Some(kernels)
}

/// The kernels each input goes through: every available one, or those
/// `UTF8LIT_TEST_KERNELS` names.
pub(crate) fn checked_kernels() -> Vec<Kernel> {
    only_kernels().unwrap_or_else(available_kernels)
}

/// Whether `kernel` is written for the architecture these tests run on.
fn for_this_architecture(kernel: Kernel) -> bool {
    match kernel {
        Kernel::Avx512 | Kernel::Avx512Loads | Kernel::Avx2 | Kernel::Sse42 => {
            cfg!(target_arch = "x86_64")
        }
        Kernel::Neon => cfg!(target_arch = "aarch64"),
        _ => true,
    }
}

/// What a run on this machine leaves out, as one line: the kernels of this
/// architecture that the CPU lacks (their code is not exercised here, and a
/// suite passes without them), then those of other architectures.
///
/// Every suite prints it, and so does `kernel_inventory`, which CI runs
/// with `--nocapture` so that its log names them: a pass must not look like
/// it covered a kernel that never ran.
pub(crate) fn skipped_line() -> String {
    let names = |wanted: fn(Kernel) -> bool| -> String {
        let names: Vec<&str> = Kernel::ALL
            .into_iter()
            .filter(|&k| !k.is_available() && wanted(k))
            .map(Kernel::name)
            .collect();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(" ")
        }
    };
    let mut line = format!(
        "SKIPPED (CPU lacks them): {}; not for this architecture: {}",
        names(for_this_architecture),
        names(|k| !for_this_architecture(k))
    );
    let n = every();
    if n > 1 {
        let _ = write!(
            line,
            "; sparse ({SPARSE}={n}): the exhaustive suites check every {n}th pattern \
             where a full run checks all"
        );
    }
    if let Some(only) = only_kernels() {
        let left_out: Vec<&str> = available_kernels()
            .into_iter()
            .filter(|k| !only.contains(k))
            .map(Kernel::name)
            .collect();
        if !left_out.is_empty() {
            let value = std::env::var(ONLY).unwrap_or_default();
            let _ = write!(line, "; not run ({ONLY}={value}): {}", left_out.join(" "));
        }
    }
    line
}

/// Runs inputs through every available kernel and collects disagreements.
#[derive(Debug)]
pub(crate) struct Checker {
    pub(crate) kernels: Vec<Kernel>,
    pub(crate) selected: Kernel,
    /// Where inputs are assembled, between guard bytes.
    pub(crate) scratch: Vec<u8>,
    pub(crate) inputs: u64,
    pub(crate) bytes: u64,
    pub(crate) mismatches: u64,
    pub(crate) samples: Vec<String>,
    /// The shortest failing input per culprit: (length, message).
    pub(crate) shortest: BTreeMap<&'static str, (usize, String)>,
}

impl Checker {
    pub(crate) fn new() -> Self {
        let selected = Kernel::selected();
        assert!(
            selected.is_available(),
            "Kernel::selected() = {} is not available",
            selected.name()
        );
        Self {
            kernels: checked_kernels(),
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
    pub(crate) fn place(&mut self, parts: &[&[u8]], align: usize) -> std::ops::Range<usize> {
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
    pub(crate) fn check_parts(
        &mut self,
        parts: &[&[u8]],
        align: usize,
        context: impl FnOnce() -> String,
    ) {
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
        // With the selected kernel filtered out (UTF8LIT_TEST_KERNELS),
        // `validate` is held to the reference, which that kernel must equal.
        if !self.kernels.contains(&self.selected) {
            selected_answer = Some(reference);
        }
        let runtime = utf8lit::validate(input);
        if Some(&runtime) != selected_answer.as_ref() {
            let centre = centre_of(Some(&runtime), &reference, input.len());
            fail(self, "utf8lit::validate", show(&runtime), centre);
        }
        self.scratch = scratch;
    }

    /// Checks `input` as it is, at alignment 0.
    pub(crate) fn check(&mut self, input: &[u8], context: impl FnOnce() -> String) {
        self.check_parts(&[input], 0, context);
    }

    #[cold]
    #[inline(never)]
    #[expect(clippy::too_many_arguments, reason = "one failure's whole story")]
    pub(crate) fn record(
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

    pub(crate) fn merge(&mut self, other: Self) {
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

    /// Prints the count and time and the kernels left out, and fails with
    /// the collected messages.
    pub(crate) fn finish(mut self, what: &str, started: Instant) {
        let names: Vec<&str> = self.kernels.iter().map(|k| k.name()).collect();
        println!(
            "{what}: {} inputs ({} bytes) x {} kernels [{}] in {:.2?}, {} failed checks\n{what}: {}",
            self.inputs,
            self.bytes,
            names.len(),
            names.join(" "),
            started.elapsed(),
            self.mismatches,
            skipped_line()
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
pub(crate) fn centre_of(
    got: Option<&Result<(), Utf8Error>>,
    reference: &Result<(), Utf8Error>,
    len: usize,
) -> usize {
    let at = |r: &Result<(), Utf8Error>| r.as_ref().map_or_else(Utf8Error::valid_up_to, |()| len);
    got.map_or(len, at).min(at(reference))
}

/// Runs `work(job, checker)` for every job in `0..jobs` over the available
/// cores, then fails with every disagreement found.
pub(crate) fn run_jobs(what: &str, jobs: usize, work: impl Fn(usize, &mut Checker) + Sync) {
    let started = Instant::now();
    let threads = std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .min(jobs.max(1));
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Checker::new());
    let worker = || {
        let mut checker = Checker::new();
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs {
                break;
            }
            work(job, &mut checker);
        }
        total.lock().expect("no worker panicked").merge(checker);
    };
    if threads == 1 {
        // On this thread: wasm32-wasip1 (`.ci/wasm/test`) has no threads to
        // spawn, and says it has one.
        worker();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(worker);
            }
        });
    }
    total
        .into_inner()
        .expect("no worker panicked")
        .finish(what, started);
}
