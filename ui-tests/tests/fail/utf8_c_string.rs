// utf8!(c"x"): a C string literal belongs to utf8_cstr!.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(c"x");
}
