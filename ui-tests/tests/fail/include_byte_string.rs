// A byte string path: paths are written as string literals.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!(b"x.txt");
}
