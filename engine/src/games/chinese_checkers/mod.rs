//! Chinese checkers (跳棋) for 2, 3, 4 or 6 players on the 121-hole star: steps and hop
//! chains over pieces of any colour, the equidistant jump as an option, win rule A
//! (every goal hole filled, at least one by the mover), and play on for places. The rules
//! are the project's rules file for the game; this module follows its binding choices.
//!
//! # Notation
//! Holes are numbered row by row from the top, left to right, 1 to 121 (see
//! [`geometry`]). A move is `FROM-TO` (`8-18`), or `pass`.
//!
//! A position is the 17 rows of the star from the top, separated by `/`, one character a
//! hole: the seat letter of the piece on it (`A` to `F`) or `.`; then a space and the seat
//! to move; then, separated by spaces, the `key=value` rule options that differ from the
//! defaults (`players`, `pieces`, `board`, `super_jumps`, `no_camp_entry`, `pass`), the
//! plies played (`ply=N`) when not 0, and the seats that have filled their goal with
//! their places (`places=B1,C2`) when any have. On the diamond board the holes off the
//! board are written `.` and must be empty. The two-player start:
//!
//! `A/AA/AAA/AAAA/........./ ... /BBBB/BBB/BB/B A` (rows of 1, 2, 3, 4, 13, ... holes).

pub mod geometry;
mod movegen;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::LazyLock;

use crate::game::{EndReason, Game, GameError, GameOptions, ParseError, Status};
use crate::player::{Seat, MAX_PLAYERS};
use crate::zobrist;

use geometry::{BoardShape, Geometry, Holes, Point, HOLES, ROWS};
pub use movegen::{destinations, hop_landings, super_jump_landings};

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

/// Options of the rules file that this engine does not play yet: accepted only when off.
const UNSUPPORTED_KEYS: &[&str] = &["deadline", "repetition", "deadlock", "teams"];

/// The progress of a seat that has filled its goal, less its place: above any progress of
/// a seat still playing.
const FINISHED_PROGRESS: i32 = 100_000;

/// Keys: one per (seat, hole), then one per seat to move.
const KEYS: [u64; MAX_PLAYERS * HOLES + MAX_PLAYERS] = zobrist::keys(0xC41E_5E00_0000_0007);

#[inline]
const fn piece_key(seat: usize, hole: usize) -> u64 {
    KEYS[seat * HOLES + hole]
}

#[inline]
const fn side_key(seat: usize) -> u64 {
    KEYS[MAX_PLAYERS * HOLES + seat]
}

/// The rule options of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How many players: 2, 3, 4 or 6.
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
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 2,
            pieces: 10,
            board: BoardShape::Star,
            super_jumps: false,
            no_camp_entry: false,
            pass: false,
        }
    }
}

impl Rules {
    /// The rules with these `key=value` options over the defaults.
    ///
    /// # Errors
    /// An unknown key, a bad value, an option not supported yet, or options that do not
    /// go together (the diamond board with more than two players; 15 pieces with 4 or 6
    /// players, whose camps would overlap).
    pub fn from_pairs<'a>(
        pairs: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<Rules, GameError> {
        let name = ChineseCheckers::NAME;
        let bad = |key: &str, value: &str, expected: &str| GameError::BadOption {
            game: name,
            key: key.into(),
            value: value.into(),
            expected: expected.into(),
        };
        let flag = |key: &str, value: &str| match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(key, value, "true or false")),
        };
        let mut rules = Rules::default();
        for (key, value) in pairs {
            match key {
                "players" => {
                    rules.players = match value {
                        "2" => 2,
                        "3" => 3,
                        "4" => 4,
                        "6" => 6,
                        _ => return Err(bad(key, value, "2, 3, 4 or 6")),
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
                _ if UNSUPPORTED_KEYS.contains(&key) => {
                    if flag(key, value)? {
                        return Err(bad(key, value, "false: this option is not supported yet"));
                    }
                }
                _ => {
                    return Err(GameError::UnknownOption {
                        game: name,
                        key: key.into(),
                        valid: OPTION_KEYS.join(", "),
                    })
                }
            }
        }
        if rules.board == BoardShape::Diamond && rules.players != 2 {
            return Err(bad(
                "board",
                "diamond",
                "star: the diamond board seats two players only",
            ));
        }
        if rules.pieces == 15 && rules.players > 3 {
            return Err(bad(
                "pieces",
                "15",
                "10: with 4 or 6 players the 15-hole camps overlap",
            ));
        }
        Ok(rules)
    }

    /// The options that differ from the defaults, as `key=value` pairs.
    fn non_default_pairs(&self) -> Vec<(&'static str, String)> {
        let default = Rules::default();
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
    geometry: &'static Geometry,
    /// Each seat's start holes.
    home: [Holes; MAX_PLAYERS],
    /// Each seat's goal holes (the home triangle of the point opposite).
    goal: [Holes; MAX_PLAYERS],
    /// Where each seat's pieces may end a move.
    allowed: [Holes; MAX_PLAYERS],
    /// For each seat and hole, the rows from the hole to the tip of the seat's goal.
    rows_to_goal: [[u8; HOLES]; MAX_PLAYERS],
    /// For each seat and hole, the steps from the hole to the tip of the seat's goal on
    /// an empty board: the rows, plus the sideways steps of a hole outside the 60°
    /// wedge that opens from the tip.
    steps_to_goal: [[u8; HOLES]; MAX_PLAYERS],
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({:?})", self.geometry)
    }
}

impl Layout {
    fn build(rules: &Rules) -> Layout {
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
    fn of(rules: &Rules) -> &'static Layout {
        static LAYOUTS: LazyLock<Vec<Layout>> = LazyLock::new(|| {
            let mut all = Vec::with_capacity(32);
            for players in [2, 3, 4, 6] {
                for pieces in [10, 15] {
                    for board in [BoardShape::Star, BoardShape::Diamond] {
                        for no_camp_entry in [false, true] {
                            all.push(Layout::build(&Rules {
                                players,
                                pieces,
                                board,
                                no_camp_entry,
                                ..Rules::default()
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
            _ => 3,
        };
        let index = players * 8
            + usize::from(rules.pieces == 15) * 4
            + usize::from(rules.board == BoardShape::Diamond) * 2
            + usize::from(rules.no_camp_entry);
        &LAYOUTS[index]
    }
}

/// A move: one piece from one hole to another (0-based holes; printed 1-based as
/// `8-18`), or a pass. It also names the seat that makes it, so that undo knows whose
/// turn to give back; [`Game::parse_move`] takes the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChineseCheckersMove {
    from: u8,
    to: u8,
    seat: u8,
}

/// The hole number of a pass's `from` and `to`.
const PASS_HOLE: u8 = u8::MAX;

impl ChineseCheckersMove {
    /// `seat`'s move from hole `from` to hole `to`, both 1-based as in the notation.
    ///
    /// # Panics
    /// When a hole is outside 1..=121.
    pub fn new(seat: Seat, from: u32, to: u32) -> ChineseCheckersMove {
        assert!((1..=HOLES as u32).contains(&from) && (1..=HOLES as u32).contains(&to));
        ChineseCheckersMove {
            from: (from - 1) as u8,
            to: (to - 1) as u8,
            seat: seat.index() as u8,
        }
    }

    /// `seat`'s pass.
    pub fn pass(seat: Seat) -> ChineseCheckersMove {
        ChineseCheckersMove {
            from: PASS_HOLE,
            to: PASS_HOLE,
            seat: seat.index() as u8,
        }
    }

    /// Whether the move is a pass.
    pub fn is_pass(self) -> bool {
        self.from == PASS_HOLE
    }

    /// The hole the piece leaves, 1-based (0 for a pass).
    pub fn from(self) -> u32 {
        if self.is_pass() {
            0
        } else {
            self.from as u32 + 1
        }
    }

    /// The hole the piece lands on, 1-based (0 for a pass).
    pub fn to(self) -> u32 {
        if self.is_pass() {
            0
        } else {
            self.to as u32 + 1
        }
    }

    /// The seat that makes the move.
    pub fn seat(self) -> Seat {
        Seat::new(self.seat as usize)
    }
}

impl fmt::Display for ChineseCheckersMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("pass")
        } else {
            write!(f, "{}-{}", self.from(), self.to())
        }
    }
}

/// A Chinese checkers position: the pieces, the seat to move, the plies played and the
/// places of the seats that have finished.
#[derive(Clone, Copy, Debug)]
pub struct ChineseCheckers {
    /// Each seat's pieces.
    pieces: [Holes; MAX_PLAYERS],
    /// Every piece on the board.
    occupied: Holes,
    rules: Rules,
    layout: &'static Layout,
    to_move: Seat,
    /// Plies played since the start.
    ply: u16,
    /// Each seat's place once it has filled its goal, else 0.
    places: [u8; MAX_PLAYERS],
    /// How many seats have filled their goal.
    finished: u8,
    hash: u64,
}

impl ChineseCheckers {
    /// The start position under `rules`, first seat to move.
    pub fn start(rules: Rules) -> ChineseCheckers {
        let layout = Layout::of(&rules);
        let mut pieces = [0; MAX_PLAYERS];
        pieces[..rules.players as usize].copy_from_slice(&layout.home[..rules.players as usize]);
        ChineseCheckers::from_parts(rules, pieces, Seat::A, 0, [0; MAX_PLAYERS])
    }

    fn from_parts(
        rules: Rules,
        pieces: [Holes; MAX_PLAYERS],
        to_move: Seat,
        ply: u16,
        places: [u8; MAX_PLAYERS],
    ) -> ChineseCheckers {
        let mut position = ChineseCheckers {
            pieces,
            occupied: pieces.iter().fold(0, |all, p| all | p),
            rules,
            layout: Layout::of(&rules),
            to_move,
            ply,
            places,
            finished: places.iter().filter(|p| **p != 0).count() as u8,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The rule options.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board's tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.layout.geometry
    }

    /// `seat`'s pieces.
    #[inline]
    pub fn pieces(&self, seat: Seat) -> Holes {
        self.pieces[seat.index()]
    }

    /// `seat`'s goal: the home holes of the point opposite its own.
    #[inline]
    pub fn goal(&self, seat: Seat) -> Holes {
        self.layout.goal[seat.index()]
    }

    /// `seat`'s home: the holes its pieces start on.
    #[inline]
    pub fn home(&self, seat: Seat) -> Holes {
        self.layout.home[seat.index()]
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// `seat`'s place if it has filled its goal (1 for the first to finish).
    pub fn place(&self, seat: Seat) -> Option<u8> {
        let place = self.places[seat.index()];
        (place != 0).then_some(place)
    }

    /// How many of `seat`'s pieces stand in its goal.
    pub fn pieces_in_goal(&self, seat: Seat) -> u32 {
        (self.pieces(seat) & self.goal(seat)).count_ones()
    }

    /// The rows `seat`'s pieces together still have to travel to the tip of its goal.
    pub fn distance_to_goal(&self, seat: Seat) -> i32 {
        let rows = &self.layout.rows_to_goal[seat.index()];
        let mut bits = self.pieces(seat);
        let mut total = 0;
        while bits != 0 {
            total += rows[bits.trailing_zeros() as usize] as i32;
            bits &= bits - 1;
        }
        total
    }

    /// The rows from 0-based hole `hole` to the tip of `seat`'s goal.
    #[inline]
    pub fn rows_to_goal(&self, seat: Seat, hole: usize) -> i32 {
        self.layout.rows_to_goal[seat.index()][hole] as i32
    }

    /// The steps from 0-based hole `hole` to the tip of `seat`'s goal on an empty board:
    /// the rows to the tip, more for a hole off to the side of the goal.
    #[inline]
    pub fn steps_to_goal(&self, seat: Seat, hole: usize) -> i32 {
        self.layout.steps_to_goal[seat.index()][hole] as i32
    }

    /// Rule A: every hole of `seat`'s goal occupied, at least one by `seat`.
    #[inline]
    pub fn has_filled_goal(&self, seat: Seat) -> bool {
        let goal = self.goal(seat);
        self.occupied & goal == goal && self.pieces(seat) & goal != 0
    }

    /// Where the piece on 0-based hole `from` may go.
    #[inline]
    fn piece_destinations(&self, seat: usize, from: usize) -> Holes {
        let lifted = self.occupied & !(1 << from);
        destinations(self.layout.geometry, from, lifted, self.rules.super_jumps)
            & self.layout.allowed[seat]
    }

    /// The seat after `seat` in turn order that has not finished.
    #[inline]
    fn next_playing(&self, seat: Seat) -> Seat {
        let players = self.rules.players as usize;
        let mut next = seat.next(players);
        for _ in 0..players {
            if self.places[next.index()] == 0 {
                return next;
            }
            next = next.next(players);
        }
        seat.next(players)
    }

    #[inline]
    fn cap(&self) -> u32 {
        PLIES_PER_PLAYER * self.rules.players as u32
    }

    /// The notation's character for 0-based hole `hole`.
    fn hole_char(&self, hole: usize) -> char {
        Seat::all(self.rules.players as usize)
            .find(|seat| self.pieces(*seat) >> hole & 1 == 1)
            .map_or('.', Seat::letter)
    }
}

impl Default for ChineseCheckers {
    fn default() -> Self {
        ChineseCheckers::start(Rules::default())
    }
}

impl Game for ChineseCheckers {
    type Move = ChineseCheckersMove;

    const NAME: &'static str = "chinese-checkers";

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        options.expect_only(Self::NAME, OPTION_KEYS)?;
        Ok(ChineseCheckers::start(Rules::from_pairs(options.iter())?))
    }

    fn players(&self) -> usize {
        self.rules.players as usize
    }

    /// 200 plies a player.
    fn ply_cap(&self) -> u32 {
        self.cap()
    }

    #[inline]
    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Every (from, to) of the seat to move, by origin then destination hole; a pass
    /// when the `pass` option is on, or when the seat has no other move.
    fn generate_moves(&self, moves: &mut Vec<ChineseCheckersMove>) {
        moves.clear();
        let seat = self.to_move.index();
        let mut own = self.pieces[seat];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let mut targets = self.piece_destinations(seat, from);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                moves.push(ChineseCheckersMove {
                    from: from as u8,
                    to,
                    seat: seat as u8,
                });
            }
        }
        if self.rules.pass || moves.is_empty() {
            moves.push(ChineseCheckersMove::pass(self.to_move));
        }
    }

    fn count_moves(&self, _scratch: &mut Vec<ChineseCheckersMove>) -> usize {
        let seat = self.to_move.index();
        let mut own = self.pieces[seat];
        let mut count = 0;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            count += self.piece_destinations(seat, from).count_ones() as usize;
        }
        if self.rules.pass || count == 0 {
            count += 1;
        }
        count
    }

    #[inline]
    fn play(&mut self, mv: ChineseCheckersMove) {
        let seat = mv.seat as usize;
        if !mv.is_pass() {
            let bits: Holes = 1 << mv.from | 1 << mv.to;
            self.pieces[seat] ^= bits;
            self.occupied ^= bits;
            self.hash ^= piece_key(seat, mv.from as usize) ^ piece_key(seat, mv.to as usize);
        }
        self.ply += 1;
        if self.has_filled_goal(mv.seat()) {
            self.finished += 1;
            self.places[seat] = self.finished;
        }
        let next = self.next_playing(mv.seat());
        self.hash ^= side_key(seat) ^ side_key(next.index());
        self.to_move = next;
    }

    #[inline]
    fn undo(&mut self, mv: ChineseCheckersMove) {
        let seat = mv.seat as usize;
        self.hash ^= side_key(self.to_move.index()) ^ side_key(seat);
        self.to_move = mv.seat();
        if self.places[seat] != 0 {
            self.places[seat] = 0;
            self.finished -= 1;
        }
        self.ply -= 1;
        if !mv.is_pass() {
            let bits: Holes = 1 << mv.from | 1 << mv.to;
            self.pieces[seat] ^= bits;
            self.occupied ^= bits;
            self.hash ^= piece_key(seat, mv.from as usize) ^ piece_key(seat, mv.to as usize);
        }
    }

    /// Over when one seat is left unfinished (places by finishing order, the last seat
    /// last; reason [`EndReason::Goal`]), or at the ply cap (the unfinished seats ranked
    /// by progress after the finished ones; reason [`EndReason::PlyCap`]).
    fn status(&self) -> Status {
        if self.finished as usize + 1 >= self.players() {
            Status::Over(self.outcome_by_progress(EndReason::Goal))
        } else if self.ply as u32 >= self.cap() {
            Status::Over(self.outcome_by_progress(EndReason::PlyCap))
        } else {
            Status::Ongoing
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.finished as usize + 1 >= self.players() || self.ply as u32 >= self.cap()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = side_key(self.to_move.index());
        for seat in 0..self.players() {
            let mut bits = self.pieces[seat];
            while bits != 0 {
                hash ^= piece_key(seat, bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        hash
    }

    /// A finished seat: 100,000 less its place. Otherwise pieces in the goal first
    /// (×256), then the rows still to travel, negated (at most 15 × 16 < 256).
    fn progress(&self, seat: Seat) -> i32 {
        match self.place(seat) {
            Some(place) => FINISHED_PROGRESS - place as i32,
            None => self.pieces_in_goal(seat) as i32 * 256 - self.distance_to_goal(seat),
        }
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        parse_position(text)
    }

    fn parse_move(&self, text: &str) -> Result<ChineseCheckersMove, ParseError> {
        let text_trimmed = text.trim();
        if text_trimmed == "pass" {
            return Ok(ChineseCheckersMove::pass(self.to_move));
        }
        let error = || {
            ParseError::new(
                "move",
                text,
                "FROM-TO with holes 1 to 121 (e.g. \"8-18\"), or \"pass\"",
            )
        };
        let (from, to) = text_trimmed.split_once('-').ok_or_else(error)?;
        let hole = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (1..=HOLES as u32).contains(n))
                .ok_or_else(error)
        };
        Ok(ChineseCheckersMove::new(
            self.to_move,
            hole(from)?,
            hole(to)?,
        ))
    }

    /// The star as it looks, a hole every other column, then the seat to move.
    fn render(&self) -> String {
        let geometry = self.geometry();
        let mut out = String::new();
        for row in 0..ROWS {
            let start = geometry.row_start[row] as usize;
            let end = geometry.row_start[row + 1] as usize;
            let mut line = String::new();
            for hole in start..end {
                let cube = geometry.cube[hole];
                let column = (2 * cube.x + cube.z + 12) as usize;
                while line.chars().count() < column {
                    line.push(' ');
                }
                let c = if geometry.board >> hole & 1 == 1 {
                    self.hole_char(hole)
                } else {
                    ' '
                };
                line.push(c);
            }
            out.push_str(format!("{:>3}  {}", start + 1, line).trim_end());
            out.push('\n');
        }
        out.push_str(&format!("{} to move, ply {}", self.to_move, self.ply));
        out
    }
}

impl fmt::Display for ChineseCheckers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geometry = self.geometry();
        for row in 0..ROWS {
            if row > 0 {
                f.write_str("/")?;
            }
            for hole in geometry.row_start[row]..geometry.row_start[row + 1] {
                write!(f, "{}", self.hole_char(hole as usize))?;
            }
        }
        write!(f, " {}", self.to_move)?;
        for (key, value) in self.rules.non_default_pairs() {
            write!(f, " {key}={value}")?;
        }
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        let mut finished: Vec<(u8, Seat)> = Seat::all(self.players())
            .filter_map(|seat| self.place(seat).map(|place| (place, seat)))
            .collect();
        finished.sort();
        for (index, (place, seat)) in finished.iter().enumerate() {
            let lead = if index == 0 { " places=" } else { "," };
            write!(f, "{lead}{seat}{place}")?;
        }
        Ok(())
    }
}

/// Reads a position in the notation of the module documentation.
fn parse_position(text: &str) -> Result<ChineseCheckers, ParseError> {
    const EXPECTED: &str = "17 rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 \
         holes ('A'-'F' or '.') separated by '/', a space, the seat to move, then optional \
         key=value options (players, pieces, board, super_jumps, no_camp_entry, pass, ply, places)";
    let error = |why: &str| ParseError::new("position", text, format!("{EXPECTED}; {why}"));
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| error("empty"))?;
    let side = fields.next().ok_or_else(|| error("no seat to move"))?;
    let mut option_pairs = Vec::new();
    let mut ply = 0u16;
    let mut places_text = None;
    for field in fields {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| error(&format!("{field:?} is not key=value")))?;
        match key {
            "ply" => ply = value.parse().map_err(|_| error("ply is not a number"))?,
            "places" => places_text = Some(value),
            _ => option_pairs.push((key, value)),
        }
    }
    let rules = Rules::from_pairs(option_pairs.into_iter()).map_err(|e| error(&e.to_string()))?;
    let players = rules.players as usize;
    let layout = Layout::of(&rules);
    let geometry = layout.geometry;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROWS {
        return Err(error("not 17 rows"));
    }
    let mut pieces = [0 as Holes; MAX_PLAYERS];
    for (row, cells) in rows.iter().enumerate() {
        let start = geometry.row_start[row] as usize;
        let length = geometry.row_start[row + 1] as usize - start;
        if cells.chars().count() != length {
            return Err(error(&format!("row {} has not {length} holes", row + 1)));
        }
        for (offset, c) in cells.chars().enumerate() {
            let hole = start + offset;
            if c == '.' {
                continue;
            }
            let seat = Seat::from_letter(c)
                .filter(|s| s.index() < players)
                .ok_or_else(|| error(&format!("{c:?} is not a seat of {players} players")))?;
            if geometry.board >> hole & 1 == 0 {
                return Err(error(&format!("hole {} is not on the board", hole + 1)));
            }
            pieces[seat.index()] |= 1 << hole;
        }
    }
    for seat in Seat::all(players) {
        if pieces[seat.index()].count_ones() > rules.pieces as u32 {
            return Err(error(&format!(
                "{seat} has more than {} pieces",
                rules.pieces
            )));
        }
    }
    let mut places = [0u8; MAX_PLAYERS];
    if let Some(list) = places_text {
        for entry in list.split(',') {
            let mut chars = entry.chars();
            let seat = chars
                .next()
                .and_then(Seat::from_letter)
                .filter(|s| s.index() < players)
                .ok_or_else(|| error("places are seat letters with places, as in B1,C2"))?;
            let place: u8 = chars
                .as_str()
                .parse()
                .map_err(|_| error("places are seat letters with places, as in B1,C2"))?;
            places[seat.index()] = place;
        }
        let mut given: Vec<u8> = places.iter().copied().filter(|p| *p != 0).collect();
        given.sort_unstable();
        if given.iter().enumerate().any(|(i, p)| *p as usize != i + 1) || given.len() >= players {
            return Err(error("places must run 1, 2, ... for fewer seats than play"));
        }
    }
    let to_move = match side.chars().next().and_then(Seat::from_letter) {
        Some(seat) if side.len() == 1 && seat.index() < players && places[seat.index()] == 0 => {
            seat
        }
        _ => return Err(error("the seat to move must be a seat still playing")),
    };
    Ok(ChineseCheckers::from_parts(
        rules, pieces, to_move, ply, places,
    ))
}
