// ErrorKind::OutOfRange: F4 90 80 80 would be U+110000.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xF4\x90\x80\x80");
}
