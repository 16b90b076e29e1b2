//! The Konane evaluation: mobility, the side's jumps less the opponent's.

use engine::games::konane::Konane;
use engine::{Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::playouts::{logistic_rewards, Playouts};
use crate::solved::Solved;

impl Evaluate for Konane {
    /// The classic Konane evaluation: the side's jumps less the opponent's. The side
    /// that runs out of jumps loses, so the one with more to spare stands better.
    fn evaluate(&self, seat: Seat) -> i32 {
        let me = Konane::colour_of(seat);
        self.mobility(me) as i32 - self.mobility(me.other()) as i32
    }

    /// The same mobility difference after the greedy player's move.
    fn greedy_progress(&self, seat: Seat) -> i32 {
        self.evaluate(seat)
    }
}

impl Playouts for Konane {
    /// A capped playout is scored by a logistic of the mobility lead (two jumps ahead is
    /// worth about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 4.0, rewards);
    }
}

impl Solved for Konane {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;
    use engine::Game;

    #[test]
    fn evaluation_is_zero_sum() {
        for p in random_positions::<Konane>(300, 1) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
        }
    }

    #[test]
    fn counts_jumps() {
        let konane = Konane::parse_position("8/8/8/8/8/8/8/1bw1w1w1 b").unwrap();
        // Black has three jumps (b1 to d1, f1 or h1), White one (c1 to a1).
        assert_eq!(konane.evaluate(Seat::A), 2);
    }
}
