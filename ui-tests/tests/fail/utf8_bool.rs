// utf8!(true): a boolean literal (rustc lexes it as an identifier).
use utf8lit::utf8;

fn main() {
    let _ = utf8!(true);
}
