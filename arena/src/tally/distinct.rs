//! How many distinct games a run played, counted exactly in bounded memory: each game's
//! move list is hashed to 64 bits; the hashes gather in a buffer of [`BUFFER`] hashes
//! which, when full, is sorted and written as a run to a temporary file (its name removed
//! at once, so no kill leaves it behind); the count merges the runs. Memory is the buffer
//! and 4 kB a run while counting (about one run per 32 Ki games), never the games
//! themselves.
//!
//! Two different games share a hash with probability about n²/2^65 (4·10^-9 at 400,000
//! games), and would then count as one.

use std::collections::hash_map::DefaultHasher;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// Hashes held in memory before they are written out as a sorted run.
const BUFFER: usize = 32 * 1024;

/// Hashes read at a time from each run while counting.
const READ_AHEAD: usize = 512;

/// The distinct move lists seen so far.
#[derive(Debug)]
pub struct DistinctGames {
    /// Where the temporary file of runs goes.
    dir: PathBuf,
    buffer: Vec<u64>,
    /// The runs written so far, and where each ends in the file (in hashes).
    spill: Option<(File, Vec<u64>)>,
}

impl DistinctGames {
    /// None seen; runs, if any, go to a temporary file in `dir`.
    pub fn new(dir: &Path) -> DistinctGames {
        DistinctGames {
            dir: dir.to_path_buf(),
            buffer: Vec::new(),
            spill: None,
        }
    }

    /// Counts the game whose move list is `moves`.
    ///
    /// # Errors
    /// A full buffer cannot be written out.
    pub fn add(&mut self, moves: &str) -> io::Result<()> {
        let mut hasher = DefaultHasher::new();
        moves.hash(&mut hasher);
        if self.buffer.capacity() == 0 {
            self.buffer.reserve_exact(BUFFER);
        }
        self.buffer.push(hasher.finish());
        if self.buffer.len() == BUFFER {
            self.buffer.sort_unstable();
            self.buffer.dedup();
            // A buffer of repeated games empties itself; one of new games is written out.
            if self.buffer.len() > BUFFER / 2 {
                self.write_run()?;
            }
        }
        Ok(())
    }

    /// Writes the buffer, sorted and without repeats, as one run.
    fn write_run(&mut self) -> io::Result<()> {
        if self.spill.is_none() {
            let file = crate::output::unnamed_file(&self.dir.join("distinct-games"))?;
            self.spill = Some((file, Vec::new()));
        }
        let (file, ends) = self.spill.as_mut().expect("opened above");
        let mut bytes = Vec::with_capacity(self.buffer.len() * 8);
        for hash in &self.buffer {
            bytes.extend_from_slice(&hash.to_le_bytes());
        }
        file.write_all(&bytes)?;
        let start = ends.last().copied().unwrap_or(0);
        ends.push(start + self.buffer.len() as u64);
        self.buffer.clear();
        Ok(())
    }

    /// The number of distinct games.
    ///
    /// # Errors
    /// The runs written out cannot be read back.
    pub fn count(mut self) -> io::Result<u64> {
        self.buffer.sort_unstable();
        self.buffer.dedup();
        if self.spill.is_none() {
            return Ok(self.buffer.len() as u64);
        }
        if !self.buffer.is_empty() {
            self.write_run()?;
        }
        let (file, ends) = self.spill.take().expect("written");
        let mut runs: Vec<Run> = ends
            .iter()
            .enumerate()
            .map(|(index, &end)| Run {
                next: if index == 0 { 0 } else { ends[index - 1] },
                end,
                ahead: Vec::with_capacity(READ_AHEAD),
                at: 0,
            })
            .collect();
        // A k-way merge: the smallest head of all runs, counted once however many hold it.
        let mut heads: Vec<Option<u64>> = Vec::with_capacity(runs.len());
        for run in &mut runs {
            heads.push(run.pop(&file)?);
        }
        let mut distinct = 0;
        while let Some(smallest) = heads.iter().flatten().min().copied() {
            distinct += 1;
            for (head, run) in heads.iter_mut().zip(&mut runs) {
                if *head == Some(smallest) {
                    *head = run.pop(&file)?;
                }
            }
        }
        Ok(distinct)
    }
}

/// One sorted run of hashes in the file, read a few at a time.
struct Run {
    /// The next hash not yet read ahead, and the end of the run (in hashes).
    next: u64,
    end: u64,
    ahead: Vec<u64>,
    at: usize,
}

impl Run {
    fn pop(&mut self, file: &File) -> io::Result<Option<u64>> {
        if self.at == self.ahead.len() {
            let count = (self.end - self.next).min(READ_AHEAD as u64) as usize;
            if count == 0 {
                return Ok(None);
            }
            let mut bytes = vec![0u8; count * 8];
            file.read_exact_at(&mut bytes, self.next * 8)?;
            self.ahead.clear();
            self.ahead.extend(
                bytes
                    .chunks_exact(8)
                    .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes"))),
            );
            self.next += count as u64;
            self.at = 0;
        }
        self.at += 1;
        Ok(Some(self.ahead[self.at - 1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_exactly_past_the_buffer() {
        let dir = std::env::temp_dir();
        let mut distinct = DistinctGames::new(&dir);
        // 150,000 games, every third a repeat of an earlier one: 100,000 distinct, in
        // three runs and a buffer.
        for game in 0..150_000u64 {
            let id = if game % 3 == 2 { game / 7 } else { game };
            distinct.add(&format!("m{id}")).unwrap();
        }
        let expected: std::collections::HashSet<u64> = (0..150_000u64)
            .map(|game| if game % 3 == 2 { game / 7 } else { game })
            .collect();
        assert_eq!(distinct.count().unwrap(), expected.len() as u64);
        let mut few = DistinctGames::new(&dir);
        for moves in ["a", "b", "a"] {
            few.add(moves).unwrap();
        }
        assert_eq!(few.count().unwrap(), 2);
    }
}
