//! `arena solve`: the full solve of Leapfrog Race, its table file, and the value of any
//! position under perfect play.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, GameKind, GameSpec, Leapfrog};

use crate::error::ArenaError;
use crate::output::stdout_error;

/// `arena solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game to solve (only `leapfrog` is small enough).
    pub game: String,
    /// Write the solved table to this file, for `perfect:table=FILE` and `arena analyze`.
    #[arg(long, conflicts_with = "position")]
    pub out: Option<PathBuf>,
    /// Print the value, the distance to the end and the best moves of this position.
    #[arg(long)]
    pub position: Option<String>,
    /// With --position: look it up in this table instead of solving from it.
    #[arg(long, requires = "position")]
    pub table: Option<PathBuf>,
}

/// Runs `arena solve`.
///
/// # Errors
/// A game other than Leapfrog Race, a bad position, a table that cannot be read or
/// written, or a position the table does not hold.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let spec: GameSpec = args.game.parse()?;
    if spec.kind != GameKind::Leapfrog {
        return Err(ArenaError::input(format!(
            "cannot solve {:?}: only leapfrog is small enough to solve",
            args.game
        )));
    }
    if let Some(text) = &args.position {
        let position = Leapfrog::parse_position(text)?;
        let table = match &args.table {
            Some(path) => SolveTable::load(path).map_err(|e| ArenaError::input(e.to_string()))?,
            None => SolveTable::solve(&position),
        };
        let entry = table.entry(&position).ok_or_else(|| {
            ArenaError::input(format!(
                "position {text:?} is not in the table: it is not reachable from its root"
            ))
        })?;
        let best: Vec<String> = table
            .best_moves(&position)
            .iter()
            .map(|m| m.to_string())
            .collect();
        writeln!(
            out,
            "value: {}\ndistance: {}\nbest: {}",
            entry.value.winner_name(position.to_move()),
            entry.distance,
            best.join(" ")
        )
        .map_err(stdout_error)?;
        return Ok(());
    }
    let start = Leapfrog::new(&spec.options)?;
    let table = SolveTable::solve(&start);
    if let Some(path) = &args.out {
        table
            .save(path)
            .map_err(|e| ArenaError::failure(e.to_string()))?;
    }
    writeln!(out, "{}", table.report()).map_err(stdout_error)?;
    Ok(())
}
