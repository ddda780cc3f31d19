//! Suite 1, exhaustive: every short input, and short inputs at every boundary offset.

use super::*;

// ---------------------------------------------------------------------------
// 1. Exhaustive
// ---------------------------------------------------------------------------

#[test]
fn every_input_of_0_to_3_bytes() {
    run_jobs("every input of 0..=3 bytes", 256, |b0, c| {
        let b0 = b0 as u8;
        if b0 == 0 {
            c.check(&[], || "the empty input".to_owned());
        }
        c.check(&[b0], || "1-byte input".to_owned());
        for b1 in 0..=u8::MAX {
            c.check(&[b0, b1], || "2-byte input".to_owned());
            for b2 in 0..=u8::MAX {
                c.check(&[b0, b1, b2], || "3-byte input".to_owned());
            }
        }
    });
}

/// Runs inputs `input(i)` of `len` bytes, for `i` in `0..count`, in every
/// frame: every `i` in a frame for which `stride(frame)` is 1, otherwise
/// every `stride`-th, starting at a place that changes from frame to frame
/// (so that frames together cover every `i`).
pub(crate) fn sweep(
    what: &str,
    frames: &[Frame],
    len: usize,
    count: usize,
    stride: impl Fn(&Frame) -> usize + Sync,
    input: impl Fn(usize) -> [u8; 4] + Sync,
) {
    run_jobs(what, frames.len(), |f, c| {
        let frame = &frames[f];
        let stride = stride(frame);
        for i in (f % stride..count).step_by(stride) {
            let bytes = input(i);
            let bytes = &bytes[..len];
            c.check_parts(&[&frame.prefix, bytes, frame.suffix], frame.align, || {
                format!(
                    "[{}] at offset {} ({})",
                    hex(bytes),
                    frame.prefix.len(),
                    frame.name
                )
            });
        }
    });
}

#[test]
fn every_1_byte_input_at_every_boundary_offset() {
    let frames = frames(|_| Fill::ALL.to_vec(), &SUFFIXES);
    sweep(
        "1-byte inputs at boundary offsets",
        &frames,
        1,
        256,
        |_| 1,
        |i| [i as u8, 0, 0, 0],
    );
}

#[test]
fn every_2_byte_input_at_every_boundary_offset() {
    let frames = frames(rotating, &["", "z", "€"]);
    // Debug builds: every input after ASCII, every 3rd after multi-byte.
    let stride = |f: &Frame| if RELEASE || f.ascii { every() } else { 3 };
    sweep(
        "2-byte inputs at boundary offsets",
        &frames,
        2,
        1 << 16,
        stride,
        |i| [(i >> 8) as u8, i as u8, 0, 0],
    );
}

/// [`sweep`] over every pattern of `width` byte classes (`class_input`).
fn sweep_classes(
    what: &str,
    frames: &[Frame],
    width: u32,
    stride: impl Fn(&Frame) -> usize + Sync,
) {
    sweep(
        what,
        frames,
        width as usize,
        CLASSES.len().pow(width),
        stride,
        |i| class_input(width as usize, i),
    );
}

#[test]
fn class_3_byte_inputs_at_every_boundary_offset() {
    let frames = frames(rotating, &SUFFIXES);
    let stride = |f: &Frame| if RELEASE || f.ascii { every() } else { 3 };
    sweep_classes(
        "3-byte class inputs at boundary offsets",
        &frames,
        3,
        stride,
    );
}

#[test]
fn class_4_byte_inputs_at_every_boundary_offset() {
    // After ASCII every pattern; after multi-byte text (slow for the scalar
    // decoders) every 5th, so every pattern somewhere (in debug builds
    // every 11th and every 37th).
    let frames = frames(rotating, &["", "é"]);
    let stride = |f: &Frame| match (RELEASE, f.ascii) {
        (true, true) => every(),
        (true, false) => 5,
        (false, true) => 11,
        (false, false) => 37,
    };
    sweep_classes(
        "4-byte class inputs at boundary offsets",
        &frames,
        4,
        stride,
    );
}

/// Frames that put an input just before, across and at the start of the
/// last vector of an input of one to two vectors (and a little more, and
/// of three and five whole vectors), for
/// each kernel's vector width: the kernels read that vector with a plain
/// load that overlaps the one before it, and work out from the first
/// vector (or a load before it) what the bytes before it pass on. An input
/// that starts up to four bytes before the last vector reaches into it from
/// bytes only the carry holds. ASCII after the input (of `width` bytes)
/// makes the length.
fn last_vector_frames(width: usize) -> Vec<Frame> {
    let mut frames = Vec::new();
    for lanes in [16_usize, 32, 64] {
        // And whole vectors past a group, where the last vector follows
        // the vector before it and takes its carry from it.
        let lengths = (lanes + 1..=lanes + 4)
            .chain([lanes + lanes / 2])
            .chain(2 * lanes - 4..=2 * lanes + 4)
            .chain([3 * lanes, 5 * lanes, 5 * lanes + 1]);
        for len in lengths {
            let last = len - lanes;
            for at in last.saturating_sub(4)..=last + 1 {
                let Some(after) = len.checked_sub(at + width) else {
                    continue;
                };
                frames.extend(frames_at(&[at], 0, rotating, &[&Z256[..after]]));
            }
        }
    }
    frames
}

#[test]
fn class_3_byte_inputs_where_the_last_vector_starts() {
    let frames = last_vector_frames(3);
    let stride = |f: &Frame| if RELEASE || f.ascii { every() } else { 5 };
    sweep_classes(
        "3-byte class inputs where the last vector starts",
        &frames,
        3,
        stride,
    );
}

/// Every 3-byte class pattern as the end of an input of 3 to 64 bytes (a
/// vector at most, on every kernel), after every kind of first character:
/// the Intel mix of the AVX-512 kernel reads such an input's shifts as
/// rotations, which bring its end round to its first two lanes, and must
/// tell a sequence cut off there from the start's characters.
#[test]
fn class_3_byte_ends_of_inputs_up_to_a_vector() {
    let mut frames = Vec::new();
    for len in 3_usize..=64 {
        for start in ["", "a", "é", "€", "😀"] {
            let Some(fill) = (len - 3).checked_sub(start.len()) else {
                continue;
            };
            for kind in [Fill::Ascii, Fill::Wide(2), Fill::Mixed] {
                let mut prefix = start.as_bytes().to_vec();
                prefix.extend(kind.make(fill));
                frames.push(Frame {
                    name: format!("{len} bytes: {start:?}, {} filler", kind.name()),
                    ascii: prefix.is_ascii(),
                    prefix,
                    suffix: b"",
                    align: 0,
                });
            }
        }
    }
    frames.dedup_by(|a, b| a.prefix == b.prefix);
    sweep_classes(
        "3-byte class inputs ending inputs of up to 64 bytes",
        &frames,
        3,
        |_| if RELEASE { every() } else { 7 },
    );
}

/// Every 3-byte class pattern in an input of 65 to 128 bytes whose first
/// 64 are ASCII, at every place from the last three of them to the end:
/// the AVX-512 kernel reads such an input's last 64 bytes with a plain
/// load that overlaps the first vector, and settles it from them alone,
/// the bytes before them ASCII. ASCII after the pattern makes the length.
#[test]
fn class_3_byte_inputs_after_an_ascii_first_vector() {
    let mut frames = Vec::new();
    for len in 65_usize..=128 {
        for at in 61..=len - 3 {
            frames.push(Frame {
                name: format!("{len} bytes, the input at {at} after ASCII"),
                ascii: true,
                prefix: Fill::Ascii.make(at),
                suffix: &Z256.as_bytes()[..len - at - 3],
                align: 0,
            });
        }
    }
    sweep_classes(
        "3-byte class inputs after an ASCII first vector, 65-128 bytes",
        &frames,
        3,
        |_| if RELEASE { every() } else { 97 },
    );
}

#[test]
fn class_4_byte_inputs_where_the_last_vector_starts() {
    // Every 13th pattern in each frame, from a place that moves from frame
    // to frame, so every pattern in some frames (in debug builds every
    // 101st).
    let frames = last_vector_frames(4);
    let stride = |_: &Frame| if RELEASE { 13 } else { 101 };
    sweep_classes(
        "4-byte class inputs where the last vector starts",
        &frames,
        4,
        stride,
    );
}

/// An error in the first 64 bytes of an input longer than a vector,
/// after every ASCII context the error's record tells apart (none, a
/// letter, another byte, two NULs, a letter after a Latin-1 letter's
/// place): the kernels answer it from the bytes around it (the first two
/// before any vector), without the reference decoder, and the whole record must still be the decoder's. Every
/// 2-byte start of an error, after 0 to 7 ASCII bytes of each kind and
/// after more, to the end of the first 64 (the first vector of the widest
/// kernel, answered the same way), in inputs of 65 bytes (the shortest
/// past a vector) to 1 KiB.
#[test]
fn early_errors_after_every_ascii_context() {
    const BEFORE: [u8; 12] = [
        b'a', b'z', b'A', b'Z', b'@', b'[', b'`', b'{', b'0', b' ', 0x00, 0x7F,
    ];
    let starts: Vec<[u8; 2]> = (0x80..=0xFFu8)
        .flat_map(|b0| [[b0, b'x'], [b0, 0x80], [b0, 0xBF], [b0, 0xC2], [b0, 0x00]])
        .collect();
    run_jobs("early errors after ASCII", BEFORE.len(), |k, c| {
        for at in (0..8).chain([8, 9, 15, 16, 17, 31, 32, 33, 48, 57, 58, 59, 62, 63]) {
            for other in [b'x', 0x00, BEFORE[k]] {
                // `at` bytes before the error: `other`, then `BEFORE[k]`
                // just before it.
                let mut before = vec![other; at];
                if let Some(last) = before.last_mut() {
                    *last = BEFORE[k];
                }
                for start in &starts {
                    for len in [65, 72, 129, 300] {
                        let mut input = before.clone();
                        input.extend_from_slice(start);
                        input.resize(len.max(input.len()), b'x');
                        c.check(&input, || {
                            format!("[{}] after {} ASCII bytes, {len} bytes", hex(start), at)
                        });
                    }
                }
            }
        }
    });
}
