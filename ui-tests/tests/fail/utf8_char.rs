// utf8!('x'): a char literal; the error suggests a string.
use utf8lit::utf8;

fn main() {
    let _ = utf8!('x');
}
