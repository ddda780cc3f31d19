// A UTF-16LE file with its BOM (InvalidByte at byte 0): the UTF-16 diagnosis
// and hint.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/utf16le-bom.txt");
}
