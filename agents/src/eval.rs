//! Per-game evaluations: the agents' opinions of a position, kept apart from the rules.

use engine::{Game, Leapfrog, Seat};

/// A game that the searching agents can play: it has an evaluation.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, larger is better, in rough units of one
    /// spot of progress. Only the differences between positions matter.
    fn evaluate(&self, seat: Seat) -> i32;
}

impl Evaluate for Leapfrog {
    fn evaluate(&self, seat: Seat) -> i32 {
        let other = seat.next(2);
        let mine = self.pieces_in_goal(seat) as i32 * 4 + self.distance(seat);
        let theirs = self.pieces_in_goal(other) as i32 * 4 + self.distance(other);
        mine - theirs
    }
}
