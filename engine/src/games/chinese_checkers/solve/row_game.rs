//! The two-player game seen through its rows: a position is only how many pieces of
//! each seat stand in each row, and a breadth-first search over those row counts gives
//! a lower bound on the plies of any real game, which is what proves the shortest game.
//!
//! # Why it is a lower bound
//! A step changes a piece's row by one or by none. A hop changes it by two (over a
//! piece on the row between) or by none (a hop along the row). A chain of hops that
//! carries a piece from row `a` to row `b ≠ a`, whatever turns it takes, hops forward
//! from the last landing it makes on each row `a, a ± 2, …, b ∓ 2` (had it gone back,
//! it would have landed on that row again), so it hops over a piece on every row
//! `a ± 1, a ± 3, …, b ∓ 1` and lands in an empty hole on every row `a ± 2, …, b`;
//! nothing else moves during the chain, and none of those rows is the mover's own. So
//! every real move is, in the row counts, either a move of the abstraction (a step to a
//! row with room, or a chain over rows holding a piece of either seat to rows with
//! room) or no change at all, which the abstraction allows as a pass. Rule A reads only
//! row counts, since each goal is exactly its four rows: every row of the mover's goal
//! full, one piece at least the mover's. A real game of `n` plies is therefore a game of
//! `n` plies in the abstraction, and the fewest plies there are at most the real ones.
//!
//! The abstraction has far fewer positions than the game (728,238 row counts within 10
//! plies of the diamond's start), so it is searched in full, ply by ply.

use super::super::geometry::{BoardShape, Geometry, Holes, Point, HOLES, ROWS};
use super::bound::for_each_row_move;

/// A position of the abstraction: the pieces of each seat in each row, row 0 the top.
pub type RowCounts = [[u8; ROWS]; 2];

/// The rows of one board shape: their widths, the two goals as rows, and the packing of
/// row counts into one number.
#[derive(Clone, Debug)]
pub struct RowGame {
    /// Holes in each row.
    widths: [u8; ROWS],
    /// Each seat's goal, as its first and last row: seat A's (top) is the bottom point.
    goal: [(usize, usize); 2],
    /// Each hole's row.
    row_of: [u8; HOLES],
    /// Where each row's count starts in a seat's packed half, and its bits there.
    shift: [u8; ROWS],
    mask: [u64; ROWS],
}

/// What the search of the abstraction found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSearch {
    /// Distinct row counts after each number of plies (0: the position alone), for the
    /// plies searched in full and kept: as many as `at_least`.
    pub layers: Vec<u64>,
    /// No real game from the position ends in fewer plies than this.
    pub at_least: u32,
    /// Whether the abstraction has a game of `at_least` plies; `false` when the search
    /// stopped at the length it was asked about or at its position limit.
    pub found: bool,
    /// Set when the position limit stopped the search.
    pub stopped: bool,
}

impl RowGame {
    /// The rows of a `shape` board.
    pub fn of(shape: BoardShape) -> RowGame {
        let geometry = Geometry::of(shape);
        let mut widths = [0u8; ROWS];
        let mut row_of = [0u8; HOLES];
        for (hole, row) in row_of.iter_mut().enumerate() {
            *row = Point::ZMinus.rows_from_tip(geometry.cube[hole]);
            if geometry.board >> hole & 1 == 1 {
                widths[*row as usize] += 1;
            }
        }
        let goal = [Point::ZPlus, Point::ZMinus].map(|point| {
            let holes = geometry.triangle(point, 4);
            let rows: Vec<usize> = (0..HOLES)
                .filter(|&hole| holes >> hole & 1 == 1)
                .map(|hole| row_of[hole] as usize)
                .collect();
            let (first, last) = (rows.iter().min().copied(), rows.iter().max().copied());
            let (first, last) = (first.unwrap_or(0), last.unwrap_or(0));
            // Rule A reads row counts only because the goal is its rows, whole.
            let width: u32 = (first..=last).map(|row| u32::from(widths[row])).sum();
            assert_eq!(width, holes.count_ones(), "{point:?} is not whole rows");
            (first, last)
        });
        // Each row's count takes the bits its most pieces need (at most 10, a seat's).
        let mut shift = [0u8; ROWS];
        let mut mask = [0u64; ROWS];
        let mut next = 0u32;
        for row in 0..ROWS {
            let bits = u8::BITS - widths[row].min(10).leading_zeros();
            shift[row] = next as u8;
            mask[row] = (1 << bits) - 1;
            next += bits;
        }
        assert!(
            next <= 64,
            "row counts of {shape:?} need {next} bits a seat"
        );
        RowGame {
            widths,
            goal,
            row_of,
            shift,
            mask,
        }
    }

    /// The row counts of a real position.
    pub fn counts(&self, pieces: [Holes; 2]) -> RowCounts {
        let mut counts = [[0u8; ROWS]; 2];
        for (seat, mut bits) in pieces.into_iter().enumerate() {
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                counts[seat][self.row_of[hole] as usize] += 1;
            }
        }
        counts
    }

    /// Rule A for `seat` in the abstraction: every row of its goal full, and one piece
    /// at least its own.
    pub fn has_won(&self, counts: &RowCounts, seat: usize) -> bool {
        let (first, last) = self.goal[seat];
        (first..=last).all(|row| counts[0][row] + counts[1][row] == self.widths[row])
            && (first..=last).any(|row| counts[seat][row] > 0)
    }

    /// Calls `visit` with the row counts after every move of `seat`'s in the
    /// abstraction (the pass, which changes nothing, is not among them).
    pub fn for_each_move(&self, counts: &RowCounts, seat: usize, mut visit: impl FnMut(RowCounts)) {
        let total: [u8; ROWS] = std::array::from_fn(|row| counts[0][row] + counts[1][row]);
        for_each_row_move(&counts[seat], &total, &self.widths, |from, to| {
            let mut after = *counts;
            after[seat][from] -= 1;
            after[seat][to] += 1;
            visit(after);
        });
    }

    /// The row counts as one number: seat A's in the low half, B's in the high one.
    fn pack(&self, counts: &RowCounts) -> u128 {
        let half = |seat: usize| {
            (0..ROWS).fold(0u64, |packed, row| {
                packed | u64::from(counts[seat][row]) << self.shift[row]
            })
        };
        u128::from(half(0)) | u128::from(half(1)) << 64
    }

    fn unpack(&self, packed: u128) -> RowCounts {
        let half = |bits: u64| -> [u8; ROWS] {
            std::array::from_fn(|row| (bits >> self.shift[row] & self.mask[row]) as u8)
        };
        [half(packed as u64), half((packed >> 64) as u64)]
    }

    /// The fewest plies of a game in the abstraction from the real position `pieces`
    /// with seat `to_move` (0 for A) to move, searched ply by ply below `below` plies: a
    /// lower bound on the plies of every real game from there. The search keeps every
    /// row counts met (a layer holds those of the layer before, since a seat may pass)
    /// and stops, with the plies it finished as the bound, once a layer's children
    /// number more than `limit`.
    pub fn fewest_plies(
        &self,
        pieces: [Holes; 2],
        to_move: usize,
        below: u32,
        limit: usize,
    ) -> RowSearch {
        let mut layer = vec![self.pack(&self.counts(pieces))];
        let mut search = RowSearch {
            layers: vec![1],
            at_least: below,
            found: false,
            stopped: false,
        };
        for ply in 1..below {
            let seat = (to_move + ply as usize - 1) % 2;
            let mut next: Vec<u128> = Vec::with_capacity(layer.len() * 8);
            let mut won = false;
            for &packed in &layer {
                let counts = self.unpack(packed);
                // Passing changes nothing: the position stays, and wins if it is won.
                won |= self.has_won(&counts, seat);
                next.push(packed);
                self.for_each_move(&counts, seat, |after| {
                    won |= self.has_won(&after, seat);
                    next.push(self.pack(&after));
                });
                if won || next.len() > limit {
                    break;
                }
            }
            if won || next.len() > limit {
                search.at_least = ply;
                search.found = won;
                search.stopped = !won;
                return search;
            }
            next.sort_unstable();
            next.dedup();
            search.layers.push(next.len() as u64);
            layer = next;
        }
        search
    }
}
