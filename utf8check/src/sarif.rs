//! The SARIF 2.1.0 log around the results (`--format sarif`): one run of
//! the tool, each kind of error a rule described once, which results name
//! by `ruleId` and `ruleIndex`, and after the results, the files that have
//! something said of them as a whole (their verdict) as the run's
//! `artifacts`. GitHub code scanning and most CI dashboards read this
//! format.

use std::fmt::Write as _;

use utf8lit::ErrorKind;

use crate::name::json_string;

/// A rule of the log: an id, what it finds, and why it matters.
pub struct Rule {
    pub id: &'static str,
    kind: Option<ErrorKind>,
    short: &'static str,
    full: &'static str,
}

/// Every rule, in `ruleIndex` order: one per [`ErrorKind`] (its variant
/// name is the id), then names that are not UTF-8 (`--check-names`).
pub const RULES: [Rule; 9] = [
    Rule {
        id: "UnexpectedContinuation",
        kind: Some(ErrorKind::UnexpectedContinuation),
        short: "A continuation byte (80–BF) where a character must start.",
        full: "A byte 80–BF continues a multi-byte sequence and cannot start one. \
               Alone, it is usually a byte of another encoding (Latin-1, Windows-1252) \
               or the rest of a sequence whose start was cut off.",
    },
    Rule {
        id: "MissingContinuation",
        kind: Some(ErrorKind::MissingContinuation),
        short: "A lead byte not followed by the continuation bytes it announces.",
        full: "A byte C2–F4 starts a 2- to 4-byte sequence, but the next byte cannot \
               continue it. Most often a Latin-1 or Windows-1252 letter in UTF-8 text.",
    },
    Rule {
        id: "Truncated",
        kind: Some(ErrorKind::Truncated),
        short: "The file ends inside a multi-byte sequence.",
        full: "The last bytes start a sequence that the end of the file cuts short: \
               the file was truncated, or split in the middle of a character.",
    },
    Rule {
        id: "Overlong",
        kind: Some(ErrorKind::Overlong),
        short: "A code point written with more bytes than UTF-8 allows.",
        full: "RFC 3629 allows only the shortest form of each code point. Longer forms \
               (C0 AE for '.', C0 80 for U+0000 in Java's modified UTF-8) are how \
               filters have been bypassed.",
    },
    Rule {
        id: "Surrogate",
        kind: Some(ErrorKind::Surrogate),
        short: "A UTF-16 surrogate (U+D800–U+DFFF) encoded as a character.",
        full: "Surrogates are not characters, and UTF-8 has no encoding for them. A pair \
               of them is CESU-8 or Java's modified UTF-8, which write characters above \
               U+FFFF as two 3-byte sequences.",
    },
    Rule {
        id: "OutOfRange",
        kind: Some(ErrorKind::OutOfRange),
        short: "A code point above U+10FFFF.",
        full: "Unicode ends at U+10FFFF; RFC 3629 forbids the 4-byte forms beyond it \
               (F4 90 and up, F5–F7).",
    },
    Rule {
        id: "ObsoleteForm",
        kind: Some(ErrorKind::ObsoleteForm),
        short: "An RFC 2279 5- or 6-byte form (F8–FD).",
        full: "RFC 2279 had 5- and 6-byte forms for values up to U+7FFFFFFF; UTF-8 has \
               had none since RFC 3629 (2003).",
    },
    Rule {
        id: "InvalidByte",
        kind: Some(ErrorKind::InvalidByte),
        short: "A byte that never occurs in UTF-8 (FE, FF).",
        full: "FE and FF are in no UTF-8 sequence. FF FE or FE FF at the start is a \
               UTF-16 byte-order mark: the file is UTF-16.",
    },
    Rule {
        id: "FileName",
        kind: None,
        short: "A file name that is not UTF-8 (--check-names).",
        full: "The file's name is not valid UTF-8: tools that expect UTF-8 names show it \
               with U+FFFD or cannot open it.",
    },
];

/// The index in [`RULES`] of names that are not UTF-8.
pub const NAME_RULE: usize = RULES.len() - 1;

/// The index in [`RULES`] of the rule of `kind`.
pub fn rule_of(kind: ErrorKind) -> usize {
    RULES
        .iter()
        .position(|rule| rule.kind == Some(kind))
        .unwrap_or(NAME_RULE)
}

/// Everything before the first result: the log, its run, the tool and its
/// rules, and `"results":[`.
pub fn head() -> String {
    let mut out = String::from(
        "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\
         \"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"utf8check\",",
    );
    let _ = write!(
        out,
        "\"version\":\"{}\",\"informationUri\":\"{}\",\"rules\":[",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_REPOSITORY"),
    );
    for (i, rule) in RULES.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("\n{\"id\":");
        json_string(&mut out, rule.id);
        out.push_str(",\"shortDescription\":{\"text\":");
        json_string(&mut out, rule.short);
        out.push_str("},\"fullDescription\":{\"text\":");
        json_string(&mut out, rule.full);
        out.push_str("},\"defaultConfiguration\":{\"level\":\"error\"}}");
    }
    // Columns count characters, as in the other formats.
    out.push_str("]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[\n");
    out
}

/// Everything after the last result: the end of `results`, then the run's
/// `artifacts` (comma-separated entries: what is said of each file as a
/// whole, its verdict or that it is binary) when there are any.
pub fn tail(artifacts: &str) -> String {
    if artifacts.is_empty() {
        "\n]}]}\n".to_owned()
    } else {
        format!("\n],\"artifacts\":[\n{artifacts}\n]}}]}}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_rule() {
        for kind in [
            ErrorKind::UnexpectedContinuation,
            ErrorKind::MissingContinuation,
            ErrorKind::Truncated,
            ErrorKind::Overlong,
            ErrorKind::Surrogate,
            ErrorKind::OutOfRange,
            ErrorKind::ObsoleteForm,
            ErrorKind::InvalidByte,
        ] {
            let rule = &RULES[rule_of(kind)];
            assert_eq!(rule.id, format!("{kind:?}"));
        }
        assert_eq!(RULES[NAME_RULE].id, "FileName");
    }
}
