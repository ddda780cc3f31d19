//! `include_utf8!`'s own stage: find the file as `include_str!` would, read
//! it, check it, and report a problem as `path:line:column: message`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro::{Span, TokenStream, TokenTree};

use crate::args;
use crate::check::{self, other_encoding};
use crate::diag::{more_problems, Diag, MAX_PROBLEMS};
use crate::expand::Target;
use crate::lit::{self, LitKind};
use crate::shared::error::Utf8Error;
use crate::shared::interpret::LooksLike;
use crate::shared::problems::Problems;
use crate::shared::words::{self, Style};

/// What the expansion embeds.
pub(crate) enum Included {
    /// `include_str!` of this absolute path: the file that was checked.
    Path(PathBuf),
    /// `include_str!` of the user's own path tokens: a path built with
    /// `concat!`/`env!` (so rustc tracks the variables), or one that cannot
    /// be resolved here (an editor's macro server, which gives no source
    /// file), left to rustc or the editor to resolve as `include_str!`.
    Tokens(TokenStream),
}

/// Reads, checks and resolves the file.
pub(crate) fn include(tokens: &[TokenTree]) -> Result<Included, Vec<Diag>> {
    let target = Target::IncludeUtf8;
    let path = path_argument(tokens).map_err(|d| vec![d])?;
    let (span, written) = match &path {
        PathArg::Literal { span, written }
        | PathArg::Built {
            span,
            written: Some(written),
            ..
        } => (*span, written.clone()),
        // An environment variable that is not set: `env!` in the
        // expansion says so, in rustc's words.
        PathArg::Built {
            tokens,
            written: None,
            ..
        } => return Ok(Included::Tokens(tokens.clone())),
    };
    let Some(resolved) = resolve(span, &written) else {
        // No source file to be relative to: an editor's macro server. Do
        // what include_str! does there; `cargo build` checks everything.
        let tokens = match path {
            PathArg::Literal { .. } => args::user_tokens(tokens),
            PathArg::Built { tokens, .. } => tokens,
        };
        return Ok(Included::Tokens(tokens));
    };
    let shown = resolved.display();
    if resolved.is_dir() {
        return Err(vec![Diag::new(
            span,
            format!("include_utf8! needs a file, but `{written}` is a directory ({shown})"),
        )]);
    }
    let bytes = match std::fs::read(&resolved) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let message = if Path::new(&written).is_absolute() {
                format!("{} cannot find `{written}`: no such file", target.name())
            } else {
                format!(
                    "include_utf8! cannot find `{written}`: no such file (looked for {shown}, \
                     relative to the file that calls include_utf8!, as include_str! does)"
                )
            };
            return Err(vec![Diag::new(span, message)]);
        }
        Err(e) => {
            return Err(vec![Diag::new(
                span,
                format!("include_utf8! cannot read `{written}` ({shown}): {e}"),
            )]);
        }
    };
    if !check::is_utf8(&bytes) {
        return Err(file_problems(&written, &bytes)
            .into_iter()
            .map(|message| Diag::new(span, message))
            .collect());
    }
    Ok(match path {
        PathArg::Literal { .. } => Included::Path(resolved),
        PathArg::Built { tokens, .. } => Included::Tokens(tokens),
    })
}

/// The path argument, read.
enum PathArg {
    /// A string literal.
    Literal { span: Span, written: String },
    /// `concat!(…)` or `env!(…)`: its value (`None` when a variable it
    /// reads is not set) and the tokens, for the expansion.
    Built {
        span: Span,
        written: Option<String>,
        tokens: TokenStream,
    },
}

/// Reads `"path"`, or a path built from `concat!`, `env!` and literals.
fn path_argument(tokens: &[TokenTree]) -> Result<PathArg, Diag> {
    let target = Target::IncludeUtf8;
    let user = args::user_tokens(tokens);
    let mut trees: Vec<TokenTree> = user.clone().into_iter().collect();
    if matches!(trees.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
        trees.pop();
    }
    if let [TokenTree::Ident(_), ..] = trees.as_slice() {
        let span = trees.first().map_or_else(Span::call_site, TokenTree::span);
        let mut rest = trees.iter().peekable();
        let written = evaluate(&mut rest)?;
        if let Some(extra) = rest.next() {
            return Err(Diag::new(
                extra.span(),
                format!(
                    "expected the end of include_utf8!'s argument, found `{extra}`: {} takes \
                     one path",
                    target.name()
                ),
            ));
        }
        let tokens = trees.into_iter().collect();
        return Ok(PathArg::Built {
            span,
            written,
            tokens,
        });
    }
    let args = args::literal_args(tokens, target)?;
    let arg = args.first().ok_or_else(|| {
        Diag::new(
            Span::call_site(),
            "include_utf8! needs a path: include_utf8!(\"file.txt\")",
        )
    })?;
    Ok(PathArg::Literal {
        span: arg.span,
        written: String::from_utf8_lossy(&arg.parsed.bytes).into_owned(),
    })
}

/// What `include_utf8!` accepts in a path, for messages.
const ACCEPTED: &str = "a string literal, or a path built with `concat!` from literals and \
                        `env!(\"VAR\")`";

/// Evaluates one piece of a path: a string literal, `concat!(…)` or
/// `env!("VAR")` (optionally `core::`/`std::`-qualified). `None` when an
/// environment variable is not set.
fn evaluate<'a>(
    rest: &mut std::iter::Peekable<impl Iterator<Item = &'a TokenTree>>,
) -> Result<Option<String>, Diag> {
    let Some(first) = rest.next() else {
        return Err(Diag::new(
            Span::call_site(),
            format!("include_utf8! needs a path: {ACCEPTED}"),
        ));
    };
    let first = args::unwrap_invisible(first);
    let name = match &first {
        TokenTree::Literal(literal) => {
            let text = literal.to_string();
            return match lit::parse(&text) {
                Ok(parsed) if matches!(parsed.kind, LitKind::Str | LitKind::RawStr) => {
                    Ok(Some(String::from_utf8_lossy(&parsed.bytes).into_owned()))
                }
                _ => Err(Diag::new(
                    literal.span(),
                    format!("expected a string literal in the path, found `{text}`"),
                )),
            };
        }
        TokenTree::Ident(ident) => ident.clone(),
        TokenTree::Punct(p) if p.as_char() == ':' => {
            // `::core::concat!`: skip the leading `::`.
            rest.next();
            return evaluate(rest);
        }
        other => {
            return Err(Diag::new(
                other.span(),
                format!("expected {ACCEPTED}, found `{other}`"),
            ))
        }
    };
    let mut name_text = name.to_string();
    if matches!(name_text.as_str(), "core" | "std") {
        // `core::concat!`: the next two tokens are `::`.
        let colons = (rest.next(), rest.next());
        let next = rest.next();
        match (colons, next) {
            ((Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))), Some(TokenTree::Ident(n)))
                if a.as_char() == ':' && b.as_char() == ':' =>
            {
                name_text = n.to_string();
            }
            _ => {
                return Err(Diag::new(
                    name.span(),
                    format!("expected {ACCEPTED}, found a path starting with `{name_text}`"),
                ))
            }
        }
    }
    let bang = rest.next();
    let group = rest.next();
    let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(group))) = (bang, group) else {
        return Err(Diag::new(
            name.span(),
            format!(
                "expected {ACCEPTED}, found `{name_text}`: {} needs the path written out, \
                 as include_str! does",
                Target::IncludeUtf8.name()
            ),
        ));
    };
    if bang.as_char() != '!' {
        return Err(Diag::new(
            bang.span(),
            format!("expected {ACCEPTED}, found `{name_text}{bang}`"),
        ));
    }
    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
    match name_text.as_str() {
        "concat" => evaluate_concat(&inner),
        "env" => evaluate_env(&inner, group.span()),
        other => Err(Diag::new(
            name.span(),
            format!(
                "expected {ACCEPTED}, found the macro call `{other}!(…)`: include_utf8! reads \
                 its argument before any macro inside it expands, so it knows concat! and \
                 env! only"
            ),
        )),
    }
}

/// `concat!(piece, …)`: the pieces joined; `None` if one reads a variable
/// that is not set.
fn evaluate_concat(inner: &[TokenTree]) -> Result<Option<String>, Diag> {
    let mut out = String::new();
    let mut unset = false;
    let mut it = inner.iter().peekable();
    while it.peek().is_some() {
        match evaluate(&mut it)? {
            Some(piece) => out.push_str(&piece),
            None => unset = true,
        }
        match it.next() {
            None => break,
            Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
            Some(other) => {
                return Err(Diag::new(
                    other.span(),
                    format!("expected `,` in concat!, found `{other}`"),
                ))
            }
        }
    }
    Ok((!unset).then_some(out))
}

/// `env!("VAR")` (or `env!("VAR", "message")`): the variable's value as
/// this compilation sees it, `None` if it is not set.
fn evaluate_env(inner: &[TokenTree], span: Span) -> Result<Option<String>, Diag> {
    let name = match inner.first().map(args::unwrap_invisible) {
        Some(TokenTree::Literal(var)) => lit::parse(&var.to_string()).ok(),
        _ => None,
    };
    match name {
        Some(parsed) if matches!(parsed.kind, LitKind::Str | LitKind::RawStr) => {
            Ok(std::env::var(String::from_utf8_lossy(&parsed.bytes).as_ref()).ok())
        }
        _ => Err(Diag::new(span, "expected env!(\"VARIABLE\") in the path")),
    }
}

/// `written` relative to the directory of the file the path is in, made
/// absolute so that the `include_str!` in the expansion reads the very file
/// that was checked. `None` when the path is relative and the source file is
/// unknown (as in rust-analyzer's macro server).
fn resolve(span: Span, written: &str) -> Option<PathBuf> {
    let written_path = Path::new(written);
    let joined = if written_path.is_absolute() {
        written_path.to_path_buf()
    } else {
        let file = span.local_file()?;
        file.parent().unwrap_or(Path::new("")).join(written_path)
    };
    // Absolute, without `..`; if the file is missing, keep the joined path
    // so the error names what was looked for.
    Some(std::fs::canonicalize(&joined).unwrap_or_else(|_| {
        std::env::current_dir().map_or(joined.clone(), |cwd| cwd.join(&joined))
    }))
}

/// Every problem of the file (up to [`MAX_PROBLEMS`]), each as
/// `path:line:column: <the runtime's message>`; the first says what to do
/// about it, and the last how many more there are.
fn file_problems(written: &str, bytes: &[u8]) -> Vec<String> {
    let mut problems = Problems::new(bytes);
    let Some(first) = problems.next() else {
        return Vec::new();
    };
    // A UTF-16 or UTF-32 file: every character after the mark would be a
    // problem of its own. The first says what the file is.
    let first_only = other_encoding(&first);
    let mut place = Place::default();
    let mut messages: Vec<String> = core::iter::once(first)
        .chain(
            problems
                .by_ref()
                .take(if first_only { 0 } else { MAX_PROBLEMS - 1 }),
        )
        .map(|err| {
            let (line, column) = place.advance(bytes, err.valid_up_to());
            let mut message = format!("{written}:{line}:{column}: ");
            let _ = words::utf8(&mut message, &err, Style::File);
            message
        })
        .collect();
    if let Some(message) = messages.first_mut() {
        let valid = bytes.get(..first.valid_up_to()).unwrap_or_default();
        let _ = write!(message, "\nhelp: {}", hint(&first, valid.is_ascii()));
    }
    if !first_only {
        more_problems(&mut messages, problems.count(), "file");
    }
    messages
}

/// A 1-based line and column in a file, moved forward problem by problem so
/// that the file is read once however many problems it has. Columns count
/// characters, each ill-formed part of the line counting as one (as a lossy
/// decoder shows it).
#[derive(Default)]
struct Place {
    /// The offset reached, and the newlines before it.
    offset: usize,
    newlines: usize,
    /// Where the line of `offset` starts.
    line_start: usize,
}

impl Place {
    /// The line and column of byte `offset`, at or after the last one.
    fn advance(&mut self, bytes: &[u8], offset: usize) -> (usize, usize) {
        let from = self.offset.min(offset);
        let segment = bytes.get(from..offset).unwrap_or_default();
        for (i, &b) in segment.iter().enumerate() {
            if b == b'\n' {
                self.newlines += 1;
                self.line_start = from + i + 1;
            }
        }
        self.offset = offset;
        let line = bytes.get(self.line_start..offset).unwrap_or_default();
        let column = String::from_utf8_lossy(line).chars().count() + 1;
        (self.newlines + 1, column)
    }
}

/// What to do about the first problem of a file.
fn hint(err: &Utf8Error, ascii_before: bool) -> &'static str {
    match err.looks_like() {
        // Converting the whole file would garble the UTF-8 before the error.
        Some(LooksLike::Latin1 { .. } | LooksLike::Windows1252 { .. }) if !ascii_before => {
            "the file is UTF-8 up to here, so do not convert all of it: \
             fix this byte (and any like it)"
        }
        Some(LooksLike::Latin1 { .. }) => {
            "the file looks like ISO-8859-1 (Latin-1): convert it with \
             `iconv -f ISO-8859-1 -t UTF-8`"
        }
        Some(LooksLike::Windows1252 { .. }) => {
            "the file looks like Windows-1252: convert it with `iconv -f WINDOWS-1252 -t UTF-8`"
        }
        Some(LooksLike::Utf16Le | LooksLike::Utf16Be) => {
            "the file is UTF-16: convert it with `iconv -f UTF-16 -t UTF-8`, or embed it \
             with include_bytes!"
        }
        Some(LooksLike::Utf32Le | LooksLike::Utf32Be) => {
            "the file is UTF-32: convert it with `iconv -f UTF-32 -t UTF-8`, or embed it \
             with include_bytes!"
        }
        Some(LooksLike::JavaModifiedUtf8) => {
            "UTF-8 writes U+0000 as the single byte 00; for bytes meant for Java, \
             use include_bytes!"
        }
        _ => "for bytes that are not text, use include_bytes!",
    }
}
