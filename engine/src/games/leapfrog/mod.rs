//! Leapfrog Race: 19 spots in a line, five pieces a side, steps and leaps over runs of
//! enemy pieces, and the race to fill the far end. The rules are in the project's rules
//! file for the game; this module follows them exactly.

mod movegen;
pub mod solve;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::bitboard::Bits;
use crate::game::{
    EndReason, Game, GameError, GameInfo, GameOptions, Limits, Outcome, ParseError, Status,
};
use crate::player::Seat;
use crate::zobrist;

pub use movegen::{forward_targets, leap_origin, mirror, Targets, BOARD, SPOTS};

/// Pieces each side has.
pub const PIECES: u32 = 5;
/// A's start, spots 1-5, which is also B's goal zone.
pub const START_A: u32 = 0b11111;
/// B's start, spots 15-19, which is also A's goal zone.
pub const START_B: u32 = START_A << (SPOTS - PIECES);
/// The longest a game can last: every move advances a piece, and the ten pieces can
/// advance at most 140 spots together before both sides are stuck.
pub const MAX_PLIES: u32 = 140;

/// Sum of A's starting spots (1 + 2 + 3 + 4 + 5), to measure distance travelled.
const START_SUM_A: i32 = 15;
/// Sum of B's starting spots (15 + ... + 19).
const START_SUM_B: i32 = 85;

/// Keys: one per (side, spot), then one for "B to move".
const KEYS: [u64; 2 * SPOTS as usize + 1] = zobrist::keys(0x1EA9_F406_0000_0001);
const SIDE_KEY: u64 = KEYS[2 * SPOTS as usize];

#[inline]
const fn piece_key(side: usize, spot: u32) -> u64 {
    KEYS[side * SPOTS as usize + spot as usize]
}

/// A move: one piece from one spot to another (0-based spots; printed 1-based as `5-6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LeapfrogMove {
    from: u8,
    to: u8,
}

impl LeapfrogMove {
    /// The move from spot `from` to spot `to`, both 1-based as in the notation.
    ///
    /// # Panics
    /// When a spot is outside 1..=19.
    pub fn new(from: u32, to: u32) -> LeapfrogMove {
        assert!((1..=SPOTS).contains(&from) && (1..=SPOTS).contains(&to));
        LeapfrogMove {
            from: (from - 1) as u8,
            to: (to - 1) as u8,
        }
    }

    /// The spot the piece leaves, 1-based.
    pub fn from(self) -> u32 {
        self.from as u32 + 1
    }

    /// The spot the piece lands on, 1-based.
    pub fn to(self) -> u32 {
        self.to as u32 + 1
    }

    /// Whether the move jumps over enemy pieces.
    pub fn is_leap(self) -> bool {
        self.from.abs_diff(self.to) > 1
    }

    #[inline]
    fn mask(self) -> u32 {
        (1 << self.from) | (1 << self.to)
    }

    /// The mask on the board turned end to end.
    #[inline]
    fn mirrored_mask(self) -> u32 {
        const LAST: u32 = SPOTS - 1;
        (1 << (LAST - self.from as u32)) | (1 << (LAST - self.to as u32))
    }
}

impl fmt::Display for LeapfrogMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from(), self.to())
    }
}

/// A Leapfrog Race position: where the pieces stand and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leapfrog {
    /// Bit sets of A's and B's pieces.
    pieces: [u32; 2],
    /// The same turned end to end, kept up to date so that B's moves need no mirroring.
    mirrored: [u32; 2],
    to_move: Seat,
    hash: u64,
}

impl Leapfrog {
    /// The start position with A to move.
    pub fn start() -> Leapfrog {
        Leapfrog::from_pieces(START_A, START_B, Seat::A)
    }

    /// The position with these pieces (bit i = spot i + 1) and `to_move` to move. The
    /// caller guarantees five pieces a side on distinct spots.
    pub fn from_pieces(a: u32, b: u32, to_move: Seat) -> Leapfrog {
        let mut position = Leapfrog {
            pieces: [a, b],
            mirrored: [mirror(a), mirror(b)],
            to_move,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The bit set of `side`'s pieces (bit i = spot i + 1).
    #[inline]
    pub fn pieces(&self, side: Seat) -> u32 {
        self.pieces[side.index()]
    }

    /// The goal zone of `side`: where the other side started.
    #[inline]
    pub const fn goal_zone(side: Seat) -> u32 {
        if side.index() == 0 {
            START_B
        } else {
            START_A
        }
    }

    /// How many of `side`'s pieces stand in its goal zone.
    pub fn pieces_in_goal(&self, side: Seat) -> u32 {
        (self.pieces(side) & Self::goal_zone(side)).count_ones()
    }

    /// The total number of spots `side`'s pieces have moved forward from the start.
    pub fn distance(&self, side: Seat) -> i32 {
        let sum: i32 = Bits(self.pieces(side) as u64).map(|i| i as i32 + 1).sum();
        if side == Seat::A {
            sum - START_SUM_A
        } else {
            START_SUM_B - sum
        }
    }

    /// Whether `side` has all its pieces in its goal zone.
    #[inline]
    pub fn has_filled_goal(&self, side: Seat) -> bool {
        self.pieces(side) == Self::goal_zone(side)
    }

    /// The seat to move's targets, in its own forward direction (mirrored for B).
    #[inline]
    fn forward_targets(&self) -> Targets {
        if self.to_move == Seat::A {
            forward_targets(self.pieces[0], self.pieces[1])
        } else {
            forward_targets(self.mirrored[1], self.mirrored[0])
        }
    }

    /// The notation's letter for a 0-based spot: `A`, `B` or `.`.
    fn spot_char(&self, spot: u32) -> char {
        if self.pieces[0] >> spot & 1 == 1 {
            'A'
        } else if self.pieces[1] >> spot & 1 == 1 {
            'B'
        } else {
            '.'
        }
    }

    #[inline]
    fn goal_reached(&self) -> bool {
        self.pieces[0] == START_B || self.pieces[1] == START_A
    }
}

impl Default for Leapfrog {
    fn default() -> Self {
        Leapfrog::start()
    }
}

/// The seat that moves first under `options` (option `first`, A by default).
fn first_seat(options: &GameOptions) -> Result<Seat, GameError> {
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

impl Game for Leapfrog {
    type Move = LeapfrogMove;

    const NAME: &'static str = "leapfrog";

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: MAX_PLIES,
        option_keys: &["first"],
        captures: false,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Leapfrog::from_pieces(
            START_A,
            START_B,
            first_seat(options)?,
        ))
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        first_seat(options)?;
        Ok(Limits {
            players: 2,
            ply_cap: MAX_PLIES,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn ply_cap(&self) -> u32 {
        MAX_PLIES
    }

    #[inline]
    fn to_move(&self) -> Seat {
        self.to_move
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<LeapfrogMove>) {
        moves.clear();
        let (own, enemy) = if self.to_move == Seat::A {
            (self.pieces[0], self.pieces[1])
        } else {
            (self.mirrored[1], self.mirrored[0])
        };
        let targets = forward_targets(own, enemy);
        // In the mirrored frame spot i is spot 18 - i of the board.
        let flip = if self.to_move == Seat::A {
            0
        } else {
            SPOTS - 1
        };
        let real = |spot: u32| spot.abs_diff(flip) as u8;
        for to in Bits(targets.steps as u64) {
            moves.push(LeapfrogMove {
                from: real(to - 1),
                to: real(to),
            });
        }
        for to in Bits(targets.leaps as u64) {
            moves.push(LeapfrogMove {
                from: real(leap_origin(to, enemy)),
                to: real(to),
            });
        }
    }

    #[inline]
    fn count_moves(&self, _scratch: &mut Vec<LeapfrogMove>) -> usize {
        self.forward_targets().count() as usize
    }

    #[inline]
    fn count_moves_if_ongoing(&self, _scratch: &mut Vec<LeapfrogMove>) -> usize {
        // A stuck side has no moves to count, so only the goal needs a look.
        if self.goal_reached() {
            0
        } else {
            self.forward_targets().count() as usize
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: LeapfrogMove) {
        let side = self.to_move.index();
        self.pieces[side] ^= mv.mask();
        self.mirrored[side] ^= mv.mirrored_mask();
        self.hash ^= piece_key(side, mv.from as u32) ^ piece_key(side, mv.to as u32) ^ SIDE_KEY;
        self.to_move = self.to_move.next(2);
    }

    #[inline]
    fn undo(&mut self, mv: LeapfrogMove) {
        self.to_move = self.to_move.next(2);
        let side = self.to_move.index();
        self.pieces[side] ^= mv.mask();
        self.mirrored[side] ^= mv.mirrored_mask();
        self.hash ^= piece_key(side, mv.from as u32) ^ piece_key(side, mv.to as u32) ^ SIDE_KEY;
    }

    fn status(&self) -> Status {
        let mover = self.to_move.next(2);
        for side in [mover, self.to_move] {
            if self.has_filled_goal(side) {
                return Status::Over(Outcome::win(side, 2, EndReason::Goal));
            }
        }
        if self.forward_targets().count() == 0 {
            return Status::Over(self.outcome_by_progress(EndReason::Stuck));
        }
        Status::Ongoing
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.goal_reached() || self.forward_targets().count() == 0
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.to_move == Seat::B { SIDE_KEY } else { 0 };
        for side in 0..2 {
            for spot in Bits(self.pieces[side] as u64) {
                hash ^= piece_key(side, spot);
            }
        }
        hash
    }

    /// Pieces in the goal zone first, then distance travelled: the rules' order.
    fn progress(&self, seat: Seat) -> i32 {
        // Distance is at most 5 * 18 < 256, so the goal count always outweighs it.
        self.pieces_in_goal(seat) as i32 * 256 + self.distance(seat)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        const EXPECTED: &str = "19 spots of 'A', 'B' or '.' with 5 of each side, a space, \
                                then the side to move ('A' or 'B'), as in \"AAAAA.........BBBBB A\"";
        let error = || ParseError::new("position", text, EXPECTED);
        let (board, side) = text.trim().split_once(' ').ok_or_else(error)?;
        let to_move = match side.trim() {
            "A" => Seat::A,
            "B" => Seat::B,
            _ => return Err(error()),
        };
        if board.chars().count() != SPOTS as usize {
            return Err(error());
        }
        let mut pieces = [0u32; 2];
        for (spot, c) in board.chars().enumerate() {
            match c {
                'A' => pieces[0] |= 1 << spot,
                'B' => pieces[1] |= 1 << spot,
                '.' => {}
                _ => return Err(error()),
            }
        }
        if pieces.iter().any(|p| p.count_ones() != PIECES) {
            return Err(error());
        }
        Ok(Leapfrog::from_pieces(pieces[0], pieces[1], to_move))
    }

    fn parse_move(&self, text: &str) -> Result<LeapfrogMove, ParseError> {
        let error = || ParseError::new("move", text, "FROM-TO with spots 1 to 19, e.g. \"5-6\"");
        let (from, to) = text.trim().split_once('-').ok_or_else(error)?;
        let spot = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (1..=SPOTS).contains(n))
                .ok_or_else(error)
        };
        Ok(LeapfrogMove::new(spot(from)?, spot(to)?))
    }

    fn render(&self) -> String {
        let numbers: String = (1..=SPOTS).map(|s| format!("{:>3}", s)).collect();
        let spots: String = (0..SPOTS)
            .map(|s| format!("{:>3}", self.spot_char(s)))
            .collect();
        format!("{numbers}\n{spots}\n{} to move", self.to_move)
    }
}

impl fmt::Display for Leapfrog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for spot in 0..SPOTS {
            write!(f, "{}", self.spot_char(spot))?;
        }
        write!(f, " {}", self.to_move)
    }
}
