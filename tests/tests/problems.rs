//! `utf8lit::problems`: every problem of an input, one error each.
//!
//! Checked against the reference decoder and against std's lossy decoding,
//! on every input of up to three bytes, on the test vectors and on random
//! texts with corruptions:
//!
//! - the first problem is `validate`'s error;
//! - each problem is the error `decode::validate_from` gives from the end
//!   of the one before, and covers at least its maximal subpart;
//! - together they cover exactly the bytes std's lossy decoding replaces:
//!   every U+FFFD of `String::from_utf8_lossy` stands for bytes inside one
//!   problem, and every problem holds at least one;
//! - one problem per form: an overlong, a CESU-8 pair, an RFC 2279 form.

#![forbid(unsafe_code)]

use utf8lit::{decode, ErrorKind, Utf8Error};
use utf8lit_tests::{read_data, Rng, Table};

/// The bytes each problem covers, `[start, end)`.
fn spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let problems: Vec<Utf8Error> = utf8lit::problems(bytes).collect();
    let mut spans = Vec::new();
    let mut from = 0;
    for (i, err) in problems.iter().enumerate() {
        // The reference decoder finds the same error from where we are.
        let want = decode::validate_from(bytes, from).unwrap_err();
        assert_eq!(*err, want, "problem {i} of {bytes:02X?}");
        if i == 0 {
            assert_eq!(*err, utf8lit::validate(bytes).unwrap_err());
        }
        let end = match err.error_len() {
            None => bytes.len(),
            Some(len) => err.valid_up_to() + len.max(err.bytes().len()),
        };
        spans.push((err.valid_up_to(), end));
        from = end;
    }
    // Nothing after the last one.
    assert!(decode::validate_from(bytes, from).is_ok(), "{bytes:02X?}");
    assert_eq!(problems.is_empty(), core::str::from_utf8(bytes).is_ok());
    spans
}

/// The maximal subparts std's lossy decoding replaces, as `[start, end)`.
fn std_subparts(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Err(e) = core::str::from_utf8(&bytes[at..]) {
        let start = at + e.valid_up_to();
        let end = e.error_len().map_or(bytes.len(), |len| start + len);
        out.push((start, end));
        at = end;
        if at >= bytes.len() {
            break;
        }
    }
    out
}

fn check(bytes: &[u8]) {
    let spans = spans(bytes);
    let subparts = std_subparts(bytes);
    // Every maximal subpart lies inside one problem; every problem starts
    // with one.
    for &(start, end) in &subparts {
        assert!(
            spans.iter().any(|&(s, e)| s <= start && end <= e),
            "subpart {start}..{end} of {bytes:02X?} is in no problem {spans:?}"
        );
    }
    for &(s, _) in &spans {
        assert!(
            subparts.iter().any(|&(start, _)| start == s),
            "problem at {s} of {bytes:02X?} is not where std finds an error"
        );
    }
}

#[test]
fn every_input_of_up_to_three_bytes() {
    check(b"");
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    let classes = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
        0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF,
    ];
    for &a in &classes {
        for &b in &classes {
            for &c in &classes {
                check(&[a, b, c]);
            }
        }
    }
}

#[test]
fn one_problem_per_form() {
    let count = |bytes: &[u8]| utf8lit::problems(bytes).count();
    // std replaces each of these with several U+FFFD; they are one problem.
    assert_eq!(count(b"\xC0\x80"), 1);
    assert_eq!(count(b"\xE0\x80\x80"), 1);
    assert_eq!(count(b"\xED\xA0\xBD\xED\xB8\x80"), 1);
    assert_eq!(count(b"\xF8\x88\x80\x80\x80"), 1);
    assert_eq!(count(b"\xFD\xBF\xBF\xBF\xBF\xBF"), 1);
    assert_eq!(count(b"\xF4\x90\x80\x80"), 1);
    // Separate problems stay separate.
    assert_eq!(count(b"\x80\x80"), 2);
    assert_eq!(count(b"\xE9\xE9"), 2);
    let kinds: Vec<ErrorKind> = utf8lit::problems(b"Cr\xE8me br\xFBl\xE9e, \xC0\x80!")
        .map(|e| e.kind())
        .collect();
    assert_eq!(
        kinds,
        [
            ErrorKind::MissingContinuation,
            ErrorKind::ObsoleteForm,
            ErrorKind::MissingContinuation,
            ErrorKind::Overlong,
        ]
    );
}

#[test]
fn vectors_and_files() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut n = 0;
    for row in table.rows() {
        check(&row.hex("input_hex"));
        n += 1;
    }
    assert!(n > 100, "only {n} vectors");
    for path in ["kuhn/UTF-8-test.txt", "flenniken-utf8tests/utf8tests.bin"] {
        check(&read_data(path));
    }
}

#[test]
fn random_texts_with_corruptions() {
    let mut rng = Rng::new(0x5EED_1E55);
    for _ in 0..if cfg!(debug_assertions) {
        3_000
    } else {
        30_000
    } {
        let mut text = Vec::new();
        for _ in 0..rng.below(40) {
            let width = 1 + rng.below(4);
            let mut buf = [0; 4];
            text.extend_from_slice(rng.char_of_width(width).encode_utf8(&mut buf).as_bytes());
        }
        for _ in 0..rng.below(4) {
            if text.is_empty() {
                break;
            }
            let at = rng.below(text.len());
            text[at] = rng.byte();
        }
        check(&text);
    }
}
