//! Writing what a verb produces: the report on standard output, whole files written
//! atomically under names of their own, and claiming an output folder. One run at a
//! time holds a folder (an advisory lock the operating system releases when the process
//! ends), and a folder that already holds a run is refused unless the user asks to
//! resume it or to replace it; replacing it removes every file the arena writes there,
//! and nothing else. Every verb that writes a folder claims it here, so that one rule
//! holds for all. This module imports nothing of the arena but its error type and
//! [`crate::staging`], which replaces a set of files whole.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::error::ArenaError;

/// The lock file in an output folder: it holds the id of the process that runs there.
pub const LOCK_FILE: &str = ".arena.lock";

/// Every file any verb of the arena writes in an output folder (run, shard, merge,
/// calibrate, sprt, analyze, report, slurm), relative to the folder. `--force` removes
/// these and leaves anything else alone: among the rest, the `think-time.csv` of `arena
/// levels --think-time`, which times specs rather than a run and stays true of them
/// across a recalibration.
pub const ARENA_FILES: [&str; 17] = [
    "config.toml",
    "games.csv",
    "pairs.csv",
    "standings.csv",
    "summary.csv",
    "shard.toml",
    "report.html",
    "accuracy.csv",
    "referee.csv",
    "difficulty.csv",
    "difficulty.toml",
    "calibration.csv",
    "curve.csv",
    "levels.md",
    "slurm/shards.sbatch",
    "slurm/merge.sbatch",
    "slurm/submit.sh",
];

/// An error writing the report to standard output.
pub fn stdout_error(error: std::io::Error) -> ArenaError {
    ArenaError::failure(format!("cannot write to standard output: {error}"))
}

/// Writes `contents` to `path` atomically: a temporary file of this process beside it,
/// synced, renamed.
///
/// # Errors
/// Any step fails; `path` then keeps its old contents, and the temporary file is
/// removed.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), ArenaError> {
    // A name of this process's own: two writers never share a temporary file.
    let temporary = temporary_path(path);
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

/// Writes `path` atomically as [`write_atomically`] does, its contents written by
/// `write` through a buffer, so that a file of any length is never held in memory.
///
/// # Errors
/// `write` fails (its error is returned) or any step fails; `path` then keeps its old
/// contents, and the temporary file is removed.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<(), ArenaError>,
) -> Result<(), ArenaError> {
    let temporary = temporary_path(path);
    let io = |error| ArenaError::io(path, "write", error);
    let written = File::create(&temporary).map_err(io).and_then(|file| {
        let mut writer = BufWriter::with_capacity(64 * 1024, file);
        write(&mut writer)?;
        let file = writer.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&temporary, path).map_err(io)
    });
    if written.is_err() {
        // Nothing half-written is left behind, not even under another name.
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A scratch file beside `path`, open to read and write and without a name: it is
/// created under a temporary name and unlinked at once, so it goes when the process
/// does, however it ends.
///
/// # Errors
/// The file cannot be created or unlinked.
pub fn unnamed_file(path: &Path) -> std::io::Result<File> {
    let temporary = temporary_path(path);
    let file = File::options()
        .create_new(true)
        .read(true)
        .write(true)
        .open(&temporary)?;
    std::fs::remove_file(&temporary)?;
    Ok(file)
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

/// An output folder held by this process: its lock is released when this is dropped
/// (or the process ends, however it ends).
#[derive(Debug)]
pub struct Held {
    _lock: File,
}

/// Claims `dir` for a run: takes its lock first, then decides (see [`decide`]). Keep
/// the returned [`Held`] for as long as the run writes.
///
/// # Errors
/// A folder another process holds (named with its process id), a folder that holds a run
/// without `resume` or `force`, or an I/O failure.
pub fn claim(dir: &Path, resume: bool, force: bool) -> Result<(Claim, Held), ArenaError> {
    let held = lock(dir)?;
    let claim = decide(dir, Some(resume), force)?;
    Ok((claim, held))
}

/// Claims `dir` for a verb that never resumes (`merge`, `rate --out`): a folder that
/// holds a run is refused without `force`, and the refusal offers only `--force`.
///
/// # Errors
/// As [`claim`].
pub fn claim_fresh(dir: &Path, force: bool) -> Result<Held, ArenaError> {
    let held = lock(dir)?;
    decide(dir, None, force)?;
    Ok(held)
}

/// Decides what to do with `dir`, whose lock the caller holds: first it finishes a
/// replacement of its files that was interrupted after its commit (see
/// [`crate::staging`]), then a folder that holds a run (its `config.toml` or `games.csv`
/// exists) is resumed with `resume`, replaced with `force` (every file of
/// [`ARENA_FILES`] removed) or refused, naming the arena's files there. `resume` is
/// `None` for a verb that cannot resume. An interrupted replacement not yet committed is
/// discarded with `force` and refused otherwise.
///
/// # Errors
/// A folder that holds a run (or an interrupted replacement) without `resume` or
/// `force`, or an I/O failure.
pub fn decide(dir: &Path, resume: Option<bool>, force: bool) -> Result<Claim, ArenaError> {
    crate::staging::recover(dir)?;
    let staged = crate::staging::folder(dir);
    if staged.exists() {
        if !force {
            let how = match resume {
                Some(_) => "give --resume to finish it, or --force to start again",
                None => "give --force to discard it",
            };
            return Err(ArenaError::input(format!(
                "output folder {} holds an interrupted replacement of its files (in {}): \
                 {how}",
                dir.display(),
                staged.display()
            )));
        }
        crate::staging::discard(dir)?;
    }
    let holds_run = ["config.toml", "games.csv"]
        .iter()
        .any(|name| dir.join(name).exists());
    if holds_run && resume == Some(true) {
        return Ok(Claim::Resume);
    }
    if holds_run && !force {
        let how = match resume {
            Some(_) => "give --resume to finish it or --force to replace it",
            None => "give --force to replace it, or choose another folder with --out",
        };
        return Err(ArenaError::input(format!(
            "output folder {} already holds a run ({}): {how}",
            dir.display(),
            arena_files_in(dir).join(", ")
        )));
    }
    if force {
        remove_arena_files(dir)?;
    }
    Ok(Claim::Fresh)
}

/// The files of [`ARENA_FILES`] that `dir` holds, in that order: what a refusal names.
pub fn arena_files_in(dir: &Path) -> Vec<&'static str> {
    ARENA_FILES
        .iter()
        .copied()
        .filter(|name| dir.join(name).is_file())
        .collect()
}

/// Creates `dir` if need be and takes its lock, recording this process's id in it.
///
/// # Errors
/// Another process holds the folder (the error names it), or an I/O failure.
pub fn lock(dir: &Path) -> Result<Held, ArenaError> {
    if dir.as_os_str().is_empty() {
        return Err(ArenaError::input(
            "the output folder is empty: name a folder, e.g. results/my-run",
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| ArenaError::io(&path, "open", e))?;
    match try_lock(&file) {
        Ok(true) => {}
        Ok(false) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = holder.trim();
            let who = if holder.chars().all(|c| c.is_ascii_digit()) && !holder.is_empty() {
                format!("process {holder}")
            } else {
                "another process".to_string()
            };
            return Err(ArenaError::input(format!(
                "output folder {} is in use by {who}: wait for it to finish, or choose \
                 another folder with --out",
                dir.display()
            )));
        }
        Err(e) => return Err(ArenaError::io(&path, "lock", e)),
    }
    let recorded = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| write!(file, "{}", std::process::id()))
        .and_then(|()| file.flush());
    recorded.map_err(|e| ArenaError::io(&path, "write", e))?;
    Ok(Held { _lock: file })
}

/// Takes an exclusive advisory lock on `file` without waiting: `Ok(false)` when another
/// open file holds it. The system releases it when the file is closed or the process
/// ends.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock only reads the descriptor, which `file` keeps open for the call.
    let result = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if result == 0 {
        return Ok(true);
    }
    let error = std::io::Error::last_os_error();
    if error.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(false)
    } else {
        Err(error)
    }
}

/// Elsewhere no lock is taken: runs are kept apart on Unix only.
#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// Removes every file of [`ARENA_FILES`] in `dir`, an interrupted calibration's batch
/// file ([`crate::batches::BATCH_FILE`]), the logs the Slurm scripts name, and temporary
/// files the arena left behind, and nothing else.
pub(crate) fn remove_arena_files(dir: &Path) -> Result<(), ArenaError> {
    let mut doomed: Vec<PathBuf> = ARENA_FILES.iter().map(|name| dir.join(name)).collect();
    doomed.push(dir.join(crate::batches::BATCH_FILE));
    for (folder, is_ours) in [
        (dir.to_path_buf(), is_temporary as fn(&str) -> bool),
        (dir.join("slurm"), is_slurm_log),
    ] {
        if let Ok(entries) = std::fs::read_dir(&folder) {
            for entry in entries.flatten() {
                if entry.file_name().to_str().is_some_and(is_ours) {
                    doomed.push(entry.path());
                }
            }
        }
    }
    for path in doomed {
        if path.is_file() {
            std::fs::remove_file(&path).map_err(|e| ArenaError::io(&path, "remove", e))?;
        }
    }
    Ok(())
}

/// Whether `name` is a temporary file of [`temporary_path`] for one of the arena's files.
fn is_temporary(name: &str) -> bool {
    name.strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
        .is_some_and(|rest| {
            ARENA_FILES
                .iter()
                .chain([&crate::batches::BATCH_FILE])
                .any(|file| rest.starts_with(file))
        })
}

/// Whether `name` is a log the Slurm scripts of `arena slurm` send output to.
fn is_slurm_log(name: &str) -> bool {
    name == "merge.log"
        || name
            .strip_prefix("shard-")
            .and_then(|rest| rest.strip_suffix(".log"))
            .is_some_and(|task| !task.is_empty() && task.chars().all(|c| c.is_ascii_digit()))
}

/// A temporary name beside `path` that no other writer uses: the file's name, this
/// process's id and a counter, hidden (`.games.csv.1234.0.tmp`).
pub fn temporary_path(path: &Path) -> PathBuf {
    engine::temporary::temporary_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "leapfrog-arena-output-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_held_folder_is_refused_with_its_holder() {
        let dir = scratch("held");
        let held = lock(&dir).unwrap();
        let e = claim(&dir, false, true).unwrap_err().to_string();
        assert!(
            e.contains(&dir.display().to_string())
                && e.contains(&format!("process {}", std::process::id())),
            "{e}"
        );
        drop(held);
        assert!(claim(&dir, false, true).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn force_removes_the_arena_files_and_nothing_else() {
        let dir = scratch("force");
        std::fs::create_dir_all(dir.join("slurm")).unwrap();
        for name in ARENA_FILES {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        for name in [
            ".games.csv.99.0.tmp",
            "slurm/shard-3.log",
            "slurm/merge.log",
        ] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        for name in ["notes.txt", "slurm/mine.sh", ".hidden"] {
            std::fs::write(dir.join(name), "keep").unwrap();
        }
        let (claimed, _held) = claim(&dir, false, true).unwrap();
        assert_eq!(claimed, Claim::Fresh);
        let mut left: Vec<String> = walk(&dir);
        left.sort();
        assert_eq!(
            left,
            [".arena.lock", ".hidden", "notes.txt", "slurm/mine.sh"]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn walk(dir: &Path) -> Vec<String> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                out.extend(
                    walk(&entry.path())
                        .into_iter()
                        .map(|n| format!("{name}/{n}")),
                );
            } else {
                out.push(name);
            }
        }
        out
    }

    #[test]
    fn temporary_names_differ() {
        let path = Path::new("out/config.toml");
        assert_ne!(temporary_path(path), temporary_path(path));
        let name = temporary_path(path);
        assert!(is_temporary(name.file_name().unwrap().to_str().unwrap()));
        assert!(claim(Path::new(""), false, false).is_err());
    }
}
