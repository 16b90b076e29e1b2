//! The combinatorial rank of a position: a dense number for every way to place five
//! pieces a side on the line, seen from the side to move.
//!
//! Positions are ranked in the mover's frame, where the side to move runs toward the
//! high end of the line (B's positions are mirrored). The mover's five spots are ranked
//! among all 19 in the colex order of the combinatorial number system, and the other
//! side's five among the 14 spots left over, so that
//! `rank = rank_of(mover among 19) * C(14, 5) + rank_of(other among the rest)`.
//! A position with B to move has the same rank as its mirror image with A to move, and
//! the same value for the side to move: the rules are symmetric.
//!
//! Other races (`spots=N,pieces=K`) are ranked the same way with N and K in place of 19
//! and 5: see [`Index`].

use crate::game::Game;
use crate::games::leapfrog::{mirror_on, Leapfrog, Shape, MAX_SPOTS, PIECES, SPOTS};
use crate::player::Seat;

/// The most pieces a side can have on the longest line (with a spot between the sides).
const MAX_PIECES: usize = (MAX_SPOTS as usize - 1) / 2;

/// `C(n, k)` for `n` in `0..=MAX_SPOTS`, `k` in `0..=MAX_PIECES` (all below `C(31, 15)`).
const BINOMIAL: [[u32; MAX_PIECES + 1]; MAX_SPOTS as usize + 1] = {
    let mut table = [[0u32; MAX_PIECES + 1]; MAX_SPOTS as usize + 1];
    let mut n = 0;
    while n <= MAX_SPOTS as usize {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// Ways to place the mover's pieces: `C(19, 5)`.
pub const MOVER_SETS: u32 = BINOMIAL[SPOTS as usize][PIECES as usize];
/// Ways to place the other side's pieces on the spots the mover leaves free: `C(14, 5)`.
pub const OTHER_SETS: u32 = BINOMIAL[(SPOTS - PIECES) as usize][PIECES as usize];
/// How many ranks there are: every placement of both sides, seen from the mover.
pub const RANKS: usize = MOVER_SETS as usize * OTHER_SETS as usize;

/// The colex rank of a set of K spots (bit i = spot i + 1) among all K-spot sets of the
/// line: the sum of `C(spot, k)` over its spots in increasing order, `k` = 1..=K.
#[inline]
pub fn rank_set(mut set: u32) -> u32 {
    let mut rank = 0;
    let mut k = 1;
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][k];
        set &= set - 1;
        k += 1;
    }
    rank
}

/// The colex rank of the set `set` among the spots not in `taken`: each spot counts only
/// the free spots below it.
#[inline]
pub fn rank_among_free(mut set: u32, taken: u32) -> u32 {
    let mut rank = 0;
    let mut k = 1;
    while set != 0 {
        let spot = set.trailing_zeros();
        let below = taken & ((1 << spot) - 1);
        rank += BINOMIAL[(spot - below.count_ones()) as usize][k];
        set &= set - 1;
        k += 1;
    }
    rank
}

/// The rank among the spots not in `taken` of `set` after one of its pieces moves from
/// spot `from` to spot `to` (0-based), given `rank`, the rank of `set` before the move.
/// No piece of `set` may stand between the two spots, so the piece keeps its place in
/// the order and only its own term of the sum changes.
#[inline]
pub fn rank_among_free_after(rank: u32, set: u32, taken: u32, from: u32, to: u32) -> u32 {
    let free_below = |spot: u32| spot - (taken & ((1 << spot) - 1)).count_ones();
    let order = (set & ((1 << from) - 1)).count_ones() as usize + 1;
    rank - BINOMIAL[free_below(from) as usize][order] + BINOMIAL[free_below(to) as usize][order]
}

/// The ranks of one race: how positions of `spots=N,pieces=K` map to dense numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Index {
    shape: Shape,
    /// Ways to place the other side's pieces on the spots the mover leaves free.
    other_sets: u32,
    ranks: usize,
}

impl Index {
    /// The ranks of the race of `shape`.
    pub const fn new(shape: Shape) -> Index {
        let (spots, pieces) = (shape.spots() as usize, shape.pieces() as usize);
        let other_sets = BINOMIAL[spots - pieces][pieces];
        Index {
            shape,
            other_sets,
            ranks: BINOMIAL[spots][pieces] as usize * other_sets as usize,
        }
    }

    /// The ranks of the standard race.
    pub const STANDARD: Index = Index::new(Shape::STANDARD);

    /// The race ranked.
    #[inline]
    pub fn shape(self) -> Shape {
        self.shape
    }

    /// How many ranks there are: every placement of both sides, seen from the mover.
    #[inline]
    pub fn ranks(self) -> usize {
        self.ranks
    }

    /// Ways to place the other side's pieces on the spots the mover leaves free.
    #[inline]
    pub fn other_sets(self) -> u32 {
        self.other_sets
    }

    /// The rank of the position where `mover` (running toward the high end) is to move and
    /// `other` runs toward the low end. `mover_rank` is `rank_set(mover)`, passed in
    /// because callers often know it already.
    #[inline]
    pub fn rank_in_frame(self, mover_rank: u32, mover: u32, other: u32) -> usize {
        mover_rank as usize * self.other_sets as usize + rank_among_free(other, mover) as usize
    }

    /// The mover's frame of a position: the side to move's pieces and the other side's,
    /// with the board mirrored when B is to move so that the mover runs toward the high
    /// end.
    #[inline]
    pub fn frame(self, position: &Leapfrog) -> (u32, u32) {
        let (a, b) = (position.pieces(Seat::A), position.pieces(Seat::B));
        if position.to_move() == Seat::A {
            (a, b)
        } else {
            let spots = self.shape.spots();
            (mirror_on(b, spots), mirror_on(a, spots))
        }
    }

    /// The rank of `position`. Positions of another race, or whose sides do not have
    /// their pieces on distinct spots, have none.
    pub fn rank(self, position: &Leapfrog) -> Option<usize> {
        if position.shape() != self.shape {
            return None;
        }
        let (mover, other) = self.frame(position);
        let pieces = self.shape.pieces();
        let valid = mover.count_ones() == pieces
            && other.count_ones() == pieces
            && mover & other == 0
            && (mover | other) & !self.shape.board() == 0;
        valid.then(|| self.rank_in_frame(rank_set(mover), mover, other))
    }

    /// The position with rank `rank` and `to_move` to move: the inverse of
    /// [`Index::rank`] for each side to move. Not for hot paths.
    ///
    /// # Panics
    /// When `rank` is not below [`Index::ranks`].
    pub fn position_at(self, rank: usize, to_move: Seat) -> Leapfrog {
        assert!(rank < self.ranks, "rank {rank} out of range");
        let (spots, pieces) = (self.shape.spots(), self.shape.pieces());
        let board = self.shape.board();
        let other_sets = self.other_sets as usize;
        let mover = unrank_among((rank / other_sets) as u32, board, pieces);
        let other = unrank_among((rank % other_sets) as u32, !mover & board, pieces);
        if to_move == Seat::A {
            Leapfrog::from_pieces_on(self.shape, mover, other, Seat::A)
        } else {
            let (a, b) = (mirror_on(other, spots), mirror_on(mover, spots));
            Leapfrog::from_pieces_on(self.shape, a, b, Seat::B)
        }
    }
}

/// The mover's frame of a standard position: see [`Index::frame`].
#[inline]
pub fn frame(position: &Leapfrog) -> (u32, u32) {
    Index::STANDARD.frame(position)
}

/// The rank of `position` in its own race. Positions whose sides do not have their
/// pieces on distinct spots have none.
pub fn rank(position: &Leapfrog) -> Option<usize> {
    Index::new(position.shape()).rank(position)
}

/// The `pieces`-spot set with colex rank `rank` among `free`'s spots.
fn unrank_among(mut rank: u32, free: u32, pieces: u32) -> u32 {
    let spots: Vec<u32> = (0..MAX_SPOTS).filter(|s| free >> s & 1 == 1).collect();
    let mut set = 0;
    for k in (1..=pieces as usize).rev() {
        let mut index = k - 1;
        while index + 1 < spots.len() && BINOMIAL[index + 1][k] <= rank {
            index += 1;
        }
        rank -= BINOMIAL[index][k];
        set |= 1 << spots[index];
    }
    set
}

/// The standard position with rank `rank` and `to_move` to move: see
/// [`Index::position_at`].
///
/// # Panics
/// When `rank` is not below [`RANKS`].
pub fn position_at(rank: usize, to_move: Seat) -> Leapfrog {
    Index::STANDARD.position_at(rank, to_move)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_the_binomials() {
        assert_eq!(MOVER_SETS, 11_628);
        assert_eq!(OTHER_SETS, 2_002);
        assert_eq!(RANKS, 23_279_256);
    }

    #[test]
    fn every_set_has_its_own_rank() {
        let mut seen = vec![false; MOVER_SETS as usize];
        for set in 0u32..1 << SPOTS {
            if set.count_ones() == PIECES {
                let r = rank_set(set) as usize;
                assert!(!seen[r]);
                seen[r] = true;
                assert_eq!(unrank_among(r as u32, (1 << SPOTS) - 1, PIECES), set);
            }
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn a_moved_piece_changes_one_term() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        while checked < 20_000 {
            let taken = position_at(next() as usize % RANKS, Seat::A).pieces(Seat::A);
            let free = !taken & ((1 << SPOTS) - 1);
            let set = unrank_among(next() as u32 % OTHER_SETS, free, PIECES);
            let from = next() as u32 % SPOTS;
            let to = next() as u32 % SPOTS;
            let (low, high) = (from.min(to), from.max(to));
            let between = ((1u32 << high) - 1) & !((1u32 << (low + 1)) - 1);
            if set >> from & 1 == 0 || (set | taken) >> to & 1 == 1 || set & between != 0 {
                continue;
            }
            let moved = set ^ (1 << from) ^ (1 << to);
            let before = rank_among_free(set, taken);
            assert_eq!(
                rank_among_free_after(before, set, taken, from, to),
                rank_among_free(moved, taken)
            );
            checked += 1;
        }
    }

    #[test]
    fn ranks_round_trip_for_both_sides() {
        let step = 7_919;
        for r in (0..RANKS).step_by(step).chain([0, RANKS - 1]) {
            for side in [Seat::A, Seat::B] {
                let position = position_at(r, side);
                assert_eq!(rank(&position), Some(r), "{position}");
                assert_eq!(position.to_move(), side);
            }
        }
        let start = Leapfrog::start();
        let mut options = crate::GameOptions::new();
        options.set("first", "B");
        let b_first = Leapfrog::new(&options).unwrap();
        assert_eq!(rank(&start), rank(&b_first));
    }

    #[test]
    fn other_races_rank_densely() {
        for (spots, pieces) in [(9, 2), (9, 4), (12, 3), (13, 6)] {
            let index = Index::new(Shape::new(spots, pieces).unwrap());
            // Every rank comes back from its position, so the ranks number the positions
            // one to one: there are as many as C(spots, pieces) * C(spots - pieces, pieces).
            for r in 0..index.ranks() {
                for side in [Seat::A, Seat::B] {
                    let position = index.position_at(r, side);
                    assert_eq!(index.rank(&position), Some(r), "{position}");
                }
            }
            assert_eq!(index.rank(&Leapfrog::start()), None);
        }
    }
}
