//! `--fix`: converting a file whose verdict is one encoding to UTF-8, in
//! place, losing nothing, and writing nothing outside what was named.
//!
//! The new text is written to a temporary file in the same directory, with
//! the original's permissions, flushed to disk and read back; it replaces
//! the original by a rename (atomic on POSIX) only if it is what was meant
//! and the original has not changed meanwhile. Killed at any point before
//! the rename, the original is untouched; at worst a temporary file
//! `.NAME.*.utf8check` is left beside it.
//!
//! The tree may come from someone else (a pull request's checkout, a
//! directory of uploads), so where the file is matters as much as what it
//! holds ([`destination`]):
//!
//! - a symbolic link is left alone, and so is its target, unless
//!   `--follow-symlinks` asks for the target and it lies inside a
//!   directory named on the command line or the current directory
//!   ([`Scope`]);
//! - a path that goes through a linked directory is converted only when it
//!   ends inside the same directories;
//! - just before the rename, the name is opened again without following a
//!   link, and must still be the file that was read (device and inode,
//!   [`FileId`]) with the same bytes; otherwise nothing is renamed.
//!
//! A rename replaces whatever the name holds at that instant, so a file
//! swapped in between that last look and the rename is not caught; the
//! window is the two system calls between them.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};

use encoding_rs::{UTF_16BE, UTF_16LE, WINDOWS_1252};
use utf8lit::Meaning;

use crate::args::{Fix, Symlinks};
use crate::facts::{plural, problem_len};
use crate::name::Name;
use crate::verdict::{Encoding, Fit};

/// Environment variable for the interruption test: when set, `--fix`
/// prints `utf8check: paused before rename: PATH` on stderr after writing
/// the temporary file and waits that many seconds before the rename, so
/// that a test can kill it there.
pub const PAUSE_VAR: &str = "UTF8CHECK_TEST_PAUSE_BEFORE_RENAME";

/// `bytes` (in `fit`'s encoding) as UTF-8: what the file means.
pub fn convert(bytes: &[u8], encoding: Encoding) -> Option<String> {
    match encoding {
        // encoding_rs's ISO-8859-1 label is Windows-1252 (as in browsers);
        // true ISO-8859-1 is its `mem::decode_latin1`.
        Encoding::Latin1 => Some(encoding_rs::mem::decode_latin1(bytes).into_owned()),
        Encoding::Windows1252 => WINDOWS_1252
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(std::borrow::Cow::into_owned),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let decoder = if encoding == Encoding::Utf16Le {
                UTF_16LE
            } else {
                UTF_16BE
            };
            // The byte-order mark goes: UTF-8 needs none.
            decoder
                .decode_without_bom_handling_and_without_replacement(bytes.get(2..)?)
                .map(std::borrow::Cow::into_owned)
        }
        Encoding::Cesu8 | Encoding::ModifiedUtf8 => from_cesu8(bytes),
    }
}

/// CESU-8 or Java's modified UTF-8 as UTF-8: each surrogate pair becomes
/// the character it stands for, `C0 80` becomes U+0000, and the rest is
/// copied. Written here, rather than with a CESU-8 crate, because utf8lit's
/// errors already say what each pair stands for (`Meaning::SurrogatePair`),
/// and this way the reading and the conversion cannot disagree.
fn from_cesu8(bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len());
    let mut after = 0;
    for err in utf8lit::problems(bytes) {
        let at = err.valid_up_to();
        out.push_str(std::str::from_utf8(bytes.get(after..at)?).ok()?);
        match err.meaning() {
            Some(Meaning::SurrogatePair { scalar, .. }) => out.push(scalar),
            _ if err.bytes() == [0xC0, 0x80] => out.push('\0'),
            _ => return None,
        }
        after = at + problem_len(&err, bytes.len());
    }
    out.push_str(std::str::from_utf8(bytes.get(after..)?).ok()?);
    Some(out)
}

/// `text` written back in `encoding`, as the original would have it: the
/// round trip that proves the conversion lost nothing.
fn encode_back(text: &str, encoding: Encoding) -> Option<Vec<u8>> {
    match encoding {
        Encoding::Latin1 => text.chars().map(|c| u8::try_from(c).ok()).collect(),
        Encoding::Windows1252 => {
            let (bytes, _, unmappable) = WINDOWS_1252.encode(text);
            (!unmappable).then(|| bytes.into_owned())
        }
        // encoding_rs encodes into UTF-16 for no one (the Encoding Standard
        // has no UTF-16 encoder); `encode_utf16` is std's.
        Encoding::Utf16Le | Encoding::Utf16Be => Some(
            std::iter::once(0xFEFF)
                .chain(text.encode_utf16())
                .flat_map(|unit: u16| {
                    if encoding == Encoding::Utf16Le {
                        unit.to_le_bytes()
                    } else {
                        unit.to_be_bytes()
                    }
                })
                .collect(),
        ),
        Encoding::Cesu8 | Encoding::ModifiedUtf8 => {
            let mut out = Vec::with_capacity(text.len() + text.len() / 2);
            for c in text.chars() {
                match c {
                    '\0' if encoding == Encoding::ModifiedUtf8 => {
                        out.extend_from_slice(&[0xC0, 0x80]);
                    }
                    c if u32::from(c) > 0xFFFF => {
                        let mut units = [0; 2];
                        for unit in c.encode_utf16(&mut units) {
                            // A surrogate as UTF-8 would write it: ED, then
                            // two continuation bytes.
                            out.extend_from_slice(&[
                                0xED,
                                0x80 | ((*unit >> 6) & 0x3F) as u8,
                                0x80 | (*unit & 0x3F) as u8,
                            ]);
                        }
                    }
                    c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                }
            }
            Some(out)
        }
    }
}

/// `bytes` (in `encoding`) as UTF-8, if that loses nothing: the text,
/// written back in `encoding`, gives `bytes` again. Otherwise why not, as
/// `--fix` says it. The one test of convertibility, for `--fix` and for the
/// report's claim that `--fix` converts a file, so the two cannot disagree.
pub fn lossless(bytes: &[u8], encoding: Encoding) -> Result<String, String> {
    let from = encoding.name();
    let Some(text) = convert(bytes, encoding) else {
        return Err(format!("it does not decode as {from}"));
    };
    if encode_back(&text, encoding).as_deref() != Some(bytes) {
        return Err(format!(
            "its text, written back in {from}, would not give the same bytes, so the \
             conversion would lose something"
        ));
    }
    Ok(text)
}

/// What `--fix` did with one file.
#[derive(Debug)]
pub struct Done {
    /// The line to report, without the name.
    pub text: String,
    /// The file is UTF-8 now.
    pub converted: bool,
    /// The file fits one encoding and converts without loss: it was
    /// converted, or with `--dry-run` would be.
    pub fits: bool,
}

/// The identity of a file: its device and inode. A file renamed over a
/// name gives the name another identity, so the same identity before and
/// after means the same file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity in `metadata` (from the open file that was read), where
    /// the OS gives one.
    #[must_use]
    #[cfg_attr(
        unix,
        expect(
            clippy::unnecessary_wraps,
            reason = "None on systems whose std gives no identity"
        )
    )]
    pub fn of(metadata: &fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            Some(FileId {
                dev: metadata.dev(),
                ino: metadata.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            // std gives no stable file index elsewhere: the bytes alone are
            // compared there.
            let _ = metadata;
            None
        }
    }
}

/// Where `--fix` may write: under the directories named on the command
/// line and the current directory, by their canonical paths, and whether a
/// symbolic link's target there is converted (`--follow-symlinks`).
#[derive(Debug)]
pub struct Scope {
    roots: Vec<PathBuf>,
    symlinks: Symlinks,
}

impl Scope {
    /// The scope of a run on `paths` (the PATHs as given).
    #[must_use]
    pub fn new(paths: &[OsString], symlinks: Symlinks) -> Scope {
        let mut roots = Vec::new();
        if let Ok(dir) = std::env::current_dir().and_then(fs::canonicalize) {
            roots.push(dir);
        }
        for path in paths {
            // Without a trailing slash, which would make `lstat` follow a
            // link.
            let path: PathBuf = Path::new(path).components().collect();
            // A directory named as itself, not a link to one: `git ls-files`
            // names the links of a checkout too, and a link named on the
            // command line must not make its target a root.
            if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                if let Ok(dir) = fs::canonicalize(&path) {
                    roots.push(dir);
                }
            }
        }
        Scope { roots, symlinks }
    }

    /// Whether the canonical path `path` is inside a root.
    fn contains(&self, path: &Path) -> bool {
        self.roots.iter().any(|root| path.starts_with(root))
    }
}

/// A file `--fix` may convert, as it was read.
#[derive(Debug)]
pub struct Target<'a> {
    /// The name it was read by.
    pub path: &'a Path,
    /// The identity of the file that was read, from the open file.
    pub read: Option<FileId>,
    pub scope: &'a Scope,
}

/// Converts the file `target`, whose contents are `bytes` and whose verdict
/// is `fit`, or with [`Fix::DryRun`] says what it would do. `None` is
/// standard input.
pub fn fix(target: Option<&Target<'_>>, bytes: &[u8], fit: Fit, mode: Fix) -> Done {
    let refused = |why: String| Done {
        text: format!("not converted: {why}"),
        converted: false,
        fits: false,
    };
    let from = fit.encoding.name();
    let text = match lossless(bytes, fit.encoding) {
        Ok(text) => text,
        Err(why) => return refused(why),
    };
    let Some(target) = target else {
        return refused("standard input is not a file to convert in place".to_owned());
    };
    let path = match destination(target.path, target.scope) {
        Ok(path) => path,
        Err(why) => return refused(why),
    };
    let sizes = format!("{} → {} bytes", bytes.len(), text.len());
    let what = if fit.encoding.is_utf16() {
        format!("from {from} to UTF-8 ({sizes}, byte-order mark dropped)")
    } else {
        format!(
            "from {from} to UTF-8 ({}, {sizes})",
            plural(fit.problems as u64, "problem")
        )
    };
    if mode == Fix::DryRun {
        return Done {
            text: format!("would convert {what}"),
            converted: false,
            fits: true,
        };
    }
    match replace(&path, target.read, bytes, text.as_bytes()) {
        Ok(()) => Done {
            text: format!("converted {what}"),
            converted: true,
            fits: true,
        },
        Err(why) => refused(why),
    }
}

/// The name `--fix` writes for the file named `path`: `path` itself, or
/// with `--follow-symlinks` the canonical path of the file a link leads to;
/// or why none. A path through a symbolic link (the file itself, or a
/// directory on the way) must end inside `scope`.
fn destination(path: &Path, scope: &Scope) -> Result<PathBuf, String> {
    let metadata =
        fs::symlink_metadata(path).map_err(|e| format!("cannot read its metadata: {e}"))?;
    let is_link = |p: &Path| fs::symlink_metadata(p).is_ok_and(|m| m.is_symlink());
    let link = if metadata.is_symlink() {
        path
    } else {
        let on_the_way = path
            .ancestors()
            .skip(1)
            .find(|dir| !dir.as_os_str().is_empty() && is_link(dir));
        match on_the_way {
            Some(dir) => dir,
            None => return Ok(path.to_owned()),
        }
    };
    let to = match fs::read_link(link) {
        Ok(to) => Name::path(&to).shown().into_owned(),
        Err(err) => return Err(format!("cannot read the symbolic link: {err}")),
    };
    if link == path && scope.symlinks == Symlinks::Leave {
        return Err(format!(
            "it is a symbolic link (to {to}); utf8check --fix leaves links and their \
             targets alone (--follow-symlinks converts a target inside the named directories)"
        ));
    }
    let target = fs::canonicalize(path).map_err(|e| format!("cannot resolve the path: {e}"))?;
    if scope.contains(&target) {
        Ok(target)
    } else if link == path {
        Err(format!(
            "it is a symbolic link (to {to}) that leads outside the named directories and \
             the current directory; utf8check --fix leaves it and its target alone"
        ))
    } else {
        Err(format!(
            "its path goes through the symbolic link {} (to {to}) and leads outside the \
             named directories and the current directory; utf8check --fix leaves it alone",
            Name::path(link).shown()
        ))
    }
}

/// Opens `path` for reading, not through a symbolic link (where the OS can
/// say so), and checks that it is still the file that was read.
fn open_same(path: &Path, read: Option<FileId>) -> Result<(fs::File, fs::Metadata), String> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    // `O_NOFOLLOW`: a link swapped in for the last component fails the open
    // instead of being followed. `O_NONBLOCK`: a FIFO swapped in does not
    // hang the open (it is refused below as not a regular file).
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NOFOLLOW | libc::O_NONBLOCK,
    );
    let file = match options.open(path) {
        Ok(file) => file,
        Err(_) if fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink()) => {
            return Err("it was replaced by a symbolic link while it was being converted".into())
        }
        Err(err) => return Err(format!("cannot open it again: {err}")),
    };
    let metadata = file
        .metadata()
        .map_err(|e| format!("cannot read its metadata: {e}"))?;
    if !metadata.is_file() {
        return Err("it is not a regular file any more".to_owned());
    }
    if read.is_some() && FileId::of(&metadata) != read {
        return Err("it was replaced by another file while it was being converted".to_owned());
    }
    Ok((file, metadata))
}

/// Replaces the file at `path`, which held `old` and was the file `read`,
/// with `new`: through a temporary file beside it, renamed over it only
/// when everything checks.
fn replace(path: &Path, read: Option<FileId>, old: &[u8], new: &[u8]) -> Result<(), String> {
    let io = |what: &str, err: io::Error| format!("{what}: {err}");
    let (_, metadata) = open_same(path, read)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        // A rename gives this name a new file; the other names would keep
        // the old text.
        if metadata.nlink() > 1 {
            return Err(format!(
                "it has {} hard links, and rewriting it would split them",
                metadata.nlink()
            ));
        }
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{file_name}."))
        .suffix(".utf8check")
        .tempfile_in(dir)
        .map_err(|e| io("cannot create a temporary file beside it", e))?;
    temp.write_all(new)
        .and_then(|()| {
            // On Windows the permissions are the read-only flag, which the
            // rename below cannot keep: it is set after it.
            #[cfg(not(windows))]
            temp.as_file().set_permissions(metadata.permissions())?;
            temp.as_file().sync_all()
        })
        .map_err(|e| io("cannot write the temporary file", e))?;
    let written =
        fs::read(temp.path()).map_err(|e| io("cannot read the temporary file back", e))?;
    if written != new || utf8lit::validate(&written).is_err() {
        return Err("the temporary file did not read back as written".to_owned());
    }
    pause_for_test(path);
    // The last look: the same file, by the same name, with the same bytes.
    let (mut file, _) = open_same(path, read)?;
    let mut now = Vec::with_capacity(old.len());
    match file.read_to_end(&mut now) {
        Ok(_) if now == old => {}
        Ok(_) => return Err("it changed while it was being converted".to_owned()),
        Err(err) => return Err(io("cannot read it again", err)),
    }
    // Closed before the rename: Windows refuses to rename over a file that
    // is open.
    drop(file);
    #[cfg(windows)]
    windows::persist(temp, path, &metadata)?;
    #[cfg(not(windows))]
    temp.persist(path)
        .map_err(|e| io("cannot rename the temporary file over it", e.error))?;
    // The rename is durable once the directory is on disk too.
    #[cfg(unix)]
    if let Ok(dir) = fs::File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The rename on Windows, where a file's permissions are its read-only
/// flag, and that flag is in the way twice: Windows refuses to rename a
/// file over a read-only one (`ERROR_ACCESS_DENIED`), and tempfile's
/// `persist` clears the temporary file's attributes before it renames it.
#[cfg(windows)]
mod windows {
    use std::fs;
    use std::io::{self, Write as _};
    use std::path::Path;

    use tempfile::NamedTempFile;

    use crate::name::Name;

    /// Renames `temp` over `path`, whose metadata (before the conversion)
    /// is `metadata`, and gives the new file the original's read-only
    /// flag. The original's flag is cleared only for the rename, and set
    /// again if the rename fails; the new file's is set through its open
    /// handle, so no other file can receive it.
    pub(super) fn persist(
        temp: NamedTempFile,
        path: &Path,
        metadata: &fs::Metadata,
    ) -> Result<(), String> {
        let permissions = metadata.permissions();
        let readonly = permissions.readonly();
        if readonly {
            let mut writable = permissions.clone();
            #[expect(
                clippy::permissions_set_readonly_false,
                reason = "Windows only, where it clears the read-only flag and nothing else"
            )]
            writable.set_readonly(false);
            fs::set_permissions(path, writable)
                .map_err(|e| format!("cannot clear its read-only flag for the rename: {e}"))?;
        }
        match temp.persist(path) {
            Ok(file) if readonly => {
                // The file is converted whatever happens here, so this is
                // no refusal: a warning, as unlikely as it is (the handle
                // has write access).
                if let Err(err) = file.set_permissions(permissions) {
                    let _ = writeln!(
                        io::stderr(),
                        "utf8check: {}: converted, but its read-only flag could not be set \
                         again: {err}",
                        Name::path(path).shown()
                    );
                }
                Ok(())
            }
            Ok(_) => Ok(()),
            Err(e) => {
                if readonly {
                    let _ = fs::set_permissions(path, permissions);
                }
                Err(format!(
                    "cannot rename the temporary file over it: {}",
                    e.error
                ))
            }
        }
    }
}

/// See [`PAUSE_VAR`].
fn pause_for_test(path: &Path) {
    let Some(seconds) = std::env::var_os(PAUSE_VAR) else {
        return;
    };
    let seconds = seconds.to_str().and_then(|s| s.parse().ok()).unwrap_or(60);
    let _ = writeln!(
        io::stderr(),
        "utf8check: paused before rename: {}",
        path.display()
    );
    std::thread::sleep(std::time::Duration::from_secs(seconds));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::judge;

    fn round_trip(bytes: &[u8], encoding: Encoding, expected: &str) {
        let fit = judge(bytes, None).unwrap();
        assert_eq!(fit.encoding, encoding);
        let text = convert(bytes, encoding).unwrap();
        assert_eq!(text, expected);
        assert_eq!(encode_back(&text, encoding).unwrap(), bytes);
    }

    #[test]
    fn conversions() {
        round_trip(b"Gr\xFC\xDFe", Encoding::Latin1, "Grüße");
        round_trip(
            b"\x93hi\x94 \x80 caf\xE9",
            Encoding::Windows1252,
            "“hi” € café",
        );
        round_trip(
            b"\xED\xA0\xBD\xED\xB8\x80 \xC3\xA9",
            Encoding::Cesu8,
            "\u{1F600} é",
        );
        round_trip(b"a\xC0\x80b", Encoding::ModifiedUtf8, "a\0b");
        round_trip(b"\xFF\xFEh\0\xE9\0", Encoding::Utf16Le, "hé");
        round_trip(b"\xFE\xFF\0h\0\xE9", Encoding::Utf16Be, "hé");
    }

    /// No input panics the verdict or the conversion, and whatever has a
    /// verdict either round-trips or is refused: every input of up to two
    /// bytes, and pseudo-random ones made of ASCII letters, spaces, NUL and
    /// high bytes (the mix the rules look at), with a UTF-16 mark or not.
    #[test]
    fn no_input_panics_and_every_verdict_round_trips_or_is_refused() {
        let mut inputs: Vec<Vec<u8>> = (0..=0xFFFF_u32)
            .map(|n| n.to_le_bytes()[..2].to_vec())
            .collect();
        inputs.extend((0..=0xFF).map(|b| vec![b]));
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let len = (next() % 24) as usize;
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| match next() % 8 {
                    0..=2 => b"aez "[(next() % 4) as usize],
                    3 => 0,
                    4 => 0x80 | (next() % 0x40) as u8,
                    _ => 0xC0 | (next() % 0x40) as u8,
                })
                .collect();
            let mark: &[u8] = match next() % 4 {
                0 => &[0xFF, 0xFE],
                1 => &[0xFE, 0xFF],
                _ => &[],
            };
            bytes.splice(0..0, mark.iter().copied());
            inputs.push(bytes);
        }
        let mut fits = 0;
        for bytes in &inputs {
            let nul = crate::facts::binary_nul(bytes);
            let Ok(fit) = judge(bytes, nul) else {
                continue;
            };
            fits += 1;
            let done = fix(None, bytes, fit, Fix::DryRun);
            if let Some(text) = convert(bytes, fit.encoding) {
                if encode_back(&text, fit.encoding).as_deref() == Some(&bytes[..]) {
                    // Round-trips: refused only because it is not a file.
                    assert!(done.text.contains("standard input"), "{bytes:02X?}");
                    continue;
                }
            }
            assert!(done.text.starts_with("not converted: "), "{bytes:02X?}");
        }
        assert!(fits > 1000, "only {fits} inputs had a verdict");
    }

    #[test]
    fn what_does_not_round_trip_is_refused() {
        // CESU-8 pairs beside a 4-byte form: the conversion is right, but
        // the original cannot be told from its result, so it is refused.
        let bytes = "\u{1F600}\u{1F600}".as_bytes();
        let mut mixed = bytes.to_vec();
        mixed.extend_from_slice(b"\xED\xA0\xBD\xED\xB8\x80");
        let fit = judge(&mixed, None).unwrap();
        let done = fix(None, &mixed, fit, Fix::DryRun);
        assert!(!done.converted);
        assert!(
            done.text.contains("would not give the same bytes"),
            "{}",
            done.text
        );
    }
}
