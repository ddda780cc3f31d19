// Paths built the ways include_str! paths are: concat! of literals (relative
// to this file), and env! of a variable cargo sets (absolute).
use utf8lit::{include_utf8, Utf8Str};

static BOM: &Utf8Str = include_utf8!(concat!("data/", "bom", ".txt"));
static MANIFEST: &Utf8Str = include_utf8!(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"));

fn main() {
    assert_eq!(BOM.as_str(), include_str!("data/bom.txt"));
    assert!(MANIFEST.contains("utf8lit-ui-tests"));
}
