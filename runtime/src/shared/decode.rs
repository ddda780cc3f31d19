//! The strict RFC 3629 decoder: the single source of truth for every verdict.
//!
//! Everything here is a `const fn`, so the same code answers at compile time
//! (in `const` items, and — compiled from this very file — inside the
//! `utf8lit-macros` proc macro) and at run time. The run-time fast paths may
//! only *accelerate* the valid case; whenever they see trouble they hand the
//! region back to [`validate_from`], which decides the error's offset, length
//! and [`ErrorKind`].
//!
//! The proc-macro crate compiles this very file, so the macros and the
//! run time decide alike. The decoder builds each [`Utf8Error`] and knows
//! nothing of what it will say: the error's kind and length are this
//! grammar's reading of the bytes it kept, when asked
//! ([`Utf8Error::kind`], [`Utf8Error::error_len`]); what the bytes meant
//! ([`Utf8Error::meaning`]) and the message are worked out from the error
//! alone.
//!
//! # The grammar
//!
//! RFC 3629 §4, with the ranges of Unicode 16.0 ch. 3 Table 3-7:
//!
//! ```text
//! UTF8-octets = *( UTF8-char )
//! UTF8-char   = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
//! UTF8-1      = %x00-7F
//! UTF8-2      = %xC2-DF UTF8-tail
//! UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//!               %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//! UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//!               %xF4 %x80-8F 2( UTF8-tail )
//! UTF8-tail   = %x80-BF
//! ```
//!
//! Only the *second* byte of a sequence has a lead-dependent range; every
//! later byte is a plain `UTF8-tail`. The private `read_sequence` is that grammar as a
//! `match`, and classifies each way of leaving it.
//!
//! # Where errors stop
//!
//! An error covers the *maximal subpart* of the ill-formed sequence (Unicode
//! ch. 3 §3.9): the longest prefix of a well-formed sequence, or one byte when
//! there is none. That is exactly `core::str::Utf8Error::error_len`, so a
//! [`Utf8Error`] agrees with `core::str::from_utf8` on every input, and an
//! input that ends inside a still-valid prefix has no length
//! ([`ErrorKind::Truncated`]).
//!
//! # What it deliberately leaves out
//!
//! Decoding to `&str` (that is what the validated types are for), lossy
//! conversion, and SIMD. Noncharacters (U+FFFE, U+FDD0, …), U+0000 and U+FEFF
//! are valid UTF-8 and are accepted unchanged.

use super::error::{tail, ErrorKind, Utf8Error};

/// Bits of a continuation byte (`10xx_xxxx`) that carry payload.
pub const CONT_MASK: u8 = 0b0011_1111;

/// Bytes whose top bit is clear, one per byte of a `u128`: a block of sixteen
/// bytes is ASCII exactly when `block & ASCII_MASK == 0`.
const ASCII_MASK: u128 = u128::from_ne_bytes([0x80; 16]);

/// How many bytes the ASCII fast path takes at once.
const BLOCK: usize = 16;

/// Returns `true` for a continuation byte (`10xx_xxxx`, 0x80–0xBF).
#[inline]
#[must_use]
pub const fn is_continuation(byte: u8) -> bool {
    byte & 0b1100_0000 == 0b1000_0000
}

/// The length a lead byte announces under the *original* bit patterns of
/// RFC 2279: 1 for ASCII, 2–6 for `110x_xxxx` … `1111_110x`, and 0 for a
/// continuation byte, `FE` and `FF`.
///
/// This is the structural reading used to explain errors. It does not say the
/// sequence is valid: `C0`, `F5` and `F8` all announce lengths here, and none
/// of them starts RFC 3629 UTF-8.
///
/// # Examples
///
/// ```
/// use utf8lit::decode::announced_len;
///
/// assert_eq!(announced_len(b'a'), 1);
/// assert_eq!(announced_len(0xC3), 2);
/// assert_eq!(announced_len(0xF0), 4);
/// assert_eq!(announced_len(0xFC), 6); // RFC 2279's 6-byte form
/// assert_eq!(announced_len(0x80), 0); // a continuation byte leads nothing
/// assert_eq!(announced_len(0xFF), 0);
/// ```
#[must_use]
pub const fn announced_len(lead: u8) -> usize {
    match lead.leading_ones() {
        0 => 1,
        n @ 2..=6 => n as usize,
        _ => 0,
    }
}

/// The payload bits of a lead byte announcing `len` bytes (2–6).
const fn lead_payload(lead: u8, len: usize) -> u32 {
    (lead & (0x7F >> len)) as u32
}

/// How one sequence failed: its kind and its maximal subpart's length
/// (`0` standing for "runs to the end of the input", `error_len() == None`).
type Invalid = (ErrorKind, u8);

/// Reads one sequence at the start of `s`: the scalar value and its length in
/// bytes, or how it fails. This `match` is the ABNF in the module docs.
///
/// Always inlined: it is the body of the validation loop, where the value it
/// computes is dead and must be optimised away, which `#[inline]` alone does
/// not guarantee.
#[inline(always)]
const fn read_sequence(s: &[u8]) -> Result<(u32, usize), Invalid> {
    const END: Invalid = (ErrorKind::Truncated, 0);
    let b0 = match s {
        [b, ..] => *b,
        [] => return Err(END),
    };
    // The lead decides the length and the range of the second byte.
    let (len, lo, hi) = match b0 {
        0x00..=0x7F => return Ok((b0 as u32, 1)),
        0x80..=0xBF => return Err((ErrorKind::UnexpectedContinuation, 1)),
        0xC0 | 0xC1 => return Err((ErrorKind::Overlong, 1)),
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE | 0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        0xF5..=0xF7 => return Err((ErrorKind::OutOfRange, 1)),
        0xF8..=0xFD => return Err((ErrorKind::ObsoleteForm, 1)),
        0xFE | 0xFF => return Err((ErrorKind::InvalidByte, 1)),
    };
    let b1 = match s {
        [_, b, ..] => *b,
        _ => return Err(END),
    };
    if b1 < lo || b1 > hi {
        let kind = if !is_continuation(b1) {
            ErrorKind::MissingContinuation
        } else if b1 < lo {
            // E0 80–9F, F0 80–8F: fits in fewer bytes.
            ErrorKind::Overlong
        } else if b0 == 0xED {
            // ED A0–BF: U+D800–U+DFFF.
            ErrorKind::Surrogate
        } else {
            // F4 90–BF: above U+10FFFF.
            ErrorKind::OutOfRange
        };
        return Err((kind, 1));
    }
    let mut value = (lead_payload(b0, len) << 6) | (b1 & CONT_MASK) as u32;
    if len == 2 {
        return Ok((value, 2));
    }
    let b2 = match s {
        [_, _, b, ..] => *b,
        _ => return Err(END),
    };
    if !is_continuation(b2) {
        return Err((ErrorKind::MissingContinuation, 2));
    }
    value = (value << 6) | (b2 & CONT_MASK) as u32;
    if len == 3 {
        return Ok((value, 3));
    }
    let b3 = match s {
        [_, _, _, b, ..] => *b,
        _ => return Err(END),
    };
    if !is_continuation(b3) {
        return Err((ErrorKind::MissingContinuation, 3));
    }
    Ok(((value << 6) | (b3 & CONT_MASK) as u32, 4))
}

impl Utf8Error {
    /// The length of the ill-formed sequence at `valid_up_to` (its maximal
    /// subpart, 1 to 3 bytes), or `None` when the input ends inside a
    /// sequence that could still have been completed.
    ///
    /// Same as [`core::str::Utf8Error::error_len`]. Read from the bytes the
    /// error kept (a few instructions), not stored.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = utf8lit::validate(b"ab\xE2\x82(").unwrap_err();
    /// assert_eq!(err.error_len(), Some(2)); // `(` cannot continue E2 82
    ///
    /// let err = utf8lit::validate(b"ab\xE2\x82").unwrap_err();
    /// assert_eq!(err.error_len(), None); // may yet become '€'
    /// ```
    #[must_use]
    pub const fn error_len(&self) -> Option<usize> {
        match self.reading() {
            (_, 0) => None,
            (_, n) => Some(n as usize),
        }
    }

    /// Why the bytes are not UTF-8.
    ///
    /// Read from the bytes the error kept (a few instructions), not stored.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::ErrorKind;
    ///
    /// let err = utf8lit::validate(b"caf\xE9").unwrap_err(); // Latin-1 'é'
    /// assert_eq!(err.kind(), ErrorKind::Truncated);
    ///
    /// let err = utf8lit::validate(b"caf\xE9 au lait").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::MissingContinuation);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.reading().0
    }

    /// How the sequence at `valid_up_to` fails, read from the error's
    /// window: the same as from the whole input, since a sequence is at
    /// most four bytes and the window keeps six, or all that were left.
    const fn reading(&self) -> Invalid {
        match read_sequence(self.window()) {
            Err(invalid) => invalid,
            // Never: an error is recorded only where the bytes are no
            // character. A wrong kind beats a panic.
            Ok(_) => (ErrorKind::InvalidByte, 1),
        }
    }
}

/// Checks that `bytes` is UTF-8 as RFC 3629 defines it.
///
/// This is the reference decoder, usable in `const` items. At run time prefer
/// [`crate::validate`](../fn.validate.html), which gives the same verdict on
/// every input but is free to take a faster road to it.
///
/// # Errors
///
/// The first ill-formed sequence, as a [`Utf8Error`] whose `valid_up_to` and
/// `error_len` equal those of `core::str::from_utf8`.
///
/// # Examples
///
/// ```
/// use utf8lit::{decode, ErrorKind};
///
/// const GREETING: &[u8] = b"Gr\xC3\xBC\xC3\x9Fe";
/// const _: () = assert!(decode::validate(GREETING).is_ok());
///
/// let err = decode::validate(b"caf\xE9").unwrap_err();
/// assert_eq!(err.valid_up_to(), 3);
/// assert_eq!(err.error_len(), None); // E9 leads a 3-byte sequence that the input cuts off
/// assert_eq!(err.kind(), ErrorKind::Truncated);
/// ```
pub const fn validate(bytes: &[u8]) -> Result<(), Utf8Error> {
    validate_from(bytes, 0)
}

/// Checks `bytes[start..]`, reporting errors at their offset in `bytes`.
///
/// Use it to resume after an error: skip `error_len()` bytes and go on. The
/// bytes before `start` are not checked, but they are consulted to explain an
/// error (a lone high byte after ASCII looks like ISO-8859-1). A `start` past
/// the end checks nothing.
///
/// # Errors
///
/// The first ill-formed sequence at or after `start`.
///
/// # Examples
///
/// Count the errors in a buffer, one per maximal subpart, as
/// `String::from_utf8_lossy` replaces them:
///
/// ```
/// use utf8lit::decode::validate_from;
///
/// let bytes = b"a\xC0\x80b\xED\xA0\x80";
/// let mut errors = 0;
/// let mut at = 0;
/// while let Err(e) = validate_from(bytes, at) {
///     errors += 1;
///     match e.error_len() {
///         Some(len) => at = e.valid_up_to() + len,
///         None => break,
///     }
/// }
/// assert_eq!(errors, 5); // C0, 80, ED, A0, 80
/// assert_eq!(String::from_utf8_lossy(bytes).matches('\u{FFFD}').count(), 5);
/// ```
pub const fn validate_from(bytes: &[u8], start: usize) -> Result<(), Utf8Error> {
    let len = bytes.len();
    let mut at = start;
    while at < len {
        // Indexing is protected by the loop condition.
        if bytes[at] < 0x80 {
            // ASCII fast path, a block at a time, tried at block-aligned
            // offsets only so that mixed text pays for at most one failed
            // attempt per block.
            if at.is_multiple_of(BLOCK) {
                while let Some((block, _)) = tail(bytes, at).split_first_chunk::<BLOCK>() {
                    if u128::from_ne_bytes(*block) & ASCII_MASK != 0 {
                        break;
                    }
                    at += BLOCK;
                }
            }
            // Indexing is protected by `at < len`.
            if at < len && bytes[at] < 0x80 {
                at += 1;
            }
            continue;
        }
        match read_sequence(tail(bytes, at)) {
            Ok((_, n)) => at += n,
            Err(_) => return Err(Utf8Error::new(bytes, at)),
        }
    }
    Ok(())
}

/// The first error at or after `from`, where a kernel flagged `flag`: the
/// sequences from `from` (a boundary, the bytes before it valid) read one
/// by one up to the flag, then the one there explained by [`error_at`].
/// The error starts at most three bytes before the flag, so this reads a
/// few sequences, where [`validate_from`], handed a start before the
/// error, would read through them with its set-up for long text.
pub(crate) const fn error_near(bytes: &[u8], from: usize, flag: usize) -> Result<(), Utf8Error> {
    let mut at = from;
    while at < flag && at < bytes.len() {
        // Indexing is protected by the loop condition.
        if bytes[at] < 0x80 {
            at += 1;
            continue;
        }
        match read_sequence(tail(bytes, at)) {
            Ok((_, n)) => at += n,
            Err(_) => break,
        }
    }
    error_at(bytes, at)
}

/// [`validate_from`] where an error is known to start at `at` (the bytes
/// before it are valid): the error built in place.
///
/// Nearly always the first byte and the one after it make the error
/// certain ([`certain_error`]), and it is recorded with no sequence read;
/// the rest goes to [`read_sequence`] in a second call, so that this one
/// needs few registers and little stack frame.
#[inline]
pub(crate) const fn error_at(bytes: &[u8], at: usize) -> Result<(), Utf8Error> {
    match bytes.split_at_checked(at) {
        Some((_, rest @ [b0, ..])) if *b0 >= 0x80 && certain_error(rest) => {
            Err(Utf8Error::build(bytes, at))
        }
        _ => error_at_by_sequence(bytes, at),
    }
}

/// [`error_at`] where the byte at `at` is known to be a high byte (not
/// ASCII): the input's first, as a kernel reports it. The run-time fast
/// path's answer for an error in the first bytes. Such a byte that ends
/// the input is an error, whatever it is: no test waits for its load.
///
/// Always inlined: the early-error path makes no call.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the point: no call on the early-error path"
)]
pub(crate) const fn error_at_high(bytes: &[u8], at: usize) -> Result<(), Utf8Error> {
    debug_assert!(
        matches!(tail(bytes, at).first(), Some(b) if *b >= 0x80),
        "the byte at `at` is a high byte"
    );
    // The rest matched where it is split off, not through `tail`: its
    // empty slice for an offset past the end took two conditional moves
    // ahead of the test of its length.
    match bytes.split_at_checked(at) {
        Some((_, rest)) if certain_error(rest) => Err(Utf8Error::build(bytes, at)),
        _ => error_at_by_sequence(bytes, at),
    }
}

/// [`error_at`] by reading the sequence.
#[inline(never)]
const fn error_at_by_sequence(bytes: &[u8], at: usize) -> Result<(), Utf8Error> {
    match read_sequence(tail(bytes, at)) {
        Err(_) => Err(Utf8Error::build(bytes, at)),
        // Not an error after all: the caller was wrong; the decoder decides.
        Ok(_) => validate_from(bytes, at),
    }
}

/// Whether the sequence at the start of `rest`, a high byte, is certainly
/// ill-formed, told by that byte and the one after it: a byte that leads
/// no sequence (a continuation byte, `C0`, `C1`, `F5`–`FF`), a lead
/// followed by a byte that does not continue it, or a high byte that is
/// the input's last.
/// That is the usual error in the first bytes of a file that is not UTF-8
/// (a Latin-1 letter in ASCII text, a binary file's first high byte) and
/// of a field cut short. A few comparisons on bytes at hand: no table,
/// whose load would wait for the byte's, and no reading of the sequence:
/// the error's kind and length are read when asked.
///
/// Always inlined: the early-error path makes no call.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the point: no call on the early-error path"
)]
const fn certain_error(rest: &[u8]) -> bool {
    match rest {
        [_] => true,
        [b0, b1, ..] => !(matches!(*b0, 0xC2..=0xF4) && is_continuation(*b1)),
        [] => false,
    }
}

/// The length of the sequence at `at`, and nothing else: `Ok(len)` for a
/// character, `Err(Some(n))` for an ill-formed maximal subpart of `n`
/// bytes, `Err(None)` for a valid prefix that the end of the input cuts off.
/// What a lossy decoder needs, without building an error.
///
/// Written for text where errors are dense (ISO-8859-1, binary): the
/// non-ASCII bytes that start no sequence (continuation bytes, `C0`, `C1`,
/// `F5`–`FF`) are all a 1-byte error in [`read_sequence`]'s table, and one
/// range check settles them before its `match`, whose jump through a table
/// mispredicts on random bytes.
#[inline]
#[allow(dead_code, reason = "used by the lossy decoder, which needs `alloc`")]
pub(crate) const fn sequence_len(bytes: &[u8], at: usize) -> Result<usize, Option<usize>> {
    if let Some(&b0) = tail(bytes, at).first() {
        if b0 >= 0x80 && !matches!(b0, 0xC2..=0xF4) {
            return Err(Some(1));
        }
    }
    match read_sequence(tail(bytes, at)) {
        Ok((_, len)) => Ok(len),
        Err((_, 0)) => Err(None),
        Err((_, len)) => Err(Some(len as usize)),
    }
}

/// Decodes the scalar value that starts at byte `at`.
///
/// Returns `None` when `at` is at or past the end, otherwise the `char` and
/// its length in bytes (1–4), or the error whose `valid_up_to()` is `at`.
///
/// # Examples
///
/// ```
/// use utf8lit::{decode::next_char, ErrorKind};
///
/// let bytes = "añ€😀".as_bytes();
/// assert_eq!(next_char(bytes, 1), Some(Ok(('ñ', 2))));
/// assert_eq!(next_char(bytes, 6), Some(Ok(('😀', 4))));
/// assert_eq!(next_char(bytes, 10), None);
///
/// let err = next_char(bytes, 2).unwrap().unwrap_err(); // the middle of 'ñ'
/// assert_eq!(err.kind(), ErrorKind::UnexpectedContinuation);
/// assert_eq!(err.valid_up_to(), 2);
/// ```
#[must_use]
pub const fn next_char(bytes: &[u8], at: usize) -> Option<Result<(char, usize), Utf8Error>> {
    if at >= bytes.len() {
        return None;
    }
    Some(match read_sequence(tail(bytes, at)) {
        Ok((value, len)) => match char::from_u32(value) {
            Some(ch) => Ok((ch, len)),
            // read_sequence only accepts scalar values; this arm is never
            // taken, but a wrong verdict beats a panic.
            None => Err(Utf8Error::new(bytes, at)),
        },
        Err(_) => Err(Utf8Error::new(bytes, at)),
    })
}

/// A `char` written in UTF-8: up to four bytes, on the stack.
///
/// # Examples
///
/// ```
/// use utf8lit::decode::encode_char;
///
/// assert_eq!(encode_char('é').as_bytes(), b"\xC3\xA9");
/// assert_eq!(encode_char('\u{233B4}').as_bytes(), [0xF0, 0xA3, 0x8E, 0xB4]);
/// assert_eq!(encode_char('é').to_string(), "C3 A9"); // Display: hex, as messages quote it
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodedChar {
    bytes: [u8; 4],
    len: u8,
}

impl EncodedChar {
    /// The encoded bytes.
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8] {
        match self.bytes.split_at_checked(self.len as usize) {
            Some((head, _)) => head,
            None => &self.bytes,
        }
    }

    /// The number of bytes, 1 to 4.
    #[must_use]
    #[expect(clippy::len_without_is_empty, reason = "never empty")]
    pub const fn len(&self) -> usize {
        self.len as usize
    }
}

/// Encodes a `char` as UTF-8 (its shortest and only valid form).
///
/// # Examples
///
/// ```
/// use utf8lit::decode::encode_char;
///
/// const NUL: utf8lit::decode::EncodedChar = encode_char('\0');
/// assert_eq!(NUL.as_bytes(), [0x00]); // not the overlong C0 80
/// assert_eq!(encode_char('\u{10FFFF}').as_bytes(), [0xF4, 0x8F, 0xBF, 0xBF]);
/// ```
#[must_use]
pub const fn encode_char(ch: char) -> EncodedChar {
    /// The continuation byte carrying bits `shift..shift + 6` of `c`.
    const fn tail_byte(c: u32, shift: u32) -> u8 {
        0x80 | ((c >> shift) as u8 & CONT_MASK)
    }
    let c = ch as u32;
    let (bytes, len) = if c < 0x80 {
        ([c as u8, 0, 0, 0], 1)
    } else if c < 0x800 {
        ([0xC0 | (c >> 6) as u8, tail_byte(c, 0), 0, 0], 2)
    } else if c < 0x1_0000 {
        (
            [0xE0 | (c >> 12) as u8, tail_byte(c, 6), tail_byte(c, 0), 0],
            3,
        )
    } else {
        let lead = 0xF0 | (c >> 18) as u8;
        (
            [lead, tail_byte(c, 12), tail_byte(c, 6), tail_byte(c, 0)],
            4,
        )
    };
    EncodedChar { bytes, len }
}

/// Reads the sequence at `at` the way RFC 2279 (1998) did: a lead announcing
/// 1 to 6 bytes and that many continuation bytes, giving a value of up to 31
/// bits, with no check for overlong forms, surrogates or the U+10FFFF cap.
///
/// RFC 3629 (2003) removed the 5- and 6-byte forms; this reading exists to
/// *explain* them (and the other structural impostors), never to accept them.
/// Returns the value and the length, or `None` if the bytes at `at` are not a
/// complete sequence of that shape.
///
/// # Examples
///
/// ```
/// use utf8lit::decode::decode_rfc2279;
///
/// // Kuhn's test 2.1.5: the first 5-byte sequence.
/// assert_eq!(decode_rfc2279(b"\xF8\x88\x80\x80\x80", 0), Some((0x20_0000, 5)));
/// // The largest 6-byte sequence, 2^31 - 1.
/// assert_eq!(decode_rfc2279(b"\xFD\xBF\xBF\xBF\xBF\xBF", 0), Some((0x7FFF_FFFF, 6)));
/// // Overlong and surrogate forms read "fine" under the old rules.
/// assert_eq!(decode_rfc2279(b"\xC0\x80", 0), Some((0, 2)));
/// // Cut short, or a continuation byte where a lead belongs:
/// assert_eq!(decode_rfc2279(b"\xF8\x88", 0), None);
/// assert_eq!(decode_rfc2279(b"\x80", 0), None);
/// ```
#[must_use]
pub const fn decode_rfc2279(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let s = tail(bytes, at);
    let lead = match s {
        [b, ..] => *b,
        [] => return None,
    };
    let len = announced_len(lead);
    if len == 0 {
        return None;
    }
    if len == 1 {
        return Some((lead as u32, 1));
    }
    let (first, last) = value_range(s, len);
    if first == last && count_tail(s, len) == len {
        Some((first, len))
    } else {
        None
    }
}

/// How many bytes of `s`, up to `len`, form a lead followed by continuation
/// bytes (0 for an empty `s` or a `len` of 0).
pub(super) const fn count_tail(s: &[u8], len: usize) -> usize {
    if s.is_empty() || len == 0 {
        return 0;
    }
    let mut n = 1;
    let mut rest = tail(s, 1);
    while n < len {
        match rest {
            [b, after @ ..] if is_continuation(*b) => {
                n += 1;
                rest = after;
            }
            _ => break,
        }
    }
    n
}

/// The least value a form of `len` bytes (2 to 6) writes without being
/// overlong, under RFC 3629 and RFC 2279 alike: U+0080, U+0800, U+10000,
/// U+200000, U+4000000. 0 for other lengths.
pub(super) const fn shortest_from(len: usize) -> u32 {
    match len {
        2 => 0x80,
        3 => 0x800,
        4 => 0x1_0000,
        5 => 0x20_0000,
        6 => 0x400_0000,
        _ => 0,
    }
}

/// The values a lead announcing `len` bytes, followed by the continuation
/// bytes present in `s`, can take once completed: `(first, last)`, equal
/// when the sequence is complete. `len` is 2 to 6, so 31 bits suffice.
pub(super) const fn value_range(s: &[u8], len: usize) -> (u32, u32) {
    let mut value = match s {
        [lead, ..] => lead_payload(*lead, len),
        [] => 0,
    };
    let present = count_tail(s, len);
    let mut i = 1;
    let mut rest = tail(s, 1);
    while i < present {
        if let [b, after @ ..] = rest {
            value = (value << 6) | (*b & CONT_MASK) as u32;
            rest = after;
        }
        i += 1;
    }
    // At most 5 bytes are missing, so at most 30 bits: no shift overflows.
    let missing_bits = 6 * len.saturating_sub(present) as u32;
    if missing_bits >= 32 {
        return (0, u32::MAX); // unreachable for `len` in 2..=6
    }
    let first = value << missing_bits;
    (first, first | ((1 << missing_bits) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sequence_len`'s shortcut for bytes that start no sequence gives
    /// what `read_sequence` gives: every input of one and two bytes, and
    /// every two bytes followed by each class of third byte (the shortcut
    /// looks at the first byte only; the rest checks that it steps aside).
    #[test]
    fn sequence_len_is_read_sequence_on_short_inputs() {
        assert_eq!(sequence_len(&[], 0), Err(None));
        for n in 0..=u16::MAX {
            let [a, b] = n.to_le_bytes();
            for c in [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                for bytes in [&[a][..], &[a, b], &[a, b, c]] {
                    let want = match read_sequence(bytes) {
                        Ok((_, len)) => Ok(len),
                        Err((_, 0)) => Err(None),
                        Err((_, len)) => Err(Some(usize::from(len))),
                    };
                    assert_eq!(sequence_len(bytes, 0), want, "{bytes:02X?}");
                }
            }
        }
    }

    /// `error_near` from every boundary before an error, with every flag
    /// a kernel may raise for it (the error's start to three bytes on, and
    /// further), is the decoder's answer.
    #[test]
    fn error_near_is_validate_from_every_boundary_and_flag() {
        let text = "a\u{E9}b\u{20AC}\u{1F600}c".as_bytes();
        let bad: [&[u8]; 6] = [
            b"\x80",
            b"\xE9z",
            b"\xC0\x80",
            b"\xED\xA0\x80",
            b"\xF4\x90",
            b"\xE2\x82",
        ];
        for cut in 0..=text.len() {
            if cut < text.len() && is_continuation(text[cut]) {
                continue;
            }
            for error in bad {
                let bytes = [&text[..cut], error, b"xyz"].concat();
                let expected = validate_from(&bytes, 0);
                let Err(err) = expected else {
                    panic!("{bytes:02X?} is valid");
                };
                for from in (0..=cut).filter(|&i| i == cut || !is_continuation(text[i])) {
                    for flag in err.valid_up_to()..=bytes.len() {
                        assert_eq!(
                            error_near(&bytes, from, flag),
                            expected,
                            "{bytes:02X?} from {from}, flag {flag}"
                        );
                    }
                }
            }
        }
    }

    /// `error_at` is the decoder's answer, and its shortcut for a high
    /// byte answers exactly where the decoder finds an error at it, with
    /// the decoder's error: every pair of bytes after each kind of valid
    /// prefix (none, ASCII, a 2- and a 4-byte character), at the end and
    /// before two continuation bytes, which complete many, and every byte
    /// at the end; the shortcut steps aside only for a lead that its next
    /// byte continues.
    #[test]
    fn certain_error_is_validate_from_where_it_answers() {
        for prefix in [&b""[..], b"ab", "\u{E9}".as_bytes(), "\u{1F600}".as_bytes()] {
            for n in 0..=u16::MAX {
                let [a, b] = n.to_le_bytes();
                for tail in [&[a][..], &[a, b], &[a, b, 0x80, 0x80]] {
                    let bytes = [prefix, tail].concat();
                    let at = prefix.len();
                    // `error_at` is the decoder's answer from `at` on
                    // wherever it is asked: ASCII, a character, an error.
                    assert_eq!(
                        error_at(&bytes, at),
                        validate_from(&bytes, at),
                        "{bytes:02X?}"
                    );
                    if a < 0x80 {
                        continue;
                    }
                    if !certain_error(tail) {
                        assert!(
                            tail.len() > 1 && is_continuation(b),
                            "no answer for {bytes:02X?}"
                        );
                        continue;
                    }
                    let err = validate_from(&bytes, at).unwrap_err();
                    assert_eq!(err.valid_up_to(), at, "{bytes:02X?}");
                    assert_eq!(error_at_high(&bytes, at), Err(err), "{bytes:02X?}");
                }
            }
        }
    }

    /// An error's kind and length, read from its window, are the grammar's
    /// reading of the whole input from the error on: every sequence of one
    /// and two bytes; after a 3- or 4-byte lead and a continuation byte,
    /// each class of third and fourth byte, followed by nothing or by more
    /// bytes than the window keeps.
    #[test]
    fn kind_and_length_are_the_reading_of_the_input() {
        let classes = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
        let check = |bytes: &[u8]| {
            if let Err((kind, len)) = read_sequence(bytes) {
                let err = Utf8Error::build(bytes, 0);
                let len = (len > 0).then_some(usize::from(len));
                assert_eq!((err.kind(), err.error_len()), (kind, len), "{bytes:02X?}");
            }
        };
        for n in 0..=u16::MAX {
            let [a, b] = n.to_le_bytes();
            check(&[a]);
            check(&[a, b]);
            if a < 0xE0 || !is_continuation(b) {
                continue;
            }
            for c in classes {
                check(&[a, b, c]);
                for d in classes {
                    check(&[a, b, c, d]);
                    check(&[a, b, c, d, 0x80, 0x80, 0x80, 0x80]);
                }
            }
        }
    }

    /// An expected error: offset, `error_len` (0 for `None`), kind.
    fn e(valid_up_to: usize, error_len: u8, kind: ErrorKind) -> (usize, Option<usize>, ErrorKind) {
        let len = if error_len == 0 {
            None
        } else {
            Some(usize::from(error_len))
        };
        (valid_up_to, len, kind)
    }

    fn got(bytes: &[u8]) -> (usize, Option<usize>, ErrorKind) {
        let err = validate(bytes).unwrap_err();
        (err.valid_up_to(), err.error_len(), err.kind())
    }

    #[test]
    fn errors_after_the_ascii_block_path() {
        // 16-byte ASCII blocks, then trouble in the next block.
        let mut input = [b'a'; 40];
        input[33] = 0xC0;
        assert_eq!(got(&input), e(33, 1, ErrorKind::Overlong));
        // A truncated sequence at the end of a block-aligned run.
        let mut input = [b'a'; 33];
        input[32] = 0xE2;
        assert_eq!(got(&input), e(32, 0, ErrorKind::Truncated));
    }

    #[test]
    fn second_byte_decides_before_the_end() {
        assert_eq!(got(b"\xE0"), e(0, 0, ErrorKind::Truncated));
        assert_eq!(got(b"\xE0\x80"), e(0, 1, ErrorKind::Overlong));
        assert_eq!(got(b"\xED\xA0"), e(0, 1, ErrorKind::Surrogate));
        assert_eq!(got(b"\xF4\x90"), e(0, 1, ErrorKind::OutOfRange));
        assert_eq!(got(b"\xF0\x8F"), e(0, 1, ErrorKind::Overlong));
        assert_eq!(got(b"\xF5"), e(0, 1, ErrorKind::OutOfRange));
    }

    #[test]
    fn count_tail_stops_at_length_and_non_continuation() {
        // Counts the lead and its tail bytes, up to the announced length.
        assert_eq!(count_tail(b"\xE2\x82\xAC\x80", 3), 3);
        // Stops at a byte that is not a continuation.
        assert_eq!(count_tail(b"\xE2\x82A", 3), 2);
        // Empty input or length 0: nothing.
        assert_eq!(count_tail(b"", 3), 0);
        assert_eq!(count_tail(b"\x80", 0), 0);
    }

    #[test]
    fn shortest_from_is_one_past_the_shorter_forms() {
        assert_eq!(shortest_from(2), 0x80);
        assert_eq!(shortest_from(3), 0x800);
        assert_eq!(shortest_from(4), 0x1_0000);
        assert_eq!(shortest_from(5), 0x20_0000);
        assert_eq!(shortest_from(6), 0x400_0000);
        // Each is the value of the smallest sequence RFC 2279 reads as that long.
        for (len, lead) in [(2, 0xC2), (3, 0xE0), (4, 0xF0), (5, 0xF8), (6, 0xFC)] {
            let mut smallest = [0x80; 6];
            smallest[0] = lead;
            // C2 80 already; the longer ones need the next bit set in the second byte.
            if len > 2 {
                smallest[1] = 0x80 | (0x40 >> (len - 2)) as u8;
            }
            assert_eq!(
                value_range(&smallest[..len], len),
                (shortest_from(len), shortest_from(len))
            );
        }
    }

    #[test]
    fn value_range_fills_missing_bits() {
        // Complete: one value.
        assert_eq!(value_range(b"\xC0\x80", 2), (0, 0));
        // One tail byte missing: 64 values.
        assert_eq!(value_range(b"\xC1", 2), (0x40, 0x7F));
        // A 6-byte lead alone: all 31 bits of FD's half.
        assert_eq!(value_range(b"\xFD", 6), (0x4000_0000, 0x7FFF_FFFF));
    }
}
