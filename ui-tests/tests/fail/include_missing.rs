// A path that does not exist: where it looked (relative to this file).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("missing.txt");
}
