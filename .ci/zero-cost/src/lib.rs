//! Each `view_*` function is paired with a `std_*` function that does the
//! same with std types alone. `.ci/zero-cost/check` requires each pair to
//! compile to the same instructions: the wrapper types add nothing.
#![no_std]

use core::ffi::CStr;

use utf8lit::{AsciiStr, Utf8CStr, Utf8Str};

/// The baseline for every `&str`-returning view: hand the fat pointer back.
#[no_mangle]
#[inline(never)]
pub fn std_str_identity(s: &str) -> &str {
    core::hint::black_box(());
    s
}

#[no_mangle]
#[inline(never)]
pub fn view_utf8_str_as_str(s: &Utf8Str) -> &str {
    core::hint::black_box(());
    s.as_str()
}

#[no_mangle]
#[inline(never)]
pub fn view_utf8_str_from_str(s: &str) -> &str {
    core::hint::black_box(());
    Utf8Str::from_str(s).as_str()
}

#[no_mangle]
#[inline(never)]
pub fn view_ascii_str_as_str(s: &AsciiStr) -> &str {
    core::hint::black_box(());
    s.as_utf8_str().as_str()
}

/// The baseline for `&[u8]` views.
#[no_mangle]
#[inline(never)]
pub fn std_str_as_bytes(s: &str) -> &[u8] {
    core::hint::black_box(());
    s.as_bytes()
}

#[no_mangle]
#[inline(never)]
pub fn view_utf8_str_as_bytes(s: &Utf8Str) -> &[u8] {
    core::hint::black_box(());
    s.as_bytes()
}

/// The baseline for `&CStr` views.
#[no_mangle]
#[inline(never)]
pub fn std_c_str_identity(s: &CStr) -> &CStr {
    core::hint::black_box(());
    s
}

#[no_mangle]
#[inline(never)]
pub fn view_utf8_c_str_as_c_str(s: &Utf8CStr) -> &CStr {
    core::hint::black_box(());
    s.as_c_str()
}
