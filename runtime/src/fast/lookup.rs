//! The lookup algorithm of the SIMD kernels (Keiser and Lemire,
//! "Validating UTF-8 in less than one instruction per byte", 2021), written
//! once for every vector width and instruction set.
//!
//! `lookup_algorithm!` expands, inside a kernel's module, to its `check`.
//! The module provides the vector type `V`, `LANES`, `VECTORS` (how many
//! make a group), `from_words` (a vector from little-endian words),
//! `from_rest` (vector `i` of a short rest, or `None` to build it from
//! words), the lane shifts `prev1` and `prev2` (a vector moved up one or
//! two lanes, the end of the one before coming in), and the primitives
//! `load`, `load_table`, `splat`, `or`, `and`, `xor`, `subs` (saturating),
//! `high_nibbles`, `low_nibbles`, `shuffle` (a 16-entry table lookup, the
//! table repeated across the vector), `any` (a lane is not zero),
//! `any_high` (a lane has its top bit set) and `nonzero_lanes` (a bit per
//! lane), and `prefetch` (ask for a cache line ahead; a no-op where the
//! kernel has none). The SSE4.2 and AVX2 kernels get theirs from
//! `x86_primitives!`; the AVX-512 and NEON kernels write their own. A
//! macro, not a generic function, so that all of it is compiled with the
//! kernel's target features and inlined into `check`.
//!
//! One departure from the paper: it tests "a continuation byte follows a
//! continuation byte exactly where the byte two back leads a 3- or 4-byte
//! sequence or the byte three back a 4-byte one" with two shifts of the
//! input, by two and by three. Here each byte is marked where it is at
//! least E0 or follows one at least F0 (`leads`), and the marks are shifted
//! by two: one shift where the paper has two, the marks carried from vector
//! to vector with the bytes (`Carry`).

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
        const _: () = assert!(VECTORS >= 2, "check_end reads two vectors before the end");
        const _: () = assert!(LANES <= 64, "nonzero_lanes keeps a bit per lane in a u64");

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

        /// What a vector passes to the next: its bytes, and its `leads`
        /// (see [`leads`]), of which the next vector reads the last two.
        #[derive(Clone, Copy)]
        struct Carry {
            bytes: V,
            leads: V,
        }

        impl Carry {
            /// Before the input, or after ASCII: nothing is due.
            #[inline]
            #[target_feature(enable = $features)]
            fn after(bytes: V) -> Self {
                Carry {
                    bytes,
                    leads: splat(0),
                }
            }

            /// The carry of a vector read without the one before it: its
            /// last two marks depend on its last three bytes alone.
            #[inline]
            #[target_feature(enable = $features)]
            fn of(bytes: V) -> Self {
                Carry {
                    bytes,
                    leads: leads(bytes, prev1(bytes, splat(0))),
                }
            }
        }

        /// The top bit of each lane of `input` that is at least E0, or
        /// follows one at least F0 (`prev1`: `input` moved up a lane): the
        /// byte two lanes on must be a continuation byte.
        #[inline]
        #[target_feature(enable = $features)]
        fn leads(input: V, prev1: V) -> V {
            and(
                or(
                    subs(input, splat(THIRD_BYTE_BIAS)),
                    subs(prev1, splat(FOURTH_BYTE_BIAS)),
                ),
                splat(0x80),
            )
        }

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

            /// Nonzero lanes where `input` (after the vector `carry`
            /// describes) breaks a rule, and what `input` passes on.
            #[inline]
            #[target_feature(enable = $features)]
            fn errors(&self, input: V, carry: Carry) -> (V, Carry) {
                let prev1 = prev1(input, carry.bytes);
                let special = and(
                    and(
                        shuffle(self.prev_high(), high_nibbles(prev1)),
                        shuffle(self.prev_low(), low_nibbles(prev1)),
                    ),
                    shuffle(self.cur_high(), high_nibbles(input)),
                );
                let leads = leads(input, prev1);
                // A continuation pair where none is due, or a due one missing.
                let must_continue = prev2(leads, carry.leads);
                (
                    xor(must_continue, special),
                    Carry {
                        bytes: input,
                        leads,
                    },
                )
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
            if len < GROUP {
                return c.check_short(bytes);
            }
            let ptr = bytes.as_ptr();
            let mut carry = Carry::after(splat(0));
            let mut at = 0;
            while at + GROUP <= len {
                // SAFETY: `at + GROUP <= len`.
                let group = unsafe { load_group(ptr.add(at)) };
                if !any_high(or_all(&group)) {
                    // An ASCII group continues nothing: a sequence that the
                    // previous vector left unfinished is cut off here.
                    // (`errors` sees the previous vector itself; only ASCII
                    // groups, which skip it, need this.)
                    if c.ends_inside_sequence(carry.bytes) {
                        return Some(at);
                    }
                    carry = Carry::after(group[VECTORS - 1]);
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
                        carry = Carry::after(b[VECTORS - 1]);
                        at += 2 * GROUP;
                    }
                    continue;
                }
                // A run of other text: stay here while it lasts, so that the
                // loop carries its state in one place (the ASCII group that
                // ends the run is loaded again by the outer loop).
                let mut group = group;
                loop {
                    let (errors, next) = c.group_errors(&group, carry);
                    if any(errors) {
                        // SAFETY: as for `group`, just loaded from there.
                        return Some(at + unsafe { c.first_flagged(ptr.add(at), carry) });
                    }
                    carry = next;
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
                return c.ends_inside_sequence(carry.bytes).then_some(len);
            }
            // SAFETY: a group was read, so `len > GROUP`.
            unsafe { c.check_end(ptr, len) }
        }

        /// Vector `i` of `rest` (fewer than `GROUP` bytes), zero after its
        /// end: put together by the kernel's `from_rest` where it has one
        /// (a masked load, or 16-byte loads moved into place by a table
        /// lookup), else from words of the input.
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
            /// [`check`] for fewer than `GROUP` bytes: the input as one
            /// group padded with zeros, ASCII, which a sequence cut off by
            /// the end fails to continue, so no test of the end is needed.
            /// Each vector is put together in registers (`tail_vector`):
            /// copied into a buffer in memory, the vector loads waited for
            /// the copy's smaller stores (a failed store forward, most of a
            /// short input's time). All `VECTORS` of them, not as many as
            /// the input fills: a loop count that varies with the input's
            /// length mispredicts, and on short inputs that costs more than
            /// the vectors it saves. ASCII is told first, as the groups of
            /// longer inputs are: one test, where the rules take a dozen
            /// instructions a vector.
            #[inline]
            #[target_feature(enable = $features)]
            fn check_short(&self, bytes: &[u8]) -> Option<usize> {
                let group: [V; VECTORS] = core::array::from_fn(|i| tail_vector(bytes, i));
                if !any_high(or_all(&group)) {
                    return None;
                }
                let start = Carry::after(splat(0));
                // Up to a vector of input: its rules, and whether the end
                // cuts a sequence off (the zero lanes after a shorter input
                // catch that among the rules).
                if bytes.len() <= LANES {
                    let (errors, _) = self.errors(group[0], start);
                    if any(errors) {
                        return Some(nonzero_lanes(errors).trailing_zeros() as usize);
                    }
                    return self.ends_inside_sequence(group[0]).then_some(bytes.len());
                }
                if any(self.group_errors(&group, start).0) {
                    return Some(self.first_flagged_in(&group, start));
                }
                None
            }

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
                    let carry = Carry::of(prev);
                    if any(self.group_errors(&group, carry).0) {
                        return Some(start + self.first_flagged_in(&group, carry));
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
                let (errors, _) = self.errors(last, Carry::of(prev));
                if any(errors) {
                    return Some(start + nonzero_lanes(errors).trailing_zeros() as usize);
                }
                self.ends_inside_sequence(last).then_some(len)
            }

            /// Nonzero lanes where some vector of `group` (after the one
            /// `carry` describes) breaks a rule, and what the group passes
            /// on.
            #[inline]
            #[target_feature(enable = $features)]
            fn group_errors(&self, group: &[V; VECTORS], carry: Carry) -> (V, Carry) {
                let (mut errors, mut carry) = self.errors(group[0], carry);
                for &v in &group[1..] {
                    let (more, next) = self.errors(v, carry);
                    errors = or(errors, more);
                    carry = next;
                }
                (errors, carry)
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
            unsafe fn first_flagged(&self, ptr: *const u8, carry: Carry) -> usize {
                // SAFETY: the caller's promise.
                let group = unsafe { load_group(ptr) };
                self.first_flagged_in(&group, carry)
            }

            /// [`first_flagged`](Self::first_flagged) of a group at hand.
            #[cold]
            #[target_feature(enable = $features)]
            fn first_flagged_in(&self, group: &[V; VECTORS], mut carry: Carry) -> usize {
                for (i, &v) in group.iter().enumerate() {
                    let (errors, next) = self.errors(v, carry);
                    let lanes = nonzero_lanes(errors);
                    if lanes != 0 {
                        return i * LANES + lanes.trailing_zeros() as usize;
                    }
                    carry = next;
                }
                // Not reached: the group has a flag.
                GROUP
            }
        }
    };
}
