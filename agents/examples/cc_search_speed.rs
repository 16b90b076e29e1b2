//! Minimax speed in Chinese checkers, for the evaluation's cost: searches of a fixed
//! node budget from the positions of seeded greedy games (so that pieces are spread
//! over the board, as in play), for each spec given, printing positions visited per
//! second over all the searches.
//!
//! `cargo run --release -p agents --example cc_search_speed -- PLAYERS NODES SPEC...`
//!
//! For example `... -- 3 20000 minimax:eval=basic minimax` (the budget is added to each
//! spec as `nodes=NODES`). The solitaire bound's table is built before the clock starts.

use std::time::Instant;

use agents::eval::Evaluate;
use engine::{ChineseCheckers, Game, GameOptions, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u32 = args
        .first()
        .map_or(2, |a| a.parse().expect("argument 1: PLAYERS"));
    let nodes: u64 = args
        .get(1)
        .map_or(20_000, |a| a.parse().expect("argument 2: NODES"));
    let mut options = GameOptions::new();
    options.set("players", &players.to_string());
    let start = ChineseCheckers::new(&options).expect("a valid player count");
    let positions = positions(start, 24);
    // The solitaire bound's table is built on first use (seconds): not a search's cost.
    let _ = positions[0].evaluate(Seat::A);
    for base in &args[2..] {
        let spec = if base.contains(':') {
            format!("{base},nodes={nodes}")
        } else {
            format!("{base}:nodes={nodes}")
        };
        let (mut visited, mut seconds) = (0u64, 0.0);
        for position in &positions {
            let mut agent = agents::build::<ChineseCheckers>(&spec).expect("a valid spec");
            agent.reset(1);
            let clock = Instant::now();
            let _ = agent.choose(position);
            seconds += clock.elapsed().as_secs_f64();
            visited += agent.last_search().nodes;
        }
        println!(
            "{players} players, {spec}: {} positions searched, {visited} nodes in {seconds:.3} s = {:.0} nodes/s",
            positions.len(),
            visited as f64 / seconds
        );
    }
}

/// `count` positions: every fourth ply of seeded games in which each seat plays its
/// greediest move (a random one in one move of four), from `start`.
fn positions(start: ChineseCheckers, count: usize) -> Vec<ChineseCheckers> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < count {
        let mut position = start.clone();
        let mut ply = 0;
        while !position.is_over() && found.len() < count {
            position.generate_moves(&mut moves);
            let seat = position.to_move();
            let mv = if rng.random_range(0..4) == 0 {
                moves[rng.random_range(0..moves.len())]
            } else {
                *moves
                    .iter()
                    .max_by_key(|mv| {
                        let mut after = position.clone();
                        after.play_unchecked(**mv);
                        after.progress(seat)
                    })
                    .expect("a move")
            };
            position.play_unchecked(mv);
            ply += 1;
            if ply % 4 == 0 && moves.len() > 1 {
                found.push(position.clone());
            }
        }
    }
    found
}
