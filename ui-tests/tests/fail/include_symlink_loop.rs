// An unreadable path: a symbolic link to itself, so reading fails (ELOOP)
// whoever runs the test; pins the "cannot read" branch, whose text includes
// the OS's message (Linux).
use utf8lit::include_utf8;

fn main() {
    let _ = include_utf8!("data/symlink-loop.txt");
}
