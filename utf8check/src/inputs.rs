//! Finding the inputs, in report order: the samples of `--demo`, or the
//! PATHs, directories walked as ripgrep walks them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::args::{note, Options};
use crate::name::Name;

/// The samples of `--demo`, built into the binary so that it works after
/// `cargo install` too.
const SAMPLES: [(&str, &[u8]); 3] = [
    ("samples/valid.txt", include_bytes!("../samples/valid.txt")),
    (
        "samples/latin1.txt",
        include_bytes!("../samples/latin1.txt"),
    ),
    ("samples/cesu8.txt", include_bytes!("../samples/cesu8.txt")),
];

/// Where one input's bytes come from.
#[derive(Debug)]
pub enum Source {
    Stdin,
    /// A regular file.
    File(PathBuf),
    /// Something else named on the command line, read as a stream like
    /// standard input: a FIFO, a device (`/dev/zero`), a socket; `kind`
    /// says which ("a FIFO").
    Special {
        path: PathBuf,
        kind: &'static str,
    },
    Sample(&'static [u8]),
}

#[derive(Debug)]
pub struct Input {
    /// The name in reports.
    pub name: Name,
    pub source: Source,
}

/// Finds the inputs, in report order, and hands each to `push`, until it
/// returns `false` (nobody reads the reports any more: the walk stops
/// there). Errors of the walk (a path that does not exist, a directory that
/// cannot be read) are reported here; returns how many.
pub fn find_inputs(options: &Options, push: &mut impl FnMut(Input) -> bool) -> u64 {
    if options.demo {
        for &(name, bytes) in &SAMPLES {
            let input = Input {
                name: Name::path(name),
                source: Source::Sample(bytes),
            };
            if !push(input) {
                break;
            }
        }
        return 0;
    }
    let implicit = options.paths.is_empty();
    let paths = if implicit {
        vec![OsString::from(".")]
    } else {
        options.paths.clone()
    };
    let mut errors = 0;
    for path in paths {
        let more = if path == "-" {
            push(Input {
                name: Name::label("(standard input)"),
                source: Source::Stdin,
            })
        } else {
            let path = PathBuf::from(path);
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => walk(&path, implicit, options, push, &mut errors),
                // A file named on the command line is checked whatever the
                // ignore rules say.
                Ok(meta) if meta.is_file() => push(Input {
                    name: Name::path(&path),
                    source: Source::File(path),
                }),
                Ok(meta) => push(Input {
                    name: Name::path(&path),
                    source: Source::Special {
                        kind: special_kind(&meta),
                        path,
                    },
                }),
                Err(err) => {
                    note(format_args!("{}: {err}", Name::path(&path).shown()));
                    errors += 1;
                    true
                }
            }
        };
        if !more {
            break;
        }
    }
    errors
}

/// What a file that is neither a regular file nor a directory is, as in
/// "this is a FIFO".
fn special_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let file_type = meta.file_type();
        if file_type.is_fifo() {
            return "a FIFO";
        } else if file_type.is_char_device() {
            return "a character device";
        } else if file_type.is_block_device() {
            return "a block device";
        } else if file_type.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "not a regular file"
}

/// Walks the directory `root` and hands its files to `push`, counting the
/// errors it reports in `errors`; `false` if `push` said to stop.
fn walk(
    root: &Path,
    implicit: bool,
    options: &Options,
    push: &mut impl FnMut(Input) -> bool,
    errors: &mut u64,
) -> bool {
    let use_ignore = !options.walk.no_ignore;
    let walker = ignore::WalkBuilder::new(root)
        .hidden(!options.walk.hidden)
        .ignore(use_ignore)
        .git_ignore(use_ignore)
        .git_exclude(use_ignore)
        .git_global(use_ignore)
        .parents(use_ignore)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(std::cmp::Ord::cmp)
        .build();
    for entry in walker {
        match entry {
            Ok(entry) => {
                if entry.file_type().is_some_and(|t| t.is_file()) {
                    let path = entry.into_path();
                    // With no PATH, print `src/a.rs`, not `./src/a.rs`.
                    let shown = match path.strip_prefix(".") {
                        Ok(rest) if implicit => rest,
                        _ => &path,
                    };
                    let input = Input {
                        name: Name::path(shown),
                        source: Source::File(path),
                    };
                    if !push(input) {
                        return false;
                    }
                }
            }
            Err(err) => {
                note(err);
                *errors += 1;
            }
        }
    }
    true
}
