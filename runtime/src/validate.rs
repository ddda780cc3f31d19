//! The run-time entry point.

use crate::Utf8Error;

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

/// [`validate`], with what it proved handed back as `str`: all of `bytes`,
/// or the valid prefix before the first error and the error.
///
/// This is where run-time checked bytes become `str` for the streaming and
/// lossy paths (`Utf8Validator`, `Utf8String`), so that each conversion sits
/// next to the verdict that allows it.
#[allow(unsafe_code, reason = "the verdict was just computed, on these bytes")]
pub(crate) fn split_valid(bytes: &[u8]) -> Result<&str, (&str, Utf8Error)> {
    match validate(bytes) {
        // SAFETY: `validate` accepted every byte of `bytes` as RFC 3629
        // UTF-8, which is exactly what `str` requires.
        Ok(()) => Ok(unsafe { core::str::from_utf8_unchecked(bytes) }),
        Err(err) => {
            let valid = bytes.get(..err.valid_up_to()).unwrap_or_default();
            // SAFETY: `valid_up_to` is the length of the longest prefix of
            // `bytes` that is UTF-8 (the contract `Utf8Error` shares with
            // `core::str::Utf8Error`); `get` keeps it inside the slice.
            Err((unsafe { core::str::from_utf8_unchecked(valid) }, err))
        }
    }
}
