//! The first stage: the macro's arguments.
//!
//! The wrapper in `utf8lit` passes `($crate)` first; after it come the
//! user's tokens, which must be string literals separated by commas. Each
//! literal is read by `lit.rs` into its bytes; anything else gets a plain
//! answer naming what is accepted.

use proc_macro::{Delimiter, Ident, Literal, Spacing, Span, TokenStream, TokenTree};

use crate::diag::{abbreviate, Diag};
use crate::expand::{punct, Target};
use crate::lit::{self, LitKind, Parsed};

/// Splits `($crate) rest…` into the crate path and the user's tokens.
pub(crate) fn split_krate(input: TokenStream) -> (TokenStream, Vec<TokenTree>) {
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

/// The user's tokens as a stream again (for an expansion that hands them
/// on), without a trailing comma.
pub(crate) fn user_tokens(tokens: &[TokenTree]) -> TokenStream {
    let end = match tokens.last() {
        Some(TokenTree::Punct(p)) if p.as_char() == ',' => tokens.len() - 1,
        _ => tokens.len(),
    };
    tokens[..end].iter().cloned().collect()
}

/// A literal argument: the token, its source text and what it means.
pub(crate) struct Arg {
    pub(crate) span: Span,
    pub(crate) text: String,
    pub(crate) parsed: Parsed,
}

/// Strips the invisible groups that `macro_rules!` puts around `$x:literal`
/// and `$x:expr` fragments.
pub(crate) fn unwrap_invisible(token: &TokenTree) -> TokenTree {
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
pub(crate) fn literal_args(tokens: &[TokenTree], target: Target) -> Result<Vec<Arg>, Diag> {
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
