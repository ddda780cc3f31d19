//! `include_utf8!`'s own stage: find the file as `include_str!` would, read
//! it, check it, and report a problem as `path:line:column: message`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro::{Span, TokenTree};

use crate::diag::Diag;
use crate::expand::Target;
use crate::shared::error::{LooksLike, Utf8Error};
use crate::shared::words::{self, Style};
use crate::{args, check};

/// Reads, checks and resolves the file; the absolute path on success.
pub(crate) fn include(tokens: &[TokenTree]) -> Result<PathBuf, Diag> {
    let target = Target::IncludeUtf8;
    let args = args::literal_args(tokens, target)?;
    let arg = args.first().ok_or_else(|| {
        Diag::new(
            Span::call_site(),
            "include_utf8! needs a path: include_utf8!(\"file.txt\")",
        )
    })?;
    let span = arg.span;
    let written = String::from_utf8_lossy(&arg.parsed.bytes).into_owned();
    let path = resolve(span, &written)?;
    let shown = path.display();
    if path.is_dir() {
        return Err(Diag::new(
            span,
            format!("include_utf8! needs a file, but `{written}` is a directory ({shown})"),
        ));
    }
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let message = if Path::new(&written).is_absolute() {
                format!("include_utf8! cannot find `{written}`: no such file")
            } else {
                format!(
                    "include_utf8! cannot find `{written}`: no such file (looked for {shown}, \
                     relative to the file that calls include_utf8!, as include_str! does)"
                )
            };
            return Err(Diag::new(span, message));
        }
        Err(e) => {
            return Err(Diag::new(
                span,
                format!("include_utf8! cannot read `{written}` ({shown}): {e}"),
            ));
        }
    };
    if let Err(err) = check::utf8(&bytes) {
        return Err(Diag::new(span, file_message(&written, &bytes, &err)));
    }
    Ok(path)
}

/// `written` relative to the directory of the file the literal is in, made
/// absolute so that the `include_str!` in the expansion reads the very file
/// that was checked.
fn resolve(span: Span, written: &str) -> Result<PathBuf, Diag> {
    let written_path = Path::new(written);
    let joined = if written_path.is_absolute() {
        written_path.to_path_buf()
    } else {
        let Some(file) = span.local_file() else {
            return Err(Diag::new(
                span,
                format!(
                    "include_utf8! cannot tell which file it is called from (the path \
                     literal was not written in a source file), so it cannot resolve the \
                     relative path `{written}`; write an absolute path"
                ),
            ));
        };
        file.parent().unwrap_or(Path::new("")).join(written_path)
    };
    // Absolute, without `..`; if the file is missing, keep the joined path
    // so the error names what was looked for.
    Ok(std::fs::canonicalize(&joined).unwrap_or_else(|_| {
        std::env::current_dir().map_or(joined.clone(), |cwd| cwd.join(&joined))
    }))
}

/// `path:line:column: <the runtime's message>`, and what to do about it.
fn file_message(written: &str, bytes: &[u8], err: &Utf8Error) -> String {
    let valid = bytes.get(..err.valid_up_to()).unwrap_or_default();
    // The valid prefix is UTF-8: lines and columns count characters.
    let prefix = std::str::from_utf8(valid).unwrap_or_default();
    let line = prefix.matches('\n').count() + 1;
    let column = prefix.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    let mut message = format!("{written}:{line}:{column}: ");
    let _ = words::utf8(&mut message, err, Style::Hex);
    let hint = match err.looks_like() {
        // Converting the whole file would garble the UTF-8 before the error.
        Some(LooksLike::Latin1 { .. } | LooksLike::Windows1252 { .. }) if !valid.is_ascii() => {
            Some(
                "the file is UTF-8 up to here, so do not convert all of it: \
                 fix this byte (and any like it)",
            )
        }
        Some(LooksLike::Latin1 { .. }) => Some(
            "the file looks like ISO-8859-1 (Latin-1): convert it with \
             `iconv -f ISO-8859-1 -t UTF-8`",
        ),
        Some(LooksLike::Windows1252 { .. }) => Some(
            "the file looks like Windows-1252: convert it with `iconv -f WINDOWS-1252 -t UTF-8`",
        ),
        Some(LooksLike::Utf16Le | LooksLike::Utf16Be) => Some(
            "the file is UTF-16: convert it with `iconv -f UTF-16 -t UTF-8`, or embed it \
             with include_bytes!",
        ),
        Some(LooksLike::Utf32Le | LooksLike::Utf32Be) => Some(
            "the file is UTF-32: convert it with `iconv -f UTF-32 -t UTF-8`, or embed it \
             with include_bytes!",
        ),
        None => None,
    };
    match hint {
        Some(hint) => {
            let _ = write!(message, "\nhelp: {hint}");
        }
        None => {
            let _ = write!(
                message,
                "\nhelp: for bytes that are not text, use include_bytes!"
            );
        }
    }
    message
}
