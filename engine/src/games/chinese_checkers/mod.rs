//! Chinese checkers (跳棋) for 2, 3, 4 or 6 players on the 121-hole star: steps and hop
//! chains over pieces of any colour, the equidistant jump as an option, win rule A
//! (every goal hole filled, at least one by the mover), and play on for places. The rules
//! are the project's rules file for the game; this module follows its binding choices.
//!
//! # Options
//! Every option is a `key=value` of [`GameOptions`]; the flags are `true` or `false`, off
//! by default.
//!
//! | key | values | rule |
//! |---|---|---|
//! | `players` | 1, 2, 3, 4, 6 | seating as in the rules file (19.2), turn order round the star; 1: the solitaire crossing from the top point, over when it fills the bottom one |
//! | `pieces` | 10, 15 | 15: camps of side 5 (2 or 3 players only) |
//! | `board` | `star`, `diamond` | the 81-hole diamond (R3, two players only) |
//! | `super_jumps` | flag | equidistant jumps |
//! | `no_camp_entry` | flag | R2: no stopping in another point's camp (hopping through is fine) |
//! | `pass` | flag | a player may pass on any turn |
//! | `deadline` | flag | QQ rule E: after its 20th, 25th and 30th turn a seat needs 5, 8 and 10 pieces out of its home |
//! | `repetition` | flag | a piece that has gone back three times to where it stood two of its moves earlier may not again |
//! | `deadlock` | flag | ten rounds without a new low of the whole board's distance end the game by progress |
//! | `teams` | flag | 2v2 (4 players) or 3v3 (6): A, C, E against B, D, F |
//!
//! How the rules file's words are read:
//!
//! - **deadline**: a seat's turns count its own moves and passes; after its 20th, 25th
//!   and 30th turn the pieces not standing in its home (a piece that went back in does
//!   not count) must number at least 5, 8 and 10 (8, 12 and 15 with 15 pieces: half,
//!   four fifths and all). The turn counts only change on the seat's own turns, so this
//!   is the same as checking at the end of the round. A seat that fails loses: with two
//!   players the other wins; with more it is out, placed last among the seats still
//!   playing (a later one to go out takes the place above), and is skipped from then on;
//!   the game ends when one seat is left. A seat that fills its goal on that very turn
//!   has finished and is not checked. With teams the seat's team loses.
//! - **repetition**: per piece. A piece moved from `x` to `y` remembers `x`; when its next
//!   move takes it back to `x` (where it stood two of its own moves earlier, the A-B-A
//!   pattern) it counts a repetition. The count stays with the piece; once it is 3 the
//!   move back to the hole it stood on before its last move is not generated. Other
//!   pieces' moves and passes in between do not matter.
//! - **deadlock**: the board's distance is the rows every piece on the board still has
//!   to travel to its goal's tip. Net progress is a new lowest distance; when ten rounds
//!   (10 × the seats still playing, in plies) pass without one the game ends, reason
//!   [`EndReason::Stuck`], seats ranked by [`Game::progress`] with equal progress
//!   sharing a place. The rules file's 0.75 to the leader and 0.25 to the trailer is this
//!   ranking: the leader is placed ahead (the arena's score counts places), equal
//!   progress is a shared place.
//! - **teams**: the rules file leaves the seating open; partners are the seats that
//!   alternate in turn order, which with 4 players are also the opposite points (X+ and
//!   X−, Y− and Y+), and with 6 are every other point. A team wins when, after a
//!   member's move, that member has filled its goal (rule A) or the team's pieces in
//!   their goals number 15 (2v2) or 23 (3v3); there is no playing on for places. Every
//!   member of a team shares its place (equal places skip as in sport: 1, 3, 1, 3); at
//!   the ply cap or on a deadlock each member's progress is its team's total.
//!
//! # Notation
//! Holes are numbered row by row from the top, left to right, 1 to 121 (see
//! [`geometry`]). A move is `FROM-TO` (`8-18`), or `pass`.
//!
//! A position is the 17 rows of the star from the top, separated by `/`, one character a
//! hole: the seat letter of the piece on it (`A` to `F`) or `.`; then a space and the seat
//! to move; then, separated by spaces, the `key=value` rule options that differ from the
//! defaults, the plies played (`ply=N`) when not 0, and the seats that have filled their
//! goal with their places (`places=B1,C2`) when any have. The options' state follows
//! when it differs from what the rest implies:
//!
//! - `out=C4,B3`: seats out on the deadline with their places;
//! - `turns=20,21,20`: each seat's turns, when not what `ply` gives (seat A first);
//! - `history=HOLE:PREVIOUS:COUNT,...`: with repetition, for each piece that has moved,
//!   the hole it stood on before its last move and its repetitions;
//! - `record=LOW:PLY`: with deadlock, the board's lowest distance and the ply that reached
//!   it, when not the present distance and ply;
//! - `team_won=1` or `2`: with teams, the team that has won (1 is A, C, E).
//!
//! On the diamond board the holes off the board are written `.` and must be empty. The
//! two-player start:
//!
//! `A/AA/AAA/AAAA/........./ ... /BBBB/BBB/BB/B A` (rows of 1, 2, 3, 4, 13, ... holes).

pub mod geometry;
mod movegen;
mod notation;
mod rules;
pub mod solve;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::game::{EndReason, Game, GameError, GameInfo, GameOptions, Limits, ParseError, Status};
use crate::player::{Seat, MAX_PLAYERS};
use crate::zobrist;

use geometry::{Geometry, Holes, Point, HOLES, ROWS};
pub use movegen::{destinations, hop_landings, super_jump_landings};
pub use rules::{Layout, Options, OPTION_KEYS, PLIES_PER_PLAYER};
use rules::{DEADLINES, DEADLOCK_ROUNDS, MAX_REPETITIONS};

/// The hole-history entry of a piece that has not moved.
const NO_PREVIOUS: u8 = u8::MAX;

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

/// What [`Game::undo`] needs back under the options that keep history.
#[derive(Clone, Copy, Debug)]
struct Undo {
    hash: u64,
    /// The history entry of the hole the piece landed on, before the move.
    landing: (u8, u8),
    best: u16,
    since: u16,
    out: u8,
    eliminated: u8,
    team_won: u8,
}

/// A hash key from a number, for the state of the options.
const fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The hash key of the repetition history of the piece on `hole`.
#[inline]
fn history_key(hole: usize, (previous, count): (u8, u8)) -> u64 {
    if previous == NO_PREVIOUS {
        0
    } else {
        mix(0xC1C1_0000_0000 ^ (hole as u64) << 16 ^ (previous as u64) << 8 ^ count as u64)
    }
}

/// A Chinese checkers position: the pieces, the seat to move, the plies played, the
/// places of the seats that have finished or dropped out, and the state of the options.
#[derive(Clone, Debug)]
pub struct ChineseCheckers {
    /// Each seat's pieces.
    pieces: [Holes; MAX_PLAYERS],
    /// Every piece on the board.
    occupied: Holes,
    rules: Options,
    layout: &'static Layout,
    to_move: Seat,
    /// Plies played since the start.
    ply: u16,
    /// Each seat's place once it has filled its goal, else 0.
    places: [u8; MAX_PLAYERS],
    /// How many seats have filled their goal.
    finished: u8,
    /// Seats that missed the deadline (a bit per seat); they hold the last places.
    out: u8,
    /// How many seats missed the deadline.
    eliminated: u8,
    /// Turns each seat has played (passes included).
    turns: [u16; MAX_PLAYERS],
    /// With teams: 0 while playing, else 1 + the winning team.
    team_won: u8,
    /// With deadlock: the lowest distance of the whole board to the goals so far, and
    /// the ply at which it was reached.
    best: u16,
    since: u16,
    /// With repetition: for each hole, the hole its piece stood on before its last move
    /// ([`NO_PREVIOUS`] if none) and the piece's repetitions; empty when off.
    history: Vec<(u8, u8)>,
    /// What undo restores, one entry a move, when an option keeps history.
    undo_stack: Vec<Undo>,
    hash: u64,
}

impl ChineseCheckers {
    /// The start position under `rules`, first seat to move.
    pub fn start(rules: Options) -> ChineseCheckers {
        let layout = Layout::of(&rules);
        let mut pieces = [0; MAX_PLAYERS];
        pieces[..rules.players as usize].copy_from_slice(&layout.home[..rules.players as usize]);
        ChineseCheckers::from_parts(rules, pieces, Seat::A, 0, [0; MAX_PLAYERS])
    }

    fn from_parts(
        rules: Options,
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
            out: 0,
            eliminated: 0,
            turns: [0; MAX_PLAYERS],
            team_won: 0,
            best: 0,
            since: ply,
            history: if rules.repetition {
                vec![(NO_PREVIOUS, 0); HOLES]
            } else {
                Vec::new()
            },
            undo_stack: Vec::new(),
            hash: 0,
        };
        let players = rules.players as usize;
        for seat in 0..players {
            position.turns[seat] =
                (ply as usize / players + usize::from(seat < ply as usize % players)) as u16;
        }
        position.best = position.board_distance();
        position.hash = position.compute_hash();
        position
    }

    /// Whether an option keeps undo history.
    #[inline]
    fn keeps_history(&self) -> bool {
        let r = &self.rules;
        r.deadline || r.repetition || r.deadlock || r.teams
    }

    /// The rows every piece on the board still has to travel to its goal's tip.
    pub fn board_distance(&self) -> u16 {
        Seat::all(self.players())
            .map(|seat| self.distance_to_goal(seat))
            .sum::<i32>() as u16
    }

    /// The hash of the options' state other than the pieces' history.
    fn option_hash(&self) -> u64 {
        let mut hash = 0;
        if self.rules.deadline {
            for seat in 0..self.players() {
                let turns = self.turns[seat].min(DEADLINES[2].0 + 1);
                if turns != 0 {
                    hash ^= mix(0xDEAD_0000 ^ (seat as u64) << 8 ^ turns as u64);
                }
            }
            if self.out != 0 {
                hash ^= mix(0x0717_0000 ^ self.out as u64);
            }
        }
        if self.team_won != 0 {
            hash ^= mix(0x7EA0_0000 ^ self.team_won as u64);
        }
        if self.rules.deadlock {
            hash ^= mix(0xD1D1_0000_0000 ^ (self.best as u64) << 16 ^ self.stall() as u64);
        }
        hash
    }

    /// Plies since the whole board last reached a new low of its distance to the goals.
    pub fn stall(&self) -> u32 {
        (self.ply - self.since) as u32
    }

    /// The plies without a new low that end the game under the deadlock option: ten
    /// rounds of the seats still playing.
    fn deadlock_limit(&self) -> u32 {
        let playing = self.players() as u32 - self.finished as u32 - self.eliminated as u32;
        DEADLOCK_ROUNDS * playing
    }

    /// Whether the deadlock option has ended the game.
    #[inline]
    fn deadlocked(&self) -> bool {
        self.rules.deadlock && self.stall() >= self.deadlock_limit()
    }

    /// With teams, `seat`'s team: 0 for A, C, E and 1 for B, D, F.
    pub fn team(seat: Seat) -> usize {
        seat.index() % 2
    }

    /// The pieces in their goals of the members of `team`.
    pub fn team_pieces_in_goal(&self, team: usize) -> u32 {
        Seat::all(self.players())
            .filter(|seat| Self::team(*seat) == team)
            .map(|seat| self.pieces_in_goal(seat))
            .sum()
    }

    /// The team pieces in goals that win: 15 for 2v2, 23 for 3v3.
    fn team_target(&self) -> u32 {
        if self.rules.players == 4 {
            15
        } else {
            23
        }
    }

    /// With teams, the winning team once one has won.
    pub fn winning_team(&self) -> Option<usize> {
        (self.team_won != 0).then(|| self.team_won as usize - 1)
    }

    /// Whether `seat` missed the deadline and is out of the game.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out >> seat.index() & 1 == 1
    }

    /// Turns `seat` has played, passes included.
    pub fn turns(&self, seat: Seat) -> u32 {
        self.turns[seat.index()] as u32
    }

    /// With repetition, the hole (1-based) the piece on 1-based `hole` stood on before its
    /// last move, and how often it has gone back to where it stood two of its moves
    /// earlier; `None` for a piece that has not moved or without the option.
    pub fn piece_history(&self, hole: u32) -> Option<(u32, u8)> {
        let (previous, count) = *self.history.get(hole as usize - 1)?;
        (previous != NO_PREVIOUS).then_some((previous as u32 + 1, count))
    }

    /// The pieces of `seat` that have left its home.
    pub fn pieces_out_of_home(&self, seat: Seat) -> u32 {
        (self.pieces(seat) & !self.home(seat)).count_ones()
    }

    /// Whether `seat`, having just played its turn, misses a deadline.
    fn misses_deadline(&self, seat: Seat) -> bool {
        let turns = self.turns[seat.index()];
        DEADLINES.iter().any(|&(round, ten, fifteen)| {
            let needed = if self.rules.pieces == 15 {
                fifteen
            } else {
                ten
            };
            turns == round && self.pieces_out_of_home(seat) < needed
        })
    }

    /// The rule options.
    pub fn options(&self) -> Options {
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
        (place != 0 && !self.is_out(seat)).then_some(place)
    }

    /// `seat`'s place if it has missed the deadline (last among those then playing).
    pub fn out_place(&self, seat: Seat) -> Option<u8> {
        self.is_out(seat).then_some(self.places[seat.index()])
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
        let mut targets = destinations(self.layout.geometry, from, lifted, self.rules.super_jumps)
            & self.layout.allowed[seat];
        if self.rules.repetition {
            let (previous, count) = self.history[from];
            if previous != NO_PREVIOUS && count >= MAX_REPETITIONS {
                targets &= !(1 << previous);
            }
        }
        targets
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
        PLIES_PER_PLAYER * u32::from(self.rules.players)
    }

    /// The notation's character for 0-based hole `hole`.
    fn hole_char(&self, hole: usize) -> char {
        Seat::all(self.rules.players as usize)
            .find(|seat| self.pieces(*seat) >> hole & 1 == 1)
            .map_or('.', Seat::letter)
    }

    /// What a move looks like, for a parse error: the example is a legal move here, and
    /// `pass` is offered only where the rules allow it, so that no error suggests a move
    /// the rules then refuse.
    fn move_form(&self) -> String {
        let mut legal = Vec::new();
        self.generate_moves(&mut legal);
        let pass = ChineseCheckersMove::pass(self.to_move);
        let example = legal.iter().find(|mv| **mv != pass);
        let mut form = format!("FROM-TO with holes 1 to {HOLES}");
        if let Some(example) = example {
            form.push_str(&format!(" (e.g. \"{example}\")"));
        }
        if legal.contains(&pass) {
            form.push_str(", or \"pass\"");
        }
        form
    }

    /// Where on the board the holes `holes` lie, as the drawing shows it: the point of
    /// the star (`top`, `upper right`, ...) that holds most of them.
    fn point_name(&self, holes: Holes) -> &'static str {
        let geometry = self.geometry();
        let point = Point::ALL
            .into_iter()
            .max_by_key(|point| (geometry.triangle(*point, 5) & holes).count_ones())
            .unwrap_or(Point::ZMinus);
        match point {
            Point::ZMinus => "top",
            Point::XPlus => "upper right",
            Point::YMinus => "lower right",
            Point::ZPlus => "bottom",
            Point::XMinus => "lower left",
            Point::YPlus => "upper left",
        }
    }
}

impl ChineseCheckers {
    /// A seat's progress still playing: pieces in the goal (×256), less the rows to go.
    fn own_progress(&self, seat: Seat) -> i32 {
        self.pieces_in_goal(seat) as i32 * 256 - self.distance_to_goal(seat)
    }

    /// Whether the places are settled: a team has won, or one seat is left playing.
    #[inline]
    fn decided(&self) -> bool {
        // Alone (the solitaire crossing), the game lasts until the one seat finishes.
        self.team_won != 0
            || (self.finished + self.eliminated) as usize + 1 >= self.players().max(2)
    }

    /// [`Game::play_unchecked`] under the options that keep history.
    fn play_with_options(&mut self, mv: ChineseCheckersMove) {
        let seat = mv.seat as usize;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let repetition = self.rules.repetition && !mv.is_pass();
        self.undo_stack.push(Undo {
            hash: self.hash,
            landing: if repetition {
                self.history[to]
            } else {
                (NO_PREVIOUS, 0)
            },
            best: self.best,
            since: self.since,
            out: self.out,
            eliminated: self.eliminated,
            team_won: self.team_won,
        });
        let mut hash = self.hash ^ self.option_hash();
        if !mv.is_pass() {
            let bits: Holes = 1 << from | 1 << to;
            self.pieces[seat] ^= bits;
            self.occupied ^= bits;
            hash ^= piece_key(seat, from) ^ piece_key(seat, to);
        }
        if repetition {
            let (previous, count) = self.history[from];
            let back = previous as usize == to;
            let moved = (from as u8, (count + u8::from(back)).min(MAX_REPETITIONS));
            hash ^= history_key(from, self.history[from]) ^ history_key(to, moved);
            self.history[to] = moved;
        }
        self.ply += 1;
        self.turns[seat] += 1;
        let mover = mv.seat();
        let mut finished_now = false;
        if self.rules.teams {
            let team = Self::team(mover);
            if self.has_filled_goal(mover) || self.team_pieces_in_goal(team) >= self.team_target() {
                self.team_won = team as u8 + 1;
                finished_now = true;
            }
        } else if self.has_filled_goal(mover) {
            self.finished += 1;
            self.places[seat] = self.finished;
            finished_now = true;
        }
        if self.rules.deadline && !finished_now && self.misses_deadline(mover) {
            if self.rules.teams {
                self.team_won = (1 - Self::team(mover)) as u8 + 1;
            } else {
                self.places[seat] = self.rules.players - self.eliminated;
                self.out |= 1 << seat;
                self.eliminated += 1;
            }
        }
        if self.rules.deadlock {
            let total = self.board_distance();
            if total < self.best {
                self.best = total;
                self.since = self.ply;
            }
        }
        let next = self.next_playing(mover);
        hash ^= side_key(seat) ^ side_key(next.index());
        self.to_move = next;
        self.hash = hash ^ self.option_hash();
    }
}

impl Default for ChineseCheckers {
    fn default() -> Self {
        ChineseCheckers::start(Options::default())
    }
}

impl Game for ChineseCheckers {
    type Move = ChineseCheckersMove;

    const NAME: &'static str = "chinese-checkers";

    const INFO: GameInfo = GameInfo {
        players: &[2, 3, 4, 6, 1],
        default_ply_cap: 2 * PLIES_PER_PLAYER,
        option_keys: OPTION_KEYS,
        captures: false,
    };

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        options.expect_only(Self::NAME, OPTION_KEYS)?;
        Ok(ChineseCheckers::start(Options::from_pairs(options.iter())?))
    }

    fn limits(options: &GameOptions) -> Result<Limits, GameError> {
        options.expect_only(Self::NAME, OPTION_KEYS)?;
        let rules = Options::from_pairs(options.iter())?;
        Ok(Limits {
            players: rules.players as usize,
            ply_cap: PLIES_PER_PLAYER * u32::from(rules.players),
        })
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
    fn play_unchecked(&mut self, mv: ChineseCheckersMove) {
        if self.keeps_history() {
            self.play_with_options(mv);
            return;
        }
        let seat = mv.seat as usize;
        if !mv.is_pass() {
            let bits: Holes = 1 << mv.from | 1 << mv.to;
            self.pieces[seat] ^= bits;
            self.occupied ^= bits;
            self.hash ^= piece_key(seat, mv.from as usize) ^ piece_key(seat, mv.to as usize);
        }
        self.ply += 1;
        self.turns[seat] += 1;
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
        let saved = if self.keeps_history() {
            self.undo_stack.pop()
        } else {
            None
        };
        self.hash ^= side_key(self.to_move.index()) ^ side_key(seat);
        self.to_move = mv.seat();
        if self.places[seat] != 0 {
            self.places[seat] = 0;
            if self.out >> seat & 1 == 0 {
                self.finished -= 1;
            }
        }
        self.ply -= 1;
        self.turns[seat] -= 1;
        if !mv.is_pass() {
            let bits: Holes = 1 << mv.from | 1 << mv.to;
            self.pieces[seat] ^= bits;
            self.occupied ^= bits;
            self.hash ^= piece_key(seat, mv.from as usize) ^ piece_key(seat, mv.to as usize);
        }
        if let Some(saved) = saved {
            if self.rules.repetition && !mv.is_pass() {
                self.history[mv.to as usize] = saved.landing;
            }
            self.hash = saved.hash;
            self.best = saved.best;
            self.since = saved.since;
            self.out = saved.out;
            self.eliminated = saved.eliminated;
            self.team_won = saved.team_won;
        }
    }

    /// Over when one seat is left playing (places by finishing order, seats out on the
    /// deadline last; reason [`EndReason::Goal`]), when a team has won (its members
    /// first, the other team second; [`EndReason::Goal`]), on a deadlock (ranked by
    /// progress; [`EndReason::Stuck`]), or at the ply cap (the seats still playing ranked
    /// by progress between the finished and the out ones; [`EndReason::PlyCap`]).
    fn status(&self) -> Status {
        if self.decided() {
            Status::Over(self.outcome_by_progress(EndReason::Goal))
        } else if self.deadlocked() {
            Status::Over(self.outcome_by_progress(EndReason::Stuck))
        } else if self.ply as u32 >= self.cap() {
            Status::Over(self.outcome_by_progress(EndReason::PlyCap))
        } else {
            Status::Ongoing
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.decided() || self.deadlocked() || self.ply as u32 >= self.cap()
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
                let hole = bits.trailing_zeros() as usize;
                hash ^= piece_key(seat, hole);
                if self.rules.repetition {
                    hash ^= history_key(hole, self.history[hole]);
                }
                bits &= bits - 1;
            }
        }
        hash ^ self.option_hash()
    }

    /// A finished seat: 100,000 less its place; a seat out on the deadline: −100,000
    /// less its place. Otherwise pieces in the goal first (×256), then the rows still to
    /// travel, negated (at most 15 × 16 < 256). With teams every member has its team's
    /// progress: 100,000 for the winning team, else the sum of its members' own.
    fn progress(&self, seat: Seat) -> i32 {
        if self.rules.teams {
            let team = Self::team(seat);
            return match self.winning_team() {
                Some(winner) if winner == team => FINISHED_PROGRESS,
                Some(_) => -FINISHED_PROGRESS,
                None => Seat::all(self.players())
                    .filter(|member| Self::team(*member) == team)
                    .map(|member| self.own_progress(member))
                    .sum(),
            };
        }
        if let Some(place) = self.out_place(seat) {
            return -FINISHED_PROGRESS - place as i32;
        }
        match self.place(seat) {
            Some(place) => FINISHED_PROGRESS - place as i32,
            None => self.own_progress(seat),
        }
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn parse_move(&self, text: &str) -> Result<ChineseCheckersMove, ParseError> {
        let text_trimmed = text.trim();
        if text_trimmed == "pass" {
            return Ok(ChineseCheckersMove::pass(self.to_move));
        }
        let error = || ParseError::new("move", text, self.move_form());
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

    /// The board as it looks, every hole with its number after its piece (`A1`) or `.`
    /// (`.57`), so that a person can read off any move; then the seat to move.
    fn render(&self) -> String {
        let geometry = self.geometry();
        let on_board = |hole: &usize| geometry.board >> hole & 1 == 1;
        // Half a hole's width a step of the cube's columns: rows of the hexagon sit
        // between those above and below them.
        let column = |hole: usize| {
            let cube = geometry.cube[hole];
            (2 * cube.x + cube.z) as i32 * CELL_HALF_WIDTH
        };
        let left = (0..HOLES).filter(on_board).map(column).min().unwrap_or(0);
        let mut out = String::new();
        for row in 0..ROWS {
            let start = geometry.row_start[row] as usize;
            let end = geometry.row_start[row + 1] as usize;
            let mut line = String::new();
            for hole in (start..end).filter(on_board) {
                let at = (column(hole) - left) as usize;
                while line.len() < at {
                    line.push(' ');
                }
                line.push(self.hole_char(hole));
                line.push_str(&(hole + 1).to_string());
            }
            if !line.is_empty() {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push_str("(each hole: its piece, or . when empty, then its number)\n");
        out.push_str(&format!("{} to move, ply {}", self.to_move, self.ply));
        out
    }

    fn seat_story(&self, seat: Seat) -> String {
        let home = self.home(seat);
        let goal = self.goal(seat);
        format!(
            "the {seat} pieces, from the {} point (holes {}) to fill the {} point (holes {})",
            self.point_name(home),
            hole_ranges(home),
            self.point_name(goal),
            hole_ranges(goal)
        )
    }
}

/// Half the width of a hole's cell in [`Game::render`]'s drawing: room for a piece and a
/// three-digit number, and a space.
const CELL_HALF_WIDTH: i32 = 3;

/// `holes` as runs of hole numbers: `1-10`, or `11-14, 24-26, 36, 37, 47`.
fn hole_ranges(holes: Holes) -> String {
    let numbers: Vec<usize> = (0..HOLES).filter(|h| holes >> h & 1 == 1).collect();
    let mut runs: Vec<String> = Vec::new();
    let mut index = 0;
    while index < numbers.len() {
        let mut last = index;
        while last + 1 < numbers.len() && numbers[last + 1] == numbers[last] + 1 {
            last += 1;
        }
        let (first, end) = (numbers[index] + 1, numbers[last] + 1);
        runs.push(match end - first {
            0 => first.to_string(),
            1 => format!("{first}, {end}"),
            _ => format!("{first}-{end}"),
        });
        index = last + 1;
    }
    runs.join(", ")
}
