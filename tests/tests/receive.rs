//! Text where programs receive it: `Utf8Bytes` (its constructors against
//! `core::str::from_utf8`, hashing and borrowing as `str`, slicing only at
//! boundaries, building from chunks), and `utf8lit::io` / `utf8lit::fs`
//! (readers that return a byte at a time or fail midway, line and column on
//! CRLF, a BOM and an error in the last byte, nothing read lost).
#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::io::{self, BufRead, Read};

use bytes::{Bytes, BytesMut};
use utf8lit::io::{InvalidUtf8, Utf8Reader};
use utf8lit::{utf8, Utf8Bytes, Utf8Error, Utf8String};
use utf8lit_tests::Table;

/// Every input of the conformance vectors.
fn vectors() -> Vec<Vec<u8>> {
    Table::load("vectors/utf8_vectors.tsv")
        .rows()
        .map(|row| row.hex("input_hex"))
        .collect()
}

/// std's verdict in the terms every constructor is compared in.
fn std_verdict(bytes: &[u8]) -> Result<&str, (usize, Option<usize>)> {
    core::str::from_utf8(bytes).map_err(|e| (e.valid_up_to(), e.error_len()))
}

fn position(e: Utf8Error) -> (usize, Option<usize>) {
    (e.valid_up_to(), e.error_len())
}

#[test]
fn every_constructor_agrees_with_std_and_hands_the_buffer_back() {
    let inputs = vectors();
    assert!(
        inputs.len() > 1000,
        "the vectors table has {} rows",
        inputs.len()
    );
    for input in &inputs {
        let want = std_verdict(input);
        let from_bytes = Utf8Bytes::try_from(Bytes::from(input.clone()));
        let from_mut = Utf8Bytes::try_from(BytesMut::from(&input[..]));
        let from_vec = Utf8Bytes::try_from(input.clone());
        match want {
            Ok(text) => {
                assert_eq!(from_bytes.as_ref().map(Utf8Bytes::as_str), Ok(text));
                assert_eq!(from_mut.as_ref().map(Utf8Bytes::as_str), Ok(text));
                assert_eq!(from_vec.as_ref().map(Utf8Bytes::as_str), Ok(text));
            }
            Err(at) => {
                let e = from_bytes.unwrap_err();
                assert_eq!(position(e.utf8_error()), at, "{input:02X?}");
                assert_eq!(e.into_bytes(), Bytes::from(input.clone()));
                let e = from_mut.unwrap_err();
                assert_eq!(position(e.utf8_error()), at, "{input:02X?}");
                assert_eq!(&e.into_bytes()[..], &input[..]);
                let e = from_vec.unwrap_err();
                assert_eq!(position(e.utf8_error()), at, "{input:02X?}");
                assert_eq!(e.into_bytes(), *input);
            }
        }
    }
}

#[test]
fn conversions_keep_the_buffer() {
    let vec = "shared, not copied: ü".as_bytes().to_vec();
    let ptr = vec.as_ptr();
    let text = Utf8Bytes::try_from(vec).unwrap();
    assert_eq!(text.as_ptr(), ptr, "Vec<u8> kept");
    let bytes = Bytes::from_static(b"static");
    let text = Utf8Bytes::try_from(bytes.clone()).unwrap();
    assert_eq!(text.as_ptr(), bytes.as_ptr(), "Bytes kept");
    let string = String::from("a String's buffer");
    let ptr = string.as_ptr();
    assert_eq!(Utf8Bytes::from(string).as_ptr(), ptr, "String kept");
    let clone = text.clone();
    assert_eq!(clone.as_ptr(), text.as_ptr(), "a clone shares the buffer");
    assert_eq!(text.into_bytes(), bytes);
    let literal = const { Utf8Bytes::from_static(utf8!("compile-time")) };
    assert_eq!(literal.as_bytes_ref(), &Bytes::from_static(b"compile-time"));
}

#[test]
fn hashes_compares_and_borrows_as_str() {
    let mut map: HashMap<Utf8Bytes, u32> = HashMap::new();
    map.insert(Utf8Bytes::from("content-type"), 1);
    map.insert(Utf8Bytes::try_from(Bytes::from("größe")).unwrap(), 2);
    assert_eq!(map.get("content-type"), Some(&1));
    assert_eq!(map.get("größe"), Some(&2));
    assert_eq!(map.get(utf8!("größe")), Some(&2));
    assert_eq!(map.get("missing"), None);

    let state = std::hash::RandomState::new();
    for text in ["", "a", "größe", "世界😀"] {
        let ours = Utf8Bytes::from(text.to_owned());
        assert_eq!(state.hash_one(&ours), state.hash_one(text), "{text:?}");
        assert_eq!(ours, text);
        assert_eq!(text, ours);
        assert_eq!(ours, text.to_owned());
        assert_eq!(ours, Utf8String::from(text));
        assert_eq!(format!("{ours}"), text);
        assert_eq!(format!("{ours:?}"), format!("{text:?}"));
        assert_eq!(format!("{ours:>8}"), format!("{text:>8}"));
    }
    let mut sorted: Vec<Utf8Bytes> = ["b", "ä", "a", "z"].map(Utf8Bytes::from).to_vec();
    sorted.sort();
    assert_eq!(sorted, ["a", "b", "z", "ä"]);
}

#[test]
fn slices_exactly_where_str_does() {
    let text = "aé€😀b";
    let ours = Utf8Bytes::from(text);
    for start in 0..=text.len() + 1 {
        for end in 0..=text.len() + 1 {
            let want = text.get(start..end);
            let got = ours.try_slice(start..end);
            assert_eq!(
                got.as_ref().ok().map(Utf8Bytes::as_str),
                want,
                "{start}..{end}"
            );
            if let Err(e) = got {
                assert!(e.index().is_some());
                assert!(!e.to_string().is_empty());
            }
        }
        let (want_to, mut to) = (text.get(..start), ours.clone());
        assert_eq!(
            to.try_split_to(start)
                .ok()
                .as_deref()
                .map(utf8lit::Utf8Str::as_str),
            want_to
        );
        if want_to.is_none() {
            assert_eq!(to, text, "unchanged after a failed split");
        } else {
            assert_eq!(to, text[start..]);
        }
        let (want_off, mut off) = (text.get(start..), ours.clone());
        assert_eq!(
            off.try_split_off(start)
                .ok()
                .as_deref()
                .map(utf8lit::Utf8Str::as_str),
            want_off
        );
        if want_off.is_none() {
            assert_eq!(off, text);
        } else {
            assert_eq!(off, text[..start]);
        }
    }
    assert_eq!(ours.slice(..), text);
    assert_eq!(ours.slice(1..=2), "é");
    assert_eq!(
        ours.try_slice(2..).unwrap_err().to_string(),
        "byte 2 is not a character boundary: it is inside 'é' (bytes 1..3)"
    );
    #[allow(clippy::reversed_empty_ranges, reason = "the case under test")]
    let reversed = ours.try_slice(3..1).unwrap_err();
    assert_eq!(
        reversed.to_string(),
        "the range starts at byte 3, after its end 1"
    );

    // A sub-str of the text, and one that is not.
    let part = &ours[3..6];
    assert_eq!(ours.try_slice_ref(part).unwrap(), "€");
    assert_eq!(ours.slice_ref(part).as_ptr(), part.as_ptr());
    assert!(ours.try_slice_ref(&String::from("€")).is_err());
    assert_eq!(ours.try_slice_ref("").unwrap(), "");
}

#[test]
#[should_panic(expected = "byte 2 is not a character boundary: it is inside 'é' (bytes 1..3)")]
fn slice_panics_with_the_reason() {
    let _ = Utf8Bytes::from("aé").slice(..2);
}

/// Chunked building (`Utf8String::push_bytes`, then `Utf8Bytes::from`)
/// against whole-buffer validation, for every split of every vector into
/// two chunks, and into one-byte chunks.
#[test]
fn building_from_chunks_agrees_with_the_whole_buffer_at_every_split() {
    for input in vectors() {
        let whole = utf8lit::validate(&input);
        let cuts: Vec<Vec<usize>> = (0..=input.len())
            .map(|cut| vec![cut])
            .chain([(1..input.len()).collect()])
            .collect();
        for cut in cuts {
            let mut text = Utf8String::new();
            let mut start = 0;
            let mut failed = None;
            for &end in cut.iter().chain([&input.len()]) {
                if let Err(e) = text.push_bytes(&input[start..end]) {
                    failed = Some(e);
                    break;
                }
                start = end;
            }
            let verdict = match failed {
                Some(e) => Err(e),
                None => text.finish(),
            };
            assert_eq!(
                verdict.map_err(position),
                whole.map_err(position),
                "{input:02X?} cut at {cut:?}"
            );
            if whole.is_ok() {
                let built = Utf8Bytes::from(text);
                assert_eq!(built.as_bytes(), &input[..]);
            }
        }
    }
}

#[test]
fn serde_round_trips_as_a_string() {
    let text = Utf8Bytes::from("größe \"quoted\"");
    let json = serde_json::to_string(&text).unwrap();
    assert_eq!(json, r#""größe \"quoted\"""#);
    let back: Utf8Bytes = serde_json::from_str(&json).unwrap();
    assert_eq!(back, text);
}

// ---------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------

/// Returns its bytes one at a time.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), out.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// Returns its bytes, then fails with an I/O error (after an `Interrupted`,
/// which std's loops retry).
struct FailsAfter<'a> {
    bytes: &'a [u8],
    interrupted: bool,
}

impl Read for FailsAfter<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if !self.bytes.is_empty() {
            let n = self.bytes.len().min(out.len()).min(5);
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            return Ok(n);
        }
        if !self.interrupted {
            self.interrupted = true;
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        Err(io::Error::new(
            io::ErrorKind::ConnectionReset,
            "peer went away",
        ))
    }
}

/// All a `Utf8Reader` passes through, and its error.
fn drain(mut reader: impl Read) -> (Vec<u8>, Option<io::Error>) {
    let mut out = Vec::new();
    let mut buf = [0; 7];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return (out, None),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (out, Some(e)),
        }
    }
}

#[test]
fn readers_agree_with_std_on_every_vector_a_byte_at_a_time() {
    for input in vectors() {
        let want = std_verdict(&input);
        let got = utf8lit::io::read_to_string(OneByte(&input));
        let whole = utf8lit::io::read_to_string(&input[..]);
        let (passed, error) = drain(Utf8Reader::with_capacity(4, OneByte(&input)));
        match want {
            Ok(text) => {
                assert_eq!(got.unwrap(), text);
                assert_eq!(whole.unwrap(), text);
                assert_eq!(passed, input);
                assert!(error.is_none(), "{input:02X?}: {error:?}");
            }
            Err(at) => {
                let e = got.unwrap_err();
                assert_eq!(e.utf8_error().map(position), Some(at), "{input:02X?}");
                assert_eq!(e.into_bytes(), input, "every byte read is given back");
                assert_eq!(whole.unwrap_err().utf8_error().map(position), Some(at));
                // Every valid byte passes, then the error.
                assert_eq!(passed, &input[..at.0], "{input:02X?}");
                let error = error.expect("an error");
                assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                let source = std::error::Error::source(&error)
                    .and_then(|s| s.downcast_ref::<Utf8Error>())
                    .expect("the Utf8Error is the source");
                assert_eq!(position(*source), at);
            }
        }
    }
}

#[test]
fn an_io_error_midway_comes_through_with_the_bytes_read() {
    let input = "first line\nsecond, ü\n".as_bytes();
    let failing = || FailsAfter {
        bytes: input,
        interrupted: false,
    };
    let e = utf8lit::io::read_to_string(failing()).unwrap_err();
    assert_eq!(
        e.io_error().map(io::Error::kind),
        Some(io::ErrorKind::ConnectionReset)
    );
    assert_eq!(e.utf8_error(), None);
    assert_eq!(e.as_bytes(), input, "nothing silently dropped");
    assert_eq!(e.to_string(), "peer went away");
    assert_eq!(io::Error::from(e).kind(), io::ErrorKind::ConnectionReset);

    let (passed, error) = drain(Utf8Reader::with_capacity(16, failing()));
    assert_eq!(passed, input);
    assert_eq!(
        error.map(|e| e.kind()),
        Some(io::ErrorKind::ConnectionReset)
    );
}

/// The line and column of the first error, from each way of reading.
fn line_column(input: &[u8]) -> (usize, usize) {
    let whole = utf8lit::io::read_to_string(input).unwrap_err();
    let at = (whole.line().unwrap(), whole.column().unwrap());
    let (_, error) = drain(Utf8Reader::with_capacity(16, OneByte(input)));
    let error = error.unwrap();
    let payload = error
        .get_ref()
        .unwrap()
        .downcast_ref::<InvalidUtf8>()
        .unwrap();
    assert_eq!((payload.line(), payload.column()), at, "{input:02X?}");
    at
}

#[test]
fn lines_and_columns_on_crlf_a_bom_and_the_last_byte() {
    assert_eq!(line_column(b"\xFF"), (1, 1));
    assert_eq!(line_column(b"ab\xFF"), (1, 3));
    assert_eq!(line_column(b"a\nb\n\xFF"), (3, 1));
    // CRLF: the CR ends its line's text, the LF the line.
    assert_eq!(line_column(b"one\r\ntwo\r\n\xFFx"), (3, 1));
    assert_eq!(line_column(b"one\r\ntw\xFF\r\n"), (2, 3));
    // A BOM is not a column; a U+FEFF later is a character.
    assert_eq!(line_column(b"\xEF\xBB\xBFab\xFF"), (1, 3));
    assert_eq!(line_column(b"\xEF\xBB\xBF\xFF"), (1, 1));
    assert_eq!(line_column(b"a\xEF\xBB\xBF\xFF"), (1, 3));
    assert_eq!(line_column(b"x\n\xEF\xBB\xBF\xFF"), (2, 2));
    // Columns count characters: 'é' and '世' are one each.
    assert_eq!(
        line_column(
            "é世\n😀é"
                .as_bytes()
                .iter()
                .chain(b"\xC0")
                .copied()
                .collect::<Vec<_>>()
                .as_slice()
        ),
        (2, 3)
    );
    // An error in the last byte: a cut-off sequence at the end.
    assert_eq!(line_column(b"ok\nend \xE2\x82"), (2, 5));
    assert_eq!(line_column(b"ok\nend \xC3"), (2, 5));
}

#[test]
fn utf8_reader_lines_stop_at_the_error() {
    let reader = Utf8Reader::new(&b"alpha\nbeta\ngam\xCEma\n"[..]);
    // The error is sticky (a reader that skipped it would end early and look
    // complete), so `lines()` returns it again and again: take three.
    let lines: Vec<io::Result<String>> = reader.lines().take(4).collect();
    assert!(lines[3].is_err(), "still the error");
    assert_eq!(lines[0].as_ref().unwrap(), "alpha");
    assert_eq!(lines[1].as_ref().unwrap(), "beta");
    let e = lines[2].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3, column 4: invalid UTF-8 at byte 14 (missing continuation byte)"
    );
    // The error is sticky, and the invalid bytes stay in the buffer.
    let mut reader = Utf8Reader::with_capacity(64, &b"ok \xFF rest"[..]);
    let mut text = String::new();
    assert!(reader.read_to_string(&mut text).is_err());
    assert!(reader.fill_buf().is_err());
    assert_eq!(reader.buffer(), b"\xFF rest");
}

#[test]
fn files_name_the_path_line_and_column() {
    let dir = std::env::temp_dir().join(format!("utf8lit-receive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let bad = dir.join("notes.txt");
    std::fs::write(&good, "Grüße\r\nwelt\r\n").unwrap();
    let mut content = "line one\n".repeat(11).into_bytes();
    content.extend_from_slice(b"abcdef\xE9 and more\n");
    std::fs::write(&bad, &content).unwrap();

    assert_eq!(
        utf8lit::fs::read_to_string(&good).unwrap(),
        "Grüße\r\nwelt\r\n"
    );
    let e = utf8lit::fs::read_to_string(&bad).unwrap_err();
    assert_eq!(e.path(), Some(bad.as_path()));
    assert_eq!((e.line(), e.column()), (Some(12), Some(7)));
    let message = e.to_string();
    assert!(
        message.starts_with(&format!(
            "{}:12:7: invalid UTF-8 at byte 105 (missing continuation byte): E9",
            bad.display()
        )),
        "{message}"
    );
    assert_eq!(e.into_bytes(), content);

    let missing = dir.join("missing.txt");
    let e = utf8lit::fs::read_to_string(&missing).unwrap_err();
    assert_eq!(
        e.io_error().map(io::Error::kind),
        Some(io::ErrorKind::NotFound)
    );
    assert!(e
        .to_string()
        .starts_with(&format!("{}: ", missing.display())));
    std::fs::remove_dir_all(&dir).unwrap();
}
