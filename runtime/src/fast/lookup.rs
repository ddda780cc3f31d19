//! The lookup algorithm of the SIMD kernels (Keiser and Lemire,
//! "Validating UTF-8 in less than one instruction per byte", 2021), written
//! once for every vector width and instruction set.
//!
//! `lookup_algorithm!` expands, inside a kernel's module, to its `check`.
//! The module provides the vector type `V`, `LANES`, `VECTORS` (how many
//! make a group), `from_words` (a vector from little-endian words),
//! `from_rest` (vector `i` of a short rest, or `None` to build it from
//! words), the three lane shifts
//! `prev1`, `prev2`, `prev3`, and the primitives `load`, `load_table`,
//! `splat`, `or`, `and`, `xor`, `subs` (saturating), `high_nibbles`,
//! `low_nibbles`, `shuffle` (a 16-entry table lookup per 128-bit lane),
//! `any` (a lane is not zero), `any_high` (a lane has its top bit set) and
//! `nonzero_lanes` (a bit per lane), and `prefetch` (ask for a cache line
//! ahead; a no-op where the kernel has none). The x86 kernels get theirs from
//! `x86_primitives!`; the NEON kernel writes its own. A macro, not a
//! generic function, so that all of it is compiled with the kernel's target
//! features and inlined into `check`.

macro_rules! lookup_algorithm {
    (features: $features:literal $(,)?) => {
        use crate::fast::tables::{
            incomplete_max, repeated, CUR_HIGH, FOURTH_BYTE_BIAS, PREV_HIGH, PREV_LOW,
            THIRD_BYTE_BIAS,
        };

        /// `VECTORS` vectors (the kernel's choice): the unit in which ASCII
        /// is skipped and errors are tested, one branch each.
        const GROUP: usize = VECTORS * LANES;
        /// How far ahead of the non-ASCII loop a cache line is asked for:
        /// about the memory's latency at the loop's pace. Shorter distances
        /// left the loop waiting; longer ones were no faster and fetch more
        /// that lies past the end.
        const PREFETCH: usize = 2048;
        const _: () = assert!(GROUP <= 128, "first_flagged keeps a bit per byte in a u128");
        const _: () = assert!(VECTORS >= 2, "check_end reads two vectors before the end");

        static PREV_HIGH_N: [u8; LANES] = repeated(PREV_HIGH);
        static PREV_LOW_N: [u8; LANES] = repeated(PREV_LOW);
        static CUR_HIGH_N: [u8; LANES] = repeated(CUR_HIGH);
        static INCOMPLETE_MAX: [u8; LANES] = incomplete_max();

        /// The algorithm's constants. It holds none: each method reads its
        /// table where it is used. A struct of vectors built on entry was
        /// stored to an aligned stack frame on every call (the out-of-line
        /// helpers take it by reference), before the first useful load; the
        /// loop needs no copy, since LLVM keeps loop-invariant loads in
        /// registers.
        #[derive(Clone, Copy)]
        struct Consts;

        impl Consts {
            #[inline]
            fn new() -> Self {
                Self
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn prev_high(self) -> V {
                load_table(&PREV_HIGH_N)
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn prev_low(self) -> V {
                load_table(&PREV_LOW_N)
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn cur_high(self) -> V {
                load_table(&CUR_HIGH_N)
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn incomplete_max(self) -> V {
                load_table(&INCOMPLETE_MAX)
            }

            /// Nonzero lanes where `input` (after `prev`) breaks a rule.
            #[inline]
            #[target_feature(enable = $features)]
            fn errors(&self, input: V, prev: V) -> V {
                let prev1 = prev1(input, prev);
                let special = and(
                    and(
                        shuffle(self.prev_high(), high_nibbles(prev1)),
                        shuffle(self.prev_low(), low_nibbles(prev1)),
                    ),
                    shuffle(self.cur_high(), high_nibbles(input)),
                );
                let must_continue = and(
                    or(
                        subs(prev2(input, prev), splat(THIRD_BYTE_BIAS)),
                        subs(prev3(input, prev), splat(FOURTH_BYTE_BIAS)),
                    ),
                    splat(0x80),
                );
                xor(must_continue, special)
            }

            /// Whether a vector ends inside a sequence.
            #[inline]
            #[target_feature(enable = $features)]
            fn ends_inside_sequence(&self, v: V) -> bool {
                any(subs(v, self.incomplete_max()))
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
            let mut at = 0;
            while at + GROUP <= len {
                // SAFETY: `at + GROUP <= len`.
                let group = unsafe { load_group(ptr.add(at)) };
                if !any_high(or_all(&group)) {
                    // An ASCII group continues nothing: a sequence that the
                    // previous vector left unfinished is cut off here.
                    // (`errors` sees the previous vector itself; only ASCII
                    // groups, which skip it, need this.)
                    if c.ends_inside_sequence(prev) {
                        return Some(at);
                    }
                    prev = group[VECTORS - 1];
                    at += GROUP;
                    // In a run of ASCII: two groups a step while it lasts,
                    // one branch for twice the loads, so that more of them
                    // are in flight when the text streams from memory.
                    while at + 2 * GROUP <= len {
                        // SAFETY: `at + 2 * GROUP <= len`.
                        let a = unsafe { load_group(ptr.add(at)) };
                        // SAFETY: as above.
                        let b = unsafe { load_group(ptr.add(at + GROUP)) };
                        if any_high(or(or_all(&a), or_all(&b))) {
                            break;
                        }
                        prev = b[VECTORS - 1];
                        at += 2 * GROUP;
                    }
                    continue;
                }
                // A run of other text: stay here while it lasts, so that the
                // loop carries `prev` in one place (the ASCII group that
                // ends the run is loaded again by the outer loop).
                let mut group = group;
                loop {
                    if any(c.group_errors(&group, prev)) {
                        // SAFETY: as for `group`, just loaded from there.
                        return Some(at + unsafe { c.first_flagged(ptr.add(at), prev) });
                    }
                    prev = group[VECTORS - 1];
                    at += GROUP;
                    if at + GROUP > len {
                        break;
                    }
                    // This loop runs at the arithmetic's pace, slower than
                    // memory can deliver, yet the hardware's prefetcher
                    // alone leaves it waiting on text streamed from memory
                    // (`real_data -- memory`). So a line is asked for
                    // PREFETCH bytes ahead, never past the end.
                    prefetch(ptr.wrapping_add((at + PREFETCH).min(len - 1)));
                    // SAFETY: `at + GROUP <= len`.
                    group = unsafe { load_group(ptr.add(at)) };
                    if !any_high(or_all(&group)) {
                        break;
                    }
                }
            }
            if at == len {
                return c.ends_inside_sequence(prev).then_some(len);
            }
            if at > 0 {
                // SAFETY: a group was read, so `len > GROUP`.
                return unsafe { c.check_end(ptr, len) };
            }
            // An input shorter than a group: padded with zeros, ASCII,
            // which a sequence cut off by the end fails to continue. Each
            // vector is put together in registers (`tail_vector`): copied
            // into a buffer in memory, the vector loads waited for the
            // copy's smaller stores (a failed store forward, most of a
            // short input's time). All `VECTORS` of them, not as many as the
            // rest fills: a loop count that varies with the input's length
            // mispredicts, and on short inputs that costs more than the
            // vectors it saves.
            let rest = bytes.get(at..).unwrap_or_default();
            let mut errors = splat(0);
            let mut before = prev;
            for i in 0..VECTORS {
                let v = tail_vector(rest, i);
                errors = or(errors, c.errors(v, before));
                before = v;
            }
            if any(errors) {
                return Some(at + c.first_flagged_in_tail(rest, prev));
            }
            // The rest is shorter than the group, so at least its last byte
            // is padding, on which a cut-off sequence has already failed.
            None
        }

        /// Vector `i` of `rest` (fewer than `GROUP` bytes), zero after its
        /// end: put together by the kernel's `from_rest` where it has one
        /// (x86: 16-byte loads moved into place by a shuffle), else from
        /// words of the input.
        #[inline]
        #[target_feature(enable = $features)]
        fn tail_vector(rest: &[u8], i: usize) -> V {
            if let Some(v) = from_rest(rest, i) {
                return v;
            }
            from_words(core::array::from_fn(|j| {
                crate::fast::tail_word(rest, i * (LANES / 8) + j)
            }))
        }

        /// # Safety
        ///
        /// `ptr` must have `GROUP` readable bytes.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn load_group(ptr: *const u8) -> [V; VECTORS] {
            // SAFETY: `i * LANES + LANES <= GROUP` for `i < VECTORS`, and
            // the caller promises `GROUP` readable bytes.
            core::array::from_fn(|i| unsafe { load(ptr.add(i * LANES)) })
        }

        #[inline]
        #[target_feature(enable = $features)]
        fn or_all(group: &[V; VECTORS]) -> V {
            let mut all = group[0];
            for &v in &group[1..] {
                all = or(all, v);
            }
            all
        }

        impl Consts {
            /// The end of an input longer than a group, once the groups
            /// that fit are checked and fewer than `GROUP` bytes are left:
            /// the last group's worth of bytes checked again after the
            /// vector before them, or, with less than a vector before them,
            /// the last vector after the one before it. A flag depends
            /// only on its byte and the three before it, so the bytes
            /// already checked (or skipped as ASCII) pass again, and the
            /// first flag is still the first error's. Two loads where the
            /// tail of a short input is put together word by word (ASCII
            /// inputs of 65–128 bytes ran at half std's speed). Out of
            /// line: inlined, it cost 16–63-byte inputs, which never come
            /// here, a tenth of their speed.
            ///
            /// # Safety
            ///
            /// `ptr` must have `len` readable bytes, and `len > GROUP`.
            #[inline(never)]
            #[target_feature(enable = $features)]
            unsafe fn check_end(&self, ptr: *const u8, len: usize) -> Option<usize> {
                if let Some(before) = len.checked_sub(GROUP + LANES) {
                    let start = before + LANES;
                    // SAFETY: `before + LANES + GROUP == len`: this read
                    // and the next are inside the input.
                    let prev = unsafe { load(ptr.add(before)) };
                    // SAFETY: as above.
                    let group = unsafe { load_group(ptr.add(start)) };
                    if !any_high(or_all(&group)) {
                        return self.ends_inside_sequence(prev).then_some(start);
                    }
                    if any(self.group_errors(&group, prev)) {
                        // SAFETY: as above.
                        return Some(start + unsafe { self.first_flagged(ptr.add(start), prev) });
                    }
                    return self.ends_inside_sequence(group[VECTORS - 1]).then_some(len);
                }
                // `GROUP < len < GROUP + LANES`: the groups covered all but
                // fewer than `LANES` bytes, and `2 * LANES <= GROUP < len`.
                let start = len - LANES;
                // SAFETY: `start - LANES + 2 * LANES == len`, and
                // `start >= LANES` as `len >= 2 * LANES`: this read and the
                // next are inside the input.
                let prev = unsafe { load(ptr.add(start - LANES)) };
                // SAFETY: as above.
                let last = unsafe { load(ptr.add(start)) };
                let errors = self.errors(last, prev);
                if any(errors) {
                    return Some(start + nonzero_lanes(errors).trailing_zeros() as usize);
                }
                self.ends_inside_sequence(last).then_some(len)
            }

            /// Nonzero lanes where some vector of `group` (after `prev`)
            /// breaks a rule.
            #[inline]
            #[target_feature(enable = $features)]
            fn group_errors(&self, group: &[V; VECTORS], prev: V) -> V {
                let mut errors = self.errors(group[0], prev);
                for i in 1..VECTORS {
                    errors = or(errors, self.errors(group[i], group[i - 1]));
                }
                errors
            }

            /// The first flagged byte of a group with a flag. Kernels
            /// report the byte, not the group: an error starts at most
            /// three bytes before the first flagged byte, so the reference
            /// decoder has only those to read. (The error path only: the
            /// group is loaded again, rather than kept in memory on the
            /// valid path, and its errors computed vector by vector.)
            ///
            /// # Safety
            ///
            /// `ptr` must have `GROUP` readable bytes.
            #[cold]
            #[target_feature(enable = $features)]
            unsafe fn first_flagged(&self, ptr: *const u8, prev: V) -> usize {
                // SAFETY: the caller's promise.
                let group = unsafe { load_group(ptr) };
                self.first_flagged_in(&group, prev)
            }

            /// [`first_flagged`](Self::first_flagged) of a group at hand.
            #[cold]
            #[target_feature(enable = $features)]
            fn first_flagged_in(&self, group: &[V; VECTORS], prev: V) -> usize {
                let mut lanes = 0u128;
                let mut before = prev;
                for (i, &v) in group.iter().enumerate() {
                    lanes |= u128::from(nonzero_lanes(self.errors(v, before))) << (i * LANES);
                    before = v;
                }
                lanes.trailing_zeros() as usize
            }

            /// [`first_flagged`](Self::first_flagged) of the rest of the
            /// input, fewer than `GROUP` bytes.
            #[cold]
            #[target_feature(enable = $features)]
            fn first_flagged_in_tail(&self, rest: &[u8], prev: V) -> usize {
                let group: [V; VECTORS] = core::array::from_fn(|i| tail_vector(rest, i));
                self.first_flagged_in(&group, prev)
            }
        }
    };
}
