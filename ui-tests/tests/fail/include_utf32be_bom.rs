// A UTF-32BE file with its BOM (InvalidByte after 00 00): the UTF-32 diagnosis
// and hint.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/utf32be-bom.txt");
}
