//! The solve table's file: a fixed header, the packed values indexed by rank, the list of
//! exceptions, and a checksum over all of it. Any damage is an error, never a table.
//!
//! Layout (little-endian):
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0 | 8 | magic `LEAPSOLV` |
//! | 8 | 4 | format version (1) |
//! | 12 | 4 | root: A's pieces (bit i = spot i + 1) |
//! | 16 | 4 | root: B's pieces |
//! | 20 | 1 | root: side to move (0 = A, 1 = B) |
//! | 21 | 1 | root value for the side to move (0 win, 1 loss, 2 draw) |
//! | 22 | 1 | spots on the line, 0 for the standard 19 |
//! | 23 | 1 | pieces a side, 0 for the standard 5 |
//! | 24 | 4 | root distance in plies |
//! | 28 | 4 | number of exceptions `E` |
//! | 32 | 8 | number of ranks `R` (23 279 256 for the standard race) |
//! | 40 | 8 | positions reachable from the root |
//! | 48 | 8 | finished positions among them |
//! | 56 | 8 | positions A wins |
//! | 64 | 8 | positions B wins |
//! | 72 | 8 | drawn positions |
//! | 80 | `R` | one byte per rank: 0 unknown, 1..=127 win in `b - 1`, 128..=254 loss in `b - 128`, 255 exception |
//! | 80 + `R` | 9 `E` | exceptions by increasing rank: rank (4), value (1), distance (4) |
//! | end - 8 | 8 | FNV-1a 64 of every byte before it |

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use thiserror::Error;

use super::{code, solvable, Entry, SolveReport, SolveTable, Value};
use crate::game::Game;
use crate::games::leapfrog::{Leapfrog, Shape};
use crate::player::Seat;

/// The first eight bytes of every solve table file.
pub const MAGIC: [u8; 8] = *b"LEAPSOLV";
/// The file format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

const HEADER_BYTES: usize = 80;
const EXCEPTION_BYTES: usize = 9;

/// Why a solve table could not be loaded or saved.
#[derive(Debug, Error)]
pub enum TableError {
    /// No file at the path.
    #[error("no solve table at {}", path.display())]
    Missing {
        /// The path as given.
        path: PathBuf,
    },
    /// The file could not be opened, read or written.
    #[error("cannot read or write the solve table {}: {source}", path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// A stream (not a named file) failed.
    #[error("cannot read or write the solve table: {0}")]
    Stream(#[source] io::Error),
    /// The data ends early.
    #[error("the solve table is truncated: it ends inside the {section}")]
    Truncated {
        /// The part of the file where the data ran out.
        section: &'static str,
    },
    /// The data does not start with [`MAGIC`].
    #[error("not a Leapfrog solve table: it starts with {found:?}, expected {MAGIC:?}")]
    BadMagic {
        /// The first eight bytes found.
        found: [u8; 8],
    },
    /// A format version this build does not read.
    #[error("solve table format version {found} is not supported (this build reads version {FORMAT_VERSION})")]
    UnsupportedVersion {
        /// The version found.
        found: u32,
    },
    /// The checksum does not match the contents: the file is damaged.
    #[error("the solve table is corrupt: checksum {computed:#018x} does not match the stored {stored:#018x}")]
    ChecksumMismatch {
        /// The checksum written in the file.
        stored: u64,
        /// The checksum of the contents read.
        computed: u64,
    },
    /// Contents that pass the checksum but cannot be a table this build wrote.
    #[error("the solve table is inconsistent: {reason}")]
    Inconsistent {
        /// What is wrong.
        reason: String,
    },
}

impl TableError {
    fn inconsistent(reason: impl Into<String>) -> TableError {
        TableError::Inconsistent {
            reason: reason.into(),
        }
    }

    /// Puts the file's path on errors of the underlying stream.
    fn at(self, path: &Path) -> TableError {
        match self {
            TableError::Stream(source) => TableError::Io {
                path: path.to_path_buf(),
                source,
            },
            other => other,
        }
    }
}

/// 64-bit FNV-1a, fed as the bytes go by (also the English endgame tables' checksum).
#[derive(Clone, Copy)]
pub(crate) struct Fnv1a(pub(crate) u64);

impl Fnv1a {
    pub(crate) const fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        let mut hash = self.0;
        for &byte in bytes {
            hash ^= byte as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = hash;
    }
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    inner: W,
    hash: Fnv1a,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hash.update(bytes);
        self.inner.write_all(bytes)
    }
}

/// A reader that hashes what it reads and names the section that runs short.
struct Checked<R> {
    inner: R,
    hash: Fnv1a,
}

impl<R: Read> Checked<R> {
    fn take(&mut self, buffer: &mut [u8], section: &'static str) -> Result<(), TableError> {
        self.inner.read_exact(buffer).map_err(|error| {
            if error.kind() == io::ErrorKind::UnexpectedEof {
                TableError::Truncated { section }
            } else {
                TableError::Stream(error)
            }
        })?;
        self.hash.update(buffer);
        Ok(())
    }
}

fn value_byte(value: Value) -> u8 {
    match value {
        Value::Win => 0,
        Value::Loss => 1,
        Value::Draw => 2,
    }
}

fn byte_value(byte: u8) -> Result<Value, TableError> {
    match byte {
        0 => Ok(Value::Win),
        1 => Ok(Value::Loss),
        2 => Ok(Value::Draw),
        other => Err(TableError::inconsistent(format!("value byte {other}"))),
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

impl SolveTable {
    /// Writes the table in the file format of this module to `writer`.
    ///
    /// # Errors
    /// [`TableError::Stream`] when the writer fails.
    pub fn write_to(&self, writer: impl Write) -> Result<(), TableError> {
        let mut out = Hashing {
            inner: writer,
            hash: Fnv1a::new(),
        };
        let report = &self.report;
        let mut header = Vec::with_capacity(HEADER_BYTES);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&report.root.pieces(Seat::A).to_le_bytes());
        header.extend_from_slice(&report.root.pieces(Seat::B).to_le_bytes());
        header.push(report.root.to_move().index() as u8);
        header.push(value_byte(report.root_entry.value));
        // The standard race writes zeros, as files did before other races were solved.
        let shape = self.index.shape();
        if shape == Shape::STANDARD {
            header.extend_from_slice(&[0, 0]);
        } else {
            header.extend_from_slice(&[shape.spots() as u8, shape.pieces() as u8]);
        }
        header.extend_from_slice(&report.root_entry.distance.to_le_bytes());
        header.extend_from_slice(&(self.exceptions.len() as u32).to_le_bytes());
        for count in [
            self.codes.len() as u64,
            report.positions,
            report.finished,
            report.wins_a,
            report.wins_b,
            report.draws,
        ] {
            header.extend_from_slice(&count.to_le_bytes());
        }
        debug_assert_eq!(header.len(), HEADER_BYTES);
        out.put(&header).map_err(TableError::Stream)?;
        out.put(&self.codes).map_err(TableError::Stream)?;
        for (rank, entry) in &self.exceptions {
            let mut record = [0u8; EXCEPTION_BYTES];
            record[..4].copy_from_slice(&rank.to_le_bytes());
            record[4] = value_byte(entry.value);
            record[5..].copy_from_slice(&entry.distance.to_le_bytes());
            out.put(&record).map_err(TableError::Stream)?;
        }
        let checksum = out.hash.0;
        out.inner
            .write_all(&checksum.to_le_bytes())
            .and_then(|()| out.inner.flush())
            .map_err(TableError::Stream)
    }

    /// Reads a table written by [`SolveTable::write_to`], checking everything.
    ///
    /// # Errors
    /// [`TableError::Truncated`], [`TableError::BadMagic`],
    /// [`TableError::UnsupportedVersion`], [`TableError::ChecksumMismatch`] or
    /// [`TableError::Inconsistent`] for bad data (including bytes after the checksum),
    /// [`TableError::Stream`] when the reader fails.
    pub fn read_from(reader: impl Read) -> Result<SolveTable, TableError> {
        let clock = Instant::now();
        let mut input = Checked {
            inner: reader,
            hash: Fnv1a::new(),
        };
        let mut header = [0u8; HEADER_BYTES];
        // The magic and the version come first, so that a short file of another kind or
        // version says so rather than "truncated".
        input.take(&mut header[..8], "header")?;
        if header[..8] != MAGIC {
            let found = header[..8].try_into().expect("eight bytes");
            return Err(TableError::BadMagic { found });
        }
        input.take(&mut header[8..12], "header")?;
        let version = u32_at(&header, 8);
        if version != FORMAT_VERSION {
            return Err(TableError::UnsupportedVersion { found: version });
        }
        input.take(&mut header[12..], "header")?;
        let shape = match (header[22], header[23]) {
            (0, 0) => Shape::STANDARD,
            (spots, pieces) => Shape::new(spots.into(), pieces.into())
                .map_err(|reason| TableError::inconsistent(format!("race size {reason}")))?,
        };
        let index = solvable(shape).map_err(TableError::inconsistent)?;
        let ranks = u64_at(&header, 32);
        if ranks != index.ranks() as u64 {
            return Err(TableError::inconsistent(format!(
                "{ranks} ranks where leapfrog:{shape} has {}",
                index.ranks()
            )));
        }
        let exception_count = u32_at(&header, 28) as usize;
        if exception_count > index.ranks() {
            return Err(TableError::inconsistent(format!(
                "{exception_count} exceptions"
            )));
        }

        // Read in slices, so that a header claiming a large race costs memory only as
        // its data actually arrives.
        const SLICE: usize = 1 << 20;
        let mut codes = Vec::with_capacity(index.ranks().min(SLICE));
        while codes.len() < index.ranks() {
            let start = codes.len();
            codes.resize((start + SLICE).min(index.ranks()), 0);
            input.take(&mut codes[start..], "values")?;
        }
        let mut exceptions = BTreeMap::new();
        let mut record = [0u8; EXCEPTION_BYTES];
        let mut records = Vec::with_capacity(exception_count.min(SLICE));
        for _ in 0..exception_count {
            input.take(&mut record, "exceptions")?;
            records.push(record);
        }
        let computed = input.hash.0;
        let mut stored = [0u8; 8];
        input.take(&mut stored, "checksum")?;
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Err(TableError::ChecksumMismatch { stored, computed });
        }
        let mut extra = [0u8; 1];
        match input.inner.read(&mut extra) {
            Ok(0) => {}
            Ok(_) => return Err(TableError::inconsistent("bytes after the checksum")),
            Err(error) => return Err(TableError::Stream(error)),
        }

        // The checksum guards against damage; these checks against a file that was
        // written wrong.
        for record in &records {
            let rank = u32_at(record, 0);
            let entry = Entry {
                value: byte_value(record[4])?,
                distance: u32_at(record, 5),
            };
            if codes.get(rank as usize) != Some(&code::EXCEPTION)
                || exceptions.insert(rank, entry).is_some()
            {
                return Err(TableError::inconsistent(format!(
                    "exception at rank {rank} does not match the values"
                )));
            }
        }
        let marked = codes.iter().filter(|c| **c == code::EXCEPTION).count();
        if marked != exceptions.len() {
            return Err(TableError::inconsistent(format!(
                "{marked} values point to the exceptions, which hold {}",
                exceptions.len()
            )));
        }
        let to_move = match header[20] {
            0 => Seat::A,
            1 => Seat::B,
            other => return Err(TableError::inconsistent(format!("side to move {other}"))),
        };
        let root =
            Leapfrog::from_pieces_on(shape, u32_at(&header, 12), u32_at(&header, 16), to_move);
        let root_entry = Entry {
            value: byte_value(header[21])?,
            distance: u32_at(&header, 24),
        };
        let mut table = SolveTable {
            index,
            codes,
            exceptions,
            report: SolveReport {
                root,
                root_entry,
                positions: u64_at(&header, 40),
                finished: u64_at(&header, 48),
                wins_a: u64_at(&header, 56),
                wins_b: u64_at(&header, 64),
                draws: u64_at(&header, 72),
                seconds: 0.0,
            },
        };
        if index.rank(&root).is_none() || table.entry(&root) != Some(root_entry) {
            return Err(TableError::inconsistent(
                "the root is not a position the table holds with the value in the header",
            ));
        }
        let report = &table.report;
        if report.wins_a + report.wins_b + report.draws != report.positions {
            return Err(TableError::inconsistent(
                "wins and draws do not add up to the positions",
            ));
        }
        table.report.seconds = clock.elapsed().as_secs_f64();
        Ok(table)
    }

    /// Saves the table to `path`, through a temporary file beside it that replaces the
    /// path only once complete.
    ///
    /// # Errors
    /// [`TableError::Io`] when the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), TableError> {
        let path = path.as_ref();
        let io_error = |source| TableError::Io {
            path: path.to_path_buf(),
            source,
        };
        // A name of this writer's own: two saves of one path never share a file.
        let partial = crate::temporary::temporary_path(path);
        let file = File::create(&partial).map_err(io_error)?;
        let written = self
            .write_to(BufWriter::with_capacity(1 << 20, file))
            .map_err(|error| error.at(path));
        if let Err(error) = written {
            let _ = fs::remove_file(&partial);
            return Err(error);
        }
        fs::rename(&partial, path).map_err(io_error)
    }

    /// Loads a table saved by [`SolveTable::save`]; [`SolveReport::seconds`] is then the
    /// time the load took.
    ///
    /// # Errors
    /// [`TableError::Missing`] when there is no file at `path`, [`TableError::Io`] when it
    /// cannot be read, and the errors of [`SolveTable::read_from`] for bad contents.
    pub fn load(path: impl AsRef<Path>) -> Result<SolveTable, TableError> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|source| {
            if source.kind() == io::ErrorKind::NotFound {
                TableError::Missing {
                    path: path.to_path_buf(),
                }
            } else {
                TableError::Io {
                    path: path.to_path_buf(),
                    source,
                }
            }
        })?;
        SolveTable::read_from(BufReader::with_capacity(1 << 20, file)).map_err(|e| e.at(path))
    }
}
