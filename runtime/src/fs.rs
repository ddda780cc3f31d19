//! Files read as text, checked while they are read (feature `std`): named
//! after `std::fs`'s functions.

use alloc::vec::Vec;
use std::fs::File;
use std::path::Path;

use crate::io::ReadError;
use crate::Utf8String;

/// Reads a whole file into a [`Utf8String`], checking each chunk as it is
/// read: `std::fs::read_to_string` with an error that names the file, the
/// line, the column and the byte.
///
/// The text is checked while the chunk just read is still in the cache,
/// rather than in a second pass over the whole file once it is in memory.
///
/// # Errors
///
/// A [`ReadError`] with the path: the I/O error (the file cannot be opened
/// or read), or the first invalid UTF-8, whose message reads
/// `notes.txt:12:7: invalid UTF-8 at byte 345 (…)`. Every byte read is in
/// [`ReadError::into_bytes`].
///
/// # Examples
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("utf8lit-fs-doc-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// # let path = dir.join("notes.txt");
/// std::fs::write(&path, "Grüße\n")?;
/// assert_eq!(utf8lit::fs::read_to_string(&path)?, "Grüße\n");
///
/// std::fs::write(&path, b"menu\ncaf\xE9 cr\xE8me\n")?; // ISO-8859-1
/// let err = utf8lit::fs::read_to_string(&path).unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(4)));
/// assert!(err.to_string().starts_with(&format!(
///     "{}:2:4: invalid UTF-8 at byte 8 (missing continuation byte): E9 starts",
///     path.display()
/// )));
/// assert_eq!(err.as_bytes(), b"menu\ncaf\xE9 cr\xE8me\n"); // nothing lost
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_to_string<P: AsRef<Path>>(path: P) -> Result<Utf8String, ReadError> {
    let path = path.as_ref();
    let file = File::open(path).map_err(|e| ReadError::opening(e, path))?;
    let mut bytes = Vec::new();
    // The size, as std's `fs::read` asks, so the buffer is allocated once;
    // if it cannot be, the read grows the buffer as it goes (and fails as
    // std's would, out of memory).
    if let Ok(metadata) = file.metadata() {
        let size = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
        let _ = bytes.try_reserve_exact(size);
    }
    crate::io::read_checked(file, bytes).map_err(|e| e.with_path(path))
}
