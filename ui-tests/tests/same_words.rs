//! The compile-time and run-time errors say the same words.
//!
//! `tests/fail/same_words_as_run_time.rs` calls `utf8!`, `ascii!` and
//! `utf8_cstr!` on one literal of every error kind, and trybuild (`ui.rs`)
//! pins what rustc prints in `same_words_as_run_time.stderr`. This test
//! reads both files, runs the run-time constructor that each macro stands
//! for on the same bytes, and requires each call's first compile error to be
//! that error's `Display` — once the bytes the macro writes as `\xC3\xA9`
//! are written `C3 A9`, as the runtime writes them, and "the literal" is
//! called "the input". Together the two tests prove the words identical;
//! nothing else may differ.

use std::path::Path;

use utf8lit::{AsciiStr, Utf8CStr, Utf8Str};

const CASES: &str = "tests/fail/same_words_as_run_time";

/// The bytes of a literal written with ASCII, `é`, `\xNN` and `\0` only.
fn literal_bytes(literal: &str) -> Vec<u8> {
    let body = literal
        .strip_prefix("b\"")
        .or_else(|| literal.strip_prefix('"'))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or_else(|| panic!("not a plain literal: {literal}"));
    let mut bytes = Vec::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match chars.next() {
            Some('0') => bytes.push(0),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                bytes.push(u8::from_str_radix(&hex, 16).expect("two hex digits"));
            }
            other => panic!("unexpected escape \\{other:?} in {literal}"),
        }
    }
    bytes
}

/// What the run-time constructor behind `macro_name` says about `bytes`.
fn run_time_words(macro_name: &str, bytes: &[u8]) -> String {
    match macro_name {
        "utf8" => Utf8Str::from_bytes(bytes).unwrap_err().to_string(),
        "ascii" => AsciiStr::from_bytes(bytes).unwrap_err().to_string(),
        "utf8_cstr" => {
            let mut with_nul = bytes.to_vec();
            with_nul.push(0);
            Utf8CStr::from_bytes_with_nul(&with_nul)
                .unwrap_err()
                .to_string()
        }
        other => panic!("unknown macro {other}"),
    }
}

/// A compile error in the runtime's words: every `` `\xC3\xA9` `` becomes
/// `C3 A9`, and what the compile error calls "the literal" is "the input".
fn as_run_time(compile_time: &str) -> String {
    let mut out = String::new();
    let replaced = compile_time
        .replace("the literal ends there", "the input ends there")
        .replace("the literal starts with", "the input starts with");
    let mut rest = replaced.as_str();
    while let Some(start) = rest.find("`\\x") {
        out.push_str(&rest[..start]);
        let quoted = &rest[start + 1..];
        let end = quoted.find('`').expect("closing backtick");
        let hex: Vec<&str> = quoted[..end]
            .split("\\x")
            .filter(|pair| !pair.is_empty())
            .collect();
        assert!(
            hex.iter().all(|pair| pair.len() == 2),
            "not only escapes between backticks: {compile_time}"
        );
        out.push_str(&hex.join(" "));
        rest = &quoted[end + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn compile_errors_say_the_run_time_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join(format!("{CASES}.rs"))).unwrap();
    let stderr = std::fs::read_to_string(root.join(format!("{CASES}.stderr"))).unwrap();

    // (line, macro, literal) for each call.
    let calls: Vec<(usize, &str, &str)> = source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let call = line.trim().strip_prefix("let _ = ")?;
            let (name, args) = call.split_once("!(")?;
            Some((i + 1, name, args.strip_suffix(");")?))
        })
        .collect();
    // The first error rustc prints for each line: a literal with several
    // problems gets one error each, and the first is the run-time error.
    let mut errors = std::collections::BTreeMap::new();
    let mut message = None;
    for line in stderr.lines() {
        if let Some(text) = line.strip_prefix("error: ") {
            message = Some(text);
        } else if let Some(place) = line.trim().strip_prefix("--> ") {
            let number: usize = place.split(':').nth(1).unwrap().parse().unwrap();
            if let Some(text) = message.take() {
                errors.entry(number).or_insert(text);
            }
        }
    }
    assert_eq!(calls.len(), 26, "the cases file changed: update this count");
    assert_eq!(errors.len(), calls.len(), "errors on {:?}", errors.keys());
    let mut kinds = std::collections::BTreeSet::new();
    for &(line, name, literal) in &calls {
        let compile_time = errors[&line];
        let bytes = literal_bytes(literal);
        let run_time = run_time_words(name, &bytes);
        assert_eq!(
            as_run_time(compile_time),
            run_time,
            "{name}!({literal}): compile time and run time differ"
        );
        // The macro writes the bytes it quotes as escapes.
        if !run_time.starts_with("interior NUL") {
            assert!(
                compile_time.contains("`\\x"),
                "no escapes in {compile_time:?}"
            );
        }
        if let Err(e) = Utf8Str::from_bytes(&bytes) {
            kinds.insert(format!("{:?}", e.kind()));
        }
    }
    // Every kind of UTF-8 error is among the cases.
    assert_eq!(kinds.len(), 8, "kinds covered: {kinds:?}");
}

#[test]
fn escapes_become_hex_and_nothing_else_changes() {
    assert_eq!(
        as_run_time("`\\xC3\\xA9` and `\\x00`, not `code`"),
        "C3 A9 and 00, not `code`"
    );
    assert_eq!(literal_bytes(r#"b"a\xE9\0""#), b"a\xE9\0");
    assert_eq!(literal_bytes("\"caf\u{e9}\""), "café".as_bytes());
}
