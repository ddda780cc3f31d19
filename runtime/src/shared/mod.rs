//! The shared core: what the runtime and the proc macros must agree on, as
//! one directory that both crates compile.
//!
//! | file | what |
//! |---|---|
//! | `decode.rs` | the grammar: the strict RFC 3629 decoder, `const fn`s, the single source of truth |
//! | `error.rs` | [`Utf8Error`](error::Utf8Error), its data (`ErrorKind`, `Meaning`, `LooksLike`, `CodePoints`) and its `Display` |
//! | `ascii.rs` | the ASCII rule and `AsciiError` |
//! | `cstr.rs` | the rules of a UTF-8 C string and `CStrError` |
//! | `words.rs` | the words of every message above, with bytes as `C3 A9` (run time) or `` `\xC3\xA9` `` (compile time) |
//! | `problems.rs` | every problem of an input, one error each: `Problems` |
//! | `bom.rs` | byte-order marks: `Bom`, `strip_utf8_bom` |
//!
//! The runtime owns these files (`runtime/src/shared/`); the macro crate's
//! `src/shared` is a symlink to this directory, so `cargo package` copies
//! the files into both packages and there is still one copy in the
//! repository. The rule that makes that work: nothing here names `crate::`
//! or anything outside `core`; the files reach each other through `super::`.
//! What the runtime makes public, it re-exports from its `lib.rs`.

pub mod ascii;
pub mod bom;
pub mod cstr;
pub mod decode;
pub mod error;
pub mod problems;
pub(crate) mod words;
