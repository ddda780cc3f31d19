//! `Utf8String`: lossy decoding equals std's, raw chunks build the same text
//! as one-shot decoding, and errors give everything back.
#![forbid(unsafe_code)]
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "rates and PRNG arithmetic on small test numbers"
)]

use std::borrow::Cow;
use std::collections::HashMap;

use utf8lit::{decode, ErrorKind, Utf8String};
use utf8lit_tests::Rng;

fn parse_hex(field: &str) -> Vec<u8> {
    utf8lit_tests::parse_hex(field).expect("hex field")
}

fn vector_inputs() -> Vec<Vec<u8>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/vectors/utf8_vectors.tsv");
    let text = std::fs::read_to_string(path).expect("vectors");
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = rows.next().expect("header").split('\t').collect();
    assert_eq!(header[2], "input_hex");
    rows.filter(|l| !l.is_empty())
        .map(|row| parse_hex(row.split('\t').nth(2).expect("input_hex")))
        .collect()
}

/// Bytes biased towards UTF-8 structure: ASCII, leads, tails.
fn biased_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    const PICKS: [u8; 16] = [
        b'a', b' ', 0x80, 0x9F, 0xA0, 0xBF, 0xC2, 0xC0, 0xE0, 0xE1, 0xED, 0xF0, 0xF4, 0xF5, 0xF8,
        0xFF,
    ];
    (0..len)
        .map(|_| {
            if rng.below(3) == 0 {
                rng.next_u64() as u8
            } else {
                PICKS[rng.below(PICKS.len())]
            }
        })
        .collect()
}

#[test]
fn lossy_equals_std_on_every_vector() {
    let inputs = vector_inputs();
    assert_eq!(inputs.len(), 1921);
    for input in &inputs {
        let ours = Utf8String::from_bytes_lossy(input);
        let std = String::from_utf8_lossy(input);
        assert_eq!(ours.as_str(), std.as_ref(), "{input:02X?}");
        // Borrowed exactly when std borrows: when the input is valid.
        assert_eq!(
            matches!(ours, Cow::Borrowed(_)),
            matches!(std, Cow::Borrowed(_)),
            "{input:02X?}"
        );
    }
}

#[test]
fn lossy_equals_std_on_random_input() {
    let mut rng = Rng::new(0x1055_1E55);
    for _ in 0..50_000 {
        let len = rng.below(64);
        let input = biased_bytes(&mut rng, len);
        assert_eq!(
            Utf8String::from_bytes_lossy(&input).as_str(),
            String::from_utf8_lossy(&input),
            "{input:02X?}"
        );
    }
}

#[test]
fn lossy_equals_std_on_every_input_up_to_two_bytes() {
    for n in 0..=0xFFFFu32 {
        for len in 0..=2 {
            let input = &n.to_le_bytes()[..len];
            assert_eq!(
                Utf8String::from_bytes_lossy(input).as_str(),
                String::from_utf8_lossy(input)
            );
        }
    }
}

#[test]
fn from_bytes_gives_the_vector_back() {
    for input in vector_inputs() {
        match (
            Utf8String::from_bytes(input.clone()),
            String::from_utf8(input.clone()),
        ) {
            (Ok(ours), Ok(std)) => assert_eq!(ours, std),
            (Err(ours), Err(std)) => {
                assert_eq!(
                    ours.utf8_error().valid_up_to(),
                    std.utf8_error().valid_up_to()
                );
                assert_eq!(ours.utf8_error().error_len(), std.utf8_error().error_len());
                assert_eq!(ours.as_bytes(), input.as_slice());
                assert_eq!(ours.into_bytes(), input);
            }
            (ours, std) => panic!("{input:02X?}: {ours:?} vs {std:?}"),
        }
    }
}

/// Pushes `input` in chunks cut after each `end` with `cut(end)`; returns the
/// text and the stream's verdict.
fn push_chunked(
    input: &[u8],
    cut: impl Fn(usize) -> bool,
) -> (Utf8String, Result<(), utf8lit::Utf8Error>) {
    let mut s = Utf8String::new();
    let mut start = 0;
    for end in 1..=input.len() {
        if end == input.len() || cut(end) {
            if let Err(e) = s.push_bytes(&input[start..end]) {
                return (s, Err(e));
            }
            start = end;
        }
    }
    let verdict = s.finish();
    (s, verdict)
}

#[test]
fn push_bytes_builds_the_valid_prefix_for_every_split_of_every_vector() {
    for input in vector_inputs() {
        let whole = decode::validate(&input);
        let prefix_len = whole.map_or_else(|e| e.valid_up_to(), |()| input.len());
        let expected = std::str::from_utf8(&input[..prefix_len]).expect("valid prefix");
        for cut in 0..=input.len() {
            let (text, verdict) = push_chunked(&input, |end| end == cut);
            assert_eq!(text.as_str(), expected, "{input:02X?} cut at {cut}");
            assert_eq!(
                verdict.map_err(|e| (e.valid_up_to(), e.error_len(), e.kind())),
                whole.map_err(|e| (e.valid_up_to(), e.error_len(), e.kind())),
                "{input:02X?} cut at {cut}"
            );
        }
        let (text, _) = push_chunked(&input, |_| true);
        assert_eq!(text.as_str(), expected, "{input:02X?} bytewise");
    }
}

#[test]
fn push_bytes_on_random_input_and_random_chunks() {
    let mut rng = Rng::new(0x000C_40C4);
    for _ in 0..20_000 {
        // Mostly valid: real text with a random bad byte now and then.
        let mut input: Vec<u8> = "añ€😀 z".repeat(1 + rng.below(20)).into_bytes();
        if rng.below(2) == 0 {
            let at = rng.below(input.len());
            input[at] = rng.next_u64() as u8;
        }
        let whole = decode::validate(&input);
        let prefix_len = whole.map_or_else(|e| e.valid_up_to(), |()| input.len());
        let seed = rng.next_u64();
        let (text, verdict) = push_chunked(&input, |end| (seed >> (end % 61)) & 1 == 1);
        assert_eq!(text.as_bytes(), &input[..prefix_len]);
        assert_eq!(verdict.is_ok(), whole.is_ok());
    }
}

#[test]
fn truncated_stream_keeps_the_pending_bytes_visible() {
    let mut s = Utf8String::new();
    s.push_bytes(b"smile \xF0\x9F\x98").expect("no error yet");
    assert_eq!(s, "smile ");
    assert_eq!(s.pending_bytes(), b"\xF0\x9F\x98");
    let err = s.finish().unwrap_err();
    assert_eq!((err.valid_up_to(), err.kind()), (6, ErrorKind::Truncated));
    s.push_bytes(b"\x80").expect("completes the emoji");
    assert_eq!(s, "smile \u{1F600}");
    assert!(s.finish().is_ok());
}

#[test]
fn push_str_after_held_bytes_is_a_stream_error() {
    let mut s = Utf8String::new();
    s.push_bytes(b"a\xC3").expect("held back");
    s.push_str("b");
    assert_eq!(s, "ab");
    let err = s.finish().unwrap_err();
    assert_eq!(
        (err.valid_up_to(), err.kind()),
        (1, ErrorKind::MissingContinuation)
    );
}

#[test]
fn hashes_and_compares_like_str() {
    let mut map: HashMap<String, u32> = HashMap::new();
    map.insert("grüße".to_owned(), 1);
    let key = Utf8String::from("grüße");
    assert_eq!(map.get(key.as_str()), Some(&1));
    let mut owned: HashMap<Utf8String, u32> = HashMap::new();
    owned.insert(key.clone(), 2);
    assert_eq!(owned.get("grüße"), Some(&2));
    assert_eq!(format!("{key:?}"), format!("{:?}", "grüße"));
    assert_eq!(key.to_string(), "grüße");
    let mut sorted = vec![
        Utf8String::from("b"),
        Utf8String::from("a"),
        Utf8String::from("é"),
    ];
    sorted.sort();
    assert_eq!(sorted, ["a", "b", "é"]);
}

#[test]
fn collects_and_writes() {
    let s: Utf8String = "añ€".chars().rev().collect();
    assert_eq!(s, "€ña");
    let mut w = Utf8String::new();
    std::fmt::Write::write_fmt(&mut w, format_args!("{}-{}", 1, 'é')).expect("infallible");
    assert_eq!(w, "1-é");
    assert_eq!(String::from(w), "1-é");
}
