// utf8_cstr!(c"a", "\0"): a NUL in a later literal; the note points at its
// source.
use utf8lit::utf8_cstr;

fn main() {
    let _ = utf8_cstr!(c"a", "\0");
}
