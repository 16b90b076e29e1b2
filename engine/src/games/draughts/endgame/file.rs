//! The endgame tables' file: a header, every slice's codes, and a checksum over all of
//! it. Any damage is an error, never a table.
//!
//! Layout (little-endian):
//!
//! | size | field |
//! |-----:|-------|
//! | 8 | magic `ENGLSHDB` |
//! | 4 | format version (1) |
//! | 4 | most pieces `N` |
//! | 4 | number of slices `S` |
//! | per slice | 4 bytes of material (own men, own kings, other men, other kings), 8 bytes of length `L`, then `L` codes of 2 bytes |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! Slices come in increasing order of material, and must be exactly the materials of 2
//! to `N` pieces with both sides on the board, each as long as its ranks.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::Instant;

use super::index::{Material, Squares};
use super::{Endgame, EndgameError, Tables, MAX_BUILD_PIECES};
use crate::games::leapfrog::solve::Fnv1a;

/// The first eight bytes of every endgame table file.
pub const MAGIC: [u8; 8] = *b"ENGLSHDB";
/// The file format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

fn corrupt(path: &Path, reason: impl Into<String>) -> EndgameError {
    EndgameError::Corrupt {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

fn io_error(path: &Path, source: io::Error) -> EndgameError {
    EndgameError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// A reader that hashes what it reads and says where the data ran out.
struct Checked<R> {
    inner: R,
    hash: Fnv1a,
}

impl<R: Read> Checked<R> {
    fn take(&mut self, buffer: &mut [u8], path: &Path, section: &str) -> Result<(), EndgameError> {
        self.inner.read_exact(buffer).map_err(|error| {
            if error.kind() == io::ErrorKind::UnexpectedEof {
                corrupt(path, format!("truncated: it ends inside the {section}"))
            } else {
                io_error(path, error)
            }
        })?;
        self.hash.update(buffer);
        Ok(())
    }

    fn u32(&mut self, path: &Path, section: &str) -> Result<u32, EndgameError> {
        let mut bytes = [0; 4];
        self.take(&mut bytes, path, section)?;
        Ok(u32::from_le_bytes(bytes))
    }
}

/// The materials a table of up to `pieces` pieces holds, in file order.
fn materials(pieces: u32) -> Vec<Material> {
    let mut all: Vec<Material> = (2..=pieces).flat_map(Material::all_of).collect();
    all.sort_unstable();
    all
}

impl Endgame {
    /// Saves the tables to `path`, through a temporary file beside it that replaces the
    /// path only once complete.
    ///
    /// # Errors
    /// [`EndgameError::Io`] when the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EndgameError> {
        let path = path.as_ref();
        // A name of this writer's own: two saves of one path never share a file.
        let partial = crate::temporary::temporary_path(path);
        let written = self.write_file(&partial);
        if let Err(error) = written {
            let _ = fs::remove_file(&partial);
            return Err(io_error(path, error));
        }
        fs::rename(&partial, path).map_err(|e| io_error(path, e))
    }

    fn write_file(&self, path: &Path) -> io::Result<()> {
        let mut out = BufWriter::with_capacity(1 << 20, File::create(path)?);
        let mut hash = Fnv1a::new();
        let mut put = |out: &mut BufWriter<File>, bytes: &[u8]| {
            hash.update(bytes);
            out.write_all(bytes)
        };
        let materials = materials(self.pieces);
        put(&mut out, &MAGIC)?;
        put(&mut out, &FORMAT_VERSION.to_le_bytes())?;
        put(&mut out, &self.pieces.to_le_bytes())?;
        put(&mut out, &(materials.len() as u32).to_le_bytes())?;
        for material in materials {
            let slice = self
                .tables
                .slice(material)
                .expect("every material is built");
            let m = material;
            put(&mut out, &[m.men, m.kings, m.other_men, m.other_kings])?;
            put(&mut out, &(slice.codes.len() as u64).to_le_bytes())?;
            let bytes: Vec<u8> = slice.codes.iter().flat_map(|c| c.to_le_bytes()).collect();
            put(&mut out, &bytes)?;
        }
        out.write_all(&hash.0.to_le_bytes())?;
        out.flush()
    }

    /// Loads tables saved by [`Endgame::save`], checking everything.
    ///
    /// # Errors
    /// [`EndgameError::Io`] when the file cannot be read, [`EndgameError::Corrupt`] when
    /// it is not a table of this format or its checksum does not match.
    pub fn load(path: impl AsRef<Path>) -> Result<Endgame, EndgameError> {
        let path = path.as_ref();
        let clock = Instant::now();
        let file = File::open(path).map_err(|e| io_error(path, e))?;
        let mut input = Checked {
            inner: BufReader::with_capacity(1 << 20, file),
            hash: Fnv1a::new(),
        };
        let mut magic = [0; 8];
        input.take(&mut magic, path, "header")?;
        if magic != MAGIC {
            return Err(corrupt(
                path,
                format!(
                    "not an English endgame table: it starts with {magic:?}, expected {MAGIC:?}"
                ),
            ));
        }
        let version = input.u32(path, "header")?;
        if version != FORMAT_VERSION {
            return Err(corrupt(
                path,
                format!("format version {version}, this build reads {FORMAT_VERSION}"),
            ));
        }
        let pieces = input.u32(path, "header")?;
        if !(2..=MAX_BUILD_PIECES).contains(&pieces) {
            return Err(corrupt(path, format!("{pieces} pieces")));
        }
        let expected = materials(pieces);
        let count = input.u32(path, "header")?;
        if count as usize != expected.len() {
            return Err(corrupt(
                path,
                format!(
                    "{count} slices where {pieces} pieces have {}",
                    expected.len()
                ),
            ));
        }
        let mut tables = Tables::new();
        for material in expected {
            let mut head = [0; 12];
            input.take(&mut head, path, "slice header")?;
            let found = Material {
                men: head[0],
                kings: head[1],
                other_men: head[2],
                other_kings: head[3],
            };
            let length = u64::from_le_bytes(head[4..].try_into().expect("eight bytes"));
            if found != material || length != material.ranks() {
                return Err(corrupt(
                    path,
                    format!("slice {found:?} of {length} codes where {material:?} was expected"),
                ));
            }
            // In slices, so that memory grows only as data arrives.
            const SLICE: usize = 1 << 20;
            let mut codes = Vec::new();
            let mut bytes = Vec::new();
            while (codes.len() as u64) < length {
                let count = SLICE.min(length as usize - codes.len());
                bytes.resize(2 * count, 0);
                input.take(&mut bytes, path, "codes")?;
                codes.extend(
                    bytes
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]])),
                );
            }
            tables.insert(material, codes);
        }
        let computed = input.hash.0;
        let mut stored = [0; 8];
        input
            .inner
            .read_exact(&mut stored)
            .map_err(|_| corrupt(path, "truncated: it ends inside the checksum"))?;
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Err(corrupt(
                path,
                format!("checksum {computed:#018x} does not match the stored {stored:#018x}"),
            ));
        }
        let mut extra = [0; 1];
        if input
            .inner
            .read(&mut extra)
            .map_err(|e| io_error(path, e))?
            != 0
        {
            return Err(corrupt(path, "bytes after the checksum"));
        }
        Ok(Endgame {
            pieces,
            tables,
            squares: Squares::new(),
            seconds: clock.elapsed().as_secs_f64(),
        })
    }
}
