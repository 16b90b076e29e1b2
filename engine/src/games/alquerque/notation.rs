//! Alquerque's notation: steps `b2-c3`, captures through their landing points
//! `b2xd4xb4`, positions as the board's rows, the side to move and the options, and the
//! board drawn with its lines.

use std::fmt;

use super::rules::{moving_directions, parse_options, DEFAULTS, LINE, SIZE};
use super::{Alquerque, AlquerqueMove};
use crate::game::ParseError;
use crate::games::family::{option_pairs, Colour};
use crate::games::grid;

impl AlquerqueMove {
    /// The landing points of a capture in order, ending with [`AlquerqueMove::to`]: the
    /// first path found, in a fixed order of directions, that starts in one of the
    /// pawn's own directions and jumps each captured point once. Empty for a step.
    pub fn path(&self) -> Vec<u32> {
        let mut path = Vec::new();
        if self.captured != 0 {
            let first = moving_directions(self.colour());
            let found = self.extend_path(self.from as u32, self.captured, Some(first), &mut path)
                || self.extend_path(self.from as u32, self.captured, None, &mut path);
            if !found {
                path = vec![self.to as u32];
            }
        }
        path
    }

    fn extend_path(
        &self,
        at: u32,
        left: u32,
        first: Option<&[usize; 5]>,
        path: &mut Vec<u32>,
    ) -> bool {
        if left == 0 {
            return at == self.to as u32;
        }
        for (d, &over) in LINE[at as usize].iter().enumerate() {
            if first.is_some_and(|dirs| !dirs.contains(&d)) {
                continue;
            }
            if over < 0 || left >> over & 1 == 0 {
                continue;
            }
            let land = LINE[over as usize][d];
            if land < 0 {
                continue;
            }
            path.push(land as u32);
            if self.extend_path(land as u32, left & !(1 << over), None, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}

impl fmt::Display for AlquerqueMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid::point_name(SIZE, self.from as u32))?;
        if self.captured == 0 {
            return write!(f, "-{}", grid::point_name(SIZE, self.to as u32));
        }
        for point in self.path() {
            write!(f, "x{}", grid::point_name(SIZE, point))?;
        }
        Ok(())
    }
}

impl fmt::Debug for AlquerqueMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Alquerque {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        let pieces = [self.pieces[0] as u64, self.pieces[1] as u64];
        write!(f, "{} {side}", grid::write_rows(SIZE, SIZE, pieces))?;
        if self.options.keep_duplicates {
            f.write_str(" duplicates=keep")?;
        }
        if self.options.cap != DEFAULTS.cap && self.options.cap != u32::MAX {
            write!(f, " cap={}", self.options.cap)?;
        }
        if self.options.repetitions != DEFAULTS.repetitions {
            write!(f, " repetitions={}", self.options.repetitions)?;
        }
        if self.options.no_progress != DEFAULTS.no_progress {
            write!(f, " no_progress={}", self.options.no_progress)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Alquerque {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What a position string looks like, for error messages.
const POSITION_FORM: &str = "an Alquerque position such as \"bbbbb/bbbbb/bb.ww/wwwww/wwwww w\" \
     (rows from rank 5 down: w White, b Black, . or a digit empty; then w or b to move; then \
     options such as cap=100)";

pub(super) fn parse_position(text: &str) -> Result<Alquerque, ParseError> {
    let error = |why: String| ParseError::new("position", text, format!("{POSITION_FORM}; {why}"));
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| error("it is empty".into()))?;
    let [white, black] = grid::parse_rows(SIZE, SIZE, board).map_err(error)?;
    let side = match words.next() {
        Some("w") => Colour::White,
        Some("b") => Colour::Black,
        other => {
            return Err(error(format!(
                "the side to move must be w or b, not {:?}",
                other.unwrap_or("")
            )))
        }
    };
    let pairs = option_pairs(words).map_err(error)?;
    let options = parse_options(pairs.into_iter()).map_err(|e| error(e.to_string()))?;
    Ok(Alquerque::from_pieces(
        white as u32,
        black as u32,
        side,
        options,
    ))
}

pub(super) fn parse_move(side: Colour, text: &str) -> Result<AlquerqueMove, ParseError> {
    const FORM: &str = "a step \"b2-c3\" or a capture through its landing points \"b2xd4xb4\", \
         points a1 to e5, jumps along the lines";
    let error = || ParseError::new("move", text, FORM);
    let point = |name: &str| grid::parse_point(SIZE, SIZE, name).ok_or_else(error);
    let text = text.trim();
    if let Some((from, to)) = text.split_once('-') {
        return Ok(AlquerqueMove::new(side, point(from)?, point(to)?, 0));
    }
    let points = text
        .split('x')
        .map(point)
        .collect::<Result<Vec<u32>, _>>()?;
    if points.len() < 2 {
        return Err(error());
    }
    let mut captured = 0u32;
    for pair in points.windows(2) {
        let d = (0..8)
            .find(|&d| {
                let over = LINE[pair[0] as usize][d];
                over >= 0 && LINE[over as usize][d] == pair[1] as i8
            })
            .ok_or_else(error)?;
        let over = LINE[pair[0] as usize][d] as u32;
        if captured >> over & 1 == 1 {
            return Err(error());
        }
        captured |= 1 << over;
    }
    Ok(AlquerqueMove::new(
        side,
        points[0],
        *points.last().expect("two points or more"),
        captured,
    ))
}

/// The board with its lines, rank 5 at the top.
pub(super) fn render(position: &Alquerque) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..SIZE {
            if file > 0 {
                out.push_str(" - ");
            }
            out.push(match position.piece_at(file + rank * SIZE) {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '.',
            });
        }
        out.push('\n');
        if rank > 0 {
            out.push_str("  ");
            for file in 0..SIZE {
                if file > 0 {
                    // The diagonal of the cell between files file-1, file and ranks
                    // rank-1, rank leaves its strong lower corner.
                    let rising = (file - 1 + rank - 1) % 2 == 0;
                    out.push_str(if rising { " / " } else { " \\ " });
                }
                out.push('|');
            }
            out.push('\n');
        }
    }
    out.push_str("  a   b   c   d   e\n");
    let side = match position.side {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    out.push_str(&format!("{side} to move\n"));
    out
}
