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
