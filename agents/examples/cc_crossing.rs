//! The Chinese checkers solitaire crossing played by an agent: one seat alone on the
//! board (`chinese-checkers:players=1`), the moves it takes to bring all its pieces
//! home, and the milliseconds each move took (median, 90th percentile, most), one
//! thread, the evaluation's tables built before the clock starts. With `PLAYERS` 2, the
//! agent plays both seats of a two-player game instead, for its think time in play.
//!
//! `cargo run --release -p agents --example cc_crossing -- BOARD SPEC [PLAYERS]`
//!
//! For example `... -- diamond minimax:nodes=5000,plan=300000`. Prints one line, then
//! the moves. `scripts/anchor-crossing.sh` runs it on both boards.

use std::time::Instant;

use agents::eval::Evaluate;
use engine::{ChineseCheckers, Game, GameOptions, Seat};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(board), Some(spec)) = (args.first(), args.get(1)) else {
        eprintln!("usage: cc_crossing BOARD SPEC [PLAYERS]");
        std::process::exit(2);
    };
    let players = args.get(2).map_or("1", String::as_str);
    let mut options = GameOptions::new();
    options.set("players", players);
    options.set("board", board);
    let mut position =
        ChineseCheckers::new(&options).expect("a board (star or diamond) and 1 or 2 players");
    // The tables are built on first use (seconds): not a move's cost.
    let _ = position.evaluate(Seat::A);
    let mut agent = agents::build::<ChineseCheckers>(spec).expect("a valid spec");
    agent.reset(0);
    let mut millis = Vec::new();
    let mut moves = Vec::new();
    let mut nodes = 0;
    while !position.is_over() {
        let clock = Instant::now();
        let mv = agent.choose(&position);
        millis.push(clock.elapsed().as_secs_f64() * 1000.0);
        nodes = nodes.max(agent.last_search().nodes);
        moves.push(mv.to_string());
        position.play(mv).expect("the agent's move is legal");
    }
    let home = position.goal(Seat::A) & !position.pieces(Seat::A) == 0;
    let mut sorted = millis.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    println!(
        "{board}, {players} player(s): {} moves{}, ms a move: median {:.1}, p90 {:.1}, \
         max {:.1}, total {:.0}; most positions a move {nodes}; spec {spec}",
        moves.len(),
        if home || players != "1" {
            ""
        } else {
            " (not home)"
        },
        at(0.5),
        at(0.9),
        sorted.last().copied().unwrap_or(0.0),
        millis.iter().sum::<f64>(),
    );
    println!("moves: {}", moves.join(" "));
}
