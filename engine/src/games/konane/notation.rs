//! Konane's notation: moves as the squares they land on (`d3xd5xd7`), a removal as its
//! square (`d5`), positions as the board's rows, the side to move and the options.

use std::fmt;

use super::rules::{parse_options, DARK, DEFAULT_CAP};
use super::{Konane, KonaneMove};
use crate::game::ParseError;
use crate::games::family::{option_pairs, Colour};
use crate::games::grid;

impl fmt::Display for KonaneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid::point_name(8, self.from as u32))?;
        if self.is_removal() {
            return Ok(());
        }
        let (from, to) = (self.from as i32, self.to as i32);
        let step = if from / 8 == to / 8 {
            (to - from).signum()
        } else {
            8 * (to - from).signum()
        };
        let mut square = from;
        while square != to {
            square += 2 * step;
            write!(f, "x{}", grid::point_name(8, square as u32))?;
        }
        Ok(())
    }
}

impl fmt::Debug for KonaneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        write!(f, "{} {side}", grid::write_rows(8, 8, self.pieces))?;
        if self.cap != DEFAULT_CAP && self.cap != u32::MAX {
            write!(f, " cap={}", self.cap)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "a Konane position such as \"bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/\
     bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b\" (rows from rank 8 down: w White, b Black, . or a \
     digit empty; then b or w to move; then options such as cap=100)";

pub(super) fn parse_position(text: &str) -> Result<Konane, ParseError> {
    let error = |why: String| ParseError::new("position", text, format!("{POSITION_FORM}; {why}"));
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| error("it is empty".into()))?;
    let [white, black] = grid::parse_rows(8, 8, board).map_err(error)?;
    let side = match words.next() {
        Some("b") => Colour::Black,
        Some("w") => Colour::White,
        other => {
            return Err(error(format!(
                "the side to move must be b or w, not {:?}",
                other.unwrap_or("")
            )))
        }
    };
    if white & !DARK != 0 || black & DARK != 0 {
        return Err(error(
            "White stands only on dark squares (file + rank even) and Black only on light ones"
                .into(),
        ));
    }
    if white | black == !0 && side == Colour::White {
        return Err(error("on the full board Black moves first".into()));
    }
    let pairs = option_pairs(words).map_err(error)?;
    let mut position = Konane::from_pieces(white, black, side);
    position.cap = parse_options(pairs.into_iter()).map_err(|e| error(e.to_string()))?;
    Ok(position)
}

pub(super) fn parse_move(text: &str) -> Result<KonaneMove, ParseError> {
    const FORM: &str = "a removal (\"d5\") or a jump through the squares it lands on \
         (\"d3xd5\", \"d3xd5xd7\"; \"d3xd7\" also reads), squares a1 to h8";
    let error = || ParseError::new("move", text, FORM);
    let squares = text
        .trim()
        .split('x')
        .map(|name| grid::parse_point(8, 8, name).map(|s| s as i32))
        .collect::<Option<Vec<i32>>>()
        .ok_or_else(error)?;
    let from = squares[0];
    if squares.len() == 1 {
        return Ok(KonaneMove::removal(from as u32));
    }
    let to = *squares.last().expect("two squares or more");
    let (file, rank) = (|s: i32| s % 8, |s: i32| s / 8);
    let straight = (file(from) == file(to)) != (rank(from) == rank(to));
    let distance = (file(to) - file(from)).abs() + (rank(to) - rank(from)).abs();
    if !straight || distance % 2 != 0 {
        return Err(error());
    }
    // Every square listed is a landing square on the line from `from` to `to`, in order.
    let step = if rank(from) == rank(to) { 1 } else { 8 } * (to - from).signum();
    for pair in squares.windows(2) {
        let between = (pair[1] - pair[0]) / step;
        if (pair[1] - pair[0]) % step != 0 || between <= 0 || between % 2 != 0 {
            return Err(error());
        }
        if step.abs() == 1 && rank(pair[1]) != rank(from) {
            return Err(error());
        }
    }
    Ok(KonaneMove::jump(from as u32, to as u32))
}
