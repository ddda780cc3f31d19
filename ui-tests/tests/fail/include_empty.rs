// include_utf8!() with no path.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!();
}
