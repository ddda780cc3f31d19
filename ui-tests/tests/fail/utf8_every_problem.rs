// Every problem of a literal in one build, each its own error: three
// Latin-1 letters, then an overlong NUL and a CESU-8 pair (one error each,
// not one per byte).
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"Cr\xE8me br\xFBl\xE9e");
    let _ = utf8!(b"nul \xC0\x80 smile \xED\xA0\xBD\xED\xB8\x80");
}
