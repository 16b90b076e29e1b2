//! Exact shortest-path results of Chinese checkers, found by searches that prove them:
//! the fewest moves for one player alone to cross the board ([`solitaire`], proved by
//! the search from both ends of [`middle`]), the shortest complete two-player game
//! ([`shortest_game`], proved by the search of its row counts in [`row_game`]), and
//! the admissible bound both read ([`bound`]), which the evaluation reads as well.
//!
//! Both searches first find a solution by a beam search (the `beam` module), whose
//! length bounds the proof from above. The crossing's proof is [`middle`]'s; the game's
//! is [`row_game`]'s lower bound, then, for any lengths between it and the beam's,
//! iterative-deepening A* (IDA*):
//! depth-first searches under a rising cost bound, each cut where the moves made plus
//! the admissible bound exceed it, so the first solution found is a shortest one, and
//! every shorter bound was searched in full and failed. A fixed-size table of positions already searched at no greater depth
//! in the same pass prunes transpositions; it is lossy (a clash overwrites), which only
//! costs time. Both stop cleanly at a node limit.

mod beam;
pub mod bound;
pub mod middle;
pub mod row_game;
pub mod shortest_game;
pub mod solitaire;
#[cfg(test)]
mod tests;

use std::fmt;

use super::geometry::Holes;

/// What bounds a search: the positions it may expand (for the crossing's search from
/// both ends, the positions it may hold, 8 bytes each), and the entries of the game's
/// table of positions already searched (34 bytes each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Positions expanded, over all passes, before the search gives up; for the
    /// crossing, positions held at once.
    pub nodes: u64,
    /// Entries of the transposition table (rounded down to a power of two).
    pub table_entries: usize,
}

impl Default for SearchLimits {
    /// 2,000,000,000 positions and 2^22 table entries (136 MiB).
    fn default() -> SearchLimits {
        SearchLimits {
            nodes: 2_000_000_000,
            table_entries: 1 << 22,
        }
    }
}

/// A search that hit its node limit before it found a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Positions expanded.
    pub nodes: u64,
    /// The cost bound of the pass that was running: every solution shorter than it was
    /// ruled out.
    pub bound: u32,
    /// The passes, the last one unfinished.
    pub passes: Vec<Pass>,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "node limit reached after {} positions while searching for a solution of {} \
             moves: none shorter exists",
            self.nodes, self.bound
        )
    }
}

impl std::error::Error for Stopped {}

/// One pass of the search: its cost bound and the positions it expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The cost bound.
    pub bound: u32,
    /// Positions expanded in the pass.
    pub nodes: u64,
}

/// How a run of IDA* passes ended.
pub(crate) enum Deepened {
    /// A pass found a solution of this cost; the path holds it.
    Found(u32),
    /// Every pass below this cost was searched out and failed.
    Exhausted(u32),
    /// The node limit stopped the pass of this cost.
    Stopped(u32),
}

/// The two IDA* searches' shared part: the rising passes, and the children tried in
/// order along the path.
pub(crate) trait Deepening {
    /// A position of the search.
    type Position: Copy;

    /// Whether a solution of at most `cost` in all continues from `position`, reached
    /// at `depth`; on success the path holds it. `Err` at the node limit.
    fn search(&mut self, position: Self::Position, depth: u32, cost: u32) -> Result<bool, ()>;

    /// The position after the move (`from`, `to`) from `position` at `depth`.
    fn child(position: Self::Position, depth: u32, from: u8, to: u8) -> Self::Position;

    /// The moves from the root to the position being searched.
    fn path(&mut self) -> &mut Vec<(u8, u8)>;

    /// The table of positions searched, and the positions expanded so far.
    fn seen_and_nodes(&mut self) -> (&mut SeenTable, u64);

    /// Searches `children` of `position` (cost bound, from, to) in order; the first
    /// answer other than "no solution" is returned, and the path keeps its move.
    fn try_children(
        &mut self,
        position: Self::Position,
        depth: u32,
        cost: u32,
        children: &[(u32, u8, u8)],
    ) -> Result<bool, ()> {
        for &(_, from, to) in children {
            self.path().push((from, to));
            match self.search(Self::child(position, depth, from, to), depth + 1, cost) {
                Ok(false) => {
                    self.path().pop();
                }
                other => return other,
            }
        }
        Ok(false)
    }

    /// Runs passes from `root` with costs `first`, `first + 1`, … below `below`,
    /// recording each on `passes`.
    fn deepen(
        &mut self,
        root: Self::Position,
        first: u32,
        below: u32,
        passes: &mut Vec<Pass>,
    ) -> Deepened {
        let mut cost = first;
        while cost < below {
            let (seen, before) = self.seen_and_nodes();
            seen.next_pass();
            let found = self.search(root, 0, cost);
            let (_, after) = self.seen_and_nodes();
            passes.push(Pass {
                bound: cost,
                nodes: after - before,
            });
            match found {
                Err(()) => return Deepened::Stopped(cost),
                Ok(true) => return Deepened::Found(cost),
                Ok(false) => cost += 1,
            }
        }
        Deepened::Exhausted(cost)
    }
}

/// A solution a search found, and how far its length is proved shortest.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves (for a game, the plies, seat A first), as (from, to) hole numbers
    /// (1-based, as in the notation).
    pub moves: Vec<(u32, u32)>,
    /// The bound at the start.
    pub start_bound: u32,
    /// No solution has fewer moves than this: every IDA* pass below it was searched
    /// out, or every layer of the search from both ends that settles it. Equal to the length of `moves` when that is proved shortest.
    pub proved_at_least: u32,
    /// The passes of the IDA* search.
    pub passes: Vec<Pass>,
    /// Set when the node limit stopped the proof.
    pub stopped: Option<Stopped>,
    /// The positions of each layer of the breadth-first search behind the proof: for
    /// the crossing, the search from both ends, by depth from the start; for the game,
    /// the search of its row counts, by plies from the start.
    pub layers: Vec<u64>,
}

impl Solution {
    /// Whether the solution is proved shortest.
    pub fn is_proved(&self) -> bool {
        self.proved_at_least as usize == self.moves.len()
    }

    /// Positions expanded by the IDA* passes.
    pub fn nodes(&self) -> u64 {
        self.passes.iter().map(|p| p.nodes).sum()
    }
}

/// Runs `solver`'s IDA* passes from `start_bound` below the length of the beam's
/// solution (or up to `longest`), and says what they and the beam found together.
///
/// # Errors
/// [`Stopped`] when neither the beam nor the passes found a solution.
pub(crate) fn prove<S: Deepening>(
    solver: &mut S,
    root: S::Position,
    start_bound: u32,
    beam: Option<Vec<(u32, u32)>>,
    longest: u32,
) -> Result<Solution, Stopped> {
    let upper = beam.as_ref().map_or(longest + 1, |m| m.len() as u32);
    let mut passes = Vec::new();
    let (proved_at_least, stopped) = match solver.deepen(root, start_bound, upper, &mut passes) {
        Deepened::Found(cost) => {
            let moves = numbered(solver.path());
            return Ok(Solution {
                moves,
                start_bound,
                proved_at_least: cost,
                passes,
                stopped: None,
                layers: Vec::new(),
            });
        }
        Deepened::Exhausted(cost) => (cost, None),
        Deepened::Stopped(cost) => (
            cost,
            Some(Stopped {
                nodes: solver.seen_and_nodes().1,
                bound: cost,
                passes: passes.clone(),
            }),
        ),
    };
    match beam {
        Some(moves) => Ok(Solution {
            moves,
            start_bound,
            proved_at_least,
            passes,
            stopped,
            layers: Vec::new(),
        }),
        None => Err(Stopped {
            nodes: solver.seen_and_nodes().1,
            bound: proved_at_least,
            passes,
        }),
    }
}

/// Moves as 1-based hole numbers.
pub(crate) fn numbered(path: &[(u8, u8)]) -> Vec<(u32, u32)> {
    path.iter()
        .map(|&(from, to)| (from as u32 + 1, to as u32 + 1))
        .collect()
}

/// A lossy table of positions (a set of holes per seat) searched in the current pass,
/// with the fewest moves at which each was reached.
pub(crate) struct SeenTable {
    keys: Vec<[Holes; 2]>,
    depth: Vec<u8>,
    pass: Vec<u8>,
    mask: usize,
    current: u8,
}

impl SeenTable {
    pub(crate) fn new(entries: usize) -> SeenTable {
        // The largest power of two that fits `entries`.
        let size = 1usize << (usize::BITS - 1 - entries.max(2).leading_zeros());
        SeenTable {
            keys: vec![[0; 2]; size],
            depth: vec![0; size],
            pass: vec![0; size],
            mask: size - 1,
            current: 0,
        }
    }

    /// Starts a pass: entries of earlier passes no longer count.
    pub(crate) fn next_pass(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.pass.fill(0);
            self.current = 1;
        }
    }

    /// Whether `key` was reached at `depth` moves or fewer in this pass; if not, it is
    /// recorded at `depth`.
    #[inline]
    pub(crate) fn seen(&mut self, key: [Holes; 2], depth: u8) -> bool {
        let mix = |h: Holes| (h as u64) ^ ((h >> 64) as u64).rotate_left(29);
        let hash = (mix(key[0]) ^ mix(key[1]).rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (hash >> 20) as usize & self.mask;
        if self.pass[slot] == self.current && self.keys[slot] == key && self.depth[slot] <= depth {
            return true;
        }
        self.keys[slot] = key;
        self.depth[slot] = depth;
        self.pass[slot] = self.current;
        false
    }
}
