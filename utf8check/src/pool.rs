//! Checking the inputs on several threads while the walk goes on, and
//! reporting the results in input order.

use std::io::{self, Read, Seek};
use std::sync::{Condvar, Mutex, PoisonError};

use crate::args::{Options, Style};
use crate::chunked::Chunked;
use crate::facts::{binary_nul, BINARY_PROBE};
use crate::fix::{FileId, Scope, Target};
use crate::inputs::{find_inputs, Input, Source};
use crate::report::{self, Outcome};
use crate::verdict::{Fit, Judging};

/// What became of one input.
pub enum Checked {
    Done { bytes: u64, outcome: Outcome },
    Unreadable(String),
}

/// What the finder, the checkers and the reporter share.
#[derive(Default)]
struct Queue {
    /// The inputs found so far; `None` once handed to a checker.
    inputs: Vec<Option<Input>>,
    /// The result of each input, once checked, until reported.
    results: Vec<Option<Checked>>,
    /// The next input to hand out.
    next: usize,
    /// No more inputs will come: the walk is over, or the reporter gave up.
    done: bool,
}

/// Runs a closure when dropped, also when unwinding.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// How many inputs the finder collects before it hands them over.
const BATCH: usize = 16;

/// How far the walk may run ahead of the checkers, in inputs: enough that
/// they never wait for it, few enough that a huge tree is not held in
/// memory, and that the walk stops soon after the reporter gives up
/// (`utf8check big/ | head`).
const AHEAD: usize = 1024;

/// Finds the inputs and checks them on `options.threads` threads, and hands
/// each result to `report` in input order. Returns how many errors the walk
/// reported, or the first error of `report`, which stops everything.
///
/// The walk runs on a thread of its own, so checking starts with the first
/// file found. The calling thread is one of the checkers: between two inputs
/// of its own, it reports every result that is ready, in order.
pub fn check_all(
    options: &Options,
    mut report: impl FnMut(Checked) -> io::Result<()>,
) -> io::Result<u64> {
    let scope = Scope::new(&options.paths, options.style.symlinks);
    let queue = Mutex::new(Queue::default());
    let more = Condvar::new();
    let lock = || queue.lock().unwrap_or_else(PoisonError::into_inner);

    // Hands out the next input, waiting for the finder if needed; `None`
    // when there are no more.
    let take = || {
        let mut queue = lock();
        loop {
            if queue.next < queue.inputs.len() {
                let index = queue.next;
                queue.next += 1;
                if queue.inputs.len() - queue.next < AHEAD {
                    // The finder may be waiting for room.
                    more.notify_all();
                }
                return queue.inputs[index].take().map(|input| (index, input));
            }
            if queue.done {
                return None;
            }
            queue = more.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
    };
    // Checks inputs until there are none; `after_each` runs after each.
    let work = |mut after_each: Box<dyn FnMut() -> bool + '_>| {
        let mut buffer = Vec::new();
        while let Some((index, input)) = take() {
            let checked = check_one(&input, options.style, &scope, &mut buffer);
            lock().results[index] = Some(checked);
            // Do not keep a huge file's memory for the small ones.
            if buffer.capacity() > HOLD_LIMIT {
                buffer = Vec::new();
            }
            if !after_each() {
                break;
            }
        }
    };
    let mut wanted = 0;
    let mut failed = None;
    // Reports the results that are ready, in order; `false` if `report`
    // failed (and then nothing more is handed out).
    let mut flush = || {
        if failed.is_some() {
            return false;
        }
        let ready: Vec<Checked> = {
            let mut queue = lock();
            let mut ready = Vec::new();
            while let Some(checked) = queue.results.get_mut(wanted).and_then(Option::take) {
                ready.push(checked);
                wanted += 1;
            }
            ready
        };
        for checked in ready {
            if let Err(err) = report(checked) {
                failed = Some(err);
                let mut queue = lock();
                queue.done = true;
                queue.next = queue.inputs.len();
                more.notify_all();
                return false;
            }
        }
        true
    };

    let walk_errors = std::thread::scope(|scope| {
        let finder = scope.spawn(|| {
            // Whatever happens to the walk, the checkers stop waiting.
            let _done = OnDrop(|| {
                lock().done = true;
                more.notify_all();
            });
            let mut batch = Vec::with_capacity(BATCH);
            // `false` once the reporter gave up: the walk stops too.
            let hand_over = |batch: &mut Vec<Input>| {
                let mut queue = lock();
                while !queue.done && queue.inputs.len() - queue.next >= AHEAD {
                    queue = more.wait(queue).unwrap_or_else(PoisonError::into_inner);
                }
                let wanted = !queue.done;
                if wanted {
                    queue.results.extend(batch.iter().map(|_| None));
                    queue.inputs.extend(batch.drain(..).map(Some));
                    more.notify_all();
                }
                batch.clear();
                wanted
            };
            let errors = find_inputs(options, &mut |input| {
                batch.push(input);
                batch.len() < BATCH || hand_over(&mut batch)
            });
            hand_over(&mut batch);
            errors
        });
        for _ in 1..options.threads {
            scope.spawn(|| work(Box::new(|| true)));
        }
        work(Box::new(&mut flush));
        finder.join().unwrap_or(0)
    });
    // Every thread is done: the rest is ready.
    flush();
    match failed {
        Some(err) => Err(err),
        None => Ok(walk_errors),
    }
}

/// How much of a file is read before the rest, in steps: a page, which
/// decides most compressed files (a NUL and a problem in the first bytes),
/// then enough to call any file binary or not (see
/// [`report::check_prefix`]).
const PREFIXES: [u64; 2] = [4 * 1024, BINARY_PROBE as u64 * 2];

/// How much is read at a time after the prefixes: a valid input is never
/// held in memory beyond one chunk, however long it is. Small enough that
/// the bytes the kernel copies in are still in the core's own cache when
/// the validator reads them (larger chunks measured slower, not faster).
const CHUNK: usize = 64 << 10;

/// The most of an input held in memory to report its problems. A stream
/// (standard input, a FIFO, a device) cannot be read again once a problem
/// turns up, so its bytes are kept up to this size, and beyond it only
/// validated. A regular file with a problem is read whole up to this size;
/// above it, it is read twice a chunk at a time (the verdict, then the
/// problems), and `--fix` does not convert it. Also the size above which a
/// buffer is not kept for the next input.
pub const HOLD_LIMIT: usize = 64 << 20;

/// Reads and checks one input, reading into `buffer` (reused from one input
/// to the next: fresh pages for every file cost more than the check).
fn check_one(input: &Input, style: Style, scope: &Scope, buffer: &mut Vec<u8>) -> Checked {
    buffer.clear();
    let unreadable = |err: io::Error| Checked::Unreadable(format!("{}: {err}", input.name.shown()));
    let checked = match &input.source {
        Source::Sample(bytes) => Ok(Checked::Done {
            bytes: bytes.len() as u64,
            outcome: report::check(&input.name, None, bytes, style),
        }),
        Source::Stdin => check_stream(input, &mut io::stdin().lock(), style, buffer),
        Source::Special { kind, .. } if style.fix.is_some() => {
            // Not even opened: opening a FIFO waits for a writer, and
            // there is nothing to rename over a device.
            return Checked::Unreadable(format!(
                "{}: not read: --fix converts regular files only, and this is {kind}",
                input.name.shown()
            ));
        }
        Source::Special { path, .. } => std::fs::File::open(path)
            .and_then(|mut file| check_stream(input, &mut file, style, buffer)),
        Source::File(path) => open_file(path, style).and_then(|file| {
            // What --fix must find under the name before its rename.
            let target = Target {
                path,
                read: file.metadata().ok().as_ref().and_then(FileId::of),
                scope,
            };
            check_file(input, file, &target, style, buffer)
        }),
    };
    checked.unwrap_or_else(unreadable)
}

/// What the first bytes of an input decide.
enum Prefix {
    /// The input ended within them: all of it is in the buffer.
    Whole,
    /// [`report::check_prefix`] needs no more.
    Decided(Checked),
    /// Neither: read on.
    Open,
}

/// Reads the first bytes of an input into `buffer`, in the steps of
/// [`PREFIXES`], until they decide it (all of the input was read, or
/// [`report::check_prefix`] needs no more). The caller reports a whole
/// input, so that it can close a file first (see [`check_file`]).
fn check_prefixes(
    input: &Input,
    reader: &mut impl Read,
    style: Style,
    buffer: &mut Vec<u8>,
) -> io::Result<Prefix> {
    for prefix in PREFIXES {
        let more = prefix - buffer.len() as u64;
        reader.take(more).read_to_end(buffer)?;
        if (buffer.len() as u64) < prefix {
            // The end of the input.
            return Ok(Prefix::Whole);
        }
        if let Some(outcome) = report::check_prefix(&input.name, buffer, style) {
            return Ok(Prefix::Decided(Checked::Done {
                bytes: buffer.len() as u64,
                outcome,
            }));
        }
    }
    Ok(Prefix::Open)
}

/// Reads from `reader` until `chunk` is full or the input ends; how many
/// bytes it read.
fn fill(reader: &mut impl Read, chunk: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < chunk.len() {
        match reader.read(&mut chunk[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(filled)
}

/// Checks a regular file: after its prefixes, a chunk at a time through
/// the streaming validator, holding one chunk; only when a problem turns
/// up is the file read again from the start, all of it, for the report.
///
/// Its bytes all read, the file is closed on Windows before the report,
/// whose `--fix` renames over it: Windows refuses to rename over an open
/// file. On Unix it stays open until then, so that its identity (device
/// and inode, which `--fix` compares before the rename) cannot pass to
/// another file meanwhile.
fn check_file(
    input: &Input,
    mut file: std::fs::File,
    target: &Target<'_>,
    style: Style,
    buffer: &mut Vec<u8>,
) -> io::Result<Checked> {
    let whole = |file: std::fs::File, buffer: &[u8]| {
        #[cfg(windows)]
        drop(file);
        let checked = Checked::Done {
            bytes: buffer.len() as u64,
            outcome: report::check(&input.name, Some(target), buffer, style),
        };
        #[cfg(not(windows))]
        drop(file);
        checked
    };
    match check_prefixes(input, &mut file, style, buffer)? {
        Prefix::Whole => return Ok(whole(file, buffer)),
        Prefix::Decided(checked) => return Ok(checked),
        Prefix::Open => {}
    }
    let mut validator = utf8lit::Utf8Validator::new();
    let mut bytes = buffer.len() as u64;
    let mut valid = validator.update(buffer).is_ok();
    if valid {
        buffer.resize(CHUNK, 0);
        loop {
            let n = fill(&mut file, buffer)?;
            if n == 0 {
                valid = validator.finish().is_ok();
                break;
            }
            bytes += n as u64;
            if validator.update(&buffer[..n]).is_err() {
                valid = false;
                break;
            }
        }
    }
    if valid {
        return Ok(Checked::Done {
            bytes,
            outcome: report::valid(&input.name, style),
        });
    }
    // The report wants every problem, each with its line and column, and
    // the verdict on the whole file.
    file.seek(io::SeekFrom::Start(0))?;
    let size = file.metadata()?.len();
    if size > HOLD_LIMIT as u64 {
        let large = format!(
            "it is {size} bytes long, and utf8check --fix converts files of up to {} MiB",
            HOLD_LIMIT >> 20
        );
        let outcome = check_large(&input.name, &mut file, style, buffer, CHUNK, |_| {
            Err(large.clone())
        })?;
        return Ok(Checked::Done {
            bytes: size,
            outcome,
        });
    }
    buffer.clear();
    file.read_to_end(buffer)?;
    Ok(whole(file, buffer))
}

/// The report on an invalid input too large to hold, read from its start
/// `chunk` bytes at a time into `buffer`, twice: for the verdict on all of
/// it ([`Judging`]), then for its problems ([`report::Writer`]), each
/// found as in the whole input ([`Chunked`]), so that every answer is the
/// one [`report::check`] gives. `converts` says whether `--fix` converts
/// an input with the verdict it is given; with `--fix`, it is why not.
fn check_large(
    name: &crate::name::Name,
    reader: &mut (impl Read + Seek),
    style: Style,
    buffer: &mut Vec<u8>,
    chunk: usize,
    converts: impl FnOnce(Fit) -> Result<(), String>,
) -> io::Result<Outcome> {
    let start = reader.stream_position()?;
    // The first bytes: the binary probe and the byte-order mark.
    buffer.clear();
    buffer.resize(BINARY_PROBE, 0);
    let n = fill(reader, buffer)?;
    let nul = binary_nul(&buffer[..n]);
    let mut judging = Judging::new(&buffer[..n], nul);
    buffer.resize(chunk, 0);
    if !style.first_only {
        // The first pass: the verdict.
        reader.seek(io::SeekFrom::Start(start))?;
        let mut chunked = Chunked::default();
        let mut n = fill(reader, buffer)?;
        loop {
            let end = n < buffer.len();
            judging.bytes(&buffer[..n]);
            if judging.wants_pieces() {
                chunked.push(&buffer[..n], end, |piece| {
                    judging.piece(&piece);
                    true
                });
            }
            if end || !judging.wants_bytes() {
                break;
            }
            n = fill(reader, buffer)?;
        }
    }
    let verdict = (!style.first_only).then(|| judging.finish());
    if style.fix.is_some() {
        let why = match verdict {
            Some(Err(refusal)) => refusal.to_string(),
            Some(Ok(fit)) => converts(fit).err().unwrap_or_default(),
            None => String::new(),
        };
        return Ok(report::refused(name, style, &why));
    }
    let fit = verdict.and_then(Result::ok);
    // The second pass: the problems.
    reader.seek(io::SeekFrom::Start(start))?;
    let mut writer = report::Writer::new(name, style, nul, fit);
    let mut chunked = Chunked::default();
    loop {
        let n = fill(reader, buffer)?;
        let end = n < buffer.len();
        if !chunked.push(&buffer[..n], end, |piece| writer.piece(&piece)) || end {
            break;
        }
    }
    Ok(writer.finish(fit.map(converts).as_ref()))
}

/// Checks a stream (standard input, a FIFO, a device), which cannot be read
/// twice: its bytes are kept for the report up to [`HOLD_LIMIT`], and
/// beyond that only validated, a chunk at a time.
fn check_stream(
    input: &Input,
    reader: &mut impl Read,
    style: Style,
    buffer: &mut Vec<u8>,
) -> io::Result<Checked> {
    match check_prefixes(input, reader, style, buffer)? {
        Prefix::Whole => {
            return Ok(Checked::Done {
                bytes: buffer.len() as u64,
                outcome: report::check(&input.name, None, buffer, style),
            })
        }
        Prefix::Decided(checked) => return Ok(checked),
        Prefix::Open => {}
    }
    let mut validator = utf8lit::Utf8Validator::new();
    let mut bytes = buffer.len() as u64;
    let mut result = validator.update(buffer);
    // Whether `buffer` holds all that was read.
    let mut whole = true;
    while result.is_ok() {
        // Where memory is tight (`ulimit -v`), the stream is only
        // validated from here on, as beyond the limit.
        let start =
            if whole && buffer.len() + CHUNK <= HOLD_LIMIT && buffer.try_reserve(CHUNK).is_ok() {
                buffer.len()
            } else {
                whole = false;
                0
            };
        buffer.resize(start + CHUNK, 0);
        let n = fill(reader, &mut buffer[start..])?;
        buffer.truncate(start + n);
        bytes += n as u64;
        if n == 0 {
            result = validator.finish();
            break;
        }
        result = validator.update(&buffer[start..]);
    }
    let Err(err) = result else {
        return Ok(Checked::Done {
            bytes,
            outcome: report::valid(&input.name, style),
        });
    };
    if whole {
        // The rest too, for the verdict on the whole stream.
        let room = (HOLD_LIMIT + 1).saturating_sub(buffer.len()) as u64;
        reader.take(room).read_to_end(buffer)?;
        whole = buffer.len() <= HOLD_LIMIT;
    }
    if !whole {
        return Ok(Checked::Unreadable(format!(
            "{}: invalid UTF-8 at byte {} ({}), but it is a stream of more than {} MiB: \
             utf8check keeps that much of a stream to report its problems, so it reports \
             none; save it to a file and check the file",
            input.name.shown(),
            err.valid_up_to(),
            err.kind(),
            HOLD_LIMIT >> 20,
        )));
    }
    Ok(Checked::Done {
        bytes: buffer.len() as u64,
        outcome: report::check(&input.name, None, buffer, style),
    })
}

/// Opens the regular file at `path`. For `--fix`, without waiting: a FIFO
/// swapped in since the walk saw a file would otherwise hang the open; it
/// is refused instead.
fn open_file(path: &std::path::Path, style: Style) -> io::Result<std::fs::File> {
    if style.fix.is_none() {
        return std::fs::File::open(path);
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(io::Error::other(
            "not read: --fix converts regular files only, and this is no longer one",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Binary, Format, Symlinks};
    use crate::name::Name;

    /// Every file under `dir`, recursively.
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    /// The report on an input too large to hold, read a few bytes at a
    /// time, says what the report on the input held whole says, word for
    /// word, in every format: over the test data, the samples, and inputs
    /// made for the edges (a problem at a chunk's end, a run of Latin-1
    /// letters across chunks, UTF-16).
    #[test]
    fn large_inputs_read_in_chunks_get_the_same_report() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        files(&root.join("../tests/data"), &mut paths);
        files(&root.join("samples"), &mut paths);
        let mut inputs: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
        let mut latin1 = b"Gr\xFC\xDFe ".repeat(3000);
        latin1.extend_from_slice(b"caf\xE9");
        inputs.push(latin1);
        let utf16: Vec<u8> = [0xFEFF_u16, u16::from(b'h'), 0xE9, 0xD83D, 0xDE00]
            .iter()
            .cycle()
            .take(5001)
            .flat_map(|u| u.to_le_bytes())
            .collect();
        inputs.push(utf16);
        inputs.push(b"x\n\xED\xA0\xBD\xED\xB8\x80 ok\n".repeat(1000));
        let mut checked = 0;
        for bytes in &inputs {
            if utf8lit::validate(bytes).is_ok() {
                continue;
            }
            checked += 1;
            let small = bytes.len() < 4096;
            for format in [Format::Human, Format::Json, Format::Github, Format::Sarif] {
                for first_only in [false, true] {
                    let style = Style {
                        format,
                        color: false,
                        first_only,
                        check_names: false,
                        binary: Binary::Check,
                        fix: None,
                        symlinks: Symlinks::Leave,
                    };
                    let name = Name::path("f");
                    let whole = report::check(&name, None, bytes, style);
                    let sizes: &[usize] = if small { &[1, 2, 3, 7, 64] } else { &[5, 4099] };
                    for &chunk in sizes {
                        let mut reader = io::Cursor::new(&bytes[..]);
                        let mut buffer = Vec::new();
                        let large =
                            check_large(&name, &mut reader, style, &mut buffer, chunk, |fit| {
                                crate::fix::lossless(bytes, fit.encoding).map(drop)
                            })
                            .unwrap();
                        assert_eq!(
                            large.text,
                            whole.text,
                            "{format:?}, first only: {first_only}, by {chunk}: {:02X?}",
                            &bytes[..bytes.len().min(40)]
                        );
                        assert_eq!(large.artifact, whole.artifact);
                        assert_eq!(large.invalid, whole.invalid);
                    }
                }
            }
        }
        assert!(checked > 15, "only {checked} invalid inputs");
    }
}
