//! The command line: clap definitions of every verb, and the dispatch to the library.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use engine::{with_game, Game, GameSpec};

use crate::analyze::{analyze_command, AnalyzeArgs};
use crate::calibrate::{calibrate_command, CalibrateArgs};
use crate::engine_protocol::{engine_command, EngineArgs};
use crate::error::ArenaError;
use crate::html_report::{report_command, ReportArgs};
use crate::rate::{rate_command, RateArgs};
use crate::shard::{merge_command, MergeArgs, Shard};
use crate::slurm::{slurm_command, SlurmArgs};
use crate::solve::{solve_command, SolveArgs};
use crate::sprt::{sprt_command, SprtArgs};
use crate::{play, tournament};

/// Seeded tournaments between game-playing agents, with honest statistics.
#[derive(Debug, Parser)]
#[command(name = "arena", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub verb: Verb,
}

/// The verbs.
#[derive(Debug, Subcommand)]
pub enum Verb {
    /// Count move sequences of each length from 1 to D (checks move generation).
    Perft(PerftArgs),
    /// Play one game between agents, or against them yourself, and print its moves and result.
    Play(PlayArgs),
    /// Run a round-robin tournament from a TOML config, writing CSV files.
    Run(RunArgs),
    /// Replay one game of a tournament from its seed and check every move.
    Replay(ReplayArgs),
    /// Solve Leapfrog Race: the value of every position under perfect play.
    Solve(SolveArgs),
    /// Rate every agent move of a Leapfrog Race run against perfect play.
    Analyze(AnalyzeArgs),
    /// Check the shards of a run and write the files the whole run would have written.
    Merge(MergeArgs),
    /// Write (and optionally submit) Slurm scripts: a job array of shards, then the merge.
    Slurm(SlurmArgs),
    /// Calibrate difficulty levels (easy, medium, hard) of one agent family.
    Calibrate(CalibrateArgs),
    /// Run a sequential probability ratio test (GSPRT) between two agents.
    Sprt(SprtArgs),
    /// Write `DIR/report.html`: charts and tables of a finished run or calibration.
    Report(ReportArgs),
    /// Answer the arena protocol (docs/protocol.md) on standard input and output as one
    /// of the arena's agents or levels, for another program to play against.
    Engine(EngineArgs),
    /// Rate an agent (a spec or `cmd:` program) against a game's shipped levels and place
    /// it on their rating scale.
    Rate(RateArgs),
}

/// `arena perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game, with options if any (e.g. `leapfrog` or `leapfrog:first=B`).
    pub game: String,
    /// The deepest ply count to report.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Start from this position (in the game's notation) instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Players at the table (games that seat several, e.g. Chinese checkers).
    #[arg(long)]
    pub players: Option<u32>,
    /// Pieces a player (Chinese checkers: 10 or 15).
    #[arg(long)]
    pub pieces: Option<u32>,
    /// The board (Chinese checkers: `star` or `diamond`).
    #[arg(long)]
    pub board: Option<String>,
    /// Allow equidistant ("super") jumps (Chinese checkers).
    #[arg(long)]
    pub super_jumps: bool,
    /// Count every capture path (draughts: the option `duplicates=keep`). The default,
    /// `drop`, counts two captures with the same start, end and captured pieces once, as
    /// the rules see one move; published perft tables give both counts (for English they
    /// differ from depth 12 on).
    #[arg(long)]
    pub keep_duplicates: bool,
}

/// `arena play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, with options if any.
    pub game: String,
    /// Spec of the player in seat A, which moves first: an agent (e.g. `minimax:depth=4`),
    /// a level (`level:easy`, `level:medium`, `level:hard`), `human` (you, at the
    /// keyboard: type a move, `hint`, `undo` or `quit`), or a program that speaks the
    /// arena protocol, `cmd:` and its command line split at spaces (e.g.
    /// `cmd:python3 bots/mine.py`; see docs/protocol.md).
    #[arg(long, required_unless_present = "seat")]
    pub first: Option<String>,
    /// Spec of the player in seat B (as for --first).
    #[arg(long, required_unless_present = "seat")]
    pub second: Option<String>,
    /// Spec of each seat in turn order, once per seat (games of more than two players).
    #[arg(long, conflicts_with_all = ["first", "second"])]
    pub seat: Vec<String>,
    /// The game's seed: the opening and every agent's seed derive from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Seeded random plies before the agents take over.
    #[arg(long, default_value_t = 0)]
    pub opening_plies: u32,
    /// Stop after this many plies and let progress decide (default: the game's cap).
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Start from this position (in the game's notation, as `arena perft --position`
    /// reads it) instead of the game's start.
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Draw the board after each move.
    #[arg(long)]
    pub show: bool,
    /// The difficulty file that `level:NAME` specs and `hint` read (default:
    /// `results/<game>/difficulty.toml`).
    #[arg(long, value_name = "FILE")]
    pub levels: Option<PathBuf>,
    /// Save the game as a one-game `games.csv` (with a `config.toml` beside it) for
    /// `arena replay` and `arena analyze`. Neither file may exist yet.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Also write the game as a PDN game record (draughts only) that draughts software
    /// reads. The file may not exist yet.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
}

/// `arena run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The tournament config (TOML).
    pub config: PathBuf,
    /// Worker threads (overrides the config).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (overrides the config).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Finish an interrupted run in the output folder.
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Replace whatever run the output folder holds.
    #[arg(long)]
    pub force: bool,
    /// Play only shard K of N (the games whose id is K modulo N) into the output folder;
    /// `arena merge` puts the shards together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Also write `report.html` (charts and tables) into the output folder at the end.
    #[arg(long, conflicts_with = "shard")]
    pub report: bool,
}

/// `arena replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The `games.csv` of a run (its folder's `config.toml` gives the specs).
    pub games: PathBuf,
    /// The game_id to replay.
    #[arg(long)]
    pub game: u64,
    /// Draw the board after each move.
    #[arg(long)]
    pub show: bool,
    /// Write the replayed game as a PDN game record (draughts only) that draughts
    /// software reads; only once the replay matches the record. The file may not exist
    /// yet.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
}

/// Reads the command line. Help and version requests are printed here; a usage error is
/// printed as one line (clap's first), and the exit code to leave with is returned.
///
/// # Errors
/// The exit code when the process should stop here: 0 after help or version, 2 after a
/// usage error.
pub fn parse<I, T>(args: I) -> Result<Cli, std::process::ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::error::ErrorKind;
    Cli::try_parse_from(args).map_err(|error| match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            std::process::ExitCode::from(if error.exit_code() == 0 { 0 } else { 2 })
        }
        _ => {
            let text = error.render().to_string();
            eprintln!(
                "{}",
                text.lines().next().unwrap_or("error: bad command line")
            );
            std::process::ExitCode::from(2)
        }
    })
}

/// Runs the verb the command line names, writing its report to `out`.
///
/// # Errors
/// Whatever the verb reports; see [`ArenaError::exit_code`].
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), ArenaError> {
    match cli.verb {
        Verb::Perft(args) => perft(&args, out),
        Verb::Play(args) => {
            let stdin = std::io::stdin();
            let terminal = stdin.is_terminal();
            play::play_command(&args, &mut stdin.lock(), terminal, out)
        }
        Verb::Run(args) => tournament::run_command(&args, out),
        Verb::Replay(args) => play::replay_command(&args, out),
        Verb::Solve(args) => solve_command(&args, out),
        Verb::Analyze(args) => analyze_command(&args, out),
        Verb::Merge(args) => merge_command(&args, out),
        Verb::Slurm(args) => slurm_command(&args, out),
        Verb::Calibrate(args) => calibrate_command(&args, out),
        Verb::Sprt(args) => sprt_command(&args, out),
        Verb::Report(args) => report_command(&args, out),
        Verb::Rate(args) => rate_command(&args, out),
        Verb::Engine(args) => engine_command(&args, &mut std::io::stdin().lock(), out),
    }
}

/// Reads a game name with options.
///
/// # Errors
/// An unknown game or a malformed option.
pub fn parse_game(text: &str) -> Result<GameSpec, ArenaError> {
    Ok(text.parse::<GameSpec>()?)
}

fn perft(args: &PerftArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut spec = parse_game(&args.game)?;
    // The flags are rule options by another name; the game refuses those it lacks.
    let flags = [
        ("players", args.players.map(|n| n.to_string())),
        ("pieces", args.pieces.map(|n| n.to_string())),
        ("board", args.board.clone()),
        ("super_jumps", args.super_jumps.then(|| "true".to_string())),
    ];
    for (key, value) in flags {
        if let Some(value) = value {
            spec.options.set(key, &value);
        }
    }
    let mut position = args.position.clone();
    if args.keep_duplicates {
        if !spec.kind.is_draughts() {
            return Err(ArenaError::input(format!(
                "--keep-duplicates: {} is not a draughts game: the flag counts every capture \
                 path of the draughts family (english, international, ...)",
                spec.kind
            )));
        }
        spec.options.set("duplicates", "keep");
        // A position carries its options after a space.
        if let Some(text) = &mut position {
            text.push_str(" duplicates=keep");
        }
    }
    with_game!(spec.kind, G => {
        let start = match &position {
            Some(text) => G::parse_position(text)?,
            None => G::new(&spec.options)?,
        };
        for depth in 1..=args.depth {
            let nodes = engine::perft::perft(&start, depth);
            writeln!(out, "{depth} {nodes}").map_err(stdout_error)?;
        }
    });
    Ok(())
}

/// Applies the command line's `--threads` and `--out` over a config's values.
///
/// # Errors
/// `--threads 0`.
pub fn apply_overrides(
    threads: Option<usize>,
    out: &Option<PathBuf>,
    config_threads: &mut usize,
    config_out: &mut PathBuf,
) -> Result<(), ArenaError> {
    if let Some(threads) = threads {
        if threads == 0 {
            return Err(ArenaError::input("--threads 0: expected at least 1"));
        }
        *config_threads = threads;
    }
    if let Some(dir) = out {
        *config_out = dir.clone();
    }
    Ok(())
}

/// An error writing the report to standard output.
pub fn stdout_error(error: std::io::Error) -> ArenaError {
    ArenaError::failure(format!("cannot write to standard output: {error}"))
}
