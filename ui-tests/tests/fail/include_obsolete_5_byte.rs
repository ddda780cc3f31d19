// An RFC 2279 5-byte form in a file (ObsoleteForm).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/obsolete-5-byte.txt");
}
