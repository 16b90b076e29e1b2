//! What a searching agent needs to know of a game: the [`Evaluate`] trait. Each game's
//! evaluation, its opinion of a position kept apart from the rules, has a file of its
//! own: `eval_leapfrog.rs`, `eval_chinese_checkers.rs`, `eval_draughts.rs` (the diagonal
//! variants), `eval_draughts64.rs` (Turkish, Gothic, Dameo), `eval_konane.rs` and
//! `eval_alquerque.rs`.

use std::path::Path;

use engine::games::draughts::endgame::Endgame;
use engine::games::leapfrog::solve::Entry;
use engine::{EndReason, Game, Seat, MAX_PLAYERS};

use crate::agent::Agent;
use crate::mcts::Playout;
use crate::spec::SpecError;

/// A game that the searching agents can play: it has an evaluation.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, larger is better, in rough units of one
    /// spot of progress. Only the differences between positions matter. Searches clamp
    /// it to ±100,000.
    fn evaluate(&self, seat: Seat) -> i32;

    /// A plainer evaluation for the `eval=basic` knob of minimax: weaker levels, and the
    /// measure of what the full evaluation gains. The default is [`Evaluate::evaluate`].
    fn evaluate_basic(&self, seat: Seat) -> i32 {
        self.evaluate(seat)
    }

    /// Whether the position is the middle of an exchange: the side to move must capture
    /// (captures are compulsory in the draughts family), so the material on the board is
    /// about to change and the search plays the captures out rather than evaluate here.
    /// The default, for games without compulsory captures, is never.
    fn in_exchange(&self) -> bool {
        false
    }

    /// The half-width of the minimax root's aspiration window, in evaluation units (0:
    /// none, every iteration searched with the full window).
    const ASPIRATION: i32 = 0;

    /// The one-ply measure the greedy player maximises for `seat` after its own move:
    /// the game's progress, refined by per-game knowledge. The default is
    /// [`Game::progress`].
    fn greedy_progress(&self, seat: Seat) -> i32 {
        self.progress(seat)
    }

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
    /// each seat's [`engine::Outcome::score`] in [`Game::outcome_by_progress`].
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let outcome = self.outcome_by_progress(EndReason::PlyCap);
        for seat in Seat::all(self.players()) {
            rewards[seat.index()] = outcome.score(seat);
        }
    }

    /// The entry of endgame tables for this position (its value for the side to move and
    /// the plies to the end under perfect play), when the game has such tables and they
    /// cover it: English checkers; `None` for every other game. Minimax and MCTS with
    /// `table=FILE` stop their search there.
    fn table_entry(&self, tables: &Endgame) -> Option<Entry> {
        let _ = tables;
        None
    }

    /// The perfect player of a solved game, from the table file at `table` (or a solve
    /// in this process when `None`); `None` for games that are not solved.
    fn perfect_agent(
        spec: String,
        table: Option<&Path>,
    ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        let _ = (spec, table);
        None
    }
}

/// The rewards of a capped playout in a two-player game: seat A's is a logistic of its
/// evaluation `lead`, `scale` units being worth about 0.62, seat B's the rest.
pub fn logistic_rewards(lead: i32, scale: f64, rewards: &mut [f64; MAX_PLAYERS]) {
    let a = 1.0 / (1.0 + (-(lead as f64) / scale).exp());
    rewards[0] = a;
    rewards[1] = 1.0 - a;
}
