//! Inputs that end where a page ends, before a page that is not mapped, and
//! that start where a page starts, after one: every kernel the CPU has, and
//! `utf8lit::validate`, against `core::str::from_utf8`.
//!
//! A kernel that read one byte past either end of its input would fault
//! here, where the buffers of `tests/kernels` (bytes on both sides) only
//! catch a kernel that *used* what it read. The AVX-512 kernel reads short
//! inputs with masked loads, which may cover bytes outside the input as
//! long as their lanes are masked off: its model in `runtime`'s tests
//! asserts that no kept lane lies outside, and this test that none of its
//! loads, kept lanes or not, takes it into a page it may not read. (A
//! masked load whose masked-off lanes lie on an unmapped page does not
//! fault, but on AMD's Zen 4 and 5 it is a hundred times slower, so the
//! kernel reads backwards there: this test takes that way too.)

#![cfg(unix)]

use utf8lit::__private::Kernel;

/// Two pages of 4096 bytes (x86-64's and aarch64's smallest) between
/// pages that are not mapped: `[guard][page][page][guard]`.
struct Fenced {
    base: *mut u8,
}

const PAGE: usize = 4096;

impl Fenced {
    fn new() -> Self {
        // SAFETY: a fresh anonymous mapping, then protection changes on
        // pages of it; the results are checked.
        unsafe {
            let base = libc::mmap(
                std::ptr::null_mut(),
                4 * PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            assert_ne!(base, libc::MAP_FAILED, "mmap");
            let base = base.cast::<u8>();
            assert_eq!(libc::mprotect(base.cast(), PAGE, libc::PROT_NONE), 0);
            assert_eq!(
                libc::mprotect(base.add(3 * PAGE).cast(), PAGE, libc::PROT_NONE),
                0
            );
            Fenced { base }
        }
    }

    /// The two readable pages.
    fn pages(&mut self) -> &mut [u8] {
        // SAFETY: the two pages after the first guard are mapped readable
        // and writable, and only this value hands them out.
        unsafe { std::slice::from_raw_parts_mut(self.base.add(PAGE), 2 * PAGE) }
    }
}

impl Drop for Fenced {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe {
            libc::munmap(self.base.cast(), 4 * PAGE);
        }
    }
}

/// Valid text, ASCII then not, and the same with an error near its end or
/// cut off inside its last character.
fn inputs(len: usize) -> Vec<Vec<u8>> {
    let text: Vec<u8> = "abc\u{e9}\u{4e16}\u{1f600}"
        .repeat(len / 12 + 1)
        .into_bytes();
    let ascii = vec![b'x'; len];
    let mut out = vec![ascii.clone(), text[..len].to_vec()];
    if len > 0 {
        let mut bad = ascii.clone();
        bad[len - 1] = 0xC3;
        out.push(bad);
        let mut bad = text[..len].to_vec();
        bad[len - 1] = 0xFF;
        out.push(bad);
        let mut late = ascii;
        late[len / 2] = 0xE9;
        out.push(late);
    }
    out
}

#[test]
fn inputs_at_page_ends_read_nothing_outside() {
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .collect();
    let mut fenced = Fenced::new();
    let mut checked = 0;
    for len in 0..=600 {
        for input in inputs(len) {
            let expected = core::str::from_utf8(&input)
                .map(|_| ())
                .map_err(|e| (e.valid_up_to(), e.error_len()));
            // Ending where the readable pages end, then starting where
            // they start.
            for at_end in [true, false] {
                let pages = fenced.pages();
                let start = if at_end { pages.len() - len } else { 0 };
                pages[start..start + len].copy_from_slice(&input);
                let placed = &pages[start..start + len];
                let got = utf8lit::validate(placed).map_err(|e| (e.valid_up_to(), e.error_len()));
                assert_eq!(got, expected, "validate, {len} bytes, at the end: {at_end}");
                for &kernel in &kernels {
                    let got = kernel
                        .validate(placed)
                        .expect("available")
                        .map_err(|e| (e.valid_up_to(), e.error_len()));
                    assert_eq!(
                        got, expected,
                        "{kernel:?}, {len} bytes, at the end: {at_end}"
                    );
                }
                checked += 1;
            }
        }
    }
    println!("{checked} placements of inputs of 0 to 600 bytes, kernels {kernels:?}");
}
