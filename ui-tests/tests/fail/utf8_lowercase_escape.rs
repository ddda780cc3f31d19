// A lowercase escape: the note quotes the source as written (`\xe9`), not as
// the message writes bytes.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"caf\xe9");
}
