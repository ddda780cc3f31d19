// A CESU-8 pair is one problem (one error), a lone surrogate another.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/cesu8-and-lone.txt");
}
