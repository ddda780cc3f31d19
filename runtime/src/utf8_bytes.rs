//! `Utf8Bytes`: validated UTF-8 in a shared, reference-counted
//! [`bytes::Bytes`] buffer (feature `bytes`).

use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Bound, Deref, RangeBounds};

use bytes::{Bytes, BytesMut};

use crate::{FromBytesError, Utf8Error, Utf8Str, Utf8String};

/// An immutable UTF-8 string in a [`Bytes`] buffer: cheap to clone and to
/// slice, and checked once.
///
/// It is to `Bytes` what `String` is to `Vec<u8>`: the text a network
/// stack hands over (hyper, axum, tonic, tungstenite and every tokio codec
/// deal in `Bytes`), with the proof that it is UTF-8. Cloning and slicing
/// share the buffer and copy nothing; slices are cut at character
/// boundaries only, so every `Utf8Bytes` stays valid.
///
/// - From a literal, free and checked while compiling:
///   [`from_static`](Self::from_static)`(utf8!("…"))`.
/// - From `Bytes`, `BytesMut`, `Vec<u8>` (checked; the buffer is kept, not
///   copied): [`TryFrom`], or [`from_bytes`](Self::from_bytes). A failure
///   hands the buffer back in a [`FromBytesError`], with the explaining
///   [`Utf8Error`].
/// - From `String`, `Utf8String`, `&'static str` (no check, no copy):
///   [`From`]. Chunks that arrive one by one: [`Utf8String::push_bytes`],
///   then `Utf8Bytes::from`.
///
/// It derefs to [`Utf8Str`] (and from there to `str`), and compares, orders
/// and **hashes exactly as `str`**, so a `HashMap<Utf8Bytes, V>` is looked up
/// with a `&str`.
///
/// # Examples
///
/// ```
/// use bytes::Bytes;
/// use utf8lit::{utf8, Utf8Bytes};
///
/// // A literal: checked while compiling, no allocation.
/// const GREETING: Utf8Bytes = Utf8Bytes::from_static(utf8!("Grüße, world"));
///
/// // A body off the network: checked once, then shared.
/// let body = Utf8Bytes::try_from(Bytes::from_static("Grüße, world".as_bytes()))?;
/// assert_eq!(body, GREETING);
/// let word = body.slice(..8); // "Grüße,": no copy
/// assert_eq!(word, "Grüße,");
///
/// // Bytes that are not UTF-8 come back with the reason.
/// let err = Utf8Bytes::try_from(Bytes::from_static(b"Gr\xFC\xDFe")).unwrap_err();
/// assert_eq!(err.utf8_error().valid_up_to(), 2);
/// assert_eq!(err.into_bytes(), Bytes::from_static(b"Gr\xFC\xDFe")); // nothing lost
/// # Ok::<(), utf8lit::FromBytesError<Bytes>>(())
/// ```
#[derive(Clone, Default)]
pub struct Utf8Bytes {
    /// UTF-8, always: every function of this module that makes or changes
    /// a `Utf8Bytes` either checks the bytes or takes them from text (a
    /// `str`, a `String`, another `Utf8Bytes` cut at a character boundary).
    /// The field is private, and this module is the only code that writes it.
    bytes: Bytes,
}

impl Utf8Bytes {
    /// An empty string.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Bytes;
    ///
    /// assert!(Utf8Bytes::new().is_empty());
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Self {
            bytes: Bytes::new(),
        }
    }

    /// A string over static text: no allocation, no check at run time.
    ///
    /// With [`utf8!`](https://docs.rs/utf8lit/latest/utf8lit/macro.utf8.html)
    /// the text is checked while compiling, so a byte escape that is not
    /// UTF-8 is a compile error rather than a run-time one.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// const PING: Utf8Bytes = Utf8Bytes::from_static(utf8!(b"ping \xE2\x9C\x93"));
    /// assert_eq!(PING, "ping ✓");
    /// ```
    #[must_use]
    pub const fn from_static(text: &'static Utf8Str) -> Self {
        Self {
            bytes: Bytes::from_static(text.as_bytes()),
        }
    }

    /// Checks that `bytes` is UTF-8 and keeps the buffer: no copy.
    ///
    /// # Errors
    ///
    /// The buffer, given back, and the first error, when `bytes` is not
    /// UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// use bytes::Bytes;
    /// use utf8lit::{ErrorKind, Utf8Bytes};
    ///
    /// let text = Utf8Bytes::from_bytes(Bytes::from("naïve"))?;
    /// assert_eq!(text, "naïve");
    ///
    /// let err = Utf8Bytes::from_bytes(Bytes::from_static(b"na\xEFve")).unwrap_err();
    /// assert_eq!(err.utf8_error().kind(), ErrorKind::MissingContinuation);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid UTF-8 at byte 2 (missing continuation byte): EF starts a 3-byte \
    ///      sequence but is followed by 76, which cannot continue it; \
    ///      if this is ISO-8859-1 'ï' (U+00EF), UTF-8 writes it C3 AF",
    /// );
    /// # Ok::<(), utf8lit::FromBytesError<Bytes>>(())
    /// ```
    pub fn from_bytes(bytes: Bytes) -> Result<Self, FromBytesError<Bytes>> {
        match crate::validate(&bytes) {
            Ok(()) => Ok(Self { bytes }),
            Err(error) => Err(FromBytesError::new(bytes, error)),
        }
    }

    /// Wraps `bytes` without checking them.
    ///
    /// For bytes already proven UTF-8 by other means (a proxy that
    /// validated a frame before forwarding it). Prefer
    /// [`from_bytes`](Self::from_bytes), or a `From` conversion of text.
    ///
    /// # Safety
    ///
    /// `bytes` must be UTF-8 as RFC 3629 defines it (what `str` requires).
    ///
    /// # Examples
    ///
    /// ```
    /// use bytes::Bytes;
    /// use utf8lit::Utf8Bytes;
    ///
    /// let checked = Bytes::from_static("déjà vu".as_bytes());
    /// assert!(utf8lit::validate(&checked).is_ok());
    /// // SAFETY: validated just above.
    /// let text = unsafe { Utf8Bytes::from_bytes_unchecked(checked) };
    /// assert_eq!(text, "déjà vu");
    /// ```
    #[must_use]
    #[allow(unsafe_code, reason = "the caller's promise is this type's invariant")]
    pub unsafe fn from_bytes_unchecked(bytes: Bytes) -> Self {
        debug_assert!(crate::validate(&bytes).is_ok());
        Self { bytes }
    }

    /// The text, as a [`Utf8Str`].
    #[must_use]
    #[allow(unsafe_code, reason = "the field's invariant")]
    pub fn as_utf8_str(&self) -> &Utf8Str {
        // SAFETY: `self.bytes` is UTF-8: the invariant on the field, which
        // every function of this module that writes it keeps (each checks
        // its bytes or takes them from text, and slices only at character
        // boundaries).
        Utf8Str::from_str(unsafe { core::str::from_utf8_unchecked(&self.bytes) })
    }

    /// The text, as a `str`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.as_utf8_str().as_str()
    }

    /// The buffer, shared: a view, for APIs that take `&Bytes`.
    #[must_use]
    pub fn as_bytes_ref(&self) -> &Bytes {
        &self.bytes
    }

    /// The buffer, as `Bytes`: no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let bytes = Utf8Bytes::from_static(utf8!("frame")).into_bytes();
    /// assert_eq!(bytes, "frame".as_bytes());
    /// ```
    #[must_use]
    pub fn into_bytes(self) -> Bytes {
        self.bytes
    }

    /// The bytes of `range`, sharing the buffer (no copy), or why they are
    /// not a string: a bound off a character boundary, past the end, or a
    /// start after the end.
    ///
    /// # Errors
    ///
    /// A [`SliceError`] naming the bound and, off a boundary, the character
    /// it falls inside. `self` is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let text = Utf8Bytes::from_static(utf8!("café au lait"));
    /// assert_eq!(text.try_slice(6..8)?, "au");
    ///
    /// let err = text.try_slice(..4).unwrap_err(); // inside 'é' (bytes 3..5)
    /// assert_eq!(err.to_string(), "byte 4 is not a character boundary: it is inside 'é' (bytes 3..5)");
    /// # Ok::<(), utf8lit::SliceError>(())
    /// ```
    pub fn try_slice(&self, range: impl RangeBounds<usize>) -> Result<Self, SliceError> {
        let (start, end) = self.bounds(range)?;
        Ok(Self {
            bytes: self.bytes.slice(start..end),
        })
    }

    /// The bytes of `range`, sharing the buffer (no copy).
    ///
    /// # Panics
    ///
    /// Where indexing a `str` with `range` panics: a bound off a character
    /// boundary or past the end, or a start after the end. See
    /// [`try_slice`](Self::try_slice) for the error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let text = Utf8Bytes::from_static(utf8!("café au lait"));
    /// assert_eq!(text.slice(..5), "café");
    /// ```
    #[must_use]
    #[track_caller]
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Self {
        self.try_slice(range).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The part of `self` that `subset`, a `str` borrowed from it, is:
    /// sharing the buffer (no copy). For the results of `str` methods
    /// (`split`, `trim`, `lines`, …) as `Utf8Bytes`.
    ///
    /// # Errors
    ///
    /// A [`SliceError`] when `subset` does not lie within `self`'s bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let header = Utf8Bytes::from_static(utf8!("Content-Type: text/plain"));
    /// let (_, value) = header.split_once(": ").unwrap();
    /// assert_eq!(header.try_slice_ref(value)?, "text/plain");
    ///
    /// assert!(header.try_slice_ref("text/plain").is_err()); // not borrowed from it
    /// # Ok::<(), utf8lit::SliceError>(())
    /// ```
    pub fn try_slice_ref(&self, subset: &str) -> Result<Self, SliceError> {
        let base = self.bytes.as_ptr().addr();
        let start = subset.as_ptr().addr().wrapping_sub(base);
        // An empty subset may be anywhere: `Bytes::slice_ref` takes any,
        // and so does this.
        if subset.is_empty() {
            return Ok(Self::new());
        }
        if subset.as_ptr().addr() < base || start + subset.len() > self.len() {
            return Err(SliceError {
                problem: Problem::NotWithin,
                len: self.len(),
            });
        }
        // A `str` within UTF-8 bytes starts and ends at their boundaries.
        Ok(Self {
            bytes: self.bytes.slice(start..start + subset.len()),
        })
    }

    /// [`try_slice_ref`](Self::try_slice_ref), panicking where `Bytes::slice_ref`
    /// does.
    ///
    /// # Panics
    ///
    /// When `subset` does not lie within `self`'s bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let line = Utf8Bytes::from_static(utf8!("  trimmed  "));
    /// assert_eq!(line.slice_ref(line.trim()), "trimmed");
    /// ```
    #[must_use]
    #[track_caller]
    pub fn slice_ref(&self, subset: &str) -> Self {
        self.try_slice_ref(subset).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Splits off and returns the text before byte `at`; `self` keeps the
    /// rest. No copy.
    ///
    /// # Errors
    ///
    /// A [`SliceError`] when `at` is off a character boundary or past the
    /// end; `self` is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let mut rest = Utf8Bytes::from_static(utf8!("GET /ünïcode"));
    /// let method = rest.try_split_to(3)?;
    /// assert_eq!((method.as_str(), rest.as_str()), ("GET", " /ünïcode"));
    /// assert!(rest.try_split_to(3).is_err()); // inside 'ü'
    /// assert_eq!(rest, " /ünïcode");
    /// # Ok::<(), utf8lit::SliceError>(())
    /// ```
    pub fn try_split_to(&mut self, at: usize) -> Result<Self, SliceError> {
        self.check_boundary(at)?;
        Ok(Self {
            bytes: self.bytes.split_to(at),
        })
    }

    /// [`try_split_to`](Self::try_split_to), panicking where `str::split_at`
    /// does.
    ///
    /// # Panics
    ///
    /// When `at` is off a character boundary or past the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let mut rest = Utf8Bytes::from_static(utf8!("key=välue"));
    /// let key = rest.split_to(3);
    /// assert_eq!((key.as_str(), rest.as_str()), ("key", "=välue"));
    /// ```
    #[must_use = "the text before `at` is returned, not kept"]
    #[track_caller]
    pub fn split_to(&mut self, at: usize) -> Self {
        self.try_split_to(at).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Splits off and returns the text from byte `at` on; `self` keeps the
    /// text before it. No copy.
    ///
    /// # Errors
    ///
    /// A [`SliceError`] when `at` is off a character boundary or past the
    /// end; `self` is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let mut text = Utf8Bytes::from_static(utf8!("smörgåsbord"));
    /// let tail = text.try_split_off(8)?;
    /// assert_eq!((text.as_str(), tail.as_str()), ("smörgå", "sbord"));
    /// # Ok::<(), utf8lit::SliceError>(())
    /// ```
    pub fn try_split_off(&mut self, at: usize) -> Result<Self, SliceError> {
        self.check_boundary(at)?;
        Ok(Self {
            bytes: self.bytes.split_off(at),
        })
    }

    /// [`try_split_off`](Self::try_split_off), panicking where
    /// `String::split_off` does.
    ///
    /// # Panics
    ///
    /// When `at` is off a character boundary or past the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let mut text = Utf8Bytes::from_static(utf8!("head|tail"));
    /// let tail = text.split_off(5);
    /// assert_eq!((text.as_str(), tail.as_str()), ("head|", "tail"));
    /// ```
    #[must_use = "the text from `at` on is returned, not kept"]
    #[track_caller]
    pub fn split_off(&mut self, at: usize) -> Self {
        self.try_split_off(at).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Shortens the text to its first `len` bytes; nothing happens when it
    /// is not longer.
    ///
    /// # Panics
    ///
    /// When `len` is off a character boundary, as `String::truncate`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{utf8, Utf8Bytes};
    ///
    /// let mut text = Utf8Bytes::from_static(utf8!("naïve"));
    /// text.truncate(2);
    /// assert_eq!(text, "na");
    /// ```
    #[track_caller]
    pub fn truncate(&mut self, len: usize) {
        if len < self.len() {
            if let Err(e) = self.check_boundary(len) {
                panic!("{e}");
            }
            self.bytes.truncate(len);
        }
    }

    /// Empties the text (the buffer stays shared with other handles).
    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    /// `range` as `start..end`, checked to be a string's bounds.
    fn bounds(&self, range: impl RangeBounds<usize>) -> Result<(usize, usize), SliceError> {
        let len = self.len();
        let start = match range.start_bound() {
            Bound::Included(&n) => Some(n),
            Bound::Excluded(&n) => n.checked_add(1),
            Bound::Unbounded => Some(0),
        };
        let end = match range.end_bound() {
            Bound::Included(&n) => n.checked_add(1),
            Bound::Excluded(&n) => Some(n),
            Bound::Unbounded => Some(len),
        };
        let (Some(start), Some(end)) = (start, end) else {
            return Err(SliceError {
                problem: Problem::PastEnd(usize::MAX),
                len,
            });
        };
        if start > end {
            return Err(SliceError {
                problem: Problem::Reversed { start, end },
                len,
            });
        }
        self.check_boundary(end)?;
        self.check_boundary(start)?;
        Ok((start, end))
    }

    /// Whether byte `at` is a character boundary of the text (its end
    /// included).
    fn check_boundary(&self, at: usize) -> Result<(), SliceError> {
        let len = self.len();
        if at > len {
            return Err(SliceError {
                problem: Problem::PastEnd(at),
                len,
            });
        }
        if self.is_char_boundary(at) {
            return Ok(());
        }
        let text = self.as_str();
        let start = (0..at)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let ch = text[start..].chars().next().unwrap_or_default();
        Err(SliceError {
            problem: Problem::Inside {
                at,
                ch,
                start,
                end: start + ch.len_utf8(),
            },
            len,
        })
    }
}

/// Why a range, a split point or a `str` is not a part of a [`Utf8Bytes`]
/// (see [`Utf8Bytes::try_slice`]).
///
/// # Examples
///
/// ```
/// use utf8lit::{utf8, Utf8Bytes};
///
/// let text = Utf8Bytes::from_static(utf8!("añb"));
/// assert_eq!(
///     text.try_slice(..9).unwrap_err().to_string(),
///     "byte 9 is past the end of the text (4 bytes)",
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SliceError {
    problem: Problem,
    len: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Problem {
    /// A bound past the end (or one that overflows).
    PastEnd(usize),
    /// A bound inside the character at `start..end`.
    Inside {
        at: usize,
        ch: char,
        start: usize,
        end: usize,
    },
    /// A start after the end.
    Reversed { start: usize, end: usize },
    /// A `str` that is not borrowed from the text.
    NotWithin,
}

impl SliceError {
    /// The offending byte offset: the bound off a boundary or past the end,
    /// or the start of a reversed range; `None` for a `str` that is not a
    /// part of the text.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self.problem {
            Problem::PastEnd(at) | Problem::Inside { at, .. } => Some(at),
            Problem::Reversed { start, .. } => Some(start),
            Problem::NotWithin => None,
        }
    }
}

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            Problem::PastEnd(usize::MAX) => write!(
                f,
                "a range bound overflows usize (the text is {} bytes)",
                self.len
            ),
            Problem::PastEnd(at) => write!(
                f,
                "byte {at} is past the end of the text ({} bytes)",
                self.len
            ),
            Problem::Inside { at, ch, start, end } => write!(
                f,
                "byte {at} is not a character boundary: it is inside {ch:?} (bytes {start}..{end})"
            ),
            Problem::Reversed { start, end } => {
                write!(f, "the range starts at byte {start}, after its end {end}")
            }
            Problem::NotWithin => f.write_str("the str is not a part of this Utf8Bytes"),
        }
    }
}

impl core::error::Error for SliceError {}

// ---------------------------------------------------------------------------
// Conversions in
// ---------------------------------------------------------------------------

impl TryFrom<Bytes> for Utf8Bytes {
    type Error = FromBytesError<Bytes>;

    /// [`Utf8Bytes::from_bytes`].
    fn try_from(bytes: Bytes) -> Result<Self, Self::Error> {
        Self::from_bytes(bytes)
    }
}

impl TryFrom<BytesMut> for Utf8Bytes {
    type Error = FromBytesError<BytesMut>;

    /// Checks, then freezes the buffer: no copy. A failure hands the
    /// `BytesMut` back, still writable.
    ///
    /// ```
    /// use bytes::{BufMut, BytesMut};
    /// use utf8lit::Utf8Bytes;
    ///
    /// let mut frame = BytesMut::new();
    /// frame.put_slice("héllo".as_bytes());
    /// assert_eq!(Utf8Bytes::try_from(frame)?, "héllo");
    /// # Ok::<(), utf8lit::FromBytesError<BytesMut>>(())
    /// ```
    fn try_from(bytes: BytesMut) -> Result<Self, Self::Error> {
        match crate::validate(&bytes) {
            Ok(()) => Ok(Self {
                bytes: bytes.freeze(),
            }),
            Err(error) => Err(FromBytesError::new(bytes, error)),
        }
    }
}

impl TryFrom<Vec<u8>> for Utf8Bytes {
    type Error = FromBytesError;

    /// Checks, then keeps the vector's allocation: no copy. A failure hands
    /// the vector back.
    fn try_from(bytes: Vec<u8>) -> Result<Self, Self::Error> {
        match crate::validate(&bytes) {
            Ok(()) => Ok(Self {
                bytes: Bytes::from(bytes),
            }),
            Err(error) => Err(FromBytesError::new(bytes, error)),
        }
    }
}

impl TryFrom<&'static [u8]> for Utf8Bytes {
    type Error = Utf8Error;

    /// Checks static bytes at run time, then shares them: no copy. For a
    /// literal, [`Utf8Bytes::from_static`] with `utf8!` checks while
    /// compiling instead.
    fn try_from(bytes: &'static [u8]) -> Result<Self, Self::Error> {
        Utf8Str::from_bytes(bytes).map(Self::from_static)
    }
}

impl From<&'static Utf8Str> for Utf8Bytes {
    /// [`Utf8Bytes::from_static`].
    fn from(text: &'static Utf8Str) -> Self {
        Self::from_static(text)
    }
}

impl From<&'static str> for Utf8Bytes {
    /// Shares static text: no copy.
    fn from(text: &'static str) -> Self {
        Self::from_static(Utf8Str::from_str(text))
    }
}

impl From<String> for Utf8Bytes {
    /// Keeps the string's allocation: no copy, no check.
    fn from(text: String) -> Self {
        Self {
            bytes: Bytes::from(text),
        }
    }
}

impl From<Utf8String> for Utf8Bytes {
    /// Keeps the string's allocation: no copy, no check. The bytes a
    /// [`Utf8String::push_bytes`] stream held back (an incomplete sequence
    /// at its end) are not text and are left out; call
    /// [`Utf8String::finish`] first to make sure there are none.
    ///
    /// ```
    /// use utf8lit::{Utf8Bytes, Utf8String};
    ///
    /// // A message that arrives in fragments, checked as each arrives.
    /// let mut message = Utf8String::new();
    /// for fragment in [&b"fragm\xC3"[..], b"\xA9nt\xC3", b"\xA9 ok"] {
    ///     message.push_bytes(fragment)?;
    /// }
    /// message.finish()?;
    /// let message = Utf8Bytes::from(message);
    /// assert_eq!(message, "fragménté ok");
    /// # Ok::<(), utf8lit::Utf8Error>(())
    /// ```
    fn from(text: Utf8String) -> Self {
        Self::from(text.into_string())
    }
}

impl core::str::FromStr for Utf8Bytes {
    type Err = core::convert::Infallible;

    /// Copies the text into a new buffer.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Self::from(String::from(text)))
    }
}

// ---------------------------------------------------------------------------
// Conversions out
// ---------------------------------------------------------------------------

impl From<Utf8Bytes> for Bytes {
    /// [`Utf8Bytes::into_bytes`]: no copy.
    fn from(text: Utf8Bytes) -> Self {
        text.bytes
    }
}

impl From<Utf8Bytes> for String {
    /// Copies the text (a `String` owns its buffer alone).
    fn from(text: Utf8Bytes) -> Self {
        String::from(text.as_str())
    }
}

impl From<Utf8Bytes> for Vec<u8> {
    /// The bytes: no copy when this handle is the buffer's only one and
    /// owns all of it, else a copy (`Bytes`' conversion).
    fn from(text: Utf8Bytes) -> Self {
        Vec::from(text.bytes)
    }
}

// ---------------------------------------------------------------------------
// As a str
// ---------------------------------------------------------------------------

impl Deref for Utf8Bytes {
    type Target = Utf8Str;

    fn deref(&self) -> &Utf8Str {
        self.as_utf8_str()
    }
}

impl AsRef<str> for Utf8Bytes {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<Utf8Str> for Utf8Bytes {
    fn as_ref(&self) -> &Utf8Str {
        self
    }
}

impl AsRef<[u8]> for Utf8Bytes {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Hashing, equality and ordering are `str`'s, so a `&str` finds a
/// `Utf8Bytes` key.
impl Borrow<str> for Utf8Bytes {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<Utf8Str> for Utf8Bytes {
    fn borrow(&self) -> &Utf8Str {
        self
    }
}

/// Exactly `str`'s hash (not `Bytes`'), which `Borrow<str>` requires.
impl Hash for Utf8Bytes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq for Utf8Bytes {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Utf8Bytes {}

impl PartialOrd for Utf8Bytes {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Utf8Bytes {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

crate::text_impls::impl_eq_str! {
    [] Utf8Bytes, str;
    ['a] Utf8Bytes, &'a str;
    [] Utf8Bytes, String;
    ['a] Utf8Bytes, alloc::borrow::Cow<'a, str>;
    [] Utf8Bytes, Utf8Str;
    ['a] Utf8Bytes, &'a Utf8Str;
    [] Utf8Bytes, Utf8String;
}

impl PartialOrd<str> for Utf8Bytes {
    fn partial_cmp(&self, other: &str) -> Option<Ordering> {
        self.as_str().partial_cmp(other)
    }
}

impl PartialOrd<Utf8Bytes> for str {
    fn partial_cmp(&self, other: &Utf8Bytes) -> Option<Ordering> {
        self.partial_cmp(other.as_str())
    }
}

/// Exactly `str`'s `Display`.
impl fmt::Display for Utf8Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

/// Exactly `str`'s `Debug`: quoted, with escapes.
impl fmt::Debug for Utf8Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
