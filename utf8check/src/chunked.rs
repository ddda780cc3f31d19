//! Every problem of an input, with the valid bytes between, found a chunk at
//! a time exactly as `utf8lit::problems` finds it in the whole input: what
//! the verdict and the report go through, so that a file too large to hold
//! gets the answers it would get if it were held.
//!
//! An error depends on the bytes around it: up to [`CONTEXT`] before it
//! (the start of the input, ASCII, a Latin-1 letter) and up to
//! [`LOOKAHEAD`] from it (the bytes it quotes, and whether the input ends
//! among them). So [`Chunked`] keeps a window of the input that starts
//! where the search of the whole input also passes (the input's start, the
//! end of a problem, a character boundary in valid text), at least
//! [`CONTEXT`] bytes before the first problem it has not handed out, and it
//! hands a problem out only once [`LOOKAHEAD`] bytes follow it or the input
//! has ended. The window is a few bytes more than a chunk, whatever the
//! input.

use utf8lit::Utf8Error;

use crate::facts::problem_len;

/// How many bytes from a problem's offset decide it: the error keeps six
/// (a CESU-8 pair), reads eight at once, and a sequence is at most four.
pub const LOOKAHEAD: usize = 8;

/// How many bytes before a problem decide its context: two ASCII bytes, or
/// a Latin-1 letter after two ASCII bytes.
const CONTEXT: usize = 3;

/// A piece of the input, in order: every byte is in one piece.
#[derive(Debug)]
pub enum Piece<'a> {
    /// Valid UTF-8.
    Valid(&'a [u8]),
    /// A problem, as `utf8lit::problems` gives it.
    Problem {
        /// The error. Its `valid_up_to` counts from wherever the search
        /// started, not from the start of the input: use `at`.
        err: &'a Utf8Error,
        /// The problem's offset in the input.
        at: usize,
        /// The bytes it covers ([`problem_len`] of them).
        bytes: &'a [u8],
    },
}

/// Hands out the pieces of `window` (which starts at offset `base` of the
/// input, where the search of the whole input also passes) from window
/// offset `*done` on, and moves `*done` past them: every piece when `end`
/// (the input ends with the window), else those that later bytes cannot
/// change. Stops when `each` returns `false`, and then returns `None`.
/// Otherwise returns where the certain part ends and the window offsets of
/// the problems found, `(start, end)`, for [`Chunked`] to cut the window.
fn hand_out(
    window: &[u8],
    base: usize,
    done: &mut usize,
    end: bool,
    each: &mut impl FnMut(Piece<'_>) -> bool,
) -> Option<(usize, Vec<(usize, usize)>)> {
    let len = window.len();
    let mut found = Vec::new();
    let mut certain = len;
    for err in utf8lit::problems(window) {
        let at = err.valid_up_to();
        if !end && at.saturating_add(LOOKAHEAD) > len {
            certain = at;
            break;
        }
        let stop = at.saturating_add(problem_len(&err, len)).min(len);
        // A problem before `done` was handed out by an earlier call.
        if at >= *done {
            if at > *done && !each(Piece::Valid(&window[*done..at])) {
                return None;
            }
            *done = stop;
            let bytes = &window[at..stop];
            if !each(Piece::Problem {
                err: &err,
                at: base + at,
                bytes,
            }) {
                return None;
            }
        }
        found.push((at, stop));
    }
    // Up to there, the bytes after the last problem are valid.
    if certain > *done {
        let valid = &window[*done..certain];
        *done = certain;
        if !each(Piece::Valid(valid)) {
            return None;
        }
    }
    Some((certain, found))
}

/// Hands out the pieces of all of `bytes`, an input held whole, until
/// `each` returns `false`.
pub fn pieces(bytes: &[u8], mut each: impl FnMut(Piece<'_>) -> bool) {
    let mut done = 0;
    let end = true;
    hand_out(bytes, 0, &mut done, end, &mut each);
}

/// The pieces of an input read a chunk at a time; see the module doc.
#[derive(Debug, Default)]
pub struct Chunked {
    /// The bytes kept: from a point the whole input's search passes.
    window: Vec<u8>,
    /// The offset of `window[0]` in the input.
    base: usize,
    /// How much of `window` has been handed out.
    done: usize,
}

impl Chunked {
    /// Takes the next `chunk` of the input (`end`: the last one), and hands
    /// out every piece now certain to `each`, in order. `false` once `each`
    /// has returned `false`: nothing more is wanted.
    pub fn push(
        &mut self,
        chunk: &[u8],
        end: bool,
        mut each: impl FnMut(Piece<'_>) -> bool,
    ) -> bool {
        self.window.extend_from_slice(chunk);
        let Some((certain, found)) =
            hand_out(&self.window, self.base, &mut self.done, end, &mut each)
        else {
            return false;
        };
        if end {
            return true;
        }
        // Cut the window at the last point the whole search passes that
        // leaves CONTEXT bytes before `certain`: in the stretch of valid
        // bytes between two problems (or before the first, or after the
        // last), at a character boundary, or at the stretch's start (a
        // problem's end, or the window's start).
        let target = certain.saturating_sub(CONTEXT);
        let mut stretches = Vec::with_capacity(found.len() + 1);
        let mut start = 0;
        for &(at, stop) in &found {
            stretches.push((start, at));
            start = stop;
        }
        stretches.push((start, certain));
        let cut = stretches
            .iter()
            .rev()
            .find(|&&(start, _)| start <= target)
            .map_or(0, |&(start, stop)| {
                let mut cut = target.min(stop);
                while cut > start && self.window[cut] & 0xC0 == 0x80 {
                    cut -= 1;
                }
                cut
            });
        self.window.drain(..cut);
        self.base += cut;
        self.done -= cut;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces as text: `valid(N)` and `problem(at, len, message)`.
    fn describe(piece: &Piece<'_>, out: &mut Vec<String>) {
        match piece {
            Piece::Valid(bytes) => out.push(format!("valid({})", bytes.len())),
            Piece::Problem { err, at, bytes } => {
                // The message without its offset, which counts from the
                // window's start.
                let message = err.to_string();
                let message = message.split_once(") ").map_or("", |(_, rest)| rest);
                out.push(format!("problem({at}, {}, {message})", bytes.len()));
            }
        }
    }

    /// Every piece of `bytes`, read `chunk` bytes at a time.
    fn chunked(bytes: &[u8], chunk: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut chunked = Chunked::default();
        let mut chunks = bytes.chunks(chunk).peekable();
        while let Some(piece) = chunks.next() {
            let end = chunks.peek().is_none();
            chunked.push(piece, end, |p| {
                describe(&p, &mut out);
                true
            });
            assert!(chunked.window.len() <= chunk + 2 * LOOKAHEAD + CONTEXT + 6);
        }
        if bytes.is_empty() {
            chunked.push(&[], true, |p| {
                describe(&p, &mut out);
                true
            });
        }
        // Valid pieces next to each other are one stretch.
        let mut merged: Vec<String> = Vec::new();
        for piece in out {
            match (merged.last_mut(), piece.strip_prefix("valid(")) {
                (Some(last), Some(n)) if last.starts_with("valid(") => {
                    let a: usize = last[6..last.len() - 1].parse().unwrap();
                    let b: usize = n[..n.len() - 1].parse().unwrap();
                    *last = format!("valid({})", a + b);
                }
                _ => merged.push(piece),
            }
        }
        merged.retain(|p| p != "valid(0)");
        merged
    }

    /// Whatever the chunk size, the pieces are those of the whole input:
    /// problems at chunk boundaries, in the first bytes, dense, and the
    /// contexts that depend on the bytes before (ASCII, a Latin-1 letter).
    #[test]
    fn chunks_change_nothing() {
        let inputs: [&[u8]; 8] = [
            b"caf\xE9 cr\xE8me Gr\xFC\xDFe na\xEFve \xFF\xFE",
            b"\xED\xA0\xBD\xED\xB8\x80 smile \xED\xA0\xBD\xED\xB8\x80\xC0\x80 a\xC0\x80",
            b"\xFF\xFE\xFF\xFE\xFF\xFE\xFF\xFE\xFF\xFE\xFF\xFE\xFF\xFE\xFF",
            b"\0\0\xFE\xFF \xF8\x88\x80\x80\x80 \xFC\x84\x80\x80\x80\x80 \xC0\xAE",
            "Марс — \u{1F600} планета\n".as_bytes(),
            b"ab\xC3",
            b"",
            b"\xE9t\xE9 \xC3\xA9\xE9 Gr\xFC\xDF",
        ];
        for bytes in inputs {
            let whole = chunked(bytes, bytes.len().max(1));
            for chunk in 1..=bytes.len().max(1) {
                assert_eq!(chunked(bytes, chunk), whole, "{bytes:02X?} by {chunk}");
            }
            let mut all = Vec::new();
            pieces(bytes, |p| {
                describe(&p, &mut all);
                true
            });
            all.retain(|p| p != "valid(0)");
            assert_eq!(all, whole, "{bytes:02X?}");
        }
    }
}
