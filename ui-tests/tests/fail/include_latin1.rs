// A Latin-1 file (MissingContinuation): path:line:column, the ISO-8859-1 guess
// and an iconv hint.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/latin1.txt");
}
