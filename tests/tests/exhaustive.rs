//! Exhaustive: every input of 0 to 3 bytes, and every input of 4 bytes,
//! through the reference decoder `utf8lit::decode::validate`, compared with
//! `core::str::from_utf8` (verdict, `valid_up_to`, `error_len`) and with the
//! oracle kind (ARCHITECTURE.md's kind table applied to std's position).
//!
//! The 4-byte run covers 2^32 inputs and is only fast enough optimised:
//! `cargo test -p utf8lit-tests --release --test exhaustive -- --nocapture`.
//! Work is split by first byte over `available_parallelism()` threads.

#![forbid(unsafe_code)]

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use utf8lit::{decode, Utf8Error};
use utf8lit_tests::{hex, oracle_kind};

/// How many mismatching inputs a run prints before failing.
const SHOWN: usize = 20;

/// One worker's count of checked inputs and mismatches.
#[derive(Debug, Default)]
struct Tally {
    checked: u64,
    mismatches: u64,
    samples: Vec<String>,
}

impl Tally {
    /// Records a disagreement; out of line, the loop never gets here.
    #[cold]
    #[inline(never)]
    fn mismatch(&mut self, input: &[u8], ours: Result<(), Utf8Error>, want: Position) {
        self.mismatches += 1;
        if self.samples.len() < SHOWN {
            let want = want.map_err(|(valid_up_to, error_len)| {
                (
                    valid_up_to,
                    error_len,
                    oracle_kind(input, valid_up_to, error_len),
                )
            });
            let got = ours.map_err(|e| (e.valid_up_to(), e.error_len(), e.kind()));
            self.samples
                .push(format!("[{}]: got {got:?}, want {want:?}", hex(input)));
        }
    }

    fn merge(&mut self, other: Self) {
        self.checked += other.checked;
        self.mismatches += other.mismatches;
        self.samples.extend(other.samples);
    }

    /// Prints the outcome and fails if anything disagreed.
    fn finish(mut self, what: &str, expected_count: u64, started: Instant) {
        let elapsed = started.elapsed();
        println!(
            "{what}: {} inputs in {:.2?} ({} M/s), {} mismatches",
            self.checked,
            elapsed,
            u128::from(self.checked) / elapsed.as_micros().max(1),
            self.mismatches
        );
        self.samples.sort();
        self.samples.truncate(SHOWN);
        assert!(
            self.mismatches == 0,
            "{what}: {} of {} inputs disagree with core::str::from_utf8 / the oracle kind; first {}:\n  {}",
            self.mismatches,
            self.checked,
            self.samples.len(),
            self.samples.join("\n  ")
        );
        assert_eq!(self.checked, expected_count, "{what}: inputs checked");
    }
}

/// std's answer: `Ok`, or `(valid_up_to, error_len)`.
type Position = Result<(), (usize, Option<usize>)>;

/// `core::str::from_utf8`'s answer for `input`.
#[inline]
fn std_position(input: &[u8]) -> Position {
    core::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// Compares the reference decoder on `input` with std's answer `want` and
/// the oracle kind.
#[expect(
    clippy::inline_always,
    reason = "the 2^32 loop is markedly faster with this inlined into it"
)]
#[inline(always)]
fn check_against(input: &[u8], want: Position, tally: &mut Tally) {
    let ours = decode::validate(input);
    let agree = match (&ours, want) {
        (Ok(()), Ok(())) => true,
        (Err(e), Err((valid_up_to, error_len))) => {
            e.valid_up_to() == valid_up_to
                && e.error_len() == error_len
                && e.kind() == oracle_kind(input, valid_up_to, error_len)
        }
        _ => false,
    };
    if !agree {
        tally.mismatch(input, ours, want);
    }
}

/// Compares the reference decoder with std on one input, and the run-time
/// entry point with the reference decoder (`check_runtime`).
#[inline]
fn check(input: &[u8], tally: &mut Tally) {
    check_against(input, std_position(input), tally);
    check_runtime(input, tally);
}

/// Runs `work(first_byte, tally)` for every first byte 00–FF, spread over
/// the available cores, and returns the merged tally.
fn for_each_first_byte(work: impl Fn(u8, &mut Tally) + Sync) -> Tally {
    let threads = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut tally = Tally::default();
                loop {
                    let first = next.fetch_add(1, Ordering::Relaxed);
                    let Ok(first) = u8::try_from(first) else {
                        break;
                    };
                    work(first, &mut tally);
                }
                total.lock().expect("no worker panicked").merge(tally);
            });
        }
    });
    total.into_inner().expect("no worker panicked")
}

/// The run-time entry point must return the very same result as the
/// reference decoder: under four bytes it takes a path of its own.
fn check_runtime(input: &[u8], tally: &mut Tally) {
    let (runtime, reference) = (utf8lit::validate(input), decode::validate(input));
    if runtime != reference {
        tally.mismatches += 1;
        tally.samples.push(format!(
            "[{}]: utf8lit::validate {runtime:?} != decode::validate {reference:?}",
            hex(input)
        ));
    }
}

#[test]
fn every_input_of_0_to_3_bytes() {
    let started = Instant::now();
    let mut tally = Tally::default();
    check(&[], &mut tally);
    tally.checked += 1;
    for b0 in 0..=u8::MAX {
        check(&[b0], &mut tally);
        for b1 in 0..=u8::MAX {
            check(&[b0, b1], &mut tally);
        }
        tally.checked += 257;
    }
    tally.merge(for_each_first_byte(|b0, tally| {
        let mut input = [b0, 0, 0];
        for b1 in 0..=u8::MAX {
            input[1] = b1;
            for b2 in 0..=u8::MAX {
                input[2] = b2;
                check(&input, tally);
            }
        }
        tally.checked += 1 << 16;
    }));
    tally.finish("0..=3 bytes", 1 + 256 + 65_536 + 16_777_216, started);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over 2^32 inputs: run with --release"
)]
fn every_input_of_4_bytes() {
    let started = Instant::now();
    let tally = for_each_first_byte(|b0, tally| {
        let mut input = [b0, 0, 0, 0];
        for b1 in 0..=u8::MAX {
            input[1] = b1;
            for b2 in 0..=u8::MAX {
                input[2] = b2;
                // An error std finds in the first three bytes *with* a length
                // ends before the fourth byte (its maximal subpart is closed
                // by a byte that cannot continue it), so the fourth byte
                // cannot change std's answer: ask std once for the prefix.
                // Otherwise (valid or cut off so far) ask it for every input.
                let decided = match std_position(&input[..3]) {
                    Err((valid_up_to, Some(n))) => Some(Err((valid_up_to, Some(n)))),
                    _ => None,
                };
                for b3 in 0..=u8::MAX {
                    input[3] = b3;
                    let want = decided.unwrap_or_else(|| std_position(&input));
                    check_against(&input, want, tally);
                }
                if let Some(want) = decided {
                    // Spot-check that reasoning against std on a full input.
                    input[3] = b1 ^ b2;
                    assert_eq!(std_position(&input), want, "{}", hex(&input));
                }
            }
        }
        tally.checked += 1 << 24;
    });
    tally.finish("4 bytes", 1 << 32, started);
}
