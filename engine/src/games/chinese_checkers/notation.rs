//! The notation of Chinese checkers positions (see the module documentation of
//! [`super`]): the board row by row, the seat to move, the options that differ from the
//! defaults, and the state the options keep (places, turns, histories, records).

use std::fmt;

use super::geometry::{Holes, HOLES, ROWS};
use super::{ChineseCheckers, Layout, Options, MAX_REPETITIONS, NO_PREVIOUS};
use crate::game::{Game, ParseError};
use crate::player::{Seat, MAX_PLAYERS};

impl fmt::Display for ChineseCheckers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geometry = self.geometry();
        for row in 0..ROWS {
            if row > 0 {
                f.write_str("/")?;
            }
            for hole in geometry.row_start[row]..geometry.row_start[row + 1] {
                write!(f, "{}", self.hole_char(hole as usize))?;
            }
        }
        write!(f, " {}", self.to_move)?;
        for (key, value) in self.rules.non_default_pairs() {
            write!(f, " {key}={value}")?;
        }
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        let mut finished: Vec<(u8, Seat)> = Seat::all(self.players())
            .filter_map(|seat| self.place(seat).map(|place| (place, seat)))
            .collect();
        finished.sort();
        for (index, (place, seat)) in finished.iter().enumerate() {
            let lead = if index == 0 { " places=" } else { "," };
            write!(f, "{lead}{seat}{place}")?;
        }
        let mut out: Vec<(u8, Seat)> = Seat::all(self.players())
            .filter_map(|seat| self.out_place(seat).map(|place| (place, seat)))
            .collect();
        out.sort_unstable_by(|a, b| b.cmp(a));
        for (index, (place, seat)) in out.iter().enumerate() {
            let lead = if index == 0 { " out=" } else { "," };
            write!(f, "{lead}{seat}{place}")?;
        }
        if self.rules.deadline {
            let derived = ChineseCheckers::from_parts(
                self.rules,
                [0; MAX_PLAYERS],
                Seat::A,
                self.ply,
                [0; MAX_PLAYERS],
            );
            if derived.turns != self.turns {
                let list: Vec<String> = self.turns[..self.players()]
                    .iter()
                    .map(u16::to_string)
                    .collect();
                write!(f, " turns={}", list.join(","))?;
            }
        }
        if self.rules.repetition {
            let mut lead = " history=";
            let mut bits = self.occupied;
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (previous, count) = self.history[hole];
                if previous != NO_PREVIOUS {
                    write!(f, "{lead}{}:{}:{count}", hole + 1, previous as usize + 1)?;
                    lead = ",";
                }
            }
        }
        if self.rules.deadlock && (self.best != self.board_distance() || self.since != self.ply) {
            write!(f, " record={}:{}", self.best, self.since)?;
        }
        if self.team_won != 0 {
            write!(f, " team_won={}", self.team_won)?;
        }
        Ok(())
    }
}

/// What a position looks like, for error messages.
const EXPECTED: &str = "17 rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 \
     holes ('A'-'F' or '.') separated by '/', a space, the seat to move, then optional \
     key=value options (players, pieces, board, super_jumps, no_camp_entry, pass, deadline, \
     repetition, deadlock, teams, ply, places, out, turns, history, record, team_won)";

/// The text being read, for errors that quote it.
#[derive(Clone, Copy)]
struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    /// The error for the whole text, saying `why`.
    fn error(self, why: &str) -> ParseError {
        ParseError::new("position", self.text, format!("{EXPECTED}; {why}"))
    }

    /// `text` as a number for the field `what`.
    fn number(self, text: &str, what: &str) -> Result<u32, ParseError> {
        text.parse()
            .map_err(|_| self.error(&format!("{what}: {text:?} is not a number")))
    }
}

/// The fields after the board and the seat: the rule options, the ply, the places, and
/// the state the options keep (read once the position stands).
struct Fields<'a> {
    options: Vec<(&'a str, &'a str)>,
    ply: u16,
    places: Option<&'a str>,
    state: Vec<(&'a str, &'a str)>,
}

/// Reads a position in the notation of the module documentation; every seat at the
/// table must have its full set of pieces.
pub(super) fn parse_position(text: &str) -> Result<ChineseCheckers, ParseError> {
    read_position(text, Counts::Full)
}

/// Reads a position whose seats may have any number of pieces, up to the set each owns:
/// for the rule tests, whose endgames hold only the pieces that matter (built through the
/// crate-private `from_parts`), so that their printed state can be read back. Everything
/// but the count is checked as [`parse_position`] checks it.
#[cfg(test)]
pub(super) fn parse_position_of_any_counts(text: &str) -> Result<ChineseCheckers, ParseError> {
    read_position(text, Counts::AtMostFull)
}

/// What a position's piece counts are checked against.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counts {
    /// Each seat has exactly the pieces it owns: a position that can happen.
    Full,
    /// Each seat has at most the pieces it owns (rule tests only).
    #[cfg_attr(not(test), allow(dead_code))]
    AtMostFull,
}

fn read_position(text: &str, counts: Counts) -> Result<ChineseCheckers, ParseError> {
    let reader = Reader { text };
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| reader.error("empty"))?;
    let side = words
        .next()
        .ok_or_else(|| reader.error("no seat to move"))?;
    let fields = read_fields(reader, words)?;
    let rules = Options::from_pairs(fields.options.into_iter())
        .map_err(|e| reader.error(&e.to_string()))?;
    let players = rules.players as usize;
    let pieces = read_board(reader, board, &rules, counts)?;
    let places = match fields.places {
        Some(list) => read_places(reader, list, players)?,
        None => [0u8; MAX_PLAYERS],
    };
    let to_move = match side.chars().next().and_then(Seat::from_letter) {
        Some(seat) if side.len() == 1 && seat.index() < players && places[seat.index()] == 0 => {
            seat
        }
        _ => return Err(reader.error("the seat to move must be a seat still playing")),
    };
    let mut position = ChineseCheckers::from_parts(rules, pieces, to_move, fields.ply, places);
    for (key, value) in fields.state {
        match key {
            "out" => read_out(reader, &mut position, value)?,
            "turns" => read_turns(reader, &mut position, value)?,
            "history" => read_history(reader, &mut position, value)?,
            "record" => read_record(reader, &mut position, value)?,
            _ => read_team_won(reader, &mut position, value)?,
        }
    }
    position.hash = position.compute_hash();
    Ok(position)
}

fn read_fields<'a>(
    reader: Reader<'_>,
    words: impl Iterator<Item = &'a str>,
) -> Result<Fields<'a>, ParseError> {
    let mut fields = Fields {
        options: Vec::new(),
        ply: 0,
        places: None,
        state: Vec::new(),
    };
    for field in words {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| reader.error(&format!("{field:?} is not key=value")))?;
        match key {
            "ply" => {
                fields.ply = value
                    .parse()
                    .map_err(|_| reader.error("ply is not a number"))?;
            }
            "places" => fields.places = Some(value),
            "out" | "turns" | "history" | "record" | "team_won" => fields.state.push((key, value)),
            _ => fields.options.push((key, value)),
        }
    }
    Ok(fields)
}

/// The pieces of each seat from the rows of the board.
fn read_board(
    reader: Reader<'_>,
    board: &str,
    rules: &Options,
    counts: Counts,
) -> Result<[Holes; MAX_PLAYERS], ParseError> {
    let players = rules.players as usize;
    let geometry = Layout::of(rules).geometry;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROWS {
        return Err(reader.error("not 17 rows"));
    }
    let mut pieces = [0 as Holes; MAX_PLAYERS];
    for (row, cells) in rows.iter().enumerate() {
        let start = geometry.row_start[row] as usize;
        let length = geometry.row_start[row + 1] as usize - start;
        if cells.chars().count() != length {
            return Err(reader.error(&format!("row {} has not {length} holes", row + 1)));
        }
        for (offset, c) in cells.chars().enumerate() {
            let hole = start + offset;
            if c == '.' {
                continue;
            }
            let seat = Seat::from_letter(c)
                .filter(|s| s.index() < players)
                .ok_or_else(|| {
                    reader.error(&format!("{c:?} is not a seat of {players} players"))
                })?;
            if geometry.board >> hole & 1 == 0 {
                return Err(reader.error(&format!("hole {} is not on the board", hole + 1)));
            }
            pieces[seat.index()] |= 1 << hole;
        }
    }
    check_piece_counts(&pieces, rules, counts).map_err(|why| reader.error(&why))?;
    Ok(pieces)
}

/// Every seat at the table owns exactly `pieces` pieces all game (nothing is captured or
/// added), whether it still plays, has finished or is out: `Err` names the first seat
/// with another count (under [`Counts::AtMostFull`], with more), the count found and the
/// count expected for these options.
fn check_piece_counts(
    pieces: &[Holes; MAX_PLAYERS],
    rules: &Options,
    counts: Counts,
) -> Result<(), String> {
    let expected = u32::from(rules.pieces);
    let players = rules.players;
    for seat in Seat::all(players as usize) {
        let found = pieces[seat.index()].count_ones();
        if found > expected || (found < expected && counts == Counts::Full) {
            return Err(format!(
                "seat {seat} has {found} pieces, expected {expected}: each of the {players} \
                 players keeps its {expected} pieces (pieces={expected}) all game"
            ));
        }
    }
    Ok(())
}

/// The places of the seats that have filled their goal (`places=B1,C2`).
fn read_places(
    reader: Reader<'_>,
    list: &str,
    players: usize,
) -> Result<[u8; MAX_PLAYERS], ParseError> {
    let mut places = [0u8; MAX_PLAYERS];
    for entry in list.split(',') {
        let mut chars = entry.chars();
        let seat = chars
            .next()
            .and_then(Seat::from_letter)
            .filter(|s| s.index() < players)
            .ok_or_else(|| reader.error("places are seat letters with places, as in B1,C2"))?;
        let place: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| reader.error("places are seat letters with places, as in B1,C2"))?;
        places[seat.index()] = place;
    }
    let mut given: Vec<u8> = places.iter().copied().filter(|p| *p != 0).collect();
    given.sort_unstable();
    if given.iter().enumerate().any(|(i, p)| *p as usize != i + 1) || given.len() >= players {
        return Err(reader.error("places must run 1, 2, ... for fewer seats than play"));
    }
    Ok(places)
}

/// The seats that missed the deadline and their places (`out=D4`).
fn read_out(
    reader: Reader<'_>,
    position: &mut ChineseCheckers,
    value: &str,
) -> Result<(), ParseError> {
    let rules = position.rules;
    let players = rules.players as usize;
    for entry in value.split(',') {
        let seat = entry
            .chars()
            .next()
            .and_then(Seat::from_letter)
            .filter(|s| s.index() < players && position.places[s.index()] == 0)
            .ok_or_else(|| reader.error("out lists seats still unplaced with places, as in D4"))?;
        let place = reader.number(&entry[1..], "out")? as u8;
        position.places[seat.index()] = place;
        position.out |= 1 << seat.index();
        position.eliminated += 1;
    }
    let mut given: Vec<u8> = Seat::all(players)
        .filter_map(|s| position.out_place(s))
        .collect();
    given.sort_unstable_by(|a, b| b.cmp(a));
    if given
        .iter()
        .enumerate()
        .any(|(i, p)| *p as usize != players - i)
        || !rules.deadline
        || position.finished + position.eliminated >= rules.players
        || position.is_out(position.to_move)
    {
        return Err(reader.error("out places run from the last place up, with the deadline option, for fewer seats than play, not the seat to move"));
    }
    Ok(())
}

/// The turns each seat has played, under the deadline option (`turns=3,2`).
fn read_turns(
    reader: Reader<'_>,
    position: &mut ChineseCheckers,
    value: &str,
) -> Result<(), ParseError> {
    let list: Vec<&str> = value.split(',').collect();
    if !position.rules.deadline || list.len() != position.players() {
        return Err(reader.error("turns needs the deadline option and one count a seat"));
    }
    for (seat, text) in list.iter().enumerate() {
        position.turns[seat] = reader.number(text, "turns")? as u16;
    }
    Ok(())
}

/// Where each piece stood two of its moves earlier, and how often it went back there,
/// under the repetition option (`history=HOLE:PREVIOUS:COUNT,...`).
fn read_history(
    reader: Reader<'_>,
    position: &mut ChineseCheckers,
    value: &str,
) -> Result<(), ParseError> {
    if !position.rules.repetition {
        return Err(reader.error("history needs the repetition option"));
    }
    for entry in value.split(',') {
        let parts: Vec<&str> = entry.split(':').collect();
        let bad = || reader.error("history entries are HOLE:PREVIOUS:COUNT of pieces on the board");
        if parts.len() != 3 {
            return Err(bad());
        }
        let hole = reader.number(parts[0], "history")? as usize;
        let previous = reader.number(parts[1], "history")? as usize;
        let count = reader.number(parts[2], "history")?;
        if !(1..=HOLES).contains(&hole)
            || !(1..=HOLES).contains(&previous)
            || hole == previous
            || count > MAX_REPETITIONS as u32
            || position.occupied >> (hole - 1) & 1 == 0
        {
            return Err(bad());
        }
        position.history[hole - 1] = ((previous - 1) as u8, count as u8);
    }
    Ok(())
}

/// The board's lowest distance and the ply it was reached, under the deadlock option
/// (`record=BEST:PLY`).
fn read_record(
    reader: Reader<'_>,
    position: &mut ChineseCheckers,
    value: &str,
) -> Result<(), ParseError> {
    let (best, since) = value
        .split_once(':')
        .ok_or_else(|| reader.error("record is BEST:PLY"))?;
    let (best, since) = (
        reader.number(best, "record")?,
        reader.number(since, "record")?,
    );
    if !position.rules.deadlock
        || since > u32::from(position.ply)
        || best > u32::from(position.board_distance())
    {
        return Err(reader.error("record needs the deadlock option, a ply not after the position's and a low not above the board's distance"));
    }
    position.best = best as u16;
    position.since = since as u16;
    Ok(())
}

/// The team that has won, under the teams option (`team_won=1`).
fn read_team_won(
    reader: Reader<'_>,
    position: &mut ChineseCheckers,
    value: &str,
) -> Result<(), ParseError> {
    position.team_won = match value {
        "1" => 1,
        "2" => 2,
        _ => return Err(reader.error("team_won is 1 (A, C, E) or 2 (B, D, F)")),
    };
    if !position.rules.teams || position.finished != 0 {
        return Err(reader.error("team_won needs the teams option"));
    }
    Ok(())
}
