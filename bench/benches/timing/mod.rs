//! The hand-rolled benchmarks' clock: contenders raced round by round,
//! interleaved, best of N. Included by `real_data.rs`, `sweep.rs` and
//! `receive.rs` (`mod timing;`); the CPU's name for their reports is
//! `results::cpu_model`.

#![allow(clippy::cast_precision_loss, reason = "call counts far below 2^52")]

use std::time::{Duration, Instant};

/// Seconds per call of each of `fs`: the best of `rounds` rounds, each
/// running each contender for about `round_time` (between one and two
/// times it, or four calls when one takes more than a quarter of it:
/// calibrated by doubling the calls until they take a quarter), the contenders taking
/// turns within a round, a different one first in each round. Interleaved
/// because this VM's speed drifts from second to second: one contender's
/// rounds all together would meet a different machine from the next one's.
pub fn race(rounds: usize, round_time: Duration, fs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    // Calibrate: how many calls of each make a round.
    let calls: Vec<u64> = fs
        .iter_mut()
        .map(|f| {
            let mut calls = 1u64;
            loop {
                let start = Instant::now();
                for _ in 0..calls {
                    f();
                }
                if start.elapsed() >= round_time / 4 || calls >= 1 << 30 {
                    break (calls * 4).max(1);
                }
                calls *= 2;
            }
        })
        .collect();
    race_calls(rounds, &calls, fs)
}

/// Seconds per call of each of `fs`, `calls[i]` calls of `fs[i]` a round:
/// the best of `rounds` rounds, the contenders taking turns within a round,
/// a different one first in each round.
pub fn race_calls(rounds: usize, calls: &[u64], fs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    let n = fs.len();
    let mut best = vec![f64::INFINITY; n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            let start = Instant::now();
            for _ in 0..calls[i] {
                fs[i]();
            }
            best[i] = best[i].min(start.elapsed().as_secs_f64() / calls[i] as f64);
        }
    }
    best
}

/// A ratio for the tables: bold below 1, where utf8lit is behind.
#[allow(dead_code, reason = "real_data writes its own")]
pub fn fmt_ratio(r: f64) -> String {
    if r < 1.0 {
        format!("**{r:.2}×**")
    } else {
        format!("{r:.2}×")
    }
}
