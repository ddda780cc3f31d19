//! The run-time entry point.

use crate::decode::Utf8Error;

/// Checks that `bytes` is UTF-8 as RFC 3629 defines it.
///
/// The run-time entry point: it gives exactly the verdict (and the same
/// error) as the `const` reference decoder [`decode::validate`], and is free
/// to get there faster. Today it *is* the reference decoder, whose ASCII fast
/// path checks sixteen bytes at a time.
///
/// # Errors
///
/// The first ill-formed sequence; see [`Utf8Error`] and
/// [`ErrorKind`](crate::ErrorKind).
///
/// # Examples
///
/// ```
/// use utf8lit::ErrorKind;
///
/// assert!(utf8lit::validate(b"plain ASCII").is_ok());
/// assert!(utf8lit::validate("\u{FFFE} and \u{0} are valid".as_bytes()).is_ok());
///
/// let err = utf8lit::validate(b"/\xC0\xAE\xC0\xAE/etc").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Overlong);
/// assert_eq!(err.valid_up_to(), 1);
/// ```
#[inline]
pub fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    crate::fast::validate(bytes)
}
