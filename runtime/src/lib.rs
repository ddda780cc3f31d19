//! The run-time code of [utf8lit](https://docs.rs/utf8lit): the strict
//! RFC 3629 decoder, the explaining errors, the validated string types and
//! the SIMD kernels, without the literal macros.
//!
//! Depend on `utf8lit` instead: it re-exports all of this crate, adds
//! `utf8!`, `ascii!`, `utf8_cstr!` and `include_utf8!`, and is where the
//! documentation is. This crate exists so that cargo can build the run time
//! and the proc-macro crate at the same time (a crate that re-exports proc
//! macros cannot start before they are built), as `serde_core` does for
//! `serde`.
//!
//! Its features are the facade's, less `macros`: `std` (default), `alloc`,
//! `bytes` and `serde`.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod ascii_str;
mod fast;
#[cfg(feature = "std")]
pub mod fs;
#[cfg(feature = "std")]
pub mod io;
mod private;
#[cfg(feature = "serde")]
mod serde_impls;
mod shared;
mod streaming;
mod text_impls;
#[cfg(feature = "bytes")]
mod utf8_bytes;
mod utf8_cstr;
mod utf8_str;
#[cfg(feature = "alloc")]
mod utf8_string;
mod validate;

pub use crate::ascii_str::AsciiStr;
pub use crate::shared::ascii::AsciiError;
pub use crate::shared::bom::{strip_utf8_bom, Bom};
pub use crate::shared::cstr::{CStrError, CStrErrorKind};
pub use crate::shared::decode;
pub use crate::shared::error::{ErrorKind, Utf8Error};
pub use crate::shared::interpret::{CodePoints, LooksLike, Meaning};
pub use crate::shared::problems::Problems;
pub use crate::shared::words::Describe;
pub use crate::streaming::Utf8Validator;
#[cfg(feature = "bytes")]
pub use crate::utf8_bytes::{SliceError, Utf8Bytes};
pub use crate::utf8_cstr::Utf8CStr;
pub use crate::utf8_str::Utf8Str;
#[cfg(feature = "alloc")]
pub use crate::utf8_string::{FromBytesError, Utf8String};
pub use crate::validate::{problems, validate};

// What the facade's `__private` re-exports for the macro expansions, the
// tests and the benchmarks; not public API.
#[doc(hidden)]
pub use crate::private::__private;
