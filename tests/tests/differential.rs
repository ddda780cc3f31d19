//! Differential: `utf8lit::validate`, the reference decoder
//! `utf8lit::decode::validate` / `validate_from` and `core::str::from_utf8`
//! must agree on every input (the library's `kind` against the oracle kind).
//!
//! - random inputs from a seeded generator: valid characters of every width,
//!   ASCII runs long enough for block fast paths, and corruptions;
//! - one bad sequence per error kind (plus CESU-8 pairs and truncations)
//!   inserted into valid text at every offset up to 200 and around every
//!   16-byte block boundary up to 528;
//! - the simdutf8 product of ORACLES.md §3 ("SIMD block boundaries").

#![forbid(unsafe_code)]

use utf8lit::decode::{self, validate_from};
use utf8lit::ErrorKind;
use utf8lit_tests::{
    decode_failures, expected, expected_errors, hex, is_continuation, observed, oracle_bytes,
    read_data, runtime_errors, Failure, Mismatches, Rng,
};

/// Every check this suite makes on one input.
fn check_everything(m: &mut Mismatches, input: &[u8]) -> Result<(), Failure> {
    let want = expected(input);
    let reference = decode::validate(input);
    let runtime = utf8lit::validate(input);
    let context = hex(input);
    m.eq(
        &context,
        "utf8lit::validate == decode::validate",
        &runtime,
        &reference,
    );
    m.eq(
        &context,
        "decode::validate vs std + oracle kind",
        &observed(reference),
        &want,
    );
    if let (Err(e), Err(f)) = (reference, want) {
        m.eq(
            &context,
            "bytes()",
            &hex(e.bytes()),
            &hex(&oracle_bytes(input, &f)),
        );
        // Every later error too, by resuming.
        let errors = expected_errors(input);
        m.eq(
            &context,
            "errors by validate_from",
            &decode_failures(input),
            &errors,
        );
        m.eq(
            &context,
            "errors by utf8lit::validate",
            &runtime_errors(input),
            &errors,
        );
    }
    want
}

/// `validate_from(input, start)` is std on `input[start..]`, shifted.
fn check_validate_from(m: &mut Mismatches, input: &[u8], start: usize) {
    let want = match input.get(start..) {
        Some(rest) => expected(rest).map_err(|f| f.shifted(start)),
        None => Ok(()),
    };
    m.eq(
        &format_args!("{} from {start}", hex(input)),
        "validate_from",
        &observed(validate_from(input, start)),
        &want,
    );
}

/// One ill-formed sequence of each kind, with the kind its first byte gets
/// when valid text (or nothing) follows it: `(bytes, kind in the middle,
/// kind at the end of input)`.
const BAD: &[(&[u8], ErrorKind, ErrorKind)] = {
    use ErrorKind::{
        InvalidByte, MissingContinuation, ObsoleteForm, OutOfRange, Overlong, Surrogate, Truncated,
        UnexpectedContinuation,
    };
    &[
        (b"\x80", UnexpectedContinuation, UnexpectedContinuation),
        (b"\xBF", UnexpectedContinuation, UnexpectedContinuation),
        (
            b"\x80\xBF\x80",
            UnexpectedContinuation,
            UnexpectedContinuation,
        ),
        // Valid prefixes: cut off by what follows, or by the end.
        (b"\xC3", MissingContinuation, Truncated),
        (b"\xE1\x80", MissingContinuation, Truncated),
        (b"\xE0\xA0", MissingContinuation, Truncated),
        (b"\xED\x9F", MissingContinuation, Truncated),
        (b"\xF0\x9F", MissingContinuation, Truncated),
        (b"\xF0\x9F\x98", MissingContinuation, Truncated),
        (b"\xF4\x8F\xBF", MissingContinuation, Truncated),
        (b"\xF1\x80\x80", MissingContinuation, Truncated),
        // A non-continuation at positions 2, 3 and 4.
        (b"\xC2\x00", MissingContinuation, MissingContinuation),
        (b"\xE1\x80\x41", MissingContinuation, MissingContinuation),
        (
            b"\xF1\x80\x80\xC3\xA9",
            MissingContinuation,
            MissingContinuation,
        ),
        (b"\xC0\x80", Overlong, Overlong),
        (b"\xC1\xBF", Overlong, Overlong),
        (b"\xE0\x80\xAF", Overlong, Overlong),
        (b"\xE0\x9F", Overlong, Overlong),
        (b"\xF0\x80\x80\x80", Overlong, Overlong),
        (b"\xF0\x8F\xBF\xBF", Overlong, Overlong),
        (b"\xED\xA0\x80", Surrogate, Surrogate),
        (b"\xED\xBF", Surrogate, Surrogate),
        // CESU-8 pairs: U+10000 and U+233B4.
        (b"\xED\xA0\x80\xED\xB0\x80", Surrogate, Surrogate),
        (b"\xED\xA1\x8C\xED\xBE\xB4", Surrogate, Surrogate),
        (b"\xF4\x90\x80\x80", OutOfRange, OutOfRange),
        (b"\xF4\xBF", OutOfRange, OutOfRange),
        (b"\xF5", OutOfRange, OutOfRange),
        (b"\xF7\xBF\xBF\xBF", OutOfRange, OutOfRange),
        (b"\xF8", ObsoleteForm, ObsoleteForm),
        (b"\xF8\x88\x80\x80\x80", ObsoleteForm, ObsoleteForm),
        (b"\xFC\x84\x80\x80\x80\x80", ObsoleteForm, ObsoleteForm),
        (b"\xFD\xBF\xBF\xBF\xBF\xBF", ObsoleteForm, ObsoleteForm),
        (b"\xFE", InvalidByte, InvalidByte),
        (b"\xFF", InvalidByte, InvalidByte),
        (b"\xFF\xFE", InvalidByte, InvalidByte),
    ]
};

// ---------------------------------------------------------------------------
// random inputs
// ---------------------------------------------------------------------------

/// A random input of up to `max_len` bytes (a little more when the last piece
/// overshoots): valid characters of all widths and ASCII runs, with some
/// corruption unless `valid_only`.
fn random_input(rng: &mut Rng, max_len: usize, valid_only: bool) -> Vec<u8> {
    let target = rng.below(max_len + 1);
    let mut out = Vec::with_capacity(target + 8);
    let mut buf = [0; 4];
    while out.len() < target {
        let piece = if valid_only {
            rng.below(10)
        } else {
            rng.below(14)
        };
        match piece {
            0..=2 => {
                let run = 1 + rng.below(80);
                out.extend((0..run).map(|_| rng.byte() & 0x7F));
            }
            3..=7 => {
                let width = 1 + rng.below(4);
                out.extend_from_slice(rng.char_of_width(width).encode_utf8(&mut buf).as_bytes());
            }
            8 | 9 => {
                // A run of one multi-byte character, as in real text.
                let width = 2 + rng.below(3);
                let ch = rng.char_of_width(width);
                for _ in 0..=rng.below(40) {
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
            10 => out.extend_from_slice(rng.pick(BAD).0),
            11 => out.push(rng.byte()),
            12 => {
                // A multi-byte character cut short.
                let width = 2 + rng.below(3);
                let ch = rng.char_of_width(width);
                let bytes = ch.encode_utf8(&mut buf).as_bytes();
                out.extend_from_slice(&bytes[..=rng.below(bytes.len() - 1)]);
            }
            _ => {
                // Flip a bit of something already written.
                if !out.is_empty() {
                    let at = rng.below(out.len());
                    out[at] ^= 1 << rng.below(8);
                }
            }
        }
    }
    out
}

#[test]
fn random_mixed_inputs_agree_with_std() {
    let mut rng = Rng::new(0x75_7466_386C_6974);
    let mut m = Mismatches::new("random inputs");
    let (mut invalid, mut by_kind) = (0, std::collections::BTreeMap::new());
    for case in 0..20_000 {
        let valid_only = case % 4 == 0;
        let input = random_input(&mut rng, 300, valid_only);
        let outcome = check_everything(&mut m, &input);
        if valid_only {
            m.eq(&hex(&input), "generated valid", &outcome, &Ok(()));
        }
        if let Err(f) = outcome {
            invalid += 1;
            *by_kind.entry(format!("{:?}", f.kind)).or_insert(0) += 1;
        }
        for _ in 0..3 {
            let start = rng.below(input.len() + 3);
            check_validate_from(&mut m, &input, start);
        }
    }
    // The generator must actually reach every kind, or the test proves little.
    assert!(invalid > 10_000, "only {invalid} invalid inputs");
    assert_eq!(by_kind.len(), 8, "kinds reached: {by_kind:?}");
    m.finish();
}

// Short inputs over a small alphabet of interesting bytes: every lead class,
// continuation ranges split at the Table 3-7 boundaries, ASCII.
#[test]
fn random_short_inputs_over_boundary_bytes_agree_with_std() {
    const ALPHABET: &[u8] = &[
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE,
        0xFF,
    ];
    let mut rng = Rng::new(3629);
    let mut m = Mismatches::new("short boundary-byte inputs");
    for _ in 0..100_000 {
        let len = 5 + rng.below(8);
        let input: Vec<u8> = (0..len).map(|_| *rng.pick(ALPHABET)).collect();
        let _ = check_everything(&mut m, &input);
        check_validate_from(&mut m, &input, rng.below(len + 1));
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// bad sequences at many offsets of valid text
// ---------------------------------------------------------------------------

/// About `len` bytes of a valid corpus file, cut at a character boundary.
fn excerpt(path: &str, len: usize) -> Vec<u8> {
    let file = read_data(path);
    let text = core::str::from_utf8(&file).expect("valid corpus file");
    let mut end = len.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    file[..end].to_vec()
}

/// Valid texts to insert into: ASCII, 2-, 3- and 4-byte scripts, a mix.
fn base_texts() -> Vec<(String, Vec<u8>)> {
    const LEN: usize = 600;
    let mut rng = Rng::new(163_264);
    let mut generated = Vec::new();
    let mut buf = [0; 4];
    while generated.len() < LEN {
        let width = 1 + rng.below(4);
        generated.extend_from_slice(rng.char_of_width(width).encode_utf8(&mut buf).as_bytes());
    }
    let mut bases = vec![
        ("a*600".to_owned(), vec![b'a'; LEN]),
        ("generated".to_owned(), generated),
    ];
    for path in [
        "lipsum/Latin-Lipsum.txt",
        "lipsum/Russian-Lipsum.txt",
        "lipsum/Chinese-Lipsum.txt",
        "lipsum/Emoji-Lipsum.txt",
        "kuhn/UTF-8-demo.txt",
    ] {
        bases.push((path.to_owned(), excerpt(path, LEN)));
    }
    for (name, text) in &bases {
        assert!(core::str::from_utf8(text).is_ok(), "{name} is not valid");
        assert!(text.len() > 550, "{name} is short");
    }
    bases
}

/// Every offset up to 200, and three either side of each multiple of 16 up
/// to 528 (the 16-, 32-, 64-, 128- and 256-byte block boundaries).
fn offsets(len: usize) -> Vec<usize> {
    let mut offsets: Vec<usize> = (0..200)
        .chain((16..=528).step_by(16).flat_map(|b| b - 3..=b + 3))
        .filter(|&o| o <= len)
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    offsets
}

#[test]
fn bad_sequences_at_every_offset_of_valid_text() {
    let mut m = Mismatches::new("bad sequences inserted into valid text");
    for (name, base) in base_texts() {
        for offset in offsets(base.len()) {
            // The last character boundary at or before `offset`.
            let mut boundary = offset;
            while boundary < base.len() && is_continuation(base[boundary]) {
                boundary -= 1;
            }
            for &(bad, mid_kind, end_kind) in BAD {
                // In the middle, at a character boundary.
                let input: Vec<u8> = [&base[..boundary], bad, &base[boundary..]].concat();
                let context = format!("{name}: {} at {boundary}", hex(bad));
                let got = check_everything(&mut m, &input).map_err(|f| (f.valid_up_to, f.kind));
                let kind = if boundary == base.len() {
                    end_kind
                } else {
                    mid_kind
                };
                m.eq(&context, "position and kind", &got, &Err((boundary, kind)));

                // At the end of the text cut there.
                let input: Vec<u8> = [&base[..boundary], bad].concat();
                let got = check_everything(&mut m, &input).map_err(|f| (f.valid_up_to, f.kind));
                m.eq(&context, "at the end", &got, &Err((boundary, end_kind)));

                // At the raw offset, possibly splitting a character: std decides.
                if offset != boundary {
                    let input: Vec<u8> = [&base[..offset], bad, &base[offset..]].concat();
                    let _ = check_everything(&mut m, &input);
                }
            }
        }
    }
    m.finish();
}

// Two errors at a distance, so the second is found after resuming across
// block boundaries.
#[test]
fn two_bad_sequences_at_block_distances() {
    let mut m = Mismatches::new("two bad sequences");
    let base = vec![b'x'; 300];
    for first in [0, 1, 15, 16, 17, 31, 32, 63, 64, 65] {
        for gap in [0, 1, 2, 14, 15, 16, 17, 31, 32, 33, 63, 64, 127, 128] {
            for &(a, _, _) in BAD {
                for &(b, _, _) in BAD {
                    let input: Vec<u8> = [&base[..first], a, &base[..gap], b, &base[..20]].concat();
                    let _ = check_everything(&mut m, &input);
                }
            }
        }
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// ORACLES.md §3: simdutf8's repeated prefixes before an error
// ---------------------------------------------------------------------------

/// An error simdutf8 puts after its repeated prefixes, with what std reports
/// when it ends the input (`alone`) and when the prefix follows it again.
struct SimdError {
    bytes: &'static [u8],
    /// `error_len` and kind at the end of input.
    alone: (Option<usize>, ErrorKind),
    /// `error_len` and kind when valid text follows.
    followed: (usize, ErrorKind),
}

#[test]
fn simd_block_boundary_product() {
    let prefixes: [(&str, Vec<u8>); 5] = [
        ("a", b"a".to_vec()),
        ("ö", "ö".as_bytes().to_vec()),
        ("😊", "😊".as_bytes().to_vec()),
        ("a*64", vec![b'a'; 64]),
        (
            "a*64 ö*32",
            [vec![b'a'; 64], "ö".repeat(32).into_bytes()].concat(),
        ),
    ];
    let errors = [
        SimdError {
            bytes: b"\xFF",
            alone: (Some(1), ErrorKind::InvalidByte),
            followed: (1, ErrorKind::InvalidByte),
        },
        SimdError {
            bytes: b"\xC3",
            alone: (None, ErrorKind::Truncated),
            followed: (1, ErrorKind::MissingContinuation),
        },
        SimdError {
            bytes: b"\xF0",
            alone: (None, ErrorKind::Truncated),
            followed: (1, ErrorKind::MissingContinuation),
        },
        SimdError {
            bytes: b"\xF0\x9F",
            alone: (None, ErrorKind::Truncated),
            followed: (2, ErrorKind::MissingContinuation),
        },
        SimdError {
            bytes: b"\xF0\x9F\x98",
            alone: (None, ErrorKind::Truncated),
            followed: (3, ErrorKind::MissingContinuation),
        },
    ];
    let repeats = [
        0, 1, 2, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129,
    ];
    let mut m = Mismatches::new("simdutf8 prefix product");
    for (name, prefix) in &prefixes {
        for repeat in repeats {
            let head = prefix.repeat(repeat);
            for error in &errors {
                let context = format!("{name} x {repeat} + {}", hex(error.bytes));
                let input = [&head[..], error.bytes].concat();
                let got = check_everything(&mut m, &input);
                let want = Failure {
                    valid_up_to: head.len(),
                    error_len: error.alone.0,
                    kind: error.alone.1,
                };
                m.eq(&context, "alone", &got, &Err(want));
                if repeat > 0 {
                    let input = [&head[..], error.bytes, &head[..]].concat();
                    let got = check_everything(&mut m, &input);
                    let want = Failure {
                        valid_up_to: head.len(),
                        error_len: Some(error.followed.0),
                        kind: error.followed.1,
                    };
                    m.eq(&context, "followed by the prefix again", &got, &Err(want));
                }
            }
        }
    }
    m.finish();
}
