//! Byte-order marks (RFC 3629 §6): `Bom::detect`, `strip_utf8_bom`,
//! `Utf8Str::strip_bom`, and what an error says about UTF-16/UTF-32 input.
//!
//! - On every corpus file, `Bom::detect` finds the UTF-8 mark exactly where
//!   `corpus_expectations.tsv` says there is one, and stripping it removes
//!   exactly one U+FEFF (the table's scalar count, minus one).
//! - Real text re-encoded by std as UTF-16LE/BE and UTF-32LE/BE behind its
//!   mark is rejected at the mark, `looks_like` names the same encoding as
//!   `Bom::detect`, and the message says so.

#![forbid(unsafe_code)]

use utf8lit::{strip_utf8_bom, Bom, LooksLike, Utf8Str};
use utf8lit_tests::{read_data, Mismatches, Table};

#[test]
fn utf8_mark_in_the_corpus() {
    let table = Table::load("vectors/corpus_expectations.tsv");
    let mut m = Mismatches::new("corpus_expectations.tsv");
    let mut with_mark = 0;
    for row in table.rows() {
        let context = row.get("path");
        let file = read_data(context);
        let has_mark = row.flag("bom");
        with_mark += usize::from(has_mark);
        m.eq(
            &context,
            "detect",
            &Bom::detect(&file),
            &has_mark.then_some(Bom::Utf8),
        );
        let stripped = strip_utf8_bom(&file);
        m.eq(
            &context,
            "bytes stripped",
            &(file.len() - stripped.len()),
            &if has_mark { 3 } else { 0 },
        );
        if let Ok(text) = Utf8Str::from_bytes(&file) {
            // Validation keeps the mark; strip_bom drops exactly one scalar.
            m.eq(
                &context,
                "scalars after strip_bom",
                &text.strip_bom().chars().count(),
                &(row.usize("n_scalars") - usize::from(has_mark)),
            );
            m.eq(
                &context,
                "strip_bom == strip_utf8_bom",
                &text.strip_bom().as_bytes(),
                &stripped,
            );
        }
    }
    m.finish();
    assert!(
        with_mark >= 2,
        "the corpus has files with a mark to test on"
    );
}

/// `text` in `bom`'s encoding, mark first, encoded by std.
fn encode(bom: Bom, text: &str) -> Vec<u8> {
    let mut out = bom.as_bytes().to_vec();
    match bom {
        Bom::Utf8 => out.extend_from_slice(text.as_bytes()),
        Bom::Utf16Le => out.extend(text.encode_utf16().flat_map(u16::to_le_bytes)),
        Bom::Utf16Be => out.extend(text.encode_utf16().flat_map(u16::to_be_bytes)),
        Bom::Utf32Le => out.extend(text.chars().flat_map(|c| u32::from(c).to_le_bytes())),
        Bom::Utf32Be => out.extend(text.chars().flat_map(|c| u32::from(c).to_be_bytes())),
    }
    out
}

#[test]
fn utf16_and_utf32_text_is_named_by_its_mark() {
    let sample = String::from_utf8(read_data("kuhn/quickbrown.txt")).unwrap();
    let cases = [
        (Bom::Utf16Le, LooksLike::Utf16Le, 0, "UTF-16LE"),
        (Bom::Utf16Be, LooksLike::Utf16Be, 0, "UTF-16BE"),
        (Bom::Utf32Le, LooksLike::Utf32Le, 0, "UTF-32LE"),
        // `00 00` is valid UTF-8 (two U+0000); the error is at the `FE`.
        (Bom::Utf32Be, LooksLike::Utf32Be, 2, "UTF-32BE"),
    ];
    for (bom, looks, offset, name) in cases {
        for text in [&sample[..], "", "a", "é"] {
            let bytes = encode(bom, text);
            assert_eq!(Bom::detect(&bytes), Some(bom));
            assert_eq!(strip_utf8_bom(&bytes), &bytes[..], "{bom:?}: kept");
            let err = Utf8Str::from_bytes(&bytes).unwrap_err();
            let std_err = std::str::from_utf8(&bytes).unwrap_err();
            assert_eq!(err.valid_up_to(), std_err.valid_up_to());
            assert_eq!(err.valid_up_to(), offset, "{bom:?}");
            assert_eq!(err.looks_like(), Some(looks), "{bom:?} {text:?}");
            let message = err.to_string();
            assert!(message.contains(name), "{bom:?}: {message}");
            assert_eq!(bom.encoding(), name);
        }
    }
    // The UTF-8 mark is text: accepted and kept.
    let bytes = encode(Bom::Utf8, &sample);
    let text = Utf8Str::from_bytes(&bytes).unwrap();
    assert!(text.starts_with('\u{FEFF}'));
    assert_eq!(text.strip_bom(), &sample[..]);
}

#[test]
fn display_names_the_encoding_and_the_bytes() {
    let shown: Vec<String> = [
        Bom::Utf8,
        Bom::Utf16Le,
        Bom::Utf16Be,
        Bom::Utf32Le,
        Bom::Utf32Be,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        shown,
        [
            "UTF-8 byte-order mark (EF BB BF)",
            "UTF-16LE byte-order mark (FF FE)",
            "UTF-16BE byte-order mark (FE FF)",
            "UTF-32LE byte-order mark (FF FE 00 00)",
            "UTF-32BE byte-order mark (00 00 FE FF)",
        ]
    );
}
