//! How a [`Utf8Error`] reads: one line that says where, what and why.
//!
//! The error type itself lives in [`decode`](crate::decode), next to the
//! decoder that produces it, so that the proc-macro crate can compile the
//! decoder file on its own. This module adds what only the runtime needs:
//! `Display` and `core::error::Error`. The words themselves are in
//! `explain`, which the proc-macro crate shares.
//!
//! Every message has the same shape:
//!
//! ```text
//! invalid UTF-8 at byte N (<kind>): <bytes in hex> <what they meant>[; <what the input looks like>]
//! ```

use core::fmt;

use crate::decode::Utf8Error;
use crate::explain::{self, Style};

/// One line: the offset as `byte N`, the kind in words, the offending bytes
/// in hex, what they meant and, where the bytes around the error suggest it,
/// which encoding the input seems to be in.
///
/// # Examples
///
/// ```
/// use utf8lit::decode::validate;
///
/// let message = |bytes: &[u8]| validate(bytes).unwrap_err().to_string();
/// assert_eq!(
///     message(b"caf\xE9"),
///     "invalid UTF-8 at byte 3 (truncated sequence): E9 starts a 3-byte sequence \
///      but the input ends there; if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9",
/// );
/// assert_eq!(
///     message(b"\xC0\x80"),
///     "invalid UTF-8 at byte 0 (overlong encoding): C0 80 is U+0000 in 2 bytes; \
///      UTF-8 writes it 00",
/// );
/// assert_eq!(
///     message(b"\xED\xA1\x8C\xED\xBE\xB4"),
///     "invalid UTF-8 at byte 0 (surrogate code point): ED A1 8C ED BE B4 is a CESU-8 \
///      surrogate pair (U+D84C U+DFB4) for U+233B4; UTF-8 writes it F0 A3 8E B4",
/// );
/// ```
impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        explain::write_message(f, self, Style::Hex)
    }
}

impl core::error::Error for Utf8Error {}
