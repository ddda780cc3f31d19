// A file with fifteen problems: ten errors, the last saying how many more.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/many-latin1.txt");
}
