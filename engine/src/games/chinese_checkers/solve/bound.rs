//! The solitaire distance bound: a lower bound on the moves one player needs, alone on
//! the board, to bring all its pieces into a goal triangle. It is exact in an
//! abstraction of the board that keeps only how many pieces stand in each row counted
//! from the goal's tip, and it is the one bound that both the shortest-crossing search
//! and the Chinese checkers evaluation read.
//!
//! # Why it is a lower bound
//! A step changes a piece's row by at most one. A hop changes it by two (or by none, a
//! hop along the row), so a chain of hops keeps the parity of the row: a piece carried
//! from row `a` to row `b ≠ a` by a chain has `b − a` even, lands on every row
//! `a ± 2, a ± 4, …, b` on the way (each then has an empty hole), and hops over a piece
//! on every row `a ± 1, a ± 3, …, b ∓ 1` (each then holds a piece). A move along a row
//! leaves the row counts as they were. So every real move is either no move at all in
//! the abstraction or one of its moves, and the fewest abstract moves from a position's
//! row counts to the goal's row counts can only be fewer than the real ones. The table
//! holds that fewest number for every way of spreading the pieces over the rows (with no
//! row holding more pieces than it has holes), found by one breadth-first search from
//! the goal's row counts (abstract moves are reversible, as real ones are).
//!
//! The bound ignores other players' pieces: in a game with opponents they are hop stones
//! too, so there it is an estimate of a seat's remaining moves, not a bound.

use std::sync::LazyLock;

use super::super::geometry::{BoardShape, Geometry, Holes, Point, HOLES, ROWS};

/// The pieces a player has for which the table is built: the 10-piece game (goal rows
/// of 1, 2, 3 and 4 holes).
pub const TABLE_PIECES: usize = 10;

/// Marks a row count that cannot reach the goal's in the abstraction.
const UNREACHABLE: u8 = u8::MAX;

/// The abstract distances of one board shape: row counts are ranked by the
/// combinatorial number system of compositions.
pub struct RowBound {
    /// Holes in each row, counted from the goal's tip.
    widths: [u8; ROWS],
    /// `ways[r][k]`: the ways of spreading `k` pieces over rows `r..ROWS`.
    ways: [[u32; TABLE_PIECES + 1]; ROWS + 1],
    /// `prefix[r][k][c]`: what `c` pieces on row `r`, with `k` pieces on rows `r..`,
    /// add to the rank (the sum of `ways[r + 1][k − v]` for `v < c`).
    prefix: [[[u32; TABLE_PIECES + 1]; TABLE_PIECES + 1]; ROWS],
    /// The fewest abstract moves to the goal, by rank of the row counts.
    distance: Vec<u8>,
}

impl std::fmt::Debug for RowBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RowBound(widths {:?})", self.widths)
    }
}

/// Row counts: how many pieces stand in each row from the goal's tip.
type Counts = [u8; ROWS];

impl RowBound {
    /// The table of `shape` (built on first use, a few seconds; about 5 MB).
    pub fn of(shape: BoardShape) -> &'static RowBound {
        static STAR: LazyLock<RowBound> = LazyLock::new(|| RowBound::build(BoardShape::Star));
        static DIAMOND: LazyLock<RowBound> = LazyLock::new(|| RowBound::build(BoardShape::Diamond));
        match shape {
            BoardShape::Star => &STAR,
            BoardShape::Diamond => &DIAMOND,
        }
    }

    fn build(shape: BoardShape) -> RowBound {
        let geometry = Geometry::of(shape);
        // Rows from the bottom tip; the board is symmetric, so every goal of the shape
        // has the same row widths along its own axis.
        let goal = Point::ZPlus;
        let mut widths = [0u8; ROWS];
        let mut goal_counts = [0u8; ROWS];
        let goal_holes = geometry.triangle(goal, 4);
        for hole in 0..HOLES {
            if geometry.board >> hole & 1 == 1 {
                let row = goal.rows_from_tip(geometry.cube[hole]) as usize;
                widths[row] += 1;
                if goal_holes >> hole & 1 == 1 {
                    goal_counts[row] += 1;
                }
            }
        }
        let mut ways = [[0u32; TABLE_PIECES + 1]; ROWS + 1];
        ways[ROWS][0] = 1;
        for row in (0..ROWS).rev() {
            for k in 0..=TABLE_PIECES {
                ways[row][k] = (0..=k).map(|v| ways[row + 1][k - v]).sum();
            }
        }
        let mut prefix = [[[0u32; TABLE_PIECES + 1]; TABLE_PIECES + 1]; ROWS];
        for row in 0..ROWS - 1 {
            for k in 0..=TABLE_PIECES {
                for c in 1..=k {
                    prefix[row][k][c] = prefix[row][k][c - 1] + ways[row + 1][k - (c - 1)];
                }
            }
        }
        let mut bound = RowBound {
            widths,
            ways,
            prefix,
            distance: vec![UNREACHABLE; ways[0][TABLE_PIECES] as usize],
        };
        bound.search_from(&goal_counts);
        bound
    }

    /// Breadth-first search over row counts from `goal`.
    fn search_from(&mut self, goal: &Counts) {
        let start = self.rank(goal);
        self.distance[start] = 0;
        let mut queue: Vec<u32> = vec![start as u32];
        let mut head = 0;
        while head < queue.len() {
            let index = queue[head] as usize;
            head += 1;
            let next = self.distance[index] + 1;
            let counts = self.unrank(index);
            let mut found = Vec::new();
            self.for_each_move(&counts, |moved| found.push(moved));
            for moved in found {
                let rank = self.rank(&moved);
                if self.distance[rank] == UNREACHABLE {
                    self.distance[rank] = next;
                    queue.push(rank as u32);
                }
            }
        }
    }

    /// Calls `visit` with the row counts after every abstract move from `counts`.
    pub(crate) fn for_each_move(&self, counts: &Counts, mut visit: impl FnMut(Counts)) {
        for_each_row_move(counts, counts, &self.widths, |from, to| {
            let mut after = *counts;
            after[from] -= 1;
            after[to] += 1;
            visit(after);
        });
    }

    #[inline]
    fn rank(&self, counts: &Counts) -> usize {
        let mut left = TABLE_PIECES;
        let mut rank = 0;
        for (row, &count) in counts.iter().enumerate().take(ROWS - 1) {
            let c = (count as usize).min(left);
            rank += self.prefix[row][left][c] as usize;
            left -= c;
        }
        rank
    }

    fn unrank(&self, mut rank: usize) -> Counts {
        let mut counts = [0u8; ROWS];
        let mut left = TABLE_PIECES;
        for (row, count) in counts.iter_mut().enumerate().take(ROWS - 1) {
            let mut v = 0;
            while rank >= self.ways[row + 1][left - v] as usize {
                rank -= self.ways[row + 1][left - v] as usize;
                v += 1;
            }
            *count = v as u8;
            left -= v;
        }
        counts[ROWS - 1] = left as u8;
        counts
    }

    /// The fewest abstract moves from these row counts to the goal's, or `None` when
    /// there is none.
    #[inline]
    pub fn moves(&self, counts: &Counts) -> Option<u32> {
        let d = self.distance[self.rank(counts)];
        (d != UNREACHABLE).then_some(d as u32)
    }

    /// Row counts of the abstract states, and how many of them reach the goal.
    pub fn states(&self) -> (usize, usize) {
        let reached = self.distance.iter().filter(|d| **d != UNREACHABLE).count();
        (self.distance.len(), reached)
    }
}

/// Calls `visit(from, to)` for every move of a piece counted in `own` between rows,
/// given how many pieces of anyone stand in each row (`total`) and each row's holes
/// (`widths`): a step to a row next to it with room, or a chain of hops with a piece on
/// every row hopped over and room on every row landed on. The one row abstraction of
/// moves, for the solitaire bound and for the two-player row counts.
pub(crate) fn for_each_row_move(
    own: &[u8; ROWS],
    total: &[u8; ROWS],
    widths: &[u8; ROWS],
    mut visit: impl FnMut(usize, usize),
) {
    let rows = ROWS as i32;
    let room = |row: i32| (0..rows).contains(&row) && total[row as usize] < widths[row as usize];
    for (from, &count) in own.iter().enumerate() {
        if count == 0 {
            continue;
        }
        for dir in [-1i32, 1] {
            let step = from as i32 + dir;
            if room(step) {
                visit(from, step as usize);
            }
            let mut at = from as i32;
            while (0..rows).contains(&(at + dir))
                && total[(at + dir) as usize] > 0
                && room(at + 2 * dir)
            {
                at += 2 * dir;
                visit(from, at as usize);
            }
        }
    }
}

/// The solitaire bound of one goal on one board shape, with the row of every hole
/// worked out once, for callers that ask it often.
#[derive(Clone, Debug)]
pub struct SolitaireBound {
    /// Each hole's row counted from the goal's tip.
    rows: [u8; HOLES],
    /// The goal's holes.
    goal: Holes,
    table: &'static RowBound,
}

impl SolitaireBound {
    /// The bound towards the 10-hole triangle of `goal` on a board of `shape`.
    pub fn new(shape: BoardShape, goal: Point) -> SolitaireBound {
        let geometry = Geometry::of(shape);
        let mut rows = [0u8; HOLES];
        for (hole, row) in rows.iter_mut().enumerate() {
            *row = goal.rows_from_tip(geometry.cube[hole]);
        }
        SolitaireBound {
            rows,
            goal: geometry.triangle(goal, 4),
            table: RowBound::of(shape),
        }
    }

    /// A lower bound on the moves that bring `pieces`, alone on the board, into the
    /// goal: the row-count bound of this module when there are 10 pieces, else the
    /// pieces still outside the goal (each must move at least once). `u32::MAX` when
    /// no sequence of moves can do it.
    #[inline]
    pub fn moves(&self, pieces: Holes) -> u32 {
        if pieces.count_ones() as usize != TABLE_PIECES {
            return (pieces & !self.goal).count_ones();
        }
        self.moves_with_rows(pieces, &self.row_counts(pieces))
    }

    /// How many of `pieces` stand in each row from the goal's tip.
    #[inline]
    pub fn row_counts(&self, pieces: Holes) -> [u8; ROWS] {
        let mut counts = [0u8; ROWS];
        let mut bits = pieces;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            counts[self.rows[hole] as usize] += 1;
        }
        counts
    }

    /// The row of 0-based `hole` counted from the goal's tip.
    #[inline]
    pub fn row(&self, hole: usize) -> usize {
        self.rows[hole] as usize
    }

    /// [`SolitaireBound::moves`] of 10 `pieces` whose row counts are `counts`.
    #[inline]
    pub fn moves_with_rows(&self, pieces: Holes, counts: &[u8; ROWS]) -> u32 {
        let outside = (pieces & !self.goal).count_ones();
        self.table
            .moves(counts)
            .map_or(u32::MAX, |d| d.max(outside))
    }

    /// The beam searches' key of `child`, reached by moving one piece from `from` to `to`
    /// (0-based holes) out of a position whose row counts are `counts`: its bound, then
    /// the rows its pieces still have to travel; `None` when it cannot reach the goal.
    #[inline]
    pub fn beam_key(
        &self,
        child: Holes,
        counts: &[u8; ROWS],
        from: usize,
        to: usize,
    ) -> Option<(u32, u32)> {
        let mut after = *counts;
        after[self.row(from)] -= 1;
        after[self.row(to)] += 1;
        let moves = self.moves_with_rows(child, &after);
        if moves == u32::MAX {
            return None;
        }
        let rows = (0..ROWS).map(|r| r as u32 * after[r] as u32).sum();
        Some((moves, rows))
    }

    /// The goal's holes.
    pub fn goal(&self) -> Holes {
        self.goal
    }
}

/// [`SolitaireBound::moves`] for one question: the bound on the moves that bring
/// `pieces`, alone on a board of `shape`, into the 10-hole triangle of `goal`.
pub fn solitaire_bound(shape: BoardShape, goal: Point, pieces: Holes) -> u32 {
    SolitaireBound::new(shape, goal).moves(pieces)
}
