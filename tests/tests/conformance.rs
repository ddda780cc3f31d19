//! Conformance: the tables in `data/vectors/` and the corpus files, through
//! both entry points (`utf8lit::validate` and the `const` reference decoder
//! `utf8lit::decode::validate`), against the tables and against
//! `core::str::from_utf8`. See `data/ORACLES.md` for what each file proves.

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

// ---------------------------------------------------------------------------
// vectors/utf8_vectors.tsv: verdict, position, kind, lossy output
// ---------------------------------------------------------------------------

#[test]
fn utf8_vectors_verdict_position_and_kind() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    assert_eq!(table.len(), 1921, "utf8_vectors.tsv row count");
    let mut m = Mismatches::new("utf8_vectors.tsv");
    for row in table.rows() {
        let input = row.hex("input_hex");
        check_input(&mut m, &row, &input, row.outcome());
    }
    m.finish();
}

// The kind column is DESIGN's table applied by the data's authors; the oracle
// applies the same table independently, from std's position.
#[test]
fn utf8_vectors_kind_column_matches_oracle_kind() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut m = Mismatches::new("utf8_vectors.tsv kind column vs oracle");
    for row in table.rows() {
        m.eq(
            &row,
            "oracle",
            &expected(&row.hex("input_hex")),
            &row.outcome(),
        );
    }
    m.finish();
}

// Resuming after each error with validate_from gives one U+FFFD per maximal
// subpart: exactly lossy_hex and n_fffd.
#[test]
fn utf8_vectors_lossy_by_resuming() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut m = Mismatches::new("utf8_vectors.tsv lossy");
    for row in table.rows() {
        let input = row.hex("input_hex");
        let errors = decode_failures(&input);
        m.eq(
            &row,
            "lossy",
            &hex(&lossy(&input, &errors)),
            &hex(&row.hex("lossy_hex")),
        );
        m.eq(&row, "n_fffd", &errors.len(), &row.usize("n_fffd"));
        m.eq(
            &row,
            "every error vs oracle",
            &errors,
            &expected_errors(&input),
        );
        m.eq(
            &row,
            "utf8lit::validate on the rest",
            &runtime_errors(&input),
            &errors,
        );
    }
    m.finish();
}

// What each source test itself asserted (the `upstream` column), checked
// directly against the library rather than through the derived columns.
#[test]
fn utf8_vectors_upstream_claims() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut m = Mismatches::new("utf8_vectors.tsv upstream");
    for row in table.rows() {
        m.check(!row.get("note").contains("UPSTREAM-DISAGREES"), || {
            format!("{row}: marked UPSTREAM-DISAGREES")
        });
        let input = row.hex("input_hex");
        let errors = decode_failures(&input);
        let upstream = row.get("upstream");
        if let Some(text) = upstream.strip_prefix("lossy=") {
            let want = utf8lit_tests::parse_hex(text).expect("upstream lossy hex");
            m.eq(
                &row,
                "upstream lossy",
                &hex(&lossy(&input, &errors)),
                &hex(&want),
            );
        } else if let Some(text) = upstream.strip_prefix("first_len=") {
            let first = errors
                .first()
                .map(|f| f.resume_at(input.len()) - f.valid_up_to);
            m.eq(
                &row,
                "upstream first_len",
                &first.map(|n| n.to_string()),
                &Some(text.to_owned()),
            );
        } else if upstream.starts_with("valid_up_to=") {
            // Some sources assert only `valid_up_to`.
            let with_len = upstream.contains(" error_len=");
            let got = errors.first().map(|f| {
                let len = f.error_len.map_or("None".to_owned(), |n| n.to_string());
                if with_len {
                    format!("valid_up_to={} error_len={len}", f.valid_up_to)
                } else {
                    format!("valid_up_to={}", f.valid_up_to)
                }
            });
            m.eq(&row, "upstream position", &got, &Some(upstream.to_owned()));
        } else {
            let valid = match upstream {
                "valid" => true,
                "invalid" => false,
                other => panic!("{row}: unknown upstream claim {other:?}"),
            };
            m.eq(
                &row,
                "upstream verdict",
                &utf8lit::validate(&input).is_ok(),
                &valid,
            );
        }
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// the const decoder in const context
// ---------------------------------------------------------------------------

const CONST_VALID: Result<(), Utf8Error> = decode::validate("Grüße, 世界 😀 \u{FFFE}\0".as_bytes());
const CONST_OVERLONG: Result<(), Utf8Error> = decode::validate(b"/\xC0\xAE/");
const CONST_TRUNCATED: Result<(), Utf8Error> = decode::validate(b"ab\xF0\x9F\x98");
const CONST_FROM: Result<(), Utf8Error> = validate_from(b"\xFFok\xED\xA0\x80", 1);
const CONST_NEXT: Option<Result<(char, usize), Utf8Error>> = next_char("a€".as_bytes(), 1);
const CONST_ENCODED: [u8; 4] = {
    let e = encode_char('\u{10FFFF}');
    let b = e.as_bytes();
    [b[0], b[1], b[2], b[3]]
};
const CONST_RFC2279: Option<(u32, usize)> = decode_rfc2279(b"\xFC\x84\x80\x80\x80\x80", 0);

#[test]
fn const_evaluation_matches_run_time() {
    assert_eq!(CONST_VALID, Ok(()));
    for (constant, input) in [
        (CONST_OVERLONG, &b"/\xC0\xAE/"[..]),
        (CONST_TRUNCATED, b"ab\xF0\x9F\x98"),
    ] {
        assert_eq!(constant, decode::validate(input));
        assert_eq!(observed(constant), expected(input), "{}", hex(input));
    }
    let from = CONST_FROM.unwrap_err();
    assert_eq!(
        (from.valid_up_to(), from.error_len(), from.kind()),
        (3, Some(1), ErrorKind::Surrogate)
    );
    assert_eq!(CONST_NEXT, Some(Ok(('€', 3))));
    assert_eq!(CONST_ENCODED, [0xF4, 0x8F, 0xBF, 0xBF]);
    assert_eq!(CONST_RFC2279, Some((0x400_0000, 6)));
}

// ---------------------------------------------------------------------------
// one test per row of DESIGN's ErrorKind table
// ---------------------------------------------------------------------------

/// Asserts the first error of `input` everywhere it can be seen: both entry
/// points, std's position, and the same bytes after a valid prefix and with
/// `validate_from`.
#[track_caller]
fn assert_error(
    input: &[u8],
    valid_up_to: usize,
    error_len: Option<usize>,
    kind: ErrorKind,
    bytes: &[u8],
) {
    let err = decode::validate(input).expect_err("must be rejected");
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind(), err.bytes()),
        (valid_up_to, error_len, kind, bytes),
        "decode::validate({})",
        hex(input)
    );
    assert_eq!(
        utf8lit::validate(input),
        Err(err),
        "utf8lit::validate({})",
        hex(input)
    );
    let std_err = core::str::from_utf8(input).expect_err("std must reject it too");
    assert_eq!(
        (std_err.valid_up_to(), std_err.error_len()),
        (valid_up_to, error_len),
        "std"
    );
    let as_error: &dyn std::error::Error = &err;
    assert!(as_error.to_string().contains(kind.as_str()), "{as_error}");

    // After a prefix long enough to cross a 16-byte block, with 2-byte text.
    let prefix = "0123456789abcdefé".as_bytes();
    let shifted: Vec<u8> = prefix.iter().chain(input).copied().collect();
    let err = utf8lit::validate(&shifted).expect_err("must be rejected after a prefix");
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind(), err.bytes()),
        (prefix.len() + valid_up_to, error_len, kind, bytes),
        "after a prefix: {}",
        hex(&shifted)
    );
    let from = validate_from(&shifted, prefix.len()).expect_err("validate_from");
    assert_eq!(from, err, "validate_from after the prefix");
}

// UnexpectedContinuation: 80–BF where a sequence must start.
#[test]
fn unexpected_continuation_80() {
    assert_error(
        b"\x80",
        0,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\x80",
    );
}

#[test]
fn unexpected_continuation_bf_after_ascii() {
    assert_error(
        b"ab\xBF\x80",
        2,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\xBF",
    );
}

#[test]
fn unexpected_continuation_after_complete_char() {
    // é is C3 A9; a third byte has no lead.
    assert_error(
        b"\xC3\xA9\xA9",
        2,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\xA9",
    );
}

// MissingContinuation: a lead followed by a non-tail byte, at positions 2, 3, 4.
#[test]
fn missing_continuation_at_position_2() {
    assert_error(
        b"\xC3 ",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xC3",
    );
    assert_error(
        b"\xE1\x41",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xE1",
    );
    assert_error(
        b"\xF1\xC3\xA9",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xF1",
    );
}

#[test]
fn missing_continuation_at_position_3() {
    assert_error(
        b"\xE2\x82(",
        0,
        Some(2),
        ErrorKind::MissingContinuation,
        b"\xE2\x82",
    );
    assert_error(
        b"\xF0\x9F\xFF",
        0,
        Some(2),
        ErrorKind::MissingContinuation,
        b"\xF0\x9F",
    );
}

#[test]
fn missing_continuation_at_position_4() {
    assert_error(
        b"\xF0\x9F\x98 ",
        0,
        Some(3),
        ErrorKind::MissingContinuation,
        b"\xF0\x9F\x98",
    );
    assert_error(
        b"\xF4\x8F\xBF\xF4",
        0,
        Some(3),
        ErrorKind::MissingContinuation,
        b"\xF4\x8F\xBF",
    );
}

#[test]
fn missing_continuation_latin1_e9_after_ascii() {
    assert_error(
        b"caf\xE9 au lait",
        3,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xE9",
    );
}

#[test]
fn missing_continuation_nul_after_lead_c2_00() {
    assert_error(
        b"\xC2\x00",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xC2",
    );
}

// Truncated: a valid prefix at the very end (error_len None).
#[test]
fn truncated_e0_at_end() {
    assert_error(b"\xE0", 0, None, ErrorKind::Truncated, b"\xE0");
}

#[test]
fn truncated_c3_at_end() {
    assert_error(b"caf\xC3", 3, None, ErrorKind::Truncated, b"\xC3");
}

#[test]
fn truncated_f0_9f_98_at_end() {
    assert_error(
        b"\xF0\x9F\x98",
        0,
        None,
        ErrorKind::Truncated,
        b"\xF0\x9F\x98",
    );
}

#[test]
fn truncated_ed_9f_at_end() {
    // ED 9F is the prefix of U+D7FF, the last scalar before the surrogates.
    assert_error(b"\xED\x9F", 0, None, ErrorKind::Truncated, b"\xED\x9F");
}

#[test]
fn truncated_f4_8f_bf_at_end() {
    assert_error(
        b"\xF4\x8F\xBF",
        0,
        None,
        ErrorKind::Truncated,
        b"\xF4\x8F\xBF",
    );
}

// Overlong: C0, C1; E0 80–9F; F0 80–8F.
#[test]
fn overlong_nul_c0_80() {
    assert_error(b"\xC0\x80", 0, Some(1), ErrorKind::Overlong, b"\xC0\x80");
}

#[test]
fn overlong_slash_c0_af() {
    assert_error(b"/\xC0\xAF/", 1, Some(1), ErrorKind::Overlong, b"\xC0\xAF");
}

#[test]
fn overlong_c1_bf() {
    assert_error(b"\xC1\xBF", 0, Some(1), ErrorKind::Overlong, b"\xC1\xBF");
}

#[test]
fn overlong_c0_alone() {
    assert_error(b"\xC0", 0, Some(1), ErrorKind::Overlong, b"\xC0");
}

#[test]
fn overlong_e0_80_at_end() {
    assert_error(b"\xE0\x80", 0, Some(1), ErrorKind::Overlong, b"\xE0\x80");
}

#[test]
fn overlong_e0_9f_bf() {
    assert_error(
        b"\xE0\x9F\xBF",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xE0\x9F\xBF",
    );
}

#[test]
fn overlong_f0_80_80_80() {
    assert_error(
        b"\xF0\x80\x80\x80",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xF0\x80\x80\x80",
    );
}

#[test]
fn overlong_f0_8f_bf_bf() {
    assert_error(
        b"\xF0\x8F\xBF\xBF",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xF0\x8F\xBF\xBF",
    );
}

// Surrogate: ED A0–BF.
#[test]
fn surrogate_ed_a0_80() {
    assert_error(
        b"\xED\xA0\x80",
        0,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xA0\x80",
    );
}

#[test]
fn surrogate_ed_bf_bf() {
    assert_error(
        b"x\xED\xBF\xBFy",
        1,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xBF\xBF",
    );
}

#[test]
fn surrogate_ed_a0_at_end() {
    assert_error(b"\xED\xA0", 0, Some(1), ErrorKind::Surrogate, b"\xED\xA0");
}

#[test]
fn surrogate_pair_cesu8_for_u_233b4() {
    let cesu = b"\xED\xA1\x8C\xED\xBE\xB4";
    assert_error(cesu, 0, Some(1), ErrorKind::Surrogate, cesu);
}

#[test]
fn surrogate_low_then_high_is_not_a_pair() {
    assert_error(
        b"\xED\xB0\x80\xED\xA0\x80",
        0,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xB0\x80",
    );
}

// OutOfRange: F4 90–BF; F5–F7.
#[test]
fn out_of_range_f4_90_80_80() {
    assert_error(
        b"\xF4\x90\x80\x80",
        0,
        Some(1),
        ErrorKind::OutOfRange,
        b"\xF4\x90\x80\x80",
    );
}

#[test]
fn out_of_range_f4_90_at_end() {
    assert_error(b"\xF4\x90", 0, Some(1), ErrorKind::OutOfRange, b"\xF4\x90");
}

#[test]
fn out_of_range_f5_alone() {
    assert_error(b"\xF5", 0, Some(1), ErrorKind::OutOfRange, b"\xF5");
}

#[test]
fn out_of_range_f7_bf_bf_bf() {
    assert_error(
        b"\xF7\xBF\xBF\xBF",
        0,
        Some(1),
        ErrorKind::OutOfRange,
        b"\xF7\xBF\xBF\xBF",
    );
}

// ObsoleteForm: F8–FD.
#[test]
fn obsolete_f8() {
    assert_error(b"\xF8", 0, Some(1), ErrorKind::ObsoleteForm, b"\xF8");
}

#[test]
fn obsolete_f8_five_bytes() {
    let five = b"\xF8\x88\x80\x80\x80";
    assert_error(five, 0, Some(1), ErrorKind::ObsoleteForm, five);
}

#[test]
fn obsolete_fd_six_bytes() {
    let six = b"\xFD\xBF\xBF\xBF\xBF\xBF";
    assert_error(six, 0, Some(1), ErrorKind::ObsoleteForm, six);
}

// InvalidByte: FE, FF.
#[test]
fn invalid_fe() {
    assert_error(b"\xFE", 0, Some(1), ErrorKind::InvalidByte, b"\xFE");
}

#[test]
fn invalid_ff() {
    assert_error(b"ok\xFF\xFE", 2, Some(1), ErrorKind::InvalidByte, b"\xFF");
}

// Valid, and must stay so: noncharacters, NUL, BOM, U+FFFD, the range ends.
#[test]
fn accepts_noncharacters_nul_bom_and_boundaries() {
    for s in [
        "",
        "\0",
        "\u{7F}",
        "\u{80}",
        "\u{7FF}",
        "\u{800}",
        "\u{D7FF}",
        "\u{E000}",
        "\u{FEFF}",
        "\u{FFFD}",
        "\u{FFFE}",
        "\u{FFFF}",
        "\u{FDD0}",
        "\u{FDEF}",
        "\u{10000}",
        "\u{1FFFE}",
        "\u{10FFFE}",
        "\u{10FFFF}",
    ] {
        assert_eq!(
            utf8lit::validate(s.as_bytes()),
            Ok(()),
            "{}",
            hex(s.as_bytes())
        );
        assert_eq!(
            decode::validate(s.as_bytes()),
            Ok(()),
            "{}",
            hex(s.as_bytes())
        );
    }
}

// ---------------------------------------------------------------------------
// kuhn/UTF-8-test.txt: whole file, per line, per test case
// ---------------------------------------------------------------------------

const KUHN_TEST: &str = "kuhn/UTF-8-test.txt";

#[test]
fn kuhn_whole_file() {
    let file = read_data(KUHN_TEST);
    assert_eq!(file.len(), 22781);
    let err = decode::validate(&file).expect_err("UTF-8-test.txt is invalid");
    assert_eq!(err.valid_up_to(), 4461);
    assert_eq!(err.error_len(), Some(1));
    assert_eq!(err.kind(), ErrorKind::ObsoleteForm);
    // Test 2.1.5, the first 5-byte sequence.
    assert_eq!(err.bytes(), b"\xF8\x88\x80\x80\x80");
    assert_eq!(utf8lit::validate(&file), Err(err));
    let std_err = core::str::from_utf8(&file).unwrap_err();
    assert_eq!(
        (std_err.valid_up_to(), std_err.error_len()),
        (4461, Some(1))
    );
}

/// Kuhn's sections: which test numbers RFC 3629 accepts (ORACLES.md §1).
fn kuhn_must_accept(test: &str) -> bool {
    matches!(
        test,
        "1" | "2.1.1"
            | "2.1.2"
            | "2.1.3"
            | "2.1.4"
            | "2.2.1"
            | "2.2.2"
            | "2.2.3"
            | "2.3.1"
            | "2.3.2"
            | "2.3.3"
            | "2.3.4"
    ) || test.starts_with("5.3.")
}

#[test]
fn kuhn_every_line() {
    let file = read_data(KUHN_TEST);
    let table = Table::load("vectors/kuhn_UTF-8-test_lines.tsv");
    assert_eq!(table.len(), 300);
    assert_eq!(file.last(), Some(&b'\n'));
    let lines: Vec<&[u8]> = file[..file.len() - 1].split(|&b| b == b'\n').collect();
    assert_eq!(lines.len(), 300);
    let mut m = Mismatches::new("kuhn_UTF-8-test_lines.tsv");
    let mut offset = 0;
    for (index, (row, line)) in table.rows().zip(&lines).enumerate() {
        m.eq(&row, "line number", &row.usize("line"), &(index + 1));
        m.eq(&row, "offset", &row.usize("offset"), &offset);
        m.eq(&row, "length", &row.usize("length"), &line.len());
        offset += line.len() + 1;
        check_input(&mut m, &row, line, row.outcome());
        let errors = decode_failures(line);
        m.eq(&row, "n_fffd", &errors.len(), &row.usize("n_fffd"));
        let text = String::from_utf8(lossy(line, &errors));
        m.eq(
            &row,
            "n_chars",
            &text.map(|t| t.chars().count()).ok(),
            &Some(row.usize("n_chars")),
        );
    }
    m.finish();
}

#[test]
fn kuhn_every_test_case() {
    let file = read_data(KUHN_TEST);
    let table = Table::load("vectors/kuhn_UTF-8-test_cases.tsv");
    assert_eq!(table.len(), 85);
    let mut m = Mismatches::new("kuhn_UTF-8-test_cases.tsv");
    for row in table.rows() {
        let (offset, length) = (row.usize("offset"), row.usize("length"));
        let payload = &file[offset..offset + length];
        m.eq(
            &row,
            "payload",
            &hex(payload),
            &hex(&row.hex("payload_hex")),
        );
        let test = row.get("test");
        let want = row.outcome();
        m.eq(
            &row,
            "section verdict (ORACLES.md §1)",
            &want.is_ok(),
            &kuhn_must_accept(test),
        );
        m.eq(
            &row,
            "expected column",
            &row.get("expected").starts_with("valid"),
            &want.is_ok(),
        );
        check_input(&mut m, &row, payload, want);
        m.eq(
            &row,
            "n_fffd",
            &decode_errors(payload).len(),
            &row.usize("n_fffd"),
        );
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// flenniken-utf8tests: utf8tests.bin and utf8.replace.ref.txt
// ---------------------------------------------------------------------------

/// The lines of `utf8tests.bin` as (number, "valid"/"invalid", payload).
fn flenniken_cases(bin: &[u8]) -> Vec<(String, bool, &[u8])> {
    assert_eq!(bin.last(), Some(&b'\n'));
    bin[..bin.len() - 1]
        .split(|&b| b == b'\n')
        .map(|line| {
            let mut parts = line.splitn(3, |&b| b == b':');
            let number = String::from_utf8(parts.next().unwrap().to_vec()).unwrap();
            let verdict = match parts.next() {
                Some(b"valid") => true,
                Some(b"invalid") => false,
                other => panic!("test {number}: bad verdict {other:?}"),
            };
            let payload = parts
                .next()
                .unwrap_or_else(|| panic!("test {number}: no payload"));
            (number, verdict, payload)
        })
        .collect()
}

#[test]
fn flenniken_oracle_a_verdicts() {
    let bin = read_data("flenniken-utf8tests/utf8tests.bin");
    let cases = flenniken_cases(&bin);
    assert_eq!(cases.len(), 222);
    let mut m = Mismatches::new("flenniken utf8tests.bin");
    for (number, valid, payload) in cases {
        let context = format!("test {number} ({})", hex(payload));
        m.eq(
            &context,
            "utf8lit::validate accepts",
            &utf8lit::validate(payload).is_ok(),
            &valid,
        );
        m.eq(
            &context,
            "decode::validate accepts",
            &decode::validate(payload).is_ok(),
            &valid,
        );
        m.eq(
            &context,
            "vs oracle",
            &observed(decode::validate(payload)),
            &expected(payload),
        );
    }
    m.finish();
}

#[test]
fn flenniken_oracle_b_replacement() {
    let bin = read_data("flenniken-utf8tests/utf8tests.bin");
    let reference = read_data("flenniken-utf8tests/utf8.replace.ref.txt");
    let errors = decode_failures(&bin);
    assert_eq!(errors, expected_errors(&bin));
    let replaced = lossy(&bin, &errors);
    if replaced != reference {
        let at = replaced.iter().zip(&reference).position(|(a, b)| a != b);
        panic!(
            "replacement differs from utf8.replace.ref.txt at byte {at:?} (lengths {} vs {})",
            replaced.len(),
            reference.len()
        );
    }
}

// ---------------------------------------------------------------------------
// vectors/corpus_expectations.tsv: every corpus file
// ---------------------------------------------------------------------------

#[test]
fn corpus_expectations() {
    let table = Table::load("vectors/corpus_expectations.tsv");
    assert_eq!(table.len(), 36);
    let mut m = Mismatches::new("corpus_expectations.tsv");
    for row in table.rows() {
        let context = row.get("path");
        let file = read_data(context);
        // sha256 would need a dependency; the length catches a wrong file.
        m.eq(&context, "bytes", &file.len(), &row.usize("bytes"));
        m.eq(
            &context,
            "bom",
            &file.starts_with(b"\xEF\xBB\xBF"),
            &row.flag("bom"),
        );
        check_input(&mut m, &context, &file, row.outcome());
        let errors = decode_failures(&file);
        m.eq(&context, "n_fffd", &errors.len(), &row.usize("n_fffd"));
        m.eq(
            &context,
            "every error vs oracle",
            &errors,
            &expected_errors(&file),
        );
        let text = String::from_utf8(lossy(&file, &errors));
        m.eq(
            &context,
            "n_scalars",
            &text.map(|t| t.chars().count()).ok(),
            &Some(row.usize("n_scalars")),
        );
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// vectors/utf8_chunks.tsv: the valid/invalid segmentation
// ---------------------------------------------------------------------------

/// One chunk: valid bytes, then the maximal invalid subpart (possibly empty),
/// and whether that subpart was cut off by the end of input.
type Chunk = (String, String, Option<bool>);

/// Splits `input` into chunks by resuming `validate_from` after each error.
fn chunks_by_resuming(input: &[u8]) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut pos = 0;
    loop {
        match validate_from(input, pos) {
            Ok(()) => {
                if pos < input.len() || chunks.is_empty() {
                    chunks.push((hex(&input[pos..]), String::new(), None));
                }
                return chunks;
            }
            Err(e) => {
                let f = Failure::of(&e);
                let end = f.resume_at(input.len());
                let truncated = e.kind() == ErrorKind::Truncated;
                assert_eq!(truncated, f.error_len.is_none(), "{e:?}");
                chunks.push((
                    hex(&input[pos..f.valid_up_to]),
                    hex(&input[f.valid_up_to..end]),
                    Some(truncated),
                ));
                pos = end;
                if pos >= input.len() {
                    return chunks;
                }
            }
        }
    }
}

#[test]
fn utf8_chunks_segmentation() {
    let table = Table::load("vectors/utf8_chunks.tsv");
    let mut cases: BTreeMap<&str, (Vec<u8>, Vec<Row<'_>>)> = BTreeMap::new();
    for row in table.rows() {
        cases
            .entry(row.get("id"))
            .or_insert_with(|| (row.hex("input_hex"), Vec::new()))
            .1
            .push(row);
    }
    assert_eq!(cases.len(), 15);
    let mut m = Mismatches::new("utf8_chunks.tsv");
    for (id, (input, rows)) in &cases {
        let got = chunks_by_resuming(input);
        m.eq(id, "number of chunks", &got.len(), &rows.len());
        for (k, (row, chunk)) in rows.iter().zip(&got).enumerate() {
            m.eq(row, "chunk number", &row.usize("chunk"), &(k + 1));
            let (valid, invalid) = (hex(&row.hex("valid_hex")), hex(&row.hex("invalid_hex")));
            m.eq(row, "valid part", &chunk.0, &valid);
            m.eq(row, "invalid part", &chunk.1, &invalid);
            match row.get("incomplete") {
                "true" => m.eq(row, "incomplete = Truncated", &chunk.2, &Some(true)),
                "false" if !invalid.is_empty() => {
                    m.eq(row, "complete = not Truncated", &chunk.2, &Some(false));
                }
                _ => {}
            }
        }
        let concatenated: Vec<String> = got
            .iter()
            .flat_map(|c| [c.0.clone(), c.1.clone()])
            .filter(|s| !s.is_empty())
            .collect();
        m.eq(
            id,
            "chunks concatenate to the input",
            &concatenated.join(" "),
            &hex(input),
        );
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// next_char, encode_char, decode_rfc2279
// ---------------------------------------------------------------------------

#[test]
fn next_char_walks_valid_corpora() {
    for (path, file) in valid_corpus_files() {
        let text = core::str::from_utf8(&file).expect("valid corpus file");
        let mut at = 0;
        for (index, ch) in text.char_indices() {
            assert_eq!(at, index, "{path}");
            let got = next_char(&file, at);
            assert_eq!(got, Some(Ok((ch, ch.len_utf8()))), "{path} at {at}");
            at += ch.len_utf8();
        }
        assert_eq!(at, file.len(), "{path}");
        assert_eq!(next_char(&file, at), None, "{path}: at the end");
        assert_eq!(next_char(&file, at + 1), None, "{path}: past the end");
    }
}

// On every vector, next_char at each resume point gives std's character or
// std's error for the rest of the input, positioned at `at`.
#[test]
fn next_char_on_vectors_matches_std() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut m = Mismatches::new("next_char on utf8_vectors.tsv");
    for row in table.rows() {
        let input = row.hex("input_hex");
        let mut at = 0;
        loop {
            let got = next_char(&input, at).map(|r| r.map_err(|e| Failure::of(&e)));
            let context = format!("{row} at {at}");
            if at >= input.len() {
                m.eq(&context, "next_char at the end", &got, &None);
                break;
            }
            let rest = &input[at..];
            let valid_len = match expected(rest) {
                Ok(()) => rest.len(),
                Err(f) => f.valid_up_to,
            };
            if valid_len > 0 {
                let text = core::str::from_utf8(&rest[..valid_len]).expect("std's valid prefix");
                let ch = text.chars().next().expect("non-empty");
                m.eq(&context, "next_char", &got, &Some(Ok((ch, ch.len_utf8()))));
                at += ch.len_utf8();
            } else {
                let f = expected(rest).expect_err("std's error at the start");
                m.eq(&context, "next_char error", &got, &Some(Err(f.shifted(at))));
                at += f.resume_at(rest.len());
            }
        }
    }
    m.finish();
}

#[test]
fn encode_char_every_scalar_value() {
    let mut count = 0;
    let mut buf = [0; 4];
    for ch in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
        let encoded = encode_char(ch);
        let want = ch.encode_utf8(&mut buf).as_bytes();
        assert_eq!(encoded.as_bytes(), want, "U+{:04X}", u32::from(ch));
        assert_eq!(encoded.len(), want.len(), "U+{:04X}", u32::from(ch));
        count += 1;
    }
    assert_eq!(count, 1_112_064);
}

/// What `decode_rfc2279` returns: the value and the length.
type Rfc2279Reading = Option<(u32, usize)>;

/// RFC 2279's reading, written from RFC 2279 §2: the lead's high bits give
/// the length, then exactly that many continuation bytes.
fn rfc2279_reference(bytes: &[u8], at: usize) -> Rfc2279Reading {
    let lead = *bytes.get(at)?;
    let (len, payload) = match lead {
        0x00..=0x7F => return Some((u32::from(lead), 1)),
        0xC0..=0xDF => (2, lead & 0x1F),
        0xE0..=0xEF => (3, lead & 0x0F),
        0xF0..=0xF7 => (4, lead & 0x07),
        0xF8..=0xFB => (5, lead & 0x03),
        0xFC | 0xFD => (6, lead & 0x01),
        _ => return None,
    };
    let tail = bytes.get(at + 1..at + len)?;
    tail.iter()
        .try_fold(u32::from(payload), |value, &b| {
            (b & 0xC0 == 0x80).then_some(value << 6 | u32::from(b & 0x3F))
        })
        .map(|value| (value, len))
}

#[test]
fn decode_rfc2279_round_trips_every_char() {
    for ch in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
        let bytes = encode_char(ch);
        assert_eq!(
            decode_rfc2279(bytes.as_bytes(), 0),
            Some((u32::from(ch), ch.len_utf8())),
            "U+{:04X}",
            u32::from(ch)
        );
    }
}

#[test]
fn decode_rfc2279_obsolete_forms() {
    // Kuhn 2.1.5, 2.1.6, 2.2.5, 2.2.6, and what RFC 3629 rejects but RFC 2279 read.
    let cases: [(&[u8], Rfc2279Reading); 12] = [
        (b"\xF8\x88\x80\x80\x80", Some((0x20_0000, 5))),
        (b"\xFC\x84\x80\x80\x80\x80", Some((0x400_0000, 6))),
        (b"\xFB\xBF\xBF\xBF\xBF", Some((0x3FF_FFFF, 5))),
        (b"\xFD\xBF\xBF\xBF\xBF\xBF", Some((0x7FFF_FFFF, 6))),
        (b"\xF7\xBF\xBF\xBF", Some((0x1F_FFFF, 4))),
        (b"\xF4\x90\x80\x80", Some((0x11_0000, 4))),
        (b"\xED\xA0\x80", Some((0xD800, 3))),
        (b"\xC0\x80", Some((0, 2))),
        (b"\xFE\x80\x80\x80\x80\x80\x80", None),
        (b"\xBF", None),
        (b"\xC0\x41", None),
        (b"\xFC\x80\x80\x80\x80", None),
    ];
    for (bytes, want) in cases {
        assert_eq!(decode_rfc2279(bytes, 0), want, "{}", hex(bytes));
        let mut shifted = b"ab".to_vec();
        shifted.extend_from_slice(bytes);
        assert_eq!(decode_rfc2279(&shifted, 2), want, "at 2: {}", hex(bytes));
    }
    assert_eq!(decode_rfc2279(b"", 0), None);
    assert_eq!(decode_rfc2279(b"a", 1), None);
    assert_eq!(decode_rfc2279(b"a", 7), None);
}

#[test]
fn decode_rfc2279_matches_reference_reading() {
    let mut m = Mismatches::new("decode_rfc2279 vs RFC 2279 reading");
    // Every input of 1..=3 bytes at offset 0, and at 1 for 2 bytes.
    for n in 0..=0xFF_FFFFu32 {
        let b = n.to_be_bytes();
        for input in [&b[1..], &b[2..], &b[3..]] {
            if input.len() == 3 || n < 0x1_0000 {
                let want = rfc2279_reference(input, 0);
                m.check(decode_rfc2279(input, 0) == want, || {
                    format!("{}: want {want:?}", hex(input))
                });
            }
        }
    }
    // Random 4..=8-byte inputs made mostly of leads and continuation bytes.
    let mut rng = Rng::new(2279);
    for _ in 0..200_000 {
        let len = 4 + rng.below(5);
        let input: Vec<u8> = (0..len)
            .map(|_| {
                if rng.chance(3, 4) {
                    0x80 | (rng.byte() & 0x3F)
                } else {
                    0xC0 | rng.byte()
                }
            })
            .collect();
        let at = rng.below(len + 1);
        let want = rfc2279_reference(&input, at);
        m.check(decode_rfc2279(&input, at) == want, || {
            format!("{} at {at}: want {want:?}", hex(&input))
        });
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// valid corpus files: every prefix (cut) and every suffix (validate_from)
// ---------------------------------------------------------------------------

/// Every prefix length for files up to 20 KB; for larger ones, every length
/// within ±8 bytes of 257 evenly spaced cut points.
fn cut_points(len: usize) -> Vec<usize> {
    if len <= 20 * 1024 {
        return (0..=len).collect();
    }
    let mut cuts: Vec<usize> = (0..=256)
        .flat_map(|i| {
            let center = len * i / 256;
            center.saturating_sub(8)..=(center + 8).min(len)
        })
        .collect();
    cuts.dedup();
    cuts
}

/// Checks every cut of `cut_points` of every valid corpus file of a size in
/// `sizes` against std; returns how many cuts fell inside a character.
fn check_prefixes(m: &mut Mismatches, sizes: std::ops::RangeInclusive<usize>) -> usize {
    let mut truncated = 0;
    for (path, file) in valid_corpus_files() {
        if !sizes.contains(&file.len()) {
            continue;
        }
        for cut in cut_points(file.len()) {
            let prefix = &file[..cut];
            let want = expected(prefix);
            if matches!(
                want,
                Err(Failure {
                    kind: ErrorKind::Truncated,
                    ..
                })
            ) {
                truncated += 1;
            }
            let context = format!("{path}[..{cut}]");
            m.eq(
                &context,
                "decode::validate",
                &observed(decode::validate(prefix)),
                &want,
            );
            m.eq(
                &context,
                "utf8lit::validate",
                &observed(utf8lit::validate(prefix)),
                &want,
            );
        }
    }
    truncated
}

// A cut inside a character of a valid file can only be Truncated, and std
// says where; every other cut is valid.
#[test]
fn valid_small_corpora_every_prefix_matches_std() {
    let mut m = Mismatches::new("prefixes of valid corpus files up to 20 KB");
    let truncated = check_prefixes(&mut m, 0..=20 * 1024);
    assert!(
        truncated > 10_000,
        "only {truncated} cuts fell inside a character"
    );
    m.finish();
}

#[test]
fn valid_large_corpora_prefixes_around_257_cuts_match_std() {
    let mut m = Mismatches::new("prefixes of valid corpus files over 20 KB");
    let truncated = check_prefixes(&mut m, 20 * 1024 + 1..=usize::MAX);
    assert!(
        truncated > 10_000,
        "only {truncated} cuts fell inside a character"
    );
    m.finish();
}

#[test]
fn valid_corpora_every_suffix_via_validate_from() {
    let mut m = Mismatches::new("suffixes of valid corpus files");
    for (path, file) in valid_corpus_files() {
        for start in cut_points(file.len()) {
            let want = expected(&file[start..]).map_err(|f| f.shifted(start));
            let context = format!("{path}[{start}..]");
            m.eq(
                &context,
                "validate_from",
                &observed(validate_from(&file, start)),
                &want,
            );
            if let Err(f) = want {
                // A suffix of valid text can only start with a stray tail byte.
                m.eq(
                    &context,
                    "kind",
                    &f.kind,
                    &ErrorKind::UnexpectedContinuation,
                );
            }
        }
        m.eq(
            &path,
            "validate_from past the end",
            &validate_from(&file, file.len() + 1),
            &Ok(()),
        );
    }
    m.finish();
}

// A check that the REPLACEMENT constant used by every lossy oracle is U+FFFD.
#[test]
fn replacement_is_u_fffd() {
    assert_eq!(REPLACEMENT, *"\u{FFFD}".as_bytes());
}
