//! The rules of a UTF-8 C string (UTF-8, no interior NUL, a final NUL) and
//! their error, [`CStrError`]: what `Utf8CStr`'s constructors and
//! `utf8_cstr!` both check.
//!
//! The earliest problem wins, so fixing errors front to back works.

use super::error::Utf8Error;

/// The rules, in one place for every constructor of `Utf8CStr` and for
/// `utf8_cstr!`: given the bytes and their
/// UTF-8 verdict, the earliest problem wins.
///
/// An error's maximal subpart never contains 00 (a NUL is ASCII, and ends a
/// sequence before it), so only a NUL *before* the first UTF-8 error can beat
/// it; and a terminator is only missing when the bytes are UTF-8 without any
/// NUL.
///
/// When `utf8` is the verdict on these `bytes`, `Ok` means exactly: `utf8`
/// is `Ok`, the last byte is 00 and no other byte is. `Utf8CStr`'s
/// constructors cast on that without looking again, so it is part of the
/// contract, not a detail. (A NUL is accepted only as the last byte and only
/// before `end`, and an error's `valid_up_to` is below the length.)
pub const fn check(bytes: &[u8], utf8: Result<(), Utf8Error>) -> Result<(), CStrError> {
    let end = match utf8 {
        Ok(()) => bytes.len(),
        Err(e) => e.valid_up_to(),
    };
    let mut at = 0;
    let mut rest = bytes;
    while let [byte, tail @ ..] = rest {
        if at >= end {
            break;
        }
        if *byte == 0 {
            return if tail.is_empty() {
                // The terminator; `end` reached the last byte, so UTF-8 is fine.
                Ok(())
            } else {
                Err(CStrError::new(CStrErrorKind::InteriorNul { position: at }))
            };
        }
        at += 1;
        rest = tail;
    }
    match utf8 {
        Err(e) => Err(CStrError::new(CStrErrorKind::InvalidUtf8(e))),
        Ok(()) => Err(CStrError {
            kind: CStrErrorKind::NotNulTerminated,
            last_byte: match bytes.split_last() {
                Some((last, _)) => Some(*last),
                None => None,
            },
        }),
    }
}

/// The error of a [`Utf8CStr`](crate::Utf8CStr) check: which rule the bytes broke, and where.
///
/// [`kind`](Self::kind) has the details as data; `Display` is one line.
///
/// | kind | message |
/// |---|---|
/// | [`InvalidUtf8`](CStrErrorKind::InvalidUtf8) | the [`Utf8Error`]'s own text |
/// | [`InteriorNul`](CStrErrorKind::InteriorNul) | `interior NUL at byte 4: a C string ends at its first NUL` |
/// | [`NotNulTerminated`](CStrErrorKind::NotNulTerminated) | `missing NUL terminator: the last byte is 6F, not 00` |
///
/// # Examples
///
/// ```
/// use utf8lit::{CStrErrorKind, ErrorKind, Utf8CStr};
///
/// let err = Utf8CStr::from_bytes_with_nul(b"\xC0\xAE\0").unwrap_err();
/// match err.kind() {
///     CStrErrorKind::InvalidUtf8(e) => assert_eq!(e.kind(), ErrorKind::Overlong),
///     other => panic!("{other:?}"),
/// }
/// assert!(err.to_string().starts_with("invalid UTF-8 at byte 0 (overlong encoding)"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CStrError {
    kind: CStrErrorKind,
    /// For `NotNulTerminated`: the byte that should have been 00 (`None`
    /// for empty input).
    last_byte: Option<u8>,
}

/// Which rule of a [`Utf8CStr`](crate::Utf8CStr) the bytes broke.
///
/// # Examples
///
/// ```
/// use utf8lit::{CStrErrorKind, Utf8CStr};
///
/// let err = Utf8CStr::from_bytes_with_nul(b"").unwrap_err();
/// assert_eq!(err.kind(), CStrErrorKind::NotNulTerminated);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CStrErrorKind {
    /// The bytes are not UTF-8; the error is at the first ill-formed
    /// sequence.
    InvalidUtf8(Utf8Error),
    /// A NUL before the last byte, at `position`.
    InteriorNul {
        /// The offset of the first NUL.
        position: usize,
    },
    /// The last byte is not a NUL, or there are no bytes.
    NotNulTerminated,
}

impl CStrError {
    /// An error of `kind` that is not `NotNulTerminated`.
    #[cold]
    const fn new(kind: CStrErrorKind) -> Self {
        Self {
            kind,
            last_byte: None,
        }
    }

    /// Which rule the bytes broke, with its details.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{CStrErrorKind, Utf8CStr};
    ///
    /// let err = Utf8CStr::from_bytes_with_nul(b"a\0b\0").unwrap_err();
    /// assert_eq!(err.kind(), CStrErrorKind::InteriorNul { position: 1 });
    /// ```
    #[must_use]
    pub const fn kind(&self) -> CStrErrorKind {
        self.kind
    }

    /// For a missing terminator: the byte that should have been 00 (`None`
    /// for empty input).
    pub(super) const fn last_byte(&self) -> Option<u8> {
        self.last_byte
    }
}
