// A path that is a directory.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data");
}
