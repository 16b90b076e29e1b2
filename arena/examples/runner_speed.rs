//! The runner's own cost, measured side by side with the engine: for Leapfrog Race,
//! English checkers and Chinese checkers, the plies per second of the engine's generic
//! random loop (move generation, a seeded ChaCha8 choice, the move; to the game's end or
//! its ply cap) and of `arena run` between two random agents on one thread (the same
//! games' work plus the opening, the legality checks, the forfeit guard, the move list
//! in notation, `games.csv` and the summaries).
//!
//! `cargo run --release -p arena --example runner_speed -- [GAMES]`

use std::path::Path;
use std::time::Instant;

use arena::cli::{Cli, RunArgs, Verb};
use engine::{with_game, Game, GameSpec};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("argument: GAMES"))
        .unwrap_or(20_000);
    let dir = std::env::temp_dir().join(format!("arena-runner-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    println!("game              engine loop     arena run     ratio");
    for game in ["leapfrog", "english", "chinese-checkers"] {
        let spec: GameSpec = game.parse().expect("a registered game");
        let engine = with_game!(spec.kind, G => {
            engine_loop(&G::new(&spec.options).expect("default options"), games)
        });
        let arena = arena_run(&dir, game, games);
        println!(
            "{game:<17} {:>8.2} M/s  {:>8.2} M/s   {:>5.2}",
            engine / 1e6,
            arena / 1e6,
            arena / engine
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plies per second of seeded random games from `start`, each to its end or its ply cap.
fn engine_loop<G: Game>(start: &G, games: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::with_capacity(256);
    let cap = start.ply_cap();
    let mut plies = 0u64;
    let clock = Instant::now();
    let mut position = start.clone();
    for _ in 0..games {
        position.clone_from(start);
        let mut played = 0;
        while !position.is_over() && played < cap {
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            played += 1;
        }
        plies += u64::from(played);
    }
    plies as f64 / clock.elapsed().as_secs_f64()
}

/// Plies per second of `arena run` on one thread: `games` games between two random
/// agents, no opening, the whole command timed (config read to summaries written).
fn arena_run(dir: &Path, game: &str, games: u64) -> f64 {
    let config = dir.join(format!("{game}.toml"));
    let out = dir.join(game);
    let text = format!(
        "game = \"{game}\"\nseed = 1\ngames_per_pair = {}\nopening_plies = 0\n\
         bootstrap = 100\nout = {:?}\n\n[[agent]]\nname = \"one\"\nspec = \"random\"\n\n\
         [[agent]]\nname = \"two\"\nspec = \"random\"\n",
        games.div_ceil(2),
        out.display().to_string()
    );
    std::fs::write(&config, text).expect("config written");
    let cli = Cli {
        verb: Verb::Run(RunArgs {
            config,
            threads: Some(1),
            out: None,
            resume: false,
            force: true,
            shard: None,
            report: false,
        }),
    };
    let clock = Instant::now();
    arena::cli::run(cli, &mut std::io::sink()).expect("the run plays");
    let seconds = clock.elapsed().as_secs_f64();
    let games_csv = std::fs::read_to_string(out.join("games.csv")).expect("games.csv");
    let mut reader = csv::Reader::from_reader(games_csv.as_bytes());
    let column = reader
        .headers()
        .expect("a header")
        .iter()
        .position(|h| h == "plies")
        .expect("a plies column");
    let plies: u64 = reader
        .records()
        .map(|r| r.expect("a row")[column].parse::<u64>().expect("plies"))
        .sum();
    plies as f64 / seconds
}
