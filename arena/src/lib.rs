//! The arena: seeded tournaments between agents, their statistics and output, and the
//! command-line verbs that drive them. The `arena` binary is a thin shell over this.

pub mod analyze;
pub mod calibrate;
pub mod cli;
pub mod config;
pub mod engine_protocol;
pub mod error;
pub mod external;
pub mod games_csv;
pub mod html_report;
pub mod human;
pub mod levels;
pub mod match_play;
pub mod output;
pub mod pdn;
pub mod play;
pub mod rate;
pub mod report;
pub mod schedule;
pub mod seeds;
pub mod shard;
pub mod slurm;
pub mod solve;
pub mod sprt;
pub mod stats;
pub mod tournament;
