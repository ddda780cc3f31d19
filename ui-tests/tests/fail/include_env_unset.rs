// A variable that is not set: env! in the expansion says so, as it would
// for include_str!.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!(concat!(env!("UTF8LIT_SURELY_NOT_SET"), "/gen.txt"));
}
