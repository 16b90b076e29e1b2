//! The games, one module each.

pub mod leapfrog;
