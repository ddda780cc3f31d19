//! Differential test against rustc itself, for randomly generated literals.
//!
//! Random literal texts are generated and run through [`parse`]. Every accepted text (with
//! no suffix) goes into one program that prints rustc's value for each literal, and the
//! values must match. Every rejected text goes into a file of its own, and rustc must fail
//! to compile it.
//!
//! This test runs `rustc` (or `$RUSTC`) several hundred times, so it is ignored by default:
//! `cargo test -p utf8lit-macros --test rustc_oracle -- --ignored`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

// The parser is private to the proc-macro crate; compile its file here.
#[allow(dead_code, reason = "only `parse` is exercised")]
#[path = "../src/lit.rs"]
mod lit;

use lit::parse;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const SAMPLES: usize = 3000;
const MAX_REJECTED: usize = SAMPLES;

/// Fragments of literal bodies, chosen to hit escape edge cases often.
const FRAGMENTS: [&str; 41] = [
    "a",
    "é",
    "😀",
    "\\",
    "\\\\",
    "\\n",
    "\\r",
    "\\t",
    "\\0",
    "\\'",
    "\\\"",
    "\\x",
    "\\x7F",
    "\\x80",
    "\\xFF",
    "\\x00",
    "\\x4",
    "\\u{",
    "\\u{0}",
    "\\u{E9}",
    "\\u{1_F6_00}",
    "\\u{D800}",
    "\\u{10FFFF}",
    "\\u{110000}",
    "\\u{}",
    "\\u{_1}",
    "\\u{1234567}",
    "\\q",
    "_",
    "}",
    "\"",
    "'",
    "#",
    "\n",
    "\\\n",
    "\\\n\t \n",
    "    ",
    "\t",
    "\r\n",
    "\r",
    "\u{0}",
];

const DELIMITERS: [(&str, &str); 12] = [
    ("\"", "\""),
    ("b\"", "\""),
    ("c\"", "\""),
    ("r\"", "\""),
    ("r#\"", "\"#"),
    ("br\"", "\""),
    ("br##\"", "\"##"),
    ("cr\"", "\""),
    ("cr#\"", "\"#"),
    ("'", "'"),
    ("b'", "'"),
    ("\"", "\"x"),
];

use lit::tests::XorShift;

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned())
}

/// Prints rustc's value of each literal as a line of hex.
const PRELUDE: &str = r#"
trait Bytes { fn bytes(&self) -> Vec<u8>; }
impl Bytes for &str { fn bytes(&self) -> Vec<u8> { self.as_bytes().to_vec() } }
impl<const N: usize> Bytes for &[u8; N] { fn bytes(&self) -> Vec<u8> { self.to_vec() } }
impl Bytes for &std::ffi::CStr { fn bytes(&self) -> Vec<u8> { self.to_bytes().to_vec() } }
impl Bytes for char { fn bytes(&self) -> Vec<u8> { self.to_string().into_bytes() } }
impl Bytes for u8 { fn bytes(&self) -> Vec<u8> { vec![*self] } }
fn show(b: Vec<u8>) { println!("{}", b.iter().map(|b| format!("{b:02x}")).collect::<String>()); }
fn main() {
"#;

/// Lines (1-based) with `error` diagnostics in rustc's human-readable output.
fn error_lines(stderr: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut in_error = false;
    for line in stderr.lines() {
        if line.starts_with("error") {
            in_error = true;
        } else if line.starts_with("warning") {
            in_error = false;
        } else if let Some(at) = line.trim_start().strip_prefix("--> ") {
            if in_error {
                if let Some(n) = at.split(':').nth(1).and_then(|n| n.parse().ok()) {
                    lines.push(n);
                }
            }
        }
    }
    lines
}

fn compile(dir: &Path, name: &str, source: &str, args: &[&str]) -> std::process::Output {
    let file = dir.join(format!("{name}.rs"));
    std::fs::write(&file, source).unwrap();
    Command::new(rustc())
        .args(["--edition", "2021", "--out-dir"])
        .arg(dir)
        .args(args)
        .arg(&file)
        .output()
        .expect("run rustc")
}

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lit-draft-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
#[ignore = "runs rustc hundreds of times; use `cargo test -p utf8lit-macros --test rustc_oracle -- --ignored`"]
fn parse_agrees_with_rustc() {
    let mut rng = XorShift(0xD1B5_4A32_D192_ED03);
    let mut accepted = Vec::new();
    let mut rejected = Vec::new();
    for _ in 0..SAMPLES {
        let (open, close) = DELIMITERS[rng.below(DELIMITERS.len())];
        let mut text = open.to_owned();
        for _ in 0..rng.below(5) {
            text.push_str(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
        text.push_str(close);
        match parse(&text) {
            Ok(parsed) if parsed.suffix.is_empty() => accepted.push((text, parsed.bytes)),
            _ => rejected.push(text),
        }
    }
    rejected.truncate(MAX_REJECTED);
    println!("{} accepted, {} rejected", accepted.len(), rejected.len());
    assert!(accepted.len() > 300 && rejected.len() > 100);
    let dir = scratch_dir();

    // Accepted texts: one program; each literal's value is printed on its own line.
    let mut program = PRELUDE.to_owned();
    let mut spans = Vec::new();
    for (text, _) in &accepted {
        let first = program.lines().count() + 1;
        writeln!(program, "show(Bytes::bytes(&{text}));").unwrap();
        spans.push(first..=program.lines().count());
    }
    program.push_str("}\n");
    let out = compile(
        &dir,
        "accepted",
        &program,
        &["-o", dir.join("accepted").to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let bad: Vec<_> = error_lines(&stderr)
            .into_iter()
            .filter_map(|line| spans.iter().position(|s| s.contains(&line)))
            .map(|i| &accepted[i].0)
            .collect();
        panic!("rustc rejects texts that parse() accepts: {bad:#?}\n{stderr}");
    }
    let run = Command::new(dir.join("accepted")).output().unwrap();
    let values = String::from_utf8(run.stdout).unwrap();
    let values: Vec<&str> = values.lines().collect();
    assert_eq!(values.len(), accepted.len());
    for ((text, bytes), value) in accepted.iter().zip(values) {
        let ours = bytes.iter().fold(String::new(), |mut s, b| {
            write!(s, "{b:02x}").unwrap();
            s
        });
        assert_eq!(ours, value, "value of {text:?}");
    }

    // Rejected texts: one file each, two rustc processes at a time.
    let halves = rejected.split_at(rejected.len() / 2);
    let wrongly_rejected: Vec<String> = std::thread::scope(|s| {
        let jobs = [halves.0, halves.1].map(|half| {
            let dir = &dir;
            s.spawn(move || {
                let mut bad = Vec::new();
                for (i, text) in half.iter().enumerate() {
                    let name = format!("rejected_{}_{i}", half.as_ptr() as usize);
                    let source = format!("const _: () = {{ let _ = {text}; }};\n");
                    let out = compile(
                        dir,
                        &name,
                        &source,
                        &["--crate-type", "lib", "--emit", "metadata"],
                    );
                    if out.status.success() {
                        bad.push(text.clone());
                    }
                }
                bad
            })
        });
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        wrongly_rejected.is_empty(),
        "rustc accepts texts that parse() rejects: {wrongly_rejected:#?}"
    );
}
