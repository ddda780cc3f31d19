//! [`AsciiStr`]: a borrowed string of 7-bit bytes only, and [`AsciiError`].
//!
//! ASCII is the subset of UTF-8 whose bytes are all 00–7F, so an `AsciiStr`
//! is also a [`Utf8Str`] and a `str`, and converting to either is free. What
//! it adds is the promise that one byte is one character, for protocols,
//! identifiers and file formats that allow nothing else.
//!
//! The error says which byte broke the rule and, because the usual culprit
//! is a perfectly good UTF-8 character, which character it starts:
//!
//! ```text
//! non-ASCII character 'é' (U+00E9, bytes C3 A9) at byte 3
//! ```
//!
//! Left out: ASCII-specific character types and case-folding tables (the
//! `str` and `u8` methods cover them), and an owned `AsciiString`.
//!
//! # The one cast
//!
//! `AsciiStr` is `#[repr(transparent)]` over `str`. The private `cast` and
//! `cast_mut` at the bottom of this file are the only places that turn bytes
//! or a `str` into an `AsciiStr`. They are `unsafe fn`s whose precondition is
//! that every byte is ASCII (which also makes the bytes UTF-8), so the
//! compiler makes every constructor call them in an `unsafe` block, and each
//! such block's `SAFETY` comment says where, in view at that call, the bytes
//! were shown to be ASCII.

use core::ptr;

use crate::shared::ascii::{check, AsciiError};
use crate::text_impls::{impl_eq_str, impl_text_traits};
use crate::utf8_str::Utf8Str;

/// A `str` whose bytes are all ASCII (00–7F).
///
/// `#[repr(transparent)]` over `str`, like [`Utf8Str`]: it dereferences to
/// `str`, converts to `&str` and `&Utf8Str` for free, and compares, orders,
/// hashes and formats exactly as `str` does.
///
/// It does not hand out `&mut str` (safe code could not break the ASCII rule
/// through one today, but the promise should not rest on that); the
/// in-place edits that keep text ASCII are methods of its own.
///
/// # Examples
///
/// ```
/// use utf8lit::AsciiStr;
///
/// const METHOD: &AsciiStr = match AsciiStr::const_from_bytes(b"GET") {
///     Ok(s) => s,
///     Err(_) => panic!("not ASCII"),
/// };
/// assert_eq!(METHOD, "GET");
///
/// let err = AsciiStr::from_str("café").unwrap_err();
/// assert_eq!(err.valid_up_to(), 3);
/// assert_eq!(err.to_string(), "non-ASCII character 'é' (U+00E9, bytes C3 A9) at byte 3");
/// ```
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct AsciiStr(str);

impl AsciiStr {
    /// Checks that every byte is ASCII and views them as an `AsciiStr`.
    ///
    /// # Errors
    ///
    /// An [`AsciiError`] for the first byte above 7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert_eq!(AsciiStr::from_bytes(b"Hello, world!").unwrap(), "Hello, world!");
    ///
    /// let err = AsciiStr::from_bytes(b"caf\xE9").unwrap_err(); // Latin-1, not UTF-8 either
    /// assert_eq!((err.valid_up_to(), err.byte()), (3, 0xE9));
    /// assert!(err.utf8_error().is_some());
    /// ```
    #[inline]
    pub fn from_bytes(bytes: &[u8]) -> Result<&Self, AsciiError> {
        Self::const_from_bytes(bytes)
    }

    /// Checks that every byte is ASCII and views them as an `AsciiStr`, in
    /// `const` evaluation.
    ///
    /// The same check as [`from_bytes`](Self::from_bytes) (which simply
    /// calls this), usable in `const` and `static` items.
    ///
    /// # Errors
    ///
    /// An [`AsciiError`] for the first byte above 7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// const HEADER: &AsciiStr = match AsciiStr::const_from_bytes(b"Content-Type") {
    ///     Ok(s) => s,
    ///     Err(_) => panic!("header names are ASCII"),
    /// };
    /// assert_eq!(HEADER.len(), 12);
    ///
    /// const _: () = assert!(AsciiStr::const_from_bytes(b"na\xC3\xAFve").is_err());
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub const fn const_from_bytes(bytes: &[u8]) -> Result<&Self, AsciiError> {
        match check(bytes) {
            // SAFETY: `check` returned `Ok` for these very bytes just above,
            // so every one is ASCII, as `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// Checks that a `str` is all ASCII and views it as an `AsciiStr`.
    ///
    /// `const`, and the error always names a character, since a `str` is
    /// UTF-8.
    ///
    /// # Errors
    ///
    /// An [`AsciiError`] for the first non-ASCII character.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert!(AsciiStr::from_str("plain").is_ok());
    ///
    /// let err = AsciiStr::from_str("naïve").unwrap_err();
    /// assert_eq!(err.char(), Some('ï'));
    /// assert_eq!(err.to_string(), "non-ASCII character 'ï' (U+00EF, bytes C3 AF) at byte 2");
    /// ```
    #[inline]
    pub const fn from_str(s: &str) -> Result<&Self, AsciiError> {
        Self::const_from_bytes(s.as_bytes())
    }

    /// Views `bytes` as an `AsciiStr` without checking them.
    ///
    /// # Safety
    ///
    /// Every byte must be ASCII (00–7F). Code in this crate and elsewhere may
    /// rely on that (an `AsciiStr` becomes a `str` without a check, so
    /// non-UTF-8 bytes would be undefined behaviour).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let bytes = b"abc";
    /// assert!(bytes.is_ascii());
    /// // SAFETY: checked on the line above.
    /// let s = unsafe { AsciiStr::from_bytes_unchecked(bytes) };
    /// assert_eq!(s, "abc");
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        unsafe_code,
        reason = "an `unsafe fn` that passes its caller's promise on to `cast`"
    )]
    pub const unsafe fn from_bytes_unchecked(bytes: &[u8]) -> &Self {
        // SAFETY: the caller of this `unsafe fn` promised that every byte is
        // ASCII (see its `# Safety`), which is `cast`'s precondition.
        unsafe { cast(bytes) }
    }

    /// Checks that every byte is ASCII and views them as a mutable
    /// `AsciiStr`.
    ///
    /// # Errors
    ///
    /// An [`AsciiError`] for the first byte above 7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let mut buffer = *b"shout";
    /// AsciiStr::from_bytes_mut(&mut buffer).unwrap().make_ascii_uppercase();
    /// assert_eq!(&buffer, b"SHOUT");
    ///
    /// assert!(AsciiStr::from_bytes_mut(&mut [b'a', 0x80]).is_err());
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub fn from_bytes_mut(bytes: &mut [u8]) -> Result<&mut Self, AsciiError> {
        match check(bytes) {
            // SAFETY: `check` returned `Ok` for these very bytes just above,
            // so every one is ASCII, as `cast_mut` requires.
            Ok(()) => Ok(unsafe { cast_mut(Checked::Bytes(bytes)) }),
            Err(e) => Err(e),
        }
    }

    /// Checks that a mutable `str` is all ASCII and views it as a mutable
    /// `AsciiStr`.
    ///
    /// # Errors
    ///
    /// An [`AsciiError`] for the first non-ASCII character.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let mut name = String::from("Readme.MD");
    /// AsciiStr::from_str_mut(&mut name).unwrap().make_ascii_lowercase();
    /// assert_eq!(name, "readme.md");
    ///
    /// let mut word = String::from("Ärger");
    /// assert_eq!(AsciiStr::from_str_mut(&mut word).unwrap_err().char(), Some('Ä'));
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub fn from_str_mut(s: &mut str) -> Result<&mut Self, AsciiError> {
        match check(s.as_bytes()) {
            // SAFETY: `check` returned `Ok` for the bytes of `s` just above,
            // so every one is ASCII, as `cast_mut` requires.
            Ok(()) => Ok(unsafe { cast_mut(Checked::Str(s)) }),
            Err(e) => Err(e),
        }
    }

    /// Views `bytes` as a mutable `AsciiStr` without checking them.
    ///
    /// # Safety
    ///
    /// Every byte must be ASCII (00–7F), as for
    /// [`from_bytes_unchecked`](Self::from_bytes_unchecked).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let mut buffer = *b"abc";
    /// // SAFETY: all three bytes are ASCII.
    /// let s = unsafe { AsciiStr::from_bytes_unchecked_mut(&mut buffer) };
    /// s.make_ascii_uppercase();
    /// assert_eq!(s, "ABC");
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        unsafe_code,
        reason = "an `unsafe fn` that passes its caller's promise on to `cast_mut`"
    )]
    pub unsafe fn from_bytes_unchecked_mut(bytes: &mut [u8]) -> &mut Self {
        // SAFETY: the caller of this `unsafe fn` promised that every byte is
        // ASCII (see its `# Safety`), which is `cast_mut`'s precondition.
        unsafe { cast_mut(Checked::Bytes(bytes)) }
    }

    /// The text as a `str`; a no-op cast.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let s = AsciiStr::from_str("abc").unwrap();
    /// assert_eq!(s.as_str(), "abc");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_str(&self) -> &str {
        &self.0
    }

    /// The text as bytes, each of them 00–7F.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// assert_eq!(AsciiStr::from_str("hi").unwrap().as_bytes(), b"hi");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// The text as a [`Utf8Str`]; free, since ASCII is UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{AsciiStr, Utf8Str};
    ///
    /// let ascii = AsciiStr::from_str("abc").unwrap();
    /// let utf8: &Utf8Str = ascii.as_utf8_str();
    /// assert_eq!(utf8, "abc");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_utf8_str(&self) -> &Utf8Str {
        Utf8Str::from_str(&self.0)
    }

    /// Converts every ASCII lowercase letter to uppercase, in place.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let mut buffer = *b"x-Forwarded-for";
    /// let s = AsciiStr::from_bytes_mut(&mut buffer).unwrap();
    /// s.make_ascii_uppercase();
    /// assert_eq!(s, "X-FORWARDED-FOR");
    /// ```
    #[inline]
    pub fn make_ascii_uppercase(&mut self) {
        self.0.make_ascii_uppercase();
    }

    /// Converts every ASCII uppercase letter to lowercase, in place.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::AsciiStr;
    ///
    /// let mut buffer = *b"Content-Type";
    /// let s = AsciiStr::from_bytes_mut(&mut buffer).unwrap();
    /// s.make_ascii_lowercase();
    /// assert_eq!(s, "content-type");
    /// ```
    #[inline]
    pub fn make_ascii_lowercase(&mut self) {
        self.0.make_ascii_lowercase();
    }
}

// ---------------------------------------------------------------------------
// std's view of it: Deref, AsRef, Borrow, formatting, comparison
// ---------------------------------------------------------------------------

impl_text_traits!(AsciiStr);

impl_eq_str! {
    [] AsciiStr, Utf8Str;
}

impl AsRef<[u8]> for AsciiStr {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl AsRef<Utf8Str> for AsciiStr {
    #[inline]
    fn as_ref(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// The empty string.
impl Default for &AsciiStr {
    #[inline]
    #[allow(unsafe_code, reason = "the cast of no bytes at all")]
    fn default() -> Self {
        // SAFETY: the slice is empty, so it has no byte that is not ASCII.
        unsafe { cast(b"") }
    }
}

/// The empty string.
impl Default for &mut AsciiStr {
    #[inline]
    #[allow(unsafe_code, reason = "the cast of no bytes at all")]
    fn default() -> Self {
        // SAFETY: the default `&mut [u8]` is empty, so it has no byte that
        // is not ASCII.
        unsafe { cast_mut(Checked::Bytes(<&mut [u8]>::default())) }
    }
}

impl<'a> From<&'a AsciiStr> for &'a Utf8Str {
    #[inline]
    fn from(s: &'a AsciiStr) -> Self {
        s.as_utf8_str()
    }
}

/// Same as [`AsciiStr::from_bytes`].
impl<'a> TryFrom<&'a [u8]> for &'a AsciiStr {
    type Error = AsciiError;

    #[inline]
    fn try_from(bytes: &'a [u8]) -> Result<Self, AsciiError> {
        AsciiStr::from_bytes(bytes)
    }
}

/// Same as [`AsciiStr::from_str`].
impl<'a> TryFrom<&'a str> for &'a AsciiStr {
    type Error = AsciiError;

    #[inline]
    fn try_from(s: &'a str) -> Result<Self, AsciiError> {
        AsciiStr::from_str(s)
    }
}

/// Same as [`AsciiStr::from_str`] on its text.
impl<'a> TryFrom<&'a Utf8Str> for &'a AsciiStr {
    type Error = AsciiError;

    #[inline]
    fn try_from(s: &'a Utf8Str) -> Result<Self, AsciiError> {
        AsciiStr::from_str(s.as_str())
    }
}

// ---------------------------------------------------------------------------
// The cast
// ---------------------------------------------------------------------------

/// ASCII bytes or an ASCII `str`, as a caller in this module has checked.
///
/// `cast_mut` takes either because neither converts to the other without
/// `unsafe` (a `&mut str` cannot be viewed as `&mut [u8]` safely).
enum Checked<'a> {
    /// All ASCII by `cast_mut`'s precondition: checked by `check`, empty, or
    /// promised by the caller of [`AsciiStr::from_bytes_unchecked_mut`].
    Bytes(&'a mut [u8]),
    /// All ASCII by `cast_mut`'s precondition: checked by `check`.
    Str(&'a mut str),
}

/// Views ASCII bytes as an `AsciiStr`: the module's one shared-reference
/// cast.
///
/// # Safety
///
/// Every byte of `bytes` must be ASCII (00–7F). Being UTF-8 is not enough:
/// code may rely on an `AsciiStr` having one byte per character.
#[inline]
#[allow(unsafe_code, reason = "the one cast into `AsciiStr`")]
const unsafe fn cast(bytes: &[u8]) -> &AsciiStr {
    // SAFETY: every byte of `bytes` is ASCII (the caller's promise, see
    // `# Safety`), and ASCII bytes are UTF-8, as `from_utf8_unchecked`
    // requires. `AsciiStr` is
    // `#[repr(transparent)]` over `str`, so a pointer to a `str` is a valid
    // pointer to an `AsciiStr` with the same address and length, and the
    // result borrows `bytes` for the same lifetime.
    unsafe { &*(ptr::from_ref(core::str::from_utf8_unchecked(bytes)) as *const AsciiStr) }
}

/// Views checked ASCII bytes or an ASCII `str` as a mutable `AsciiStr`: the
/// module's one mutable cast.
///
/// # Safety
///
/// Every byte of `checked`, whichever variant holds it, must be ASCII
/// (00–7F); for [`Checked::Str`] too, since a `str` may hold any UTF-8.
#[inline]
#[allow(unsafe_code, reason = "the one mutable cast into `AsciiStr`")]
unsafe fn cast_mut(checked: Checked<'_>) -> &mut AsciiStr {
    let raw: *mut [u8] = match checked {
        Checked::Bytes(bytes) => ptr::from_mut(bytes),
        Checked::Str(s) => ptr::from_mut(s) as *mut [u8],
    };
    // SAFETY: `raw` comes from a live `&mut` whose lifetime the result
    // inherits, so it is valid, aligned and unaliased. Its bytes are ASCII
    // (the caller's promise, see `# Safety`), hence UTF-8. `str` has the layout of
    // `[u8]`, and `AsciiStr` is `#[repr(transparent)]` over `str`, so the
    // pointer is a valid `*mut AsciiStr` with the same address and length.
    unsafe { &mut *(raw as *mut AsciiStr) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{align_of, size_of};

    // Costs nothing: the same size and alignment as `&str`.
    #[test]
    fn reference_is_a_str_reference() {
        assert_eq!(size_of::<&AsciiStr>(), size_of::<&str>());
        assert_eq!(align_of::<&AsciiStr>(), align_of::<&str>());
    }

    // The casts keep the pointer, to `str` and to `Utf8Str` alike.
    #[test]
    fn casts_keep_the_pointer() {
        let s = "ascii";
        let ascii = AsciiStr::from_str(s).unwrap();
        assert_eq!(ascii.as_str().as_ptr(), s.as_ptr());
        assert_eq!(ascii.as_utf8_str().as_ptr(), s.as_ptr());
        let mut buffer = *b"abc";
        let ptr = buffer.as_ptr();
        let ascii = AsciiStr::from_bytes_mut(&mut buffer).unwrap();
        assert_eq!((ascii.as_ptr(), ascii.len()), (ptr, 3));
        assert!(<&mut AsciiStr>::default().is_empty());
    }

    // The whole check runs in const evaluation, error path included.
    const CONST_ERR: Result<&AsciiStr, AsciiError> = AsciiStr::const_from_bytes(b"ab\xE2\x82\xAC");
    const _: () = assert!(matches!(CONST_ERR, Err(e) if e.valid_up_to() == 2));
    const _: () = assert!(matches!(CONST_ERR, Err(e) if matches!(e.char(), Some('€'))));
}
