//! Replacing a folder's set of files whole. A verb that replaces files users rely on
//! (`arena calibrate --force` over a folder of shipped levels) writes the new set into a
//! staging folder inside it, `DIR/.arena-next`, and leaves the old set alone until the
//! new one is complete. Then one rename commits it (`.arena-next` becomes
//! `.arena-swap`, with the list of its files), and its files are renamed into place,
//! the old set's other files removed. A kill before the commit leaves the old set as it
//! was (the next claim of the folder discards or resumes the staging folder); a kill
//! after it leaves a committed set that the next claim finishes moving, and meanwhile a
//! reader of one file ([`read_path`]) takes it from the committed set. Either way the
//! folder holds the old files or the new ones, never a mixture or neither.

use std::fs::File;
use std::path::{Path, PathBuf};

use crate::error::ArenaError;
use crate::output::{write_atomically, ARENA_FILES};

/// The staging folder of a replacement in progress, inside the folder it replaces.
pub const STAGING: &str = ".arena-next";

/// The committed set of a replacement, while its files are moved into place.
pub const COMMITTED: &str = ".arena-swap";

/// The list of the committed set's files (one name a line), inside it: what recovery
/// moves, and what it keeps of the old set's files (nothing else of [`ARENA_FILES`]).
const MANIFEST: &str = ".set";

/// The staging folder of `dir`.
pub fn folder(dir: &Path) -> PathBuf {
    dir.join(STAGING)
}

/// Starts a replacement of `dir`'s files: an empty staging folder (any older one, never
/// committed, is discarded). The caller holds `dir`'s lock.
///
/// # Errors
/// An I/O failure.
pub fn begin(dir: &Path) -> Result<PathBuf, ArenaError> {
    discard(dir)?;
    let staged = folder(dir);
    std::fs::create_dir_all(&staged).map_err(|e| ArenaError::io(&staged, "create", e))?;
    Ok(staged)
}

/// Discards the staging folder of `dir`, if there is one: a replacement never committed.
///
/// # Errors
/// An I/O failure.
pub fn discard(dir: &Path) -> Result<(), ArenaError> {
    let staged = folder(dir);
    if staged.exists() {
        std::fs::remove_dir_all(&staged).map_err(|e| ArenaError::io(&staged, "remove", e))?;
    }
    Ok(())
}

/// Commits the staging folder of `dir` and moves its files into place: each file of
/// [`ARENA_FILES`] that the new set lacks is removed, every other file of `dir` is left
/// alone. The caller holds `dir`'s lock.
///
/// # Errors
/// An I/O failure. Before the commit `dir` keeps its old set; after it, the next
/// [`recover`] finishes the move.
pub fn commit(dir: &Path) -> Result<(), ArenaError> {
    let staged = folder(dir);
    let mut names = Vec::new();
    let entries = std::fs::read_dir(&staged).map_err(|e| ArenaError::io(&staged, "read", e))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        // Hidden names are the arena's temporaries (and the list itself); of the
        // folders, only the programs' logs belong to the set.
        if name.starts_with('.') || (entry.path().is_dir() && name != "logs") {
            continue;
        }
        if entry.path().is_file() {
            // Renames keep the data only once it is on the disk.
            File::open(entry.path())
                .and_then(|file| file.sync_all())
                .map_err(|e| ArenaError::io(&entry.path(), "sync", e))?;
        }
        names.push(name);
    }
    names.sort();
    write_atomically(&staged.join(MANIFEST), names.join("\n").as_bytes())?;
    sync_folder(&staged)?;
    let committed = dir.join(COMMITTED);
    std::fs::rename(&staged, &committed).map_err(|e| ArenaError::io(&committed, "rename", e))?;
    sync_folder(dir)?;
    recover(dir)
}

/// Finishes a committed replacement of `dir`'s files that was interrupted (a kill while
/// its files were moved): moves the rest into place and removes the old set's other
/// files. Nothing to do without one. Moving a file twice is harmless, so a kill here is
/// finished by the next call too.
///
/// # Errors
/// An I/O failure.
pub fn recover(dir: &Path) -> Result<(), ArenaError> {
    let committed = dir.join(COMMITTED);
    let manifest = committed.join(MANIFEST);
    let text = match std::fs::read_to_string(&manifest) {
        Ok(text) => text,
        Err(_) => {
            // Either no replacement, or one whose files are all in place already.
            if committed.exists() {
                std::fs::remove_dir_all(&committed)
                    .map_err(|e| ArenaError::io(&committed, "remove", e))?;
            }
            return Ok(());
        }
    };
    let names: Vec<&str> = text.lines().filter(|name| !name.is_empty()).collect();
    for name in &names {
        let from = committed.join(name);
        let to = dir.join(name);
        if from.is_dir() && to.is_dir() {
            std::fs::remove_dir_all(&to).map_err(|e| ArenaError::io(&to, "remove", e))?;
        }
        if from.exists() {
            std::fs::rename(&from, &to).map_err(|e| ArenaError::io(&to, "rename", e))?;
        }
    }
    for name in ARENA_FILES.iter().filter(|name| !names.contains(name)) {
        let stale = dir.join(name);
        if stale.is_file() {
            std::fs::remove_file(&stale).map_err(|e| ArenaError::io(&stale, "remove", e))?;
        }
    }
    sync_folder(dir)?;
    std::fs::remove_file(&manifest).map_err(|e| ArenaError::io(&manifest, "remove", e))?;
    std::fs::remove_dir_all(&committed).map_err(|e| ArenaError::io(&committed, "remove", e))
}

/// Where a reader finds the file `path` names: in the committed set of a replacement
/// still being moved into place, when it is there, else `path` itself. Readers write
/// nothing (a shipped folder may be read-only), so they look past an unfinished move
/// rather than finish it.
pub fn read_path(path: &Path) -> PathBuf {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return path.to_path_buf();
    };
    let committed = dir.join(COMMITTED).join(name);
    if committed.is_file() {
        committed
    } else {
        path.to_path_buf()
    }
}

/// Syncs a folder's entries (the renames in it) to the disk, where the system can.
fn sync_folder(dir: &Path) -> Result<(), ArenaError> {
    #[cfg(unix)]
    File::open(dir)
        .and_then(|folder| folder.sync_all())
        .map_err(|e| ArenaError::io(dir, "sync", e))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "leapfrog-arena-staging-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn read(dir: &Path, name: &str) -> Option<String> {
        std::fs::read_to_string(dir.join(name)).ok()
    }

    #[test]
    fn a_commit_replaces_the_set_and_keeps_other_files() {
        let dir = scratch("commit");
        for (name, text) in [
            ("difficulty.toml", "old"),
            ("report.html", "old"),
            ("notes.txt", "mine"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let staged = begin(&dir).unwrap();
        std::fs::write(staged.join("difficulty.toml"), "new").unwrap();
        std::fs::write(staged.join("games.csv"), "new").unwrap();
        assert_eq!(read(&dir, "difficulty.toml").as_deref(), Some("old"));
        commit(&dir).unwrap();
        assert_eq!(read(&dir, "difficulty.toml").as_deref(), Some("new"));
        assert_eq!(read(&dir, "games.csv").as_deref(), Some("new"));
        assert_eq!(
            read(&dir, "report.html"),
            None,
            "the old set's other files go"
        );
        assert_eq!(read(&dir, "notes.txt").as_deref(), Some("mine"));
        assert!(!dir.join(STAGING).exists() && !dir.join(COMMITTED).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_move_cut_short_is_read_from_the_committed_set_and_finished_by_recovery() {
        let dir = scratch("recover");
        std::fs::write(dir.join("difficulty.toml"), "old").unwrap();
        std::fs::write(dir.join("levels.md"), "old").unwrap();
        // As a kill after the commit and the first rename leaves it.
        let committed = dir.join(COMMITTED);
        std::fs::create_dir_all(&committed).unwrap();
        std::fs::write(committed.join(MANIFEST), "difficulty.toml\nlevels.md").unwrap();
        std::fs::write(committed.join("difficulty.toml"), "new").unwrap();
        std::fs::write(dir.join("levels.md"), "new").unwrap();
        let path = dir.join("difficulty.toml");
        assert_eq!(std::fs::read_to_string(read_path(&path)).unwrap(), "new");
        recover(&dir).unwrap();
        assert_eq!(read(&dir, "difficulty.toml").as_deref(), Some("new"));
        assert_eq!(read(&dir, "levels.md").as_deref(), Some("new"));
        assert!(!committed.exists());
        assert_eq!(read_path(&path), path);
        // Nothing to recover: nothing changes.
        recover(&dir).unwrap();
        assert_eq!(read(&dir, "difficulty.toml").as_deref(), Some("new"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
