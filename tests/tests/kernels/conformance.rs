//! Suite 2, conformance: the data files and the vectors, at the boundary offsets.

use super::*;

// ---------------------------------------------------------------------------
// 2. Conformance: the data files and the vectors
// ---------------------------------------------------------------------------

/// Every file under `data/`, as (path relative to `data/`, bytes), sorted.
pub(crate) fn data_files() -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(DATA_DIR);
    let mut paths = Vec::new();
    walk(root, &mut paths);
    paths.sort();
    let files: Vec<(String, Vec<u8>)> = paths
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(root).expect("under data/");
            let relative = relative.to_string_lossy().replace('\\', "/");
            let bytes = read_data(&relative);
            (relative, bytes)
        })
        .collect();
    // Every corpus file the conformance suite knows is among them.
    let names: BTreeSet<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let corpus = Table::load("vectors/corpus_expectations.tsv");
    for row in corpus.rows() {
        assert!(
            names.contains(row.get("path")),
            "{row}: not found under data/"
        );
    }
    assert!(
        files.len() > corpus.len(),
        "only {} data files",
        files.len()
    );
    files
}

/// How much of a file a shifted start reads: the shifts move every
/// boundary; the rest of a large file would only repeat the whole-file run.
const SHIFTED_WINDOW: usize = if RELEASE { 1 << 16 } else { 1 << 12 };

#[test]
fn data_files_whole_cut_short_and_shifted() {
    let files = data_files();
    run_jobs("data files", files.len(), |f, c| {
        let (name, file) = &files[f];
        c.check(file, || format!("{name}, whole"));
        for end in 0..=file.len().min(600) {
            c.check(&file[..end], || format!("{name}, first {end} bytes"));
        }
        for start in 1..file.len().min(300) {
            let end = file.len().min(start + SHIFTED_WINDOW);
            c.check(&file[start..end], || {
                format!("{name}, bytes {start}..{end}")
            });
        }
    });
}

/// The inputs of every table: `utf8_vectors.tsv`, `utf8_chunks.tsv`, the
/// Kuhn test's cases and lines, the streaming cases' chunks joined, and the
/// lines of `utf8tests.bin`; without repeats.
fn vector_inputs() -> Vec<Vec<u8>> {
    let mut inputs = BTreeSet::new();
    for (table, column) in [
        ("vectors/utf8_vectors.tsv", "input_hex"),
        ("vectors/utf8_chunks.tsv", "input_hex"),
        ("vectors/kuhn_UTF-8-test_cases.tsv", "payload_hex"),
    ] {
        for row in Table::load(table).rows() {
            inputs.insert(row.hex(column));
        }
    }
    let kuhn = read_data("kuhn/UTF-8-test.txt");
    for row in Table::load("vectors/kuhn_UTF-8-test_lines.tsv").rows() {
        let (offset, length) = (row.usize("offset"), row.usize("length"));
        inputs.insert(kuhn[offset..offset + length].to_vec());
    }
    let mut streams: BTreeMap<String, Vec<(usize, Vec<u8>)>> = BTreeMap::new();
    for row in Table::load("vectors/utf8_streaming.tsv").rows() {
        let chunk = parse_hex(row.get("chunk_hex")).unwrap_or_else(|e| panic!("{row}: {e}"));
        streams
            .entry(row.get("id").to_owned())
            .or_default()
            .push((row.usize("step"), chunk));
    }
    for mut steps in streams.into_values() {
        steps.sort();
        inputs.insert(steps.into_iter().flat_map(|(_, chunk)| chunk).collect());
    }
    let bin = read_data("flenniken-utf8tests/utf8tests.bin");
    for line in bin.split(|&b| b == b'\n') {
        inputs.insert(line.to_vec());
        if let Some(payload) = line.splitn(3, |&b| b == b':').nth(2) {
            inputs.insert(payload.to_vec());
        }
    }
    assert!(inputs.len() > 2000, "only {} vector inputs", inputs.len());
    inputs.into_iter().collect()
}

#[test]
fn vectors_at_every_boundary_offset() {
    let inputs = vector_inputs();
    let frames = frames(rotating, &["", "z"]);
    run_jobs("table vectors at boundary offsets", inputs.len(), |i, c| {
        let input = &inputs[i];
        for frame in &frames {
            c.check_parts(&[&frame.prefix, input, frame.suffix], 0, || {
                format!(
                    "vector [{}] at offset {} ({})",
                    hex(input),
                    frame.prefix.len(),
                    frame.name
                )
            });
        }
    });
}
