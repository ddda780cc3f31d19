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

// Lossy decoding switches between the kernels and a walk one sequence at a
// time, by how close errors are: every spacing of errors around the switch
// (32 valid bytes), with ASCII and multi-byte text between them, and long
// runs of dense errors, must still give std's output.
#[test]
fn lossy_equals_std_at_every_error_spacing() {
    let pieces: [&[u8]; 6] = [
        b"a",
        "\u{e9}".as_bytes(),
        "\u{20ac}".as_bytes(),
        "\u{1f600}".as_bytes(),
        b"\xE9",
        b"\xF0\x9F\x98",
    ];
    let mut rng = Rng::new(0x1055_7E57);
    for spacing in 0..100 {
        for filler in 0..4 {
            let mut input = Vec::new();
            while input.len() < 600 {
                for _ in 0..spacing {
                    input.extend_from_slice(pieces[filler]);
                }
                input.extend_from_slice(pieces[4 + rng.below(2)]);
            }
            let want = String::from_utf8_lossy(&input);
            assert_eq!(
                Utf8String::from_bytes_lossy(&input).as_str(),
                &*want,
                "spacing {spacing}, filler {filler}"
            );
        }
    }
    // Dense errors of every kind, then text.
    for _ in 0..2_000 {
        let mut input: Vec<u8> = (0..rng.below(200)).map(|_| 0x80 | rng.byte()).collect();
        input.extend_from_slice("tail \u{e9}t\u{e9}".as_bytes());
        assert_eq!(
            Utf8String::from_bytes_lossy(&input).as_str(),
            &*String::from_utf8_lossy(&input)
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

/// A random char boundary of `s` (0..=len).
fn boundary(rng: &mut Rng, s: &str) -> usize {
    let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
    bounds[rng.below(bounds.len())]
}

/// A char start of non-empty `s`.
fn char_start(rng: &mut Rng, s: &str) -> usize {
    let starts: Vec<usize> = s.char_indices().map(|(i, _)| i).collect();
    starts[rng.below(starts.len())]
}

// The String-like editing API behaves as `String`'s, operation for
// operation, and leaves the raw stream alone: random edits interleaved with
// raw pushes, with `String` plus `from_utf8` of the pushed bytes as the model.
#[test]
fn editing_matches_string_and_keeps_the_stream() {
    const PIECES: [&str; 8] = ["a", "é", "€", "😀", "Grüße", " ", "日本", "z"];
    let mut rng = Rng::new(0xED17);
    for round in 0..2_000 {
        let mut ours = Utf8String::new();
        let mut model = String::new();
        let mut pushed = 0usize;
        for step in 0..40 {
            let context = format!("round {round} step {step}");
            match rng.below(13) {
                0 => {
                    let piece = PIECES[rng.below(PIECES.len())];
                    let at = boundary(&mut rng, &model);
                    ours.insert_str(at, piece);
                    model.insert_str(at, piece);
                }
                1 => {
                    let ch = PIECES[rng.below(PIECES.len())].chars().next().unwrap();
                    let at = boundary(&mut rng, &model);
                    ours.insert(at, ch);
                    model.insert(at, ch);
                }
                2 if !model.is_empty() => {
                    let at = char_start(&mut rng, &model);
                    assert_eq!(ours.remove(at), model.remove(at), "{context}");
                }
                3 => assert_eq!(ours.pop(), model.pop(), "{context}"),
                4 => {
                    let at = boundary(&mut rng, &model);
                    ours.truncate(at);
                    model.truncate(at);
                }
                5 => {
                    let drop = PIECES[rng.below(PIECES.len())].chars().next().unwrap();
                    ours.retain(|c| c != drop);
                    model.retain(|c| c != drop);
                }
                6 => {
                    let (a, b) = (boundary(&mut rng, &model), boundary(&mut rng, &model));
                    let range = a.min(b)..a.max(b);
                    let got: String = ours.drain(range.clone()).collect();
                    assert_eq!(got, model.drain(range).collect::<String>(), "{context}");
                }
                7 => {
                    let (a, b) = (boundary(&mut rng, &model), boundary(&mut rng, &model));
                    let with = PIECES[rng.below(PIECES.len())];
                    ours.replace_range(a.min(b)..a.max(b), with);
                    model.replace_range(a.min(b)..a.max(b), with);
                }
                8 => {
                    let at = boundary(&mut rng, &model);
                    let tail = ours.split_off(at);
                    assert_eq!(tail, model.split_off(at), "{context}");
                    // The tail is a string of its own, with a fresh stream.
                    assert_eq!(tail.finish(), Ok(()));
                    assert!(tail.pending_bytes().is_empty());
                }
                // Text while raw bytes are held back is a stream error (tested
                // elsewhere); here the stream stays valid.
                9 if ours.pending_bytes().is_empty() => {
                    let piece = PIECES[rng.below(PIECES.len())];
                    ours += piece;
                    model += piece;
                    pushed += piece.len();
                }
                10 => {
                    ours.as_mut_str().make_ascii_uppercase();
                    model.make_ascii_uppercase();
                }
                _ => {
                    // Raw bytes: a piece, possibly cut inside a character;
                    // the rest is pushed by the next raw step or at the end.
                    let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                    let cut = rng.below(piece.len() + 1);
                    let held = ours.pending_bytes().to_vec();
                    // Complete what was held first, so the stream stays valid.
                    let need = held
                        .first()
                        .map_or(0, |&b| decode::announced_len(b) - held.len());
                    if need > 0 {
                        let mut buf = [0; 4];
                        let rest = PIECES
                            .iter()
                            .flat_map(|p| p.chars())
                            .map(|c| c.encode_utf8(&mut buf).as_bytes().to_vec())
                            .find(|c| c.len() == held.len() + need && c.starts_with(&held))
                            .expect("the held bytes came from a piece");
                        let rest = &rest[held.len()..];
                        ours.push_bytes(rest).unwrap();
                        model.push_str(std::str::from_utf8(&[&held[..], rest].concat()).unwrap());
                        pushed += rest.len();
                    }
                    ours.push_bytes(&piece[..cut]).unwrap();
                    let complete = std::str::from_utf8(&piece[..cut])
                        .map_or_else(|e| &piece[..e.valid_up_to()], str::as_bytes);
                    model.push_str(std::str::from_utf8(complete).unwrap());
                    pushed += cut;
                }
            }
            assert_eq!(ours, model, "{context}");
            assert_eq!(ours.len(), model.len(), "{context}");
        }
        // Edits never shifted the stream: an error now is reported at the
        // count of bytes pushed, whatever the text's length.
        let held = ours.pending_bytes().len();
        let err = ours.push_bytes(b"\xFF").unwrap_err();
        assert_eq!(err.valid_up_to(), pushed - held, "round {round}");
    }
}

#[test]
fn string_like_conversions_and_operators() {
    let from_box = Utf8String::from(Box::<str>::from("boxed"));
    assert_eq!(from_box, "boxed");
    assert_eq!(Utf8String::from(Cow::Borrowed("cow")), "cow");
    assert_eq!(Utf8String::from('€'), "€");
    let sum = Utf8String::from("a") + "b";
    assert_eq!(sum, "ab");
    let mut s = Utf8String::new();
    s.extend([String::from("x"), String::from("y")]);
    s.extend([Cow::Borrowed("z")]);
    s.extend(['!', '?'].iter());
    assert_eq!(s, "xyz!?");
    assert_eq!(s, Cow::Borrowed("xyz!?"));
    assert_eq!(Cow::Borrowed("xyz!?"), s);
    let joined: Utf8String = vec![String::from("1"), String::from("2")]
        .into_iter()
        .collect();
    assert_eq!(joined, "12");
    s.reserve_exact(100);
    assert!(s.capacity() >= 105);
    s.shrink_to(10);
    assert!(s.capacity() >= 10 && s.capacity() < 105);
    s.shrink_to_fit();
    assert!(s.try_reserve(8).is_ok());
    assert!(s.try_reserve(usize::MAX).is_err());
}
