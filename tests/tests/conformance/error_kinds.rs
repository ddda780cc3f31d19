//! One test per row of ARCHITECTURE.md's `ErrorKind` table, and the inputs that must stay valid.

use super::*;

// ---------------------------------------------------------------------------
// one test per row of ARCHITECTURE.md's ErrorKind table
// ---------------------------------------------------------------------------

/// Asserts the first error of `input` everywhere it can be seen: both entry
/// points, std's position, and the same bytes after a valid prefix and with
/// `validate_from`.
#[track_caller]
fn assert_error(
    input: &[u8],
    valid_up_to: usize,
    error_len: Option<usize>,
    kind: ErrorKind,
    bytes: &[u8],
) {
    let err = decode::validate(input).expect_err("must be rejected");
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind(), err.bytes()),
        (valid_up_to, error_len, kind, bytes),
        "decode::validate({})",
        hex(input)
    );
    assert_eq!(
        utf8lit::validate(input),
        Err(err),
        "utf8lit::validate({})",
        hex(input)
    );
    let std_err = core::str::from_utf8(input).expect_err("std must reject it too");
    assert_eq!(
        (std_err.valid_up_to(), std_err.error_len()),
        (valid_up_to, error_len),
        "std"
    );
    let as_error: &dyn std::error::Error = &err;
    assert!(as_error.to_string().contains(kind.as_str()), "{as_error}");

    // After a prefix long enough to cross a 16-byte block, with 2-byte text.
    let prefix = "0123456789abcdefé".as_bytes();
    let shifted: Vec<u8> = prefix.iter().chain(input).copied().collect();
    let err = utf8lit::validate(&shifted).expect_err("must be rejected after a prefix");
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind(), err.bytes()),
        (prefix.len() + valid_up_to, error_len, kind, bytes),
        "after a prefix: {}",
        hex(&shifted)
    );
    let from = validate_from(&shifted, prefix.len()).expect_err("validate_from");
    assert_eq!(from, err, "validate_from after the prefix");
}

// UnexpectedContinuation: 80–BF where a sequence must start.
#[test]
fn unexpected_continuation_80() {
    assert_error(
        b"\x80",
        0,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\x80",
    );
}

#[test]
fn unexpected_continuation_bf_after_ascii() {
    assert_error(
        b"ab\xBF\x80",
        2,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\xBF",
    );
}

#[test]
fn unexpected_continuation_after_complete_char() {
    // é is C3 A9; a third byte has no lead.
    assert_error(
        b"\xC3\xA9\xA9",
        2,
        Some(1),
        ErrorKind::UnexpectedContinuation,
        b"\xA9",
    );
}

// MissingContinuation: a lead followed by a non-tail byte, at positions 2, 3, 4.
#[test]
fn missing_continuation_at_position_2() {
    assert_error(
        b"\xC3 ",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xC3",
    );
    assert_error(
        b"\xE1\x41",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xE1",
    );
    assert_error(
        b"\xF1\xC3\xA9",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xF1",
    );
}

#[test]
fn missing_continuation_at_position_3() {
    assert_error(
        b"\xE2\x82(",
        0,
        Some(2),
        ErrorKind::MissingContinuation,
        b"\xE2\x82",
    );
    assert_error(
        b"\xF0\x9F\xFF",
        0,
        Some(2),
        ErrorKind::MissingContinuation,
        b"\xF0\x9F",
    );
}

#[test]
fn missing_continuation_at_position_4() {
    assert_error(
        b"\xF0\x9F\x98 ",
        0,
        Some(3),
        ErrorKind::MissingContinuation,
        b"\xF0\x9F\x98",
    );
    assert_error(
        b"\xF4\x8F\xBF\xF4",
        0,
        Some(3),
        ErrorKind::MissingContinuation,
        b"\xF4\x8F\xBF",
    );
}

#[test]
fn missing_continuation_latin1_e9_after_ascii() {
    assert_error(
        b"caf\xE9 au lait",
        3,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xE9",
    );
}

#[test]
fn missing_continuation_nul_after_lead_c2_00() {
    assert_error(
        b"\xC2\x00",
        0,
        Some(1),
        ErrorKind::MissingContinuation,
        b"\xC2",
    );
}

// Truncated: a valid prefix at the very end (error_len None).
#[test]
fn truncated_e0_at_end() {
    assert_error(b"\xE0", 0, None, ErrorKind::Truncated, b"\xE0");
}

#[test]
fn truncated_c3_at_end() {
    assert_error(b"caf\xC3", 3, None, ErrorKind::Truncated, b"\xC3");
}

#[test]
fn truncated_f0_9f_98_at_end() {
    assert_error(
        b"\xF0\x9F\x98",
        0,
        None,
        ErrorKind::Truncated,
        b"\xF0\x9F\x98",
    );
}

#[test]
fn truncated_ed_9f_at_end() {
    // ED 9F is the prefix of U+D7FF, the last scalar before the surrogates.
    assert_error(b"\xED\x9F", 0, None, ErrorKind::Truncated, b"\xED\x9F");
}

#[test]
fn truncated_f4_8f_bf_at_end() {
    assert_error(
        b"\xF4\x8F\xBF",
        0,
        None,
        ErrorKind::Truncated,
        b"\xF4\x8F\xBF",
    );
}

// Overlong: C0, C1; E0 80–9F; F0 80–8F.
#[test]
fn overlong_nul_c0_80() {
    assert_error(b"\xC0\x80", 0, Some(1), ErrorKind::Overlong, b"\xC0\x80");
}

#[test]
fn overlong_slash_c0_af() {
    assert_error(b"/\xC0\xAF/", 1, Some(1), ErrorKind::Overlong, b"\xC0\xAF");
}

#[test]
fn overlong_c1_bf() {
    assert_error(b"\xC1\xBF", 0, Some(1), ErrorKind::Overlong, b"\xC1\xBF");
}

#[test]
fn overlong_c0_alone() {
    assert_error(b"\xC0", 0, Some(1), ErrorKind::Overlong, b"\xC0");
}

#[test]
fn overlong_e0_80_at_end() {
    assert_error(b"\xE0\x80", 0, Some(1), ErrorKind::Overlong, b"\xE0\x80");
}

#[test]
fn overlong_e0_9f_bf() {
    assert_error(
        b"\xE0\x9F\xBF",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xE0\x9F\xBF",
    );
}

#[test]
fn overlong_f0_80_80_80() {
    assert_error(
        b"\xF0\x80\x80\x80",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xF0\x80\x80\x80",
    );
}

#[test]
fn overlong_f0_8f_bf_bf() {
    assert_error(
        b"\xF0\x8F\xBF\xBF",
        0,
        Some(1),
        ErrorKind::Overlong,
        b"\xF0\x8F\xBF\xBF",
    );
}

// Surrogate: ED A0–BF.
#[test]
fn surrogate_ed_a0_80() {
    assert_error(
        b"\xED\xA0\x80",
        0,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xA0\x80",
    );
}

#[test]
fn surrogate_ed_bf_bf() {
    assert_error(
        b"x\xED\xBF\xBFy",
        1,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xBF\xBF",
    );
}

#[test]
fn surrogate_ed_a0_at_end() {
    assert_error(b"\xED\xA0", 0, Some(1), ErrorKind::Surrogate, b"\xED\xA0");
}

#[test]
fn surrogate_pair_cesu8_for_u_233b4() {
    let cesu = b"\xED\xA1\x8C\xED\xBE\xB4";
    assert_error(cesu, 0, Some(1), ErrorKind::Surrogate, cesu);
}

#[test]
fn surrogate_low_then_high_is_not_a_pair() {
    assert_error(
        b"\xED\xB0\x80\xED\xA0\x80",
        0,
        Some(1),
        ErrorKind::Surrogate,
        b"\xED\xB0\x80",
    );
}

// OutOfRange: F4 90–BF; F5–F7.
#[test]
fn out_of_range_f4_90_80_80() {
    assert_error(
        b"\xF4\x90\x80\x80",
        0,
        Some(1),
        ErrorKind::OutOfRange,
        b"\xF4\x90\x80\x80",
    );
}

#[test]
fn out_of_range_f4_90_at_end() {
    assert_error(b"\xF4\x90", 0, Some(1), ErrorKind::OutOfRange, b"\xF4\x90");
}

#[test]
fn out_of_range_f5_alone() {
    assert_error(b"\xF5", 0, Some(1), ErrorKind::OutOfRange, b"\xF5");
}

#[test]
fn out_of_range_f7_bf_bf_bf() {
    assert_error(
        b"\xF7\xBF\xBF\xBF",
        0,
        Some(1),
        ErrorKind::OutOfRange,
        b"\xF7\xBF\xBF\xBF",
    );
}

// ObsoleteForm: F8–FD.
#[test]
fn obsolete_f8() {
    assert_error(b"\xF8", 0, Some(1), ErrorKind::ObsoleteForm, b"\xF8");
}

#[test]
fn obsolete_f8_five_bytes() {
    let five = b"\xF8\x88\x80\x80\x80";
    assert_error(five, 0, Some(1), ErrorKind::ObsoleteForm, five);
}

#[test]
fn obsolete_fd_six_bytes() {
    let six = b"\xFD\xBF\xBF\xBF\xBF\xBF";
    assert_error(six, 0, Some(1), ErrorKind::ObsoleteForm, six);
}

// InvalidByte: FE, FF.
#[test]
fn invalid_fe() {
    assert_error(b"\xFE", 0, Some(1), ErrorKind::InvalidByte, b"\xFE");
}

#[test]
fn invalid_ff() {
    assert_error(b"ok\xFF\xFE", 2, Some(1), ErrorKind::InvalidByte, b"\xFF");
}

// Valid, and must stay so: noncharacters, NUL, BOM, U+FFFD, the range ends.
#[test]
fn accepts_noncharacters_nul_bom_and_boundaries() {
    for s in [
        "",
        "\0",
        "\u{7F}",
        "\u{80}",
        "\u{7FF}",
        "\u{800}",
        "\u{D7FF}",
        "\u{E000}",
        "\u{FEFF}",
        "\u{FFFD}",
        "\u{FFFE}",
        "\u{FFFF}",
        "\u{FDD0}",
        "\u{FDEF}",
        "\u{10000}",
        "\u{1FFFE}",
        "\u{10FFFE}",
        "\u{10FFFF}",
    ] {
        assert_eq!(
            utf8lit::validate(s.as_bytes()),
            Ok(()),
            "{}",
            hex(s.as_bytes())
        );
        assert_eq!(
            decode::validate(s.as_bytes()),
            Ok(()),
            "{}",
            hex(s.as_bytes())
        );
    }
}
