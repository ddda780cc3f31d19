//! Runs the built `utf8check` binary on temporary trees.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const BIN: &str = env!("CARGO_BIN_EXE_utf8check");

/// A fresh directory under the system's temp dir, removed on drop.
struct Tree(PathBuf);

impl Tree {
    fn new() -> Self {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "utf8check-test-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// Writes `bytes` to `rel` (parents created).
    fn file(&self, rel: &str, bytes: &[u8]) -> &Self {
        let path = self.0.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
        self
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs utf8check in `dir` with `args`, no colour.
fn run(dir: &Path, args: &[&str]) -> Output {
    run_with_stdin(dir, args, None)
}

fn run_with_stdin(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.unwrap_or_default()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The `path` part of each report line.
fn paths(output: &Output) -> Vec<String> {
    stdout(output)
        .lines()
        .map(|line| line.split(':').next().unwrap().to_owned())
        .collect()
}

/// `path` as utf8check writes it here: the walk joins names with the
/// system's separator, `\\` on Windows.
fn native(path: &str) -> String {
    if cfg!(windows) {
        path.replace('/', "\\")
    } else {
        path.to_owned()
    }
}

/// [`native`] for each path.
fn natives(paths: &[&str]) -> Vec<String> {
    paths.iter().map(|path| native(path)).collect::<Vec<_>>()
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

#[test]
fn exit_status_0_for_valid_files() {
    let tree = Tree::new();
    tree.file("a.txt", "Grüße, 世界 😀\n".as_bytes())
        .file("sub/b.txt", b"plain\n");
    let out = run(tree.path(), &["."]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("2 files"), "{}", stderr(&out));
}

#[test]
fn exit_status_1_and_position_for_invalid_files() {
    let tree = Tree::new();
    tree.file("ok.txt", b"fine\n")
        .file("bad.txt", b"line one\nl\xC3\xA9 caf\xE9 x\n");
    let out = run(tree.path(), &["ok.txt", "bad.txt"]);
    assert_eq!(code(&out), 1);
    // Line 2; column in characters: 'l', 'é', ' ', 'c', 'a', 'f' then the error.
    assert_eq!(
        stdout(&out).lines().next().unwrap().split(": ").next(),
        Some("bad.txt:2:7")
    );
    assert!(stdout(&out).contains("at byte 16"), "{}", stdout(&out));
}

#[test]
fn exit_status_2_for_usage_and_missing_paths() {
    let tree = Tree::new();
    tree.file("bad.txt", b"\xFF");
    let out = run(tree.path(), &["--no-such-option"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("unknown option"), "{}", stderr(&out));

    let out = run(tree.path(), &["--format", "xml"]);
    assert_eq!(code(&out), 2);
    let out = run(tree.path(), &["--threads", "0", "bad.txt"]);
    assert_eq!(code(&out), 2);
    assert_eq!(stdout(&out), "", "nothing checked after a usage error");

    // A missing path is reported and wins over the invalid file.
    let out = run(tree.path(), &["missing.txt", "bad.txt"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    assert!(stderr(&out).contains("1 unreadable"), "{}", stderr(&out));
    assert_eq!(paths(&out), ["bad.txt"], "the other file is still checked");
}

#[cfg(unix)]
#[test]
fn unreadable_files_are_reported_not_skipped() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::new();
    tree.file("dir/ok.txt", b"ok").file("dir/secret.txt", b"ok");
    // A symlink loop cannot be opened, even by root.
    std::os::unix::fs::symlink("loop", tree.path().join("loop")).unwrap();
    let out = run(tree.path(), &["loop", "dir"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("loop"), "{}", stderr(&out));

    // chmod 000: unreadable, unless we are root.
    let secret = tree.path().join("dir/secret.txt");
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o000)).unwrap();
    let readable = fs::read(&secret).is_ok();
    let out = run(tree.path(), &["dir"]);
    if readable {
        assert_eq!(code(&out), 0, "root reads it: {}", stderr(&out));
        assert!(stderr(&out).contains("2 files"), "{}", stderr(&out));
    } else {
        assert_eq!(code(&out), 2);
        assert!(stderr(&out).contains("secret.txt"), "{}", stderr(&out));
        assert!(stderr(&out).contains("1 unreadable"), "{}", stderr(&out));
    }
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o644)).unwrap();
}

#[test]
fn ignore_files_and_hidden_files() {
    let tree = Tree::new();
    tree.file(".gitignore", b"ignored.txt\nbuild/\n")
        .file("sub/.ignore", b"*.log\n")
        .file("ignored.txt", b"\xFF")
        .file("build/out.txt", b"\xFF")
        .file("sub/x.log", b"\xFF")
        .file(".hidden.txt", b"\xFF")
        .file(".config/y.txt", b"\xFF")
        .file("seen.txt", b"\xFF");

    let out = run(tree.path(), &["."]);
    assert_eq!(paths(&out), natives(&["./seen.txt"]));

    let out = run(tree.path(), &["--hidden", "."]);
    assert_eq!(
        paths(&out),
        natives(&["./.config/y.txt", "./.hidden.txt", "./seen.txt"])
    );

    // --no-ignore still skips hidden files; .gitignore itself is hidden.
    let out = run(tree.path(), &["--no-ignore", "."]);
    assert_eq!(
        paths(&out),
        natives(&[
            "./build/out.txt",
            "./ignored.txt",
            "./seen.txt",
            "./sub/x.log"
        ])
    );

    let out = run(tree.path(), &["--no-ignore", "--hidden", "."]);
    assert_eq!(paths(&out).len(), 6, "{}", stdout(&out));

    // A file named on the command line is checked even if ignored.
    let out = run(tree.path(), &["ignored.txt"]);
    assert_eq!(paths(&out), ["ignored.txt"]);

    // No PATH: the current directory, without a "./" prefix.
    let out = run(tree.path(), &[]);
    assert_eq!(paths(&out), ["seen.txt"]);
}

#[test]
fn stable_order_arguments_then_sorted_walk() {
    let tree = Tree::new();
    let names = [
        "b/2.txt",
        "b/1.txt",
        "a.txt",
        "c/z/9.txt",
        "c/y.txt",
        "d.txt",
    ];
    for name in names {
        tree.file(name, b"\xFF");
    }
    let expected = [
        "d.txt",
        "dir/a.txt",
        "dir/b/1.txt",
        "dir/b/2.txt",
        "dir/c/y.txt",
        "dir/c/z/9.txt",
        "dir/d.txt",
    ];
    // Many threads, many runs: always the same order.
    let tree2 = Tree::new();
    for name in names {
        tree2.file(&format!("dir/{name}"), b"\xFF");
    }
    for threads in ["-j1", "-j2", "-j4", "-j4", "-j8"] {
        let out = run(tree2.path(), &[threads, "dir/d.txt", "dir"]);
        let mut got = paths(&out);
        got[0] = got[0].trim_start_matches("dir/").to_owned();
        assert_eq!(got, natives(&expected));
    }
    // Relative paths stay relative; the path is printed as given.
    let out = run(tree.path(), &["b"]);
    assert_eq!(paths(&out), natives(&["b/1.txt", "b/2.txt"]));
}

#[test]
fn cesu8_pair_is_one_problem() {
    let tree = Tree::new();
    tree.file("c.txt", b"x \xED\xA1\x8C\xED\xBE\xB4 y \xC0\xAE\n");
    let out = run(tree.path(), &["c.txt"]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("c.txt:1:3: "), "{text}");
    assert!(lines[0].contains("CESU-8 surrogate pair"), "{text}");
    // The pair counts as one column before the next problem.
    assert!(lines[1].starts_with("c.txt:1:7: "), "{text}");

    let out = run(tree.path(), &["--first", "c.txt"]);
    assert_eq!(stdout(&out).lines().count(), 1);
}

#[test]
fn verdict_line_does_not_promise_a_conversion_fix_refuses() {
    let tree = Tree::new();
    // A CESU-8 pair beside a real 4-byte character: CESU-8 by its problems,
    // but written back in CESU-8 the 4-byte character would change.
    tree.file("m.txt", b"\xF0\x9F\x98\x80\xED\xA0\xBD\xED\xB8\x80\n");
    let out = run(tree.path(), &["m.txt"]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let verdict = text.lines().nth(1).unwrap_or_default();
    assert!(
        verdict.starts_with("m.txt: looks like CESU-8: 1 problem"),
        "{text}"
    );
    assert!(
        verdict.ends_with(
            "; utf8check --fix leaves it: its text, written back in CESU-8, would not give \
             the same bytes, so the conversion would lose something"
        ),
        "{text}"
    );
    let out = run(tree.path(), &["--format", "json", "m.txt"]);
    let file = stdout(&out).lines().last().unwrap_or_default().to_owned();
    assert_eq!(field(&file, "fix"), "false", "{file}");
    let out = run(tree.path(), &["--fix", "m.txt"]);
    assert!(
        stdout(&out).contains("m.txt: not converted: its text"),
        "{}",
        stdout(&out)
    );
}

/// The value of `"key":` in a line of JSON written by utf8check (numbers,
/// null, or a string without escapes).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    let rest = &line[start..];
    let end = match rest.strip_prefix('"') {
        Some(string) => string.find('"').unwrap() + 2,
        None => rest.find([',', '}']).unwrap(),
    };
    &rest[..end]
}

#[test]
fn json_lines() {
    // A name with a quote and a backslash to escape. Windows names cannot
    // hold a quote, and a backslash separates them there: a directory.
    let (name, json) = if cfg!(windows) {
        ("q\\uote.txt", r#""q\\uote.txt""#)
    } else {
        ("q\"uote\\.txt", r#""q\"uote\\.txt""#)
    };
    let tree = Tree::new();
    tree.file(name, b"ok\n\xED\xA1\x8C\xED\xBE\xB4!\xE2\x82");
    let out = run(tree.path(), &["--format", "json", name]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // Two problems, then the file's object.
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with(&format!(
            r#"{{"type":"problem","path":{{"text":{json}}},"in":"content","#
        )),
        "{text}"
    );
    assert_eq!(field(lines[0], "line"), "2");
    assert_eq!(field(lines[0], "column"), "1");
    assert_eq!(field(lines[0], "offset"), "3");
    assert_eq!(field(lines[0], "length"), "6");
    assert_eq!(field(lines[0], "kind"), "\"surrogate code point\"");
    assert_eq!(field(lines[0], "variant"), "\"Surrogate\"");
    assert_eq!(field(lines[0], "binary_nul"), "null");
    assert!(lines[0].contains("\"message\":\"invalid UTF-8 at byte 3 (surrogate code point)"));
    // The truncated sequence at the end: its length is what is left.
    assert_eq!(field(lines[1], "offset"), "10");
    assert_eq!(field(lines[1], "length"), "2");
    assert_eq!(field(lines[1], "column"), "3");
    assert_eq!(field(lines[1], "variant"), "\"Truncated\"");
    assert!(
        lines[2].starts_with(&format!(
            r#"{{"type":"file","path":{{"text":{json}}},"problems":2,"#
        )),
        "{text}"
    );
    for line in lines {
        assert!(line.starts_with('{') && line.ends_with('}'), "{line}");
    }
}

#[test]
fn stdin_dash() {
    let tree = Tree::new();
    let out = run_with_stdin(tree.path(), &["-"], Some(b"abc\n\xFF"));
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).starts_with("(standard input):2:1: "),
        "{}",
        stdout(&out)
    );
    let out = run_with_stdin(tree.path(), &["-"], Some("ça va".as_bytes()));
    assert_eq!(code(&out), 0);
}

#[test]
fn binary_files() {
    let tree = Tree::new();
    let mut blob = b"\x1F\x8B\x08\x00".to_vec();
    blob.extend((0..=255u8).cycle().take(100_000));
    tree.file("blob.gz", &blob)
        .file("nul-but-valid.bin", b"a\0b\0c")
        .file("text.txt", b"ok");

    // check (default): first problem only, then a note; NUL alone is valid.
    let out = run(tree.path(), &["."]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&native("./blob.gz:1:2: invalid UTF-8 at byte 1 ")),
        "{text}"
    );
    assert_eq!(
        lines[1],
        native("./blob.gz: binary file (NUL at byte 3); only its first problem is shown")
    );

    let out = run(tree.path(), &["--format=json", "."]);
    assert_eq!(
        field(stdout(&out).lines().next().unwrap(), "binary_nul"),
        "3"
    );

    // skip: not checked, counted as skipped, not invalid.
    let out = run(tree.path(), &["--binary", "skip", "."]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("2 skipped as binary"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn binary_file_error_after_the_prefix() {
    // NUL early, first error far beyond the first chunk read.
    let tree = Tree::new();
    let mut bytes = vec![b'a'; 200_000];
    bytes[10] = 0;
    bytes[150_000] = 0xFF;
    tree.file("late.bin", &bytes);
    let out = run(tree.path(), &["--format", "json", "late.bin"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        field(stdout(&out).lines().next().unwrap(), "offset"),
        "150000"
    );

    // Files exactly as long as the steps of reading, cut off at the end.
    for len in [4095, 4096, 4097, 16_383, 16_384, 16_385] {
        let mut bytes = vec![b'a'; len];
        bytes[0] = 0;
        bytes[len - 1] = 0xE2;
        tree.file("cut.bin", &bytes);
        let out = run(tree.path(), &["--format", "json", "--first", "cut.bin"]);
        let text = stdout(&out);
        assert_eq!(field(&text, "offset"), (len - 1).to_string(), "{len}");
        assert_eq!(field(&text, "variant"), "\"Truncated\"", "{len}");
    }
}

#[test]
fn demo_exits_0_with_explained_errors() {
    let tree = Tree::new();
    let out = run(tree.path(), &["--demo"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("CESU-8 surrogate pair"), "{text}");
    assert!(text.contains("samples/latin1.txt:2:7: "), "{text}");
    assert!(text.contains("E9 is 'é' (U+00E9) in ISO-8859-1, as the whole file reads"));
    assert!(text.contains(
        "samples/latin1.txt: looks like ISO-8859-1: 8 problems, all bytes A0–FF among ASCII, \
         up to 2 in a row; utf8check --fix converts it\n"
    ));
}

#[test]
fn help_and_version() {
    let tree = Tree::new();
    let out = run(tree.path(), &["--help"]);
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).contains("--no-ignore"));
    assert!(stdout(&out).contains("Exit status"));
    let out = run(tree.path(), &["--version"]);
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out),
        format!("utf8check {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn color_always() {
    let tree = Tree::new();
    tree.file("x.txt", b"\xFF");
    let out = run(tree.path(), &["--color", "always", "x.txt"]);
    assert!(
        stdout(&out).contains("\x1b[35mx.txt\x1b[0m"),
        "{:?}",
        stdout(&out)
    );
    let out = run(tree.path(), &["x.txt"]);
    assert!(!stdout(&out).contains('\x1b'));
}

#[test]
fn colour_is_color_and_takes_its_value_after_an_equals_sign() {
    let tree = Tree::new();
    tree.file("x.txt", b"\xFF");
    for arg in ["--colour=always", "--color=always"] {
        let out = run(tree.path(), &[arg, "x.txt"]);
        assert!(
            stdout(&out).contains("\x1b[35mx.txt"),
            "{arg}: {:?}",
            stdout(&out)
        );
    }
    let out = run(tree.path(), &["--colour=sometimes", "x.txt"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--colour: expected auto, always or never, not 'sometimes'"),
        "{}",
        stderr(&out)
    );
    let out = run(tree.path(), &["--first=yes", "x.txt"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("option '--first' takes no value"),
        "{}",
        stderr(&out)
    );
}

/// Every report line of `output`, parsed.
fn json_values(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The JSON objects of `output` of one `type`: `"problem"` or `"file"`.
fn json_objects(output: &Output, kind: &str) -> Vec<serde_json::Value> {
    let values = json_values(output);
    assert!(
        values
            .iter()
            .all(|v| v["type"] == "problem" || v["type"] == "file"),
        "{}",
        stdout(output)
    );
    values.into_iter().filter(|v| v["type"] == kind).collect()
}

#[cfg(unix)]
mod names {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt as _;
    use std::path::PathBuf;

    use base64::Engine as _;

    use super::*;

    /// A tree whose names are not all UTF-8 or printable, each file invalid
    /// at a different offset.
    fn tree() -> (Tree, Vec<&'static [u8]>) {
        let tree = Tree::new();
        let names: Vec<&[u8]> = vec![
            b"a\xFF.txt",
            b"a\xFE.txt",
            b"new\nline.txt",
            b"\x1b[31mred.txt",
            "caf\u{e9}.txt".as_bytes(),
        ];
        for (i, name) in names.iter().enumerate() {
            // Digits, not letters: no verdict line (see the verdict tests).
            let mut bytes = vec![b'1'; i];
            bytes.push(0xC0);
            fs::write(tree.path().join(OsStr::from_bytes(name)), bytes).unwrap();
        }
        (tree, names)
    }

    #[test]
    fn every_json_path_reopens_its_file() {
        let (tree, names) = tree();
        let out = run(tree.path(), &["--format", "json", "."]);
        assert_eq!(code(&out), 1);
        let values = json_objects(&out, "problem");
        assert_eq!(values.len(), names.len(), "{}", stdout(&out));
        let mut seen = Vec::new();
        for value in values {
            let path = &value["path"];
            let bytes = match (path.get("text"), path.get("bytes")) {
                (Some(text), None) => text.as_str().unwrap().as_bytes().to_vec(),
                (None, Some(b64)) => base64::engine::general_purpose::STANDARD
                    .decode(b64.as_str().unwrap())
                    .unwrap(),
                _ => panic!("path is neither {{text}} nor {{bytes}}: {value}"),
            };
            let file = tree.path().join(PathBuf::from(OsStr::from_bytes(&bytes)));
            let content = fs::read(&file).unwrap_or_else(|err| panic!("{value}: {err}"));
            // Each file's problem is at its own offset: the path is the right file's.
            assert_eq!(
                value["offset"].as_u64().unwrap() as usize,
                content.len() - 1
            );
            seen.push(bytes);
        }
        let strip = |b: &Vec<u8>| b.strip_prefix(b"./").unwrap().to_vec();
        let mut seen: Vec<Vec<u8>> = seen.iter().map(strip).collect();
        seen.sort();
        let mut want: Vec<Vec<u8>> = names.iter().map(|n| n.to_vec()).collect();
        want.sort();
        assert_eq!(seen, want);
    }

    #[test]
    fn human_names_are_escaped_and_distinct() {
        let (tree, names) = tree();
        let out = run(tree.path(), &["."]);
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        // One line per file: the newline in a name does not split a record.
        assert_eq!(lines.len(), names.len(), "{text}");
        for want in [
            "./a\\xFF.txt:1:1: ",
            "./a\\xFE.txt:1:2: ",
            "./new\\nline.txt:1:3: ",
            "./\\x1B[31mred.txt:1:4: ",
            "./caf\u{e9}.txt:1:5: ",
        ] {
            assert!(
                lines.iter().any(|l| l.starts_with(want)),
                "{want:?} in {text}"
            );
        }
        assert!(!text.contains('\x1b'), "{text:?}");
    }

    #[test]
    fn check_names_reports_names_that_are_not_utf8() {
        let tree = Tree::new();
        fs::write(tree.path().join(OsStr::from_bytes(b"ok\xE9.txt")), "fine").unwrap();
        fs::write(tree.path().join("fine.txt"), "fine").unwrap();
        let out = run(tree.path(), &["."]);
        assert_eq!(code(&out), 0, "{}", stdout(&out));
        let out = run(tree.path(), &["--check-names", "."]);
        assert_eq!(code(&out), 1);
        assert_eq!(
            stdout(&out),
            "./ok\\xE9.txt: file name is not UTF-8: invalid UTF-8 at byte 4 \
             (missing continuation byte): E9 starts a 3-byte sequence but is followed \
             by 2E, which cannot continue it; if this is ISO-8859-1 'é' (U+00E9), \
             UTF-8 writes it C3 A9\n"
        );
        let out = run(tree.path(), &["--check-names", "--format", "json", "."]);
        let values = json_objects(&out, "problem");
        assert_eq!(values.len(), 1);
        assert_eq!(values[0]["in"], "name");
        assert_eq!(values[0]["line"], serde_json::Value::Null);
        assert_eq!(values[0]["variant"], "MissingContinuation");
        assert_eq!(values[0]["path"]["bytes"], "Li9va+kudHh0");
    }
}

#[test]
fn github_annotations() {
    let tree = Tree::new();
    tree.file("a, b:c.txt", b"ok\n\xC0\xAE%\n");
    let out = run(tree.path(), &["--format", "github", "a, b:c.txt"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "::error file=a%2C b%3Ac.txt,line=2,col=1,title=utf8check%3A overlong encoding::\
         invalid UTF-8 at byte 3 (overlong encoding): C0 AE is U+002E '.' in 2 bytes; \
         UTF-8 writes it 2E (an overlong '.', '/' or '\\' is how the \"/../\" attack of \
         RFC 3629 §10 slips past path checks)\n"
    );
}

#[test]
fn sarif_log() {
    let tree = Tree::new();
    tree.file("dir/a b.txt", b"ok\n\xED\xA1\x8C\xED\xBE\xB4 \xFF")
        .file("good.txt", b"fine")
        .file("z.txt", b"\xC3");
    let out = run(
        tree.path(),
        &["--format", "sarif", "dir", "good.txt", "z.txt", "-"],
    );
    assert_eq!(code(&out), 1);
    let log: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "utf8check");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let summary: Vec<(String, String, u64, u64)> = results
        .iter()
        .map(|r| {
            let index = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index]["id"], r["ruleId"]);
            assert_eq!(r["level"], "error");
            assert!(r["message"]["text"]
                .as_str()
                .unwrap()
                .starts_with("invalid UTF-8 at byte "));
            let location = &r["locations"][0]["physicalLocation"];
            (
                r["ruleId"].as_str().unwrap().to_owned(),
                location["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
                location["region"]["startColumn"].as_u64().unwrap(),
                location["region"]["byteLength"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("Surrogate".into(), "dir/a%20b.txt".into(), 1, 6),
            ("InvalidByte".into(), "dir/a%20b.txt".into(), 3, 1),
            ("Truncated".into(), "z.txt".into(), 1, 1),
        ]
    );
    // No results at all is still a log.
    let out = run_with_stdin(tree.path(), &["--format", "sarif", "good.txt"], None);
    let log: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 0);
}

#[test]
fn a_closed_pipe_stops_the_walk() {
    let tree = Tree::new();
    // More than the walk runs ahead of the checkers (1024).
    for i in 0..3000 {
        tree.file(&format!("many/{i:04}.txt"), b"\xFF\xFF\xFF\xFF");
    }
    // After the walk: a path that does not exist, which the walk reports
    // when it gets there.
    let mut child = Command::new(BIN)
        .args(["-j", "1", "many", "not-there"])
        .current_dir(tree.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !stderr(&out).contains("not-there"),
        "the walk went on after the pipe closed: {}",
        stderr(&out)
    );
}

/// A file of the repository's test data, `tests/data/<rel>`.
fn data(rel: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(rel);
    fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn one_verdict_per_file_and_each_problem_read_in_it() {
    let tree = Tree::new();
    tree.file("de.txt", &data("wikipedia-mars/german.latin1.txt"))
        .file("fr.txt", &data("legacy-encodings/sample-french-1.txt"));
    let out = run(tree.path(), &["de.txt", "fr.txt"]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let verdicts: Vec<&str> = text
        .lines()
        .filter(|l| !l.contains(": invalid UTF-8"))
        .collect();
    assert_eq!(
        verdicts,
        [
            "de.txt: looks like ISO-8859-1: 1491 problems, all bytes A0–FF among ASCII, \
             up to 2 in a row; utf8check --fix converts it",
            "fr.txt: looks like Windows-1252: 124 problems, all bytes 80–FF among ASCII, \
             up to 2 in a row, some in 80–9F, where Windows-1252 has its quotes, dashes \
             and €; utf8check --fix converts it",
        ]
    );
    // Offset 212 is `E4` then 'd' (ORACLES.md): 'ä', whatever its neighbours.
    assert!(
        text.contains(
            "de.txt:7:35: invalid UTF-8 at byte 212 (missing continuation byte): E4 is 'ä' \
         (U+00E4) in ISO-8859-1, as the whole file reads; UTF-8 writes it C3 A4\n"
        ),
        "{}",
        &text[..500]
    );
    // Every problem is read in the file's encoding, none guessed alone.
    let problems = text.lines().filter(|l| l.contains(": invalid UTF-8"));
    assert_eq!(problems.clone().count(), 1491 + 124);
    assert!(problems
        .clone()
        .all(|l| l.contains(", as the whole file reads; UTF-8 writes ")));
    assert!(text.contains("9C is 'œ' (U+0153) in Windows-1252"));

    let json = json_objects(
        &run(tree.path(), &["--format", "json", "de.txt"]),
        "problem",
    );
    assert_eq!(json.len(), 1491);
    assert!(json.iter().all(|v| v["looks_like"] == "ISO-8859-1"));
    // A file that fits nothing has no verdict.
    tree.file("x.txt", b"caf\xC3\xA9 \xE9");
    let json = json_objects(&run(tree.path(), &["--format", "json", "x.txt"]), "problem");
    assert_eq!(json[0]["looks_like"], serde_json::Value::Null);
    assert!(!stdout(&run(tree.path(), &["x.txt"])).contains("looks like"));
}

/// A Latin-1, a CESU-8 and a UTF-16 file (issue 49): their readings, as the
/// terminal names them.
fn three_readings() -> (Tree, [(&'static str, &'static str); 3]) {
    let tree = Tree::new();
    tree.file("c.txt", b"\xED\xA0\xBD\xED\xB8\x80\n")
        .file("l.txt", b"caf\xE9 cr\xE9\xE9e\n")
        .file("u.txt", b"\xFF\xFEh\x00i\x00");
    let readings = [
        ("c.txt", "CESU-8"),
        ("l.txt", "ISO-8859-1"),
        ("u.txt", "UTF-16LE"),
    ];
    (tree, readings)
}

/// The file lines of a human report: `path: message`, by path.
fn human_file_lines(output: &Output) -> Vec<(String, String)> {
    stdout(output)
        .lines()
        .filter(|line| !line.contains(": invalid UTF-8 at byte "))
        .map(|line| {
            let (path, message) = line.split_once(": ").unwrap();
            (path.to_owned(), message.to_owned())
        })
        .collect()
}

#[test]
fn json_gives_each_file_one_verdict_object_and_each_problem_its_reading() {
    let (tree, readings) = three_readings();
    let out = run(tree.path(), &["--format", "json", "."]);
    assert_eq!(code(&out), 1);
    let values = json_values(&out);
    let human = human_file_lines(&run(tree.path(), &["."]));
    for (file, reading) in readings {
        let path = native(&format!("./{file}"));
        let of_file: Vec<&serde_json::Value> = values
            .iter()
            .filter(|v| v["path"]["text"] == path.as_str())
            .collect();
        // The problems, then exactly one file object, last.
        let (last, problems) = of_file.split_last().unwrap();
        assert_eq!(last["type"], "file", "{path}: {}", stdout(&out));
        assert!(problems.iter().all(|v| v["type"] == "problem"), "{path}");
        assert!(!problems.is_empty(), "{path}");
        assert!(
            problems.iter().all(|v| v["looks_like"] == reading),
            "{path}"
        );
        assert_eq!(last["looks_like"], reading);
        assert_eq!(last["fix"], true, "{path}");
        // The file object says what the terminal says, word for word.
        let line = human.iter().find(|(p, _)| *p == path).unwrap();
        assert_eq!(last["message"], line.1.as_str());
        // The count is the problems reported, but for UTF-16, whose problems
        // after the byte-order mark are not counted (only the first is shown).
        if reading.starts_with("UTF-16") {
            assert_eq!(last["problems"], serde_json::Value::Null);
            assert_eq!(problems.len(), 1);
        } else {
            assert_eq!(last["problems"].as_u64().unwrap(), problems.len() as u64);
        }
    }
    let files = json_objects(&out, "file");
    assert_eq!(files.len(), readings.len(), "{}", stdout(&out));
}

#[test]
fn json_file_objects_without_a_reading() {
    let tree = Tree::new();
    tree.file("mixed.txt", b"caf\xC3\xA9 \xE9")
        .file("a.bin", b"a\0\xFF\xFF")
        // CESU-8 beside a 4-byte form: a verdict, but no lossless conversion.
        .file("both.txt", b"\xF0\x9F\x98\x80 \xED\xA0\xBD\xED\xB8\x80");
    let out = run(tree.path(), &["--format", "json", "mixed.txt", "a.bin"]);
    let files = json_objects(&out, "file");
    assert_eq!(files.len(), 2, "{}", stdout(&out));
    // No verdict: nothing said after the problems.
    assert_eq!(files[0]["path"]["text"], "mixed.txt");
    assert_eq!(files[0]["problems"], 1);
    assert_eq!(files[0]["looks_like"], serde_json::Value::Null);
    assert_eq!(files[0]["fix"], false);
    assert_eq!(files[0]["message"], serde_json::Value::Null);
    // Binary: the terminal's note, and no count (only the first problem).
    assert_eq!(files[1]["problems"], serde_json::Value::Null);
    assert_eq!(files[1]["binary_nul"], 1);
    assert_eq!(
        files[1]["message"],
        "binary file (NUL at byte 1); only its first problem is shown"
    );
    // --first judges no verdict and counts nothing.
    let out = run(tree.path(), &["--format", "json", "--first", "mixed.txt"]);
    let files = json_objects(&out, "file");
    assert_eq!(files[0]["problems"], serde_json::Value::Null);
    // `fix` is what --fix does, not only that there is a verdict.
    let out = run(tree.path(), &["--format", "json", "both.txt"]);
    let files = json_objects(&out, "file");
    assert_eq!(files[0]["looks_like"], "CESU-8");
    assert_eq!(files[0]["fix"], false);
    let fix = run(tree.path(), &["--fix", "--dry-run", "both.txt"]);
    assert!(stdout(&fix).contains("not converted"), "{}", stdout(&fix));
}

#[test]
fn sarif_gives_each_result_its_reading_and_each_file_one_artifact() {
    let (tree, readings) = three_readings();
    tree.file("x.txt", b"caf\xC3\xA9 \xE9");
    let out = run(
        tree.path(),
        &["--format", "sarif", "c.txt", "l.txt", "u.txt", "x.txt"],
    );
    assert_eq!(code(&out), 1);
    let log: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let run_ = &log["runs"][0];
    let results = run_["results"].as_array().unwrap();
    let artifacts = run_["artifacts"].as_array().unwrap();
    let human = human_file_lines(&run(tree.path(), &["c.txt", "l.txt", "u.txt", "x.txt"]));
    let uri = |v: &serde_json::Value| v["artifactLocation"]["uri"].as_str().unwrap().to_owned();
    for (file, reading) in readings {
        let of_file: Vec<&serde_json::Value> = results
            .iter()
            .filter(|r| uri(&r["locations"][0]["physicalLocation"]) == file)
            .collect();
        assert!(!of_file.is_empty(), "{file}");
        assert!(of_file
            .iter()
            .all(|r| r["properties"]["looksLike"] == reading));
        let artifact: Vec<&serde_json::Value> = artifacts
            .iter()
            .filter(|a| a["location"]["uri"] == file)
            .collect();
        assert_eq!(artifact.len(), 1, "{file}");
        let artifact = artifact[0];
        let line = human.iter().find(|(p, _)| p == file).unwrap();
        assert_eq!(artifact["description"]["text"], line.1.as_str());
        assert_eq!(artifact["properties"]["looksLike"], reading);
        assert_eq!(artifact["properties"]["fix"], true);
    }
    // A file without a reading: no property, no artifact.
    let x: Vec<&serde_json::Value> = results
        .iter()
        .filter(|r| uri(&r["locations"][0]["physicalLocation"]) == "x.txt")
        .collect();
    assert_eq!(x.len(), 1);
    assert_eq!(x[0].get("properties"), None);
    assert_eq!(artifacts.len(), readings.len());
}

/// The samples `--fix` must convert, each with the UTF-8 file it must
/// become (PROVENANCE.md: the twins).
const CONVERTIBLE: [(&str, &str, &str); 6] = [
    (
        "wikipedia-mars/german.latin1.txt",
        "wikipedia-mars/german.utflatin8.txt",
        "ISO-8859-1",
    ),
    (
        "wikipedia-mars/esperanto.latin1.txt",
        "wikipedia-mars/esperanto.utflatin8.txt",
        "ISO-8859-1",
    ),
    (
        "legacy-encodings/sample-french-1.txt",
        "legacy-encodings/sample-french.txt",
        "Windows-1252",
    ),
    ("made/emoji.cesu8.txt", "made/emoji.utf8.txt", "CESU-8"),
    (
        "made/quickbrown.utf16le.txt",
        "kuhn/quickbrown.txt",
        "UTF-16LE",
    ),
    (
        "made/quickbrown.utf16be.txt",
        "kuhn/quickbrown.txt",
        "UTF-16BE",
    ),
];

/// The samples `--fix` must refuse, and a word of each reason.
const REFUSED: [(&str, &str); 8] = [
    (
        "legacy-encodings/sample-chinese.txt",
        "valid UTF-8 beyond ASCII",
    ),
    (
        "legacy-encodings/sample-korean.txt",
        "valid UTF-8 beyond ASCII",
    ),
    (
        "legacy-encodings/sample-arabic-1.txt",
        "valid UTF-8 beyond ASCII",
    ),
    (
        "legacy-encodings/sample-greek.txt",
        "runs of up to 13 bytes",
    ),
    (
        "legacy-encodings/sample-hebrew-2.txt",
        "runs of up to 12 bytes",
    ),
    (
        "legacy-encodings/sample-russian.txt",
        "runs of up to 15 bytes",
    ),
    (
        "legacy-encodings/sample-turkish.txt",
        "runs of up to 3 bytes",
    ),
    ("kuhn/UTF-8-test.txt", "binary file"),
];

/// `rel` flattened into one file name.
fn flat(rel: &str) -> String {
    rel.replace('/', "_")
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn fix_converts_what_fits_one_encoding_and_refuses_the_rest() {
    let tree = Tree::new();
    for (rel, ..) in CONVERTIBLE {
        tree.file(&flat(rel), &data(rel));
    }
    for (rel, _) in REFUSED {
        tree.file(&flat(rel), &data(rel));
    }
    tree.file("good.txt", b"fine\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let german = tree.path().join(flat(CONVERTIBLE[0].0));
        fs::set_permissions(&german, fs::Permissions::from_mode(0o640)).unwrap();
    }

    // --dry-run changes nothing and says what it would do.
    let out = run(tree.path(), &["--fix", "--dry-run", "."]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    for (rel, _, from) in CONVERTIBLE {
        assert_eq!(fs::read(tree.path().join(flat(rel))).unwrap(), data(rel));
        let line = format!(
            "{}: would convert from {from} to UTF-8 (",
            native(&format!("./{}", flat(rel)))
        );
        assert!(stdout(&out).contains(&line), "{line}\n{}", stdout(&out));
    }
    assert!(
        stderr(&out).contains(" invalid, 6 would be converted, "),
        "{}",
        stderr(&out)
    );

    let out = run(tree.path(), &["--fix", "."]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let text = stdout(&out);
    for (rel, twin, from) in CONVERTIBLE {
        let path = tree.path().join(flat(rel));
        assert_eq!(fs::read(&path).unwrap(), data(twin), "{rel} is not {twin}");
        assert!(text.contains(&format!(
            "{}: converted from {from} to UTF-8 (",
            native(&format!("./{}", flat(rel)))
        )));
    }
    for (rel, why) in REFUSED {
        assert_eq!(fs::read(tree.path().join(flat(rel))).unwrap(), data(rel));
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{}: ", native(&format!("./{}", flat(rel))))))
            .unwrap_or_else(|| panic!("{rel} not reported:\n{text}"));
        assert!(
            line.contains(": not converted: ") && line.contains(why),
            "{line}"
        );
    }
    assert_eq!(
        text.lines().count(),
        CONVERTIBLE.len() + REFUSED.len(),
        "{text}"
    );
    assert!(
        stderr(&out).contains(" 8 invalid, 6 converted, "),
        "{}",
        stderr(&out)
    );
    #[cfg(unix)]
    assert_eq!(mode(&tree.path().join(flat(CONVERTIBLE[0].0))), 0o640);
    // Nothing is left beside the files.
    let names = fs::read_dir(tree.path()).unwrap().count();
    assert_eq!(names, CONVERTIBLE.len() + REFUSED.len() + 1);

    // Once the refused files are gone, everything is UTF-8: exit 0.
    for (rel, _) in REFUSED {
        fs::remove_file(tree.path().join(flat(rel))).unwrap();
    }
    assert_eq!(code(&run(tree.path(), &["--fix", "."])), 0);
    assert_eq!(code(&run(tree.path(), &["."])), 0);
}

#[test]
fn fix_refuses_utf8_with_one_stray_byte() {
    let tree = Tree::new();
    let mut bytes = "Grüße, café, naïve, \u{1F600}\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"\xE9 stray\n");
    tree.file("mostly.txt", &bytes);
    let out = run(tree.path(), &["--fix", "mostly.txt"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "mostly.txt: not converted: it has 1 problem and also 5 characters of valid UTF-8 \
         beyond ASCII: no one encoding explains both, and converting it would garble one or \
         the other; this looks like UTF-8 with mistakes: fix them by hand\n"
    );
    assert_eq!(fs::read(tree.path().join("mostly.txt")).unwrap(), bytes);
}

#[cfg(unix)]
#[test]
fn fix_keeps_links_whole() {
    let tree = Tree::new();
    tree.file("real.txt", b"caf\xE9\n")
        .file("linked.txt", b"na\xEFve\n");
    std::os::unix::fs::symlink("real.txt", tree.path().join("link.txt")).unwrap();
    fs::hard_link(
        tree.path().join("linked.txt"),
        tree.path().join("other.txt"),
    )
    .unwrap();
    let out = run(tree.path(), &["--fix", "link.txt", "linked.txt"]);
    assert_eq!(code(&out), 1);
    // A symbolic link is left alone, and so is the file it points to...
    assert!(stdout(&out).contains(
        "link.txt: not converted: it is a symbolic link (to real.txt); utf8check --fix \
         leaves links and their targets alone (--follow-symlinks converts a target inside \
         the named directories)\n"
    ));
    assert_eq!(
        fs::read(tree.path().join("real.txt")).unwrap(),
        b"caf\xE9\n"
    );
    // A file with two names is left alone: a rename would split them.
    assert!(stdout(&out).contains(
        "linked.txt: not converted: it has 2 hard links, and rewriting it would split them\n"
    ));
    assert_eq!(
        fs::read(tree.path().join("other.txt")).unwrap(),
        b"na\xEFve\n"
    );
    // ...unless --follow-symlinks asks for the target, inside the tree.
    let out = run(tree.path(), &["--fix", "--follow-symlinks", "link.txt"]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert_eq!(
        stdout(&out),
        "link.txt: converted from ISO-8859-1 to UTF-8 (1 problem, 5 → 6 bytes)\n"
    );
    // The link stays a link; the file it points to is converted.
    assert!(fs::symlink_metadata(tree.path().join("link.txt"))
        .unwrap()
        .is_symlink());
    assert_eq!(
        fs::read(tree.path().join("real.txt")).unwrap(),
        "café\n".as_bytes()
    );
}

#[test]
fn fix_usage() {
    let tree = Tree::new();
    tree.file("a.txt", b"caf\xE9");
    for (args, message) in [
        (&["--dry-run", "a.txt"][..], "--dry-run goes with --fix"),
        (
            &["--fix", "--format", "json", "a.txt"],
            "--format cannot go with it",
        ),
        (&["--fix", "--first", "a.txt"], "--first cannot go with it"),
        (
            &["--follow-symlinks", "a.txt"],
            "--follow-symlinks goes with --fix",
        ),
    ] {
        let out = run(tree.path(), args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    // Standard input cannot be converted in place.
    let out = run_with_stdin(tree.path(), &["--fix", "-"], Some(b"caf\xE9"));
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "(standard input): not converted: standard input is not a file to convert in place\n"
    );
    // One file is "1 file".
    assert!(stderr(&out).contains("utf8check: 1 file, 4 bytes read, 1 invalid, 0 converted,"));
}

/// Killed after the new text is written and before the rename, `--fix`
/// leaves the original as it was.
#[cfg(unix)]
#[test]
fn fix_killed_before_the_rename_loses_nothing() {
    use std::io::{BufRead as _, BufReader};

    let tree = Tree::new();
    let original = data("wikipedia-mars/german.latin1.txt");
    tree.file("de.txt", &original);
    let mut child = Command::new(BIN)
        .args(["--fix", "de.txt"])
        .current_dir(tree.path())
        .env("UTF8CHECK_TEST_PAUSE_BEFORE_RENAME", "60")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert_eq!(line, "utf8check: paused before rename: de.txt\n");
    // The new text is on disk beside the original...
    let temp: Vec<PathBuf> = fs::read_dir(tree.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".de.txt.")
        })
        .collect();
    assert_eq!(temp.len(), 1, "{temp:?}");
    assert!(temp[0].to_string_lossy().ends_with(".utf8check"));
    assert_eq!(
        fs::read(&temp[0]).unwrap(),
        data("wikipedia-mars/german.utflatin8.txt")
    );
    // ...and SIGKILL there leaves the original whole.
    child.kill().unwrap();
    assert!(!child.wait().unwrap().success());
    assert_eq!(fs::read(tree.path().join("de.txt")).unwrap(), original);
}

/// A checkout (`tree/`) beside a file it must not touch
/// (`outside/secret.txt`, ISO-8859-1, which `--fix` would convert), with
/// `tree/notes.txt` a link to it and `tree/docs` a link to `outside/`.
#[cfg(unix)]
fn tree_with_links_out() -> (Tree, PathBuf, Vec<u8>) {
    let tree = Tree::new();
    let secret = b"caf\xE9 cr\xE8me\n".to_vec();
    tree.file("outside/secret.txt", &secret)
        .file("tree/own.txt", b"fine\n");
    let checkout = tree.path().join("tree");
    std::os::unix::fs::symlink("../outside/secret.txt", checkout.join("notes.txt")).unwrap();
    std::os::unix::fs::symlink("../outside", checkout.join("docs")).unwrap();
    (tree, checkout, secret)
}

/// However the link is named (directly, as `./x`, by an absolute path,
/// through a linked directory, or by a walk), `--fix` writes nothing
/// outside the checkout, with `--follow-symlinks` too.
#[cfg(unix)]
#[test]
fn fix_never_writes_through_a_link_to_outside() {
    let (tree, checkout, secret) = tree_with_links_out();
    let absolute = checkout.join("notes.txt");
    let absolute = absolute.to_str().unwrap();
    let left = "not converted: it is a symbolic link (to ../outside/secret.txt); utf8check \
                --fix leaves links and their targets alone (--follow-symlinks converts a \
                target inside the named directories)";
    let outside = "not converted: it is a symbolic link (to ../outside/secret.txt) that leads \
                   outside the named directories and the current directory; utf8check --fix \
                   leaves it and its target alone";
    let through = "not converted: its path goes through the symbolic link docs (to \
                   ../outside) and leads outside the named directories and the current \
                   directory; utf8check --fix leaves it alone";
    for (args, said) in [
        (&["--fix", "notes.txt"][..], format!("notes.txt: {left}\n")),
        (&["--fix", "./notes.txt"], format!("./notes.txt: {left}\n")),
        (&["--fix", absolute], format!("{absolute}: {left}\n")),
        (
            &["--fix", "docs/secret.txt"],
            format!("docs/secret.txt: {through}\n"),
        ),
        (&["--fix", "docs"], format!("docs/secret.txt: {through}\n")),
        (&["--fix", "docs/"], format!("docs/secret.txt: {through}\n")),
        (
            &["--fix", "--follow-symlinks", "notes.txt"],
            format!("notes.txt: {outside}\n"),
        ),
        (
            &["--fix", "--follow-symlinks", "docs/secret.txt", "."],
            format!("docs/secret.txt: {through}\n"),
        ),
        (
            &["--fix", "--follow-symlinks", "docs"],
            format!("docs/secret.txt: {through}\n"),
        ),
        // The walk does not follow links at all.
        (&["--fix"], String::new()),
        (&["--fix", "--follow-symlinks", "."], String::new()),
    ] {
        let out = run(&checkout, args);
        assert_eq!(stdout(&out), said, "{args:?}\n{}", stderr(&out));
        assert_eq!(
            fs::read(tree.path().join("outside/secret.txt")).unwrap(),
            secret,
            "{args:?}"
        );
        assert!(fs::symlink_metadata(checkout.join("notes.txt"))
            .unwrap()
            .is_symlink());
        // A refusal is not a success.
        let expected = i32::from(!said.is_empty());
        assert_eq!(code(&out), expected, "{args:?}");
    }
    // Nothing was left beside the secret either.
    assert_eq!(
        fs::read_dir(tree.path().join("outside")).unwrap().count(),
        1
    );
}

/// Runs `--fix de.txt` (German in ISO-8859-1) paused before its rename,
/// calls `meanwhile` on the tree's directory there, and returns the output.
#[cfg(unix)]
fn fix_with_pause(tree: &Tree, meanwhile: impl FnOnce(&Path)) -> Output {
    use std::io::{BufRead as _, BufReader, Read as _};

    tree.file("de.txt", &data("wikipedia-mars/german.latin1.txt"));
    let mut child = Command::new(BIN)
        .args(["--color", "never", "--fix", "de.txt"])
        .current_dir(tree.path())
        .env("UTF8CHECK_TEST_PAUSE_BEFORE_RENAME", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert_eq!(line, "utf8check: paused before rename: de.txt\n");
    meanwhile(tree.path());
    let mut rest = Vec::new();
    stderr.read_to_end(&mut rest).unwrap();
    let mut out = child.wait_with_output().unwrap();
    out.stderr = rest;
    out
}

/// A file swapped for another between the read and the rename is refused,
/// and the one swapped in is kept as it is.
#[cfg(unix)]
#[test]
fn fix_refuses_a_file_swapped_before_the_rename() {
    let tree = Tree::new();
    let other = b"someone else's caf\xE9\n";
    let out = fix_with_pause(&tree, |dir| {
        fs::write(dir.join("new.txt"), other).unwrap();
        fs::rename(dir.join("new.txt"), dir.join("de.txt")).unwrap();
    });
    assert_eq!(
        stdout(&out),
        "de.txt: not converted: it was replaced by another file while it was being \
         converted\n"
    );
    assert_eq!(code(&out), 1);
    assert_eq!(fs::read(tree.path().join("de.txt")).unwrap(), other);
    // The temporary file is gone.
    assert_eq!(fs::read_dir(tree.path()).unwrap().count(), 1);
}

/// A symbolic link swapped in between the read and the rename is not
/// written through: the open before the rename does not follow it.
#[cfg(unix)]
#[test]
fn fix_refuses_a_link_swapped_in_before_the_rename() {
    let tree = Tree::new();
    let secret = data("wikipedia-mars/german.latin1.txt");
    tree.file("outside/secret.txt", &secret);
    let out = fix_with_pause(&tree, |dir| {
        std::os::unix::fs::symlink("outside/secret.txt", dir.join("new.txt")).unwrap();
        fs::rename(dir.join("new.txt"), dir.join("de.txt")).unwrap();
    });
    assert_eq!(
        stdout(&out),
        "de.txt: not converted: it was replaced by a symbolic link while it was being \
         converted\n"
    );
    assert_eq!(
        fs::read(tree.path().join("outside/secret.txt")).unwrap(),
        secret
    );
    assert!(fs::symlink_metadata(tree.path().join("de.txt"))
        .unwrap()
        .is_symlink());
}

/// Waits for `child` at most `seconds`, so that a regression fails the
/// test instead of hanging it.
#[cfg(unix)]
fn wait_at_most(mut child: std::process::Child, seconds: u64) -> Output {
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            panic!("utf8check still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A FIFO named for `--fix` is refused at once, without waiting for a
/// writer that never comes; `/dev/zero` too.
#[cfg(unix)]
#[test]
fn fix_refuses_a_fifo_at_once() {
    let tree = Tree::new();
    let made = Command::new("mkfifo")
        .arg(tree.path().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    tree.file("a.txt", b"caf\xE9\n");
    let child = Command::new(BIN)
        .args(["--fix", "pipe", "/dev/zero", "a.txt"])
        .current_dir(tree.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_at_most(child, 10);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains(
            "utf8check: pipe: not read: --fix converts regular files only, and this is a FIFO\n\
             utf8check: /dev/zero: not read: --fix converts regular files only, and this is a \
             character device\n"
        ),
        "{}",
        stderr(&out)
    );
    // The files around it are converted all the same.
    assert_eq!(
        stdout(&out),
        "a.txt: converted from ISO-8859-1 to UTF-8 (1 problem, 5 → 6 bytes)\n"
    );
}

/// Without `--fix`, a FIFO named on the command line is read as a stream,
/// as standard input is.
#[cfg(unix)]
#[test]
fn a_fifo_is_read_as_a_stream() {
    let tree = Tree::new();
    let fifo = tree.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let child = Command::new(BIN)
        .args(["--color", "never", "pipe"])
        .current_dir(tree.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the writer side waits for utf8check to open the reader.
    fs::write(&fifo, b"ok\ncaf\xE9 cr\xE8me\n").unwrap();
    let out = wait_at_most(child, 10);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stdout(&out).starts_with("pipe:2:4: invalid UTF-8 at byte 6 "));
}

/// `count` bytes of valid UTF-8 text (a Russian sentence, then ASCII
/// padding).
fn valid_text(count: usize) -> Vec<u8> {
    let line = "Марс — четвёртая по удалённости от Солнца планета.\n".as_bytes();
    let mut bytes: Vec<u8> = line.iter().copied().cycle().take(count).collect();
    // Cut at a character boundary: pad the end with ASCII.
    let mut end = count;
    while end > 0 && bytes[end - 1] >= 0x80 {
        end -= 1;
    }
    bytes[end..].fill(b'\n');
    bytes
}

/// Runs utf8check under `prlimit --as=LIMIT` (address space, the limit
/// that counts every allocation); `None` where there is no prlimit.
#[cfg(target_os = "linux")]
fn run_limited(dir: &Path, limit: usize, args: &[&str], stdin: Option<&[u8]>) -> Option<Output> {
    let mut command = Command::new("prlimit");
    command
        .arg(format!("--as={limit}"))
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("prlimit not found: not tested");
            return None;
        }
        Err(err) => panic!("prlimit: {err}"),
    };
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || {
        // utf8check may stop reading early; a broken pipe is no failure.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Some(out)
}

/// A file larger than the memory utf8check may use is checked all the
/// same: valid text is read a chunk at a time, from a file or a pipe.
#[cfg(target_os = "linux")]
#[test]
fn files_larger_than_memory() {
    const LIMIT: usize = 32 << 20;
    let tree = Tree::new();
    let text = valid_text(LIMIT + (16 << 20));
    tree.file("big.txt", &text);
    let Some(out) = run_limited(tree.path(), LIMIT, &["big.txt"], None) else {
        return;
    };
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("utf8check: 1 file, 50331648 bytes read, 0 invalid, "),
        "{}",
        stderr(&out)
    );
    // Through standard input, too.
    let out = run_limited(tree.path(), LIMIT, &["-"], Some(&text)).unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out).starts_with("utf8check: 1 file, 50331648 bytes read, 0 invalid, "));
    // A problem after the first chunks: found by the chunked pass, then
    // reported as when the file is read whole.
    let mut late = valid_text(1 << 20);
    late.extend_from_slice(b"caf\xE9\n");
    tree.file("late.txt", &late);
    let whole = run(tree.path(), &["late.txt"]);
    let out = run_limited(tree.path(), LIMIT, &["--color", "never", "late.txt"], None).unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&whole));
}

/// A device is read as a stream: `/dev/zero` (endless NULs) is skipped as
/// binary at once with `--binary skip`.
#[cfg(unix)]
#[test]
fn dev_zero_is_a_stream() {
    let tree = Tree::new();
    let child = Command::new(BIN)
        .args(["--binary", "skip", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_at_most(child, 10);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out).contains(" 1 skipped as binary, "));
    drop(tree);
}

/// A stream is kept in memory only up to 64 MiB for its report: a problem
/// after that is found, and said to be beyond what utf8check reports.
#[test]
fn a_problem_beyond_the_stream_limit() {
    let tree = Tree::new();
    let mut text = valid_text(65 << 20);
    text.extend_from_slice(b"caf\xE9\n");
    let out = run_with_stdin(tree.path(), &["-"], Some(&text));
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains(&format!(
            "utf8check: (standard input): invalid UTF-8 at byte {} (missing continuation \
             byte), but it is a stream of more than 64 MiB: utf8check keeps that much of a \
             stream to report its problems, so it reports none; save it to a file and check \
             the file\n",
            (65 << 20) + 3
        )),
        "{}",
        stderr(&out)
    );
}

/// A file with problems that is larger than utf8check holds (64 MiB) is
/// read twice a chunk at a time, under a memory limit smaller than itself,
/// and reported as a file held whole is; `--fix` does not convert it, and
/// the verdict line says so.
#[cfg(target_os = "linux")]
#[test]
fn invalid_files_larger_than_memory() {
    const LIMIT: usize = 32 << 20;
    let tree = Tree::new();
    let line2 = (1 << 20) + 1;
    let mut text = vec![b'a'; 64 << 20];
    text[line2 - 1] = b'\n';
    text[line2 + 2] = 0xE9;
    let tail = text.len();
    text.extend_from_slice(b" caf\xE9 cr\xE8me\n");
    let size = text.len();
    tree.file("big.txt", &text);
    let Some(out) = run_limited(tree.path(), LIMIT, &["--color", "never", "big.txt"], None) else {
        return;
    };
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let problem = |at: usize, byte: &str, letter: &str, utf8: &str| {
        format!(
            "big.txt:2:{}: invalid UTF-8 at byte {at} (missing continuation byte): {byte} is \
             '{letter}' (U+00{byte}) in ISO-8859-1, as the whole file reads; UTF-8 writes it \
             {utf8}\n",
            at - line2 + 1
        )
    };
    assert_eq!(
        stdout(&out),
        format!(
            "{}{}{}big.txt: looks like ISO-8859-1: 3 problems, all lone bytes A0–FF among \
             ASCII; utf8check --fix leaves it: it is {size} bytes long, and utf8check --fix \
             converts files of up to 64 MiB\n",
            problem(line2 + 2, "E9", "é", "C3 A9"),
            problem(tail + 4, "E9", "é", "C3 A9"),
            problem(tail + 8, "E8", "è", "C3 A8"),
        )
    );
    let out = run_limited(tree.path(), LIMIT, &["--fix", "big.txt"], None).unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "big.txt: not converted: it is {size} bytes long, and utf8check --fix converts \
             files of up to 64 MiB\n"
        )
    );
    assert_eq!(fs::read(tree.path().join("big.txt")).unwrap(), text);
}

/// Windows' side of what the Unix tests above check: names are UTF-16
/// there, and a file's permissions are its read-only flag. These run under
/// wine in `.ci/windows/check`; what wine cannot do is printed as `NOT RUN:`
/// (the script runs them with `--nocapture`), never passed in silence.
#[cfg(windows)]
mod windows {
    use std::ffi::OsString;
    use std::os::windows::ffi::OsStringExt as _;

    use base64::Engine as _;

    use super::*;

    /// WTF-8 (UTF-8 that may also hold the 3-byte forms of surrogates, as
    /// `OsStr::as_encoded_bytes` gives a Windows name) as UTF-16 units.
    fn wide_from_wtf8(bytes: &[u8]) -> Vec<u16> {
        let mut units = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let lead = bytes[i];
            let (len, bits) = match lead {
                0x00..=0x7F => (1, u32::from(lead)),
                0xC0..=0xDF => (2, u32::from(lead & 0x1F)),
                0xE0..=0xEF => (3, u32::from(lead & 0x0F)),
                _ => (4, u32::from(lead & 0x07)),
            };
            let scalar = bytes[i + 1..i + len]
                .iter()
                .fold(bits, |acc, &b| (acc << 6) | u32::from(b & 0x3F));
            match char::from_u32(scalar) {
                Some(ch) => units.extend_from_slice(ch.encode_utf16(&mut [0; 2])),
                // A surrogate: one unit as it is.
                None => units.push(u16::try_from(scalar).unwrap()),
            }
            i += len;
        }
        units
    }

    #[test]
    fn a_name_that_is_not_utf16_round_trips_through_json() {
        let tree = Tree::new();
        // "a", an unpaired high surrogate, ".txt": no UTF-8 can write it.
        let units: Vec<u16> = "a\u{FFFD}.txt"
            .encode_utf16()
            .map(|u| if u == 0xFFFD { 0xD800 } else { u })
            .collect();
        let name = OsString::from_wide(&units);
        if let Err(err) = fs::write(tree.path().join(&name), b"1\xC0") {
            println!("NOT RUN: a name holding an unpaired surrogate: creating it failed: {err}");
            return;
        }
        let listed: Vec<OsString> = fs::read_dir(tree.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        if listed != [name.clone()] {
            println!(
                "NOT RUN: a name holding an unpaired surrogate: the file system lists \
                 {listed:?} for {name:?}, so it keeps no such name"
            );
            return;
        }
        let out = run(tree.path(), &["--format", "json", "."]);
        assert_eq!(code(&out), 1, "{}", stderr(&out));
        let values = json_objects(&out, "problem");
        assert_eq!(values.len(), 1, "{}", stdout(&out));
        let b64 = values[0]["path"]["bytes"]
            .as_str()
            .unwrap_or_else(|| panic!("not {{bytes}}: {}", stdout(&out)));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap();
        // WTF-8: the surrogate D800 as ED A0 80.
        assert_eq!(bytes, b".\\a\xED\xA0\x80.txt");
        let path = tree
            .path()
            .join(OsString::from_wide(&wide_from_wtf8(&bytes)));
        assert_eq!(
            fs::read(path).unwrap(),
            b"1\xC0",
            "the name reopens its file"
        );
        assert_eq!(values[0]["offset"], 1);

        // The terminal shows the name's bytes escaped, as on Unix.
        let out = run(tree.path(), &["."]);
        assert!(
            stdout(&out).starts_with(".\\a\\xED\\xA0\\x80.txt:1:2: "),
            "{}",
            stdout(&out)
        );
    }

    #[test]
    fn fix_keeps_a_read_only_file_read_only() {
        let tree = Tree::new();
        tree.file("ro.txt", b"caf\xE9\n");
        let path = tree.path().join("ro.txt");
        let set_readonly = |readonly: bool| {
            let mut permissions = fs::metadata(&path).unwrap().permissions();
            permissions.set_readonly(readonly);
            fs::set_permissions(&path, permissions).unwrap();
        };
        set_readonly(true);
        let out = run(tree.path(), &["--fix", "ro.txt"]);
        let converted = fs::read(&path).unwrap();
        let readonly = fs::metadata(&path).unwrap().permissions().readonly();
        let names = fs::read_dir(tree.path()).unwrap().count();
        // The tree's removal cannot delete a read-only file.
        set_readonly(false);
        assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
        assert_eq!(
            stdout(&out),
            "ro.txt: converted from ISO-8859-1 to UTF-8 (1 problem, 5 → 6 bytes)\n"
        );
        assert_eq!(converted, "café\n".as_bytes());
        assert!(readonly, "the converted file lost its read-only flag");
        assert_eq!(names, 1, "something was left beside the file");
    }
}
