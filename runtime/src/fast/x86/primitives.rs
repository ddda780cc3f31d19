//! The primitives of the 128- and 256-bit x86 kernels, written once (the
//! AVX-512 kernel's own are in `avx512`).
//!
//! `x86_primitives!` expands, inside a kernel's module, to the vector
//! operations that `lookup_algorithm!` (`crate::fast::lookup`) is written
//! in, each named after what it does and made of the intrinsics the
//! invocation names. The module provides the vector type `V` and `LANES`.
//! A macro, not a generic function, so that every primitive is compiled
//! with the kernel's target features and inlined into it.

macro_rules! x86_primitives {
    (
        features: $features:literal,
        loadu: $loadu:ident,
        set1: $set1:ident,
        or: $or:ident,
        and: $and:ident,
        xor: $xor:ident,
        subs: $subs:ident,
        srli16: $srli16:ident,
        shuffle: $shuffle:ident,
        cmpeq: $cmpeq:ident,
        movemask: $movemask:ident,
        testz: $testz:ident $(,)?
    ) => {
        /// # Safety
        ///
        /// `ptr` must have `LANES` readable bytes.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn load(ptr: *const u8) -> V {
            // SAFETY: the caller's promise.
            unsafe { $loadu(ptr.cast()) }
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn load_table(table: &[u8; LANES]) -> V {
            // SAFETY: the array has `LANES` bytes.
            unsafe { load(table.as_ptr()) }
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn splat(byte: u8) -> V {
            $set1(byte.cast_signed())
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn or(a: V, b: V) -> V {
            $or(a, b)
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn and(a: V, b: V) -> V {
            $and(a, b)
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn xor(a: V, b: V) -> V {
            $xor(a, b)
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn subs(a: V, b: V) -> V {
            $subs(a, b)
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn high_nibbles(v: V) -> V {
            and($srli16::<4>(v), splat(0x0F))
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn low_nibbles(v: V) -> V {
            and(v, splat(0x0F))
        }

        /// Looks up each lane's index (0..16) in its 128-bit lane of `table`.
        #[inline]
        #[target_feature(enable = $features)]
        fn shuffle(table: V, idx: V) -> V {
            $shuffle(table, idx)
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn any(v: V) -> bool {
            $testz(v, v) == 0
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn any_high(v: V) -> bool {
            $movemask(v) != 0
        }

        /// A bit per lane, set where the byte is not zero.
        #[inline]
        #[target_feature(enable = $features)]
        fn nonzero_lanes(v: V) -> u64 {
            let zero = $cmpeq(v, splat(0));
            u64::from(!$movemask(zero).cast_unsigned() & (u32::MAX >> (32 - LANES)))
        }
    };
}
