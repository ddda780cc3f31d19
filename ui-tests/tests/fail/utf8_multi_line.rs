// An error in a literal over several lines: the note gives the line and
// column within the literal.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(
        b"first line
second line
third \xFF line"
    );
}
