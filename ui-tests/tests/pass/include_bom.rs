// include_utf8! keeps a leading UTF-8 BOM (as include_str! does): the text
// starts with U+FEFF, and `strip_bom` removes it.
use utf8lit::{include_utf8, Utf8Str};

static WITH_BOM: &Utf8Str = include_utf8!("data/bom.txt");

fn main() {
    assert!(WITH_BOM.starts_with('\u{FEFF}'));
    assert_eq!(&WITH_BOM.as_bytes()[..3], b"\xEF\xBB\xBF");
    assert_eq!(WITH_BOM.strip_bom(), "Grüße from a file with a BOM\n");
    assert_eq!(WITH_BOM.as_str(), include_str!("data/bom.txt"));
}
