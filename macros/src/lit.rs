//! Turns the source text of a literal token into the bytes it stands for, plus a source map.
//!
//! `proc_macro::Literal::to_string()` returns a literal exactly as it was written, for
//! example `b"caf\xE9"`, `r#"a"b"#`, `c"x"` or a string spread over several lines with a
//! `\` line continuation. [`parse`] works out the bytes rustc gives that literal. It also
//! returns a list of [`Piece`]s that maps every output byte back to the source text that
//! produced it: a single character, or an escape such as `\xC0` or `\u{1F600}`. With that map
//! a caller can quote the exact escape behind a bad byte in its error message.
//!
//! The rules follow the *Tokens* chapter of the Rust reference and rustc's
//! `rustc_lexer::unescape`:
//!
//! | literal                  | `\x` escapes  | `\u{…}` | non-ASCII chars | NUL     |
//! |--------------------------|---------------|---------|-----------------|---------|
//! | `"…"`, `'…'`             | `\x00`–`\x7F` | yes     | yes             | allowed |
//! | `b"…"`, `b'…'`           | `\x00`–`\xFF` | no      | no              | allowed |
//! | `c"…"`                   | `\x01`–`\xFF` | yes     | yes             | error   |
//! | `r"…"`, `br"…"`, `cr"…"` | none (text is taken as is) | – | as above   | as above |
//!
//! Escaped (non-raw) strings also accept `\n \r \t \\ \0 \' \"`. A `\` followed by a
//! newline is a line continuation: it drops the newline and every space, `\t`, `\n` and `\r`
//! after it. Raw strings may use any number of `#` up to 255. A string, character or number
//! literal may carry a suffix (`"a"xyz`), which is returned separately so that the caller
//! can reject it.
//!
//! # Line endings
//!
//! rustc turns CRLF into LF when it loads a source file, so literal text normally holds no
//! `\r`. If a `\r\n` pair does appear, it counts as a single `\n`: it produces one `\n`
//! byte, and after a line-continuation backslash it is skipped as whitespace. A `\r` on its
//! own is an error, as it is in rustc.
//!
//! # Robustness
//!
//! [`parse`] never panics. Any text that is not one well-formed literal gives [`LitError`].

use core::fmt::{self, Write as _};
use core::ops::Range;

/// Returns `Err(LitError)` for the `source` range, with a message built like `format!`.
macro_rules! bail {
    ($source:expr, $($message:tt)+) => {
        return Err(LitError { source: $source, message: format!($($message)+) })
    };
}

/// The kind of a literal token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LitKind {
    /// `"…"`
    Str,
    /// `r"…"`, `r#"…"#`, …
    RawStr,
    /// `b"…"`
    ByteStr,
    /// `br"…"`, `br#"…"#`, …
    RawByteStr,
    /// `c"…"` (Rust 1.77+)
    CStr,
    /// `cr"…"`, `cr#"…"#`, …
    RawCStr,
    /// `'c'`
    Char,
    /// `b'c'`
    Byte,
    /// An integer such as `42`, `0xFF_u8` or `-1`.
    Int,
    /// A float such as `1.5`, `1e9`, `2.` or `1f32`.
    Float,
}

impl LitKind {
    /// Whether this is one of the six string kinds: normal, byte or C, each raw or not.
    #[must_use]
    pub const fn is_string(self) -> bool {
        !matches!(self, Self::Char | Self::Byte | Self::Int | Self::Float)
    }

    /// Whether this is a raw string kind (`r"…"`, `br"…"` or `cr"…"`).
    #[must_use]
    pub const fn is_raw(self) -> bool {
        matches!(self, Self::RawStr | Self::RawByteStr | Self::RawCStr)
    }

    /// A name for use in messages, without an article, e.g. `"byte string literal"`.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::Str => "string literal",
            Self::RawStr => "raw string literal",
            Self::ByteStr => "byte string literal",
            Self::RawByteStr => "raw byte string literal",
            Self::CStr => "C string literal",
            Self::RawCStr => "raw C string literal",
            Self::Char => "character literal",
            Self::Byte => "byte literal",
            Self::Int => "integer literal",
            Self::Float => "float literal",
        }
    }

    /// The letters before the opening quote or `#`.
    const fn prefix(self) -> &'static str {
        match self {
            Self::RawStr => "r",
            Self::ByteStr | Self::Byte => "b",
            Self::RawByteStr => "br",
            Self::CStr => "c",
            Self::RawCStr => "cr",
            Self::Str | Self::Char | Self::Int | Self::Float => "",
        }
    }

    /// Byte and C strings accept `\x80`–`\xFF`; the others stop at `\x7F`.
    const fn allows_high_bytes(self) -> bool {
        !self.allows_unicode() || self.forbids_nul()
    }

    /// Whether `\u{…}` escapes and non-ASCII characters are allowed (not in byte literals).
    const fn allows_unicode(self) -> bool {
        !matches!(self, Self::ByteStr | Self::RawByteStr | Self::Byte)
    }

    /// C strings may not contain a zero byte.
    const fn forbids_nul(self) -> bool {
        matches!(self, Self::CStr | Self::RawCStr)
    }

    /// Character and byte literals hold exactly one unit, allow no line continuations, and
    /// require `\n`, `\t` and `'` to be escaped.
    const fn is_single(self) -> bool {
        matches!(self, Self::Char | Self::Byte)
    }
}

impl fmt::Display for LitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// One piece of source text and the bytes it produced.
///
/// Examples: the escape `\xC3` gives 1 byte, the character `é` gives 2, and `\u{1F600}`
/// gives 4.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The produced bytes, as a range into [`Parsed::bytes`]. It is never empty.
    pub bytes: Range<usize>,
    /// Where the piece sits in the literal's source text, as a byte range.
    pub source: Range<usize>,
}

/// The result of [`parse`]: what a literal token means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The kind of literal.
    pub kind: LitKind,
    /// The literal's value as bytes: UTF-8 for `str` and `char` literals, the raw bytes for
    /// byte and C strings. For C strings this **leaves out** the trailing NUL that rustc
    /// appends. Empty for [`LitKind::Int`] and [`LitKind::Float`].
    pub bytes: Vec<u8>,
    /// Pieces in source order. Each byte of [`bytes`](Self::bytes) belongs to exactly one
    /// piece, and their `bytes` ranges are contiguous. `source` ranges only grow but may leave
    /// gaps: line continuations produce nothing. Empty for numbers.
    pub pieces: Vec<Piece>,
    /// The suffix after the literal (`"a"xyz` gives `"xyz"`, `1u8` gives `"u8"`), or `""`.
    pub suffix: String,
}

impl Parsed {
    /// Finds the piece that produced byte `i` of [`bytes`](Self::bytes).
    #[must_use]
    pub fn piece_of(&self, i: usize) -> Option<&Piece> {
        let index = self.pieces.partition_point(|p| p.bytes.end <= i);
        self.pieces.get(index).filter(|p| p.bytes.contains(&i))
    }

    /// The source text that produced byte `i`, e.g. `\xC0`, `é` or `\u{E9}`. `text` must be
    /// the text that was passed to [`parse`].
    #[must_use]
    pub fn source_of<'t>(&self, text: &'t str, i: usize) -> Option<&'t str> {
        text.get(self.piece_of(i)?.source.clone())
    }

    /// The 1-based line and column (counted in `char`s) in `text` where the piece that
    /// produced byte `i` starts. Useful for literals that span several lines.
    #[must_use]
    pub fn line_col(&self, text: &str, i: usize) -> Option<(usize, usize)> {
        line_col_at(text, self.piece_of(i)?.source.start)
    }
}

/// The 1-based line and column (counted in `char`s) of byte offset `offset` in `text`.
/// Returns `None` if `offset` is past the end or not on a `char` boundary.
#[must_use]
pub fn line_col_at(text: &str, offset: usize) -> Option<(usize, usize)> {
    let before = text.get(..offset)?;
    let line = before.matches('\n').count() + 1;
    let line_start = before.rsplit('\n').next().unwrap_or(before);
    Some((line, line_start.chars().count() + 1))
}

/// Why a literal's text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LitError {
    /// A readable message that quotes the offending source, e.g.
    /// ``out of range hex escape `\xFF` …``.
    pub message: String,
    /// The byte range in the literal's text that the error is about. Pass
    /// `source.start` to [`line_col_at`] to get a line and column.
    pub source: Range<usize>,
}

impl fmt::Display for LitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LitError {}

/// Parses the source text of a single literal token.
///
/// For string, character and byte literals the result holds the exact bytes rustc would
/// produce, along with the [`Piece`]s that map them back to `text`. For numbers it holds
/// only the kind and the suffix. A leading `-` is accepted because
/// `proc_macro::Literal::i32_unsuffixed(-1)` prints as `-1`.
///
/// # Errors
///
/// Returns [`LitError`] when `text` is not exactly one well-formed literal. Examples are an
/// unknown or out-of-range escape, `\u{…}` in a byte string, a non-ASCII character in a
/// byte string, NUL in a C string, a bare CR, a missing closing quote or `#`, or leftover
/// text that is not a valid suffix. Identifiers such as `true` are not literals either.
pub fn parse(text: &str) -> Result<Parsed, LitError> {
    let kind = match text.as_bytes() {
        [] => bail!(0..0, "expected a literal, found empty text"),
        [b'"', ..] => LitKind::Str,
        [b'\'', ..] => LitKind::Char,
        [b'r', b'"' | b'#', ..] => LitKind::RawStr,
        [b'b', b'"', ..] => LitKind::ByteStr,
        [b'b', b'\'', ..] => LitKind::Byte,
        [b'b', b'r', b'"' | b'#', ..] => LitKind::RawByteStr,
        [b'c', b'"', ..] => LitKind::CStr,
        [b'c', b'r', b'"' | b'#', ..] => LitKind::RawCStr,
        [b'-' | b'0'..=b'9', ..] => return parse_number(text),
        _ => return Err(not_a_literal(text)),
    };
    let open = kind.prefix().len();
    let (content, end) = if kind.is_raw() {
        raw_bounds(text, open, kind)?
    } else {
        quoted_bounds(text, open, kind)?
    };
    let mut parsed = Parsed {
        kind,
        bytes: Vec::new(),
        pieces: Vec::new(),
        suffix: suffix(text, end)?,
    };
    decode(text, content, kind, &mut parsed)?;
    Ok(parsed)
}

/// One decoded unit: a character (stored as UTF-8) or a single byte from an escape.
#[derive(Debug, Clone, Copy)]
enum Unit {
    Char(char),
    Byte(u8),
}

/// A read position in `text` that never moves past `end`.
#[derive(Debug)]
struct Cursor<'t> {
    text: &'t str,
    pos: usize,
    end: usize,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t str, range: Range<usize>) -> Self {
        let (pos, end) = (range.start, range.end);
        Self { text, pos, end }
    }

    fn rest(&self) -> &'t str {
        self.text.get(self.pos..self.end).unwrap_or_default()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek2(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, want: char) -> bool {
        let hit = self.peek() == Some(want);
        if hit {
            self.pos += want.len_utf8();
        }
        hit
    }

    /// Consumes characters while `pred` holds and returns them.
    fn eat_while(&mut self, pred: impl Fn(char) -> bool) -> &'t str {
        let start = self.pos;
        while self.peek().is_some_and(&pred) {
            self.bump();
        }
        self.text.get(start..self.pos).unwrap_or_default()
    }

    /// The text from `start` to the cursor, for quoting in a message.
    fn since(&self, start: usize) -> String {
        show(self.text, start..self.pos)
    }
}

/// The text in `range`, shortened, with control characters escaped so it fits on one line.
fn show(text: &str, range: Range<usize>) -> String {
    const MAX_CHARS: usize = 40;
    let mut out = String::new();
    for (n, c) in text.get(range).unwrap_or_default().chars().enumerate() {
        if n == MAX_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

fn not_a_literal(text: &str) -> LitError {
    let message = format!("expected a literal, found `{}`", show(text, 0..text.len()));
    LitError {
        message,
        source: 0..text.len(),
    }
}

/// `c`'s UTF-8 bytes written as `\x` escapes, e.g. `é` gives `\xC3\xA9`.
fn hex_escapes(c: char) -> String {
    let mut out = String::new();
    for b in c.encode_utf8(&mut [0; 4]).bytes() {
        // Writing to a `String` cannot fail.
        let _ = write!(out, "\\x{b:02X}");
    }
    out
}

/// Finds the content of a raw string whose prefix takes `open` bytes. Returns the content
/// range and the offset just after the closing `"#…`.
fn raw_bounds(text: &str, open: usize, kind: LitKind) -> Result<(Range<usize>, usize), LitError> {
    let after_prefix = text.get(open..).unwrap_or_default();
    let hashes = after_prefix.bytes().take_while(|&b| b == b'#').count();
    let quote = open + hashes;
    if hashes > 255 {
        bail!(
            open..quote,
            "{kind} has {hashes} `#` symbols; at most 255 are allowed"
        );
    }
    if text.as_bytes().get(quote) != Some(&b'"') {
        bail!(
            0..quote,
            "expected `\"` after `{}` in a {kind} (`r#name` is a raw identifier, not a literal)",
            show(text, 0..quote)
        );
    }
    let start = quote + 1;
    let closing = format!("\"{}", "#".repeat(hashes));
    let Some(len) = text.get(start..).and_then(|rest| rest.find(&closing)) else {
        bail!(
            0..text.len(),
            "unterminated {kind}: expected a closing `{closing}`"
        );
    };
    Ok((start..start + len, start + len + closing.len()))
}

/// Finds the content of a quoted (escaped) literal whose prefix takes `open` bytes, the way
/// rustc's lexer does: the first quote that no backslash escapes closes it. Returns the
/// content range and the offset just after the closing quote.
fn quoted_bounds(
    text: &str,
    open: usize,
    kind: LitKind,
) -> Result<(Range<usize>, usize), LitError> {
    let quote = if kind.is_single() { b'\'' } else { b'"' };
    let start = open + 1;
    if kind.is_single() {
        // As in rustc, `'x'` is one character even when `x` is `'`, so `'''` is an
        // unescaped quote rather than an empty literal followed by a stray quote.
        let mut chars = text.get(start..).unwrap_or_default().chars();
        if let (Some(c), Some('\'')) = (chars.next(), chars.next()) {
            if c != '\\' {
                let end = start + c.len_utf8();
                return Ok((start..end, end + 1));
            }
        }
    }
    // Byte-wise is fine: the bytes after a multi-byte lead byte are never `\`, `"` or `'`.
    let mut bytes = text.bytes().enumerate().skip(start);
    while let Some((i, b)) = bytes.next() {
        if b == b'\\' {
            bytes.next();
        } else if b == quote {
            return Ok((start..i, i + 1));
        }
    }
    let quote = char::from(quote);
    bail!(
        0..text.len(),
        "unterminated {kind}: missing closing `{quote}`"
    );
}

/// Checks that `text[from..]` is empty or an identifier, and returns it as the suffix.
///
/// Approximation: this uses `char::is_alphabetic` and `is_alphanumeric` instead of
/// `XID_Start`/`XID_Continue`, because no Unicode tables are available here. Callers reject
/// suffixes on string literals anyway, so the difference only changes which error is shown.
fn suffix(text: &str, from: usize) -> Result<String, LitError> {
    let rest = text.get(from..).unwrap_or_default();
    let mut chars = rest.chars();
    if chars.next().is_some_and(|c| !is_id_start(c)) || !chars.all(is_id_continue) {
        let rest = show(text, from..text.len());
        bail!(from..text.len(), "unexpected `{rest}` after the literal");
    }
    Ok(rest.to_owned())
}

fn is_id_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_id_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Decodes `text[content]` by the rules of `kind` and appends the bytes and pieces to `out`.
fn decode(
    text: &str,
    content: Range<usize>,
    kind: LitKind,
    out: &mut Parsed,
) -> Result<(), LitError> {
    let mut cur = Cursor::new(text, content.clone());
    loop {
        let at = cur.pos;
        let Some(c) = cur.bump() else { break };
        let unit = match c {
            '\\' if !kind.is_raw() => {
                let newline = match cur.peek() {
                    Some('\n') => true,
                    Some('\r') => cur.peek2() == Some('\n'),
                    _ => false,
                };
                if newline && !kind.is_single() {
                    // Line continuation: skip the newline and all whitespace after it.
                    cur.eat_while(|c| matches!(c, ' ' | '\t' | '\n' | '\r'));
                    continue;
                }
                escape(&mut cur, at, kind)?
            }
            '\r' => {
                // `\r\n` is a (not yet normalised) line break; a lone `\r` is an error.
                if !cur.eat('\n') {
                    bail!(at..cur.pos, "bare CR not allowed in a {kind}; write `\\r`");
                }
                plain(&cur, at, '\n', kind)?
            }
            c => plain(&cur, at, c, kind)?,
        };
        let source = at..cur.pos;
        if kind.forbids_nul() && matches!(unit, Unit::Byte(0) | Unit::Char('\0')) {
            let nul = cur.since(at);
            bail!(
                source,
                "NUL (from `{nul}`) is not allowed in a {kind}; rustc adds the final NUL itself"
            );
        }
        if kind.is_single() && !out.pieces.is_empty() {
            bail!(content, "a {kind} must contain exactly one character");
        }
        let start = out.bytes.len();
        match unit {
            Unit::Char(c) => out
                .bytes
                .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Unit::Byte(b) => out.bytes.push(b),
        }
        let bytes = start..out.bytes.len();
        out.pieces.push(Piece { bytes, source });
    }
    if kind.is_single() && out.pieces.is_empty() {
        bail!(content, "empty {kind}");
    }
    Ok(())
}

/// Checks a character `c` that appears as itself (not as an escape) at `at`.
fn plain(cur: &Cursor<'_>, at: usize, c: char, kind: LitKind) -> Result<Unit, LitError> {
    if kind.is_single() && matches!(c, '\n' | '\t' | '\'') {
        bail!(
            at..cur.pos,
            "`{}` must be escaped in a {kind}",
            c.escape_default()
        );
    }
    if !kind.allows_unicode() && !c.is_ascii() {
        let (c, bytes) = (cur.since(at), hex_escapes(c));
        bail!(
            at..cur.pos,
            "non-ASCII character `{c}` in a {kind}; write its UTF-8 bytes as `{bytes}`"
        );
    }
    Ok(Unit::Char(c))
}

/// Decodes an escape whose `\` sits at `at`. The cursor points just after the `\`.
fn escape(cur: &mut Cursor<'_>, at: usize, kind: LitKind) -> Result<Unit, LitError> {
    let Some(c) = cur.bump() else {
        bail!(
            at..cur.pos,
            "incomplete escape: `\\` at the end of the literal"
        );
    };
    let byte = match c {
        'n' => b'\n',
        'r' => b'\r',
        't' => b'\t',
        '\\' => b'\\',
        '0' => b'\0',
        '\'' => b'\'',
        '"' => b'"',
        'x' => return hex_escape(cur, at, kind),
        'u' => return unicode_escape(cur, at, kind).map(Unit::Char),
        _ => bail!(
            at..cur.pos,
            "unknown character escape `{}` in a {kind}",
            cur.since(at)
        ),
    };
    Ok(Unit::Byte(byte))
}

/// Decodes `\xNN`. The cursor points just after the `x`.
fn hex_escape(cur: &mut Cursor<'_>, at: usize, kind: LitKind) -> Result<Unit, LitError> {
    let mut value: u8 = 0;
    for _ in 0..2 {
        let digit = cur.bump().and_then(|c| c.to_digit(16));
        let Some(digit) = digit.and_then(|d| u8::try_from(d).ok()) else {
            let escape = cur.since(at);
            bail!(
                at..cur.pos,
                "invalid hex escape `{escape}`: `\\x` must be followed by exactly two hex digits"
            );
        };
        // `value` is at most 0xF before this multiplication, so the result is at most 0xFF.
        value = value * 16 + digit;
    }
    if value > 0x7F && !kind.allows_high_bytes() {
        bail!(
            at..cur.pos,
            "out of range hex escape `{}`: in a {kind} `\\x` escapes must be at most `\\x7F` \
             (use `\\u{{{value:X}}}` for the character U+{value:04X}, or a byte string for raw bytes)",
            cur.since(at)
        );
    }
    Ok(Unit::Byte(value))
}

/// Decodes `\u{…}`. The cursor points just after the `u`.
fn unicode_escape(cur: &mut Cursor<'_>, at: usize, kind: LitKind) -> Result<char, LitError> {
    let fail = |cur: &Cursor<'_>, why: &str| LitError {
        message: format!("invalid unicode escape `{}`: {why}", cur.since(at)),
        source: at..cur.pos,
    };
    if !cur.eat('{') {
        return Err(fail(cur, "expected `{` after `\\u`"));
    }
    let mut digits = 0_usize;
    let mut value = 0_u32;
    loop {
        let digit = match cur.bump() {
            None => return Err(fail(cur, "missing closing `}`")),
            Some('}') if digits == 0 => return Err(fail(cur, "expected 1 to 6 hex digits")),
            Some('_') if digits == 0 => return Err(fail(cur, "it must not start with `_`")),
            Some('}') => break,
            Some('_') => continue,
            Some(c) => c.to_digit(16),
        };
        let Some(digit) = digit else {
            return Err(fail(cur, "expected a hex digit"));
        };
        digits = digits.saturating_add(1);
        // At most 6 digits are added, so `value` stays below 0x0100_0000.
        if digits <= 6 {
            value = value * 16 + digit;
        }
    }
    if digits > 6 {
        return Err(fail(cur, "at most 6 hex digits are allowed"));
    }
    if !kind.allows_unicode() {
        let hint = char::from_u32(value)
            .map(|c| format!("; write its UTF-8 bytes as `{}`", hex_escapes(c)))
            .unwrap_or_default();
        bail!(
            at..cur.pos,
            "unicode escape `{}` is not allowed in a {kind}{hint}",
            cur.since(at)
        );
    }
    char::from_u32(value).ok_or_else(|| match value {
        0x0011_0000.. => fail(cur, &format!("U+{value:X} is above the maximum, U+10FFFF")),
        _ => fail(
            cur,
            &format!("U+{value:X} is a surrogate, not a Unicode scalar value"),
        ),
    })
}

/// Parses an integer or float literal: optional `-`, digits, optional fraction and
/// exponent, optional suffix. It follows rustc's lexer but does not check value ranges.
fn parse_number(text: &str) -> Result<Parsed, LitError> {
    let mut cur = Cursor::new(text, 0..text.len());
    cur.eat('-');
    if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
        return Err(not_a_literal(text));
    }
    let radix = match (cur.peek(), cur.peek2()) {
        (Some('0'), Some('b')) => 2,
        (Some('0'), Some('o')) => 8,
        (Some('0'), Some('x')) => 16,
        _ => 10,
    };
    let is_decimal = |c: char| c == '_' || c.is_ascii_digit();
    if radix != 10 {
        let at = cur.pos;
        cur.bump();
        cur.bump();
        // Like rustc's lexer, eat all decimal (or hex) digits, then reject those too big.
        let digits = cur.eat_while(|c| is_decimal(c) || radix == 16 && c.is_ascii_hexdigit());
        if digits.bytes().all(|b| b == b'_') {
            bail!(at..cur.pos, "no digits after `{}`", cur.since(at));
        }
        if let Some(bad) = digits.chars().find(|&c| c != '_' && !c.is_digit(radix)) {
            bail!(
                at..cur.pos,
                "invalid digit `{bad}` in a base {radix} literal"
            );
        }
    }
    cur.eat_while(is_decimal);
    // `1.` is a float, but in `1..2` and `1.max(2)` the dot is not part of the number.
    let float =
        if cur.peek() == Some('.') && !cur.peek2().is_some_and(|c| c == '.' || is_id_start(c)) {
            cur.bump();
            if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                cur.eat_while(is_decimal);
                exponent(&mut cur)?;
            }
            true
        } else {
            exponent(&mut cur)?
        };
    if float && radix != 10 {
        bail!(0..cur.pos, "base {radix} float literals are not supported");
    }
    let suffix = suffix(text, cur.pos)?;
    // `1f32` is lexed as an integer but denotes a float.
    let float = float || radix == 10 && matches!(suffix.as_str(), "f16" | "f32" | "f64" | "f128");
    let kind = if float { LitKind::Float } else { LitKind::Int };
    Ok(Parsed {
        kind,
        bytes: Vec::new(),
        pieces: Vec::new(),
        suffix,
    })
}

/// Consumes a float exponent (`e`/`E`, optional sign, digits) if the cursor is at one, and
/// returns whether it was.
fn exponent(cur: &mut Cursor<'_>) -> Result<bool, LitError> {
    let at = cur.pos;
    if !cur.eat('e') && !cur.eat('E') {
        return Ok(false);
    }
    if !cur.eat('+') {
        cur.eat('-');
    }
    if cur
        .eat_while(|c| c == '_' || c.is_ascii_digit())
        .bytes()
        .all(|b| b == b'_')
    {
        bail!(at..cur.pos, "expected at least one digit in the exponent");
    }
    Ok(true)
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::needless_raw_string_hashes
)]
pub(crate) mod tests {
    //! rustc is the oracle: each `check!` literal is compiled by rustc, and its value must
    //! equal what [`parse`] makes of `stringify!`, which is the literal's exact source text.

    use super::*;
    use core::ffi::CStr;

    /// rustc's value for a literal, plus the kinds that value's type allows.
    trait Oracle {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]);
    }
    impl Oracle for &str {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]) {
            (self.as_bytes().to_vec(), &[LitKind::Str, LitKind::RawStr])
        }
    }
    impl<const N: usize> Oracle for &[u8; N] {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]) {
            (self.to_vec(), &[LitKind::ByteStr, LitKind::RawByteStr])
        }
    }
    impl Oracle for &CStr {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]) {
            (self.to_bytes().to_vec(), &[LitKind::CStr, LitKind::RawCStr])
        }
    }
    impl Oracle for char {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]) {
            (self.to_string().into_bytes(), &[LitKind::Char])
        }
    }
    impl Oracle for u8 {
        fn oracle(&self) -> (Vec<u8>, &'static [LitKind]) {
            (vec![*self], &[LitKind::Byte])
        }
    }

    /// Checks each literal against rustc's own value for it.
    macro_rules! check {
        ($($lit:literal),+ $(,)?) => {{
            $( check_one(stringify!($lit), Oracle::oracle(&$lit)); )+
        }};
    }

    fn check_one(text: &str, (expected, kinds): (Vec<u8>, &[LitKind])) {
        let parsed = parse(text).unwrap_or_else(|e| panic!("parse({text:?}) failed: {e}"));
        assert_eq!(parsed.bytes, expected, "bytes of {text}");
        assert!(
            kinds.contains(&parsed.kind),
            "kind of {text}: {:?}",
            parsed.kind
        );
        let raw = ["r", "br", "cr"].iter().any(|p| text.starts_with(p));
        assert_eq!(parsed.kind.is_raw(), raw, "rawness of {text}");
        assert_eq!(parsed.suffix, "", "suffix of {text}");
        check_pieces(text, &parsed);
    }

    /// The piece invariants: pieces are contiguous and cover every byte once; their sources
    /// are ordered, non-empty and on char boundaries; a plain character produces its own
    /// UTF-8; an escape decodes to the same bytes when parsed on its own.
    fn check_pieces(text: &str, parsed: &Parsed) {
        let mut next_byte = 0;
        let mut source_end = 0;
        for piece in &parsed.pieces {
            assert_eq!(piece.bytes.start, next_byte, "{text}: {piece:?}");
            assert!(piece.bytes.end > piece.bytes.start, "{text}: {piece:?}");
            assert!(piece.source.start >= source_end, "{text}: {piece:?}");
            assert!(piece.source.end > piece.source.start, "{text}: {piece:?}");
            next_byte = piece.bytes.end;
            source_end = piece.source.end;
            let src = text.get(piece.source.clone()).unwrap();
            let produced = &parsed.bytes[piece.bytes.clone()];
            if src == "\r\n" {
                assert_eq!(produced, b"\n", "{text}");
            } else if parsed.kind.is_raw() || !src.starts_with('\\') {
                let mut chars = src.chars();
                let c = chars.next().unwrap();
                assert_eq!(chars.next(), None, "{text}: piece {src:?} is one char");
                assert_eq!(produced, c.to_string().as_bytes(), "{text}: {src:?}");
            } else {
                let quote = if parsed.kind.is_single() { '\'' } else { '"' };
                let alone = format!("{}{quote}{src}{quote}", parsed.kind.prefix());
                assert_eq!(parse(&alone).unwrap().bytes, produced, "{text}: {src:?}");
            }
            for i in piece.bytes.clone() {
                assert_eq!(parsed.piece_of(i), Some(piece));
                assert_eq!(parsed.source_of(text, i), Some(src));
                assert!(parsed.line_col(text, i).is_some());
            }
        }
        assert_eq!(
            next_byte,
            parsed.bytes.len(),
            "{text}: pieces cover all bytes"
        );
        assert_eq!(parsed.piece_of(parsed.bytes.len()), None);
    }

    fn err(text: &str) -> LitError {
        match parse(text) {
            Ok(p) => panic!("parse({text:?}) should fail, got {p:?}"),
            Err(e) => e,
        }
    }

    /// Asserts that `text` fails, that the message contains `needle`, and that the error
    /// points at `at` in the source.
    fn check_err(text: &str, needle: &str, at: &str) {
        let e = err(text);
        assert!(
            e.message.contains(needle),
            "{text:?}: {:?} lacks {needle:?}",
            e.message
        );
        assert_eq!(text.get(e.source.clone()), Some(at), "{text:?}: {e:?}");
    }

    #[test]
    fn stringify_is_the_source_text() {
        assert_eq!(stringify!(r#"a"b"#), "r#\"a\"b\"#");
        assert_eq!(stringify!(b"\xE9"), "b\"\\xE9\"");
        let multi = stringify!(
            "a\
             b"
        );
        assert!(multi.contains("\\\n "), "{multi:?}");
    }

    #[test]
    fn plain_and_simple_escapes() {
        check!("", "abc", "\n\r\t\\\0\'\"", "'", "\"");
        check!(b"", b"abc", b"\n\r\t\\\0\'\"", b"'");
        check!(c"", c"abc", c"\n\r\t\\\'\"");
        check!('a', '\n', '\r', '\t', '\\', '\0', '\'', '\"', '"');
        check!(b'a', b'\n', b'\r', b'\t', b'\\', b'\0', b'\'', b'\"', b'"');
        check!(
            "tab	and
newline are literal",
            b"tab	too"
        );
    }

    #[test]
    fn hex_escapes_at_the_boundaries() {
        check!("\x00", "\x7F", "\x7f", "\x41\x61", '\x00', '\x7F');
        check!(b"\x00", b"\x7F", b"\x80", b"\xFF", b"\xff", b"\xC3\xA9");
        check!(b'\x00', b'\x7F', b'\x80', b'\xFF');
        check!(c"\x01", c"\x7F", c"\x80", c"\xFF", c"caf\xC3\xA9");
    }

    #[test]
    fn unicode_escapes_at_the_utf8_length_boundaries() {
        check!("\u{0}", "\u{7f}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}");
        check!(
            "\u{10000}",
            "\u{10FFFF}",
            "\u{D7FF}",
            "\u{E000}",
            "\u{000041}"
        );
        check!(
            "\u{1_F6_00}",
            "\u{1F600__}",
            "\u{0_0_0_0_4_1}",
            "\u{e9}\u{E9}"
        );
        check!('\u{0}', '\u{80}', '\u{10FFFF}', '\u{1_F6_00}');
        check!(c"\u{1}", c"\u{E9}", c"\u{800}", c"\u{10FFFF}");
    }

    #[test]
    fn non_ascii_characters() {
        check!(
            "café😀",
            "é\u{E9}",
            'é',
            '😀',
            c"café😀",
            r"é😀",
            cr#"é"😀"#
        );
    }

    #[test]
    fn line_continuations() {
        check!(
            "one \
             two",
            "tabs \
	 	    and spaces",
            "nothing after \
",
            b"bytes \
              too",
            c"and C \
              strings",
            "escaped backslash \\
             is not a continuation",
            "\u{E9}\
             \x41"
        );
        // Several skipped lines only draw a rustc warning, so they are tested as plain text.
        assert_eq!(parse("\"a\\\n\n \n\tb\"").unwrap().bytes, b"ab");
    }

    #[test]
    fn raw_strings() {
        check!(
            r"",
            r"a\b\n",
            r#""#,
            r#"a"b"#,
            r#"\x\u{0}"#,
            r###"a"#"##b"###
        );
        check!(br"a\b", br#"quote " and \"#, br###""##"###);
        check!(cr"a\b", cr#"x"y"#, cr##"é\0"##);
        check!(
            r#"multi
    line "raw"
"#,
            br"
"
        );
        let hashes = "#".repeat(255);
        let text = format!("r{hashes}\"a\"#\"{hashes}");
        assert_eq!(parse(&text).unwrap().bytes, b"a\"#");
    }

    #[test]
    fn crlf_counts_as_lf_and_bare_cr_is_an_error() {
        for (text, bytes) in [
            ("\"a\r\nb\"", &b"a\nb"[..]),
            ("r\"a\r\nb\"", b"a\nb"),
            ("b\"a\\\r\n  b\"", b"ab"),
            ("c\"\\\r\n\r\n b\"", b"b"),
        ] {
            let parsed = parse(text).unwrap();
            assert_eq!(parsed.bytes, bytes, "{text:?}");
            check_pieces(text, &parsed);
        }
        check_err("\"a\rb\"", "bare CR", "\r");
        check_err("r\"a\r\"", "bare CR", "\r");
        check_err("'\r'", "bare CR", "\r");
        check_err("'\r\n'", "must be escaped", "\r\n");
    }

    #[test]
    fn suffixes_are_split_off() {
        for (text, bytes, suffix) in [
            ("\"a\"xyz", &b"a"[..], "xyz"),
            ("\"a\"_", b"a", "_"),
            ("b\"a\"é", b"a", "é"),
            ("r#\"a\"#s1", b"a", "s1"),
            ("c\"a\"suffix", b"a", "suffix"),
            ("'a'x", b"a", "x"),
            ("b'a'_x", b"a", "_x"),
        ] {
            let parsed = parse(text).unwrap();
            assert_eq!((&parsed.bytes[..], &parsed.suffix[..]), (bytes, suffix));
        }
        check_err("\"a\"1", "unexpected `1`", "1");
        check_err("\"a\" x", "unexpected", " x");
        check_err("r#\"a\"##", "unexpected `#`", "#");
        check_err("\"a\"\"b\"", "unexpected", "\"b\"");
    }

    #[test]
    fn numbers_are_recognised() {
        for (text, kind, suffix) in [
            (stringify!(0), LitKind::Int, ""),
            (stringify!(1_000u32), LitKind::Int, "u32"),
            (stringify!(0xFF_u8), LitKind::Int, "u8"),
            (stringify!(0x1f32), LitKind::Int, ""),
            (stringify!(0b1010), LitKind::Int, ""),
            (stringify!(0o17i64), LitKind::Int, "i64"),
            (stringify!(1.5), LitKind::Float, ""),
            (stringify!(1e9), LitKind::Float, ""),
            (stringify!(2.), LitKind::Float, ""),
            (stringify!(1.5e-3_f64), LitKind::Float, "f64"),
            (stringify!(1E+3), LitKind::Float, ""),
            (stringify!(1f32), LitKind::Float, "f32"),
            ("-1", LitKind::Int, ""),
            ("-2.5f32", LitKind::Float, "f32"),
        ] {
            let parsed = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!((parsed.kind, &parsed.suffix[..]), (kind, suffix), "{text}");
            assert!(parsed.bytes.is_empty() && parsed.pieces.is_empty());
        }
        for text in [
            "0b", "0x_", "0b102", "0o8", "0x1.5", "0b1e3", "1e", "1e+_", "1.e5",
        ] {
            err(text);
        }
        for text in ["1..2", "1.max", "-", "-x", "- 1", "1 "] {
            err(text);
        }
    }

    #[test]
    fn kinds_and_descriptions() {
        for (text, kind) in [
            ("\"\"", LitKind::Str),
            ("r\"\"", LitKind::RawStr),
            ("b\"\"", LitKind::ByteStr),
            ("br#\"\"#", LitKind::RawByteStr),
            ("c\"\"", LitKind::CStr),
            ("cr\"\"", LitKind::RawCStr),
            ("'x'", LitKind::Char),
            ("b'x'", LitKind::Byte),
            ("7", LitKind::Int),
            ("7.0", LitKind::Float),
        ] {
            let parsed = parse(text).unwrap();
            assert_eq!(parsed.kind, kind);
            assert_eq!(kind.is_string(), text.contains('"'), "{text}");
            assert_eq!(kind.to_string(), kind.description());
        }
        assert_eq!(LitKind::Int.description(), "integer literal");
    }

    #[test]
    fn escape_errors() {
        check_err(r#""\xFF""#, "out of range hex escape `\\xFF`", r"\xFF");
        check_err(r#""\x80""#, "at most `\\x7F`", r"\x80");
        check_err(r"'\x80'", "character literal", r"\x80");
        check_err(r#""\x4""#, "exactly two hex digits", r"\x4");
        check_err(r#""\xG0""#, "exactly two hex digits", r"\xG");
        check_err(r#""\u{D800}""#, "surrogate", r"\u{D800}");
        check_err(r#""\u{DFFF}""#, "surrogate", r"\u{DFFF}");
        check_err(r#""\u{110000}""#, "above the maximum", r"\u{110000}");
        check_err(r#""\u{FFFFFF}""#, "above the maximum", r"\u{FFFFFF}");
        check_err(r#""\u{}""#, "1 to 6 hex digits", r"\u{}");
        check_err(r#""\u{1234567}""#, "at most 6", r"\u{1234567}");
        check_err(r#""\u{_1}""#, "must not start with `_`", r"\u{_");
        check_err(r#""\u{12g}""#, "expected a hex digit", r"\u{12g");
        check_err(r#""\u{12""#, "missing closing `}`", r"\u{12");
        check_err(r#""\u12""#, "expected `{`", r"\u");
        check_err(r#""\q""#, "unknown character escape `\\q`", r"\q");
        check_err(r#""\U{41}""#, "unknown character escape", r"\U");
        check_err(r#"'\'"#, "unterminated", r#"'\'"#);
        check_err("'\\\n'", "unknown character escape", "\\\n");
    }

    #[test]
    fn byte_and_c_string_errors() {
        check_err(
            r#"b"é""#,
            "non-ASCII character `é` in a byte string literal",
            "é",
        );
        check_err(r#"b"é""#, "`\\xC3\\xA9`", "é");
        check_err(r#"br"😀""#, "raw byte string", "😀");
        check_err(r"b'é'", "byte literal", "é");
        check_err(
            r#"b"\u{E9}""#,
            "not allowed in a byte string literal",
            r"\u{E9}",
        );
        check_err(r#"b"\u{E9}""#, "`\\xC3\\xA9`", r"\u{E9}");
        check_err(r#"b"\u{D800}""#, "not allowed", r"\u{D800}");
        check_err(r#"c"a\0b""#, "NUL (from `\\0`)", r"\0");
        check_err(r#"c"\x00""#, "NUL (from `\\x00`)", r"\x00");
        check_err(r#"c"\u{0}""#, "NUL", r"\u{0}");
        check_err(r#"c"\u{0_0}""#, "C string literal", r"\u{0_0}");
        check_err("cr\"a\0\"", "raw C string literal", "\0");
        check_err("c\"\0\"", "NUL", "\0");
    }

    #[test]
    fn char_literal_errors() {
        check_err("''", "empty character literal", "");
        check_err("'ab'", "exactly one character", "ab");
        check_err("b'ab'", "exactly one character", "ab");
        check_err(r"'a\n'", "exactly one character", r"a\n");
        check_err("'\t'", "must be escaped", "\t");
        check_err("'\n'", "must be escaped", "\n");
        check_err("'''", "must be escaped", "'");
        check_err("b'''", "must be escaped", "'");
        check_err("'a", "unterminated", "'a");
        check_err("'a", "missing closing `'`", "'a");
    }

    #[test]
    fn structural_errors() {
        check_err("", "empty text", "");
        check_err("\"abc", "unterminated string literal", "\"abc");
        check_err("\"abc\\\"", "unterminated", "\"abc\\\"");
        check_err("\"\\", "unterminated", "\"\\");
        check_err("b\"", "unterminated byte string", "b\"");
        check_err("r#\"abc\"", "expected a closing `\"#`", "r#\"abc\"");
        check_err("br##\"a\"#", "`\"##`", "br##\"a\"#");
        check_err("r#abc", "raw identifier", "r#");
        check_err("r##", "expected `\"`", "r##");
        check_err("r", "expected a literal", "r");
        check_err("true", "expected a literal, found `true`", "true");
        check_err("abc", "expected a literal", "abc");
        check_err("x\"a\"", "expected a literal", "x\"a\"");
        check_err("rb\"a\"", "expected a literal", "rb\"a\"");
        check_err(" \"a\"", "expected a literal", " \"a\"");
        check_err("@#$%", "expected a literal", "@#$%");
        check_err(
            "\u{0}\u{1F600}",
            "expected a literal, found `\\0😀`",
            "\u{0}\u{1F600}",
        );
        let hashes = "#".repeat(256);
        check_err(&format!("r{hashes}\"a\"{hashes}"), "at most 255", &hashes);
        let long = "x".repeat(1000);
        assert!(err(&long).message.contains('…'));
    }

    #[test]
    fn source_of_quotes_the_escape() {
        let text = r#"b"caf\xE9!""#;
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.bytes, b"caf\xE9!");
        assert_eq!(parsed.source_of(text, 0), Some("c"));
        assert_eq!(parsed.source_of(text, 3), Some(r"\xE9"));
        assert_eq!(parsed.source_of(text, 4), Some("!"));
        assert_eq!(parsed.source_of(text, 5), None);

        let text = r#""é\u{E9}\u{1F600}""#;
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.bytes, "é\u{E9}\u{1F600}".as_bytes());
        assert_eq!(parsed.source_of(text, 0), Some("é"));
        assert_eq!(parsed.source_of(text, 1), Some("é"));
        assert_eq!(parsed.source_of(text, 2), Some(r"\u{E9}"));
        assert_eq!(parsed.source_of(text, 3), Some(r"\u{E9}"));
        for i in 4..8 {
            assert_eq!(parsed.source_of(text, i), Some(r"\u{1F600}"));
        }
        assert_eq!(parsed.piece_of(8), None);

        let parsed = parse("0").unwrap();
        assert_eq!(parsed.source_of("0", 0), None);
        assert_eq!(parsed.line_col("0", 0), None);
    }

    #[test]
    fn line_col_on_a_multi_line_literal() {
        let text = stringify!(
            "ab\
             c\u{C0}
é\x41"
        );
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.bytes, "abc\u{C0}\né\x41".as_bytes());
        assert_eq!(parsed.line_col(text, 0), Some((1, 2))); // a
        assert_eq!(parsed.line_col(text, 1), Some((1, 3))); // b
        assert_eq!(parsed.line_col(text, 2), Some((2, 14))); // c, after the indentation
        assert_eq!(parsed.source_of(text, 3), Some(r"\u{C0}"));
        assert_eq!(parsed.line_col(text, 3), Some((2, 15))); // \u{C0}: two bytes
        assert_eq!(parsed.line_col(text, 4), Some((2, 15)));
        assert_eq!(parsed.line_col(text, 5), Some((2, 21))); // the newline itself
        assert_eq!(parsed.line_col(text, 6), Some((3, 1))); // é: two bytes
        assert_eq!(parsed.line_col(text, 7), Some((3, 1)));
        assert_eq!(parsed.line_col(text, 8), Some((3, 2))); // \x41
        assert_eq!(parsed.line_col(text, 9), None);
        assert_eq!(line_col_at(text, text.len()), Some((3, 7)));
        assert_eq!(line_col_at(text, text.len() + 1), None);
        assert_eq!(line_col_at("é", 1), None);

        let e = err("\"ok\n  \\q\"");
        assert_eq!(line_col_at("\"ok\n  \\q\"", e.source.start), Some((2, 3)));
    }

    /// A tiny xorshift RNG so the property tests need no dependencies
    /// (`tests/rustc_oracle.rs` uses it too).
    pub(crate) struct XorShift(pub(crate) u64);
    impl XorShift {
        pub(crate) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            usize::try_from(self.0 % u64::try_from(n).unwrap()).unwrap()
        }
    }

    const ALPHABET: [char; 19] = [
        '"', '\\', 'x', 'u', '{', '}', 'r', 'b', 'c', '#', '0', '7', 'F', 'é', '\n', '\r', ' ',
        'a', '_',
    ];

    fn random_text(rng: &mut XorShift, max_len: usize) -> String {
        let len = rng.below(max_len + 1);
        (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect()
    }

    /// Parsing must never panic, and every `Ok` must satisfy the piece invariants.
    fn assert_total(text: &str) -> bool {
        match parse(text) {
            Ok(parsed) => {
                check_pieces(text, &parsed);
                true
            }
            Err(e) => {
                assert!(!e.message.is_empty());
                assert!(text.get(e.source.clone()).is_some(), "{text:?}: {e:?}");
                false
            }
        }
    }

    #[test]
    fn never_panics_on_random_text() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200_000 {
            assert_total(&random_text(&mut rng, 11));
        }
    }

    #[test]
    fn never_panics_on_random_literal_bodies() {
        const OPENERS: [(&str, &str); 12] = [
            ("\"", "\""),
            ("b\"", "\""),
            ("c\"", "\""),
            ("r\"", "\""),
            ("r#\"", "\"#"),
            ("br\"", "\""),
            ("cr##\"", "\"##"),
            ("'", "'"),
            ("b'", "'"),
            ("\"\\u{", "}\""),
            ("b\"\\x", "\""),
            ("c\"\\", "\""),
        ];
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let mut accepted = 0;
        for _ in 0..200_000 {
            let (open, close) = OPENERS[rng.below(OPENERS.len())];
            let text = format!("{open}{}{close}", random_text(&mut rng, 8));
            accepted += usize::from(assert_total(&text));
        }
        assert!(accepted > 20_000, "only {accepted} accepted");
    }
}
