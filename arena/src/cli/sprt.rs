//! `arena sprt`: a sequential probability ratio test (GSPRT) between two agents.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::shared::{FolderChoice, Overrides};
use crate::error::ArenaError;
use crate::output::stdout_error;
use crate::sprt::{load, sprt, verdict_text};

/// `arena sprt`.
#[derive(Debug, Args)]
pub struct SprtArgs {
    /// The test's config (TOML).
    pub config: PathBuf,
    /// `--threads`, `--out` (the folder of the games).
    #[command(flatten)]
    pub overrides: Overrides,
    /// `--resume`, `--force`.
    #[command(flatten)]
    pub folder: FolderChoice,
}

/// Runs `arena sprt`: the games go to `games.csv` in the output folder (claimed as
/// `arena run` claims its own), the LLR after each batch and the verdict to `out`.
///
/// # Errors
/// A bad config, an output folder that holds another run, or I/O failures.
pub(crate) fn run(args: &SprtArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let (mut config, game) = load(&args.config)?;
    args.overrides.apply(&mut config.threads, &mut config.out)?;
    let outcome = sprt(&config, &game, args.folder.resume, args.folder.force, out)?;
    let s = outcome.status;
    let verdict = verdict_text(&config, s.verdict, &outcome.record);
    writeln!(
        out,
        "{}, {} (pentanomial {:?}): {verdict}",
        s.against_bounds(),
        crate::console::counted(outcome.record.pairs(), "pair"),
        outcome.record.pentanomial()
    )
    .map_err(stdout_error)?;
    Ok(())
}
