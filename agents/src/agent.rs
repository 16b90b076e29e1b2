//! The [`Agent`] trait: what every player offers the arena.

use engine::Game;

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

    /// Tells the agent that `mv` was played in `before` (by any seat, this one included),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, before: &G, mv: G::Move) {
        let _ = (before, mv);
    }

    /// What the last call to [`Agent::choose`] did.
    fn last_search(&self) -> SearchInfo {
        SearchInfo::default()
    }
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Positions visited (minimax) or playout plies (MCTS).
    pub nodes: u64,
    /// MCTS iterations.
    pub iterations: u64,
    /// Depth completed by iterative deepening.
    pub depth: u32,
    /// The value of the root for the seat to move, in the agent's own units, if it has one.
    pub value: Option<f64>,
}
