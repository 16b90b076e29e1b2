//! The games, one module each.

pub mod chinese_checkers;
pub mod draughts;
pub mod draughts64;
pub mod leapfrog;
