//! The portable kernel, for targets without SIMD (RISC-V, wasm without
//! `simd128`, 32-bit microcontrollers): ASCII sixteen bytes at a time,
//! everything else through a shift-based DFA, no branch per byte.
//!
//! # The automaton
//!
//! RFC 3629's table (the grammar in [`decode`](crate::decode)) is a finite
//! automaton with nine states:
//!
//! | state      | what it expects next                           |
//! |------------|------------------------------------------------|
//! | `ACCEPT`   | a character: 00–7F, or a lead C2–F4            |
//! | `ERROR`    | nothing: once here, always here                |
//! | `TAIL1`    | one continuation byte (80–BF), then `ACCEPT`   |
//! | `TAIL2`    | a continuation byte, then `TAIL1`              |
//! | `TAIL3`    | a continuation byte, then `TAIL2`              |
//! | `AFTER_E0` | A0–BF (not overlong), then `TAIL1`             |
//! | `AFTER_ED` | 80–9F (not a surrogate), then `TAIL1`          |
//! | `AFTER_F0` | 90–BF (not overlong), then `TAIL2`             |
//! | `AFTER_F4` | 80–8F (not above U+10FFFF), then `TAIL2`       |
//!
//! Every byte a state does not expect leads to `ERROR`. [`transition`] is
//! that table as a `match`; a unit test holds it to the reference decoder
//! on every input of up to three bytes and on four-byte inputs over every
//! class of byte.
//!
//! # One step, one shift
//!
//! A state is stored as a bit offset, a multiple of six below 64 (nine
//! states take 54 bits), and all the transitions on one byte value are
//! packed into one `u64`, the byte's *row*: the six bits at offset `s` of
//! row `b` hold the state (again an offset) that `b` leads to from state
//! `s`. [`ROWS`], the 256 rows (2 KiB), is computed at compile time from
//! [`transition`]. One step is then
//!
//! ```text
//! state = ROWS[byte] >> state
//! ```
//!
//! The row is loaded from the byte alone, so the loads run ahead of the
//! automaton, and the only dependency from one byte to the next is one
//! shift, one cycle. There is no branch per byte: std's loop (and this
//! kernel before it) branches on each sequence's length, which text that
//! mixes lengths mispredicts every few bytes. The shift count is the state
//! mod 64 (`wrapping_shr`), so the bits above the low six, left over from
//! the row, are never cleared in the loop: only the comparisons of a state
//! mask them off.
//!
//! # Chunks and errors
//!
//! The input is read in sixteen-byte chunks (the end, under sixteen bytes,
//! goes through the automaton on its own). An all-ASCII chunk is skipped
//! after one test if the automaton is in `ACCEPT`, and the run of ASCII
//! after it two chunks a test; if the automaton is not in `ACCEPT`, the
//! chunk cuts a sequence short, which is an error. A chunk that is not all
//! ASCII goes through the automaton together with the chunk after it, and
//! the state is looked at once per pair: `ERROR` ends the scan with the
//! pair's offset. Whether the automaton is in `ACCEPT` is only asked of an
//! ASCII chunk, so text without runs of ASCII (CJK) takes no branch on
//! the state but that once-per-pair `ERROR` test.
//!
//! The offset answered satisfies the kernel contract ([`super`]'s module
//! docs): the automaton was not in `ERROR` at the start of the pair (or of
//! the ASCII chunk), so the bytes before it are valid but for, perhaps, a
//! sequence still open, whose lead is at most three bytes back; the first
//! error starts at that lead or in the pair, so at or after
//! [`boundary_near`](super::boundary_near) the offset, and the reference
//! decoder finds and explains it from there. An input that ends in a state
//! other than `ACCEPT` or `ERROR` answers its length.
//!
//! # Why one automaton
//!
//! The automaton runs at its bound of one dependent step a byte, which
//! beats a loop that branches on each sequence's length (std's) on text
//! that is not ASCII. Two automata interleaved over the two halves of a
//! block (the second started on a character boundary) are barely faster:
//! the loads, two a byte, become the bound, and joining the halves costs
//! the rest. A CPU with more load ports may profit from them.

/// States, as bit offsets into a row (see the module docs).
const ACCEPT: u32 = 0;
const ERROR: u32 = 6;
const TAIL1: u32 = 12;
const TAIL2: u32 = 18;
const TAIL3: u32 = 24;
const AFTER_E0: u32 = 30;
const AFTER_ED: u32 = 36;
const AFTER_F0: u32 = 42;
const AFTER_F4: u32 = 48;

/// Every state, for building the rows.
const STATES: [u32; 9] = [
    ACCEPT, ERROR, TAIL1, TAIL2, TAIL3, AFTER_E0, AFTER_ED, AFTER_F0, AFTER_F4,
];

/// The state that `byte` leads to from `state`: RFC 3629's table.
const fn transition(state: u32, byte: u8) -> u32 {
    let continuation = matches!(byte, 0x80..=0xBF);
    match state {
        ACCEPT => match byte {
            0x00..=0x7F => ACCEPT,
            0xC2..=0xDF => TAIL1,
            0xE0 => AFTER_E0,
            0xE1..=0xEC | 0xEE..=0xEF => TAIL2,
            0xED => AFTER_ED,
            0xF0 => AFTER_F0,
            0xF1..=0xF3 => TAIL3,
            0xF4 => AFTER_F4,
            // Continuation bytes, C0, C1, F5–FF.
            _ => ERROR,
        },
        TAIL1 if continuation => ACCEPT,
        TAIL2 if continuation => TAIL1,
        TAIL3 if continuation => TAIL2,
        AFTER_E0 if matches!(byte, 0xA0..=0xBF) => TAIL1,
        AFTER_ED if matches!(byte, 0x80..=0x9F) => TAIL1,
        AFTER_F0 if matches!(byte, 0x90..=0xBF) => TAIL2,
        AFTER_F4 if matches!(byte, 0x80..=0x8F) => TAIL2,
        // `ERROR` included: it absorbs.
        _ => ERROR,
    }
}

/// Every byte's row: for each state `s`, `transition(s, byte) << s`.
const fn rows() -> [u64; 256] {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < rows.len() {
        let mut row = 0;
        let mut i = 0;
        while i < STATES.len() {
            let state = STATES[i];
            row |= (transition(state, byte as u8) as u64) << state;
            i += 1;
        }
        rows[byte] = row;
        byte += 1;
    }
    rows
}

/// The automaton: one row per byte value.
static ROWS: [u64; 256] = rows();

/// The state in the low six bits of a step's result.
const STATE_MASK: u64 = 63;

/// The state that `state` (a step's result) holds.
#[inline]
const fn state_of(state: u64) -> u32 {
    (state & STATE_MASK) as u32
}

/// One step. `state` holds the state in its low six bits; the bits above
/// are whatever the row had there, and the shift (mod 64) ignores them.
#[inline]
fn step(state: u64, byte: u8) -> u64 {
    ROWS[usize::from(byte)].wrapping_shr(state as u32)
}

/// The state after `bytes`, from `state`.
#[inline]
fn run(mut state: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        state = step(state, byte);
    }
    state
}

/// Whether the automaton accepts `bytes`, three steps from `ACCEPT` (where
/// ASCII keeps it, so NULs in front stand for no bytes). No branch on the
/// bytes, so that text mixing ASCII, 2- and 3-byte characters predicts as
/// well as either.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline]
pub(super) fn accepts_three(bytes: [u8; 3]) -> bool {
    let [a, b, c] = bytes;
    state_of(step(step(step(u64::from(ACCEPT), a), b), c)) == ACCEPT
}

/// Whether the automaton accepts `bytes`, a step a byte from `ACCEPT`: a
/// short input's verdict with no call and no memory, for the `simd128`
/// kernel's short paths (`fast::wasm`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub(super) fn accepts(bytes: &[u8]) -> bool {
    state_of(run(u64::from(ACCEPT), bytes)) == ACCEPT
}

/// Bytes per chunk.
const CHUNK: usize = 16;

use super::HIGH;

/// A chunk's two words or'ed: `& HIGH` is 0 when the chunk is ASCII.
/// Words, not a `u128`: LLVM takes a `u128` through a vector register and
/// back on x86-64, which slows the ASCII path.
#[inline]
fn folded(chunk: &[u8; CHUNK]) -> u64 {
    let (words, _) = chunk.as_chunks::<8>();
    words
        .iter()
        .fold(0, |acc, word| acc | u64::from_ne_bytes(*word))
}

/// `None` when `bytes` is valid; otherwise an offset whose
/// [`boundary_near`](super::boundary_near) is at or before the first error
/// (see "Chunks and errors" in the module docs).
pub(super) fn check(bytes: &[u8]) -> Option<usize> {
    let (chunks, end) = bytes.as_chunks::<CHUNK>();
    let mut state = u64::from(ACCEPT);
    let mut i = 0;
    while let Some(chunk) = chunks.get(i) {
        let at = i * CHUNK;
        if folded(chunk) & HIGH == 0 {
            if state_of(state) != ACCEPT {
                // A sequence cut off by ASCII.
                return Some(at);
            }
            i += 1;
            // A run of ASCII: two chunks a test.
            let (pairs, _) = chunks.get(i..).unwrap_or_default().as_chunks::<2>();
            let ascii = pairs
                .iter()
                .position(|[a, b]| (folded(a) | folded(b)) & HIGH != 0);
            i += 2 * ascii.unwrap_or(pairs.len());
            continue;
        }
        state = run(state, chunk);
        i += 1;
        if let Some(next) = chunks.get(i) {
            state = run(state, next);
            i += 1;
        }
        if state_of(state) == ERROR {
            return Some(at);
        }
    }
    match state_of(run(state, end)) {
        ACCEPT => None,
        ERROR => Some(chunks.len() * CHUNK),
        // A sequence that the end of the input cuts off.
        _ => Some(bytes.len()),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::decode;
    use std::vec::Vec;

    /// Bytes of every class the automaton tells apart, each class's ends:
    /// ASCII; continuation bytes split where E0, ED, F0 and F4 split them;
    /// leads of every kind; bytes that are never UTF-8.
    const CLASSES: [u8; 27] = [
        0x00, 0x41, 0x7F, // ASCII
        0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, // continuation bytes
        0xC0, 0xC1, // overlong 2-byte leads
        0xC2, 0xDF, // 2-byte leads
        0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, // 3-byte leads
        0xF0, 0xF1, 0xF3, 0xF4, // 4-byte leads
        0xF5, 0xF7, 0xF8, 0xFF, // never UTF-8
    ];

    /// `check`'s answer obeys the kernel contract on `bytes`: `None` exactly
    /// for valid input, else an offset from which the reference decoder
    /// finds the first error, which lies at most three bytes before it or
    /// in the pair of chunks it starts.
    fn assert_contract(bytes: &[u8]) {
        let verdict = decode::validate(bytes);
        let answer = check(bytes);
        assert_eq!(
            answer.is_none(),
            verdict.is_ok(),
            "{bytes:02X?}: {answer:?}"
        );
        if let (Some(at), Err(error)) = (answer, verdict) {
            let from = super::super::boundary_near(bytes, at);
            assert!(from <= error.valid_up_to(), "{bytes:02X?}: {at}");
            assert!(error.valid_up_to() < at + 2 * CHUNK, "{bytes:02X?}: {at}");
            assert_eq!(
                decode::validate_from(bytes, from),
                Err(error),
                "{bytes:02X?}: {at}"
            );
        }
    }

    #[test]
    fn the_rows_are_the_table_on_every_input_of_up_to_three_bytes() {
        assert_eq!(check(b""), None);
        for a in 0..=u8::MAX {
            assert_contract(&[a]);
            for b in 0..=u8::MAX {
                assert_contract(&[a, b]);
                for c in 0..=u8::MAX {
                    // Validity alone: the full contract for 16 M inputs is
                    // slow in debug builds, and short inputs only ever
                    // answer 0 or their length.
                    let bytes = [a, b, c];
                    assert_eq!(
                        check(&bytes).is_none(),
                        decode::validate(&bytes).is_ok(),
                        "{bytes:02X?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_rows_are_the_table_on_four_byte_inputs_over_every_class() {
        for a in CLASSES {
            for b in CLASSES {
                for c in CLASSES {
                    for d in CLASSES {
                        assert_contract(&[a, b, c, d]);
                    }
                }
            }
        }
    }

    /// Every state's row entries are states, and `ERROR` absorbs.
    #[test]
    fn every_row_holds_states_and_error_absorbs() {
        for row in ROWS {
            for state in STATES {
                assert!(STATES.contains(&state_of(row >> state)));
            }
            assert_eq!(state_of(row >> ERROR), ERROR);
        }
    }

    /// Short inputs never reach the chunk loop; these do. Each class input
    /// of two to four bytes is placed so that it ends a chunk, starts
    /// one, or straddles two (or a pair), after ASCII or after two-byte
    /// characters, and before more of the same.
    #[test]
    fn chunks_pairs_and_the_end() {
        let fillers: [&[u8]; 2] = [b"a", "é".as_bytes()];
        let mut buf = Vec::new();
        for filler in fillers {
            for offset in [
                0, 1, 13, 14, 15, 16, 17, 29, 30, 31, 32, 33, 47, 48, 62, 63, 64,
            ] {
                for after in [0, 3, 40] {
                    for a in CLASSES {
                        for b in CLASSES {
                            for c in [0x41, 0x80, 0xA0, 0xBF] {
                                for d in [0x41, 0x80] {
                                    buf.clear();
                                    while buf.len() < offset {
                                        buf.extend_from_slice(filler);
                                    }
                                    buf.truncate(offset.min(buf.len()));
                                    // A cut filler is a valid prefix only for ASCII;
                                    // keep the prefix valid so errors are ours.
                                    if decode::validate(&buf).is_err() {
                                        buf.pop();
                                    }
                                    buf.extend_from_slice(&[a, b, c, d]);
                                    for k in 0..after {
                                        buf.extend_from_slice(fillers[k % 2]);
                                    }
                                    assert_contract(&buf);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
