//! Flags that several verbs share (`run`, `calibrate`, `sprt`), declared once so that
//! their names, checks and help read the same everywhere.

use std::path::PathBuf;

use clap::Args;

use crate::error::ArenaError;

/// `--threads` and `--out`: a config's worker threads and output folder, overridden.
#[derive(Debug, Default, Args)]
pub struct Overrides {
    /// Worker threads (overrides the config).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (overrides the config).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl Overrides {
    /// Writes the flags given over a config's `threads` and `out`, and caps the threads
    /// at what the cores can use (saying so on standard error).
    ///
    /// # Errors
    /// `--threads 0`, or an empty `--out`.
    pub(crate) fn apply(&self, threads: &mut usize, out: &mut PathBuf) -> Result<(), ArenaError> {
        crate::config::apply_overrides(self.threads, &self.out, threads, out)
    }
}

/// `--resume` and `--force`: what to do with an output folder that already holds a run.
#[derive(Debug, Default, Args)]
pub struct FolderChoice {
    /// Finish an interrupted run in the output folder.
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Replace whatever run the output folder holds.
    #[arg(long)]
    pub force: bool,
}
