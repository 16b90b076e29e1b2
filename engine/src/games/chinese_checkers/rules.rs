//! The rule options of Chinese checkers and what they make of the board: the seats'
//! homes and goals, where pieces may stop, and the distances to the goals.

use std::fmt;
use std::sync::LazyLock;

use super::geometry::{BoardShape, Geometry, Holes, Point, HOLES};
use super::ChineseCheckers;
use crate::game::{Game, GameError};
use crate::player::MAX_PLAYERS;

/// Plies each player may play before the game is capped.
pub const PLIES_PER_PLAYER: u32 = 200;

/// The options that [`Game::new`] takes.
pub const OPTION_KEYS: &[&str] = &[
    "players",
    "pieces",
    "board",
    "super_jumps",
    "no_camp_entry",
    "pass",
    "deadline",
    "repetition",
    "deadlock",
    "teams",
];

/// Rounds after which the deadline option counts the pieces that have left home, with
/// the pieces required for 10 and for 15 pieces a player.
pub(super) const DEADLINES: [(u16, u32, u32); 3] = [(20, 5, 8), (25, 8, 12), (30, 10, 15)];

/// Repetitions after which a piece may not go back to where it stood two of its own
/// moves earlier.
pub(super) const MAX_REPETITIONS: u8 = 3;

/// Rounds without a new low of the whole board's distance to the goals that end the game
/// under the deadlock option.
pub(super) const DEADLOCK_ROUNDS: u32 = 10;

/// The rule options of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// How many players: 2, 3, 4 or 6, or 1 for the solitaire crossing (the goal
    /// point empty, the game over once the one seat fills it).
    pub players: u8,
    /// Pieces a player: 10 or 15.
    pub pieces: u8,
    /// The board: the star, or the 81-hole diamond (two players only).
    pub board: BoardShape,
    /// Whether equidistant ("super") jumps are allowed.
    pub super_jumps: bool,
    /// Rule R2: a piece may not end a move in a point that is neither its home nor its
    /// goal (it may hop through).
    pub no_camp_entry: bool,
    /// Whether a player may pass instead of moving.
    pub pass: bool,
    /// The anti-stalling deadline (QQ rule E): after its 20th, 25th and 30th turn a seat
    /// must have 5, 8 and 10 pieces out of its home (8, 12 and 15 with 15 pieces).
    pub deadline: bool,
    /// A piece that has gone back to where it stood two of its own moves earlier three
    /// times may not do so again.
    pub repetition: bool,
    /// Ten rounds without a new low of the whole board's distance to the goals end the
    /// game, ranked by progress.
    pub deadlock: bool,
    /// Partnerships of the seats that alternate in turn order (A, C, E against B, D, F):
    /// 2v2 with 4 players, 3v3 with 6.
    pub teams: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            pieces: 10,
            board: BoardShape::Star,
            super_jumps: false,
            no_camp_entry: false,
            pass: false,
            deadline: false,
            repetition: false,
            deadlock: false,
            teams: false,
        }
    }
}

impl Options {
    /// The rules with these `key=value` options over the defaults.
    ///
    /// # Errors
    /// An unknown key, a bad value, an option not supported yet, or options that do not
    /// go together (the diamond board with more than two players; 15 pieces with 4 or 6
    /// players, whose camps would overlap).
    pub fn from_pairs<'a>(
        pairs: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<Options, GameError> {
        let name = ChineseCheckers::NAME;
        let bad = |key: &str, value: &str, expected: &str| {
            GameError::bad_option(name, key, value, expected)
        };
        let flag = |key: &str, value: &str| match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(key, value, "true or false")),
        };
        let mut rules = Options::default();
        for (key, value) in pairs {
            match key {
                "players" => {
                    rules.players = match value {
                        "1" => 1,
                        "2" => 2,
                        "3" => 3,
                        "4" => 4,
                        "6" => 6,
                        _ => return Err(bad(key, value, "1 (solitaire), 2, 3, 4 or 6")),
                    }
                }
                "pieces" => {
                    rules.pieces = match value {
                        "10" => 10,
                        "15" => 15,
                        _ => return Err(bad(key, value, "10 or 15")),
                    }
                }
                "board" => {
                    rules.board = match value {
                        "star" => BoardShape::Star,
                        "diamond" => BoardShape::Diamond,
                        _ => return Err(bad(key, value, "star or diamond")),
                    }
                }
                "super_jumps" => rules.super_jumps = flag(key, value)?,
                "no_camp_entry" => rules.no_camp_entry = flag(key, value)?,
                "pass" => rules.pass = flag(key, value)?,
                "deadline" => rules.deadline = flag(key, value)?,
                "repetition" => rules.repetition = flag(key, value)?,
                "deadlock" => rules.deadlock = flag(key, value)?,
                "teams" => rules.teams = flag(key, value)?,
                _ => return Err(GameError::unknown_option(name, key, OPTION_KEYS)),
            }
        }
        if rules.board == BoardShape::Diamond && rules.players > 2 {
            return Err(bad(
                "board",
                "diamond",
                "star: the diamond board seats one or two players only",
            ));
        }
        if rules.pieces == 15 && rules.players > 3 {
            return Err(bad(
                "pieces",
                "15",
                "10: with 4 or 6 players the 15-hole camps overlap",
            ));
        }
        if rules.teams && rules.players != 4 && rules.players != 6 {
            return Err(bad(
                "teams",
                "true",
                "false: teams need 4 players (2v2) or 6 (3v3)",
            ));
        }
        Ok(rules)
    }

    /// The options that differ from the defaults, as `key=value` pairs.
    pub(super) fn non_default_pairs(&self) -> Vec<(&'static str, String)> {
        let default = Options::default();
        let mut pairs = Vec::new();
        if self.players != default.players {
            pairs.push(("players", self.players.to_string()));
        }
        if self.pieces != default.pieces {
            pairs.push(("pieces", self.pieces.to_string()));
        }
        if self.board != default.board {
            pairs.push(("board", self.board.name().to_string()));
        }
        for (key, on) in [
            ("super_jumps", self.super_jumps),
            ("no_camp_entry", self.no_camp_entry),
            ("pass", self.pass),
            ("deadline", self.deadline),
            ("repetition", self.repetition),
            ("deadlock", self.deadlock),
            ("teams", self.teams),
        ] {
            if on {
                pairs.push((key, "true".to_string()));
            }
        }
        pairs
    }

    /// The home points of the seats, in turn order (the rules file's seating).
    pub fn seating(&self) -> &'static [Point] {
        use Point::*;
        match self.players {
            1 => &[ZMinus],
            2 => &[ZMinus, ZPlus],
            3 => &[ZMinus, YMinus, XMinus],
            4 => &[XPlus, YMinus, XMinus, YPlus],
            _ => &Point::ALL,
        }
    }
}

/// What the rules make of the board for each seat: homes, goals, where pieces may stop,
/// and rows to the goal.
pub struct Layout {
    pub(super) geometry: &'static Geometry,
    /// Each seat's start holes.
    pub(super) home: [Holes; MAX_PLAYERS],
    /// Each seat's goal holes (the home triangle of the point opposite).
    pub(super) goal: [Holes; MAX_PLAYERS],
    /// Where each seat's pieces may end a move.
    pub(super) allowed: [Holes; MAX_PLAYERS],
    /// For each seat and hole, the rows from the hole to the tip of the seat's goal.
    pub(super) rows_to_goal: [[u8; HOLES]; MAX_PLAYERS],
    /// For each seat and hole, the steps from the hole to the tip of the seat's goal on
    /// an empty board: the rows, plus the sideways steps of a hole outside the 60°
    /// wedge that opens from the tip.
    pub(super) steps_to_goal: [[u8; HOLES]; MAX_PLAYERS],
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({:?})", self.geometry)
    }
}

impl Layout {
    pub(super) fn build(rules: &Options) -> Layout {
        let geometry = Geometry::of(rules.board);
        let side = if rules.pieces == 15 { 5 } else { 4 };
        let mut layout = Layout {
            geometry,
            home: [0; MAX_PLAYERS],
            goal: [0; MAX_PLAYERS],
            allowed: [geometry.board; MAX_PLAYERS],
            rows_to_goal: [[0; HOLES]; MAX_PLAYERS],
            steps_to_goal: [[0; HOLES]; MAX_PLAYERS],
        };
        for (seat, &point) in rules.seating().iter().enumerate() {
            let goal_point = point.opposite();
            layout.home[seat] = geometry.triangle(point, side);
            layout.goal[seat] = geometry.triangle(goal_point, side);
            if rules.no_camp_entry {
                let forbidden = Point::ALL
                    .iter()
                    .filter(|p| **p != point && **p != goal_point)
                    .fold(0, |set, p| set | geometry.triangle(*p, 4));
                layout.allowed[seat] &= !forbidden | layout.home[seat] | layout.goal[seat];
            }
            let (axis, sign) = goal_point.axis_and_sign();
            for hole in 0..HOLES {
                let cube = geometry.cube[hole];
                layout.rows_to_goal[seat][hole] = goal_point.rows_from_tip(cube);
                // The tip's cube: 8 along the point's axis, -4 along the two others.
                let steps: i32 = (0..3)
                    .map(|a| {
                        let tip = if a == axis { 8 * sign } else { -4 * sign };
                        (cube.axis(a) as i32 - tip as i32).abs()
                    })
                    .sum();
                layout.steps_to_goal[seat][hole] = (steps / 2) as u8;
            }
        }
        layout
    }

    /// The layout for `rules`, built once for each combination.
    pub(super) fn of(rules: &Options) -> &'static Layout {
        static LAYOUTS: LazyLock<Vec<Layout>> = LazyLock::new(|| {
            let mut all = Vec::with_capacity(40);
            for players in [2, 3, 4, 6, 1] {
                for pieces in [10, 15] {
                    for board in [BoardShape::Star, BoardShape::Diamond] {
                        for no_camp_entry in [false, true] {
                            all.push(Layout::build(&Options {
                                players,
                                pieces,
                                board,
                                no_camp_entry,
                                ..Options::default()
                            }));
                        }
                    }
                }
            }
            all
        });
        let players = match rules.players {
            2 => 0,
            3 => 1,
            4 => 2,
            6 => 3,
            _ => 4,
        };
        let index = players * 8
            + usize::from(rules.pieces == 15) * 4
            + usize::from(rules.board == BoardShape::Diamond) * 2
            + usize::from(rules.no_camp_entry);
        &LAYOUTS[index]
    }
}
