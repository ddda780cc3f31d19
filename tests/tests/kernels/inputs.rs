//! Building inputs: boundary offsets, fillers, frames, byte classes.

use super::*;

// ---------------------------------------------------------------------------
// Building inputs
// ---------------------------------------------------------------------------

/// Offsets that matter: the first four, and three either side of each
/// lane, block and group size (16, 32, 64, 128, 256) and of two AVX-512
/// groups (512).
pub(crate) fn boundary_offsets() -> Vec<usize> {
    let mut offsets: Vec<usize> = (0..=3)
        .chain(
            [16, 32, 64, 128, 256, 512]
                .into_iter()
                .flat_map(|b| b - 3..=b + 3),
        )
        .collect();
    offsets.dedup();
    offsets
}

/// How a filler is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fill {
    /// `a` repeated.
    Ascii,
    /// One character of this many bytes repeated, after the 0..width-1
    /// `a`s that make the length exact (so the input follows the wide
    /// character).
    Wide(usize),
    /// `é a 😀 €` repeated backwards from the end (the input follows `€`),
    /// `a`s at the start to make the length exact.
    Mixed,
}

impl Fill {
    pub(crate) const ALL: [Fill; 5] = [
        Fill::Ascii,
        Fill::Wide(2),
        Fill::Wide(3),
        Fill::Wide(4),
        Fill::Mixed,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Fill::Ascii => "'a'",
            Fill::Wide(2) => "'é'",
            Fill::Wide(3) => "'€'",
            Fill::Wide(_) => "'😀'",
            Fill::Mixed => "mixed",
        }
    }

    /// Exactly `len` bytes of valid UTF-8 ending at a character boundary.
    pub(crate) fn make(self, len: usize) -> Vec<u8> {
        let pattern: &[&str] = match self {
            Fill::Ascii => &["a"],
            Fill::Wide(2) => &["é"],
            Fill::Wide(3) => &["€"],
            Fill::Wide(_) => &["😀"],
            Fill::Mixed => &["€", "😀", "a", "é"],
        };
        let mut pieces = Vec::new();
        let mut left = len;
        for piece in pattern.iter().cycle() {
            if piece.len() > left {
                break;
            }
            pieces.push(piece.as_bytes());
            left -= piece.len();
        }
        let mut out = vec![b'a'; left];
        for piece in pieces.iter().rev() {
            out.extend_from_slice(piece);
        }
        debug_assert_eq!(out.len(), len);
        debug_assert!(core::str::from_utf8(&out).is_ok());
        out
    }
}

/// What may follow an input: 0 to 3 bytes, ASCII or one character.
pub(crate) const SUFFIXES: [&str; 6] = ["", "z", "zz", "zzz", "é", "€"];

/// 256 bytes of `z`, and of `é`: a group's worth of ASCII or not.
pub(crate) const Z256: &str = as_str(&repeated_char::<256>('z'));
pub(crate) const E256: &str = as_str(&repeated_char::<256>('é'));

/// `N` bytes of `ch` repeated.
pub(crate) const fn repeated_char<const N: usize>(ch: char) -> [u8; N] {
    let mut utf8 = [0; 4];
    let utf8: &[u8] = ch.encode_utf8(&mut utf8).as_bytes();
    assert!(
        N.is_multiple_of(utf8.len()),
        "N is not a multiple of the width"
    );
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = utf8[i % utf8.len()];
        i += 1;
    }
    out
}

pub(crate) const fn as_str(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("not UTF-8"),
    }
}

/// A place to put an input: valid filler before it, valid text after it,
/// the whole starting `align` bytes past a 64-byte boundary.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    pub(crate) prefix: Vec<u8>,
    pub(crate) suffix: &'static [u8],
    pub(crate) align: usize,
    pub(crate) ascii: bool,
    pub(crate) name: String,
}

/// The fillers [`frames`] puts at offset `k`: ASCII, and one multi-byte
/// kind that changes with `k`, so that each of them meets every boundary.
pub(crate) fn rotating(k: usize) -> Vec<Fill> {
    vec![Fill::Ascii, Fill::ALL[1 + k % 4]]
}

/// Every filler `fills_at(k)` at every offset `k` in `offsets`, before
/// every suffix in `suffixes`, at alignment `align` (no two frames alike).
pub(crate) fn frames_at(
    offsets: &[usize],
    align: usize,
    fills_at: impl Fn(usize) -> Vec<Fill>,
    suffixes: &[&'static str],
) -> Vec<Frame> {
    let mut frames = Vec::new();
    let mut seen = BTreeSet::new();
    for &k in offsets {
        for fill in fills_at(k) {
            let prefix = fill.make(k);
            for &suffix in suffixes {
                if seen.insert((prefix.clone(), suffix)) {
                    let aligned = if align == 0 {
                        String::new()
                    } else {
                        format!(", aligned +{align}")
                    };
                    frames.push(Frame {
                        name: format!(
                            "{} filler of {k} bytes, the input, {}{aligned}",
                            fill.name(),
                            describe(suffix)
                        ),
                        ascii: prefix.is_ascii(),
                        prefix: prefix.clone(),
                        suffix: suffix.as_bytes(),
                        align,
                    });
                }
            }
        }
    }
    frames
}

/// A suffix in a message: quoted if short, else its length and character.
pub(crate) fn describe(suffix: &str) -> String {
    match suffix.chars().next() {
        Some(ch) if suffix.len() > 8 => format!("{} bytes of {ch:?}", suffix.len()),
        _ => format!("{suffix:?}"),
    }
}

/// [`frames_at`] the [`boundary_offsets`], 64-byte aligned.
pub(crate) fn frames(
    fills_at: impl Fn(usize) -> Vec<Fill>,
    suffixes: &[&'static str],
) -> Vec<Frame> {
    frames_at(&boundary_offsets(), 0, fills_at, suffixes)
}

/// Representative bytes: ASCII, the continuation ranges split where Table
/// 3-7 splits them, and every kind of lead.
pub(crate) const CLASSES: [u8; 24] = [
    0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
    0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
];

/// Every input of `len` bytes over [`CLASSES`], in index order.
pub(crate) fn class_input(len: usize, mut index: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for slot in out.iter_mut().take(len).rev() {
        *slot = CLASSES[index % CLASSES.len()];
        index /= CLASSES.len();
    }
    out
}

/// Whether this is an optimised build (scale random work by it).
pub(crate) const RELEASE: bool = !cfg!(debug_assertions);

/// `UTF8LIT_TEST_SPARSE=N`: the exhaustive suites' frames that check every
/// pattern check every `N`th instead, from a place that moves from frame to
/// frame, so every pattern is still checked at some offset and every
/// offset with some patterns. CI sets it under qemu, where a full run
/// costs a quarter of an hour; the native runs check every pattern.
pub(crate) const SPARSE: &str = "UTF8LIT_TEST_SPARSE";

/// The stride of a frame that checks every pattern: 1, or `SPARSE`'s `N`.
/// A value that is not a positive number fails rather than check less.
pub(crate) fn every() -> usize {
    match std::env::var(SPARSE) {
        Err(_) => 1,
        Ok(value) if value.trim().is_empty() => 1,
        Ok(value) => value
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .unwrap_or_else(|| panic!("{SPARSE}={value}: not a positive number")),
    }
}
