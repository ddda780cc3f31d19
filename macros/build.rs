//! Finds the shared core when git did not make `src/shared` a symbolic link.
//!
//! `src/shared` is a symlink to the runtime's `src/shared`. Where git writes
//! symlinks as plain files (Windows without developer mode,
//! `core.symlinks=false`), it is a text file holding the link's target, and
//! `mod shared;` would not compile. Then this script sets
//! `utf8lit_shared_by_path`, and `lib.rs` names the runtime's directory by a
//! relative path instead, which works in any checkout of the repository.
//!
//! Only for a checkout: the package leaves this file out (`exclude` in
//! `Cargo.toml`), and `cargo package` copies the link's files into it, so a
//! published crate builds with no build script at all.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src/shared");
    println!("cargo:rustc-check-cfg=cfg(utf8lit_shared_by_path)");
    // A directory (the symlink followed) holds `mod.rs`; a link written as a
    // file does not.
    if !Path::new("src/shared/mod.rs").exists() {
        println!("cargo:rustc-cfg=utf8lit_shared_by_path");
    }
}
