//! The check stage: join the literals' bytes and apply the rule of the
//! target type — the runtime's own rule, from `shared/`.
//!
//! | macro | the same check as |
//! |---|---|
//! | `utf8!`, `include_utf8!` | `Utf8Str::from_bytes(bytes)` |
//! | `ascii!` | `AsciiStr::from_bytes(bytes)` |
//! | `utf8_cstr!` | `Utf8CStr::from_bytes_with_nul(bytes + NUL)` |
//!
//! so a literal is rejected exactly when the run-time constructor would
//! reject its bytes, with the same message (bytes written as escapes). What
//! only a compile error can add — which literal and which escape the byte
//! came from, and a hint for the macro — goes on `note:` and `help:` lines
//! after it.

use std::fmt::{self, Write as _};

use proc_macro::Span;

use crate::args::Arg;
use crate::diag::{abbreviate, more_problems, Diag, MAX_PROBLEMS};
use crate::expand::Target;
use crate::shared::cstr::{self, CStrErrorKind};
use crate::shared::error::Utf8Error;
use crate::shared::problems::{problem_len, Problems};
use crate::shared::words::{self, Style};
use crate::shared::{ascii, decode};

/// The checked text of the literals, joined, and a span for the value.
pub(crate) fn literals(args: &[Arg], target: Target) -> Result<(String, Span), Vec<Diag>> {
    let Some(first) = args.first() else {
        return Err(vec![Diag::new(
            Span::call_site(),
            format!("{} needs a literal", target.name()),
        )]);
    };
    let mut bytes = Vec::new();
    // Where each literal's bytes start in `bytes`.
    let mut starts = Vec::with_capacity(args.len());
    for arg in args {
        starts.push(bytes.len());
        bytes.extend_from_slice(&arg.parsed.bytes);
    }
    let (problems, more) = rule(target, &bytes);
    if !problems.is_empty() {
        let mut messages: Vec<(Span, String)> = problems
            .into_iter()
            .map(|problem| {
                // The literal that holds the byte, and the offset within it.
                let index = starts
                    .partition_point(|&start| start <= problem.offset)
                    .saturating_sub(1);
                let arg = args.get(index).unwrap_or(first);
                let within = problem
                    .offset
                    .saturating_sub(starts.get(index).copied().unwrap_or(0));
                let mut message = problem.message;
                note_source(&mut message, arg, within, args.len());
                if let Some(help) = problem.help {
                    let _ = write!(message, "\nhelp: {help}");
                }
                (arg.span, message)
            })
            .collect();
        if let Some((_, last)) = messages.last_mut() {
            let what = if args.len() > 1 {
                "macro call"
            } else {
                "literal"
            };
            more_problems(std::slice::from_mut(last), more, what);
        }
        return Err(messages
            .into_iter()
            .map(|(span, message)| Diag::new(span, message))
            .collect());
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        // The decoder and std agree on every input (tested exhaustively);
        // should they ever not, say so rather than panic.
        vec![Diag::new(
            Span::call_site(),
            format!("internal error in {}: {e}", target.name()),
        )]
    })?;
    let span = match args {
        [only] => only.span,
        _ => Span::call_site(),
    };
    Ok((text, span))
}

/// A rule broken: where, the runtime's words for it, and a hint for the
/// macro's user.
struct Problem {
    offset: usize,
    message: String,
    help: Option<&'static str>,
}

/// The run-time constructor's check for `target`, on the joined bytes: its
/// first problem is the constructor's error, and the problems after it are
/// the ones a fixed literal would meet next.
fn rule(target: Target, bytes: &[u8]) -> (Vec<Problem>, usize) {
    let mut problems = Vec::new();
    let mut more = 0;
    let mut report = |problem: Problem| {
        if problems.len() < MAX_PROBLEMS {
            problems.push(problem);
        } else {
            more += 1;
        }
    };
    match target {
        Target::Utf8Str | Target::IncludeUtf8 => {
            if !is_utf8(bytes) {
                for err in Problems::new(bytes) {
                    report(utf8_problem(&err));
                    if other_encoding(&err) {
                        // UTF-16 or UTF-32: the rest would be noise.
                        break;
                    }
                }
            }
        }
        Target::AsciiStr => {
            let mut at = 0;
            while let Err(err) = ascii::check_from(bytes, at) {
                let len = match (err.char(), err.utf8_error()) {
                    (Some(ch), _) => ch.len_utf8(),
                    (None, Some(e)) => problem_len(&e, bytes.len()),
                    (None, None) => 1,
                };
                at = err.valid_up_to() + len.max(1);
                report(Problem {
                    offset: err.valid_up_to(),
                    message: words_of(|out| words::ascii(out, &err, Style::Escapes)),
                    help: Some(if err.char().is_some() {
                        "ascii! takes bytes 00-7F only; use utf8! for UTF-8 text"
                    } else {
                        "ascii! takes bytes 00-7F only"
                    }),
                });
            }
        }
        Target::Utf8CStr => {
            let mut with_nul = Vec::with_capacity(bytes.len() + 1);
            with_nul.extend_from_slice(bytes);
            with_nul.push(0);
            if let Err(err) = cstr::check(&with_nul, utf8(&with_nul)) {
                match err.kind() {
                    // The earliest problem is invalid UTF-8: report every
                    // UTF-8 problem before the first NUL.
                    CStrErrorKind::InvalidUtf8(_) => {
                        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                        for e in Problems::new(&with_nul).take_while(|e| e.valid_up_to() < end) {
                            report(utf8_problem(&e));
                        }
                    }
                    CStrErrorKind::InteriorNul { position } => report(Problem {
                        offset: position,
                        message: words_of(|out| words::cstr(out, &err, Style::Escapes)),
                        help: Some(
                            "utf8_cstr! adds the terminator itself; end the text before the NUL",
                        ),
                    }),
                    // Not reached: the NUL was just added.
                    _ => report(Problem {
                        offset: bytes.len(),
                        message: words_of(|out| words::cstr(out, &err, Style::Escapes)),
                        help: None,
                    }),
                }
            }
        }
    }
    (problems, more)
}

/// Whether the error says the input is UTF-16 or UTF-32 (from its
/// byte-order mark), which makes every later problem noise.
pub(crate) fn other_encoding(err: &Utf8Error) -> bool {
    err.looks_like().is_some_and(|looks| looks.bom().is_some())
}

/// A UTF-8 problem of a literal, in the runtime's words.
fn utf8_problem(err: &Utf8Error) -> Problem {
    Problem {
        offset: err.valid_up_to(),
        message: words_of(|out| words::utf8(out, err, Style::Escapes)),
        help: None,
    }
}

/// What `write` writes, as a `String`.
fn words_of(write: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write(&mut out);
    out
}

/// The UTF-8 check. Valid input takes std's road: in a debug build this
/// proc macro runs unoptimized, but std comes precompiled with
/// optimizations, which matters for a file of megabytes. Any error is the
/// reference decoder's, so the message is the runtime's; the two agree on
/// every input (the runtime's test suite checks all inputs of up to four
/// bytes), and should they ever not, the decoder's verdict stands.
pub(crate) fn utf8(bytes: &[u8]) -> Result<(), Utf8Error> {
    if is_utf8(bytes) {
        Ok(())
    } else {
        decode::validate(bytes)
    }
}

/// The verdict alone, on std's road (see [`utf8`]): for callers that then
/// ask `Problems` for every error, so the first is not computed twice.
pub(crate) fn is_utf8(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok()
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
