//! Konane's board and rules: the squares, the opening removals and their phases, the four
//! jump directions, the ply cap and the options that set it.

use crate::game::{read_ply_cap, Game, GameError};

use super::Konane;

/// The squares Black may empty on the first ply: the corners a8 and h1 of the long light
/// diagonal and its centre squares d5 and e4.
pub const FIRST_REMOVALS: u64 = (1 << 56) | (1 << 7) | (1 << 35) | (1 << 28);

/// The dark squares (file + rank even), where White stands.
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The start: every square filled, White on the dark ones.
pub(super) const START_WHITE: u64 = DARK;
pub(super) const START_BLACK: u64 = !DARK;

/// The default ply cap: more than any game can last (two removals, then at most one jump
/// per piece that can be taken).
pub(super) const DEFAULT_CAP: u32 = 64;

/// The four directions of a jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    North,
    East,
    South,
    West,
}

pub(super) const DIRECTIONS: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

impl Direction {
    /// The change of square index for one step.
    #[inline]
    pub(super) fn step(self) -> i32 {
        match self {
            Direction::North => 8,
            Direction::East => 1,
            Direction::South => -8,
            Direction::West => -1,
        }
    }

    /// Every square of `set` moved one step this way; steps off the board vanish.
    #[inline]
    pub(super) fn shift(self, set: u64) -> u64 {
        match self {
            Direction::North => set << 8,
            Direction::East => (set & !FILE_H) << 1,
            Direction::South => set >> 8,
            Direction::West => (set & !FILE_A) >> 1,
        }
    }
}

/// The squares orthogonally next to the squares of `set`.
#[inline]
pub(super) fn neighbours(set: u64) -> u64 {
    DIRECTIONS
        .iter()
        .fold(0, |acc, direction| acc | direction.shift(set))
}

/// Which kind of ply the position asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Ply 1: Black empties one of the four squares of [`FIRST_REMOVALS`].
    FirstRemoval,
    /// Ply 2: White empties a square next to the hole.
    SecondRemoval,
    /// Every later ply: a jump.
    Jumps,
}

/// The option keys Konane takes.
pub(super) const OPTION_KEYS: &[&str] = &["cap"];

/// Reads the options; returns the ply cap.
pub(super) fn parse_options<'a>(
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<u32, GameError> {
    let mut cap = DEFAULT_CAP;
    for (key, value) in pairs {
        match key {
            "cap" => cap = read_ply_cap(Konane::NAME, key, value)?,
            _ => return Err(GameError::unknown_option(Konane::NAME, key, OPTION_KEYS)),
        }
    }
    Ok(cap)
}
