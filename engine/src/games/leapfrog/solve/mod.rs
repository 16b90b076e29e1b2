//! The full solve of Leapfrog Race: the game-theoretic value of every position reachable
//! from a root, with the distance to the end under perfect play, kept in a packed table
//! that answers probes, lists best moves, and saves to and loads from a checked file.
//!
//! Every move advances a piece, so the positions form a directed acyclic graph and one
//! depth-first pass settles them all: a position's children are settled before it is.
//! Distances follow the usual order: the winner takes the quickest win, the loser the
//! slowest loss. A draw (the rules allow one, though an exhaustive check of every
//! position finds none) takes the quickest drawing line.
//!
//! Positions are indexed by the combinatorial rank of [`index`], seen from the side to
//! move, so a position with B to move shares its entry with its mirror image with A to
//! move. The table holds one byte per rank: "not in the table", or a win or a loss with
//! its distance; an entry that does not fit a byte (a draw, or a distance over 126
//! plies) goes to a short list of exceptions.
//!
//! Other races (`leapfrog:spots=N,pieces=K`) solve the same way, as long as their ranks
//! fit [`MAX_RANKS`]; [`variants`] solves a whole family of them for `arena solve
//! leapfrog --variants`.

mod file;
pub mod index;
mod search;
#[cfg(test)]
mod tests;
pub mod variants;

use std::collections::BTreeMap;
use std::fmt;
use std::time::Instant;

use crate::game::Game;
use crate::games::leapfrog::{Leapfrog, LeapfrogMove, Shape};
use crate::player::Seat;
use index::Index;

pub(crate) use file::Fnv1a;
pub use file::{TableError, FORMAT_VERSION, MAGIC};

/// The most ranks a solve takes on: 300 million, about 375 MB of table and marks (a byte
/// and a quarter a rank). The largest races within it are 23 spots with 5 pieces
/// (288 million ranks) and 21 spots with 6 (272 million).
pub const MAX_RANKS: usize = 300_000_000;

/// The ranks of the race of `shape`, when a solve of it fits in memory.
///
/// # Errors
/// A sentence saying how many ranks the race has and the bound, when it has more than
/// [`MAX_RANKS`].
pub fn solvable(shape: Shape) -> Result<Index, String> {
    let index = Index::new(shape);
    if index.ranks() > MAX_RANKS {
        return Err(format!(
            "leapfrog:{shape} has {} ranks (one byte and a quarter each while solving), over \
             the bound of {MAX_RANKS}: choose fewer spots or pieces",
            index.ranks()
        ));
    }
    Ok(index)
}

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins with perfect play.
    Win,
    /// The side to move loses against perfect play.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The seat that wins with perfect play when `to_move` is to move, or `None` for a draw.
    pub fn winner(self, to_move: Seat) -> Option<Seat> {
        match self {
            Value::Win => Some(to_move),
            Value::Loss => Some(to_move.next(2)),
            Value::Draw => None,
        }
    }

    /// The winner as `arena solve` prints it: `A`, `B` or `draw`.
    pub fn winner_name(self, to_move: Seat) -> String {
        match self.winner(to_move) {
            Some(seat) => seat.to_string(),
            None => "draw".to_string(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// A settled position: its value for the side to move and the plies to the end under
/// perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The value for the side to move.
    pub value: Value,
    /// Plies to the end of the game under perfect play (0 for a finished game).
    pub distance: u32,
}

impl Entry {
    /// The entry of the parent position when a move leads here: the value flips and the
    /// move adds a ply.
    #[inline]
    pub fn before_move(self) -> Entry {
        Entry {
            value: self.value.flip(),
            distance: self.distance + 1,
        }
    }

    /// How much the side to move likes this entry: larger is better. Wins beat draws beat
    /// losses; a quicker win, a quicker draw and a slower loss are better.
    #[inline]
    pub fn preference(self) -> i64 {
        let distance = self.distance as i64;
        match self.value {
            Value::Win => (2 << 32) - distance,
            Value::Draw => (1 << 32) - distance,
            Value::Loss => distance,
        }
    }
}

/// Byte codes of the packed table.
///
/// `0`: not in the table. `1..=127`: a win in `code - 1` plies. `128..=254`: a loss in
/// `code - 128` plies. `255`: the entry is in the table's list of exceptions (a draw, or
/// a distance beyond 126 plies; neither happens in Leapfrog Race, whose longest perfect
/// game from any position is 114 plies, but the table stays exact if they do).
pub(crate) mod code {
    use super::{Entry, Value};

    /// Not in the table.
    pub const UNKNOWN: u8 = 0;
    /// See the exceptions.
    pub const EXCEPTION: u8 = 255;
    const WIN: u8 = 1;
    const LOSS: u8 = 128;
    /// The longest distance a byte code holds.
    pub const MAX_PACKED_DISTANCE: u32 = 126;

    /// The byte for `entry`, or [`EXCEPTION`] when it does not fit in one.
    #[inline]
    pub fn pack(entry: Entry) -> u8 {
        match entry.value {
            Value::Win if entry.distance <= MAX_PACKED_DISTANCE => WIN + entry.distance as u8,
            Value::Loss if entry.distance <= MAX_PACKED_DISTANCE => LOSS + entry.distance as u8,
            _ => EXCEPTION,
        }
    }

    /// The entry of a byte other than [`UNKNOWN`] and [`EXCEPTION`].
    #[inline]
    pub fn unpack(code: u8) -> Entry {
        debug_assert!(code != UNKNOWN && code != EXCEPTION);
        if code < LOSS {
            Entry {
                value: Value::Win,
                distance: (code - WIN) as u32,
            }
        } else {
            Entry {
                value: Value::Loss,
                distance: (code - LOSS) as u32,
            }
        }
    }
}

/// What a solve found, over the positions reachable from its root (finished ones
/// included; a position is its pieces and the side to move).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveReport {
    /// The position the solve started from.
    pub root: Leapfrog,
    /// The root's value and distance.
    pub root_entry: Entry,
    /// Distinct positions reachable from the root, the root and finished ones included.
    pub positions: u64,
    /// How many of them are finished games.
    pub finished: u64,
    /// Positions that A wins with perfect play.
    pub wins_a: u64,
    /// Positions that B wins with perfect play.
    pub wins_b: u64,
    /// Positions that neither side can win.
    pub draws: u64,
    /// Wall time spent producing the table in this process: the solve, or loading and
    /// checking the file.
    pub seconds: f64,
}

impl SolveReport {
    /// The winner from the root with perfect play, or `None` for a draw.
    pub fn root_winner(&self) -> Option<Seat> {
        self.root_entry.value.winner(self.root.to_move())
    }

    /// Whether the counts (everything but the time) agree.
    pub fn same_counts(&self, other: &SolveReport) -> bool {
        SolveReport {
            seconds: 0.0,
            ..*self
        } == SolveReport {
            seconds: 0.0,
            ..*other
        }
    }
}

/// The report lines of `arena solve`: `start:`, `positions:`, `wins_A:`, `wins_B:`,
/// `draws:` and `seconds:`, one per line.
impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "start: {}",
            self.root_entry.value.winner_name(self.root.to_move())
        )?;
        writeln!(f, "positions: {}", self.positions)?;
        writeln!(f, "wins_A: {}", self.wins_a)?;
        writeln!(f, "wins_B: {}", self.wins_b)?;
        writeln!(f, "draws: {}", self.draws)?;
        write!(f, "seconds: {:.3}", self.seconds)
    }
}

/// The solved values of every position reachable from a root, one byte per rank.
///
/// Immutable once built: share it between agents and threads behind an `Arc`.
#[derive(Clone)]
pub struct SolveTable {
    index: Index,
    codes: Vec<u8>,
    /// Entries whose byte is [`code::EXCEPTION`], by rank.
    exceptions: BTreeMap<u32, Entry>,
    report: SolveReport,
}

impl fmt::Debug for SolveTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveTable")
            .field("report", &self.report)
            .field("exceptions", &self.exceptions.len())
            .finish_non_exhaustive()
    }
}

impl SolveTable {
    /// Solves every position reachable from `root`. The table also answers for the mirror
    /// image of each of them (B to move instead of A, the board turned around), which has
    /// the same value: so the start with A to move also settles the start with B to move.
    ///
    /// # Panics
    /// When `root` does not have its pieces on distinct spots of the line, or its race
    /// is too large to solve ([`solvable`]).
    pub fn solve(root: &Leapfrog) -> SolveTable {
        let clock = Instant::now();
        let index = solvable(root.shape()).unwrap_or_else(|reason| panic!("{reason}"));
        let outcome = search::Search::run(root);
        let mut table = SolveTable {
            index,
            codes: outcome.codes,
            exceptions: outcome.exceptions,
            report: SolveReport {
                root: *root,
                root_entry: outcome.root_entry,
                positions: outcome.tally.positions,
                finished: outcome.tally.finished,
                wins_a: outcome.tally.wins[0],
                wins_b: outcome.tally.wins[1],
                draws: outcome.tally.draws,
                seconds: 0.0,
            },
        };
        table.report.seconds = clock.elapsed().as_secs_f64();
        table
    }

    /// Solves the game from the start with A to move (which also settles B-first games).
    pub fn solve_start() -> SolveTable {
        SolveTable::solve(&Leapfrog::start())
    }

    /// What the solve found.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// The position the table was solved from.
    pub fn root(&self) -> &Leapfrog {
        &self.report.root
    }

    /// The value and distance of `position`, or `None` when the table does not hold it:
    /// neither it nor its mirror image is reachable from the root, or it is not a position
    /// (a side without five pieces, or two pieces on one spot).
    pub fn entry(&self, position: &Leapfrog) -> Option<Entry> {
        self.entry_at(self.index.rank(position)?)
    }

    /// The value for the side to move of `position` and the plies to the end under
    /// perfect play; `None` as for [`SolveTable::entry`].
    pub fn probe(&self, position: &Leapfrog) -> Option<(Value, u32)> {
        self.entry(position)
            .map(|entry| (entry.value, entry.distance))
    }

    /// The entry with rank `rank`, if the table holds it.
    fn entry_at(&self, rank: usize) -> Option<Entry> {
        match *self.codes.get(rank)? {
            code::UNKNOWN => None,
            code::EXCEPTION => self.exceptions.get(&(rank as u32)).copied(),
            byte => Some(code::unpack(byte)),
        }
    }

    /// Every legal move of `position` with the entry it leads to, seen from the side to
    /// move here (value for the mover, distance counting the move), in move-generation
    /// order. Empty when the game is over or the table does not hold the position.
    pub fn rate_moves(&self, position: &Leapfrog) -> Vec<(LeapfrogMove, Entry)> {
        if position.is_over() || self.entry(position).is_none() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        moves
            .into_iter()
            .filter_map(|mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                self.entry(&child).map(|entry| (mv, entry.before_move()))
            })
            .collect()
    }

    /// The moves of `position` that keep its value and distance: the quickest wins, the
    /// slowest losses, or the quickest draws. Empty when the game is over or the table
    /// does not hold the position.
    pub fn best_moves(&self, position: &Leapfrog) -> Vec<LeapfrogMove> {
        let Some(entry) = self.entry(position) else {
            return Vec::new();
        };
        self.rate_moves(position)
            .into_iter()
            .filter(|(_, after)| *after == entry)
            .map(|(mv, _)| mv)
            .collect()
    }

    /// How many ranks hold an entry (a rank stands for a position and its mirror image).
    pub fn entries(&self) -> usize {
        self.codes.iter().filter(|c| **c != code::UNKNOWN).count()
    }

    /// The most plies to the end under perfect play over every position in the table.
    pub fn longest(&self) -> u32 {
        let packed = self
            .codes
            .iter()
            .filter(|c| !matches!(**c, code::UNKNOWN | code::EXCEPTION))
            .map(|c| code::unpack(*c).distance)
            .max();
        let listed = self.exceptions.values().map(|e| e.distance).max();
        packed.max(listed).unwrap_or(0)
    }
}
