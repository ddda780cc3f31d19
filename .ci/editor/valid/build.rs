//! Writes the generated file that `src/main.rs` includes from `OUT_DIR`.
fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{out}/gen.txt"), "generated: Grüße\n").expect("write gen.txt");
    println!("cargo::rerun-if-changed=build.rs");
}
