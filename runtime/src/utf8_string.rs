//! `Utf8String`: an owned, growable string that can also be fed raw bytes.

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Deref, DerefMut};

use crate::validate::split_valid;

use crate::{Utf8Error, Utf8Str, Utf8Validator};

/// An owned UTF-8 string that grows from text or from raw byte chunks.
///
/// It is a `String` (and derefs to [`Utf8Str`], and from there to `str`)
/// plus a [`Utf8Validator`] for bytes that arrive in pieces:
/// [`push_bytes`](Self::push_bytes) appends every complete character of a
/// chunk, holds back an incomplete trailing sequence until the next chunk,
/// and reports an error as soon as a byte makes the stream invalid;
/// [`finish`](Self::finish) reports a sequence still held back as
/// [`Truncated`](crate::ErrorKind::Truncated). Error offsets count from the
/// start of the stream (every byte pushed, by either method).
///
/// Comparison, ordering and hashing look at the text only, exactly like
/// `str`'s, so a `Utf8String` can stand in for a `String` key.
///
/// # Examples
///
/// ```
/// use utf8lit::Utf8String;
///
/// let mut s = Utf8String::new();
/// s.push_bytes(b"Gr\xC3")?;          // \xC3 waits for the next chunk
/// assert_eq!(s, "Gr");
/// s.push_bytes(b"\xBC\xC3\x9Fe")?;
/// s.push_str(", world");
/// s.finish()?;
/// assert_eq!(s, "Grüße, world");
/// # Ok::<(), utf8lit::Utf8Error>(())
/// ```
///
/// After an error nothing is silently dropped: the text holds everything
/// accepted, and the error says where the stream stopped and why.
///
/// ```
/// use utf8lit::{ErrorKind, Utf8String};
///
/// let mut s = Utf8String::new();
/// s.push_bytes(b"ok ")?;
/// let err = s.push_bytes(b"then \xC0\x80 stop").unwrap_err();
/// assert_eq!(err.valid_up_to(), 8); // counted from the start of the stream
/// assert_eq!(err.kind(), ErrorKind::Overlong);
/// assert_eq!(s, "ok then ");
/// # Ok::<(), utf8lit::Utf8Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Utf8String {
    text: String,
    stream: Utf8Validator,
}

impl Utf8String {
    /// An empty string.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            text: String::new(),
            stream: Utf8Validator::new(),
        }
    }

    /// An empty string with room for `capacity` bytes.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            text: String::with_capacity(capacity),
            stream: Utf8Validator::new(),
        }
    }

    /// Takes a byte vector that must be UTF-8, without copying it.
    ///
    /// # Errors
    ///
    /// A [`FromBytesError`] that gives the vector back, like
    /// `String::from_utf8`'s error.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8String;
    ///
    /// let s = Utf8String::from_bytes(b"caf\xC3\xA9".to_vec()).unwrap();
    /// assert_eq!(s, "café");
    ///
    /// let err = Utf8String::from_bytes(b"caf\xE9".to_vec()).unwrap_err();
    /// assert_eq!(err.utf8_error().valid_up_to(), 3);
    /// assert_eq!(err.into_bytes(), b"caf\xE9"); // nothing lost
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, FromBytesError> {
        match crate::validate::string_from_bytes(bytes) {
            Ok(text) => Ok(Self::from(text)),
            Err((bytes, error)) => Err(FromBytesError::new(bytes, error)),
        }
    }

    /// Decodes `bytes`, replacing each ill-formed part with U+FFFD.
    ///
    /// The output equals `String::from_utf8_lossy` for every input: one
    /// U+FFFD per maximal subpart (Unicode ch. 3 §3.9), the rule the WHATWG
    /// Encoding Standard and most decoders share. Valid input is borrowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use utf8lit::Utf8String;
    ///
    /// assert!(matches!(Utf8String::from_bytes_lossy(b"fine"), Cow::Borrowed(_)));
    /// // E0 80 has no valid prefix: two replacements. E1 80 is one cut-short
    /// // sequence: one.
    /// let text = Utf8String::from_bytes_lossy(b"a\xE0\x80b\xE1\x80c");
    /// assert_eq!(text.as_str(), "a\u{FFFD}\u{FFFD}b\u{FFFD}c");
    /// ```
    #[must_use]
    pub fn from_bytes_lossy(bytes: &[u8]) -> Cow<'_, Utf8Str> {
        let valid = match split_valid(bytes) {
            Ok(text) => return Cow::Borrowed(Utf8Str::from_str(text)),
            Err((valid, _)) => valid,
        };
        let mut out = String::with_capacity(bytes.len() + 2);
        out.push_str(valid);
        crate::validate::push_lossy(&mut out, bytes, valid.len());
        Cow::Owned(Self::from(out))
    }

    /// Appends the complete characters of a raw chunk, holding back an
    /// incomplete sequence at its end until the next chunk.
    ///
    /// # Errors
    ///
    /// The first error of the stream, as soon as a byte makes it invalid,
    /// with its offset counted from the start of the stream. Everything before
    /// it has been appended; after it the stream accepts nothing more (every
    /// later call returns the same error), but the text stays usable.
    pub fn push_bytes(&mut self, chunk: &[u8]) -> Result<(), Utf8Error> {
        let (accepted, result) = self.stream.update_text(chunk);
        if let Some(ch) = accepted.joined {
            self.text.push(ch);
        }
        self.text.push_str(accepted.text);
        result
    }

    /// Ends the raw stream.
    ///
    /// # Errors
    ///
    /// The stream's error, or
    /// [`Truncated`](crate::ErrorKind::Truncated) if an incomplete sequence
    /// is still held back (it stays visible in
    /// [`pending_bytes`](Self::pending_bytes)).
    pub fn finish(&self) -> Result<(), Utf8Error> {
        self.stream.finish()
    }

    /// The raw bytes held back, waiting for the rest of their sequence.
    #[must_use]
    pub fn pending_bytes(&self) -> &[u8] {
        self.stream.pending_bytes()
    }

    /// Appends text.
    ///
    /// The text is part of the stream too: if raw bytes are held back, the
    /// text cannot complete them (no `str` starts with a continuation byte),
    /// so the stream's error is recorded for the next
    /// [`push_bytes`](Self::push_bytes) or [`finish`](Self::finish) — and the
    /// text is appended all the same.
    pub fn push_str(&mut self, text: &str) {
        // An error stays in the stream, where push_bytes and finish report it.
        let _ = self.stream.update_str(text);
        self.text.push_str(text);
    }

    /// Appends a character; see [`push_str`](Self::push_str).
    pub fn push(&mut self, ch: char) {
        self.push_str(ch.encode_utf8(&mut [0; 4]));
    }

    /// The text as a validated string slice.
    #[must_use]
    pub fn as_utf8_str(&self) -> &Utf8Str {
        Utf8Str::from_str(&self.text)
    }

    /// The text as a `str`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text's bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// The text as a `String`, dropping any stream state.
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }

    /// The text's bytes, dropping any stream state.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.text.into_bytes()
    }

    /// The text as a boxed `str`.
    #[must_use]
    pub fn into_boxed_str(self) -> Box<str> {
        self.text.into_boxed_str()
    }

    /// The text's length in bytes (held-back bytes are not text yet).
    #[must_use]
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the text is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The capacity in bytes.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.text.capacity()
    }

    /// Reserves room for at least `additional` more bytes.
    pub fn reserve(&mut self, additional: usize) {
        self.text.reserve(additional);
    }

    /// Empties the text and starts a new stream.
    pub fn clear(&mut self) {
        self.text.clear();
        self.stream = Utf8Validator::new();
    }
}

/// Editing the text, as `String` does.
///
/// These change the text only. The raw byte stream is a separate record:
/// bytes held back by [`push_bytes`](Utf8String::push_bytes) stay held back
/// and are appended at the end of the text once complete, and error offsets
/// keep counting the bytes pushed, whatever was edited in between.
///
/// # Examples
///
/// ```
/// use utf8lit::Utf8String;
///
/// let mut s = Utf8String::from("Grüße");
/// s.insert_str(0, "¡");
/// assert_eq!(s.pop(), Some('e'));
/// assert_eq!(s.remove(2), 'G'); // byte offsets, as in String
/// s.retain(|c| c != 'ß');
/// assert_eq!(s, "¡rü");
/// let tail = s.split_off(2);
/// assert_eq!((s.as_str(), tail.as_str()), ("¡", "rü"));
/// ```
impl Utf8String {
    /// Inserts a character at byte offset `idx`.
    ///
    /// # Panics
    ///
    /// Like `String::insert`: if `idx` is past the end or not on a
    /// character boundary.
    pub fn insert(&mut self, idx: usize, ch: char) {
        self.text.insert(idx, ch);
    }

    /// Inserts text at byte offset `idx`.
    ///
    /// # Panics
    ///
    /// Like `String::insert_str`: if `idx` is past the end or not on a
    /// character boundary.
    pub fn insert_str(&mut self, idx: usize, text: &str) {
        self.text.insert_str(idx, text);
    }

    /// Removes and returns the character at byte offset `idx`.
    ///
    /// # Panics
    ///
    /// Like `String::remove`: if `idx` is not the start of a character.
    pub fn remove(&mut self, idx: usize) -> char {
        self.text.remove(idx)
    }

    /// Removes and returns the last character of the text.
    pub fn pop(&mut self) -> Option<char> {
        self.text.pop()
    }

    /// Shortens the text to `new_len` bytes (no effect if it is shorter).
    ///
    /// # Panics
    ///
    /// Like `String::truncate`: if `new_len` is not on a character boundary.
    pub fn truncate(&mut self, new_len: usize) {
        self.text.truncate(new_len);
    }

    /// Keeps only the characters for which `keep` returns `true`.
    pub fn retain<F: FnMut(char) -> bool>(&mut self, keep: F) {
        self.text.retain(keep);
    }

    /// Removes a range of the text and yields its characters.
    ///
    /// # Panics
    ///
    /// Like `String::drain`: if the range is out of bounds or its ends are
    /// not on character boundaries.
    pub fn drain<R: core::ops::RangeBounds<usize>>(
        &mut self,
        range: R,
    ) -> alloc::string::Drain<'_> {
        self.text.drain(range)
    }

    /// Replaces a range of the text with `replace_with`.
    ///
    /// # Panics
    ///
    /// Like `String::replace_range`: if the range is out of bounds or its
    /// ends are not on character boundaries.
    pub fn replace_range<R: core::ops::RangeBounds<usize>>(
        &mut self,
        range: R,
        replace_with: &str,
    ) {
        self.text.replace_range(range, replace_with);
    }

    /// Splits the text at byte offset `at`: `self` keeps `[..at]`, and the
    /// rest comes back as a new `Utf8String` (with a stream of its own, as
    /// if built from that text). Held-back raw bytes stay with `self`.
    ///
    /// # Panics
    ///
    /// Like `String::split_off`: if `at` is past the end or not on a
    /// character boundary.
    #[must_use = "use `truncate` to drop the tail"]
    pub fn split_off(&mut self, at: usize) -> Utf8String {
        Utf8String::from(self.text.split_off(at))
    }

    /// Reserves room for exactly `additional` more bytes.
    pub fn reserve_exact(&mut self, additional: usize) {
        self.text.reserve_exact(additional);
    }

    /// Tries to reserve room for at least `additional` more bytes.
    ///
    /// # Errors
    ///
    /// Like `String::try_reserve`: if the capacity would overflow or the
    /// allocator fails.
    pub fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), alloc::collections::TryReserveError> {
        self.text.try_reserve(additional)
    }

    /// Shrinks the capacity to the length.
    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
    }

    /// Shrinks the capacity to at least `min_capacity` bytes.
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.text.shrink_to(min_capacity);
    }

    /// The text as a mutable `str` (for in-place edits such as
    /// `make_ascii_uppercase`).
    #[must_use]
    pub fn as_mut_str(&mut self) -> &mut str {
        &mut self.text
    }
}

/// The error of an owned buffer that is not UTF-8, in the manner of std's
/// `FromUtf8Error`: the buffer, given back untouched, and why it is not
/// UTF-8.
///
/// `B` is the buffer the conversion took: `Vec<u8>` for
/// [`Utf8String::from_bytes`], and with the `bytes` feature `bytes::Bytes`
/// or `bytes::BytesMut` for `Utf8Bytes`'s conversions.
///
/// # Examples
///
/// ```
/// use utf8lit::{ErrorKind, Utf8String};
///
/// let err = Utf8String::from_bytes(b"na\xEFve".to_vec()).unwrap_err();
/// assert_eq!(err.utf8_error().kind(), ErrorKind::MissingContinuation);
/// assert_eq!(err.as_bytes(), b"na\xEFve");
/// let bytes: Vec<u8> = err.into_bytes(); // nothing lost
/// # let _ = bytes;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromBytesError<B = Vec<u8>> {
    bytes: B,
    error: Utf8Error,
}

impl<B> FromBytesError<B> {
    pub(crate) fn new(bytes: B, error: Utf8Error) -> Self {
        Self { bytes, error }
    }

    /// The bytes that were not UTF-8.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8]
    where
        B: AsRef<[u8]>,
    {
        self.bytes.as_ref()
    }

    /// The bytes that were not UTF-8, given back.
    #[must_use]
    pub fn into_bytes(self) -> B {
        self.bytes
    }

    /// Where and why the bytes are not UTF-8.
    #[must_use]
    pub fn utf8_error(&self) -> Utf8Error {
        self.error
    }
}

impl<B> fmt::Display for FromBytesError<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl<B: fmt::Debug> core::error::Error for FromBytesError<B> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<String> for Utf8String {
    fn from(text: String) -> Self {
        let mut stream = Utf8Validator::new();
        // Never fails: the stream is new and the text is valid.
        let _ = stream.update_str(&text);
        Self { text, stream }
    }
}

impl From<&str> for Utf8String {
    fn from(text: &str) -> Self {
        Self::from(String::from(text))
    }
}

impl From<Box<str>> for Utf8String {
    fn from(text: Box<str>) -> Self {
        Self::from(String::from(text))
    }
}

impl From<Cow<'_, str>> for Utf8String {
    fn from(text: Cow<'_, str>) -> Self {
        Self::from(text.into_owned())
    }
}

impl From<char> for Utf8String {
    fn from(ch: char) -> Self {
        Self::from(String::from(ch))
    }
}

impl From<&Utf8Str> for Utf8String {
    fn from(text: &Utf8Str) -> Self {
        Self::from(text.as_str())
    }
}

impl From<Utf8String> for String {
    fn from(s: Utf8String) -> Self {
        s.text
    }
}

impl From<Utf8String> for Box<str> {
    fn from(s: Utf8String) -> Self {
        s.text.into_boxed_str()
    }
}

impl From<Utf8String> for Vec<u8> {
    fn from(s: Utf8String) -> Self {
        s.text.into_bytes()
    }
}

impl From<Utf8String> for Cow<'_, str> {
    fn from(s: Utf8String) -> Self {
        Cow::Owned(s.text)
    }
}

impl From<Utf8String> for Cow<'_, Utf8Str> {
    fn from(s: Utf8String) -> Self {
        Cow::Owned(s)
    }
}

impl<'a> From<&'a Utf8String> for Cow<'a, Utf8Str> {
    fn from(s: &'a Utf8String) -> Self {
        Cow::Borrowed(s.as_utf8_str())
    }
}

impl Deref for Utf8String {
    type Target = Utf8Str;

    fn deref(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

impl DerefMut for Utf8String {
    fn deref_mut(&mut self) -> &mut Utf8Str {
        Utf8Str::from_str_mut(&mut self.text)
    }
}

impl ToOwned for Utf8Str {
    type Owned = Utf8String;

    fn to_owned(&self) -> Utf8String {
        Utf8String::from(self)
    }
}

impl Borrow<Utf8Str> for Utf8String {
    fn borrow(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

impl Borrow<str> for Utf8String {
    fn borrow(&self) -> &str {
        &self.text
    }
}

impl AsRef<str> for Utf8String {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl AsRef<[u8]> for Utf8String {
    fn as_ref(&self) -> &[u8] {
        self.text.as_bytes()
    }
}

impl AsRef<Utf8Str> for Utf8String {
    fn as_ref(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

#[cfg(feature = "std")]
impl AsRef<std::ffi::OsStr> for Utf8String {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.text.as_ref()
    }
}

#[cfg(feature = "std")]
impl AsRef<std::path::Path> for Utf8String {
    fn as_ref(&self) -> &std::path::Path {
        self.text.as_ref()
    }
}

/// Hashes exactly like `str`, so `Borrow<str>` lookups work.
impl Hash for Utf8String {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.as_str().hash(state);
    }
}

impl PartialEq for Utf8String {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for Utf8String {}

impl PartialOrd for Utf8String {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Utf8String {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

macro_rules! impl_eq_with {
    ($($other:ty),*) => {$(
        impl PartialEq<$other> for Utf8String {
            fn eq(&self, other: &$other) -> bool {
                self.text.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Utf8String> for $other {
            fn eq(&self, other: &Utf8String) -> bool {
                AsRef::<str>::as_ref(self) == other.text.as_str()
            }
        }
    )*};
}

impl_eq_with!(str, &str, String, Cow<'_, str>, Utf8Str, &Utf8Str);

impl fmt::Display for Utf8String {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.text.as_str(), f)
    }
}

/// Like `String`'s: the text, quoted and escaped.
impl fmt::Debug for Utf8String {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text.as_str(), f)
    }
}

impl fmt::Write for Utf8String {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl core::str::FromStr for Utf8String {
    type Err = core::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self::from(s))
    }
}

impl<'a> Extend<&'a str> for Utf8String {
    fn extend<I: IntoIterator<Item = &'a str>>(&mut self, iter: I) {
        for s in iter {
            self.push_str(s);
        }
    }
}

impl Extend<char> for Utf8String {
    fn extend<I: IntoIterator<Item = char>>(&mut self, iter: I) {
        for ch in iter {
            self.push(ch);
        }
    }
}

impl<'a> FromIterator<&'a str> for Utf8String {
    fn from_iter<I: IntoIterator<Item = &'a str>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}

impl FromIterator<char> for Utf8String {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}

impl Extend<String> for Utf8String {
    fn extend<I: IntoIterator<Item = String>>(&mut self, iter: I) {
        for s in iter {
            self.push_str(&s);
        }
    }
}

impl<'a> Extend<Cow<'a, str>> for Utf8String {
    fn extend<I: IntoIterator<Item = Cow<'a, str>>>(&mut self, iter: I) {
        for s in iter {
            self.push_str(&s);
        }
    }
}

impl<'a> Extend<&'a char> for Utf8String {
    fn extend<I: IntoIterator<Item = &'a char>>(&mut self, iter: I) {
        self.extend(iter.into_iter().copied());
    }
}

impl FromIterator<String> for Utf8String {
    fn from_iter<I: IntoIterator<Item = String>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}

/// Appends, like `String + &str`.
impl core::ops::Add<&str> for Utf8String {
    type Output = Utf8String;

    fn add(mut self, text: &str) -> Utf8String {
        self.push_str(text);
        self
    }
}

/// Appends, like `String += &str`.
impl core::ops::AddAssign<&str> for Utf8String {
    fn add_assign(&mut self, text: &str) {
        self.push_str(text);
    }
}
