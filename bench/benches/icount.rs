//! A workload for counting instructions under emulation: one validator, one
//! input, a number of repetitions, nothing else timed or printed.
//!
//! `scripts/icount` runs it under `qemu-aarch64 -one-insn-per-tb -d
//! nochain,exec`, which logs one line per instruction executed, twice with
//! different repetition counts, and divides the difference by the bytes
//! validated: instructions per byte of the loop alone, with start-up and
//! input generation cancelled out. That is a proxy for speed on a real
//! aarch64 core, not a timing: it counts what executes, not how long it
//! takes (a `vqtbl1q_u8` and an `add` count one each).
//!
//! `icount IMPL CORPUS REPS`, where `IMPL` is `utf8lit`, `simdutf8` (basic),
//! `std` or `none`, and `CORPUS` is `ascii`, `latin`, `cjk` or `mixed`
//! (16 KiB), one of those with `@SIZE` (`mixed@256`: 16 pieces of that
//! text from different places, each its longest prefix of whole characters
//! up to SIZE bytes, validated one by one), or `small` (256 non-ASCII
//! inputs of 16–63 bytes, validated one by one). Prints the bytes validated
//! per repetition.
//!
//! `icount header` prints the header of a results file instead
//! (`results/mod.rs`: the machine, the kernel that runs, the commit), which
//! `scripts/icount --save` puts above the counts it writes to
//! `bench/results/icount/`.

use std::hint::black_box;
use std::process::ExitCode;

mod corpora;
mod results;
mod rng;

const SIZE: usize = 16 * 1024;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; ignore flags.
    let args: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if args == ["header"] {
        let mut header = results::Header::new("icount", false);
        header.set("command", "scripts/icount --save");
        print!("{}", header.text());
        return ExitCode::SUCCESS;
    }
    let [imp, corpus, reps] = args[..] else {
        eprintln!(
            "usage: icount utf8lit|simdutf8|std|none ascii|latin|cjk|mixed[@SIZE]|small REPS"
        );
        return ExitCode::from(2);
    };
    let Ok(reps) = reps.parse::<usize>() else {
        eprintln!("icount: REPS must be a number, not {reps:?}");
        return ExitCode::from(2);
    };
    let inputs: Vec<Vec<u8>> = if corpus == "small" {
        let sources: Vec<corpora::Corpus> = ["latin", "cyrillic", "cjk", "emoji", "mixed"]
            .into_iter()
            .map(|name| corpora::Corpus {
                name,
                text: corpora::generated(name, SIZE).unwrap_or_default(),
            })
            .collect();
        let set = corpora::small_set(&sources, 256);
        set.ranges
            .iter()
            .map(|&(start, end)| set.bytes[start..end].to_vec())
            .collect()
    } else if let Some((name, size)) = corpus.split_once('@') {
        let Some(text) = corpora::generated(name, SIZE) else {
            eprintln!("icount: no corpus {name:?}");
            return ExitCode::from(2);
        };
        let Ok(size) = size.parse::<usize>() else {
            eprintln!("icount: SIZE must be a number, not {size:?}");
            return ExitCode::from(2);
        };
        (0..16)
            .map(|k| {
                // 16 places spread over the text, each moved on to the
                // start of a character.
                let mut start = k * (text.len() / 16);
                while !text.is_char_boundary(start) {
                    start += 1;
                }
                corpora::prefix(&text[start..], size).as_bytes().to_vec()
            })
            .collect()
    } else {
        let Some(text) = corpora::generated(corpus, SIZE) else {
            eprintln!("icount: no corpus {corpus:?}");
            return ExitCode::from(2);
        };
        vec![corpora::sized(&text, SIZE)]
    };
    let validate: fn(&[u8]) -> bool = match imp {
        "utf8lit" => |b| utf8lit::validate(b).is_ok(),
        "simdutf8" => |b| simdutf8::basic::from_utf8(b).is_ok(),
        "std" => |b| core::str::from_utf8(b).is_ok(),
        "none" => |_| true,
        _ => {
            eprintln!("icount: no implementation {imp:?}");
            return ExitCode::from(2);
        }
    };
    for input in &inputs {
        assert!(validate(input), "{imp} rejects the {corpus} corpus");
    }
    for _ in 0..reps {
        for input in &inputs {
            black_box(validate(black_box(input)));
        }
    }
    println!("{}", inputs.iter().map(Vec::len).sum::<usize>());
    ExitCode::SUCCESS
}
