//! [`Utf8CStr`]: a borrowed C string that is also UTF-8, and [`CStrError`].
//!
//! For C APIs that take UTF-8 (`sqlite3_open`, GTK, POSIX in a UTF-8
//! locale): the text is RFC 3629 UTF-8, ends in a NUL, and has no NUL before
//! that. The NUL is stored, so [`Utf8CStr::as_c_str`] and
//! [`Utf8CStr::as_ptr`] are free; the `str` views leave it out.
//!
//! Left out: an owned counterpart (`CString::from` copies one), and
//! conversions from raw pointers (build a `CStr` with `CStr::from_ptr` and
//! call [`Utf8CStr::from_c_str`]).
//!
//! # The earliest problem wins
//!
//! Bytes can break three rules: UTF-8, no interior NUL, a final NUL. The
//! error reported is the one at the lowest offset, so fixing errors front to
//! back works: `b"a\0\xFF\0"` is an interior NUL at byte 1 (the `FF` after
//! it is past the end of the C string anyway), `b"\xFF\0a\0"` is invalid
//! UTF-8 at byte 0, and a missing terminator is only reported for input
//! that is otherwise fine.
//!
//! # The one cast
//!
//! `Utf8CStr` is `#[repr(transparent)]` over `str`, NUL included. The
//! private `cast` (bytes in) and `views` (`str` and `CStr` out) at the bottom
//! of this file are the only places that convert. `cast` is an `unsafe fn`
//! whose precondition is the type's invariant (UTF-8, a final NUL, no other
//! NUL), so every constructor calls it in an `unsafe` block whose `SAFETY`
//! comment says where, in view at that call, the invariant was established.
//! `views` is safe: it relies on that invariant, which any `&Utf8CStr`
//! carries because `cast` is the only way to make one.

use core::ffi::{c_char, CStr};
use core::hash::{Hash, Hasher};
use core::ptr;

#[cfg(feature = "alloc")]
use alloc::ffi::CString;

use crate::decode;
use crate::shared::cstr::{check, CStrError};
use crate::utf8_str::Utf8Str;

/// A UTF-8 string with a NUL terminator and no interior NUL: a `CStr` and a
/// `str` at once.
///
/// `#[repr(transparent)]` over a `str` that includes the final NUL, so
/// [`as_c_str`](Self::as_c_str) and [`as_ptr`](Self::as_ptr) are free.
/// Everything on the `str` side ([`as_str`](Self::as_str), `Deref`,
/// [`len`](Self::len), `Display`, `Debug`, comparison, hashing) sees the
/// text without the NUL.
///
/// # Examples
///
/// ```
/// use core::ffi::CStr;
/// use utf8lit::Utf8CStr;
///
/// const NAME: &Utf8CStr = match Utf8CStr::const_from_bytes_with_nul(b"caf\xC3\xA9\0") {
///     Ok(s) => s,
///     Err(_) => panic!("not a UTF-8 C string"),
/// };
/// assert_eq!(NAME.as_str(), "café");                     // no NUL
/// assert_eq!(NAME.as_c_str(), c"caf\xC3\xA9");          // a CStr, for C
/// assert_eq!(NAME.as_bytes_with_nul(), b"caf\xC3\xA9\0");
///
/// let err = Utf8CStr::from_bytes_with_nul(b"nul\0inside\0").unwrap_err();
/// assert_eq!(err.to_string(), "interior NUL at byte 3: a C string ends at its first NUL");
/// ```
#[derive(PartialEq, Eq)]
#[repr(transparent)]
pub struct Utf8CStr(str);

impl Utf8CStr {
    /// Checks that `bytes` is UTF-8, ends in a NUL and has no other NUL, and
    /// views them as a `Utf8CStr`.
    ///
    /// The UTF-8 check is [`crate::validate`]'s. When the bytes break more
    /// than one rule, the earliest offset wins (see the [type's
    /// docs](Utf8CStr)).
    ///
    /// # Errors
    ///
    /// A [`CStrError`] whose [`kind`](CStrError::kind) is
    /// [`InvalidUtf8`](crate::CStrErrorKind::InvalidUtf8),
    /// [`InteriorNul`](crate::CStrErrorKind::InteriorNul) or
    /// [`NotNulTerminated`](crate::CStrErrorKind::NotNulTerminated).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{CStrErrorKind, Utf8CStr};
    ///
    /// let s = Utf8CStr::from_bytes_with_nul(b"hello\0").unwrap();
    /// assert_eq!(s, "hello");
    ///
    /// let kind = |bytes: &[u8]| Utf8CStr::from_bytes_with_nul(bytes).unwrap_err().kind();
    /// assert_eq!(kind(b"hello"), CStrErrorKind::NotNulTerminated);
    /// assert_eq!(kind(b"he\0llo\0"), CStrErrorKind::InteriorNul { position: 2 });
    /// assert!(matches!(kind(b"caf\xE9\0"), CStrErrorKind::InvalidUtf8(e) if e.valid_up_to() == 3));
    /// // The NUL at 1 comes before the bad byte at 2.
    /// assert_eq!(kind(b"a\0\xFF\0"), CStrErrorKind::InteriorNul { position: 1 });
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub fn from_bytes_with_nul(bytes: &[u8]) -> Result<&Self, CStrError> {
        match check(bytes, crate::validate(bytes)) {
            // SAFETY: `check`, given these very bytes and `crate::validate`'s
            // verdict on them, returned `Ok` just above. It accepts only
            // bytes whose UTF-8 verdict is `Ok`, whose last byte is 00 and
            // that have no other 00, as `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// The same check as [`from_bytes_with_nul`](Self::from_bytes_with_nul),
    /// in `const` evaluation.
    ///
    /// The UTF-8 verdict comes from the reference decoder
    /// [`decode::validate`], so it works in `const` and `static` items and
    /// gives the same error as `from_bytes_with_nul` on every input.
    ///
    /// # Errors
    ///
    /// A [`CStrError`], as for `from_bytes_with_nul`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// const TITLE: &Utf8CStr = match Utf8CStr::const_from_bytes_with_nul("Grüße\0".as_bytes()) {
    ///     Ok(s) => s,
    ///     Err(_) => panic!("not a UTF-8 C string"),
    /// };
    /// assert_eq!(TITLE.len(), 7);
    ///
    /// const _: () = assert!(Utf8CStr::const_from_bytes_with_nul(b"no terminator").is_err());
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub const fn const_from_bytes_with_nul(bytes: &[u8]) -> Result<&Self, CStrError> {
        match check(bytes, decode::validate(bytes)) {
            // SAFETY: `check`, given these very bytes and `decode::validate`'s
            // verdict on them, returned `Ok` just above. It accepts only
            // bytes whose UTF-8 verdict is `Ok`, whose last byte is 00 and
            // that have no other 00, as `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// Checks that a `str` ends in a NUL and has no other NUL, and views it as
    /// a `Utf8CStr`.
    ///
    /// A `str` is UTF-8 already, so only the NUL rules can fail.
    ///
    /// # Errors
    ///
    /// A [`CStrError`] of kind [`InteriorNul`](crate::CStrErrorKind::InteriorNul) or
    /// [`NotNulTerminated`](crate::CStrErrorKind::NotNulTerminated).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{CStrErrorKind, Utf8CStr};
    ///
    /// const GREETING: &Utf8CStr = match Utf8CStr::from_str_with_nul("hi\0") {
    ///     Ok(s) => s,
    ///     Err(_) => panic!(),
    /// };
    /// assert_eq!(GREETING, "hi");
    ///
    /// let err = Utf8CStr::from_str_with_nul("hi").unwrap_err();
    /// assert_eq!(err.kind(), CStrErrorKind::NotNulTerminated);
    /// assert_eq!(err.to_string(), "missing NUL terminator: the last byte is 69, not 00");
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub const fn from_str_with_nul(s: &str) -> Result<&Self, CStrError> {
        let bytes = s.as_bytes();
        match check(bytes, Ok(())) {
            // SAFETY: `bytes` are the bytes of `s: &str`, so UTF-8 (which is
            // why `check` may be told `Ok(())`), and `check` returned `Ok`
            // for them just above, so their last byte is 00 and no other is;
            // together, what `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// Checks that a `CStr` is UTF-8 and views it as a `Utf8CStr`.
    ///
    /// A `CStr` has its NUL and no other, so only the UTF-8 check can fail.
    ///
    /// # Errors
    ///
    /// A [`CStrError`] of kind [`InvalidUtf8`](crate::CStrErrorKind::InvalidUtf8).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{CStrErrorKind, Utf8CStr};
    ///
    /// let s = Utf8CStr::from_c_str(c"\xE2\x82\xAC 5").unwrap();
    /// assert_eq!(s, "€ 5");
    ///
    /// let err = Utf8CStr::from_c_str(c"\xA4 5").unwrap_err(); // ISO-8859-15 '€'
    /// assert!(matches!(err.kind(), CStrErrorKind::InvalidUtf8(e) if e.valid_up_to() == 0));
    /// ```
    #[inline]
    pub fn from_c_str(c_str: &CStr) -> Result<&Self, CStrError> {
        Self::from_bytes_with_nul(c_str.to_bytes_with_nul())
    }

    /// Views `bytes` as a `Utf8CStr` without checking them.
    ///
    /// # Safety
    ///
    /// `bytes` must be valid UTF-8, its last byte must be 00, and no other
    /// byte may be 00: the conditions of both
    /// [`core::str::from_utf8_unchecked`] and
    /// [`CStr::from_bytes_with_nul_unchecked`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// // SAFETY: ASCII, one NUL, at the end.
    /// let s = unsafe { Utf8CStr::from_bytes_with_nul_unchecked(b"ok\0") };
    /// assert_eq!(s, "ok");
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        unsafe_code,
        reason = "an `unsafe fn` that passes its caller's promise on to `cast`"
    )]
    pub const unsafe fn from_bytes_with_nul_unchecked(bytes: &[u8]) -> &Self {
        // SAFETY: the caller of this `unsafe fn` promised that `bytes` is
        // UTF-8, ends in 00 and has no other 00 (see its `# Safety`), which
        // is `cast`'s precondition.
        unsafe { cast(bytes) }
    }

    /// The string as a `CStr`, NUL included; free.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// let s = Utf8CStr::from_str_with_nul("grüß\0").unwrap();
    /// assert_eq!(s.as_c_str().to_bytes(), "grüß".as_bytes());
    /// assert_eq!(s.as_c_str().to_str(), Ok("grüß"));
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_c_str(&self) -> &CStr {
        views(self).1
    }

    /// The text without the NUL, as a `str`; free.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// let s = Utf8CStr::from_str_with_nul("text\0").unwrap();
    /// assert_eq!(s.as_str(), "text");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_str(&self) -> &str {
        views(self).0
    }

    /// The text without the NUL, as a [`Utf8Str`]; free.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{Utf8CStr, Utf8Str};
    ///
    /// let s = Utf8CStr::from_str_with_nul("text\0").unwrap();
    /// let utf8: &Utf8Str = s.as_utf8_str();
    /// assert_eq!(utf8, "text");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_utf8_str(&self) -> &Utf8Str {
        Utf8Str::from_str(self.as_str())
    }

    /// The text without the NUL, as bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// assert_eq!(Utf8CStr::from_str_with_nul("ab\0").unwrap().as_bytes(), b"ab");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8] {
        self.as_str().as_bytes()
    }

    /// The bytes with the final NUL.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// assert_eq!(Utf8CStr::from_str_with_nul("ab\0").unwrap().as_bytes_with_nul(), b"ab\0");
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_bytes_with_nul(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// A pointer to the first byte, for C; the string is NUL-terminated.
    ///
    /// The pointer is valid for as long as `self` is borrowed, and the bytes
    /// must not be written through it, as for [`CStr::as_ptr`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// let s = Utf8CStr::from_str_with_nul("C\0").unwrap();
    /// assert_eq!(s.as_ptr(), s.as_c_str().as_ptr());
    /// assert_eq!(s.as_ptr().cast::<u8>(), s.as_str().as_ptr());
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_ptr(&self) -> *const c_char {
        self.as_c_str().as_ptr()
    }

    /// The length in bytes, without the NUL.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// assert_eq!(Utf8CStr::from_str_with_nul("é\0").unwrap().len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.as_str().len()
    }

    /// Whether the text is empty (the string is just the NUL).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8CStr;
    ///
    /// assert!(<&Utf8CStr>::default().is_empty());
    /// assert!(!Utf8CStr::from_str_with_nul("x\0").unwrap().is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.as_str().is_empty()
    }
}

// ---------------------------------------------------------------------------
// std's view of it: Deref, AsRef, formatting, comparison
// ---------------------------------------------------------------------------

// All of it sees the text without the NUL.
crate::text_impls::impl_text_traits!(Utf8CStr);

impl AsRef<CStr> for Utf8CStr {
    #[inline]
    fn as_ref(&self) -> &CStr {
        self.as_c_str()
    }
}

/// The text without the NUL.
impl AsRef<Utf8Str> for Utf8CStr {
    #[inline]
    fn as_ref(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

/// Hashes the text without the NUL, as its `str` would.
impl Hash for Utf8CStr {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// Orders by the text, as `str` does. (With the NUL included the order would
/// be the same, since 00 is below every byte of the text.)
impl PartialOrd for Utf8CStr {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Utf8CStr {
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// The empty string: just the NUL.
impl Default for &Utf8CStr {
    #[inline]
    #[allow(unsafe_code, reason = "the cast of a constant C string")]
    fn default() -> Self {
        // SAFETY: the one byte 00 is ASCII, hence UTF-8, and it is the last
        // byte with no other 00 before it, as `cast` requires.
        unsafe { cast(b"\0") }
    }
}

impl<'a> From<&'a Utf8CStr> for &'a CStr {
    #[inline]
    fn from(s: &'a Utf8CStr) -> Self {
        s.as_c_str()
    }
}

/// The text without the NUL.
impl<'a> From<&'a Utf8CStr> for &'a Utf8Str {
    #[inline]
    fn from(s: &'a Utf8CStr) -> Self {
        s.as_utf8_str()
    }
}

/// Same as [`Utf8CStr::from_bytes_with_nul`].
impl<'a> TryFrom<&'a [u8]> for &'a Utf8CStr {
    type Error = CStrError;

    #[inline]
    fn try_from(bytes: &'a [u8]) -> Result<Self, CStrError> {
        Utf8CStr::from_bytes_with_nul(bytes)
    }
}

/// Same as [`Utf8CStr::from_str_with_nul`].
impl<'a> TryFrom<&'a str> for &'a Utf8CStr {
    type Error = CStrError;

    #[inline]
    fn try_from(s: &'a str) -> Result<Self, CStrError> {
        Utf8CStr::from_str_with_nul(s)
    }
}

/// Same as [`Utf8CStr::from_c_str`].
impl<'a> TryFrom<&'a CStr> for &'a Utf8CStr {
    type Error = CStrError;

    #[inline]
    fn try_from(c_str: &'a CStr) -> Result<Self, CStrError> {
        Utf8CStr::from_c_str(c_str)
    }
}

/// Copies the bytes, NUL included.
#[cfg(feature = "alloc")]
impl From<&Utf8CStr> for CString {
    #[inline]
    fn from(s: &Utf8CStr) -> Self {
        CString::from(s.as_c_str())
    }
}

// ---------------------------------------------------------------------------
// The cast
// ---------------------------------------------------------------------------

/// Views checked bytes as a `Utf8CStr`: the module's one cast in.
///
/// # Safety
///
/// `bytes` must be valid UTF-8, its last byte must be 00, and no other byte
/// may be 00: the conditions of both [`core::str::from_utf8_unchecked`] and
/// [`CStr::from_bytes_with_nul_unchecked`]. This is the type's invariant,
/// which `views` relies on.
#[inline]
#[allow(unsafe_code, reason = "the one cast into `Utf8CStr`")]
const unsafe fn cast(bytes: &[u8]) -> &Utf8CStr {
    // SAFETY: `bytes` is UTF-8 (the caller's promise, see `# Safety`), as
    // `from_utf8_unchecked` requires.
    // `Utf8CStr` is `#[repr(transparent)]` over `str`, so a pointer to a
    // `str` is a valid pointer to a `Utf8CStr` with the same address and
    // length, and the result borrows `bytes` for the same lifetime. The NUL
    // rules, which `views` relies on, are part of the same precondition.
    unsafe { &*(ptr::from_ref(core::str::from_utf8_unchecked(bytes)) as *const Utf8CStr) }
}

/// The text without the NUL and the whole as a `CStr`: the module's one
/// cast out.
///
/// Relies on the type's invariant: `s.0` is UTF-8, ends in 00 and has no
/// other 00. A safe `fn` nonetheless, because its argument's type is the
/// proof: `cast`, whose `# Safety` is exactly that invariant, is the only
/// way to make a `&Utf8CStr`, and nothing hands out a `&mut` to its bytes.
#[inline]
#[allow(unsafe_code, reason = "the one cast out of `Utf8CStr`")]
const fn views(s: &Utf8CStr) -> (&str, &CStr) {
    let with_nul = s.0.as_bytes();
    // SAFETY: by the type's invariant (see `cast`) the bytes end in the NUL,
    // so there is at least one. Telling the optimizer removes the `None`
    // branch below, which makes `as_c_str` compile to nothing
    // (`.ci/zero-cost` checks it).
    unsafe { core::hint::assert_unchecked(!with_nul.is_empty()) };
    match with_nul.split_last() {
        Some((_nul, text)) => {
            // SAFETY: `with_nul` is a `str`, so UTF-8, and its last byte is
            // 00, an ASCII character on its own; without it the rest is
            // still UTF-8, as `from_utf8_unchecked` requires.
            let text = unsafe { core::str::from_utf8_unchecked(text) };
            // SAFETY: by the type's invariant (see `cast`), `with_nul` ends
            // in 00 and has no other 00, as `from_bytes_with_nul_unchecked`
            // requires.
            let c_str = unsafe { CStr::from_bytes_with_nul_unchecked(with_nul) };
            (text, c_str)
        }
        // Never taken: the invariant includes the NUL (and the optimizer
        // knows it). An empty answer beats a panic.
        None => ("", c""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CStrErrorKind;
    use core::mem::{align_of, size_of};

    fn kind(bytes: &[u8]) -> CStrErrorKind {
        Utf8CStr::from_bytes_with_nul(bytes).unwrap_err().kind()
    }

    fn utf8_at(bytes: &[u8]) -> usize {
        match kind(bytes) {
            CStrErrorKind::InvalidUtf8(e) => e.valid_up_to(),
            other => panic!("{other:?}"),
        }
    }

    // Costs nothing: the same size and alignment as `&str`.
    #[test]
    fn reference_is_a_str_reference() {
        assert_eq!(size_of::<&Utf8CStr>(), size_of::<&str>());
        assert_eq!(align_of::<&Utf8CStr>(), align_of::<&str>());
    }

    // The views share the pointer; only the length differs by the NUL.
    #[test]
    fn views_are_free() {
        let bytes = b"abc\0";
        let s = Utf8CStr::from_bytes_with_nul(bytes).unwrap();
        assert_eq!(s.as_str().as_ptr(), bytes.as_ptr());
        assert_eq!(s.as_str().len(), 3);
        assert_eq!(s.as_c_str().to_bytes_with_nul().as_ptr(), bytes.as_ptr());
        assert_eq!(s.as_ptr().cast::<u8>(), bytes.as_ptr());
    }

    // Earliest offset wins between the three rules.
    #[test]
    fn earliest_problem_wins() {
        // A NUL before a bad byte.
        assert_eq!(
            kind(b"a\0\xFF\0"),
            CStrErrorKind::InteriorNul { position: 1 }
        );
        // A bad byte before a NUL.
        assert_eq!(utf8_at(b"\xFFa\0b\0"), 0);
        // A lead byte cut short by the terminator: UTF-8 error, not a NUL one.
        assert_eq!(utf8_at(b"ab\xE2\x82\0"), 2);
        // Invalid UTF-8 and no terminator: the UTF-8 error.
        assert_eq!(utf8_at(b"ab\xC3"), 2);
        // Only the terminator rule broken.
        assert_eq!(kind(b"ab"), CStrErrorKind::NotNulTerminated);
        assert_eq!(kind(b""), CStrErrorKind::NotNulTerminated);
        // A NUL alone is the empty string.
        assert!(Utf8CStr::from_bytes_with_nul(b"\0").unwrap().is_empty());
        // Two NULs at the end: the first is interior.
        assert_eq!(kind(b"ab\0\0"), CStrErrorKind::InteriorNul { position: 2 });
    }

    // The const constructor runs in const evaluation, error path included.
    const CONST_ERR: Result<&Utf8CStr, CStrError> = Utf8CStr::const_from_bytes_with_nul(b"x\0y\0");
    const _: () = assert!(matches!(
        CONST_ERR,
        Err(e) if matches!(e.kind(), CStrErrorKind::InteriorNul { position: 1 })
    ));
    const CONST_STR: &str = match Utf8CStr::const_from_bytes_with_nul(b"ok\0") {
        Ok(s) => s.as_str(),
        Err(_) => "",
    };
    const _: () = assert!(CONST_STR.len() == 2);
}
