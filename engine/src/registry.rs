//! Game names to game types: the one place that lists every game. The table in
//! [`games_table!`](crate::games_table) names each game once (its [`GameKind`] variant,
//! its command-line name, its [`Family`] and its type); the enum, [`GameKind::ALL`],
//! [`GameKind::name`], [`GameKind::family`] and [`with_game!`](crate::with_game) are all
//! generated from it. Code that must work for any game named at run time uses
//! `with_game!`, which expands to a `match` over [`GameKind`] with the game's type in
//! scope.

use std::fmt;
use std::str::FromStr;

use crate::game::{Game, GameError, GameInfo, GameOptions, Limits};

/// The one list of games. Adding a game is adding a row here (and writing its module):
/// the registry, the conformance sweep and the perft driver pick it up.
///
/// Each row is `Variant, "name", Family, type, "description"`. The macro hands the table
/// to `$callback` (a macro of this crate) after the tokens in braces, so that each use of
/// the list is generated from this one table.
#[doc(hidden)]
#[macro_export]
macro_rules! games_table {
    ($callback:ident { $($args:tt)* }) => {
        $crate::$callback! { { $($args)* }
            Leapfrog, "leapfrog", Race,
                $crate::games::leapfrog::Leapfrog,
                "Leapfrog Race, the project's main game.";
            ChineseCheckers, "chinese-checkers", Race,
                $crate::games::chinese_checkers::ChineseCheckers,
                "Chinese checkers for 2, 3, 4 or 6 players.";
            English, "english", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::English>,
                "English draughts (American checkers).";
            Suicide, "suicide", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Suicide>,
                "Suicide checkers: English moves, the side that cannot move wins.";
            Czech, "czech", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Czech>,
                "Czech draughts.";
            Corner, "corner", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Corner>,
                "Corner checkers.";
            OneWay, "one-way", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::OneWay>,
                "One-way checkers.";
            Parachute, "parachute", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Parachute>,
                "Parachute checkers.";
            International, "international", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::International>,
                "International draughts (10x10).";
            Russian, "russian", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Russian>,
                "Russian draughts.";
            Canadian, "canadian", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Canadian>,
                "Canadian draughts (12x12).";
            Thai, "thai", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Thai>,
                "Thai draughts.";
            Brazilian, "brazilian", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Brazilian>,
                "Brazilian draughts.";
            Portuguese, "portuguese", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Portuguese>,
                "Portuguese draughts.";
            Italian, "italian", Draughts,
                $crate::games::draughts::Draughts<$crate::games::draughts::Italian>,
                "Italian draughts.";
            Turkish, "turkish", AllSquaresDraughts,
                $crate::games::draughts64::Draughts64<$crate::games::draughts64::Turkish>,
                "Turkish draughts (all squares, orthogonal moves).";
            Gothic, "gothic", AllSquaresDraughts,
                $crate::games::draughts64::Draughts64<$crate::games::draughts64::Gothic>,
                "Gothic checkers (all squares, BrainKing's rules).";
            Dameo, "dameo", AllSquaresDraughts,
                $crate::games::draughts64::Draughts64<$crate::games::draughts64::Dameo>,
                "Dameo (all squares, linear men's moves).";
            Konane, "konane", Capture,
                $crate::games::konane::Konane,
                "Konane (Hawaiian checkers).";
            Alquerque, "alquerque", Capture,
                $crate::games::alquerque::Alquerque,
                "Alquerque.";
        }
    };
}

/// Defines [`GameKind`] and its table-given methods from [`games_table!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __game_kinds {
    ({} $($variant:ident, $name:literal, $family:ident, $game:ty, $doc:literal;)*) => {
        /// Every game the engine plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(
                #[doc = $doc]
                $variant,
            )*
        }

        impl GameKind {
            /// Every game, in the order help texts list them.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];

            /// The name the command line and configs use.
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => $name,)*
                }
            }

            /// Which family of games it belongs to.
            pub const fn family(self) -> Family {
                match self {
                    $(GameKind::$variant => Family::$family,)*
                }
            }
        }
    };
}

games_table!(__game_kinds {});

/// The families of games, which share an engine, a notation and record formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Races to a goal without captures: Leapfrog Race and Chinese checkers.
    Race,
    /// The draughts variants on the dark squares (the `draughts` engine, with PDN
    /// notation and records).
    Draughts,
    /// The draughts variants on all 64 squares (the `draughts64` engine): Turkish,
    /// Gothic, Dameo.
    AllSquaresDraughts,
    /// Other capture games with their own board and notation: Konane, Alquerque.
    Capture,
}

impl GameKind {
    /// Whether the game is one of the draughts variants on the dark squares (the
    /// `draughts` engine, with PDN notation and records).
    pub fn is_draughts(self) -> bool {
        self.family() == Family::Draughts
    }

    /// What is known of the game before any position: seats, default ply cap, option
    /// keys, captures.
    pub fn info(self) -> GameInfo {
        crate::with_game!(self, G => G::INFO)
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

impl GameSpec {
    /// How many seats play and the ply cap under these options, checked as the game's
    /// start position checks them, without building it.
    ///
    /// # Errors
    /// An unknown option or a value the game does not accept.
    pub fn limits(&self) -> Result<Limits, GameError> {
        crate::with_game!(self.kind, G => G::limits(&self.options))
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
        $crate::games_table!(__with_game_arms { $kind, $G, $body })
    };
}

/// The `match` of [`with_game!`], one arm a row of [`games_table!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ({ $kind:expr, $G:ident, $body:expr }
     $($variant:ident, $name:literal, $family:ident, $game:ty, $doc:literal;)*) => {
        match $kind {
            $(
                $crate::GameKind::$variant => {
                    type $G = $game;
                    $body
                }
            )*
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
    fn each_name_is_its_games_name() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name(), with_game!(*kind, G => G::NAME), "{kind:?}");
        }
    }

    #[test]
    fn families_are_stated_per_game() {
        let draughts: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|kind| kind.is_draughts())
            .map(|kind| kind.name())
            .collect();
        assert_eq!(draughts.len(), 13, "{draughts:?}");
        assert_eq!(GameKind::Turkish.family(), Family::AllSquaresDraughts);
        assert_eq!(GameKind::Konane.family(), Family::Capture);
        assert_eq!(GameKind::ChineseCheckers.family(), Family::Race);
    }

    #[test]
    fn info_agrees_with_the_start_position() {
        for kind in GameKind::ALL {
            with_game!(*kind, G => {
                let start = G::new(&GameOptions::new()).unwrap();
                let info = G::INFO;
                assert_eq!(info.players[0], start.players(), "{kind}");
                assert_eq!(info.default_ply_cap, start.ply_cap(), "{kind}");
                let spec = GameSpec { kind: *kind, options: GameOptions::new() };
                assert_eq!(spec.limits().unwrap(), Limits { players: start.players(), ply_cap: start.ply_cap() });
            });
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
