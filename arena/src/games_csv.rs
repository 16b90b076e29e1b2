//! `games.csv`: one row per game, appended as games finish and sorted at the end; read
//! back to resume a run or to replay a game.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::ArenaError;

/// The header of `games.csv` for two-player games.
pub const HEADER: &str = "game_id,pairing,seed,first,second,winner,plies,end,moves";

/// One finished game as `games.csv` records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Position in the schedule.
    pub game_id: u64,
    /// Which pairing of agents.
    pub pairing: usize,
    /// The game's seed.
    pub seed: u64,
    /// Name of the agent that moved first.
    pub first: String,
    /// Name of the agent that moved second.
    pub second: String,
    /// `first`, `second` or `draw`.
    pub winner: String,
    /// Plies played, opening included.
    pub plies: u32,
    /// How the game ended: `goal`, `stuck`, `ply_cap` or `forfeit`.
    pub end: String,
    /// The moves in the game's notation, space-separated.
    pub moves: String,
}

impl GameRow {
    /// The row as one CSV line, newline included. Names never hold commas or quotes
    /// (the config refuses them), so no field needs quoting.
    pub fn to_line(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{}\n",
            self.game_id,
            self.pairing,
            self.seed,
            self.first,
            self.second,
            self.winner,
            self.plies,
            self.end,
            self.moves
        )
    }

    fn parse(line: &str) -> Option<GameRow> {
        let fields: Vec<&str> = line.split(',').collect();
        let [game_id, pairing, seed, first, second, winner, plies, end, moves] = fields[..] else {
            return None;
        };
        let known_winner = ["first", "second", "draw"].contains(&winner);
        let known_end = ["goal", "stuck", "ply_cap", "forfeit"].contains(&end);
        if !known_winner || !known_end {
            return None;
        }
        Some(GameRow {
            game_id: game_id.parse().ok()?,
            pairing: pairing.parse().ok()?,
            seed: seed.parse().ok()?,
            first: first.to_string(),
            second: second.to_string(),
            winner: winner.to_string(),
            plies: plies.parse().ok()?,
            end: end.to_string(),
            moves: moves.to_string(),
        })
    }
}

/// The rows of a `games.csv`, and how many bytes of the file hold complete rows.
#[derive(Debug, Default)]
pub struct ReadRows {
    /// Complete rows, in file order.
    pub rows: Vec<GameRow>,
    /// Length of the file without a torn last row.
    pub complete_len: u64,
}

/// Reads `path`. A last row without its newline was torn by an interruption: it is left
/// out (and `complete_len` stops before it).
///
/// # Errors
/// An unreadable file, a wrong header, or a complete row that does not parse: the error
/// names the file and the line.
pub fn read(path: &Path) -> Result<ReadRows, ArenaError> {
    let bytes = std::fs::read(path).map_err(|e| ArenaError::io(path, "read", e))?;
    let complete_len = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..complete_len]).map_err(|_| {
        ArenaError::input(format!(
            "{}: not a games.csv: the file is not UTF-8 text",
            path.display()
        ))
    })?;
    let mut lines = text.lines();
    match lines.next() {
        None => {}
        Some(header) if header == HEADER => {}
        Some(header) => {
            return Err(ArenaError::input(format!(
                "{}:1: header {header:?}: expected {HEADER:?}",
                path.display()
            )))
        }
    }
    let mut rows = Vec::new();
    for (index, line) in lines.enumerate() {
        let row = GameRow::parse(line).ok_or_else(|| {
            ArenaError::input(format!(
                "{}:{}: row {:?}: expected {HEADER}",
                path.display(),
                index + 2,
                line.chars().take(80).collect::<String>()
            ))
        })?;
        rows.push(row);
    }
    Ok(ReadRows {
        rows,
        complete_len: complete_len as u64,
    })
}

/// Appends rows to a `games.csv` as games finish, and syncs them to disk.
pub struct Appender {
    path: PathBuf,
    writer: BufWriter<File>,
}

impl Appender {
    /// Opens `path` for appending after its first `keep` bytes (dropping a torn row), or
    /// creates it with its header when `keep` is 0.
    ///
    /// # Errors
    /// The file cannot be opened, cut or written.
    pub fn open(path: &Path, keep: u64) -> Result<Appender, ArenaError> {
        let io = |e| ArenaError::io(path, "write", e);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        file.set_len(keep).map_err(io)?;
        let mut appender = Appender {
            path: path.to_path_buf(),
            writer: BufWriter::new(file),
        };
        if keep == 0 {
            appender.write_line(&format!("{HEADER}\n"))?;
        }
        Ok(appender)
    }

    /// Appends one row (buffered until the next [`Appender::sync`]).
    ///
    /// # Errors
    /// The write fails.
    pub fn append(&mut self, row: &GameRow) -> Result<(), ArenaError> {
        self.write_line(&row.to_line())
    }

    fn write_line(&mut self, line: &str) -> Result<(), ArenaError> {
        self.writer
            .write_all(line.as_bytes())
            .map_err(|e| ArenaError::io(&self.path, "write", e))
    }

    /// Flushes the rows written so far and syncs them to disk.
    ///
    /// # Errors
    /// The flush or the sync fails.
    pub fn sync(&mut self) -> Result<(), ArenaError> {
        let io = |e| ArenaError::io(&self.path, "write", e);
        self.writer.flush().map_err(io)?;
        self.writer.get_ref().sync_data().map_err(io)
    }
}

/// Writes `contents` to `path` atomically: a temporary file beside it, synced, renamed.
///
/// # Errors
/// Any step fails; `path` then keeps its old contents.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), ArenaError> {
    let temporary = path.with_extension("tmp");
    let io = |e| ArenaError::io(path, "write", e);
    let mut file = File::create(&temporary).map_err(io)?;
    file.write_all(contents).map_err(io)?;
    file.sync_all().map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

/// `rows` sorted by game_id as the text of a `games.csv`.
pub fn sorted_text(rows: &[GameRow]) -> String {
    let mut sorted: Vec<&GameRow> = rows.iter().collect();
    sorted.sort_by_key(|row| row.game_id);
    let mut text = format!("{HEADER}\n");
    for row in sorted {
        text.push_str(&row.to_line());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game_id: u64) -> GameRow {
        GameRow {
            game_id,
            pairing: 0,
            seed: 7,
            first: "a".into(),
            second: "b".into(),
            winner: "draw".into(),
            plies: 2,
            end: "stuck".into(),
            moves: "5-6 15-14".into(),
        }
    }

    #[test]
    fn torn_rows_are_dropped_and_bad_rows_named() {
        let dir = std::env::temp_dir().join(format!("games-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        let mut text = sorted_text(&[row(1), row(0)]);
        let complete = text.len() as u64;
        text.push_str("2,0,7,a,b,dr");
        std::fs::write(&path, &text).unwrap();
        let read_back = read(&path).unwrap();
        assert_eq!(read_back.rows, vec![row(0), row(1)]);
        assert_eq!(read_back.complete_len, complete);

        let mut appender = Appender::open(&path, read_back.complete_len).unwrap();
        appender.append(&row(2)).unwrap();
        appender.sync().unwrap();
        assert_eq!(read(&path).unwrap().rows.len(), 3);

        std::fs::write(&path, format!("{HEADER}\n0,0,x,a,b,draw,2,stuck,5-6\n")).unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(error.contains("games.csv:2: row \"0,0,x"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
