// utf8!() with no literal: a clean error with usage, not a panic.
use utf8lit::utf8;

fn main() {
    let _ = utf8!();
}
