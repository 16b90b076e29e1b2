//! The [`Agent`] trait: what every player offers the arena.

use engine::{EndReason, Game};

/// A player of game `G`.
///
/// The arena calls [`Agent::reset`] with the game's seed before each game: that seed is
/// the agent's only source of randomness, so a game replays exactly from its seed. Budgets
/// (depth, nodes, iterations) come from the agent's spec and never from a clock.
pub trait Agent<G: Game>: Send {
    /// The spec string that built this agent, e.g. `minimax:depth=4`.
    fn spec(&self) -> &str;

    /// Forgets everything about the last game and reseeds the agent.
    fn reset(&mut self, seed: u64);

    /// The move to play in `position`, whose game is not over and whose seat to move is
    /// this agent's. The move must be legal; an agent that returns an illegal move loses
    /// the game by forfeit.
    fn choose(&mut self, position: &G) -> G::Move;

    /// The move to play in `position`, as [`Agent::choose`], or why this seat gives the
    /// game up: a player that runs as a program of its own may crash, hang, answer
    /// nonsense or resign. The default asks [`Agent::choose`], which cannot fail.
    ///
    /// # Errors
    /// The [`Forfeit`] that ends the game, lost by this seat.
    fn try_choose(&mut self, position: &G) -> Result<G::Move, Forfeit> {
        Ok(self.choose(position))
    }

    /// The move to play in `position`, as [`Agent::try_choose`], when the caller has
    /// the legal moves at hand: `legal` lists them in the order
    /// [`Game::generate_moves`] gives. An agent that chooses from that list alone (a
    /// random player) takes it instead of generating it again, with the same result;
    /// the default ignores it.
    ///
    /// # Errors
    /// As [`Agent::try_choose`].
    fn try_choose_among(&mut self, position: &G, legal: &[G::Move]) -> Result<G::Move, Forfeit> {
        let _ = legal;
        self.try_choose(position)
    }

    /// Tells the agent that `mv` was played in `before` (by any seat, this one included),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, before: &G, mv: G::Move) {
        let _ = (before, mv);
    }

    /// What the last call to [`Agent::choose`] (or [`Agent::score_moves`]) did.
    fn last_search(&self) -> SearchInfo {
        SearchInfo::default()
    }

    /// Fills `moves` with the legal moves of `position` (whose game is not over) and
    /// `scores` with the agent's opinion of each, one score per move, larger is better.
    /// The `temperature` knob samples a move from the softmax of these scores, so their
    /// scale is the temperature's: greedy and minimax score in evaluation units (about one
    /// spot of progress), MCTS by the logarithm of each move's visit count. A won move
    /// scores far above the rest and a lost one far below.
    ///
    /// The default scores every move 0, which makes the softmax uniform.
    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        position.generate_moves(moves);
        scores.clear();
        scores.resize(moves.len(), 0.0);
    }

    /// As [`Agent::score_moves`], where only the moves within `margin` of the best need
    /// their exact score: a move further below may get any score at least `margin` under
    /// the best. A softmax at temperature T weighs such a move at most `e^(-margin/T)`
    /// of the best, so the `temperature` knob asks for a margin of many T, and a search
    /// may then cut those moves off as alpha-beta does instead of spending its budget on
    /// their exact values. The default scores every move exactly.
    fn score_moves_near(
        &mut self,
        position: &G,
        moves: &mut Vec<G::Move>,
        scores: &mut Vec<f64>,
        margin: f64,
    ) {
        let _ = margin;
        self.score_moves(position, moves, scores);
    }
}

/// Why a seat gave its game up: the game's end reason ([`EndReason::Crash`],
/// [`EndReason::Illegal`], [`EndReason::Timeout`], [`EndReason::Resign`], ...) and what
/// happened, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The end reason the game records.
    pub reason: EndReason,
    /// What happened, for people.
    pub detail: String,
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Positions visited (minimax) or tree and playout plies played (MCTS).
    pub nodes: u64,
    /// MCTS iterations.
    pub iterations: u64,
    /// Depth completed by iterative deepening (minimax), or the deepest tree node reached
    /// (MCTS).
    pub depth: u32,
    /// The value of the root for the seat to move, in the agent's own units, if it has one:
    /// evaluation units for minimax, the expected score in [0, 1] for MCTS.
    pub value: Option<f64>,
    /// Whether the search proved the root's value (a forced result within the search).
    pub proven: bool,
    /// Whether a noise knob chose the move: the `epsilon` coin came up, or the
    /// `temperature` draw picked a move other than the agent's best.
    pub noise: bool,
}
