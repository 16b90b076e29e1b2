//! `arena run`: a round-robin tournament from a config, into its run folder.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::shared::{FolderChoice, Overrides};
use crate::config;
use crate::console::counted;
use crate::error::ArenaError;
use crate::output::stdout_error;
use crate::shard::Shard;
use crate::tournament::{self, RunOptions};

/// `arena run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The tournament config (TOML).
    pub config: PathBuf,
    /// `--threads`, `--out`.
    #[command(flatten)]
    pub overrides: Overrides,
    /// `--resume`, `--force`.
    #[command(flatten)]
    pub folder: FolderChoice,
    /// Play only shard K of N (the games whose id is K modulo N) into the output folder;
    /// `arena merge` puts the shards together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Also write `report.html` (charts and tables) into the output folder at the end.
    #[arg(long, conflicts_with = "shard")]
    pub report: bool,
}

/// Runs `arena run`.
///
/// # Errors
/// A bad config, an output folder that holds another run, unreadable results to resume,
/// or I/O failures.
pub(crate) fn run(args: &RunArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut config = config::load(&args.config)?;
    args.overrides.apply(&mut config.threads, &mut config.out)?;
    let options = RunOptions {
        resume: args.folder.resume,
        force: args.folder.force,
        shard: args.shard,
        command: std::env::args().collect::<Vec<_>>().join(" "),
    };
    let started = Instant::now();
    let done = tournament::run(&config, &options)?;
    let seconds = started.elapsed().as_secs_f64();
    let (games, played) = (done.games, done.played);
    let Some(table) = done.table else {
        writeln!(
            out,
            "shard {}: {} ({played} played now) in {seconds:.2} s; results in {}",
            args.shard.map_or(String::new(), |s| s.to_string()),
            counted(games, "game"),
            config.out.display()
        )
        .map_err(stdout_error)?;
        return Ok(());
    };
    write!(out, "{table}").map_err(stdout_error)?;
    writeln!(
        out,
        "{} ({played} played now) in {seconds:.2} s: {:.0} games/s on {}; results in {}",
        counted(games, "game"),
        played as f64 / seconds.max(1e-9),
        counted(config.threads, "thread"),
        config.out.display()
    )
    .map_err(stdout_error)?;
    if args.report {
        let path = crate::report::write_report(&config.out)?;
        writeln!(out, "report in {}", path.display()).map_err(stdout_error)?;
    }
    Ok(())
}
