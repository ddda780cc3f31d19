//! The portable kernel: ASCII eight bytes at a time, everything else one
//! sequence at a time with the range checks of RFC 3629's table.

use core::ops::RangeInclusive;

/// `None` when `bytes` is valid; otherwise the offset of the first sequence
/// that is not (every sequence before it is valid).
pub(super) fn check(bytes: &[u8]) -> Option<usize> {
    const WORD: usize = core::mem::size_of::<u64>();
    const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; WORD]);
    let len = bytes.len();
    let mut at = 0;
    while at < len {
        let lead = bytes[at];
        if lead < 0x80 {
            // Two words a step while the text stays ASCII.
            while let Some(pair) = bytes.get(at..at + 2 * WORD) {
                let (a, b) = pair.split_at(WORD);
                let a = u64::from_ne_bytes(a.try_into().unwrap_or_default());
                let b = u64::from_ne_bytes(b.try_into().unwrap_or_default());
                if (a | b) & HIGH_BITS != 0 {
                    break;
                }
                at += 2 * WORD;
            }
            while at < len && bytes[at] < 0x80 {
                at += 1;
            }
            continue;
        }
        let Some((len_needed, second)) = shape(lead) else {
            return Some(at);
        };
        let Some(seq) = bytes.get(at..at + len_needed) else {
            return Some(at);
        };
        // `seq[0]` is the lead; the second byte has the lead's own range,
        // the others are plain continuation bytes (10xxxxxx).
        if !second.contains(&seq[1]) || seq[2..].iter().any(|&b| b & 0xC0 != 0x80) {
            return Some(at);
        }
        at += len_needed;
    }
    None
}

/// The length of the sequence `lead` starts and the range of its second
/// byte (RFC 3629's table), or `None` if `lead` starts no sequence of two or
/// more bytes.
#[inline]
fn shape(lead: u8) -> Option<(usize, RangeInclusive<u8>)> {
    Some(match lead {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return None,
    })
}
