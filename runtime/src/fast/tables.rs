//! The lookup tables of the SIMD kernels, and a scalar model of the
//! algorithm that tests them.
//!
//! Every byte is classified with its predecessor: three 16-entry tables,
//! indexed by the high nibble of the previous byte, its low nibble and the
//! high nibble of the current byte, give each pair a set of error bits, and
//! the pair is wrong when a bit is set in all three. One bit, `TWO_CONTS`,
//! marks a continuation byte after a continuation byte, which is right
//! exactly where the byte two or three back leads a 3- or 4-byte sequence;
//! that is checked separately.

/// A lead byte not followed by a continuation byte.
const TOO_SHORT: u8 = 1 << 0;
/// A continuation byte after ASCII.
const TOO_LONG: u8 = 1 << 1;
/// E0 80..9F.
const OVERLONG_3: u8 = 1 << 2;
/// F4 90..BF, or F5..FF 90..BF.
const TOO_LARGE: u8 = 1 << 3;
/// ED A0..BF.
const SURROGATE: u8 = 1 << 4;
/// C0 or C1 and a continuation byte.
const OVERLONG_2: u8 = 1 << 5;
/// F5..FF 80..8F.
const TOO_LARGE_1000: u8 = 1 << 6;
/// F0 80..8F (shares its bit with `TOO_LARGE_1000`: both are F_ 80..8F,
/// told apart by the low nibble).
const OVERLONG_4: u8 = 1 << 6;
/// A continuation byte after a continuation byte.
pub(crate) const TWO_CONTS: u8 = 1 << 7;
/// The bits whose verdict does not depend on the low nibble.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Indexed by the high nibble of the previous byte.
pub(crate) const PREV_HIGH: [u8; 16] = [
    // 0_..7_: ASCII
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    // 8_..B_: continuation
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    // C_: 2-byte lead (C0 and C1 never valid)
    TOO_SHORT | OVERLONG_2,
    // D_: 2-byte lead
    TOO_SHORT,
    // E_: 3-byte lead
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    // F_: 4-byte lead (F5..FF never valid)
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// Indexed by the low nibble of the previous byte.
pub(crate) const PREV_LOW: [u8; 16] = [
    CARRY | OVERLONG_2 | OVERLONG_3 | OVERLONG_4,   // _0
    CARRY | OVERLONG_2,                             // _1
    CARRY,                                          // _2
    CARRY,                                          // _3
    CARRY | TOO_LARGE,                              // _4
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _5
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _6
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _7
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _8
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _9
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _A
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _B
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _C
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, // _D
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _E
    CARRY | TOO_LARGE | TOO_LARGE_1000,             // _F
];

/// Indexed by the high nibble of the current byte.
pub(crate) const CUR_HIGH: [u8; 16] = [
    // 0_..7_: ASCII
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    // 80..8F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    // 90..9F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    // A0..BF
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    // C_..F_: leads
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// What the kernels subtract (saturating) from the byte two back so that
/// the top bit is set exactly for a 3- or 4-byte lead (E0..FF).
pub(crate) const THIRD_BYTE_BIAS: u8 = 0xE0 - 0x80;
/// The same for the byte three back and 4-byte leads (F0..FF).
pub(crate) const FOURTH_BYTE_BIAS: u8 = 0xF0 - 0x80;

/// A table written out `N / 16` times: once per 128-bit lane for `pshufb`,
/// or four times over for `vpermb`, which looks up by the low six bits of an
/// index and so needs no masking.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const fn repeated<const N: usize>(table: [u8; 16]) -> [u8; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i % 16];
        i += 1;
    }
    out
}

/// Saturating-subtracted from a block, nonzero where the block ends inside
/// a sequence: a lead of 2+ bytes last, of 3+ second to last, of 4 third
/// to last.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const fn incomplete_max<const N: usize>() -> [u8; N] {
    let mut max = [0xFF; N];
    max[N - 3] = 0xF0 - 1;
    max[N - 2] = 0xE0 - 1;
    max[N - 1] = 0xC0 - 1;
    max
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The algorithm the kernels run, one byte at a time: the bytes before
    /// the input and after it are zeros (ASCII).
    fn model_is_valid(bytes: &[u8]) -> bool {
        let at = |i: isize| -> u8 {
            usize::try_from(i)
                .ok()
                .and_then(|i| bytes.get(i))
                .copied()
                .unwrap_or(0)
        };
        // One position past the end: a trailing lead byte meets a zero.
        (0..=bytes.len().cast_signed()).all(|i| {
            let (prev3, prev2, prev1, cur) = (at(i - 3), at(i - 2), at(i - 1), at(i));
            let special = PREV_HIGH[usize::from(prev1 >> 4)]
                & PREV_LOW[usize::from(prev1 & 0x0F)]
                & CUR_HIGH[usize::from(cur >> 4)];
            let must_continue = (prev2.saturating_sub(THIRD_BYTE_BIAS)
                | prev3.saturating_sub(FOURTH_BYTE_BIAS))
                & 0x80;
            special ^ must_continue == 0
        })
    }

    #[test]
    fn the_model_agrees_with_std_on_every_input_of_up_to_three_bytes() {
        for n in 0..=0xFF_FFFFu32 {
            let b = n.to_le_bytes();
            for len in 1..=3 {
                let input = &b[..len];
                assert_eq!(
                    model_is_valid(input),
                    core::str::from_utf8(input).is_ok(),
                    "{input:02X?}"
                );
            }
        }
    }

    #[test]
    fn the_model_agrees_with_std_on_four_byte_inputs() {
        // Every first byte and every last byte, the middle bytes over the
        // boundaries of their ranges.
        let middles = [
            0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF,
        ];
        for a in 0..=0xFFu8 {
            for &b in &middles {
                for &c in &middles {
                    for d in 0..=0xFFu8 {
                        let input = [a, b, c, d];
                        assert_eq!(
                            model_is_valid(&input),
                            core::str::from_utf8(&input).is_ok(),
                            "{input:02X?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn repeated_repeats_the_table() {
        let t = repeated::<64>(CUR_HIGH);
        assert!(t.chunks(16).all(|c| c == CUR_HIGH));
    }
}
