// ascii!(b"\x80"): bytes that are not UTF-8 are reported as such first.
use utf8lit::ascii;

fn main() {
    let _ = ascii!(b"\x80");
}
