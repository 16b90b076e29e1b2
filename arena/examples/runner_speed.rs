//! The runner's own cost, measured side by side with the engine: for Leapfrog Race,
//! English checkers and Chinese checkers, the plies per second of the engine's generic
//! random loop (move generation, a seeded ChaCha8 choice, the move; to the game's end or
//! its ply cap), of the same loop writing each game's moves as a record line to a file
//! (the least any runner that keeps `games.csv` must do), and of `arena run` between two
//! random agents on one thread (the same games' work plus the seats' seeding, the
//! legality checks, the forfeit guard, the move list in notation, `games.csv` and the
//! summaries).
//!
//! `cargo run --release -p arena --example runner_speed -- [GAMES [GAME...]]`

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use arena::cli::{Cli, FolderChoice, Overrides, RunArgs, Verb};
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
    println!(
        "game              engine loop  loop + record     arena run     ratio   ratio of CPU time"
    );
    let chosen: Vec<String> = std::env::args().skip(2).collect();
    for game in ["leapfrog", "english", "chinese-checkers"] {
        if !chosen.is_empty() && !chosen.iter().any(|c| c == game) {
            continue;
        }
        let spec: GameSpec = game.parse().expect("a registered game");
        let (engine, recorded) = with_game!(spec.kind, G => {
            let start = G::new(&spec.options).expect("default options");
            let record = dir.join(format!("{game}-record.txt"));
            (
                timed(|| engine_loop(&start, games, None)),
                timed(|| engine_loop(&start, games, Some(&record))),
            )
        });
        let arena = arena_run(&dir, game, games);
        println!(
            "{game:<17} {:>8.2} M/s   {:>8.2} M/s  {:>8.2} M/s   {:>5.2}   {:>5.2}",
            engine.per_second() / 1e6,
            recorded.per_second() / 1e6,
            arena.per_second() / 1e6,
            arena.per_second() / engine.per_second(),
            arena.per_cpu_second() / engine.per_cpu_second(),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plies played, and the wall-clock and CPU seconds they took.
struct Timed {
    plies: u64,
    seconds: f64,
    cpu_seconds: f64,
}

impl Timed {
    fn per_second(&self) -> f64 {
        self.plies as f64 / self.seconds
    }

    /// Plies per second of the process's CPU time (all its threads): the fair measure on
    /// a machine busy with other work, where wall-clock time counts the others' turns.
    fn per_cpu_second(&self) -> f64 {
        self.plies as f64 / self.cpu_seconds
    }
}

fn timed(play: impl FnOnce() -> u64) -> Timed {
    let (clock, cpu) = (Instant::now(), cpu_seconds());
    let plies = play();
    Timed {
        plies,
        seconds: clock.elapsed().as_secs_f64(),
        cpu_seconds: cpu_seconds() - cpu,
    }
}

/// The process's user and system CPU time so far, from `/proc/self/stat` (Linux; in
/// clock ticks of 1/100 s); 0 where it cannot be read.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name, which is in parentheses and may hold spaces.
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
    let ticks: u64 = fields[11..13]
        .iter()
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    ticks as f64 / 100.0
}

/// Plies of seeded random games from `start`, each to its end or its ply cap; with
/// `record`, each game's moves are written there as a line of text.
fn engine_loop<G: Game>(start: &G, games: u64, record: Option<&Path>) -> u64 {
    let mut file = record
        .map(|path| std::io::BufWriter::new(std::fs::File::create(path).expect("record file")));
    let mut line = String::with_capacity(4096);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::with_capacity(256);
    let cap = start.ply_cap();
    let mut plies = 0u64;
    let mut position = start.clone();
    for _ in 0..games {
        position.clone_from(start);
        let mut played = 0;
        line.clear();
        while !position.is_over() && played < cap {
            position.generate_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            if file.is_some() {
                G::push_move_text(mv, &mut line);
                line.push(' ');
            }
            position.play_unchecked(mv);
            played += 1;
        }
        if let Some(file) = &mut file {
            line.push('\n');
            file.write_all(line.as_bytes()).expect("record written");
        }
        plies += u64::from(played);
    }
    if let Some(file) = file {
        file.into_inner()
            .expect("record written")
            .sync_data()
            .expect("record synced");
    }
    plies
}

/// Plies of `arena run` on one thread: `games` games between two random agents, no
/// opening, the whole command timed (config read to summaries written).
fn arena_run(dir: &Path, game: &str, games: u64) -> Timed {
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
            overrides: Overrides {
                threads: Some(1),
                out: None,
            },
            folder: FolderChoice {
                resume: false,
                force: true,
            },
            shard: None,
            report: false,
        }),
        allow_program: Vec::new(),
    };
    let mut timing = timed(|| {
        arena::cli::run(cli, &mut std::io::sink()).expect("the run plays");
        0
    });
    let games_csv = std::fs::read_to_string(out.join("games.csv")).expect("games.csv");
    let mut reader = csv::Reader::from_reader(games_csv.as_bytes());
    let column = reader
        .headers()
        .expect("a header")
        .iter()
        .position(|h| h == "plies")
        .expect("a plies column");
    timing.plies = reader
        .records()
        .map(|r| r.expect("a row")[column].parse::<u64>().expect("plies"))
        .sum();
    timing
}
