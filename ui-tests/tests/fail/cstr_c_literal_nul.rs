// utf8_cstr!(c"a\0b"): rustc rejects the NUL in the C string literal itself,
// and utf8_cstr! adds its own error.
use utf8lit::utf8_cstr;

fn main() {
    let _ = utf8_cstr!(c"a\0b");
}
