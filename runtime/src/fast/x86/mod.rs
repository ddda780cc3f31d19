//! x86-64 kernels and the choice between them.
//!
//! The choice is made on the first call and remembered: [`check`] runs
//! whatever function pointer `CHOSEN` holds, which is at first `detect`,
//! a function that finds the best kernel for this CPU, stores it in
//! `CHOSEN` and runs it. Every later call is one atomic load and an
//! indirect call, with or without `std`.
//!
//! What the CPU has is found at run time in both builds. With `std`, by
//! `is_x86_feature_detected!`. Without `std`, by [`cpu_features`], which
//! asks the CPU the way std does: CPUID leaf 1 for SSE4.2, AVX and whether
//! the OS lets programs use XGETBV (OSXSAVE); XGETBV for whether the OS
//! saves the YMM registers (AVX, AVX2) and the opmask and ZMM registers
//! (AVX-512) on a context switch, without which a program must not use
//! those registers whatever the CPU supports; and leaf 7 for AVX2 and AVX-512 F, BW and VBMI. A feature
//! enabled at compile time (`-C target-cpu=…`) counts as found without
//! asking, as it does for `is_x86_feature_detected!`; inside an SGX enclave,
//! where CPUID is not allowed, only those count.

// The macro that writes the x86 kernels' primitives comes first.
#[macro_use]
mod lookup;
pub(super) mod avx2;
pub(super) mod avx512;
pub(super) mod sse42;

use core::arch::x86_64::{
    __cpuid_count, __m128i, _mm_loadu_si128, _mm_shuffle_epi8, _xgetbv, CpuidResult,
};
use core::sync::atomic::{AtomicPtr, AtomicU8, Ordering};

use super::Kernel;

/// A kernel's entry point (see [`super::dispatch`] for the contract).
type CheckFn = unsafe fn(&[u8]) -> Option<usize>;

/// Whether the CPU has every feature named (see the module docs): with
/// `std`, `is_x86_feature_detected!`; without, the target features enabled
/// at compile time, else [`cpu_features`].
macro_rules! detected {
    ($($feature:tt => $field:ident),+) => {{
        #[cfg(feature = "std")]
        {
            $(std::arch::is_x86_feature_detected!($feature))&&+
        }
        #[cfg(not(feature = "std"))]
        {
            cfg!(all($(target_feature = $feature),+)) || {
                let found = cpu_features();
                $(found.$field)&&+
            }
        }
    }};
}

pub(super) fn avx512_available() -> bool {
    detected!("avx512f" => avx512f, "avx512bw" => avx512bw, "avx512vbmi" => avx512vbmi)
}

pub(super) fn avx2_available() -> bool {
    detected!("avx2" => avx2)
}

pub(super) fn sse42_available() -> bool {
    detected!("sse4.2" => sse42)
}

/// The best kernel for this CPU.
fn best() -> Kernel {
    if avx512_available() {
        Kernel::Avx512
    } else if avx2_available() {
        Kernel::Avx2
    } else if sse42_available() {
        Kernel::Sse42
    } else {
        Kernel::Swar
    }
}

/// The entry point of a kernel that [`best`] picks.
fn entry(kernel: Kernel) -> CheckFn {
    match kernel {
        Kernel::Avx512 => avx512::check,
        Kernel::Avx2 => avx2::check,
        Kernel::Sse42 => sse42::check,
        _ => |bytes| super::swar::check(bytes),
    }
}

/// Bytes `16 * k ..` of `rest` as a vector, zero after its end
/// ([`super::tail_piece_parts`]): one load and one `pshufb`. `None` under
/// 16 bytes.
#[inline]
#[target_feature(enable = "ssse3")]
fn tail_piece(rest: &[u8], k: usize) -> Option<__m128i> {
    let (data, indices) = super::tail_piece_parts(rest, k)?;
    // SAFETY: both are references to 16 bytes, which is what the loads
    // read (unaligned loads: any address will do).
    let (data, indices) = unsafe {
        (
            _mm_loadu_si128(data.as_ptr().cast()),
            _mm_loadu_si128(indices.as_ptr().cast()),
        )
    };
    Some(_mm_shuffle_epi8(data, indices))
}

/// `detect` until the first call, then the best kernel for this CPU.
static CHOSEN: AtomicPtr<()> = AtomicPtr::new(detect as CheckFn as *mut ());

/// Picks the kernel, remembers it, and runs it.
///
/// # Safety
///
/// None beyond [`CheckFn`]'s signature: it checks the CPU itself.
unsafe fn detect(bytes: &[u8]) -> Option<usize> {
    let best = entry(best());
    // Threads that race here store the same pointer.
    CHOSEN.store(best as *mut (), Ordering::Relaxed);
    // SAFETY: `best` returns only kernels whose features this CPU has.
    unsafe { best(bytes) }
}

/// Runs the best kernel for this CPU (see [`super::dispatch`]).
#[inline]
pub(super) fn check(bytes: &[u8]) -> Option<usize> {
    let f = CHOSEN.load(Ordering::Relaxed);
    // SAFETY: `CHOSEN` only ever holds a `CheckFn`: `detect`, or what
    // `entry` returned, cast to a data pointer and back.
    let f = unsafe { core::mem::transmute::<*mut (), CheckFn>(f) };
    // SAFETY: `detect` checks the CPU; `best` picks only kernels the CPU
    // supports.
    unsafe { f(bytes) }
}

/// The CPU features the kernels need, as [`cpu_features`] finds them.
///
/// Not public API: the tests compare it with `is_x86_feature_detected!`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one flag per CPU feature, as independent as the CPUID bits"
)]
pub struct CpuFeatures {
    /// SSE4.2.
    pub sse42: bool,
    /// AVX, and the OS saves the YMM registers.
    pub avx: bool,
    /// AVX2 (and AVX).
    pub avx2: bool,
    /// AVX-512 Foundation, and the OS saves the opmask and ZMM registers
    /// (and AVX).
    pub avx512f: bool,
    /// AVX-512 Byte and Word (and AVX-512 F).
    pub avx512bw: bool,
    /// AVX-512 Vector Byte Manipulation Instructions (and AVX-512 F).
    pub avx512vbmi: bool,
}

impl CpuFeatures {
    /// The flags as bits, in field order.
    const fn to_bits(self) -> u8 {
        (self.sse42 as u8)
            | ((self.avx as u8) << 1)
            | ((self.avx2 as u8) << 2)
            | ((self.avx512f as u8) << 3)
            | ((self.avx512bw as u8) << 4)
            | ((self.avx512vbmi as u8) << 5)
    }

    /// The inverse of [`Self::to_bits`].
    const fn from_bits(bits: u8) -> Self {
        CpuFeatures {
            sse42: bits & 1 != 0,
            avx: bits & (1 << 1) != 0,
            avx2: bits & (1 << 2) != 0,
            avx512f: bits & (1 << 3) != 0,
            avx512bw: bits & (1 << 4) != 0,
            avx512vbmi: bits & (1 << 5) != 0,
        }
    }

    /// The features enabled at compile time.
    const fn compiled() -> Self {
        CpuFeatures {
            sse42: cfg!(target_feature = "sse4.2"),
            avx: cfg!(target_feature = "avx"),
            avx2: cfg!(target_feature = "avx2"),
            avx512f: cfg!(target_feature = "avx512f"),
            avx512bw: cfg!(target_feature = "avx512bw"),
            avx512vbmi: cfg!(target_feature = "avx512vbmi"),
        }
    }
}

/// [`CpuFeatures::to_bits`] of what [`cpu_features`] found, plus
/// `KNOWN`; 0 until the first call.
static FEATURES: AtomicU8 = AtomicU8::new(0);
const KNOWN: u8 = 0x80;

/// What the CPU has, asked once (see the module docs) and remembered.
///
/// Not public API (`utf8lit::__private::cpu_features`): without `std` the
/// kernel choice rests on it, and the tests hold it to
/// `is_x86_feature_detected!`.
#[doc(hidden)]
#[must_use]
pub fn cpu_features() -> CpuFeatures {
    let bits = FEATURES.load(Ordering::Relaxed);
    if bits & KNOWN != 0 {
        return CpuFeatures::from_bits(bits);
    }
    let found = if cfg!(target_env = "sgx") {
        CpuFeatures::compiled()
    } else {
        ask_cpu()
    };
    // Threads that race here store the same bits.
    FEATURES.store(found.to_bits() | KNOWN, Ordering::Relaxed);
    found
}

/// Bit `n` of `word`.
const fn bit(word: u32, n: u32) -> bool {
    (word >> n) & 1 != 0
}

/// `__cpuid_count`, which is an `unsafe fn` in Rust 1.89 (this crate's
/// minimum) and a safe one in later versions.
#[allow(unused_unsafe, reason = "`__cpuid_count` is safe in newer Rust")]
fn cpuid(leaf: u32, sub_leaf: u32) -> CpuidResult {
    // SAFETY: every x86-64 CPU has the CPUID instruction (it predates
    // x86-64), and a leaf above the CPU's maximum is not an error: it
    // answers with some other leaf's data, which is why callers compare
    // `leaf` with leaf 0's maximum first. `x86` is compiled for x86-64
    // only, and `cpu_features` does not come here inside an SGX enclave.
    unsafe { __cpuid_count(leaf, sub_leaf) }
}

/// CPUID and XGETBV, as the module docs say.
fn ask_cpu() -> CpuFeatures {
    let mut found = CpuFeatures::default();
    let max_leaf = cpuid(0, 0).eax;
    if max_leaf < 1 {
        return found;
    }
    let leaf1 = cpuid(1, 0);
    found.sse42 = bit(leaf1.ecx, 20);
    // XCR0: which register state the OS saves and restores. Readable only
    // once the OS has set CR4.OSXSAVE, which CPUID.1:ECX[27] reflects.
    let xcr0 = if bit(leaf1.ecx, 27) {
        // SAFETY: `_xgetbv` is `#[target_feature(enable = "xsave")]`, and
        // XGETBV faults unless CR4.OSXSAVE is set; CPUID.1:ECX.OSXSAVE
        // (bit 27) was just read as set, which the CPU reports only when
        // it supports XSAVE and the OS has set CR4.OSXSAVE. XCR0
        // (register 0) exists on every such CPU.
        unsafe { _xgetbv(0) }
    } else {
        0
    };
    // XMM (bit 1) and YMM (bit 2) state; opmask, ZMM0–15 upper halves and
    // ZMM16–31 (bits 5, 6, 7).
    let ymm_saved = xcr0 & 0b110 == 0b110;
    let avx512_state_saved = xcr0 & 0b1110_0000 == 0b1110_0000;
    found.avx = ymm_saved && bit(leaf1.ecx, 28);
    if max_leaf >= 7 {
        let leaf7 = cpuid(7, 0);
        found.avx2 = found.avx && bit(leaf7.ebx, 5);
        found.avx512f = found.avx && avx512_state_saved && bit(leaf7.ebx, 16);
        found.avx512bw = found.avx512f && bit(leaf7.ebx, 30);
        found.avx512vbmi = found.avx512f && bit(leaf7.ecx, 1);
    }
    found
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    /// `tail_piece` is bytes `16 * k ..` of the rest, then zeros, for
    /// every rest of 16 to 63 bytes and every piece a kernel asks for.
    #[test]
    fn tail_piece_is_the_bytes_then_zeros() {
        assert!(
            std::arch::is_x86_feature_detected!("ssse3"),
            "every x86-64 CPU this is tested on has SSSE3"
        );
        let input: [u8; 64] = core::array::from_fn(|i| u8::try_from(i + 1).unwrap_or(0));
        for len in 16..64 {
            let rest = &input[..len];
            for k in 0..4 {
                // SAFETY: the CPU has SSSE3 (asserted above).
                let piece = unsafe { tail_piece(rest, k) }.expect("16 bytes or more");
                // SAFETY: a vector of 16 bytes is 16 bytes.
                let got: [u8; 16] = unsafe { core::mem::transmute(piece) };
                let want: [u8; 16] =
                    core::array::from_fn(|j| rest.get(16 * k + j).copied().unwrap_or(0));
                assert_eq!(got, want, "len {len}, piece {k}");
            }
        }
    }

    /// What `is_x86_feature_detected!` says, in [`CpuFeatures`]' terms.
    fn std_features() -> CpuFeatures {
        use std::arch::is_x86_feature_detected as has;
        CpuFeatures {
            sse42: has!("sse4.2"),
            avx: has!("avx"),
            avx2: has!("avx2"),
            avx512f: has!("avx512f"),
            avx512bw: has!("avx512bw"),
            avx512vbmi: has!("avx512vbmi"),
        }
    }

    #[test]
    fn cpu_features_agree_with_std() {
        assert_eq!(cpu_features(), std_features());
        // Asked again: the remembered answer.
        assert_eq!(cpu_features(), std_features());
        assert_eq!(ask_cpu(), std_features());
    }

    #[test]
    fn the_best_available_kernel_is_selected() {
        let has = std_features();
        let want = if has.avx512f && has.avx512bw && has.avx512vbmi {
            Kernel::Avx512
        } else if has.avx2 {
            Kernel::Avx2
        } else if has.sse42 {
            Kernel::Sse42
        } else {
            Kernel::Swar
        };
        std::eprintln!("CPU features {has:?}: {want:?} selected");
        assert_eq!(best(), want);
        assert_eq!(Kernel::selected(), want);
        assert_eq!(avx512_available(), want == Kernel::Avx512);
        assert_eq!(Kernel::Avx2.is_available(), has.avx2);
        assert_eq!(Kernel::Sse42.is_available(), has.sse42);
        // And the kernel `check` runs is that one (it answers as that
        // kernel does, error offsets included, once `detect` has run).
        let text = "Grüße, 世界 😀 — ".repeat(40);
        let mut bytes = text.into_bytes();
        for at in [0, 100, 700, bytes.len() - 1] {
            let saved = bytes[at];
            bytes[at] = 0xFF;
            // SAFETY: `best` picked `want`, so the CPU has its features.
            let want_answer = unsafe { entry(want)(&bytes) };
            assert_eq!(check(&bytes), want_answer, "0xFF at {at}");
            assert_eq!(check(&bytes), want_answer, "0xFF at {at}, again");
            bytes[at] = saved;
        }
    }
}
