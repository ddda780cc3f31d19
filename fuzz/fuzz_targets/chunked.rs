//! Incremental validation agrees with one-shot validation however the stream
//! is cut: the first error `Utf8Validator` (and `Utf8String::push_bytes`)
//! reports has `utf8lit::validate`'s offset, `error_len` and kind, is
//! reported as soon as it is certain, and a valid stream gives no error.
//!
//! An error reported before the rest of the stream arrives can only explain
//! itself with the bytes seen so far (see `Utf8Validator`'s docs: `C0` then
//! `80` in the next chunk is reported with `bytes() == [C0]`), so the error is
//! compared in full with the one-shot error on the bytes fed so far, and
//! with the one-shot error on the whole stream only when all of it was fed.
//!
//! Input layout: `data[0] & 7` is the number `n` of plan bytes that follow;
//! each plan byte is a chunk length (cycled through), and everything after
//! them is the stream. A plan byte below 0x80 is a short chunk (0 to 15
//! bytes, 0 being an empty update); from 0x80 up, a long one (0 to 254).

#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lit::{Utf8Error, Utf8String, Utf8Validator};

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let n = usize::from(head & 7).min(rest.len());
    let (plan, stream) = rest.split_at(n);
    let chunks = split(plan, stream);
    let expected = utf8lit::validate(stream);
    check_validator(stream, &chunks, expected);
    check_string(stream, &chunks, expected);
});

/// Cuts `stream` into chunks following `plan` (one-byte chunks if the plan
/// is empty or only has empty chunks). Empty chunks are kept: an empty
/// update must change nothing.
fn split<'a>(plan: &[u8], stream: &'a [u8]) -> Vec<&'a [u8]> {
    let lens: Vec<usize> = plan
        .iter()
        .map(|&b| {
            if b < 0x80 {
                usize::from(b & 0x0F)
            } else {
                usize::from(b & 0x7F) * 2
            }
        })
        .collect();
    let progress = lens.iter().any(|&len| len > 0);
    let mut chunks = Vec::new();
    let mut rest = stream;
    let mut i = 0;
    while !rest.is_empty() {
        let len = if progress { lens[i % lens.len()] } else { 1 };
        i += 1;
        let (chunk, after) = rest.split_at(len.min(rest.len()));
        chunks.push(chunk);
        rest = after;
    }
    // A trailing empty update now and then, after the last byte.
    if lens.last() == Some(&0) {
        chunks.push(&[]);
    }
    chunks
}

/// The stream length by which the one-shot error is certain: the byte that
/// broke the sequence has been seen (the lead byte itself when it can never
/// start one, the first unfitting byte otherwise), or the stream has ended.
fn certain_by(stream: &[u8], err: &Utf8Error) -> Option<usize> {
    err.error_len()
        .map(|len| (err.valid_up_to() + len + 1).min(stream.len()))
}

/// The first error of an incremental validation, reported after `fed` bytes
/// of `stream`, against the one-shot error on the whole stream (`expected`).
fn check_first_error(
    stream: &[u8],
    fed: usize,
    err: Utf8Error,
    expected: Result<(), Utf8Error>,
    what: &str,
    chunks: &[&[u8]],
) {
    let Err(whole) = expected else {
        panic!("{what}: error {err:?} after {fed} bytes of a valid stream; chunks {chunks:02X?}");
    };
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind()),
        (whole.valid_up_to(), whole.error_len(), whole.kind()),
        "{what}: first error after {fed} bytes vs one-shot {whole:?}; chunks {chunks:02X?}"
    );
    // Exactly what one-shot validation of the bytes seen so far says,
    // explanation included (so the whole stream's error once all was fed).
    let seen = utf8lit::validate(&stream[..fed]);
    assert!(seen.is_err(), "{what}: error {err:?} in a valid prefix");
    same(
        Err(err),
        seen,
        &format!("{what}: first error, after {fed} bytes, vs one-shot on those bytes"),
        chunks,
    );
    assert!(
        whole.bytes().starts_with(err.bytes()),
        "{what}: {err:?} quotes bytes that one-shot {whole:?} does not"
    );
    let _ = err.to_string();
}

/// Asserts that an incremental result is exactly the one-shot result,
/// showing both messages when not.
fn same(got: Result<(), Utf8Error>, want: Result<(), Utf8Error>, what: &str, chunks: &[&[u8]]) {
    if got == want {
        return;
    }
    let show = |r: Result<(), Utf8Error>| match r {
        Ok(()) => "Ok".to_owned(),
        Err(e) => format!("{e:?}\n    \"{e}\""),
    };
    let same_message = matches!((got, want), (Err(a), Err(b)) if a.to_string() == b.to_string());
    let note = if same_message {
        "\n  (same message: the errors differ in what Utf8Error keeps for its explanations)"
    } else {
        ""
    };
    panic!(
        "{what}: differ; chunks {chunks:02X?}\n  incremental: {}\n  one-shot:    {}{note}",
        show(got),
        show(want)
    );
}

fn check_validator(stream: &[u8], chunks: &[&[u8]], expected: Result<(), Utf8Error>) {
    let mut v = Utf8Validator::new();
    let mut fed = 0;
    let mut first: Option<Utf8Error> = None;
    for chunk in chunks {
        fed += chunk.len();
        let result = v.update(chunk);
        match (first, result) {
            (None, Ok(())) => {
                // Nothing seen is wrong yet: accepted bytes plus held-back
                // bytes are everything fed.
                assert_eq!(
                    v.valid_up_to() + v.pending_len(),
                    fed,
                    "validator bookkeeping"
                );
                assert!(v.pending_len() <= 3);
                assert_eq!(v.pending_bytes(), &stream[v.valid_up_to()..fed]);
                assert_eq!(v.error(), None);
                if let Err(err) = expected {
                    if let Some(by) = certain_by(stream, &err) {
                        assert!(
                            fed < by,
                            "validator still Ok after {fed} bytes; one-shot error {err:?} is certain by {by}; chunks {chunks:02X?}"
                        );
                    }
                }
            }
            (None, Err(err)) => {
                check_first_error(stream, fed, err, expected, "validator", chunks);
                assert_eq!(v.error(), Some(err));
                first = Some(err);
            }
            // After an error every call returns it again.
            (Some(err), result) => assert_eq!(result, Err(err), "validator after its error"),
        }
    }
    let finished = v.finish();
    match first {
        Some(err) => assert_eq!(finished, Err(err), "finish after an error"),
        None => same(finished, expected, "validator: finish vs one-shot", chunks),
    }
    // finish does not end the validator's state: it is idempotent.
    assert_eq!(v.finish(), finished);
}

fn check_string(stream: &[u8], chunks: &[&[u8]], expected: Result<(), Utf8Error>) {
    let mut s = Utf8String::new();
    let mut fed = 0;
    let mut first: Option<Utf8Error> = None;
    for chunk in chunks {
        fed += chunk.len();
        let result = s.push_bytes(chunk);
        match (first, result) {
            (None, Ok(())) => {
                // The text is every complete character so far; the rest of
                // what was fed is held back.
                let held = s.pending_bytes();
                assert!(held.len() <= 3);
                assert_eq!(
                    s.as_bytes().len() + held.len(),
                    fed,
                    "Utf8String bookkeeping"
                );
                assert_eq!(s.as_bytes(), &stream[..s.len()]);
                assert_eq!(held, &stream[s.len()..fed]);
            }
            (None, Err(err)) => {
                check_first_error(stream, fed, err, expected, "Utf8String", chunks);
                // Everything before the error has been appended.
                assert_eq!(
                    s.as_bytes(),
                    &stream[..err.valid_up_to()],
                    "Utf8String text at its error"
                );
                first = Some(err);
            }
            (Some(err), result) => {
                assert_eq!(result, Err(err), "Utf8String after its error");
                assert_eq!(
                    s.as_bytes(),
                    &stream[..err.valid_up_to()],
                    "Utf8String text after its error"
                );
            }
        }
        assert!(core::str::from_utf8(s.as_bytes()).is_ok());
    }
    let finished = s.finish();
    match first {
        Some(err) => assert_eq!(finished, Err(err), "Utf8String finish after an error"),
        None => {
            same(finished, expected, "Utf8String: finish vs one-shot", chunks);
            // Everything but a truncated sequence at the end was appended.
            let end = expected.map_or_else(|e| e.valid_up_to(), |()| stream.len());
            assert_eq!(s.as_bytes(), &stream[..end], "Utf8String text at the end");
        }
    }
}
