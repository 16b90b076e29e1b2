//! What a searching agent needs to know of a game: the [`Evaluate`] trait. Each game's
//! evaluation, its opinion of a position kept apart from the rules, has a file of its
//! own: `eval_leapfrog.rs`, `eval_chinese_checkers.rs`, `eval_draughts.rs` (the diagonal
//! variants), `eval_draughts64.rs` (Turkish, Gothic, Dameo), `eval_konane.rs` and
//! `eval_alquerque.rs`. The same files say how MCTS playouts play the game
//! ([`crate::playouts::Playouts`]) and what exact results it has
//! ([`crate::solved::Solved`]): those are traits of their own, since neither is an
//! opinion of a position.

use engine::{Game, Seat, MAX_PLAYERS};

use crate::plan::Plan;

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

    /// [`Evaluate::evaluate`] for every seat, into `values[..players]`: for searches
    /// that keep one value a seat (max^n). The default asks once a seat.
    fn evaluate_all(&self, values: &mut [i32; MAX_PLAYERS]) {
        for seat in Seat::all(self.players()) {
            values[seat.index()] = self.evaluate(seat);
        }
    }

    /// Builds whatever tables the evaluation reads, once per process, so that the
    /// searches can call it when a game starts and no move pays for it. Nothing by
    /// default.
    fn prepare_tables() {}

    /// A move that only hands the turn to the next seat, whether or not the rules let
    /// the seat to move pass: for best-reply search, where the opponents other than
    /// the one replying sit out. `None` (the default) where the game has none.
    fn null_move(&self) -> Option<Self::Move> {
        None
    }

    /// Where the seat to move races alone (no other seat on the board, or none it can
    /// still meet): a way to finish the game in fewer than `within` moves, found within
    /// `nodes` positions, for the minimax player's `plan` knob ([`crate::solo`]); no
    /// moves elsewhere. The default has no planner and finds none.
    fn plan_alone(&self, nodes: u64, within: usize) -> Plan<Self::Move> {
        let _ = (nodes, within);
        Plan::none()
    }

    /// Whether the position is the middle of an exchange: the side to move must capture
    /// (captures are compulsory in the draughts family), so the material on the board is
    /// about to change and the search plays the captures out rather than evaluate here.
    /// The default, for games without compulsory captures, is never.
    fn in_exchange(&self) -> bool {
        false
    }

    /// Whether the position occurred before since the last ply that cannot be played
    /// back, where the rules draw by repetition: the minimax knob `repeat=once` scores
    /// it as a draw. The default, for games without such a rule, is never.
    fn repeated(&self) -> bool {
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
}
