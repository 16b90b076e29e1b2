//! The evaluation of the all-squares draughts games (Turkish, Gothic, Dameo): material,
//! kings, how far the men have come, and mobility, in hundredths of a man.

use engine::games::draughts64::{Colour, Draughts64, Rules64};
use engine::{Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::playouts::{logistic_rewards, Playouts};
use crate::solved::Solved;

/// Weights, in hundredths of a man.
mod weights {
    /// A man.
    pub const MAN: i32 = 100;
    /// A king that moves one square (Gothic): worth about two men on an open board.
    pub const SHORT_KING: i32 = 200;
    /// A flying king (Turkish, Dameo): worth about three men.
    pub const FLYING_KING: i32 = 300;
    /// Each rank a man has advanced.
    pub const ADVANCE: i32 = 3;
    /// A man still on the own back rank, guarding the crowning row.
    pub const BACK_RANK: i32 = 4;
    /// One non-capturing step.
    pub const MOBILITY: i32 = 2;
}

/// One side's standing: material, advancement, back rank and mobility.
fn standing<R: Rules64>(position: &Draughts64<R>, colour: Colour) -> i32 {
    use weights::*;
    let f = position.features(colour);
    let king = if Draughts64::<R>::flying_kings() {
        FLYING_KING
    } else {
        SHORT_KING
    };
    f.men as i32 * MAN
        + f.kings as i32 * king
        + f.advancement as i32 * ADVANCE
        + f.back_rank as i32 * BACK_RANK
        + f.mobility as i32 * MOBILITY
}

impl<R: Rules64> Evaluate for Draughts64<R> {
    /// A quarter of a man.
    const ASPIRATION: i32 = 25;

    /// Captures are compulsory: a side that can capture must.
    fn in_exchange(&self) -> bool {
        self.has_capture()
    }

    /// The side's standing less the opponent's.
    fn evaluate(&self, seat: Seat) -> i32 {
        let me = Draughts64::<R>::colour_of(seat);
        standing(self, me) - standing(self, me.other())
    }

    /// Material first (a king two men), then how far the men have come: what the greedy
    /// player maximises.
    fn greedy_progress(&self, seat: Seat) -> i32 {
        let me = Draughts64::<R>::colour_of(seat);
        let material = |colour: Colour| {
            let (men, kings) = self.material(colour);
            men as i32 + 2 * kings as i32
        };
        let mut lead = material(me) - material(me.other());
        // After the greedy player's move the opponent is to move and must capture if it
        // can: the pieces it can take at once are as good as lost (without this, greedy
        // walks into captures and plays no better than random).
        if self.side_to_move() != me && self.has_capture() {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            lead -= moves.iter().map(|m| m.captures() as i32).max().unwrap_or(0);
        }
        1000 * lead + self.features(me).advancement as i32
    }
}

impl<R: Rules64> Playouts for Draughts64<R> {
    /// A capped playout is scored by a logistic of the evaluation (a man ahead is worth
    /// about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 200.0, rewards);
    }
}

impl<R: Rules64> Solved for Draughts64<R> {}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::draughts64::{Dameo, Gothic, Turkish};
    use engine::Game;

    fn zero_sum_and_symmetric_at_start<R: Rules64>() {
        let mut position = Draughts64::<R>::start();
        assert_eq!(position.evaluate(Seat::A), 0);
        let mut moves = Vec::new();
        for _ in 0..12 {
            if position.is_over() {
                break;
            }
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[moves.len() / 2]);
            assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
        }
    }

    #[test]
    fn evaluations_are_zero_sum() {
        zero_sum_and_symmetric_at_start::<Turkish>();
        zero_sum_and_symmetric_at_start::<Gothic>();
        zero_sum_and_symmetric_at_start::<Dameo>();
    }

    #[test]
    fn a_king_is_worth_more_than_a_man() {
        let men = Draughts64::<Turkish>::parse_position("W:Wa3,b3:Bh6").unwrap();
        let king = Draughts64::<Turkish>::parse_position("W:Wa3,Kb3:Bh6").unwrap();
        assert!(king.evaluate(Seat::A) > men.evaluate(Seat::A));
        assert!(men.evaluate(Seat::A) > 0);
    }
}
