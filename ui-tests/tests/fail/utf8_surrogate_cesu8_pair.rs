// ErrorKind::Surrogate for a CESU-8 pair: names the pair and the UTF-8 bytes
// of U+1F600.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xED\xA0\xBD\xED\xB8\x80");
}
