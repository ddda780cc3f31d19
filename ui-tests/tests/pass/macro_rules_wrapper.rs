// utf8! behind macro_rules! wrappers: `$l:literal` and `$e:expr` fragments
// reach the proc macro wrapped in invisible groups, which it looks through.
use utf8lit::{ascii, utf8, utf8_cstr, AsciiStr, Utf8CStr, Utf8Str};

macro_rules! label {
    ($l:literal) => {
        utf8!($l)
    };
}

macro_rules! joined {
    ($($l:literal),+ $(,)?) => {
        utf8!($($l),+)
    };
}

macro_rules! from_expr {
    ($e:expr) => {
        utf8!($e)
    };
}

// Two levels of forwarding: the literal is wrapped twice.
macro_rules! outer {
    ($l:literal) => {
        label!($l)
    };
}

macro_rules! both {
    ($l:literal) => {
        (ascii!($l), utf8_cstr!($l))
    };
}

const LABEL: &Utf8Str = label!(b"caf\xC3\xA9");

fn main() {
    assert_eq!(LABEL, "café");
    assert_eq!(joined!("a", b"\xC3", b"\xA9"), "aé");
    assert_eq!(from_expr!("expr"), "expr");
    assert_eq!(outer!(b"\xE2\x9C\x93"), "✓");
    let (a, c): (&AsciiStr, &Utf8CStr) = both!("id");
    assert_eq!(a, "id");
    assert_eq!(c.as_bytes_with_nul(), b"id\0");
}
