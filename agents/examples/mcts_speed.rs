//! MCTS speed, for comparisons with other engines' MCTS: the plain UCT player with
//! uniformly random playouts to the end of the game (or its ply cap) searches from the
//! start and from the positions before moves 10, 20 and 30 of a seeded random game (as
//! `scripts/compare-draughts.sh` and `scripts/compare-openspiel.sh` do for OpenSpiel's
//! bot), and the iterations per second over all of them are printed.
//!
//! `cargo run --release -p agents --example mcts_speed -- [ITERATIONS] [GAME]`
//!
//! GAME is `english` (the default) or `chinese-checkers` (two players).

use std::time::Instant;

use agents::Playable;
use engine::games::draughts::English;
use engine::{ChineseCheckers, Draughts, Game, GameOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let iterations: u64 = args
        .first()
        .map(|a| a.parse().expect("argument 1: ITERATIONS"))
        .unwrap_or(1_000);
    let game = args.get(1).map_or("english", String::as_str);
    match game {
        "english" => measure(Draughts::<English>::start(), "English checkers", iterations),
        "chinese-checkers" => measure(
            ChineseCheckers::new(&GameOptions::new()).expect("the default game"),
            "Chinese checkers (2 players)",
            iterations,
        ),
        other => panic!("argument 2: GAME is english or chinese-checkers, not {other:?}"),
    }
}

/// Searches from the start and before moves 10, 20 and 30 of a seeded random game from
/// `start`, and prints the iterations per second over all the searches.
fn measure<G: Playable>(start: G, name: &str, iterations: u64) {
    // Plies before each search: the start and before moves 10, 20 and 30.
    let searched_at = [0, 9, 19, 29];
    let spec = format!("mcts:iterations={iterations},playout=random");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut position = start;
    let mut moves = Vec::new();
    let (mut total_iterations, mut seconds, mut searched) = (0u64, 0.0, 0);
    let mut ply = 0;
    for &target in &searched_at {
        // Play on to the target, and past it to a position with a choice: a search with
        // one legal move at the root stops at once.
        loop {
            if position.is_over() {
                break;
            }
            position.generate_moves(&mut moves);
            if ply >= target && moves.len() >= 2 {
                break;
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            ply += 1;
        }
        if position.is_over() {
            break;
        }
        let mut agent = agents::build::<G>(&spec).expect("valid spec");
        agent.reset(target);
        let clock = Instant::now();
        let _ = agent.choose(&position);
        seconds += clock.elapsed().as_secs_f64();
        total_iterations += agent.last_search().iterations;
        searched += 1;
    }
    println!(
        "engine: MCTS ({spec}) on {name}, {searched} positions: {total_iterations} iterations in {seconds:.3} s = {:.0} iterations/s",
        total_iterations as f64 / seconds
    );
}
