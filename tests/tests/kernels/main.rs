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
//! reference decoder always run. A skipped kernel is not a failure, so every
//! suite says what it left out, in a line of its own:
//! `SKIPPED (CPU lacks them): avx512; not for this architecture: neon`
//! (shown with `--nocapture`; CI runs `kernel_inventory` that way so that
//! its log names them). `UTF8LIT_TEST_KERNELS=neon` (comma-separated names)
//! checks only the kernels it names, and the same line says which it left
//! out; CI sets it under qemu, where SWAR and the reference would repeat
//! what the native run checks at a hundred times the cost. A failure names the kernel, the input's
//! construction (offset, filler, alignment), the answer and the expected
//! one, and shows the bytes around the first disagreement; the shortest
//! failing input of each kernel is printed whole. Debug builds check fewer
//! random texts and sparser class patterns after multi-byte filler, but
//! every kernel at every boundary offset.
//! `cargo test -p utf8lit-tests --release --test kernels -- --nocapture`
//! prints each suite's input count and time.
//!
//! The machinery is in `check.rs` (one input through every kernel, with the
//! failure report) and `inputs.rs` (offsets, fillers, frames); each numbered
//! suite above is a file of its own, and `inventory.rs` says which kernels
//! this machine runs.

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

mod check;
mod inputs;

mod conformance;
mod exhaustive;
mod inventory;
mod random;
mod unaligned;

use check::*;
use inputs::*;
