//! The compile-fail and compile-pass cases of utf8lit's macros, run by
//! trybuild: every `tests/fail/*.rs` must fail to compile with exactly its
//! `.stderr`, and every `tests/pass/*.rs` must compile and its `main` run.
//!
//! After a deliberate change to a message, regenerate the `.stderr` files
//! with `TRYBUILD=overwrite` and review every diff (see the README).

use std::fmt::Write as _;
use std::path::Path;

/// The size of `tests/pass/data/big-4mib.txt`.
const BIG_LEN: usize = 4 * 1024 * 1024;

/// Deterministic mixed-script text (ASCII, Cyrillic, CJK, emoji: sequences
/// of 1 to 4 bytes) of exactly `BIG_LEN` bytes, in numbered lines.
fn big_text() -> String {
    let mut text = String::with_capacity(BIG_LEN);
    let mut line = String::new();
    for n in 0_u32.. {
        line.clear();
        let _ = writeln!(
            line,
            "{n:07} ASCII text, Кириллица, 漢字とかな, 한글, emoji 😀🦀✓ {}",
            ["α", "ß", "€", "𝄞"][n as usize % 4]
        );
        if text.len() + line.len() > BIG_LEN {
            break;
        }
        text.push_str(&line);
    }
    // Pad with ASCII to the exact size, ending in a newline.
    let pad = BIG_LEN - text.len();
    if pad > 0 {
        text.extend(std::iter::repeat_n('.', pad - 1));
        text.push('\n');
    }
    assert_eq!(text.len(), BIG_LEN);
    text
}

/// Writes the 4 MiB fixture, unless it is already there with the same
/// bytes (rewriting it would change its mtime and rebuild the pass case).
fn write_big_fixture() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pass/data/big-4mib.txt");
    let text = big_text();
    if std::fs::read(&path).ok().as_deref() != Some(text.as_bytes()) {
        std::fs::write(&path, text).expect("write tests/pass/data/big-4mib.txt");
    }
}

#[test]
fn ui() {
    write_big_fixture();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/fail/*.rs");
    t.pass("tests/pass/*.rs");
}
