//! Konane (Hawaiian checkers) as BrainKing plays it: the full 8x8 board, 32 pieces a
//! side, two opening removals, then orthogonal jumps in a straight line.
//!
//! - White stands on the dark squares (file + rank even, a1 dark), Black on the light
//!   ones. Black moves first.
//! - Ply 1: Black removes one of its own pieces from a8, h1, d5 or e4. Ply 2: White
//!   removes one of its own pieces orthogonally next to the hole.
//! - From ply 3 every move is a jump: a piece jumps orthogonally over an adjacent enemy
//!   piece into the empty square beyond, and the enemy piece is removed. It may go on
//!   jumping, in the same direction only; each square it may stop on is its own move.
//! - The player who cannot move loses; there are no draws (every jump removes a piece).
//!   The option `cap` sets a ply cap, at which the game is drawn.
//!
//! Notation: a removal is the square (`d5`), a jump lists the squares it lands on
//! (`d3xd5`, `d3xd5xd7`; `d3xd7` also reads). A position is the board as rows from rank
//! 8 down, `w` White, `b` Black, `.` empty (digits read as runs of empty squares), then
//! the side to move (`b` or `w`) and any non-default option:
//! `bwbwbwbw/wbwbwbwb/.../wbwbwbwb b` is the start. The phase follows from the board: a
//! full board is Black's removal, a board with one hole and White to move is White's
//! removal, and anything else is a jump position.

mod movegen;
mod notation;
mod rules;
#[cfg(test)]
mod tests;

use crate::bitboard::Bits;
use crate::game::{Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status};
use crate::games::family::Colour;
use crate::player::Seat;
use crate::zobrist;

use notation::{parse_move, parse_position};
use rules::{parse_options, DEFAULT_CAP, OPTION_KEYS, START_BLACK, START_WHITE};
pub use rules::{Phase, DARK, FIRST_REMOVALS};

/// Zobrist keys: (colour, square), then White to move.
const KEYS: [u64; 2 * 64 + 1] = zobrist::keys(0x4B4F_4E41_4E45_0009);
const WHITE_TO_MOVE_KEY: u64 = KEYS[128];

#[inline]
fn piece_key(colour: Colour, square: u32) -> u64 {
    KEYS[colour.index() * 64 + square as usize]
}

/// One move: a removal (the square emptied) or a jump (where it starts and ends).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KonaneMove {
    from: u8,
    to: u8,
}

impl KonaneMove {
    /// The removal of the piece on square `square` (0 = a1, 63 = h8).
    pub fn removal(square: u32) -> KonaneMove {
        KonaneMove {
            from: square as u8,
            to: square as u8,
        }
    }

    /// The jump from square `from` to square `to`; it is not checked.
    pub fn jump(from: u32, to: u32) -> KonaneMove {
        KonaneMove {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Whether the move is one of the two opening removals.
    pub fn is_removal(&self) -> bool {
        self.from == self.to
    }

    /// The square the piece leaves (the one removed, for a removal), 0 = a1.
    pub fn from(&self) -> u32 {
        self.from as u32
    }

    /// The square the piece ends on (the one removed, for a removal).
    pub fn to(&self) -> u32 {
        self.to as u32
    }

    /// The squares of the pieces a jump takes (none for a removal).
    pub fn captured(&self) -> u64 {
        captured_between(self.from as u32, self.to as u32)
    }

    /// How many pieces the move takes.
    pub fn captures(&self) -> u32 {
        self.captured().count_ones()
    }
}

/// The squares a straight jump from `from` to `to` passes over: every other square of the
/// line between them, starting next to `from`.
fn captured_between(from: u32, to: u32) -> u64 {
    if from == to {
        return 0;
    }
    let (low, high) = (from.min(to), from.max(to));
    let step = if low / 8 == high / 8 { 1 } else { 8 };
    let mut set = 0;
    let mut square = low + step;
    while square < high {
        set |= 1 << square;
        square += 2 * step;
    }
    set
}

/// A Konane position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Konane {
    /// Pieces by colour (White, Black).
    pieces: [u64; 2],
    side: Colour,
    /// Plies played from the start or the parsed position.
    ply: u32,
    cap: u32,
    hash: u64,
}

impl Konane {
    /// The start position: a full board, Black to remove.
    pub fn start() -> Konane {
        Konane::from_pieces(START_WHITE, START_BLACK, Colour::Black)
    }

    /// A position with these pieces and `side` to move; the pieces are not checked.
    fn from_pieces(white: u64, black: u64, side: Colour) -> Konane {
        let mut position = Konane {
            pieces: [white, black],
            side,
            ply: 0,
            cap: DEFAULT_CAP,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The seat of `colour`: Black, who moves first, is seat A.
    pub fn seat_of(colour: Colour) -> Seat {
        colour.seat(Colour::Black)
    }

    /// The colour of `seat`.
    pub fn colour_of(seat: Seat) -> Colour {
        Colour::in_seat(seat, Colour::Black)
    }

    /// The squares of `colour`'s pieces, bit 0 = a1.
    pub fn pieces(&self, colour: Colour) -> u64 {
        self.pieces[colour.index()]
    }

    /// The colour of the piece on `square` (0 = a1), if any.
    pub fn piece_at(&self, square: u32) -> Option<Colour> {
        [Colour::White, Colour::Black]
            .into_iter()
            .find(|c| self.pieces[c.index()] >> square & 1 == 1)
    }

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        !(self.pieces[0] | self.pieces[1])
    }

    /// Which kind of ply comes next, read from the board.
    pub fn phase(&self) -> Phase {
        match self.empty().count_ones() {
            0 => Phase::FirstRemoval,
            1 if self.side == Colour::White => Phase::SecondRemoval,
            _ => Phase::Jumps,
        }
    }

    /// Plies played since the start or the parsed position.
    pub fn ply(&self) -> u32 {
        self.ply
    }
}

impl Game for Konane {
    type Move = KonaneMove;

    const NAME: &'static str = "konane";

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: DEFAULT_CAP,
        option_keys: OPTION_KEYS,
        captures: true,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let mut position = Konane::start();
        position.cap = parse_options(options.iter())?;
        Ok(position)
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        Ok(Limits {
            players: 2,
            ply_cap: parse_options(options.iter())?,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn ply_cap(&self) -> u32 {
        self.cap
    }

    #[inline]
    fn to_move(&self) -> Seat {
        Konane::seat_of(self.side)
    }

    fn generate_moves(&self, moves: &mut Vec<KonaneMove>) {
        moves.clear();
        if self.phase() != Phase::Jumps {
            moves.extend(Bits(self.removals(self.side)).map(KonaneMove::removal));
            return;
        }
        self.jumps(self.side, |direction, hops, landings| {
            let back = 2 * hops * direction.step();
            moves.extend(Bits(landings).map(|to| KonaneMove::jump((to as i32 - back) as u32, to)));
        });
    }

    #[inline]
    fn count_moves(&self, _scratch: &mut Vec<KonaneMove>) -> usize {
        if self.phase() != Phase::Jumps {
            return self.removals(self.side).count_ones() as usize;
        }
        self.jumps(self.side, |_, _, _| {}) as usize
    }

    #[inline]
    fn count_moves_if_ongoing(&self, scratch: &mut Vec<KonaneMove>) -> usize {
        if self.ply >= self.cap {
            return 0;
        }
        self.count_moves(scratch)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: KonaneMove) {
        let colour = self.side;
        let (from, to) = (mv.from as u32, mv.to as u32);
        self.pieces[colour.index()] ^= 1 << from;
        self.hash ^= piece_key(colour, from);
        if from != to {
            self.pieces[colour.index()] ^= 1 << to;
            self.hash ^= piece_key(colour, to);
            let enemy = colour.other();
            for square in Bits(captured_between(from, to)) {
                self.hash ^= piece_key(enemy, square);
            }
            self.pieces[enemy.index()] &= !captured_between(from, to);
        }
        self.side = colour.other();
        self.hash ^= WHITE_TO_MOVE_KEY;
        self.ply += 1;
    }

    #[inline]
    fn undo(&mut self, mv: KonaneMove) {
        let colour = self.side.other();
        let (from, to) = (mv.from as u32, mv.to as u32);
        self.pieces[colour.index()] ^= 1 << from;
        self.hash ^= piece_key(colour, from);
        if from != to {
            self.pieces[colour.index()] ^= 1 << to;
            self.hash ^= piece_key(colour, to);
            let enemy = self.side;
            for square in Bits(captured_between(from, to)) {
                self.hash ^= piece_key(enemy, square);
            }
            self.pieces[enemy.index()] |= captured_between(from, to);
        }
        self.side = colour;
        self.hash ^= WHITE_TO_MOVE_KEY;
        self.ply -= 1;
    }

    fn status(&self) -> Status {
        // Every move after the two removals captures: Konane has no draw rule.
        let stuck_winner = (!self.has_move()).then(|| Konane::seat_of(self.side.other()));
        crate::endings::two_player_status(stuck_winner, None, self.ply >= self.cap)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.ply >= self.cap || !self.has_move()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Colour::White {
            WHITE_TO_MOVE_KEY
        } else {
            0
        };
        for colour in [Colour::White, Colour::Black] {
            for square in Bits(self.pieces[colour.index()]) {
                hash ^= piece_key(colour, square);
            }
        }
        hash
    }

    /// Konane ranks no one by progress: a game stopped by the cap is a draw.
    fn progress(&self, _seat: Seat) -> i32 {
        0
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        parse_position(text)
    }

    fn parse_move(&self, text: &str) -> Result<KonaneMove, ParseError> {
        parse_move(text)
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                out.push(' ');
                out.push(match self.piece_at(file + rank * 8) {
                    Some(Colour::White) => 'w',
                    Some(Colour::Black) => 'b',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        let side = match self.side {
            Colour::White => "White",
            Colour::Black => "Black",
        };
        out.push_str(&format!("{side} to move\n"));
        out
    }

    fn perft_position(&self) -> Self {
        let mut position = *self;
        position.cap = u32::MAX;
        position
    }

    fn seat_name(&self, seat: Seat) -> String {
        match Self::colour_of(seat) {
            Colour::White => "White",
            Colour::Black => "Black",
        }
        .to_string()
    }

    fn seat_story(&self, seat: Seat) -> String {
        match Self::colour_of(seat) {
            Colour::White => "the w stones, jumping over b stones",
            Colour::Black => "the b stones, jumping over w stones",
        }
        .to_string()
    }
}
