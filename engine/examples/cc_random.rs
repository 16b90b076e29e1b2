//! Random two-player Chinese checkers, for speed comparisons: plays seeded random games
//! to the end or the ply cap and prints the plies per second.
//!
//! `cargo run --release -p engine --example cc_random -- [GAMES] [PLY_CAP] [PLAYERS]`

use std::time::Instant;

use engine::{ChineseCheckers, Game, GameOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> u64 {
        args.get(index)
            .map(|a| a.parse().expect("arguments: GAMES PLY_CAP PLAYERS"))
            .unwrap_or(default)
    };
    let games = number(0, 2_000);
    let players = number(2, 2);
    let ply_cap = number(1, 200 * players);
    let mut options = GameOptions::new();
    options.set("players", &players.to_string());
    let start = ChineseCheckers::new(&options).expect("players is 2, 3, 4 or 6");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::with_capacity(256);
    let mut plies = 0u64;
    let clock = Instant::now();
    for _ in 0..games {
        let mut position = start.clone();
        let mut played = 0;
        while !position.is_over() && played < ply_cap {
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            played += 1;
        }
        plies += played;
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "engine: {games} random {players}-player games, ply cap {ply_cap}: {plies} plies in {seconds:.3} s = {:.0} plies/s",
        plies as f64 / seconds
    );
}
