//! [`Utf8Str`]: a borrowed `str` that carries the proof of the strict check.
//!
//! Every Rust `str` is RFC 3629 UTF-8 already, so a `Utf8Str` holds nothing a
//! `str` could not. What it adds is provenance in the type: a function that
//! takes `&Utf8Str` says "this came through `utf8lit`" (a literal checked
//! while compiling, or bytes checked by [`validate`](crate::validate)), and
//! converting either way costs nothing.
//!
//! This module leaves out everything `str` already does (slicing, searching,
//! iterating): `Utf8Str` dereferences to `str` for all of it. The owned
//! counterpart, `Utf8String`, lives in its own module.
//!
//! # The one cast
//!
//! `Utf8Str` is `#[repr(transparent)]` over `str`. The private `cast` and
//! `cast_mut` at the bottom of this file are the only places that turn bytes
//! or a `str` into a `Utf8Str`. They are `unsafe fn`s whose precondition is
//! that the bytes are UTF-8, so the compiler makes every constructor call
//! them in an `unsafe` block, and each such block's `SAFETY` comment says
//! where, in view at that call, the bytes were shown to be UTF-8.

use core::ops::DerefMut;
use core::ptr;

use crate::{decode, Utf8Error};

/// A `str` that came through the strict RFC 3629 decoder.
///
/// `Utf8Str` is `#[repr(transparent)]` over `str`: a `&Utf8Str` is the same
/// pointer and length as the `&str` it wraps, [`as_str`](Self::as_str) is a
/// no-op cast, and it dereferences to `str`, so every `str` method works on
/// it. Comparison, ordering, hashing, `Display` and `Debug` are exactly
/// those of `str`, which makes `&Utf8Str` usable as a key wherever `&str` is
/// (it implements `Borrow<str>`).
///
/// Build one from bytes with [`from_bytes`](Self::from_bytes) (at run time)
/// or [`const_from_bytes`](Self::const_from_bytes) (in `const` items), or
/// from a `str` with [`from_str`](Self::from_str), which cannot fail.
///
/// # Examples
///
/// ```
/// use utf8lit::Utf8Str;
///
/// const GREETING: &Utf8Str = match Utf8Str::const_from_bytes(b"Gr\xC3\xBC\xC3\x9Fe") {
///     Ok(s) => s,
///     Err(_) => panic!("not UTF-8"),
/// };
/// assert_eq!(GREETING, "Grüße");
/// assert_eq!(GREETING.len(), 7); // a `str` method, through `Deref`
///
/// let body = Utf8Str::from_bytes(b"caf\xC3\xA9").unwrap();
/// assert_eq!(body.as_str(), "café");
/// assert_eq!(format!("{body:?}"), format!("{:?}", "café"));
///
/// let err = Utf8Str::from_bytes(b"caf\xE9").unwrap_err();
/// assert_eq!(err.valid_up_to(), 3);
/// ```
///
/// Hashing and equality are `str`'s, so it finds `String` keys through
/// `Borrow<str>`:
///
/// ```
/// use std::borrow::Borrow;
/// use std::collections::HashMap;
/// use utf8lit::Utf8Str;
///
/// let mut ages = HashMap::new();
/// ages.insert(String::from("ada"), 36);
/// let key = Utf8Str::from_str("ada");
/// assert_eq!(ages.get::<str>(key.borrow()), Some(&36));
/// assert_eq!(ages.get(key.as_str()), Some(&36));
/// ```
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Utf8Str(str);

impl Utf8Str {
    /// Checks that `bytes` is UTF-8 and views them as a `Utf8Str`.
    ///
    /// The run-time constructor: it checks with [`crate::validate`], and
    /// gives exactly the verdict of [`core::str::from_utf8`] (with the same
    /// `valid_up_to` and `error_len`). In a `const` item use
    /// [`const_from_bytes`](Self::const_from_bytes).
    ///
    /// # Errors
    ///
    /// The first ill-formed sequence, as a [`Utf8Error`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{ErrorKind, Utf8Str};
    ///
    /// let s = Utf8Str::from_bytes("Grüße, 世界".as_bytes()).unwrap();
    /// assert_eq!(s, "Grüße, 世界");
    ///
    /// let err = Utf8Str::from_bytes(b"\xC0\x80").unwrap_err(); // overlong NUL
    /// assert_eq!(err.kind(), ErrorKind::Overlong);
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub fn from_bytes(bytes: &[u8]) -> Result<&Self, Utf8Error> {
        match crate::validate(bytes) {
            // SAFETY: `crate::validate` returned `Ok` for these very bytes
            // just above, so they are UTF-8, as `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// Checks that `bytes` is UTF-8 and views them as a `Utf8Str`, in `const`
    /// evaluation.
    ///
    /// The same verdict as [`from_bytes`](Self::from_bytes), computed by the
    /// reference decoder [`decode::validate`], so it works in `const` and
    /// `static` items. At run time prefer `from_bytes`, which is free to be
    /// faster.
    ///
    /// # Errors
    ///
    /// The first ill-formed sequence, as a [`Utf8Error`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// const TABLE: &Utf8Str = match Utf8Str::const_from_bytes(b"\xCE\xB1\xCE\xB2\xCE\xB3") {
    ///     Ok(s) => s,
    ///     Err(_) => panic!("TABLE is not UTF-8"),
    /// };
    /// assert_eq!(TABLE, "αβγ");
    ///
    /// // The error is available while compiling too.
    /// const BAD: bool = Utf8Str::const_from_bytes(b"\xED\xA0\x80").is_err();
    /// const _: () = assert!(BAD);
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub const fn const_from_bytes(bytes: &[u8]) -> Result<&Self, Utf8Error> {
        match decode::validate(bytes) {
            // SAFETY: `decode::validate` returned `Ok` for these very bytes
            // just above, so they are UTF-8, as `cast` requires.
            Ok(()) => Ok(unsafe { cast(bytes) }),
            Err(e) => Err(e),
        }
    }

    /// Views a `str` as a `Utf8Str`; free, and it cannot fail.
    ///
    /// Every `str` is RFC 3629 UTF-8 (Rust's own check is exactly as strict
    /// as `utf8lit`'s), so there is nothing to check. The name follows std's
    /// borrowing constructors (`str::from_utf8`, `CStr::from_bytes_with_nul`)
    /// rather than the `FromStr` trait, which cannot return a borrow.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// const NAME: &Utf8Str = Utf8Str::from_str("utf8lit");
    /// assert_eq!(NAME.as_str(), "utf8lit");
    /// ```
    #[inline]
    #[must_use]
    #[allow(unsafe_code, reason = "the cast of a `str`, UTF-8 by its type")]
    pub const fn from_str(s: &str) -> &Self {
        // SAFETY: `s` is a `&str`, so its bytes are UTF-8, as `cast`
        // requires.
        unsafe { cast(s.as_bytes()) }
    }

    /// Views `bytes` as a `Utf8Str` without checking them.
    ///
    /// # Safety
    ///
    /// `bytes` must be valid UTF-8, exactly as for
    /// [`core::str::from_utf8_unchecked`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let bytes = b"caf\xC3\xA9";
    /// assert!(utf8lit::validate(bytes).is_ok());
    /// // SAFETY: checked on the line above.
    /// let s = unsafe { Utf8Str::from_bytes_unchecked(bytes) };
    /// assert_eq!(s, "café");
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        unsafe_code,
        reason = "an `unsafe fn` that passes its caller's promise on to `cast`"
    )]
    pub const unsafe fn from_bytes_unchecked(bytes: &[u8]) -> &Self {
        // SAFETY: the caller of this `unsafe fn` promised that `bytes` is
        // valid UTF-8 (see its `# Safety`), which is `cast`'s precondition.
        unsafe { cast(bytes) }
    }

    /// Checks that `bytes` is UTF-8 and views them as a mutable `Utf8Str`.
    ///
    /// The mutable twin of [`from_bytes`](Self::from_bytes).
    ///
    /// # Errors
    ///
    /// The first ill-formed sequence, as a [`Utf8Error`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let mut buffer = *b"hello";
    /// let s = Utf8Str::from_bytes_mut(&mut buffer).unwrap();
    /// s.make_ascii_uppercase();
    /// assert_eq!(s, "HELLO");
    ///
    /// assert!(Utf8Str::from_bytes_mut(&mut [0xFF]).is_err());
    /// ```
    #[inline]
    #[allow(unsafe_code, reason = "the cast, right after the check")]
    pub fn from_bytes_mut(bytes: &mut [u8]) -> Result<&mut Self, Utf8Error> {
        match crate::validate(bytes) {
            // SAFETY: `crate::validate` returned `Ok` for these very bytes
            // just above, so they are UTF-8, as `cast_mut` requires of
            // `Checked::Bytes`.
            Ok(()) => Ok(unsafe { cast_mut(Checked::Bytes(bytes)) }),
            Err(e) => Err(e),
        }
    }

    /// Views a mutable `str` as a mutable `Utf8Str`; free, and it cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let mut text = String::from("grüße");
    /// let s = Utf8Str::from_str_mut(&mut text);
    /// s.make_ascii_uppercase();
    /// assert_eq!(text, "GRüßE");
    /// ```
    #[inline]
    #[must_use]
    #[allow(unsafe_code, reason = "the cast of a `str`, UTF-8 by its type")]
    pub fn from_str_mut(s: &mut str) -> &mut Self {
        // SAFETY: `s` is a `&mut str`, so UTF-8; `cast_mut` asks nothing of
        // `Checked::Str`.
        unsafe { cast_mut(Checked::Str(s)) }
    }

    /// Views `bytes` as a mutable `Utf8Str` without checking them.
    ///
    /// # Safety
    ///
    /// `bytes` must be valid UTF-8, exactly as for
    /// [`core::str::from_utf8_unchecked_mut`].
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let mut buffer = *b"abc";
    /// // SAFETY: ASCII is UTF-8.
    /// let s = unsafe { Utf8Str::from_bytes_unchecked_mut(&mut buffer) };
    /// s.make_ascii_uppercase();
    /// assert_eq!(&buffer, b"ABC");
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        unsafe_code,
        reason = "an `unsafe fn` that passes its caller's promise on to `cast_mut`"
    )]
    pub unsafe fn from_bytes_unchecked_mut(bytes: &mut [u8]) -> &mut Self {
        // SAFETY: the caller of this `unsafe fn` promised that `bytes` is
        // valid UTF-8 (see its `# Safety`), which is what `cast_mut` requires
        // of `Checked::Bytes`.
        unsafe { cast_mut(Checked::Bytes(bytes)) }
    }

    /// The text as a `str`.
    ///
    /// A no-op: `Utf8Str` is `#[repr(transparent)]` over `str`, so the
    /// `&str` is the very same pointer and length.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let text = "no copy";
    /// assert_eq!(Utf8Str::from_str(text).as_str().as_ptr(), text.as_ptr());
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_str(&self) -> &str {
        &self.0
    }

    /// The text as bytes, UTF-8 by construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// assert_eq!(Utf8Str::from_str("é").as_bytes(), [0xC3, 0xA9]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// The text as a mutable `str`.
    ///
    /// Safe to hand out: whatever safe code does through a `&mut str`
    /// leaves it UTF-8, which is all a `Utf8Str` promises.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let mut buffer = *b"abc";
    /// let s = Utf8Str::from_bytes_mut(&mut buffer).unwrap();
    /// s.as_mut_str().make_ascii_uppercase();
    /// assert_eq!(s, "ABC");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_mut_str(&mut self) -> &mut str {
        &mut self.0
    }

    /// The text without a leading U+FEFF, the UTF-8 byte-order mark
    /// (`EF BB BF`), if it has one.
    ///
    /// RFC 3629 §6 treats a leading U+FEFF as a signature, not text, where a
    /// protocol allows it; validation keeps it (as `core::str::from_utf8`
    /// does), and this removes it when you decide it is a signature. Only
    /// one is removed. See also [`strip_utf8_bom`](crate::strip_utf8_bom) for
    /// bytes before validation.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Str;
    ///
    /// let text = Utf8Str::from_bytes(b"\xEF\xBB\xBFid;name")?;
    /// assert_eq!(text.chars().next(), Some('\u{FEFF}'));
    /// assert_eq!(text.strip_bom(), "id;name");
    /// assert_eq!(text.strip_bom().strip_bom(), "id;name");
    /// # Ok::<(), utf8lit::Utf8Error>(())
    /// ```
    #[must_use]
    pub fn strip_bom(&self) -> &Utf8Str {
        Utf8Str::from_str(self.0.strip_prefix('\u{FEFF}').unwrap_or(&self.0))
    }
}

// ---------------------------------------------------------------------------
// std's view of it: Deref, AsRef, Borrow, formatting, comparison
// ---------------------------------------------------------------------------

crate::text_impls::impl_text_traits!(Utf8Str);

impl DerefMut for Utf8Str {
    #[inline]
    fn deref_mut(&mut self) -> &mut str {
        &mut self.0
    }
}

impl AsRef<[u8]> for Utf8Str {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl AsMut<str> for Utf8Str {
    #[inline]
    fn as_mut(&mut self) -> &mut str {
        &mut self.0
    }
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// The empty string.
impl Default for &Utf8Str {
    #[inline]
    fn default() -> Self {
        Utf8Str::from_str("")
    }
}

/// The empty string.
impl Default for &mut Utf8Str {
    #[inline]
    fn default() -> Self {
        Utf8Str::from_str_mut(<&mut str>::default())
    }
}

impl<'a> From<&'a str> for &'a Utf8Str {
    #[inline]
    fn from(s: &'a str) -> Self {
        Utf8Str::from_str(s)
    }
}

/// Same as [`Utf8Str::from_bytes`].
impl<'a> TryFrom<&'a [u8]> for &'a Utf8Str {
    type Error = Utf8Error;

    #[inline]
    fn try_from(bytes: &'a [u8]) -> Result<Self, Utf8Error> {
        Utf8Str::from_bytes(bytes)
    }
}

// ---------------------------------------------------------------------------
// The cast
// ---------------------------------------------------------------------------

/// Bytes that a caller in this module has established are UTF-8, or a `str`.
///
/// `cast_mut` takes either because neither converts to the other without
/// `unsafe` (a `&mut str` cannot be viewed as `&mut [u8]` safely).
enum Checked<'a> {
    /// UTF-8 by `cast_mut`'s precondition: checked by [`crate::validate`],
    /// or promised by the caller of an `_unchecked` constructor.
    Bytes(&'a mut [u8]),
    /// UTF-8 because it is a `str`.
    Str(&'a mut str),
}

/// Views `bytes` as a `Utf8Str`: the module's one shared-reference cast.
///
/// # Safety
///
/// `bytes` must be valid UTF-8, exactly as for
/// [`core::str::from_utf8_unchecked`]: a `Utf8Str` is a `str`, and safe code
/// reads it as one.
#[inline]
#[allow(unsafe_code, reason = "the one cast into `Utf8Str`")]
const unsafe fn cast(bytes: &[u8]) -> &Utf8Str {
    // SAFETY: `bytes` is UTF-8 (the caller's promise, see `# Safety`), as
    // `from_utf8_unchecked` requires.
    // `Utf8Str` is `#[repr(transparent)]` over `str`, so a pointer to a `str`
    // is a valid pointer to a `Utf8Str` with the same address and length, and
    // the result borrows `bytes` for the same lifetime.
    unsafe { &*(ptr::from_ref(core::str::from_utf8_unchecked(bytes)) as *const Utf8Str) }
}

/// Views checked bytes or a `str` as a mutable `Utf8Str`: the module's one
/// mutable cast.
///
/// # Safety
///
/// Bytes passed as [`Checked::Bytes`] must be valid UTF-8, exactly as for
/// [`core::str::from_utf8_unchecked_mut`]. A [`Checked::Str`] needs nothing
/// more: it is UTF-8 by its type.
#[inline]
#[allow(unsafe_code, reason = "the one mutable cast into `Utf8Str`")]
unsafe fn cast_mut(checked: Checked<'_>) -> &mut Utf8Str {
    let raw: *mut [u8] = match checked {
        Checked::Bytes(bytes) => ptr::from_mut(bytes),
        Checked::Str(s) => ptr::from_mut(s) as *mut [u8],
    };
    // SAFETY: `raw` comes from a live `&mut` whose lifetime the result
    // inherits, so it is valid, aligned and unaliased. Its bytes are UTF-8:
    // a `str`'s always are, and `Checked::Bytes` are by the caller's promise
    // (see `# Safety`). `str` has the layout of `[u8]`, and `Utf8Str` is
    // `#[repr(transparent)]` over `str`, so the pointer is a valid
    // `*mut Utf8Str` with the same address and length.
    unsafe { &mut *(raw as *mut Utf8Str) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{align_of, size_of};

    // Costs nothing: the same size and alignment as `&str`.
    #[test]
    fn reference_is_a_str_reference() {
        assert_eq!(size_of::<&Utf8Str>(), size_of::<&str>());
        assert_eq!(align_of::<&Utf8Str>(), align_of::<&str>());
        assert_eq!(size_of::<&mut Utf8Str>(), size_of::<&mut str>());
        assert_eq!(size_of::<Option<&Utf8Str>>(), size_of::<&str>());
    }

    // `as_str` hands back the very pointer that went in.
    #[test]
    fn as_str_is_a_no_op_cast() {
        let s = "Grüße, 世界";
        assert_eq!(Utf8Str::from_str(s).as_str().as_ptr(), s.as_ptr());
        assert_eq!(Utf8Str::from_str(s).as_str().len(), s.len());
        let bytes = s.as_bytes();
        let checked = Utf8Str::from_bytes(bytes).unwrap();
        assert_eq!(checked.as_bytes().as_ptr(), bytes.as_ptr());
        assert_eq!(checked.as_bytes().len(), bytes.len());
    }

    // The mutable cast keeps the pointer and length too, from bytes and from a str.
    #[test]
    fn cast_mut_keeps_pointer_and_length() {
        let mut buffer = *b"abc\xC3\xA9";
        let ptr = buffer.as_ptr();
        let s = Utf8Str::from_bytes_mut(&mut buffer).unwrap();
        assert_eq!((s.as_ptr(), s.len()), (ptr, 5));
        let s = Utf8Str::from_str_mut(s.as_mut_str());
        assert_eq!((s.as_ptr(), s.len()), (ptr, 5));
        assert!(<&mut Utf8Str>::default().is_empty());
    }

    // The const constructor runs in const evaluation, error included.
    const CONST_OK: Result<&Utf8Str, Utf8Error> = Utf8Str::const_from_bytes(b"\xCE\xB1");
    const CONST_ERR: Result<&Utf8Str, Utf8Error> = Utf8Str::const_from_bytes(b"a\xC0\x80");
    const _: () = assert!(CONST_OK.is_ok());
    const _: () = assert!(matches!(CONST_ERR, Err(e) if e.valid_up_to() == 1));

    #[test]
    fn errors_are_the_decoders() {
        for bytes in [
            &b"\xFF"[..],
            b"ab\xE2\x82",
            b"\xED\xA0\x80",
            b"x\xF4\x90\x80\x80",
        ] {
            let want = decode::validate(bytes).unwrap_err();
            assert_eq!(Utf8Str::from_bytes(bytes).unwrap_err(), want);
            assert_eq!(Utf8Str::const_from_bytes(bytes).unwrap_err(), want);
            let mut copy = [0; 8];
            let copy = &mut copy[..bytes.len()];
            copy.copy_from_slice(bytes);
            assert_eq!(Utf8Str::from_bytes_mut(copy).unwrap_err(), want);
        }
    }
}
