// ErrorKind::ObsoleteForm: RFC 2279's 5-byte form.
use utf8lit::utf8;

fn main() {
    let _ = utf8!(b"\xF8\x88\x80\x80\x80");
}
