//! The procedural macros behind `utf8lit`'s `utf8!`, `ascii!`, `utf8_cstr!`
//! and `include_utf8!`.
//!
//! Use them through `utf8lit`: its `macro_rules!` wrappers call the entry
//! points here with the path of the `utf8lit` crate first, in parentheses
//! (`$crate`), so that the expansion names `utf8lit`'s items however the
//! user's crate refers to it. Everything user-facing is documented there.
//!
//! How it works: each literal token's source text is parsed (`lit.rs`) into
//! its exact bytes plus a map back to the source, the bytes are checked by
//! the runtime's own decoder (`decode.rs`, the same file), and then
//!
//! - valid bytes become an ordinary string literal token in the expansion
//!   (no `unsafe`, no UTF-8 check left for const evaluation);
//! - a problem becomes one `compile_error!` on the offending literal, worded
//!   by the runtime's own `explain.rs` with byte escapes, followed by
//!   a value of the right type so that no second error follows.
//!
//! No input panics: every path returns tokens.

mod lit;

// The runtime's decoder and its words, compiled here from the same files.
// What is public API in the runtime is crate-private here, which changes
// what some lints ask for.
#[allow(
    dead_code,
    unfulfilled_lint_expectations,
    clippy::trivially_copy_pass_by_ref,
    reason = "the runtime's public API, compiled here as a private module"
)]
mod decode;
#[allow(dead_code, reason = "shared with the runtime")]
mod explain;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::decode::Utf8Error;
use crate::explain::Style;
use crate::lit::{LitKind, Parsed};

/// `utf8!(($crate) literals…)` → `&'static Utf8Str`.
#[doc(hidden)]
#[proc_macro]
pub fn utf8_impl(input: TokenStream) -> TokenStream {
    expand(input, Target::Utf8Str)
}

/// `ascii!(($crate) literals…)` → `&'static AsciiStr`.
#[doc(hidden)]
#[proc_macro]
pub fn ascii_impl(input: TokenStream) -> TokenStream {
    expand(input, Target::AsciiStr)
}

/// `utf8_cstr!(($crate) literals…)` → `&'static Utf8CStr`.
#[doc(hidden)]
#[proc_macro]
pub fn utf8_cstr_impl(input: TokenStream) -> TokenStream {
    expand(input, Target::Utf8CStr)
}

/// `include_utf8!(($crate) "path")` → `&'static Utf8Str`.
#[doc(hidden)]
#[proc_macro]
pub fn include_utf8_impl(input: TokenStream) -> TokenStream {
    let (krate, args) = split_krate(input);
    let target = Target::IncludeUtf8;
    match include(&args) {
        Ok(path) => target.value(&krate, Value::Include(&path), Span::call_site()),
        Err(diag) => diag.into_tokens(&krate, target),
    }
}

// ---------------------------------------------------------------------------
// What each macro builds
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Utf8Str,
    AsciiStr,
    Utf8CStr,
    IncludeUtf8,
}

/// What to put in the expansion.
#[derive(Clone, Copy)]
enum Value<'a> {
    /// A string literal with this text.
    Text(&'a str),
    /// `include_str!` of this absolute path.
    Include(&'a Path),
}

impl Target {
    const fn name(self) -> &'static str {
        match self {
            Target::Utf8Str => "utf8!",
            Target::AsciiStr => "ascii!",
            Target::Utf8CStr => "utf8_cstr!",
            Target::IncludeUtf8 => "include_utf8!",
        }
    }

    /// The expansion for a checked value: `$crate::…(…)`. `span` marks
    /// where the value came from.
    fn value(self, krate: &TokenStream, value: Value<'_>, span: Span) -> TokenStream {
        let (path, nul): (&[&str], bool) = match self {
            Target::Utf8Str | Target::IncludeUtf8 => (&["Utf8Str", "from_str"], false),
            Target::AsciiStr => (&["__private", "ascii_literal"], false),
            Target::Utf8CStr => (&["__private", "utf8_cstr_literal"], true),
        };
        let argument = match value {
            Value::Text(text) => {
                let mut literal = if nul {
                    Literal::string(&format!("{text}\0"))
                } else {
                    Literal::string(text)
                };
                literal.set_span(span);
                TokenStream::from(TokenTree::Literal(literal))
            }
            Value::Include(path) => {
                let mut tokens = core_path(&["include_str"], span);
                tokens.extend([
                    punct('!', Spacing::Alone, span),
                    group(
                        Delimiter::Parenthesis,
                        TokenTree::Literal(Literal::string(&path.to_string_lossy())).into(),
                        span,
                    ),
                ]);
                tokens
            }
        };
        let mut out = krate.clone();
        for segment in path {
            out.extend([
                punct(':', Spacing::Joint, span),
                punct(':', Spacing::Alone, span),
                TokenTree::Ident(Ident::new(segment, span)),
            ]);
        }
        out.extend([group(Delimiter::Parenthesis, argument, span)]);
        out
    }
}

/// `::core::a::b` with every token at `span`.
fn core_path(segments: &[&str], span: Span) -> TokenStream {
    let mut out = TokenStream::new();
    for segment in ["core"].iter().chain(segments) {
        out.extend([
            punct(':', Spacing::Joint, span),
            punct(':', Spacing::Alone, span),
            TokenTree::Ident(Ident::new(segment, span)),
        ]);
    }
    out
}

/// A group whose delimiters sit at `span` (so an error in it points there).
fn group(delimiter: Delimiter, stream: TokenStream, span: Span) -> TokenTree {
    let mut g = Group::new(delimiter, stream);
    g.set_span(span);
    TokenTree::Group(g)
}

fn punct(ch: char, spacing: Spacing, span: Span) -> TokenTree {
    let mut p = Punct::new(ch, spacing);
    p.set_span(span);
    TokenTree::Punct(p)
}

// ---------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------

/// One problem: a message and where to point.
struct Diag {
    span: Span,
    message: String,
}

impl Diag {
    fn new(span: Span, message: impl Into<String>) -> Self {
        Diag {
            span,
            message: message.into(),
        }
    }

    /// `{ ::core::compile_error!("…"); <a value of the right type> }`, so
    /// the user sees this error and no type error after it.
    fn into_tokens(self, krate: &TokenStream, target: Target) -> TokenStream {
        let span = self.span;
        let mut message = Literal::string(&self.message);
        message.set_span(span);
        let mut error = core_path(&["compile_error"], span);
        error.extend([
            punct('!', Spacing::Alone, span),
            group(
                Delimiter::Parenthesis,
                TokenTree::Literal(message).into(),
                span,
            ),
            punct(';', Spacing::Alone, span),
        ]);
        error.extend(target.value(krate, Value::Text(""), span));
        TokenStream::from(group(Delimiter::Brace, error, span))
    }
}

// ---------------------------------------------------------------------------
// Reading the arguments
// ---------------------------------------------------------------------------

/// Splits `($crate) rest…` into the crate path and the user's tokens.
fn split_krate(input: TokenStream) -> (TokenStream, Vec<TokenTree>) {
    let mut tokens = input.into_iter();
    match tokens.next() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis => {
            (group.stream(), tokens.collect())
        }
        // Called directly rather than through utf8lit's wrapper: assume the
        // crate is `::utf8lit` and read everything as arguments.
        first => {
            let krate = [
                punct(':', Spacing::Joint, Span::call_site()),
                punct(':', Spacing::Alone, Span::call_site()),
                TokenTree::Ident(Ident::new("utf8lit", Span::call_site())),
            ]
            .into_iter()
            .collect();
            (krate, first.into_iter().chain(tokens).collect())
        }
    }
}

/// A literal argument: the token, its source text and what it means.
struct Arg {
    span: Span,
    text: String,
    parsed: Parsed,
}

/// Strips the invisible groups that `macro_rules!` puts around `$x:literal`
/// and `$x:expr` fragments.
fn unwrap_invisible(token: &TokenTree) -> TokenTree {
    match token {
        TokenTree::Group(group) if group.delimiter() == Delimiter::None => {
            let mut inner = group.stream().into_iter();
            match (inner.next(), inner.next()) {
                (Some(only), None) => unwrap_invisible(&only),
                _ => token.clone(),
            }
        }
        _ => token.clone(),
    }
}

/// Reads `lit, lit, …` (a trailing comma is fine) for `target`.
fn literal_args(tokens: &[TokenTree], target: Target) -> Result<Vec<Arg>, Diag> {
    let name = target.name();
    let usage = match target {
        Target::Utf8CStr => format!("{name}(c\"text\")"),
        Target::IncludeUtf8 => format!("{name}(\"path/to/file.txt\")"),
        _ => format!("{name}(\"text\", b\"\\xC3\\xA9\")"),
    };
    if tokens.is_empty() {
        return Err(Diag::new(
            Span::call_site(),
            format!("{name} needs a string literal: {usage}"),
        ));
    }
    let mut args = Vec::new();
    let mut rest = tokens.iter().peekable();
    while let Some(token) = rest.next() {
        let token = unwrap_invisible(token);
        let arg = match &token {
            TokenTree::Literal(literal) => read_literal(literal, target)?,
            other => return Err(not_a_literal(other, &mut rest, target)),
        };
        args.push(arg);
        match rest.next().map(unwrap_invisible) {
            None => break,
            Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
            Some(other) => {
                return Err(Diag::new(
                    other.span(),
                    format!(
                        "expected `,` or the end of {name}'s arguments, found `{other}`; \
                         separate literals with commas: {usage}"
                    ),
                ))
            }
        }
    }
    if target == Target::IncludeUtf8 && args.len() > 1 {
        return Err(Diag::new(
            tokens.get(2).map_or_else(Span::call_site, TokenTree::span),
            format!("{name} takes one path, found {}: {usage}", args.len()),
        ));
    }
    Ok(args)
}

/// The answer for a token that should have been a literal.
fn not_a_literal<'a>(
    token: &TokenTree,
    rest: &mut std::iter::Peekable<impl Iterator<Item = &'a TokenTree>>,
    target: Target,
) -> Diag {
    let name = target.name();
    let span = token.span();
    match token {
        TokenTree::Ident(ident) if matches!(ident.to_string().as_str(), "true" | "false") => {
            Diag::new(
                span,
                format!("expected a string literal, found the boolean literal `{ident}`"),
            )
        }
        TokenTree::Ident(ident) => {
            let is_macro = matches!(rest.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            if is_macro {
                Diag::new(
                    span,
                    format!(
                        "expected a string literal, found the macro call `{ident}!(…)`: \
                         {name} reads its arguments before any macro inside them expands; \
                         write the text as literals (several are joined: {name}(\"a\", \"b\"))"
                    ),
                )
            } else if target == Target::IncludeUtf8 {
                Diag::new(
                    span,
                    format!(
                        "expected a string literal, found `{ident}`: {name} needs the path \
                         written out, as include_str! does"
                    ),
                )
            } else {
                Diag::new(
                    span,
                    format!(
                        "expected a string literal, found `{ident}`: {name} checks literals \
                         while compiling and cannot see the value of a variable or constant; \
                         check bytes known only at run time with `Utf8Str::from_bytes`, or \
                         in a `const` with `Utf8Str::const_from_bytes`"
                    ),
                )
            }
        }
        TokenTree::Group(group) => Diag::new(
            span,
            format!(
                "expected a string literal, found `{}`: {name} takes literals only, \
                 not expressions",
                abbreviate(&group.to_string())
            ),
        ),
        other => Diag::new(span, format!("expected a string literal, found `{other}`")),
    }
}

/// `text` cut to a readable length.
fn abbreviate(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

fn read_literal(literal: &Literal, target: Target) -> Result<Arg, Diag> {
    let name = target.name();
    let span = literal.span();
    let text = literal.to_string();
    let parsed = lit::parse(&text).map_err(|e| {
        Diag::new(
            span,
            format!(
                "{name} could not read the literal `{}`: {e}",
                abbreviate(&text)
            ),
        )
    })?;
    if !parsed.suffix.is_empty() && parsed.kind.is_string() {
        return Err(Diag::new(
            span,
            format!(
                "unexpected suffix `{}` on a string literal: {name} takes the literal alone",
                parsed.suffix
            ),
        ));
    }
    let found = match parsed.kind {
        LitKind::Str | LitKind::RawStr => None,
        LitKind::ByteStr | LitKind::RawByteStr if target != Target::IncludeUtf8 => None,
        LitKind::CStr | LitKind::RawCStr if target == Target::Utf8CStr => None,
        LitKind::CStr | LitKind::RawCStr => Some(match target {
            Target::IncludeUtf8 => {
                "a C string literal; write the path as a string literal".to_owned()
            }
            _ => format!(
                "a C string literal; its NUL terminator is not text: use utf8_cstr!({text}) \
                 for a `&Utf8CStr`, or drop the `c` for {name}"
            ),
        }),
        LitKind::ByteStr | LitKind::RawByteStr => {
            Some("a byte string literal; write the path as a string literal".to_owned())
        }
        LitKind::Char => Some(format!("the character literal {text}; use a string: \"…\"")),
        LitKind::Byte => Some(format!(
            "the byte literal {text}; use a byte string: b\"…\""
        )),
        LitKind::Int => Some(format!("the integer literal `{text}`")),
        LitKind::Float => Some(format!("the float literal `{text}`")),
    };
    match found {
        None => Ok(Arg { span, text, parsed }),
        Some(what) => Err(Diag::new(
            span,
            format!("expected a string literal, found {what}"),
        )),
    }
}

// ---------------------------------------------------------------------------
// utf8!, ascii!, utf8_cstr!
// ---------------------------------------------------------------------------

fn expand(input: TokenStream, target: Target) -> TokenStream {
    let (krate, tokens) = split_krate(input);
    match check_literals(&tokens, target) {
        Ok((text, span)) => target.value(&krate, Value::Text(&text), span),
        Err(diag) => diag.into_tokens(&krate, target),
    }
}

/// The checked text of the literals, joined, and a span for the value.
fn check_literals(tokens: &[TokenTree], target: Target) -> Result<(String, Span), Diag> {
    let args = literal_args(tokens, target)?;
    let mut bytes = Vec::new();
    // Where each literal's bytes start in `bytes`.
    let mut starts = Vec::with_capacity(args.len());
    for arg in &args {
        starts.push(bytes.len());
        bytes.extend_from_slice(&arg.parsed.bytes);
    }
    let Some(first) = args.first() else {
        return Err(Diag::new(
            Span::call_site(),
            format!("{} needs a literal", target.name()),
        ));
    };
    // The literal that holds byte `offset`, and the offset within it.
    let locate = |offset: usize| -> (&Arg, usize) {
        let index = starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let start = starts.get(index).copied().unwrap_or(0);
        (
            args.get(index).unwrap_or(first),
            offset.saturating_sub(start),
        )
    };
    let text = match check(&bytes) {
        Ok(()) => String::from_utf8(bytes).map_err(|e| {
            // The decoder and std agree on every input (tested exhaustively);
            // should they ever not, say so rather than panic.
            Diag::new(
                Span::call_site(),
                format!("internal error in {}: {e}", target.name()),
            )
        })?,
        Err(err) => {
            let (arg, within) = locate(err.valid_up_to());
            return Err(Diag::new(
                arg.span,
                utf8_message(&err, arg, within, args.len()),
            ));
        }
    };
    match target {
        Target::AsciiStr => {
            if let Some((offset, ch)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
                let (arg, within) = locate(offset);
                let mut message = format!(
                    "non-ASCII character {ch:?} (U+{:04X}) at byte {offset}: ascii! takes \
                     bytes 00-7F only",
                    u32::from(ch)
                );
                note_source(&mut message, arg, within, args.len());
                return Err(Diag::new(arg.span, message));
            }
        }
        Target::Utf8CStr => {
            if let Some(offset) = text.bytes().position(|b| b == 0) {
                let (arg, within) = locate(offset);
                let mut message = format!(
                    "interior NUL at byte {offset}: a C string ends at its first NUL, and \
                     utf8_cstr! adds the terminator itself"
                );
                note_source(&mut message, arg, within, args.len());
                return Err(Diag::new(arg.span, message));
            }
        }
        Target::Utf8Str | Target::IncludeUtf8 => {}
    }
    let span = match args.as_slice() {
        [only] => only.span,
        _ => Span::call_site(),
    };
    Ok((text, span))
}

/// The UTF-8 check. Valid input takes std's road: in a debug build this
/// proc macro runs unoptimized, but std comes precompiled with
/// optimizations, which matters for a file of megabytes. Any error is the
/// reference decoder's, so the message is the runtime's; the two agree on
/// every input (the runtime's test suite checks all inputs of up to four
/// bytes), and should they ever not, the decoder's verdict stands.
fn check(bytes: &[u8]) -> Result<(), Utf8Error> {
    match std::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(_) => decode::validate(bytes),
    }
}

/// The compile error for invalid UTF-8 in literals: the runtime's words with
/// bytes written as escapes, then where in the source they came from.
fn utf8_message(err: &Utf8Error, arg: &Arg, within: usize, n_args: usize) -> String {
    let mut message = String::new();
    // Writing to a String cannot fail.
    let _ = explain::write_message(&mut message, err, Style::Escapes);
    note_source(&mut message, arg, within, n_args);
    message
}

/// Adds where byte `within` of `arg` was written, when the message alone
/// does not make it obvious: several literals, a literal over several
/// lines, or source text other than the `\xNN` escape the message shows.
fn note_source(message: &mut String, arg: &Arg, within: usize, n_args: usize) {
    let source = arg.parsed.source_of(&arg.text, within).unwrap_or("");
    let byte = arg.parsed.bytes.get(within).copied().unwrap_or(0);
    let plain_escape = source == format!("\\x{byte:02X}");
    let multi_line = arg.text.contains('\n');
    if n_args == 1 && !multi_line && plain_escape {
        return;
    }
    let _ = write!(message, "\nnote: the byte comes from `{source}`");
    match arg.parsed.line_col(&arg.text, within) {
        Some((line, column)) if multi_line => {
            let _ = write!(message, " on line {line}, column {column} of the literal");
        }
        Some((_, column)) => {
            let _ = write!(
                message,
                " at column {column} of `{}`",
                abbreviate(&arg.text)
            );
        }
        None => {
            let _ = write!(message, " in `{}`", abbreviate(&arg.text));
        }
    }
}

// ---------------------------------------------------------------------------
// include_utf8!
// ---------------------------------------------------------------------------

/// Reads, checks and resolves the file; the absolute path on success.
fn include(tokens: &[TokenTree]) -> Result<PathBuf, Diag> {
    let target = Target::IncludeUtf8;
    let args = literal_args(tokens, target)?;
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
    if let Err(err) = check(&bytes) {
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
    let _ = explain::write_message(&mut message, err, Style::Hex);
    let hint = match err.looks_like() {
        // Converting the whole file would garble the UTF-8 before the error.
        Some(decode::LooksLike::Latin1 { .. } | decode::LooksLike::Windows1252 { .. })
            if !valid.is_ascii() =>
        {
            Some(
                "the file is UTF-8 up to here, so do not convert all of it: \
                 fix this byte (and any like it)",
            )
        }
        Some(decode::LooksLike::Latin1 { .. }) => Some(
            "the file looks like ISO-8859-1 (Latin-1): convert it with \
             `iconv -f ISO-8859-1 -t UTF-8`",
        ),
        Some(decode::LooksLike::Windows1252 { .. }) => Some(
            "the file looks like Windows-1252: convert it with `iconv -f WINDOWS-1252 -t UTF-8`",
        ),
        Some(decode::LooksLike::Utf16Le | decode::LooksLike::Utf16Be) => Some(
            "the file is UTF-16: convert it with `iconv -f UTF-16 -t UTF-8`, or embed it \
             with include_bytes!",
        ),
        Some(decode::LooksLike::Utf32Le | decode::LooksLike::Utf32Be) => Some(
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
