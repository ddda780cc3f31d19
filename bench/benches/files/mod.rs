//! Real files read into memory, for `real_data -- files` and `scripts/ab
//! -- files`: one allocation each, as a program that reads them holds them.
//! And text made like theirs, with the size of the cache that a working
//! set of it must outgrow, for both harnesses' inputs not in cache.

use std::path::{Path, PathBuf};

use crate::rng::Rng;

/// Every regular file under `dir` (links not followed), in path order, up
/// to `budget` bytes in all.
pub fn load_files(dir: &Path, budget: usize) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    let mut total = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&path) {
                let mut names: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
                names.sort();
                stack.extend(names.into_iter().rev());
            }
        } else if meta.is_file() && total < budget {
            if let Ok(bytes) = std::fs::read(&path) {
                total += bytes.len();
                files.push(bytes);
            }
        }
    }
    files
}

/// ASCII prose-like text of `len` bytes.
pub fn ascii_text(rng: &mut Rng, len: usize) -> Vec<u8> {
    const WORDS: [&str; 12] = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "then", "rests",
        "again",
    ];
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        out.extend_from_slice(WORDS[rng.below(WORDS.len())].as_bytes());
        out.push(if rng.below(12) == 0 { b'\n' } else { b' ' });
    }
    out.truncate(len);
    out
}

/// Text as the valid files of a system are: ASCII prose, a word in forty
/// not ASCII (1- to 4-byte characters), `len` bytes or a little less.
pub fn file_text(rng: &mut Rng, len: usize) -> Vec<u8> {
    const OTHER: [&str; 6] = ["café", "naïve", "Ελλάδα", "日本語", "ü", "😀"];
    let mut out = ascii_text(rng, len);
    let mut at = rng.below(400);
    while at + 16 < out.len() {
        let word = OTHER[rng.below(OTHER.len())].as_bytes();
        out[at..at + word.len()].copy_from_slice(word);
        at += word.len() + 1 + rng.below(400);
    }
    out
}

/// `len` random bytes: binary data, whose first error is nearly always at
/// byte 0-3, as a binary file's.
pub fn random_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

/// The working set that keeps inputs out of cache: four times the
/// last-level cache, at most 1 GiB.
pub fn cold_working_set() -> usize {
    (4 * llc_bytes()).min(1 << 30)
}

/// The last-level cache's size, from Linux's sysfs (`32768K`), or 32 MiB
/// where that says nothing.
pub fn llc_bytes() -> usize {
    let text = std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cache/index3/size")
        .unwrap_or_default();
    let text = text.trim();
    let (digits, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let scale = match unit {
        "K" => 1 << 10,
        "M" => 1 << 20,
        "" => 1,
        _ => 0,
    };
    match digits.parse::<usize>() {
        Ok(n) if n * scale > 0 => n * scale,
        _ => 32 << 20,
    }
}
