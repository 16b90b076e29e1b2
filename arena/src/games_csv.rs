//! `games.csv`: one row per game, appended as games finish and sorted at the end; read
//! back to resume a run or to replay a game.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use engine::{Game, Outcome, Seat};

use crate::error::ArenaError;
use crate::runner::game::PlayedGame;

/// The header of `games.csv` for two-player games.
pub const HEADER: &str = "game_id,pairing,seed,first,second,winner,plies,end,moves";

/// What the CSV files call the seats, in turn order.
pub const SEAT_LABELS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];

/// The winner column: the label of the seat that won alone, or `draw`.
pub fn winner_label(outcome: &Outcome) -> &'static str {
    outcome
        .winner()
        .map_or("draw", |seat| SEAT_LABELS[seat.index()])
}

/// The header of `games.csv` for games of `players` seats: for two, [`HEADER`]; for more,
/// one name column per seat and one place column per seat, `moves` always last.
pub fn header(players: usize) -> String {
    if players == 2 {
        return HEADER.to_string();
    }
    let seats = SEAT_LABELS[..players].join(",");
    let places: Vec<String> = SEAT_LABELS[..players]
        .iter()
        .map(|label| format!("place_{label}"))
        .collect();
    format!(
        "game_id,pairing,seed,{seats},winner,plies,end,{},moves",
        places.join(",")
    )
}

/// One finished game as `games.csv` records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Position in the schedule.
    pub game_id: u64,
    /// Which pairing (or, with more than two seats, which combination) of agents.
    pub pairing: usize,
    /// The game's seed.
    pub seed: u64,
    /// The agents' names, seat by seat in turn order.
    pub seats: Vec<String>,
    /// The label of the seat that won alone (`first`, `second`, ...), or `draw`.
    pub winner: String,
    /// Plies played, opening included.
    pub plies: u32,
    /// How the game ended: `goal`, `stuck`, `ply_cap`, `forfeit` or `resign`.
    pub end: String,
    /// Each seat's place (1 is best), recorded for games of more than two seats.
    pub places: Vec<u8>,
    /// The moves in the game's notation, space-separated.
    pub moves: String,
}

impl GameRow {
    /// The row of a played game: `seats` names the agents seat by seat.
    pub fn from_played<G: Game>(
        game_id: u64,
        pairing: usize,
        seed: u64,
        seats: Vec<String>,
        played: &PlayedGame<G::Move>,
    ) -> GameRow {
        let mut moves = String::with_capacity(played.moves.len() * 6);
        for (index, &mv) in played.moves.iter().enumerate() {
            if index > 0 {
                moves.push(' ');
            }
            G::push_move_text(mv, &mut moves);
        }
        let outcome = &played.outcome;
        let players = seats.len();
        GameRow {
            game_id,
            pairing,
            seed,
            seats,
            winner: winner_label(outcome).into(),
            plies: played.moves.len() as u32,
            end: outcome.reason().as_str().into(),
            // Two-seat rows carry no place columns: the winner says it all.
            places: if players > 2 {
                Seat::all(players).map(|seat| outcome.place(seat)).collect()
            } else {
                Vec::new()
            },
            moves,
        }
    }

    /// The row as one CSV line, newline included. Names never hold commas or quotes
    /// (the config refuses them), so no field needs quoting.
    pub fn to_line(&self) -> String {
        use std::fmt::Write as _;
        // Sized once: the moves are most of the line.
        let mut line = String::with_capacity(self.moves.len() + 128);
        let _ = write!(line, "{},{},{}", self.game_id, self.pairing, self.seed);
        for seat in &self.seats {
            line.push(',');
            line.push_str(seat);
        }
        let _ = write!(line, ",{},{},{}", self.winner, self.plies, self.end);
        if self.seats.len() > 2 {
            for place in &self.places {
                let _ = write!(line, ",{place}");
            }
        }
        line.push(',');
        line.push_str(&self.moves);
        line.push('\n');
        line
    }

    /// The seat index of the agent named `name`, if it played in this game.
    pub fn seat_of(&self, name: &str) -> Option<usize> {
        self.seats.iter().position(|seat| seat == name)
    }

    fn parse(line: &str, players: usize) -> Option<GameRow> {
        let fields: Vec<&str> = line.split(',').collect();
        let places = if players == 2 { 0 } else { players };
        if fields.len() != 3 + players + 3 + places + 1 {
            return None;
        }
        let seats: Vec<String> = fields[3..3 + players]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let rest = &fields[3 + players..];
        let (winner, plies, end) = (rest[0], rest[1], rest[2]);
        let known_winner = winner == "draw" || SEAT_LABELS[..players].contains(&winner);
        let known_end = engine::EndReason::ALL
            .iter()
            .any(|reason| reason.as_str() == end);
        if !known_winner || !known_end || seats.iter().any(|s| s.is_empty()) {
            return None;
        }
        let moves = rest[3 + places].to_string();
        // Each ply is one move of the list: a row whose count disagrees is damaged.
        let plies: u32 = plies.parse().ok()?;
        let listed = if moves.is_empty() {
            0
        } else {
            moves.split(' ').count()
        };
        if listed != plies as usize {
            return None;
        }
        let places = rest[3..3 + places]
            .iter()
            .map(|p| {
                p.parse::<u8>()
                    .ok()
                    .filter(|p| (1..=players as u8).contains(p))
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(GameRow {
            game_id: fields[0].parse().ok()?,
            pairing: fields[1].parse().ok()?,
            seed: fields[2].parse().ok()?,
            seats,
            winner: winner.to_string(),
            plies,
            end: end.to_string(),
            places,
            moves,
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

/// Reads `path`, a `games.csv` of games with `players` seats. A last row without its
/// newline was torn by an interruption: it is left out (and `complete_len` stops before
/// it).
///
/// # Errors
/// An unreadable file, a wrong header, or a complete row that does not parse: the error
/// names the file and the line.
pub fn read(path: &Path, players: usize) -> Result<ReadRows, ArenaError> {
    let mut reader = RowReader::open(path, players)?;
    let mut rows = Vec::new();
    while let Some(row) = reader.next_row()? {
        rows.push(row);
    }
    Ok(ReadRows {
        rows,
        complete_len: reader.complete_len(),
    })
}

/// A `games.csv` read one row at a time, so that a file of any length takes the memory
/// of one row. A last row without its newline was torn by an interruption: reading stops
/// before it.
pub struct RowReader {
    path: PathBuf,
    reader: BufReader<File>,
    players: usize,
    expected: String,
    /// The last line read, its newline left out.
    line: Vec<u8>,
    /// The number of the last line read, counting the header as line 1.
    line_number: usize,
    /// Bytes of whole lines read so far.
    complete_len: u64,
}

impl RowReader {
    /// Opens `path`, a `games.csv` of games with `players` seats, and reads its header.
    ///
    /// # Errors
    /// An unreadable file or a wrong header, named by the file.
    pub fn open(path: &Path, players: usize) -> Result<RowReader, ArenaError> {
        let file = File::open(path).map_err(|e| ArenaError::io(path, "read", e))?;
        let mut reader = RowReader {
            path: path.to_path_buf(),
            reader: BufReader::with_capacity(64 * 1024, file),
            players,
            expected: header(players),
            line: Vec::new(),
            line_number: 0,
            complete_len: 0,
        };
        if reader.next_line()? {
            let found = reader.text();
            if found != reader.expected {
                return Err(ArenaError::input(format!(
                    "{}:1: header {found:?}: expected {:?}",
                    path.display(),
                    reader.expected
                )));
            }
        }
        Ok(reader)
    }

    /// Reads the next whole line into `line`, its newline left out; `false` at the end
    /// or at a torn row.
    fn next_line(&mut self) -> Result<bool, ArenaError> {
        self.line.clear();
        let read = self
            .reader
            .read_until(b'\n', &mut self.line)
            .map_err(|e| ArenaError::io(&self.path, "read", e))?;
        if read == 0 || self.line.last() != Some(&b'\n') {
            return Ok(false);
        }
        self.complete_len += read as u64;
        self.line_number += 1;
        self.line.pop();
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        match std::str::from_utf8(&self.line) {
            Ok(_) => Ok(true),
            Err(_) => Err(ArenaError::input(format!(
                "{}: not a games.csv: the file is not UTF-8 text",
                self.path.display()
            ))),
        }
    }

    /// The next row, `None` at the end of the file or at a torn last row.
    ///
    /// # Errors
    /// The file cannot be read, or a whole row does not parse: named by file and line.
    pub fn next_row(&mut self) -> Result<Option<GameRow>, ArenaError> {
        if !self.next_line()? {
            return Ok(None);
        }
        let line = self.text();
        match GameRow::parse(line, self.players) {
            Some(row) => Ok(Some(row)),
            None => Err(ArenaError::input(format!(
                "{}:{}: row {:?}: expected {}",
                self.path.display(),
                self.line_number,
                line.chars().take(80).collect::<String>(),
                self.expected
            ))),
        }
    }

    /// The last row read, as its line holds it (newline left out).
    pub fn text(&self) -> &str {
        // Checked to be UTF-8 when it was read.
        std::str::from_utf8(&self.line).unwrap_or_default()
    }

    /// The line number of the last row read (the header is line 1).
    pub fn line_number(&self) -> usize {
        self.line_number
    }

    /// Bytes of whole lines read so far: where a writer may carry on after a torn row.
    pub fn complete_len(&self) -> u64 {
        self.complete_len
    }

    /// The file read.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `rows` sorted by game_id as the text of a `games.csv` of `players` seats.
pub fn sorted_text(rows: &[GameRow], players: usize) -> String {
    let mut sorted: Vec<&GameRow> = rows.iter().collect();
    sorted.sort_by_key(|row| row.game_id);
    let mut text = format!("{}\n", header(players));
    for row in sorted {
        text.push_str(&row.to_line());
    }
    text
}

/// A drawn two-seat game row of `moves`, for the tests of the modules that read and
/// sort rows.
#[cfg(test)]
pub(crate) fn test_row(game_id: u64, moves: &str) -> GameRow {
    GameRow {
        game_id,
        pairing: 0,
        seed: 7,
        seats: vec!["a".into(), "b".into()],
        winner: "draw".into(),
        plies: moves.split(' ').count() as u32,
        end: "stuck".into(),
        places: Vec::new(),
        moves: moves.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::writer::RowWriter;

    fn row(game_id: u64) -> GameRow {
        test_row(game_id, "5-6 15-14")
    }

    #[test]
    fn torn_rows_are_dropped_and_bad_rows_named() {
        let dir = std::env::temp_dir().join(format!("games-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        let mut text = sorted_text(&[row(1), row(0)], 2);
        let complete = text.len() as u64;
        text.push_str("2,0,7,a,b,dr");
        std::fs::write(&path, &text).unwrap();
        let read_back = read(&path, 2).unwrap();
        assert_eq!(read_back.rows, vec![row(0), row(1)]);
        assert_eq!(read_back.complete_len, complete);

        let mut writer = RowWriter::open(&path, read_back.complete_len, &header(2)).unwrap();
        writer.append(&row(2).to_line()).unwrap();
        writer.sync().unwrap();
        assert_eq!(read(&path, 2).unwrap().rows.len(), 3);

        std::fs::write(&path, format!("{HEADER}\n0,0,x,a,b,draw,2,stuck,5-6\n")).unwrap();
        let error = read(&path, 2).unwrap_err().to_string();
        assert!(error.contains("games.csv:2: row \"0,0,x"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn rows_of_three_seats_round_trip() {
        assert_eq!(
            header(3),
            "game_id,pairing,seed,first,second,third,winner,plies,end,place_first,\
             place_second,place_third,moves"
        );
        let row = GameRow {
            game_id: 4,
            pairing: 1,
            seed: 9,
            seats: vec!["x".into(), "y".into(), "z".into()],
            winner: "third".into(),
            plies: 3,
            end: "goal".into(),
            places: vec![2, 2, 1],
            moves: "1-2 3-4 5-6".into(),
        };
        let line = row.to_line();
        assert_eq!(line, "4,1,9,x,y,z,third,3,goal,2,2,1,1-2 3-4 5-6\n");
        assert_eq!(GameRow::parse(line.trim_end(), 3), Some(row));
        assert_eq!(GameRow::parse("4,1,9,x,y,z,third,3,goal,2,2,7,m", 3), None);
        // The plies must count the moves.
        assert_eq!(
            GameRow::parse("4,1,9,x,y,z,third,2,goal,2,2,1,1-2 3-4 5-6", 3),
            None
        );
        assert_eq!(GameRow::parse("4,1,9,x,y,z,third,1,goal,2,2,1,", 3), None);
    }
}
