//! The 8x8 board of the all-squares games as a `u64`: bit `8 * rank + file`, so a1 is
//! bit 0, h1 bit 7 and h8 bit 63. A step in one of the eight directions is a shift, and
//! a step east or west is masked with a file so that it cannot wrap round to the other
//! edge. Single squares step through [`step`], which answers -1 off the board.

use std::fmt;

/// The squares of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The squares of file h.
pub const FILE_H: u64 = FILE_A << 7;

/// The squares of `rank` (0 is rank 1).
#[inline]
pub const fn rank(rank: u32) -> u64 {
    0xFF << (8 * rank)
}

/// The eight directions, as seen by White (north is up the board, towards rank 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up the board.
    North = 0,
    /// Up and right.
    NorthEast = 1,
    /// Right.
    East = 2,
    /// Down and right.
    SouthEast = 3,
    /// Down the board.
    South = 4,
    /// Down and left.
    SouthWest = 5,
    /// Left.
    West = 6,
    /// Up and left.
    NorthWest = 7,
}

/// The bit offset of one step in each direction, by [`Direction`] index.
const OFFSET: [i32; 8] = [8, 9, 1, -7, -8, -9, -1, 7];
/// The change of file of one step in each direction.
const FILE_STEP: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
/// The change of rank of one step in each direction.
const RANK_STEP: [i32; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// The neighbour of each square in each direction, -1 off the board.
const NEIGHBOURS: [[i8; 8]; 64] = {
    let mut table = [[-1i8; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (f, r) = (file + FILE_STEP[d], rank + RANK_STEP[d]);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[square][d] = (r * 8 + f) as i8;
            }
            d += 1;
        }
        square += 1;
    }
    table
};

/// The square one step from `square` (on the board) in direction `d`, or -1 off it.
#[inline]
pub fn step(square: i32, d: usize) -> i32 {
    NEIGHBOURS[square as usize][d] as i32
}

/// Every square of `set` moved one step in direction `d`; squares stepping off the board
/// are lost.
#[inline]
pub fn shift(set: u64, d: usize) -> u64 {
    let offset = OFFSET[d];
    let moved = if offset > 0 {
        set << offset
    } else {
        set >> -offset
    };
    match FILE_STEP[d] {
        1 => moved & !FILE_A,
        -1 => moved & !FILE_H,
        _ => moved,
    }
}

/// The bit offset of `steps` steps in direction `d` (for squares that stay on the board).
#[inline]
pub fn offset(d: usize, steps: i32) -> i32 {
    OFFSET[d] * steps
}

/// The direction opposite `d`.
#[inline]
pub const fn opposite(d: usize) -> usize {
    (d + 4) % 8
}

/// The file (0 for a) and rank (0 for 1) of `square`.
#[inline]
pub const fn coordinates(square: u32) -> (u32, u32) {
    (square % 8, square / 8)
}

/// The rank and file changes of one step in direction `d`.
pub const fn delta(d: usize) -> (i32, i32) {
    (FILE_STEP[d], RANK_STEP[d])
}

/// A set of directions, as bits by [`Direction`] index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Directions(u8);

impl Directions {
    /// All eight.
    pub const ALL: Directions = Directions(0xFF);
    /// North, east, south and west.
    pub const ORTHOGONAL: Directions = Directions::of(&[
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ]);

    /// The set of `directions`.
    pub const fn of(directions: &[Direction]) -> Directions {
        let mut bits = 0u8;
        let mut i = 0;
        while i < directions.len() {
            bits |= 1 << directions[i] as u8;
            i += 1;
        }
        Directions(bits)
    }

    /// The same directions mirrored top to bottom (as Black sees White's): north and
    /// south swap, east and west stay.
    #[inline]
    pub const fn mirrored(self) -> Directions {
        let mut bits = 0u8;
        let mut d = 0;
        while d < 8 {
            if self.0 & (1 << d) != 0 {
                bits |= 1 << ((12 - d) % 8);
            }
            d += 1;
        }
        Directions(bits)
    }

    /// Whether `d` is in the set.
    #[inline]
    pub const fn has(self, d: usize) -> bool {
        self.0 & (1 << d) != 0
    }

    /// The direction indices in the set, north first, clockwise.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&d| self.has(d))
    }
}

/// A square written algebraically (`a1` to `h8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square(pub u32);

impl Square {
    /// Reads `a1` to `h8`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 || !(b'a'..=b'h').contains(&bytes[0]) {
            return None;
        }
        if !(b'1'..=b'8').contains(&bytes[1]) {
            return None;
        }
        Some(Square(
            (bytes[1] - b'1') as u32 * 8 + (bytes[0] - b'a') as u32,
        ))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, rank) = coordinates(self.0);
        write!(f, "{}{}", (b'a' + file as u8) as char, rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_single_steps_and_never_wrap() {
        for square in 0..64 {
            for d in 0..8 {
                let moved = shift(1u64 << square, d);
                let target = step(square, d);
                if target < 0 {
                    assert_eq!(moved, 0, "{square} {d}");
                } else {
                    assert_eq!(moved, 1u64 << target, "{square} {d}");
                    assert_eq!(target - square, offset(d, 1));
                    let (f0, r0) = coordinates(square as u32);
                    let (f1, r1) = coordinates(target as u32);
                    assert!((f0 as i32 - f1 as i32).abs() <= 1);
                    assert!((r0 as i32 - r1 as i32).abs() <= 1);
                }
            }
        }
    }

    #[test]
    fn mirroring_swaps_north_and_south() {
        let men = Directions::of(&[Direction::North, Direction::NorthEast, Direction::West]);
        assert_eq!(
            men.mirrored(),
            Directions::of(&[Direction::South, Direction::SouthEast, Direction::West])
        );
        assert_eq!(Directions::ALL.mirrored(), Directions::ALL);
        for d in 0..8 {
            assert_eq!(opposite(opposite(d)), d);
        }
    }

    #[test]
    fn squares_read_and_write() {
        assert_eq!(Square::parse("a1"), Some(Square(0)));
        assert_eq!(Square::parse("h8"), Some(Square(63)));
        assert_eq!(
            Square::parse("c3").map(|s| s.to_string()),
            Some("c3".into())
        );
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
    }
}
