//! The shared core: what the runtime and the proc macros must agree on, as
//! one directory that both crates compile.
//!
//! The files are layers, listed here from the bottom up. Each uses only the
//! files listed above it, never one below, so each can be read knowing only
//! what comes before it (`layers_run_one_way`, below, holds every file to
//! this):
//!
//! | file | what |
//! |---|---|
//! | `error.rs` | the error record: [`ErrorKind`](error::ErrorKind), [`Utf8Error`](error::Utf8Error)'s position, kind and packed window; `core` only |
//! | `decode.rs` | the grammar: the strict RFC 3629 decoder, `const fn`s, the single source of truth; RFC 2279's reading, to explain |
//! | `bom.rs` | byte-order marks: `Bom`, `strip_utf8_bom` |
//! | `ascii.rs` | the ASCII rule and `AsciiError` |
//! | `cstr.rs` | the rules of a UTF-8 C string and `CStrError` |
//! | `problems.rs` | every problem of an input, one error each: `Problems` |
//! | `interpret.rs` | what an error's bytes were: `bytes`, `meaning`, `looks_like`; `CodePoints`, `Meaning`, `LooksLike` |
//! | `words.rs` | every message, and every `Display` and `Debug` above, with bytes as `C3 A9` (run time) or `` `\xC3\xA9` `` (compile time) |
//!
//! The runtime owns these files (`runtime/src/shared/`); the macro crate's
//! `src/shared` is a symlink to this directory, so `cargo package` copies
//! the files into both packages and there is still one copy in the
//! repository. The rule that makes that work: nothing here names `crate::`
//! or anything outside `core`; the files reach each other through `super::`.
//! What the runtime makes public, it re-exports from its `lib.rs`.

// The layers, bottom first. Blank lines keep rustfmt from sorting them.
pub mod error;

pub mod decode;

pub mod bom;

pub mod ascii;

pub mod cstr;

pub mod problems;

pub mod interpret;

pub(crate) mod words;

/// Every `super::<file>` a file of this directory names is a file listed
/// above it in this module: the layers run one way. Comments are skipped
/// (doc links may point anywhere); test modules are held to the rule too.
#[cfg(test)]
mod layers_run_one_way {
    /// The files, bottom layer first: the order of the `mod` lines above.
    const LAYERS: [(&str, &str); 8] = [
        ("error", include_str!("error.rs")),
        ("decode", include_str!("decode.rs")),
        ("bom", include_str!("bom.rs")),
        ("ascii", include_str!("ascii.rs")),
        ("cstr", include_str!("cstr.rs")),
        ("problems", include_str!("problems.rs")),
        ("interpret", include_str!("interpret.rs")),
        ("words", include_str!("words.rs")),
    ];

    /// The files `source` names as `super::<file>` (or `super::super::<file>`
    /// from a test module), outside comments.
    fn named_files(source: &str) -> impl Iterator<Item = &str> + '_ {
        source
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .flat_map(|code| code.split("super::").skip(1))
            .map(|after| {
                let end = after
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(after.len());
                &after[..end]
            })
            .filter(|name| !name.is_empty() && *name != "super")
    }

    #[test]
    fn the_list_is_the_mod_lines() {
        let mods = include_str!("mod.rs")
            .lines()
            .filter_map(|line| {
                line.strip_prefix("pub mod ")
                    .or(line.strip_prefix("pub(crate) mod "))
            })
            .map(|line| line.trim_end_matches(';'));
        assert!(mods.eq(LAYERS.iter().map(|(name, _)| *name)));
    }

    #[test]
    fn layers_run_one_way() {
        for (i, (file, source)) in LAYERS.iter().enumerate() {
            for named in named_files(source) {
                let Some(j) = LAYERS.iter().position(|(name, _)| *name == named) else {
                    // `super::*` in a test module, or an item of the file's own parent.
                    continue;
                };
                assert!(
                    j < i || named == *file,
                    "{file}.rs uses {named}.rs, which is not above it"
                );
            }
            if *file != "words" {
                assert!(
                    !source.contains("core::fmt"),
                    "{file}.rs formats: that is words.rs' job"
                );
            }
        }
    }
}
