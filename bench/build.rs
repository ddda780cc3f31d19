//! Records the compiler that builds the benchmarks (`rustc -V`), for the
//! header of their results files (`benches/results/mod.rs`): the one cargo
//! runs, which need not be the `rustc` on the PATH.

use std::process::Command;

fn main() {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(&rustc)
        .arg("-V")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or_else(
            || "unknown".to_owned(),
            |o| String::from_utf8_lossy(&o.stdout).trim().to_owned(),
        );
    println!("cargo:rustc-env=UTF8LIT_BENCH_RUSTC={version}");
    println!("cargo:rerun-if-env-changed=RUSTC");
}
