//! `arena analyze`: every agent move of a run scored by the referee, a fixed-depth
//! material search (a best-reply search at a table of more than two), into `referee.csv`; and where perfect play is known
//! (every Leapfrog Race position, English checkers positions inside the endgame tables
//! of `--table`) rated against it, into `accuracy.csv`. Both files go beside the run's
//! `games.csv`.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use agents::referee::{Referee, Refereed, MAX_DEPTH};
use clap::Args;
use engine::games::draughts::EnglishDraughts;
use engine::games::leapfrog::solve::SolveTable;
use engine::{with_game, Game, GameKind, GameSpec, Leapfrog, Seat};
use rayon::prelude::*;

use crate::analyze::{
    accuracy_csv, rate_english_game, rate_game, referee_csv, referee_game, RefereeTally,
    RefereedGames, SeatTally,
};
use crate::config::RunIdentity;
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow};
use crate::output::{stdout_error, write_atomically};
use crate::run_folder::recorded_identity;

/// `arena analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The `games.csv` of a run; `referee.csv` (and `accuracy.csv` where
    /// perfect play is known) is written beside it.
    pub games: PathBuf,
    /// A solved table written by `arena solve leapfrog --out FILE` (default: solve now),
    /// or for English the endgame tables of `arena solve english --pieces N --out FILE`:
    /// moves are then rated against perfect play into `accuracy.csv`.
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Score the moves with the referee too where they are rated against perfect play
    /// (Leapfrog Race; English with --table). Every other run is scored by the referee.
    #[arg(long)]
    pub referee: bool,
    /// The plies the referee searches each move to, 1 to 12 (default: 6; Chinese
    /// checkers 4 at two seats, 2 at more); each ply multiplies its work by the moves of
    /// a position (at a table of more than two, a ply is a move of the seat scored or the
    /// others' reply).
    #[arg(long, value_name = "PLIES",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: Option<u32>,
}

/// Rates the moves of one recorded game (its moves as written in `games.csv`).
type RateGame = dyn Fn(&str) -> Result<[SeatTally; 2], String> + Sync;

/// Runs `arena analyze`.
///
/// # Errors
/// A `--table` for a game without one, an unreadable table or games file, or a
/// recorded game that does not replay (or not in the table).
pub(crate) fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let identity = recorded_identity(&args.games)?;
    let game: GameSpec = identity.game.parse()?;
    let players = game.limits()?.players;
    let perfect: Option<Box<RateGame>> = match game.kind {
        GameKind::Leapfrog if players == 2 => {
            let start = Leapfrog::new(&game.options)?;
            let table: Arc<SolveTable> = match &args.table {
                Some(path) => agents::perfect::load_table(path)
                    .map_err(|e| ArenaError::input(e.to_string()))?,
                None => agents::perfect::solved_table(),
            };
            let plies = identity.opening_plies;
            Some(Box::new(move |moves| {
                rate_game(&table, &start, moves, plies)
            }))
        }
        GameKind::English if args.table.is_some() => {
            let start = EnglishDraughts::new(&game.options)?;
            let path = args.table.as_ref().expect("matched on it");
            let tables = agents::perfect_english::load_endgame(path)
                .map_err(|e| ArenaError::input(e.to_string()))?;
            let plies = identity.opening_plies;
            Some(Box::new(move |moves| {
                rate_english_game(&tables, &start, moves, plies)
            }))
        }
        _ if args.table.is_some() => {
            return Err(ArenaError::input(format!(
                "{}: game {:?}: --table is for leapfrog (a solved table) and english (endgame \
                 tables) only",
                args.games.display(),
                identity.game
            )))
        }
        _ => None,
    };
    let rows: Vec<GameRow> = games_csv::read(&args.games, players)?.rows;
    let names: Vec<String> = identity.agent.iter().map(|a| a.name.clone()).collect();
    let mut printed = String::new();
    if let Some(rater) = &perfect {
        let per_game = rate_all(&args.games, &rows, |moves| rater(moves))?;
        let mut tallies: HashMap<String, Vec<SeatTally>> = HashMap::new();
        for (row, seats) in rows.iter().zip(per_game) {
            for (seat, name) in row.seats.iter().enumerate() {
                tallies.entry(name.clone()).or_default().push(seats[seat]);
            }
        }
        let csv = accuracy_csv(&names, &tallies, identity.seed);
        write_atomically(&args.games.with_file_name("accuracy.csv"), csv.as_bytes())?;
        printed.push_str(&csv);
    }
    if perfect.is_none() || args.referee {
        let csv = with_game!(game.kind, G => {
            let start = G::new(&game.options)?;
            referee_run(&args.games, &identity, &names, &rows, &start, args.depth)?
        });
        write_atomically(&args.games.with_file_name("referee.csv"), csv.as_bytes())?;
        if !printed.is_empty() {
            printed.push('\n');
        }
        printed.push_str(&csv);
    }
    write!(out, "{printed}").map_err(stdout_error)?;
    Ok(())
}

/// Each game of `rows` rated by `rate`, in parallel, in the order of `rows`.
fn rate_all<T: Send>(
    games: &Path,
    rows: &[GameRow],
    rate: impl Fn(&str) -> Result<T, String> + Sync,
) -> Result<Vec<T>, ArenaError> {
    rows.par_iter()
        .map(|row| {
            rate(&row.moves).map_err(|e| {
                ArenaError::input(format!("{}: game {}: {e}", games.display(), row.game_id))
            })
        })
        .collect()
}

/// `referee.csv` for the games of `rows`, played from `start`, scored `depth` plies deep
/// (the game's own depth by default).
fn referee_run<G: Refereed>(
    games: &Path,
    identity: &RunIdentity,
    names: &[String],
    rows: &[GameRow],
    start: &G,
    depth: Option<u32>,
) -> Result<String, ArenaError> {
    let referee =
        Referee::new(depth.unwrap_or(start.default_depth())).map_err(ArenaError::input)?;
    let plies = identity.opening_plies;
    let per_game = rate_all(games, rows, |moves| {
        referee_game(&referee, start, moves, plies)
    })?;
    let mut tallies: HashMap<String, RefereedGames> = HashMap::new();
    for (row, seats) in rows.iter().zip(per_game) {
        for (seat, name) in row.seats.iter().enumerate() {
            let tally: RefereeTally = seats[seat];
            tallies
                .entry(name.clone())
                .or_default()
                .push((Seat::new(seat), tally));
        }
    }
    Ok(referee_csv(
        names,
        &tallies,
        G::UNIT,
        referee.depth(),
        identity.seed,
    ))
}
