//! `arena solve english`: the English checkers endgame tables, built by retrograde
//! analysis (`--pieces N [--out FILE]`) or asked about one position (`--position FEN
//! [--table FILE]`).

use std::io::Write;
use std::path::Path;

use engine::games::draughts::endgame::Endgame;
use engine::games::draughts::EnglishDraughts;
use engine::Game;

use crate::error::ArenaError;
use crate::output::stdout_error;

/// Builds the tables of up to `pieces` pieces, printing each piece count's line as it is
/// finished and then `seconds:`, and saves them to `out` if given.
///
/// # Errors
/// A piece count outside what the tables hold, or a file that cannot be written.
pub fn build(pieces: u32, out_file: Option<&Path>, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut printed = Ok(());
    let tables = Endgame::build(pieces, |counts| {
        if printed.is_ok() {
            printed = writeln!(out, "{counts}");
        }
    })
    .map_err(|e| ArenaError::input(e.to_string()))?;
    printed.map_err(stdout_error)?;
    if let Some(path) = out_file {
        tables
            .save(path)
            .map_err(|e| ArenaError::failure(e.to_string()))?;
    }
    writeln!(out, "seconds: {:.3}", tables.seconds()).map_err(stdout_error)?;
    Ok(())
}

/// Loads the tables at `path`.
///
/// # Errors
/// A file that is missing, damaged or not an English endgame table.
pub fn load(path: &Path) -> Result<Endgame, ArenaError> {
    Endgame::load(path).map_err(|e| ArenaError::input(e.to_string()))
}

/// Prints `value:` (for the side to move: win, loss or draw), `distance:` (plies to the
/// end under perfect play) and `best:` (the moves that keep both) of the position `fen`,
/// from the tables at `table` or from tables built for its piece count.
///
/// # Errors
/// A position that does not parse or that the tables do not cover.
pub fn position(fen: &str, table: Option<&Path>, out: &mut dyn Write) -> Result<(), ArenaError> {
    let position = EnglishDraughts::parse_position(fen)?;
    let tables = match table {
        Some(path) => load(path)?,
        None => {
            let pieces: u32 = [
                engine::games::draughts::Colour::White,
                engine::games::draughts::Colour::Black,
            ]
            .iter()
            .map(|c| {
                let (men, kings, _) = position.material(*c);
                men + kings
            })
            .sum();
            Endgame::build(pieces, |_| {}).map_err(|e| {
                ArenaError::input(format!("position {fen:?} has {pieces} pieces: {e}"))
            })?
        }
    };
    let entry = tables.entry(&position).ok_or_else(|| {
        ArenaError::input(format!(
            "position {fen:?} is not in the tables of up to {} pieces (both sides need a \
             piece, and men never stand on their crowning row)",
            tables.pieces()
        ))
    })?;
    let best: Vec<String> = tables
        .best_moves(&position)
        .iter()
        .map(|m| position.pdn_move(*m))
        .collect();
    writeln!(
        out,
        "value: {}\ndistance: {}\nbest: {}",
        entry.value,
        entry.distance,
        best.join(" ")
    )
    .map_err(stdout_error)
}
