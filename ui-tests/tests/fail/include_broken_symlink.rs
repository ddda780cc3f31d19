// An unreadable path: a symbolic link to nothing (a mode-000 file would be
// readable by root).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/broken-symlink.txt");
}
