// utf8!(concat!(..)): macros inside are not expanded first; the error says so.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(concat!("a", "b"));
}
