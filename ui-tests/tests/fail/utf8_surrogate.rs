// ErrorKind::Surrogate: U+D800 encoded as if it were a character.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xED\xA0\x80");
}
