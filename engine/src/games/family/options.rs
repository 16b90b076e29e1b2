//! The rule options that the draughts engines' positions carry (`duplicates`, `cap`,
//! `repetitions`), and their reader.

use crate::game::{read_ply_cap, GameError};

/// The option keys every variant takes.
pub(crate) const OPTION_KEYS: &[&str] = &["duplicates", "cap", "repetitions"];

/// Rule options a position carries (the dark-square and the all-squares engines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// Count every capture path as its own move (perft's "keep duplicates").
    pub(crate) keep_duplicates: bool,
    /// Plies after which the game is a draw.
    pub(crate) cap: u32,
    /// The occurrence of a position that draws (0: never).
    pub(crate) repetitions: u8,
    /// Whether repetition and the draw counters end the game (perft turns them off).
    pub(crate) draw_rules: bool,
}

impl Options {
    /// The defaults of a game with this ply cap and repetition rule.
    pub(crate) fn new(cap: u32, repetitions: u8) -> Options {
        Options {
            keep_duplicates: false,
            cap,
            repetitions,
            draw_rules: true,
        }
    }
}

/// Reads the rule options of `game` over `defaults` (shared with the all-squares games).
pub(crate) fn parse_options<'a>(
    game: &'static str,
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
    defaults: Options,
) -> Result<Options, GameError> {
    let mut options = defaults;
    for (key, value) in pairs {
        match key {
            "duplicates" => {
                options.keep_duplicates = match value {
                    "drop" => false,
                    "keep" => true,
                    _ => return Err(GameError::bad_option(game, key, value, "drop or keep")),
                }
            }
            "cap" => options.cap = read_ply_cap(game, key, value)?,
            "repetitions" => {
                options.repetitions = value
                    .parse()
                    .ok()
                    .filter(|n| (2..=9).contains(n))
                    .ok_or_else(|| {
                        GameError::bad_option(game, key, value, "the occurrence that draws, 2 to 9")
                    })?;
            }
            _ => return Err(GameError::unknown_option(game, key, OPTION_KEYS)),
        }
    }
    Ok(options)
}
