// ascii!("café"): a non-ASCII character, named with its code point and byte
// offset.
use utf8lit::ascii;

fn main() {
    let _ = ascii!("café");
}
