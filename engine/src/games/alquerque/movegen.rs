//! Alquerque's move generation: steps along the lines as shifts of the point sets, and
//! captures as a search of every jump chain (compulsory, any capture may be chosen).

use super::rules::{delta, last_row, moving_directions, shift, JUMP_FROM, LINE, STEP_FROM};
use super::{Alquerque, AlquerqueMove};
use crate::bitboard::Bits;
use crate::games::family::Colour;

impl Alquerque {
    /// The pawns of `colour` that can start a capture.
    pub(super) fn attackers(&self, colour: Colour) -> u32 {
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let mut starts = 0;
        for &d in moving_directions(colour) {
            let by = delta(d);
            let landings = shift(shift(own & JUMP_FROM[d], by) & enemy, by) & empty;
            starts |= shift(landings, -2 * by);
        }
        starts
    }

    /// Calls `found(d, targets)` with the points `colour`'s pawns can step to in each of
    /// their directions; returns how many steps there are.
    #[inline]
    pub(super) fn steps(&self, colour: Colour, mut found: impl FnMut(usize, u32)) -> u32 {
        let movers = self.pieces[colour.index()] & !last_row(colour);
        let empty = self.empty();
        let mut total = 0;
        for &d in moving_directions(colour) {
            let targets = shift(movers & STEP_FROM[d], delta(d)) & empty;
            if targets != 0 {
                total += targets.count_ones();
                found(d, targets);
            }
        }
        total
    }

    /// Adds every capture of the side to move to `moves`.
    pub(super) fn generate_captures(&self, attackers: u32, moves: &mut Vec<AlquerqueMove>) {
        let colour = self.side;
        let enemy = self.pieces[colour.other().index()];
        for from in Bits(attackers as u64) {
            let empty = self.empty() | (1 << from);
            for &d in moving_directions(colour) {
                let over = LINE[from as usize][d];
                if over < 0 || enemy >> over & 1 == 0 {
                    continue;
                }
                let land = LINE[over as usize][d];
                if land < 0 || empty >> land & 1 == 0 {
                    continue;
                }
                let start = Capture {
                    colour,
                    from,
                    empty,
                    keep_duplicates: self.options.keep_duplicates,
                };
                start.extend(land as u32, 1 << over, enemy & !(1 << over), moves);
            }
        }
    }
}

/// The search of one capture's continuations.
struct Capture {
    colour: Colour,
    from: u32,
    /// The points a jump may land on: those empty before the move, and the start.
    empty: u32,
    /// Whether every path is its own move (the option `duplicates=keep`).
    keep_duplicates: bool,
}

impl Capture {
    /// Goes on from `at`, having taken `captured`, with `enemy` left to take: jumps
    /// again in every direction that can, or ends the move here.
    fn extend(&self, at: u32, captured: u32, enemy: u32, moves: &mut Vec<AlquerqueMove>) {
        let mut went_on = false;
        for (d, &over) in LINE[at as usize].iter().enumerate() {
            if over < 0 || enemy >> over & 1 == 0 {
                continue;
            }
            let land = LINE[over as usize][d];
            if land < 0 || self.empty >> land & 1 == 0 {
                continue;
            }
            went_on = true;
            self.extend(
                land as u32,
                captured | 1 << over,
                enemy & !(1 << over),
                moves,
            );
        }
        if !went_on {
            let mv = AlquerqueMove::new(self.colour, self.from, at, captured);
            // Paths with the same start, end and captured set are one move, unless the
            // option counts every path.
            if self.keep_duplicates || !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
}
