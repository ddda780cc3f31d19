//! The kernels by name, for the tests, the benchmarks and the fuzz targets
//! (through `__private`; not public API). [`Kernel`] names each
//! implementation, and [`Kernel::validator`] hands out its whole
//! validation: the very function [`crate::validate()`] calls on a machine
//! whose best kernel it is, so that a forced kernel runs and is timed as
//! it runs there. The choice `validate` makes itself is `fast`'s dispatch.

use super::answer::Answer;
use super::head::swar_validate;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use super::neon::neon_validate;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use super::wasm::simd128_validate;
#[cfg(target_arch = "x86_64")]
use super::x86;
use crate::{decode, Utf8Error};

/// One implementation of validation. Not public API: tests, benchmarks and
/// fuzz targets use it to run each implementation by name.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// AVX-512 (F, BW and VBMI), 64 bytes a step, masked tail loads; the
    /// bytes before a vector moved into place (`vpermt2b`): the mix for AMD.
    Avx512,
    /// The same AVX-512 kernel, the bytes before a vector read from memory:
    /// the mix for Intel, where `vpermt2b` costs two micro-operations on
    /// the port that runs every 512-bit shuffle.
    Avx512Loads,
    /// AVX2, 32 bytes a step.
    Avx2,
    /// SSE4.2, 16 bytes a step.
    Sse42,
    /// NEON (aarch64), 16 bytes a vector, 32 or 64 a step.
    Neon,
    /// WebAssembly `simd128` (wasm32), 16 bytes a vector. Only on wasm32
    /// built with `simd128`: WebAssembly cannot detect it at run time, and
    /// a module that has it does not load where it is missing.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    Simd128,
    /// The portable kernel: word-at-a-time ASCII tests and a shift-based DFA.
    Swar,
    /// The `const` reference decoder alone.
    Reference,
}

/// A kernel's whole validation, as [`Kernel::validator`] returns it: the
/// very function [`crate::validate`] calls on a machine whose best kernel
/// this is, so that a forced kernel is timed as it runs.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Validator {
    /// Only ever a function whose target features this CPU has
    /// ([`Kernel::validator`] checks), so calling it is safe.
    f: KernelFn,
}

/// A kernel's whole validation of an input, the error explained: two
/// registers.
pub(crate) type KernelFn = unsafe fn(&[u8]) -> Answer;

impl Validator {
    /// Validates `bytes`: one indirect call.
    ///
    /// # Errors
    ///
    /// The reference decoder's error, as [`crate::validate`] returns it.
    #[inline]
    #[must_use = "the result says whether the bytes are UTF-8"]
    #[allow(unsafe_code, reason = "the call of a kernel the CPU was found to have")]
    pub fn validate(self, bytes: &[u8]) -> Result<(), Utf8Error> {
        // SAFETY: `Kernel::validator`, the only maker of a `Validator`,
        // returns one only for a kernel that `is_available` found this CPU
        // to have every target feature of; the other functions it holds
        // have no precondition.
        unsafe { (self.f)(bytes) }.into_result()
    }
}

impl Kernel {
    /// Every implementation, fastest first.
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    pub const ALL: [Kernel; 7] = [
        Kernel::Avx512,
        Kernel::Avx512Loads,
        Kernel::Avx2,
        Kernel::Sse42,
        Kernel::Neon,
        Kernel::Swar,
        Kernel::Reference,
    ];

    /// Every implementation, fastest first: on wasm32 with `simd128`, the
    /// `simd128` kernel too.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub const ALL: [Kernel; 8] = [
        Kernel::Avx512,
        Kernel::Avx512Loads,
        Kernel::Avx2,
        Kernel::Sse42,
        Kernel::Neon,
        Kernel::Simd128,
        Kernel::Swar,
        Kernel::Reference,
    ];

    /// The name used in benchmark and test reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Avx512 => "avx512",
            Kernel::Avx512Loads => "avx512-loads",
            Kernel::Avx2 => "avx2",
            Kernel::Sse42 => "sse42",
            Kernel::Neon => "neon",
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => "simd128",
            Kernel::Swar => "swar",
            Kernel::Reference => "reference",
        }
    }

    /// Whether this CPU can run the kernel (the x86-64 kernels: detected
    /// at run time, with or without `std`).
    #[must_use]
    pub fn is_available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 | Kernel::Avx512Loads | Kernel::Avx2 | Kernel::Sse42 => {
                x86::available(self)
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 | Kernel::Avx512Loads | Kernel::Avx2 | Kernel::Sse42 => false,
            // NEON is part of the aarch64 baseline: compiled in, available.
            Kernel::Neon => cfg!(all(target_arch = "aarch64", target_feature = "neon")),
            // Compiled in only where the target has it, which WebAssembly
            // requires of every engine that loads the module.
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => true,
            Kernel::Swar | Kernel::Reference => true,
        }
    }

    /// The kernel [`crate::validate`] uses on this machine: the first
    /// available one, but of the two AVX-512 mixes the one for this CPU's
    /// vendor.
    #[must_use]
    pub fn selected() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        return x86::best();
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::ALL
            .into_iter()
            .find(|k| k.is_available())
            .unwrap_or(Kernel::Swar)
    }

    /// Validates with this kernel, or `None` when the CPU lacks it. The
    /// answer (and any error) is always the reference decoder's.
    #[must_use]
    #[inline]
    pub fn validate(self, bytes: &[u8]) -> Option<Result<(), Utf8Error>> {
        self.validator().map(|v| v.validate(bytes))
    }

    /// This kernel's whole validation, the function [`crate::validate`]
    /// calls where it is the best kernel (the kernel, then the reference
    /// decoder at a flag), or `None` when the CPU lacks it. For benchmarks:
    /// one call an input, what `validate` would run on such a machine.
    #[must_use]
    pub fn validator(self) -> Option<Validator> {
        if !self.is_available() {
            return None;
        }
        let f: KernelFn = match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 | Kernel::Avx512Loads | Kernel::Avx2 | Kernel::Sse42 => {
                x86::validate_entry(self)
            }
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Kernel::Neon => neon_validate,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => simd128_validate,
            Kernel::Swar => swar_validate,
            Kernel::Reference => |bytes| Answer::of(decode::validate(bytes)),
            // Not available on this target: returned above.
            _ => return None,
        };
        Some(Validator { f })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kernel's tail paths (the last group again, the last vector
    /// again, the tail put together word by word) at every length up to
    /// 200 bytes, with each kind of error at every position.
    #[test]
    fn every_available_kernel_agrees_with_std_at_every_length_and_position() {
        let mut ascii = [b'a'; 200];
        let mut mixed = [0; 200];
        for (i, b) in "a\u{E9}\u{20AC}\u{1F600}"
            .bytes()
            .cycle()
            .take(200)
            .enumerate()
        {
            mixed[i] = b;
        }
        let bads: [&[u8]; 4] = [&[0xFF], &[0x80], &[0xE2, 0x82], &[0xF0, 0x9F]];
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let check = |input: &[u8]| {
                let ours = kernel.validate(input).unwrap();
                let std = core::str::from_utf8(input);
                assert_eq!(ours.is_ok(), std.is_ok(), "{kernel:?} on {input:02X?}");
                if let (Err(a), Err(b)) = (ours, std) {
                    assert_eq!(
                        a.valid_up_to(),
                        b.valid_up_to(),
                        "{kernel:?} on {input:02X?}"
                    );
                    assert_eq!(a.error_len(), b.error_len(), "{kernel:?} on {input:02X?}");
                }
            };
            for filler in [&mut ascii, &mut mixed] {
                for len in 0..=200 {
                    check(&filler[..len]);
                    for at in 0..len {
                        for bad in bads {
                            let end = (at + bad.len()).min(len);
                            let mut input = *filler;
                            input[at..end].copy_from_slice(&bad[..end - at]);
                            check(&input[..len]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_available_kernel_agrees_with_std_on_every_two_byte_input() {
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            assert_eq!(kernel.validate(b""), Some(Ok(())), "{kernel:?}");
            for n in 0..=0xFFFFu16 {
                let buf = n.to_le_bytes();
                let ours = kernel.validate(&buf).unwrap();
                let std = core::str::from_utf8(&buf);
                assert_eq!(ours.is_ok(), std.is_ok(), "{kernel:?} on {buf:02X?}");
                if let (Err(a), Err(b)) = (ours, std) {
                    assert_eq!(a.valid_up_to(), b.valid_up_to(), "{kernel:?} on {buf:02X?}");
                    assert_eq!(a.error_len(), b.error_len(), "{kernel:?} on {buf:02X?}");
                }
            }
        }
    }
}
