// ErrorKind::UnexpectedContinuation: a continuation byte with no lead byte.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\x80");
}
