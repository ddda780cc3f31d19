// A missing absolute path: the error names it (and should not call it relative
// to this file).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("/nonexistent/utf8lit-ui-tests.txt");
}
