//! The shortest complete two-player game: both players cooperate to end the game as
//! soon as possible under the engine's win rule A (every hole of the mover's goal
//! occupied, at least one by the mover, checked after the mover's own move), found by
//! IDA* over plies under an admissible bound.
//!
//! # The bound
//! For a seat to win, the holes of its goal that are empty must each be filled by some
//! ply, and when none of its pieces is in the goal one of them, the runner, must get
//! there. Let the runner stand `D` rows short of the goal's nearest row, with `c` rows
//! between (its own excluded, the goal's nearest row included) holding a piece. Every
//! row boundary on the way is last crossed forward either by a step (one boundary, one
//! runner move) or by a hop (two boundaries, over a piece on the row between). A row
//! can hold a piece only if it held one already or some ply other than the runner's
//! own moves put one there (one row a ply). So with `m ≥ 1` runner moves and `x` other
//! plies, `D ≤ m + 2(c + x)`, and the plies left are at least
//! `1 + ⌈(D − 1 − 2c) / 2⌉` (at least 1). A full goal without the seat's piece needs
//! another ply to empty a hole first. The seat's last ply is its own, which fixes the
//! parity. The bound is the smaller over the two seats.

use super::super::geometry::{BoardShape, Geometry, Holes, Point, HOLES};
use super::super::movegen::destinations;
use super::{numbered, Deepened, Deepening, Pass, SearchLimits, SeenTable, Stopped};

/// A shortest game and what the search spent on it.
#[derive(Clone, Debug)]
pub struct ShortestGame {
    /// The plies, as (from, to) hole numbers (1-based), seat A first.
    pub plies: Vec<(u32, u32)>,
    /// The bound at the start: no complete game is shorter.
    pub start_bound: u32,
    /// Every pass of the search, the last one the one that found the game.
    pub passes: Vec<Pass>,
}

/// The two seats' goals and the rows that the bound reads.
struct Board {
    geometry: &'static Geometry,
    /// Each seat's goal.
    goal: [Holes; 2],
    /// For each seat and hole, the rows from the hole to the seat's goal's tip.
    rows: [[u8; HOLES]; 2],
}

/// Rows from a goal's tip to its nearest row (a 10-hole goal has 4 rows).
const GOAL_EDGE: u8 = 3;

impl Board {
    /// A lower bound on the plies left until `seat` (0 or 1) wins, with `to_move` to
    /// move; `u32::MAX` when it cannot.
    fn plies_to_win(&self, pieces: [Holes; 2], seat: usize, to_move: usize) -> u32 {
        let occupied = pieces[0] | pieces[1];
        let goal = self.goal[seat];
        let empty = (goal & !occupied).count_ones();
        let mut need = empty.max(1);
        if pieces[seat] & goal == 0 {
            if empty == 0 {
                need = need.max(2);
            }
            // Rows holding a piece, as a set of row numbers from the goal's tip.
            let rows = &self.rows[seat];
            let mut held: u32 = 0;
            let mut bits = occupied;
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                held |= 1 << rows[hole];
            }
            let mut best = u32::MAX;
            let mut own = pieces[seat];
            while own != 0 {
                let hole = own.trailing_zeros() as usize;
                own &= own - 1;
                let row = rows[hole];
                let d = (row - GOAL_EDGE) as i32;
                // Rows GOAL_EDGE..row (the runner's own excluded) holding a piece; the
                // runner's row is not counted, so its own piece does not matter.
                let between = held & ((1u32 << row) - 1) & !((1u32 << GOAL_EDGE) - 1);
                let c = between.count_ones() as i32;
                let short = (d - 1 - 2 * c).max(0) as u32;
                best = best.min(1 + short.div_ceil(2));
            }
            need = need.max(best);
        }
        // The seat's last ply is its own.
        let odd = seat == to_move;
        if (need % 2 == 1) != odd {
            need += 1;
        }
        need
    }

    fn bound(&self, pieces: [Holes; 2], to_move: usize) -> u32 {
        self.plies_to_win(pieces, 0, to_move)
            .min(self.plies_to_win(pieces, 1, to_move))
    }

    /// Rule A for `seat` just after its move.
    fn has_won(&self, pieces: [Holes; 2], seat: usize) -> bool {
        let goal = self.goal[seat];
        (pieces[0] | pieces[1]) & goal == goal && pieces[seat] & goal != 0
    }
}

struct Solver {
    board: Board,
    seen: SeenTable,
    path: Vec<(u8, u8)>,
    children: Vec<Vec<(u32, u8, u8)>>,
    nodes: u64,
    limit: u64,
}

/// The fewest plies of a complete two-player game with 10 pieces a side on a `shape`
/// board, seat A (top) first, under win rule A.
///
/// # Errors
/// [`Stopped`] when `limits.nodes` positions were expanded first.
pub fn shortest_game(shape: BoardShape, limits: SearchLimits) -> Result<ShortestGame, Stopped> {
    let geometry = Geometry::of(shape);
    let mut rows = [[0u8; HOLES]; 2];
    for (seat, goal) in [Point::ZPlus, Point::ZMinus].into_iter().enumerate() {
        for (row, cube) in rows[seat].iter_mut().zip(&geometry.cube) {
            *row = goal.rows_from_tip(*cube);
        }
    }
    let board = Board {
        geometry,
        goal: [
            geometry.triangle(Point::ZPlus, 4),
            geometry.triangle(Point::ZMinus, 4),
        ],
        rows,
    };
    let start = [board.goal[1], board.goal[0]];
    let start_bound = board.bound(start, 0);
    let mut solver = Solver {
        board,
        seen: SeenTable::new(limits.table_entries),
        path: Vec::new(),
        children: Vec::new(),
        nodes: 0,
        limit: limits.nodes,
    };
    let mut passes = Vec::new();
    // Both seats' bounds keep their parity, so the cost rises by one ply a pass.
    match solver.deepen(start, start_bound, u32::MAX, &mut passes) {
        Deepened::Found(_) => Ok(ShortestGame {
            plies: numbered(&solver.path),
            start_bound,
            passes,
        }),
        Deepened::Stopped(cost) | Deepened::Exhausted(cost) => Err(Stopped {
            nodes: solver.nodes,
            bound: cost,
            passes,
        }),
    }
}

impl Deepening for Solver {
    type Position = [Holes; 2];

    /// Whether a game of at most `cost` plies in all ends from `pieces`, `depth` plies
    /// in (seat `depth % 2` to move); on success the path holds it.
    fn search(&mut self, pieces: [Holes; 2], depth: u32, cost: u32) -> Result<bool, ()> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(());
        }
        if self.seen.seen(pieces, depth as u8) {
            return Ok(false);
        }
        let seat = (depth % 2) as usize;
        let d = depth as usize;
        if self.children.len() <= d {
            self.children.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.children[d]);
        children.clear();
        let occupied = pieces[0] | pieces[1];
        let mut own = pieces[seat];
        let mut won = None;
        while own != 0 && won.is_none() {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let lifted = occupied & !(1 << from);
            let mut targets = destinations(self.board.geometry, from, lifted, false);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let mut after = pieces;
                after[seat] ^= 1 << from | 1 << to;
                if self.board.has_won(after, seat) {
                    won = Some((from as u8, to as u8));
                    break;
                }
                let h = self.board.bound(after, 1 - seat);
                if depth + 1 + h <= cost {
                    children.push((h, from as u8, to as u8));
                }
            }
        }
        if let Some(last) = won {
            self.children[d] = children;
            if depth < cost {
                self.path.push(last);
                return Ok(true);
            }
            return Ok(false);
        }
        children.sort_unstable();
        let result = self.try_children(pieces, depth, cost, &children);
        self.children[d] = children;
        result
    }

    fn child(mut pieces: [Holes; 2], depth: u32, from: u8, to: u8) -> [Holes; 2] {
        pieces[(depth % 2) as usize] ^= 1 << from | 1 << to;
        pieces
    }

    fn path(&mut self) -> &mut Vec<(u8, u8)> {
        &mut self.path
    }

    fn seen_and_nodes(&mut self) -> (&mut SeenTable, u64) {
        (&mut self.seen, self.nodes)
    }
}
