// The macros in `const` and `static` items, and `utf8!(…).as_str()` as a
// named constant used as a `match` pattern (a `&Utf8Str` cannot be one).
use utf8lit::{ascii, include_utf8, utf8, utf8_cstr, AsciiStr, Utf8CStr, Utf8Str};

const YES: &str = utf8!(b"s\xC3\xAD").as_str();
const NO: &str = utf8!("no").as_str();
const GREETING: &Utf8Str = utf8!("Grüße, ", r"世界");
static PROMPT: &Utf8Str = utf8!(b"\xE2\x9D\xAF ");
const METHOD: &AsciiStr = ascii!("POST");
static ID: &Utf8CStr = utf8_cstr!("id-", b"7");
static NOTICE: &Utf8Str = include_utf8!("data/bom.txt");
// Usable in const evaluation like any `&'static str`.
const GREETING_LEN: usize = GREETING.as_str().len();

fn answer(s: &str) -> Option<bool> {
    match s {
        YES | "yes" => Some(true),
        NO => Some(false),
        _ => None,
    }
}

fn main() {
    assert_eq!(answer("sí"), Some(true));
    assert_eq!(answer("no"), Some(false));
    assert_eq!(answer("si"), None);
    assert_eq!(GREETING, "Grüße, 世界");
    assert_eq!(GREETING_LEN, "Grüße, 世界".len());
    assert_eq!(PROMPT.as_str(), "❯ ");
    assert_eq!(METHOD, "POST");
    assert_eq!(ID.as_bytes_with_nul(), b"id-7\0");
    assert!(NOTICE.ends_with("with a BOM\n"));
}
