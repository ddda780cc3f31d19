// FF on line 3 after a non-ASCII character (InvalidByte): line:column, columns
// in characters.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/invalid-byte-line3.txt");
}
