//! MCTS speed on English checkers, for comparisons: the plain UCT player with uniformly
//! random playouts to the end of the game chooses a move in each of the first positions
//! of a seeded random game, and the iterations per second over all of them are printed.
//!
//! `cargo run --release -p agents --example draughts_mcts -- [ITERATIONS] [POSITIONS]`

use std::time::Instant;

use engine::games::draughts::English;
use engine::{Draughts, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> u64 {
        args.get(index)
            .map(|a| a.parse().expect("arguments: ITERATIONS POSITIONS"))
            .unwrap_or(default)
    };
    let iterations = number(0, 10_000);
    let positions = number(1, 20);
    let spec = format!("mcts:iterations={iterations},playout=random");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut position = Draughts::<English>::start();
    let mut moves = Vec::new();
    let (mut total_iterations, mut seconds, mut searched) = (0u64, 0.0, 0);
    while searched < positions && !position.is_over() {
        let mut agent = agents::build::<Draughts<English>>(&spec).expect("valid spec");
        agent.reset(searched);
        let clock = Instant::now();
        let _ = agent.choose(&position);
        seconds += clock.elapsed().as_secs_f64();
        total_iterations += agent.last_search().iterations;
        searched += 1;
        position.generate_moves(&mut moves);
        position.play(moves[rng.random_range(0..moves.len())]);
    }
    println!(
        "engine: MCTS ({spec}) on English checkers, {searched} positions: {total_iterations} iterations in {seconds:.3} s = {:.0} iterations/s",
        total_iterations as f64 / seconds
    );
}
