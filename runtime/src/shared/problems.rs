//! Every problem of an input, one [`Utf8Error`] each: what `utf8lit::problems`
//! returns at run time and what the macros report in one build.
//!
//! A problem is one ill-formed *form*, not one maximal subpart: the overlong
//! `C0 80` is one problem (std's lossy decoding replaces it with two U+FFFD),
//! a CESU-8 surrogate pair is one problem (six U+FFFD), RFC 2279's 5-byte
//! form is one problem (five U+FFFD). Each error is the one the decoder
//! gives at that offset, so its `valid_up_to` is where std's lossy decoding
//! finds it, and its `Display` explains the whole form.

use core::iter::FusedIterator;

use super::decode::validate_from;
use super::error::Utf8Error;

/// An iterator over the problems of some bytes, in order: see
/// [`utf8lit::problems`](crate::problems).
///
/// # Examples
///
/// ```
/// use utf8lit::ErrorKind;
///
/// let bytes = b"Cr\xE8me br\xFBl\xE9e, \xC0\x80 and \xED\xA0\xBD\xED\xB8\x80";
/// let problems: Vec<_> = utf8lit::problems(bytes).collect();
/// let offsets: Vec<_> = problems.iter().map(|e| e.valid_up_to()).collect();
/// assert_eq!(offsets, [2, 8, 10, 14, 21]);
/// assert_eq!(problems[3].kind(), ErrorKind::Overlong); // C0 80: one problem
/// assert_eq!(problems[4].bytes().len(), 6); // a CESU-8 pair: one problem
/// ```
#[derive(Clone, Debug)]
pub struct Problems<'a> {
    bytes: &'a [u8],
    /// Where the search goes on; past the end when there is nothing left.
    at: usize,
    /// Finds the first error at or after an offset, like
    /// [`validate_from`]; the runtime passes its fast path.
    search: fn(&[u8], usize) -> Result<(), Utf8Error>,
}

impl<'a> Problems<'a> {
    /// The problems of `bytes`, found by the reference decoder.
    #[must_use]
    #[cfg_attr(not(test), allow(dead_code, reason = "the macro crate's constructor"))]
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self::with_search(bytes, validate_from)
    }

    /// The problems of `bytes`, found by `search`, which must give the same
    /// answers as [`validate_from`] (faster).
    #[must_use]
    pub(crate) fn with_search(
        bytes: &'a [u8],
        search: fn(&[u8], usize) -> Result<(), Utf8Error>,
    ) -> Self {
        Self {
            bytes,
            at: 0,
            search,
        }
    }
}

/// How many bytes the problem `err` covers, from its offset: the whole form
/// the error quotes, at least its maximal subpart, and for a sequence cut
/// off by the end, everything left.
#[must_use]
pub(crate) fn problem_len(err: &Utf8Error, input_len: usize) -> usize {
    match err.error_len() {
        Some(len) => len.max(err.bytes().len()),
        None => input_len.saturating_sub(err.valid_up_to()),
    }
}

impl Iterator for Problems<'_> {
    type Item = Utf8Error;

    fn next(&mut self) -> Option<Utf8Error> {
        if self.at > self.bytes.len() {
            return None;
        }
        match (self.search)(self.bytes, self.at) {
            Ok(()) => {
                self.at = usize::MAX;
                None
            }
            Err(err) => {
                // Every problem covers at least one byte, so this ends.
                let len = problem_len(&err, self.bytes.len()).max(1);
                self.at = err.valid_up_to().saturating_add(len);
                if self.at == self.bytes.len() {
                    // Nothing after it to search.
                    self.at = usize::MAX;
                }
                Some(err)
            }
        }
    }
}

impl FusedIterator for Problems<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets(bytes: &[u8]) -> [usize; 4] {
        let mut out = [usize::MAX; 4];
        for (slot, err) in out.iter_mut().zip(Problems::new(bytes)) {
            *slot = err.valid_up_to();
        }
        out
    }

    const NONE: usize = usize::MAX;

    #[test]
    fn one_problem_per_form() {
        assert_eq!(offsets(b""), [NONE; 4]);
        assert_eq!(offsets(b"fine"), [NONE; 4]);
        // Overlong, then a stray continuation byte.
        assert_eq!(offsets(b"\xC0\x80\x80"), [0, 2, NONE, NONE]);
        // A CESU-8 pair, then a truncated sequence to the end.
        assert_eq!(
            offsets(b"\xED\xA0\xBD\xED\xB8\x80a\xE2\x82"),
            [0, 7, NONE, NONE]
        );
        // An RFC 2279 5-byte form, then FF.
        assert_eq!(offsets(b"\xF8\x88\x80\x80\x80\xFF"), [0, 5, NONE, NONE]);
        // A missing continuation covers its maximal subpart only.
        assert_eq!(offsets(b"\xE2\x82A\xE9"), [0, 3, NONE, NONE]);
    }

    #[test]
    fn ends_and_stays_ended() {
        let mut problems = Problems::new(b"\xFF");
        assert!(problems.next().is_some());
        assert!(problems.next().is_none());
        assert!(problems.next().is_none());
    }
}
