//! One verdict per file: whether every problem of an invalid file fits one
//! other encoding, and which. The report says it once and gives each
//! problem that encoding's reading; `--fix` converts only a file that has
//! one.
//!
//! A verdict is a claim that converting the whole file loses nothing, so
//! the rules are narrow and anything that reads two ways is refused, with
//! the reason:
//!
//! - a UTF-16 byte-order mark, and UTF-16 throughout: UTF-16;
//! - every problem a CESU-8 surrogate pair (or `C0 80`, Java's U+0000):
//!   CESU-8 (Java's modified UTF-8);
//! - no valid UTF-8 beyond ASCII, and every byte `80`–`FF` among ASCII, at
//!   most [`MAX_RUN`] in a row: ISO-8859-1, or Windows-1252 when some are
//!   `80`–`9F`. Unless the bytes read as well in a sibling encoding: a
//!   symbol between two letters (a Central European letter), `Š Ž š ž`,
//!   Hungarian letters only, Turkish letters, or `€` in ISO-8859-15.
//!
//! Valid UTF-8 beside the problems means the file is UTF-8 with mistakes:
//! converting it as Latin-1 would garble what is right.

use std::fmt;

use encoding_rs::{UTF_16BE, UTF_16LE};
use utf8lit::{Bom, ErrorKind, Meaning};

use crate::chunked::{self, Piece};
use crate::facts::plural;

/// An encoding a file can be converted from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Latin1,
    Windows1252,
    Cesu8,
    ModifiedUtf8,
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    /// The name people know it by.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Cesu8 => "CESU-8",
            Encoding::ModifiedUtf8 => "Java's modified UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
        }
    }

    /// A single-byte encoding: every problem byte is one character.
    pub fn is_single_byte(self) -> bool {
        matches!(self, Encoding::Latin1 | Encoding::Windows1252)
    }

    /// UTF-16, either byte order.
    pub fn is_utf16(self) -> bool {
        matches!(self, Encoding::Utf16Le | Encoding::Utf16Be)
    }
}

/// The verdict on a file whose problems fit one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fit {
    pub encoding: Encoding,
    /// How many problems (as `utf8lit::problems` counts them); 0 for
    /// UTF-16, whose problems after the byte-order mark are not counted
    /// (every non-ASCII character is one, and none is reported).
    pub problems: usize,
    /// For a single-byte encoding, the most bytes `80`–`FF` in a row.
    pub longest_run: usize,
}

/// The most bytes `80`–`FF` in a row a file may have to be called
/// ISO-8859-1 or Windows-1252: a word of a Western European language has
/// at most two accented letters in a row ("créée", "Größe"); a word of
/// Greek, Cyrillic, Arabic, Hebrew or CJK text in a legacy encoding is a
/// run of such bytes, and so are Czech words in ISO-8859-2 ("příčka").
pub const MAX_RUN: usize = 2;

/// Why a file has no verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A NUL in its first 8 KiB, and no UTF-16 byte-order mark.
    Binary { nul: usize },
    /// Valid UTF-8 beyond ASCII besides the problems.
    Mixed { problems: usize, valid: usize },
    /// Longer runs of bytes `80`–`FF` than a Latin language writes.
    Runs { longest: usize },
    /// A byte that is no character in Windows-1252.
    Undefined { byte: u8 },
    /// A symbol of ISO-8859-1 between two letters ("G³ówny"): where a
    /// Central European encoding has a letter ('ł').
    SymbolInWord {
        offset: usize,
        byte: u8,
        shown: char,
    },
    /// Š, Ž, š or ž (`8A 8E 9A 9E`): the same in Windows-1250, whose other
    /// letters read differently.
    CentralEuropean { byte: u8 },
    /// A byte that a sibling encoding reads differently.
    Ambiguous {
        byte: u8,
        latin1: char,
        other: &'static str,
        theirs: char,
    },
    /// No accented letter beside an ASCII letter: nothing reads as words.
    NoWords,
    /// A complete overlong form (`C0 AE`, '.'), which says more than a
    /// Latin-1 reading ("À®") would.
    Overlong { offset: usize },
    /// CESU-8 pairs, and a lone surrogate, which stands for nothing.
    LoneSurrogate { offset: usize },
    /// CESU-8 pairs, and a problem CESU-8 does not explain.
    Unexplained { offset: usize },
    /// A UTF-16 byte-order mark, then an odd number of bytes.
    Utf16OddLength { bom: Bom },
    /// A UTF-16 byte-order mark, then something that is not UTF-16.
    Utf16Invalid { bom: Bom },
    /// A UTF-16 byte-order mark, then UTF-8 text without a NUL: a stray
    /// mark, not UTF-16 (whose ASCII has a 00 byte in every pair).
    StrayBom { bom: Bom },
    /// A UTF-32 byte-order mark.
    Utf32 { bom: Bom },
}

/// Whether every problem of `bytes` (not valid UTF-8) fits one encoding.
/// `nul` is where [`crate::facts::binary_nul`] found a NUL, if it did.
pub fn judge(bytes: &[u8], nul: Option<usize>) -> Result<Fit, Refusal> {
    let mut judging = Judging::new(bytes, nul);
    if judging.wants_pieces() {
        chunked::pieces(bytes, |piece| {
            judging.piece(&piece);
            true
        });
    }
    judging.bytes(bytes);
    judging.finish()
}

/// A verdict in the making: [`judge`], for an input read a chunk at a time.
/// Every byte goes through [`bytes`](Self::bytes), and, while
/// [`wants_pieces`](Self::wants_pieces), every piece of
/// [`crate::chunked`] through [`piece`](Self::piece).
#[derive(Debug)]
pub struct Judging {
    /// Decided by the input's first bytes: UTF-32, or binary.
    early: Option<Refusal>,
    /// The verdict on a UTF-16 start, in the making.
    utf16: Option<Utf16>,
    /// How many problems (as `utf8lit::problems` counts them).
    problems: usize,
    /// Lead bytes of valid characters beyond ASCII, between the problems.
    valid: usize,
    cesu_pairs: usize,
    java_nuls: usize,
    first_surrogate: Option<usize>,
    first_other: Option<usize>,
    first_overlong: Option<usize>,
    /// The runs of bytes `80`–`FF`, for a single-byte verdict.
    runs: Runs,
}

impl Judging {
    /// A verdict on an input that starts with `start` (at least its first
    /// four bytes, or all of it) and has a NUL at `nul` (see
    /// [`crate::facts::binary_nul`]).
    #[must_use]
    pub fn new(start: &[u8], nul: Option<usize>) -> Self {
        let mut early = None;
        let mut utf16 = None;
        match Bom::detect(start) {
            Some(bom @ (Bom::Utf16Le | Bom::Utf16Be)) => utf16 = Some(Utf16::new(bom)),
            Some(bom @ (Bom::Utf32Le | Bom::Utf32Be)) => early = Some(Refusal::Utf32 { bom }),
            Some(Bom::Utf8) | None => early = nul.map(|nul| Refusal::Binary { nul }),
        }
        Self {
            early,
            utf16,
            problems: 0,
            valid: 0,
            cesu_pairs: 0,
            java_nuls: 0,
            first_surrogate: None,
            first_other: None,
            first_overlong: None,
            runs: Runs::default(),
        }
    }

    /// Whether the verdict still depends on the bytes: not decided by the
    /// start.
    #[must_use]
    pub fn wants_bytes(&self) -> bool {
        self.early.is_none()
    }

    /// Whether the verdict depends on the problems: not decided by the
    /// start, and not UTF-16.
    #[must_use]
    pub fn wants_pieces(&self) -> bool {
        self.early.is_none() && self.utf16.is_none()
    }

    /// Takes the next bytes of the input.
    pub fn bytes(&mut self, bytes: &[u8]) {
        if self.early.is_some() {
            return;
        }
        match &mut self.utf16 {
            Some(utf16) => utf16.bytes(bytes),
            // Valid UTF-8 beyond ASCII decides against a single-byte
            // verdict, whatever the runs are (see `finish`).
            None if self.valid > 0 => {}
            None => self.runs.bytes(bytes),
        }
    }

    /// Takes the next piece of the input.
    pub fn piece(&mut self, piece: &Piece<'_>) {
        let (err, at) = match *piece {
            Piece::Valid(bytes) => {
                self.valid += bytes.iter().filter(|&&b| b >= 0xC0).count();
                return;
            }
            Piece::Problem { err, at, .. } => (err, at),
        };
        self.problems += 1;
        match err.meaning() {
            Some(Meaning::SurrogatePair { .. }) => self.cesu_pairs += 1,
            Some(Meaning::Surrogate(_)) => {
                self.first_surrogate.get_or_insert(at);
            }
            _ if err.kind() == ErrorKind::Overlong && err.bytes() == [0xC0, 0x80] => {
                self.java_nuls += 1;
            }
            Some(Meaning::Overlong(points)) if points.value().is_some() => {
                self.first_overlong.get_or_insert(at);
                self.first_other.get_or_insert(at);
            }
            _ => {
                self.first_other.get_or_insert(at);
            }
        }
    }

    /// The verdict, once the input has ended.
    pub fn finish(self) -> Result<Fit, Refusal> {
        if let Some(refusal) = self.early {
            return Err(refusal);
        }
        if let Some(utf16) = self.utf16 {
            return utf16.finish();
        }
        let problems = self.problems;
        if self.cesu_pairs + self.java_nuls > 0 {
            if let Some(offset) = self.first_surrogate {
                return Err(Refusal::LoneSurrogate { offset });
            }
            if let Some(offset) = self.first_other {
                return Err(Refusal::Unexplained { offset });
            }
            let encoding = if self.java_nuls > 0 {
                Encoding::ModifiedUtf8
            } else {
                Encoding::Cesu8
            };
            return Ok(Fit {
                encoding,
                problems,
                longest_run: 0,
            });
        }
        if self.valid > 0 {
            return Err(Refusal::Mixed {
                problems,
                valid: self.valid,
            });
        }
        if let Some(offset) = self.first_overlong {
            return Err(Refusal::Overlong { offset });
        }
        self.runs.finish().single_byte(problems)
    }
}

/// A run of bytes `80`–`FF` being read.
#[derive(Debug)]
struct Run {
    len: usize,
    /// An ASCII letter comes just before it.
    letter_before: bool,
    /// It has a letter ([`is_letter`]).
    has_letter: bool,
    /// Its first symbol ([`is_symbol`]): where, and which byte.
    first_symbol: Option<(usize, u8)>,
}

/// The runs of bytes `80`–`FF` of an input, read a chunk at a time: what
/// the single-byte verdict looks at.
#[derive(Debug)]
struct Runs {
    /// The offset of the next byte.
    offset: usize,
    /// The last byte read was an ASCII letter.
    after_letter: bool,
    run: Option<Run>,
    longest: usize,
    seen: [bool; 256],
    /// Some run has a letter and touches an ASCII letter: a word.
    in_a_word: bool,
    symbol_in_word: Option<(usize, u8)>,
}

impl Default for Runs {
    fn default() -> Self {
        Self {
            offset: 0,
            after_letter: false,
            run: None,
            longest: 0,
            seen: [false; 256],
            in_a_word: false,
            symbol_in_word: None,
        }
    }
}

impl Runs {
    fn bytes(&mut self, mut bytes: &[u8]) {
        // Plain ASCII between runs only moves the offset: skipped 16 bytes
        // at a time, which the compiler turns into one vector test.
        if self.run.is_none() {
            let ascii = bytes
                .chunks_exact(16)
                .take_while(|chunk| chunk.iter().all(|&b| b < 0x80))
                .count()
                * 16;
            if ascii > 0 {
                self.after_letter = bytes[ascii - 1].is_ascii_alphabetic();
                self.offset += ascii;
                bytes = &bytes[ascii..];
            }
        }
        for &b in bytes {
            if b < 0x80 {
                let letter = b.is_ascii_alphabetic();
                if let Some(run) = self.run.take() {
                    self.close(&run, letter);
                }
                self.after_letter = letter;
            } else {
                self.seen[usize::from(b)] = true;
                let run = self.run.get_or_insert(Run {
                    len: 0,
                    letter_before: self.after_letter,
                    has_letter: false,
                    first_symbol: None,
                });
                run.len += 1;
                run.has_letter |= is_letter(b);
                if run.first_symbol.is_none() && is_symbol(b) {
                    run.first_symbol = Some((self.offset, b));
                }
                self.after_letter = false;
            }
            self.offset += 1;
        }
    }

    /// A run ends, before an ASCII letter or not.
    fn close(&mut self, run: &Run, letter_after: bool) {
        self.longest = self.longest.max(run.len);
        self.in_a_word |= (run.letter_before || letter_after) && run.has_letter;
        if run.letter_before && letter_after && self.symbol_in_word.is_none() {
            self.symbol_in_word = run.first_symbol;
        }
    }

    /// The input has ended.
    fn finish(mut self) -> Self {
        if let Some(run) = self.run.take() {
            self.close(&run, false);
        }
        self
    }

    /// The single-byte verdict on an input in which every byte `80`–`FF` is
    /// part of a problem, and that has `problems` of them.
    fn single_byte(&self, problems: usize) -> Result<Fit, Refusal> {
        let longest = self.longest;
        let seen = &self.seen;
        if longest > MAX_RUN {
            return Err(Refusal::Runs { longest });
        }

        // 81, 8D, 8F, 90 and 9D are the holes of Windows-1252 (and control
        // characters in ISO-8859-1, which text does not use).
        if let Some(&byte) = [0x81_u8, 0x8D, 0x8F, 0x90, 0x9D]
            .iter()
            .find(|&&b| seen[usize::from(b)])
        {
            return Err(Refusal::Undefined { byte });
        }
        if let Some((offset, byte)) = self.symbol_in_word {
            return Err(Refusal::SymbolInWord {
                offset,
                byte,
                shown: windows_1252(byte),
            });
        }
        if let Some(&byte) = [0x8A_u8, 0x8E, 0x9A, 0x9E]
            .iter()
            .find(|&&b| seen[usize::from(b)])
        {
            return Err(Refusal::CentralEuropean { byte });
        }
        // Hungarian in ISO-8859-2 or Windows-1250 reads as ISO-8859-1 but
        // for ő and ű ('õ', 'û'): a file with them and no letter Hungarian
        // lacks could be either.
        let only_hungarian =
            (0x80..=0xFF_u8).all(|b| !seen[usize::from(b)] || HUNGARIAN.contains(&b));
        if let Some(&(byte, theirs)) = [(0xF5_u8, 'ő'), (0xFB, 'ű'), (0xD5, 'Ő'), (0xDB, 'Ű')]
            .iter()
            .find(|(b, _)| seen[usize::from(*b)])
        {
            if only_hungarian {
                return Err(Refusal::Ambiguous {
                    byte,
                    latin1: char::from(byte),
                    other: "ISO-8859-2 (Hungarian)",
                    theirs,
                });
            }
        }
        if let Some(&(byte, other, theirs)) = SIBLINGS.iter().find(|(b, ..)| seen[usize::from(*b)])
        {
            return Err(Refusal::Ambiguous {
                byte,
                latin1: char::from(byte),
                other,
                theirs,
            });
        }
        if !self.in_a_word {
            return Err(Refusal::NoWords);
        }
        let encoding = if seen[0x80..0xA0].contains(&true) {
            Encoding::Windows1252
        } else {
            Encoding::Latin1
        };
        Ok(Fit {
            encoding,
            problems,
            longest_run: longest,
        })
    }
}

/// A letter in Windows-1252 (and, from `C0`, in ISO-8859-1): À–ÿ but × and
/// ÷, and Š, Œ, Ž, š, œ, ž, Ÿ.
fn is_letter(b: u8) -> bool {
    matches!(b, 0xC0..=0xFF if b != 0xD7 && b != 0xF7)
        || matches!(b, 0x8A | 0x8C | 0x8E | 0x9A | 0x9C | 0x9E | 0x9F)
}

/// A symbol in Windows-1252 (and ISO-8859-1) that text does not put between
/// two letters: not a letter, a no-break space, a soft hyphen (which
/// belongs inside words), '´' or '·' (an apostrophe, the Catalan "l·l"), or
/// 'ª' and 'º'.
fn is_symbol(b: u8) -> bool {
    b >= 0x80 && !is_letter(b) && !matches!(b, 0xA0 | 0xAA | 0xAD | 0xB4 | 0xB7 | 0xBA)
}

/// `byte` in Windows-1252 (which is ISO-8859-1 from `A0`).
fn windows_1252(byte: u8) -> char {
    let bytes = [byte];
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
    text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The bytes of Hungarian's accented letters, the same in ISO-8859-1 and
/// ISO-8859-2 but for ő and ű: Á É Í Ó Ö Ő Ú Ü Ű and their small letters.
const HUNGARIAN: [u8; 18] = [
    0xC1, 0xC9, 0xCD, 0xD3, 0xD6, 0xD5, 0xDA, 0xDC, 0xDB, 0xE1, 0xE9, 0xED, 0xF3, 0xF6, 0xF5, 0xFA,
    0xFC, 0xFB,
];

/// Bytes that a sibling of ISO-8859-1 reads as a different letter and that
/// text in that sibling uses often: Turkish (ISO-8859-9, Windows-1254)
/// has ğ, İ, Ş, ı, ş where ISO-8859-1 has Icelandic letters, and
/// ISO-8859-15 has € where ISO-8859-1 has ¤. A file with one of these could
/// be either; nothing in its bytes says which.
const SIBLINGS: [(u8, &str, char); 7] = [
    (0xD0, "Windows-1254 (Turkish)", 'Ğ'),
    (0xDD, "Windows-1254 (Turkish)", 'İ'),
    (0xDE, "Windows-1254 (Turkish)", 'Ş'),
    (0xF0, "Windows-1254 (Turkish)", 'ğ'),
    (0xFD, "Windows-1254 (Turkish)", 'ı'),
    (0xFE, "Windows-1254 (Turkish)", 'ş'),
    (0xA4, "ISO-8859-15", '€'),
];

/// The verdict on a file that starts with a UTF-16 byte-order mark, in the
/// making: its bytes after the mark go through a UTF-16 decoder (is it
/// UTF-16?) and a UTF-8 validator (is it UTF-8 after a stray mark?).
struct Utf16 {
    bom: Bom,
    /// How many bytes of the mark are still to come.
    mark_left: usize,
    /// How many bytes after the mark.
    body_len: usize,
    has_nul: bool,
    utf8: utf8lit::Utf8Validator,
    decoder: encoding_rs::Decoder,
    malformed: bool,
}

impl fmt::Debug for Utf16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf16")
            .field("bom", &self.bom)
            .field("body_len", &self.body_len)
            .finish_non_exhaustive()
    }
}

impl Utf16 {
    fn new(bom: Bom) -> Self {
        let encoding = if bom == Bom::Utf16Le {
            UTF_16LE
        } else {
            UTF_16BE
        };
        Self {
            bom,
            mark_left: bom.as_bytes().len(),
            body_len: 0,
            has_nul: false,
            utf8: utf8lit::Utf8Validator::new(),
            decoder: encoding.new_decoder_without_bom_handling(),
            malformed: false,
        }
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let skip = self.mark_left.min(bytes.len());
        self.mark_left -= skip;
        let body = &bytes[skip..];
        self.body_len += body.len();
        self.has_nul |= body.contains(&0);
        let _ = self.utf8.update(body);
        self.decode(body, false);
    }

    /// Decodes `body` (text thrown away: only whether it decodes counts).
    fn decode(&mut self, mut body: &[u8], last: bool) {
        let mut text = [0_u8; 4096];
        while !self.malformed {
            let (result, read, _) = self
                .decoder
                .decode_to_utf8_without_replacement(body, &mut text, last);
            body = &body[read..];
            match result {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(..) => self.malformed = true,
            }
        }
    }

    fn finish(mut self) -> Result<Fit, Refusal> {
        let bom = self.bom;
        if !self.body_len.is_multiple_of(2) {
            return Err(Refusal::Utf16OddLength { bom });
        }
        if !self.has_nul && self.utf8.finish().is_ok() {
            return Err(Refusal::StrayBom { bom });
        }
        self.decode(&[], true);
        if self.malformed {
            return Err(Refusal::Utf16Invalid { bom });
        }
        let encoding = if bom == Bom::Utf16Le {
            Encoding::Utf16Le
        } else {
            Encoding::Utf16Be
        };
        Ok(Fit {
            encoding,
            problems: 0,
            longest_run: 0,
        })
    }
}

impl Fit {
    /// The verdict in words: `looks like ISO-8859-1: 37 problems, all lone
    /// bytes A0–FF among ASCII`.
    pub fn summary(&self) -> String {
        let name = self.encoding.name();
        let problems = plural(self.problems as u64, "problem");
        let in_a_row = if self.longest_run > 1 {
            format!(", up to {} in a row", self.longest_run)
        } else {
            String::new()
        };
        match self.encoding {
            Encoding::Latin1 => format!(
                "looks like {name}: {problems}, all {}bytes A0–FF among ASCII{in_a_row}",
                if self.longest_run == 1 { "lone " } else { "" },
            ),
            Encoding::Windows1252 => format!(
                "looks like {name}: {problems}, all {}bytes 80–FF among ASCII{in_a_row}, \
                 some in 80–9F, where Windows-1252 has its quotes, dashes and €",
                if self.longest_run == 1 { "lone " } else { "" },
            ),
            Encoding::Cesu8 => format!(
                "looks like {name}: {problems}, all surrogate pairs, as CESU-8 writes \
                 characters above U+FFFF"
            ),
            Encoding::ModifiedUtf8 => format!(
                "looks like {name}: {problems}, all surrogate pairs (characters above \
                 U+FFFF) or C0 80 (U+0000)"
            ),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let bom = if self.encoding == Encoding::Utf16Le {
                    "FF FE"
                } else {
                    "FE FF"
                };
                format!("looks like {name}: it starts with the byte-order mark {bom} and is UTF-16 throughout")
            }
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const KNOW: &str = "convert it with iconv -f ENCODING once you know which";
        match *self {
            Refusal::Binary { nul } => write!(f, "it is a binary file (NUL at byte {nul})"),
            Refusal::Mixed { problems, valid } => {
                write!(
                    f,
                    "it has {} and also {} of valid UTF-8 beyond ASCII: no one encoding \
                     explains both, and converting it would garble one or the other",
                    plural(problems as u64, "problem"),
                    plural(valid as u64, "character"),
                )?;
                if problems < valid {
                    f.write_str("; this looks like UTF-8 with mistakes: fix them by hand")?;
                }
                Ok(())
            }
            Refusal::Runs { longest } => write!(
                f,
                "it has runs of up to {longest} bytes 80–FF, as legacy encodings of Greek, \
                 Cyrillic, Arabic, Hebrew, CJK, Czech or Turkish text write words, and \
                 those cannot be told apart by their bytes; {KNOW}"
            ),
            Refusal::NoWords => f.write_str(
                "no byte 80–FF in it is a letter beside an ASCII letter, so nothing \
                 says it is text in ISO-8859-1 or Windows-1252",
            ),
            Refusal::Overlong { offset } => write!(
                f,
                "the problem at byte {offset} is a complete overlong form, which is more \
                 likely meant as one than as two Latin-1 characters; fix it by hand"
            ),
            Refusal::SymbolInWord {
                offset,
                byte,
                shown,
            } => write!(
                f,
                "byte {byte:02X} at byte {offset} would be '{shown}' between two letters, \
                 where ISO-8859-1 text has none: Central European encodings (ISO-8859-2, \
                 Windows-1250) have letters there, such as 'ł' or 'ż'; {KNOW}"
            ),
            Refusal::CentralEuropean { byte } => write!(
                f,
                "byte {byte:02X} is '{}', a letter of Central European languages, whose \
                 encodings (Windows-1250, ISO-8859-2) read the file's other bytes \
                 differently (E8 'è' or 'č'), and nothing in the file says which it is; \
                 {KNOW}",
                windows_1252(byte),
            ),
            Refusal::Undefined { byte } => write!(
                f,
                "byte {byte:02X} is no character in Windows-1252 and a control character \
                 in ISO-8859-1, so neither explains the file"
            ),
            Refusal::Ambiguous {
                byte,
                latin1,
                other,
                theirs,
            } => write!(
                f,
                "byte {byte:02X} is '{latin1}' in ISO-8859-1 but '{theirs}' in {other}, \
                 and nothing in the file says which it is; {KNOW}"
            ),
            Refusal::LoneSurrogate { offset } => write!(
                f,
                "beside CESU-8 surrogate pairs it has a lone surrogate at byte {offset}, \
                 which stands for no character"
            ),
            Refusal::Unexplained { offset } => write!(
                f,
                "beside CESU-8 surrogate pairs it has a problem at byte {offset} that \
                 CESU-8 does not explain"
            ),
            Refusal::Utf16OddLength { bom } => write!(
                f,
                "it starts with the {} byte-order mark but has an odd number of bytes, \
                 so it is not UTF-16",
                bom.encoding()
            ),
            Refusal::Utf16Invalid { bom } => write!(
                f,
                "it starts with the {} byte-order mark but is not valid UTF-16 (an \
                 unpaired surrogate)",
                bom.encoding()
            ),
            Refusal::StrayBom { bom } => write!(
                f,
                "it starts with the {} byte-order mark, but the rest is UTF-8 without a \
                 NUL, not UTF-16: remove the stray mark by hand",
                bom.encoding()
            ),
            Refusal::Utf32 { bom } => write!(
                f,
                "it starts with the {} byte-order mark; utf8check does not convert UTF-32",
                bom.encoding()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(bytes: &[u8]) -> Result<Fit, Refusal> {
        super::judge(bytes, crate::facts::binary_nul(bytes))
    }

    fn encoding(bytes: &[u8]) -> Encoding {
        judge(bytes).unwrap().encoding
    }

    #[test]
    fn single_byte() {
        assert_eq!(
            encoding(b"caf\xE9 cr\xE9\xE9e Gr\xFC\xDFe"),
            Encoding::Latin1
        );
        assert_eq!(encoding(b"\x93quoted\x94 caf\xE9"), Encoding::Windows1252);
        let fit = judge(b"Gr\xFC\xDFe \xE9").unwrap();
        assert_eq!((fit.problems, fit.longest_run), (3, 2));
        assert_eq!(
            fit.summary(),
            "looks like ISO-8859-1: 3 problems, all bytes A0–FF among ASCII, up to 2 in a row"
        );
    }

    #[test]
    fn refusals() {
        // Valid UTF-8 'é' beside a stray byte: UTF-8 with a mistake.
        assert_eq!(
            judge(b"caf\xC3\xA9 \xE9"),
            Err(Refusal::Mixed {
                problems: 1,
                valid: 1
            })
        );
        // "Καλημέρα" in Windows-1253: a word is a run of high bytes.
        assert_eq!(
            judge(b"\xCA\xE1\xEB\xE7\xEC\xDD\xF1\xE1"),
            Err(Refusal::Runs { longest: 8 })
        );
        assert_eq!(judge(b"a\x81b"), Err(Refusal::Undefined { byte: 0x81 }));
        assert!(matches!(
            judge(b"k\xFDz"),
            Err(Refusal::Ambiguous { byte: 0xFD, .. })
        ));
        assert!(matches!(
            judge(b"5 \xA4"),
            Err(Refusal::Ambiguous { byte: 0xA4, .. })
        ));
        assert_eq!(judge(b"\0\xE9"), Err(Refusal::Binary { nul: 0 }));
        // "Główny" in ISO-8859-2: '³' between letters.
        assert_eq!(
            judge(b"G\xB3\xF3wny"),
            Err(Refusal::SymbolInWord {
                offset: 1,
                byte: 0xB3,
                shown: '³'
            })
        );
        // An apostrophe as '´', the Catalan "l·l", a soft hyphen: text.
        assert_eq!(
            encoding(b"don\xB4t col\xB7lecci\xF3 Stra\xADe"),
            Encoding::Latin1
        );
        // "šola" in Windows-1250.
        assert_eq!(
            judge(b"\x9Aola \xE8"),
            Err(Refusal::CentralEuropean { byte: 0x9A })
        );
        // "őr" and "tovább": Hungarian in ISO-8859-2, or ISO-8859-1 "õr".
        assert!(matches!(
            judge(b"\xF5r tov\xE1bb"),
            Err(Refusal::Ambiguous { byte: 0xF5, .. })
        ));
        // With a letter Hungarian does not have, it is not Hungarian.
        assert_eq!(encoding(b"p\xF5e n\xE3o"), Encoding::Latin1);
        // "příčka" in ISO-8859-2: three high bytes in a row.
        assert_eq!(judge(b"p\xF8\xED\xE8ka"), Err(Refusal::Runs { longest: 3 }));
        // A lone byte, or one among digits, is no evidence of a language.
        assert_eq!(judge(b"\xFF"), Err(Refusal::NoWords));
        assert_eq!(judge(b"12\xE9 \xB0"), Err(Refusal::NoWords));
        // `C0 AE` is an overlong '.' before it is "À®".
        assert_eq!(
            judge(b"caf\xE9 ..\xC0\xAE/"),
            Err(Refusal::Overlong { offset: 7 })
        );
    }

    #[test]
    fn cesu8_and_java() {
        let pair = b"\xED\xA0\xBD\xED\xB8\x80"; // U+1F600
        let mut cesu = b"smile ".to_vec();
        cesu.extend_from_slice(pair);
        cesu.extend_from_slice("é".as_bytes());
        assert_eq!(encoding(&cesu), Encoding::Cesu8);
        cesu.extend_from_slice(b"\xC0\x80");
        assert_eq!(encoding(&cesu), Encoding::ModifiedUtf8);
        let mut lone = cesu.clone();
        lone.extend_from_slice(b"\xED\xA0\xBD!");
        assert!(matches!(judge(&lone), Err(Refusal::LoneSurrogate { .. })));
        cesu.push(0xE9);
        assert!(matches!(judge(&cesu), Err(Refusal::Unexplained { .. })));
    }

    #[test]
    fn utf16() {
        let le: Vec<u8> = [0xFEFF_u16, u16::from(b'h'), 0xE9, 0xD83D, 0xDE00]
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(encoding(&le), Encoding::Utf16Le);
        let be: Vec<u8> = [0xFEFF_u16, u16::from(b'h'), 0xE9]
            .iter()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        assert_eq!(encoding(&be), Encoding::Utf16Be);
        assert!(matches!(
            judge(&le[..le.len() - 1]),
            Err(Refusal::Utf16OddLength { .. })
        ));
        assert!(matches!(
            judge(&le[..le.len() - 2]),
            Err(Refusal::Utf16Invalid { .. })
        ));
        assert!(matches!(
            judge(b"\xFF\xFEhi"),
            Err(Refusal::StrayBom { .. })
        ));
        assert!(matches!(
            judge(b"\xFF\xFE\0\0h\0\0\0"),
            Err(Refusal::Utf32 { .. })
        ));
    }
}
