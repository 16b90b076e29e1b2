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

#[cfg(test)]
mod tests;

use std::fmt;

use crate::bitboard::Bits;
use crate::game::{
    read_ply_cap, Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status,
};
use crate::games::family::Colour;
use crate::games::grid;
use crate::player::Seat;
use crate::zobrist;

/// The squares Black may empty on the first ply: the corners a8 and h1 of the long light
/// diagonal and its centre squares d5 and e4.
pub const FIRST_REMOVALS: u64 = (1 << 56) | (1 << 7) | (1 << 35) | (1 << 28);

/// The dark squares (file + rank even), where White stands.
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Zobrist keys: (colour, square), then White to move.
const KEYS: [u64; 2 * 64 + 1] = zobrist::keys(0x4B4F_4E41_4E45_0009);
const WHITE_TO_MOVE_KEY: u64 = KEYS[128];

#[inline]
fn piece_key(colour: Colour, square: u32) -> u64 {
    KEYS[colour.index() * 64 + square as usize]
}

/// The start: every square filled, White on the dark ones.
const START_WHITE: u64 = DARK;
const START_BLACK: u64 = !DARK;

/// The default ply cap: more than any game can last (two removals, then at most one jump
/// per piece that can be taken).
const DEFAULT_CAP: u32 = 64;

/// The four directions of a jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    North,
    East,
    South,
    West,
}

const DIRECTIONS: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

impl Direction {
    /// The change of square index for one step.
    #[inline]
    fn step(self) -> i32 {
        match self {
            Direction::North => 8,
            Direction::East => 1,
            Direction::South => -8,
            Direction::West => -1,
        }
    }

    /// Every square of `set` moved one step this way; steps off the board vanish.
    #[inline]
    fn shift(self, set: u64) -> u64 {
        match self {
            Direction::North => set << 8,
            Direction::East => (set & !FILE_H) << 1,
            Direction::South => set >> 8,
            Direction::West => (set & !FILE_A) >> 1,
        }
    }
}

/// The squares orthogonally next to the squares of `set`.
#[inline]
fn neighbours(set: u64) -> u64 {
    DIRECTIONS
        .iter()
        .fold(0, |acc, direction| acc | direction.shift(set))
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

impl fmt::Display for KonaneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid::point_name(8, self.from as u32))?;
        if self.is_removal() {
            return Ok(());
        }
        let (from, to) = (self.from as i32, self.to as i32);
        let step = if from / 8 == to / 8 {
            (to - from).signum()
        } else {
            8 * (to - from).signum()
        };
        let mut square = from;
        while square != to {
            square += 2 * step;
            write!(f, "x{}", grid::point_name(8, square as u32))?;
        }
        Ok(())
    }
}

impl fmt::Debug for KonaneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Which kind of ply the position asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Ply 1: Black empties one of the four squares of [`FIRST_REMOVALS`].
    FirstRemoval,
    /// Ply 2: White empties a square next to the hole.
    SecondRemoval,
    /// Every later ply: a jump.
    Jumps,
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

    /// The squares from which `colour` may make its next removal, if the opening asks
    /// for one.
    fn removals(&self, colour: Colour) -> u64 {
        let own = self.pieces[colour.index()];
        match self.phase() {
            Phase::FirstRemoval => own & FIRST_REMOVALS,
            Phase::SecondRemoval => own & neighbours(self.empty()),
            Phase::Jumps => 0,
        }
    }

    /// Calls `found(hops, landings)` for each direction and number of hops that has
    /// landing squares, where `landings` are the squares `colour` can reach by `hops`
    /// jumps that way. Returns the total number of jumps.
    #[inline]
    fn jumps(&self, colour: Colour, mut found: impl FnMut(Direction, i32, u64)) -> u32 {
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let mut total = 0;
        for direction in DIRECTIONS {
            let mut landings = own;
            for hops in 1..=3 {
                landings = direction.shift(direction.shift(landings) & enemy) & empty;
                if landings == 0 {
                    break;
                }
                total += landings.count_ones();
                found(direction, hops, landings);
            }
        }
        total
    }

    /// How many moves `colour` would have if it were to move (Konane's mobility).
    pub fn mobility(&self, colour: Colour) -> u32 {
        match self.phase() {
            Phase::Jumps => self.jumps(colour, |_, _, _| {}),
            _ if colour == self.side => self.removals(colour).count_ones(),
            _ => 0,
        }
    }

    /// Whether the side to move has any move.
    #[inline]
    fn has_move(&self) -> bool {
        if self.phase() != Phase::Jumps {
            return self.removals(self.side) != 0;
        }
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[self.side.other().index()];
        let empty = self.empty();
        DIRECTIONS
            .iter()
            .any(|d| d.shift(d.shift(own) & enemy) & empty != 0)
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
}

impl fmt::Display for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        write!(f, "{} {side}", grid::write_rows(8, 8, self.pieces))?;
        if self.cap != DEFAULT_CAP && self.cap != u32::MAX {
            write!(f, " cap={}", self.cap)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The option keys Konane takes.
const OPTION_KEYS: &[&str] = &["cap"];

/// Reads the options; returns the ply cap.
fn parse_options<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>) -> Result<u32, GameError> {
    let mut cap = DEFAULT_CAP;
    for (key, value) in pairs {
        match key {
            "cap" => cap = read_ply_cap(Konane::NAME, key, value)?,
            _ => return Err(GameError::unknown_option(Konane::NAME, key, OPTION_KEYS)),
        }
    }
    Ok(cap)
}

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "a Konane position such as \"bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/\
     bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b\" (rows from rank 8 down: w White, b Black, . or a \
     digit empty; then b or w to move; then options such as cap=100)";

fn parse_position(text: &str) -> Result<Konane, ParseError> {
    let error = |why: String| ParseError::new("position", text, format!("{POSITION_FORM}; {why}"));
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| error("it is empty".into()))?;
    let [white, black] = grid::parse_rows(8, 8, board).map_err(error)?;
    let side = match words.next() {
        Some("b") => Colour::Black,
        Some("w") => Colour::White,
        other => {
            return Err(error(format!(
                "the side to move must be b or w, not {:?}",
                other.unwrap_or("")
            )))
        }
    };
    if white & !DARK != 0 || black & DARK != 0 {
        return Err(error(
            "White stands only on dark squares (file + rank even) and Black only on light ones"
                .into(),
        ));
    }
    if white | black == !0 && side == Colour::White {
        return Err(error("on the full board Black moves first".into()));
    }
    let mut pairs = Vec::new();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| error(format!("an option key=value, not {word:?}")))?;
        pairs.push((key, value));
    }
    let mut position = Konane::from_pieces(white, black, side);
    position.cap = parse_options(pairs.into_iter()).map_err(|e| error(e.to_string()))?;
    Ok(position)
}

fn parse_move(text: &str) -> Result<KonaneMove, ParseError> {
    const FORM: &str = "a removal (\"d5\") or a jump through the squares it lands on \
         (\"d3xd5\", \"d3xd5xd7\"; \"d3xd7\" also reads), squares a1 to h8";
    let error = || ParseError::new("move", text, FORM);
    let squares = text
        .trim()
        .split('x')
        .map(|name| grid::parse_point(8, 8, name).map(|s| s as i32))
        .collect::<Option<Vec<i32>>>()
        .ok_or_else(error)?;
    let from = squares[0];
    if squares.len() == 1 {
        return Ok(KonaneMove::removal(from as u32));
    }
    let to = *squares.last().expect("two squares or more");
    let (file, rank) = (|s: i32| s % 8, |s: i32| s / 8);
    let straight = (file(from) == file(to)) != (rank(from) == rank(to));
    let distance = (file(to) - file(from)).abs() + (rank(to) - rank(from)).abs();
    if !straight || distance % 2 != 0 {
        return Err(error());
    }
    // Every square listed is a landing square on the line from `from` to `to`, in order.
    let step = if rank(from) == rank(to) { 1 } else { 8 } * (to - from).signum();
    for pair in squares.windows(2) {
        let between = (pair[1] - pair[0]) / step;
        if (pair[1] - pair[0]) % step != 0 || between <= 0 || between % 2 != 0 {
            return Err(error());
        }
        if step.abs() == 1 && rank(pair[1]) != rank(from) {
            return Err(error());
        }
    }
    Ok(KonaneMove::jump(from as u32, to as u32))
}
