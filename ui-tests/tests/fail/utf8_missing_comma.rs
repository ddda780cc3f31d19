// utf8!("a" "b"): literals must be separated by commas.
use utf8lit::utf8;

fn main() {
    let _ = utf8!("a" "b");
}
