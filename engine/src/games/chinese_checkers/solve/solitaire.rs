//! The shortest solitaire crossing: the fewest moves that bring one player's 10 pieces
//! from one point of the board to the opposite one with no other piece on the board,
//! by IDA* under the admissible [`SolitaireBound`].

use super::super::geometry::{BoardShape, Geometry, Holes, Point, ROWS};
use super::super::movegen::destinations;
use super::bound::SolitaireBound;
use super::{numbered, Deepened, Deepening, Pass, SearchLimits, SeenTable, Stopped};

/// What the crossing search found: a crossing, and how far its length is proved.
#[derive(Clone, Debug)]
pub struct Crossing {
    /// The moves of the shortest crossing found, as (from, to) hole numbers (1-based,
    /// as in the notation).
    pub moves: Vec<(u32, u32)>,
    /// The bound at the start.
    pub start_bound: u32,
    /// No crossing has fewer moves than this: every IDA* pass below it was searched out.
    /// Equal to the length of `moves` when that is proved shortest.
    pub proved_at_least: u32,
    /// The passes of the IDA* search.
    pub passes: Vec<Pass>,
    /// Set when the node limit stopped the proof.
    pub stopped: Option<Stopped>,
}

impl Crossing {
    /// Whether the crossing is proved shortest.
    pub fn is_proved(&self) -> bool {
        self.proved_at_least as usize == self.moves.len()
    }

    /// Positions expanded by the IDA* passes.
    pub fn nodes(&self) -> u64 {
        self.passes.iter().map(|p| p.nodes).sum()
    }
}

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
/// [`Crossing::proved_at_least`] says how far it got.
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
    let upper = beam.as_ref().map_or(MAX_CROSSING + 1, |m| m.len() as u32);
    let mut passes = Vec::new();
    let (proved_at_least, stopped) = match solver.deepen(start, start_bound, upper, &mut passes) {
        Deepened::Found(cost) => {
            return Ok(Crossing {
                moves: numbered(&solver.path),
                start_bound,
                proved_at_least: cost,
                passes,
                stopped: None,
            })
        }
        Deepened::Exhausted(cost) => (cost, None),
        Deepened::Stopped(cost) => (
            cost,
            Some(Stopped {
                nodes: solver.nodes,
                bound: cost,
                passes: passes.clone(),
            }),
        ),
    };
    match beam {
        Some(moves) => Ok(Crossing {
            moves,
            start_bound,
            proved_at_least,
            passes,
            stopped,
        }),
        None => Err(Stopped {
            nodes: solver.nodes,
            bound: proved_at_least,
            passes,
        }),
    }
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
    use std::collections::HashMap;
    let geometry = Geometry::of(shape);
    let start = geometry.triangle(Point::ZMinus, 4);
    let bound = SolitaireBound::new(shape, Point::ZPlus);
    let goal = bound.goal();
    // Each round's positions with the index of their parent in the round before and the
    // move that led there.
    let mut rounds: Vec<Vec<(Holes, u32, u8, u8)>> = vec![vec![(start, 0, 0, 0)]];
    let mut seen: HashMap<Holes, u32> = HashMap::new();
    seen.insert(start, 0);
    for round in 1..=max_moves {
        let mut next: Vec<(u32, u32, Holes, u32, u8, u8)> = Vec::new();
        let mut here: HashMap<Holes, usize> = HashMap::new();
        for (parent, &(pieces, _, _, _)) in rounds.last()?.iter().enumerate() {
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
                    if seen.contains_key(&child) || here.contains_key(&child) {
                        continue;
                    }
                    let mut after = counts;
                    after[bound.row(from)] -= 1;
                    after[bound.row(to)] += 1;
                    let h = bound.moves_with_rows(child, &after);
                    if h == u32::MAX {
                        continue;
                    }
                    let rows: u32 = (0..ROWS).map(|r| r as u32 * after[r] as u32).sum();
                    here.insert(child, next.len());
                    next.push((h, rows, child, parent as u32, from as u8, to as u8));
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        next.sort_unstable_by_key(|&(h, rows, child, ..)| (h, rows, child));
        next.truncate(width);
        for entry in &next {
            seen.insert(entry.2, round);
        }
        let done = next[0].2 == goal;
        rounds.push(
            next.iter()
                .map(|&(_, _, p, parent, f, t)| (p, parent, f, t))
                .collect(),
        );
        if done {
            let mut moves = Vec::new();
            let mut index = 0usize;
            for r in (1..rounds.len()).rev() {
                let (_, parent, from, to) = rounds[r][index];
                moves.push((from as u32 + 1, to as u32 + 1));
                index = parent as usize;
            }
            moves.reverse();
            return Some(moves);
        }
    }
    None
}
