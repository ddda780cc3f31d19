//! Validation of input that arrives in pieces, without allocating.
//!
//! A sequence may be split across chunks; the validator holds back the (at
//! most three) bytes of an incomplete trailing sequence until the next chunk
//! or [`finish`](Utf8Validator::finish). Everything else goes through
//! [`crate::validate`] chunk by chunk, so the fast path applies to all but the
//! few bytes around a split.
//!
//! Errors are found by the reference decoder on a small scratch buffer that
//! holds the bytes around a split (and the two bytes before, which the
//! Latin-1 guess of [`Utf8Error::looks_like`] consults), so the first error's
//! offset, length and kind are exactly those of [`decode::validate`] on the
//! whole stream, however it was cut.

use crate::validate::split_valid;
use crate::{decode, Utf8Error};

/// How many bytes of history an error consults: see `Utf8Error::new`, which
/// reads the last two, and tells "the input starts with exactly `00 00`"
/// from "the input so far ends with `00 00`" by a third.
const HISTORY: usize = 3;
/// The longest incomplete sequence: a 4-byte lead and two tail bytes.
const MAX_PENDING: usize = 3;
/// How many bytes of a chunk the scratch buffer takes: an error starts in
/// its first two bytes (or in the held-back ones) and its explanation reads
/// up to six bytes from there.
const LOOKAHEAD: usize = 8;

/// Checks a stream of byte chunks for UTF-8, with no allocation.
///
/// Feed chunks with [`update`](Self::update), then call
/// [`finish`](Self::finish) at the end of the stream. For every way of
/// cutting an input into chunks, the first error reported has the offset
/// (counted from the start of the stream), `error_len` and kind that
/// [`decode::validate`] reports for the whole input, and a valid input is
/// accepted.
///
/// An error is reported as soon as the byte that makes the stream invalid
/// arrives; a sequence cut off by the end of a chunk is not an error until
/// [`finish`](Self::finish). Once an error is reported the validator keeps
/// reporting it.
///
/// Because an error is reported before later chunks arrive, its explanation
/// can only use the bytes seen so far: `C0` at the end of one chunk is
/// reported as an overlong lead before its `80` arrives, so
/// [`Utf8Error::bytes`] and [`Utf8Error::meaning`] may say less than they
/// would for the whole input.
///
/// # Examples
///
/// ```
/// use utf8lit::{ErrorKind, Utf8Validator};
///
/// // "€" is E2 82 AC, split across three chunks.
/// let mut v = Utf8Validator::new();
/// v.update(b"price: \xE2")?;
/// v.update(b"\x82")?;
/// v.update(b"\xAC 5")?;
/// assert_eq!(v.valid_up_to(), 12);
/// v.finish()?;
///
/// // A surrogate split across chunks is caught when its second byte arrives.
/// let mut v = Utf8Validator::new();
/// v.update(b"ab\xED")?;
/// let err = v.update(b"\xA0\x80").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.kind()), (2, ErrorKind::Surrogate));
///
/// // A stream that stops mid-sequence is truncated.
/// let mut v = Utf8Validator::new();
/// v.update(b"\xF0\x9F\x98")?;
/// assert_eq!(v.finish().unwrap_err().kind(), ErrorKind::Truncated);
/// # Ok::<(), utf8lit::Utf8Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Utf8Validator {
    /// Bytes accepted so far: whole, valid sequences.
    accepted: usize,
    /// The last bytes accepted, oldest first (the last `history_len`).
    history: [u8; HISTORY],
    history_len: u8,
    /// An incomplete sequence held back from the end of the last chunk.
    pending: [u8; MAX_PENDING],
    pending_len: u8,
    /// The first error, once there is one.
    error: Option<Utf8Error>,
}

impl Utf8Validator {
    /// A validator at the start of a stream.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            accepted: 0,
            history: [0; HISTORY],
            history_len: 0,
            pending: [0; MAX_PENDING],
            pending_len: 0,
            error: None,
        }
    }

    /// The number of bytes accepted so far: every byte before an incomplete
    /// trailing sequence, or before the error.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Validator;
    ///
    /// let mut v = Utf8Validator::new();
    /// v.update(b"ab\xC3")?; // \xC3 waits for its second byte
    /// assert_eq!(v.valid_up_to(), 2);
    /// # Ok::<(), utf8lit::Utf8Error>(())
    /// ```
    #[must_use]
    pub const fn valid_up_to(&self) -> usize {
        self.accepted
    }

    /// The number of bytes held back as the start of an incomplete sequence
    /// (0 to 3).
    #[must_use]
    pub const fn pending_len(&self) -> usize {
        self.pending_len as usize
    }

    /// The bytes held back as the start of an incomplete sequence, waiting
    /// for the next chunk (empty when none).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::Utf8Validator;
    ///
    /// let mut v = Utf8Validator::new();
    /// v.update(b"a\xF0\x9F")?;
    /// assert_eq!(v.pending_bytes(), b"\xF0\x9F");
    /// # Ok::<(), utf8lit::Utf8Error>(())
    /// ```
    #[must_use]
    pub fn pending_bytes(&self) -> &[u8] {
        self.pending.get(..self.pending_len()).unwrap_or_default()
    }

    /// The first error, if the stream has had one.
    #[must_use]
    pub const fn error(&self) -> Option<Utf8Error> {
        self.error
    }

    /// Accepts text that is already known to be UTF-8 without checking it
    /// again, when nothing is held back; otherwise checks it like any chunk.
    #[cfg(feature = "alloc")]
    pub(crate) fn update_str(&mut self, text: &str) -> Result<(), Utf8Error> {
        if self.pending_len == 0 && self.error.is_none() {
            self.accept(text.as_bytes());
            Ok(())
        } else {
            self.update(text.as_bytes())
        }
    }

    /// Checks the next chunk of the stream.
    ///
    /// # Errors
    ///
    /// The first error in the stream, with its offset counted from the start
    /// of the stream, as soon as it is certain. After an error every call
    /// returns it again.
    pub fn update(&mut self, chunk: &[u8]) -> Result<(), Utf8Error> {
        self.update_text(chunk).1
    }

    /// [`update`](Self::update), and what it accepted as text: a character
    /// completed from held-back bytes, then a prefix of the chunk. Both are
    /// text because the decoder or `split_valid` said so right here, so
    /// `Utf8String` appends them with no proof of its own.
    pub(crate) fn update_text<'a>(
        &mut self,
        chunk: &'a [u8],
    ) -> (Accepted<'a>, Result<(), Utf8Error>) {
        let mut accepted = Accepted::default();
        if let Some(err) = self.error {
            return (accepted, Err(err));
        }
        let mut chunk = chunk;
        if self.pending_len > 0 {
            match self.complete_pending(chunk) {
                Ok(Some((ch, used))) => {
                    accepted.joined = Some(ch);
                    chunk = chunk.get(used..).unwrap_or_default();
                }
                Ok(None) => return (accepted, Ok(())),
                Err(err) => return (accepted, Err(self.fail(err))),
            }
        }
        // Split off a sequence cut by the end of the chunk, so the body
        // ends on a character boundary and the fast path proves it whole;
        // only the (at most three) bytes of the tail take the slow road.
        let (body, tail) = chunk.split_at(cut_sequence_start(chunk));
        if let Ok(text) = split_valid(body) {
            if is_incomplete(tail) {
                // The usual split (or none): hold the start of the sequence back.
                self.accept(body);
                self.pending[..tail.len()].copy_from_slice(tail);
                self.pending_len = tail.len() as u8;
                accepted.text = text;
                return (accepted, Ok(()));
            }
        }
        // An error in the body, or a tail that can never become valid: find
        // the error again with the whole chunk, whose later bytes may help
        // to explain it.
        let (text, result) = self.check(chunk);
        accepted.text = text;
        (accepted, result)
    }

    /// Checks bytes that follow the accepted ones (nothing held back), and
    /// returns the text it accepted.
    fn check<'a>(&mut self, chunk: &'a [u8]) -> (&'a str, Result<(), Utf8Error>) {
        let (valid, err) = match split_valid(chunk) {
            Ok(text) => {
                self.accept(chunk);
                return (text, Ok(()));
            }
            Err(split) => split,
        };
        let rest = chunk.get(valid.len()..).unwrap_or_default();
        if err.error_len().is_none() {
            // A sequence cut by the end of the chunk (at most three bytes, a
            // valid prefix): hold it back.
            if let Some(slot) = self.pending.get_mut(..rest.len()) {
                slot.copy_from_slice(rest);
                self.pending_len = rest.len() as u8;
                self.accept(valid.as_bytes());
                return (valid, Ok(()));
            }
        }
        let err = if err.valid_up_to() >= HISTORY {
            err.shifted(self.accepted)
        } else {
            // The explanation wants bytes from earlier chunks: find the error
            // again with them in front.
            let mut scratch = Scratch::new(self);
            scratch.extend(chunk);
            scratch.first_error().unwrap_or(err.shifted(self.accepted))
        };
        self.accept(valid.as_bytes());
        (valid, Err(self.fail(err)))
    }

    /// Ends the stream.
    ///
    /// # Errors
    ///
    /// The error from an earlier [`update`](Self::update), or
    /// [`ErrorKind::Truncated`](crate::ErrorKind::Truncated) when the stream
    /// stops inside a sequence.
    pub fn finish(&self) -> Result<(), Utf8Error> {
        if let Some(err) = self.error {
            return Err(err);
        }
        if self.pending_len == 0 {
            return Ok(());
        }
        // The held-back bytes alone are a truncated sequence.
        match Scratch::new(self).first_error() {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }

    /// Records an error and returns it.
    fn fail(&mut self, err: Utf8Error) -> Utf8Error {
        self.error = Some(err);
        err
    }

    /// Counts `valid` (whole sequences) as accepted.
    fn accept(&mut self, valid: &[u8]) {
        self.accepted += valid.len();
        if let Some(last) = valid.last_chunk::<HISTORY>() {
            // The usual case, one copy (shifting the array byte by byte in
            // memory stalled every chunk on store forwarding).
            self.history = *last;
            self.history_len = HISTORY as u8;
            return;
        }
        let mut history = self.history;
        for &b in valid {
            history.rotate_left(1);
            history[HISTORY - 1] = b;
        }
        self.history = history;
        self.history_len = (usize::from(self.history_len) + valid.len()).min(HISTORY) as u8;
    }

    /// Completes the held-back sequence with the first bytes of `chunk`.
    ///
    /// Returns the character and how many bytes of `chunk` it took, `None`
    /// if the chunk ended before the sequence did (it is held back, longer),
    /// or the error.
    fn complete_pending(&mut self, chunk: &[u8]) -> Result<Option<(char, usize)>, Utf8Error> {
        let held = self.pending_len as usize;
        // The held bytes and as many of the chunk's as a sequence can take.
        let mut seq = [0; 4];
        let more = chunk.len().min(seq.len() - held);
        seq[..held].copy_from_slice(&self.pending[..held]);
        seq[held..held + more].copy_from_slice(&chunk[..more]);
        match decode::next_char(&seq[..held + more], 0) {
            Some(Ok((ch, len))) => {
                // The held bytes were incomplete, so the chunk gave at least
                // one byte: `len > held`.
                self.pending_len = 0;
                self.accept(&seq[..len]);
                Ok(Some((ch, len - held)))
            }
            Some(Err(err)) if err.error_len().is_none() => {
                // Still incomplete: the whole (short) chunk joins the held
                // bytes, which stay a valid prefix of at most three.
                self.pending[held..held + more].copy_from_slice(&chunk[..more]);
                self.pending_len = (held + more) as u8;
                Ok(None)
            }
            // The decoder's verdict stands; ask it again with the history in
            // front and more of the chunk behind, for the full explanation.
            Some(Err(err)) => {
                let mut scratch = Scratch::new(self);
                scratch.extend(chunk);
                Err(scratch.first_error().unwrap_or(scratch.locate(err)))
            }
            // Not reached: `seq` holds the pending bytes, so it is not empty.
            None => Ok(None),
        }
    }
}

/// What a chunk added to the stream: [`Utf8Validator::update_text`].
#[derive(Debug, Default)]
pub(crate) struct Accepted<'a> {
    /// The held-back sequence, completed by the chunk's first bytes.
    pub(crate) joined: Option<char>,
    /// The chunk's bytes after that, up to a held-back tail or the error.
    pub(crate) text: &'a str,
}

/// Whether `tail` (at most three bytes, from a lead on) is the start of a
/// sequence that the next chunk may complete. Empty counts too: nothing to
/// hold back. The decoder says so, not a table of its own: a valid prefix
/// that runs into the end is exactly its `Truncated` error at offset 0.
fn is_incomplete(tail: &[u8]) -> bool {
    tail.is_empty() || matches!(decode::next_char(tail, 0), Some(Err(e)) if e.error_len().is_none())
}

/// Where a sequence cut off by the end of `chunk` starts: the offset of the
/// last lead byte if it announces more bytes than the chunk has left, else
/// the length of the chunk.
fn cut_sequence_start(chunk: &[u8]) -> usize {
    let len = chunk.len();
    for start in (len.saturating_sub(MAX_PENDING)..len).rev() {
        let byte = chunk[start];
        if !decode::is_continuation(byte) {
            return if decode::announced_len(byte) > len - start {
                start
            } else {
                len
            };
        }
    }
    len
}

/// The history, the held-back bytes and the start of a chunk, in one buffer
/// the reference decoder can read.
struct Scratch {
    buf: [u8; HISTORY + MAX_PENDING + LOOKAHEAD],
    len: usize,
    /// Where the stream's unaccepted bytes start in `buf`.
    start: usize,
    /// The stream offset of `buf[start]`.
    offset: usize,
}

impl Scratch {
    fn new(v: &Utf8Validator) -> Self {
        let history = &v.history[HISTORY - v.history_len as usize..];
        let pending = &v.pending[..v.pending_len as usize];
        let mut buf = [0; HISTORY + MAX_PENDING + LOOKAHEAD];
        buf[..history.len()].copy_from_slice(history);
        buf[history.len()..history.len() + pending.len()].copy_from_slice(pending);
        Self {
            buf,
            len: history.len() + pending.len(),
            start: history.len(),
            offset: v.accepted,
        }
    }

    /// Appends the first bytes of `chunk`, as many as fit.
    fn extend(&mut self, chunk: &[u8]) {
        let n = chunk.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&chunk[..n]);
        self.len += n;
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// An error the decoder found in this buffer, moved to its stream offset.
    /// (`start` counts history bytes, which were accepted: `offset >= start`.)
    fn locate(&self, err: Utf8Error) -> Utf8Error {
        err.shifted(self.offset - self.start)
    }

    /// The first error from `start` on, at its stream offset.
    fn first_error(&self) -> Option<Utf8Error> {
        decode::validate_from(self.bytes(), self.start)
            .err()
            .map(|err| self.locate(err))
    }
}
