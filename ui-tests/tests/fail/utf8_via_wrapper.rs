// A bad literal forwarded by a macro_rules! wrapper as `$l:literal`: the
// invisible group around it is looked through, and the error points at the
// literal where the user wrote it.
use utf8lit::utf8;

macro_rules! label {
    ($l:literal) => {
        utf8!($l)
    };
}

fn main() {
    let _ = label!(b"\xC3(");
}
