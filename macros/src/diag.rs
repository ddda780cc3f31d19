//! What every stage returns when something is wrong: a message and where to
//! point. `expand::failure` turns it into `compile_error!`.

use proc_macro::Span;

/// One problem: a message and where to point.
pub(crate) struct Diag {
    pub(crate) span: Span,
    pub(crate) message: String,
}

impl Diag {
    pub(crate) fn new(span: Span, message: impl Into<String>) -> Self {
        Diag {
            span,
            message: message.into(),
        }
    }
}

/// `text` cut to a readable length for a message.
pub(crate) fn abbreviate(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// How many problems of one literal or file are reported; the last says how
/// many more there are.
pub(crate) const MAX_PROBLEMS: usize = 10;

/// Adds to the last message that `more` problems were not shown.
pub(crate) fn more_problems(messages: &mut [String], more: usize, what: &str) {
    if more == 0 {
        return;
    }
    if let Some(last) = messages.last_mut() {
        let problems = if more == 1 { "problem" } else { "problems" };
        let _ = std::fmt::Write::write_fmt(
            last,
            format_args!(
                "\nnote: and {more} more {problems} in this {what}, not shown \
                 ({MAX_PROBLEMS} are reported at most)"
            ),
        );
    }
}
