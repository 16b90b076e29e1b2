//! The games, one module each.

pub mod leapfrog;
pub mod chinese_checkers;
