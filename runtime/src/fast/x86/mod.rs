//! x86-64 kernels and the choice between them.

// The macro that writes the x86 kernels' primitives comes first.
#[macro_use]
mod lookup;
pub(super) mod avx2;
pub(super) mod avx512;
pub(super) mod sse42;

/// A kernel's entry point (see [`super::dispatch`] for the contract).
type CheckFn = unsafe fn(&[u8]) -> Option<usize>;

macro_rules! detected {
    ($($feature:tt),+) => {{
        #[cfg(feature = "std")]
        {
            $(std::arch::is_x86_feature_detected!($feature))&&+
        }
        #[cfg(not(feature = "std"))]
        {
            cfg!(all($(target_feature = $feature),+))
        }
    }};
}

pub(super) fn avx512_available() -> bool {
    detected!("avx512f", "avx512bw", "avx512vbmi")
}

pub(super) fn avx2_available() -> bool {
    detected!("avx2")
}

pub(super) fn sse42_available() -> bool {
    detected!("sse4.2")
}

/// The best kernel for this CPU.
fn best() -> CheckFn {
    if avx512_available() {
        avx512::check
    } else if avx2_available() {
        avx2::check
    } else if sse42_available() {
        sse42::check
    } else {
        |bytes| super::swar::check(bytes)
    }
}

#[cfg(feature = "std")]
mod chosen {
    use super::CheckFn;
    use core::sync::atomic::{AtomicPtr, Ordering};

    /// `detect` until the first call, then the best kernel for this CPU.
    static CHOSEN: AtomicPtr<()> = AtomicPtr::new(detect as CheckFn as *mut ());

    /// Picks the kernel, remembers it, and runs it.
    ///
    /// # Safety
    ///
    /// None beyond [`CheckFn`]'s signature: it checks the CPU itself.
    unsafe fn detect(bytes: &[u8]) -> Option<usize> {
        let best = super::best();
        CHOSEN.store(best as *mut (), Ordering::Relaxed);
        // SAFETY: `best` returns only kernels whose features this CPU has.
        unsafe { best(bytes) }
    }

    #[inline]
    pub(in super::super) fn check(bytes: &[u8]) -> Option<usize> {
        let f = CHOSEN.load(Ordering::Relaxed);
        // SAFETY: `CHOSEN` only ever holds a `CheckFn`: `detect`, or what
        // `best` returned, cast to a data pointer and back.
        let f = unsafe { core::mem::transmute::<*mut (), CheckFn>(f) };
        // SAFETY: `detect` checks the CPU; `best` picks only kernels the CPU
        // supports.
        unsafe { f(bytes) }
    }
}

#[cfg(feature = "std")]
pub(super) use chosen::check;

/// Without `std` the kernel is fixed at compile time by the target features.
#[cfg(not(feature = "std"))]
#[inline]
pub(super) fn check(bytes: &[u8]) -> Option<usize> {
    let f = best();
    // SAFETY: without `std`, `best` picks a kernel only if its features are
    // enabled at compile time, so every CPU this binary runs on has them.
    unsafe { f(bytes) }
}
