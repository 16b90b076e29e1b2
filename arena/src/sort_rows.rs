//! A `games.csv` sorted by game_id in bounded memory, each game once: rows are read in
//! runs of at most [`RUN_BYTES`] of text, each run sorted and written to a temporary
//! file (its name removed at once, so no kill leaves it behind), and the runs merged
//! into the sorted file, which replaces the old one by a rename. A file that fits in one
//! run is sorted in memory. Memory: one run, and 16 kB for each of at most [`FAN_IN`]
//! runs while merging (more runs are merged in rounds).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::error::ArenaError;
use crate::games_csv::{self, RowReader};
use crate::output::{unnamed_file, write_atomically_with};

/// Bytes of row text sorted in memory at once.
const RUN_BYTES: usize = 8 << 20;

/// Runs merged at once.
const FAN_IN: usize = 64;

/// Bytes read ahead from each run while merging.
const READ_AHEAD: usize = 16 * 1024;

/// One row to sort: its game, its line in the file read (for errors) and its text.
type Entry = (u64, u64, String);

/// Rewrites `path`, a `games.csv` of `players` seats, sorted by game_id, each game once
/// (a game recorded twice alike is kept once; a torn last row is dropped). Returns the
/// number of rows written.
///
/// # Errors
/// The file cannot be read or written, a row does not parse, or a game is recorded twice
/// differently (named by file and line); the file is then left as it was.
pub fn sort_in_place(path: &Path, players: usize) -> Result<u64, ArenaError> {
    sort_in_runs(path, players, RUN_BYTES)
}

/// [`sort_in_place`] with runs of `run_bytes`.
fn sort_in_runs(path: &Path, players: usize, run_bytes_most: usize) -> Result<u64, ArenaError> {
    let io = |e: io::Error| ArenaError::io(path, "sort", e);
    let mut reader = RowReader::open(path, players)?;
    let mut run: Vec<Entry> = Vec::new();
    let mut run_bytes = 0;
    let mut runs = Runs::new(path);
    while let Some(row) = reader.next_row()? {
        let text = reader.text().to_string();
        run_bytes += text.len() + 32;
        run.push((row.game_id, reader.line_number() as u64, text));
        if run_bytes >= run_bytes_most {
            run.sort_unstable();
            runs.write(&run).map_err(io)?;
            run.clear();
            run_bytes = 0;
        }
    }
    run.sort_unstable();
    let header = games_csv::header(players);
    let mut rows = 0;
    let mut out = Unique::new(path);
    if runs.ends.is_empty() {
        write_atomically_with(path, |file| {
            writeln!(file, "{header}").map_err(io)?;
            for (id, line, text) in &run {
                rows += out.write(file, *id, *line, text).map_err(io)?;
            }
            out.checked()
        })?;
        return Ok(rows);
    }
    if !run.is_empty() {
        runs.write(&run).map_err(io)?;
    }
    drop(run);
    // Merge rounds until one round can merge every run at once.
    while runs.ends.len() > FAN_IN {
        runs.merge_first(FAN_IN).map_err(io)?;
    }
    write_atomically_with(path, |file| {
        writeln!(file, "{header}").map_err(io)?;
        runs.merge(0..runs.ends.len(), |id, line, text| {
            rows += out.write(file, id, line, text)?;
            Ok(())
        })
        .map_err(io)?;
        out.checked()
    })?;
    Ok(rows)
}

/// Each game once: a row of the game just written is dropped when alike, and noted when
/// it differs (and the sort then fails).
struct Unique<'p> {
    path: &'p Path,
    last: Option<(u64, String)>,
    differs: Option<(u64, u64)>,
}

impl<'p> Unique<'p> {
    fn new(path: &'p Path) -> Unique<'p> {
        Unique {
            path,
            last: None,
            differs: None,
        }
    }

    /// Writes the row unless it repeats the last; returns the rows written (0 or 1).
    fn write(&mut self, file: &mut impl Write, id: u64, line: u64, text: &str) -> io::Result<u64> {
        if let Some((last_id, last_text)) = &self.last {
            if *last_id == id {
                if last_text != text && self.differs.is_none() {
                    self.differs = Some((line, id));
                }
                return Ok(0);
            }
        }
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
        match &mut self.last {
            Some((last_id, last_text)) => {
                *last_id = id;
                last_text.clear();
                last_text.push_str(text);
            }
            None => self.last = Some((id, text.to_string())),
        }
        Ok(1)
    }

    /// Whether every game was recorded once or alike: the sorted file may replace the old.
    fn checked(&self) -> Result<(), ArenaError> {
        match self.differs {
            None => Ok(()),
            Some((line, id)) => Err(ArenaError::input(format!(
                "{}:{line}: game {id} is recorded twice, differently",
                self.path.display()
            ))),
        }
    }
}

/// Sorted runs in one unnamed temporary file: each run's lines are `LINE TEXT`, where
/// LINE is the row's line in the file being sorted.
struct Runs {
    file: Option<File>,
    dir_of: std::path::PathBuf,
    /// Where each run ends in the file, in bytes.
    ends: Vec<u64>,
    /// Where each run starts.
    starts: Vec<u64>,
    len: u64,
}

impl Runs {
    fn new(path: &Path) -> Runs {
        Runs {
            file: None,
            dir_of: path.to_path_buf(),
            ends: Vec::new(),
            starts: Vec::new(),
            len: 0,
        }
    }

    fn file(&mut self) -> io::Result<&File> {
        if self.file.is_none() {
            self.file = Some(unnamed_file(&self.dir_of)?);
        }
        Ok(self.file.as_ref().expect("opened above"))
    }

    /// Appends one sorted run.
    fn write(&mut self, run: &[Entry]) -> io::Result<()> {
        let start = self.len;
        let mut writer = BufWriter::new(self.file()?);
        let mut written = 0u64;
        for (_, line, text) in run {
            let entry = format!("{line} {text}\n");
            writer.write_all(entry.as_bytes())?;
            written += entry.len() as u64;
        }
        writer.flush()?;
        drop(writer);
        self.len += written;
        self.starts.push(start);
        self.ends.push(start + written);
        Ok(())
    }

    /// Merges the first `count` runs into one run at the end of the file.
    fn merge_first(&mut self, count: usize) -> io::Result<()> {
        let start = self.len;
        let file = self.file()?.try_clone()?;
        let mut writer = BufWriter::new(&file);
        let mut written = 0u64;
        self.merge(0..count, |_, line, text| {
            let entry = format!("{line} {text}\n");
            writer.write_all(entry.as_bytes())?;
            written += entry.len() as u64;
            Ok(())
        })?;
        writer.flush()?;
        drop(writer);
        self.len += written;
        self.starts.drain(..count);
        self.ends.drain(..count);
        self.starts.push(start);
        self.ends.push(start + written);
        Ok(())
    }

    /// Hands the rows of the runs `which` to `each` in order of (game, line).
    fn merge(
        &self,
        which: std::ops::Range<usize>,
        mut each: impl FnMut(u64, u64, &str) -> io::Result<()>,
    ) -> io::Result<()> {
        let file = self.file.as_ref().expect("runs were written");
        let mut readers: Vec<RunReader> = which
            .map(|run| RunReader {
                next: self.starts[run],
                end: self.ends[run],
                ahead: Vec::new(),
                at: 0,
            })
            .collect();
        let mut heads: Vec<Option<(u64, u64, String)>> = Vec::with_capacity(readers.len());
        let mut heap = BinaryHeap::new();
        for (index, reader) in readers.iter_mut().enumerate() {
            let head = reader.pop(file)?;
            if let Some((id, line, _)) = &head {
                heap.push(Reverse((*id, *line, index)));
            }
            heads.push(head);
        }
        while let Some(Reverse((_, _, index))) = heap.pop() {
            let (id, line, text) = heads[index].take().expect("a head in the heap");
            each(id, line, &text)?;
            heads[index] = readers[index].pop(file)?;
            if let Some((id, line, _)) = &heads[index] {
                heap.push(Reverse((*id, *line, index)));
            }
        }
        Ok(())
    }
}

/// One run read back a few kilobytes at a time.
struct RunReader {
    next: u64,
    end: u64,
    ahead: Vec<u8>,
    at: usize,
}

impl RunReader {
    /// The next row of the run: its game, its line and its text.
    fn pop(&mut self, file: &File) -> io::Result<Option<(u64, u64, String)>> {
        loop {
            if let Some(newline) = self.ahead[self.at..].iter().position(|b| *b == b'\n') {
                let entry = &self.ahead[self.at..self.at + newline];
                self.at += newline + 1;
                return parse_entry(entry).map(Some);
            }
            if self.next == self.end {
                return Ok(None);
            }
            // Keep the part of a row read so far, and read on.
            self.ahead.drain(..self.at);
            self.at = 0;
            let count = (self.end - self.next).min(READ_AHEAD as u64) as usize;
            let old = self.ahead.len();
            self.ahead.resize(old + count, 0);
            file.read_exact_at(&mut self.ahead[old..], self.next)?;
            self.next += count as u64;
        }
    }
}

/// `LINE TEXT` back into (game, line, text).
fn parse_entry(entry: &[u8]) -> io::Result<(u64, u64, String)> {
    let bad = || io::Error::new(io::ErrorKind::InvalidData, "a damaged temporary run");
    let text = std::str::from_utf8(entry).map_err(|_| bad())?;
    let (line, row) = text.split_once(' ').ok_or_else(bad)?;
    let id = row.split(',').next().and_then(|id| id.parse().ok());
    match (line.parse(), id) {
        (Ok(line), Some(id)) => Ok((id, line, row.to_string())),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games_csv::{read, test_row as row};

    #[test]
    fn sorts_in_runs_and_keeps_each_game_once() {
        let dir = std::env::temp_dir().join(format!("sort-rows-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        // Runs of 1 kB: 3,000 rows make over a hundred runs, merged in two rounds.
        let mut text = format!("{}\n", games_csv::header(2));
        for i in 0..3_000u64 {
            text.push_str(&row((i * 1_999) % 3_000, "1-2 3-4").to_line());
        }
        text.push_str(&row(17, "1-2 3-4").to_line());
        text.push_str("12,0,7,a,b,dr");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(sort_in_runs(&path, 2, 1024).unwrap(), 3_000);
        let rows = read(&path, 2).unwrap().rows;
        assert_eq!(rows.len(), 3_000);
        assert!(rows.iter().enumerate().all(|(i, r)| r.game_id == i as u64));
        let sorted = std::fs::read_to_string(&path).unwrap();
        assert_eq!(sort_in_place(&path, 2).unwrap(), 3_000);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), sorted);

        let mut text = format!("{}\n", games_csv::header(2));
        for (id, moves) in [(3, "1-2"), (1, "1-2"), (2, "1-2"), (1, "3-4")] {
            text.push_str(&row(id, moves).to_line());
        }
        std::fs::write(&path, &text).unwrap();
        for run_bytes in [1, RUN_BYTES] {
            let error = sort_in_runs(&path, 2, run_bytes).unwrap_err().to_string();
            assert!(
                error.ends_with("games.csv:5: game 1 is recorded twice, differently"),
                "{error}"
            );
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                text,
                "left as it was"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
