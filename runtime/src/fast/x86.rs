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
//! asks the CPU the way std does: CPUID leaf 1 for SSE3, SSSE3, SSE4.1,
//! SSE4.2, FMA, F16C, AVX and whether the OS lets programs use XGETBV
//! (OSXSAVE); XGETBV for whether the OS saves the YMM registers (AVX, AVX2,
//! FMA) and the opmask and ZMM registers (AVX-512) on a context switch,
//! without which a program must not use those registers whatever the CPU
//! supports; and leaf 7 for AVX2 and AVX-512 F, BW and VBMI. A feature
//! enabled at compile time (`-C target-cpu=…`) counts as found without
//! asking, as it does for `is_x86_feature_detected!`; inside an SGX enclave,
//! where CPUID is not allowed, only those count.
//!
//! A kernel may run only where every feature it is compiled with is found,
//! and that includes the features its `#[target_feature]` implies: each
//! kernel module's `FEATURES` lists them all, and the tests below hold its
//! attributes and the `*_available` function that guards it to that list.

// The macro that writes the x86 kernels' primitives comes first.
#[macro_use]
mod primitives;
pub(super) mod avx2;
pub(super) mod avx512;
pub(super) mod sse42;

use core::arch::x86_64::{
    __cpuid_count, __m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_shuffle_epi8,
    _xgetbv, CpuidResult,
};
use core::sync::atomic::{AtomicPtr, AtomicU16, AtomicU8, Ordering};

use super::answer::Answer;
use super::kernel::{Kernel, KernelFn};

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

/// Whether the CPU has every feature in `avx512::FEATURES`.
pub(super) fn avx512_available() -> bool {
    detected!(
        "sse3" => sse3,
        "ssse3" => ssse3,
        "sse4.1" => sse41,
        "sse4.2" => sse42,
        "avx" => avx,
        "avx2" => avx2,
        "fma" => fma,
        "f16c" => f16c,
        "avx512f" => avx512f,
        "avx512bw" => avx512bw,
        "avx512vbmi" => avx512vbmi,
        "bmi1" => bmi1,
        "bmi2" => bmi2
    )
}

/// Whether the CPU has every feature in `avx2::FEATURES`.
pub(super) fn avx2_available() -> bool {
    detected!(
        "sse3" => sse3,
        "ssse3" => ssse3,
        "sse4.1" => sse41,
        "sse4.2" => sse42,
        "avx" => avx,
        "avx2" => avx2
    )
}

/// Whether the CPU has every feature in `sse42::FEATURES`.
pub(super) fn sse42_available() -> bool {
    detected!("sse3" => sse3, "ssse3" => ssse3, "sse4.1" => sse41, "sse4.2" => sse42)
}

/// Which of the x86 kernels this CPU can run, a bit each (`kernel_bit`),
/// plus a bit that says they are known; 0 until [`find_available`] runs.
static AVAILABLE: AtomicU8 = AtomicU8::new(0);

/// The bit of `kernel` in `AVAILABLE`; 0 for a kernel that is not an x86
/// one.
const fn kernel_bit(kernel: Kernel) -> u8 {
    match kernel {
        // One AVX-512 kernel in two instruction mixes: the same features.
        Kernel::Avx512 | Kernel::Avx512Loads => 1,
        Kernel::Avx2 => 2,
        Kernel::Sse42 => 4,
        _ => 0,
    }
}

/// Whether the CPU can run the x86 kernel `kernel` (false for any other):
/// asked once, then one load. `Kernel::validate` asks on every call, and a
/// benchmark that forces a kernel calls it with inputs of a few bytes: the
/// six to eleven feature tests, each a call and a branch, were a third of
/// its time there.
#[inline]
pub(super) fn available(kernel: Kernel) -> bool {
    let mut bits = AVAILABLE.load(Ordering::Relaxed);
    if bits == 0 {
        bits = find_available();
    }
    bits & kernel_bit(kernel) != 0
}

/// Fills `AVAILABLE` (see [`available`]) and returns it.
#[cold]
fn find_available() -> u8 {
    // Set, so that the bits are never 0 once known.
    const KNOWN: u8 = 0x80;
    let bits = KNOWN
        | if avx512_available() {
            kernel_bit(Kernel::Avx512)
        } else {
            0
        }
        | if avx2_available() {
            kernel_bit(Kernel::Avx2)
        } else {
            0
        }
        | if sse42_available() {
            kernel_bit(Kernel::Sse42)
        } else {
            0
        }
        | if intel() { INTEL } else { 0 };
    // Threads that race here store the same bits.
    AVAILABLE.store(bits, Ordering::Relaxed);
    bits
}

/// The bit of `AVAILABLE` that says the CPU is Intel's.
const INTEL: u8 = 0x40;

/// Whether CPUID's vendor string is Intel's (`GenuineIntel`); false where
/// CPUID is not allowed (SGX).
fn intel() -> bool {
    if cfg!(target_env = "sgx") {
        return false;
    }
    let leaf0 = cpuid(0, 0);
    [leaf0.ebx, leaf0.edx, leaf0.ecx] == [0x756E_6547, 0x4965_6E69, 0x6C65_746E]
}

/// The AVX-512 kernel's instruction mix for this CPU (see `avx512`'s
/// module docs): on Intel, the bytes before a vector read from memory
/// ([`Kernel::Avx512Loads`]), since its cores run the two-table permute
/// that moves them into place (`vpermt2b`) as three micro-operations, two
/// on the one port that runs 512-bit shuffles; elsewhere (AMD's Zen 4 and
/// 5, where it is one operation and the loads split cache lines), moved
/// into place ([`Kernel::Avx512`]).
pub(super) fn avx512_mix() -> Kernel {
    let mut bits = AVAILABLE.load(Ordering::Relaxed);
    if bits == 0 {
        bits = find_available();
    }
    if bits & INTEL != 0 {
        Kernel::Avx512Loads
    } else {
        Kernel::Avx512
    }
}

/// The best kernel for this CPU.
pub(super) fn best() -> Kernel {
    [avx512_mix(), Kernel::Avx2, Kernel::Sse42]
        .into_iter()
        .find(|&k| available(k))
        .unwrap_or(Kernel::Swar)
}

/// The entry point of a kernel that [`best`] picks.
fn entry(kernel: Kernel) -> CheckFn {
    match kernel {
        Kernel::Avx512 => avx512::check,
        Kernel::Avx512Loads => avx512::loads::check,
        Kernel::Avx2 => avx2::check,
        Kernel::Sse42 => sse42::check,
        _ => |bytes| super::swar::check(bytes),
    }
}

/// The whole validation with a kernel that [`best`] picks: each SIMD
/// kernel's own `validate` (`lookup_algorithm!`), which tests the first
/// vector itself and reads a short input once; the portable kernel after
/// [`super::head::with_head`]. (The AVX2 and SSE4.2 kernels ran after `with_head`
/// too, until the sweep timed both ways: their own `validate` was faster at
/// every size, most of all under 64 bytes.)
pub(super) fn validate_entry(kernel: Kernel) -> KernelFn {
    match kernel {
        Kernel::Avx512 => avx512::validate,
        Kernel::Avx512Loads => avx512::loads::validate,
        Kernel::Avx2 => avx2::validate,
        Kernel::Sse42 => sse42::validate,
        _ => super::head::swar_validate,
    }
}

/// Bytes `16 * k ..` of `rest` as a vector, zero after its end
/// ([`super::tail::tail_piece_parts`]): one load and one `pshufb`. `None` under
/// 16 bytes.
#[inline]
#[target_feature(enable = "ssse3")]
fn tail_piece(rest: &[u8], k: usize) -> Option<__m128i> {
    let (data, indices) = super::tail::tail_piece_parts(rest, k)?;
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

/// [`super::head::first_high_byte`] for a whole head of 64 bytes, with SSE2,
/// which every x86-64 CPU has: the first 16 bytes alone, where an early
/// error usually is, then the other 48 at once, so that ASCII costs one test
/// for them. The blocks are searched one by one only when that test finds a
/// high byte.
#[inline]
pub(super) fn first_high_byte_64(head: &[u8; 64]) -> Option<usize> {
    // Block `i` of the head as a vector.
    let block = |i: usize| {
        debug_assert!(i < 4);
        // SAFETY: `head` is 64 bytes and `i < 4`, so the 16 bytes at
        // `16 * i` are inside it, which is what the unaligned load reads;
        // SSE2 is part of the x86-64 baseline.
        unsafe { _mm_loadu_si128(head.as_ptr().add(16 * i).cast()) }
    };
    // SAFETY: SSE2 is part of the x86-64 baseline.
    let mask = |v: __m128i| unsafe { _mm_movemask_epi8(v) }.cast_unsigned();
    let (b0, b1, b2, b3) = (block(0), block(1), block(2), block(3));
    let first = mask(b0);
    if first != 0 {
        return Some(first.trailing_zeros() as usize);
    }
    // SAFETY: SSE2 is part of the x86-64 baseline.
    let rest = mask(unsafe { _mm_or_si128(_mm_or_si128(b1, b2), b3) });
    if rest == 0 {
        return None;
    }
    let masks = u64::from(mask(b1)) | u64::from(mask(b2)) << 16 | u64::from(mask(b3)) << 32;
    Some(16 + masks.trailing_zeros() as usize)
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

/// `detect_validate` until the first call, then [`validate_entry`] of the
/// best kernel for this CPU.
static VALIDATE: AtomicPtr<()> = AtomicPtr::new(detect_validate as KernelFn as *mut ());

/// Picks the kernel, remembers its validation, and runs it.
///
/// # Safety
///
/// None beyond [`KernelFn`]'s signature: it checks the CPU itself.
unsafe fn detect_validate(bytes: &[u8]) -> Answer {
    let best = validate_entry(best());
    // Threads that race here store the same pointer.
    VALIDATE.store(best as *mut (), Ordering::Relaxed);
    // SAFETY: `best` returns only kernels whose features this CPU has.
    unsafe { best(bytes) }
}

/// `crate::validate` with the best kernel for this CPU: one load and one
/// indirect call, into a function compiled with the kernel's features.
#[inline]
pub(super) fn validate(bytes: &[u8]) -> Answer {
    let f = VALIDATE.load(Ordering::Relaxed);
    // SAFETY: `VALIDATE` only ever holds a `KernelFn`: `detect_validate`,
    // or what `validate_entry` returned, cast to a data pointer and back.
    let f = unsafe { core::mem::transmute::<*mut (), KernelFn>(f) };
    // SAFETY: `detect_validate` checks the CPU; `best` picks only kernels
    // the CPU supports.
    unsafe { f(bytes) }
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
    /// SSE3.
    pub sse3: bool,
    /// SSSE3.
    pub ssse3: bool,
    /// SSE4.1.
    pub sse41: bool,
    /// SSE4.2.
    pub sse42: bool,
    /// AVX, and the OS saves the YMM registers.
    pub avx: bool,
    /// AVX2 (and AVX).
    pub avx2: bool,
    /// FMA, and the OS saves the YMM registers.
    pub fma: bool,
    /// F16C: the CPUID bit alone, as std reports it (every kernel that
    /// needs it also needs AVX, which checks the OS).
    pub f16c: bool,
    /// AVX-512 Foundation, and the OS saves the opmask and ZMM registers
    /// (and AVX).
    pub avx512f: bool,
    /// AVX-512 Byte and Word (and AVX-512 F).
    pub avx512bw: bool,
    /// AVX-512 Vector Byte Manipulation Instructions (and AVX-512 F).
    pub avx512vbmi: bool,
    /// BMI1 (`tzcnt`, `andn`, `blsr`): general-purpose registers, so no OS
    /// support needed.
    pub bmi1: bool,
    /// BMI2 (`shlx`, `shrx`, `bzhi`): likewise.
    pub bmi2: bool,
}

impl CpuFeatures {
    /// The flags as bits, in field order.
    const fn to_bits(self) -> u16 {
        (self.sse3 as u16)
            | ((self.ssse3 as u16) << 1)
            | ((self.sse41 as u16) << 2)
            | ((self.sse42 as u16) << 3)
            | ((self.avx as u16) << 4)
            | ((self.avx2 as u16) << 5)
            | ((self.fma as u16) << 6)
            | ((self.f16c as u16) << 7)
            | ((self.avx512f as u16) << 8)
            | ((self.avx512bw as u16) << 9)
            | ((self.avx512vbmi as u16) << 10)
            | ((self.bmi1 as u16) << 11)
            | ((self.bmi2 as u16) << 12)
    }

    /// The inverse of [`Self::to_bits`].
    const fn from_bits(bits: u16) -> Self {
        CpuFeatures {
            sse3: bits & 1 != 0,
            ssse3: bits & (1 << 1) != 0,
            sse41: bits & (1 << 2) != 0,
            sse42: bits & (1 << 3) != 0,
            avx: bits & (1 << 4) != 0,
            avx2: bits & (1 << 5) != 0,
            fma: bits & (1 << 6) != 0,
            f16c: bits & (1 << 7) != 0,
            avx512f: bits & (1 << 8) != 0,
            avx512bw: bits & (1 << 9) != 0,
            avx512vbmi: bits & (1 << 10) != 0,
            bmi1: bits & (1 << 11) != 0,
            bmi2: bits & (1 << 12) != 0,
        }
    }

    /// The features enabled at compile time.
    const fn compiled() -> Self {
        CpuFeatures {
            sse3: cfg!(target_feature = "sse3"),
            ssse3: cfg!(target_feature = "ssse3"),
            sse41: cfg!(target_feature = "sse4.1"),
            sse42: cfg!(target_feature = "sse4.2"),
            avx: cfg!(target_feature = "avx"),
            avx2: cfg!(target_feature = "avx2"),
            fma: cfg!(target_feature = "fma"),
            f16c: cfg!(target_feature = "f16c"),
            avx512f: cfg!(target_feature = "avx512f"),
            avx512bw: cfg!(target_feature = "avx512bw"),
            avx512vbmi: cfg!(target_feature = "avx512vbmi"),
            bmi1: cfg!(target_feature = "bmi1"),
            bmi2: cfg!(target_feature = "bmi2"),
        }
    }
}

/// [`CpuFeatures::to_bits`] of what [`cpu_features`] found, plus
/// `KNOWN`; 0 until the first call.
static FOUND: AtomicU16 = AtomicU16::new(0);
const KNOWN: u16 = 0x8000;

/// What the CPU has, asked once (see the module docs) and remembered.
///
/// Not public API (`utf8lit::__private::cpu_features`): without `std` the
/// kernel choice rests on it, and the tests hold it to
/// `is_x86_feature_detected!`.
#[doc(hidden)]
#[must_use]
pub fn cpu_features() -> CpuFeatures {
    let bits = FOUND.load(Ordering::Relaxed);
    if bits & KNOWN != 0 {
        return CpuFeatures::from_bits(bits);
    }
    let found = if cfg!(target_env = "sgx") {
        CpuFeatures::compiled()
    } else {
        ask_cpu()
    };
    // Threads that race here store the same bits.
    FOUND.store(found.to_bits() | KNOWN, Ordering::Relaxed);
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
    found.sse3 = bit(leaf1.ecx, 0);
    found.ssse3 = bit(leaf1.ecx, 9);
    found.sse41 = bit(leaf1.ecx, 19);
    found.sse42 = bit(leaf1.ecx, 20);
    found.f16c = bit(leaf1.ecx, 29);
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
    found.fma = ymm_saved && bit(leaf1.ecx, 12);
    if max_leaf >= 7 {
        let leaf7 = cpuid(7, 0);
        found.avx2 = found.avx && bit(leaf7.ebx, 5);
        found.avx512f = found.avx && avx512_state_saved && bit(leaf7.ebx, 16);
        found.avx512bw = found.avx512f && bit(leaf7.ebx, 30);
        found.avx512vbmi = found.avx512f && bit(leaf7.ecx, 1);
        found.bmi1 = bit(leaf7.ebx, 3);
        found.bmi2 = bit(leaf7.ebx, 8);
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
            sse3: has!("sse3"),
            ssse3: has!("ssse3"),
            sse41: has!("sse4.1"),
            sse42: has!("sse4.2"),
            avx: has!("avx"),
            avx2: has!("avx2"),
            fma: has!("fma"),
            f16c: has!("f16c"),
            avx512f: has!("avx512f"),
            avx512bw: has!("avx512bw"),
            avx512vbmi: has!("avx512vbmi"),
            bmi1: has!("bmi1"),
            bmi2: has!("bmi2"),
        }
    }

    #[test]
    fn cpu_features_agree_with_std() {
        assert_eq!(cpu_features(), std_features());
        // Asked again: the remembered answer.
        assert_eq!(cpu_features(), std_features());
        assert_eq!(ask_cpu(), std_features());
    }

    /// Whether `has` includes every feature in a comma-separated list.
    fn has_all(has: CpuFeatures, features: &str) -> bool {
        features.split(',').all(|feature| match feature {
            "sse3" => has.sse3,
            "ssse3" => has.ssse3,
            "sse4.1" => has.sse41,
            "sse4.2" => has.sse42,
            "avx" => has.avx,
            "avx2" => has.avx2,
            "fma" => has.fma,
            "f16c" => has.f16c,
            "avx512f" => has.avx512f,
            "avx512bw" => has.avx512bw,
            "avx512vbmi" => has.avx512vbmi,
            "bmi1" => has.bmi1,
            "bmi2" => has.bmi2,
            other => panic!("{other:?} is not a field of CpuFeatures"),
        })
    }

    #[test]
    fn the_best_available_kernel_is_selected() {
        let has = std_features();
        let want = if has_all(has, avx512::FEATURES) {
            avx512_mix()
        } else if has_all(has, avx2::FEATURES) {
            Kernel::Avx2
        } else if has_all(has, sse42::FEATURES) {
            Kernel::Sse42
        } else {
            Kernel::Swar
        };
        std::eprintln!("CPU features {has:?}: {want:?} selected");
        assert_eq!(best(), want);
        assert_eq!(Kernel::selected(), want);
        assert_eq!(
            avx512_available(),
            matches!(want, Kernel::Avx512 | Kernel::Avx512Loads)
        );
        assert_eq!(Kernel::Avx512.is_available(), avx512_available());
        assert_eq!(Kernel::Avx512Loads.is_available(), avx512_available());
        // The mix follows the vendor, as `/proc/cpuinfo` names it.
        if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
            let intel = cpuinfo
                .lines()
                .any(|l| l.starts_with("vendor_id") && l.trim_end().ends_with("GenuineIntel"));
            assert_eq!(avx512_mix() == Kernel::Avx512Loads, intel);
        }
        assert_eq!(Kernel::Avx2.is_available(), has_all(has, avx2::FEATURES));
        assert_eq!(Kernel::Sse42.is_available(), has_all(has, sse42::FEATURES));
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

    // ---------------------------------------------------------------------
    // Each kernel's target features: stated in its `FEATURES`, and held to
    // its attributes and its detection here, since `#[target_feature]`
    // takes only a literal and `is_x86_feature_detected!` only literals.
    // ---------------------------------------------------------------------

    /// A kernel's module: its `FEATURES`, its source, and the function in
    /// this file that says whether the CPU can run it.
    struct KernelSource {
        name: &'static str,
        features: &'static str,
        source: &'static str,
        available: &'static str,
    }

    const KERNELS: [KernelSource; 3] = [
        KernelSource {
            name: "avx512",
            features: avx512::FEATURES,
            source: include_str!("x86/avx512.rs"),
            available: "avx512_available",
        },
        KernelSource {
            name: "avx2",
            features: avx2::FEATURES,
            source: include_str!("x86/avx2.rs"),
            available: "avx2_available",
        },
        KernelSource {
            name: "sse42",
            features: sse42::FEATURES,
            source: include_str!("x86/sse42.rs"),
            available: "sse42_available",
        },
    ];

    /// This file, where the detection and `tail_piece` are.
    const X86_RS: &str = include_str!("x86.rs");

    /// What each feature implies when a `#[target_feature]` enables it, as
    /// rustc's table has it (`compiler/rustc_target/src/target_features.rs`),
    /// for every feature a kernel here names; copied by hand, so a feature
    /// new to a kernel must be added here with its implications. A kernel
    /// may use what a feature implies, so its `FEATURES` must list that too.
    const IMPLIES: [(&str, &[&str]); 13] = [
        ("sse3", &["sse2"]),
        ("ssse3", &["sse3"]),
        ("sse4.1", &["ssse3"]),
        ("sse4.2", &["sse4.1"]),
        ("avx", &["sse4.2"]),
        ("avx2", &["avx"]),
        ("fma", &["avx"]),
        ("f16c", &["avx"]),
        ("avx512f", &["avx2", "fma", "f16c"]),
        ("avx512bw", &["avx512f"]),
        ("avx512vbmi", &["avx512bw"]),
        ("bmi1", &[]),
        ("bmi2", &[]),
    ];

    /// Part of every x86-64 target, so never detected.
    const BASELINE: [&str; 2] = ["sse", "sse2"];
    const _: () = assert!(
        cfg!(all(target_feature = "sse", target_feature = "sse2")),
        "BASELINE is not compiled in"
    );

    /// What follows each `marker` in `source`, with its line number: the
    /// text of a string literal if one comes next (whitespace and line
    /// breaks skipped, as rustfmt may wrap), else everything up to `end`;
    /// `None` for a literal that is never closed.
    fn values_after<'a>(
        source: &'a str,
        marker: &str,
        end: char,
    ) -> std::vec::Vec<(usize, Option<&'a str>)> {
        source
            .match_indices(marker)
            .map(|(at, _)| {
                let line = source[..at].matches('\n').count() + 1;
                let rest = source[at + marker.len()..].trim_start();
                let value = match rest.strip_prefix('"') {
                    Some(quoted) => quoted.find('"').map(|close| &quoted[..close]),
                    None => Some(rest[..rest.find(end).unwrap_or(rest.len())].trim()),
                };
                (line, value)
            })
            .collect()
    }

    /// What each `#[target_feature(enable = …)]` in `source` enables.
    fn target_features(source: &str) -> std::vec::Vec<(usize, Option<&str>)> {
        values_after(source, "target_feature(", ')')
            .into_iter()
            .map(|(line, value)| {
                let enabled = value
                    .and_then(|v| v.strip_prefix("enable"))
                    .and_then(|v| v.trim_start().strip_prefix('='))
                    .map(str::trim)
                    .and_then(|v| match v.strip_prefix('"') {
                        Some(quoted) => quoted.strip_suffix('"'),
                        None => Some(v),
                    });
                (line, enabled)
            })
            .collect()
    }

    /// The feature names, sorted, of a comma-separated list.
    fn names(list: &str) -> std::vec::Vec<&str> {
        let mut names: std::vec::Vec<&str> = list.split(',').collect();
        names.sort_unstable();
        names
    }

    /// The names `detected!` is given in `fn {available}` in this file.
    fn detected_names(available: &str) -> std::vec::Vec<&'static str> {
        let header = std::format!("pub(super) fn {available}() -> bool {{");
        assert_eq!(
            X86_RS.matches(&header).count(),
            1,
            "x86.rs: expected one `{header}`"
        );
        let body = &X86_RS[X86_RS.find(&header).unwrap_or(0)..];
        let body = &body[..body.find("\n}").expect("the function's closing brace")];
        let call = &body[body.find("detected!(").expect("a `detected!` call")..];
        let mut found: std::vec::Vec<&str> = call.split('"').skip(1).step_by(2).collect();
        found.sort_unstable();
        found
    }

    /// Where `kernel`'s `FEATURES` differs from what one of its
    /// `#[target_feature]` attributes or macro invocations enables, from
    /// what those features imply, from what `tail_piece` enables if the
    /// kernel calls it, or from what its `*_available` function detects.
    fn kernel_problems(kernel: &KernelSource) -> std::vec::Vec<std::string::String> {
        let KernelSource {
            name,
            features,
            source,
            available,
        } = *kernel;
        let mut problems = std::vec::Vec::new();
        let file = std::format!("x86/{name}.rs");
        let attributes = target_features(source);
        let invocations = values_after(source, "features:", ',');
        let macros = source.matches("x86_primitives!(").count()
            + source.matches("lookup_algorithm!(").count();
        if invocations.len() != macros {
            problems.push(std::format!(
                "kernel {name}: {file} has {macros} kernel macro invocations but \
                 {} `features: \"…\"` arguments",
                invocations.len()
            ));
        }
        if attributes.is_empty() {
            problems.push(std::format!(
                "kernel {name}: {file} has no #[target_feature]"
            ));
        }
        for (line, got) in attributes.iter().chain(&invocations) {
            match got {
                None => problems.push(std::format!(
                    "kernel {name}: {file}:{line}: cannot read what this enables; \
                     write `#[target_feature(enable = \"…\")]` or `features: \"…\"`"
                )),
                Some(got) if *got != features => problems.push(std::format!(
                    "kernel {name}: {file}:{line} enables \"{got}\", \
                     but {name}::FEATURES is \"{features}\""
                )),
                Some(_) => {}
            }
        }
        let mut unique = names(features);
        unique.dedup();
        if unique.len() != names(features).len() {
            problems.push(std::format!(
                "kernel {name}: {name}::FEATURES names a feature twice: \"{features}\""
            ));
        }
        // Closed under implication.
        for feature in names(features) {
            match IMPLIES.iter().find(|(f, _)| *f == feature) {
                None => problems.push(std::format!(
                    "kernel {name}: feature \"{feature}\" of {name}::FEATURES is not in \
                     IMPLIES; add what rustc makes it imply"
                )),
                Some((_, implied)) => {
                    for needed in *implied {
                        if !BASELINE.contains(needed) && !names(features).contains(needed) {
                            problems.push(std::format!(
                                "kernel {name}: \"{feature}\" implies \"{needed}\", \
                                 which {name}::FEATURES does not list, so nothing detects it"
                            ));
                        }
                    }
                }
            }
        }
        // What `tail_piece` enables, where the kernel calls it.
        if source.contains("tail_piece(") {
            let marker = "fn tail_piece(";
            let before = &X86_RS[..X86_RS.find(marker).expect("tail_piece in x86.rs")];
            let (_, piece) = *target_features(before)
                .last()
                .expect("tail_piece's #[target_feature]");
            for needed in names(piece.expect("tail_piece's features, as a string")) {
                if !names(features).contains(&needed) {
                    problems.push(std::format!(
                        "kernel {name}: calls tail_piece, which enables \"{needed}\", \
                         but {name}::FEATURES does not list it"
                    ));
                }
            }
        }
        // Detection checks exactly these features.
        let detected = detected_names(available);
        let stated = names(features);
        for missing in stated.iter().filter(|f| !detected.contains(*f)) {
            problems.push(std::format!(
                "kernel {name}: {available}() does not detect \"{missing}\", \
                 which {name}::FEATURES enables"
            ));
        }
        for extra in detected.iter().filter(|f| !stated.contains(*f)) {
            problems.push(std::format!(
                "kernel {name}: {available}() detects \"{extra}\", \
                 which {name}::FEATURES does not list"
            ));
        }
        problems
    }

    /// Each kernel's target features are stated once, in its `FEATURES`,
    /// and everything that enables or detects them agrees.
    #[test]
    fn kernel_target_features_are_stated_once() {
        let mut problems: std::vec::Vec<_> = KERNELS.iter().flat_map(kernel_problems).collect();
        // The shared macros take the kernel's string and add none of their own.
        for (file, source) in [
            ("x86/primitives.rs", include_str!("x86/primitives.rs")),
            ("lookup.rs", include_str!("lookup.rs")),
        ] {
            for (line, enabled) in target_features(source) {
                if enabled != Some("$features") {
                    problems.push(std::format!(
                        "{file}:{line}: a #[target_feature] that does not enable \
                         the kernel's `$features`"
                    ));
                }
            }
        }
        assert!(
            problems.is_empty(),
            "kernel target features disagree:\n  {}",
            problems.join("\n  ")
        );
    }
}
