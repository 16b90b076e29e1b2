//! PDN notation for the draughts family: positions (`W:W21,22,K30:B1-12`), moves
//! (`11-15`, `11x18x25`), the rule options a position carries, and a drawing of the
//! board.
//!
//! A move value knows its start, end and captured set but not the squares it lands on
//! between captures; those are found again by a search over the captured pieces, on the
//! bare board for the move's own notation and on the real board for game records.

use std::fmt;

use super::board::{BitSet, Geometry};
use super::movegen::{crowning_squares, men_forward, parachutist_steps};
use super::rules::{Colour, CrownInCapture, KingRange, Removal, Rules};
use super::{default_cap, default_options, BitsOf, Draughts, DraughtsMove, Kind};
use crate::game::{Game, ParseError};
use crate::games::family::{option_pairs, parse_options, DARK_SQUARE_KEYS};
use crate::games::family::{KING, PARACHUTIST};
use crate::notation_text::{Buffered, MoveTextSink};

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "a PDN position such as \"W:W21-32:B1-12\" (side to move, then each \
     side's squares; K marks a king, P a parachutist; ranges a-b), then options such as \
     \"duplicates=keep\"";

/// Reads a position: the PDN FEN, then `key=value` options separated by spaces.
pub(super) fn parse_position<R: Rules>(text: &str) -> Result<Draughts<R>, ParseError> {
    let mut words = text.split_whitespace();
    let fen = words
        .next()
        .ok_or_else(|| ParseError::new("position", text, POSITION_FORM))?;
    let mut position =
        parse_fen::<R>(fen).map_err(|e| ParseError::new("position", text, e.expected))?;
    let pairs =
        option_pairs(words).map_err(|expected| ParseError::new("position", text, expected))?;
    position.options = parse_options(
        R::NAME,
        DARK_SQUARE_KEYS,
        pairs.into_iter(),
        default_options::<R>(),
    )
    .map_err(|e| ParseError::new("position", text, e.to_string()))?;
    Ok(position)
}

/// Reads a PDN FEN such as `W:W21-32:B1-12` or `B:BK17,K24:W6,9`, and checks that the
/// rules allow its pieces.
pub(super) fn parse_fen<R: Rules>(fen: &str) -> Result<Draughts<R>, ParseError> {
    let position = read_fen::<R>(fen)?;
    check_pieces(&position)
        .map_err(|why| ParseError::new("position", fen, format!("{POSITION_FORM}; {why}")))?;
    Ok(position)
}

/// Reads a PDN FEN as written, without [`check_pieces`].
fn read_fen<R: Rules>(fen: &str) -> Result<Draughts<R>, ParseError> {
    let error = |why: String| ParseError::new("position", fen, format!("{POSITION_FORM}; {why}"));
    let fen = fen.trim().trim_end_matches('.');
    let mut sections = fen.split(':');
    let side = match sections.next().map(str::trim) {
        Some("W") => Colour::White,
        Some("B") => Colour::Black,
        other => {
            return Err(error(format!(
                "the side to move must be W or B, not {:?}",
                other.unwrap_or("")
            )))
        }
    };
    let mut position = Draughts::<R>::empty_board(side);
    let mut seen = [false; 2];
    for section in sections {
        let section = section.trim();
        let colour = match section.chars().next() {
            Some('W') => Colour::White,
            Some('B') => Colour::Black,
            _ => {
                return Err(error(format!(
                    "each side's list starts with W or B, not {section:?}"
                )))
            }
        };
        if seen[colour.index()] {
            return Err(error(format!("{} is listed twice", colour.letter())));
        }
        seen[colour.index()] = true;
        for item in section[1..]
            .split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            let (kind, numbers) = match item.as_bytes()[0] {
                b'K' => (Kind::King, &item[1..]),
                b'P' => (Kind::Parachutist, &item[1..]),
                _ => (Kind::Man, item),
            };
            let (first, last) = match numbers.split_once('-') {
                Some((a, b)) => (a, b),
                None => (numbers, numbers),
            };
            let parse = |n: &str| -> Result<u32, ParseError> {
                n.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=<R::Board as Geometry>::SQUARES).contains(n))
                    .ok_or_else(|| {
                        error(format!(
                            "{item:?} is not a square from 1 to {}",
                            <R::Board as Geometry>::SQUARES
                        ))
                    })
            };
            let (first, last) = (parse(first)?, parse(last)?);
            if first > last {
                return Err(error(format!("the range {item:?} runs backwards")));
            }
            for number in first..=last {
                let bit = <R::Board as Geometry>::number_to_bit(number, R::A1_LIGHT)
                    .expect("checked range");
                if (position.pieces[0] | position.pieces[1]).has(bit as i32) {
                    return Err(error(format!("square {number} holds two pieces")));
                }
                position.place(colour, kind, bit);
            }
        }
    }
    Ok(position)
}

/// Checks what the rules allow of a parsed position's pieces: some piece on the board,
/// no side with more pieces than the fullest setup on the board, and no man resting on a square that
/// would have crowned it.
fn check_pieces<R: Rules>(position: &Draughts<R>) -> Result<(), String> {
    if (position.pieces[0] | position.pieces[1]).count() == 0 {
        return Err("the board is empty: a game ends when a side has no pieces left".into());
    }
    // The fullest setup on this board: every dark square of the side's first SIZE/2 - 1
    // rows (12 on 8x8, 20 on 10x10, 30 on 12x12). Some variants start with fewer (Thai's
    // eight) but are also played from the full setup, and no side ever gains a piece.
    let size = <R::Board as Geometry>::SIZE;
    let most = (size / 2 - 1) * (size / 2);
    for (colour, name) in [(Colour::White, "white"), (Colour::Black, "black")] {
        let count = position.pieces[colour.index()].count();
        if count > most {
            return Err(format!(
                "{name} has {count} pieces: no setup on this board gives a side more than \
                 {most}, and a side never gains any"
            ));
        }
        let men = position.pieces[colour.index()] & !position.kings & !position.parachutists;
        if let Some(bit) = (men & position.crown[colour.index()]).squares().next() {
            return Err(format!(
                "a {name} man on square {}, where it would have been crowned: write it as a \
                 king (K{})",
                <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT),
                <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT)
            ));
        }
    }
    Ok(())
}

impl<R: Rules> fmt::Display for Draughts<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side.letter())?;
        for colour in [Colour::White, Colour::Black] {
            write!(f, ":{}", colour.letter())?;
            let mut squares: Vec<(u32, Kind)> = self.pieces[colour.index()]
                .squares()
                .map(|bit| {
                    (
                        <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT),
                        self.kind_at(bit),
                    )
                })
                .collect();
            squares.sort_unstable_by_key(|(number, _)| *number);
            for (index, (number, kind)) in squares.into_iter().enumerate() {
                let prefix = match kind {
                    Kind::Man => "",
                    Kind::King => "K",
                    Kind::Parachutist => "P",
                };
                let comma = if index > 0 { "," } else { "" };
                write!(f, "{comma}{prefix}{number}")?;
            }
        }
        let defaults = default_options::<R>();
        if self.options.keep_duplicates {
            f.write_str(" duplicates=keep")?;
        }
        if self.options.cap != defaults.cap && self.options.cap != u32::MAX {
            write!(f, " cap={}", self.options.cap)?;
        }
        if self.options.repetitions != defaults.repetitions {
            write!(f, " repetitions={}", self.options.repetitions)?;
        }
        if self.options.no_capture != defaults.no_capture {
            write!(f, " no_capture={}", self.options.no_capture)?;
        }
        debug_assert!(default_cap::<R>() == defaults.cap);
        Ok(())
    }
}

/// The landing squares of a capture, in order and ending with its last square, found by
/// a search over its captured pieces. `board` gives the squares the piece may cross
/// (besides those freed by captures when they leave at once); the first path found in a
/// fixed order of directions is the one returned.
fn capture_path<R: Rules>(mv: &DraughtsMove<R>, board: BitsOf<R>) -> Vec<u32> {
    let colour = mv.colour();
    let kind = if mv.flags & KING != 0 {
        Kind::King
    } else if mv.flags & PARACHUTIST != 0 {
        Kind::Parachutist
    } else {
        Kind::Man
    };
    let mut path = Vec::new();
    let search = PathSearch::<R> {
        to: mv.to as i32,
        board: board | BitsOf::<R>::bit(mv.from as u32),
        crown: crowning_squares::<R>(colour),
        colour,
    };
    if search.extend(
        mv.from as i32,
        mv.captured,
        BitsOf::<R>::EMPTY,
        kind,
        &mut path,
    ) {
        path
    } else {
        vec![mv.to as u32]
    }
}

struct PathSearch<R: Rules> {
    to: i32,
    board: BitsOf<R>,
    crown: BitsOf<R>,
    colour: Colour,
}

impl<R: Rules> PathSearch<R> {
    fn extend(
        &self,
        at: i32,
        left: BitsOf<R>,
        taken: BitsOf<R>,
        kind: Kind,
        path: &mut Vec<u32>,
    ) -> bool {
        if left.is_empty() {
            return at == self.to;
        }
        let passable = match R::REMOVAL {
            Removal::EndOfMove => self.board & !left & !taken,
            Removal::Immediate => (self.board | taken) & !left,
        };
        let forward = men_forward::<R>(self.colour);
        let all = <R::Board as Geometry>::DIRECTIONS;
        let parachutist = parachutist_steps::<R>(self.colour);
        let steps: &[i32] = match kind {
            Kind::Parachutist => &parachutist,
            Kind::Man if R::MEN_CAPTURE_BACKWARDS => &all,
            Kind::Man => &forward,
            Kind::King => &all,
        };
        let flying = kind == Kind::King && R::KINGS != KingRange::Short;
        for &step in steps {
            let mut over = at + step;
            if flying {
                while passable.has(over) {
                    over += step;
                }
            }
            if !left.has(over) {
                continue;
            }
            let left = left & !BitsOf::<R>::bit(over as u32);
            let taken = taken | BitsOf::<R>::bit(over as u32);
            let passable = match R::REMOVAL {
                Removal::EndOfMove => passable,
                Removal::Immediate => passable | BitsOf::<R>::bit(over as u32),
            };
            let mut land = over + step;
            while passable.has(land) {
                let next = match kind {
                    Kind::Parachutist => Kind::Man,
                    Kind::Man
                        if self.crown.has(land)
                            && R::CROWN_IN_CAPTURE == CrownInCapture::ContinueAsKing =>
                    {
                        Kind::King
                    }
                    other => other,
                };
                path.push(land as u32);
                if self.extend(land, left, taken, next, path) {
                    return true;
                }
                path.pop();
                if !flying || R::KINGS == KingRange::FlyingLandBehind {
                    break;
                }
                land += step;
            }
        }
        false
    }
}

fn number<R: Rules>(bit: u32) -> u32 {
    <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT)
}

/// Writes `from`, the landing squares and the end, joined by `x` (or `from-to`).
fn write_path<R: Rules>(out: &mut impl MoveTextSink, mv: &DraughtsMove<R>, path: &[u32]) {
    out.number(number::<R>(mv.from as u32));
    if mv.captured.is_empty() {
        out.separator(b'-');
        out.number(number::<R>(mv.to as u32));
        return;
    }
    for &bit in path {
        out.separator(b'x');
        out.number(number::<R>(bit));
    }
}

/// Writes `mv` as its `Display` does: `11-15`, or a capture's squares joined by `x`,
/// its landing squares found on the bare board.
pub(super) fn write_move<R: Rules>(out: &mut impl MoveTextSink, mv: &DraughtsMove<R>) {
    if mv.captured.is_empty() {
        return write_path(out, mv, &[]);
    }
    let path = capture_path(mv, <R::Board as Geometry>::playable());
    write_path(out, mv, &path);
}

impl<R: Rules> fmt::Display for DraughtsMove<R> {
    /// `11-15`, or a capture's squares joined by `x`, its landing squares found on the
    /// bare board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Buffered::new(f);
        write_move(&mut text, self);
        text.finish()
    }
}

/// The move as a game record writes it (see [`Draughts::pdn_move`]).
pub(super) fn pdn_move<R: Rules>(position: &Draughts<R>, mv: DraughtsMove<R>) -> String {
    let mut text = String::new();
    if mv.captured.is_empty() {
        write_path(&mut text, &mv, &[]);
        return text;
    }
    let flying =
        R::KINGS != KingRange::Short || R::CROWN_IN_CAPTURE == CrownInCapture::ContinueAsKing;
    if flying {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let shared = moves
            .iter()
            .filter(|m| m.from == mv.from && m.to == mv.to)
            .count();
        if shared <= 1 {
            return format!(
                "{}x{}",
                number::<R>(mv.from as u32),
                number::<R>(mv.to as u32)
            );
        }
    }
    let path = capture_path(&mv, position.empty());
    write_path(&mut text, &mv, &path);
    text
}

/// Reads a move: `11-15`, `11x18x25` or `11x25` (also `11:25`), matched against the
/// legal moves of `position` so that a capture gets its captured set.
pub(super) fn parse_move<R: Rules>(
    position: &Draughts<R>,
    text: &str,
) -> Result<DraughtsMove<R>, ParseError> {
    let form = "a move such as \"11-15\" or \"11x18x25\" (PDN square numbers)";
    let numbers: Vec<u32> = text
        .trim()
        .split(['-', 'x', 'X', ':'])
        .map(|n| n.trim().parse::<u32>().ok())
        .collect::<Option<Vec<u32>>>()
        .filter(|n| n.len() >= 2)
        .ok_or_else(|| ParseError::new("move", text, form))?;
    let mut bits = Vec::with_capacity(numbers.len());
    for &n in &numbers {
        let bit = <R::Board as Geometry>::number_to_bit(n, R::A1_LIGHT).ok_or_else(|| {
            ParseError::new(
                "move",
                text,
                format!(
                    "{form}; {n} is not a square from 1 to {}",
                    <R::Board as Geometry>::SQUARES
                ),
            )
        })?;
        bits.push(bit);
    }
    let (from, to) = (bits[0], bits[bits.len() - 1]);
    let capture = text.contains(['x', 'X', ':']);
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let candidates: Vec<DraughtsMove<R>> = moves
        .into_iter()
        .filter(|m| m.from as u32 == from && m.to as u32 == to && m.is_capture() == capture)
        .collect();
    match candidates.len() {
        1 => return Ok(candidates[0]),
        0 if !capture && bits.len() == 2 => {
            // Not legal here, but a well-formed step: the caller's legality check says so.
            let flags = (if position.kings.has(from as i32) {
                KING
            } else {
                0
            }) | if position.side == Colour::Black {
                crate::games::family::BLACK
            } else {
                0
            };
            return Ok(DraughtsMove::new(
                from as u8,
                to as u8,
                BitsOf::<R>::EMPTY,
                flags,
            ));
        }
        0 => {
            return Err(ParseError::new(
                "move",
                text,
                format!(
                    "a legal move of {}; none goes from {} to {}",
                    position.side.letter(),
                    numbers[0],
                    numbers[numbers.len() - 1]
                ),
            ))
        }
        _ => {}
    }
    // Several captures share both ends: the landing squares written must pick one.
    let landings: Vec<u32> = bits[1..].to_vec();
    let matching: Vec<DraughtsMove<R>> = candidates
        .iter()
        .copied()
        .filter(|m| {
            let bare = capture_path(m, <R::Board as Geometry>::playable());
            let real = capture_path(m, position.empty());
            bare == landings || real == landings
        })
        .collect();
    if matching.len() == 1 {
        return Ok(matching[0]);
    }
    let options: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
    Err(ParseError::new(
        "move",
        text,
        format!(
            "one of {} (several captures join these squares: write every landing square)",
            options.join(", ")
        ),
    ))
}

/// The board drawn for people: rows from the top, `w`/`b` men, `W`/`B` kings, `p`/`q`
/// parachutists (White/Black), `.` an empty dark square, with the PDN numbers beside.
pub(super) fn render<R: Rules>(position: &Draughts<R>) -> String {
    let size = <R::Board as Geometry>::SIZE;
    let half = size / 2;
    let mut out = String::new();
    for row in 0..size {
        let mut line = String::new();
        let first_number = row * half + 1;
        for file in 0..size {
            let rank = size - 1 - row;
            let dark = if R::A1_LIGHT {
                (file + rank) % 2 == 1
            } else {
                (file + rank) % 2 == 0
            };
            if !dark {
                line.push_str("  ");
                continue;
            }
            let internal = if R::A1_LIGHT { size - 1 - file } else { file };
            let bit = super::board::bit_of(size, rank, internal) as i32;
            let symbol = if position.pieces[0].has(bit) {
                if position.kings.has(bit) {
                    'W'
                } else if position.parachutists.has(bit) {
                    'p'
                } else {
                    'w'
                }
            } else if position.pieces[1].has(bit) {
                if position.kings.has(bit) {
                    'B'
                } else if position.parachutists.has(bit) {
                    'q'
                } else {
                    'b'
                }
            } else {
                '.'
            };
            line.push(' ');
            line.push(symbol);
        }
        out.push_str(&format!(
            "{line}   {first_number}-{}\n",
            first_number + half - 1
        ));
    }
    out.push_str(&format!("{} to move\n", colour_name(position.side)));
    out
}

/// What the drawing calls `colour`.
pub(super) fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}
