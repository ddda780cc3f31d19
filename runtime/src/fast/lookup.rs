//! The lookup algorithm of the SIMD kernels (Keiser and Lemire,
//! "Validating UTF-8 in less than one instruction per byte", 2021), written
//! once for every vector width and instruction set.
//!
//! `lookup_algorithm!` expands, inside a kernel's module, to its `validate`
//! and its `check`. `validate` is the kernel's whole validation: the very
//! function `crate::validate` calls, the error explained. `check` only
//! finds the first flagged byte, for `validate_from` and the tests. A
//! macro, not a generic function, so that all of it is compiled with the
//! kernel's target features and inlined into the kernel's functions. The
//! test model (`lookup/model.rs`) expands it over plain arrays, in each
//! kernel's shape, on any machine.
//!
//! The sections below follow an input by its length, then its end and its
//! errors. A *vector* is `LANES` bytes (16, 32 or 64). A *group* is
//! `VECTORS` vectors, `GROUP` bytes: the unit in which ASCII is skipped and
//! errors are tested, one branch each.
//!
//! # What a kernel provides
//!
//! The kernel's module provides the vector type `V`, `LANES`, `VECTORS`,
//! and these switches:
//!
//! - `MASKED_LOADS`: whether `from_rest` is one masked load a vector, cheap
//!   enough to read the end of any input with (AVX-512);
//! - `SHIFTED_LOADS`: whether a vector after the first reads the bytes
//!   before it from memory (`errors_at`), rather than have the vector
//!   before moved into place (AVX2, SSE4.2);
//! - `LANE_MASK_IS_CHEAP`: whether `nonzero_lanes` costs no more than
//!   `any_high` (not on NEON, which has no movemask);
//! - `SPARSE_STEPS`: whether `run` starts group by group, the rules only
//!   on groups that are not ASCII, until three groups in four are not
//!   (AVX2; it needs `SHIFTED_LOADS`).
//!
//! It also provides `from_words` (a vector from little-endian words),
//! `from_rest` (vector `i` of a short rest, or `None` to build it from
//! words), the lane shifts `prev1` and `prev2` (a vector moved up one or
//! two lanes, the end of the one before coming in), and the primitives
//! `load`, `load_table`, `splat`, `or`, `and`, `xor`, `subs` (saturating),
//! `high_nibbles`, `low_nibbles`, `shuffle` (a 16-entry table lookup, the
//! table repeated across the vector), `any` (a lane is not zero),
//! `any_high` (a lane has its top bit set) and `nonzero_lanes` (a bit per
//! lane). A kernel may name its own ASCII skip (`skip_ascii:`, the
//! signature of `skip_ascii_groups`), which only AVX-512 does, and its own
//! shifts after a vector of zeros (`after_zeros:`, for the first vector of
//! an input), which only AVX-512 does: a one-table permute for AMD, a
//! quadword and a byte align with zeros for Intel. Two more choices have
//! defaults: where the vector-by-vector path ends (`medium:`), and whether
//! the first vector's leads are masked before their shift
//! (`shift_masked_leads:`, Intel's mix). And a kernel whose rotation of a
//! vector is one shuffle may give its rotations by one and two lanes
//! (`short_rotates:`, Intel's mix), for an input of a vector at most
//! (`Consts::short_errors`), and a kernel may test an input's first two
//! bytes its own way (`first_two:`, AVX-512's `pext`). The SSE4.2 and AVX2 kernels get
//! theirs from `x86_primitives!` (`x86/primitives.rs`); the AVX-512 and
//! NEON kernels write their own.
//!
//! # The rules
//!
//! The rules read each byte and its three predecessors. One departure from
//! the paper: it tests "a continuation byte follows a continuation byte
//! exactly where the byte two back leads a 3- or 4-byte sequence or the
//! byte three back a 4-byte one" with two shifts of the input, by two and
//! by three. Here each byte is marked where it is at least E0 or follows
//! one at least F0 (`leads`), and the marks are shifted by two: one shift
//! where the paper has two. The marks are carried from vector to vector
//! with the bytes (`Carry`).
//!
//! With `SHIFTED_LOADS` no shift is left: the bytes one, two and three back
//! are three more loads a vector, and the marks are made from the latter
//! two (`errors_at`, `errors_next`). AVX2's shift is two shuffles across
//! the 128-bit halves, and the shuffles, not the loads, bounded its loop.
//! The first vector of an input, which has nothing before it, and a group
//! of exactly two vectors still take the carry. NEON shifts in one
//! instruction. AVX-512 comes in both mixes: `avx512` shifts with one
//! two-table permute, which AMD runs as one operation and where 64-byte
//! loads a byte off would cross a cache line nearly every time;
//! `avx512::loads`, for Intel, reads them, since Intel runs that permute
//! as three operations on its one 512-bit shuffle port (`x86::avx512_mix`).
//!
//! # Short input
//!
//! An input of up to a vector is that vector alone, read once
//! (`tail_vector`: a masked load, or the bytes put together in registers);
//! on x86-64, one under four bytes goes to the automaton instead
//! (`head::tiny`).
//! If it has no high byte, it is valid. Otherwise its first high byte is
//! tested: when it is certainly an error (a continuation byte, or a lead
//! without one after it), it is the error at once, before any rule runs.
//! This is told from the two bytes, loaded again as one 16-bit word
//! (`crate::fast::starts_character`): fewer instructions than the same
//! test from lane masks of the vector, and every valid short input with a
//! high byte pays for it. Errors in the first bytes are the common case (is this file text
//! at all?). Any other short input goes through the rules in line
//! (`check_vector`).
//!
//! Every longer input starts the same way: its first vector is a plain
//! load, and its first high byte, if certainly an error, is the error.
//!
//! # Up to a group
//!
//! An input of up to a group whose first vector is ASCII is done when its
//! last vector, overlapping, is ASCII too. On NEON (eight vectors a group)
//! the vectors between are loaded as well, their offsets clamped to the
//! last one, so that every length takes as many loads. On the kernels of
//! two vectors a group (all but NEON), a last vector with a high byte
//! settles the input alone (`last_vector_after_ascii`; the masked kernel
//! from `validate`, the others from `validate_rest`): it starts inside
//! the first vector, so every byte before it is ASCII, and its rules
//! after nothing are exact. Its first high byte is the input's: where
//! that starts no character (Latin-1 text's first error), it is answered
//! as an early error (see "Errors"), without the rules.
//!
//! When the first vector has a high byte, the masked kernel (AVX-512) runs
//! the rules in line: the first vector as loaded, the rest as one masked
//! load (`check_after_head`); a rest of one to eight bytes, all ASCII
//! (one word's test), needs only the first vector's rules and whether it
//! ends inside a sequence. Every kernel of two vectors a group does the
//! same for an input of exactly a group, the rest one plain load
//! (`check_pair`). Any other input shorter than a group goes through
//! `check` as one padded group (`check_short`).
//!
//! # Up to `MEDIUM`
//!
//! `MEDIUM` is 1 KiB, or four groups where that is more (1.6 KiB in
//! AVX-512's mix for Intel).
//!
//! ASCII first. An input of up to two groups is ASCII when its first and
//! last groups are. One of up to four groups is ASCII when its first two
//! and last two are: one test of eight loads, four up to two groups
//! (`ASCII_GROUPS`, on AVX2 and AVX-512). On AVX2, one of up to
//! eight groups (512 bytes) likewise, its first four and last four
//! (`ASCII_WIDE_GROUPS`). A longer input whose
//! first vector is ASCII is tested for ASCII there, two groups a step; at
//! its first other group, one shorter than `MEDIUM` goes on as below
//! (`validate_vectors`, no branch on the text), a longer one to
//! `check_groups`. (Through `check_groups`, text that is mostly ASCII, a
//! word in forty not, mispredicted its branches group after group and
//! trailed simdutf8 from 256 B, in cache: `scripts/ab -- text`.)
//!
//! When the first vector has a high byte, the masked kernel runs an input
//! of a group up to two in line (`check_two_groups`). Its vectors are
//! plain loads; the last one overlaps
//! the vector before it and takes that vector's carry (`Carry::of`), so it
//! needs no mask. Errors and a sequence cut off by the end are tested
//! together, and the flag, if any, is looked for out of line. The other
//! kernels of two vectors a group run the same at the start of
//! `validate_vectors`.
//!
//! An input of a group up to `MEDIUM` that these did not settle goes to
//! `validate_vectors`, out of line, which `check` calls too. It runs the
//! rules on every vector, ASCII or not: a group a step while more than a
//! group is left (with `WHOLE_GROUPS`, NEON's, while a whole group is),
//! then a vector a step. Their errors are gathered and tested once, at the
//! end. There is no branch on the text: tested group by group, ASCII
//! groups skipped, Latin text (whose groups are ASCII or not at random)
//! mispredicted a branch every group or two. Only an input with a flag is
//! read again, group by group, for the first one (`check_cold`,
//! `check_medium`).
//!
//! # Long input
//!
//! Anything else goes to `validate_rest`, out of line, which runs `check`.
//! `check` runs a long input's first group in line: an error there (a
//! binary file's first bytes, Latin-1 text) is found without
//! `check_groups`.
//!
//! `check_groups` skips ASCII two groups a step (`skip_ascii_pairs`), so
//! that more loads are in flight when the text streams from memory (the
//! AMD mix of AVX-512, from 4 KiB on, with 256-bit loads). It
//! hands each run of other text to `run`, where the rules' tables are
//! loaded. `check_groups` holds no constant of the rules, so ASCII costs
//! only its loads and tests.
//!
//! `run` applies the rules group by group, the state carried from one to
//! the next, ASCII groups included, in blocks of `TEST_EVERY` bytes (four
//! groups), until blocks all ASCII in a row or the end: one where the
//! ASCII before the run was long (other characters far apart), two where
//! it was short (words not ASCII every few groups, whose gaps cost less
//! through the rules than out of the run and back in). It ors each
//! block's flags and bytes together and tests both once a block, so the
//! only branches on the text are the run's end and its flags. On AVX2
//! (`SPARSE_STEPS`) a run starts group by group instead: the rules only on
//! a group with a high byte, an ASCII group tested only for a sequence cut
//! off before it, so that text whose other characters are a group or more
//! apart (HTML with a no-break space a line, a list of names) costs little
//! more than ASCII; once three of the last four groups are not ASCII, the
//! run goes on in blocks, where a test of each group would mispredict. A
//! flag is then looked for from the start of its block or group on
//! (`first_flagged_span`), the state worked out again from the vector
//! before. Where each vector
//! reads the bytes before it (`SHIFTED_LOADS`, AVX-512 on Intel), `run`
//! checks the vector at its start, then goes on from the next 64-byte
//! boundary of memory: the three loads before a vector cross a cache line
//! anyway, and an aligned vector's own load does not (`scripts/ab`, on an
//! Intel Xeon; the figures are in CHANGELOG). Nothing is
//! prefetched: on Zen 4, a line asked for 2 KiB ahead of `run` made text
//! that is not ASCII no faster from memory,
//! and mostly-ASCII text 2-3% slower (`real_data -- memory`;
//! `scripts/ab -- files`). On Sapphire Rapids, a line 256 bytes ahead of
//! each vector made `run` no faster on text in L2, and `validate_vectors`
//! faster only where its input was not in L1, slower where it was
//! (`scripts/ab`).
//!
//! # The end
//!
//! An input's last bytes seldom fill a vector. `validate_vectors` reads the
//! last vector as a plain load that overlaps the one before it, after the
//! carry of the vector that precedes it (`Carry::of`; `end_errors`). A flag
//! depends only on its byte and the three before it, so the bytes read
//! twice flag the same. The last vector is also tested for a sequence cut
//! off. So the end needs no mask, no page test and no branch on the text.
//! Where the loops reached the end, its rules are skipped. On the kernels
//! without masked loads, an input of whole vectors takes the carry it has
//! instead: a branch on the length, not the text.
//!
//! The end of a longer input (`check_rest`) is read with masked loads
//! where the kernel has them (`MASKED_LOADS`, `check_tail`): AVX-512 reads
//! backwards within 64 bytes of a page's end
//! (`crate::fast::tail::masked_read_backward`). The other kernels check
//! the last group's worth again (`check_end`). An end after ASCII is first
//! tested with plain loads of the last group's worth of bytes
//! (`ascii_end`), before either.
//!
//! A rest shorter than a group (`check_tail`) is one group padded with
//! zeros, which a sequence cut off by the end fails to continue. Its
//! vectors are put together in registers (`tail_vector`, and
//! `crate::fast::tail`): copied into a buffer, the loads waited on the
//! copy's smaller stores.
//!
//! # Errors
//!
//! A kernel never decides an error. It flags a byte at most three bytes
//! after the error starts, and the reference decoder finds the error: it
//! reads from the first high byte, or from the sequence boundary before the
//! flag, to the error, sequence by sequence (`decode::error_near`).
//!
//! An early error is answered from the first bytes alone. When the input's
//! first high byte, at `e`, is in its first `LINE` (64) bytes, and it and
//! the byte after it make an error certain (a byte that leads nothing, or
//! a lead not continued, or one that ends the input), `validate` reads no
//! byte at or past `max(64, e + 8)`: the first 64 bytes, and the eight
//! from the error on that `Utf8Error` records. Not the input's end, not a
//! group ahead, not a prefetch. Most files that are not UTF-8 are binary,
//! their first error at byte 0–3, and std's loop reads only that cache
//! line: anything a kernel read before its verdict would be a cache miss
//! std does not pay, on every such file not in cache. So the first vector
//! is tested before any other load, and a kernel whose vectors are
//! narrower than 64 bytes tests the rest of the first 64 next
//! (`first_high_in_line`), before the ASCII paths below read the end.
//! When that first high byte starts a character, the error is not certain
//! yet, and the rules run; but an input longer than a group tests its
//! first group's flags before reading on (`validate_vectors`, and
//! `check`'s first group): an error a few bytes after it, in the first 16
//! (a binary file's `é` and then FF), reads no byte at or past 256.
//! `tests/tests/early_reads.rs` puts every byte after those on pages that
//! fault when read, for every kernel and every size to 1 MiB. (This is
//! about the loads the code makes, not what the CPU fetches on a path it
//! predicted wrongly. And an input that does not start on a cache line has
//! its first 64 bytes on two lines: reading only the first, as std does,
//! made no difference measured with inputs not in cache, `real_data --
//! cold`.)
//!
//! Such an error has its record put together from the bytes around it,
//! without a branch on them: from the first nine for an error at byte 0 or
//! 1 (`answer::error_in_first_two`), elsewhere from the eight from two
//! before it (`answer::error_after_ascii`), or within six bytes of the
//! end from the last eight (`answer::early_error`); in an input under
//! eight bytes, by the reference decoder. The reference decoder's
//! branches on where the error is and what came before it took turns
//! mispredicting, file after file, each behind the load of the file's
//! first line (`real_data -- files`).
//!
//! Not in cache, an early error costs its one miss, and then as much again
//! as the work that waits for that miss holds back the next input's. So
//! the first two bytes are tested as bytes, as std's loop does, before any
//! vector: a binary file's error, nearly always at byte 0 or 1, waits on a
//! word load and a table lookup (one branch, which valid text never
//! takes), not on a vector, its lane mask and a load at the offset found.
//! Past the first line, the first high byte after ASCII (Latin-1 text's
//! first error) is tested where the ASCII steps stop (`check_groups`), and
//! answered the same way, without a run of the rules.
//!
//! A kernel's pass finds a `Found`, two words: nothing, or the flagged byte
//! and the input's first high byte. `validate` returns an `Answer`: the
//! `Result` itself, the error explained, as one 128-bit scalar in two
//! registers. LLVM makes a jump of a call whose result is returned as it
//! is, and a pair merged from several returns is not returned as it is.
//! So the out-of-line steps (`validate_vectors`, `check_groups`,
//! `check_cold`) are generic over `Outcome`, compiled once for `check`'s
//! `Found` and once for the `Answer`. They and `Found::explain` end the
//! call with a jump, and the caller keeps no register across it for an
//! error to build afterwards. The error is built out of line, only on the
//! error path: the valid path carries none of its code.
//!
//! # In line and out of line
//!
//! `validate` is kept small, so that it saves no register and sets up no
//! stack frame before its first test. A call whose caller keeps a value in
//! a register saved on entry costs every call of `validate`, short ASCII
//! too: the register is pushed and popped, and the caller waits on it. So
//! the longer paths are functions of their own that `validate` calls last
//! (`validate_rest`, `validate_vectors`, a leaf that saves no register).
//!
//! The short cases are tested in an order that keeps them in line. LLVM's
//! static estimate halves a path's weight at every untaken test, and leaves
//! out of line a call it deems cold, whatever its size. So the masked
//! kernel tests "up to two groups", exactly a group included, right after
//! the short case. `scripts/inline-report` lists the calls LLVM left out
//! of line and why; CI fails if it counts any of them cold.
//!
//! No vector is passed to a function that is not inlined: a vector
//! argument goes through memory, and the caller would set up an aligned
//! stack frame on every call. So `run` works out its state from the vector
//! before it, rather than take it.
//!
//! # Alignment
//!
//! On x86-64, every function of the kernels' valid path (`validate`,
//! `validate_rest`, `validate_vectors`, `check_groups`, `run`,
//! `check_end`) starts on a 64-byte boundary (`align_entry!`, in
//! `fast/mod.rs`). Stable Rust has no attribute for it; an assembler
//! alignment directive, which adds no instruction, raises the alignment of
//! the function's section. Left on the 16-byte boundaries the compiler
//! gives, the same code ran at different speeds from build to build under
//! 256 B on Zen 5, as its branch targets fell on other places in the cache
//! lines (CHANGELOG has the figures).

macro_rules! lookup_algorithm {
    (features: $features:literal $(,)?) => {
        lookup_algorithm!(features: $features, skip_ascii: skip_ascii_groups);
    };
    (
        features: $features:literal,
        skip_ascii: $skip_ascii:ident
        $(, short_rotates: ($rotate1:ident, $rotate2:ident))? $(,)?
    ) => {
        lookup_algorithm!(
            features: $features,
            skip_ascii: $skip_ascii,
            after_zeros: (prev1_of_zeros, prev2_of_zeros),
            $(short_rotates: ($rotate1, $rotate2),)?
        );

        /// `prev1` after a vector of zeros: the kernel's shift, which
        /// costs no more with a zero vector than with any.
        #[inline]
        #[target_feature(enable = $features)]
        fn prev1_of_zeros(input: V) -> V {
            prev1(input, splat(0))
        }

        /// `prev2` after a vector of zeros, likewise.
        #[inline]
        #[target_feature(enable = $features)]
        fn prev2_of_zeros(input: V) -> V {
            prev2(input, splat(0))
        }
    };
    (
        features: $features:literal,
        skip_ascii: $skip_ascii:ident,
        after_zeros: ($prev1_of_zeros:ident, $prev2_of_zeros:ident)
        $(, medium: $medium:expr)?
        $(, shift_masked_leads: $shift_masked_leads:expr)?
        $(, short_rotates: ($rotate1:ident, $rotate2:ident))?
        $(, first_two: $first_two:path)? $(,)?
    ) => {
        use crate::fast::answer::{Answer, Found, Outcome};
        use crate::fast::tables::{
            incomplete_max, repeated, CUR_HIGH, FOURTH_BYTE_BIAS, PREV_HIGH, PREV_LOW,
            THIRD_BYTE_BIAS,
        };

        /// `VECTORS` vectors (the kernel's choice): the unit in which ASCII
        /// is skipped and errors are tested, one branch each.
        const GROUP: usize = VECTORS * LANES;
        /// Up to this many bytes (fewer), an input longer than a group goes
        /// through the rules vector by vector (`validate_vectors`), without
        /// `check_groups`' ASCII steps, which pay off only over longer
        /// inputs. Beyond it, text that is ASCII but for a byte near its
        /// start would pay for the rules on every vector. A kernel may set
        /// its own (`medium:`).
        const MEDIUM: usize = match [$($medium)?].as_slice() {
            [medium] => *medium,
            _ => if 4 * GROUP > 1024 { 4 * GROUP } else { 1024 },
        };
        /// Whether [`Consts::errors_first`] shifts the first vector's leads
        /// as its carry holds them, masked to their top bits, rather than
        /// masking after the shift. Before: one `vpternlogq` for the `or`
        /// and the mask, on AVX-512 with the Intel mix's shifts. After
        /// (the default): on AVX-512's `vpermb` shift, LLVM otherwise
        /// permutes the mask's constant too, an instruction on the shuffle
        /// port for nothing. A kernel may choose (`shift_masked_leads:`).
        const SHIFT_MASKED_LEADS: bool = match [$($shift_masked_leads)?].as_slice() {
            [yes] => *yes,
            _ => false,
        };
        /// Whether [`validate_vectors`] reads an input of whole groups to
        /// its end a group at a time. With many vectors a group (NEON), that
        /// saves a vector loop's tests for every vector of the last group;
        /// with two (x86), measured, it made inputs of 1½–2 groups slower
        /// (the A/B harness, `scripts/ab`), though their vectors are the
        /// same.
        const WHOLE_GROUPS: bool = VECTORS > 2;
        /// An input whose first vector is ASCII, of up to this many
        /// groups, is tested for ASCII with one test of loads that cover
        /// it; beyond, two groups a test. Four where a group is 64 bytes
        /// (AVX2) and on AVX-512 (512 bytes), two elsewhere (eight 16-byte
        /// loads made SSE4.2's 33–64 bytes slower). On AVX-512 the eight
        /// 64-byte loads spare 257–512 bytes the two-group steps, a large
        /// share of their time; up to two groups, four loads.
        const ASCII_GROUPS: usize = if GROUP == 64 || MASKED_LOADS { 4 } else { 2 };
        /// Where a group is 64 bytes (AVX2), an input whose first vector
        /// is ASCII, of more than `ASCII_GROUPS` groups up to this many, is
        /// tested for ASCII with one test too: its first `ASCII_GROUPS`
        /// groups and its last, overlapping (sixteen loads). Through the
        /// two-group steps, ASCII of 257-512 bytes trailed simdutf8's
        /// basic loop. Elsewhere `ASCII_GROUPS`: no such band.
        const ASCII_WIDE_GROUPS: usize = if GROUP == 64 { 2 * ASCII_GROUPS } else { ASCII_GROUPS };
        /// How many bytes `run` checks between two tests for a flag.
        const TEST_EVERY: usize = 4 * GROUP;
        /// How many blocks of `TEST_EVERY` bytes all ASCII, one after the
        /// other, end a run: one where the ASCII before the run was long
        /// (text whose other characters are far apart: leave the rules
        /// soon, as the next such character is likely far too), two where
        /// it was short (words not ASCII every few groups: stay in the
        /// rules over the gaps between them, where every return to the
        /// ASCII steps and back cost two mispredicted branches and the
        /// run's set-up). Measured on Zen 3 (`scripts/ab -- text --work
        /// 16M` for text of the second kind; `scripts/ab -- files
        /// /usr/share` for the first, whose files of 64 KiB and more are
        /// mostly such).
        const RUN_ENDS_AFTER: usize = 1;
        const DENSE_RUN_ENDS_AFTER: usize = 2;
        /// ASCII of at least this many bytes before a run makes it end
        /// after `RUN_ENDS_AFTER` ASCII blocks, else `DENSE_RUN_ENDS_AFTER`.
        const SPARSE_GAP: usize = 8 * GROUP;
        /// A cache line: an early error in the first `LINE` bytes is
        /// answered from them (see "Errors" in the module doc).
        const LINE: usize = 64;
        const _: () = assert!(VECTORS >= 2, "check_end reads two vectors before the end");
        const _: () = assert!(
            !SPARSE_STEPS || SHIFTED_LOADS,
            "run's group steps skip groups, so each vector must read the bytes before it"
        );
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
            /// Before the input, or after ASCII: nothing is due. Zeros
            /// stand for any ASCII vector: the rules read the byte before
            /// a vector only for its class, and every ASCII byte is in the
            /// same one.
            #[inline]
            #[target_feature(enable = $features)]
            fn none() -> Self {
                Carry {
                    bytes: splat(0),
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
                    leads: leads(bytes, $prev1_of_zeros(bytes)),
                }
            }
        }

        /// The top bit of each lane of `input` that is at least E0, or
        /// follows one at least F0 (`prev1`: `input` moved up a lane): the
        /// byte two lanes on must be a continuation byte.
        #[inline]
        #[target_feature(enable = $features)]
        fn leads(input: V, prev1: V) -> V {
            and(lead_bits(input, prev1), splat(0x80))
        }

        /// [`leads`] before its mask: the top bit of each lane is the
        /// lead's, the bits below are noise.
        #[inline]
        #[target_feature(enable = $features)]
        fn lead_bits(input: V, prev1: V) -> V {
            or(
                subs(input, splat(THIRD_BYTE_BIAS)),
                subs(prev1, splat(FOURTH_BYTE_BIAS)),
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

            /// The three table lookups of `input` and the byte before
            /// each of its lanes (`prev1`), and-ed: every rule but the
            /// continuation bytes due two and three lanes on.
            #[inline]
            #[target_feature(enable = $features)]
            fn special(&self, input: V, prev1: V) -> V {
                and(
                    and(
                        shuffle(self.prev_high(), high_nibbles(prev1)),
                        shuffle(self.prev_low(), low_nibbles(prev1)),
                    ),
                    shuffle(self.cur_high(), high_nibbles(input)),
                )
            }

            /// Nonzero lanes where `input` (after the vector `carry`
            /// describes) breaks a rule, and what `input` passes on.
            #[inline]
            #[target_feature(enable = $features)]
            fn errors(&self, input: V, carry: Carry) -> (V, Carry) {
                let prev1 = prev1(input, carry.bytes);
                let special = self.special(input, prev1);
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

            /// [`errors`](Self::errors) of a vector with nothing due
            /// before it (`Carry::none()`): the first of an input, or
            /// one after ASCII. Its shifts have zeros coming in, which
            /// a kernel may do more cheaply than its shifts of two
            /// vectors (`after_zeros:`; see AVX-512's).
            #[inline]
            #[target_feature(enable = $features)]
            fn errors_first(&self, input: V) -> (V, Carry) {
                let prev1 = $prev1_of_zeros(input);
                let special = self.special(input, prev1);
                let leads = leads(input, prev1);
                // The same lanes either way (`SHIFT_MASKED_LEADS`).
                let due = if SHIFT_MASKED_LEADS {
                    $prev2_of_zeros(leads)
                } else {
                    and($prev2_of_zeros(lead_bits(input, prev1)), splat(0x80))
                };
                (
                    xor(due, special),
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

            /// The answer for `bytes`, at most `LANES` of them, `v` with
            /// zeros after them, whose first high byte, at `first`, starts a
            /// character.
            #[inline]
            #[target_feature(enable = $features)]
            #[allow(
                unreachable_code,
                reason = "the shifts' answer after the rotations' return, for kernels without"
            )]
            fn short_answer(&self, v: V, bytes: &[u8], first: usize) -> Answer {
                $(
                    // With rotations, one test for all: a flag in the first
                    // two lanes may be the end's (`short_errors`), and is
                    // worked out again with the shifts, out of line. (In
                    // line, its code and constants slowed the valid path
                    // where it went both ways on "is there a high byte";
                    // and it rereads the bytes, where a vector passed on
                    // would go through memory, and a call that is not the
                    // last had every call save registers.)
                    let _: fn(V) -> V = $rotate2;
                    // No flag, the common case, first: one test of the
                    // vector, before its lane mask. `VALID`, not
                    // `valid_after`: a return of its own. Merged with
                    // `validate`'s return for ASCII, it made text whose
                    // short inputs are ASCII or not by turns (Latin)
                    // mispredict that branch more often (`scripts/ab`).
                    let errors = self.short_errors(v);
                    if !any(errors) {
                        return Answer::VALID;
                    }
                    let lanes = nonzero_lanes(errors);
                    if lanes & 0b11 != 0 {
                        return short_answer_shifted(bytes, first);
                    }
                    let flag = (lanes != 0).then(|| lanes.trailing_zeros() as usize);
                    return Found::flagged(Some(first), flag).answer(bytes);
                )?
                self.shifted_answer(v, bytes, first)
            }

            /// [`short_answer`](Self::short_answer) with the shifts: the
            /// rules after nothing, and a sequence cut off by the end.
            #[inline]
            #[target_feature(enable = $features)]
            fn shifted_answer(&self, v: V, bytes: &[u8], first: usize) -> Answer {
                Found::flagged(Some(first), self.flag_after_nothing(v, bytes.len())).answer(bytes)
            }

            /// [`vector_flag`](Self::vector_flag) of `v`, `len` bytes with
            /// nothing before them (or only ASCII): its rules after zeros.
            #[inline]
            #[target_feature(enable = $features)]
            fn flag_after_nothing(&self, v: V, len: usize) -> Option<usize> {
                self.vector_flag(v, len, self.errors_first(v).0)
            }
        }

        $(
            impl Consts {
                /// Whether a vector of at most `LANES` bytes, zeros after
                /// them, whose first high byte starts a character
                /// (`starts_character`), breaks a rule: nonzero lanes where
                /// it does, the same as [`errors_first`](Self::errors_first)'s
                /// from the third lane on. The shifts are rotations
                /// (`short_rotates:`), one shuffle each where a shift with
                /// zeros coming in is two, and what comes round to the
                /// first two lanes is the vector's end:
                ///
                /// - zeros, or the end of a character: as good as the zeros
                ///   shifted in, since the first byte is ASCII or a lead,
                ///   which may follow either;
                /// - a sequence cut off: the first two lanes fail, as the
                ///   input does (so a full vector's end needs no test of
                ///   its own).
                ///
                /// Nor can what comes round hide an error there: a due
                /// continuation's mark cancels the rules' own only at a
                /// continuation after a continuation, and the first byte is
                /// not one.
                #[inline]
                #[target_feature(enable = $features)]
                fn short_errors(&self, input: V) -> V {
                    let prev1 = $rotate1(input);
                    let special = self.special(input, prev1);
                    // Masked after the rotation: LLVM moves a mask before
                    // it to after, and rotates the mask's constant too.
                    let due = and($rotate2(lead_bits(input, prev1)), splat(0x80));
                    xor(due, special)
                }
            }
        )?

        /// The answer for an input of more than a vector and at most a
        /// group whose bytes before its last vector are ASCII, and whose
        /// last vector is not (see `validate` and `validate_rest`): its
        /// rules after nothing.
        /// Out of line, a jump that reads the vector again, so that the
        /// return for ASCII is the branch not taken, where it took a
        /// jump past these rules (`scripts/ab`, the CHANGELOG).
        #[inline(never)]
        #[target_feature(enable = $features)]
        fn last_vector_after_ascii(bytes: &[u8]) -> Answer {
            let last = bytes.len() - LANES;
            // SAFETY: `last + LANES == bytes.len()`.
            let v = unsafe { load(bytes.as_ptr().add(last)) };
            // The input's first high byte: the bytes before `last` are
            // ASCII, and the vector has one. Where it starts no character
            // (Latin-1 text's first error), it is the error, answered from
            // the bytes around it as an error in the first vector is,
            // without the rules and the reference decoder's walk to it.
            let first = last + nonzero_lanes(and(v, splat(0x80))).trailing_zeros() as usize;
            if !crate::fast::starts_character(bytes, first) {
                return crate::fast::answer::early_error_long(bytes, first);
            }
            let flag = Consts::new().flag_after_nothing(v, LANES).map(|at| last + at);
            Found::flagged(Some(first), flag).answer(bytes)
        }

        /// `answer::error_in_first_two`, or the kernel's own form of it
        /// (`first_two:`).
        #[inline]
        #[target_feature(enable = $features)]
        #[allow(
            unreachable_code,
            reason = "the default after the kernel's own return, for kernels without"
        )]
        fn first_two_error(bytes: &[u8]) -> Option<Answer> {
            $(return $first_two(bytes);)?
            crate::fast::answer::error_in_first_two(bytes)
        }

        /// [`Consts::short_answer`] with the shifts, out of line: `bytes`,
        /// at most `LANES` of them, read again.
        #[cold]
        #[inline(never)]
        #[target_feature(enable = $features)]
        #[allow(dead_code, reason = "for kernels with `short_rotates:` only")]
        fn short_answer_shifted(bytes: &[u8], first: usize) -> Answer {
            Consts::new().shifted_answer(tail_vector(bytes, 0), bytes, first)
        }

        /// `bytes` checked, then explained at a flag: `crate::validate` with
        /// this kernel. The kernel's short path is inlined here, so that an
        /// input shorter than a group costs one call.
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features.
        #[allow(
            dead_code,
            reason = "the models' `validate` (`model`), tested, not dispatched"
        )]
        #[allow(
            clippy::too_many_lines,
            reason = "each length's first steps, in line on purpose: a call costs short inputs"
        )]
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn validate(bytes: &[u8]) -> Answer {
            align_entry!();
            let c = Consts::new();
            // The first high byte of the first vector, when it is certainly
            // an error (a continuation byte, or a lead without one after
            // it), is the first error: settled here, with none of the
            // rules' work nor the wait for it.
            // (Exactly a vector, on a kernel with masked loads, is one
            // masked load too: through the longer inputs' plain load below,
            // 64 bytes took longer on AVX-512, and a plain load here,
            // behind a test of the length, slowed 60–63 bytes.)
            if bytes.len() <= LANES {
                // Under `TINY` bytes, the automaton (`head::tiny`): on
                // x86-64 the dispatch leaves that test to the kernel, where
                // it takes the place of the test for no bytes, and the
                // dispatch is an indirect call and no test. (Its taken
                // branch before every call cost short ASCII most, the more
                // depending on where the code landed: the CHANGELOG.)
                #[cfg(target_arch = "x86_64")]
                if bytes.len() < crate::fast::head::TINY {
                    // SAFETY: `bytes.len() < TINY`.
                    return unsafe { crate::fast::head::tiny(bytes) };
                }
                // The whole input is this vector: read once, and the rules
                // run on it only when it has a high byte.
                let v = tail_vector(bytes, 0);
                let high = nonzero_lanes(and(v, splat(0x80)));
                if high == 0 {
                    return Answer::valid_after(bytes.len());
                }
                let first = high.trailing_zeros() as usize;
                if !crate::fast::starts_character(bytes, first) {
                    return crate::fast::answer::early_error(bytes, first);
                }
                return c.short_answer(v, bytes, first);
            }
            // The first two bytes, as bytes, before any vector (see
            // "Errors" in the module doc).
            if let Some(answer) = first_two_error(bytes) {
                return answer;
            }
            // A plain load, where the masked one's mask would be one more
            // step before the first high byte is known. `check` reads the
            // same vector first, from the cache.
            // SAFETY: `bytes.len() >= LANES`.
            let head = unsafe { load(bytes.as_ptr()) };
            // Where a lane mask costs more than the test (NEON has no
            // movemask), only when there is a high byte.
            let first = if LANE_MASK_IS_CHEAP {
                let high = nonzero_lanes(and(head, splat(0x80)));
                (high != 0).then(|| high.trailing_zeros() as usize)
            } else {
                any_high(head)
                    .then(|| nonzero_lanes(and(head, splat(0x80))).trailing_zeros() as usize)
            };
            // Vectors narrower than a line: the rest of the first 64 bytes,
            // before any byte after them (see "Errors" in the module doc).
            let first = first_high_in_line(bytes, first);
            if let Some(first) = first {
                if !crate::fast::starts_character(bytes, first) {
                    return crate::fast::answer::early_error_long(bytes, first);
                }
                if MASKED_LOADS && bytes.len() < GROUP {
                    if crate::fast::answer::ascii_rest_of_a_word(bytes, LANES) {
                        // Up to eight bytes after the first vector, all
                        // ASCII (told from a word, off the vector ports):
                        // the first vector's rules after nothing and
                        // whether it ends inside a sequence settle the
                        // input, without the rest's rules and their shifts
                        // with the carry. Text with an accent in every few
                        // words (Latin) meets such a rest most often; text
                        // with none, never, and pays the word's test. (In
                        // this branch, not before it: one test more before
                        // `check_two_groups` below made LLVM count that
                        // call cold and leave it out of line.)
                        return Found::flagged(Some(first), c.flag_after_nothing(head, LANES))
                            .answer(bytes);
                    }
                    // Short: the rules in line, without a call, on the
                    // vector at hand and the rest. (A kernel without masked
                    // loads puts the rest together from pieces: more code
                    // than is worth inlining here.)
                    return Found::flagged(Some(first), c.check_after_head(head, bytes))
                        .answer(bytes);
                }
                if MASKED_LOADS && bytes.len() <= 2 * GROUP {
                    // A group up to two: in line too, two to four
                    // vectors. (A kernel without masked loads does the
                    // same in `validate_vectors`: here, its code made
                    // shorter inputs slower.) Exactly a group included,
                    // so that this is one test after the short case's:
                    // LLVM's static estimate halves a path's weight at
                    // every test, and behind a test for exactly a group
                    // this call counted as cold and stayed out of line,
                    // and every input of 129-256 bytes paid for a call.
                    // SAFETY: `GROUP <= bytes.len() <= 2 * GROUP` (shorter
                    // inputs returned above).
                    return unsafe { c.check_two_groups(head, bytes, Some(first)) };
                }
                if VECTORS == 2 && bytes.len() == GROUP {
                    // Exactly a group, on a kernel without masked loads:
                    // likewise, the rest one plain load.
                    // SAFETY: `bytes.len() == GROUP == 2 * LANES`.
                    let last = unsafe { load(bytes.as_ptr().add(LANES)) };
                    return Found::flagged(Some(first), c.check_pair(head, last)).answer(bytes);
                }
            } else if bytes.len() <= GROUP {
                // ASCII so far, and the input is a group at most: the rest
                // a vector at a time, the offsets clamped to the last
                // vector (overlapping the one before), as many loads at
                // every length (half as many up to half a group). Two
                // vectors a group: the last vector alone.
                let last = bytes.len() - LANES;
                // SAFETY: `last + LANES == bytes.len()`.
                let mut all = unsafe { load(bytes.as_ptr().add(last)) };
                if VECTORS > 2 {
                    let vectors = if bytes.len() <= GROUP / 2 {
                        VECTORS / 2
                    } else {
                        VECTORS
                    };
                    for i in 1..vectors - 1 {
                        // SAFETY: `(i * LANES).min(last) + LANES <=
                        // bytes.len()`.
                        all = or(all, unsafe {
                            load(bytes.as_ptr().add((i * LANES).min(last)))
                        });
                    }
                }
                if !any_high(all) {
                    return Answer::VALID;
                }
                if MASKED_LOADS && VECTORS == 2 {
                    // The last vector, `all`, has a high byte, and every
                    // byte before it is ASCII (it starts inside the first
                    // vector): its rules with nothing before them are
                    // exact, and settle the input, where `check` cost a
                    // call, its masked loads and a second vector.
                    return last_vector_after_ascii(bytes);
                }
            } else if bytes.len() <= ASCII_GROUPS * GROUP {
                // ASCII so far, and up to `ASCII_GROUPS` groups: the first
                // group and the last, overlapping, and with four groups
                // and more than two to read, the second and the one before
                // the last: one test. (Through the two-group steps below,
                // the end's test waited on the step's result, which slowed
                // ASCII of 129–256 bytes on AVX-512 and AVX2 alike. The
                // four groups read at every length, their offsets clamped,
                // made AVX-512 load 512 bytes for ASCII of 129–256, which
                // took longer than two groups' loads on an Intel Xeon; a
                // test of the length costs less.)
                let ptr = bytes.as_ptr();
                let len = bytes.len();
                // SAFETY: `GROUP < len`: each group starts at or after the
                // input's start and ends at or before its end.
                let mut all = unsafe {
                    or(
                        or_all(&load_group(ptr)),
                        or_all(&load_group(ptr.add(len - GROUP))),
                    )
                };
                if ASCII_GROUPS > 2 && len > 2 * GROUP {
                    // SAFETY: as above, and `2 * GROUP < len`.
                    all = or(all, unsafe {
                        or(
                            or_all(&load_group(ptr.add(GROUP))),
                            or_all(&load_group(ptr.add(len - 2 * GROUP))),
                        )
                    });
                }
                if !any_high(all) {
                    return Answer::VALID;
                }
            } else if ASCII_WIDE_GROUPS > ASCII_GROUPS && bytes.len() <= ASCII_WIDE_GROUPS * GROUP
            {
                // ASCII so far, and up to `ASCII_WIDE_GROUPS` groups: the
                // first `ASCII_GROUPS` groups and the last as many, which
                // overlap below twice that, one test. (Not ASCII: every
                // vector through the rules below, as after the steps.)
                let ptr = bytes.as_ptr();
                let len = bytes.len();
                let mut all = splat(0);
                for i in 0..ASCII_GROUPS {
                    // SAFETY: `ASCII_GROUPS * GROUP < len`: each group starts
                    // at or after the input's start and ends at or before
                    // its end.
                    all = or(all, unsafe {
                        or(
                            or_all(&load_group(ptr.add(i * GROUP))),
                            or_all(&load_group(ptr.add(len - (i + 1) * GROUP))),
                        )
                    });
                }
                if !any_high(all) {
                    return Answer::VALID;
                }
            } else {
                // ASCII so far, and longer than that: ASCII here, two
                // groups a test and then one, where a call to `check` cost
                // short text more than its bytes take; the rest, from the
                // first other group, in `check_groups`.
                let ptr = bytes.as_ptr();
                let len = bytes.len();
                // SAFETY: `ptr` has `len` readable bytes.
                let mut at = unsafe { skip_ascii_pairs(ptr, len, 0) };
                // SAFETY: `at + GROUP <= len`, tested first.
                if at + GROUP <= len && !any_high(or_all(&unsafe { load_group(ptr.add(at)) })) {
                    at += GROUP;
                }
                // SAFETY: `len > GROUP`.
                if at + GROUP > len && (at == len || unsafe { ascii_end(ptr, len) }) {
                    return Answer::VALID;
                }
                if at > 0 && len >= MEDIUM {
                    // SAFETY: the caller's promise, and `GROUP <= at <= len`:
                    // the bytes before `at` are ASCII.
                    return unsafe { check_groups(bytes, at) };
                }
            }
            if (GROUP..MEDIUM).contains(&bytes.len()) {
                // SAFETY: the caller's promise, and `bytes.len() >= GROUP`.
                return unsafe { validate_vectors(bytes, first) };
            }
            // SAFETY: the caller's promise.
            unsafe { validate_rest(bytes, first) }
        }

        /// The first high byte of the first `LINE` bytes, `first` when
        /// that is the first vector's. On a kernel of vectors narrower than
        /// `LINE`, an input longer than `LINE` whose first vector has none
        /// is tested on: one test of the other vectors of the line, and
        /// where it finds a high byte, a lane mask a vector.
        #[inline]
        #[target_feature(enable = $features)]
        fn first_high_in_line(bytes: &[u8], first: Option<usize>) -> Option<usize> {
            if LANES >= LINE || first.is_some() || bytes.len() <= LINE {
                return first;
            }
            let ptr = bytes.as_ptr();
            let mut all = splat(0);
            let mut at = LANES;
            while at < LINE {
                // SAFETY: `at + LANES <= LINE < bytes.len()`.
                all = or(all, unsafe { load(ptr.add(at)) });
                at += LANES;
            }
            if !any_high(all) {
                return None;
            }
            let mut at = LANES;
            while at < LINE {
                // SAFETY: as above.
                let lanes = nonzero_lanes(and(unsafe { load(ptr.add(at)) }, splat(0x80)));
                if lanes != 0 {
                    return Some(at + lanes.trailing_zeros() as usize);
                }
                at += LANES;
            }
            None
        }

        /// [`validate`] of an input that its first vector (and, for up to
        /// a group, its other loads) did not settle: `check`, in a function
        /// of its own, which `validate` calls last. Inlined, its
        /// loops made `validate` save registers and align a stack frame
        /// before the first test, which every short input paid for.
        ///
        /// An input of more than a vector and at most a group, its first
        /// vector ASCII (`first` none), whose other loads found a high
        /// byte, is settled from its last vector alone
        /// ([`last_vector_after_ascii`]) on a kernel of two vectors a group
        /// without masked loads (the masked one does so in `validate`).
        /// Here, not in `validate`: there, the test moved the code of
        /// `validate`'s other paths, and a loop of its long ASCII path
        /// came to cross a 64-byte boundary, which slowed ASCII of 544 B-1
        /// KiB on Zen 3 (the CHANGELOG).
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features; an input of at
        /// most a group with `first` none must have an ASCII first vector.
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn validate_rest(bytes: &[u8], first: Option<usize>) -> Answer {
            align_entry!();
            if !MASKED_LOADS && VECTORS == 2 && first.is_none() && bytes.len() <= GROUP {
                return last_vector_after_ascii(bytes);
            }
            // SAFETY: the caller's promise.
            Found::flagged(first, unsafe { check(bytes) }).answer(bytes)
        }

        /// `None` when `bytes` is valid; otherwise the offset of the first
        /// flagged byte (see `crate::fast` for what that promises).
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features.
        #[inline]
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn check(bytes: &[u8]) -> Option<usize> {
            let c = Consts::new();
            if bytes.len() < GROUP {
                return c.check_short(bytes);
            }
            // A few groups: every vector through the rules, where
            // `check_groups` costs a call, its loops and its tables.
            if bytes.len() < MEDIUM {
                // SAFETY: the caller's promise, and `GROUP <= bytes.len()`.
                return unsafe { validate_vectors::<Found>(bytes, None) }.flagged_at();
            }
            // The first group of a longer input, in line too: an error
            // there (a binary file's first bytes, Latin-1 text) is found
            // without `check_groups`. The rest goes on from the second
            // group, with the first one's carry when it is not ASCII.
            let ptr = bytes.as_ptr();
            // SAFETY: `bytes.len() >= MEDIUM > GROUP`.
            let first = unsafe { load_group(ptr) };
            let mut at = GROUP;
            if any_high(or_all(&first)) {
                let (flag, _) = c.first_flag(&first, Carry::none());
                if flag.is_some() {
                    return flag;
                }
                // SAFETY: `GROUP + GROUP <= MEDIUM <= bytes.len()`.
                match unsafe { run(ptr, bytes.len(), GROUP, DENSE_RUN_ENDS_AFTER) } {
                    RunEnd::Valid => return None,
                    RunEnd::Flag(at) => return Some(at),
                    RunEnd::Ascii(next) => at = next,
                }
            }
            // SAFETY: the caller's promise, and `GROUP <= at <= bytes.len()`.
            unsafe { check_groups::<Found>(bytes, at) }.flagged_at()
        }

        /// [`check`] for `GROUP` up to `MEDIUM` bytes (fewer), whose
        /// first high byte the caller knows or not: the rules on every
        /// vector, their errors gathered and tested once, at the end. Whole
        /// groups, then vectors; the bytes after them, if any, as the last
        /// `LANES` bytes, read with a plain load that overlaps the vector
        /// before, after the carry of the vector that precedes them
        /// (`Carry::of`; see [`Consts::end_errors`]). No branch
        /// on the text, no mask and no page test for the end: a branch a
        /// group on whether it is ASCII, or has a flag, mispredicts on
        /// text that mixes the two. A flag is looked for only when there is one
        /// ([`check_cold`]). Out of line, so that the short inputs that
        /// `validate` settles in line set up no frame for its loop.
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features, and
        /// `GROUP <= bytes.len()`.
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn validate_vectors<R: Outcome>(bytes: &[u8], first: Option<usize>) -> R {
            align_entry!();
            let c = Consts::new();
            if !MASKED_LOADS && VECTORS == 2 && bytes.len() <= 2 * GROUP {
                // SAFETY: the caller's promise, and `bytes.len() >= GROUP`:
                // the first vector is inside.
                let head = unsafe { load(bytes.as_ptr()) };
                // SAFETY: the caller's promise, and `GROUP <= bytes.len() <=
                // 2 * GROUP`.
                return unsafe { c.check_two_groups(head, bytes, first) };
            }
            let ptr = bytes.as_ptr();
            let len = bytes.len();
            let mut at = 0;
            let mut carry = Carry::none();
            let mut errors = splat(0);
            if SHIFTED_LOADS {
                // The first vector after nothing; the others read the bytes
                // before them from memory (`errors_next`), and need it.
                // SAFETY: `len >= GROUP > LANES`.
                (errors, carry) = c.errors_first(unsafe { load(ptr) });
                at = LANES;
            }
            if first.is_some() && at + GROUP < len + usize::from(WHOLE_GROUPS) {
                // The input's first high byte is in its first line and did
                // not make an error certain (`validate`): the first group's
                // errors are tested before any byte after it is read. A
                // binary file's first error is nearly always there, and
                // not in cache, the rest of the input read first was as
                // many cache misses more, waited on before the verdict:
                // 64 B-1 KiB of random bytes, the first error at byte 0-3,
                // took 1.3 times std's time (`real_data -- cold`). Valid
                // text pays a test that does not wait on the rest.
                // SAFETY: as in the loop below.
                let (e, next) = unsafe { c.group_errors_next(ptr, at, carry) };
                errors = or(errors, e);
                carry = next;
                at += GROUP;
                if any(errors) {
                    // SAFETY: the caller's promise.
                    return unsafe { check_cold(bytes, first) };
                }
            }
            // A group a step while more than a group is left (or, with
            // `WHOLE_GROUPS`, a whole group), then a vector a step: one loop
            // test for `VECTORS` vectors where there are that many, which
            // on NEON (eight a group) is an instruction a vector.
            while at + GROUP < len + usize::from(WHOLE_GROUPS) {
                // SAFETY: `at + GROUP <= len`, and with `SHIFTED_LOADS`,
                // `at >= LANES`.
                let (e, next) = unsafe { c.group_errors_next(ptr, at, carry) };
                errors = or(errors, e);
                carry = next;
                at += GROUP;
            }
            while at + LANES < len {
                // SAFETY: `at + LANES < len`, and as above.
                let (e, next) = unsafe { c.errors_next(ptr, at, carry) };
                errors = or(errors, e);
                carry = next;
                at += LANES;
            }
            // The last vector. Its rules have run already where the loops
            // reached the end (with `WHOLE_GROUPS`, an input of whole
            // groups).
            let end = if WHOLE_GROUPS && at == len {
                // SAFETY: `len >= GROUP > LANES`.
                subs(unsafe { load(ptr.add(len - LANES)) }, c.incomplete_max())
            } else {
                // SAFETY: `GROUP <= at < len <= at + LANES`: the loops
                // stop a vector or less before the end.
                let (e, last) = unsafe { c.end_errors(ptr, len, at, carry) };
                or(subs(last, c.incomplete_max()), e)
            };
            if !any(or(errors, end)) {
                return R::from_found(Found::VALID, bytes);
            }
            // SAFETY: the caller's promise.
            unsafe { check_cold(bytes, first) }
        }

        /// The first flag of an input that [`validate_vectors`] found one
        /// in: [`check_medium`], which tests each group and stops at the
        /// first with a flag. Out of line and cold: the valid path, which
        /// is what the gathering is for, carries none of its code. It
        /// returns the whole `Found`, `first` (the input's first high byte)
        /// with the flag: a caller that combined the two after the call
        /// would keep `first` in a callee-saved register, and `validate`,
        /// which calls this in line, would push and pop it on every call.
        ///
        /// # Safety
        ///
        /// As for [`check_medium`].
        #[cold]
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn check_cold<R: Outcome>(bytes: &[u8], first: Option<usize>) -> R {
            // SAFETY: the caller's promise.
            R::from_found(Found::flagged(first, unsafe { check_medium(bytes) }), bytes)
        }

        /// The first flag of `GROUP` up to `MEDIUM` bytes (fewer), or
        /// `None`: group by group, ASCII groups skipped, each group's
        /// errors tested, and then the end. The error path of
        /// [`validate_vectors`], which only says whether there is one.
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features, and
        /// `bytes.len() >= GROUP`.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn check_medium(bytes: &[u8]) -> Option<usize> {
            let c = Consts::new();
            let ptr = bytes.as_ptr();
            let len = bytes.len();
            let mut at = 0;
            let mut carry = Carry::none();
            // Whether the last group was ASCII, so that `carry` is none.
            let mut ascii = true;
            // ASCII first: one test a group, and nothing carried.
            while at + GROUP <= len {
                // SAFETY: `at + GROUP <= len`.
                let group = unsafe { load_group(ptr.add(at)) };
                at += GROUP;
                if !any_high(or_all(&group)) {
                    continue;
                }
                // The first other group, then group by group, the
                // state carried.
                let (flag, next) = c.first_flag(&group, carry);
                if let Some(flag) = flag {
                    return Some(at - GROUP + flag);
                }
                carry = next;
                ascii = false;
                while at + GROUP <= len {
                    // SAFETY: `at + GROUP <= len`.
                    let group = unsafe { load_group(ptr.add(at)) };
                    ascii = !any_high(or_all(&group));
                    if ascii {
                        // An ASCII group continues nothing.
                        if c.ends_inside_sequence(carry.bytes) {
                            return Some(at);
                        }
                        carry = Carry::none();
                    } else {
                        let (flag, next) = c.first_flag(&group, carry);
                        if let Some(flag) = flag {
                            return Some(at + flag);
                        }
                        carry = next;
                    }
                    at += GROUP;
                }
                break;
            }
            // After ASCII, nothing is due: an input that ends here is
            // valid, and an ASCII end is told from plain loads (a
            // masked kernel's; the others' `check_rest` does so anyway).
            // SAFETY: `GROUP <= len`.
            if ascii && (at == len || (MASKED_LOADS && unsafe { ascii_end(ptr, len) })) {
                return None;
            }
            // SAFETY: `GROUP <= at <= len < at + GROUP`: the input
            // has a group, and the loops ran while another fitted.
            unsafe { c.check_rest(ptr, len, at, carry) }
        }

        /// From `at`, the start of the first two groups that are not all
        /// ASCII, or of fewer than two groups left: in a run of ASCII, two
        /// groups a step, one branch for twice the loads, so that more of
        /// them are in flight when the text streams from memory. (Returning
        /// the group with the high byte instead, a step on the loop's
        /// data, made a deep first error 3-5 ns slower per file held in
        /// memory, `scripts/ab -- files`.) The
        /// kernel's `skip_ascii` where it names one, else
        /// [`skip_ascii_groups`].
        ///
        /// # Safety
        ///
        /// `ptr` must have `len` readable bytes.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn skip_ascii_pairs(ptr: *const u8, len: usize, at: usize) -> usize {
            // SAFETY: the caller's promise, which is the function's.
            unsafe { $skip_ascii(ptr, len, at) }
        }

        /// [`skip_ascii_pairs`] with the kernel's own loads: a group at a
        /// time.
        ///
        /// # Safety
        ///
        /// `ptr` must have `len` readable bytes.
        #[inline]
        #[target_feature(enable = $features)]
        #[allow(dead_code, reason = "a kernel that names its own `skip_ascii`")]
        unsafe fn skip_ascii_groups(ptr: *const u8, len: usize, mut at: usize) -> usize {
            while at + 2 * GROUP <= len {
                // SAFETY: `at + 2 * GROUP <= len`.
                let a = unsafe { load_group(ptr.add(at)) };
                // SAFETY: as above.
                let b = unsafe { load_group(ptr.add(at + GROUP)) };
                if any_high(or(or_all(&a), or_all(&b))) {
                    break;
                }
                at += 2 * GROUP;
            }
            at
        }

        /// What a run of other text (`run`) ends with: two words, returned
        /// in registers.
        enum RunEnd {
            /// The input is valid.
            Valid,
            /// The input's first flag.
            Flag(usize),
            /// The run ended after ASCII blocks that go on to here, which
            /// it checked: nothing is due.
            Ascii(usize),
        }

        /// [`check`] of a long input from `at` on, the bytes before it
        /// checked and ending with ASCII: ASCII groups skipped here, runs of
        /// other text handed to [`run`]. Out of line, and with no constant of
        /// the rules: ASCII costs only its loads and tests, and the tables
        /// are loaded once a run, in `run`.
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features, and
        /// `GROUP <= at <= bytes.len()`.
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn check_groups<R: Outcome>(bytes: &[u8], mut at: usize) -> R {
            align_entry!();
            let len = bytes.len();
            let ptr = bytes.as_ptr();
            let mut ran = false;
            while at + GROUP <= len {
                // Where this stretch of ASCII starts, for `run`'s end.
                let ascii_from = at;
                // SAFETY: `ptr` has `len` readable bytes.
                at = unsafe { skip_ascii_pairs(ptr, len, at) };
                if at + GROUP > len {
                    break;
                }
                // SAFETY: `at + GROUP <= len`.
                let mut group = unsafe { load_group(ptr.add(at)) };
                if !any_high(or_all(&group)) {
                    at += GROUP;
                    if at + GROUP > len {
                        continue;
                    }
                    // SAFETY: `at + GROUP <= len`.
                    group = unsafe { load_group(ptr.add(at)) };
                    if !any_high(or_all(&group)) {
                        at += GROUP;
                        continue;
                    }
                }
                // The bytes before the group are ASCII (skipped here, or
                // where the caller or the run before left off), and so are
                // those before its first high byte: when that starts no
                // character, it is the first error, answered as in the
                // first vector (`early_error_long`) without a run. Latin-1
                // text has its first error here, and through a run, a
                // group checked and the record from the reference decoder,
                // such files of 64 KiB and more under /usr/share took 1.3×
                // std's time (`scripts/ab -- files`). Where a lane mask
                // costs more than a test (NEON), the run finds it.
                if LANE_MASK_IS_CHEAP && !ran {
                    let high = at + first_high_in(&group);
                    if !crate::fast::starts_character(bytes, high) {
                        return R::early_error(bytes, high);
                    }
                }
                let ends_after = if at - ascii_from >= SPARSE_GAP {
                    RUN_ENDS_AFTER
                } else {
                    DENSE_RUN_ENDS_AFTER
                };
                // SAFETY: `at + GROUP <= len`, and the caller's promise.
                match unsafe { run(ptr, len, at, ends_after) } {
                    RunEnd::Valid => return R::from_found(Found::VALID, bytes),
                    RunEnd::Flag(at) => return R::from_found(Found::flag(None, at), bytes),
                    RunEnd::Ascii(next) => {
                        at = next;
                        ran = true;
                    }
                }
            }
            // Fewer than a group left, after ASCII (or nothing left).
            // SAFETY: `len >= GROUP`.
            if at == len || (MASKED_LOADS && unsafe { ascii_end(ptr, len) }) {
                return R::from_found(Found::VALID, bytes);
            }
            // SAFETY: `at < len`, and `len >= GROUP`.
            let flag = unsafe { Consts::new().check_rest(ptr, len, at, Carry::none()) };
            R::from_found(Found::flagged(None, flag), bytes)
        }

        /// A run of other text, from the group at `at` (the bytes before it
        /// checked) until `ends_after` blocks of `TEST_EVERY` bytes all
        /// ASCII in a row, or the end: the rules, group by group, with the
        /// state carried from one to the next. The state
        /// on entry is worked out again from the vector before `at` (its
        /// last three bytes are all it depends on), not passed in: vectors
        /// passed to a function go through memory, and the caller would
        /// need an aligned stack frame for them.
        ///
        /// # Safety
        ///
        /// The CPU must have the kernel's target features; `ptr` must have
        /// `len` readable bytes, and `GROUP <= at` and `at + GROUP <= len`.
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn run(ptr: *const u8, len: usize, mut at: usize, ends_after: usize) -> RunEnd {
            align_entry!();
            let c = Consts::new();
            // SAFETY: `at >= GROUP >= LANES`, and the bytes before `at` are
            // the input's.
            // (With `SHIFTED_LOADS`, unused: each vector reads the bytes
            // before it.)
            let mut carry = Carry::of(unsafe { load(ptr.add(at - LANES)) });
            // The first flag from `from` on, where the groups' flags from
            // there to `to` have one: looked for with the state worked out
            // again from the vector before it.
            let flagged = |from: usize, to: usize| {
                // SAFETY: `GROUP <= from < to <= len`: `from` is at or
                // after the run's start, and `to` the end of the groups
                // checked since.
                unsafe {
                    let carry = Carry::of(load(ptr.add(from - LANES)));
                    from + c.first_flagged_span(ptr.add(from), carry, to - from)
                }
            };
            // Blocks of `TEST_EVERY` bytes, the rules on each group, the
            // flags and the ASCII test once a block: on AVX2 (Zen 3) the
            // loop's tests of the length and counters, once a group, were
            // what bounded it, a core dispatching six operations a cycle
            // (`scripts/port-model`). The run ends after `ends_after`
            // blocks all ASCII in a row, whose rules have run too, so that
            // a sequence left unfinished before them was flagged and
            // nothing is due after them. (A test of each group for ASCII,
            // and of the next where it was, mispredicted about a group in
            // two of text that is mostly ASCII, a word in forty not, where
            // groups are ASCII or not at random: `scripts/ab -- text`.)
            if SHIFTED_LOADS && LANES == LINE {
                // Every load from a cache line's start on, where a vector is
                // a line (AVX-512 on Intel): with the bytes before each
                // vector read from memory, those three loads cross a line
                // either way, and the vector's own is a fourth unless it
                // starts one. (The AVX2 and SSE4.2 kernels, their vectors
                // aligned so, ran no faster: `scripts/ab`.) The vector at
                // `at` is checked first, so that the bytes skipped are
                // checked; the vectors after it overlap it, which changes no
                // flag, as each vector reads the bytes before it.
                let misaligned = ptr.addr().wrapping_add(at) % LANES;
                if misaligned != 0 {
                    // SAFETY: `at >= GROUP >= 3` and `at + LANES <= len`.
                    let errors = unsafe { c.errors_at(ptr.add(at)) };
                    let lanes = nonzero_lanes(errors);
                    if lanes != 0 {
                        return RunEnd::Flag(at + lanes.trailing_zeros() as usize);
                    }
                    at += LANES - misaligned;
                }
            }
            if SPARSE_STEPS {
                // Group by group first: the rules only on a group with a
                // high byte, an ASCII one tested for a sequence cut off
                // before it (all that its rules could flag). Text whose other
                // characters are a group or more apart (most non-ASCII files
                // under /usr/share) spends most of a run here; text where
                // three groups in four are not ASCII goes on in blocks, whose
                // rules run on every group without a branch on the text,
                // where the test of each group mispredicted (`scripts/ab --
                // files /usr/share --hot` and `-- text`).
                let ascii_ends_run = ends_after * (TEST_EVERY / GROUP);
                // The last four groups, a bit each, set where not ASCII.
                let mut recent = 0u32;
                let mut ascii = 0;
                while at + GROUP <= len {
                    // SAFETY: `GROUP <= at` and `at + GROUP <= len`.
                    let high = or_all(&unsafe { load_group(ptr.add(at)) });
                    if any_high(high) {
                        // SAFETY: as above.
                        let (errors, _) = unsafe { c.group_errors_next(ptr, at, carry) };
                        if any(errors) {
                            return RunEnd::Flag(flagged(at, at + GROUP));
                        }
                        at += GROUP;
                        ascii = 0;
                        recent = (recent << 1 | 1) & 0b1111;
                        // Three or four of the last four: 7, 11, 13, 15.
                        if (0b1010_1000_1000_0000 >> recent) & 1 != 0 {
                            break;
                        }
                    } else {
                        // SAFETY: `at >= GROUP >= LANES`: the vector before
                        // the group is the input's.
                        if c.ends_inside_sequence(unsafe { load(ptr.add(at - LANES)) }) {
                            return RunEnd::Flag(flagged(at, at + GROUP));
                        }
                        at += GROUP;
                        ascii += 1;
                        recent = (recent << 1) & 0b1111;
                        if ascii == ascii_ends_run {
                            return RunEnd::Ascii(at);
                        }
                    }
                }
            }
            let mut ascii_blocks = 0;
            while at + TEST_EVERY <= len {
                let mut flags = splat(0);
                let mut high = splat(0);
                for k in 0..TEST_EVERY / GROUP {
                    let g = at + k * GROUP;
                    // SAFETY: `GROUP <= at <= g` and `g + GROUP <= len`.
                    // (The rules read the same bytes, loaded once.)
                    high = or(high, or_all(&unsafe { load_group(ptr.add(g)) }));
                    // SAFETY: as above.
                    let (errors, next) = unsafe { c.group_errors_next(ptr, g, carry) };
                    flags = or(flags, errors);
                    carry = next;
                }
                if any(flags) {
                    return RunEnd::Flag(flagged(at, at + TEST_EVERY));
                }
                at += TEST_EVERY;
                if any_high(high) {
                    ascii_blocks = 0;
                } else {
                    ascii_blocks += 1;
                    if ascii_blocks == ends_after {
                        return RunEnd::Ascii(at);
                    }
                }
            }
            // Fewer than `TEST_EVERY` bytes left: the groups, then the rest.
            let mark = at;
            let mut flags = splat(0);
            while at + GROUP <= len {
                // SAFETY: `GROUP <= at` and `at + GROUP <= len`.
                let (errors, next) = unsafe { c.group_errors_next(ptr, at, carry) };
                flags = or(flags, errors);
                carry = next;
                at += GROUP;
            }
            if at > mark && any(flags) {
                return RunEnd::Flag(flagged(mark, at));
            }
            // SAFETY: `GROUP <= at <= len`, as a group was read before it.
            let carry = unsafe { c.carry_at(ptr, at, carry) };
            // SAFETY: `at <= len`; `len >= GROUP`, as a group was read.
            match unsafe { c.check_rest(ptr, len, at, carry) } {
                None => RunEnd::Valid,
                Some(flag) => RunEnd::Flag(flag),
            }
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
                crate::fast::tail::tail_word(rest, i * (LANES / 8) + j)
            }))
        }

        /// # Safety
        ///
        /// `ptr` must have `GROUP` readable bytes.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn load_group(ptr: *const u8) -> [V; VECTORS] {
            // A loop, not `array::from_fn`: a call LLVM may leave out of
            // line where it counts the call site cold (`validate`'s long
            // ASCII path did, behind the test of the first two bytes).
            // SAFETY: `i * LANES + LANES <= GROUP` for `i < VECTORS`, and
            // the caller promises `GROUP` readable bytes.
            let mut group = [unsafe { load(ptr) }; VECTORS];
            for (i, v) in group.iter_mut().enumerate().skip(1) {
                // SAFETY: as above.
                *v = unsafe { load(ptr.add(i * LANES)) };
            }
            group
        }

        /// The offset of the first high byte in `group`, which has one.
        #[inline]
        #[target_feature(enable = $features)]
        fn first_high_in(group: &[V; VECTORS]) -> usize {
            let mut at = 0;
            for &v in group {
                let high = nonzero_lanes(and(v, splat(0x80)));
                if high != 0 {
                    return at + high.trailing_zeros() as usize;
                }
                at += LANES;
            }
            at
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

        /// Whether the last group's worth of bytes is ASCII: two plain
        /// loads and a test, which tell that an ASCII rest of fewer than
        /// `GROUP` bytes at the end is ASCII where a masked kernel's tail
        /// needs a mask and a page test, and the others' three loads and
        /// the rules.
        ///
        /// # Safety
        ///
        /// `ptr` must have `len` readable bytes, and `len >= GROUP`.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn ascii_end(ptr: *const u8, len: usize) -> bool {
            // SAFETY: the caller's promise.
            !any_high(or_all(&unsafe { load_group(ptr.add(len - GROUP)) }))
        }

        impl Consts {
            /// [`check`] for fewer than `GROUP` bytes: [`check_tail`](Self::check_tail)
            /// after nothing.
            #[inline]
            #[target_feature(enable = $features)]
            fn check_short(&self, bytes: &[u8]) -> Option<usize> {
                self.check_tail(bytes, Carry::none())
            }

            /// `rest` (fewer than `GROUP` bytes) after the vector `carry`
            /// describes, the offset of its first flag relative to `rest`:
            /// the bytes as one group padded with zeros, ASCII, which a
            /// sequence cut off by the end fails to continue. Each vector
            /// is put together in registers (`tail_vector`): copied into a
            /// buffer in memory, the vector loads waited for the copy's
            /// smaller stores (a failed store forward, most of a short
            /// input's time). Up to a vector of bytes, one vector; beyond,
            /// all `VECTORS`, not as many as the bytes fill: a loop count
            /// that varies with the length mispredicts, and on short inputs
            /// that costs more than the vectors it saves. ASCII is told
            /// first, as the groups of longer inputs are: one test, where
            /// the rules take a dozen instructions a vector.
            #[inline]
            #[target_feature(enable = $features)]
            fn check_tail(&self, rest: &[u8], carry: Carry) -> Option<usize> {
                if rest.len() <= LANES {
                    let v = tail_vector(rest, 0);
                    if !any_high(v) {
                        return self.ends_inside_sequence(carry.bytes).then_some(0);
                    }
                    return self.check_vector(v, rest.len(), carry);
                }
                // Without masked loads, `tail_vector` puts each vector
                // together from pieces; ASCII is told first from plain
                // loads, each vector's offset clamped to the last vector of
                // the rest (overlapping the one before), so that their
                // number is the same at every length.
                if !MASKED_LOADS {
                    let last = rest.len() - LANES;
                    let mut all = splat(0);
                    for i in 0..VECTORS {
                        // SAFETY: `(i * LANES).min(last) + LANES <=
                        // rest.len()`: inside the rest.
                        all = or(all, unsafe {
                            load(rest.as_ptr().add((i * LANES).min(last)))
                        });
                    }
                    if !any_high(all) {
                        return self.ends_inside_sequence(carry.bytes).then_some(0);
                    }
                }
                // A loop, not `array::from_fn`: its closure was left out of
                // line, and the vector it returned went through an aligned
                // stack frame that every call of `validate` set up.
                let mut group = [splat(0); VECTORS];
                for (i, v) in group.iter_mut().enumerate() {
                    *v = tail_vector(rest, i);
                }
                if !any_high(or_all(&group)) {
                    return self.ends_inside_sequence(carry.bytes).then_some(0);
                }
                self.first_flag(&group, carry).0
            }

            /// The first flagged byte of `v`, the `len` bytes of a rest of at
            /// most a vector, zeros after them, after the vector `carry`
            /// describes; or `len` if it ends inside a sequence.
            #[inline]
            #[target_feature(enable = $features)]
            fn check_vector(&self, v: V, len: usize, carry: Carry) -> Option<usize> {
                self.vector_flag(v, len, self.errors(v, carry).0)
            }

            /// [`check_vector`](Self::check_vector) of `v` whose errors,
            /// `errors`, are at hand.
            #[inline]
            #[target_feature(enable = $features)]
            fn vector_flag(&self, v: V, len: usize, errors: V) -> Option<usize> {
                // A full vector has no zero lane after the end to fail, so
                // a sequence it cuts off is told by its last lanes; one
                // test for both, where a test each cost short text a
                // branch. (With fewer bytes than lanes, a sequence cut off
                // is an error at the zero after it, first.)
                if !any(or(errors, subs(v, self.incomplete_max()))) {
                    return None;
                }
                let lanes = nonzero_lanes(errors);
                Some(if lanes == 0 {
                    len
                } else {
                    lanes.trailing_zeros() as usize
                })
            }

            /// [`check`] for more than `LANES` bytes and fewer than
            /// `GROUP`, their first vector at hand, `head`: the rest is
            /// read with one masked load, padded with zeros, which a
            /// sequence cut off by the end fails to continue. Both vectors
            /// go through the rules, ASCII or not: one test, where telling
            /// an ASCII rest apart costs another. For kernels with masked
            /// loads only; the others put such a rest together from pieces.
            #[inline]
            #[target_feature(enable = $features)]
            fn check_after_head(&self, head: V, bytes: &[u8]) -> Option<usize> {
                // Two vectors, named, not a group built in a loop and
                // handed to `first_flag`: that array went through an
                // aligned stack frame in `validate`, and 64–127 bytes took
                // three times as long.
                const _: () = assert!(
                    !MASKED_LOADS || VECTORS == 2,
                    "check_after_head reads the rest as one vector"
                );
                let (head_errors, carry) = self.errors_first(head);
                let rest = bytes.get(LANES..).unwrap_or_default();
                let (rest_errors, _) = self.errors(tail_vector(rest, 0), carry);
                if !any(or(head_errors, rest_errors)) {
                    return None;
                }
                let lanes = nonzero_lanes(head_errors);
                Some(if lanes == 0 {
                    LANES + nonzero_lanes(rest_errors).trailing_zeros() as usize
                } else {
                    lanes.trailing_zeros() as usize
                })
            }

            /// [`check`] for a group up to two (two vectors a group),
            /// `head` its first vector, the first high byte at `first` if
            /// known. Exactly a group is `check_pair` on the two vectors.
            /// Otherwise the second vector, the third where the input has
            /// more than three vectors' worth, and the last: a plain load
            /// that overlaps the vector before, after that vector's carry
            /// (`Carry::of`), on every kernel. (A masked load, as AVX-512
            /// reads a rest shorter than a group, costs its window, mask
            /// and page test: more instructions than the carry, which at
            /// these sizes is what a call's time goes with.) Their errors
            /// and a sequence cut off by the last vector
            /// are tested once; the first flag, if any, is looked for out
            /// of line ([`check_cold`]). In line, where `validate_vectors`
            /// cost a call and its set-up for three or four vectors, and
            /// in line in `validate` too (see there for what that takes).
            /// It returns the whole `Found`, as [`check_cold`] does, and
            /// for the same reason.
            ///
            /// # Safety
            ///
            /// The CPU must have the kernel's target features, and
            /// `GROUP <= bytes.len() <= 2 * GROUP`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn check_two_groups<R: Outcome>(
                &self,
                head: V,
                bytes: &[u8],
                first: Option<usize>,
            ) -> R {
                // (Called where `VECTORS == 2`: by `validate` on a masked
                // kernel, by `validate_vectors` on the others.)
                const _: () = assert!(
                    !MASKED_LOADS || VECTORS == 2,
                    "check_two_groups reads a group as two vectors"
                );
                let ptr = bytes.as_ptr();
                let len = bytes.len();
                // SAFETY: `len >= GROUP == 2 * LANES`.
                let second = unsafe { load(ptr.add(LANES)) };
                if len == GROUP {
                    return R::from_found(
                        Found::flagged(first, self.check_pair(head, second)),
                        bytes,
                    );
                }
                let (errors, carry) = self.errors_first(head);
                let (e, mut carry) = if SHIFTED_LOADS {
                    // SAFETY: `len >= GROUP == 2 * LANES`.
                    unsafe { self.errors_next(ptr, LANES, carry) }
                } else {
                    // (The vector at hand, so that LLVM shares this with
                    // `check_pair` above.)
                    self.errors(second, carry)
                };
                let mut errors = or(errors, e);
                let mut at = GROUP;
                if len > GROUP + LANES {
                    // SAFETY: `GROUP + LANES < len`.
                    let (e, next) = unsafe { self.errors_next(ptr, GROUP, carry) };
                    errors = or(errors, e);
                    carry = next;
                    at += LANES;
                }
                // SAFETY: `GROUP <= at < len <= at + LANES`.
                let (e, last) = unsafe { self.end_errors(ptr, len, at, carry) };
                errors = or(errors, e);
                if !any(or(errors, subs(last, self.incomplete_max()))) {
                    return R::from_found(Found::VALID, bytes);
                }
                // SAFETY: the caller's promise.
                unsafe { check_cold(bytes, first) }
            }

            /// [`check`] for exactly two vectors of input, `head` and
            /// `last`, each a plain load: the rules on both, and a
            /// sequence that `last` cuts off told by its last lanes, in one
            /// test. The flag is the input's end for a sequence cut off.
            /// (`last` after `head` in registers, with `SHIFTED_LOADS` too:
            /// read again from memory, 64 bytes on AVX2 were slower.)
            #[inline]
            #[target_feature(enable = $features)]
            fn check_pair(&self, head: V, last: V) -> Option<usize> {
                let (head_errors, carry) = self.errors_first(head);
                let (last_errors, _) = self.errors(last, carry);
                let cut = subs(last, self.incomplete_max());
                if !any(or(or(head_errors, last_errors), cut)) {
                    return None;
                }
                let lanes = nonzero_lanes(head_errors);
                if lanes != 0 {
                    return Some(lanes.trailing_zeros() as usize);
                }
                let lanes = nonzero_lanes(last_errors);
                Some(if lanes == 0 {
                    2 * LANES
                } else {
                    LANES + lanes.trailing_zeros() as usize
                })
            }

            /// The errors of the last `LANES` bytes of an input checked up
            /// to `at`, the vector before `at` described by `carry`, and
            /// those bytes. Where they start at `at`, `carry` is theirs;
            /// otherwise they overlap bytes checked already, and their
            /// carry is worked out again from the `LANES` bytes before them
            /// (`Carry::of`): a flag depends only on its byte and the three
            /// before it, so the bytes checked twice flag the same. A
            /// branch on the length, predicted, where working the carry out
            /// every time slowed inputs of whole vectors (128, 192, 256
            /// bytes) on AVX2. Not on a kernel with masked
            /// loads (AVX-512): there the branch split `validate_vectors`,
            /// its tables were loaded again after the group loop, and
            /// inputs that end inside a vector were slower.
            ///
            /// # Safety
            ///
            /// `ptr` must have `len` readable bytes, and
            /// `GROUP <= at < len <= at + LANES`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn end_errors(
                &self,
                ptr: *const u8,
                len: usize,
                at: usize,
                carry: Carry,
            ) -> (V, V) {
                if SHIFTED_LOADS {
                    // SAFETY: `LANES < GROUP <= at < len`: the bytes before
                    // the last vector are the input's.
                    let (errors, _) = unsafe { self.errors_next(ptr, len - LANES, carry) };
                    // SAFETY: as above.
                    return (errors, unsafe { load(ptr.add(len - LANES)) });
                }
                if !MASKED_LOADS && at + LANES == len {
                    // SAFETY: `at + LANES == len`.
                    let last = unsafe { load(ptr.add(at)) };
                    return (self.errors(last, carry).0, last);
                }
                // SAFETY: `2 * LANES <= GROUP <= at < len`: both loads
                // start inside the input and end at or before its end.
                let prev = unsafe { load(ptr.add(len - 2 * LANES)) };
                // SAFETY: as above.
                let last = unsafe { load(ptr.add(len - LANES)) };
                (self.errors(last, Carry::of(prev)).0, last)
            }

            /// The first flagged byte of a group (padded with zeros after
            /// the input's end, which a sequence cut off by the end fails
            /// to continue), after the vector `carry` describes, or `None`;
            /// and what the group passes on. Each vector's errors are kept,
            /// not only their union: the first flag is found from them in
            /// registers, where handing the group to `first_flagged_in` put
            /// it in an aligned stack frame that every short input paid
            /// for.
            #[inline]
            #[target_feature(enable = $features)]
            fn first_flag(&self, group: &[V; VECTORS], mut carry: Carry) -> (Option<usize>, Carry) {
                let errors: [V; VECTORS] = core::array::from_fn(|i| {
                    let (errors, next) = self.errors(group[i], carry);
                    carry = next;
                    errors
                });
                if !any(or_all(&errors)) {
                    return (None, carry);
                }
                let mut at = 0;
                for e in errors {
                    let lanes = nonzero_lanes(e);
                    if lanes != 0 {
                        return (Some(at + lanes.trailing_zeros() as usize), carry);
                    }
                    at += LANES;
                }
                (None, carry)
            }

            /// The end of an input of a group or more: the fewer than
            /// `GROUP` bytes from `at` on, after the vector `carry`
            /// describes. A kernel with masked loads reads just those
            /// bytes, padded with zeros (`check_tail`); the others
            /// check the last group's worth again (`check_end`).
            ///
            /// # Safety
            ///
            /// `ptr` must have `len` readable bytes, `GROUP <= at <= len`
            /// and `len - at < GROUP`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn check_rest(
                &self,
                ptr: *const u8,
                len: usize,
                at: usize,
                carry: Carry,
            ) -> Option<usize> {
                if at == len {
                    return self.ends_inside_sequence(carry.bytes).then_some(len);
                }
                if !MASKED_LOADS {
                    // SAFETY: `len > at >= GROUP`, and the caller's promise.
                    if unsafe { ascii_end(ptr, len) } {
                        return self.ends_inside_sequence(carry.bytes).then_some(at);
                    }
                    // SAFETY: as above.
                    return unsafe { self.check_end(ptr, len) };
                }
                // SAFETY: the caller promises `len` readable bytes at `ptr`,
                // of which these are the last `len - at`.
                let rest = unsafe { core::slice::from_raw_parts(ptr.add(at), len - at) };
                self.check_tail(rest, carry).map(|flag| at + flag)
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
                align_entry!();
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
                if !any_high(last) {
                    return self.ends_inside_sequence(prev).then_some(start);
                }
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

            /// Nonzero lanes where the vector at `ptr` breaks a rule, the
            /// three bytes before it read from memory: `prev1` a load a
            /// byte back, and the leads due (`leads` of the bytes two and
            /// three back) two more. (`errors` moves the vector before into
            /// place instead, two shuffles a shifted vector.)
            ///
            /// # Safety
            ///
            /// `ptr - 3 .. ptr + LANES` must be readable.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn errors_at(&self, ptr: *const u8) -> V {
                // SAFETY: the caller's promise.
                let (input, prev1, prev2, prev3) = unsafe {
                    (
                        load(ptr),
                        load(ptr.sub(1)),
                        load(ptr.sub(2)),
                        load(ptr.sub(3)),
                    )
                };
                let special = self.special(input, prev1);
                // What `errors` reads from the leads two lanes back.
                xor(leads(prev2, prev3), special)
            }

            /// The errors of the vector at `ptr + at`, after the vector
            /// `carry` describes, and what it passes on: `errors` on the
            /// kernels that move vectors into place cheaply. With
            /// `SHIFTED_LOADS`, the bytes before the vector are read from
            /// memory ([`errors_at`](Self::errors_at)), and nothing is
            /// passed on: `carry` comes back as it came, and
            /// [`carry_at`](Self::carry_at) works a carry out where one is
            /// needed.
            ///
            /// # Safety
            ///
            /// `ptr` must have `at + LANES` readable bytes, and `at >= LANES`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn errors_next(&self, ptr: *const u8, at: usize, carry: Carry) -> (V, Carry) {
                if SHIFTED_LOADS {
                    // SAFETY: the caller's promise; `at >= LANES >= 3`.
                    return (unsafe { self.errors_at(ptr.add(at)) }, carry);
                }
                // SAFETY: the caller's promise.
                self.errors(unsafe { load(ptr.add(at)) }, carry)
            }

            /// [`errors_next`](Self::errors_next) of the group at `ptr + at`.
            ///
            /// # Safety
            ///
            /// `ptr` must have `at + GROUP` readable bytes, and `at >= LANES`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn group_errors_next(
                &self,
                ptr: *const u8,
                at: usize,
                carry: Carry,
            ) -> (V, Carry) {
                if SHIFTED_LOADS {
                    let mut errors = splat(0);
                    for i in 0..VECTORS {
                        // SAFETY: the caller's promise; `at >= LANES >= 3`.
                        errors = or(errors, unsafe { self.errors_at(ptr.add(at + i * LANES)) });
                    }
                    return (errors, carry);
                }
                // SAFETY: the caller's promise.
                self.group_errors(&unsafe { load_group(ptr.add(at)) }, carry)
            }

            /// The carry of the vector that ends at `ptr + at`: `carry`,
            /// kept by [`errors_next`](Self::errors_next), or with
            /// `SHIFTED_LOADS`, where none is kept, worked out from that
            /// vector (`Carry::of`).
            ///
            /// # Safety
            ///
            /// `ptr` must have `at` readable bytes, and `at >= LANES`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn carry_at(&self, ptr: *const u8, at: usize, carry: Carry) -> Carry {
                if SHIFTED_LOADS {
                    // SAFETY: the caller's promise.
                    return Carry::of(unsafe { load(ptr.add(at - LANES)) });
                }
                carry
            }

            /// The first flagged byte of the `span` bytes at `ptr` (whole
            /// vectors), which have a flag, after the vector `carry`
            /// describes. Kernels report the byte, not the group: an error
            /// starts at most three bytes before the first flagged byte, so
            /// the reference decoder has only those to read. (The error
            /// path only: the bytes are loaded again, rather than kept on
            /// the valid path, and their errors computed vector by vector.)
            ///
            /// # Safety
            ///
            /// `ptr` must have `span` readable bytes.
            #[cold]
            #[target_feature(enable = $features)]
            unsafe fn first_flagged_span(
                &self,
                ptr: *const u8,
                carry: Carry,
                span: usize,
            ) -> usize {
                let vectors = (0..span / LANES).map(|i| {
                    // SAFETY: `(i + 1) * LANES <= span`, which the caller
                    // promises readable.
                    unsafe { load(ptr.add(i * LANES)) }
                });
                self.first_flagged_of(vectors, carry).unwrap_or(span)
            }

            /// [`first_flagged_span`](Self::first_flagged_span) of a group at hand.
            #[cold]
            #[target_feature(enable = $features)]
            fn first_flagged_in(&self, group: &[V; VECTORS], carry: Carry) -> usize {
                self.first_flagged_of(group.iter().copied(), carry)
                    .unwrap_or(GROUP)
            }

            /// The first flagged lane of `vectors` (after the vector `carry`
            /// describes), counted from the first vector's first lane; `None`
            /// when there is none, which the callers' inputs never are.
            #[inline]
            #[target_feature(enable = $features)]
            fn first_flagged_of(
                &self,
                vectors: impl Iterator<Item = V>,
                mut carry: Carry,
            ) -> Option<usize> {
                for (i, v) in vectors.enumerate() {
                    let (errors, next) = self.errors(v, carry);
                    let lanes = nonzero_lanes(errors);
                    if lanes != 0 {
                        return Some(i * LANES + lanes.trailing_zeros() as usize);
                    }
                    carry = next;
                }
                None
            }
        }
    };
}

// The same algorithm over plain arrays, tested on every machine (after the
// macro, which it expands).
#[cfg(all(
    test,
    any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )
))]
mod model;
