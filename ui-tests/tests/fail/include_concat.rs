// A path built with concat!: resolved and checked like a literal one.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!(concat!("data/", "latin1", ".txt"));
}
