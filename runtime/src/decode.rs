//! The strict RFC 3629 decoder: the single source of truth for every verdict.
//!
//! Everything here is a `const fn`, so the same code answers at compile time
//! (in `const` items, and — compiled from this very file — inside the
//! `utf8lit-macros` proc macro) and at run time. The run-time fast paths may
//! only *accelerate* the valid case; whenever they see trouble they hand the
//! region back to [`validate_from`], which decides the error's offset, length
//! and [`ErrorKind`].
//!
//! This module is a leaf: it imports nothing but `core`, never `crate::`, so
//! another crate can compile the file as its own module.
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

use core::fmt;

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

/// Returns `bytes[at..]`, or an empty slice when `at` is past the end.
#[inline]
const fn tail(bytes: &[u8], at: usize) -> &[u8] {
    match bytes.split_at_checked(at) {
        Some((_, rest)) => rest,
        None => &[],
    }
}

/// How one sequence failed: its kind and its maximal subpart's length
/// (`0` standing for "runs to the end of the input", `error_len() == None`).
type Invalid = (ErrorKind, u8);

/// Reads one sequence at the start of `s`: the scalar value and its length in
/// bytes, or how it fails. This `match` is the ABNF in the module docs.
///
/// Always inlined: it is the body of the validation loop, where the value it
/// computes is dead and must be optimised away (about 1.5× on 2- and 3-byte
/// text when it was only `#[inline]`).
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
            Err((kind, n)) => return Err(Utf8Error::new(bytes, at, kind, n)),
        }
    }
    Ok(())
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
            None => Err(Utf8Error::new(bytes, at, ErrorKind::Surrogate, 1)),
        },
        Err((kind, len)) => Err(Utf8Error::new(bytes, at, kind, len)),
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

impl fmt::Debug for EncodedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncodedChar({self})")
    }
}

/// Upper-case hex pairs separated by spaces: `F0 A3 8E B4`.
impl fmt::Display for EncodedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes())
    }
}

/// Writes bytes as upper-case hex pairs separated by spaces.
pub(crate) fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{b:02X}")?;
    }
    Ok(())
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
const fn count_tail(s: &[u8], len: usize) -> usize {
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

/// The values a lead announcing `len` bytes, followed by the continuation
/// bytes present in `s`, can take once completed: `(first, last)`, equal
/// when the sequence is complete. `len` is 2 to 6, so 31 bits suffice.
const fn value_range(s: &[u8], len: usize) -> (u32, u32) {
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

// ---------------------------------------------------------------------------
// The error
// ---------------------------------------------------------------------------

/// Why a byte sequence is not UTF-8.
///
/// Each variant is named by the *first* byte of the ill-formed sequence (the
/// one at [`Utf8Error::valid_up_to`]) and, for the special leads `E0`, `ED`,
/// `F0` and `F4`, the second:
///
/// | kind | bytes | why |
/// |---|---|---|
/// | [`UnexpectedContinuation`](Self::UnexpectedContinuation) | `80`–`BF` where a sequence must start | a tail byte with no lead |
/// | [`MissingContinuation`](Self::MissingContinuation) | a lead followed by a non-tail byte | the sequence is cut short inside the input |
/// | [`Truncated`](Self::Truncated) | a valid prefix at the very end | the input ends mid-sequence (`error_len() == None`) |
/// | [`Overlong`](Self::Overlong) | `C0`, `C1`; `E0 80`–`9F`; `F0 80`–`8F` | a longer form of a shorter code point (RFC 3629 §3, §10) |
/// | [`Surrogate`](Self::Surrogate) | `ED A0`–`BF` | U+D800–U+DFFF are not characters (CESU-8 does this) |
/// | [`OutOfRange`](Self::OutOfRange) | `F4 90`–`BF`; `F5`–`F7` | above U+10FFFF (RFC 3629 §3, §12) |
/// | [`ObsoleteForm`](Self::ObsoleteForm) | `F8`–`FD` | RFC 2279's 5- and 6-byte forms, gone since 2003 |
/// | [`InvalidByte`](Self::InvalidByte) | `FE`, `FF` | never part of any UTF-8 |
///
/// A bad second byte decides before the end of input does: `E0` alone at the
/// end is `Truncated` (it may still become `E0 A0 80`), but `E0 80` at the end
/// is already `Overlong`.
///
/// # Examples
///
/// ```
/// use utf8lit::{decode::validate, ErrorKind};
///
/// let kind = |bytes: &[u8]| validate(bytes).unwrap_err().kind();
/// assert_eq!(kind(b"\x80"), ErrorKind::UnexpectedContinuation);
/// assert_eq!(kind(b"\xE2\x82 "), ErrorKind::MissingContinuation);
/// assert_eq!(kind(b"\xE2\x82"), ErrorKind::Truncated);
/// assert_eq!(kind(b"\xC0\x80"), ErrorKind::Overlong);
/// assert_eq!(kind(b"\xED\xA0\x80"), ErrorKind::Surrogate);
/// assert_eq!(kind(b"\xF4\x90\x80\x80"), ErrorKind::OutOfRange);
/// assert_eq!(kind(b"\xF8\x88\x80\x80\x80"), ErrorKind::ObsoleteForm);
/// assert_eq!(kind(b"\xFF"), ErrorKind::InvalidByte);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A continuation byte (`80`–`BF`) where a sequence must start.
    UnexpectedContinuation,
    /// A lead byte followed, inside the input, by a byte that cannot continue
    /// its sequence.
    MissingContinuation,
    /// The input ends inside a sequence that could still have been valid.
    Truncated,
    /// A code point written with more bytes than it needs.
    Overlong,
    /// A UTF-16 surrogate (U+D800–U+DFFF) encoded as if it were a character.
    Surrogate,
    /// A code point above U+10FFFF.
    OutOfRange,
    /// An RFC 2279 5- or 6-byte form (`F8`–`FD`).
    ObsoleteForm,
    /// `FE` or `FF`, bytes that never occur in UTF-8.
    InvalidByte,
}

impl ErrorKind {
    /// The kind in a few lowercase words, fixed for each kind (usable in a
    /// `const` panic, which cannot format).
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::ErrorKind;
    ///
    /// assert_eq!(ErrorKind::Overlong.as_str(), "overlong encoding");
    /// assert_eq!(ErrorKind::Surrogate.as_str(), "surrogate code point");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UnexpectedContinuation => "unexpected continuation byte",
            Self::MissingContinuation => "missing continuation byte",
            Self::Truncated => "truncated sequence",
            Self::Overlong => "overlong encoding",
            Self::Surrogate => "surrogate code point",
            Self::OutOfRange => "code point above U+10FFFF",
            Self::ObsoleteForm => "obsolete 5- or 6-byte form",
            Self::InvalidByte => "invalid byte",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the bytes before an error were, packed into [`Utf8Error`].
const CTX_START: u8 = 0;
const CTX_AFTER_ASCII: u8 = 1;
const CTX_AFTER_OTHER: u8 = 2;
/// The error is at offset 2 after `00 00`: the start of a UTF-32BE BOM?
const CTX_AFTER_TWO_NULS: u8 = 3;

/// How many input bytes, from the error on, an error keeps to explain itself:
/// enough for a CESU-8 pair or an RFC 2279 6-byte form.
const WINDOW: usize = 6;

/// The error of a failed UTF-8 check: where, how long, what kind, and what
/// the bytes meant.
///
/// `valid_up_to` and `error_len` are exactly those of
/// `core::str::Utf8Error` for the same input, so code written against std
/// keeps working. [`kind`](Self::kind) says why, and
/// [`meaning`](Self::meaning) and [`looks_like`](Self::looks_like) say what
/// the bytes would have been. The error carries the few bytes it needs (it
/// stays `Copy` and 16 bytes on 64-bit targets), so its `Display` needs no
/// access to the input:
///
/// ```text
/// invalid UTF-8 at byte 0: overlong encoding C0 80: U+0000 in 2 bytes, where UTF-8 writes it 00
/// ```
///
/// # Examples
///
/// `error_len()` is `Some(1)`, `Some(2)`, `Some(3)` or `None`:
///
/// ```
/// use utf8lit::{decode::validate, ErrorKind};
///
/// let err = validate(b"ab\xC3\xA9\xFF").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (4, Some(1)));
///
/// let err = validate(b"\xE2\x82(").unwrap_err(); // `(` cannot continue E2 82
/// assert_eq!((err.error_len(), err.kind()), (Some(2), ErrorKind::MissingContinuation));
///
/// let err = validate(b"\xF0\x9F\x98 ").unwrap_err();
/// assert_eq!(err.error_len(), Some(3));
///
/// let err = validate(b"\xF0\x9F\x98").unwrap_err(); // may yet become 😀
/// assert_eq!((err.error_len(), err.kind()), (None, ErrorKind::Truncated));
///
/// // Same numbers as std, for every input:
/// let std_err = core::str::from_utf8(b"\xF0\x9F\x98").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (std_err.valid_up_to(), std_err.error_len()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    valid_up_to: usize,
    /// Input bytes from `valid_up_to` on; the first `avail` are meaningful.
    window: [u8; WINDOW],
    kind: ErrorKind,
    /// Bits 0–1: `error_len` (0 for `None`); bits 2–4: `avail`; bits 5–6: a
    /// `CTX_*` value.
    packed: u8,
}

impl Utf8Error {
    /// Records an error found at `at` in `bytes`. Cold: the valid case never
    /// gets here.
    #[cold]
    const fn new(bytes: &[u8], at: usize, kind: ErrorKind, error_len: u8) -> Self {
        let rest = tail(bytes, at);
        // The usual case is one copy (a byte loop became a call to `memcpy`
        // and a stalled reload at run time).
        let (window, avail) = if let Some(window) = rest.first_chunk::<WINDOW>() {
            (*window, WINDOW)
        } else {
            let mut window = [0; WINDOW];
            let mut avail = 0;
            while avail < WINDOW && avail < rest.len() {
                window[avail] = rest[avail]; // Indexing is protected by both loop bounds.
                avail += 1;
            }
            (window, avail)
        };
        let context = match bytes.split_at_checked(at) {
            Some(([], _)) | None => CTX_START,
            Some(([0, 0], _)) => CTX_AFTER_TWO_NULS,
            // Two ASCII bytes (or one at the start): a high byte in running
            // Latin text. Big5 and CP949 put ASCII-range bytes in the second
            // half of their pairs, so one is not enough.
            Some(([prev] | [.., 0x00..=0x7F, prev], _)) if *prev < 0x80 => CTX_AFTER_ASCII,
            Some(_) => CTX_AFTER_OTHER,
        };
        Self {
            valid_up_to: at,
            window,
            kind,
            packed: error_len | ((avail as u8) << 2) | (context << 5),
        }
    }

    /// The error moved `by` bytes later, for a validator that checked a
    /// slice of a longer stream.
    #[must_use]
    pub(crate) const fn shifted(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }

    /// The length of the longest prefix of the input that is valid UTF-8.
    ///
    /// Same as [`core::str::Utf8Error::valid_up_to`].
    #[must_use]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the ill-formed sequence at `valid_up_to` (its maximal
    /// subpart, 1 to 3 bytes), or `None` when the input ends inside a
    /// sequence that could still have been completed.
    ///
    /// Same as [`core::str::Utf8Error::error_len`].
    #[must_use]
    pub const fn error_len(&self) -> Option<usize> {
        match self.packed & 0b11 {
            0 => None,
            n => Some(n as usize),
        }
    }

    /// Why the bytes are not UTF-8.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    const fn avail(&self) -> usize {
        ((self.packed >> 2) & 0b111) as usize
    }

    const fn context(&self) -> u8 {
        (self.packed >> 5) & 0b11
    }

    /// The input bytes the error kept, from `valid_up_to` on.
    const fn window(&self) -> &[u8] {
        match self.window.split_at_checked(self.avail()) {
            Some((head, _)) => head,
            None => &self.window,
        }
    }

    /// For a missing continuation: the byte that came instead.
    pub(crate) const fn intruder(&self) -> Option<u8> {
        match (self.kind, self.error_len()) {
            (ErrorKind::MissingContinuation, Some(len)) => match tail(self.window(), len) {
                [b, ..] => Some(*b),
                [] => None,
            },
            _ => None,
        }
    }

    /// The ill-formed bytes the message quotes, starting at `valid_up_to`.
    ///
    /// This is the whole offending *form*, which can be longer than
    /// `error_len()`: an overlong `C0 80` has `error_len() == Some(1)`
    /// (std's maximal subpart), but both bytes are what was meant. For a
    /// CESU-8 surrogate pair it is all six bytes; for a missing continuation,
    /// the bytes before the intruder; for a truncated sequence, the rest of
    /// the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::decode::validate;
    ///
    /// let err = validate(b"x\xC0\x80y").unwrap_err();
    /// assert_eq!(err.bytes(), [0xC0, 0x80]);
    /// assert_eq!(err.error_len(), Some(1));
    ///
    /// let err = validate(b"\xED\xA1\x8C\xED\xBE\xB4").unwrap_err();
    /// assert_eq!(err.bytes().len(), 6);
    /// ```
    #[must_use]
    pub const fn bytes(&self) -> &[u8] {
        let window = self.window();
        let len = match self.kind {
            ErrorKind::UnexpectedContinuation | ErrorKind::InvalidByte => 1,
            ErrorKind::MissingContinuation => match self.error_len() {
                Some(n) => n,
                None => 1,
            },
            ErrorKind::Truncated => window.len(),
            ErrorKind::Overlong
            | ErrorKind::OutOfRange
            | ErrorKind::ObsoleteForm
            | ErrorKind::Surrogate => {
                if self.surrogate_pair().is_some() {
                    6
                } else {
                    match window {
                        [lead, ..] => count_tail(window, announced_len(*lead)),
                        [] => 0,
                    }
                }
            }
        };
        match window.split_at_checked(len) {
            Some((head, _)) => head,
            None => window,
        }
    }

    /// A CESU-8 pair at the error: high and low surrogate, each in three
    /// bytes, as `(high, low)`.
    const fn surrogate_pair(&self) -> Option<(u32, u32)> {
        if !matches!(self.kind, ErrorKind::Surrogate) {
            return None;
        }
        match self.window() {
            [0xED, h1 @ 0xA0..=0xAF, h2, 0xED, l1 @ 0xB0..=0xBF, l2]
                if is_continuation(*h2) && is_continuation(*l2) =>
            {
                let high = 0xD000 | ((*h1 & CONT_MASK) as u32) << 6 | (*h2 & CONT_MASK) as u32;
                let low = 0xD000 | ((*l1 & CONT_MASK) as u32) << 6 | (*l2 & CONT_MASK) as u32;
                Some((high, low))
            }
            _ => None,
        }
    }

    /// What the offending bytes would have encoded, as data.
    ///
    /// `None` for the kinds that have no such reading: stray or missing
    /// continuation bytes, truncation, and `FE`/`FF`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{decode::validate, CodePoints, Meaning};
    ///
    /// let meaning = |bytes: &[u8]| validate(bytes).unwrap_err().meaning();
    /// assert_eq!(meaning(b"\xC0\xAE"), Some(Meaning::Overlong(CodePoints::exact(0x2E))));
    /// assert_eq!(meaning(b"\xED\xA0\x80"), Some(Meaning::Surrogate(CodePoints::exact(0xD800))));
    /// assert_eq!(
    ///     meaning(b"\xED\xA1\x8C\xED\xBE\xB4"),
    ///     Some(Meaning::SurrogatePair { high: 0xD84C, low: 0xDFB4, scalar: '\u{233B4}' }),
    /// );
    /// assert_eq!(meaning(b"\xF4\x90\x80\x80"), Some(Meaning::OutOfRange(CodePoints::exact(0x11_0000))));
    /// // Cut short, the bytes still narrow it down:
    /// assert_eq!(meaning(b"\xF4\x90"), Some(Meaning::OutOfRange(CodePoints::new(0x11_0000, 0x11_0FFF))));
    /// assert_eq!(
    ///     meaning(b"\xF8\x88\x80\x80\x80"),
    ///     Some(Meaning::ObsoleteForm { len: 5, value: CodePoints::exact(0x20_0000) }),
    /// );
    /// assert_eq!(meaning(b"\xFF"), None);
    /// ```
    #[must_use]
    pub const fn meaning(&self) -> Option<Meaning> {
        if let Some((high, low)) = self.surrogate_pair() {
            let value = 0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            return match char::from_u32(value) {
                Some(scalar) => Some(Meaning::SurrogatePair {
                    high: high as u16,
                    low: low as u16,
                    scalar,
                }),
                None => None, // unreachable: a pair always gives U+10000..=U+10FFFF
            };
        }
        if !matches!(
            self.kind,
            ErrorKind::Overlong
                | ErrorKind::Surrogate
                | ErrorKind::OutOfRange
                | ErrorKind::ObsoleteForm
        ) {
            return None;
        }
        // These kinds all start with a lead announcing 2 to 6 bytes.
        let len = match self.window() {
            [lead, ..] => announced_len(*lead),
            [] => return None,
        };
        let (first, last) = value_range(self.bytes(), len);
        let points = CodePoints { first, last };
        match self.kind {
            ErrorKind::Overlong => Some(Meaning::Overlong(points)),
            ErrorKind::Surrogate => Some(Meaning::Surrogate(points)),
            ErrorKind::OutOfRange => Some(Meaning::OutOfRange(points)),
            ErrorKind::ObsoleteForm => Some(Meaning::ObsoleteForm {
                len: len as u8,
                value: points,
            }),
            _ => None,
        }
    }

    /// What the input looks like instead, when the error suggests another
    /// encoding: a UTF-16 or UTF-32 byte-order mark at the start, or a lone
    /// high byte among ASCII — the usual sign of ISO-8859-1 or Windows-1252
    /// text mislabelled as UTF-8.
    ///
    /// It is a guess from the bytes around the error, for a better message;
    /// `None` when nothing stands out. A byte counts as lone when the two
    /// bytes before it are ASCII (or the input starts there) and the one or
    /// two after it are ASCII (or the input ends): on the test corpora this
    /// fires for about 9 in 10 errors of ISO-8859-1 and Windows-1252 text,
    /// always with the right character, and never on Big5, CP949 or
    /// Windows-1256 text, whose high bytes come in runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use utf8lit::{decode::validate, LooksLike};
    ///
    /// let looks = |bytes: &[u8]| validate(bytes).unwrap_err().looks_like();
    /// assert_eq!(looks(b"caf\xE9"), Some(LooksLike::Latin1 { byte: 0xE9, ch: '\u{E9}' }));
    /// assert_eq!(looks(b"\x93quoted\x94"), Some(LooksLike::Windows1252 { byte: 0x93, ch: '\u{201C}' }));
    /// assert_eq!(looks(b"\xFF\xFEh\x00i\x00"), Some(LooksLike::Utf16Le));
    /// assert_eq!(looks(b"\xE9\xE9"), None); // two high bytes in a row: no lone byte
    /// ```
    #[must_use]
    pub const fn looks_like(&self) -> Option<LooksLike> {
        let window = self.window();
        match (self.context(), window) {
            (CTX_START, [0xFF, 0xFE, 0, 0, ..]) => return Some(LooksLike::Utf32Le),
            (CTX_START, [0xFF, 0xFE, ..]) => return Some(LooksLike::Utf16Le),
            (CTX_START, [0xFE, 0xFF, ..]) => return Some(LooksLike::Utf16Be),
            (CTX_AFTER_TWO_NULS, [0xFE, 0xFF, ..]) => return Some(LooksLike::Utf32Be),
            _ => {}
        }
        // Followed by the end, or by ASCII that does not itself run into
        // another high byte.
        let lone = match window {
            [b] | [b, 0x00..=0x7F] | [b, 0x00..=0x7F, 0x00..=0x7F, ..] => *b,
            _ => return None,
        };
        if !matches!(
            self.context(),
            CTX_START | CTX_AFTER_ASCII | CTX_AFTER_TWO_NULS
        ) {
            return None;
        }
        match lone {
            0x80..=0x9F => match windows_1252_c1(lone) {
                Some(ch) => Some(LooksLike::Windows1252 { byte: lone, ch }),
                None => None,
            },
            // ISO-8859-1 is Unicode's first 256 code points.
            _ => Some(LooksLike::Latin1 {
                byte: lone,
                ch: lone as char,
            }),
        }
    }
}

/// Windows-1252's characters for bytes 80–9F, where ISO-8859-1 has control
/// codes no text means. `None` for the five bytes it leaves undefined.
const fn windows_1252_c1(byte: u8) -> Option<char> {
    //          _0/_8       _1/_9       _2/_A       _3/_B       _4/_C       _5/_D       _6/_E       _7/_F
    const TABLE: [u16; 32] = [
        0x20AC, 0x0000, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80–87
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000, 0x017D, 0x0000, // 88–8F
        0x0000, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90–97
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x0000, 0x017E, 0x0178, // 98–9F
    ];
    let index = byte.wrapping_sub(0x80) as usize;
    if index >= TABLE.len() {
        return None;
    }
    // Indexing is protected by the check above.
    match TABLE[index] {
        0 => None,
        code => char::from_u32(code as u32),
    }
}

/// Shows what the accessors return rather than the packed fields.
impl fmt::Debug for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf8Error")
            .field("valid_up_to", &self.valid_up_to)
            .field("error_len", &self.error_len())
            .field("kind", &self.kind)
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

/// An inclusive range of code point values that ill-formed bytes encode:
/// one value when the sequence is complete, several when it was cut short.
///
/// # Examples
///
/// ```
/// use utf8lit::CodePoints;
///
/// let exact = CodePoints::exact(0x11_0000);
/// assert_eq!(exact.value(), Some(0x11_0000));
/// assert_eq!(exact.to_string(), "U+110000");
///
/// let range = CodePoints::new(0xD800, 0xD83F);
/// assert_eq!(range.value(), None);
/// assert_eq!(range.to_string(), "U+D800–U+D83F");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CodePoints {
    first: u32,
    last: u32,
}

impl CodePoints {
    /// The values `first..=last`.
    #[must_use]
    pub const fn new(first: u32, last: u32) -> Self {
        Self { first, last }
    }

    /// The single value `value`.
    #[must_use]
    pub const fn exact(value: u32) -> Self {
        Self {
            first: value,
            last: value,
        }
    }

    /// The smallest value.
    #[must_use]
    pub const fn first(&self) -> u32 {
        self.first
    }

    /// The largest value.
    #[must_use]
    pub const fn last(&self) -> u32 {
        self.last
    }

    /// The value, if there is only one.
    #[must_use]
    pub const fn value(&self) -> Option<u32> {
        if self.first == self.last {
            Some(self.first)
        } else {
            None
        }
    }
}

/// `U+XXXX`, or `U+XXXX–U+YYYY` for a range.
impl fmt::Display for CodePoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.first)?;
        if self.last != self.first {
            write!(f, "–U+{:04X}", self.last)?;
        }
        Ok(())
    }
}

/// What ill-formed bytes would have encoded: [`Utf8Error::meaning`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Meaning {
    /// An overlong form of these code points; UTF-8 writes each in fewer
    /// bytes ([`encode_char`] gives the shortest form).
    Overlong(CodePoints),
    /// A lone surrogate (in U+D800–U+DFFF).
    Surrogate(CodePoints),
    /// A high and a low surrogate, each encoded in three bytes: CESU-8 (or
    /// Java's "modified UTF-8") for `scalar`, which UTF-8 writes in four.
    SurrogatePair {
        /// The high (leading) surrogate, U+D800–U+DBFF.
        high: u16,
        /// The low (trailing) surrogate, U+DC00–U+DFFF.
        low: u16,
        /// The character the pair stands for.
        scalar: char,
    },
    /// Values above U+10FFFF.
    OutOfRange(CodePoints),
    /// An RFC 2279 form of `len` bytes (5 or 6) and the value it encoded
    /// there.
    ObsoleteForm {
        /// The length the lead byte announces.
        len: u8,
        /// The value under RFC 2279's rules.
        value: CodePoints,
    },
}

/// Another encoding the input seems to be in: [`Utf8Error::looks_like`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LooksLike {
    /// A lone byte `A0`–`FF` (or `C0`…) among ASCII: `ch` in ISO-8859-1,
    /// and in Windows-1252, which agrees there.
    Latin1 {
        /// The byte in the input.
        byte: u8,
        /// The character it is in ISO-8859-1.
        ch: char,
    },
    /// A lone byte `80`–`9F` among ASCII: `ch` in Windows-1252 (smart
    /// quotes, dashes, `€`, `™`).
    Windows1252 {
        /// The byte in the input.
        byte: u8,
        /// The character it is in Windows-1252.
        ch: char,
    },
    /// Starts with `FF FE`, the UTF-16 little-endian byte-order mark.
    Utf16Le,
    /// Starts with `FE FF`, the UTF-16 big-endian byte-order mark.
    Utf16Be,
    /// Starts with `FF FE 00 00`, the UTF-32 little-endian byte-order mark.
    Utf32Le,
    /// Starts with `00 00 FE FF`, the UTF-32 big-endian byte-order mark.
    Utf32Be,
}

#[cfg(test)]
mod tests {
    use super::*;

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

    // The whole decoder runs in const evaluation, error path included.
    const CONST_ERR: Result<(), Utf8Error> = validate(b"ab\xED\xA1\x8C\xED\xBE\xB4");
    const _: () = assert!(CONST_ERR.is_err());
    const CONST_MEANING: Option<Meaning> = match CONST_ERR {
        Err(err) => err.meaning(),
        Ok(()) => None,
    };
    const _: () = assert!(matches!(
        CONST_MEANING,
        Some(Meaning::SurrogatePair {
            scalar: '\u{233B4}',
            ..
        })
    ));

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
    fn value_range_fills_missing_bits() {
        // Complete: one value.
        assert_eq!(value_range(b"\xC0\x80", 2), (0, 0));
        // One tail byte missing: 64 values.
        assert_eq!(value_range(b"\xC1", 2), (0x40, 0x7F));
        // A 6-byte lead alone: all 31 bits of FD's half.
        assert_eq!(value_range(b"\xFD", 6), (0x4000_0000, 0x7FFF_FFFF));
    }

    #[test]
    fn windows_1252_table_rows() {
        // One probe per row, and the undefined bytes.
        assert_eq!(windows_1252_c1(0x80), Some('€'));
        assert_eq!(windows_1252_c1(0x8C), Some('Œ'));
        assert_eq!(windows_1252_c1(0x96), Some('–'));
        assert_eq!(windows_1252_c1(0x9F), Some('Ÿ'));
        for undefined in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            assert_eq!(windows_1252_c1(undefined), None);
        }
        // Outside 80–9F: not this table's business.
        assert_eq!(windows_1252_c1(0x7F), None);
        assert_eq!(windows_1252_c1(0xA0), None);
    }

    #[test]
    fn error_is_small_and_result_has_a_niche() {
        assert!(core::mem::size_of::<Utf8Error>() <= 2 * core::mem::size_of::<usize>());
        assert_eq!(
            core::mem::size_of::<Result<(), Utf8Error>>(),
            core::mem::size_of::<Utf8Error>()
        );
    }

    #[test]
    fn window_keeps_at_most_six_bytes_and_no_more_than_the_input() {
        let err = validate(b"\xFC\x80\x80\x80\x80\x80\x80\x80").unwrap_err();
        assert_eq!(err.window(), b"\xFC\x80\x80\x80\x80\x80");
        let err = validate(b"ab\xFF").unwrap_err();
        assert_eq!(err.window(), b"\xFF");
    }

    #[test]
    fn shifted_moves_only_the_offset() {
        let err = validate(b"\xC0\x80").unwrap_err().shifted(10);
        assert_eq!(err.valid_up_to(), 10);
        assert_eq!(err.error_len(), Some(1));
        assert_eq!(err.bytes(), b"\xC0\x80");
    }
}
