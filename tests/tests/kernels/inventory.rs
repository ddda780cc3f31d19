//! The kernels themselves: which ones this machine has, and which one is selected.
//!
//! `Kernel::is_available` is std's `is_x86_feature_detected!` (or, without
//! `std`, the core's own CPUID and XGETBV), so comparing the two proves
//! nothing. What it is held to here is a source that shares no code with
//! either: the CPU flags the Linux kernel lists in `/proc/cpuinfo`, which
//! also leaves out a feature whose registers the OS does not save (AVX,
//! AVX-512), as the detection must. Where that file is missing or has no
//! flags, the test says so and checks the rest.
//!
//! Under an emulator (QEMU, valgrind) the program's CPUID can hide
//! features that the host's `/proc/cpuinfo` lists. A feature detected but
//! not listed always fails; one listed but not detected fails unless
//! `UTF8LIT_EMULATED_CPU` is set, and then the test prints it.

use super::*;

// ---------------------------------------------------------------------------
// The kernels themselves
// ---------------------------------------------------------------------------

/// The flags named by `key` (`flags` on x86-64, `Features` on aarch64) that
/// every processor in `/proc/cpuinfo` lists (a process may run on any of
/// them); `None` when the file or the lines are missing.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn cpuinfo_flags(key: &str) -> Option<BTreeSet<String>> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            (name.trim() == key).then(|| {
                value
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect::<BTreeSet<_>>()
            })
        })
        .reduce(|all, these| all.intersection(&these).cloned().collect())
}

/// Set (to anything) when the tests run under an emulator or a sandbox
/// whose CPUID hides features that the host's `/proc/cpuinfo` lists.
#[cfg(target_arch = "x86_64")]
const EMULATED: &str = "UTF8LIT_EMULATED_CPU";

/// What the AVX-512 kernel needs, in either of its instruction mixes.
#[cfg(target_arch = "x86_64")]
const AVX512_NEEDS: &[&str] = &[
    "avx512f",
    "avx512bw",
    "avx512vbmi",
    "bmi1",
    "bmi2",
    "avx2",
    "fma",
    "f16c",
    "avx",
    "sse4_2",
    "sse4_1",
    "ssse3",
    "pni",
];

/// The x86-64 kernels, best first, with the `/proc/cpuinfo` flags of every
/// feature their `#[target_feature]`s name or imply, down to SSSE3 (the
/// `pshufb` of the short-input tail), as Linux spells them.
#[cfg(target_arch = "x86_64")]
const X86_NEEDS: [(Kernel, &[&str]); 4] = [
    (Kernel::Avx512, AVX512_NEEDS),
    // The same kernel in its other instruction mix: the same features.
    (Kernel::Avx512Loads, AVX512_NEEDS),
    (
        Kernel::Avx2,
        &["avx2", "avx", "sse4_2", "sse4_1", "ssse3", "pni"],
    ),
    (Kernel::Sse42, &["sse4_2", "sse4_1", "ssse3", "pni"]),
];

/// Each x86-64 kernel is available exactly where the CPU (and the OS) has
/// every feature it needs, by `/proc/cpuinfo`; the core's own detection
/// finds what std does, and what `/proc/cpuinfo` lists; the selected
/// kernel is the best one the flags allow.
/// Each field of `found`, the name Linux gives the feature in
/// `/proc/cpuinfo`'s flags, and whether the field is set.
#[cfg(target_arch = "x86_64")]
fn detected_flags(
    found: &utf8lit::__private::CpuFeatures,
) -> [(&'static str, &'static str, bool); 13] {
    // Linux calls SSE3 `pni` (Prescott New Instructions).
    [
        ("sse3", "pni", found.sse3),
        ("ssse3", "ssse3", found.ssse3),
        ("sse41", "sse4_1", found.sse41),
        ("sse42", "sse4_2", found.sse42),
        ("avx", "avx", found.avx),
        ("avx2", "avx2", found.avx2),
        ("fma", "fma", found.fma),
        ("f16c", "f16c", found.f16c),
        ("avx512f", "avx512f", found.avx512f),
        ("avx512bw", "avx512bw", found.avx512bw),
        ("avx512vbmi", "avx512vbmi", found.avx512vbmi),
        ("bmi1", "bmi1", found.bmi1),
        ("bmi2", "bmi2", found.bmi2),
    ]
}

#[cfg(target_arch = "x86_64")]
fn check_x86_detection() {
    use utf8lit::__private::cpu_features;

    // The core's unit tests hold `cpu_features()` (its own CPUID and
    // XGETBV, for builds without `std`) to `is_x86_feature_detected!`; here
    // both are held to `/proc/cpuinfo`.
    let found = cpu_features();

    let Some(flags) = cpuinfo_flags("flags") else {
        println!(
            "/proc/cpuinfo has no flags: the independent check of which x86 kernels \
             this CPU can run was SKIPPED"
        );
        return;
    };
    let missing = |needs: &[&str]| -> Vec<String> {
        needs
            .iter()
            .filter(|&&f| !flags.contains(f))
            .map(|&f| f.to_owned())
            .collect()
    };
    // A feature detected that the CPU or the OS lacks would run a kernel
    // into an illegal instruction: always a failure. One listed but not
    // detected is a failure too, unless the CPU is emulated (see the
    // module docs), where CPUID may hide what the host has.
    let emulated = std::env::var_os(EMULATED).is_some();
    let mut hidden = Vec::new();
    let mut not_detected = |what: String| {
        assert!(
            emulated,
            "{what}: set {EMULATED}=1 if this runs under an emulator whose CPUID \
             hides features the host has"
        );
        hidden.push(what);
    };
    for (kernel, needs) in X86_NEEDS {
        let missing = missing(needs);
        let name = kernel.name();
        if kernel.is_available() {
            assert!(
                missing.is_empty(),
                "{name}: is_available(), but /proc/cpuinfo lacks {missing:?} of {needs:?}"
            );
        } else if missing.is_empty() {
            not_detected(format!(
                "{name}: not is_available(), but /proc/cpuinfo lists all of {needs:?}"
            ));
        }
    }
    for (field, flag, got) in detected_flags(&found) {
        let listed = flags.contains(flag);
        assert!(
            !got || listed,
            "cpu_features().{field} is set, but /proc/cpuinfo lacks {flag}"
        );
        if listed && !got {
            not_detected(format!(
                "cpu_features().{field} is not set, but /proc/cpuinfo lists {flag}"
            ));
        }
    }
    let best = X86_NEEDS
        .into_iter()
        .filter(|&(kernel, _)| kernel != other_avx512_mix())
        .find(|(_, needs)| missing(needs).is_empty())
        .map_or(Kernel::Swar, |(kernel, _)| kernel);
    if hidden.is_empty() {
        assert_eq!(
            Kernel::selected(),
            best,
            "the selected kernel vs the best that /proc/cpuinfo allows"
        );
        println!(
            "/proc/cpuinfo agrees: the CPU has the features of [{}]",
            X86_NEEDS
                .iter()
                .filter(|(_, needs)| missing(needs).is_empty())
                .map(|(k, _)| k.name())
                .collect::<Vec<_>>()
                .join(" ")
        );
    } else {
        println!(
            "{EMULATED} is set, and CPUID here hides what /proc/cpuinfo lists \
             (not failures): {}",
            hidden.join("; ")
        );
    }
}

/// The AVX-512 mix `utf8lit::validate` does not choose here: of the two
/// (`runtime/src/fast/x86/avx512.rs` says why), `avx512-loads` on Intel's
/// CPUs, by `/proc/cpuinfo`'s vendor, and `avx512` elsewhere.
#[cfg(target_arch = "x86_64")]
fn other_avx512_mix() -> Kernel {
    let intel = cpuinfo_flags("vendor_id").is_some_and(|v| v.contains("GenuineIntel"));
    if intel {
        Kernel::Avx512
    } else {
        Kernel::Avx512Loads
    }
}

/// NEON is compiled in where the target has it, and then the CPU must
/// list Advanced SIMD (`asimd`). (Under an emulator that shows the host's
/// file, there is no `Features` line to compare with.)
#[cfg(target_arch = "aarch64")]
fn check_aarch64_detection() {
    let Some(features) = cpuinfo_flags("Features") else {
        println!(
            "/proc/cpuinfo has no Features: the independent check of the NEON \
             kernel's availability was SKIPPED"
        );
        return;
    };
    if Kernel::Neon.is_available() {
        assert!(
            features.contains("asimd"),
            "neon: is_available(), but /proc/cpuinfo's Features lack asimd: {features:?}"
        );
        println!("/proc/cpuinfo agrees: the CPU has asimd (neon)");
    }
}

#[test]
fn kernel_inventory() {
    let mut names = BTreeSet::new();
    for kernel in Kernel::ALL {
        assert!(!kernel.name().is_empty());
        assert!(
            names.insert(kernel.name()),
            "duplicate name {}",
            kernel.name()
        );
        if !kernel.is_available() {
            assert_eq!(
                kernel.validate(b"abc"),
                None,
                "{} is unavailable",
                kernel.name()
            );
            assert_eq!(
                kernel.validate(b"\xFF"),
                None,
                "{} is unavailable",
                kernel.name()
            );
        }
    }
    #[cfg(target_arch = "x86_64")]
    check_x86_detection();
    #[cfg(target_arch = "aarch64")]
    check_aarch64_detection();

    let kernels = available_kernels();
    let selected = Kernel::selected();
    // The order `utf8lit::validate` documents (crate::fast), written out
    // here rather than taken from `Kernel::ALL`: the first available one.
    // (`Kernel::Simd128` exists only on wasm32 built with `simd128`.)
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let order: &[Kernel] = &[Kernel::Simd128, Kernel::Swar];
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let order: &[Kernel] = if cfg!(target_arch = "x86_64") {
        &[
            Kernel::Avx512,
            Kernel::Avx512Loads,
            Kernel::Avx2,
            Kernel::Sse42,
            Kernel::Swar,
        ]
    } else if cfg!(target_arch = "aarch64") {
        &[Kernel::Neon, Kernel::Swar]
    } else {
        &[Kernel::Swar]
    };
    let best = order
        .iter()
        .copied()
        .filter(|&k| {
            #[cfg(target_arch = "x86_64")]
            return k != other_avx512_mix();
            #[cfg(not(target_arch = "x86_64"))]
            {
                let _ = k;
                true
            }
        })
        .find(|k| k.is_available())
        .expect("swar is always available");
    assert_eq!(selected, best, "the selected kernel vs the best available");
    // NEON is the aarch64 baseline: there, it is the kernel.
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    assert_eq!(selected, Kernel::Neon, "aarch64 selects the NEON kernel");
    // Built with `simd128`, wasm32 has it wherever the module loads.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    assert_eq!(
        selected,
        Kernel::Simd128,
        "wasm32 with simd128 selects the simd128 kernel"
    );
    println!(
        "available kernels: {:?}; selected: {}\n{}",
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>(),
        selected.name(),
        skipped_line()
    );
    for input in [&b""[..], b"a", b"\xC3\xA9", b"\xFF", b"\xE2\x82"] {
        assert_eq!(
            Some(utf8lit::validate(input)),
            selected.validate(input),
            "utf8lit::validate vs the selected kernel on [{}]",
            hex(input)
        );
    }
}
