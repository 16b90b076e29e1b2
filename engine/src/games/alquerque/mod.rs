//! Alquerque as BrainKing plays it: 25 points joined by lines, 12 pawns a side, captures
//! by short jumps along the lines, no promotion.
//!
//! - Points a1 to e5, White at the bottom. Orthogonal lines join every pair of
//!   neighbouring points; diagonal lines run through the points with file + rank even
//!   (a1, c1, b2, c3, ...), the others have only their four orthogonal lines.
//! - White a1-e2, d3, e3; Black a4-e5, a3, b3; c3 empty. White moves first.
//! - A pawn steps along a line forward, diagonally forward or sideways, never back. A
//!   pawn on the far row cannot step at all.
//! - Capturing is compulsory: a pawn jumps an adjacent enemy along a line into the empty
//!   point beyond. The first jump goes in one of the pawn's own directions (sideways
//!   along the far row too); every later jump of the same move in any direction its
//!   point has lines for. A pawn that can jump again must. Any capture may be chosen
//!   (no rule of the most pieces). Two paths with the same start, end and captured set
//!   are one move.
//! - The side that cannot move (having no pieces left included) loses. A position
//!   occurring for the third time (option `repetitions`) and 50 plies without a capture or
//!   a forward or diagonally forward step (option `no_progress`; sideways steps do not
//!   count as progress) draw; the option `cap` sets the ply cap, also a draw.
//!
//! Notation: steps `b2-c3`, captures through every landing point `b2xd4xb4`. A position
//! is the board as rows from rank 5 down (`w` White, `b` Black, `.` empty, digits read as
//! runs of empty points), the side to move (`w` or `b`) and any non-default options:
//! `bbbbb/bbbbb/bb.ww/wwwww/wwwww w` is the start.

mod movegen;
mod notation;
mod rules;
#[cfg(test)]
mod tests;

use crate::bitboard::Bits;
use crate::game::{EndReason, Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status};
use crate::games::family::{Colour, History, Options, SideFeatures, ALQUERQUE_KEYS};
use crate::player::Seat;
use crate::zobrist;

use notation::{parse_move, parse_position, render};
pub use rules::{advancement, BOARD, SIZE, STRONG};
use rules::{delta, parse_options, DEFAULTS, DEFAULT_CAP, START_BLACK, START_WHITE};

/// Zobrist keys: (colour, point), then Black to move.
const KEYS: [u64; 2 * 25 + 1] = zobrist::keys(0xA19E_5A0E_0000_0009);
const BLACK_TO_MOVE_KEY: u64 = KEYS[50];

#[inline]
fn piece_key(colour: Colour, point: u32) -> u64 {
    KEYS[colour.index() * 25 + point as usize]
}

const BLACK_FLAG: u8 = 1;

/// One move: a step, or a whole capture with the set of points it takes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AlquerqueMove {
    captured: u32,
    from: u8,
    to: u8,
    flags: u8,
}

impl AlquerqueMove {
    fn new(colour: Colour, from: u32, to: u32, captured: u32) -> AlquerqueMove {
        AlquerqueMove {
            captured,
            from: from as u8,
            to: to as u8,
            flags: if colour == Colour::Black {
                BLACK_FLAG
            } else {
                0
            },
        }
    }

    /// The point the pawn leaves (0 = a1, 24 = e5).
    pub fn from(&self) -> u32 {
        self.from as u32
    }

    /// The point the pawn ends on (a capture may end where it started).
    pub fn to(&self) -> u32 {
        self.to as u32
    }

    /// The points of the pieces the move takes.
    pub fn captured(&self) -> u32 {
        self.captured
    }

    /// How many pieces the move takes.
    pub fn captures(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The side that makes the move.
    pub fn colour(&self) -> Colour {
        if self.flags & BLACK_FLAG != 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Whether the move is a step along the pawn's own rank (reversible).
    pub fn is_sideways(&self) -> bool {
        self.captured == 0 && self.from / 5 == self.to / 5
    }
}

/// An Alquerque position, with the history its draw rules need.
#[derive(Clone)]
pub struct Alquerque {
    /// Pieces by colour (White, Black).
    pieces: [u32; 2],
    side: Colour,
    hash: u64,
    /// Plies played from the start or the parsed position.
    ply: u32,
    /// The plies played; its counter is the plies since a capture or a forward step.
    history: History<()>,
    options: Options,
}

impl Alquerque {
    /// The start position.
    pub fn start() -> Alquerque {
        Alquerque::from_pieces(START_WHITE, START_BLACK, Colour::White, DEFAULTS)
    }

    fn from_pieces(white: u32, black: u32, side: Colour, options: Options) -> Alquerque {
        let mut position = Alquerque {
            pieces: [white, black],
            side,
            hash: 0,
            ply: 0,
            history: History::new(),
            options,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The seat of `colour`: White, who moves first, is seat A.
    pub fn seat_of(colour: Colour) -> Seat {
        colour.seat(Colour::White)
    }

    /// The colour of `seat`.
    pub fn colour_of(seat: Seat) -> Colour {
        Colour::in_seat(seat, Colour::White)
    }

    /// The points of `colour`'s pawns, bit 0 = a1.
    pub fn pieces(&self, colour: Colour) -> u32 {
        self.pieces[colour.index()]
    }

    /// The colour of the pawn on `point` (0 = a1), if any.
    pub fn piece_at(&self, point: u32) -> Option<Colour> {
        [Colour::White, Colour::Black]
            .into_iter()
            .find(|c| self.pieces[c.index()] >> point & 1 == 1)
    }

    /// The empty points.
    pub fn empty(&self) -> u32 {
        BOARD & !(self.pieces[0] | self.pieces[1])
    }

    /// Plies since a capture or a forward step (the no-progress counter).
    pub fn quiet_plies(&self) -> u32 {
        self.history.quiet_plies() as u32
    }

    /// The counts of the family's [`SideFeatures`] for `colour`: its pawns are men
    /// (Alquerque has no kings), `mobility` the steps it could make were it to move and
    /// had no capture.
    pub fn features(&self, colour: Colour) -> SideFeatures {
        let own = self.pieces[colour.index()];
        let advanced = Bits(own as u64).map(|p| advancement(colour, p)).sum();
        let back_rank = Bits(own as u64)
            .filter(|p| advancement(colour, *p) == 0)
            .count() as u32;
        SideFeatures {
            men: own.count_ones(),
            advancement: advanced,
            back_rank,
            mobility: self.steps(colour, |_, _| {}),
            ..SideFeatures::default()
        }
    }

    /// Whether the side to move has a capture (without listing them).
    #[inline]
    pub fn has_capture(&self) -> bool {
        self.attackers(self.side) != 0
    }

    /// Whether the side to move has no move at all.
    #[inline]
    fn is_stuck(&self) -> bool {
        self.attackers(self.side) == 0 && self.steps(self.side, |_, _| {}) == 0
    }

    /// The draw that the counter or the repetition calls, if any.
    #[inline]
    fn draw_reason(&self) -> Option<EndReason> {
        if !self.options.draw_rules {
            return None;
        }
        crate::endings::draw_by_counters(
            self.options.repetitions,
            self.history.repeats(),
            self.options.no_progress,
            self.history.quiet_plies(),
        )
    }
}

impl Game for Alquerque {
    type Move = AlquerqueMove;

    const NAME: &'static str = "alquerque";

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: DEFAULT_CAP,
        option_keys: ALQUERQUE_KEYS.keys,
        captures: true,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let mut position = Alquerque::start();
        position.options = parse_options(options.iter())?;
        Ok(position)
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        Ok(Limits {
            players: 2,
            ply_cap: parse_options(options.iter())?.cap,
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
        Alquerque::seat_of(self.side)
    }

    fn generate_moves(&self, moves: &mut Vec<AlquerqueMove>) {
        moves.clear();
        let attackers = self.attackers(self.side);
        if attackers != 0 {
            self.generate_captures(attackers, moves);
            return;
        }
        let colour = self.side;
        self.steps(colour, |d, targets| {
            let by = delta(d);
            moves.extend(
                Bits(targets as u64)
                    .map(|to| AlquerqueMove::new(colour, (to as i32 - by) as u32, to, 0)),
            );
        });
    }

    #[inline]
    fn count_moves(&self, scratch: &mut Vec<AlquerqueMove>) -> usize {
        let attackers = self.attackers(self.side);
        if attackers != 0 {
            scratch.clear();
            self.generate_captures(attackers, scratch);
            return scratch.len();
        }
        self.steps(self.side, |_, _| {}) as usize
    }

    fn count_moves_if_ongoing(&self, scratch: &mut Vec<AlquerqueMove>) -> usize {
        if self.draw_reason().is_some() || self.ply >= self.options.cap {
            return 0;
        }
        self.count_moves(scratch)
    }

    fn play_unchecked(&mut self, mv: AlquerqueMove) {
        let colour = self.side;
        let enemy = colour.other();
        self.history.push(self.hash, ());
        let (from, to) = (mv.from as u32, mv.to as u32);
        self.pieces[colour.index()] ^= (1 << from) ^ (1 << to);
        self.hash ^= piece_key(colour, from) ^ piece_key(colour, to);
        if mv.captured != 0 {
            for point in Bits(mv.captured as u64) {
                self.hash ^= piece_key(enemy, point);
            }
            self.pieces[enemy.index()] &= !mv.captured;
        }
        self.side = enemy;
        self.hash ^= BLACK_TO_MOVE_KEY;
        self.ply += 1;
        // Only a sideways step can be played back.
        self.history.played(self.hash, mv.is_sideways());
    }

    fn undo(&mut self, mv: AlquerqueMove) {
        let (hash, ()) = self.history.pop();
        let enemy = self.side;
        let colour = enemy.other();
        let (from, to) = (mv.from as u32, mv.to as u32);
        self.pieces[colour.index()] ^= (1 << from) ^ (1 << to);
        self.pieces[enemy.index()] |= mv.captured;
        self.side = colour;
        self.hash = hash;
        self.ply -= 1;
    }

    fn status(&self) -> Status {
        let stuck_winner = self
            .is_stuck()
            .then(|| Alquerque::seat_of(self.side.other()));
        let capped = self.ply >= self.options.cap;
        crate::endings::two_player_status(stuck_winner, self.draw_reason(), capped)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.is_stuck() || self.draw_reason().is_some() || self.ply >= self.options.cap
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
            for point in Bits(self.pieces[colour.index()] as u64) {
                hash ^= piece_key(colour, point);
            }
        }
        hash
    }

    /// Alquerque ranks no one by progress: a game stopped early is a draw.
    fn progress(&self, _seat: Seat) -> i32 {
        0
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        parse_position(text)
    }

    fn parse_move(&self, text: &str) -> Result<AlquerqueMove, ParseError> {
        parse_move(self.side, text)
    }

    fn render(&self) -> String {
        render(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        match Self::colour_of(seat) {
            Colour::White => "White",
            Colour::Black => "Black",
        }
        .to_string()
    }

    fn seat_story(&self, seat: Seat) -> String {
        // The drawing has rank 5 on top and White at the bottom.
        match Self::colour_of(seat) {
            Colour::White => "the w pieces, moving up the board",
            Colour::Black => "the b pieces, moving down the board",
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
