//! `serde` support (the `serde` feature): every type serializes as a string,
//! the borrowed types deserialize without copying, and bytes are checked by
//! the same strict decoder as everywhere else.
//!
//! Deserializing reports our own error's text through `de::Error::custom`,
//! so a bad document says *why* its bytes are not UTF-8 (or not ASCII, or not
//! a C string), not just that they are not.
//!
//! Requests follow serde's own impls for `&str` and `String`: the borrowed
//! types ask for `deserialize_str` and accept only borrowed data (text with
//! escapes cannot be borrowed); `Utf8String` asks for `deserialize_string`,
//! since a string is what `Serialize` writes, and takes text, bytes (checked)
//! or a sequence of `u8` (checked at the end) from formats that offer them.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{AsciiStr, Utf8CStr, Utf8Str};

#[cfg(feature = "alloc")]
use crate::Utf8String;
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

// ---------------------------------------------------------------------------
// Serialize: the text, as a string
// ---------------------------------------------------------------------------

/// The text, as a string.
impl Serialize for Utf8Str {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The text, as a string.
impl Serialize for AsciiStr {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The text without the NUL, as a string.
///
/// Deserializing a `&Utf8CStr` wants the NUL, so what this writes does not
/// read back as a `&Utf8CStr`; it reads back as a `&Utf8Str` or a
/// `Utf8String`.
impl Serialize for Utf8CStr {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The text, as a string (bytes held back by
/// [`push_bytes`](Utf8String::push_bytes) are not text yet and are left out).
#[cfg(feature = "alloc")]
impl Serialize for Utf8String {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

// ---------------------------------------------------------------------------
// Deserialize: the borrowed types
// ---------------------------------------------------------------------------

/// Borrows a `&str` or `&[u8]` straight from the input, with no copy.
///
/// Borrowed text is accepted as is. Borrowed bytes get the strict check of
/// [`Utf8Str::from_bytes`]; the error message is the [`Utf8Error`]'s.
/// Anything the format cannot lend (text with escapes, say) is refused:
/// deserialize a `Utf8String` for that.
///
/// [`Utf8Error`]: crate::Utf8Error
impl<'de: 'a, 'a> Deserialize<'de> for &'a Utf8Str {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Utf8StrVisitor)
    }
}

struct Utf8StrVisitor;

impl<'a> Visitor<'a> for Utf8StrVisitor {
    type Value = &'a Utf8Str;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a borrowed UTF-8 string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'a str) -> Result<Self::Value, E> {
        Ok(Utf8Str::from_str(v))
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'a [u8]) -> Result<Self::Value, E> {
        Utf8Str::from_bytes(v).map_err(E::custom)
    }
}

/// Borrows a `&str` or `&[u8]` from the input and checks that it is ASCII;
/// the error message is the [`AsciiError`]'s.
///
/// [`AsciiError`]: crate::AsciiError
impl<'de: 'a, 'a> Deserialize<'de> for &'a AsciiStr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(AsciiStrVisitor)
    }
}

struct AsciiStrVisitor;

impl<'a> Visitor<'a> for AsciiStrVisitor {
    type Value = &'a AsciiStr;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a borrowed ASCII string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'a str) -> Result<Self::Value, E> {
        AsciiStr::from_str(v).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'a [u8]) -> Result<Self::Value, E> {
        AsciiStr::from_bytes(v).map_err(E::custom)
    }
}

/// Borrows a `&str` or `&[u8]` from the input that *includes* the NUL
/// terminator (the `Utf8CStr` points into the input, so the NUL must be
/// there); the error message is the [`CStrError`]'s.
///
/// Text formats rarely carry a raw NUL (JSON can only escape it, and escaped
/// text cannot be borrowed), so this is mostly for binary formats.
///
/// [`CStrError`]: crate::CStrError
impl<'de: 'a, 'a> Deserialize<'de> for &'a Utf8CStr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Utf8CStrVisitor)
    }
}

struct Utf8CStrVisitor;

impl<'a> Visitor<'a> for Utf8CStrVisitor {
    type Value = &'a Utf8CStr;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a borrowed NUL-terminated UTF-8 C string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'a str) -> Result<Self::Value, E> {
        Utf8CStr::from_str_with_nul(v).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'a [u8]) -> Result<Self::Value, E> {
        Utf8CStr::from_bytes_with_nul(v).map_err(E::custom)
    }
}

// ---------------------------------------------------------------------------
// Deserialize: Utf8String
// ---------------------------------------------------------------------------

/// Text of any kind, bytes, or a sequence of `u8`.
///
/// Asks for a string (`deserialize_string`), as `String` does, so whatever
/// [`Serialize`] wrote reads back in every format. Text is taken as is
/// (an owned `String` without a copy). Bytes, borrowed or owned, and a
/// sequence of `u8` (from formats that offer one for a string request) get
/// the strict check of [`Utf8String::from_bytes`]; the error message is the
/// [`Utf8Error`]'s.
///
/// [`Utf8Error`]: crate::Utf8Error
#[cfg(feature = "alloc")]
impl<'de> Deserialize<'de> for Utf8String {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(Utf8StringVisitor)
    }
}

#[cfg(feature = "alloc")]
struct Utf8StringVisitor;

#[cfg(feature = "alloc")]
impl<'de> Visitor<'de> for Utf8StringVisitor {
    type Value = Utf8String;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a UTF-8 string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Utf8String::from(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Utf8String::from(v))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
        // Check before copying: a bad input costs no allocation.
        Utf8Str::from_bytes(v)
            .map(Utf8String::from)
            .map_err(E::custom)
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Self::Value, E> {
        Utf8String::from_bytes(v).map_err(E::custom)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // The hint comes from the input: trust it only so far.
        let capacity = seq.size_hint().unwrap_or(0).min(4096);
        let mut bytes = Vec::with_capacity(capacity);
        while let Some(byte) = seq.next_element::<u8>()? {
            bytes.push(byte);
        }
        Utf8String::from_bytes(bytes).map_err(de::Error::custom)
    }
}

// ---------------------------------------------------------------------------
// Utf8Bytes
// ---------------------------------------------------------------------------

/// As a string, the way `str` serializes.
#[cfg(feature = "bytes")]
impl Serialize for crate::Utf8Bytes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// What [`Utf8String`] accepts (text as is, bytes checked strictly), kept
/// in the string's own allocation.
#[cfg(feature = "bytes")]
impl<'de> Deserialize<'de> for crate::Utf8Bytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Utf8String::deserialize(deserializer).map(Self::from)
    }
}
