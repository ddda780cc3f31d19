//! The test files (Kuhn, Flenniken) and every corpus file: whole, cut short, started late.

use super::*;

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
