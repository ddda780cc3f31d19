//! The decoder's other entry points (`next_char`, `encode_char`, `decode_rfc2279`) and `const` evaluation.

use super::*;

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
