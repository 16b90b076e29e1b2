//! The shortest solitaire crossing: the fewest moves that bring one player's 10 pieces
//! from one point of the board to the opposite one with no other piece on the board,
//! by IDA* under the admissible [`SolitaireBound`].

use super::super::geometry::{BoardShape, Geometry, Holes, Point, ROWS};
use super::super::movegen::destinations;
use super::beam::beam;
use super::bound::SolitaireBound;
use super::{numbered, prove, Deepening, SearchLimits, SeenTable, Solution, Stopped};

/// What the crossing search found: a crossing, and how far its length is proved.
pub type Crossing = Solution;

/// The search's state: the board, the bound, the table, and the moves of the path.
struct Solver {
    geometry: &'static Geometry,
    bound: SolitaireBound,
    goal: Holes,
    seen: SeenTable,
    path: Vec<(u8, u8)>,
    /// Per depth, the children of the position on the path: (bound, from, to).
    children: Vec<Vec<(u32, u8, u8)>>,
    nodes: u64,
    limit: u64,
}

/// The shortest crossing of 10 pieces from the point at the top of a `shape` board
/// (holes 1 to 10) to the point at the bottom, alone, adjacent hops only: a crossing
/// found first by [`beam_crossing`] of `beam_width` (an upper bound), then IDA* passes
/// under the admissible [`SolitaireBound`] for every shorter length, which either find
/// a shorter crossing (the first one found is shortest) or rule them all out, proving
/// the beam's crossing shortest. At `limits.nodes` positions the proof stops and
/// [`Solution::proved_at_least`] says how far it got.
///
/// # Errors
/// When neither the beam nor the passes within the node limit found any crossing.
pub fn shortest_crossing(
    shape: BoardShape,
    beam_width: usize,
    limits: SearchLimits,
) -> Result<Crossing, Stopped> {
    let geometry = Geometry::of(shape);
    let start = geometry.triangle(Point::ZMinus, 4);
    let bound = SolitaireBound::new(shape, Point::ZPlus);
    let beam = beam_crossing(shape, beam_width, MAX_CROSSING);
    let mut solver = Solver {
        geometry,
        goal: bound.goal(),
        bound,
        seen: SeenTable::new(limits.table_entries),
        path: Vec::new(),
        children: Vec::new(),
        nodes: 0,
        limit: limits.nodes,
    };
    let start_bound = solver.bound.moves(start);
    prove(&mut solver, start, start_bound, beam, MAX_CROSSING)
}

/// The longest crossing the searches look for.
const MAX_CROSSING: u32 = 60;

impl Deepening for Solver {
    type Position = Holes;

    fn search(&mut self, pieces: Holes, depth: u32, cost: u32) -> Result<bool, ()> {
        if pieces == self.goal {
            return Ok(true);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(());
        }
        if self.seen.seen([pieces, 0], depth as u8) {
            return Ok(false);
        }
        let counts = self.bound.row_counts(pieces);
        let d = depth as usize;
        if self.children.len() <= d {
            self.children.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.children[d]);
        children.clear();
        let mut own = pieces;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let lifted = pieces & !(1 << from);
            let mut targets = destinations(self.geometry, from, lifted, false);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let mut after = counts;
                after[self.bound.row(from)] -= 1;
                after[self.bound.row(to)] += 1;
                let h = self.bound.moves_with_rows(lifted | 1 << to, &after);
                if depth + 1 + h <= cost {
                    children.push((h, from as u8, to as u8));
                }
            }
        }
        children.sort_unstable();
        let result = self.try_children(pieces, depth, cost, &children);
        self.children[d] = children;
        result
    }

    fn child(pieces: Holes, _depth: u32, from: u8, to: u8) -> Holes {
        pieces & !(1 << from) | 1 << to
    }

    fn path(&mut self) -> &mut Vec<(u8, u8)> {
        &mut self.path
    }

    fn seen_and_nodes(&mut self) -> (&mut SeenTable, u64) {
        (&mut self.seen, self.nodes)
    }
}

/// A crossing found by a beam search: each round keeps the `width` positions with the
/// smallest bound (ties to the fewest rows still to travel). Not proved shortest; its
/// length is an upper bound for [`shortest_crossing`]. `None` if the beam dies out
/// within `max_moves`.
pub fn beam_crossing(shape: BoardShape, width: usize, max_moves: u32) -> Option<Vec<(u32, u32)>> {
    let geometry = Geometry::of(shape);
    let start = geometry.triangle(Point::ZMinus, 4);
    let bound = SolitaireBound::new(shape, Point::ZPlus);
    let goal = bound.goal();
    let moves = beam(start, width, max_moves, |pieces: Holes, _, children| {
        let counts = bound.row_counts(pieces);
        let mut own = pieces;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let lifted = pieces & !(1 << from);
            let mut targets = destinations(geometry, from, lifted, false);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let child = lifted | 1 << to;
                if child == goal {
                    return Some((from as u8, to as u8));
                }
                let mut after = counts;
                after[bound.row(from)] -= 1;
                after[bound.row(to)] += 1;
                let h = bound.moves_with_rows(child, &after);
                if h == u32::MAX {
                    continue;
                }
                let rows: u32 = (0..ROWS).map(|r| r as u32 * after[r] as u32).sum();
                children.push(((h, rows), child, from as u8, to as u8));
            }
        }
        None
    })?;
    Some(numbered(&moves))
}
