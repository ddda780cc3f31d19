//! One bad literal: `rust-analyzer diagnostics` must report utf8lit's own
//! message on it.
use utf8lit::{utf8, Utf8Str};

const BAD: &Utf8Str = utf8!(b"caf\xE9 au lait");

fn main() {
    println!("{BAD}");
}
