//! utf8lit under a WebAssembly engine: functions that `.ci/wasm/driver.mjs`
//! calls on bytes it writes into [`input`]'s buffer. Checks (every kernel of
//! this build against `core::str::from_utf8`, and the verdicts the driver
//! holds to `TextDecoder`) and timing loops (utf8lit, simdutf8, std), all
//! in one module, so that every contender runs in the same instance.

#![no_std]

use core::hint::black_box;
use utf8lit_core::__private::Kernel;

/// The most bytes an input may have: the sweep's largest size, 1 MiB, and
/// room to start it at any offset of a 64-byte line.
const CAPACITY: usize = (1 << 20) + 64;

/// Where the driver writes an input.
static mut INPUT: [u8; CAPACITY] = [0; CAPACITY];

/// Where [`kernel_name`] writes.
static mut NAME: [u8; 32] = [0; 32];

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

/// The input buffer's address in the module's memory, and its size.
#[no_mangle]
pub extern "C" fn input() -> *mut u8 {
    (&raw mut INPUT).cast()
}

#[no_mangle]
pub extern "C" fn capacity() -> usize {
    CAPACITY
}

/// The `len` bytes at offset `at` of the input buffer (clamped to it).
fn bytes(at: usize, len: usize) -> &'static [u8] {
    let at = at.min(CAPACITY);
    let len = len.min(CAPACITY - at);
    // SAFETY: `at + len <= CAPACITY`; the driver writes the buffer only
    // between calls, and no call writes it.
    unsafe { core::slice::from_raw_parts((&raw const INPUT).cast::<u8>().add(at), len) }
}

/// The name of the kernel `utf8lit::validate` runs (`Kernel::selected`),
/// written at [`name`]; its length.
#[no_mangle]
pub extern "C" fn kernel_name() -> usize {
    let name = Kernel::selected().name().as_bytes();
    let len = name.len().min(32);
    // SAFETY: only this function writes `NAME`, and the module runs on one
    // thread; `len <= 32`.
    let buf = unsafe { &mut *(&raw mut NAME) };
    buf[..len].copy_from_slice(&name[..len]);
    len
}

#[no_mangle]
pub extern "C" fn name() -> *const u8 {
    (&raw const NAME).cast()
}

/// Whether this build has `simd128` (and so simdutf8's simd128 kernel,
/// which is chosen by the same `cfg`).
#[no_mangle]
pub extern "C" fn has_simd128() -> u32 {
    u32::from(cfg!(target_feature = "simd128"))
}

/// A result as one number: -1 for valid, else `valid_up_to`, with
/// `error_len` (0 for `None`) times 2^32.
fn code(valid_up_to: usize, error_len: Option<usize>) -> i64 {
    (valid_up_to as i64) | ((error_len.unwrap_or(0) as i64) << 32)
}

/// `utf8lit::validate` of the input at `at`, as [`code`] has it.
#[no_mangle]
pub extern "C" fn check_utf8lit(at: usize, len: usize) -> i64 {
    match utf8lit_core::validate(bytes(at, len)) {
        Ok(()) => -1,
        Err(e) => code(e.valid_up_to(), e.error_len()),
    }
}

/// `core::str::from_utf8`, likewise.
#[no_mangle]
pub extern "C" fn check_std(at: usize, len: usize) -> i64 {
    match core::str::from_utf8(bytes(at, len)) {
        Ok(_) => -1,
        Err(e) => code(e.valid_up_to(), e.error_len()),
    }
}

/// simdutf8's verdict (`basic`): 1 for valid.
#[no_mangle]
pub extern "C" fn check_simdutf8(at: usize, len: usize) -> u32 {
    u32::from(simdutf8::basic::from_utf8(bytes(at, len)).is_ok())
}

/// Every kernel of this build against `core::str::from_utf8`: 0 when each
/// available one agrees on the verdict, `valid_up_to` and `error_len`, else
/// one more than the place in `Kernel::ALL` of the first that does not.
#[no_mangle]
pub extern "C" fn check_kernels(at: usize, len: usize) -> u32 {
    let input = bytes(at, len);
    let std = core::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()));
    for (i, kernel) in Kernel::ALL.into_iter().enumerate() {
        let Some(ours) = kernel.validate(input) else {
            continue;
        };
        let ours = ours.map_err(|e| (e.valid_up_to(), e.error_len()));
        if ours != std {
            return i as u32 + 1;
        }
    }
    0
}

/// How many kernels `Kernel::ALL` names.
#[no_mangle]
pub extern "C" fn kernel_count() -> usize {
    Kernel::ALL.len()
}

/// Kernel `i`'s name written at [`name`], its length; 0 past the end.
/// Negative (minus the length) when this build lacks it.
#[no_mangle]
pub extern "C" fn kernel_info(i: usize) -> isize {
    let Some(kernel) = Kernel::ALL.get(i) else {
        return 0;
    };
    let name = kernel.name().as_bytes();
    let len = name.len().min(32);
    // SAFETY: as in `kernel_name`.
    let buf = unsafe { &mut *(&raw mut NAME) };
    buf[..len].copy_from_slice(&name[..len]);
    if kernel.is_available() {
        len as isize
    } else {
        -(len as isize)
    }
}

/// Validates the input `iters` times with contender `who` (0 utf8lit,
/// 1 simdutf8 `basic`, 2 std, 3 nothing: the loop's own cost); how many
/// calls said valid, which keeps the calls from being optimised away.
#[no_mangle]
pub extern "C" fn run(who: u32, at: usize, len: usize, iters: u32) -> u32 {
    let input = bytes(at, len);
    let mut valid = 0;
    for _ in 0..iters {
        let input = black_box(input);
        let ok = match who {
            0 => utf8lit_core::validate(input).is_ok(),
            1 => simdutf8::basic::from_utf8(input).is_ok(),
            2 => core::str::from_utf8(input).is_ok(),
            _ => true,
        };
        valid += u32::from(black_box(ok));
    }
    valid
}
