//! Real files read into memory, for `real_data -- files` and `scripts/ab
//! -- files`: one allocation each, as a program that reads them holds them.

use std::path::{Path, PathBuf};

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
