// Every macro in a `#![forbid(unsafe_code)]` crate: the expansions contain
// no `unsafe` (a hidden `unsafe` block would be a hard error here).
#![forbid(unsafe_code)]

use utf8lit::{ascii, include_utf8, utf8, utf8_cstr, AsciiStr, Utf8CStr, Utf8Str};

fn main() {
    let text: &'static Utf8Str = utf8!("text, ", b"\xE2\x9C\x93");
    let method: &'static AsciiStr = ascii!("GET");
    let name: &'static Utf8CStr = utf8_cstr!(c"caf\xC3\xA9");
    let file: &'static Utf8Str = include_utf8!("data/bom.txt");
    assert_eq!(text, "text, ✓");
    assert_eq!(method, "GET");
    assert_eq!(name.as_c_str(), c"café");
    assert!(file.starts_with('\u{FEFF}'));
}
