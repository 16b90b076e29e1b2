//! The one writer of a run's rows: whole CSV rows appended to a file as games finish,
//! synced to disk, and never a half row left behind but one torn by a kill (which the
//! readers drop).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::ArenaError;

/// A file of CSV rows that holds whole rows only, but for a row torn by a kill in the
/// middle of a write (which the readers leave out): it is opened after the whole rows a
/// reader found, and when a write fails (a full disk) it is cut back to the rows written
/// before.
struct RowsFile {
    path: PathBuf,
    file: File,
    /// Length of the file: whole rows, all written.
    len: u64,
}

impl RowsFile {
    /// Opens `path` for appending after its first `keep` bytes, or creates it.
    ///
    /// # Errors
    /// The file cannot be opened or cut.
    fn open(path: &Path, keep: u64) -> Result<RowsFile, ArenaError> {
        let io = |e| ArenaError::io(path, "write", e);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        file.set_len(keep).map_err(io)?;
        Ok(RowsFile {
            path: path.to_path_buf(),
            file,
            len: keep,
        })
    }

    /// Appends whole `rows`, and syncs them to disk too when `sync`.
    ///
    /// # Errors
    /// The write (or the sync) fails; the file is then cut back to the rows it held.
    fn append(&mut self, rows: &[u8], sync: bool) -> Result<(), ArenaError> {
        let written =
            self.file.write_all(rows).and_then(
                |()| {
                    if sync {
                        self.file.sync_data()
                    } else {
                        Ok(())
                    }
                },
            );
        match written {
            Ok(()) => {
                self.len += rows.len() as u64;
                Ok(())
            }
            Err(error) => {
                // Best effort: a failure here leaves a torn row, which readers drop.
                let _ = self.file.set_len(self.len);
                Err(ArenaError::io(&self.path, "write", error))
            }
        }
    }

    /// Syncs what was appended to disk.
    ///
    /// # Errors
    /// The sync fails.
    fn sync(&mut self) -> Result<(), ArenaError> {
        self.file
            .sync_data()
            .map_err(|e| ArenaError::io(&self.path, "write", e))
    }
}

/// Appends rows to a file of CSV rows (a `games.csv`) as games finish, and syncs them to
/// disk.
pub struct RowWriter {
    file: RowsFile,
    /// Rows appended and not yet written.
    pending: Vec<u8>,
    /// Whether this writer created the file (it holds no rows of an earlier run).
    fresh: bool,
    /// The first field of the last row appended, read as a number.
    last_key: Option<u64>,
    /// Whether every row appended so far had a first field larger than the row before.
    ascending: bool,
}

impl RowWriter {
    /// Rows held before they are written.
    pub const CHUNK: usize = 8 * 1024;

    /// Opens `path` for appending after its first `keep` bytes (dropping a torn row), or
    /// creates it with the line `header` when `keep` is 0.
    ///
    /// # Errors
    /// The file cannot be opened, cut or written.
    pub fn open(path: &Path, keep: u64, header: &str) -> Result<RowWriter, ArenaError> {
        let mut writer = RowWriter {
            file: RowsFile::open(path, keep)?,
            pending: Vec::new(),
            fresh: keep == 0,
            last_key: None,
            ascending: true,
        };
        if keep == 0 {
            writer.pending.extend_from_slice(header.as_bytes());
            writer.pending.push(b'\n');
            writer.sync()?;
        }
        Ok(writer)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.file.path
    }

    /// Appends one row, its newline included. Rows are written in chunks of
    /// [`RowWriter::CHUNK`] bytes or more, and at each [`RowWriter::sync`].
    ///
    /// # Errors
    /// The write fails; see [`RowWriter::sync`].
    pub fn append(&mut self, line: &str) -> Result<(), ArenaError> {
        let key = line
            .split_once(',')
            .and_then(|(first, _)| first.parse::<u64>().ok());
        self.ascending &= match (self.last_key, key) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(last), Some(key)) => key > last,
        };
        self.last_key = key;
        self.pending.extend_from_slice(line.as_bytes());
        if self.pending.len() >= Self::CHUNK {
            self.write_pending()?;
        }
        Ok(())
    }

    /// Whether the file holds just its header and the rows appended through this
    /// writer, in increasing order of their first field (the game id): then it already
    /// reads as the rows sorted, and need not be written again.
    pub fn holds_sorted_rows(&self) -> bool {
        self.fresh && self.ascending
    }

    /// Writes the rows appended so far and syncs them to disk.
    ///
    /// # Errors
    /// The write or the sync fails; the file is then cut back to the whole rows it held
    /// before, and the rows not written are dropped (a resume plays them again).
    pub fn sync(&mut self) -> Result<(), ArenaError> {
        self.write_pending()?;
        self.file.sync()
    }

    fn write_pending(&mut self) -> Result<(), ArenaError> {
        // The buffer is kept for the next rows, whether or not the write succeeds (the
        // rows not written are dropped).
        let written = self.file.append(&self.pending, false);
        self.pending.clear();
        written
    }
}
