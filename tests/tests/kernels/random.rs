//! Suite 3: random texts, ASCII runs, sequences cut off at block ends.

use super::*;

// ---------------------------------------------------------------------------
// 3. Random texts, ASCII runs, sequences cut off at block ends
// ---------------------------------------------------------------------------

/// Valid text of at least `len` bytes: ASCII runs long enough to fill
/// groups, runs of one multi-byte character, and characters of mixed
/// widths.
pub(crate) fn random_text(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 300);
    let mut buf = [0; 4];
    while out.len() < len {
        match rng.below(4) {
            0 => {
                let run = 1 + rng.below(300);
                out.extend((0..run).map(|_| rng.byte() & 0x7F));
            }
            1 => {
                let width = 2 + rng.below(3);
                let ch = rng.char_of_width(width);
                for _ in 0..=rng.below(60) {
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
            _ => {
                for _ in 0..=rng.below(20) {
                    let width = 1 + rng.below(4);
                    let ch = rng.char_of_width(width);
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
    }
    out
}

/// Overlong forms, surrogates and other sequences no kernel may accept.
pub(crate) const BAD_SEQUENCES: [&[u8]; 16] = [
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xED\xA0\x80\xED\xB0\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80\x80\x80",
    b"\xF7\xBF\xBF\xBF",
    b"\xF8\x88\x80\x80\x80",
    b"\xFC\x84\x80\x80\x80\x80",
    b"\xFE",
    b"\xFF",
];

/// Valid sequences cut short (by the end of input or what follows).
pub(crate) const CUT_SEQUENCES: [&[u8]; 13] = [
    b"\xC3",
    b"\xDF",
    b"\xE0",
    b"\xE0\xA0",
    b"\xE1\x80",
    b"\xED\x9F",
    b"\xEF\xBF",
    b"\xF0",
    b"\xF0\x90",
    b"\xF0\x9F\x98",
    b"\xF1\x80\x80",
    b"\xF3",
    b"\xF4\x8F\xBF",
];

/// Complete characters of every width, at the edges of their ranges.
pub(crate) const WHOLE_CHARS: [&str; 8] = [
    "\u{7F}",
    "\u{80}",
    "\u{7FF}",
    "\u{800}",
    "\u{D7FF}",
    "\u{FFFF}",
    "\u{10000}",
    "\u{10FFFF}",
];

/// A position in `text` near a block boundary half of the time.
fn random_position(rng: &mut Rng, len: usize) -> usize {
    if rng.chance(1, 2) && len >= 16 {
        let block = 16 * rng.below(len / 16 + 1);
        (block + rng.below(7)).saturating_sub(3).min(len)
    } else {
        rng.below(len + 1)
    }
}

/// Damages `text` once; returns what it did.
pub(crate) fn corrupt(rng: &mut Rng, text: &mut Vec<u8>) -> String {
    let at = random_position(rng, text.len());
    let what = rng.below(10);
    let insert: Vec<u8> = match what {
        0 => vec![0x80 | (rng.byte() & 0x3F)],
        1 => vec![rng.range(0xC2, 0xF4) as u8],
        2 => vec![0xED, 0xA0 | (rng.byte() & 0x1F), 0x80 | (rng.byte() & 0x3F)],
        3 => rng.pick(&BAD_SEQUENCES).to_vec(),
        4 => vec![rng.range(0xF5, 0xFF) as u8],
        5 => rng.pick(&CUT_SEQUENCES).to_vec(),
        _ => Vec::new(),
    };
    if !insert.is_empty() {
        text.splice(at..at, insert.iter().copied());
        return format!("inserted [{}] at {at}", hex(&insert));
    }
    if text.is_empty() {
        return "nothing (empty)".to_owned();
    }
    let at = at.min(text.len() - 1);
    match what {
        6 => {
            let bit = rng.below(8);
            text[at] ^= 1 << bit;
            format!("flipped bit {bit} at {at}")
        }
        7 => {
            text.truncate(at);
            format!("truncated to {at}")
        }
        8 => {
            text.remove(at);
            format!("removed byte {at}")
        }
        _ => {
            text[at] = rng.byte();
            format!("set byte {at} to {:02X}", text[at])
        }
    }
}

#[test]
fn random_texts_with_corruptions() {
    let cases = if RELEASE { 6000 } else { 600 };
    run_jobs("random texts", cases, |case, c| {
        let mut rng = Rng::new(0x6B65_726E_656C + case as u64);
        let len = if rng.chance(1, 4) {
            1 + rng.below(300)
        } else {
            1 + rng.below(5 << 10)
        };
        let mut text = random_text(&mut rng, len);
        let valid = rng.chance(1, 4);
        let mut story = Vec::new();
        if !valid {
            for _ in 0..=rng.below(3) {
                story.push(corrupt(&mut rng, &mut text));
            }
        }
        let context = || format!("random text #{case} ({})", story.join(", "));
        c.check(&text, context);
        if valid {
            assert!(core::str::from_utf8(&text).is_ok(), "text #{case} is valid");
        }
        // Cut near a block boundary, and at a random alignment.
        let cut = random_position(&mut rng, text.len());
        c.check(&text[..cut], || format!("{}, first {cut} bytes", context()));
        let align = rng.below(64);
        c.check_parts(&[&text], align, || {
            format!("{}, aligned +{align}", context())
        });
    });
}

#[test]
fn ascii_runs_then_one_bad_byte() {
    let bad: Vec<&[u8]> = [
        &b"\x80"[..],
        b"\xBF",
        b"\xC0",
        b"\xC1",
        b"\xC2",
        b"\xDF",
        b"\xE0",
        b"\xED",
        b"\xF0",
        b"\xF4",
        b"\xF5",
        b"\xF8",
    ]
    .into_iter()
    .chain(BAD_SEQUENCES)
    .collect();
    let after: [&[u8]; 6] = [
        b"",
        b"b",
        &[b'b'; 64],
        &[b'b'; 300],
        "é€😀".as_bytes(),
        b"\x80\x80",
    ];
    let runs: Vec<usize> = (256..=640).collect();
    run_jobs("ASCII runs then a bad byte", runs.len(), |r, c| {
        let run = vec![b'a'; runs[r]];
        for &bad in &bad {
            for &after in &after {
                c.check_parts(&[&run, bad, after], 0, || {
                    format!(
                        "{} x 'a', [{}], then {} bytes [{}...]",
                        run.len(),
                        hex(bad),
                        after.len(),
                        hex(&after[..after.len().min(4)])
                    )
                });
            }
        }
    });
}

/// The input's first high byte, after ASCII, at every offset from where a
/// long input's ASCII steps start (4 KiB, where the widest steps begin,
/// and 300 bytes on), after each kind of byte the error's record tells
/// apart (a letter, another byte, a NUL), and after text that went
/// through the rules first or not: where that byte starts no character,
/// the kernels answer from the bytes around it, without the rules, and
/// the whole record must still be the reference decoder's.
#[test]
fn first_high_byte_after_long_ascii() {
    let highs: [[u8; 2]; 20] = [0x80u8, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xFF]
        .map(|b| [[b, b'x'], [b, 0x80]])
        .as_flattened()
        .try_into()
        .unwrap_or_else(|_| unreachable!());
    let offsets: Vec<usize> = (4096..4096 + 300).collect();
    run_jobs("first high byte after long ASCII", offsets.len(), |i, c| {
        for lead in [&b""[..], "é€".as_bytes()] {
            for before in [b'a', b'Z', b' ', b'0', 0x00] {
                let mut ascii = vec![b'a'; offsets[i] - lead.len()];
                if let Some(last) = ascii.last_mut() {
                    *last = before;
                }
                for high in &highs {
                    for after in [&[b'b'; 5000][..], b"b", b""] {
                        c.check_parts(&[lead, &ascii, high, after], 0, || {
                            format!(
                                "[{}] after [{}] and {} ASCII bytes ending {before:02X}, then {} x 'b'",
                                hex(high),
                                hex(lead),
                                ascii.len(),
                                after.len()
                            )
                        });
                    }
                }
            }
        }
    });
}

/// As [`first_high_byte_after_long_ascii`], from 64 KiB of ASCII on,
/// where the AVX-512 kernel's Intel mix changes its ASCII loads (fewer
/// cases: each input is 64 KiB).
#[test]
fn first_high_byte_after_streamed_ascii() {
    let highs: [&[u8]; 5] = [b"\x80x", b"\xC2x", b"\xE0\x80", b"\xFF\x80", "é".as_bytes()];
    let offsets: Vec<usize> = (65536..65536 + 260).collect();
    run_jobs(
        "first high byte after 64 KiB of ASCII",
        offsets.len(),
        |i, c| {
            let ascii = vec![b'a'; offsets[i]];
            for high in highs {
                for after in [&[b'b'; 300][..], b""] {
                    c.check_parts(&[&ascii, high, after], 0, || {
                        format!(
                            "[{}] after {} ASCII bytes, then {} x 'b'",
                            hex(high),
                            ascii.len(),
                            after.len()
                        )
                    });
                }
            }
        },
    );
}

/// Runs of other text with ASCII between them, of every length up to
/// past two of the widest kernel's groups, at every offset from a group
/// boundary, in inputs long enough for `run`: a run goes on through a few
/// ASCII groups, more or fewer as the ASCII before it was short or long,
/// so what comes before the gap, in it and after it must be judged alike
/// either way. Before the gap, the end of a character or a
/// sequence cut short; after it, more text or a stray continuation byte.
#[test]
fn ascii_gaps_between_runs_of_text() {
    // Longer than `MEDIUM` (1 KiB) with what follows, as `run` wants.
    let text = "é€😀ж".repeat(100).into_bytes();
    let befores: [&[u8]; 3] = [b"", b"\xE2\x82", b"\xF0\x9F\x98"];
    // (Whole characters: 11 bytes each.)
    let afters: [&[u8]; 3] = [&text[..198], b"\x80", b"\xC3("];
    // And gaps long enough to end a run (two blocks of `TEST_EVERY`
    // bytes all ASCII: 512 B on AVX2, 1 KiB where a group is 128 B), at
    // every offset from a group boundary through `lead`.
    let gaps: Vec<usize> = (1..=300).chain((301..=1400).step_by(11)).collect();
    let long_ascii = vec![b'c'; 1100];
    run_jobs("ASCII gaps between runs of text", gaps.len(), |i, c| {
        let gap = vec![b'a'; gaps[i]];
        // Every offset of the gap from a group boundary, for every kernel;
        // the run before the gap right after other text, or after ASCII
        // long enough (1100 B) that it ends after fewer ASCII groups
        // (`run`'s `SPARSE_GAP`). Every fifth offset but for the short gaps
        // after other text: the gaps' lengths vary the offsets too, and
        // under qemu (`.ci/aarch64`) every offset of them all took minutes.
        for lead in 0..=129 {
            let start = vec![b'b'; lead];
            for middle in [&[][..], &long_ascii] {
                if lead % 5 != 0 && (gaps[i] > 300 || !middle.is_empty()) {
                    continue;
                }
                for before in befores {
                    for after in afters {
                        c.check_parts(
                            &[&start, &text, middle, &text[..198], before, &gap, after, &text[..99]],
                            0,
                            || {
                                format!(
                                    "{} x 'b', {} B of text, {} x 'c', 198 B of text, [{}], {} x 'a', [{}...]",
                                    start.len(),
                                    text.len(),
                                    middle.len(),
                                    hex(before),
                                    gap.len(),
                                    hex(&after[..after.len().min(4)])
                                )
                            },
                        );
                    }
                }
            }
        }
    });
}

/// A long run of non-ASCII text with one error at every offset: a kernel
/// that tests for a flag only every few groups (`run`'s `TEST_EVERY`) must
/// still report the first one, wherever it falls between two tests, and
/// whatever comes after it (a second error, ASCII, more text, the end).
#[test]
fn one_error_at_every_offset_of_long_text() {
    let text = "é€😀ж".repeat(300).into_bytes();
    let errors: [&[u8]; 4] = [b"\x80", b"\xC3(", b"\xED\xA0\x80", b"\xF0\x9F\x98"];
    let afters: [&[u8]; 4] = [b"", b"a", &[b'a'; 200], b"\xFF"];
    let ends: Vec<usize> = (0..=text.len()).collect();
    run_jobs("one error in long text", ends.len(), |i, c| {
        let at = ends[i];
        for (e, error) in errors.iter().enumerate() {
            let after = afters[(at + e) % afters.len()];
            c.check_parts(&[&text[..at], error, &text[at..], after], 0, || {
                format!(
                    "[{}] at {at} of {} B of text, then [{}]",
                    hex(error),
                    text.len(),
                    hex(after)
                )
            });
        }
    });
}

/// Text mostly ASCII, a character not ASCII every 30 to 200 bytes, with a
/// stretch of nothing else in the middle, and one error at every offset
/// after the ASCII it starts with: where a kernel's `run` goes group by
/// group over such text (`SPARSE_STEPS`), checking only the groups with a
/// high byte and an ASCII group only for a sequence cut off before it, and
/// block by block once three groups in four are not ASCII, it must still
/// report each error where std does: in a group it checked, in an ASCII
/// group it did not, and across the change from one way to the other.
#[test]
fn one_error_at_every_offset_of_sparse_text() {
    let chars = ["é", "€", "😀", "ж"];
    let gaps = [40, 70, 100, 130, 64, 63, 65, 200, 30, 127];
    // ASCII longer than `MEDIUM` first, so that what follows is `run`'s.
    let mut text = vec![b'a'; 1100];
    for k in 0..40 {
        if k == 20 {
            text.extend_from_slice("é€😀ж".repeat(30).as_bytes());
        }
        text.extend(std::iter::repeat_n(b'b', gaps[k % gaps.len()]));
        text.extend_from_slice(chars[k % chars.len()].as_bytes());
    }
    text.extend_from_slice(&[b'c'; 300]);
    let errors: [&[u8]; 6] = [
        b"\x80",
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80",
        b"\xC3(",
    ];
    let offsets: Vec<usize> = (1000..=text.len()).collect();
    run_jobs("one error in sparse text", offsets.len(), |i, c| {
        let at = offsets[i];
        for error in errors {
            c.check_parts(&[&text[..at], error, &text[at..]], 0, || {
                format!(
                    "[{}] at {at} of {} B of sparse text",
                    hex(error),
                    text.len()
                )
            });
        }
    });
}

/// Lengths at which a block, group or lane ends.
fn block_ends() -> Vec<usize> {
    (16..=1024)
        .step_by(16)
        .chain([1280, 1536, 1792, 2048])
        .collect()
}

#[test]
fn sequences_cut_off_at_block_ends() {
    let ends = block_ends();
    let pieces: Vec<&[u8]> = CUT_SEQUENCES
        .into_iter()
        .chain(WHOLE_CHARS.iter().map(|c| c.as_bytes()))
        .collect();
    let a64 = [b'a'; 64];
    let a300 = [b'a'; 300];
    let after: [&[u8]; 9] = [
        b"",
        b"a",
        &a64[..15],
        &a64[..16],
        &a64[..32],
        &a64,
        &a300[..256],
        &a300,
        "éééééééé".as_bytes(),
    ];
    run_jobs("sequences at block ends", ends.len(), |e, c| {
        let end = ends[e];
        for fill in Fill::ALL {
            for &piece in &pieces {
                // Ending exactly at the block end, starting there, starting
                // a byte before it.
                for before in [end - piece.len(), end, end - 1] {
                    let prefix = fill.make(before);
                    for &after in &after {
                        c.check_parts(&[&prefix, piece, after], 0, || {
                            format!(
                                "{} filler of {before} bytes, [{}], then {} bytes [{}...]",
                                fill.name(),
                                hex(piece),
                                after.len(),
                                hex(&after[..after.len().min(4)])
                            )
                        });
                    }
                }
            }
        }
    });
}
