// utf8!(NAME) with a constant: the macro cannot see values; the error says
// what to use instead.
use utf8lit::utf8;

const NAME: &str = "x";

fn main() {
    let _ = utf8!(NAME);
}
