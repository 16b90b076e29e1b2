//! The solver itself: one depth-first pass over the positions reachable from the root,
//! in the mover's frame, settling each position after its children.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::code;
use super::index::{rank_among_free, rank_among_free_after, rank_set, Index};
use super::{Entry, Value};
use crate::game::Game;
use crate::games::leapfrog::{
    forward_targets_on, leap_origin, mirror_on, Leapfrog, Shape, MAX_SPOTS,
};
use crate::player::Seat;

/// The most moves a side can have: one per piece.
const MAX_MOVES: usize = (MAX_SPOTS as usize - 1) / 2;

/// The counts of a solve, over positions (pieces and side to move).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    pub positions: u64,
    pub finished: u64,
    /// Positions won by A, then by B.
    pub wins: [u64; 2],
    pub draws: u64,
}

/// What a finished search hands over.
pub(super) struct Solved {
    pub codes: Vec<u8>,
    pub exceptions: BTreeMap<u32, Entry>,
    pub root_entry: Entry,
    pub tally: Tally,
}

/// The search's state: the table being filled and which positions were reached.
pub(super) struct Search {
    index: Index,
    codes: Vec<u8>,
    exceptions: BTreeMap<u32, Entry>,
    /// One bit per position: bit `2 * rank + side to move` (A = 0).
    reached: Vec<u64>,
    tally: Tally,
}

/// Sum of the 1-based spots of a set.
#[inline]
fn spot_sum(mut set: u32) -> i32 {
    let mut sum = 0;
    while set != 0 {
        sum += set.trailing_zeros() as i32 + 1;
        set &= set - 1;
    }
    sum
}

/// The entry of a finished game of the race of `shape` in the mover's frame (`mover`
/// runs toward the high end and is to move, `other` has just moved), or `None` if the
/// game goes on. The checks and their order are those of the game's `status`.
#[inline]
pub(super) fn finished_entry(shape: Shape, mover: u32, other: u32) -> Option<Entry> {
    let done = |value| Some(Entry { value, distance: 0 });
    let (start_a, start_b) = (shape.start_a(), shape.start_b());
    // In this frame the mover's goal zone is B's start and the other side's is A's.
    if other == start_a {
        return done(Value::Loss);
    }
    if mover == start_b {
        return done(Value::Win);
    }
    if forward_targets_on(mover, other, shape.board()).count() != 0 {
        return None;
    }
    // Distances travelled: A's from its start, the other side's toward the low end.
    let start_sum = spot_sum(start_a);
    let mine = ((mover & start_b).count_ones(), spot_sum(mover) - start_sum);
    let theirs = (
        (other & start_a).count_ones(),
        spot_sum(start_b) - spot_sum(other),
    );
    done(match mine.cmp(&theirs) {
        Ordering::Greater => Value::Win,
        Ordering::Less => Value::Loss,
        Ordering::Equal => Value::Draw,
    })
}

/// The mover's moves as (from, to) spots, at most one per piece, on the line `board`.
#[inline]
pub(super) fn moves_in_frame(
    board: u32,
    mover: u32,
    other: u32,
) -> ([(u32, u32); MAX_MOVES], usize) {
    let targets = forward_targets_on(mover, other, board);
    let mut moves = [(0, 0); MAX_MOVES];
    let mut count = 0;
    let mut steps = targets.steps;
    while steps != 0 {
        let to = steps.trailing_zeros();
        moves[count] = (to - 1, to);
        count += 1;
        steps &= steps - 1;
    }
    let mut leaps = targets.leaps;
    while leaps != 0 {
        let to = leaps.trailing_zeros();
        moves[count] = (leap_origin(to, other), to);
        count += 1;
        leaps &= leaps - 1;
    }
    (moves, count)
}

impl Search {
    /// Solves every position reachable from `root`.
    ///
    /// # Panics
    /// When `root` is not a position (see [`super::index::rank`]).
    pub fn run(root: &Leapfrog) -> Solved {
        let index = Index::new(root.shape());
        index
            .rank(root)
            .expect("the root must have its pieces on distinct spots of the line");
        let ranks = index.ranks();
        let mut search = Search {
            index,
            codes: vec![code::UNKNOWN; ranks],
            exceptions: BTreeMap::new(),
            reached: vec![0; (2 * ranks).div_ceil(64)],
            tally: Tally::default(),
        };
        let (mover, other) = index.frame(root);
        let rank = index.rank_in_frame(rank_set(mover), mover, other);
        let root_entry = search.visit(mover, other, rank, root.to_move());
        Solved {
            codes: search.codes,
            exceptions: search.exceptions,
            root_entry,
            tally: search.tally,
        }
    }

    /// The entry at `rank`, which has been settled.
    #[inline]
    fn settled(&self, rank: usize) -> Entry {
        match self.codes[rank] {
            code::EXCEPTION => self.exceptions[&(rank as u32)],
            byte => code::unpack(byte),
        }
    }

    /// Settles the position `(mover, other)` with `side` to move and rank `rank`, not
    /// reached before, and everything reachable from it.
    fn visit(&mut self, mover: u32, other: u32, rank: usize, side: Seat) -> Entry {
        let bit = 2 * rank + side.index();
        self.reached[bit / 64] |= 1 << (bit % 64);

        let shape = self.index.shape();
        let entry = match finished_entry(shape, mover, other) {
            Some(entry) => {
                self.tally.finished += 1;
                entry
            }
            None => {
                // In a child's frame the board is turned around: its mover is this
                // position's other side, and this mover's pieces are the other side, one
                // of them moved. Rank them once as they stand and add each move's change.
                let spots = shape.spots();
                let child_mover = mirror_on(other, spots);
                let child_other = mirror_on(mover, spots);
                let child_block = rank_set(child_mover) as usize * self.index.other_sets() as usize;
                let child_other_rank = rank_among_free(child_other, child_mover);
                let child_side = side.next(2);
                let (moves, count) = moves_in_frame(shape.board(), mover, other);
                let mut best: Option<Entry> = None;
                for &(from, to) in &moves[..count] {
                    let (from, to) = (spots - 1 - from, spots - 1 - to);
                    let child_rank = child_block
                        + rank_among_free_after(
                            child_other_rank,
                            child_other,
                            child_mover,
                            from,
                            to,
                        ) as usize;
                    let child = 2 * child_rank + child_side.index();
                    let child_entry = if self.reached[child / 64] >> (child % 64) & 1 == 1 {
                        self.settled(child_rank)
                    } else {
                        let moved = child_other ^ (1 << from) ^ (1 << to);
                        self.visit(child_mover, moved, child_rank, child_side)
                    };
                    let candidate = child_entry.before_move();
                    best = match best {
                        Some(b) if b.preference() >= candidate.preference() => Some(b),
                        _ => Some(candidate),
                    };
                }
                best.expect("a game that goes on has a move")
            }
        };

        let packed = code::pack(entry);
        if packed == code::EXCEPTION {
            self.exceptions.insert(rank as u32, entry);
        }
        self.codes[rank] = packed;
        self.tally.positions += 1;
        match entry.value.winner(side) {
            Some(winner) => self.tally.wins[winner.index()] += 1,
            None => self.tally.draws += 1,
        }
        entry
    }
}
