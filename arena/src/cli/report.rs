//! `arena report DIR`: the HTML page of a finished run or calibration.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::error::ArenaError;
use crate::output::stdout_error;

/// `arena report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The folder of a finished run or calibration (it holds `config.toml` and CSV files).
    pub dir: PathBuf,
}

/// Runs `arena report`: writes `DIR/report.html` and names it on `out`.
///
/// # Errors
/// As [`crate::report::write_report`], or standard output cannot be written.
pub(crate) fn run(args: &ReportArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let path = crate::report::write_report(&args.dir)?;
    writeln!(out, "report in {}", path.display()).map_err(stdout_error)
}
