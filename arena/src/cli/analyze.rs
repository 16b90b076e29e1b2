//! `arena analyze`: every agent move of a Leapfrog Race run, or every move of an English
//! checkers run played inside the endgame tables, rated against perfect play, into
//! `accuracy.csv` beside the run's `games.csv`.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use engine::games::draughts::EnglishDraughts;
use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, GameKind, GameSpec, Leapfrog};

use crate::analyze::{accuracy_csv, rate_english_game, rate_game, SeatTally};
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow};
use crate::output::{stdout_error, write_atomically};
use crate::run_folder::recorded_identity;

/// `arena analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The `games.csv` of a Leapfrog Race or English checkers run; `accuracy.csv` is
    /// written beside it.
    pub games: PathBuf,
    /// A solved table written by `arena solve leapfrog --out FILE` (default: solve now),
    /// or for English the endgame tables of `arena solve english --pieces N --out FILE`.
    #[arg(long)]
    pub table: Option<PathBuf>,
}

/// Rates the moves of one recorded game (its moves as written in `games.csv`).
type RateGame = dyn Fn(&str) -> Result<[SeatTally; 2], String>;

/// Runs `arena analyze`.
///
/// # Errors
/// A run that is not of Leapfrog Race, an unreadable table or games file, or a recorded
/// game that does not replay in the table.
pub(crate) fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let identity = recorded_identity(&args.games)?;
    let game: GameSpec = identity.game.parse()?;
    let rater: Box<RateGame> = match game.kind {
        GameKind::Leapfrog => {
            let start = Leapfrog::new(&game.options)?;
            let table: Arc<SolveTable> = match &args.table {
                Some(path) => agents::perfect::load_table(path)
                    .map_err(|e| ArenaError::input(e.to_string()))?,
                None => agents::perfect::solved_table(),
            };
            let plies = identity.opening_plies;
            Box::new(move |moves| rate_game(&table, &start, moves, plies))
        }
        GameKind::English => {
            let start = EnglishDraughts::new(&game.options)?;
            let path = args.table.as_ref().ok_or_else(|| {
                ArenaError::input(
                    "arena analyze of an english run: --table FILE, the endgame tables of \
                     `arena solve english --pieces N --out FILE`",
                )
            })?;
            let tables = agents::perfect_english::load_endgame(path)
                .map_err(|e| ArenaError::input(e.to_string()))?;
            let plies = identity.opening_plies;
            Box::new(move |moves| rate_english_game(&tables, &start, moves, plies))
        }
        _ => {
            return Err(ArenaError::input(format!(
                "{}: game {:?}: analysis needs a solved game (leapfrog) or endgame tables \
                 (english)",
                args.games.display(),
                identity.game
            )))
        }
    };
    let rows: Vec<GameRow> = games_csv::read(&args.games, 2)?.rows;
    let mut per_game: HashMap<String, Vec<SeatTally>> = HashMap::new();
    for row in &rows {
        let tallies = rater(&row.moves).map_err(|e| {
            ArenaError::input(format!(
                "{}: game {}: {e}",
                args.games.display(),
                row.game_id
            ))
        })?;
        for (seat, name) in row.seats.iter().enumerate() {
            per_game
                .entry(name.clone())
                .or_default()
                .push(tallies[seat]);
        }
    }
    let names: Vec<String> = identity.agent.iter().map(|a| a.name.clone()).collect();
    let csv = accuracy_csv(&names, &per_game, identity.seed);
    let path = args.games.with_file_name("accuracy.csv");
    write_atomically(&path, csv.as_bytes())?;
    write!(out, "{csv}").map_err(stdout_error)?;
    Ok(())
}
