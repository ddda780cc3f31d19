//! The end of an input shorter than a group, put together in registers for
//! the SIMD kernels: eight-byte words ([`tail_word`]), 16-byte pieces moved
//! into place by a table lookup ([`tail_piece_parts`]), and the window and
//! direction of AVX-512's masked loads ([`masked_window`],
//! [`masked_read_backward`]). Safe code over slices and addresses; the
//! loads themselves are the kernels'.

use crate::shared::error::short_word;

/// Word `i` of `rest` (bytes `8 * i ..`) as a little-endian word, zero
/// past its end: the SIMD kernels' tail, put together in registers. A
/// whole word is read as it is; the last partial one is the eight bytes
/// that end `rest`, shifted down; under eight bytes in all, two
/// overlapping reads of four, two or one.
#[allow(dead_code, reason = "only the SIMD kernels use it")]
#[inline]
pub(crate) fn tail_word(rest: &[u8], i: usize) -> u64 {
    let len = rest.len();
    if len < 8 {
        return if i == 0 { short_word(rest) } else { 0 };
    }
    let start = (8 * i).min(len - 8);
    // How far the word's first byte lies past `start`: 0 for a whole word,
    // 1–7 for the last partial one, 8 or more past the end.
    let skip = 8 * i - start;
    if skip < 8 {
        rest.get(start..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |w| u64::from_le_bytes(*w) >> (8 * skip))
    } else {
        0
    }
}

/// How a SIMD kernel puts bytes `16 * k ..` of a short `rest` (16 bytes or
/// more, fewer than a group) into a vector, zero after its end: the 16
/// bytes to load, which stay inside `rest` (moved back to end at its end
/// where the piece runs past it), and the indices of a 16-byte table
/// lookup (`pshufb`, `vqtbl1q_u8`) that moves them down into place and
/// zeroes what comes in after the end. `None` under 16 bytes. One load
/// and one lookup a piece, where building it from eight-byte words takes
/// a shift and an insert a word.
#[allow(dead_code, reason = "only the SIMD kernels use it")]
#[inline]
pub(crate) fn tail_piece_parts(rest: &[u8], k: usize) -> Option<(&[u8; 16], &'static [u8; 16])> {
    /// At offset `skip`: the indices that move a vector down by `skip`
    /// bytes, zeroing what comes in (an index of 16 or more gives zero).
    /// Up to `skip == 112`: piece 7 of a 16-byte rest (NEON's groups have
    /// eight pieces).
    static SLIDE: [u8; 128] = {
        let mut table = [0x80; 128];
        let mut i = 0;
        while i < 16 {
            table[i] = i as u8;
            i += 1;
        }
        table
    };
    let start = (16 * k).min(rest.len().checked_sub(16)?);
    let skip = (16 * k - start).min(SLIDE.len() - 16);
    Some((
        rest.get(start..)?.first_chunk::<16>()?,
        SLIDE.get(skip..)?.first_chunk::<16>()?,
    ))
}

/// Where vector `i` of a rest of `len` bytes starts in it, and how many of
/// its 64 lanes a masked load keeps: past the end, none, at the rest's
/// start (bytes already in view), not one past its end.
#[allow(dead_code, reason = "only the AVX-512 kernel and its model use it")]
#[inline]
pub(crate) const fn masked_window(len: usize, i: usize) -> (usize, usize) {
    if 64 * i < len {
        let start = 64 * i;
        let left = len - start;
        (start, if left < 64 { left } else { 64 })
    } else {
        (0, 0)
    }
}

/// Whether a 64-lane masked load of bytes at `addr` (one or more; none
/// are not to be loaded at all) should read the 64 bytes that end where
/// they end, moved down into place, rather than the 64 that start at
/// `addr`: those would run into the next page. `page` is a power of two,
/// at least 128.
///
/// A masked load faults on no masked-off lane, but on AMD's Zen 4 and 5
/// and Intel's Sapphire Rapids one whose masked-off lanes lie on a page
/// that is not mapped takes a microcode assist, which costs many times what
/// the load does. So the window must not run into a page that holds none of the bytes: not the
/// next page, for an input that ends within 64 bytes of one that is not
/// mapped (a file mapped into memory, the last buffer of an arena), and no
/// page at all for no bytes (an empty slice's address is dangling, `0x1`
/// for `Vec::new()` and `""`: an empty input paid for the assist on every
/// call until the kernel stopped loading it). Read backwards, the window starts on
/// `addr`'s page, at least `page - 128` bytes into it, and ends on the
/// last byte's. A full window (64 bytes) near the end of a page is read
/// backwards too: the same bytes, moved by nothing, at the cost of a
/// permute on one address in 64, where a third test would cost every call.
#[allow(dead_code, reason = "only the AVX-512 kernel and its model use it")]
#[inline]
pub(crate) const fn masked_read_backward(addr: usize, page: usize) -> bool {
    addr % page > page - 64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_word_is_the_bytes_then_zeros_at_every_length() {
        let input: [u8; 64] = core::array::from_fn(|i| u8::try_from(i + 1).unwrap_or(0));
        for len in 0..64 {
            let mut want = [0u8; 72];
            want[..len].copy_from_slice(&input[..len]);
            for i in 0..9 {
                let word = tail_word(&input[..len], i);
                assert_eq!(
                    word.to_le_bytes(),
                    want[8 * i..8 * i + 8],
                    "len {len}, word {i}"
                );
            }
        }
    }
}
