//! The rule options that the draughts family's positions carry (`duplicates`, `cap`,
//! `repetitions`, the dark-square variants' `no_capture` and Alquerque's `no_progress`),
//! the keys each game takes, and their reader.

use crate::game::{read_ply_cap, GameError};

/// The `key=value` words that follow the board of a family position (draughts, Konane,
/// Alquerque), as the pairs the games' option readers take.
///
/// # Errors
/// A word without `=`: the message says what was expected.
pub(crate) fn option_pairs<'a>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<(&'a str, &'a str)>, String> {
    words
        .into_iter()
        .map(|word| {
            word.split_once('=')
                .ok_or_else(|| format!("an option key=value, not {word:?}"))
        })
        .collect()
}

/// The options a game of the family takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OptionKeys {
    /// The keys, in the order errors list them.
    pub(crate) keys: &'static [&'static str],
    /// Whether `repetitions=0` (repetition never draws) is allowed.
    pub(crate) repetitions_may_be_never: bool,
}

/// The keys every all-squares draughts variant takes (their no-progress counter is the
/// variant's own, [`super::DrawRules`]).
pub(crate) const DRAUGHTS_KEYS: OptionKeys = OptionKeys {
    keys: &["duplicates", "cap", "repetitions"],
    repetitions_may_be_never: false,
};

/// The keys the dark-square draughts variants take: the all-squares ones, and a draw after
/// a number of plies without a capture (`no_capture`, on top of the variant's own counter),
/// so that a game can be played under another program's rules (OpenSpiel's checkers draws
/// after 40 plies without a capture and knows no repetition: `no_capture=40,repetitions=0`).
pub(crate) const DARK_SQUARE_KEYS: OptionKeys = OptionKeys {
    keys: &["duplicates", "cap", "repetitions", "no_capture"],
    repetitions_may_be_never: true,
};

/// The keys Alquerque takes: its no-progress counter is an option.
pub(crate) const ALQUERQUE_KEYS: OptionKeys = OptionKeys {
    keys: &["duplicates", "cap", "repetitions", "no_progress"],
    repetitions_may_be_never: true,
};

/// Rule options a position carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// Count every capture path as its own move (perft's "keep duplicates").
    pub(crate) keep_duplicates: bool,
    /// Plies after which the game is a draw.
    pub(crate) cap: u32,
    /// The occurrence of a position that draws (0: never).
    pub(crate) repetitions: u8,
    /// Plies without progress that draw (0: never), where it is an option (Alquerque).
    pub(crate) no_progress: u16,
    /// Plies without a capture that draw (0: never), where it is an option (the
    /// dark-square draughts variants).
    pub(crate) no_capture: u16,
    /// Whether repetition and the draw counters end the game (perft turns them off).
    pub(crate) draw_rules: bool,
}

impl Options {
    /// The defaults of a game with this ply cap and repetition rule (and no no-progress
    /// option).
    pub(crate) const fn new(cap: u32, repetitions: u8) -> Options {
        Options {
            keep_duplicates: false,
            cap,
            repetitions,
            no_progress: 0,
            no_capture: 0,
            draw_rules: true,
        }
    }
}

/// Reads the rule options of `game`, which takes `keys`, over `defaults`.
pub(crate) fn parse_options<'a>(
    game: &'static str,
    keys: OptionKeys,
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
    defaults: Options,
) -> Result<Options, GameError> {
    let mut options = defaults;
    for (key, value) in pairs {
        if !keys.keys.contains(&key) {
            return Err(GameError::unknown_option(game, key, keys.keys));
        }
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
                let (never, expected) = if keys.repetitions_may_be_never {
                    (0, "the occurrence that draws, 2 to 9 (0: never)")
                } else {
                    (2, "the occurrence that draws, 2 to 9")
                };
                options.repetitions = value
                    .parse()
                    .ok()
                    .filter(|n| *n == never || (2..=9).contains(n))
                    .ok_or_else(|| GameError::bad_option(game, key, value, expected))?;
            }
            "no_capture" => {
                options.no_capture = value.parse().ok().ok_or_else(|| {
                    GameError::bad_option(game, key, value, "a number of plies (0: never)")
                })?;
            }
            _ => {
                options.no_progress = value.parse().ok().ok_or_else(|| {
                    GameError::bad_option(game, key, value, "a number of plies (0: never)")
                })?;
            }
        }
    }
    Ok(options)
}
