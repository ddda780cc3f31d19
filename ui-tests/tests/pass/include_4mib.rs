// include_utf8! of a 4 MiB mixed-script file (ASCII, Cyrillic, CJK, emoji),
// written by tests/ui.rs before the run: checked natively at expansion, no
// const-evaluation limit, and embedded byte for byte.
use utf8lit::{include_utf8, Utf8Str};

static BIG: &Utf8Str = include_utf8!("data/big-4mib.txt");

fn main() {
    // `file!()` is the path cargo gave rustc, absolute under trybuild.
    let path = std::path::Path::new(file!()).with_file_name("data/big-4mib.txt");
    let on_disk = std::fs::read(&path).expect("tests/ui.rs writes the fixture");
    assert_eq!(BIG.len(), 4 * 1024 * 1024);
    assert_eq!(BIG.len(), on_disk.len());
    assert!(BIG.as_bytes() == on_disk.as_slice());
    assert!(BIG.contains("Кириллица") && BIG.contains("漢字") && BIG.contains('🦀'));
}
