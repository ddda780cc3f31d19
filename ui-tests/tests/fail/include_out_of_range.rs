// A code point above U+10FFFF in a file (OutOfRange).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/out-of-range.txt");
}
