//! The run-time entry point.

use crate::shared::problems::Problems;
use crate::Utf8Error;

/// Checks that `bytes` is UTF-8 as RFC 3629 defines it.
///
/// The run-time entry point: it gives exactly the verdict (and the same
/// error) as the `const` reference decoder [`decode::validate`](crate::decode::validate), faster.
///
/// On x86-64 a SIMD kernel proves the input valid: AVX-512 (BW and VBMI,
/// 64 bytes a step, with masked loads so that even a 20-byte input is one
/// step), else AVX2, else SSE4.2; on aarch64 a NEON kernel (NEON is part
/// of the aarch64 baseline, so it is always there); elsewhere a portable
/// loop that takes ASCII sixteen bytes at a time and other text through a table-driven
/// automaton, without a branch per byte. The kernel is chosen on the first
/// call from what the CPU has and remembered, with or without `std`
/// (without it, by asking the CPU with CPUID and XGETBV as
/// `is_x86_feature_detected!` does). On x86-64 and aarch64 an input of up
/// to three bytes skips the vectors: one test if it is ASCII, else the
/// portable loop's automaton settles it in three steps. When a kernel finds something
/// wrong, the reference decoder reads from the nearest character boundary before
/// it to find and explain the first error, so errors cost little more than
/// finding them and read the same whichever kernel ran.
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

/// Every problem of `bytes`, in order, one [`Utf8Error`] each.
///
/// Where [`validate`] stops at the first error, this goes on to the end: a
/// checker can report everything wrong with a file at once, as the macros do
/// for a literal. A problem is one ill-formed form: the overlong `C0 80`, a
/// CESU-8 surrogate pair and an RFC 2279 5- or 6-byte form are one problem
/// each (and one error, whose `bytes()` are the whole form), where
/// `String::from_utf8_lossy` writes one U+FFFD per maximal subpart. The
/// first problem is `validate`'s error; each is the error the reference
/// decoder gives at its offset, so offsets are std's, and the bytes between
/// problems are proved valid by the same kernels as `validate`.
///
/// # Examples
///
/// ```
/// let text = b"Cr\xE8me br\xFBl\xE9e";
/// let problems: Vec<_> = utf8lit::problems(text).collect();
/// assert_eq!(problems.len(), 3);
/// assert_eq!(problems[0], utf8lit::validate(text).unwrap_err());
/// for err in &problems {
///     println!("{err}");
/// }
/// // invalid UTF-8 at byte 2 (missing continuation byte): E8 starts a 3-byte sequence …
/// // invalid UTF-8 at byte 8 (obsolete 5- or 6-byte form): FB would begin RFC 2279's …
/// // invalid UTF-8 at byte 10 (missing continuation byte): E9 starts a 3-byte sequence …
///
/// assert_eq!(utf8lit::problems("fine".as_bytes()).count(), 0);
/// ```
#[must_use]
pub fn problems(bytes: &[u8]) -> Problems<'_> {
    Problems::with_search(bytes, crate::fast::validate_from)
}

/// [`validate`], with what it proved handed back as `str`: all of `bytes`,
/// or the valid prefix before the first error and the error.
///
/// This is where run-time checked bytes become `str` for the streaming and
/// lossy paths (`Utf8Validator`, `Utf8String`), so that each conversion sits
/// next to the verdict that allows it.
/// [`validate`] on an owned buffer, turned into a `String` without a second
/// pass when it is UTF-8, and handed back with the error when it is not.
#[cfg(feature = "alloc")]
#[allow(unsafe_code, reason = "the verdict was just computed, on these bytes")]
pub(crate) fn string_from_bytes(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, (alloc::vec::Vec<u8>, Utf8Error)> {
    match validate(&bytes) {
        // SAFETY: `validate` accepted every byte of `bytes` as RFC 3629
        // UTF-8, which is exactly what `String` requires.
        Ok(()) => Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) }),
        Err(err) => Err((bytes, err)),
    }
}

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

/// Appends the lossy decoding of `bytes[start..]` to `out`, where an
/// ill-formed sequence starts at `start` (everything before it is the
/// caller's): one U+FFFD per maximal subpart, exactly as
/// `String::from_utf8_lossy`.
///
/// Between errors that are far apart the kernels prove the text; near an
/// error the reference grammar walks one sequence at a time, building no
/// `Utf8Error`, until a run of [`DENSE_RUN`] valid bytes says the errors
/// have thinned out. So ISO-8859-1 text, an error every few bytes, costs a
/// scalar loop like std's, and a rare error costs the kernels' speed.
#[cfg(feature = "alloc")]
#[allow(
    unsafe_code,
    reason = "each run pushed was just accepted, sequence by sequence"
)]
pub(crate) fn push_lossy(out: &mut alloc::string::String, bytes: &[u8], start: usize) {
    /// How many valid bytes after an error send the search back to the kernels.
    const DENSE_RUN: usize = 32;
    /// The top bit of each of sixteen bytes.
    const ASCII_BLOCK: u128 = u128::from_ne_bytes([0x80; 16]);
    /// The top bit of each of eight bytes.
    const ASCII_WORD: u64 = u64::from_le_bytes([0x80; 8]);
    let mut at = start;
    while at < bytes.len() {
        // Near an error: one sequence at a time.
        let mut run = at;
        let mut since_error = 0;
        while at < bytes.len() && since_error < DENSE_RUN {
            if bytes[at] < 0x80 {
                // ASCII, the usual byte between errors: no grammar needed,
                // and up to eight at once, however many the next word
                // starts with (little-endian numbering: the lowest high bit
                // is the first non-ASCII byte; none gives 64 / 8 = 8).
                let ascii = bytes
                    .get(at..)
                    .and_then(<[u8]>::first_chunk::<8>)
                    .map_or(1, |word| {
                        (u64::from_le_bytes(*word) & ASCII_WORD).trailing_zeros() as usize / 8
                    });
                at += ascii;
                since_error += ascii;
                continue;
            }
            match crate::decode::sequence_len(bytes, at) {
                Ok(len) => {
                    at += len;
                    since_error += len;
                }
                Err(subpart) => {
                    if run < at {
                        let valid = bytes.get(run..at).unwrap_or_default();
                        // SAFETY: `valid` is a run of whole sequences that
                        // `sequence_len` accepted one after another just now.
                        out.push_str(unsafe { core::str::from_utf8_unchecked(valid) });
                    }
                    // A constant string, not `push(char)`: no encoding each
                    // time, which dense errors would pay once per byte.
                    #[allow(clippy::single_char_add_str, reason = "measured faster")]
                    out.push_str("\u{FFFD}");
                    at = subpart.map_or(bytes.len(), |len| at + len);
                    run = at;
                    since_error = 0;
                    // Sixteen ASCII bytes next: the errors have thinned out.
                    // (Looked at only after an ASCII byte, so that dense
                    // errors, high byte after high byte, pay nothing for it.)
                    if bytes.get(at).is_some_and(u8::is_ascii)
                        && bytes
                            .get(at..)
                            .and_then(<[u8]>::first_chunk::<16>)
                            .is_some_and(|block| u128::from_ne_bytes(*block) & ASCII_BLOCK == 0)
                    {
                        break;
                    }
                }
            }
        }
        let valid = bytes.get(run..at).unwrap_or_default();
        // SAFETY: as above, whole sequences accepted one after another.
        out.push_str(unsafe { core::str::from_utf8_unchecked(valid) });
        // Far from errors: the kernels, up to the next one.
        match split_valid(bytes.get(at..).unwrap_or_default()) {
            Ok(text) => {
                out.push_str(text);
                return;
            }
            Err((text, _)) => {
                out.push_str(text);
                at += text.len();
            }
        }
    }
}
