//! Notation for the all-squares games: positions (a diagram of the ranks, or a PDN-style
//! piece list with algebraic squares), moves (`a3-a4`, `a3xa5xc5`), the rule options a
//! position carries, and a drawing of the board.
//!
//! A move value knows its start, end and captured set but not the squares it lands on
//! between captures; those are found again by a search over the captured pieces, on the
//! bare board for the move's own notation and on the real board when reading a move.

use std::fmt;

use super::board::{opposite, step, Square};
use super::rules::{for_colour, Rules64};
use super::{default_options, Draughts64, Draughts64Move, DEFAULT_CAP};
use crate::game::{Game, ParseError};
use crate::games::family::{
    option_pairs, parse_options, BitSet, Colour, CrownInCapture, Removal, DRAUGHTS_KEYS,
};
use crate::games::family::{BLACK, KING};

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "a position such as \"8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 W\" \
     (ranks 8 to 1 separated by /, w and b men, W and B kings, digits for empty squares, \
     then W or B to move) or \"W:Wa3,Kd4:Bb5\" (side to move, then each side's squares, K \
     for a king), then options such as \"duplicates=keep\"";

/// Reads a position: the board (diagram and side, or piece list), then `key=value`
/// options separated by spaces.
pub(super) fn parse_position<R: Rules64>(text: &str) -> Result<Draughts64<R>, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let diagram = words.first().is_some_and(|w| w.contains('/'));
    let (board, options) = match (diagram, words.len()) {
        (_, 0) => return Err(ParseError::new("position", text, POSITION_FORM)),
        (true, 1) => {
            return Err(ParseError::new(
                "position",
                text,
                format!("{POSITION_FORM}; the side to move is missing"),
            ))
        }
        (true, _) => (format!("{} {}", words[0], words[1]), &words[2..]),
        (false, _) => (words[0].to_string(), &words[1..]),
    };
    let mut position =
        parse_board::<R>(&board).map_err(|e| ParseError::new("position", text, e.expected))?;
    let pairs = option_pairs(options.iter().copied())
        .map_err(|expected| ParseError::new("position", text, expected))?;
    position.options = parse_options(
        R::NAME,
        DRAUGHTS_KEYS,
        pairs.into_iter(),
        default_options::<R>(),
    )
    .map_err(|e| ParseError::new("position", text, e.to_string()))?;
    Ok(position)
}

/// Reads the board part of a position: `DIAGRAM SIDE` or `SIDE:Wsquares:Bsquares`.
pub(super) fn parse_board<R: Rules64>(text: &str) -> Result<Draughts64<R>, ParseError> {
    let error = |why: String| ParseError::new("position", text, format!("{POSITION_FORM}; {why}"));
    let colour_of = |letter: &str| match letter {
        "W" => Some(Colour::White),
        "B" => Some(Colour::Black),
        _ => None,
    };
    if let Some((diagram, side)) = text.trim().split_once(' ') {
        let side = colour_of(side.trim()).ok_or_else(|| {
            error(format!(
                "the side to move must be W or B, not {:?}",
                side.trim()
            ))
        })?;
        let mut position = Draughts64::<R>::empty_board(side);
        let ranks: Vec<&str> = diagram.split('/').collect();
        if ranks.len() != 8 {
            return Err(error(format!("{} ranks instead of 8", ranks.len())));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u32;
            let mut file = 0u32;
            for c in text.chars() {
                let piece = match c {
                    '1'..='8' => {
                        file += c as u32 - '0' as u32;
                        None
                    }
                    'w' => Some((Colour::White, false)),
                    'b' => Some((Colour::Black, false)),
                    'W' => Some((Colour::White, true)),
                    'B' => Some((Colour::Black, true)),
                    _ => return Err(error(format!("{c:?} is not a piece or a count"))),
                };
                if let Some((colour, king)) = piece {
                    if file >= 8 {
                        return Err(error(format!(
                            "rank {} holds more than 8 squares",
                            rank + 1
                        )));
                    }
                    position.place(colour, king, rank * 8 + file);
                    file += 1;
                }
            }
            if file != 8 {
                return Err(error(format!("rank {} holds {file} squares", rank + 1)));
            }
        }
        return Ok(position);
    }
    let mut sections = text.trim().split(':');
    let side = colour_of(sections.next().unwrap_or_default().trim()).ok_or_else(|| {
        error("the side to move must be W or B, or a diagram of the ranks".to_string())
    })?;
    let mut position = Draughts64::<R>::empty_board(side);
    let mut seen = [false; 2];
    for section in sections {
        let section = section.trim();
        let colour = colour_of(section.get(..1).unwrap_or_default()).ok_or_else(|| {
            error(format!(
                "each side's list starts with W or B, not {section:?}"
            ))
        })?;
        if seen[colour.index()] {
            return Err(error(format!("{} is listed twice", colour.letter())));
        }
        seen[colour.index()] = true;
        for item in section[1..]
            .split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            let (king, name) = match item.strip_prefix('K') {
                Some(name) => (true, name),
                None => (false, item),
            };
            let square = Square::parse(name)
                .ok_or_else(|| error(format!("{item:?} is not a square from a1 to h8")))?;
            if position.piece_on(square.0).is_some() {
                return Err(error(format!("{name} holds two pieces")));
            }
            position.place(colour, king, square.0);
        }
    }
    Ok(position)
}

impl<R: Rules64> fmt::Display for Draughts64<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let symbol = match self.piece_on(rank * 8 + file) {
                    None => {
                        empty += 1;
                        continue;
                    }
                    Some((Colour::White, false)) => 'w',
                    Some((Colour::Black, false)) => 'b',
                    Some((Colour::White, true)) => 'W',
                    Some((Colour::Black, true)) => 'B',
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{symbol}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.side.letter())?;
        let defaults = default_options::<R>();
        if self.options.keep_duplicates {
            f.write_str(" duplicates=keep")?;
        }
        if self.options.cap != DEFAULT_CAP && self.options.cap != u32::MAX {
            write!(f, " cap={}", self.options.cap)?;
        }
        if self.options.repetitions != defaults.repetitions {
            write!(f, " repetitions={}", self.options.repetitions)?;
        }
        Ok(())
    }
}

/// The landing squares of a capture, in order and ending with its last square, found by
/// a search over its captured pieces. `empty` gives the squares the piece may cross
/// (besides those freed by captures when they leave at once); the first path found in a
/// fixed order of directions is the one returned.
fn capture_path<R: Rules64>(mv: &Draughts64Move<R>, empty: u64) -> Vec<u32> {
    let search = PathSearch::<R> {
        to: mv.to as i32,
        empty: empty | 1 << mv.from,
        colour: mv.colour(),
        rules: std::marker::PhantomData,
    };
    let mut path = Vec::new();
    if search.extend(
        mv.from as i32,
        mv.captured,
        0,
        mv.is_king_move(),
        8,
        &mut path,
    ) {
        path
    } else {
        vec![mv.to as u32]
    }
}

struct PathSearch<R: Rules64> {
    to: i32,
    empty: u64,
    colour: Colour,
    rules: std::marker::PhantomData<R>,
}

impl<R: Rules64> PathSearch<R> {
    fn extend(
        &self,
        at: i32,
        left: u64,
        taken: u64,
        king: bool,
        last: usize,
        path: &mut Vec<u32>,
    ) -> bool {
        if left == 0 {
            return at == self.to;
        }
        let passable = match R::REMOVAL {
            Removal::EndOfMove => self.empty & !left & !taken,
            Removal::Immediate => (self.empty | taken) & !left,
        };
        let directions = if king {
            R::KING_CAPTURES
        } else {
            for_colour(R::MAN_CAPTURES, self.colour)
        };
        let flying = king && R::FLYING_KINGS;
        let crown = Draughts64::<R>::crown(self.colour);
        for d in directions.iter() {
            if R::NO_REVERSAL && last < 8 && d == opposite(last) {
                continue;
            }
            let mut over = step(at, d);
            if flying {
                while passable.has(over) {
                    over = step(over, d);
                }
            }
            if !left.has(over) {
                continue;
            }
            let left = left & !(1 << over);
            let taken = taken | 1 << over;
            let passable = match R::REMOVAL {
                Removal::EndOfMove => passable,
                Removal::Immediate => passable | 1 << over,
            };
            let mut land = step(over, d);
            while passable.has(land) {
                let crowns = !king && crown.has(land);
                let next_king =
                    king || crowns && R::CROWN_IN_CAPTURE == CrownInCapture::ContinueAsKing;
                let stops = crowns && R::CROWN_IN_CAPTURE == CrownInCapture::Stop;
                path.push(land as u32);
                if stops {
                    if left == 0 && land == self.to {
                        return true;
                    }
                } else if self.extend(land, left, taken, next_king, d, path) {
                    return true;
                }
                path.pop();
                if !flying {
                    break;
                }
                land = step(land, d);
            }
        }
        false
    }
}

/// Writes `from`, the landing squares and the end, joined by `x` (or `from-to`).
fn write_path<R: Rules64>(
    f: &mut impl fmt::Write,
    mv: &Draughts64Move<R>,
    path: &[u32],
) -> fmt::Result {
    write!(f, "{}", Square(mv.from as u32))?;
    if mv.captured == 0 {
        return write!(f, "-{}", Square(mv.to as u32));
    }
    for &square in path {
        write!(f, "x{}", Square(square))?;
    }
    Ok(())
}

impl<R: Rules64> fmt::Display for Draughts64Move<R> {
    /// `a3-a4`, or a capture's squares joined by `x`, its landing squares found on the
    /// bare board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.captured == 0 {
            Vec::new()
        } else {
            capture_path(self, !0)
        };
        write_path(f, self, &path)
    }
}

/// Reads a move: `a3-a4`, `a3xa5xc5` or `a3xc5`, matched against the legal moves of
/// `position` so that a capture gets its captured set.
pub(super) fn parse_move<R: Rules64>(
    position: &Draughts64<R>,
    text: &str,
) -> Result<Draughts64Move<R>, ParseError> {
    let form = "a move such as \"a3-a4\" or \"a3xa5xc5\" (squares a1 to h8)";
    let squares: Vec<u32> = text
        .trim()
        .split(['-', 'x', 'X', ':'])
        .map(|s| Square::parse(s.trim()).map(|s| s.0))
        .collect::<Option<Vec<u32>>>()
        .filter(|s| s.len() >= 2)
        .ok_or_else(|| ParseError::new("move", text, form))?;
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let capture = text.contains(['x', 'X', ':']);
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let candidates: Vec<Draughts64Move<R>> = moves
        .into_iter()
        .filter(|m| m.from as u32 == from && m.to as u32 == to && m.is_capture() == capture)
        .collect();
    match candidates.len() {
        1 => return Ok(candidates[0]),
        0 if !capture && squares.len() == 2 => {
            // Not legal here, but a well-formed step: the caller's legality check says so.
            let king = if position.kings.has(from as i32) {
                KING
            } else {
                0
            };
            let black = if position.side == Colour::Black {
                BLACK
            } else {
                0
            };
            return Ok(Draughts64Move::new(from as u8, to as u8, 0, king | black));
        }
        0 => {
            return Err(ParseError::new(
                "move",
                text,
                format!(
                    "a legal move of {}; none goes from {} to {}",
                    position.side.letter(),
                    Square(from),
                    Square(to)
                ),
            ))
        }
        _ => {}
    }
    // Several captures share both ends: the landing squares written must pick one.
    let landings: Vec<u32> = squares[1..].to_vec();
    let matching: Vec<Draughts64Move<R>> = candidates
        .iter()
        .copied()
        .filter(|m| {
            capture_path(m, !0) == landings || capture_path(m, position.empty()) == landings
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

/// The board drawn for people: ranks from the 8th down, `w`/`b` men, `W`/`B` kings, `.`
/// an empty square, with the files and ranks named.
pub(super) fn render<R: Rules64>(position: &Draughts64<R>) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let symbol = match position.piece_on(rank * 8 + file) {
                None => '.',
                Some((Colour::White, false)) => 'w',
                Some((Colour::Black, false)) => 'b',
                Some((Colour::White, true)) => 'W',
                Some((Colour::Black, true)) => 'B',
            };
            out.push(' ');
            out.push(symbol);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(match position.side {
        Colour::White => "White to move\n",
        Colour::Black => "Black to move\n",
    });
    out
}
