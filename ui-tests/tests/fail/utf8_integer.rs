// utf8!(42): an integer literal is not text.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(42);
}
