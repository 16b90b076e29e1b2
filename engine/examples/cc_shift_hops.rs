//! Measures a shift-based expansion of Chinese checkers hop chains against the engine's
//! one-hole-at-a-time search, on the same positions, and checks that both find the same
//! landings.
//!
//! The engine numbers the star's 121 holes row by row in a `u128`; no direction is one
//! shift of that numbering (the rows differ in length and start). The shift-based
//! expansion needs a layout where each direction is one shift: here the star laid on a
//! 17 x 18 grid (cube `x` and `z`, plus one empty guard column that stops a hop from
//! wrapping into the next row), 306 bits in five `u64` words. Each round takes the
//! frontier of landings one hop further in all six directions at once:
//! `land = shift(shift(frontier, d) & occupied, d) & empty`, until no new landing.
//!
//! `cargo run --release -p engine --example cc_shift_hops -- [GAMES]`

use std::hint::black_box;
use std::time::Instant;

use engine::games::chinese_checkers::geometry::{BoardShape, Geometry, Holes, HOLES, ROWS};
use engine::games::chinese_checkers::hop_landings;
use engine::{ChineseCheckers, Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Columns a row takes on the wide grid: 17 values of `x` and one guard column.
const STRIDE: i32 = 18;
/// Words of the wide grid: 17 rows of 18 bits.
const WORDS: usize = 5;

/// A set of holes on the wide grid.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Wide([u64; WORDS]);

impl Wide {
    #[inline(always)]
    fn and(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    #[inline(always)]
    fn or(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline(always)]
    fn and_not(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Every bit moved `by` places toward the high end (`by` in 1..64).
    #[inline(always)]
    fn up(self, by: u32) -> Wide {
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i == 0 { 0 } else { w[i - 1] >> (64 - by) };
            w[i] << by | carry
        }))
    }

    /// Every bit moved `by` places toward the low end (`by` in 1..64).
    #[inline(always)]
    fn down(self, by: u32) -> Wide {
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i + 1 == WORDS {
                0
            } else {
                w[i + 1] << (64 - by)
            };
            w[i] >> by | carry
        }))
    }

    /// Moves every bit one hole in direction `d` (see [`OFFSETS`]).
    #[inline(always)]
    fn step(self, d: usize) -> Wide {
        self.shifted(OFFSETS[d])
    }

    /// Moves every bit two holes in direction `d`.
    #[inline(always)]
    fn hop(self, d: usize) -> Wide {
        self.shifted(2 * OFFSETS[d])
    }

    /// Every bit moved `offset` places, toward the high end when positive.
    #[inline(always)]
    fn shifted(self, offset: i32) -> Wide {
        if offset > 0 {
            self.up(offset as u32)
        } else {
            self.down(offset.unsigned_abs())
        }
    }

    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    fn set(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    fn has(self, bit: usize) -> bool {
        self.0[bit / 64] >> (bit % 64) & 1 == 1
    }
}

/// The six directions on the wide grid: `x + 1`, `x − 1`, and the four that change `z`.
const OFFSETS: [i32; 6] = [1, -1, STRIDE, -STRIDE, STRIDE - 1, -(STRIDE - 1)];

/// The tables of the wide layout.
struct Layout {
    /// Wide bit of each hole.
    bit: [usize; HOLES],
    /// The board's holes.
    board: Wide,
    /// Each row: (first hole, holes, wide bit of the first hole).
    rows: [(u32, u32, u32); ROWS],
}

impl Layout {
    fn new(geometry: &Geometry) -> Layout {
        let mut bit = [0; HOLES];
        let mut board = Wide::default();
        for (hole, cube) in geometry.cube.iter().enumerate() {
            let b = (cube.z as i32 + 8) * STRIDE + cube.x as i32 + 8;
            bit[hole] = b as usize;
            if geometry.board >> hole & 1 == 1 {
                board.set(b as usize);
            }
        }
        let rows = std::array::from_fn(|r| {
            let start = geometry.row_start[r] as u32;
            let len = geometry.row_start[r + 1] as u32 - start;
            (start, len, bit[start as usize] as u32)
        });
        Layout { bit, board, rows }
    }

    /// A `u128` hole set on the wide grid: each row is a run of holes in both layouts.
    #[inline(always)]
    fn widen(&self, holes: Holes) -> Wide {
        let mut wide = [0u64; WORDS];
        for &(start, len, to) in &self.rows {
            let run = (holes >> start) as u64 & ((1u64 << len) - 1);
            let (word, shift) = ((to / 64) as usize, to % 64);
            wide[word] |= run << shift;
            if shift + len > 64 {
                wide[word + 1] |= run >> (64 - shift);
            }
        }
        Wide(wide)
    }
}

/// The landings of every hop chain from wide bit `from`, `occupied` without the mover.
#[inline(always)]
fn shift_landings(layout: &Layout, from: usize, occupied: Wide) -> Wide {
    let empty = layout.board.and_not(occupied);
    let mut start = Wide::default();
    start.set(from);
    flood(start, |frontier| {
        (0..6).fold(Wide::default(), |next, d| {
            let over = frontier.step(d).and(occupied);
            next.or(over.step(d).and(empty))
        })
    })
}

/// Every landing of the chains from `start` (itself excluded): `hops` takes a frontier
/// of landings one hop further in every direction, until no landing is new.
#[inline(always)]
fn flood(start: Wide, hops: impl Fn(Wide) -> Wide) -> Wide {
    let (mut reached, mut frontier) = (start, start);
    loop {
        let new = hops(frontier).and_not(reached);
        if new.is_empty() {
            return reached.and_not(start);
        }
        reached = reached.or(new);
        frontier = new;
    }
}

/// Per position: for each direction, the holes a hop can start from (the next hole in
/// that direction occupied, the one beyond it empty): one shift a direction a round.
#[inline(always)]
fn hop_sources(layout: &Layout, occupied: Wide) -> [Wide; 6] {
    let empty = layout.board.and_not(occupied);
    std::array::from_fn(|d| {
        let back = d ^ 1;
        occupied.step(back).and(empty.step(back).step(back))
    })
}

/// [`shift_landings`] from per-position hop sources: lifting the mover only removes the
/// hops over its origin (a landing on the origin is never new: the chain began there).
#[inline(always)]
fn source_landings(from: usize, sources: &[Wide; 6]) -> Wide {
    let mut start = Wide::default();
    start.set(from);
    let mut lifted = *sources;
    for (d, s) in lifted.iter_mut().enumerate() {
        // The hole just before the origin in direction d hopped over it (the guard
        // column and the rows beyond the board keep the index inside the grid).
        let before = (from as i32 - OFFSETS[d]).clamp(0, 64 * WORDS as i32 - 1) as usize;
        s.0[before / 64] &= !(1 << (before % 64));
    }
    flood(start, |frontier| {
        (0..6).fold(Wide::default(), |next, d| {
            next.or(frontier.and(lifted[d]).hop(d))
        })
    })
}

/// Seconds to find the hop landings of every piece to move of `positions`, `rounds`
/// times: `prepare` once a position, `landings` (their count) once a piece.
fn seconds<P>(
    positions: &[(Holes, Holes)],
    rounds: usize,
    prepare: impl Fn(Holes) -> P,
    landings: impl Fn(&P, usize) -> u32,
) -> f64 {
    let clock = Instant::now();
    let mut total = 0u64;
    for _ in 0..rounds {
        for &(occupied, mine) in black_box(positions) {
            let prepared = prepare(occupied);
            let mut bits = mine;
            while bits != 0 {
                let from = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                total += landings(&prepared, from) as u64;
            }
        }
    }
    black_box(total);
    clock.elapsed().as_secs_f64()
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("GAMES: a whole number"))
        .unwrap_or(300);
    let geometry = Geometry::of(BoardShape::Star);
    let layout = Layout::new(geometry);
    // Positions of seeded two-player games, and each side-to-move's pieces.
    let mut positions: Vec<(Holes, Holes)> = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut moves = Vec::new();
    for game in 0..games {
        let mut position = ChineseCheckers::default();
        for _ in 0..200 {
            if position.is_over() {
                break;
            }
            let mover = position.to_move();
            let occupied = position.pieces(Seat::A) | position.pieces(Seat::B);
            positions.push((occupied, position.pieces(mover)));
            position.generate_moves(&mut moves);
            // Half the games random, half racing (the move that gains the most steps,
            // a random one one time in five): a search meets packed camps and long
            // chains more than random play does.
            let racing = game % 2 == 1 && rng.random_range(0..5) != 0;
            let mv = if racing {
                *moves
                    .iter()
                    .max_by_key(|m| {
                        let (from, to) = (m.from() as usize - 1, m.to() as usize - 1);
                        position.steps_to_goal(mover, from) - position.steps_to_goal(mover, to)
                    })
                    .expect("a move")
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            position.play_unchecked(mv);
        }
    }
    // Both find the same landings for every piece of every position.
    let mut pieces = 0u64;
    for &(occupied, mine) in &positions {
        let wide = layout.widen(occupied);
        let mut bits = mine;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let lifted = occupied & !(1 << from);
            let expected = hop_landings(geometry, from, lifted);
            let mut lifted_wide = wide;
            lifted_wide.0[layout.bit[from] / 64] &= !(1 << (layout.bit[from] % 64));
            let got = shift_landings(&layout, layout.bit[from], lifted_wide);
            let sources = hop_sources(&layout, wide);
            let got2 = source_landings(layout.bit[from], &sources);
            for hole in 0..HOLES {
                assert_eq!(
                    expected >> hole & 1 == 1,
                    got.has(layout.bit[hole]),
                    "hole {hole}"
                );
                assert_eq!(
                    expected >> hole & 1 == 1,
                    got2.has(layout.bit[hole]),
                    "hole {hole}"
                );
            }
            pieces += 1;
        }
    }
    println!(
        "{} positions, {pieces} pieces: both expansions find the same landings",
        positions.len()
    );
    let rounds = 20;
    let hole_by_hole = seconds(
        &positions,
        rounds,
        |occupied| occupied,
        |occupied, from| hop_landings(geometry, from, occupied & !(1 << from)).count_ones(),
    );
    let shifted = seconds(
        &positions,
        rounds,
        |occupied| layout.widen(occupied),
        |wide, from| {
            let b = layout.bit[from];
            let mut lifted = *wide;
            lifted.0[b / 64] &= !(1 << (b % 64));
            shift_landings(&layout, b, lifted).count()
        },
    );
    let sourced = seconds(
        &positions,
        rounds,
        |occupied| hop_sources(&layout, layout.widen(occupied)),
        |sources, from| source_landings(layout.bit[from], sources).count(),
    );
    let per = |s: f64| s * 1e9 / (rounds as f64 * pieces as f64);
    println!(
        "hop landings a piece: hole by hole {:.1} ns, shift-based {:.1} ns, shift-based from \
         per-position hop sources {:.1} ns (widening included)",
        per(hole_by_hole),
        per(shifted),
        per(sourced)
    );
}
