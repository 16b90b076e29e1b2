//! `arena analyze`: every agent move of a Leapfrog Race run rated against perfect play,
//! into `accuracy.csv` beside the run's `games.csv`.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, GameKind, GameSpec, Leapfrog};

use crate::analyze::{accuracy_csv, rate_game, SeatTally};
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow};
use crate::output::{stdout_error, write_atomically};
use crate::run_folder::recorded_identity;

/// `arena analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The `games.csv` of a Leapfrog Race run; `accuracy.csv` is written beside it.
    pub games: PathBuf,
    /// A solved table written by `arena solve leapfrog --out FILE` (default: solve now).
    #[arg(long)]
    pub table: Option<PathBuf>,
}

/// Runs `arena analyze`.
///
/// # Errors
/// A run that is not of Leapfrog Race, an unreadable table or games file, or a recorded
/// game that does not replay in the table.
pub(crate) fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let identity = recorded_identity(&args.games)?;
    let game: GameSpec = identity.game.parse()?;
    if game.kind != GameKind::Leapfrog {
        return Err(ArenaError::input(format!(
            "{}: game {:?}: analysis needs a solved game (leapfrog)",
            args.games.display(),
            identity.game
        )));
    }
    let start = Leapfrog::new(&game.options)?;
    let table: Arc<SolveTable> = match &args.table {
        Some(path) => {
            agents::perfect::load_table(path).map_err(|e| ArenaError::input(e.to_string()))?
        }
        None => agents::perfect::solved_table(),
    };
    let rows: Vec<GameRow> = games_csv::read(&args.games, 2)?.rows;
    let mut per_game: HashMap<String, Vec<SeatTally>> = HashMap::new();
    for row in &rows {
        let tallies =
            rate_game(&table, &start, &row.moves, identity.opening_plies).map_err(|e| {
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
