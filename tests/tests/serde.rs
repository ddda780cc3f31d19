//! The `serde` feature: every type serializes as its text, the borrowed types
//! deserialize without copying, and bytes get the strict check with this
//! crate's error text.
//!
//! - JSON round trips for each type, and what does not round-trip
//!   (`Utf8CStr` is written without its NUL; escaped text cannot be borrowed);
//! - `&Utf8Str` from JSON points into the input;
//! - bytes (`serde_test` tokens: borrowed, transient, owned, a sequence of
//!   `u8`) are accepted exactly when `core::str::from_utf8` accepts them, and
//!   a rejection's message is `utf8lit::validate`'s error text, checked for
//!   every input of up to two bytes and for overlongs, CESU-8, Latin-1 and
//!   truncation;
//! - `AsciiStr` and `Utf8CStr` report `AsciiError`'s and `CStrError`'s text;
//! - derived structs borrow a `&Utf8Str` field and own a `Utf8String` one.

#![forbid(unsafe_code)]

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_test::{
    assert_de_tokens, assert_de_tokens_error, assert_ser_tokens, assert_tokens, Token,
};
use utf8lit::{AsciiStr, Utf8CStr, Utf8Str, Utf8String};

/// `utf8lit::validate`'s error text for `bytes`, which must be invalid.
fn utf8_message(bytes: &[u8]) -> String {
    utf8lit::validate(bytes)
        .expect_err("test input must be invalid UTF-8")
        .to_string()
}

/// The ill-formed inputs every byte path is tried with.
const INVALID: [&[u8]; 4] = [
    b"\xC0\x80",                 // overlong U+0000
    b"\xED\xA0\xBD\xED\xB8\x80", // CESU-8 pair for U+1F600
    b"caf\xE9",                  // ISO-8859-1 'é'
    b"\xE2\x82",                 // '€' cut short
];

/// The ways a format can hand over `bytes` for a string request.
fn byte_tokens(bytes: &'static [u8]) -> [Vec<Token>; 4] {
    let mut seq = vec![Token::Seq {
        len: Some(bytes.len()),
    }];
    seq.extend(bytes.iter().map(|&b| Token::U8(b)));
    seq.push(Token::SeqEnd);
    [
        vec![Token::Bytes(bytes)],
        vec![Token::BorrowedBytes(bytes)],
        vec![Token::ByteBuf(bytes)],
        seq,
    ]
}

// ---------------------------------------------------------------------------
// Serialize, and JSON round trips
// ---------------------------------------------------------------------------

#[test]
fn every_type_serializes_as_its_text() {
    assert_ser_tokens(&Utf8Str::from_str("Grüße"), &[Token::Str("Grüße")]);
    assert_ser_tokens(
        &AsciiStr::from_str("plain").unwrap(),
        &[Token::Str("plain")],
    );
    // Without the NUL.
    assert_ser_tokens(
        &Utf8CStr::from_str_with_nul("caf\u{e9}\0").unwrap(),
        &[Token::Str("café")],
    );
    assert_ser_tokens(&Utf8String::from("世界 😀"), &[Token::Str("世界 😀")]);
}

#[test]
fn utf8_str_round_trips_through_json() {
    let text = Utf8Str::from_str("Grüße, 世界 😀");
    let json = serde_json::to_string(text).unwrap();
    assert_eq!(json, "\"Grüße, 世界 😀\"");
    let back: &Utf8Str = serde_json::from_str(&json).unwrap();
    assert_eq!(back, text);
}

#[test]
fn ascii_str_round_trips_through_json() {
    let text = AsciiStr::from_str("Content-Type").unwrap();
    let json = serde_json::to_string(text).unwrap();
    assert_eq!(json, "\"Content-Type\"");
    let back: &AsciiStr = serde_json::from_str(&json).unwrap();
    assert_eq!(back, text);
}

#[test]
fn utf8_cstr_is_written_without_its_nul_and_reads_back_as_text() {
    let text = Utf8CStr::from_bytes_with_nul(b"hello\0").unwrap();
    let json = serde_json::to_string(text).unwrap();
    assert_eq!(json, "\"hello\"");
    // The NUL is not in the JSON, so a `&Utf8CStr` cannot point at one...
    let err = serde_json::from_str::<&Utf8CStr>(&json).unwrap_err();
    let expected = Utf8CStr::from_str_with_nul("hello")
        .unwrap_err()
        .to_string();
    assert_eq!(
        expected,
        "missing NUL terminator: the last byte is 6F, not 00"
    );
    assert!(err.to_string().starts_with(&expected), "{err}");
    // ...but the text reads back as either string type.
    assert_eq!(serde_json::from_str::<&Utf8Str>(&json).unwrap(), "hello");
    assert_eq!(serde_json::from_str::<Utf8String>(&json).unwrap(), "hello");
}

#[test]
fn utf8_string_round_trips_through_json_escapes_included() {
    let text = Utf8String::from("tab\there, \"quoted\", NUL \0, 😀");
    let json = serde_json::to_string(&text).unwrap();
    assert_eq!(json, r#""tab\there, \"quoted\", NUL \u0000, 😀""#);
    let back: Utf8String = serde_json::from_str(&json).unwrap();
    assert_eq!(back, text);
    // Escaped surrogate pairs are text too.
    let emoji: Utf8String = serde_json::from_str(r#""\ud83d\ude00""#).unwrap();
    assert_eq!(emoji, "😀");
}

#[test]
fn cow_of_utf8_str_round_trips_through_json() {
    let text: Cow<'_, Utf8Str> = Cow::Borrowed(Utf8Str::from_str("naïve"));
    let json = serde_json::to_string(&text).unwrap();
    assert_eq!(json, "\"naïve\"");
    let back: Cow<'_, Utf8Str> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, text);
}

// ---------------------------------------------------------------------------
// Borrowing
// ---------------------------------------------------------------------------

#[test]
fn utf8_str_from_json_points_into_the_input() {
    let json = String::from("  \"borrowed, not copied: ünïcödé\"  ");
    let text: &Utf8Str = serde_json::from_str(&json).unwrap();
    assert_eq!(text, "borrowed, not copied: ünïcödé");
    let input = json.as_bytes().as_ptr_range();
    let got = text.as_bytes().as_ptr_range();
    assert!(input.start <= got.start && got.end <= input.end);
    assert_eq!(got.start, json[3..].as_ptr());
}

#[test]
fn utf8_str_from_borrowed_bytes_points_into_them() {
    static BYTES: &[u8] = b"caf\xC3\xA9";
    assert_de_tokens(&Utf8Str::from_str("café"), &[Token::BorrowedBytes(BYTES)]);
    let text = <&Utf8Str>::deserialize(serde::de::value::BorrowedBytesDeserializer::<
        serde::de::value::Error,
    >::new(BYTES))
    .unwrap();
    assert_eq!(text.as_bytes().as_ptr(), BYTES.as_ptr());
}

#[test]
fn borrowed_types_refuse_text_that_cannot_be_borrowed() {
    // JSON escapes make serde_json copy the text, which cannot then be lent.
    let err = serde_json::from_str::<&Utf8Str>(r#""a\nb""#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(r#"invalid type: string "a\nb", expected a borrowed UTF-8 string"#),
        "{err}"
    );
    assert_de_tokens_error::<&Utf8Str>(
        &[Token::Str("x")],
        r#"invalid type: string "x", expected a borrowed UTF-8 string"#,
    );
    assert_de_tokens_error::<&AsciiStr>(
        &[Token::String("x")],
        r#"invalid type: string "x", expected a borrowed ASCII string"#,
    );
    assert_de_tokens_error::<&Utf8CStr>(
        &[Token::Bytes(b"x\0")],
        "invalid type: byte array, expected a borrowed NUL-terminated UTF-8 C string",
    );
    // And an owned string is the way out.
    let owned: Utf8String = serde_json::from_str(r#""a\nb""#).unwrap();
    assert_eq!(owned, "a\nb");
}

#[test]
fn utf8_string_expects_a_utf8_string() {
    assert_de_tokens_error::<Utf8String>(
        &[Token::I32(7)],
        "invalid type: integer `7`, expected a UTF-8 string",
    );
    // serde_json answers a string request with strings only.
    let err = serde_json::from_str::<Utf8String>("[104, 105]").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid type: sequence, expected a UTF-8 string"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Bytes: accepted exactly when they are UTF-8, rejected with our text
// ---------------------------------------------------------------------------

#[test]
fn utf8_string_accepts_every_kind_of_text_and_valid_bytes() {
    let expected = Utf8String::from("Grüße");
    assert_tokens(&expected, &[Token::Str("Grüße")]);
    assert_de_tokens(&expected, &[Token::BorrowedStr("Grüße")]);
    assert_de_tokens(&expected, &[Token::String("Grüße")]);
    for tokens in byte_tokens("Grüße".as_bytes()) {
        assert_de_tokens(&expected, &tokens);
    }
    // An empty sequence is the empty string.
    assert_de_tokens(
        &Utf8String::new(),
        &[Token::Seq { len: Some(0) }, Token::SeqEnd],
    );
}

#[test]
fn utf8_string_rejects_ill_formed_bytes_with_the_utf8_error_text() {
    for bytes in INVALID {
        let message = utf8_message(bytes);
        for tokens in byte_tokens(bytes) {
            assert_de_tokens_error::<Utf8String>(&tokens, &message);
        }
    }
}

#[test]
fn the_messages_explain_each_kind() {
    // The texts the tests compare against are the explanatory ones.
    let [overlong, cesu, latin1, truncated] = INVALID.map(utf8_message);
    assert!(overlong.contains("(overlong encoding)"), "{overlong}");
    assert!(cesu.contains("CESU-8"), "{cesu}");
    assert!(latin1.contains("ISO-8859-1 'é'"), "{latin1}");
    assert!(
        truncated.starts_with("invalid UTF-8 at byte 0"),
        "{truncated}"
    );
    let all = [&overlong, &cesu, &latin1, &truncated];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn utf8_str_checks_borrowed_bytes() {
    assert_de_tokens(
        &Utf8Str::from_str("€ 5"),
        &[Token::BorrowedBytes("€ 5".as_bytes())],
    );
    for bytes in INVALID {
        assert_de_tokens_error::<&Utf8Str>(&[Token::BorrowedBytes(bytes)], &utf8_message(bytes));
    }
}

#[test]
fn utf8_str_accepts_borrowed_text() {
    assert_de_tokens(&Utf8Str::from_str("plain"), &[Token::BorrowedStr("plain")]);
}

/// Every input of one and two bytes, as slices of one static buffer
/// (`Token::Bytes` wants `&'static [u8]`).
static ALL_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = i as u8;
        i += 1;
    }
    table
};
static ALL_PAIRS: [u8; 2 * 65536] = {
    let mut table = [0; 2 * 65536];
    let mut i = 0;
    while i < 65536 {
        table[2 * i] = (i >> 8) as u8;
        table[2 * i + 1] = i as u8;
        i += 1;
    }
    table
};

#[test]
fn utf8_string_from_bytes_agrees_with_std_on_every_short_input() {
    let singles = ALL_BYTES.chunks_exact(1);
    let pairs = ALL_PAIRS.chunks_exact(2);
    let (mut accepted, mut rejected) = (0, 0);
    for bytes in singles.chain(pairs) {
        let tokens = [Token::Bytes(bytes)];
        if let Ok(text) = core::str::from_utf8(bytes) {
            assert_de_tokens(&Utf8String::from(text), &tokens);
            accepted += 1;
        } else {
            assert_de_tokens_error::<Utf8String>(&tokens, &utf8_message(bytes));
            rejected += 1;
        }
    }
    // 128 + 128² ASCII, 30 × 64 two-byte characters; the rest is rejected.
    assert_eq!(accepted, 128 + 128 * 128 + 30 * 64);
    assert_eq!(accepted + rejected, 256 + 65536);
}

// ---------------------------------------------------------------------------
// AsciiStr and Utf8CStr
// ---------------------------------------------------------------------------

#[test]
fn ascii_str_rejects_non_ascii_with_the_ascii_error_text() {
    let from_str = AsciiStr::from_str("café").unwrap_err().to_string();
    assert_eq!(
        from_str,
        "non-ASCII character 'é' (U+00E9, bytes C3 A9) at byte 3"
    );
    assert_de_tokens_error::<&AsciiStr>(&[Token::BorrowedStr("café")], &from_str);
    assert_de_tokens_error::<&AsciiStr>(&[Token::BorrowedBytes("café".as_bytes())], &from_str);

    let latin1 = AsciiStr::from_bytes(b"caf\xE9").unwrap_err().to_string();
    assert_de_tokens_error::<&AsciiStr>(&[Token::BorrowedBytes(b"caf\xE9")], &latin1);

    let err = serde_json::from_str::<&AsciiStr>("\"café\"").unwrap_err();
    assert!(err.to_string().starts_with(&from_str), "{err}");

    assert_de_tokens(
        &AsciiStr::from_str("ok").unwrap(),
        &[Token::BorrowedBytes(b"ok")],
    );
}

#[test]
fn utf8_cstr_wants_exactly_one_nul_at_the_end() {
    let c_str = Utf8CStr::from_str_with_nul("hi\0").unwrap();
    assert_de_tokens(&c_str, &[Token::BorrowedStr("hi\0")]);
    assert_de_tokens(&c_str, &[Token::BorrowedBytes(b"hi\0")]);

    let message = |bytes: &[u8]| {
        Utf8CStr::from_bytes_with_nul(bytes)
            .unwrap_err()
            .to_string()
    };
    let interior = message(b"a\0b\0");
    assert_eq!(
        interior,
        "interior NUL at byte 1: a C string ends at its first NUL"
    );
    assert_de_tokens_error::<&Utf8CStr>(&[Token::BorrowedStr("a\0b\0")], &interior);
    assert_de_tokens_error::<&Utf8CStr>(&[Token::BorrowedBytes(b"a\0b\0")], &interior);

    let missing = message(b"abc");
    assert_eq!(
        missing,
        "missing NUL terminator: the last byte is 63, not 00"
    );
    assert_de_tokens_error::<&Utf8CStr>(&[Token::BorrowedStr("abc")], &missing);
    assert_de_tokens_error::<&Utf8CStr>(&[Token::BorrowedBytes(b"abc")], &missing);
    assert_de_tokens_error::<&Utf8CStr>(&[Token::BorrowedStr("")], &message(b""));

    // Invalid UTF-8 reports the Utf8Error's own text.
    assert_de_tokens_error::<&Utf8CStr>(
        &[Token::BorrowedBytes(b"caf\xE9\0")],
        &utf8_message(b"caf\xE9\0"),
    );
}

// ---------------------------------------------------------------------------
// Derived structs
// ---------------------------------------------------------------------------

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record<'a> {
    #[serde(borrow)]
    name: &'a Utf8Str,
    note: Utf8String,
}

#[test]
fn derived_struct_borrows_one_field_and_owns_the_other() {
    let json = r#"{"name":"Zoë","note":"line 1\nline 2"}"#;
    let record: Record<'_> = serde_json::from_str(json).unwrap();
    assert_eq!(record.name, "Zoë");
    assert_eq!(record.note, "line 1\nline 2");
    let name_at = record.name.as_bytes().as_ptr();
    assert_eq!(name_at, json[9..].as_ptr());
    assert_eq!(serde_json::to_string(&record).unwrap(), json);

    // A bad field is reported at the field, with the usual text.
    let err = serde_json::from_str::<Record<'_>>(r#"{"name":"x\ty","note":""}"#).unwrap_err();
    assert!(
        err.to_string().contains("expected a borrowed UTF-8 string"),
        "{err}"
    );
}
