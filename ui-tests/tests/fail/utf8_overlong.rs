// ErrorKind::Overlong: '/' in 2 bytes, with the RFC 3629 §10 path-attack note.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xC0\xAF");
}
