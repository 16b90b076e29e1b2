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

use crate::game::Game;
use crate::games::leapfrog::{mirror, Leapfrog, PIECES, SPOTS};
use crate::player::Seat;

/// `C(n, k)` for `n` in `0..=SPOTS`, `k` in `0..=PIECES`.
const BINOMIAL: [[u32; PIECES as usize + 1]; SPOTS as usize + 1] = {
    let mut table = [[0u32; PIECES as usize + 1]; SPOTS as usize + 1];
    let mut n = 0;
    while n <= SPOTS as usize {
        table[n][0] = 1;
        let mut k = 1;
        while k <= PIECES as usize {
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

/// The colex rank of a five-spot set (bit i = spot i + 1) among all five-spot sets of the
/// line: the sum of `C(spot, k)` over its spots in increasing order, `k` = 1..=5.
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

/// The colex rank of the five-spot set `set` among the spots not in `taken`: each spot
/// counts only the free spots below it.
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

/// The rank of the position where `mover` (running toward the high end) is to move and
/// `other` runs toward the low end. `mover_rank` is `rank_set(mover)`, passed in because
/// callers often know it already.
#[inline]
pub fn rank_in_frame(mover_rank: u32, mover: u32, other: u32) -> usize {
    mover_rank as usize * OTHER_SETS as usize + rank_among_free(other, mover) as usize
}

/// The mover's frame of a position: the side to move's pieces and the other side's, with
/// the board mirrored when B is to move so that the mover runs toward the high end.
#[inline]
pub fn frame(position: &Leapfrog) -> (u32, u32) {
    let (a, b) = (position.pieces(Seat::A), position.pieces(Seat::B));
    if position.to_move() == Seat::A {
        (a, b)
    } else {
        (mirror(b), mirror(a))
    }
}

/// The rank of `position`. Positions whose sides do not have five pieces each on
/// distinct spots have none.
pub fn rank(position: &Leapfrog) -> Option<usize> {
    let (mover, other) = frame(position);
    let valid = mover.count_ones() == PIECES
        && other.count_ones() == PIECES
        && mover & other == 0
        && (mover | other) >> SPOTS == 0;
    valid.then(|| rank_in_frame(rank_set(mover), mover, other))
}

/// The five-spot set with colex rank `rank` among `free`'s spots (all 19 for the mover).
fn unrank_among(mut rank: u32, free: u32) -> u32 {
    let spots: Vec<u32> = (0..SPOTS).filter(|s| free >> s & 1 == 1).collect();
    let mut set = 0;
    for k in (1..=PIECES as usize).rev() {
        let mut index = k - 1;
        while index + 1 < spots.len() && BINOMIAL[index + 1][k] <= rank {
            index += 1;
        }
        rank -= BINOMIAL[index][k];
        set |= 1 << spots[index];
    }
    set
}

/// The position with rank `rank` and `to_move` to move: the inverse of [`rank`] for each
/// side to move. Not for hot paths.
///
/// # Panics
/// When `rank` is not below [`RANKS`].
pub fn position_at(rank: usize, to_move: Seat) -> Leapfrog {
    assert!(rank < RANKS, "rank {rank} out of range");
    let mover = unrank_among((rank / OTHER_SETS as usize) as u32, (1 << SPOTS) - 1);
    let other = unrank_among(
        (rank % OTHER_SETS as usize) as u32,
        !mover & ((1 << SPOTS) - 1),
    );
    if to_move == Seat::A {
        Leapfrog::from_pieces(mover, other, Seat::A)
    } else {
        Leapfrog::from_pieces(mirror(other), mirror(mover), Seat::B)
    }
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
                assert_eq!(unrank_among(r as u32, (1 << SPOTS) - 1), set);
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
            let set = unrank_among(next() as u32 % OTHER_SETS, !taken & ((1 << SPOTS) - 1));
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
}
