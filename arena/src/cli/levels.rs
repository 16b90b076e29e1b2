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
    /// Write `DIR/curve.csv` (the curve of rating against the knob that `level:elo=R`
    /// reads) from the calibration files in DIR: `calibration.csv`, `difficulty.csv` and
    /// `config.toml`. `arena calibrate` writes it itself; this derives it for a set
    /// calibrated before it did.
    #[arg(long, value_name = "DIR", conflicts_with = "game")]
    pub curve: Option<std::path::PathBuf>,
    /// Resolve the rating R on the set's curve: print the spec `level:elo=R` stands
    /// for, with the fitted rating's interval there.
    #[arg(
        long,
        value_name = "R",
        requires = "game",
        allow_negative_numbers = true
    )]
    pub elo: Option<f64>,
}

/// Runs `arena levels`.
///
/// # Errors
/// A game with no built-in set, calibration files that cannot be read, or a failed
/// write.
pub fn run(args: &LevelsArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    if let Some(dir) = &args.curve {
        return level_sets::write_curve(dir, out);
    }
    match &args.game {
        Some(game) if args.elo.is_some() => {
            level_sets::resolve(game, args.elo.expect("matched"), out)
        }
        Some(game) => level_sets::show(game, out),
        None => level_sets::list(out),
    }
}
