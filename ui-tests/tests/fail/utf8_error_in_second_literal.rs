// An error in the 2nd of three literals: the error points at that literal, and
// the note says which escape in it.
use utf8lit::utf8;

fn main() {
    let _ = utf8!("ok, ", b"then \xC0\x80 here", "end");
}
