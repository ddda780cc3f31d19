//! The trait impls that every borrowed text type shares.
//!
//! [`Utf8Str`](crate::Utf8Str), [`AsciiStr`](crate::AsciiStr) and
//! [`Utf8CStr`](crate::Utf8CStr) each wrap a `str` and promise to behave as
//! that text does (for `Utf8CStr`, the text without its NUL). One macro
//! writes that promise down once, in terms of the type's `as_str()`, so the
//! three cannot drift apart: `Deref<Target = str>`, `AsRef`, `Borrow<str>`,
//! `Display`, `Debug`, comparison with the std string types both ways, and
//! the copies into `String`, `Box<str>`, `Cow<str>`, `Rc<str>` and
//! `Arc<str>`. Each module adds what is its own (constructors, `TryFrom`,
//! `Default`, the views into other types).

/// `PartialEq` both ways between `$lhs` and `$rhs`, comparing as `str`.
macro_rules! impl_eq_str {
    ($([$($generics:tt)*] $lhs:ty, $rhs:ty;)*) => {$(
        impl<$($generics)*> PartialEq<$rhs> for $lhs {
            #[inline]
            fn eq(&self, other: &$rhs) -> bool {
                <str as PartialEq>::eq(self.as_ref(), other.as_ref())
            }
        }

        impl<$($generics)*> PartialEq<$lhs> for $rhs {
            #[inline]
            fn eq(&self, other: &$lhs) -> bool {
                <str as PartialEq>::eq(self.as_ref(), other.as_ref())
            }
        }
    )*};
}
pub(crate) use impl_eq_str;

/// Implements the `str`-like trait family for `$ty`, a borrowed text type
/// with an inherent `const fn as_str(&self) -> &str`.
macro_rules! impl_text_traits {
    ($ty:ident) => {
        /// Everything `str` does, through the text.
        impl core::ops::Deref for $ty {
            type Target = str;

            #[inline]
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<str> for $ty {
            #[inline]
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<$ty> for $ty {
            #[inline]
            fn as_ref(&self) -> &$ty {
                self
            }
        }

        #[cfg(feature = "std")]
        impl AsRef<std::ffi::OsStr> for $ty {
            #[inline]
            fn as_ref(&self) -> &std::ffi::OsStr {
                self.as_str().as_ref()
            }
        }

        #[cfg(feature = "std")]
        impl AsRef<std::path::Path> for $ty {
            #[inline]
            fn as_ref(&self) -> &std::path::Path {
                self.as_str().as_ref()
            }
        }

        /// Hashing, equality and ordering are the text's, as a `str`, so a
        /// borrowed key finds the entry of an equal `String` key.
        impl core::borrow::Borrow<str> for $ty {
            #[inline]
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        /// Exactly `str`'s `Display`: the text, honouring width and alignment.
        impl core::fmt::Display for $ty {
            #[inline]
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(self.as_str(), f)
            }
        }

        /// Exactly `str`'s `Debug`: quoted, with escapes.
        impl core::fmt::Debug for $ty {
            #[inline]
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl<'a> From<&'a $ty> for &'a str {
            #[inline]
            fn from(s: &'a $ty) -> Self {
                s.as_str()
            }
        }

        #[cfg(feature = "alloc")]
        impl From<&$ty> for alloc::string::String {
            #[inline]
            fn from(s: &$ty) -> Self {
                alloc::string::String::from(s.as_str())
            }
        }

        #[cfg(feature = "alloc")]
        impl From<&$ty> for alloc::boxed::Box<str> {
            #[inline]
            fn from(s: &$ty) -> Self {
                alloc::boxed::Box::from(s.as_str())
            }
        }

        /// Borrows: `Cow::Borrowed`.
        #[cfg(feature = "alloc")]
        impl<'a> From<&'a $ty> for alloc::borrow::Cow<'a, str> {
            #[inline]
            fn from(s: &'a $ty) -> Self {
                alloc::borrow::Cow::Borrowed(s.as_str())
            }
        }

        #[cfg(feature = "alloc")]
        impl From<&$ty> for alloc::rc::Rc<str> {
            #[inline]
            fn from(s: &$ty) -> Self {
                alloc::rc::Rc::from(s.as_str())
            }
        }

        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        impl From<&$ty> for alloc::sync::Arc<str> {
            #[inline]
            fn from(s: &$ty) -> Self {
                alloc::sync::Arc::from(s.as_str())
            }
        }

        $crate::text_impls::impl_eq_str! {
            [] $ty, str;
            ['a] $ty, &'a str;
        }

        #[cfg(feature = "alloc")]
        $crate::text_impls::impl_eq_str! {
            [] $ty, alloc::string::String;
            ['a] $ty, alloc::borrow::Cow<'a, str>;
        }

        impl PartialOrd<str> for $ty {
            #[inline]
            fn partial_cmp(&self, other: &str) -> Option<core::cmp::Ordering> {
                self.as_str().partial_cmp(other)
            }
        }

        impl PartialOrd<$ty> for str {
            #[inline]
            fn partial_cmp(&self, other: &$ty) -> Option<core::cmp::Ordering> {
                self.partial_cmp(other.as_str())
            }
        }
    };
}
pub(crate) use impl_text_traits;
