//! The Chinese checkers evaluation: each seat's standing in steps still to travel, goal
//! pieces and stragglers, and the greedy playouts and capped rewards of MCTS.

use engine::{ChineseCheckers, Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::playouts::{Playout, Playouts};
use crate::solved::Solved;

/// Weights of the Chinese checkers evaluation, in rows of progress.
mod cc_weights {
    /// A piece in the goal, over the rows it took to get there.
    pub const GOAL: i32 = 2;
    /// Each row the rearmost piece lies more than [`STRAGGLER_SLACK`] rows behind the
    /// seat's mean: a straggler costs many turns at the end, when no piece is left to
    /// hop over.
    pub const STRAGGLER: i32 = 1;
    /// How far behind the mean the rearmost piece may lie unpunished.
    pub const STRAGGLER_SLACK: i32 = 3;
    /// A finished seat's standing, less its place: above any seat still playing.
    pub const FINISHED: i32 = 10_000;
    /// The spread, in rows of standing, of the logistic that turns the difference of
    /// two seats' standings into a capped playout's reward.
    pub const REWARD_ROWS: f64 = 4.0;
}

/// Chinese checkers: a seat's standing in steps of progress (steps still to travel to
/// the goal's tip, sideways ones included, negated, a bonus per piece in the goal and a penalty for a straggler), a finished seat
/// far above any seat still playing (the earlier place the higher), a seat out on the
/// deadline far below.
fn chinese_checkers_standing(position: &ChineseCheckers, seat: Seat) -> i32 {
    use cc_weights::*;
    if let Some(place) = position.place(seat) {
        return FINISHED - 100 * place as i32;
    }
    if let Some(place) = position.out_place(seat) {
        // Out on the deadline option: below any seat still playing.
        return -FINISHED - 100 * place as i32;
    }
    let mut bits = position.pieces(seat);
    let pieces = bits.count_ones() as i32;
    let (mut total, mut rear) = (0, 0);
    while bits != 0 {
        let rows = position.steps_to_goal(seat, bits.trailing_zeros() as usize);
        total += rows;
        rear = rear.max(rows);
        bits &= bits - 1;
    }
    // The rearmost piece's rows behind the mean, times the number of pieces.
    let behind = (rear * pieces - total).max(0);
    let straggle = (behind - STRAGGLER_SLACK * pieces).max(0) / pieces.max(1);
    GOAL * position.pieces_in_goal(seat) as i32 - total - STRAGGLER * straggle
}

impl Evaluate for ChineseCheckers {
    /// The seat's standing less the best standing among the other seats. With two
    /// players it is zero-sum.
    fn evaluate(&self, seat: Seat) -> i32 {
        let best_other = Seat::all(self.players())
            .filter(|other| *other != seat)
            .map(|other| chinese_checkers_standing(self, other))
            .max()
            .unwrap_or(0);
        chinese_checkers_standing(self, seat) - best_other
    }
}

impl Playouts for ChineseCheckers {
    /// Capped greedy playouts: a random game of Chinese checkers wanders for hundreds
    /// of plies and says little about a position.
    const PLAYOUT: Playout = Playout::Greedy;

    /// The steps the move travels toward the goal's tip.
    #[inline]
    fn playout_gain(&self, mv: Self::Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        // The move's holes are 1-based.
        let seat = mv.seat();
        let (from, to) = (mv.from() as usize - 1, mv.to() as usize - 1);
        self.steps_to_goal(seat, from) - self.steps_to_goal(seat, to)
    }

    /// For each seat, the mean over the other seats of a logistic of the difference of
    /// standings (so a seat level with another takes 1/2 from it, and the rewards of
    /// all seats sum to half the number of seats, as outcomes' scores do).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let players = self.players();
        let mut standing = [0.0; MAX_PLAYERS];
        for seat in Seat::all(players) {
            standing[seat.index()] = chinese_checkers_standing(self, seat) as f64;
        }
        for seat in 0..players {
            let sum: f64 = (0..players)
                .filter(|other| *other != seat)
                .map(|other| {
                    let lead = (standing[seat] - standing[other]) / cc_weights::REWARD_ROWS;
                    1.0 / (1.0 + (-lead).exp())
                })
                .sum();
            rewards[seat] = sum / (players - 1) as f64;
        }
    }
}

impl Solved for ChineseCheckers {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_checkers_evaluation_is_zero_sum_for_two_and_favours_progress() {
        let mut position = ChineseCheckers::default();
        assert_eq!(position.evaluate(Seat::A), 0);
        let mv = position.parse_move("8-17").unwrap();
        position.play_unchecked(mv);
        assert!(position.evaluate(Seat::A) > 0);
        assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
    }
}
