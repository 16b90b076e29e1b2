//! Alquerque's board and rules: the 25 points and their lines, the directions each side's
//! pawns move in, the start, and the defaults of the family's rule options (ply cap,
//! repetition, no progress, duplicate captures).

use crate::game::{Game, GameError};
use crate::games::family::{self, Colour, Options, ALQUERQUE_KEYS};

use super::Alquerque;

/// The board's width and height in points.
pub const SIZE: u32 = 5;
/// Every point.
pub const BOARD: u32 = (1 << 25) - 1;
/// The points with diagonal lines (file + rank even).
pub const STRONG: u32 = 0b10101_01010_10101_01010_10101;

pub(super) const RANK_1: u32 = 0b11111;
pub(super) const RANK_5: u32 = RANK_1 << 20;

/// The eight directions of the lines, as (file, rank) steps: north, north-east, east,
/// south-east, south, south-west, west, north-west.
pub(super) const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

pub(super) const NORTH: usize = 0;
pub(super) const NORTH_EAST: usize = 1;
pub(super) const EAST: usize = 2;
pub(super) const SOUTH_EAST: usize = 3;
pub(super) const SOUTH: usize = 4;
pub(super) const SOUTH_WEST: usize = 5;
pub(super) const WEST: usize = 6;
pub(super) const NORTH_WEST: usize = 7;

/// The directions a White pawn moves in (and makes the first jump of a capture in):
/// forward, diagonally forward, sideways.
pub(super) const WHITE_MOVES: [usize; 5] = [NORTH, NORTH_EAST, EAST, WEST, NORTH_WEST];
/// Black's, towards rank 1.
pub(super) const BLACK_MOVES: [usize; 5] = [SOUTH, SOUTH_EAST, EAST, WEST, SOUTH_WEST];

/// The point one step from each point along each line, or -1 where there is no line.
pub(super) const LINE: [[i8; 8]; 25] = {
    let mut table = [[-1i8; 8]; 25];
    let mut point = 0;
    while point < 25 {
        let (file, rank) = ((point % 5) as i32, (point / 5) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (f, r) = (file + df, rank + dr);
            let diagonal = df != 0 && dr != 0;
            let on_board = f >= 0 && f < 5 && r >= 0 && r < 5;
            if on_board && (!diagonal || (file + rank) % 2 == 0) {
                table[point][d] = (f + 5 * r) as i8;
            }
            d += 1;
        }
        point += 1;
    }
    table
};

/// For each direction, the points with a line that way (`STEP_FROM`) and with a line two
/// points long that way (`JUMP_FROM`).
pub(super) const STEP_FROM: [u32; 8] = line_masks(1);
pub(super) const JUMP_FROM: [u32; 8] = line_masks(2);

const fn line_masks(length: usize) -> [u32; 8] {
    let mut masks = [0u32; 8];
    let mut d = 0;
    while d < 8 {
        let mut point = 0;
        while point < 25 {
            let mut at = point as i8;
            let mut k = 0;
            while k < length && at >= 0 {
                at = LINE[at as usize][d];
                k += 1;
            }
            if at >= 0 {
                masks[d] |= 1 << point;
            }
            point += 1;
        }
        d += 1;
    }
    masks
}

/// The change of point index for one step in direction `d`.
#[inline]
pub(super) const fn delta(d: usize) -> i32 {
    DIRECTIONS[d].0 + 5 * DIRECTIONS[d].1
}

#[inline]
pub(super) fn shift(set: u32, by: i32) -> u32 {
    if by >= 0 {
        set << by
    } else {
        set >> -by
    }
}

/// The directions `colour`'s pawns move in.
#[inline]
pub(super) fn moving_directions(colour: Colour) -> &'static [usize; 5] {
    match colour {
        Colour::White => &WHITE_MOVES,
        Colour::Black => &BLACK_MOVES,
    }
}

/// The far row of `colour`, where its pawns stop moving.
#[inline]
pub(super) fn last_row(colour: Colour) -> u32 {
    match colour {
        Colour::White => RANK_5,
        Colour::Black => RANK_1,
    }
}

/// How many ranks a pawn of `colour` on `point` has come from its own first rank.
pub fn advancement(colour: Colour, point: u32) -> u32 {
    match colour {
        Colour::White => point / 5,
        Colour::Black => 4 - point / 5,
    }
}

/// The start: White a1-e2, d3, e3; Black a4-e5, a3, b3.
pub(super) const START_WHITE: u32 = 0b11111_11111 | (0b11000 << 10);
pub(super) const START_BLACK: u32 = (0b11111_11111 << 15) | (0b00011 << 10);

/// The default ply cap: twelve plies per point, far beyond real games, which the draw
/// rules end long before.
pub(super) const DEFAULT_CAP: u32 = 300;

/// The default options: the third occurrence and 50 plies without progress draw.
pub(super) const DEFAULTS: Options = Options {
    no_progress: 50,
    ..Options::new(DEFAULT_CAP, 3)
};

/// Reads the rule options over the defaults.
pub(super) fn parse_options<'a>(
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<Options, GameError> {
    family::parse_options(Alquerque::NAME, ALQUERQUE_KEYS, pairs, DEFAULTS)
}
