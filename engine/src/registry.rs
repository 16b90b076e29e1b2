//! Game names to game types: the one place that lists every game. Code that must work
//! for any game named at run time uses [`with_game!`](crate::with_game), which expands to
//! a `match` over [`GameKind`] with the game's type in scope.

use std::fmt;
use std::str::FromStr;

use crate::game::{GameError, GameOptions};

/// Every game the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Leapfrog Race, the project's main game.
    Leapfrog,
    /// Chinese checkers for 2, 3, 4 or 6 players.
    ChineseCheckers,
    /// English draughts (American checkers).
    English,
    /// Suicide checkers: English moves, the side that cannot move wins.
    Suicide,
    /// Czech draughts.
    Czech,
    /// Corner checkers.
    Corner,
    /// One-way checkers.
    OneWay,
    /// Parachute checkers.
    Parachute,
    /// International draughts (10x10).
    International,
    /// Russian draughts.
    Russian,
    /// Canadian draughts (12x12).
    Canadian,
    /// Thai draughts.
    Thai,
    /// Brazilian draughts.
    Brazilian,
    /// Portuguese draughts.
    Portuguese,
    /// Italian draughts.
    Italian,
    /// Turkish draughts (all squares, orthogonal moves).
    Turkish,
    /// Gothic checkers (all squares, BrainKing's rules).
    Gothic,
    /// Dameo (all squares, linear men's moves).
    Dameo,
    /// Konane (Hawaiian checkers).
    Konane,
    /// Alquerque.
    Alquerque,
}

impl GameKind {
    /// Every game, in the order help texts list them.
    pub const ALL: &'static [GameKind] = &[
        GameKind::Leapfrog,
        GameKind::ChineseCheckers,
        GameKind::English,
        GameKind::Suicide,
        GameKind::Czech,
        GameKind::Corner,
        GameKind::OneWay,
        GameKind::Parachute,
        GameKind::International,
        GameKind::Russian,
        GameKind::Canadian,
        GameKind::Thai,
        GameKind::Brazilian,
        GameKind::Portuguese,
        GameKind::Italian,
        GameKind::Turkish,
        GameKind::Gothic,
        GameKind::Dameo,
        GameKind::Konane,
        GameKind::Alquerque,
    ];

    /// Whether the game is one of the thirteen draughts variants on the dark squares
    /// (the `draughts` engine, with PDN notation and records).
    pub fn is_draughts(self) -> bool {
        !matches!(
            self,
            GameKind::Leapfrog
                | GameKind::ChineseCheckers
                | GameKind::Turkish
                | GameKind::Gothic
                | GameKind::Dameo
                | GameKind::Konane
                | GameKind::Alquerque
        )
    }

    /// The name the command line and configs use.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Leapfrog => "leapfrog",
            GameKind::ChineseCheckers => "chinese-checkers",
            GameKind::English => "english",
            GameKind::Suicide => "suicide",
            GameKind::Czech => "czech",
            GameKind::Corner => "corner",
            GameKind::OneWay => "one-way",
            GameKind::Parachute => "parachute",
            GameKind::International => "international",
            GameKind::Russian => "russian",
            GameKind::Canadian => "canadian",
            GameKind::Thai => "thai",
            GameKind::Brazilian => "brazilian",
            GameKind::Portuguese => "portuguese",
            GameKind::Italian => "italian",
            GameKind::Turkish => "turkish",
            GameKind::Gothic => "gothic",
            GameKind::Dameo => "dameo",
            GameKind::Konane => "konane",
            GameKind::Alquerque => "alquerque",
        }
    }

    /// The names of every game, comma-separated, for error messages.
    pub fn known_names() -> String {
        GameKind::ALL
            .iter()
            .map(|kind| kind.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = GameError;

    fn from_str(name: &str) -> Result<GameKind, GameError> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| GameError::UnknownGame {
                name: name.to_string(),
                known: GameKind::known_names(),
            })
    }
}

/// A game with its rule options, written `name` or `name:key=value,key=value`
/// (e.g. `leapfrog:first=B`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// Which game.
    pub kind: GameKind,
    /// Its rule options.
    pub options: GameOptions,
}

impl FromStr for GameSpec {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GameSpec, GameError> {
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind: GameKind = name.trim().parse()?;
        let mut options = GameOptions::new();
        for pair in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| GameError::bad_option(kind.name(), pair.trim(), "", "key=value"))?;
            // The last of two values would win silently: say which one is meant.
            if let Some(earlier) = options.get(key.trim()) {
                return Err(GameError::bad_option(
                    kind.name(),
                    key.trim(),
                    value.trim(),
                    &format!("each option once: {} is already {earlier}", key.trim()),
                ));
            }
            options.set(key.trim(), value.trim());
        }
        Ok(GameSpec { kind, options })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if self.options.iter().next().is_some() {
            write!(f, ":{}", self.options)?;
        }
        Ok(())
    }
}

/// Runs `$body` with `$G` naming the type of the game `$kind`.
///
/// ```
/// use engine::{with_game, Game, GameKind};
/// let kind: GameKind = "leapfrog".parse().unwrap();
/// let name = with_game!(kind, G => G::NAME);
/// assert_eq!(name, "leapfrog");
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Leapfrog => {
                type $G = $crate::games::leapfrog::Leapfrog;
                $body
            }
            $crate::GameKind::ChineseCheckers => {
                type $G = $crate::games::chinese_checkers::ChineseCheckers;
                $body
            }
            $crate::GameKind::English => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::English>;
                $body
            }
            $crate::GameKind::Suicide => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Suicide>;
                $body
            }
            $crate::GameKind::Czech => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Czech>;
                $body
            }
            $crate::GameKind::Corner => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Corner>;
                $body
            }
            $crate::GameKind::OneWay => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::OneWay>;
                $body
            }
            $crate::GameKind::Parachute => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Parachute>;
                $body
            }
            $crate::GameKind::International => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::International>;
                $body
            }
            $crate::GameKind::Russian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Russian>;
                $body
            }
            $crate::GameKind::Canadian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Canadian>;
                $body
            }
            $crate::GameKind::Thai => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Thai>;
                $body
            }
            $crate::GameKind::Brazilian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Brazilian>;
                $body
            }
            $crate::GameKind::Portuguese => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Portuguese>;
                $body
            }
            $crate::GameKind::Italian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Italian>;
                $body
            }
            $crate::GameKind::Turkish => {
                type $G = $crate::games::draughts64::Draughts64<$crate::games::draughts64::Turkish>;
                $body
            }
            $crate::GameKind::Gothic => {
                type $G = $crate::games::draughts64::Draughts64<$crate::games::draughts64::Gothic>;
                $body
            }
            $crate::GameKind::Dameo => {
                type $G = $crate::games::draughts64::Draughts64<$crate::games::draughts64::Dameo>;
                $body
            }
            $crate::GameKind::Konane => {
                type $G = $crate::games::konane::Konane;
                $body
            }
            $crate::GameKind::Alquerque => {
                type $G = $crate::games::alquerque::Alquerque;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>().unwrap(), *kind);
        }
    }

    #[test]
    fn unknown_game_quotes_the_name() {
        let error = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown game \"chess\": expected one of leapfrog, chinese-checkers, english, \
             suicide, czech, corner, one-way, parachute, international, russian, canadian, thai, \
             brazilian, portuguese, italian, turkish, gothic, dameo, konane, alquerque"
        );
    }

    #[test]
    fn spec_with_options() {
        let spec: GameSpec = "leapfrog:first=B".parse().unwrap();
        assert_eq!(spec.kind, GameKind::Leapfrog);
        assert_eq!(spec.options.get("first"), Some("B"));
        assert_eq!(spec.to_string(), "leapfrog:first=B");
    }

    #[test]
    fn an_option_given_twice_is_refused() {
        let error = "chinese-checkers:players=2,players=3"
            .parse::<GameSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("\"players\"") && error.contains("each option once"),
            "{error}"
        );
    }
}
