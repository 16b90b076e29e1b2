//! Writing what a verb produces: the report on standard output, whole files written
//! atomically, and claiming an output folder. A folder that already holds a run is
//! refused unless the user asks to resume it or to replace it. This module imports
//! nothing of the arena but its error type.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use crate::error::ArenaError;

/// An error writing the report to standard output.
pub fn stdout_error(error: std::io::Error) -> ArenaError {
    ArenaError::failure(format!("cannot write to standard output: {error}"))
}

/// Writes `contents` to `path` atomically: a temporary file beside it, synced, renamed.
///
/// # Errors
/// Any step fails; `path` then keeps its old contents, and the temporary file is
/// removed.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), ArenaError> {
    let temporary = path.with_extension("tmp");
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    });
    written.map_err(|error| {
        // Nothing half-written is left behind, not even under another name.
        let _ = std::fs::remove_file(&temporary);
        ArenaError::io(path, "write", error)
    })
}

/// What the caller may do with an output folder it has claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The folder exists and holds no run (any earlier one was removed with `--force`).
    Fresh,
    /// The folder holds a run and `--resume` was given: the caller checks that the run's
    /// recorded config is the one given, then carries on from what it recorded.
    Resume,
}

/// Claims `dir` for a run that writes `files` (its `config.toml` first). A folder holds
/// a run when its `config.toml` or `games.csv` exists.
///
/// # Errors
/// A folder that holds a run without `resume` or `force`, or an I/O failure.
pub fn claim(dir: &Path, files: &[&str], resume: bool, force: bool) -> Result<Claim, ArenaError> {
    let holds_run = ["config.toml", "games.csv"]
        .iter()
        .any(|name| dir.join(name).exists());
    if holds_run && resume {
        return Ok(Claim::Resume);
    }
    if holds_run && !force {
        return Err(ArenaError::input(format!(
            "output folder {} already holds a run: give --resume to finish it or --force to \
             replace it",
            dir.display()
        )));
    }
    if holds_run {
        for name in files {
            let path = dir.join(name);
            if path.exists() {
                std::fs::remove_file(&path).map_err(|e| ArenaError::io(&path, "remove", e))?;
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    Ok(Claim::Fresh)
}
