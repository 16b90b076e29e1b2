//! Evaluations of the two small games of the draughts family: Konane (mobility) and
//! Alquerque (material, advancement, mobility).

use engine::games::alquerque::Alquerque;
use engine::games::draughts::Colour;
use engine::games::konane::Konane;
use engine::{Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;

/// The reward of seat A of a capped playout: a logistic of the evaluation, `scale`
/// evaluation units being worth about 0.62.
fn logistic_rewards(lead: i32, scale: f64, rewards: &mut [f64; MAX_PLAYERS]) {
    let a = 1.0 / (1.0 + (-(lead as f64) / scale).exp());
    rewards[0] = a;
    rewards[1] = 1.0 - a;
}

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

    /// A capped playout is scored by a logistic of the mobility lead (two jumps ahead is
    /// worth about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 4.0, rewards);
    }
}

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
    f.pawns as i32 * PAWN + f.advancement as i32 * ADVANCE + f.mobility as i32 * MOBILITY
}

impl Evaluate for Alquerque {
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

    /// A capped playout is scored by a logistic of the evaluation (a pawn ahead is worth
    /// about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 200.0, rewards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Game;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Positions along seeded random games of `G`.
    fn positions<G: Game>(games: u64) -> Vec<G> {
        let mut out = Vec::new();
        let mut moves = Vec::new();
        for seed in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut position = G::new(&Default::default()).expect("default options");
            while !position.is_over() {
                out.push(position.clone());
                position.generate_moves(&mut moves);
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        out
    }

    #[test]
    fn evaluations_are_zero_sum() {
        for p in positions::<Konane>(20) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
        }
        for p in positions::<Alquerque>(20) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
        }
    }

    #[test]
    fn konane_counts_jumps_and_alquerque_counts_pawns() {
        let konane = Konane::parse_position("8/8/8/8/8/8/8/1bw1w1w1 b").unwrap();
        // Black has three jumps (b1 to d1, f1 or h1), White one (c1 to a1).
        assert_eq!(konane.evaluate(Seat::A), 2);
        // The start is symmetric.
        assert_eq!(Alquerque::start().evaluate(Seat::A), 0);
        let alquerque = Alquerque::parse_position("5/5/5/5/wb3 w").unwrap();
        let mut after = alquerque.clone();
        let mv = after.parse_move("a1xc1").unwrap();
        after.play_unchecked(mv);
        assert!(after.evaluate(Seat::A) >= 100);
    }
}
