//! The validated string types: `Utf8Str`, `AsciiStr` and `Utf8CStr`.
//!
//! - Every constructor agrees with std (`core::str::from_utf8`, `is_ascii`,
//!   `CStr::from_bytes_until_nul`) on the inputs of `vectors/utf8_vectors.tsv`
//!   (alone, with a NUL appended, and after a 17-byte ASCII prefix) and on
//!   every input of up to two bytes; the `const` constructors give the same
//!   answers and work in `const` items.
//! - The traits behave as `str`'s: hashing (so `Borrow<str>` lookups work),
//!   ordering, equality across the std string types, `Debug` and `Display`.
//! - The error texts of `AsciiError` and `CStrError` are pinned per kind.

#![forbid(unsafe_code)]

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ffi::{CStr, CString};
use std::fmt::Display;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use utf8lit::{AsciiError, AsciiStr, CStrError, CStrErrorKind, ErrorKind, Utf8CStr, Utf8Str};
use utf8lit_tests::{hex, Mismatches, Table};

// ---------------------------------------------------------------------------
// Oracles, from std alone
// ---------------------------------------------------------------------------

/// std's verdict on UTF-8: the text, or `(valid_up_to, error_len)`.
fn std_utf8(bytes: &[u8]) -> Result<&str, (usize, Option<usize>)> {
    std::str::from_utf8(bytes).map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// The character at the start of `bytes`, if they start with a
/// well-formed one.
fn std_first_char(bytes: &[u8]) -> Option<char> {
    let valid = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?,
    };
    valid.chars().next()
}

/// The ASCII verdict: the text, or the first byte above 7F as
/// `(offset, byte, the character it starts)`.
fn std_ascii(bytes: &[u8]) -> Result<&str, (usize, u8, Option<char>)> {
    match bytes.iter().position(|b| !b.is_ascii()) {
        None => Ok(std::str::from_utf8(bytes).expect("ASCII is UTF-8")),
        Some(at) => Err((at, bytes[at], std_first_char(&bytes[at..]))),
    }
}

/// What a `Utf8CStr` constructor answers, in comparable form.
#[derive(Debug, PartialEq)]
enum CWant<'a> {
    /// The text without the NUL.
    Ok(&'a str),
    /// `(valid_up_to, error_len)`.
    Utf8(usize, Option<usize>),
    InteriorNul(usize),
    NotNulTerminated,
}

/// The C-string verdict from std's UTF-8 check and std's NUL search, with
/// the earliest problem winning.
fn std_cstr(bytes: &[u8]) -> CWant<'_> {
    let utf8 = std::str::from_utf8(bytes);
    let first_nul = CStr::from_bytes_until_nul(bytes)
        .ok()
        .map(|c| c.to_bytes().len());
    let utf8_error_at = utf8.as_ref().err().map(std::str::Utf8Error::valid_up_to);
    match (first_nul, utf8) {
        // A NUL before any UTF-8 error: the terminator or an interior NUL.
        (Some(nul), _) if utf8_error_at.is_none_or(|e| nul < e) => {
            if nul + 1 == bytes.len() {
                CWant::Ok(std::str::from_utf8(&bytes[..nul]).expect("checked up to the NUL"))
            } else {
                CWant::InteriorNul(nul)
            }
        }
        (_, Err(e)) => CWant::Utf8(e.valid_up_to(), e.error_len()),
        (_, Ok(_)) => CWant::NotNulTerminated,
    }
}

// ---------------------------------------------------------------------------
// The library's answers, in the oracles' form
// ---------------------------------------------------------------------------

fn utf8_got(r: Result<&Utf8Str, utf8lit::Utf8Error>) -> Result<&str, (usize, Option<usize>)> {
    r.map(Utf8Str::as_str)
        .map_err(|e| (e.valid_up_to(), e.error_len()))
}

fn ascii_got(r: Result<&AsciiStr, AsciiError>) -> Result<&str, (usize, u8, Option<char>)> {
    r.map(AsciiStr::as_str)
        .map_err(|e| (e.valid_up_to(), e.byte(), e.char()))
}

fn cstr_got(r: Result<&Utf8CStr, CStrError>) -> CWant<'_> {
    match r {
        Ok(s) => CWant::Ok(s.as_str()),
        Err(e) => match e.kind() {
            CStrErrorKind::InvalidUtf8(e) => CWant::Utf8(e.valid_up_to(), e.error_len()),
            CStrErrorKind::InteriorNul { position } => CWant::InteriorNul(position),
            CStrErrorKind::NotNulTerminated => CWant::NotNulTerminated,
            other => panic!("a kind this test does not know: {other:?}"),
        },
    }
}

// ---------------------------------------------------------------------------
// One input through every constructor
// ---------------------------------------------------------------------------

/// Checks every constructor of the three types on `bytes`.
fn check_all(m: &mut Mismatches, context: &dyn Display, bytes: &[u8]) {
    check_utf8_str(m, context, bytes);
    check_ascii_str(m, context, bytes);
    check_utf8_cstr(m, context, bytes);
}

fn check_utf8_str(m: &mut Mismatches, context: &dyn Display, bytes: &[u8]) {
    let want = std_utf8(bytes);
    let got = Utf8Str::from_bytes(bytes);
    m.eq(context, "Utf8Str::from_bytes", &utf8_got(got), &want);
    m.eq(
        context,
        "Utf8Str::const_from_bytes == from_bytes",
        &Utf8Str::const_from_bytes(bytes),
        &got,
    );
    m.eq(
        context,
        "TryFrom<&[u8]> == from_bytes",
        &<&Utf8Str>::try_from(bytes),
        &got,
    );
    m.eq(
        context,
        "from_bytes error == utf8lit::validate",
        &got.err(),
        &utf8lit::validate(bytes).err(),
    );
    let mut copy = bytes.to_vec();
    m.eq(
        context,
        "Utf8Str::from_bytes_mut",
        &utf8_got(Utf8Str::from_bytes_mut(&mut copy).map(|s| &*s)),
        &want,
    );
    match got {
        Ok(s) => {
            m.check(
                s.as_ptr() == bytes.as_ptr() && s.len() == bytes.len(),
                || format!("{context}: from_bytes moved the text"),
            );
            let text = std::str::from_utf8(bytes).expect("valid");
            m.eq(
                context,
                "Utf8Str::from_str == from_bytes",
                &Utf8Str::from_str(text),
                &s,
            );
        }
        Err(e) => m.check(!e.to_string().is_empty(), || {
            format!("{context}: empty message")
        }),
    }
}

fn check_ascii_str(m: &mut Mismatches, context: &dyn Display, bytes: &[u8]) {
    let want = std_ascii(bytes);
    let got = AsciiStr::from_bytes(bytes);
    m.eq(context, "AsciiStr::from_bytes", &ascii_got(got), &want);
    m.eq(
        context,
        "AsciiStr::const_from_bytes == from_bytes",
        &AsciiStr::const_from_bytes(bytes),
        &got,
    );
    m.eq(
        context,
        "TryFrom<&[u8]> == from_bytes",
        &<&AsciiStr>::try_from(bytes),
        &got,
    );
    let mut copy = bytes.to_vec();
    m.eq(
        context,
        "AsciiStr::from_bytes_mut",
        &ascii_got(AsciiStr::from_bytes_mut(&mut copy).map(|s| &*s)),
        &want,
    );
    if let Ok(text) = std::str::from_utf8(bytes) {
        m.eq(
            context,
            "AsciiStr::from_str == from_bytes",
            &AsciiStr::from_str(text),
            &got,
        );
        let mut owned = text.to_owned();
        m.eq(
            context,
            "AsciiStr::from_str_mut",
            &ascii_got(AsciiStr::from_str_mut(&mut owned).map(|s| &*s)),
            &want,
        );
    }
    match got {
        Ok(s) => {
            m.check(s.as_ptr() == bytes.as_ptr(), || {
                format!("{context}: from_bytes moved the text")
            });
            m.eq(
                context,
                "as_utf8_str",
                &s.as_utf8_str().as_str(),
                &s.as_str(),
            );
        }
        Err(e) => {
            // Either a character or a UTF-8 error, and the UTF-8 error is the
            // input's first one, at the same offset.
            let utf8 = utf8lit::validate(bytes).err();
            if e.char().is_some() {
                m.eq(context, "AsciiError::utf8_error", &e.utf8_error(), &None);
            } else {
                m.eq(context, "AsciiError::utf8_error", &e.utf8_error(), &utf8);
                m.eq(
                    context,
                    "UTF-8 error offset",
                    &utf8.map(|u| u.valid_up_to()),
                    &Some(e.valid_up_to()),
                );
            }
            let want_text = match (e.char(), e.utf8_error()) {
                (Some(ch), None) => format!(
                    "non-ASCII character {ch:?} (U+{:04X}, bytes {}) at byte {}",
                    u32::from(ch),
                    hex(ch.encode_utf8(&mut [0; 4]).as_bytes()),
                    e.valid_up_to()
                ),
                (None, Some(u)) => format!(
                    "non-ASCII byte {:02X} at byte {}; not UTF-8 either: {u}",
                    e.byte(),
                    e.valid_up_to()
                ),
                _ => String::from("a character or a UTF-8 error, not both or neither"),
            };
            m.eq(context, "AsciiError text", &e.to_string(), &want_text);
        }
    }
}

fn check_utf8_cstr(m: &mut Mismatches, context: &dyn Display, bytes: &[u8]) {
    let want = std_cstr(bytes);
    let got = Utf8CStr::from_bytes_with_nul(bytes);
    m.eq(
        context,
        "Utf8CStr::from_bytes_with_nul",
        &cstr_got(got),
        &want,
    );
    m.eq(
        context,
        "const_from_bytes_with_nul == from_bytes_with_nul",
        &Utf8CStr::const_from_bytes_with_nul(bytes),
        &got,
    );
    m.eq(
        context,
        "TryFrom<&[u8]> == from_bytes_with_nul",
        &<&Utf8CStr>::try_from(bytes),
        &got,
    );
    // Independently: accepted exactly when std accepts both the UTF-8 and the C string.
    let std_ok = std::str::from_utf8(bytes).is_ok() && CStr::from_bytes_with_nul(bytes).is_ok();
    m.eq(
        context,
        "accepted iff std accepts UTF-8 and CStr",
        &got.is_ok(),
        &std_ok,
    );
    if let Ok(text) = std::str::from_utf8(bytes) {
        m.eq(
            context,
            "from_str_with_nul == from_bytes_with_nul",
            &Utf8CStr::from_str_with_nul(text),
            &got,
        );
    }
    if let Ok(c_str) = CStr::from_bytes_with_nul(bytes) {
        m.eq(
            context,
            "from_c_str == from_bytes_with_nul",
            &Utf8CStr::from_c_str(c_str),
            &got,
        );
    }
    match got {
        Ok(s) => {
            m.eq(context, "as_bytes_with_nul", &s.as_bytes_with_nul(), &bytes);
            m.eq(
                context,
                "as_c_str",
                &s.as_c_str(),
                &CStr::from_bytes_with_nul(bytes).expect("accepted"),
            );
            m.eq(context, "len", &s.len(), &(bytes.len() - 1));
            m.check(s.as_ptr().cast::<u8>() == bytes.as_ptr(), || {
                format!("{context}: as_ptr moved")
            });
        }
        Err(e) => {
            if let CStrErrorKind::InvalidUtf8(u) = e.kind() {
                m.eq(
                    context,
                    "InvalidUtf8 text is the Utf8Error's",
                    &e.to_string(),
                    &u.to_string(),
                );
                m.eq(
                    context,
                    "InvalidUtf8 is utf8lit::validate's",
                    &Some(u),
                    &utf8lit::validate(bytes).err(),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Agreement with std: the vector file and every short input
// ---------------------------------------------------------------------------

#[test]
fn constructors_agree_with_std_on_the_vectors() {
    let table = Table::load("vectors/utf8_vectors.tsv");
    let mut m = Mismatches::new("utf8_vectors.tsv through the types");
    for row in table.rows() {
        let input = row.hex("input_hex");
        check_all(&mut m, &row, &input);
        // With a terminator, so the C string can succeed.
        let mut with_nul = input.clone();
        with_nul.push(0);
        check_all(&mut m, &format_args!("{row} + 00"), &with_nul);
        // After a prefix that pushes every offset past a 16-byte block.
        let mut shifted = b"aaaaaaaaaaaaaaaaa".to_vec();
        shifted.extend_from_slice(&input);
        check_all(&mut m, &format_args!("17 x 61 + {row}"), &shifted);
    }
    assert!(m.checks() > 1921 * 3 * 10, "too few checks: {}", m.checks());
    m.finish();
}

#[test]
fn constructors_agree_with_std_on_every_input_of_up_to_two_bytes() {
    let mut m = Mismatches::new("every input of 0 to 2 bytes");
    check_all(&mut m, &"empty input", &[]);
    for a in 0..=255u8 {
        check_all(&mut m, &format_args!("{}", hex(&[a])), &[a]);
        for b in 0..=255u8 {
            check_all(&mut m, &format_args!("{}", hex(&[a, b])), &[a, b]);
        }
    }
    m.finish();
}

// ---------------------------------------------------------------------------
// const items
// ---------------------------------------------------------------------------

const GREETING: &Utf8Str = match Utf8Str::const_from_bytes(b"Gr\xC3\xBC\xC3\x9Fe") {
    Ok(s) => s,
    Err(_) => panic!("GREETING is not UTF-8"),
};
const NAME: &Utf8Str = Utf8Str::from_str("utf8lit");
const METHOD: &AsciiStr = match AsciiStr::const_from_bytes(b"GET") {
    Ok(s) => s,
    Err(_) => panic!("METHOD is not ASCII"),
};
const HEADER: &AsciiStr = match AsciiStr::from_str("Content-Type") {
    Ok(s) => s,
    Err(_) => panic!("HEADER is not ASCII"),
};
const PATH: &Utf8CStr = match Utf8CStr::const_from_bytes_with_nul(b"/tmp/caf\xC3\xA9\0") {
    Ok(s) => s,
    Err(_) => panic!("PATH is not a UTF-8 C string"),
};
const TITLE: &Utf8CStr = match Utf8CStr::from_str_with_nul("Titel\0") {
    Ok(s) => s,
    Err(_) => panic!("TITLE is not a UTF-8 C string"),
};
const PATH_C: &CStr = PATH.as_c_str();
const PATH_TEXT: &str = PATH.as_str();
const METHOD_UTF8: &Utf8Str = METHOD.as_utf8_str();

// Checked while compiling: the values, and the errors of bad input.
const _: () = assert!(GREETING.as_str().len() == 7 && GREETING.as_bytes()[2] == 0xC3);
const _: () = assert!(NAME.as_bytes().len() == 7);
const _: () = assert!(METHOD.as_bytes().len() == 3 && HEADER.as_str().len() == 12);
const _: () =
    assert!(PATH.len() == 10 && PATH_TEXT.len() == 10 && PATH.as_bytes_with_nul().len() == 11);
const _: () = assert!(!TITLE.is_empty() && METHOD_UTF8.as_str().len() == 3);
const _: () = assert!(matches!(
    Utf8Str::const_from_bytes(b"\xED\xA0\x80"),
    Err(e) if matches!(e.kind(), ErrorKind::Surrogate) && e.valid_up_to() == 0
));
const _: () = assert!(matches!(
    AsciiStr::const_from_bytes(b"ab\xC3\xA9"),
    Err(e) if e.valid_up_to() == 2 && e.byte() == 0xC3 && matches!(e.char(), Some('é'))
));
const _: () = assert!(matches!(
    AsciiStr::from_str("x\u{2192}"),
    Err(e) if e.valid_up_to() == 1 && e.utf8_error().is_none()
));
const _: () = assert!(matches!(
    Utf8CStr::const_from_bytes_with_nul(b"a\0b\0"),
    Err(e) if matches!(e.kind(), CStrErrorKind::InteriorNul { position: 1 })
));
const _: () = assert!(matches!(
    Utf8CStr::const_from_bytes_with_nul(b"ab"),
    Err(e) if matches!(e.kind(), CStrErrorKind::NotNulTerminated)
));
const _: () = assert!(matches!(
    Utf8CStr::const_from_bytes_with_nul(b"\xC0\x80\0"),
    Err(e) if matches!(e.kind(), CStrErrorKind::InvalidUtf8(u) if u.valid_up_to() == 0)
));

#[test]
fn const_items_hold_what_they_were_built_from() {
    assert_eq!(GREETING, "Grüße");
    assert_eq!(NAME, "utf8lit");
    assert_eq!(METHOD, "GET");
    assert_eq!(HEADER, "Content-Type");
    assert_eq!(PATH, "/tmp/café");
    assert_eq!(PATH_C, c"/tmp/caf\xC3\xA9");
    assert_eq!(PATH_TEXT, "/tmp/café");
    assert_eq!(TITLE.as_bytes_with_nul(), b"Titel\0");
    assert_eq!(METHOD_UTF8, "GET");
}

// ---------------------------------------------------------------------------
// Zero cost
// ---------------------------------------------------------------------------

#[test]
fn references_are_the_size_of_a_str_reference() {
    use std::mem::{align_of, size_of};
    assert_eq!(size_of::<&Utf8Str>(), size_of::<&str>());
    assert_eq!(size_of::<&AsciiStr>(), size_of::<&str>());
    assert_eq!(size_of::<&Utf8CStr>(), size_of::<&str>());
    assert_eq!(align_of::<&Utf8Str>(), align_of::<&str>());
    assert_eq!(size_of::<Option<&Utf8Str>>(), size_of::<&str>());
}

#[test]
fn views_share_the_pointer() {
    let text = "Grüße";
    let utf8 = Utf8Str::from_str(text);
    assert_eq!(utf8.as_str().as_ptr(), text.as_ptr());
    let ascii = AsciiStr::from_str("abc").unwrap();
    assert_eq!(ascii.as_utf8_str().as_ptr(), ascii.as_str().as_ptr());
    let c = Utf8CStr::from_str_with_nul("abc\0").unwrap();
    assert_eq!(c.as_str().as_ptr(), c.as_c_str().as_ptr().cast::<u8>());
    assert_eq!(c.as_utf8_str().as_ptr(), c.as_ptr().cast::<u8>());
}

// ---------------------------------------------------------------------------
// Traits behave as str's
// ---------------------------------------------------------------------------

/// Strings whose `Debug`, `Display` and order are worth comparing.
const SAMPLE: &[&str] = &[
    "",
    "plain",
    "Plain",
    "plain text",
    "quote \" backslash \\ apostrophe '",
    "tab\tnewline\ncarriage\r",
    "del\u{7F} bell\u{7}",
    "é",
    "e\u{301}",
    "\u{301} leading combining mark",
    "zero\u{200B}width",
    "\u{FEFF}bom",
    "\u{FFFE}\u{FFFF}",
    "\u{A0}nbsp",
    "\u{AD}soft hyphen",
    "世界",
    "😀",
    "\u{10FFFF}",
    "\u{E000}",
    "\u{D7FF}",
    "a",
    "ab",
    "b",
    "~",
    "\u{80}",
];

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

fn c_string_of(s: &str) -> Option<CString> {
    CString::new(s).ok()
}

#[test]
fn hash_is_strs() {
    for s in SAMPLE {
        assert_eq!(hash_of(Utf8Str::from_str(s)), hash_of(*s), "{s:?}");
        if let Ok(a) = AsciiStr::from_str(s) {
            assert_eq!(hash_of(a), hash_of(*s), "{s:?}");
        }
        if let Some(c) = c_string_of(s) {
            let u = Utf8CStr::from_c_str(&c).unwrap();
            assert_eq!(hash_of(u), hash_of(*s), "{s:?}");
        }
    }
}

#[test]
fn hash_map_of_string_keys_finds_utf8_str_through_borrow_str() {
    let mut map: HashMap<String, usize> = HashMap::new();
    for (i, s) in SAMPLE.iter().enumerate() {
        map.insert((*s).to_owned(), i);
    }
    for (i, s) in SAMPLE.iter().enumerate() {
        let key: &Utf8Str = Utf8Str::from_bytes(s.as_bytes()).unwrap();
        assert_eq!(map.get::<str>(key.borrow()), Some(&i), "{s:?}");
        if let Ok(ascii) = AsciiStr::from_str(s) {
            assert_eq!(map.get::<str>(ascii.borrow()), Some(&i), "{s:?}");
        }
    }
    assert_eq!(map.get::<str>(Utf8Str::from_str("absent").borrow()), None);
}

#[test]
fn sets_of_the_types_hold_equal_values_once() {
    let set: HashSet<&Utf8Str> = SAMPLE.iter().map(|s| Utf8Str::from_str(s)).collect();
    assert_eq!(set.len(), SAMPLE.len());
    assert!(set.contains(Utf8Str::from_bytes(b"\xC3\xA9").unwrap()));
    let c_set: HashSet<&Utf8CStr> = [c"x", c"y", c"x"]
        .into_iter()
        .map(|c| Utf8CStr::from_c_str(c).unwrap())
        .collect();
    assert_eq!(c_set.len(), 2);
}

#[test]
fn ordering_is_strs() {
    let mut as_str: Vec<&str> = SAMPLE.to_vec();
    as_str.sort_unstable();
    let mut as_utf8: Vec<&Utf8Str> = SAMPLE.iter().map(|s| Utf8Str::from_str(s)).collect();
    as_utf8.sort_unstable();
    assert_eq!(
        as_utf8.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
        as_str
    );
    let tree: BTreeSet<&Utf8Str> = as_utf8.iter().copied().collect();
    assert_eq!(tree.iter().map(|s| s.as_str()).collect::<Vec<_>>(), as_str);

    for a in SAMPLE {
        for b in SAMPLE {
            let want: Ordering = a.cmp(b);
            let (ua, ub) = (Utf8Str::from_str(a), Utf8Str::from_str(b));
            assert_eq!(ua.cmp(ub), want, "{a:?} vs {b:?}");
            assert_eq!(ua.partial_cmp(*b), Some(want), "{a:?} vs str {b:?}");
            assert_eq!((**a).partial_cmp(ub), Some(want), "str {a:?} vs {b:?}");
            assert_eq!(ua == ub, a == b);
            if let (Ok(aa), Ok(ab)) = (AsciiStr::from_str(a), AsciiStr::from_str(b)) {
                assert_eq!(aa.cmp(ab), want, "{a:?} vs {b:?}");
                assert_eq!(aa.partial_cmp(*b), Some(want));
            }
            if let (Some(ca), Some(cb)) = (c_string_of(a), c_string_of(b)) {
                let (ca, cb) = (
                    Utf8CStr::from_c_str(&ca).unwrap(),
                    Utf8CStr::from_c_str(&cb).unwrap(),
                );
                assert_eq!(ca.cmp(cb), want, "{a:?} vs {b:?}");
                assert_eq!(ca == cb, a == b);
            }
        }
    }
}

#[test]
fn debug_and_display_are_strs() {
    for s in SAMPLE {
        let u = Utf8Str::from_str(s);
        assert_eq!(format!("{u:?}"), format!("{s:?}"));
        assert_eq!(format!("{u:#?}"), format!("{s:#?}"));
        assert_eq!(format!("{u}"), *s);
        assert_eq!(
            format!("[{u:>12}|{u:-^9}|{u:.3}|{u:<4.2}]"),
            format!("[{s:>12}|{s:-^9}|{s:.3}|{s:<4.2}]")
        );
        if let Ok(a) = AsciiStr::from_str(s) {
            assert_eq!(format!("{a:?}"), format!("{s:?}"));
            assert_eq!(format!("[{a:>12}|{a:.3}]"), format!("[{s:>12}|{s:.3}]"));
        }
        if let Some(c) = c_string_of(s) {
            let c = Utf8CStr::from_c_str(&c).unwrap();
            assert_eq!(format!("{c:?}"), format!("{s:?}"));
            assert_eq!(
                format!("[{c}|{c:>12}|{c:.3}]"),
                format!("[{s}|{s:>12}|{s:.3}]")
            );
        }
    }
    // The NUL of a C string is not part of its text.
    assert_eq!(
        format!("{:?}", Utf8CStr::from_str_with_nul("x\0").unwrap()),
        "\"x\""
    );
}

#[test]
fn equality_with_the_std_string_types_both_ways() {
    let u = Utf8Str::from_str("text");
    let a = AsciiStr::from_str("text").unwrap();
    let c = Utf8CStr::from_str_with_nul("text\0").unwrap();
    let string = String::from("text");
    let cow: Cow<'_, str> = Cow::Borrowed("text");
    let owned_cow: Cow<'_, str> = Cow::Owned(String::from("text"));

    // Utf8Str: each pair in both orders.
    assert_eq!(*u, *"text");
    assert_eq!(*"text", *u);
    assert_eq!(*u, "text");
    assert_eq!("text", *u);
    assert_eq!(u, "text");
    assert_eq!("text", u);
    assert_eq!(*u, string);
    assert_eq!(string, *u);
    assert_eq!(*u, cow);
    assert_eq!(cow, *u);
    assert_eq!(*u, owned_cow);
    assert_eq!(owned_cow, *u);
    assert_ne!(*u, *"other");
    assert_ne!("other", *u);

    // AsciiStr, including against Utf8Str.
    assert_eq!(*a, *"text");
    assert_eq!(*"text", *a);
    assert_eq!(*a, "text");
    assert_eq!("text", *a);
    assert_eq!(*a, string);
    assert_eq!(string, *a);
    assert_eq!(*a, cow);
    assert_eq!(cow, *a);
    assert_eq!(*a, *u);
    assert_eq!(*u, *a);
    assert_ne!(*a, *Utf8Str::from_str("texts"));

    // Utf8CStr compares its text, without the NUL.
    assert_eq!(*c, *"text");
    assert_eq!(*"text", *c);
    assert_eq!(*c, "text");
    assert_eq!("text", *c);
    assert_eq!(c.as_utf8_str(), u);
}

#[test]
fn conversions_into_std_types() {
    let u = Utf8Str::from_str("owned é");
    assert_eq!(String::from(u), "owned é");
    assert_eq!(&*Box::<str>::from(u), "owned é");
    assert_eq!(&*Rc::<str>::from(u), "owned é");
    assert_eq!(&*Arc::<str>::from(u), "owned é");
    assert!(matches!(Cow::<str>::from(u), Cow::Borrowed("owned é")));
    let as_str: &str = u.into();
    assert_eq!(as_str.as_ptr(), u.as_ptr());
    let back: &Utf8Str = as_str.into();
    assert_eq!(back, u);
    assert_eq!(
        <&Utf8Str>::try_from(&b"\xFF"[..]).unwrap_err().kind(),
        ErrorKind::InvalidByte
    );
    let path: &Path = u.as_ref();
    assert_eq!(path, Path::new("owned é"));
    assert_eq!(AsRef::<[u8]>::as_ref(u), "owned é".as_bytes());

    let a = AsciiStr::from_str("ascii").unwrap();
    assert_eq!(String::from(a), "ascii");
    assert_eq!(&*Box::<str>::from(a), "ascii");
    assert_eq!(&*Rc::<str>::from(a), "ascii");
    assert_eq!(&*Arc::<str>::from(a), "ascii");
    assert!(matches!(Cow::<str>::from(a), Cow::Borrowed("ascii")));
    let utf8: &Utf8Str = a.into();
    assert_eq!(utf8, "ascii");
    assert_eq!(<&AsciiStr>::try_from("ascii").unwrap(), a);
    assert_eq!(
        <&AsciiStr>::try_from(Utf8Str::from_str("ascii")).unwrap(),
        a
    );
    assert_eq!(<&AsciiStr>::try_from("é").unwrap_err().char(), Some('é'));
    assert_eq!(Path::new(a), Path::new("ascii"));

    let c = Utf8CStr::from_str_with_nul("c text\0").unwrap();
    assert_eq!(CString::from(c).as_bytes_with_nul(), b"c text\0");
    assert_eq!(String::from(c), "c text");
    let c_str: &CStr = c.into();
    assert_eq!(c_str, c"c text");
    let as_ref: &CStr = c.as_ref();
    assert_eq!(as_ref, c"c text");
    let text: &str = c.into();
    assert_eq!(text, "c text");
    assert_eq!(<&Utf8CStr>::try_from(c"c text").unwrap(), c);
    assert_eq!(<&Utf8CStr>::try_from("c text\0").unwrap(), c);
    assert_eq!(
        <&Utf8CStr>::try_from(&b"c text"[..]).unwrap_err().kind(),
        CStrErrorKind::NotNulTerminated
    );
}

/// `a == b` as `str`s, outside any generic context (whose bounds would steer
/// inference toward the type under test).
#[track_caller]
fn same(a: &str, b: &str) {
    assert_eq!(a, b);
}

fn str_cmp(a: &str, b: &str) -> Option<Ordering> {
    a.partial_cmp(b)
}

/// The trait family every borrowed type shares, checked on one value of each
/// type whose text is `text`: the same answers as `text` itself gives.
fn check_text_family<T>(value: &T, text: &str)
where
    T: ?Sized
        + std::ops::Deref<Target = str>
        + AsRef<str>
        + AsRef<T>
        + AsRef<std::ffi::OsStr>
        + AsRef<Path>
        + Borrow<str>
        + Display
        + std::fmt::Debug
        + PartialEq<str>
        + for<'a> PartialEq<&'a str>
        + PartialEq<String>
        + for<'a> PartialEq<Cow<'a, str>>
        + PartialOrd<str>,
    for<'a> &'a T: Into<&'a str> + Into<String> + Into<Box<str>> + Into<Rc<str>> + Into<Arc<str>>,
    for<'a> &'a T: Into<Cow<'a, str>>,
    str: PartialEq<T> + PartialOrd<T>,
    String: PartialEq<T>,
{
    same(value, text);
    same(AsRef::<str>::as_ref(value), text);
    assert!(std::ptr::eq(AsRef::<T>::as_ref(value), value));
    assert_eq!(AsRef::<std::ffi::OsStr>::as_ref(value), text);
    assert_eq!(AsRef::<Path>::as_ref(value), Path::new(text));
    same(Borrow::<str>::borrow(value), text);
    same(
        &format!("{value}|{value:>12}|{value:?}"),
        &format!("{text}|{text:>12}|{text:?}"),
    );
    // Equality both ways, spelled as trait calls: each direction is its own impl.
    let string = String::from(text);
    assert!(PartialEq::<str>::eq(value, text) && PartialEq::<T>::eq(text, value));
    assert!(PartialEq::<&str>::eq(value, &text));
    assert!(PartialEq::<String>::eq(value, &string) && PartialEq::<T>::eq(&string, value));
    assert!(PartialEq::<Cow<'_, str>>::eq(value, &Cow::Borrowed(text)));
    assert!(!PartialEq::<str>::eq(value, "something else"));
    assert!(!PartialEq::<T>::eq("something else", value));
    assert_eq!(
        PartialOrd::<str>::partial_cmp(value, "a"),
        str_cmp(text, "a")
    );
    assert_eq!(PartialOrd::<T>::partial_cmp("a", value), str_cmp("a", text));
    let borrowed: &str = value.into();
    assert_eq!(borrowed.as_ptr(), text.as_ptr(), "into &str must not copy");
    same(&Into::<String>::into(value), text);
    same(&Into::<Box<str>>::into(value), text);
    same(&Into::<Rc<str>>::into(value), text);
    same(&Into::<Arc<str>>::into(value), text);
    assert!(
        matches!(Into::<Cow<'_, str>>::into(value), Cow::Borrowed(b) if b.as_ptr() == text.as_ptr())
    );
}

#[test]
fn every_type_has_the_str_trait_family() {
    let u = Utf8Str::from_str("Grüße");
    check_text_family(u, u.as_str());
    let a = AsciiStr::from_str("plain").unwrap();
    check_text_family(a, a.as_str());
    // Utf8CStr: the text without its NUL, everywhere.
    let c = Utf8CStr::from_str_with_nul("C text é\0").unwrap();
    check_text_family(c, c.as_str());
    assert_eq!(c.as_str(), "C text é");
}

#[test]
fn defaults_are_empty() {
    assert_eq!(<&Utf8Str>::default(), "");
    assert_eq!(<&mut Utf8Str>::default(), "");
    assert_eq!(<&AsciiStr>::default(), "");
    assert_eq!(<&mut AsciiStr>::default(), "");
    let c = <&Utf8CStr>::default();
    assert!(c.is_empty());
    assert_eq!(c.as_bytes_with_nul(), b"\0");
    assert_eq!(c.as_c_str(), c"");
}

#[test]
fn mutation_through_the_types_keeps_them_valid() {
    let mut buffer = *b"Mixed Case";
    let u = Utf8Str::from_bytes_mut(&mut buffer).unwrap();
    u.make_ascii_lowercase(); // through DerefMut
    assert_eq!(u, "mixed case");
    let a = AsciiStr::from_bytes_mut(&mut buffer).unwrap();
    a.make_ascii_uppercase();
    assert_eq!(a, "MIXED CASE");
    assert_eq!(&buffer, b"MIXED CASE");
}

// ---------------------------------------------------------------------------
// Error texts, one per kind
// ---------------------------------------------------------------------------

fn ascii_message(bytes: &[u8]) -> String {
    AsciiStr::from_bytes(bytes).unwrap_err().to_string()
}

fn cstr_message(bytes: &[u8]) -> String {
    Utf8CStr::from_bytes_with_nul(bytes)
        .unwrap_err()
        .to_string()
}

#[test]
fn ascii_error_names_the_utf8_character() {
    assert_eq!(
        ascii_message("café".as_bytes()),
        "non-ASCII character 'é' (U+00E9, bytes C3 A9) at byte 3"
    );
    assert_eq!(
        ascii_message("ok 😀".as_bytes()),
        "non-ASCII character '😀' (U+1F600, bytes F0 9F 98 80) at byte 3"
    );
}

#[test]
fn ascii_error_escapes_invisible_characters() {
    assert_eq!(
        ascii_message("a\u{A0}b".as_bytes()),
        r"non-ASCII character '\u{a0}' (U+00A0, bytes C2 A0) at byte 1"
    );
    assert_eq!(
        ascii_message("x\u{301}".as_bytes()),
        r"non-ASCII character '\u{301}' (U+0301, bytes CC 81) at byte 1"
    );
}

#[test]
fn ascii_error_on_bytes_that_are_not_utf8_either() {
    assert_eq!(
        ascii_message(b"caf\xE9 au lait"),
        "non-ASCII byte E9 at byte 3; not UTF-8 either: invalid UTF-8 at byte 3 \
         (missing continuation byte): E9 starts a 3-byte sequence but is followed by 20, \
         which cannot continue it; if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9"
    );
    assert_eq!(
        ascii_message(b"\xC0\x80"),
        "non-ASCII byte C0 at byte 0; not UTF-8 either: invalid UTF-8 at byte 0 \
         (overlong encoding): C0 80 is U+0000 in 2 bytes; UTF-8 writes it 00; this is how Java's \
         modified UTF-8 (JNI, class files, DataOutput.writeUTF) writes U+0000"
    );
}

#[test]
fn cstr_error_interior_nul() {
    assert_eq!(
        cstr_message(b"path\0name\0"),
        "interior NUL at byte 4: a C string ends at its first NUL"
    );
}

#[test]
fn cstr_error_missing_terminator() {
    assert_eq!(
        cstr_message(b"hello"),
        "missing NUL terminator: the last byte is 6F, not 00"
    );
    assert_eq!(
        cstr_message(b""),
        "missing NUL terminator: the input is empty"
    );
}

#[test]
fn cstr_error_invalid_utf8_is_the_utf8_errors_text() {
    assert_eq!(
        cstr_message(b"\xED\xA0\x80\0"),
        "invalid UTF-8 at byte 0 (surrogate code point): ED A0 80 is U+D800, \
         a UTF-16 surrogate, which is not a character"
    );
    // Cut short by the terminator: the NUL cannot continue E2 82.
    assert_eq!(
        cstr_message(b"ab\xE2\x82\0"),
        "invalid UTF-8 at byte 2 (missing continuation byte): E2 82 starts a 3-byte sequence \
         but is followed by 00, which cannot continue it"
    );
}

#[test]
fn errors_are_std_errors() {
    let ascii: Box<dyn std::error::Error> = Box::new(AsciiStr::from_str("é").unwrap_err());
    assert!(ascii.to_string().starts_with("non-ASCII character"));
    let c: Box<dyn std::error::Error> = Box::new(Utf8CStr::from_str_with_nul("x").unwrap_err());
    assert!(c.to_string().starts_with("missing NUL terminator"));
}
