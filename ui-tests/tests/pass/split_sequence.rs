// A UTF-8 sequence split across literals is valid: the joined bytes are
// checked as a whole, not each literal alone.
use utf8lit::{ascii, utf8, utf8_cstr};

fn main() {
    assert_eq!(utf8!(b"\xC3", b"\xA9"), "é");
    assert_eq!(utf8!("caf", b"\xC3", b"\xA9", "!"), "café!");
    // A 4-byte sequence over three literals.
    assert_eq!(utf8!(b"\xF0\x9F", b"\xA6", b"\x80"), "🦀");
    // Every kind of literal in one call, and a trailing comma.
    assert_eq!(utf8!("a", r"\b", b"\xC3\xA9", br"\x",), "a\\bé\\x");
    assert_eq!(utf8_cstr!(b"\xE2\x82", b"\xAC").as_str(), "€");
    assert_eq!(ascii!("GE", b"T"), "GET");
}
