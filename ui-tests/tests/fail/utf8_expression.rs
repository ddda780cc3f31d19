// utf8!((1 + 2)): an expression in parentheses is not a literal.
use utf8lit::utf8;

fn main() {
    let _ = utf8!((1 + 2));
}
