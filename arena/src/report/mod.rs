//! The HTML report of a run folder (`arena report DIR`): one self-contained HTML page (`DIR/report.html`) with inline SVG
//! charts and tables, read from the CSV files of a finished run or calibration folder.
//! The page needs no JavaScript and links to nothing outside itself.

mod charts;
mod page;
pub mod svg;
mod table;

use std::path::{Path, PathBuf};

use crate::error::ArenaError;
use crate::output::write_atomically;

pub use charts::monotone_fit;
pub use table::Table;

/// The report's file name inside the run folder.
pub const REPORT_FILE: &str = "report.html";

/// Renders the report of the run folder `dir` and writes it to `dir/report.html`,
/// returning that path.
///
/// # Errors
/// As [`render`], or the page cannot be written.
pub fn write_report(dir: &Path) -> Result<PathBuf, ArenaError> {
    let html = render(dir)?;
    let path = dir.join(REPORT_FILE);
    write_atomically(&path, html.as_bytes())?;
    Ok(path)
}

/// The report page of the run folder `dir`, as HTML text.
///
/// # Errors
/// A folder without `config.toml` or with neither tournament nor calibration files, or a
/// file that cannot be read or parsed.
pub fn render(dir: &Path) -> Result<String, ArenaError> {
    let folder = page::Folder::read(dir)?;
    Ok(page::render(&folder))
}
