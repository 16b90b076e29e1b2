//! The arena: seeded tournaments between agents, their statistics and output, and the
//! command-line verbs that drive them. The `arena` binary is a thin shell over `cli`.
//!
//! Read top-down: `cli` (the verbs and their arguments) calls the work of each verb
//! (`tournament`, `merge`, `calibrate`, `think_time`, `sprt`, `play`, `analyze`,
//! `slurm`, `report`, `rate`, `engine_protocol`), which plays its games on the `runner` (the one game loop,
//! the worker pool, the agent cache, the row writer) and keeps its files in the
//! `run_folder` (a tournament's) or its own folder; below them the statistics
//! (`stats`, `tally`: a run's running aggregates, `summaries`: its summary files), the
//! files' formats (`games_csv`, `sort_rows`: a `games.csv` sorted in bounded memory,
//! `batches`, `pdn`),
//! the configs, the seeds, `output` (writing files and standard output), `console`
//! (the lines on the terminal), `progress` (the bar or lines on standard error) and
//! `slow_start` (agents that take seconds to build).

pub(crate) mod analyze;
pub mod batches;
pub mod calibrate;
pub mod cli;
pub mod config;
#[cfg(test)]
mod config_reference;
pub mod console;
pub mod engine_protocol;
pub mod entrant;
pub mod error;
pub mod external;
pub mod games_csv;
pub mod level_sets;
pub mod levels;
pub mod limits;
pub(crate) mod merge;
pub mod openings;
pub mod output;
pub(crate) mod pdn;
pub(crate) mod play;
pub mod progress;
pub(crate) mod rate;
pub mod report;
pub mod run_folder;
pub(crate) mod runner;
pub(crate) mod schedule;
pub(crate) mod seeds;
pub mod shard;
pub(crate) mod slow_start;
pub(crate) mod slurm;
pub(crate) mod sort_rows;
pub mod sprt;
pub mod staging;
pub mod stats;
pub(crate) mod summaries;
pub(crate) mod tally;
pub(crate) mod think_time;
pub(crate) mod toml_errors;
pub(crate) mod tournament;
