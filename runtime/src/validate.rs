//! The run-time entry point.

use crate::decode::Utf8Error;

/// Checks that `bytes` is UTF-8 as RFC 3629 defines it.
///
/// The run-time entry point: it gives exactly the verdict (and the same
/// error) as the `const` reference decoder [`decode::validate`](crate::decode::validate), faster.
///
/// On x86-64 a SIMD kernel proves the input valid: AVX-512 (BW and VBMI,
/// 64 bytes a step, with masked loads so that even a 20-byte input is one
/// step), else AVX2, else SSE4.2; elsewhere a portable loop that takes ASCII
/// eight bytes at a time. With `std` the kernel is chosen on the first call
/// from what the CPU has and remembered; without `std`, from the target
/// features enabled at compile time (`-C target-cpu=native`, say). When a
/// kernel finds something wrong, the reference decoder reads from the
/// nearest character boundary before it to find and explain the first
/// error, so errors cost little more than finding them and read the same
/// whichever kernel ran.
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
