//! The draughts family on the dark squares: English checkers, International draughts and
//! eleven more variants, all from one move generator parameterised by [`Rules`].
//!
//! - A multi-capture is one move; two capture paths with the same start, end and
//!   captured set are one move unless the option `duplicates=keep` asks for every path
//!   (perft tables publish both counts).
//! - The game ends when the side to move has no move (it loses; in Suicide it wins), by
//!   repetition, by the variant's draw rules, after `no_capture` plies without a capture
//!   where that option is set, or at the ply cap (option `cap`).
//! - Notation is PDN: squares numbered 1 to 32 (50, 72) row by row from the top-left,
//!   moves `11-15` and `11x18x25`, positions `W:W21,22,K30:B1,2` (`P` marks a
//!   parachutist), followed by any non-default options.

pub mod board;
pub mod endgame;
mod movegen;
pub(crate) mod notation;
mod playout;
pub mod rules;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::game::{
    EndReason, Game, GameError, GameInfo, GameOptions, Limits, Outcome, ParseError, Status,
};
pub use crate::games::family::SideFeatures;
use crate::games::family::{
    parse_options, CaptureMove, History, MoveHashOrder, Options, DARK_SQUARE_KEYS, KING,
    PARACHUTIST, PROMOTES,
};
use crate::player::Seat;
use crate::zobrist;

use board::{BitSet, Geometry};
pub use movegen::crowning_squares;
use rules::EndgameRule;
pub use rules::{
    Brazilian, Canadian, Colour, Corner, Czech, English, International, Italian, OneWay, Parachute,
    Portuguese, Rules, Russian, Suicide, Thai,
};

/// The set type of a variant's board.
pub type BitsOf<R> = <<R as Rules>::Board as Geometry>::Bits;

/// English draughts.
pub type EnglishDraughts = Draughts<English>;
/// International draughts.
pub type InternationalDraughts = Draughts<International>;

/// Zobrist keys: (piece kind, bit) for six kinds on up to 128 bits, then Black to move.
const KEYS: [u64; 6 * 128 + 1] = zobrist::keys(0xD2A0_6175_0000_0003);
const BLACK_TO_MOVE_KEY: u64 = KEYS[6 * 128];

/// The piece kinds, as indices into the key table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Man = 0,
    King = 2,
    Parachutist = 4,
}

#[inline]
fn piece_key(kind: Kind, colour: Colour, bit: u32) -> u64 {
    KEYS[(kind as usize + colour.index()) * 128 + bit as usize]
}

/// One move: a step, a king's slide, or a whole capture sequence (the family's
/// [`CaptureMove`] on this variant's board, its squares numbered as in PDN).
pub type DraughtsMove<R> = CaptureMove<BitsOf<R>, Draughts<R>>;

impl<R: Rules> MoveHashOrder for Draughts<R> {
    const SEQUENCE_SECOND: bool = false;
}

impl<R: Rules> CaptureMove<BitsOf<R>, Draughts<R>> {
    /// The PDN number of the square the piece leaves.
    pub fn from_square(&self) -> u32 {
        <R::Board as Geometry>::bit_to_number(self.from as u32, R::A1_LIGHT)
    }

    /// The PDN number of the square the piece ends on.
    pub fn to_square(&self) -> u32 {
        <R::Board as Geometry>::bit_to_number(self.to as u32, R::A1_LIGHT)
    }

    /// The PDN numbers of the captured pieces, in ascending order.
    pub fn captured_squares(&self) -> Vec<u32> {
        let mut squares: Vec<u32> = self
            .captured
            .squares()
            .map(|bit| <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT))
            .collect();
        squares.sort_unstable();
        squares
    }
}

/// The default options of variant `R`.
fn default_options<R: Rules>() -> Options {
    Options::new(default_cap::<R>(), R::DRAWS.repetitions)
}

/// The default ply cap: twelve plies per square of the board (384 on 8x8, 600 on 10x10),
/// far beyond real games, which the draw rules end long before.
const fn default_cap<R: Rules>() -> u32 {
    <R::Board as Geometry>::SQUARES * 12
}

/// What [`Game::undo`] needs that the move and the [`History`] do not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Undo<B> {
    captured_kings: B,
    captured_parachutists: B,
    material_plies: u16,
    capture_plies: u16,
}

/// A position of a draughts variant, with the history its draw rules need.
pub struct Draughts<R: Rules> {
    /// Pieces by colour (White, Black).
    pieces: [BitsOf<R>; 2],
    kings: BitsOf<R>,
    parachutists: BitsOf<R>,
    /// Crowning squares by colour.
    crown: [BitsOf<R>; 2],
    side: Colour,
    hash: u64,
    /// Plies played from the start or the parsed position.
    ply: u32,
    /// Plies since a capture or a crowning (the endgame rules' counter).
    material_plies: u16,
    /// Plies since a capture (the counter of the option `no_capture`).
    capture_plies: u16,
    /// The plies played; its counter is the plies since a capture or a man's move.
    history: History<Undo<BitsOf<R>>>,
    options: Options,
}

impl<R: Rules> Clone for Draughts<R> {
    fn clone(&self) -> Self {
        self.with_history(self.history.clone())
    }

    /// Keeps this position's history buffer: a loop that starts every game from a copy
    /// of one position allocates nothing after the first game.
    fn clone_from(&mut self, source: &Self) {
        let mut history = std::mem::take(&mut self.history);
        history.clone_from(&source.history);
        *self = source.with_history(history);
    }
}

impl<R: Rules> Draughts<R> {
    /// An empty board with `side` to move and default options.
    fn empty_board(side: Colour) -> Draughts<R> {
        let mut position = Draughts {
            pieces: [BitsOf::<R>::EMPTY; 2],
            kings: BitsOf::<R>::EMPTY,
            parachutists: BitsOf::<R>::EMPTY,
            crown: [
                crowning_squares::<R>(Colour::White),
                crowning_squares::<R>(Colour::Black),
            ],
            side,
            hash: 0,
            ply: 0,
            material_plies: 0,
            capture_plies: 0,
            history: History::new(),
            options: default_options::<R>(),
        };
        position.hash = position.compute_hash();
        position
    }

    /// This position with `history` as its history.
    fn with_history(&self, history: History<Undo<BitsOf<R>>>) -> Draughts<R> {
        Draughts {
            pieces: self.pieces,
            kings: self.kings,
            parachutists: self.parachutists,
            crown: self.crown,
            side: self.side,
            hash: self.hash,
            ply: self.ply,
            material_plies: self.material_plies,
            capture_plies: self.capture_plies,
            history,
            options: self.options,
        }
    }

    /// The start position of the variant.
    pub fn start() -> Draughts<R> {
        notation::parse_fen::<R>(R::START).expect("every variant's start position parses")
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The seat of `colour`: the side that moves first in the variant is seat A.
    pub fn seat_of(colour: Colour) -> Seat {
        colour.seat(R::FIRST)
    }

    /// The colour of `seat`.
    pub fn colour_of(seat: Seat) -> Colour {
        Colour::in_seat(seat, R::FIRST)
    }

    /// Men, kings and parachutists of `colour`, as counts.
    pub fn material(&self, colour: Colour) -> (u32, u32, u32) {
        let own = self.pieces[colour.index()];
        (
            self.men(colour).count(),
            (own & self.kings).count(),
            (own & self.parachutists).count(),
        )
    }

    /// The piece on PDN square `number`: its colour and whether it is a king.
    pub fn piece_on(&self, number: u32) -> Option<(Colour, bool)> {
        let bit = <R::Board as Geometry>::number_to_bit(number, R::A1_LIGHT)? as i32;
        let colour = [Colour::White, Colour::Black]
            .into_iter()
            .find(|c| self.pieces[c.index()].has(bit))?;
        Some((colour, self.kings.has(bit)))
    }

    /// How many ranks a man of `colour` on PDN square `number` has advanced from its own
    /// back rank (0 to size - 1).
    pub fn advancement(colour: Colour, number: u32) -> u32 {
        let bit = <R::Board as Geometry>::number_to_bit(number, R::A1_LIGHT).unwrap_or(0);
        let (rank, _) = <R::Board as Geometry>::coordinates(bit);
        if colour == Colour::White || R::ONE_WAY {
            rank
        } else {
            <R::Board as Geometry>::SIZE - 1 - rank
        }
    }

    /// The PDN squares of the pieces of `colour`, with whether each is a king.
    pub fn pieces_of(&self, colour: Colour) -> Vec<(u32, bool)> {
        let mut squares: Vec<(u32, bool)> = self.pieces[colour.index()]
            .squares()
            .map(|bit| {
                (
                    <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT),
                    self.kings.has(bit as i32),
                )
            })
            .collect();
        squares.sort_unstable();
        squares
    }

    /// Plies since a capture or a man's move (the draw counter).
    pub fn quiet_plies(&self) -> u32 {
        self.history.quiet_plies() as u32
    }

    /// Under the option `no_capture`: its limit, and the plies played since the last
    /// capture. `None` where the option is not set.
    pub fn no_capture_count(&self) -> Option<(u32, u32)> {
        (self.options.no_capture > 0)
            .then_some((self.options.no_capture as u32, self.capture_plies as u32))
    }

    /// Whether the present position occurred before since the last ply that cannot be
    /// played back, in a game whose rules draw by repetition: a side that let it recur
    /// once can let it recur again, so a search may score it as the draw it can become.
    pub fn repeated(&self) -> bool {
        self.options.draw_rules && self.options.repetitions > 0 && self.history.repeats() > 1
    }

    /// The move as PDN writes it in a game record: `11-15`, or the full path of a
    /// capture of pieces that jump short, or `from x to` for flying kings when no other
    /// legal move shares both squares.
    pub fn pdn_move(&self, mv: DraughtsMove<R>) -> String {
        notation::pdn_move(self, mv)
    }

    /// Whether the side to move has no move at all.
    fn is_stuck(&self) -> bool {
        !self.has_quiet() && !self.has_capture()
    }

    /// The draw that the counters or the repetition call, if any.
    fn draw_reason(&self) -> Option<EndReason> {
        if !self.options.draw_rules {
            return None;
        }
        let counters = crate::endings::draw_by_counters(
            self.options.repetitions,
            self.history.repeats(),
            R::DRAWS.quiet_plies,
            self.history.quiet_plies(),
        );
        if counters.is_some() {
            return counters;
        }
        if self.options.no_capture > 0 && self.capture_plies >= self.options.no_capture {
            return Some(EndReason::DrawRule);
        }
        if let Some(limit) = self.endgame_limit() {
            if self.material_plies >= limit {
                return Some(EndReason::DrawRule);
            }
        }
        None
    }

    /// The plies the endgame rule allows in the current material, if it applies.
    fn endgame_limit(&self) -> Option<u16> {
        if R::DRAWS.endgame == EndgameRule::None {
            return None;
        }
        let counts = [self.pieces[0].count(), self.pieces[1].count()];
        let kings = [
            (self.pieces[0] & self.kings).count(),
            (self.pieces[1] & self.kings).count(),
        ];
        // The weak side has one piece, a king; the strong side is the other.
        let strong = (0..2).find(|&side| {
            let weak = 1 - side;
            counts[weak] == 1 && kings[weak] == 1 && kings[side] >= 1
        })?;
        match R::DRAWS.endgame {
            EndgameRule::Fmjd if counts[strong] == 3 => Some(32),
            EndgameRule::Fmjd64 if kings[strong] >= 3 => Some(30),
            EndgameRule::Fmjd | EndgameRule::Fmjd64 if counts[strong] <= 2 => Some(10),
            _ => None,
        }
    }

    /// Puts a piece on `bit` (which must be empty), keeping the hash.
    fn place(&mut self, colour: Colour, kind: Kind, bit: u32) {
        let set = BitsOf::<R>::bit(bit);
        self.pieces[colour.index()] |= set;
        match kind {
            Kind::Man => {}
            Kind::King => self.kings |= set,
            Kind::Parachutist => self.parachutists |= set,
        }
        self.hash ^= piece_key(kind, colour, bit);
    }

    fn kind_at(&self, bit: u32) -> Kind {
        if self.kings.has(bit as i32) {
            Kind::King
        } else if self.parachutists.has(bit as i32) {
            Kind::Parachutist
        } else {
            Kind::Man
        }
    }
}

/// The rule options of `options` over the variant's defaults.
fn read_options<R: Rules>(options: &GameOptions) -> Result<Options, GameError> {
    parse_options(
        R::NAME,
        DARK_SQUARE_KEYS,
        options.iter(),
        default_options::<R>(),
    )
}

impl<R: Rules> Game for Draughts<R> {
    type Move = DraughtsMove<R>;

    const NAME: &'static str = R::NAME;

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: default_cap::<R>(),
        option_keys: DARK_SQUARE_KEYS.keys,
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

    #[inline]
    fn pick_move(
        &self,
        scratch: &mut Vec<Self::Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Self::Move> {
        self.generate_captures(scratch);
        if !scratch.is_empty() {
            return Some(scratch[pick(scratch.len())]);
        }
        let count = self.count_quiet();
        if count == 0 {
            return None;
        }
        Some(self.nth_quiet(pick(count) as u32))
    }

    fn random_playout(
        &mut self,
        max_plies: u32,
        scratch: &mut Vec<Self::Move>,
        line: &mut Vec<Self::Move>,
        pick: impl FnMut(usize) -> usize,
    ) -> Option<Outcome> {
        self.fused_random_playout(max_plies, scratch, line, pick)
    }

    fn count_moves_if_ongoing(&self, scratch: &mut Vec<Self::Move>) -> usize {
        if self.draw_reason().is_some() || self.ply >= self.options.cap {
            return 0;
        }
        self.count_moves(scratch)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Self::Move) {
        let colour = self.side;
        let enemy = colour.other();
        self.history.push(
            self.hash,
            Undo {
                captured_kings: mv.captured & self.kings,
                captured_parachutists: mv.captured & self.parachutists,
                material_plies: self.material_plies,
                capture_plies: self.capture_plies,
            },
        );
        let (from, to) = (mv.from as u32, mv.to as u32);
        let moving = if mv.flags & KING != 0 {
            Kind::King
        } else if mv.flags & PARACHUTIST != 0 {
            Kind::Parachutist
        } else {
            Kind::Man
        };
        let from_set = BitsOf::<R>::bit(from);
        let to_set = BitsOf::<R>::bit(to);
        self.hash ^= piece_key(moving, colour, from);
        self.pieces[colour.index()] = (self.pieces[colour.index()] & !from_set) | to_set;
        self.kings &= !from_set;
        self.parachutists &= !from_set;
        let landed = if moving == Kind::King || mv.flags & PROMOTES != 0 {
            self.kings |= to_set;
            Kind::King
        } else {
            Kind::Man
        };
        self.hash ^= piece_key(landed, colour, to);
        if !mv.captured.is_empty() {
            for bit in mv.captured.squares() {
                self.hash ^= piece_key(self.kind_at(bit), enemy, bit);
            }
            self.pieces[enemy.index()] &= !mv.captured;
            self.kings &= !mv.captured;
            self.parachutists &= !mv.captured;
        }
        self.side = enemy;
        self.hash ^= BLACK_TO_MOVE_KEY;
        self.ply += 1;
        let captures = !mv.captured.is_empty();
        // Only a king's move without a capture can be played back.
        self.history
            .played(self.hash, !captures && moving == Kind::King);
        if captures || mv.flags & PROMOTES != 0 {
            self.material_plies = 0;
        } else {
            self.material_plies = self.material_plies.saturating_add(1);
        }
        self.capture_plies = if captures {
            0
        } else {
            self.capture_plies.saturating_add(1)
        };
    }

    fn undo(&mut self, mv: Self::Move) {
        let (hash, undo) = self.history.pop();
        let enemy = self.side;
        let colour = enemy.other();
        let (from, to) = (mv.from as u32, mv.to as u32);
        let from_set = BitsOf::<R>::bit(from);
        let to_set = BitsOf::<R>::bit(to);
        self.pieces[colour.index()] = (self.pieces[colour.index()] & !to_set) | from_set;
        self.kings &= !to_set;
        if mv.flags & KING != 0 {
            self.kings |= from_set;
        } else if mv.flags & PARACHUTIST != 0 {
            self.parachutists |= from_set;
        }
        self.pieces[enemy.index()] |= mv.captured;
        self.kings |= undo.captured_kings;
        self.parachutists |= undo.captured_parachutists;
        self.side = colour;
        self.hash = hash;
        self.ply -= 1;
        self.material_plies = undo.material_plies;
        self.capture_plies = undo.capture_plies;
    }

    fn status(&self) -> Status {
        let stuck_winner = self.is_stuck().then(|| {
            let stuck = Self::seat_of(self.side);
            if R::STUCK_SIDE_WINS {
                stuck
            } else {
                stuck.next(2)
            }
        });
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
            for bit in self.pieces[colour.index()].squares() {
                hash ^= piece_key(self.kind_at(bit), colour, bit);
            }
        }
        hash
    }

    /// Draughts ranks no one by progress: a game stopped early is a draw.
    fn progress(&self, _seat: Seat) -> i32 {
        0
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position::<R>(text)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError> {
        notation::parse_move(self, text)
    }

    fn push_move_text(mv: Self::Move, out: &mut String) {
        notation::write_move(out, &mv);
    }

    fn render(&self) -> String {
        notation::render(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        notation::colour_name(Self::colour_of(seat)).to_string()
    }

    fn seat_story(&self, seat: Seat) -> String {
        let colour = Self::colour_of(seat);
        // The drawing puts White at the bottom; men move towards the far side, and in
        // One-way checkers both sides' men move up.
        let way = if colour == Colour::White || R::ONE_WAY {
            "up"
        } else {
            "down"
        };
        let (man, king, parachutist) = match colour {
            Colour::White => ('w', 'W', 'p'),
            Colour::Black => ('b', 'B', 'q'),
        };
        let parachutists = if R::START.contains('P') {
            format!(", {parachutist} parachutists")
        } else {
            String::new()
        };
        format!("the {man} men{parachutists} and {king} kings, men moving {way} the board")
    }

    fn perft_position(&self) -> Self {
        let mut position = self.clone();
        position.options.draw_rules = false;
        position.options.cap = u32::MAX;
        position
    }
}

impl<R: Rules> fmt::Debug for Draughts<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<R: Rules> Draughts<R> {
    /// The counts of [`SideFeatures`] for `colour`, by shifts and counts only.
    pub fn features(&self, colour: Colour) -> SideFeatures {
        let size = <R::Board as Geometry>::SIZE;
        let own = self.pieces[colour.index()];
        let men = self.men(colour);
        let kings = own & self.kings;
        let empty = self.empty();
        let mut advancement = 0;
        for rank in 0..size {
            let advanced = if colour == Colour::White || R::ONE_WAY {
                rank
            } else {
                size - 1 - rank
            };
            advancement += (men & <R::Board as Geometry>::rank(rank)).count() * advanced;
        }
        let back = if colour == Colour::White || R::ONE_WAY {
            0
        } else {
            size - 1
        };
        let mut mobility = 0;
        for step in movegen::men_forward::<R>(colour) {
            mobility += (men.shifted(step) & empty).count();
        }
        for step in <R::Board as Geometry>::DIRECTIONS {
            mobility += (kings.shifted(step) & empty).count();
        }
        SideFeatures {
            men: men.count(),
            kings: kings.count(),
            parachutists: (own & self.parachutists).count(),
            advancement,
            back_rank: (men & <R::Board as Geometry>::rank(back)).count(),
            mobility,
        }
    }

    /// The men (parachutists included) and the kings of `colour` as bit sets, in the
    /// layout of [`board`], for an evaluation's shift-and-count terms.
    pub fn men_and_kings(&self, colour: Colour) -> (BitsOf<R>, BitsOf<R>) {
        let own = self.pieces[colour.index()];
        (own & !self.kings, own & self.kings)
    }

    /// The crowning squares of `colour`'s men.
    pub fn crown(&self, colour: Colour) -> BitsOf<R> {
        self.crown[colour.index()]
    }

    /// Whether kings fly in this variant.
    pub fn flying_kings() -> bool {
        R::KINGS != rules::KingRange::Short
    }

    /// Whether the side that cannot move wins (Suicide checkers).
    pub fn stuck_side_wins() -> bool {
        R::STUCK_SIDE_WINS
    }

    /// The board's size (8, 10 or 12).
    pub fn board_size() -> u32 {
        <R::Board as Geometry>::SIZE
    }
}
