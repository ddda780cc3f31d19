//! The kernels themselves: which ones this machine has, and which one is selected.

use super::*;

// ---------------------------------------------------------------------------
// The kernels themselves
// ---------------------------------------------------------------------------

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
        #[cfg(target_arch = "x86_64")]
        {
            let cpu = match kernel.name() {
                "avx512" => Some(
                    std::arch::is_x86_feature_detected!("avx512f")
                        && std::arch::is_x86_feature_detected!("avx512bw")
                        && std::arch::is_x86_feature_detected!("avx512vbmi"),
                ),
                "avx2" => Some(std::arch::is_x86_feature_detected!("avx2")),
                "sse42" => Some(std::arch::is_x86_feature_detected!("sse4.2")),
                _ => None,
            };
            if let Some(cpu) = cpu {
                assert_eq!(
                    kernel.is_available(),
                    cpu,
                    "{}: is_available vs the CPU",
                    kernel.name()
                );
            }
        }
    }
    let kernels = available_kernels();
    let selected = Kernel::selected();
    assert!(
        kernels.contains(&selected),
        "selected {selected:?} is not available"
    );
    // NEON is the aarch64 baseline: there, it is the kernel.
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    assert_eq!(selected, Kernel::Neon, "aarch64 selects the NEON kernel");
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
