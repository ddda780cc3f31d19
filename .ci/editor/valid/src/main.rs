//! Every macro, used validly, the ways an editor sees them: relative paths
//! in `main.rs` and in a nested module, `../`, a path built from `OUT_DIR`,
//! and one from a variable of our own (`UTF8LIT_EDITOR_TEXT`, set by
//! `.ci/editor/check`; it must name a file relative to nothing, so absolute).
//! `rust-analyzer diagnostics` must report no error here, and the program
//! checks the values when run.
#![forbid(unsafe_code)]

mod nested;

use utf8lit::{ascii, include_utf8, utf8, utf8_cstr, AsciiStr, Utf8CStr, Utf8Str};

const GREETING: &Utf8Str = utf8!("Gr", b"\xC3\xBC\xC3\x9F", "e");
const METHOD: &AsciiStr = ascii!("GET");
const NAME: &Utf8CStr = utf8_cstr!(c"caf\xC3\xA9.db");
static DATA: &Utf8Str = include_utf8!("data.txt");
static GENERATED: &Utf8Str = include_utf8!(concat!(env!("OUT_DIR"), "/gen.txt"));
static CHOSEN: &Utf8Str = include_utf8!(env!("UTF8LIT_EDITOR_TEXT"));

fn main() {
    assert_eq!(GREETING, "Grüße");
    assert_eq!(METHOD, "GET");
    assert_eq!(NAME.as_c_str(), c"café.db");
    assert_eq!(DATA, "data: café\n");
    assert_eq!(nested::INNER, "inner: 世界\n");
    assert_eq!(nested::PARENT, DATA);
    assert_eq!(GENERATED, "generated: Grüße\n");
    print!("{CHOSEN}");
}
