// ErrorKind::InvalidByte: FF never appears in UTF-8.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xFF");
}
