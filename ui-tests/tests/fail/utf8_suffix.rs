// utf8!("a"suffix): a suffix on a string literal is rejected by name.
use utf8lit::utf8;

fn main() {
    let _ = utf8!("a"suffix);
}
