// ascii! reports every non-ASCII character, each its own error.
use utf8lit::ascii;

fn main() {
    let _ = ascii!("café crème");
}
