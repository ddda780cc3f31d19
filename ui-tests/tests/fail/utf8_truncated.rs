// ErrorKind::Truncated: the literal ends inside a 3-byte sequence.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xE2\x82");
}
