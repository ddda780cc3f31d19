//! Conformance: the tables in `data/vectors/` and the corpus files, through
//! both entry points (`utf8lit::validate` and the `const` reference decoder
//! `utf8lit::decode::validate`), against the tables and against
//! `core::str::from_utf8`. See `data/ORACLES.md` for what each file proves.
//!
//! One file per concern, sharing the helpers below:
//!
//! - `vectors.rs`: the TSV tables (`utf8_vectors.tsv`, `utf8_chunks.tsv`);
//! - `error_kinds.rs`: one test per row of ARCHITECTURE.md's `ErrorKind` table;
//! - `files.rs`: the test files (Kuhn, Flenniken) and every corpus file,
//!   whole, cut short and started late;
//! - `decoder.rs`: the decoder's other entry points (`next_char`,
//!   `encode_char`, `decode_rfc2279`) and `const` evaluation.

#![forbid(unsafe_code)]

use std::collections::BTreeMap;

use utf8lit::decode::{self, decode_rfc2279, encode_char, next_char, validate_from};
use utf8lit::{ErrorKind, Utf8Error};
use utf8lit_tests::{
    decode_errors, decode_failures, expected, expected_errors, hex, lossy, observed, oracle_bytes,
    read_data, runtime_errors, Failure, Mismatches, Rng, Row, Table, REPLACEMENT,
};

/// Checks one input through both entry points against `want` (from a table)
/// and against std, including `bytes()` and the `Display` text's position.
fn check_input(
    m: &mut Mismatches,
    context: &dyn std::fmt::Display,
    input: &[u8],
    want: Result<(), Failure>,
) {
    let runtime = utf8lit::validate(input);
    let reference = decode::validate(input);
    m.eq(
        context,
        "utf8lit::validate == decode::validate",
        &runtime,
        &reference,
    );
    m.eq(context, "decode::validate", &observed(reference), &want);
    m.eq(context, "utf8lit::validate", &observed(runtime), &want);
    let std_position = |r: Result<(), Failure>| r.map_err(|f| (f.valid_up_to, f.error_len));
    m.eq(
        context,
        "core::str::from_utf8",
        &std_position(expected(input)),
        &std_position(want),
    );
    if let Err(e) = reference {
        check_error_details(m, context, input, &e);
    }
}

/// `bytes()` is the documented form, and `Display` names the offset.
fn check_error_details(
    m: &mut Mismatches,
    context: &dyn std::fmt::Display,
    input: &[u8],
    e: &Utf8Error,
) {
    let f = Failure::of(e);
    m.eq(
        context,
        "bytes()",
        &hex(e.bytes()),
        &hex(&oracle_bytes(input, &f)),
    );
    m.check((1..=6).contains(&e.bytes().len()), || {
        format!("{context}: bytes() has {} bytes", e.bytes().len())
    });
    let text = e.to_string();
    let offset = format!("byte {}", f.valid_up_to);
    let first = format!("{:02X}", input[f.valid_up_to]);
    m.check(text.contains(&offset) && text.contains(&first), || {
        format!("{context}: Display {text:?} lacks {offset:?} or {first:?}")
    });
}

/// The files `corpus_expectations.tsv` lists, with their rows.
fn corpus() -> Vec<(String, bool)> {
    Table::load("vectors/corpus_expectations.tsv")
        .rows()
        .map(|row| (row.get("path").to_owned(), row.flag("valid")))
        .collect()
}

/// The corpus files that are valid UTF-8, read.
fn valid_corpus_files() -> Vec<(String, Vec<u8>)> {
    let files: Vec<_> = corpus()
        .into_iter()
        .filter(|(_, valid)| *valid)
        .map(|(path, _)| {
            let bytes = read_data(&path);
            (path, bytes)
        })
        .collect();
    assert!(files.len() >= 20, "only {} valid corpus files", files.len());
    files
}

mod decoder;
mod error_kinds;
mod files;
mod vectors;
