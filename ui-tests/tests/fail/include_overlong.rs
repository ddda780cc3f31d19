// An overlong '.' in a file (Overlong), with the path-attack note.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/overlong.txt");
}
