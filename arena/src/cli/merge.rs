//! `arena merge`: the shards of a run put together into one run folder.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::console::counted;
use crate::error::ArenaError;
use crate::merge::merge;
use crate::output::stdout_error;

/// `arena merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The folder to write the merged run to.
    pub out: PathBuf,
    /// The shards' folders, every shard of the run once.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Replace whatever run the output folder holds.
    #[arg(long)]
    pub force: bool,
}

/// Runs `arena merge`.
///
/// # Errors
/// As [`merge`], or standard output cannot be written.
pub(crate) fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let merged = merge(&args.shards, &args.out, args.force, &command)?;
    write!(out, "{}", merged.table).map_err(stdout_error)?;
    writeln!(
        out,
        "merged {}: {}; results in {}",
        counted(merged.shards, "shard"),
        counted(merged.games, "game"),
        args.out.display()
    )
    .map_err(stdout_error)
}
