//! The procedural macros behind `utf8lit`'s `utf8!`, `ascii!`, `utf8_cstr!`
//! and `include_utf8!`.
//!
//! Use them through `utf8lit`: its `macro_rules!` wrappers call the entry
//! points here with the path of the `utf8lit` crate first, in parentheses
//! (`$crate`), so that the expansion names `utf8lit`'s items however the
//! user's crate refers to it. Everything user-facing is documented there.
//!
//! # The pipeline
//!
//! Each entry point runs the same stages, one file each:
//!
//! | stage | file | what it does |
//! |---|---|---|
//! | arguments | `args.rs` | splits off `($crate)`, reads `lit, lit, …`, rejects anything else with a plain answer |
//! | literal | `lit.rs` | turns a literal's source text into its bytes and a map back to the source |
//! | check | `check.rs` | joins the literals and applies the rule of the target type: the runtime's own check |
//! | include | `include.rs` | `include_utf8!` only: resolves, reads and checks the file |
//! | expand | `expand.rs` | writes `$crate::Utf8Str::from_str("…")` and friends, or `compile_error!` and a stand-in value |
//!
//! `diag.rs` holds the problem every stage can return. The rules and their
//! words come from `shared/`, which is the runtime's `src/shared` directory
//! (a symlink): compile errors and run-time errors are written by the same
//! code, with bytes spelled `\xC3\xA9` here and `C3 A9` there.
//!
//! No input panics: every path returns tokens. No `unsafe` either, but for
//! one block in the shared core (the error record's bytes viewed as an
//! array, `shared/error.rs`), allowed there by name; expansions contain none.

#![deny(unsafe_code)]

mod args;
mod check;
mod diag;
mod expand;
mod include;
mod lit;

// The runtime's grammar, errors and words, compiled here from the same
// files. What is public API in the runtime is crate-private here, which
// changes what some lints ask for.
#[allow(
    dead_code,
    unfulfilled_lint_expectations,
    clippy::trivially_copy_pass_by_ref,
    reason = "the runtime's public API, compiled here as a private module"
)]
// In a checkout where git wrote the symlink as a file, the same files by
// their path in the repository (see build.rs).
#[cfg_attr(utf8lit_shared_by_path, path = "../../runtime/src/shared/mod.rs")]
mod shared;

use proc_macro::{Span, TokenStream};

use crate::expand::{Target, Value};
use crate::include::Included;

/// `utf8!(($crate) literals…)` → `&'static Utf8Str`.
#[doc(hidden)]
#[proc_macro]
pub fn utf8_impl(input: TokenStream) -> TokenStream {
    literals(input, Target::Utf8Str)
}

/// `ascii!(($crate) literals…)` → `&'static AsciiStr`.
#[doc(hidden)]
#[proc_macro]
pub fn ascii_impl(input: TokenStream) -> TokenStream {
    literals(input, Target::AsciiStr)
}

/// `utf8_cstr!(($crate) literals…)` → `&'static Utf8CStr`.
#[doc(hidden)]
#[proc_macro]
pub fn utf8_cstr_impl(input: TokenStream) -> TokenStream {
    literals(input, Target::Utf8CStr)
}

/// `include_utf8!(($crate) "path")` → `&'static Utf8Str`.
#[doc(hidden)]
#[proc_macro]
pub fn include_utf8_impl(input: TokenStream) -> TokenStream {
    let (krate, tokens) = args::split_krate(input);
    let target = Target::IncludeUtf8;
    match include::include(&tokens) {
        Ok(Included::Path(path)) => target.value(&krate, Value::Include(&path), Span::call_site()),
        Ok(Included::Tokens(path)) => {
            target.value(&krate, Value::IncludeTokens(&path), Span::call_site())
        }
        Err(diags) => expand::failure(&diags, &krate, target),
    }
}

/// arguments → literals → check → expansion, for the literal macros.
fn literals(input: TokenStream, target: Target) -> TokenStream {
    let (krate, tokens) = args::split_krate(input);
    let checked = args::literal_args(&tokens, target)
        .map_err(|diag| vec![diag])
        .and_then(|args| check::literals(&args, target));
    match checked {
        Ok((text, span)) => target.value(&krate, Value::Text(&text), span),
        Err(diags) => expand::failure(&diags, &krate, target),
    }
}
