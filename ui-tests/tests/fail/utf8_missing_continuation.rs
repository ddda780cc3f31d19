// ErrorKind::MissingContinuation, and the ISO-8859-1 guess for a lone E9 in
// ASCII text.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"caf\xE9 au lait");
}
