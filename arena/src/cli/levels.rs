//! `arena levels`: the built-in sets of levels, or one set in full.

use std::io::Write;

use clap::Args;

use crate::error::ArenaError;
use crate::level_sets;

/// `arena levels`.
#[derive(Debug, Args)]
pub struct LevelsArgs {
    /// A game with its options (`english`, `chinese-checkers:players=3`) or a set's name
    /// (`leapfrog-by-seat`): show that set's levels. Without it, list every set.
    pub game: Option<String>,
}

/// Runs `arena levels`.
///
/// # Errors
/// A game with no built-in set, or a failed write.
pub fn run(args: &LevelsArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    match &args.game {
        Some(game) => level_sets::show(game, out),
        None => level_sets::list(out),
    }
}
