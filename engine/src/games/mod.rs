//! The games, one module each.

pub mod alquerque;
pub mod chinese_checkers;
pub mod draughts;
pub mod draughts64;
pub mod family;
pub mod grid;
pub mod konane;
pub mod leapfrog;
