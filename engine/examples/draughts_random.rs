//! Random English checkers, for speed comparisons: plays seeded random games to their
//! end (the engine's draw rules) or the ply cap and prints the plies per second. A ply is
//! one whole move, a multi-capture included. The games are the engine's random playouts
//! ([`Game::random_playout`]), the routine MCTS plays out with.
//!
//! `cargo run --release -p engine --example draughts_random -- [GAMES] [PLY_CAP]`

use std::time::Instant;

use engine::games::draughts::English;
use engine::{Draughts, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> u64 {
        args.get(index)
            .map(|a| a.parse().expect("arguments: GAMES PLY_CAP"))
            .unwrap_or(default)
    };
    let games = number(0, 20_000);
    let ply_cap = number(1, 1_000);
    let start = Draughts::<English>::start();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::with_capacity(64);
    let mut line = Vec::with_capacity(1024);
    let mut plies = 0u64;
    let clock = Instant::now();
    let mut position = start.clone();
    for _ in 0..games {
        position.clone_from(&start);
        line.clear();
        position.random_playout(ply_cap as u32, &mut moves, &mut line, |n| {
            rng.random_range(0..n)
        });
        plies += line.len() as u64;
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "engine: {games} random English games, ply cap {ply_cap}, mean length {:.1} plies: {plies} plies in {seconds:.3} s = {:.0} plies/s",
        plies as f64 / games as f64,
        plies as f64 / seconds
    );
}
