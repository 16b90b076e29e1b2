//! Leapfrog Race: 19 spots in a line, five pieces a side, steps and leaps over runs of
//! enemy pieces, and the race to fill the far end. The rules are in the project's rules
//! file for the game; this module follows them exactly.
//!
//! The options `spots=N,pieces=K` play the same rules on a line of N spots with K pieces
//! a side (each side starts on, and races to fill, K spots at its end); see [`Shape`].

mod movegen;
mod notation;
mod rules;
pub mod solve;
#[cfg(test)]
mod tests;

use crate::bitboard::Bits;
use crate::game::{
    EndReason, Game, GameError, GameInfo, GameOptions, Limits, Outcome, ParseError, Status,
};
use crate::player::Seat;
use crate::zobrist;

pub use movegen::{
    forward_targets, forward_targets_on, leap_origin, mirror, mirror_on, Targets, BOARD, MAX_SPOTS,
    SPOTS,
};
use rules::first_seat;
pub use rules::{Shape, MAX_PLIES, PIECES, START_A, START_B};

/// Keys of the standard line: one per (side, spot), then one for "B to move".
const KEYS: [u64; 2 * SPOTS as usize + 1] = zobrist::keys(0x1EA9_F406_0000_0001);
const SIDE_KEY: u64 = KEYS[2 * SPOTS as usize];
/// Keys for spots beyond the standard line's 19.
const LONG_KEYS: [u64; 2 * MAX_SPOTS as usize] = zobrist::keys(0x1EA9_F406_0000_0002);
/// One key per (side, spot): the standard line keeps its keys (and so its hashes), longer
/// lines draw the spots past 19 from [`LONG_KEYS`].
const PIECE_KEYS: [[u64; MAX_SPOTS as usize]; 2] = {
    let mut keys = [[0; MAX_SPOTS as usize]; 2];
    let mut side = 0;
    while side < 2 {
        let mut spot = 0;
        while spot < MAX_SPOTS as usize {
            keys[side][spot] = if spot < SPOTS as usize {
                KEYS[side * SPOTS as usize + spot]
            } else {
                LONG_KEYS[side * MAX_SPOTS as usize + spot]
            };
            spot += 1;
        }
        side += 1;
    }
    keys
};

#[inline]
const fn piece_key(side: usize, spot: u32) -> u64 {
    PIECE_KEYS[side][spot as usize]
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
    /// When a spot is outside 1..=31 (the longest line).
    pub fn new(from: u32, to: u32) -> LeapfrogMove {
        assert!((1..=MAX_SPOTS).contains(&from) && (1..=MAX_SPOTS).contains(&to));
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

    /// The mask on the board turned end to end, `last` being its last spot (0-based).
    #[inline]
    fn mirrored_mask(self, last: u32) -> u32 {
        (1 << (last - self.from as u32)) | (1 << (last - self.to as u32))
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
    shape: Shape,
}

impl Leapfrog {
    /// The start position with A to move.
    pub fn start() -> Leapfrog {
        Leapfrog::from_pieces(START_A, START_B, Seat::A)
    }

    /// The start position of the race of `shape` with `to_move` to move.
    pub fn start_on(shape: Shape, to_move: Seat) -> Leapfrog {
        Leapfrog::from_pieces_on(shape, shape.start_a(), shape.start_b(), to_move)
    }

    /// The standard position with these pieces (bit i = spot i + 1) and `to_move` to
    /// move. The caller guarantees five pieces a side on distinct spots.
    pub fn from_pieces(a: u32, b: u32, to_move: Seat) -> Leapfrog {
        Leapfrog::from_pieces_on(Shape::STANDARD, a, b, to_move)
    }

    /// The position of the race of `shape` with these pieces and `to_move` to move. The
    /// caller guarantees `shape.pieces()` pieces a side on distinct spots of the line.
    pub fn from_pieces_on(shape: Shape, a: u32, b: u32, to_move: Seat) -> Leapfrog {
        let mut position = Leapfrog {
            pieces: [a, b],
            mirrored: [mirror_on(a, shape.spots()), mirror_on(b, shape.spots())],
            to_move,
            hash: 0,
            shape,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The size of the race this position belongs to.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The bit set of `side`'s pieces (bit i = spot i + 1).
    #[inline]
    pub fn pieces(&self, side: Seat) -> u32 {
        self.pieces[side.index()]
    }

    /// The goal zone of `side`: where the other side started.
    #[inline]
    pub const fn goal_zone(&self, side: Seat) -> u32 {
        if side.index() == 0 {
            self.shape.start_b()
        } else {
            self.shape.start_a()
        }
    }

    /// How many of `side`'s pieces stand in its goal zone.
    pub fn pieces_in_goal(&self, side: Seat) -> u32 {
        (self.pieces(side) & self.goal_zone(side)).count_ones()
    }

    /// The total number of spots `side`'s pieces have moved forward from the start.
    pub fn distance(&self, side: Seat) -> i32 {
        let sum: i32 = Bits(self.pieces(side) as u64).map(|i| i as i32 + 1).sum();
        if side == Seat::A {
            sum - self.shape.start_sum_a()
        } else {
            self.shape.start_sum_b() - sum
        }
    }

    /// Whether `side` has all its pieces in its goal zone.
    #[inline]
    pub fn has_filled_goal(&self, side: Seat) -> bool {
        self.pieces(side) == self.goal_zone(side)
    }

    /// The seat to move's targets, in its own forward direction (mirrored for B).
    #[inline]
    fn forward_targets(&self) -> Targets {
        let board = self.shape.board();
        if self.to_move == Seat::A {
            forward_targets_on(self.pieces[0], self.pieces[1], board)
        } else {
            forward_targets_on(self.mirrored[1], self.mirrored[0], board)
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
        self.pieces[0] == self.shape.start_b() || self.pieces[1] == self.shape.start_a()
    }

    /// The 1-based spot of this line that `text` names, if it names one.
    fn spot_in_line(&self, text: &str) -> Option<u32> {
        text.parse::<u32>()
            .ok()
            .filter(|n| (1..=self.shape.spots()).contains(n))
    }
}

impl Default for Leapfrog {
    fn default() -> Self {
        Leapfrog::start()
    }
}

impl Game for Leapfrog {
    type Move = LeapfrogMove;

    const NAME: &'static str = "leapfrog";

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: MAX_PLIES,
        option_keys: &["first", "spots", "pieces"],
        captures: false,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Leapfrog::start_on(
            Shape::from_options(options)?,
            first_seat(options)?,
        ))
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        first_seat(options)?;
        Ok(Limits {
            players: 2,
            ply_cap: Shape::from_options(options)?.max_plies(),
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn ply_cap(&self) -> u32 {
        self.shape.max_plies()
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
        let targets = forward_targets_on(own, enemy, self.shape.board());
        // In the mirrored frame spot i is spot (spots - 1) - i of the board.
        let flip = if self.to_move == Seat::A {
            0
        } else {
            self.shape.spots() - 1
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
        self.mirrored[side] ^= mv.mirrored_mask(self.shape.spots() - 1);
        self.hash ^= piece_key(side, mv.from as u32) ^ piece_key(side, mv.to as u32) ^ SIDE_KEY;
        self.to_move = self.to_move.next(2);
    }

    #[inline]
    fn undo(&mut self, mv: LeapfrogMove) {
        self.to_move = self.to_move.next(2);
        let side = self.to_move.index();
        self.pieces[side] ^= mv.mask();
        self.mirrored[side] ^= mv.mirrored_mask(self.shape.spots() - 1);
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
        // Distance is at most pieces * (spots - pieces) <= 31 * 31 / 4 < 256, so the goal
        // count always outweighs it.
        self.pieces_in_goal(seat) as i32 * 256 + self.distance(seat)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn parse_move(&self, text: &str) -> Result<LeapfrogMove, ParseError> {
        notation::parse_move(self, text)
    }

    fn push_move_text(mv: LeapfrogMove, out: &mut String) {
        mv.write_text(out);
    }

    fn render(&self) -> String {
        notation::render(self)
    }

    fn seat_story(&self, seat: Seat) -> String {
        notation::seat_story(self.shape, seat)
    }
}
