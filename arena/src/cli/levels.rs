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
    /// Time every level of the calibrated set in DIR (seeded games of each level against
    /// itself, every move timed on one thread): writes `DIR/think-time.csv` and adds the
    /// median, 90th percentile and largest milliseconds a move to `DIR/levels.md`.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["game", "curve"])]
    pub think_time: Option<std::path::PathBuf>,
    /// Games each level plays to be timed (with --think-time).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 2,
        requires = "think_time",
        value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::think_time::MAX_GAMES))
    )]
    pub games: u32,
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
    if let Some(dir) = &args.think_time {
        return crate::think_time::measure(dir, args.games, out);
    }
    match &args.game {
        Some(game) if args.elo.is_some() => {
            level_sets::resolve(game, args.elo.expect("matched"), out)
        }
        Some(game) => level_sets::show(game, out),
        None => level_sets::list(out),
    }
}
