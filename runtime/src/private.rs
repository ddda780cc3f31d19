//! What the macro expansions of the facade (`utf8lit`) name, and the
//! kernels by name for the tests, benchmarks and fuzz targets. Not public
//! API: the facade re-exports it as `utf8lit::__private`, with the proc
//! macros beside it.

/// What the macro expansions name, and the kernels by name for the tests,
/// benchmarks and fuzz targets. Not public API.
#[doc(hidden)]
pub mod __private {
    /// What the run-time CPU detection found (the kernel choice without
    /// `std` rests on it), for the tests to hold to
    /// `is_x86_feature_detected!`.
    #[cfg(target_arch = "x86_64")]
    pub use crate::fast::{cpu_features, CpuFeatures};
    pub use crate::fast::{Kernel, Validator};

    use crate::{AsciiStr, Utf8CStr};

    /// `ascii!`'s value. The macro has checked the text; this checks again
    /// (bytes < 0x80, a loop over a short literal in const evaluation)
    /// because the type's guarantee must not rest on a hidden function
    /// being called right.
    #[must_use]
    pub const fn ascii_literal(text: &'static str) -> &'static AsciiStr {
        match AsciiStr::from_str(text) {
            Ok(s) => s,
            Err(_) => panic!("utf8lit: ascii! produced a non-ASCII literal (a bug in utf8lit)"),
        }
    }

    /// `utf8_cstr!`'s value, from text that ends in its NUL. Checked again
    /// for the same reason as [`ascii_literal`]: `as_c_str` relies on the
    /// NUL being the only one.
    #[must_use]
    pub const fn utf8_cstr_literal(text_with_nul: &'static str) -> &'static Utf8CStr {
        match Utf8CStr::from_str_with_nul(text_with_nul) {
            Ok(s) => s,
            Err(_) => panic!("utf8lit: utf8_cstr! produced a bad C string (a bug in utf8lit)"),
        }
    }
}
