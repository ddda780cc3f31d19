//! The TSV tables of `data/vectors/`: verdicts, positions, kinds, lossy output and segmentation.

use super::*;

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

// The kind column is ARCHITECTURE.md's kind table applied by the data's authors; the oracle
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

// A check that the REPLACEMENT constant used by every lossy oracle is U+FFFD.
#[test]
fn replacement_is_u_fffd() {
    assert_eq!(REPLACEMENT, *"\u{FFFD}".as_bytes());
}
