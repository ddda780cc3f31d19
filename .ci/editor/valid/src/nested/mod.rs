//! Paths relative to a nested module's file, and `../`.
use utf8lit::{include_utf8, Utf8Str};

pub static INNER: &Utf8Str = include_utf8!("inner.txt");
pub static PARENT: &Utf8Str = include_utf8!("../data.txt");
