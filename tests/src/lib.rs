//! Shared helpers for the `utf8lit` conformance, exhaustive and differential suites.
//!
//! Everything here is an *oracle* or plumbing for one, written from the
//! specification rather than from the library:
//!
//! - [`Table`] reads the TSV files in `data/vectors/` (see `data/ORACLES.md`);
//! - [`expected`] and [`expected_errors`] derive the answer from
//!   `core::str::from_utf8` plus [`oracle_kind`], ARCHITECTURE.md's error-kind table
//!   applied to the bytes;
//! - [`decode_errors`] walks a library error by error with
//!   `utf8lit::decode::validate_from`, and [`lossy`] turns any error list into
//!   the U+FFFD "maximal subpart" substitution;
//! - [`Rng`] is a tiny seeded xorshift generator, so the differential suite
//!   needs no dependency and every run sees the same inputs;
//! - [`Mismatches`] collects failures so a table test reports all of them,
//!   not only the first.
//!
//! Data files are always read as raw bytes (`std::fs::read`), never through an
//! API that could normalise line endings or re-encode.

#![forbid(unsafe_code)]

use std::fmt::{self, Debug, Display, Write as _};

use utf8lit::{ErrorKind, Utf8Error};

/// The folder holding the test data, `tests/data` of this package.
pub const DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");

/// UTF-8 of U+FFFD REPLACEMENT CHARACTER.
pub const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];

/// Reads a data file (path relative to `tests/data`) as raw bytes.
///
/// # Panics
///
/// If the file cannot be read.
#[must_use]
pub fn read_data(relative: &str) -> Vec<u8> {
    let path = format!("{DATA_DIR}/{relative}");
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

// ---------------------------------------------------------------------------
// TSV tables
// ---------------------------------------------------------------------------

/// A TSV file from `data/vectors/`: `#` lines are comments, the first other
/// line is the header.
#[derive(Debug)]
pub struct Table {
    name: String,
    header: Vec<String>,
    rows: Vec<(usize, Vec<String>)>,
}

/// One data row of a [`Table`], with access to its fields by column name.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    table: &'a Table,
    line: usize,
    fields: &'a [String],
}

impl Table {
    /// Loads `data/<relative>`.
    ///
    /// # Panics
    ///
    /// If the file is missing, is not UTF-8, has no header, or a row's field
    /// count differs from the header's.
    #[must_use]
    pub fn load(relative: &str) -> Self {
        let bytes = read_data(relative);
        let text =
            String::from_utf8(bytes).unwrap_or_else(|e| panic!("{relative} is not UTF-8: {e}"));
        let mut header = None;
        let mut rows = Vec::new();
        for (index, line) in text.split('\n').enumerate() {
            let line_no = index + 1;
            if line.starts_with('#') || (line.is_empty() && header.is_some()) {
                continue;
            }
            let fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
            match &header {
                None => header = Some(fields),
                Some(h) => {
                    let h: &Vec<String> = h;
                    assert_eq!(
                        fields.len(),
                        h.len(),
                        "{relative}:{line_no}: {} fields, header has {}",
                        fields.len(),
                        h.len()
                    );
                    rows.push((line_no, fields));
                }
            }
        }
        Self {
            name: relative.to_owned(),
            header: header.unwrap_or_else(|| panic!("{relative} has no header")),
            rows,
        }
    }

    /// The data rows, in file order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> + '_ {
        self.rows.iter().map(move |(line, fields)| Row {
            table: self,
            line: *line,
            fields,
        })
    }

    /// Number of data rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no data rows.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

impl<'a> Row<'a> {
    /// The raw text of column `column`.
    ///
    /// # Panics
    ///
    /// If the table has no such column.
    #[must_use]
    pub fn get(&self, column: &str) -> &'a str {
        let index = self
            .table
            .header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("{} has no column {column:?}", self.table.name));
        &self.fields[index]
    }

    /// Column `column` as hex bytes (see [`parse_hex`]).
    ///
    /// # Panics
    ///
    /// If the column is missing or malformed.
    #[must_use]
    pub fn hex(&self, column: &str) -> Vec<u8> {
        parse_hex(self.get(column)).unwrap_or_else(|e| panic!("{self}: column {column}: {e}"))
    }

    /// Column `column` as a number.
    ///
    /// # Panics
    ///
    /// If the column is missing or not a decimal number.
    #[must_use]
    pub fn usize(&self, column: &str) -> usize {
        let text = self.get(column);
        text.parse()
            .unwrap_or_else(|e| panic!("{self}: column {column}: {text:?}: {e}"))
    }

    /// Column `column` as a `0`/`1` flag.
    ///
    /// # Panics
    ///
    /// If the column is missing or not `0` or `1`.
    #[must_use]
    pub fn flag(&self, column: &str) -> bool {
        match self.get(column) {
            "0" => false,
            "1" => true,
            other => panic!("{self}: column {column}: {other:?} is not 0 or 1"),
        }
    }

    /// The expected outcome described by the `valid`, `valid_up_to`,
    /// `error_len` and `kind` columns.
    ///
    /// # Errors
    ///
    /// The expected failure, for a row with `valid` = 0.
    ///
    /// # Panics
    ///
    /// If the columns are missing or inconsistent (e.g. `valid` = 1 with a
    /// position).
    pub fn outcome(&self) -> Result<(), Failure> {
        let valid = self.flag("valid");
        let position = (
            self.get("valid_up_to"),
            self.get("error_len"),
            self.get("kind"),
        );
        if valid {
            assert_eq!(
                position,
                ("-", "-", "-"),
                "{self}: valid row with a position"
            );
            return Ok(());
        }
        let error_len =
            parse_error_len(position.1).unwrap_or_else(|e| panic!("{self}: column error_len: {e}"));
        let kind = parse_kind(position.2).unwrap_or_else(|e| panic!("{self}: column kind: {e}"));
        Err(Failure {
            valid_up_to: self.usize("valid_up_to"),
            error_len,
            kind,
        })
    }
}

impl Display for Row<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.table.name, self.line)?;
        if let Some(index) = self.table.header.iter().position(|h| h == "id") {
            write!(f, " ({})", self.fields[index])?;
        }
        Ok(())
    }
}

/// Parses upper-case hex pairs separated by single spaces; the empty string
/// is the empty input.
///
/// # Errors
///
/// If a token is not exactly two upper-case hex digits.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(' ')
        .map(|pair| {
            let ok = pair.len() == 2
                && pair
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b));
            if ok {
                u8::from_str_radix(pair, 16).map_err(|e| format!("{pair:?}: {e}"))
            } else {
                Err(format!("{pair:?} is not an upper-case hex pair"))
            }
        })
        .collect()
}

/// Formats bytes the way the TSV files write them (`C0 80`).
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write!(out, "{b:02X}").expect("writing to a String cannot fail");
    }
    out
}

/// Parses an `error_len` field: `None` or a positive number.
///
/// # Errors
///
/// If the field is anything else (including `-`).
pub fn parse_error_len(text: &str) -> Result<Option<usize>, String> {
    if text == "None" {
        return Ok(None);
    }
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(format!("{text:?} is not None or a positive number")),
    }
}

/// Parses a `kind` field into an [`ErrorKind`] (variant names as in ARCHITECTURE.md's kind table).
///
/// # Errors
///
/// If the name is unknown (including `-`).
pub fn parse_kind(text: &str) -> Result<ErrorKind, String> {
    Ok(match text {
        "UnexpectedContinuation" => ErrorKind::UnexpectedContinuation,
        "MissingContinuation" => ErrorKind::MissingContinuation,
        "Truncated" => ErrorKind::Truncated,
        "Overlong" => ErrorKind::Overlong,
        "Surrogate" => ErrorKind::Surrogate,
        "OutOfRange" => ErrorKind::OutOfRange,
        "ObsoleteForm" => ErrorKind::ObsoleteForm,
        "InvalidByte" => ErrorKind::InvalidByte,
        other => return Err(format!("{other:?} is not an ErrorKind")),
    })
}

// ---------------------------------------------------------------------------
// The oracle: core::str::from_utf8 plus ARCHITECTURE.md's kind table
// ---------------------------------------------------------------------------

/// Whether `b` is a continuation byte (`10xxxxxx`, 80–BF).
#[must_use]
pub const fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// The error kind ARCHITECTURE.md's table assigns to the error `core::str::from_utf8`
/// reports at `valid_up_to` with `error_len`.
///
/// Written from the rule, not from the library: `error_len` `None` is
/// `Truncated`; otherwise the first byte decides (80–BF, C0/C1, F5–F7, F8–FD,
/// FE/FF), and for a valid lead the second byte decides between the
/// special-cased ranges of Table 3-7 and `MissingContinuation`.
///
/// # Panics
///
/// If `valid_up_to` is out of bounds, or names a byte that starts a
/// well-formed sequence (i.e. the position did not come from an error).
#[must_use]
pub fn oracle_kind(bytes: &[u8], valid_up_to: usize, error_len: Option<usize>) -> ErrorKind {
    if error_len.is_none() {
        return ErrorKind::Truncated;
    }
    let lead = bytes[valid_up_to];
    let second = bytes.get(valid_up_to + 1).copied();
    match lead {
        0x80..=0xBF => ErrorKind::UnexpectedContinuation,
        0xC0 | 0xC1 => ErrorKind::Overlong,
        0xF5..=0xF7 => ErrorKind::OutOfRange,
        0xF8..=0xFD => ErrorKind::ObsoleteForm,
        0xFE | 0xFF => ErrorKind::InvalidByte,
        0xC2..=0xF4 => match second {
            Some(b) if is_continuation(b) => match (lead, b) {
                (0xE0, 0x80..=0x9F) | (0xF0, 0x80..=0x8F) => ErrorKind::Overlong,
                (0xED, 0xA0..=0xBF) => ErrorKind::Surrogate,
                (0xF4, 0x90..=0xBF) => ErrorKind::OutOfRange,
                _ => ErrorKind::MissingContinuation,
            },
            _ => ErrorKind::MissingContinuation,
        },
        0x00..=0x7F => panic!(
            "oracle_kind: byte {lead:02X} at {valid_up_to} is ASCII, not the start of an error"
        ),
    }
}

/// The bytes `Utf8Error::bytes` documents for an error at `valid_up_to`
/// (the "whole offending form" the message quotes), derived from the input:
///
/// - a stray continuation byte or `FE`/`FF`: that one byte;
/// - a missing continuation: the `error_len` bytes before the intruder;
/// - truncated: the rest of the input;
/// - overlong, surrogate, out of range, obsolete: the lead and the
///   continuation bytes that follow it, up to the length the lead announces
///   under RFC 2279 (2 for `C0`, 3 for `E0`/`ED`, 4 for `F0`–`F7`, 5 for
///   `F8`–`FB`, 6 for `FC`/`FD`); all six bytes for a CESU-8 pair
///   `ED A0–AF xx ED B0–BF xx`.
///
/// # Panics
///
/// If `valid_up_to` is out of bounds.
#[must_use]
pub fn oracle_bytes(bytes: &[u8], failure: &Failure) -> Vec<u8> {
    let rest = &bytes[failure.valid_up_to..];
    let len = match failure.kind {
        ErrorKind::UnexpectedContinuation | ErrorKind::InvalidByte => 1,
        ErrorKind::MissingContinuation => failure.error_len.unwrap_or(1),
        ErrorKind::Truncated => rest.len(),
        _ => {
            let is_pair = matches!(
                rest,
                [0xED, 0xA0..=0xAF, h, 0xED, 0xB0..=0xBF, l, ..]
                    if is_continuation(*h) && is_continuation(*l)
            );
            if is_pair {
                6
            } else {
                let announced = match rest[0] {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF7 => 4,
                    0xF8..=0xFB => 5,
                    0xFC | 0xFD => 6,
                    other => panic!("oracle_bytes: {other:02X} cannot start {:?}", failure.kind),
                };
                1 + rest[1..]
                    .iter()
                    .take(announced - 1)
                    .take_while(|b| is_continuation(**b))
                    .count()
            }
        }
    };
    rest[..len.min(rest.len())].to_vec()
}

/// An error reduced to what can be compared with the oracle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Failure {
    /// `Utf8Error::valid_up_to`, absolute in the input that was validated.
    pub valid_up_to: usize,
    /// `Utf8Error::error_len`.
    pub error_len: Option<usize>,
    /// `Utf8Error::kind`, or [`oracle_kind`] for the oracle.
    pub kind: ErrorKind,
}

impl Failure {
    /// The comparable part of a library error.
    #[must_use]
    pub const fn of(error: &Utf8Error) -> Self {
        Self {
            valid_up_to: error.valid_up_to(),
            error_len: error.error_len(),
            kind: error.kind(),
        }
    }

    /// The same failure moved by `offset` bytes (for errors found in a slice).
    #[must_use]
    pub const fn shifted(self, offset: usize) -> Self {
        Self {
            valid_up_to: self.valid_up_to + offset,
            ..self
        }
    }

    /// Where the validation resumes after this error: past the maximal
    /// subpart, or at `len` when the input ends inside it.
    #[must_use]
    pub fn resume_at(&self, len: usize) -> usize {
        match self.error_len {
            Some(n) => self.valid_up_to + n,
            None => len,
        }
    }
}

/// The library's result reduced to a [`Failure`].
///
/// # Errors
///
/// The reduced error, if `result` is one.
pub fn observed(result: Result<(), Utf8Error>) -> Result<(), Failure> {
    result.map_err(|e| Failure::of(&e))
}

/// The oracle's answer for `bytes`: `core::str::from_utf8`'s position and
/// [`oracle_kind`].
///
/// # Errors
///
/// The expected failure, if `bytes` is not UTF-8.
pub fn expected(bytes: &[u8]) -> Result<(), Failure> {
    match core::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(Failure {
            valid_up_to: e.valid_up_to(),
            error_len: e.error_len(),
            kind: oracle_kind(bytes, e.valid_up_to(), e.error_len()),
        }),
    }
}

/// Every error of `bytes` by the oracle: `core::str::from_utf8` re-run after
/// each maximal subpart, with absolute offsets and [`oracle_kind`].
#[must_use]
pub fn expected_errors(bytes: &[u8]) -> Vec<Failure> {
    let mut errors = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        match expected(&bytes[pos..]) {
            Ok(()) => break,
            Err(f) => {
                let f = f.shifted(pos);
                pos = f.resume_at(bytes.len());
                errors.push(f);
            }
        }
    }
    errors
}

/// Every error of `bytes` by `utf8lit::decode::validate_from`, resuming
/// after each maximal subpart (`error_len` bytes, or the rest when `None`).
///
/// # Panics
///
/// If the library reports an error before the resume point or one that does
/// not advance (that would otherwise loop forever).
#[must_use]
pub fn decode_errors(bytes: &[u8]) -> Vec<Utf8Error> {
    let mut errors = Vec::new();
    let mut pos = 0;
    while let Err(e) = utf8lit::decode::validate_from(bytes, pos) {
        let f = Failure::of(&e);
        assert!(
            f.valid_up_to >= pos && f.valid_up_to < bytes.len() && f.error_len != Some(0),
            "validate_from(.., {pos}) on {} bytes returned {f:?}",
            bytes.len()
        );
        pos = f.resume_at(bytes.len());
        errors.push(e);
        if pos >= bytes.len() {
            // `validate_from` must also say Ok here; check it once.
            assert_eq!(
                observed(utf8lit::decode::validate_from(bytes, pos)),
                Ok(()),
                "validate_from at the end of input"
            );
            break;
        }
    }
    errors
}

/// Every error of `bytes` by the run-time entry point `utf8lit::validate`,
/// re-run on the rest of the input after each maximal subpart (absolute
/// offsets).
///
/// # Panics
///
/// If an error does not advance.
#[must_use]
pub fn runtime_errors(bytes: &[u8]) -> Vec<Failure> {
    let mut errors = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        match utf8lit::validate(&bytes[pos..]) {
            Ok(()) => break,
            Err(e) => {
                let f = Failure::of(&e).shifted(pos);
                assert_ne!(f.error_len, Some(0), "utf8lit::validate returned {f:?}");
                pos = f.resume_at(bytes.len());
                errors.push(f);
            }
        }
    }
    errors
}

/// `bytes` with each error's maximal subpart replaced by one U+FFFD.
///
/// # Panics
///
/// If the errors are not in increasing, non-overlapping order.
#[must_use]
pub fn lossy(bytes: &[u8], errors: &[Failure]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + errors.len() * 2);
    let mut pos = 0;
    for f in errors {
        assert!(
            f.valid_up_to >= pos,
            "errors out of order: {f:?} after {pos}"
        );
        out.extend_from_slice(&bytes[pos..f.valid_up_to]);
        out.extend_from_slice(&REPLACEMENT);
        pos = f.resume_at(bytes.len());
    }
    if pos < bytes.len() {
        out.extend_from_slice(&bytes[pos..]);
    }
    out
}

/// [`decode_errors`] reduced to [`Failure`]s.
#[must_use]
pub fn decode_failures(bytes: &[u8]) -> Vec<Failure> {
    decode_errors(bytes).iter().map(Failure::of).collect()
}

// ---------------------------------------------------------------------------
// Collecting mismatches
// ---------------------------------------------------------------------------

/// Counts failed checks and keeps the first few messages, so a table test
/// reports every disagreement instead of stopping at the first.
#[derive(Debug)]
pub struct Mismatches {
    what: String,
    checks: usize,
    count: usize,
    samples: Vec<String>,
}

impl Mismatches {
    /// How many messages [`Mismatches::finish`] prints.
    pub const SHOWN: usize = 25;

    /// Starts collecting for the test described by `what`.
    #[must_use]
    pub fn new(what: &str) -> Self {
        Self {
            what: what.to_owned(),
            checks: 0,
            count: 0,
            samples: Vec::new(),
        }
    }

    /// Records a failure unless `ok`; `message` is built only on failure.
    pub fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok {
            self.count += 1;
            if self.samples.len() < Self::SHOWN {
                self.samples.push(message());
            }
        }
    }

    /// Records a failure unless `got == want`.
    pub fn eq<T: PartialEq + Debug>(
        &mut self,
        context: &dyn Display,
        what: &str,
        got: &T,
        want: &T,
    ) {
        self.check(got == want, || {
            format!("{context}: {what}: got {got:?}, want {want:?}")
        });
    }

    /// Number of checks made so far.
    #[must_use]
    pub fn checks(&self) -> usize {
        self.checks
    }

    /// Panics with the collected messages if any check failed.
    ///
    /// # Panics
    ///
    /// If any check failed, or if no check was made at all (an empty data
    /// file must not pass silently).
    pub fn finish(self) {
        assert!(self.checks > 0, "{}: no checks were made", self.what);
        if self.count > 0 {
            let mut text = format!(
                "{}: {} of {} checks failed; first {}:\n",
                self.what,
                self.count,
                self.checks,
                self.samples.len()
            );
            for s in &self.samples {
                text.push_str("  ");
                text.push_str(s);
                text.push('\n');
            }
            panic!("{text}");
        }
    }
}

// ---------------------------------------------------------------------------
// Random inputs
// ---------------------------------------------------------------------------

/// A seeded xorshift64* generator: small, fast, and the same sequence on
/// every run and platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; zero is remapped).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        // splitmix64 once, so that nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Self(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    ///
    /// # Panics
    ///
    /// If `n` is zero.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below(0)");
        // The modulo bias is irrelevant for test input generation.
        (self.next_u64() >> 11) as usize % n
    }

    /// A number in `lo..=hi`.
    ///
    /// # Panics
    ///
    /// If `lo > hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        assert!(lo <= hi, "Rng::range({lo}, {hi})");
        lo + (self.next_u64() >> 32) as u32 % (hi - lo + 1)
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        (self.next_u64() >> 56) as u8
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }

    /// A random element of `items`.
    ///
    /// # Panics
    ///
    /// If `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random scalar value whose UTF-8 form is `width` (1..=4) bytes long,
    /// with a bias towards the boundaries of each range.
    ///
    /// # Panics
    ///
    /// If `width` is not 1..=4.
    pub fn char_of_width(&mut self, width: usize) -> char {
        let (lo, hi) = match width {
            1 => (0, 0x7F),
            2 => (0x80, 0x7FF),
            3 => (0x800, 0xFFFF),
            4 => (0x1_0000, 0x10_FFFF),
            _ => panic!("no UTF-8 width {width}"),
        };
        let edges: &[u32] = match width {
            1 => &[0x00, 0x7F],
            2 => &[0x80, 0x7FF],
            3 => &[0x800, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF],
            _ => &[0x1_0000, 0x1_F600, 0xF_FFFF, 0x10_0000, 0x10_FFFF],
        };
        loop {
            let value = if self.chance(1, 8) {
                *self.pick(edges)
            } else {
                self.range(lo, hi)
            };
            if let Some(c) = char::from_u32(value) {
                return c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The hex parser takes the TSV's form and nothing looser.
    #[test]
    fn parse_hex_forms() {
        assert_eq!(parse_hex(""), Ok(vec![]));
        assert_eq!(parse_hex("C0 80 0A"), Ok(vec![0xC0, 0x80, 0x0A]));
        assert!(parse_hex("c0").is_err());
        assert!(parse_hex("C080").is_err());
        assert!(parse_hex("C0  80").is_err());
        assert!(parse_hex("-").is_err());
        assert_eq!(hex(&[0xC0, 0x80, 0x0A]), "C0 80 0A");
    }

    // The oracle kind follows ARCHITECTURE.md's table on its own examples.
    #[test]
    fn oracle_kind_design_examples() {
        let k = |b: &[u8]| expected(b).unwrap_err().kind;
        assert_eq!(k(b"\x80"), ErrorKind::UnexpectedContinuation);
        assert_eq!(k(b"\xC0\x80"), ErrorKind::Overlong);
        assert_eq!(k(b"\xE0\x80"), ErrorKind::Overlong);
        assert_eq!(k(b"\xE0"), ErrorKind::Truncated);
        assert_eq!(k(b"\xED\xA0"), ErrorKind::Surrogate);
        assert_eq!(k(b"\xF4\x90"), ErrorKind::OutOfRange);
        assert_eq!(k(b"\xF5"), ErrorKind::OutOfRange);
        assert_eq!(k(b"\xF8"), ErrorKind::ObsoleteForm);
        assert_eq!(k(b"\xFE"), ErrorKind::InvalidByte);
        assert_eq!(k(b"\xE1\x41"), ErrorKind::MissingContinuation);
        assert_eq!(k(b"\xE1\x80\x41"), ErrorKind::MissingContinuation);
        assert_eq!(k(b"\xF1\x80\x80\x41"), ErrorKind::MissingContinuation);
    }

    // The oracle's error walk reproduces std's lossy conversion.
    #[test]
    fn expected_errors_match_std_lossy() {
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..rng.below(12)).map(|_| rng.byte()).collect();
            let want = String::from_utf8_lossy(&bytes).into_owned().into_bytes();
            assert_eq!(
                lossy(&bytes, &expected_errors(&bytes)),
                want,
                "{}",
                hex(&bytes)
            );
        }
    }

    // Generated characters have the width asked for.
    #[test]
    fn char_of_width_widths() {
        let mut rng = Rng::new(1);
        for width in 1..=4 {
            for _ in 0..1000 {
                assert_eq!(rng.char_of_width(width).len_utf8(), width);
            }
        }
    }
}
