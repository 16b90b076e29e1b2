//! Players for every game of the engine: random, greedy, minimax (alpha-beta) and MCTS,
//! each seeded and tunable, named by spec strings such as `minimax:depth=6`.
//!
//! Every agent works through the engine's `Game` trait alone; per-game knowledge (the
//! evaluation a search uses, the playouts MCTS plays, the exact results of solved
//! games) lives in [`eval`], [`playouts`] and [`solved`]; [`spec`] reads spec strings and
//! [`factory`] builds agents from them. The seed given to [`Agent::reset`] is the
//! only source of randomness, and budgets are counted in nodes, iterations or depth,
//! never in time, so every game replays from its seed.
#![deny(missing_docs)]

pub mod agent;
pub mod eval;
pub mod eval_alquerque;
pub mod eval_chinese_checkers;
pub mod eval_draughts;
pub mod eval_draughts64;
pub mod eval_konane;
pub mod eval_leapfrog;
pub mod factory;
pub mod greedy;
pub mod level_curve;
pub mod mcts;
pub mod minimax;
pub mod multiplayer;
pub mod noise;
pub mod perfect;
pub mod perfect_english;
pub mod plan;
pub mod plan_chinese_checkers;
pub mod playouts;
pub mod random;
pub mod referee;
pub mod reference;
pub mod search;
pub mod seeds;
pub mod shipped_levels;
pub mod solo;
pub mod solved;
pub mod spec;
pub mod think_time;
pub mod tt;

#[cfg(test)]
mod testing;

pub use agent::{Agent, Forfeit, SearchInfo};
pub use eval::Evaluate;
pub use factory::{build, Playable};
pub use greedy::GreedyAgent;
pub use mcts::{MctsAgent, MctsSettings};
pub use minimax::{MinimaxAgent, MinimaxSettings, SearchResult};
pub use noise::{Noise, Noisy};
pub use playouts::{Playout, Playouts};
pub use random::RandomAgent;
pub use solved::Solved;
pub use spec::{AgentKind, AgentSpec, SpecError};
