//! Seeded tournaments for the engine's games: scheduling, statistics and reports.
pub mod stats;
