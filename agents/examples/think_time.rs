//! How long an agent thinks: seeded games of one spec against itself in every seat, every
//! move it chooses timed on this thread ([`agents::think_time`]). Prints the median, 90th
//! percentile and largest milliseconds a move over all the games, in processor time and
//! in wall time, and the moves timed. `arena levels --think-time DIR` does the same for
//! every level of a calibrated set and records it in the set's `levels.md`.
//!
//! `cargo run --release -p agents --example think_time -- GAME SPEC [GAMES] [OPENING_PLIES]`
//!
//! GAME as the arena writes it (`english`, `chinese-checkers:players=3`); SPEC an agent
//! spec (`minimax:nodes=500000`); GAMES defaults to 4, OPENING_PLIES to 4.

use agents::think_time::{time_self_play, MoveTimes, Quantiles};
use agents::Playable;
use engine::{with_game, GameSpec};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: think_time GAME SPEC [GAMES] [OPENING_PLIES]";
    let (Some(game), Some(spec)) = (args.first(), args.get(1)) else {
        fail(2, usage)
    };
    let number = |index: usize, default: u32, what: &str| -> u32 {
        args.get(index).map_or(default, |text| {
            text.parse()
                .unwrap_or_else(|_| fail(2, &format!("{what}: a number, not {text:?}\n{usage}")))
        })
    };
    let games = number(2, 4, "GAMES").clamp(1, 1000);
    let opening = number(3, 4, "OPENING_PLIES").min(100);
    let parsed: GameSpec = game
        .parse()
        .unwrap_or_else(|e| fail(2, &format!("GAME: {e}")));
    let times = with_game!(parsed.kind, G => time_games::<G>(&parsed, spec, games, opening));
    if times.wall_ms.is_empty() {
        fail(1, "no move was searched: every game ended in its opening");
    }
    println!(
        "{game} {spec}: {} moves, {games} games",
        times.wall_ms.len()
    );
    match &times.cpu_ms {
        Some(cpu) => print_quantiles("cpu", cpu),
        None => println!("  cpu: not measured (no thread clock on this system)"),
    }
    print_quantiles("wall", &times.wall_ms);
}

fn print_quantiles(clock: &str, ms: &[f64]) {
    if let Some(q) = Quantiles::of(ms) {
        println!(
            "  {clock}: median {:.1} ms a move, p90 {:.1}, most {:.1}",
            q.median, q.p90, q.most
        );
    }
}

fn time_games<G: Playable>(game: &GameSpec, spec: &str, games: u32, opening: u32) -> MoveTimes {
    let start = G::new(&game.options).unwrap_or_else(|e| fail(2, &format!("GAME: {e}")));
    time_self_play(&start, spec, games, opening).unwrap_or_else(|e| fail(2, &format!("SPEC: {e}")))
}

fn fail(code: i32, message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(code)
}
