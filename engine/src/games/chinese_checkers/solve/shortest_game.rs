//! The shortest complete two-player game: both players cooperate to end the game as
//! soon as possible under the engine's win rule A (every hole of the mover's goal
//! occupied, at least one by the mover, checked after the mover's own move): a game
//! found by a beam search over plies, then the search of the game's row counts
//! ([`super::row_game`]), whose fewest plies no real game beats, and IDA* over plies
//! under an admissible bound for any length left between the two. On the diamond the
//! row counts alone rule out every game shorter than the beam's 11 plies.
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
use super::beam::beam;
use super::row_game::RowGame;
use super::{numbered, prove, Deepening, SearchLimits, SeenTable, Solution, Stopped};

/// What the shortest-game search found: a game (its plies as the moves, seat A
/// first), and how far its length is proved.
pub type ShortestGame = Solution;

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
    /// The two seats' goals on a `shape` board, seat A's the bottom point.
    fn of(shape: BoardShape) -> Board {
        let geometry = Geometry::of(shape);
        let mut rows = [[0u8; HOLES]; 2];
        for (seat, goal) in [Point::ZPlus, Point::ZMinus].into_iter().enumerate() {
            for (row, cube) in rows[seat].iter_mut().zip(&geometry.cube) {
                *row = goal.rows_from_tip(*cube);
            }
        }
        Board {
            geometry,
            goal: [
                geometry.triangle(Point::ZPlus, 4),
                geometry.triangle(Point::ZMinus, 4),
            ],
            rows,
        }
    }

    /// The rows between the piece closest to its goal, of either seat, and that goal
    /// (0 once a piece is in): the beam's second key.
    fn runner_rows(&self, pieces: [Holes; 2]) -> u8 {
        let mut best = u8::MAX;
        for (mut own, rows) in pieces.into_iter().zip(&self.rows) {
            while own != 0 {
                let hole = own.trailing_zeros() as usize;
                own &= own - 1;
                best = best.min(rows[hole].saturating_sub(GOAL_EDGE));
            }
        }
        best
    }

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
/// board, seat A (top) first, under win rule A: a game found first by [`beam_game`] of
/// `beam_width` (an upper bound), then the lower bound of the row counts' search
/// ([`RowGame::fewest_plies`], its layers in [`Solution::layers`]), then IDA* passes
/// for every length from there to the beam's, which either find a shorter game (the
/// first one found is shortest) or rule them all out. At `limits.nodes` positions the
/// passes stop and [`Solution::proved_at_least`] says how far the proof got.
///
/// # Errors
/// [`Stopped`] when neither the beam nor the passes within the node limit found a game.
pub fn shortest_game(
    shape: BoardShape,
    beam_width: usize,
    limits: SearchLimits,
) -> Result<ShortestGame, Stopped> {
    let board = Board::of(shape);
    let start = [board.goal[1], board.goal[0]];
    let start_bound = board.bound(start, 0);
    let beam = beam_game(shape, beam_width, MAX_GAME);
    let upper = beam
        .as_ref()
        .map_or(MAX_GAME + 1, |plies| plies.len() as u32);
    let rows = RowGame::of(shape).fewest_plies(start, 0, upper, ROW_CHILDREN);
    let mut solver = Solver {
        board,
        seen: SeenTable::new(limits.table_entries),
        path: Vec::new(),
        children: Vec::new(),
        nodes: 0,
        limit: limits.nodes,
    };
    // Both seats' bounds keep their parity, so the cost rises by one ply a pass. The
    // passes start where the row counts leave off.
    let mut game = prove(
        &mut solver,
        start,
        start_bound.max(rows.at_least),
        beam,
        MAX_GAME,
    )?;
    game.start_bound = start_bound;
    game.layers = rows.layers;
    Ok(game)
}

/// The most row counts (16 bytes each, repeats included) that the search of the row
/// counts generates in one layer: 268 MB. The diamond's proof needs about 4 million.
const ROW_CHILDREN: usize = 1 << 24;

/// The longest game the searches look for.
const MAX_GAME: u32 = 60;

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

/// A complete game found by a beam search over plies: each round keeps the `width`
/// positions with the smallest bound (ties to the runner closest to its goal). Not
/// proved shortest; its length is an upper bound for [`shortest_game`]. `None` if no
/// game ends within `max_plies`.
pub fn beam_game(shape: BoardShape, width: usize, max_plies: u32) -> Option<Vec<(u32, u32)>> {
    let board = Board::of(shape);
    let start = [board.goal[1], board.goal[0]];
    let plies = beam(
        start,
        width,
        max_plies,
        |pieces: [Holes; 2], round, children| {
            let seat = (round % 2) as usize;
            let occupied = pieces[0] | pieces[1];
            let mut own = pieces[seat];
            while own != 0 {
                let from = own.trailing_zeros() as usize;
                own &= own - 1;
                let lifted = occupied & !(1 << from);
                let mut targets = destinations(board.geometry, from, lifted, false);
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let mut after = pieces;
                    after[seat] ^= 1 << from | 1 << to;
                    if board.has_won(after, seat) {
                        return Some((from as u8, to as u8));
                    }
                    let h = board.bound(after, 1 - seat);
                    if h == u32::MAX {
                        continue;
                    }
                    children.push(((h, board.runner_rows(after)), after, from as u8, to as u8));
                }
            }
            None
        },
    )?;
    Some(numbered(&plies))
}
