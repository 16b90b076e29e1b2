//! Konane's move generation: the opening removals, the jumps of every direction and
//! length as bitboard shifts, and the counts an evaluation reads.

use super::rules::{neighbours, Direction, Phase, DIRECTIONS, FIRST_REMOVALS};
use super::Konane;
use crate::games::family::Colour;

impl Konane {
    /// The squares from which `colour` may make its next removal, if the opening asks
    /// for one.
    pub(super) fn removals(&self, colour: Colour) -> u64 {
        let own = self.pieces[colour.index()];
        match self.phase() {
            Phase::FirstRemoval => own & FIRST_REMOVALS,
            Phase::SecondRemoval => own & neighbours(self.empty()),
            Phase::Jumps => 0,
        }
    }

    /// Calls `found(hops, landings)` for each direction and number of hops that has
    /// landing squares, where `landings` are the squares `colour` can reach by `hops`
    /// jumps that way. Returns the total number of jumps.
    #[inline]
    pub(super) fn jumps(&self, colour: Colour, mut found: impl FnMut(Direction, i32, u64)) -> u32 {
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let mut total = 0;
        for direction in DIRECTIONS {
            let mut landings = own;
            for hops in 1..=3 {
                landings = direction.shift(direction.shift(landings) & enemy) & empty;
                if landings == 0 {
                    break;
                }
                total += landings.count_ones();
                found(direction, hops, landings);
            }
        }
        total
    }

    /// How many moves `colour` would have if it were to move (Konane's mobility).
    pub fn mobility(&self, colour: Colour) -> u32 {
        match self.phase() {
            Phase::Jumps => self.jumps(colour, |_, _, _| {}),
            _ if colour == self.side => self.removals(colour).count_ones(),
            _ => 0,
        }
    }

    /// Whether the side to move has any move.
    #[inline]
    pub(super) fn has_move(&self) -> bool {
        if self.phase() != Phase::Jumps {
            return self.removals(self.side) != 0;
        }
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[self.side.other().index()];
        let empty = self.empty();
        DIRECTIONS
            .iter()
            .any(|d| d.shift(d.shift(own) & enemy) & empty != 0)
    }
}
