//! Strict RFC 3629 UTF-8: checked at compile time where the bytes are known,
//! checked fast where they are not, with errors that say what went wrong.
//!
//! ```toml
//! [dependencies]
//! utf8lit = "0.1"
//! ```
//!
//! # Example
//!
//! ```
//! use utf8lit::ErrorKind;
//!
//! assert!(utf8lit::validate("Grüße, 世界 😀".as_bytes()).is_ok());
//!
//! // Latin-1 text that claims to be UTF-8:
//! let err = utf8lit::validate(b"caf\xE9 au lait").unwrap_err();
//! assert_eq!(err.valid_up_to(), 3);
//! assert_eq!(err.error_len(), Some(1));
//! assert_eq!(err.kind(), ErrorKind::MissingContinuation);
//! assert_eq!(
//!     err.to_string(),
//!     "invalid UTF-8 at byte 3 (missing continuation byte): E9 starts a 3-byte sequence \
//!      but is followed by 20, which cannot continue it; \
//!      if this is ISO-8859-1 'é' (U+00E9), UTF-8 writes it C3 A9",
//! );
//!
//! // The decoder is `const`: a bad table is a compile error, not a bug report.
//! const TABLE: &[u8] = b"\xCE\xB1\xCE\xB2\xCE\xB3";
//! const _: () = assert!(utf8lit::decode::validate(TABLE).is_ok());
//! ```
//!
//! # What counts as UTF-8
//!
//! Exactly RFC 3629: one to four bytes per scalar value, nothing above
//! U+10FFFF, no overlong forms, no surrogates. `core::str::from_utf8` agrees
//! on every input (and `valid_up_to`/`error_len` are the same numbers), so
//! [`Utf8Error`] can stand in for `core::str::Utf8Error`. What it adds is the
//! *why* ([`ErrorKind`]) and the *what* ([`Utf8Error::meaning`],
//! [`Utf8Error::looks_like`]): the overlong form of U+0000, the CESU-8 pair
//! for U+233B4, RFC 2279's 5-byte form, the ISO-8859-1 'é' in a file labelled
//! UTF-8.
//!
//! # One decoder
//!
//! [`decode`] holds the reference decoder as `const fn`s. It decides every
//! verdict: [`validate`] (and with it `Utf8Str::from_bytes`,
//! [`Utf8Validator::update`] and `Utf8String::push_bytes`) proves valid input
//! valid with SIMD (AVX-512, AVX2 or SSE4.2, picked at run time) or a
//! portable table-driven loop, but any error it reports comes from the
//! reference decoder.
//!
//! # Cargo features
//!
//! - `macros` (default): [`utf8!`], [`ascii!`], [`utf8_cstr!`] and
//!   [`include_utf8!`], which check literals and files while compiling.
//! - `std` (default): implies `alloc`; adds `AsRef<OsStr>`/`AsRef<Path>`, and
//!   [`io`] and [`fs`]: readers and files read into a `Utf8String`, checked
//!   while they are read, with errors that give the line and column.
//! - `bytes`: `Utf8Bytes`, validated text in a shared `bytes::Bytes` buffer,
//!   cloned and sliced without a copy.
//! - `alloc`: `Utf8String`, `FromBytesError`, and conversions into
//!   `String`, `Box<str>`, `Cow<str>`, `Rc<str>` and `Arc<str>`.
//! - `serde`: `Serialize` for [`Utf8Str`], [`AsciiStr`], [`Utf8CStr`] and
//!   `Utf8String` (as a string), and `Deserialize` for `&Utf8Str`,
//!   `&AsciiStr` and `&Utf8CStr` (borrowed from the input, no copy) and, with
//!   `alloc`, `Utf8String` (and, with `bytes`, `Utf8Bytes`). Bytes are checked strictly, and a failure reports
//!   this crate's error message.
//!
//! With default features off the crate is `#![no_std]` and needs neither
//! `std` nor `alloc`.
//!
//! The minimum supported Rust version is 1.89.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

// Everything but the macros is utf8lit-core's, which builds beside the
// macro crate rather than after it (see ARCHITECTURE.md).
pub use utf8lit_core::*;

mod macros;

// What the macro expansions name; not public API. It shadows the core's
// `__private` of the glob above, and adds the proc macros to it.
#[doc(hidden)]
pub use crate::macros::__private;

// The README's examples run as doctests (they use every feature; the
// workspace test run turns `serde` and `bytes` on through `utf8lit-tests`).
#[cfg(all(doctest, feature = "std", feature = "serde", feature = "bytes"))]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
