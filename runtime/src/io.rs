//! Text from readers, checked while it is read (feature `std`): named after
//! `std::io`'s functions, so they are found where people look.
//!
//! - [`read_to_string`]: a whole reader into a [`Utf8String`], each chunk
//!   checked as it arrives (while it is still in the cache), and on failure
//!   an error that says where — byte, line and column — and why, and hands
//!   back every byte read.
//! - [`Utf8Reader`]: an `io::Read` and `io::BufRead` adapter that passes
//!   valid text through and turns the first invalid byte into an
//!   `io::Error` of kind `InvalidData`.
//!
//! Lines and columns are 1-based; columns count characters (Unicode scalar
//! values), not bytes, as editors do, and a byte-order mark at the start of
//! the text is not one. A line ends after `\n`, so `\r\n` and `\n` text
//! number their lines alike.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use crate::{Utf8Error, Utf8String, Utf8Validator};

/// How many bytes [`read_to_string`] reads and checks at a time: small
/// enough that a chunk is checked while it is still in the cache it was
/// read into, large enough that the calls cost nothing next to the copy.
const CHUNK: u64 = 256 * 1024;

/// Reads all of `reader` into a [`Utf8String`], checking the text as it
/// arrives: `std::io::read_to_string` with an error that says where.
///
/// # Errors
///
/// A [`ReadError`]: the reader's I/O error, or the first invalid UTF-8 with
/// its byte offset, line and column. Either way [`ReadError::into_bytes`]
/// gives back every byte read.
///
/// # Examples
///
/// ```
/// use std::io::Cursor;
///
/// let text = utf8lit::io::read_to_string(Cursor::new("Grüße\n"))?;
/// assert_eq!(text, "Grüße\n");
///
/// let err = utf8lit::io::read_to_string(Cursor::new(b"first\nsecond, caf\xE9\n")).unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(12)));
/// assert_eq!(
///     err.to_string(),
///     "line 2, column 12: invalid UTF-8 at byte 17 (missing continuation byte): E9 starts \
///      a 3-byte sequence but is followed by 0A, which cannot continue it; if this is \
///      ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9",
/// );
/// assert_eq!(err.into_bytes(), b"first\nsecond, caf\xE9\n"); // nothing lost
/// # Ok::<(), utf8lit::io::ReadError>(())
/// ```
pub fn read_to_string<R: Read>(reader: R) -> Result<Utf8String, ReadError> {
    read_checked(reader, Vec::new())
}

/// Reads `reader` to its end into `bytes` (a capacity to read into: it is
/// emptied first), in chunks, each checked as it arrives.
#[allow(unsafe_code, reason = "the text the validator accepted, byte for byte")]
pub(crate) fn read_checked<R: Read>(
    mut reader: R,
    mut bytes: Vec<u8>,
) -> Result<Utf8String, ReadError> {
    bytes.clear();
    let mut validator = Utf8Validator::new();
    loop {
        let start = bytes.len();
        // `read_to_end` on a `Take`: std's loop, which retries on
        // `Interrupted` and reads into the spare capacity without zeroing it.
        match (&mut reader).take(CHUNK).read_to_end(&mut bytes) {
            Ok(0) => break,
            Ok(_) => {
                if let Err(error) = validator.update(&bytes[start..]) {
                    return Err(ReadError::utf8(error, bytes));
                }
            }
            Err(error) => return Err(ReadError::io(error, bytes)),
        }
    }
    if let Err(error) = validator.finish() {
        return Err(ReadError::utf8(error, bytes));
    }
    // SAFETY: `validator` was given every byte of `bytes`, in order (`bytes`
    // starts empty, and each `update` gets exactly the bytes that read
    // appended), accepted them all, and `finish` found no sequence cut off
    // at the end: `bytes` is UTF-8.
    let text = unsafe { alloc::string::String::from_utf8_unchecked(bytes) };
    Ok(Utf8String::from(text))
}

// ---------------------------------------------------------------------------
// Where in the text
// ---------------------------------------------------------------------------

/// A 1-based line and column, moved forward over text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cursor {
    line: usize,
    column: usize,
    /// Nothing has been passed over yet: a byte-order mark would be first.
    at_start: bool,
}

impl Cursor {
    const BOM: &'static [u8] = b"\xEF\xBB\xBF";

    pub(crate) const fn new() -> Self {
        Self {
            line: 1,
            column: 1,
            at_start: true,
        }
    }

    /// Moves over `text`: whole characters (what a stream has accepted).
    pub(crate) fn advance(&mut self, mut text: &[u8]) {
        if text.is_empty() {
            return;
        }
        if core::mem::take(&mut self.at_start) {
            text = text.strip_prefix(Self::BOM).unwrap_or(text);
        }
        let characters = |bytes: &[u8]| bytes.iter().filter(|&&b| !is_continuation(b)).count();
        match text.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                // Counted on the error path, or over text just read and
                // still in the cache: the vectorised filter is fast enough,
                // and `bytecount` would be the crate's one dependency for it.
                #[allow(clippy::naive_bytecount, reason = "see above")]
                let lines = text[..=last].iter().filter(|&&b| b == b'\n').count();
                self.line += lines;
                self.column = 1 + characters(&text[last + 1..]);
            }
            None => self.column += characters(text),
        }
    }

    /// The cursor after `text`.
    pub(crate) fn after(text: &[u8]) -> Self {
        let mut cursor = Self::new();
        cursor.advance(text);
        cursor
    }
}

const fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

// ---------------------------------------------------------------------------
// ReadError
// ---------------------------------------------------------------------------

/// The error of [`read_to_string`] and [`crate::fs::read_to_string`]: an
/// I/O error, or text that is not UTF-8 and where; with every byte read,
/// given back.
///
/// Its message names the place as compilers do,
/// `notes.txt:12:7: invalid UTF-8 at byte 345 (…)` for a file, and
/// `line 12, column 7: …` for a reader. It converts into an `io::Error`
/// (kind `InvalidData` for invalid text, the I/O error's own kind
/// otherwise), so `?` works in functions that return `io::Result`.
///
/// # Examples
///
/// ```
/// use std::io::Cursor;
/// use utf8lit::ErrorKind;
///
/// let err = utf8lit::io::read_to_string(Cursor::new(b"ok\n\xC0\x80")).unwrap_err();
/// let utf8 = err.utf8_error().unwrap();
/// assert_eq!((utf8.valid_up_to(), utf8.kind()), (3, ErrorKind::Overlong));
/// assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
/// assert!(err.io_error().is_none());
///
/// let io: std::io::Error = err.into();
/// assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);
/// ```
#[derive(Debug)]
pub struct ReadError {
    problem: ReadProblem,
    bytes: Vec<u8>,
    path: Option<PathBuf>,
}

#[derive(Debug)]
enum ReadProblem {
    Io(io::Error),
    Utf8 {
        error: Utf8Error,
        line: usize,
        column: usize,
    },
}

impl ReadError {
    fn io(error: io::Error, bytes: Vec<u8>) -> Self {
        Self {
            problem: ReadProblem::Io(error),
            bytes,
            path: None,
        }
    }

    fn utf8(error: Utf8Error, bytes: Vec<u8>) -> Self {
        let before = bytes.get(..error.valid_up_to()).unwrap_or(&bytes);
        let cursor = Cursor::after(before);
        Self {
            problem: ReadProblem::Utf8 {
                error,
                line: cursor.line,
                column: cursor.column,
            },
            bytes,
            path: None,
        }
    }

    pub(crate) fn with_path(mut self, path: &Path) -> Self {
        self.path = Some(path.to_path_buf());
        self
    }

    pub(crate) fn opening(error: io::Error, path: &Path) -> Self {
        Self::io(error, Vec::new()).with_path(path)
    }

    /// Where and why the text is not UTF-8; `None` for an I/O error.
    #[must_use]
    pub fn utf8_error(&self) -> Option<Utf8Error> {
        match self.problem {
            ReadProblem::Utf8 { error, .. } => Some(error),
            ReadProblem::Io(_) => None,
        }
    }

    /// The I/O error that stopped the reading; `None` for invalid text.
    #[must_use]
    pub fn io_error(&self) -> Option<&io::Error> {
        match &self.problem {
            ReadProblem::Io(error) => Some(error),
            ReadProblem::Utf8 { .. } => None,
        }
    }

    /// The 1-based line of the first invalid byte; `None` for an I/O error.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self.problem {
            ReadProblem::Utf8 { line, .. } => Some(line),
            ReadProblem::Io(_) => None,
        }
    }

    /// The 1-based column, in characters, of the first invalid byte; `None`
    /// for an I/O error.
    #[must_use]
    pub fn column(&self) -> Option<usize> {
        match self.problem {
            ReadProblem::Utf8 { column, .. } => Some(column),
            ReadProblem::Io(_) => None,
        }
    }

    /// The file, for [`crate::fs::read_to_string`].
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Every byte read before the error (for invalid text: the whole input
    /// read so far, the invalid bytes included).
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Every byte read before the error, given back.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.problem, &self.path) {
            (
                ReadProblem::Utf8 {
                    error,
                    line,
                    column,
                },
                Some(path),
            ) => {
                write!(f, "{}:{line}:{column}: {error}", path.display())
            }
            (
                ReadProblem::Utf8 {
                    error,
                    line,
                    column,
                },
                None,
            ) => {
                write!(f, "line {line}, column {column}: {error}")
            }
            (ReadProblem::Io(error), Some(path)) => write!(f, "{}: {error}", path.display()),
            (ReadProblem::Io(error), None) => fmt::Display::fmt(error, f),
        }
    }
}

/// The message says it all: no `source`, so that a report does not repeat
/// it. The I/O error and the UTF-8 error are [`ReadError::io_error`] and
/// [`ReadError::utf8_error`].
impl std::error::Error for ReadError {}

impl From<ReadError> for io::Error {
    /// Kind `InvalidData` for invalid text, the I/O error's kind otherwise;
    /// the `ReadError` inside (`get_ref`, `into_inner`).
    fn from(error: ReadError) -> Self {
        let kind = match &error.problem {
            ReadProblem::Io(io) => io.kind(),
            ReadProblem::Utf8 { .. } => io::ErrorKind::InvalidData,
        };
        io::Error::new(kind, error)
    }
}

// ---------------------------------------------------------------------------
// Utf8Reader
// ---------------------------------------------------------------------------

/// An `io::Read` and `io::BufRead` adapter that passes valid UTF-8 through
/// and stops at the first invalid byte with an `io::Error` of kind
/// `InvalidData`.
///
/// Every byte before the error is delivered first; the read after them
/// fails, and so does every read after that: a caller that went on reading
/// must not see a clean end of text that is not there. (So stop at the
/// first error of `lines()`, e.g. by collecting into a `Result`.) The error's payload is an
/// [`InvalidUtf8`] (line and column), and its `source()` is the explaining
/// [`Utf8Error`]. A character split between two reads of the inner reader
/// is held back until it is whole, so each `fill_buf` is text.
///
/// # Examples
///
/// ```
/// use std::error::Error as _;
/// use std::io::{BufRead, Cursor};
/// use utf8lit::io::{InvalidUtf8, Utf8Reader};
///
/// let reader = Utf8Reader::new(Cursor::new(b"one\ntwo\nthr\xEBe\n"));
/// let mut lines = reader.lines();
/// assert_eq!(lines.next().unwrap()?, "one");
/// assert_eq!(lines.next().unwrap()?, "two");
///
/// let err = lines.next().unwrap().unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(err.to_string(), "line 3, column 4: invalid UTF-8 at byte 11 (missing continuation byte)");
/// let at = err.get_ref().unwrap().downcast_ref::<InvalidUtf8>().unwrap();
/// assert_eq!((at.line(), at.column()), (3, 4));
/// let why = err.source().unwrap().downcast_ref::<utf8lit::Utf8Error>().unwrap();
/// assert_eq!(why.valid_up_to(), 11);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Utf8Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    /// The next byte to hand out.
    pos: usize,
    /// The end of the checked, complete text: `buf[pos..ready]` is what
    /// `fill_buf` offers.
    ready: usize,
    /// The end of the bytes read: `buf[ready..filled]` is an incomplete
    /// sequence held back, or, after an error, the invalid bytes on.
    filled: usize,
    /// The stream offset of `buf[0]`.
    offset: usize,
    validator: Utf8Validator,
    /// The line and column at `ready`.
    cursor: Cursor,
    failed: Option<InvalidUtf8>,
}

/// The smallest buffer: room for a held-back sequence (three bytes) and
/// more.
const MIN_CAPACITY: usize = 16;

impl<R: Read> Utf8Reader<R> {
    /// Wraps `inner` with a 64 KiB buffer.
    pub fn new(inner: R) -> Self {
        Self::with_capacity(64 * 1024, inner)
    }

    /// Wraps `inner` with a buffer of `capacity` bytes (at least 16).
    pub fn with_capacity(capacity: usize, inner: R) -> Self {
        Self {
            inner,
            buf: vec![0; capacity.max(MIN_CAPACITY)].into_boxed_slice(),
            pos: 0,
            ready: 0,
            filled: 0,
            offset: 0,
            validator: Utf8Validator::new(),
            cursor: Cursor::new(),
            failed: None,
        }
    }

    /// The inner reader.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader. Reading from it directly skips the check of what
    /// it reads.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The bytes read from the inner reader and not handed out yet: after
    /// an error, the invalid bytes and those after them, which nothing
    /// else returns.
    pub fn buffer(&self) -> &[u8] {
        &self.buf[self.pos..self.filled]
    }

    /// The inner reader; the bytes of [`buffer`](Self::buffer) are dropped.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads until there is text to hand out, the end, or an error.
    fn fill(&mut self) -> io::Result<()> {
        while self.pos == self.ready {
            if let Some(failed) = &self.failed {
                return Err(failed.to_io_error());
            }
            // Keep the held-back bytes, at the front.
            self.buf.copy_within(self.ready..self.filled, 0);
            self.offset += self.ready;
            self.filled -= self.ready;
            (self.pos, self.ready) = (0, 0);
            let n = self.inner.read(&mut self.buf[self.filled..])?;
            let checked = if n == 0 {
                self.validator.finish()
            } else {
                let new = self.filled..self.filled + n;
                self.filled += n;
                self.validator.update(&self.buf[new])
            };
            self.ready = match checked {
                Ok(()) => self.filled - self.validator.pending_len(),
                Err(error) => error.valid_up_to() - self.offset,
            };
            self.cursor.advance(&self.buf[..self.ready]);
            if let Err(error) = checked {
                self.failed = Some(InvalidUtf8 {
                    error,
                    line: self.cursor.line,
                    column: self.cursor.column,
                });
            } else if n == 0 {
                break;
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for Utf8Reader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let text = self.fill_buf()?;
        let n = text.len().min(out.len());
        out[..n].copy_from_slice(&text[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Utf8Reader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.fill()?;
        Ok(&self.buf[self.pos..self.ready])
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.ready);
    }
}

/// The payload of the `io::Error` a [`Utf8Reader`] returns: where the first
/// invalid byte is, and (as `source`) why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidUtf8 {
    error: Utf8Error,
    line: usize,
    column: usize,
}

impl InvalidUtf8 {
    /// Where and why the text is not UTF-8.
    #[must_use]
    pub fn utf8_error(&self) -> Utf8Error {
        self.error
    }

    /// The 1-based line of the first invalid byte.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters, of the first invalid byte.
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    fn to_io_error(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }
}

/// The place and the kind; the explanation is the `source`.
impl fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: invalid UTF-8 at byte {} ({})",
            self.line,
            self.column,
            self.error.valid_up_to(),
            self.error.kind()
        )
    }
}

impl std::error::Error for InvalidUtf8 {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
