//! Facts about bytes that several layers need: whether a file is binary,
//! whether it starts as UTF-16, how long a problem is, and `plural` for the
//! counts every sentence gives.
//!
//! The bottom layer: it knows nothing of options, verdicts or output
//! formats, so the verdict, `--fix` and the report can all stand on it
//! without standing on each other.

use utf8lit::{Bom, Utf8Error};

/// How many bytes from the start are searched for a NUL to call a file
/// binary (the same rule as git and grep).
pub const BINARY_PROBE: usize = 8 * 1024;

/// The offset of the first NUL in the first [`BINARY_PROBE`] bytes, if any.
/// (A UTF-16 file has NULs too, and is text all the same: see
/// [`starts_utf16`].)
#[must_use]
pub fn binary_nul(bytes: &[u8]) -> Option<usize> {
    let probe = bytes.get(..BINARY_PROBE).unwrap_or(bytes);
    // `contains` is a vectorised search; the position only when it is there.
    if probe.contains(&0) {
        probe.iter().position(|&b| b == 0)
    } else {
        None
    }
}

/// Whether `bytes` start with a UTF-16 byte-order mark: text, if in the
/// wrong encoding, however many NULs its ASCII brings. It is never skipped
/// as binary, and its verdict is worth giving.
#[must_use]
pub fn starts_utf16(bytes: &[u8]) -> bool {
    matches!(Bom::detect(bytes), Some(Bom::Utf16Le | Bom::Utf16Be))
}

/// How many bytes a problem covers from its offset: the whole form the error
/// quotes (a CESU-8 pair is six bytes), at least its maximal subpart, and for
/// a sequence cut off by the end of input, everything left. This is the step
/// `utf8lit::problems` takes from one problem to the next.
#[must_use]
pub fn problem_len(err: &Utf8Error, input_len: usize) -> usize {
    match err.error_len() {
        Some(len) => len.max(err.bytes().len()),
        None => input_len.saturating_sub(err.valid_up_to()),
    }
    .max(1)
}

/// `1 problem`, `2 problems`.
#[must_use]
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
