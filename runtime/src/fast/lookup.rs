//! The lookup algorithm of the SIMD kernels (Keiser and Lemire,
//! "Validating UTF-8 in less than one instruction per byte", 2021), written
//! once for every vector width and instruction set.
//!
//! `lookup_algorithm!` expands, inside a kernel's module, to its `check`.
//! The module provides the vector type `V`, `LANES`, the three lane shifts
//! `prev1`, `prev2`, `prev3`, and the primitives `load`, `load_table`,
//! `splat`, `or`, `and`, `xor`, `subs` (saturating), `high_nibbles`,
//! `low_nibbles`, `shuffle` (a 16-entry table lookup per 128-bit lane),
//! `any` (a lane is not zero), `any_high` (a lane has its top bit set) and
//! `nonzero_lanes` (a bit per lane). The x86 kernels get theirs from
//! `x86_primitives!`; the NEON kernel writes its own. A macro, not a
//! generic function, so that all of it is compiled with the kernel's target
//! features and inlined into `check`.

macro_rules! lookup_algorithm {
    (features: $features:literal $(,)?) => {
        use crate::fast::tables::{
            incomplete_max, repeated, CUR_HIGH, FOURTH_BYTE_BIAS, PREV_HIGH, PREV_LOW,
            THIRD_BYTE_BIAS,
        };

        /// Two vectors: the unit in which ASCII is skipped and errors are
        /// tested.
        const GROUP: usize = 2 * LANES;

        static PREV_HIGH_N: [u8; LANES] = repeated(PREV_HIGH);
        static PREV_LOW_N: [u8; LANES] = repeated(PREV_LOW);
        static CUR_HIGH_N: [u8; LANES] = repeated(CUR_HIGH);
        static INCOMPLETE_MAX: [u8; LANES] = incomplete_max();

        /// The constants, loaded once per call.
        #[derive(Clone, Copy)]
        struct Consts {
            prev_high: V,
            prev_low: V,
            cur_high: V,
            third_bias: V,
            fourth_bias: V,
            top_bit: V,
            incomplete_max: V,
        }

        impl Consts {
            #[inline]
            #[target_feature(enable = $features)]
            fn new() -> Self {
                Self {
                    prev_high: load_table(&PREV_HIGH_N),
                    prev_low: load_table(&PREV_LOW_N),
                    cur_high: load_table(&CUR_HIGH_N),
                    third_bias: splat(THIRD_BYTE_BIAS),
                    fourth_bias: splat(FOURTH_BYTE_BIAS),
                    top_bit: splat(0x80),
                    incomplete_max: load_table(&INCOMPLETE_MAX),
                }
            }

            /// Nonzero lanes where `input` (after `prev`) breaks a rule.
            #[inline]
            #[target_feature(enable = $features)]
            fn errors(&self, input: V, prev: V) -> V {
                let prev1 = prev1(input, prev);
                let special = and(
                    and(
                        shuffle(self.prev_high, high_nibbles(prev1)),
                        shuffle(self.prev_low, low_nibbles(prev1)),
                    ),
                    shuffle(self.cur_high, high_nibbles(input)),
                );
                let must_continue = and(
                    or(
                        subs(prev2(input, prev), self.third_bias),
                        subs(prev3(input, prev), self.fourth_bias),
                    ),
                    self.top_bit,
                );
                xor(must_continue, special)
            }

            /// Whether a vector ends inside a sequence.
            #[inline]
            #[target_feature(enable = $features)]
            fn ends_inside_sequence(&self, v: V) -> bool {
                any(subs(v, self.incomplete_max))
            }
        }

        /// `None` when `bytes` is valid; otherwise the offset of the first
        /// flagged byte (see `crate::fast` for what that promises).
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn check(bytes: &[u8]) -> Option<usize> {
            let c = Consts::new();
            let len = bytes.len();
            let ptr = bytes.as_ptr();
            let mut prev = splat(0);
            // Whether `prev` ends inside a sequence: only ASCII groups need
            // to know, as `errors` sees the previous vector itself.
            let mut prev_cut = false;
            let mut at = 0;
            while at + GROUP <= len {
                // SAFETY: `at + GROUP <= len`.
                let (a, b) = unsafe { (load(ptr.add(at)), load(ptr.add(at + LANES))) };
                if !any_high(or(a, b)) {
                    if prev_cut {
                        return Some(at);
                    }
                    prev = b;
                    at += GROUP;
                    // In a run of ASCII: two groups a step while it lasts,
                    // one branch for four loads, so that more of them are
                    // in flight when the text streams from memory.
                    while at + 2 * GROUP <= len {
                        // SAFETY: `at + 2 * GROUP <= len`.
                        let (a, b, c, d) = unsafe {
                            (
                                load(ptr.add(at)),
                                load(ptr.add(at + LANES)),
                                load(ptr.add(at + 2 * LANES)),
                                load(ptr.add(at + 3 * LANES)),
                            )
                        };
                        if any_high(or(or(a, b), or(c, d))) {
                            break;
                        }
                        prev = d;
                        at += 2 * GROUP;
                    }
                    continue;
                }
                let (ea, eb) = (c.errors(a, prev), c.errors(b, a));
                if any(or(ea, eb)) {
                    return Some(at + first_flagged(ea, eb));
                }
                prev = b;
                prev_cut = c.ends_inside_sequence(b);
                at += GROUP;
            }
            if at == len {
                return prev_cut.then_some(len);
            }
            // The rest, fewer than `GROUP` bytes, padded with zeros (ASCII,
            // which a sequence cut off by the end fails to continue).
            let mut buf = [0u8; GROUP];
            let rest = &bytes[at..];
            buf[..rest.len()].copy_from_slice(rest);
            // SAFETY: `buf` is `GROUP` bytes.
            let (a, b) = unsafe { (load(buf.as_ptr()), load(buf.as_ptr().add(LANES))) };
            let (ea, eb) = (c.errors(a, prev), c.errors(b, a));
            any(or(ea, eb)).then(|| at + first_flagged(ea, eb))
        }

        /// The first flagged lane of two vectors, one with a flag. Kernels
        /// report the lane, not the vector: an error starts at most three
        /// bytes before the first flagged byte, so the reference decoder has
        /// only those to read.
        #[inline]
        #[target_feature(enable = $features)]
        fn first_flagged(a: V, b: V) -> usize {
            let lanes = u64::from(nonzero_lanes(a)) | u64::from(nonzero_lanes(b)) << LANES;
            lanes.trailing_zeros() as usize
        }
    };
}
