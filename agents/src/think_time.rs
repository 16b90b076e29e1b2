//! How long an agent thinks: seeded games of one spec against itself in every seat (each
//! from a few seeded random plies), every move it chooses timed on the calling thread.
//! A level called hard promises a median within 200 ms a move on one thread; this is
//! how that is measured, by `arena levels --think-time` for a calibrated set and by
//! `examples/think_time.rs` for any spec.
//!
//! Two clocks: the thread's processor time, which other work on a busy machine does not
//! inflate, and the wall clock, which it does. The
//! games are seeded, so the moves timed are the same on every machine; only the times
//! differ.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::factory::{build, Playable};
use crate::spec::SpecError;

/// The milliseconds of every move a spec chose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveTimes {
    /// The thread's processor time a move; `None` where the system gives none.
    pub cpu_ms: Option<Vec<f64>>,
    /// The wall-clock time a move.
    pub wall_ms: Vec<f64>,
}

/// The median, 90th percentile and largest of a list of times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantiles {
    /// The median.
    pub median: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The largest.
    pub most: f64,
}

impl Quantiles {
    /// The quantiles of `ms` (the element nearest each rank, no interpolation); none for
    /// an empty list.
    pub fn of(ms: &[f64]) -> Option<Quantiles> {
        let mut sorted = ms.to_vec();
        sorted.sort_by(f64::total_cmp);
        let last = sorted.len().checked_sub(1)?;
        let at = |q: f64| sorted[(last as f64 * q).round() as usize];
        Some(Quantiles {
            median: at(0.5),
            p90: at(0.9),
            most: sorted[last],
        })
    }
}

/// The processor time this thread has run, in milliseconds (`CLOCK_THREAD_CPUTIME_ID`,
/// which counts the running thread to the nanosecond; `/proc`'s counters move only at
/// the scheduler's tick, too coarse for a move of a millisecond). None where the system
/// has no such clock.
#[cfg(unix)]
pub fn thread_cpu_ms() -> Option<f64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's duration.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| now.tv_sec as f64 * 1e3 + now.tv_nsec as f64 / 1e6)
}

/// No thread clock on this system.
#[cfg(not(unix))]
pub fn thread_cpu_ms() -> Option<f64> {
    None
}

/// Times every move `spec` chooses in `games` seeded games from `start`, the spec in
/// every seat, each game from `opening_plies` seeded random plies (not timed). Game `g`
/// (from 1) draws its opening from seed `g`, and seat `s` is reset with `g * 16 + s`.
///
/// # Errors
/// A spec that does not build for the game.
pub fn time_self_play<G: Playable>(
    start: &G,
    spec: &str,
    games: u32,
    opening_plies: u32,
) -> Result<MoveTimes, SpecError> {
    let mut seats = (0..start.players())
        .map(|_| build::<G>(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let mut cpu = thread_cpu_ms().map(|_| Vec::new());
    let mut wall = Vec::new();
    let mut legal = Vec::new();
    for game in 1..=u64::from(games) {
        for (index, agent) in seats.iter_mut().enumerate() {
            agent.reset(game * 16 + index as u64);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut position = start.clone();
        for _ in 0..opening_plies {
            if position.is_over() {
                break;
            }
            position.generate_moves(&mut legal);
            position.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
        while !position.is_over() {
            let agent = &mut seats[position.to_move().index()];
            let (clock, cpu_before) = (Instant::now(), thread_cpu_ms());
            let chosen = agent.choose(&position);
            let cpu_after = thread_cpu_ms();
            wall.push(clock.elapsed().as_secs_f64() * 1000.0);
            // A clock that stops answering mid-way leaves no processor times at all
            // rather than some.
            cpu = match (cpu, cpu_before, cpu_after) {
                (Some(mut times), Some(before), Some(after)) => {
                    times.push(after - before);
                    Some(times)
                }
                _ => None,
            };
            position.play_unchecked(chosen);
        }
    }
    Ok(MoveTimes {
        cpu_ms: cpu,
        wall_ms: wall,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameOptions, Leapfrog};

    #[test]
    fn quantiles_take_the_element_nearest_each_rank() {
        let ms: Vec<f64> = (1..=11).rev().map(f64::from).collect();
        let q = Quantiles::of(&ms).unwrap();
        assert_eq!((q.median, q.p90, q.most), (6.0, 10.0, 11.0));
        assert_eq!(Quantiles::of(&[]), None);
    }

    #[test]
    fn every_move_of_every_seeded_game_is_timed() {
        let start = Leapfrog::new(&GameOptions::new()).unwrap();
        let times = time_self_play(&start, "greedy", 3, 2).unwrap();
        // The games are seeded: the same moves each time, so the same count.
        let again = time_self_play(&start, "greedy", 3, 2).unwrap();
        assert!(!times.wall_ms.is_empty());
        assert_eq!(times.wall_ms.len(), again.wall_ms.len());
        if let Some(cpu) = &times.cpu_ms {
            assert_eq!(cpu.len(), times.wall_ms.len());
        }
        assert!(time_self_play(&start, "no-such-agent", 1, 0).is_err());
    }
}
