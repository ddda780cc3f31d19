// Only concat! and env! (and literals) can build a path.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!(format!("data/{}.txt", "latin1"));
}
