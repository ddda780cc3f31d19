// A CESU-8 file (Surrogate): the pair, what it stands for, on line 2.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/cesu8.txt");
}
