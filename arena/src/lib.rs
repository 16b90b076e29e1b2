//! The arena: seeded tournaments between agents, their statistics and output, and the
//! command-line verbs that drive them. The `arena` binary is a thin shell over [`cli`].
//!
//! Read top-down: [`cli`] (the verbs and their arguments) calls the work of each verb
//! ([`tournament`], [`merge`], [`calibrate`], [`sprt`], [`play`], [`analyze`],
//! [`slurm`], [`report`]), which plays its games on the [`runner`] (the one game loop,
//! the worker pool, the agent cache, the row writer) and keeps its files in the
//! [`run_folder`] (a tournament's) or its own folder; below them the statistics
//! ([`stats`], [`summaries`]), the files' formats ([`games_csv`], [`batches`], [`pdn`]),
//! the configs, the seeds, and [`output`] (writing files and standard output).

pub mod analyze;
pub mod batches;
pub mod calibrate;
pub mod cli;
pub mod config;
pub mod engine_protocol;
pub mod error;
pub mod external;
pub mod games_csv;
pub mod levels;
pub mod limits;
pub mod merge;
pub mod output;
pub mod pdn;
pub mod play;
pub mod rate;
pub mod report;
pub mod run_folder;
pub mod runner;
pub mod schedule;
pub mod seeds;
pub mod shard;
pub mod slurm;
pub mod sprt;
pub mod stats;
pub mod summaries;
pub mod tournament;
