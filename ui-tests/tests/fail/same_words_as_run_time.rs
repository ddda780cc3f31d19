// One error of every kind, from each literal macro. `tests/same_words.rs`
// reads this file and its `.stderr`, and requires each compile error's
// first line to be the run-time error's `Display` for the same bytes, with
// only the bytes written differently (`\xC3\xA9` here, `C3 A9` there).
// One call per line; keep the literals to ASCII, `\xNN`, `\0` and `é`.
use utf8lit::{ascii, utf8, utf8_cstr};

fn main() {
    let _ = utf8!(b"ab\x80cd");
    let _ = utf8!(b"\xE2\x82A");
    let _ = utf8!(b"caf\xE9");
    let _ = utf8!(b"caf\xE9 au lait");
    let _ = utf8!(b"\x93quoted\x94");
    let _ = utf8!(b"\xC0\x80");
    let _ = utf8!(b"/\xC0\xAE\xC0\xAE/");
    let _ = utf8!(b"\xE0\x80\x80");
    let _ = utf8!(b"\xED\xA0\x80");
    let _ = utf8!(b"\xED\xA1\x8C\xED\xBE\xB4");
    let _ = utf8!(b"\xF4\x90\x80\x80");
    let _ = utf8!(b"\xF5\x80");
    let _ = utf8!(b"\xF8\x88\x80\x80\x80");
    let _ = utf8!(b"\xFC\x84\x80\x80\x80\x80");
    let _ = utf8!(b"\xFF\xFEh\x00");
    let _ = utf8!(b"\x00\x00\xFE\xFF");
    let _ = utf8!(b"\xF0\x9F\x98");
    let _ = utf8!(b"\xF0\x9F\x98 ");
    let _ = ascii!("café");
    let _ = ascii!(b"tab\xC2\xA0");
    let _ = ascii!(b"\xF0\x9F\x98\x80");
    let _ = ascii!(b"caf\xE9");
    let _ = ascii!(b"ab\x80");
    let _ = utf8_cstr!(b"path\0name");
    let _ = utf8_cstr!(b"\xC0\x80");
    let _ = utf8_cstr!(b"ab\xE2\x82");
}
