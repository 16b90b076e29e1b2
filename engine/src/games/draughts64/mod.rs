//! The draughts games on all 64 squares of an 8x8 board: Turkish draughts, Gothic
//! checkers and Dameo, from one move generator parameterised by [`Rules64`].
//!
//! - Pieces move along ranks and files as well as diagonals; the board is a `u64` with
//!   a1 as bit 0 ([`board`]).
//! - A multi-capture is one move; two capture paths with the same start, end and
//!   captured set are one move unless the option `duplicates=keep` asks for every path.
//!   A kept path is told apart by the squares it jumps and the squares it lands on, in
//!   order (the counting of the `kish` Turkish perft table; the diagonal engine's keep
//!   ignores landing squares).
//! - The game ends when the side to move has no move (it loses), by repetition, by the
//!   no-progress counter, or at the ply cap (option `cap`). A man's sideways step does
//!   not reset the counter or the repetition history: it can be taken back.
//! - Notation is algebraic: moves `a3-a4` and `a3xa5xc5`; positions are a diagram of the
//!   ranks from the 8th down (`w`/`b` men, `W`/`B` kings, digits for empty squares),
//!   then the side to move: `8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 W`, then any
//!   non-default options (`duplicates=keep cap=200 repetitions=4`). A piece list in PDN
//!   style with algebraic squares (`W:Wa3,Kd4:Bb5`) is read too.

pub mod board;
mod movegen;
mod notation;
pub mod rules;
#[cfg(test)]
mod tests;

use std::fmt;
use std::marker::PhantomData;

use crate::game::{EndReason, Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status};
use crate::games::family::{
    parse_options, BitSet, CaptureMove, History, MoveHashOrder, Options, SideFeatures,
    DRAUGHTS_KEYS, KING, PROMOTES,
};
use crate::player::Seat;
use crate::zobrist;

pub use crate::games::family::Colour;
use board::Square;
pub use rules::{Dameo, Gothic, Rules64, Turkish};

/// Turkish draughts.
pub type TurkishDraughts = Draughts64<Turkish>;
/// Gothic checkers.
pub type GothicCheckers = Draughts64<Gothic>;
/// Dameo.
pub type DameoGame = Draughts64<Dameo>;

/// Zobrist keys: (White man, Black man, White king, Black king) x 64 squares, then Black
/// to move.
const KEYS: [u64; 4 * 64 + 1] = zobrist::keys(0xD2A0_6175_0000_0040);
const BLACK_TO_MOVE_KEY: u64 = KEYS[4 * 64];

#[inline]
fn piece_key(king: bool, colour: Colour, square: u32) -> u64 {
    KEYS[(2 * king as usize + colour.index()) * 64 + square as usize]
}

/// One move: a step, a slide, a linear move, or a whole capture sequence (the family's
/// [`CaptureMove`] on the 64 squares, numbered 0 = a1 to 63 = h8).
pub type Draughts64Move<R> = CaptureMove<u64, Draughts64<R>>;

impl<R: Rules64> MoveHashOrder for Draughts64<R> {
    const SEQUENCE_SECOND: bool = true;
}

impl<R: Rules64> CaptureMove<u64, Draughts64<R>> {
    /// The square the piece leaves (0 is a1, 63 is h8).
    pub fn from_square(&self) -> u32 {
        self.from as u32
    }

    /// The square the piece ends on.
    pub fn to_square(&self) -> u32 {
        self.to as u32
    }

    /// The squares of the captured pieces, ascending.
    pub fn captured_squares(&self) -> Vec<u32> {
        self.captured.squares().collect()
    }
}

/// The default ply cap: far beyond real games, which the draw rules end long before.
const DEFAULT_CAP: u32 = 1000;

/// The default options of a game.
fn default_options<R: Rules64>() -> Options {
    Options::new(DEFAULT_CAP, R::DRAWS.repetitions)
}

/// What [`Game::undo`] needs that the move and the [`History`] do not say: the kings
/// among the pieces taken.
type Undo = u64;

/// A position of an all-squares draughts game, with the history its draw rules need.
#[derive(Clone)]
pub struct Draughts64<R: Rules64> {
    /// Pieces by colour (White, Black).
    pieces: [u64; 2],
    kings: u64,
    side: Colour,
    hash: u64,
    /// Plies played from the start or the parsed position.
    ply: u32,
    /// The plies played; its counter is the plies since a capture or a man's move up
    /// the board.
    history: History<Undo>,
    options: Options,
    rules: PhantomData<R>,
}

impl<R: Rules64> Draughts64<R> {
    /// An empty board with `side` to move and default options.
    fn empty_board(side: Colour) -> Draughts64<R> {
        let mut position = Draughts64 {
            pieces: [0; 2],
            kings: 0,
            side,
            hash: 0,
            ply: 0,
            history: History::new(),
            options: default_options::<R>(),
            rules: PhantomData,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The start position of the game.
    pub fn start() -> Draughts64<R> {
        notation::parse_board::<R>(R::START).expect("every game's start position parses")
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The seat of `colour`: White moves first and is seat A.
    pub fn seat_of(colour: Colour) -> Seat {
        colour.seat(Colour::White)
    }

    /// The colour of `seat`.
    pub fn colour_of(seat: Seat) -> Colour {
        Colour::in_seat(seat, Colour::White)
    }

    /// The piece on `square` (0 is a1, 63 is h8): its colour and whether it is a king.
    pub fn piece_on(&self, square: u32) -> Option<(Colour, bool)> {
        let colour = [Colour::White, Colour::Black]
            .into_iter()
            .find(|c| self.pieces[c.index()].has(square as i32))?;
        Some((colour, self.kings.has(square as i32)))
    }

    /// Men and kings of `colour`, as counts.
    pub fn material(&self, colour: Colour) -> (u32, u32) {
        let own = self.pieces[colour.index()];
        ((own & !self.kings).count(), (own & self.kings).count())
    }

    /// Plies since a capture or a man's move up the board (the draw counter).
    pub fn quiet_plies(&self) -> u32 {
        self.history.quiet_plies() as u32
    }

    /// The ranks a man of `colour` on `square` has advanced from rank 1 (White) or rank
    /// 8 (Black).
    pub fn advancement(colour: Colour, square: u32) -> u32 {
        let rank = square / 8;
        match colour {
            Colour::White => rank,
            Colour::Black => 7 - rank,
        }
    }

    /// Whether kings move and capture at any distance.
    pub fn flying_kings() -> bool {
        R::FLYING_KINGS
    }

    /// The counts of [`SideFeatures`] for `colour` (no parachutists here).
    pub fn features(&self, colour: Colour) -> SideFeatures {
        let men = self.men(colour);
        let mut advancement = 0;
        for r in 0..8 {
            advancement += (men & board::rank(r)).count() * Self::advancement(colour, r * 8);
        }
        let back = match colour {
            Colour::White => board::rank(0),
            Colour::Black => board::rank(7),
        };
        let own = self.pieces[colour.index()];
        let empty = self.empty();
        let kings = own & self.kings;
        let mut mobility = 0;
        for d in rules::for_colour(R::MAN_STEPS, colour).iter() {
            mobility += (board::shift(men, d) & empty).count();
        }
        for d in R::KING_STEPS.iter() {
            mobility += (board::shift(kings, d) & empty).count();
        }
        SideFeatures {
            men: men.count(),
            kings: kings.count(),
            parachutists: 0,
            advancement,
            back_rank: (men & back).count(),
            mobility,
        }
    }

    /// The men (not kings) of `colour`.
    #[inline]
    fn men(&self, colour: Colour) -> u64 {
        self.pieces[colour.index()] & !self.kings
    }

    /// The empty squares.
    #[inline]
    fn empty(&self) -> u64 {
        !(self.pieces[0] | self.pieces[1])
    }

    /// Where a man of `colour` is crowned.
    #[inline]
    fn crown(colour: Colour) -> u64 {
        match colour {
            Colour::White => board::rank(7),
            Colour::Black => board::rank(0),
        }
    }

    /// Whether the side to move has no move at all.
    fn is_stuck(&self) -> bool {
        !self.has_quiet() && !self.has_capture()
    }

    /// The draw that the counter or the repetition calls, if any.
    fn draw_reason(&self) -> Option<EndReason> {
        if !self.options.draw_rules {
            return None;
        }
        crate::endings::draw_by_counters(
            self.options.repetitions,
            self.history.repeats(),
            R::DRAWS.quiet_plies,
            self.history.quiet_plies(),
        )
    }

    /// Puts a piece on `square` (which must be empty), keeping the hash.
    fn place(&mut self, colour: Colour, king: bool, square: u32) {
        let set = 1u64 << square;
        self.pieces[colour.index()] |= set;
        if king {
            self.kings |= set;
        }
        self.hash ^= piece_key(king, colour, square);
    }
}

/// The rule options of `options` over the variant's defaults.
fn read_options<R: Rules64>(options: &GameOptions) -> Result<Options, GameError> {
    parse_options(
        R::NAME,
        DRAUGHTS_KEYS,
        options.iter(),
        default_options::<R>(),
    )
}

impl<R: Rules64> Game for Draughts64<R> {
    type Move = Draughts64Move<R>;

    const NAME: &'static str = R::NAME;

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: DEFAULT_CAP,
        option_keys: DRAUGHTS_KEYS.keys,
        captures: true,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let mut position = Self::start();
        position.options = read_options::<R>(options)?;
        Ok(position)
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        let options = read_options::<R>(options)?;
        Ok(Limits {
            players: 2,
            ply_cap: options.cap,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn ply_cap(&self) -> u32 {
        self.options.cap
    }

    #[inline]
    fn to_move(&self) -> Seat {
        Self::seat_of(self.side)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Self::Move>) {
        self.generate_captures(moves);
        if moves.is_empty() {
            self.generate_quiet(moves);
        }
    }

    #[inline]
    fn count_moves(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.generate_captures(scratch);
        if scratch.is_empty() {
            self.count_quiet()
        } else {
            scratch.len()
        }
    }

    fn count_moves_if_ongoing(&self, scratch: &mut Vec<Self::Move>) -> usize {
        if self.draw_reason().is_some() || self.ply >= self.options.cap {
            return 0;
        }
        self.count_moves(scratch)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        let colour = self.side;
        let enemy = colour.other();
        self.history.push(self.hash, mv.captured & self.kings);
        let (from, to) = (mv.from as u32, mv.to as u32);
        let king = mv.flags & KING != 0;
        let (from_set, to_set) = (1u64 << from, 1u64 << to);
        self.hash ^= piece_key(king, colour, from);
        self.pieces[colour.index()] = (self.pieces[colour.index()] & !from_set) | to_set;
        self.kings &= !from_set;
        let crowned = king || mv.flags & PROMOTES != 0;
        if crowned {
            self.kings |= to_set;
        }
        self.hash ^= piece_key(crowned, colour, to);
        if mv.captured != 0 {
            for square in mv.captured.squares() {
                self.hash ^= piece_key(self.kings.has(square as i32), enemy, square);
            }
            self.pieces[enemy.index()] &= !mv.captured;
            self.kings &= !mv.captured;
        }
        self.side = enemy;
        self.hash ^= BLACK_TO_MOVE_KEY;
        self.ply += 1;
        // A capture or a man's move up the board cannot be undone; a man's sideways step
        // and a king's move can.
        let advances = !king && from / 8 != to / 8;
        self.history
            .played(self.hash, mv.captured == 0 && !advances);
    }

    fn undo(&mut self, mv: Self::Move) {
        let (hash, captured_kings) = self.history.pop();
        let enemy = self.side;
        let colour = enemy.other();
        let (from_set, to_set) = (1u64 << mv.from, 1u64 << mv.to);
        self.pieces[colour.index()] = (self.pieces[colour.index()] & !to_set) | from_set;
        self.kings &= !to_set;
        if mv.flags & KING != 0 {
            self.kings |= from_set;
        }
        self.pieces[enemy.index()] |= mv.captured;
        self.kings |= captured_kings;
        self.side = colour;
        self.hash = hash;
        self.ply -= 1;
    }

    fn status(&self) -> Status {
        let stuck_winner = self.is_stuck().then(|| Self::seat_of(self.side).next(2));
        let capped = self.ply >= self.options.cap;
        crate::endings::two_player_status(stuck_winner, self.draw_reason(), capped)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.draw_reason().is_some() || self.ply >= self.options.cap || self.is_stuck()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Colour::Black {
            BLACK_TO_MOVE_KEY
        } else {
            0
        };
        for colour in [Colour::White, Colour::Black] {
            for square in self.pieces[colour.index()].squares() {
                hash ^= piece_key(self.kings.has(square as i32), colour, square);
            }
        }
        hash
    }

    /// These games rank no one by progress: a game stopped early is a draw.
    fn progress(&self, _seat: Seat) -> i32 {
        0
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position::<R>(text)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError> {
        notation::parse_move(self, text)
    }

    fn render(&self) -> String {
        notation::render(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        match Self::colour_of(seat) {
            Colour::White => "White",
            Colour::Black => "Black",
        }
        .to_string()
    }

    fn seat_story(&self, seat: Seat) -> String {
        // The drawing has the 8th rank on top and White at the bottom.
        match Self::colour_of(seat) {
            Colour::White => "the w men and W kings, men moving up the board",
            Colour::Black => "the b men and B kings, men moving down the board",
        }
        .to_string()
    }

    fn perft_position(&self) -> Self {
        let mut position = self.clone();
        position.options.draw_rules = false;
        position.options.cap = u32::MAX;
        position
    }
}

impl<R: Rules64> fmt::Debug for Draughts64<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `square` written algebraically.
pub fn square_name(square: u32) -> String {
    Square(square).to_string()
}
