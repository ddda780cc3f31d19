//! A `#![no_std]` static library that uses utf8lit with default features off.
#![no_std]

use core::panic::PanicInfo;

use utf8lit::{decode, AsciiStr, Utf8CStr, Utf8Str, Utf8Validator};

/// Returns the offset of the first error in `ptr[..len]`, or `len` when the
/// bytes are valid UTF-8.
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn utf8lit_valid_up_to(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller promises `len` readable bytes at `ptr`.
    let bytes = unsafe { core::slice::from_raw_parts(ptr, len) };
    let mut v = Utf8Validator::new();
    match v.update(bytes).and_then(|()| v.finish()) {
        Ok(()) => len,
        Err(e) => e.valid_up_to(),
    }
}

/// Uses the const constructors and the types, so they are linked too.
#[no_mangle]
pub extern "C" fn utf8lit_self_check() -> bool {
    const GREETING: Result<&Utf8Str, utf8lit::Utf8Error> = Utf8Str::const_from_bytes(b"Gr\xC3\xBC\xC3\x9Fe");
    let ascii = AsciiStr::from_bytes(b"GET").is_ok();
    let c = Utf8CStr::from_bytes_with_nul(b"caf\xC3\xA9\0").is_ok();
    GREETING.is_ok() && ascii && c && decode::validate(b"\xC0\x80").is_err()
}

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}
