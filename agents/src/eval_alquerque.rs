//! The Alquerque evaluation: material, advancement and mobility.

use engine::games::alquerque::Alquerque;
use engine::games::draughts::Colour;
use engine::{Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::playouts::{logistic_rewards, Playouts};
use crate::solved::Solved;

/// Weights of the Alquerque evaluation, in hundredths of a pawn.
mod alquerque_weights {
    /// A pawn.
    pub const PAWN: i32 = 100;
    /// Each rank a pawn has advanced. Small: a pawn on the far row can no longer step,
    /// and a side that cannot move loses.
    pub const ADVANCE: i32 = 3;
    /// One step the side could make.
    pub const MOBILITY: i32 = 4;
}

/// One side's standing in Alquerque.
fn alquerque_standing(position: &Alquerque, colour: Colour) -> i32 {
    use alquerque_weights::*;
    let f = position.features(colour);
    f.men as i32 * PAWN + f.advancement as i32 * ADVANCE + f.mobility as i32 * MOBILITY
}

impl Evaluate for Alquerque {
    /// A quarter of a pawn.
    const ASPIRATION: i32 = 25;

    /// Captures are compulsory: a side that can capture must.
    fn in_exchange(&self) -> bool {
        self.has_capture()
    }

    /// Material, advancement and mobility: the side's standing less the opponent's.
    fn evaluate(&self, seat: Seat) -> i32 {
        let me = Alquerque::colour_of(seat);
        alquerque_standing(self, me) - alquerque_standing(self, me.other())
    }

    /// The evaluation itself, less the pawns the opponent can take at once when it is
    /// to move (captures are compulsory): counting only material and advancement, the
    /// greedy player marched its pawns into the opponent's captures.
    fn greedy_progress(&self, seat: Seat) -> i32 {
        let mut score = self.evaluate(seat);
        if self.side_to_move() != Alquerque::colour_of(seat) && self.has_capture() {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            let threat = moves.iter().map(|m| m.captures() as i32).max().unwrap_or(0);
            score -= threat * alquerque_weights::PAWN;
        }
        score
    }
}

impl Playouts for Alquerque {
    /// A capped playout is scored by a logistic of the evaluation (a pawn ahead is worth
    /// about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 200.0, rewards);
    }
}

impl Solved for Alquerque {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;

    #[test]
    fn evaluation_is_zero_sum() {
        for p in random_positions::<Alquerque>(300, 1) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
        }
    }

    #[test]
    fn counts_pawns() {
        // The start is symmetric.
        assert_eq!(Alquerque::start().evaluate(Seat::A), 0);
        let alquerque = Alquerque::parse_position("5/5/5/5/wb3 w").unwrap();
        let mut after = alquerque.clone();
        let mv = after.parse_move("a1xc1").unwrap();
        after.play_unchecked(mv);
        assert!(after.evaluate(Seat::A) >= 100);
    }
}
