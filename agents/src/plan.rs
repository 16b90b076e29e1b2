//! What a game's planner returns: a whole way to finish a game of one seat
//! ([`crate::eval::Evaluate::plan_alone`]). A module of its own, below the evaluation and
//! the planning player alike, so that neither reaches the other through it.

/// A way to finish a game of one seat: its moves, and the positions the planner
/// generated to find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan<M> {
    /// The moves, the first to play first; empty when none was found.
    pub moves: Vec<M>,
    /// Positions generated.
    pub nodes: u64,
}

impl<M> Plan<M> {
    /// No plan, no positions.
    pub fn none() -> Plan<M> {
        Plan {
            moves: Vec::new(),
            nodes: 0,
        }
    }
}
