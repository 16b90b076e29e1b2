//! Retrograde analysis of one pair of slices: a material and its mirror (the same
//! material with the sides swapped), which a quiet move goes back and forth between.
//!
//! Captures and crownings leave the pair for slices already solved (fewer pieces, or
//! fewer men), so their values are looked up. The rest is settled in order of distance:
//! a position is a win in `d` plies if a move leads to a loss in `d - 1`; a loss in `d`
//! if every move leads to a win, the slowest in `d - 1`. Positions are taken from
//! buckets by distance, and each settled position updates its predecessors, found by
//! unmaking quiet moves (a man back one step, a king one step any way) and checking that
//! the predecessor had no capture (a capture would have been forced). What is left when
//! the buckets run dry is a draw: neither side can force a win.

use super::index::{Frame, Material, Squares};
use super::{code, EndgameError, Tables};
use crate::game::Game;
use crate::games::draughts::{Colour, Draughts, DraughtsMove, English};
use crate::games::leapfrog::solve::{Entry, Value};

/// No win found yet.
const NO_WIN: u16 = u16::MAX;

/// The working state of one slice of the pair.
struct Work {
    material: Material,
    /// Moves not yet known to lose for the mover (to a win for the other side), or
    /// [`INVALID`] for ranks that are not positions.
    open: Vec<u8>,
    /// The slowest win found among the other side's replies, in plies.
    slowest: Vec<u16>,
    /// The quickest win found so far, in plies, or [`NO_WIN`].
    win: Vec<u16>,
    /// Final codes (0 while unsettled).
    codes: Vec<u16>,
}

/// Not a position.
const INVALID: u8 = u8::MAX;

/// A scratch English position whose pieces are set directly, for move generation.
pub(super) struct Scratch {
    pub(super) position: Draughts<English>,
    pub(super) moves: Vec<DraughtsMove<English>>,
    pub(super) squares: Squares,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            position: Draughts::empty_board(Colour::White),
            moves: Vec::with_capacity(32),
            squares: Squares::new(),
        }
    }

    /// Sets the position to `frame` with the side to move as White.
    #[inline]
    pub(super) fn set(&mut self, frame: Frame) {
        let sq = &self.squares;
        let white = sq.to_bits(frame.men | frame.kings);
        let black = sq.to_bits(frame.other_men | frame.other_kings);
        self.position.pieces = [white, black];
        self.position.kings = sq.to_bits(frame.kings | frame.other_kings);
        self.position.side = Colour::White;
    }

    /// Sets the position to `frame` with the other side (as Black) to move.
    #[inline]
    fn set_other_to_move(&mut self, frame: Frame) {
        self.set(frame);
        self.position.side = Colour::Black;
    }

    /// The legal moves of `frame` (side to move as White) into `self.moves`.
    #[inline]
    pub(super) fn generate(&mut self, frame: Frame) {
        self.set(frame);
        self.position.generate_moves(&mut self.moves);
    }

    /// The frame after `mv` (a move of the side to move of `frame`), seen from the new
    /// side to move.
    #[inline]
    pub(super) fn child(&self, frame: Frame, mv: &DraughtsMove<English>) -> Frame {
        let sq = &self.squares;
        let from = 1u32 << sq.square(u32::from(mv.from));
        let to = 1u32 << sq.square(u32::from(mv.to));
        let captured = sq.from_bits(mv.captured);
        let mut next = frame;
        if next.kings & from != 0 {
            next.kings ^= from | to;
        } else if mv.promotes() {
            next.men ^= from;
            next.kings |= to;
        } else {
            next.men ^= from | to;
        }
        next.other_men &= !captured;
        next.other_kings &= !captured;
        next.turned()
    }
}

/// The entry of the position `frame` from tables already built.
#[inline]
pub(super) fn known(tables: &Tables, frame: Frame) -> Option<Entry> {
    let material = frame.material();
    if material.men + material.kings == 0 {
        // The side to move has no piece left: it has lost.
        return Some(Entry {
            value: Value::Loss,
            distance: 0,
        });
    }
    let slice = tables.slice(material)?;
    code::unpack(slice.codes[material.rank(frame) as usize])
}

/// Solves the pair of `material` (and its mirror, when different) into `tables`.
///
/// # Errors
/// [`EndgameError::TooDeep`] when a distance does not fit the table's code.
pub(super) fn solve_pair(
    tables: &mut Tables,
    material: Material,
    scratch: &mut Scratch,
) -> Result<(), EndgameError> {
    let mirror = material.turned();
    let mut works = vec![Work::new(material)];
    if mirror != material {
        works.push(Work::new(mirror));
    }
    // Which work holds the positions after a quiet move from work `w`.
    let after = |w: usize| if works_len(material) == 1 { 0 } else { 1 - w };
    let mut buckets: Vec<Vec<(u8, u32)>> = vec![Vec::new(); 2];

    // Every position: its moves, the values of those that leave the pair, and how many
    // stay inside it.
    for w in 0..works.len() {
        let slice_material = works[w].material;
        let target = after(w);
        let target_material = works[target].material;
        let mut settle = Vec::new();
        slice_material.for_each(|rank, frame| {
            let rank = rank as usize;
            scratch.generate(frame);
            let mut open = 0u32;
            let mut slowest = 0u32;
            let mut win = u32::from(NO_WIN);
            for mv in &scratch.moves {
                let child = scratch.child(frame, mv);
                if !mv.is_capture() && !mv.promotes() {
                    debug_assert_eq!(child.material(), target_material);
                    open += 1;
                    continue;
                }
                let entry = known(tables, child).expect("slices are built smaller first");
                match entry.value {
                    Value::Loss => win = win.min(entry.distance + 1),
                    Value::Win => slowest = slowest.max(entry.distance),
                    Value::Draw => open += 1,
                }
            }
            let work = &mut works[w];
            work.open[rank] = open.min(254) as u8;
            work.slowest[rank] = slowest.min(u32::from(NO_WIN) - 1) as u16;
            if scratch.moves.is_empty() {
                settle.push((0u32, rank));
            } else if win != u32::from(NO_WIN) {
                work.win[rank] = win as u16;
                settle.push((win, rank));
            } else if open == 0 {
                settle.push((slowest + 1, rank));
            }
        });
        for (distance, rank) in settle {
            push(&mut buckets, distance, w as u8, rank as u32);
        }
    }

    // Settle by distance.
    let mut d = 0;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for (w, rank) in bucket {
            let (w, rank) = (w as usize, rank as usize);
            let work = &works[w];
            if work.codes[rank] != 0 {
                continue;
            }
            let entry = if work.win[rank] as usize == d {
                Entry {
                    value: Value::Win,
                    distance: d as u32,
                }
            } else if work.open[rank] == 0
                && work.win[rank] == NO_WIN
                && (d == 0 || work.slowest[rank] as usize + 1 == d)
            {
                Entry {
                    value: Value::Loss,
                    distance: d as u32,
                }
            } else {
                continue;
            };
            let packed = code::pack(entry).ok_or(EndgameError::TooDeep {
                material: format!("{:?}", work.material),
                distance: entry.distance,
            })?;
            let frame = works[w].frame_at(rank);
            works[w].codes[rank] = packed;
            // The positions one quiet move before this one: the other side moved.
            let before = after(w);
            let before_material = works[before].material;
            for_each_predecessor(scratch, frame, |previous| {
                let previous_rank = before_material.rank(previous) as usize;
                let work = &mut works[before];
                if work.codes[previous_rank] != 0 || work.open[previous_rank] == INVALID {
                    return;
                }
                match entry.value {
                    Value::Loss => {
                        let win = d + 1;
                        if win < work.win[previous_rank] as usize {
                            work.win[previous_rank] = win as u16;
                            push(&mut buckets, win as u32, before as u8, previous_rank as u32);
                        }
                    }
                    Value::Win => {
                        work.open[previous_rank] -= 1;
                        let slowest = &mut work.slowest[previous_rank];
                        *slowest = (*slowest).max(d as u16);
                        if work.open[previous_rank] == 0 && work.win[previous_rank] == NO_WIN {
                            let loss = *slowest as u32 + 1;
                            push(&mut buckets, loss, before as u8, previous_rank as u32);
                        }
                    }
                    Value::Draw => unreachable!("draws are what is left at the end"),
                }
            });
        }
        d += 1;
    }

    for work in works {
        let mut codes = work.codes;
        for (code, open) in codes.iter_mut().zip(&work.open) {
            if *code == 0 && *open != INVALID {
                *code = code::DRAW;
            }
        }
        tables.insert(work.material, codes);
    }
    Ok(())
}

/// How many slices the pair of `material` has: one when it is its own mirror.
fn works_len(material: Material) -> usize {
    if material.turned() == material {
        1
    } else {
        2
    }
}

fn push(buckets: &mut Vec<Vec<(u8, u32)>>, distance: u32, work: u8, rank: u32) {
    let d = distance as usize;
    if buckets.len() <= d {
        buckets.resize_with(d + 1, Vec::new);
    }
    buckets[d].push((work, rank));
}

impl Work {
    fn new(material: Material) -> Work {
        let ranks = material.ranks() as usize;
        let mut work = Work {
            material,
            open: vec![INVALID; ranks],
            slowest: vec![0; ranks],
            win: vec![NO_WIN; ranks],
            codes: vec![0; ranks],
        };
        material.for_each(|rank, _| work.open[rank as usize] = 0);
        work
    }

    /// The position at `rank` (a position of the slice).
    fn frame_at(&self, rank: usize) -> Frame {
        self.material.frame_at(rank as u64)
    }
}

/// Calls `visit` with every position (seen from its side to move) from which a quiet
/// move that is not a crowning leads to `frame`: the other side's man one step back
/// (men of the other side move down the board here, so back is up) or king one step
/// any way, onto an empty square, in a position where that side had no capture.
fn for_each_predecessor(scratch: &mut Scratch, frame: Frame, mut visit: impl FnMut(Frame)) {
    let empty = !frame.occupied();
    let mut candidates = [Frame::default(); 32];
    let mut count = 0;
    for (pieces, directions, king) in [
        (frame.other_men, 0..2, false),
        (frame.other_kings, 0..4, true),
    ] {
        let mut rest = pieces;
        while rest != 0 {
            let square = rest.trailing_zeros();
            rest &= rest - 1;
            for direction in directions.clone() {
                let from = scratch.squares.neighbours[square as usize][direction];
                if from == u8::MAX || empty >> from & 1 == 0 {
                    continue;
                }
                let swap = (1u32 << square) | (1u32 << from);
                let mut previous = frame;
                if king {
                    previous.other_kings ^= swap;
                } else {
                    previous.other_men ^= swap;
                }
                candidates[count] = previous;
                count += 1;
            }
        }
    }
    for previous in &candidates[..count] {
        scratch.set_other_to_move(*previous);
        if !scratch.position.has_capture() {
            visit(previous.turned());
        }
    }
}
