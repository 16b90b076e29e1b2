//! The diagonal boards of the draughts family (8x8, 10x10, 12x12) as bit sets, and the
//! square numbers of PDN notation.
//!
//! Only the dark squares are stored, row by row from the bottom, with one unused "ghost"
//! bit after every second row. With that gap a diagonal step is the same shift from every
//! square: `+W` up-left, `+W+1` up-right, `-W` down-right and `-(W+1)` down-left, where
//! `W` is half the board's width; a step off the left or right edge lands on a ghost bit,
//! which is never a square, and a step off the top or bottom leaves the board's mask.
//! The layout is the usual one of fast draughts engines: 8x8 takes 36 bits, 10x10 55 (both
//! in a `u64`) and 12x12 78 (in a `u128`).
//!
//! Internally the bottom-left corner (a1) is always dark. Italian and Portuguese boards
//! have a light a1; they are the mirror image, which changes the numbering of squares and
//! nothing else, so [`Geometry::number_to_bit`] takes the mirroring as an argument.

use std::fmt::Debug;
use std::hash::Hash;

#[cfg(target_arch = "x86_64")]
pub(crate) use crate::games::family::bitset::pdep;
pub use crate::games::family::bitset::{BitSet, Squares};

/// The bit of the dark square in `rank` (0 at the bottom) whose file is `file` (a1 dark).
pub const fn bit_of(size: u32, rank: u32, file: u32) -> u32 {
    let half = size / 2;
    (rank / 2) * (size + 1) + (rank % 2) * (half + 1) + file / 2
}

/// Every dark square of a `size` x `size` board, as bits.
pub const fn playable_mask(size: u32) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < size {
        mask |= rank_mask(size, rank);
        rank += 1;
    }
    mask
}

/// The dark squares of one rank.
pub const fn rank_mask(size: u32, rank: u32) -> u128 {
    let mut mask = 0u128;
    let mut file = rank % 2;
    while file < size {
        mask |= 1u128 << bit_of(size, rank, file);
        file += 2;
    }
    mask
}

/// A board size with its bit-set type.
pub trait Geometry: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The set type that holds every square.
    type Bits: BitSet;
    /// Squares along a side.
    const SIZE: u32;

    /// Half the board's width: the number of dark squares in a rank.
    const HALF: i32 = (Self::SIZE / 2) as i32;
    /// Dark squares on the board, which is the largest square number.
    const SQUARES: u32 = Self::SIZE * Self::SIZE / 2;
    /// The four diagonal steps: up-left, up-right, down-left, down-right.
    const DIRECTIONS: [i32; 4] = [Self::HALF, Self::HALF + 1, -(Self::HALF + 1), -Self::HALF];

    /// Every dark square.
    fn playable() -> Self::Bits {
        Self::Bits::from_u128(playable_mask(Self::SIZE))
    }

    /// The dark squares of `rank` (0 at the bottom).
    fn rank(rank: u32) -> Self::Bits {
        Self::Bits::from_u128(rank_mask(Self::SIZE, rank))
    }

    /// The bit of PDN square `number` (1 to [`Geometry::SQUARES`], numbered row by row
    /// from the top-left dark square as the second player sees it across the board), on
    /// a board whose a1 is light when `a1_light`.
    fn number_to_bit(number: u32, a1_light: bool) -> Option<u32> {
        if number == 0 || number > Self::SQUARES {
            return None;
        }
        let half = Self::SIZE / 2;
        let row_from_top = (number - 1) / half;
        let index = (number - 1) % half;
        let rank = Self::SIZE - 1 - row_from_top;
        // Files of the dark squares on this rank, left to right on the real board.
        let file = if a1_light {
            2 * index + 1 - rank % 2
        } else {
            2 * index + rank % 2
        };
        let internal_file = if a1_light {
            Self::SIZE - 1 - file
        } else {
            file
        };
        Some(bit_of(Self::SIZE, rank, internal_file))
    }

    /// The PDN number of the square at `bit`; `bit` must be a dark square.
    fn bit_to_number(bit: u32, a1_light: bool) -> u32 {
        let (rank, internal_file) = Self::coordinates(bit);
        let file = if a1_light {
            Self::SIZE - 1 - internal_file
        } else {
            internal_file
        };
        let half = Self::SIZE / 2;
        (Self::SIZE - 1 - rank) * half + file / 2 + 1
    }

    /// The rank (0 at the bottom) and internal file (a1 dark) of `bit`.
    fn coordinates(bit: u32) -> (u32, u32) {
        let pair = Self::SIZE + 1;
        let half = Self::SIZE / 2;
        let rank_pair = bit / pair;
        let within = bit % pair;
        let (rank, index) = if within < half {
            (2 * rank_pair, within)
        } else {
            (2 * rank_pair + 1, within - half - 1)
        };
        let file = 2 * index + rank % 2;
        (rank, file)
    }
}

/// The 8x8 board (32 squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board8;
/// The 10x10 board (50 squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board10;
/// The 12x12 board (72 squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board12;

impl Geometry for Board8 {
    type Bits = u64;
    const SIZE: u32 = 8;
}

impl Geometry for Board10 {
    type Bits = u64;
    const SIZE: u32 = 10;
}

impl Geometry for Board12 {
    type Bits = u128;
    const SIZE: u32 = 12;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbering_round_trips<G: Geometry>() {
        for a1_light in [false, true] {
            let mut seen = G::Bits::EMPTY;
            for number in 1..=G::SQUARES {
                let bit = G::number_to_bit(number, a1_light).unwrap();
                assert!(G::playable().has(bit as i32));
                assert!(!seen.has(bit as i32), "square {number} twice");
                seen |= G::Bits::bit(bit);
                assert_eq!(G::bit_to_number(bit, a1_light), number);
            }
            assert_eq!(seen, G::playable());
            assert_eq!(G::playable().count(), G::SQUARES);
        }
    }

    /// The `n`-th set bit by the plain walk, for checking [`BitSet::nth`].
    fn walked_nth<B: BitSet>(set: B, n: u32) -> u32 {
        set.squares().nth(n as usize).expect("enough bits")
    }

    #[test]
    fn nth_finds_every_set_bit_of_both_widths() {
        // Sets of every density from a fixed generator, and the edges.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut sets64 = vec![1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001];
        let mut sets128 = vec![1u128 << 127, u128::MAX, 1 << 64, 1 << 63 | 1 << 64];
        for _ in 0..300 {
            let (a, b, c) = (next(), next(), next());
            sets64.extend([a, a & b, a & b & c]);
            sets128.extend([
                (a as u128) << 64 | b as u128,
                ((a & b) as u128) << 64 | c as u128,
            ]);
        }
        for set in sets64 {
            for n in 0..set.count() {
                assert_eq!(set.nth(n), walked_nth(set, n), "{set:#x} bit {n}");
            }
        }
        for set in sets128 {
            for n in 0..set.count() {
                assert_eq!(set.nth(n), walked_nth(set, n), "{set:#x} bit {n}");
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pdep_finds_the_same_bits_as_the_walk() {
        if !std::is_x86_feature_detected!("bmi2") {
            return;
        }
        let sets64 = [
            1u64,
            1 << 63,
            u64::MAX,
            0x8000_0000_0000_0001,
            0x0F0F_3C00_0001_8421,
        ];
        for set in sets64 {
            for n in 0..set.count() {
                // SAFETY: BMI2 is present (checked above).
                assert_eq!(unsafe { pdep::nth(set, n) }, walked_nth(set, n));
            }
        }
        let sets128 = [
            u128::MAX,
            1 << 127,
            1 << 64 | 1 << 63,
            0xF0 << 60 | 0x11 << 100,
        ];
        for set in sets128 {
            for n in 0..set.count() {
                // SAFETY: as above.
                assert_eq!(unsafe { pdep::nth(set, n) }, walked_nth(set, n));
            }
        }
    }

    #[test]
    fn every_board_numbers_each_square_once() {
        numbering_round_trips::<Board8>();
        numbering_round_trips::<Board10>();
        numbering_round_trips::<Board12>();
    }

    #[test]
    fn pdn_corners_of_the_english_board() {
        // Square 1 is b8, 4 is h8, 29 is a1 and 32 is g1 (a1 dark).
        assert_eq!(Board8::number_to_bit(29, false), Some(0));
        assert_eq!(
            Board8::coordinates(Board8::number_to_bit(1, false).unwrap()),
            (7, 1)
        );
        assert_eq!(
            Board8::coordinates(Board8::number_to_bit(32, false).unwrap()),
            (0, 6)
        );
        // International: 46 is a1, 5 is j10.
        assert_eq!(Board10::number_to_bit(46, false), Some(0));
        assert_eq!(
            Board10::coordinates(Board10::number_to_bit(5, false).unwrap()),
            (9, 9)
        );
    }

    #[test]
    fn diagonal_steps_are_constant_shifts() {
        fn check<G: Geometry>() {
            let playable = G::playable();
            for bit in playable.squares() {
                let (rank, file) = G::coordinates(bit);
                for (direction, (dr, df)) in
                    G::DIRECTIONS
                        .iter()
                        .zip([(1, -1), (1, 1), (-1, -1), (-1, 1)])
                {
                    let target = bit as i32 + direction;
                    let (r, f) = (rank as i32 + dr, file as i32 + df);
                    let on_board =
                        (0..G::SIZE as i32).contains(&r) && (0..G::SIZE as i32).contains(&f);
                    assert_eq!(playable.has(target), on_board, "bit {bit} step {direction}");
                    if on_board {
                        assert_eq!(target as u32, bit_of(G::SIZE, r as u32, f as u32));
                    }
                }
            }
        }
        check::<Board8>();
        check::<Board10>();
        check::<Board12>();
    }
}
