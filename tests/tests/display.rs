//! The text of `Utf8Error`'s `Display`, pinned for each explanation, and the
//! `meaning()`/`looks_like()` data behind it, checked against real files.
#![forbid(unsafe_code)]
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "rates and PRNG arithmetic on small test numbers"
)]

use utf8lit::{decode, CodePoints, ErrorKind, LooksLike, Meaning, Utf8Error};

fn err(bytes: &[u8]) -> Utf8Error {
    match utf8lit::validate(bytes) {
        Ok(()) => panic!("{bytes:02X?} was accepted"),
        Err(e) => e,
    }
}

fn message(bytes: &[u8]) -> String {
    err(bytes).to_string()
}

fn data(path: &str) -> Vec<u8> {
    let full = format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

// ---------------------------------------------------------------------------
// one message per explanation
// ---------------------------------------------------------------------------

#[test]
fn unexpected_continuation() {
    assert_eq!(
        message(b"\xC3\xA9\x80"),
        "invalid UTF-8 at byte 2 (unexpected continuation byte): 80 has no lead byte before it"
    );
}

#[test]
fn missing_continuation_names_the_intruder() {
    assert_eq!(
        message(b"\xE2\x82A"),
        "invalid UTF-8 at byte 0 (missing continuation byte): E2 82 starts a 3-byte sequence \
         but is followed by 41, which cannot continue it"
    );
    assert_eq!(
        message(b"\xF0\x9F\x98\n"),
        "invalid UTF-8 at byte 0 (missing continuation byte): F0 9F 98 starts a 4-byte sequence \
         but is followed by 0A, which cannot continue it"
    );
}

#[test]
fn truncated_at_end_of_input() {
    assert_eq!(
        message("😀".as_bytes().split_at(3).0),
        "invalid UTF-8 at byte 0 (truncated sequence): F0 9F 98 starts a 4-byte sequence \
         but the input ends there"
    );
}

#[test]
fn overlong_nul_names_code_point_and_shortest_form() {
    assert_eq!(
        message(b"\xC0\x80"),
        "invalid UTF-8 at byte 0 (overlong encoding): C0 80 is U+0000 in 2 bytes; UTF-8 writes it 00; \
         this is how Java's modified UTF-8 (JNI, class files, DataOutput.writeUTF) writes U+0000"
    );
    assert_eq!(
        message(b"\xF0\x82\x82\xAC"),
        "invalid UTF-8 at byte 0 (overlong encoding): F0 82 82 AC is U+20AC in 4 bytes; \
         UTF-8 writes it E2 82 AC"
    );
}

#[test]
fn overlong_dot_is_the_rfc_3629_path_attack() {
    // RFC 3629 §10: "/../" hidden as 2F C0 AE 2E 2F.
    assert_eq!(
        message(b"\x2F\xC0\xAE\x2E\x2F"),
        "invalid UTF-8 at byte 1 (overlong encoding): C0 AE is U+002E '.' in 2 bytes; \
         UTF-8 writes it 2E (an overlong '.', '/' or '\\' is how the \"/../\" attack of \
         RFC 3629 §10 slips past path checks)"
    );
}

#[test]
fn overlong_cut_short_gives_the_range() {
    assert_eq!(
        message(b"\xE0\x80"),
        "invalid UTF-8 at byte 0 (overlong encoding): E0 80 would begin an overlong form of \
         U+0000–U+003F, which UTF-8 writes in fewer bytes"
    );
}

#[test]
fn overlong_surrogate_cannot_be_written_at_all() {
    assert_eq!(
        message(b"\xF0\x8D\xA0\x80"),
        "invalid UTF-8 at byte 0 (overlong encoding): F0 8D A0 80 is U+D800 in 4 bytes; \
         a surrogate, which UTF-8 cannot write at all"
    );
}

#[test]
fn lone_surrogate_gives_its_value() {
    assert_eq!(
        message(b"\xED\xBF\xBF"),
        "invalid UTF-8 at byte 0 (surrogate code point): ED BF BF is U+DFFF, a UTF-16 surrogate, \
         which is not a character"
    );
}

#[test]
fn cesu8_pair_gives_scalar_and_utf8() {
    assert_eq!(
        message(b"x\xED\xA1\x8C\xED\xBE\xB4"),
        "invalid UTF-8 at byte 1 (surrogate code point): ED A1 8C ED BE B4 is a CESU-8 surrogate \
         pair (U+D84C U+DFB4) for U+233B4; UTF-8 writes it F0 A3 8E B4"
    );
    // The pair for U+10000, Kuhn 5.2.1.
    let e = err(b"\xED\xA0\x80\xED\xB0\x80");
    assert_eq!(
        e.meaning(),
        Some(Meaning::SurrogatePair {
            high: 0xD800,
            low: 0xDC00,
            scalar: '\u{10000}'
        })
    );
    assert!(e.to_string().ends_with("UTF-8 writes it F0 90 80 80"));
}

#[test]
fn low_then_high_is_not_a_pair() {
    // Reversed order is two lone surrogates, not CESU-8.
    let e = err(b"\xED\xB0\x80\xED\xA0\x80");
    assert_eq!(
        e.meaning(),
        Some(Meaning::Surrogate(CodePoints::exact(0xDC00)))
    );
    assert_eq!(e.bytes(), b"\xED\xB0\x80");
}

#[test]
fn out_of_range_gives_the_value() {
    assert_eq!(
        message(b"\xF4\x90\x80\x80"),
        "invalid UTF-8 at byte 0 (code point above U+10FFFF): F4 90 80 80 would be U+110000"
    );
    assert_eq!(
        message(b"\xF7\xBF\xBF\xBF"),
        "invalid UTF-8 at byte 0 (code point above U+10FFFF): F7 BF BF BF would be U+1FFFFF"
    );
}

#[test]
fn obsolete_forms_say_rfc_2279_and_length() {
    assert_eq!(
        message(b"\xF8\x88\x80\x80\x80"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 88 80 80 80 is RFC 2279's \
         5-byte form of U+200000; UTF-8 has had no 5- or 6-byte forms since RFC 3629 (2003)"
    );
    assert_eq!(
        message(b"\xFD\xBF\xBF\xBF\xBF\xBF"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): FD BF BF BF BF BF is RFC 2279's \
         6-byte form of U+7FFFFFFF; UTF-8 has had no 5- or 6-byte forms since RFC 3629 (2003)"
    );
}

#[test]
fn obsolete_lead_alone_gives_only_the_values_it_can_begin() {
    // RFC 2279 too wrote every value in as few bytes as it could: 5 bytes
    // from U+200000, 6 from U+4000000. A lead alone begins only those.
    const TAIL: &str = "; UTF-8 has had no 5- or 6-byte forms since RFC 3629 (2003)";
    for (lead, range, latin1) in [
        (
            0xF8,
            "5-byte form of U+200000–U+FFFFFF",
            "'ø' (U+00F8), UTF-8 writes it C3 B8",
        ),
        (
            0xFB,
            "5-byte form of U+3000000–U+3FFFFFF",
            "'û' (U+00FB), UTF-8 writes it C3 BB",
        ),
        (
            0xFC,
            "6-byte form of U+4000000–U+3FFFFFFF",
            "'ü' (U+00FC), UTF-8 writes it C3 BC",
        ),
        (
            0xFD,
            "6-byte form of U+40000000–U+7FFFFFFF",
            "'ý' (U+00FD), UTF-8 writes it C3 BD",
        ),
    ] {
        assert_eq!(
            message(&[lead]),
            format!(
                "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): {lead:02X} would begin \
                 RFC 2279's {range}{TAIL}; if this is ISO-8859-1 {latin1}"
            )
        );
        // After UTF-8 text there is no Latin-1 guess, only the range.
        assert_eq!(
            message(&[0xC3, 0xA9, lead, 0xC3, 0xA9]),
            format!(
                "invalid UTF-8 at byte 2 (obsolete 5- or 6-byte form): {lead:02X} would begin \
                 RFC 2279's {range}{TAIL}"
            )
        );
    }
    assert_eq!(
        err(b"\xFC").meaning(),
        Some(Meaning::ObsoleteForm {
            len: 6,
            value: CodePoints::new(0x400_0000, 0x3FFF_FFFF)
        })
    );
    // With a continuation byte the range is all above the bound or all
    // below it (next test); F9 alone was already above it.
    assert_eq!(
        message(b"\xF8\x88"),
        format!(
            "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 88 would begin RFC 2279's \
             5-byte form of U+200000–U+23FFFF{TAIL}"
        )
    );
    assert_eq!(
        err(b"\xF9").meaning(),
        Some(Meaning::ObsoleteForm {
            len: 5,
            value: CodePoints::new(0x100_0000, 0x1FF_FFFF)
        })
    );
}

#[test]
fn obsolete_forms_overlong_even_under_rfc_2279_say_so() {
    assert_eq!(
        message(b"\xF8\x80\x80\x80\x80"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 80 80 80 80 is U+0000 in 5 \
         bytes, overlong even under RFC 2279; UTF-8 writes it 00"
    );
    assert_eq!(
        message(b"\xFC\x80\x80\x80\x81\xA9"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): FC 80 80 80 81 A9 is U+0069 'i' \
         in 6 bytes, overlong even under RFC 2279; UTF-8 writes it 69"
    );
    assert_eq!(
        message(b"\xF8\x84\x90\x80\x80"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 84 90 80 80 is U+110000 in 5 \
         bytes, overlong even under RFC 2279; above U+10FFFF, which UTF-8 cannot write"
    );
    assert_eq!(
        message(b"\xF8\x80\x8D\xA0\x80"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 80 8D A0 80 is U+D800 in 5 \
         bytes, overlong even under RFC 2279; a surrogate, which UTF-8 cannot write at all"
    );
    assert_eq!(
        message(b"\xF8\x80"),
        "invalid UTF-8 at byte 0 (obsolete 5- or 6-byte form): F8 80 would begin U+0000–U+3FFFF \
         in 5 bytes, overlong even under RFC 2279; UTF-8 has had no 5- or 6-byte forms since \
         RFC 3629 (2003)"
    );
    // The largest overlong 6-byte form, and the smallest that is not.
    assert!(message(b"\xFC\x83\xBF\xBF\xBF\xBF")
        .contains("FC 83 BF BF BF BF is U+3FFFFFF in 6 bytes, overlong even under RFC 2279;"));
    assert!(message(b"\xFC\x84\x80\x80\x80\x80")
        .contains("FC 84 80 80 80 80 is RFC 2279's 6-byte form of U+4000000;"));
}

#[test]
fn invalid_byte() {
    assert_eq!(
        message(b"\xC3\xA9\xFE\xFE"),
        "invalid UTF-8 at byte 2 (invalid byte): FE never appears in UTF-8"
    );
}

#[test]
fn latin1_e_acute_after_ascii() {
    assert_eq!(
        message(b"caf\xE9"),
        "invalid UTF-8 at byte 3 (truncated sequence): E9 starts a 3-byte sequence but the input \
         ends there; if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9"
    );
    assert_eq!(
        message(b"caf\xE9 au lait"),
        "invalid UTF-8 at byte 3 (missing continuation byte): E9 starts a 3-byte sequence but is \
         followed by 20, which cannot continue it; if this is ISO-8859-1 'é' (U+00E9), \
         UTF-8 writes it C3 A9"
    );
}

#[test]
fn windows_1252_smart_quote() {
    assert_eq!(
        message(b"say \x93hi\x94"),
        "invalid UTF-8 at byte 4 (unexpected continuation byte): 93 has no lead byte before it; \
         if this is Windows-1252 '\u{201C}' (U+201C), UTF-8 writes it E2 80 9C"
    );
}

#[test]
fn invisible_latin1_characters_are_not_quoted() {
    assert_eq!(
        message(b"a\xA0b"),
        "invalid UTF-8 at byte 1 (unexpected continuation byte): A0 has no lead byte before it; \
         if this is ISO-8859-1 U+00A0, UTF-8 writes it C2 A0"
    );
}

#[test]
fn byte_order_marks() {
    assert!(message(b"\xFF\xFEh\x00i\x00").ends_with(
        "; the input starts with FF FE, the UTF-16LE byte-order mark: \
         this looks like UTF-16 text, not UTF-8"
    ));
    assert_eq!(err(b"\xFE\xFF\x00h").looks_like(), Some(LooksLike::Utf16Be));
    assert_eq!(
        err(b"\xFF\xFE\x00\x00").looks_like(),
        Some(LooksLike::Utf32Le)
    );
    assert_eq!(
        err(b"\x00\x00\xFE\xFF").looks_like(),
        Some(LooksLike::Utf32Be)
    );
    // A BOM is only a BOM at the start.
    assert_eq!(err(b"ab\xFF\xFE").looks_like(), None);
}

#[test]
fn latin1_pair_in_a_word_reads_as_two_letters() {
    // ISO-8859-1 "Grüße": FC DF is two letters, each an error of its own.
    let problems: Vec<String> = utf8lit::problems(b"Gr\xFC\xDFe")
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        problems,
        [
            "invalid UTF-8 at byte 2 (obsolete 5- or 6-byte form): FC would begin RFC 2279's \
             6-byte form of U+4000000–U+3FFFFFFF; UTF-8 has had no 5- or 6-byte forms since \
             RFC 3629 (2003); if this is ISO-8859-1 'ü' (U+00FC), UTF-8 writes it C3 BC",
            "invalid UTF-8 at byte 3 (missing continuation byte): DF starts a 2-byte sequence \
             but is followed by 65, which cannot continue it; if this is ISO-8859-1 'ß' \
             (U+00DF), UTF-8 writes it C3 9F",
        ]
    );
    // The pair at the end of a word and of the input ("süß"), and in a
    // Portuguese "ção", where the pair ends in a byte that alone was lone.
    let looks = |bytes: &[u8]| -> Vec<Option<LooksLike>> {
        utf8lit::problems(bytes).map(|e| e.looks_like()).collect()
    };
    let latin1 = |byte: u8| {
        Some(LooksLike::Latin1 {
            byte,
            ch: char::from(byte),
        })
    };
    assert_eq!(looks(b"s\xFC\xDF"), [latin1(0xFC), latin1(0xDF)]);
    assert_eq!(looks(b"Gr\xFC\xDF Gott"), [latin1(0xFC), latin1(0xDF)]);
    assert_eq!(looks(b"na\xE7\xE3o"), [latin1(0xE7), latin1(0xE3)]);
}

#[test]
fn no_latin1_guess_next_to_other_high_bytes() {
    // A byte after UTF-8 text, or before another high byte, is not "lone".
    assert_eq!(err(b"\xC3\xA9\xE9").looks_like(), None);
    assert_eq!(err(b"a\xE9\xE9\xE9").looks_like(), None);
    let looks = |bytes: &[u8]| -> Vec<Option<LooksLike>> {
        utf8lit::problems(bytes).map(|e| e.looks_like()).collect()
    };
    // Two letters only when an ASCII letter touches them: between spaces
    // they are more likely a two-letter word of Windows-1251 ("на"),
    // ISO-8859-7, Windows-1255 or Windows-1256 text.
    assert_eq!(looks(b"x \xED\xE0 y"), [None, None]);
    assert_eq!(looks(b"\xE9\xE9"), [None, None]);
    // Not two letters: × (D7) and ÷ (F7), or a byte that is not a letter.
    assert_eq!(looks(b"a\xE9\xD7b"), [None, None]);
    assert_eq!(looks(b"a\xF7\xE9b"), [None, None]);
    assert_eq!(looks(b"a\xE9\xA9b"), [None]); // E9 A9 is one problem
    assert_eq!(looks(b"ab\xFF\xFEcd"), [None, None]); // FF FE: UTF-16, not "ÿþ"
                                                      // After UTF-8 text, or before it, still nothing.
    assert_eq!(looks(b"\xC3\xA9\xFC\xDFe"), [None, None]);
    assert_eq!(looks(b"Gr\xFC\xC3\xA9"), [None]);
    // The five bytes Windows-1252 leaves undefined get no guess.
    for byte in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
        assert_eq!(err(&[b'a', byte, b'b']).looks_like(), None, "{byte:02X}");
    }
}

// ---------------------------------------------------------------------------
// every message has the same shape
// ---------------------------------------------------------------------------

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The promises every message keeps, whatever the input.
fn check_shape(input: &[u8], e: &Utf8Error) {
    let text = e.to_string();
    let head = format!(
        "invalid UTF-8 at byte {} ({}): {}",
        e.valid_up_to(),
        e.kind().as_str(),
        hex(e.bytes())
    );
    assert!(text.starts_with(&head), "{input:02X?}: {text}");
    assert!(!text.contains('\n'), "{input:02X?}: {text}");
    // The quoted bytes are the input's, from the error on, and cover the
    // maximal subpart.
    assert!(
        input[e.valid_up_to()..].starts_with(e.bytes()),
        "{input:02X?}"
    );
    let min = e.error_len().unwrap_or(input.len() - e.valid_up_to());
    assert!(
        e.bytes().len() >= min.min(6),
        "{input:02X?}: {:02X?}",
        e.bytes()
    );
    assert!(e.bytes().len() <= 6);
    // meaning() is there exactly for the kinds that encode a value.
    let has_meaning = matches!(
        e.kind(),
        ErrorKind::Overlong
            | ErrorKind::Surrogate
            | ErrorKind::OutOfRange
            | ErrorKind::ObsoleteForm
    );
    assert_eq!(e.meaning().is_some(), has_meaning, "{input:02X?}");
}

#[test]
fn every_message_of_up_to_three_bytes_has_the_shape() {
    let (mut checked, mut std_errors) = (0u32, 0u32);
    for len in 1..=3u32 {
        for n in 0..1u32 << (8 * len) {
            let input = &n.to_le_bytes()[..len as usize];
            std_errors += u32::from(core::str::from_utf8(input).is_err());
            if let Err(e) = decode::validate(input) {
                check_shape(input, &e);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, std_errors);
}

#[test]
fn meaning_values_match_the_rfc_2279_reading() {
    // Whenever the quoted form is complete, meaning() is its old-rules value.
    for first in 0xC0..=0xFDu8 {
        for second in 0x80..=0xBFu8 {
            let input = [first, second, 0x80, 0x80, 0x80, 0x80, b'!'];
            let Err(e) = decode::validate(&input) else {
                continue;
            };
            let Some((value, len)) = decode::decode_rfc2279(&input, e.valid_up_to()) else {
                continue;
            };
            let points = match e.meaning() {
                Some(Meaning::Overlong(p) | Meaning::Surrogate(p) | Meaning::OutOfRange(p)) => p,
                Some(Meaning::ObsoleteForm { len: n, value }) => {
                    assert_eq!(usize::from(n), len);
                    value
                }
                other => {
                    assert!(
                        e.valid_up_to() > 0 || other.is_none(),
                        "{input:02X?}: {other:?}"
                    );
                    continue;
                }
            };
            assert_eq!(points.value(), Some(value), "{input:02X?}");
            assert_eq!(e.bytes().len(), len, "{input:02X?}");
        }
    }
}

// ---------------------------------------------------------------------------
// the Latin-1 guess on real mislabelled files
// ---------------------------------------------------------------------------

/// Walks every error of `bytes` (resuming after each) and returns
/// `(errors, errors with a Latin-1/Windows-1252 guess that matched the twin)`,
/// checking every guess against the twin: the same text correctly encoded,
/// one char per byte of the single-byte original.
fn guesses_against_twin(bytes: &[u8], twin: &str) -> (usize, usize) {
    let twin: Vec<char> = twin.chars().collect();
    assert_eq!(
        twin.len(),
        bytes.len(),
        "a single-byte file has one char per byte"
    );
    let (mut errors, mut guessed) = (0, 0);
    let mut at = 0;
    while let Err(e) = decode::validate_from(bytes, at) {
        errors += 1;
        match e.looks_like() {
            Some(LooksLike::Latin1 { byte, ch } | LooksLike::Windows1252 { byte, ch }) => {
                assert_eq!(byte, bytes[e.valid_up_to()]);
                assert_eq!(
                    ch,
                    twin[e.valid_up_to()],
                    "guess at byte {}",
                    e.valid_up_to()
                );
                let text = e.to_string();
                let utf8 = hex(decode::encode_char(ch).as_bytes());
                assert!(text.ends_with(&format!("UTF-8 writes it {utf8}")), "{text}");
                guessed += 1;
            }
            Some(other) => panic!("unexpected guess {other:?} at {}", e.valid_up_to()),
            None => {}
        }
        at = e.valid_up_to() + e.error_len().unwrap_or(bytes.len());
    }
    (errors, guessed)
}

#[test]
fn german_latin1_first_error_suggests_a_umlaut() {
    let bytes = data("wikipedia-mars/german.latin1.txt");
    let e = err(&bytes);
    assert_eq!((e.valid_up_to(), e.error_len()), (212, Some(1)));
    assert_eq!(
        e.looks_like(),
        Some(LooksLike::Latin1 {
            byte: 0xE4,
            ch: 'ä'
        })
    );
    assert!(e
        .to_string()
        .ends_with("if this is ISO-8859-1 'ä' (U+00E4), UTF-8 writes it C3 A4"));
    // The correctly encoded twin has C3 A4 where the Latin-1 file has E4.
    let twin = data("wikipedia-mars/german.utflatin8.txt");
    assert_eq!(&twin[..212], &bytes[..212]);
    assert_eq!(&twin[212..214], b"\xC3\xA4");
}

#[test]
fn latin1_guesses_match_their_twins() {
    for (latin, twin, min_hit_rate) in [
        (
            "wikipedia-mars/german.latin1.txt",
            "wikipedia-mars/german.utflatin8.txt",
            0.85,
        ),
        (
            "wikipedia-mars/esperanto.latin1.txt",
            "wikipedia-mars/esperanto.utflatin8.txt",
            0.85,
        ),
        (
            "legacy-encodings/sample-french-1.txt",
            "legacy-encodings/sample-french.txt",
            0.85,
        ),
    ] {
        let twin_text = String::from_utf8(data(twin)).expect("the twin is UTF-8");
        let (errors, guessed) = guesses_against_twin(&data(latin), &twin_text);
        let rate = guessed as f64 / errors as f64;
        println!("{latin}: {guessed} of {errors} errors guessed ({rate:.3})");
        assert!(rate >= min_hit_rate, "{latin}: only {guessed} of {errors}");
    }
}

#[test]
fn latin1_guess_rarely_fires_on_multibyte_legacy_encodings() {
    // Big5, CP949 and CP1256 text has its high bytes in runs, not alone: a
    // guess there would be a false positive, and must stay rare.
    for path in [
        "legacy-encodings/sample-chinese.txt",
        "legacy-encodings/sample-korean.txt",
        "legacy-encodings/sample-arabic-1.txt",
    ] {
        let bytes = data(path);
        let (mut errors, mut guessed) = (0usize, 0usize);
        let mut at = 0;
        while let Err(e) = decode::validate_from(&bytes, at) {
            errors += 1;
            guessed += usize::from(e.looks_like().is_some());
            at = e.valid_up_to() + e.error_len().unwrap_or(bytes.len());
        }
        let rate = guessed as f64 / errors as f64;
        println!("{path}: {guessed} of {errors} errors guessed ({rate:.3})");
        assert!(errors > 100, "{path}");
        assert!(rate <= 0.02, "{path}: {guessed} of {errors}");
    }
}
