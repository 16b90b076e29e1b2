//! How long an agent thinks: seeded games of one spec against itself in every seat (each
//! from a few seeded random plies), every move it chooses timed on this thread. Prints the
//! median, 90th percentile and largest milliseconds a move over all the games, and the
//! moves timed. A level called hard promises a median within 200 ms on one thread; this
//! is how that is measured (figures in BENCHMARKS.md, with the machine they ran on).
//!
//! Two clocks: the thread's CPU time (Linux's `/proc/thread-self/schedstat`), which other
//! work on a busy machine does not inflate, and the wall clock, which it does.
//!
//! `cargo run --release -p agents --example think_time -- GAME SPEC [GAMES] [OPENING_PLIES]`
//!
//! GAME as the arena writes it (`english`, `chinese-checkers:players=3`); SPEC an agent
//! spec (`minimax:nodes=500000`); GAMES defaults to 4, OPENING_PLIES to 4.

use std::time::Instant;

use agents::{build, Playable};
use engine::{with_game, GameSpec};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: think_time GAME SPEC [GAMES] [OPENING_PLIES]";
    let (Some(game), Some(spec)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let number = |index: usize, default: u32, what: &str| -> u32 {
        args.get(index).map_or(default, |text| {
            text.parse().unwrap_or_else(|_| {
                eprintln!("{what}: a number, not {text:?}\n{usage}");
                std::process::exit(2)
            })
        })
    };
    let games = number(2, 4, "GAMES").clamp(1, 1000);
    let opening = number(3, 4, "OPENING_PLIES").min(100);
    let parsed: GameSpec = game.parse().unwrap_or_else(|e| {
        eprintln!("GAME: {e}");
        std::process::exit(2)
    });
    let (cpu, wall) = with_game!(parsed.kind, G => time_games::<G>(&parsed, spec, games, opening));
    if cpu.is_empty() {
        eprintln!("no move was searched: every game ended in its opening");
        std::process::exit(1);
    }
    println!("{game} {spec}: {} moves, {games} games", cpu.len());
    for (clock, mut ms) in [("cpu", cpu), ("wall", wall)] {
        ms.sort_by(f64::total_cmp);
        let quantile = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        println!(
            "  {clock}: median {:.1} ms a move, p90 {:.1}, most {:.1}",
            quantile(0.5),
            quantile(0.9),
            ms[ms.len() - 1]
        );
    }
}

/// The CPU time this thread has run, in milliseconds: the first field of
/// `/proc/thread-self/schedstat`, in nanoseconds.
fn thread_cpu_ms() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_else(|e| {
        eprintln!("/proc/thread-self/schedstat: {e} (this measure needs Linux)");
        std::process::exit(1)
    });
    let nanoseconds: u64 = text
        .split_whitespace()
        .next()
        .and_then(|field| field.parse().ok())
        .unwrap_or_else(|| {
            eprintln!("/proc/thread-self/schedstat: no CPU time in {text:?}");
            std::process::exit(1)
        });
    nanoseconds as f64 / 1e6
}

/// Milliseconds of every move `spec` chose in `games` seeded games of game `G`: CPU time
/// and wall time.
fn time_games<G: Playable>(
    game: &GameSpec,
    spec: &str,
    games: u32,
    opening: u32,
) -> (Vec<f64>, Vec<f64>) {
    let start = G::new(&game.options).unwrap_or_else(|e| {
        eprintln!("GAME: {e}");
        std::process::exit(2)
    });
    let mut seats: Vec<_> = (0..start.players())
        .map(|_| {
            build::<G>(spec).unwrap_or_else(|e| {
                eprintln!("SPEC: {e}");
                std::process::exit(2)
            })
        })
        .collect();
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    let mut legal = Vec::new();
    for seed in 1..=u64::from(games) {
        for (index, agent) in seats.iter_mut().enumerate() {
            agent.reset(seed * 16 + index as u64);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = start.clone();
        for _ in 0..opening {
            if position.is_over() {
                break;
            }
            position.generate_moves(&mut legal);
            position.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
        while !position.is_over() {
            let agent = &mut seats[position.to_move().index()];
            let (clock, cpu_before) = (Instant::now(), thread_cpu_ms());
            let mv = agent.choose(&position);
            cpu.push(thread_cpu_ms() - cpu_before);
            wall.push(clock.elapsed().as_secs_f64() * 1000.0);
            position.play_unchecked(mv);
        }
    }
    (cpu, wall)
}
