//! Output folders: the rule every verb that writes a run follows. A folder that already
//! holds a run is refused unless the user asks to resume it or to replace it.

use std::path::Path;

use crate::error::ArenaError;

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
