// utf8_cstr!("a\0b"): an interior NUL; the macro adds the terminator itself.
use utf8lit::utf8_cstr;

fn main() {
    let _ = utf8_cstr!("a\0b");
}
