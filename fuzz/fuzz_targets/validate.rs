//! Every kernel agrees with the `const` reference decoder, exactly (offset,
//! length, kind and the bytes the error keeps), at several alignments; the
//! public entry points agree with it too; and `core::str::from_utf8` agrees
//! on the verdict and on `valid_up_to`/`error_len`.

#![no_main]

use std::fmt::Write as _;

use libfuzzer_sys::fuzz_target;
use utf8lit::__private::Kernel;
use utf8lit::{Utf8Error, Utf8Str};

/// The largest misalignment tried for the copies below (SIMD kernels step
/// by up to 64 bytes; a shift of 1..=63 moves the input across every lane).
const MAX_SHIFT: usize = 64;

fuzz_target!(|data: &[u8]| {
    check(data);

    // Sub-slices: a different start (and alignment) inside the same buffer,
    // and a shorter end, so kernels see the tail handled differently.
    if let Some(rest) = data.get(1..) {
        check(rest);
    }
    if data.len() > 3 {
        check(&data[3..]);
        check(&data[..data.len() - 1]);
    }

    // A copy at an odd and at a "lane-straddling" alignment: the offset is
    // chosen from the data so different inputs hit different alignments.
    let shift = 1 + usize::from(data.first().copied().unwrap_or(0)) % (MAX_SHIFT - 1);
    for pad in [1, shift] {
        let mut buf = vec![0u8; pad + data.len()];
        buf[pad..].copy_from_slice(data);
        check_kernels(&buf[pad..]);
    }
});

/// Checks one input against every oracle.
fn check(bytes: &[u8]) {
    let reference = utf8lit::decode::validate(bytes);

    // The public entry points.
    assert_eq!(
        utf8lit::validate(bytes),
        reference,
        "utf8lit::validate vs decode::validate on {bytes:02X?}"
    );
    match Utf8Str::from_bytes(bytes) {
        Ok(s) => {
            assert!(reference.is_ok());
            assert_eq!(s.as_bytes(), bytes);
        }
        Err(e) => assert_eq!(Err(e), reference, "Utf8Str::from_bytes on {bytes:02X?}"),
    }

    // std.
    match (core::str::from_utf8(bytes), reference) {
        (Ok(_), Ok(())) => {}
        (Err(std_err), Err(err)) => {
            assert_eq!(
                (err.valid_up_to(), err.error_len()),
                (std_err.valid_up_to(), std_err.error_len()),
                "std vs reference on {bytes:02X?}: {err:?}"
            );
            explain(&err);
        }
        (std_result, ours) => {
            panic!("std says {std_result:?}, reference says {ours:?} on {bytes:02X?}")
        }
    }

    check_kernels(bytes);
}

/// Every kernel this CPU has gives exactly the reference decoder's answer.
fn check_kernels(bytes: &[u8]) {
    let reference = utf8lit::decode::validate(bytes);
    let mut ran = 0;
    for kernel in Kernel::ALL {
        match kernel.validate(bytes) {
            Some(result) => {
                assert!(
                    kernel.is_available(),
                    "{} ran but is not available",
                    kernel.name()
                );
                assert_eq!(
                    result,
                    reference,
                    "kernel {} vs reference on {bytes:02X?}",
                    kernel.name()
                );
                ran += 1;
            }
            None => assert!(
                !kernel.is_available(),
                "{} is available but returned None",
                kernel.name()
            ),
        }
    }
    // Swar and Reference run everywhere.
    assert!(ran >= 2);
}

/// The error's explanations never panic and say something.
fn explain(err: &Utf8Error) {
    let mut text = String::new();
    write!(text, "{err}").unwrap();
    assert!(!text.is_empty());
    let mut debug = String::new();
    write!(debug, "{err:?}").unwrap();
    if let Some(meaning) = err.meaning() {
        let _ = format!("{meaning:?}");
    }
    if let Some(looks_like) = err.looks_like() {
        let _ = format!("{looks_like:?}");
    }
    let _ = err.bytes();
    let _ = err.kind().as_str();
}
