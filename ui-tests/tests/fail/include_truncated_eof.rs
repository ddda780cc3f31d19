// A file that ends inside a sequence (Truncated).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/truncated-eof.txt");
}
