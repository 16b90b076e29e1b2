//! Exact shortest-path results of Chinese checkers, found by searches that prove them:
//! the fewest moves for one player alone to cross the board ([`solitaire`]), the
//! shortest complete two-player game ([`shortest_game`]), and the admissible bound both
//! read ([`bound`]), which the evaluation reads as well.
//!
//! Both searches are iterative-deepening A* (IDA*): depth-first searches under a rising
//! cost bound, each cut where the moves made plus the admissible bound exceed it, so the
//! first solution found is a shortest one, and every shorter bound was searched in full
//! and failed. A fixed-size table of positions already searched at no greater depth
//! in the same pass prunes transpositions; it is lossy (a clash overwrites), which only
//! costs time. Both stop cleanly at a node limit.

pub mod bound;
pub mod shortest_game;
pub mod solitaire;
#[cfg(test)]
mod tests;

use std::fmt;

use super::geometry::Holes;

/// What bounds a search: the positions it may expand, and the entries of its table of
/// positions already searched (34 bytes each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Positions expanded, over all passes, before the search gives up.
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
