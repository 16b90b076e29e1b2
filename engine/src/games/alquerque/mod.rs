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

#[cfg(test)]
mod tests;

use std::fmt;

use crate::bitboard::Bits;
use crate::game::{
    read_ply_cap, EndReason, Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status,
};
use crate::games::family::Colour;
use crate::games::grid;
use crate::player::Seat;
use crate::zobrist;

/// The board's width and height in points.
pub const SIZE: u32 = 5;
/// Every point.
pub const BOARD: u32 = (1 << 25) - 1;
/// The points with diagonal lines (file + rank even).
pub const STRONG: u32 = 0b10101_01010_10101_01010_10101;

const RANK_1: u32 = 0b11111;
const RANK_5: u32 = RANK_1 << 20;

/// The eight directions of the lines, as (file, rank) steps: north, north-east, east,
/// south-east, south, south-west, west, north-west.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const NORTH: usize = 0;
const NORTH_EAST: usize = 1;
const EAST: usize = 2;
const SOUTH_EAST: usize = 3;
const SOUTH: usize = 4;
const SOUTH_WEST: usize = 5;
const WEST: usize = 6;
const NORTH_WEST: usize = 7;

/// The directions a White pawn moves in (and makes the first jump of a capture in):
/// forward, diagonally forward, sideways.
const WHITE_MOVES: [usize; 5] = [NORTH, NORTH_EAST, EAST, WEST, NORTH_WEST];
/// Black's, towards rank 1.
const BLACK_MOVES: [usize; 5] = [SOUTH, SOUTH_EAST, EAST, WEST, SOUTH_WEST];

/// The point one step from each point along each line, or -1 where there is no line.
const LINE: [[i8; 8]; 25] = {
    let mut table = [[-1i8; 8]; 25];
    let mut point = 0;
    while point < 25 {
        let (file, rank) = ((point % 5) as i32, (point / 5) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (f, r) = (file + df, rank + dr);
            let diagonal = df != 0 && dr != 0;
            let on_board = f >= 0 && f < 5 && r >= 0 && r < 5;
            if on_board && (!diagonal || (file + rank) % 2 == 0) {
                table[point][d] = (f + 5 * r) as i8;
            }
            d += 1;
        }
        point += 1;
    }
    table
};

/// For each direction, the points with a line that way (`STEP_FROM`) and with a line two
/// points long that way (`JUMP_FROM`).
const STEP_FROM: [u32; 8] = line_masks(1);
const JUMP_FROM: [u32; 8] = line_masks(2);

const fn line_masks(length: usize) -> [u32; 8] {
    let mut masks = [0u32; 8];
    let mut d = 0;
    while d < 8 {
        let mut point = 0;
        while point < 25 {
            let mut at = point as i8;
            let mut k = 0;
            while k < length && at >= 0 {
                at = LINE[at as usize][d];
                k += 1;
            }
            if at >= 0 {
                masks[d] |= 1 << point;
            }
            point += 1;
        }
        d += 1;
    }
    masks
}

/// The change of point index for one step in direction `d`.
#[inline]
const fn delta(d: usize) -> i32 {
    DIRECTIONS[d].0 + 5 * DIRECTIONS[d].1
}

#[inline]
fn shift(set: u32, by: i32) -> u32 {
    if by >= 0 {
        set << by
    } else {
        set >> -by
    }
}

/// The directions `colour`'s pawns move in.
#[inline]
fn moving_directions(colour: Colour) -> &'static [usize; 5] {
    match colour {
        Colour::White => &WHITE_MOVES,
        Colour::Black => &BLACK_MOVES,
    }
}

/// The far row of `colour`, where its pawns stop moving.
#[inline]
fn last_row(colour: Colour) -> u32 {
    match colour {
        Colour::White => RANK_5,
        Colour::Black => RANK_1,
    }
}

/// How many ranks a pawn of `colour` on `point` has come from its own first rank.
pub fn advancement(colour: Colour, point: u32) -> u32 {
    match colour {
        Colour::White => point / 5,
        Colour::Black => 4 - point / 5,
    }
}

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

    /// The landing points of a capture in order, ending with [`AlquerqueMove::to`]: the
    /// first path found, in a fixed order of directions, that starts in one of the
    /// pawn's own directions and jumps each captured point once. Empty for a step.
    pub fn path(&self) -> Vec<u32> {
        let mut path = Vec::new();
        if self.captured != 0 {
            let first = moving_directions(self.colour());
            let found = self.extend_path(self.from as u32, self.captured, Some(first), &mut path)
                || self.extend_path(self.from as u32, self.captured, None, &mut path);
            if !found {
                path = vec![self.to as u32];
            }
        }
        path
    }

    fn extend_path(
        &self,
        at: u32,
        left: u32,
        first: Option<&[usize; 5]>,
        path: &mut Vec<u32>,
    ) -> bool {
        if left == 0 {
            return at == self.to as u32;
        }
        for (d, &over) in LINE[at as usize].iter().enumerate() {
            if first.is_some_and(|dirs| !dirs.contains(&d)) {
                continue;
            }
            if over < 0 || left >> over & 1 == 0 {
                continue;
            }
            let land = LINE[over as usize][d];
            if land < 0 {
                continue;
            }
            path.push(land as u32);
            if self.extend_path(land as u32, left & !(1 << over), None, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}

impl fmt::Display for AlquerqueMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid::point_name(SIZE, self.from as u32))?;
        if self.captured == 0 {
            return write!(f, "-{}", grid::point_name(SIZE, self.to as u32));
        }
        for point in self.path() {
            write!(f, "x{}", grid::point_name(SIZE, point))?;
        }
        Ok(())
    }
}

impl fmt::Debug for AlquerqueMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Rule options a position carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Options {
    /// Plies after which the game is a draw.
    cap: u32,
    /// The occurrence of a position that draws (0: never).
    repetitions: u8,
    /// Plies without progress that draw (0: never).
    no_progress: u16,
    /// Whether repetition and the no-progress rule end the game (perft turns them off).
    draw_rules: bool,
}

/// The default ply cap: twelve plies per point, far beyond real games, which the draw
/// rules end long before.
const DEFAULT_CAP: u32 = 300;

const DEFAULTS: Options = Options {
    cap: DEFAULT_CAP,
    repetitions: 3,
    no_progress: 50,
    draw_rules: true,
};

/// The option keys Alquerque takes.
const OPTION_KEYS: &[&str] = &["cap", "repetitions", "no_progress"];

/// What [`Game::undo`] needs that the move does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Undo {
    hash: u64,
    quiet_plies: u16,
    repeats: u8,
}

/// What one side has, in counts an evaluation can weigh.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Pawns on the board.
    pub pawns: u32,
    /// Ranks advanced, summed over the pawns.
    pub advancement: u32,
    /// Steps the side could make if it were to move and had no capture.
    pub mobility: u32,
    /// Pawns that could start a capture if the side were to move.
    pub attackers: u32,
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
    /// Plies since a capture or a forward step.
    quiet_plies: u16,
    /// How often the current position has occurred, counting this time.
    repeats: u8,
    history: Vec<Undo>,
    options: Options,
}

/// The start: White a1-e2, d3, e3; Black a4-e5, a3, b3.
const START_WHITE: u32 = 0b11111_11111 | (0b11000 << 10);
const START_BLACK: u32 = (0b11111_11111 << 15) | (0b00011 << 10);

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
            quiet_plies: 0,
            repeats: 1,
            history: Vec::with_capacity(64),
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
        self.quiet_plies as u32
    }

    /// The pawns of `colour` that can start a capture.
    fn attackers(&self, colour: Colour) -> u32 {
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let mut starts = 0;
        for &d in moving_directions(colour) {
            let by = delta(d);
            let landings = shift(shift(own & JUMP_FROM[d], by) & enemy, by) & empty;
            starts |= shift(landings, -2 * by);
        }
        starts
    }

    /// Calls `found(d, targets)` with the points `colour`'s pawns can step to in each of
    /// their directions; returns how many steps there are.
    #[inline]
    fn steps(&self, colour: Colour, mut found: impl FnMut(usize, u32)) -> u32 {
        let movers = self.pieces[colour.index()] & !last_row(colour);
        let empty = self.empty();
        let mut total = 0;
        for &d in moving_directions(colour) {
            let targets = shift(movers & STEP_FROM[d], delta(d)) & empty;
            if targets != 0 {
                total += targets.count_ones();
                found(d, targets);
            }
        }
        total
    }

    /// Adds every capture of the side to move to `moves`.
    fn generate_captures(&self, attackers: u32, moves: &mut Vec<AlquerqueMove>) {
        let colour = self.side;
        let enemy = self.pieces[colour.other().index()];
        for from in Bits(attackers as u64) {
            let empty = self.empty() | (1 << from);
            for &d in moving_directions(colour) {
                let over = LINE[from as usize][d];
                if over < 0 || enemy >> over & 1 == 0 {
                    continue;
                }
                let land = LINE[over as usize][d];
                if land < 0 || empty >> land & 1 == 0 {
                    continue;
                }
                let start = Capture {
                    colour,
                    from,
                    empty,
                };
                start.extend(land as u32, 1 << over, enemy & !(1 << over), moves);
            }
        }
    }

    /// The counts of [`SideFeatures`] for `colour`.
    pub fn features(&self, colour: Colour) -> SideFeatures {
        let own = self.pieces[colour.index()];
        let advancement = Bits(own as u64).map(|p| advancement(colour, p)).sum();
        SideFeatures {
            pawns: own.count_ones(),
            advancement,
            mobility: self.steps(colour, |_, _| {}),
            attackers: self.attackers(colour).count_ones(),
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
            self.repeats,
            self.options.no_progress,
            self.quiet_plies,
        )
    }
}

/// The search of one capture's continuations.
struct Capture {
    colour: Colour,
    from: u32,
    /// The points a jump may land on: those empty before the move, and the start.
    empty: u32,
}

impl Capture {
    /// Goes on from `at`, having taken `captured`, with `enemy` left to take: jumps
    /// again in every direction that can, or ends the move here.
    fn extend(&self, at: u32, captured: u32, enemy: u32, moves: &mut Vec<AlquerqueMove>) {
        let mut went_on = false;
        for (d, &over) in LINE[at as usize].iter().enumerate() {
            if over < 0 || enemy >> over & 1 == 0 {
                continue;
            }
            let land = LINE[over as usize][d];
            if land < 0 || self.empty >> land & 1 == 0 {
                continue;
            }
            went_on = true;
            self.extend(
                land as u32,
                captured | 1 << over,
                enemy & !(1 << over),
                moves,
            );
        }
        if !went_on {
            let mv = AlquerqueMove::new(self.colour, self.from, at, captured);
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
}

impl Game for Alquerque {
    type Move = AlquerqueMove;

    const NAME: &'static str = "alquerque";

    const INFO: GameInfo = GameInfo {
        players: &[2],
        default_ply_cap: DEFAULT_CAP,
        option_keys: OPTION_KEYS,
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
        self.history.push(Undo {
            hash: self.hash,
            quiet_plies: self.quiet_plies,
            repeats: self.repeats,
        });
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
        if mv.is_sideways() {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
            self.repeats =
                crate::endings::repeats(self.hash, self.quiet_plies, &self.history, |undo| {
                    undo.hash
                });
        } else {
            self.quiet_plies = 0;
            self.repeats = 1;
        }
    }

    fn undo(&mut self, mv: AlquerqueMove) {
        let undo = self.history.pop().expect("undo follows play");
        let enemy = self.side;
        let colour = enemy.other();
        let (from, to) = (mv.from as u32, mv.to as u32);
        self.pieces[colour.index()] ^= (1 << from) ^ (1 << to);
        self.pieces[enemy.index()] |= mv.captured;
        self.side = colour;
        self.hash = undo.hash;
        self.ply -= 1;
        self.quiet_plies = undo.quiet_plies;
        self.repeats = undo.repeats;
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

    fn perft_position(&self) -> Self {
        let mut position = self.clone();
        position.options.draw_rules = false;
        position.options.cap = u32::MAX;
        position
    }
}

impl fmt::Display for Alquerque {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        let pieces = [self.pieces[0] as u64, self.pieces[1] as u64];
        write!(f, "{} {side}", grid::write_rows(SIZE, SIZE, pieces))?;
        if self.options.cap != DEFAULTS.cap && self.options.cap != u32::MAX {
            write!(f, " cap={}", self.options.cap)?;
        }
        if self.options.repetitions != DEFAULTS.repetitions {
            write!(f, " repetitions={}", self.options.repetitions)?;
        }
        if self.options.no_progress != DEFAULTS.no_progress {
            write!(f, " no_progress={}", self.options.no_progress)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Alquerque {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads the rule options over the defaults.
fn parse_options<'a>(
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<Options, GameError> {
    let mut options = DEFAULTS;
    let bad = |key: &str, value: &str, expected: &str| {
        GameError::bad_option(Alquerque::NAME, key, value, expected)
    };
    for (key, value) in pairs {
        match key {
            "cap" => options.cap = read_ply_cap(Alquerque::NAME, key, value)?,
            "repetitions" => {
                options.repetitions = value
                    .parse()
                    .ok()
                    .filter(|n| *n == 0 || (2..=9).contains(n))
                    .ok_or_else(|| {
                        bad(key, value, "the occurrence that draws, 2 to 9 (0: never)")
                    })?;
            }
            "no_progress" => {
                options.no_progress = value
                    .parse()
                    .ok()
                    .ok_or_else(|| bad(key, value, "a number of plies (0: never)"))?;
            }
            _ => return Err(GameError::unknown_option(Alquerque::NAME, key, OPTION_KEYS)),
        }
    }
    Ok(options)
}

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "an Alquerque position such as \"bbbbb/bbbbb/bb.ww/wwwww/wwwww w\" \
     (rows from rank 5 down: w White, b Black, . or a digit empty; then w or b to move; then \
     options such as cap=100)";

fn parse_position(text: &str) -> Result<Alquerque, ParseError> {
    let error = |why: String| ParseError::new("position", text, format!("{POSITION_FORM}; {why}"));
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| error("it is empty".into()))?;
    let [white, black] = grid::parse_rows(SIZE, SIZE, board).map_err(error)?;
    let side = match words.next() {
        Some("w") => Colour::White,
        Some("b") => Colour::Black,
        other => {
            return Err(error(format!(
                "the side to move must be w or b, not {:?}",
                other.unwrap_or("")
            )))
        }
    };
    let mut pairs = Vec::new();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| error(format!("an option key=value, not {word:?}")))?;
        pairs.push((key, value));
    }
    let options = parse_options(pairs.into_iter()).map_err(|e| error(e.to_string()))?;
    Ok(Alquerque::from_pieces(
        white as u32,
        black as u32,
        side,
        options,
    ))
}

fn parse_move(side: Colour, text: &str) -> Result<AlquerqueMove, ParseError> {
    const FORM: &str = "a step \"b2-c3\" or a capture through its landing points \"b2xd4xb4\", \
         points a1 to e5, jumps along the lines";
    let error = || ParseError::new("move", text, FORM);
    let point = |name: &str| grid::parse_point(SIZE, SIZE, name).ok_or_else(error);
    let text = text.trim();
    if let Some((from, to)) = text.split_once('-') {
        return Ok(AlquerqueMove::new(side, point(from)?, point(to)?, 0));
    }
    let points = text
        .split('x')
        .map(point)
        .collect::<Result<Vec<u32>, _>>()?;
    if points.len() < 2 {
        return Err(error());
    }
    let mut captured = 0u32;
    for pair in points.windows(2) {
        let d = (0..8)
            .find(|&d| {
                let over = LINE[pair[0] as usize][d];
                over >= 0 && LINE[over as usize][d] == pair[1] as i8
            })
            .ok_or_else(error)?;
        let over = LINE[pair[0] as usize][d] as u32;
        if captured >> over & 1 == 1 {
            return Err(error());
        }
        captured |= 1 << over;
    }
    Ok(AlquerqueMove::new(
        side,
        points[0],
        *points.last().expect("two points or more"),
        captured,
    ))
}

/// The board with its lines, rank 5 at the top.
fn render(position: &Alquerque) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..SIZE {
            if file > 0 {
                out.push_str(" - ");
            }
            out.push(match position.piece_at(file + rank * SIZE) {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '.',
            });
        }
        out.push('\n');
        if rank > 0 {
            out.push_str("  ");
            for file in 0..SIZE {
                if file > 0 {
                    // The diagonal of the cell between files file-1, file and ranks
                    // rank-1, rank leaves its strong lower corner.
                    let rising = (file - 1 + rank - 1) % 2 == 0;
                    out.push_str(if rising { " / " } else { " \\ " });
                }
                out.push('|');
            }
            out.push('\n');
        }
    }
    out.push_str("  a   b   c   d   e\n");
    let side = match position.side {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    out.push_str(&format!("{side} to move\n"));
    out
}
