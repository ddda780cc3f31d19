//! The literal macros (feature `macros`, on by default): thin `macro_rules!`
//! wrappers that hand the user's tokens, and this crate's path, to the
//! proc macros of `utf8lit-macros`.
//!
//! The proc macros check the bytes with the decoder of [`decode`](crate::decode)
//! and word errors as the run-time errors are worded (the same source files,
//! `runtime/src/shared/`, compiled into the macro crate), and expand to an
//! ordinary string literal: no `unsafe`, and no UTF-8 check left for const
//! evaluation, so the expansions compile under `#![forbid(unsafe_code)]` and
//! cost nothing at run time.

/// A `&'static Utf8Str` from string and byte-string literals, checked while
/// compiling.
///
/// Takes string (`"…"`), raw string (`r"…"`), byte string (`b"…"`) and raw
/// byte string literals, one or several separated by commas, and joins
/// their bytes, which must be RFC 3629 UTF-8 as a whole: a sequence may
/// start in one literal and end in the next. Works in `const` and `static`
/// items, in expression position, and in `#![no_std]` and
/// `#![forbid(unsafe_code)]` crates.
///
/// # Examples
///
/// ```
/// use utf8lit::{utf8, Utf8Str};
///
/// const GREETING: &Utf8Str = utf8!("Gr", b"\xC3\xBC\xC3\x9F", "e");
/// assert_eq!(GREETING, "Grüße");
///
/// static PROMPT: &Utf8Str = utf8!(b"\xE2\x9D\xAF ");
/// assert_eq!(PROMPT.as_str(), "❯ ");
/// ```
///
/// `&Utf8Str` cannot be a `match` pattern, but its `as_str()` is a `const`
/// `&'static str`, which can, through a named constant:
///
/// ```
/// use utf8lit::utf8;
///
/// const YES: &str = utf8!(b"s\xC3\xAD").as_str();
/// fn agrees(answer: &str) -> bool {
///     matches!(answer, YES | "yes")
/// }
/// assert!(agrees("sí"));
/// ```
///
/// Bytes that are not UTF-8 are a compile error that says where, what and
/// how to fix it, in the words of [`Utf8Error`](crate::Utf8Error)'s
/// `Display`. Every problem of the literals is an error of its own (ten at
/// most, then a note with how many more), so one build shows them all:
///
/// ```compile_fail
/// // error: invalid UTF-8 at byte 0 (overlong encoding): `\xC0\xAF` is U+002F '/'
/// //        in 2 bytes; UTF-8 writes it `\x2F` (an overlong '.', '/' or '\' is how ...
/// const PATH: &utf8lit::Utf8Str = utf8lit::utf8!(b"\xC0\xAF");
/// ```
///
/// ```compile_fail
/// // error: expected a string literal, found `NAME`: utf8! checks literals while
/// //        compiling and cannot see the value of a variable or constant; ...
/// const NAME: &str = "x";
/// let s = utf8lit::utf8!(NAME);
/// ```
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
#[macro_export]
macro_rules! utf8 {
    () => {
        ::core::compile_error!("utf8! needs a string literal: utf8!(\"text\", b\"\\xC3\\xA9\")")
    };
    ($($literals:tt)*) => {
        $crate::__private::utf8_impl!(($crate) $($literals)*)
    };
}

/// A `&'static AsciiStr` from string and byte-string literals, checked while
/// compiling.
///
/// The same literals as [`utf8!`], whose joined bytes must all be 00–7F.
///
/// # Examples
///
/// ```
/// use utf8lit::{ascii, AsciiStr};
///
/// const METHOD: &AsciiStr = ascii!("GET");
/// assert_eq!(METHOD.as_utf8_str(), "GET");
/// ```
///
/// ```compile_fail
/// // error: non-ASCII character 'é' (U+00E9) at byte 3: ascii! takes bytes 00-7F only
/// let s = utf8lit::ascii!("café");
/// ```
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
#[macro_export]
macro_rules! ascii {
    () => {
        ::core::compile_error!("ascii! needs a string literal: ascii!(\"text\")")
    };
    ($($literals:tt)*) => {
        $crate::__private::ascii_impl!(($crate) $($literals)*)
    };
}

/// A `&'static Utf8CStr` from literals, checked while compiling: UTF-8,
/// with no NUL inside; the terminator is added.
///
/// Takes C string literals (`c"…"`, whose NUL rustc adds and this macro
/// counts as the terminator), string and byte-string literals, joined as
/// [`utf8!`] joins them.
///
/// # Examples
///
/// ```
/// use utf8lit::{utf8_cstr, Utf8CStr};
///
/// const NAME: &Utf8CStr = utf8_cstr!(c"caf\xC3\xA9");
/// assert_eq!(NAME.as_str(), "café");
/// assert_eq!(NAME.as_c_str(), c"café");
/// assert_eq!(utf8_cstr!("id-", "7").as_bytes_with_nul(), b"id-7\0");
/// ```
///
/// ```compile_fail
/// // error: interior NUL at byte 1: a C string ends at its first NUL, and utf8_cstr!
/// //        adds the terminator itself
/// let s = utf8lit::utf8_cstr!("a\0b");
/// ```
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
#[macro_export]
macro_rules! utf8_cstr {
    () => {
        ::core::compile_error!("utf8_cstr! needs a C string or string literal: utf8_cstr!(c\"text\")")
    };
    ($($literals:tt)*) => {
        $crate::__private::utf8_cstr_impl!(($crate) $($literals)*)
    };
}

/// A `&'static Utf8Str` with the contents of a file, checked while
/// compiling.
///
/// The path is resolved as `include_str!` resolves it: relative to the file
/// that contains the call. The file is checked natively when the macro
/// expands (no const evaluation, so a file of many megabytes is no
/// problem), and then embedded with `include_str!`, which also makes the
/// build depend on it: editing the file rebuilds the crate.
///
/// The path is a string literal, or built the way `include_str!` paths are:
/// `concat!` of literals and `env!("VAR")`, so a build script's output can
/// be embedded with `include_utf8!(concat!(env!("OUT_DIR"), "/gen.txt"))`.
/// The expansion hands those tokens to `include_str!`, so rustc tracks the
/// variable: changing it rebuilds the crate. A variable that is not set is
/// reported by `env!` itself.
///
/// Every problem of the file is a compile error of its own (ten at most,
/// then a note with how many more), as `file:line:column: message`, the
/// first with a hint when the file looks like ISO-8859-1, Windows-1252,
/// UTF-16, UTF-32 or Java's modified UTF-8.
///
/// In an editor, whose macro server cannot say which source file a relative
/// path is relative to (rust-analyzer's), the macro does what `include_str!`
/// does there and leaves the path to the editor: no false error, and `cargo
/// build` still checks the file.
///
/// A leading UTF-8 byte-order mark (`EF BB BF`) is kept, as `include_str!`
/// keeps it: the text starts with U+FEFF. RFC 3629 §6 leaves stripping it to
/// the protocol; call [`Utf8Str::strip_bom`](crate::Utf8Str::strip_bom) if
/// yours says it is a signature.
///
/// # Examples
///
/// (Not run as a doctest: a doctest has no source file for the path to be
/// relative to. The `ui-tests` crate compiles this case.)
///
/// ```ignore
/// use utf8lit::{include_utf8, Utf8Str};
///
/// static LICENSE: &Utf8Str = include_utf8!("../LICENSE-MIT");
/// ```
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
#[macro_export]
macro_rules! include_utf8 {
    () => {
        ::core::compile_error!("include_utf8! needs a path, written as a string literal: include_utf8!(\"path/to/file.txt\")")
    };
    ($($path:tt)*) => {
        $crate::__private::include_utf8_impl!(($crate) $($path)*)
    };
}

/// What the macro expansions name, and the kernels by name for the tests,
/// benchmarks and fuzz targets. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use utf8lit_core::__private::*;
    #[cfg(feature = "macros")]
    pub use utf8lit_macros::{ascii_impl, include_utf8_impl, utf8_cstr_impl, utf8_impl};
}
