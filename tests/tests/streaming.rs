//! The chunking property of `Utf8Validator`: for every way of cutting an
//! input into chunks, the first error (offset, length, kind) is the one
//! `decode::validate` gives on the whole input, and a valid input is accepted;
//! and the error, explanation and all, is the one `validate` gives on the
//! bytes fed so far.
#![forbid(unsafe_code)]
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "rates and PRNG arithmetic on small test numbers"
)]

use utf8lit::{decode, ErrorKind, Utf8Validator};
use utf8lit_tests::Rng;

/// What a validation says, in the terms the property compares.
type Verdict = Result<(), (usize, Option<usize>, ErrorKind)>;

fn one_shot(input: &[u8]) -> Verdict {
    decode::validate(input).map_err(|e| (e.valid_up_to(), e.error_len(), e.kind()))
}

/// Feeds `input` cut after each byte count `end` for which `cut(end)`,
/// checking the stream's running invariants.
fn chunked(input: &[u8], cut: impl Fn(usize) -> bool) -> Verdict {
    let mut v = Utf8Validator::new();
    let mut start = 0;
    for end in 1..=input.len() {
        let last = end == input.len();
        if last || cut(end) {
            let chunk = &input[start..end];
            let result = v.update(chunk);
            if let Err(e) = result {
                // The whole error, explanation included, is the one a
                // one-shot check of the bytes so far gives.
                assert_eq!(
                    Err(e),
                    utf8lit::validate(&input[..end]),
                    "{input:02X?} cut at {end}"
                );
                // The error is sticky and nothing past it was accepted.
                assert_eq!(v.update(b"a"), Err(e));
                assert_eq!(v.valid_up_to(), e.valid_up_to());
                return Err((e.valid_up_to(), e.error_len(), e.kind()));
            }
            // Whatever is accepted plus what is held back is what came in.
            assert_eq!(v.valid_up_to() + v.pending_len(), end, "{input:02X?}");
            start = end;
        }
    }
    let finished = v.finish();
    assert_eq!(finished, utf8lit::validate(input), "{input:02X?} at finish");
    match finished {
        Ok(()) => Ok(()),
        Err(e) => Err((e.valid_up_to(), e.error_len(), e.kind())),
    }
}

/// One byte of each class the decoder tells apart (the UTF-8 DFA's byte
/// classes, plus the leads that differ only in their error kind).
const CLASSES: [u8; 17] = [
    0x41, 0x80, 0x90, 0xA0, 0xC0, 0xC2, 0xE0, 0xE1, 0xED, 0xEE, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC,
    0xFE,
];

fn check_all_chunkings(input: &[u8]) {
    let expected = one_shot(input);
    let n_cuts = input.len().saturating_sub(1);
    for cuts in 0..1u64 << n_cuts {
        let got = chunked(input, |end| cuts & (1 << (end - 1)) != 0);
        assert_eq!(got, expected, "{input:02X?} cuts {cuts:b}");
    }
}

#[test]
fn every_input_up_to_three_bytes_every_chunking() {
    for len in 0..=3usize {
        for n in 0..1u32 << (8 * len) {
            check_all_chunkings(&n.to_le_bytes()[..len]);
        }
    }
}

/// Every input of `len` bytes over `CLASSES`, every chunking, on all cores.
fn every_class_input(len: u32) {
    let total = CLASSES.len().pow(len);
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                let mut input = vec![0u8; len as usize];
                for mut n in (t..total).step_by(threads) {
                    for byte in &mut input {
                        *byte = CLASSES[n % CLASSES.len()];
                        n /= CLASSES.len();
                    }
                    check_all_chunkings(&input);
                }
            });
        }
    });
}

#[test]
fn every_class_input_of_four_and_five_bytes_every_chunking() {
    every_class_input(4);
    every_class_input(5);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "24 million inputs x 32 chunkings: run with --release"
)]
fn every_class_input_of_six_bytes_every_chunking() {
    every_class_input(6);
}

/// Mostly valid text of every width, sometimes with one bad sequence.
fn random_input(rng: &mut Rng) -> Vec<u8> {
    const BAD: [&[u8]; 12] = [
        b"\x80",
        b"\xC0\x80",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xED\xA1\x8C\xED\xBE\xB4",
        b"\xF4\x90\x80\x80",
        b"\xF8\x88\x80\x80\x80",
        b"\xFF",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xE9",
        b"\xC3",
    ];
    let len = rng.below(400);
    let mut out = Vec::with_capacity(len + 8);
    let mut buf = [0; 4];
    while out.len() < len {
        let c = match rng.below(6) {
            0 | 1 => char::from(rng.below(0x80) as u8),
            2 => char::from_u32(0x80 + rng.below(0x780) as u32).unwrap_or('x'),
            3 => char::from_u32(0x800 + rng.below(0xF800) as u32).unwrap_or('x'),
            4 => char::from_u32(0x1_0000 + rng.below(0x10_0000) as u32).unwrap_or('x'),
            _ => {
                out.extend_from_slice(&[b'a'; 20][..rng.below(20)]);
                continue;
            }
        };
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    if rng.below(3) > 0 {
        let at = rng.below(out.len() + 1);
        let bad = BAD[rng.below(BAD.len())];
        out.splice(at..at, bad.iter().copied());
    }
    out
}

#[test]
fn random_long_inputs_random_chunkings() {
    let mut rng = Rng::new(0x005E_ED0F_F00D);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..100_000 {
        let input = random_input(&mut rng);
        let expected = one_shot(&input);
        // Random chunk sizes, mostly small so that splits land everywhere.
        let mut v = Utf8Validator::new();
        let mut at = 0;
        let mut got = Ok(());
        while at < input.len() {
            let size = if rng.below(8) == 0 {
                rng.below(64)
            } else {
                rng.below(5)
            };
            let end = (at + size).min(input.len());
            if let Err(e) = v.update(&input[at..end]) {
                got = Err((e.valid_up_to(), e.error_len(), e.kind()));
                break;
            }
            at = end;
        }
        if got.is_ok() {
            got = v
                .finish()
                .map_err(|e| (e.valid_up_to(), e.error_len(), e.kind()));
        }
        assert_eq!(got, expected, "{input:02X?}");
        if expected.is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    // Both halves of the property were exercised.
    assert!(
        valid > 20_000 && invalid > 20_000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn error_explanation_uses_history_from_earlier_chunks() {
    // The Latin-1 guess needs the two bytes before the error, which arrived
    // in an earlier chunk; the validator must see the same as one-shot.
    let input = b"caf\xE9 au lait";
    let whole = decode::validate(input).unwrap_err();
    for cut in 1..input.len() {
        let mut v = Utf8Validator::new();
        let err = v
            .update(&input[..cut])
            .and_then(|()| v.update(&input[cut..]))
            .unwrap_err();
        assert_eq!(err.looks_like(), whole.looks_like(), "cut at {cut}");
        assert_eq!(err.to_string(), whole.to_string(), "cut at {cut}");
    }
}

#[test]
fn cesu8_pair_split_anywhere_is_reported_at_its_second_byte() {
    let input = b"ab\xED\xA1\x8C\xED\xBE\xB4cd";
    for cut in 1..input.len() {
        let mut v = Utf8Validator::new();
        let first = v.update(&input[..cut]);
        let err = first.and_then(|()| v.update(&input[cut..])).unwrap_err();
        assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
        assert_eq!(err.kind(), ErrorKind::Surrogate);
        // Reported as soon as ED A1 is seen: an update ending before the A1
        // must not fail yet.
        assert_eq!(first.is_err(), cut >= 4, "cut at {cut}");
    }
}

// ---------------------------------------------------------------------------
// the WPT streaming cases (vectors/utf8_streaming.tsv)
// ---------------------------------------------------------------------------

fn parse_hex(field: &str) -> Vec<u8> {
    utf8lit_tests::parse_hex(field).expect("hex field")
}

/// One step: the chunk, whether it is the last, the expected output.
type Step = (Vec<u8>, bool, String);

#[test]
fn wpt_streaming_cases() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/vectors/utf8_streaming.tsv"
    );
    let text = std::fs::read_to_string(path).expect("streaming vectors");
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = rows.next().expect("header").split('\t').collect();
    assert_eq!(
        header,
        ["id", "ref", "step", "chunk_hex", "last", "expected_hex"]
    );
    let mut cases: Vec<(String, Vec<Step>)> = Vec::new();
    for row in rows.filter(|l| !l.is_empty()) {
        let f: Vec<&str> = row.split('\t').collect();
        let step = (parse_hex(f[3]), f[4] == "1", f[5].to_owned());
        match cases.last_mut() {
            Some((id, steps)) if id == f[0] => steps.push(step),
            _ => cases.push((f[0].to_owned(), vec![step])),
        }
    }
    assert_eq!(cases.len(), 7);
    for (id, steps) in &cases {
        let mut v = Utf8Validator::new();
        let mut stream = Vec::new();
        for (chunk, last, expected) in steps {
            stream.extend_from_slice(chunk);
            let mut result = v.update(chunk);
            if *last {
                result = result.and_then(|()| v.finish());
            }
            // The first step whose output has U+FFFD is where the error is
            // reported; a step with no output, or `*`, must not fail.
            let replaces = expected.contains("EF BF BD");
            assert_eq!(result.is_err(), replaces, "{id}: {expected}");
            if let Err(e) = result {
                let whole = decode::validate(&stream).unwrap_err();
                let whole_kind = if *last { whole.kind() } else { e.kind() };
                assert_eq!(e.valid_up_to(), whole.valid_up_to(), "{id}");
                assert_eq!(e.kind(), whole_kind, "{id}");
                break;
            }
        }
    }
}

#[test]
fn every_vector_split_at_every_position_matches_one_shot() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/vectors/utf8_vectors.tsv");
    let text = std::fs::read_to_string(path).expect("vectors");
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = rows.next().expect("header").split('\t').collect();
    assert_eq!(header[2], "input_hex");
    let mut n = 0;
    for row in rows.filter(|l| !l.is_empty()) {
        let input = parse_hex(row.split('\t').nth(2).expect("input_hex"));
        let expected = one_shot(&input);
        for cut in 0..=input.len() {
            let got = chunked(&input, |end| end == cut);
            assert_eq!(got, expected, "{input:02X?} cut at {cut}");
        }
        // And one byte at a time.
        assert_eq!(chunked(&input, |_| true), expected, "{input:02X?} bytewise");
        n += 1;
    }
    assert_eq!(n, 1921);
}

/// Inputs the `chunked` fuzz target found where the validator's error said
/// something other than `validate`'s on the same bytes.
#[test]
fn fuzz_finds_errors_explained_as_one_shot() {
    // A stray BE, then a lead the chunk cuts off: the Latin-1 guess for BE
    // depends on the byte after it, so the error must see the tail.
    check_all_chunkings(b"\xBE\xE2");
    check_all_chunkings(b"aaaaaaaaaaaa\xEE\xEE\xEE\xEE\xEE\xEE");
    // "Starts with 00 00" (a UTF-32BE byte-order mark follows) is not
    // "ends with 00 00": two bytes of history could not tell them apart.
    check_all_chunkings(b"\x00\x00\x00\x00\xFE\xFF");
    check_all_chunkings(b"\x00\x00\x00\xC3");
}
