// A Windows-1252 file with smart quotes 93..94 (UnexpectedContinuation): the
// Windows-1252 guess and hint.
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/windows1252.txt");
}
