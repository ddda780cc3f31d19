// Two paths: include_utf8! takes one.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("a.txt", "b.txt");
}
