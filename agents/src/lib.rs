//! Players for every game of the engine: random, greedy, minimax (alpha-beta) and MCTS,
//! each seeded and tunable, named by spec strings such as `minimax:depth=6`.
//!
//! Every agent works through the engine's `Game` trait alone; per-game knowledge (the
//! evaluation a search uses) lives in [`eval`].
#![deny(missing_docs)]

pub mod agent;
pub mod eval;
pub mod perfect;
pub mod random;
pub mod spec;

pub use agent::{Agent, SearchInfo};
pub use eval::Evaluate;
pub use spec::{build, AgentSpec, SpecError};
