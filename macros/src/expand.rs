//! The last stage: the tokens of the expansion, for a checked value or for a
//! problem.
//!
//! A checked value is a plain string literal handed to a `const fn` of the
//! runtime (`$crate::Utf8Str::from_str("…")`), so the expansion needs no
//! `unsafe` and leaves no UTF-8 check to const evaluation. A problem is
//! `compile_error!` followed by a value of the right type, so the user sees
//! that error and no type error after it.

use std::path::Path;

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::diag::Diag;

/// Which macro is expanding, and so which type it builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Utf8Str,
    AsciiStr,
    Utf8CStr,
    IncludeUtf8,
}

/// What to put in the expansion.
#[derive(Clone, Copy)]
pub(crate) enum Value<'a> {
    /// A string literal with this text.
    Text(&'a str),
    /// `include_str!` of this absolute path.
    Include(&'a Path),
    /// `include_str!` of the user's own path tokens, so that rustc (and an
    /// editor) resolves them, and tracks the environment variables they
    /// read, as it always does.
    IncludeTokens(&'a TokenStream),
}

impl Target {
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Target::Utf8Str => "utf8!",
            Target::AsciiStr => "ascii!",
            Target::Utf8CStr => "utf8_cstr!",
            Target::IncludeUtf8 => "include_utf8!",
        }
    }

    /// The expansion for a checked value: `$crate::…(…)`. `span` marks
    /// where the value came from.
    pub(crate) fn value(self, krate: &TokenStream, value: Value<'_>, span: Span) -> TokenStream {
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
            Value::IncludeTokens(path) => {
                let mut tokens = core_path(&["include_str"], span);
                tokens.extend([
                    punct('!', Spacing::Alone, span),
                    group(Delimiter::Parenthesis, path.clone(), span),
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

/// `{ ::core::compile_error!("…"); … <a value of the right type> }`: one
/// error per problem, then a value, so the user sees these errors and no
/// type error after them.
pub(crate) fn failure(diags: &[Diag], krate: &TokenStream, target: Target) -> TokenStream {
    let mut block = TokenStream::new();
    for diag in diags {
        let span = diag.span;
        let mut message = Literal::string(&diag.message);
        message.set_span(span);
        block.extend(core_path(&["compile_error"], span));
        block.extend([
            punct('!', Spacing::Alone, span),
            group(
                Delimiter::Parenthesis,
                TokenTree::Literal(message).into(),
                span,
            ),
            punct(';', Spacing::Alone, span),
        ]);
    }
    let span = diags.first().map_or_else(Span::call_site, |d| d.span);
    block.extend(target.value(krate, Value::Text(""), span));
    TokenStream::from(group(Delimiter::Brace, block, span))
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

pub(crate) fn punct(ch: char, spacing: Spacing, span: Span) -> TokenTree {
    let mut p = Punct::new(ch, spacing);
    p.set_span(span);
    TokenTree::Punct(p)
}
