//! Suite 4, unaligned: the same kinds of input at every alignment.

use super::conformance::data_files;
use super::exhaustive::sweep;
use super::random::{corrupt, random_text, BAD_SEQUENCES, CUT_SEQUENCES, WHOLE_CHARS};
use super::*;

// ---------------------------------------------------------------------------
// 4. Unaligned: the same kinds of input at every alignment
// ---------------------------------------------------------------------------

#[test]
fn every_alignment() {
    let short: Vec<Vec<u8>> = CLASSES
        .iter()
        .map(|&b| vec![b])
        .chain(BAD_SEQUENCES.iter().map(|s| s.to_vec()))
        .chain(CUT_SEQUENCES.iter().map(|s| s.to_vec()))
        .chain(WHOLE_CHARS.iter().map(|s| s.as_bytes().to_vec()))
        .collect();
    let frames = frames(rotating, &["", "z"]);
    let files = data_files();
    let texts: Vec<(String, Vec<u8>)> = (0..if RELEASE { 64 } else { 8 })
        .map(|i| {
            let mut rng = Rng::new(0x0061_6C69_676E + i);
            let len = 1 + rng.below(5 << 10);
            let mut text = random_text(&mut rng, len);
            let story = if i % 4 == 0 {
                "valid".to_owned()
            } else {
                corrupt(&mut rng, &mut text)
            };
            (format!("random text #{i} ({story})"), text)
        })
        .collect();
    // Nothing; 61 bytes (one 64-byte block in all); more than a group.
    let after_start: [&[u8]; 4] = [b"", &[b'z'; 61], Z256.as_bytes(), E256.as_bytes()];
    run_jobs("every alignment", 64, |align, c| {
        // Every 3-byte class input at the very start (with the bytes before
        // the slice a lead that would complete it), alone or followed.
        for i in 0..CLASSES.len().pow(3) {
            let bytes = class_input(3, i);
            for after in after_start {
                c.check_parts(&[&bytes[..3], after], align, || {
                    format!(
                        "[{}] at the start, then {} bytes, aligned +{align}",
                        hex(&bytes[..3]),
                        after.len()
                    )
                });
            }
        }
        for input in &short {
            for frame in &frames {
                c.check_parts(&[&frame.prefix, input, frame.suffix], align, || {
                    format!(
                        "[{}] at offset {} ({}), aligned +{align}",
                        hex(input),
                        frame.prefix.len(),
                        frame.name
                    )
                });
            }
        }
        for (name, text) in &texts {
            c.check_parts(&[text], align, || format!("{name}, aligned +{align}"));
        }
        for (name, file) in &files {
            let head = &file[..file.len().min(4096)];
            c.check_parts(&[head], align, || {
                format!("{name}, first 4096 bytes, aligned +{align}")
            });
            let tail = &file[file.len().saturating_sub(1000)..];
            c.check_parts(&[tail], align, || {
                format!("{name}, last 1000 bytes, aligned +{align}")
            });
        }
        for end in [64, 128, 256, 512] {
            for fill in [Fill::Ascii, Fill::Mixed] {
                for piece in CUT_SEQUENCES {
                    let prefix = fill.make(end - piece.len());
                    for after in [&b""[..], &[b'a'; 64]] {
                        c.check_parts(&[&prefix, piece, after], align, || {
                            format!(
                                "{} filler of {} bytes, [{}], then {} x 'a', aligned +{align}",
                                fill.name(),
                                prefix.len(),
                                hex(piece),
                                after.len()
                            )
                        });
                    }
                }
            }
        }
    });
}

// The AVX-512 kernel reads aligned blocks (once the input is long enough
// for that to pay): the first block ends at the first 64-byte boundary,
// `64 - align` bytes in, and groups of four blocks follow. Inputs around the
// end of that first block, of the next block and of the first group, at
// every alignment, followed by enough text (ASCII or not) to take the
// aligned path; and at the end of the first group, followed by little.
#[test]
fn inputs_around_the_first_aligned_block_at_every_alignment() {
    let mut frames = Vec::new();
    for align in 0..64 {
        let first = 64 - align;
        let near = |b: usize| b.saturating_sub(3)..=b + 3;
        let offsets: Vec<usize> = [first, first + 64, first + 256]
            .into_iter()
            .flat_map(near)
            .collect();
        frames.extend(frames_at(&offsets, align, rotating, &[Z256, E256]));
        let offsets: Vec<usize> = near(first + 256).collect();
        frames.extend(frames_at(&offsets, align, rotating, &["", "z"]));
    }
    let (two, three) = if RELEASE { (1, 32) } else { (5, 331) };
    sweep(
        "1-byte inputs around the first aligned block",
        &frames,
        1,
        256,
        |_| 1,
        |i| [i as u8, 0, 0, 0],
    );
    sweep(
        "2-byte class inputs around the first aligned block",
        &frames,
        2,
        CLASSES.len().pow(2),
        |_| two,
        |i| class_input(2, i),
    );
    sweep(
        "3-byte class inputs around the first aligned block",
        &frames,
        3,
        CLASSES.len().pow(3),
        |_| three,
        |i| class_input(3, i),
    );
}
