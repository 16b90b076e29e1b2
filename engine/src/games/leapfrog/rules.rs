//! Leapfrog Race's rules beyond the moves: the size of a race ([`Shape`]) and its
//! options, the starts and goal zones, the longest game, the seat that moves first, and
//! what a position may hold (both sides cannot be home).

use std::fmt;

use crate::game::{Game, GameError, GameOptions};
use crate::player::Seat;

use super::{Leapfrog, MAX_SPOTS, SPOTS};

/// Pieces each side has.
pub const PIECES: u32 = 5;
/// A's start, spots 1-5, which is also B's goal zone.
pub const START_A: u32 = 0b11111;
/// B's start, spots 15-19, which is also A's goal zone.
pub const START_B: u32 = START_A << (SPOTS - PIECES);
/// The longest a game can last: every move advances a piece, and the ten pieces can
/// advance at most 140 spots together before both sides are stuck.
pub const MAX_PLIES: u32 = 140;

/// The size of a race: how many spots the line has and how many pieces each side has.
/// The standard game is 19 spots and 5 pieces; any line of at most [`MAX_SPOTS`] spots
/// with a gap between the two starting groups plays by the same rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    spots: u8,
    pieces: u8,
}

impl Shape {
    /// The standard game: 19 spots, 5 pieces a side.
    pub const STANDARD: Shape = Shape {
        spots: SPOTS as u8,
        pieces: PIECES as u8,
    };

    /// The race on `spots` spots with `pieces` pieces a side.
    ///
    /// # Errors
    /// A description of what is expected, when there is no piece, no empty spot between
    /// the two starting groups, or more than [`MAX_SPOTS`] spots.
    pub fn new(spots: u32, pieces: u32) -> Result<Shape, String> {
        if !(3..=MAX_SPOTS).contains(&spots) {
            return Err(format!("spots={spots}: expected 3 to {MAX_SPOTS} spots"));
        }
        if pieces == 0 || 2 * pieces >= spots {
            return Err(format!(
                "pieces={pieces} on {spots} spots: expected 1 to {} pieces a side, so that \
                 at least one spot starts empty between the two sides",
                (spots - 1) / 2
            ));
        }
        Ok(Shape {
            spots: spots as u8,
            pieces: pieces as u8,
        })
    }

    /// Spots on the line.
    #[inline]
    pub const fn spots(self) -> u32 {
        self.spots as u32
    }

    /// Pieces a side.
    #[inline]
    pub const fn pieces(self) -> u32 {
        self.pieces as u32
    }

    /// Every spot of the line (bit i = spot i + 1).
    #[inline]
    pub const fn board(self) -> u32 {
        (1 << self.spots) - 1
    }

    /// A's start, the first `pieces` spots, which is also B's goal zone.
    #[inline]
    pub const fn start_a(self) -> u32 {
        (1 << self.pieces) - 1
    }

    /// B's start, the last `pieces` spots, which is also A's goal zone.
    #[inline]
    pub const fn start_b(self) -> u32 {
        self.start_a() << (self.spots - self.pieces)
    }

    /// The longest a game can last: every move advances a piece, and each side's pieces
    /// can advance `pieces * (spots - pieces)` spots together at most.
    pub const fn max_plies(self) -> u32 {
        2 * self.pieces() * (self.spots() - self.pieces())
    }

    /// Sum of the 1-based spots A starts on.
    pub(super) const fn start_sum_a(self) -> i32 {
        (self.pieces() * (self.pieces() + 1) / 2) as i32
    }

    /// Sum of the 1-based spots B starts on.
    pub(super) const fn start_sum_b(self) -> i32 {
        (self.pieces() * (2 * self.spots() - self.pieces() + 1) / 2) as i32
    }

    /// Reads `spots=N,pieces=K` options (each may be left out for the standard value).
    /// A bad size names the one option at fault with the values it could take: `pieces`
    /// when it was given and cannot fit the line, otherwise `spots`.
    pub(super) fn from_options(options: &GameOptions) -> Result<Shape, GameError> {
        let number = |key: &str, default: u32| -> Result<u32, GameError> {
            match options.get(key) {
                None => Ok(default),
                Some(text) => text.parse().map_err(|_| {
                    GameError::bad_option(Leapfrog::NAME, key, text, "a whole number")
                }),
            }
        };
        let spots = number("spots", SPOTS)?;
        let pieces = number("pieces", PIECES)?;
        let bad = |key: &str, value: u32, expected: String| {
            GameError::bad_option(Leapfrog::NAME, key, &value.to_string(), &expected)
        };
        if !(3..=MAX_SPOTS).contains(&spots) {
            return Err(bad("spots", spots, format!("3 to {MAX_SPOTS} spots")));
        }
        let most_pieces = (spots - 1) / 2;
        if pieces == 0 || pieces > most_pieces {
            return Err(if options.get("pieces").is_some() {
                bad(
                    "pieces",
                    pieces,
                    format!(
                        "1 to {most_pieces} pieces a side on {spots} spots, so that at least \
                         one spot starts empty between the two sides"
                    ),
                )
            } else {
                bad(
                    "spots",
                    spots,
                    format!(
                        "{} to {MAX_SPOTS} spots for {pieces} pieces a side (or fewer \
                         pieces: pieces=1 to {most_pieces})",
                        2 * pieces + 1
                    ),
                )
            });
        }
        Shape::new(spots, pieces).map_err(|expected| {
            GameError::bad_option(
                Leapfrog::NAME,
                "spots, pieces",
                &format!("{spots}, {pieces}"),
                &expected,
            )
        })
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::STANDARD
    }
}

/// The options that name the shape: `spots=N,pieces=K`.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "spots={},pieces={}", self.spots, self.pieces)
    }
}

/// The seat that moves first under `options` (option `first`, A by default).
pub(super) fn first_seat(options: &GameOptions) -> Result<Seat, GameError> {
    options.expect_only(Leapfrog::NAME, Leapfrog::INFO.option_keys)?;
    match options.get("first") {
        None | Some("A") => Ok(Seat::A),
        Some("B") => Ok(Seat::B),
        Some(other) => Err(GameError::bad_option(
            Leapfrog::NAME,
            "first",
            other,
            "A or B",
        )),
    }
}

/// Checks what the rules allow of a parsed position: the game ends when one side has
/// all its pieces home (A on B's start, B on A's), so both cannot be, and the side that
/// got there moved last.
pub(super) fn check_homes(
    shape: Shape,
    pieces: [u32; 2],
    to_move: Seat,
) -> Result<(), &'static str> {
    let (a_home, b_home) = (pieces[0] == shape.start_b(), pieces[1] == shape.start_a());
    if a_home && b_home {
        return Err("both sides have all their pieces home: the game ends when the first does");
    }
    if (a_home && to_move == Seat::A) || (b_home && to_move == Seat::B) {
        return Err(
            "the side to move has all its pieces home: it won with its last move, so \
                    the other side is to move",
        );
    }
    Ok(())
}
