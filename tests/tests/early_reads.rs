//! What an early error costs in memory: an input whose first error is in
//! its first bytes is answered from the cache line that holds the error,
//! and nothing after it is read. Every kernel the CPU has, and
//! `utf8lit::validate`, at every size from 1 byte to 1 MiB.
//!
//! Most files that are not UTF-8 are binary (compressed, images, message
//! catalogues): their first error is at byte 0–3, and its cache line is the
//! only one std's scalar loop reads. A look at the input's end, at a group
//! ahead or a prefetch before that verdict would be a cache miss (or a TLB
//! miss) that std does not pay, on every such file that is not in cache.
//!
//! The contract, which `lookup.rs`'s module doc states under "Errors": when
//! the input's first high byte, at `e`, is in its first 64 bytes and is an
//! error that it and the byte after it make certain (a continuation byte,
//! a byte that leads nothing, a lead not continued, a lead that ends the
//! input), the answer reads no byte at or past `max(64, e + 8)`: the first
//! 64 bytes, and the eight from the error on, which the error records. And
//! when that first byte, in the first 16, starts a character and the error
//! follows within a few bytes (`é` and then FF), the answer reads no byte
//! at or past 256: the first group, not the rest of the input. Here
//! everything from that offset on lies on pages mapped `PROT_NONE`, so such
//! a read faults; a handler names the case before the process dies. (A
//! read before the input's start is `page_ends.rs`' concern, not this
//! file's.) Unix only: elsewhere the test says it was skipped.

#[cfg(unix)]
mod fenced {
    use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

    use utf8lit::__private::Kernel;

    const PAGE: usize = 4096;
    const MIB: usize = 1024 * 1024;
    /// The longest input.
    const LONGEST: usize = MIB;

    /// One readable and writable page, then room for the longest input:
    /// `[page][LONGEST + PAGE]`, the latter made `PROT_NONE` from the
    /// boundary on while an input is checked.
    struct Fenced {
        base: *mut u8,
        size: usize,
    }

    impl Fenced {
        fn new() -> Self {
            let size = PAGE + LONGEST + PAGE;
            // SAFETY: a fresh anonymous mapping; the result is checked.
            let base = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    size,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            assert_ne!(base, libc::MAP_FAILED, "mmap");
            let mut fenced = Fenced {
                base: base.cast(),
                size,
            };
            fenced.all().fill(b'b');
            fenced
        }

        /// The whole mapping, while it is all readable and writable.
        fn all(&mut self) -> &mut [u8] {
            // SAFETY: the mapping made in `new`, readable and writable
            // whenever no `Protected` is alive (which borrows `self`).
            unsafe { std::slice::from_raw_parts_mut(self.base, self.size) }
        }

        /// `input` placed so that its first `readable` bytes end where the
        /// first page ends, the rest made unreadable for as long as the
        /// returned value lives.
        fn place(&mut self, input: &[u8], readable: usize) -> Protected<'_> {
            let readable = readable.min(input.len());
            let start = PAGE - readable;
            self.all()[start..start + input.len()].copy_from_slice(input);
            // Whole pages from the boundary to past the input's end.
            let end = (start + input.len()).next_multiple_of(PAGE);
            let len = end.saturating_sub(PAGE);
            if len > 0 {
                // SAFETY: pages inside the mapping made in `new`.
                let status =
                    unsafe { libc::mprotect(self.base.add(PAGE).cast(), len, libc::PROT_NONE) };
                assert_eq!(status, 0, "mprotect");
            }
            Protected {
                fenced: self,
                start,
                len: input.len(),
                fenced_len: len,
            }
        }
    }

    impl Drop for Fenced {
        fn drop(&mut self) {
            // SAFETY: the mapping made in `new`, unmapped once.
            unsafe {
                libc::munmap(self.base.cast(), self.size);
            }
        }
    }

    /// An input placed by [`Fenced::place`].
    struct Protected<'a> {
        fenced: &'a mut Fenced,
        start: usize,
        len: usize,
        fenced_len: usize,
    }

    impl Protected<'_> {
        fn bytes(&self) -> &[u8] {
            // SAFETY: inside the mapping; the bytes past the boundary are
            // mapped, though not readable: a slice over them is a valid
            // reference as long as nothing reads them, which is the point
            // of the test (the kernels read through raw pointers too).
            unsafe { std::slice::from_raw_parts(self.fenced.base.add(self.start), self.len) }
        }
    }

    impl Drop for Protected<'_> {
        fn drop(&mut self) {
            if self.fenced_len > 0 {
                // SAFETY: the pages protected in `place`, made readable and
                // writable again.
                let status = unsafe {
                    libc::mprotect(
                        self.fenced.base.add(PAGE).cast(),
                        self.fenced_len,
                        libc::PROT_READ | libc::PROT_WRITE,
                    )
                };
                assert_eq!(status, 0, "mprotect");
            }
            let start = self.start;
            self.fenced.all()[start..start + self.len].fill(b'b');
        }
    }

    /// The case being checked, for the fault handler to print: a
    /// `String` cannot be read from a signal handler.
    static CASE: [AtomicU8; 200] = [const { AtomicU8::new(0) }; 200];
    static CASE_LEN: AtomicUsize = AtomicUsize::new(0);

    fn set_case(case: &str) {
        let n = case.len().min(CASE.len());
        for (slot, &b) in CASE.iter().zip(&case.as_bytes()[..n]) {
            slot.store(b, Ordering::Relaxed);
        }
        CASE_LEN.store(n, Ordering::Relaxed);
    }

    extern "C" fn on_fault(_: libc::c_int) {
        const HEAD: &[u8] = b"\nearly_reads: read past the bytes an early error needs: ";
        let mut text = [0u8; 300];
        text[..HEAD.len()].copy_from_slice(HEAD);
        let n = CASE_LEN.load(Ordering::Relaxed);
        for (i, slot) in CASE.iter().take(n).enumerate() {
            text[HEAD.len() + i] = slot.load(Ordering::Relaxed);
        }
        let len = HEAD.len() + n;
        text[len] = b'\n';
        // SAFETY: `write` and `_exit` are async-signal-safe; the buffer is
        // on this handler's stack.
        unsafe {
            libc::write(2, text.as_ptr().cast(), len + 1);
            libc::_exit(101);
        }
    }

    /// Names the case on a fault, for as long as it lives.
    struct Handler {
        old: [libc::sigaction; 2],
    }

    const SIGNALS: [libc::c_int; 2] = [libc::SIGSEGV, libc::SIGBUS];

    impl Handler {
        fn install() -> Self {
            // SAFETY: a zeroed `sigaction` is a valid value (no flags, empty
            // mask); `on_fault` only calls async-signal-safe functions.
            unsafe {
                let mut old: [libc::sigaction; 2] = std::mem::zeroed();
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_fault as extern "C" fn(libc::c_int) as usize;
                for (signal, old) in SIGNALS.iter().zip(&mut old) {
                    assert_eq!(libc::sigaction(*signal, &raw const new, old), 0);
                }
                Handler { old }
            }
        }
    }

    impl Drop for Handler {
        fn drop(&mut self) {
            for (signal, old) in SIGNALS.iter().zip(&self.old) {
                // SAFETY: restores the action `install` replaced.
                unsafe {
                    libc::sigaction(*signal, old, std::ptr::null_mut());
                }
            }
        }
    }

    /// A size of every bucket: every length to past four groups of the
    /// widest kernel, then either side of the powers of two to 1 MiB.
    fn sizes() -> Vec<usize> {
        let mut sizes: Vec<usize> = (1..=300).collect();
        let mut p = 512;
        while p <= MIB {
            sizes.extend([p - 1, p, p + 1]);
            p *= 2;
        }
        sizes.retain(|&n| n <= LONGEST);
        sizes
    }

    /// The errors, each as the bytes from the error on: a continuation
    /// byte, a byte that leads nothing, and leads not continued.
    const ERRORS: [&[u8]; 5] = [b"\x80", b"\xFF", b"\xC0", b"\xC3b", b"\xF0b"];

    /// Where the first error is: the first bytes, and either side of each
    /// vector's end (16, 32, 64 bytes).
    const AT: [usize; 16] = [0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 47, 48, 55, 56, 63];

    /// Errors a little after a first high byte that starts a character,
    /// as the bytes from that byte on, and how far after it the error is:
    /// a character and then a byte that leads nothing or a stray
    /// continuation byte, and leads continued once and then not. Most of
    /// the binary files whose first high byte does not make the error
    /// certain are like these.
    const LATER_ERRORS: [(&[u8], usize); 4] = [
        (b"\xC3\xA9\xFF", 2),
        (b"\xE2\x82\xAC\x80", 3),
        (b"\xE1\x80b", 0),
        (b"\xF0\x90\x80b", 0),
    ];

    /// How many bytes an error just after a character in the first 16
    /// bytes may read (`later_errors`): the first vector and the first
    /// group of the widest kernel (AVX-512, 64 and 128 bytes) and more.
    const LATER_READABLE: usize = 256;

    pub(super) fn run() {
        let kernels = kernels();
        let mut fenced = Fenced::new();
        let _handler = Handler::install();
        let mut checked = 0;
        for len in sizes() {
            for at in AT.into_iter().filter(|&at| at < len) {
                for error in ERRORS {
                    let readable = 64.max(at + 8);
                    check(&mut fenced, &kernels, len, at, error, at, readable);
                    checked += 1;
                }
            }
        }
        println!("{checked} inputs with an early error, kernels {kernels:?}");
    }

    /// The second contract (`lookup.rs`' module doc, "Errors"): when the
    /// input's first high byte, in its first 16 bytes, starts a character
    /// and the first error follows within a few bytes, the answer reads
    /// no byte at or past [`LATER_READABLE`]: not the rest of the input,
    /// which, not in cache, was as many misses more for such a binary
    /// file.
    pub(super) fn later_errors() {
        let kernels = kernels();
        let mut fenced = Fenced::new();
        let _handler = Handler::install();
        let mut checked = 0;
        for len in sizes().into_iter().filter(|&len| len > LATER_READABLE) {
            for at in AT.into_iter().filter(|&at| at < 16) {
                for (error, after) in LATER_ERRORS {
                    check(
                        &mut fenced,
                        &kernels,
                        len,
                        at,
                        error,
                        at + after,
                        LATER_READABLE,
                    );
                    checked += 1;
                }
            }
        }
        println!("{checked} inputs with an error just after a character, kernels {kernels:?}");
    }

    fn kernels() -> Vec<Kernel> {
        Kernel::ALL
            .into_iter()
            .filter(|k| k.is_available())
            .collect()
    }

    /// `len` bytes, `error` at `at` after ASCII and ASCII after it, the
    /// first error at `first_error`: `validate` and every kernel give
    /// std's answer reading only the first `readable` bytes.
    fn check(
        fenced: &mut Fenced,
        kernels: &[Kernel],
        len: usize,
        at: usize,
        error: &[u8],
        first_error: usize,
        readable: usize,
    ) {
        let mut input = vec![b'a'; at];
        input.extend_from_slice(error);
        input.resize(len, b'b');
        let expected = core::str::from_utf8(&input)
            .map(|_| ())
            .map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(
            expected.err().map(|e| e.0),
            Some(first_error),
            "{input:02X?}"
        );
        let placed = fenced.place(&input, readable);
        let bytes = placed.bytes();
        let case = |who: &str| {
            format!(
                "{who}, {len} bytes, {:02X} at {at}; {readable} readable",
                error[0]
            )
        };
        set_case(&case("validate"));
        let got = utf8lit::validate(bytes).map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(got, expected, "{}", case("validate"));
        for &kernel in kernels {
            set_case(&case(kernel.name()));
            let got = kernel
                .validate(bytes)
                .expect("available")
                .map_err(|e| (e.valid_up_to(), e.error_len()));
            assert_eq!(got, expected, "{}", case(kernel.name()));
        }
    }
}

#[test]
fn an_early_error_reads_only_its_first_bytes() {
    #[cfg(unix)]
    fenced::run();
    #[cfg(not(unix))]
    println!("SKIPPED: needs mmap and mprotect (unix)");
}

#[test]
fn an_error_just_after_a_character_reads_only_the_first_group() {
    #[cfg(unix)]
    fenced::later_errors();
    #[cfg(not(unix))]
    println!("SKIPPED: needs mmap and mprotect (unix)");
}
