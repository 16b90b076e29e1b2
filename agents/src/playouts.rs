//! How MCTS playouts play a game: the [`Playouts`] trait (the move policy, what a move
//! gains, and the rewards of a playout stopped by its cap), kept apart from the
//! evaluation that minimax reads. Each game implements it in its evaluation file.

use engine::{EndReason, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly at random.
    Random,
    /// The move of the largest [`Playouts::playout_gain`], ties broken at random; a
    /// random move with probability `playout_epsilon`.
    Greedy,
}

impl Playout {
    /// The names the `playout` key takes, in the order of `Playout::from_index`.
    pub const NAMES: &'static [&'static str] = &["random", "greedy"];

    /// The playout named by `NAMES[index]`.
    pub(crate) fn from_index(index: usize) -> Playout {
        [Playout::Random, Playout::Greedy][index]
    }
}

/// A game that MCTS can play out: the defaults play uniformly random moves and score a
/// capped playout by the game's progress.
pub trait Playouts: Evaluate {
    /// How MCTS playouts choose their moves when the spec names no `playout`. The
    /// default is uniformly random moves.
    const PLAYOUT: Playout = Playout::Random;

    /// What `mv`, a legal move here, gains the seat to move, for greedy playouts: larger
    /// is better, and only the order of the gains of one position's moves matters. The
    /// default is the change of [`Evaluate::greedy_progress`].
    fn playout_gain(&self, mv: Self::Move) -> i32 {
        let seat = self.to_move();
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.greedy_progress(seat) - self.greedy_progress(seat)
    }

    /// The reward of each seat, in [0, 1], of an MCTS playout stopped by its cap in this
    /// position (which is not over), written to `rewards[..players]`. The default is
    /// each seat's [`engine::Outcome::score`] in [`engine::Game::outcome_by_progress`].
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let outcome = self.outcome_by_progress(EndReason::PlyCap);
        for seat in Seat::all(self.players()) {
            rewards[seat.index()] = outcome.score(seat);
        }
    }

    /// [`Playouts::playout_gain`] of the game's plainer evaluation, for the `eval=basic`
    /// knob of MCTS. The default is the full one.
    fn playout_gain_basic(&self, mv: Self::Move) -> i32 {
        self.playout_gain(mv)
    }

    /// [`Playouts::capped_rewards`] of the game's plainer evaluation, for the
    /// `eval=basic` knob of MCTS. The default is the full one.
    fn capped_rewards_basic(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        self.capped_rewards(rewards)
    }
}

/// The rewards of a capped playout in a two-player game: seat A's is a logistic of its
/// evaluation `lead`, `scale` units being worth about 0.62, seat B's the rest.
pub fn logistic_rewards(lead: i32, scale: f64, rewards: &mut [f64; MAX_PLAYERS]) {
    let a = 1.0 / (1.0 + (-(lead as f64) / scale).exp());
    rewards[0] = a;
    rewards[1] = 1.0 - a;
}
