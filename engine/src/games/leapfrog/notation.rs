//! Leapfrog Race's notation: a move is `FROM-TO` with 1-based spots (`5-6`), a position
//! is the line's spots (`A`, `B` or `.`), the side to move and, for another race, its
//! size (`AAA...BBB A spots=9,pieces=3`).

use std::fmt;

use super::rules::{check_homes, Shape};
use super::{Leapfrog, LeapfrogMove};
use crate::game::{Game, GameOptions, ParseError};
use crate::notation_text::{Buffered, MoveTextSink};
use crate::player::Seat;

impl LeapfrogMove {
    /// Writes `5-6`.
    pub(super) fn write_text(self, out: &mut impl MoveTextSink) {
        out.number(self.from());
        out.separator(b'-');
        out.number(self.to());
    }
}

impl fmt::Display for LeapfrogMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Buffered::new(f);
        self.write_text(&mut text);
        text.finish()
    }
}

impl fmt::Display for Leapfrog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for spot in 0..self.shape.spots() {
            write!(f, "{}", self.spot_char(spot))?;
        }
        write!(f, " {}", self.to_move)?;
        if self.shape != Shape::STANDARD {
            write!(f, " {}", self.shape)?;
        }
        Ok(())
    }
}

/// Reads a position; see the module documentation.
pub(super) fn parse_position(text: &str) -> Result<Leapfrog, ParseError> {
    const EXPECTED: &str = "19 spots of 'A', 'B' or '.' with 5 of each side, a space, \
                            then the side to move ('A' or 'B'), as in \"AAAAA.........BBBBB A\"; \
                            another race adds its size, as in \"AAA...BBB A spots=9,pieces=3\"";
    let error = || ParseError::new("position", text, EXPECTED);
    let mut fields = text.split_whitespace();
    let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
        return Err(error());
    };
    let mut options = GameOptions::new();
    if let Some(size) = fields.next() {
        for pair in size.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(error)?;
            if !matches!(key, "spots" | "pieces") || options.get(key).is_some() {
                return Err(error());
            }
            options.set(key, value);
        }
    }
    if fields.next().is_some() {
        return Err(error());
    }
    let shape = Shape::from_options(&options)
        .map_err(|e| ParseError::new("position", text, e.to_string()))?;
    let to_move = match side {
        "A" => Seat::A,
        "B" => Seat::B,
        _ => return Err(error()),
    };
    if board.chars().count() != shape.spots() as usize {
        return Err(error());
    }
    let mut pieces = [0u32; 2];
    for (spot, c) in board.chars().enumerate() {
        match c {
            'A' => pieces[0] |= 1 << spot,
            'B' => pieces[1] |= 1 << spot,
            '.' => {}
            _ => return Err(error()),
        }
    }
    if pieces.iter().any(|p| p.count_ones() != shape.pieces()) {
        return Err(error());
    }
    check_homes(shape, pieces, to_move)
        .map_err(|why| ParseError::new("position", text, format!("{EXPECTED}; {why}")))?;
    Ok(Leapfrog::from_pieces_on(
        shape, pieces[0], pieces[1], to_move,
    ))
}

/// Reads a move `FROM-TO` on `position`'s line.
pub(super) fn parse_move(position: &Leapfrog, text: &str) -> Result<LeapfrogMove, ParseError> {
    let error = || {
        // The example is a move of this position, so that it is never one the rules
        // then refuse.
        let mut legal = Vec::new();
        position.generate_moves(&mut legal);
        let example = legal.first().map_or("5-6".to_string(), ToString::to_string);
        let expected = format!(
            "FROM-TO with spots 1 to {}, e.g. \"{example}\"",
            position.shape.spots()
        );
        ParseError::new("move", text, expected)
    };
    let (from, to) = text.trim().split_once('-').ok_or_else(error)?;
    let spot = |s: &str| position.spot_in_line(s).ok_or_else(error);
    Ok(LeapfrogMove::new(spot(from)?, spot(to)?))
}

/// The line drawn with its spot numbers above it, and the side to move.
pub(super) fn render(position: &Leapfrog) -> String {
    let numbers: String = (1..=position.shape.spots())
        .map(|s| format!("{:>3}", s))
        .collect();
    let spots: String = (0..position.shape.spots())
        .map(|s| format!("{:>3}", position.spot_char(s)))
        .collect();
    format!("{numbers}\n{spots}\n{} to move", position.to_move)
}

/// Where `seat`'s pieces start on the line of `shape` and which way they race, in the
/// words of [`render`]'s drawing (spot 1 on the left).
pub(super) fn seat_story(shape: Shape, seat: Seat) -> String {
    let (spots, pieces) = (shape.spots(), shape.pieces());
    let (low, high) = ((1, pieces), (spots - pieces + 1, spots));
    let (home, goal, way) = if seat == Seat::A {
        (low, high, "right")
    } else {
        (high, low, "left")
    };
    format!(
        "the {seat} pieces, moving {way}: from spots {}-{} to fill spots {}-{}",
        home.0, home.1, goal.0, goal.1
    )
}
