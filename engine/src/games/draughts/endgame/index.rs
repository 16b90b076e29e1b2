//! Positions of an English endgame as dense numbers: the board seen by the side to move,
//! split into slices by material, each slice numbered by combinatorial ranks.
//!
//! Squares are numbered 0 to 31 row by row from the bottom of the board as White sees it
//! (four dark squares a row). A position is always looked at from the side to move, as if
//! it were White (men moving up): a position with Black to move is turned half round
//! (square `s` becomes `31 - s`, the bits of a `u32` reversed) with the colours swapped.
//! So one table answers for both sides to move.
//!
//! In a slice with `a` men and `b` kings for the side to move and `c` men and `d` kings
//! for the other side, the rank is, in the mixed radix of the four factors,
//! `(own men among squares 0-27, other men among squares 4-31, own kings among the
//! squares the men leave, other kings among the squares left after that)`. Men never
//! stand on the row where they would be crowned. Ranks whose two sets of men overlap are
//! not positions; they cost a few percent of the table and keep the ranking simple.

use crate::games::draughts::board::{bit_of, BitSet, Board8, Geometry};
use crate::games::draughts::Colour;

/// The most pieces a table can hold (both sides together).
pub const MAX_PIECES: u32 = 8;

/// `C(n, k)` for `n` up to 32 and `k` up to [`MAX_PIECES`].
const BINOMIAL: [[u64; MAX_PIECES as usize + 1]; 33] = {
    let mut table = [[0u64; MAX_PIECES as usize + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The squares a man of the side to move may stand on: all but the top row.
pub const OWN_MEN_SQUARES: u32 = 0x0FFF_FFFF;
/// The squares a man of the other side may stand on: all but the bottom row.
pub const OTHER_MEN_SQUARES: u32 = 0xFFFF_FFF0;

/// A position seen from the side to move (who moves up the board): four sets of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Frame {
    /// Men of the side to move.
    pub men: u32,
    /// Kings of the side to move.
    pub kings: u32,
    /// Men of the other side.
    pub other_men: u32,
    /// Kings of the other side.
    pub other_kings: u32,
}

impl Frame {
    /// The position after the side to move has moved, seen from the new side to move:
    /// the board turned half round and the sides swapped.
    #[inline]
    pub fn turned(self) -> Frame {
        Frame {
            men: self.other_men.reverse_bits(),
            kings: self.other_kings.reverse_bits(),
            other_men: self.men.reverse_bits(),
            other_kings: self.kings.reverse_bits(),
        }
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(self) -> u32 {
        self.men | self.kings | self.other_men | self.other_kings
    }

    /// The material of the position.
    #[inline]
    pub fn material(self) -> Material {
        Material {
            men: self.men.count_ones() as u8,
            kings: self.kings.count_ones() as u8,
            other_men: self.other_men.count_ones() as u8,
            other_kings: self.other_kings.count_ones() as u8,
        }
    }

    /// Whether this is a position: no square used twice and no man on its crowning row.
    pub fn is_valid(self) -> bool {
        let sets = [self.men, self.kings, self.other_men, self.other_kings];
        let total: u32 = sets.iter().map(|s| s.count_ones()).sum();
        total == self.occupied().count_ones()
            && self.men & !OWN_MEN_SQUARES == 0
            && self.other_men & !OTHER_MEN_SQUARES == 0
    }
}

/// How many men and kings each side has, the side to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Material {
    /// Men of the side to move.
    pub men: u8,
    /// Kings of the side to move.
    pub kings: u8,
    /// Men of the other side.
    pub other_men: u8,
    /// Kings of the other side.
    pub other_kings: u8,
}

impl Material {
    /// Pieces on the board.
    pub fn pieces(self) -> u32 {
        u32::from(self.men + self.kings + self.other_men + self.other_kings)
    }

    /// The same material after the move: the sides swapped.
    pub fn turned(self) -> Material {
        Material {
            men: self.other_men,
            kings: self.other_kings,
            other_men: self.men,
            other_kings: self.kings,
        }
    }

    /// The four counts as one small number, for a lookup array of every material of up
    /// to [`MAX_PIECES`] pieces.
    #[inline]
    pub fn key(self) -> usize {
        const BASE: usize = MAX_PIECES as usize + 1;
        ((self.men as usize * BASE + self.kings as usize) * BASE + self.other_men as usize) * BASE
            + self.other_kings as usize
    }

    /// Every material of exactly `pieces` pieces in which both sides have a piece.
    pub fn all_of(pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        let n = pieces as u8;
        for men in 0..=n {
            for kings in 0..=n - men {
                for other_men in 0..=n - men - kings {
                    let other_kings = n - men - kings - other_men;
                    let material = Material {
                        men,
                        kings,
                        other_men,
                        other_kings,
                    };
                    if men + kings > 0 && other_men + other_kings > 0 {
                        out.push(material);
                    }
                }
            }
        }
        out
    }

    /// Ranks in the slice of this material.
    pub fn ranks(self) -> u64 {
        let (a, b, c, d) = self.counts();
        binomial(28, a) * binomial(28, c) * binomial(32 - a - c, b) * binomial(32 - a - b - c, d)
    }

    fn counts(self) -> (u32, u32, u32, u32) {
        (
            u32::from(self.men),
            u32::from(self.kings),
            u32::from(self.other_men),
            u32::from(self.other_kings),
        )
    }

    /// The rank of `frame`, which has this material, in the slice.
    #[inline]
    pub fn rank(self, frame: Frame) -> u64 {
        let (_, b, c, d) = self.counts();
        let a = u32::from(self.men);
        let men_rank = rank_set(frame.men) * binomial(28, c) + rank_set(frame.other_men >> 4);
        let men = frame.men | frame.other_men;
        let kings_rank = rank_among_free(frame.kings, men);
        let other_kings_rank = rank_among_free(frame.other_kings, men | frame.kings);
        (men_rank * binomial(32 - a - c, b) + kings_rank) * binomial(32 - a - b - c, d)
            + other_kings_rank
    }

    /// The position at `rank`, which must be a rank of a position of the slice.
    pub fn frame_at(self, rank: u64) -> Frame {
        let (a, b, c, d) = self.counts();
        let other_kings_radix = binomial(32 - a - b - c, d);
        let kings_radix = binomial(32 - a - c, b);
        let other_men_radix = binomial(28, c);
        let other_kings_rank = rank % other_kings_radix;
        let rank = rank / other_kings_radix;
        let kings_rank = rank % kings_radix;
        let rank = rank / kings_radix;
        let men = unrank_among(rank / other_men_radix, OWN_MEN_SQUARES, a);
        let other_men = unrank_among(rank % other_men_radix, OTHER_MEN_SQUARES, c);
        let kings = unrank_among(kings_rank, !(men | other_men), b);
        let other_kings = unrank_among(other_kings_rank, !(men | other_men | kings), d);
        Frame {
            men,
            kings,
            other_men,
            other_kings,
        }
    }

    /// Calls `visit(rank, frame)` for every rank of the slice that is a position, in rank
    /// order.
    pub fn for_each(self, mut visit: impl FnMut(u64, Frame)) {
        let (a, b, c, d) = self.counts();
        let king_block = binomial(32 - a - c, b) * binomial(32 - a - b - c, d);
        let mut rank = 0;
        for own_men in sets_of(a, OWN_MEN_SQUARES) {
            for other_men in sets_of(c, OTHER_MEN_SQUARES) {
                if own_men & other_men != 0 {
                    rank += king_block;
                    continue;
                }
                let free = !(own_men | other_men);
                for kings in sets_of(b, free) {
                    for other_kings in sets_of(d, free & !kings) {
                        visit(
                            rank,
                            Frame {
                                men: own_men,
                                kings,
                                other_men,
                                other_kings,
                            },
                        );
                        rank += 1;
                    }
                }
            }
        }
    }
}

/// Every `k`-square subset of `squares`, in colex order of their ranks among `squares`.
fn sets_of(k: u32, squares: u32) -> impl Iterator<Item = u32> {
    let spots: Vec<u32> = (0..32).filter(|s| squares >> s & 1 == 1).collect();
    let n = spots.len() as u32;
    (0..binomial(n, k)).map(move |r| {
        let mut rank = r;
        let mut set = 0;
        for j in (1..=k as usize).rev() {
            let mut index = j - 1;
            while index + 1 < spots.len() && BINOMIAL[index + 1][j] <= rank {
                index += 1;
            }
            rank -= BINOMIAL[index][j];
            set |= 1 << spots[index];
        }
        set
    })
}

/// The `k`-square subset of `squares` with colex rank `rank` among them.
#[inline]
fn unrank_among(mut rank: u64, squares: u32, k: u32) -> u32 {
    let mut set = 0;
    let mut n = squares.count_ones();
    let mut rest = squares;
    for j in (1..=k).rev() {
        // The largest count `i` of squares below the element with C(i, j) <= rank.
        let mut i = n - 1;
        while binomial(i, j) > rank {
            i -= 1;
        }
        rank -= binomial(i, j);
        // The element is the square with `i` squares of `squares` below it.
        let mut below = rest;
        for _ in i..n - 1 {
            below &= !(1 << (31 - below.leading_zeros()));
        }
        let square = 31 - below.leading_zeros();
        set |= 1 << square;
        rest = below & !(1 << square);
        n = i;
    }
    set
}

/// The colex rank of `set` among all squares: the sum of `C(square, i)` over its squares
/// in increasing order, `i` = 1, 2, ...
#[inline]
fn rank_set(mut set: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][k];
        set &= set - 1;
        k += 1;
    }
    rank
}

/// The colex rank of `set` among the squares not in `taken`.
#[inline]
fn rank_among_free(mut set: u32, taken: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    while set != 0 {
        let square = set.trailing_zeros();
        let below = taken & ((1 << square) - 1);
        rank += BINOMIAL[(square - below.count_ones()) as usize][k];
        set &= set - 1;
        k += 1;
    }
    rank
}

/// Square numbers (0-31, see the module) and the engine's bits of the English board.
pub struct Squares {
    to_bit: [u32; 32],
    from_bit: [u8; 64],
    /// Per square, the diagonal neighbours: up-left, up-right, down-left, down-right
    /// (`u8::MAX` off the board).
    pub neighbours: [[u8; 4]; 32],
}

impl Squares {
    /// The tables, built from the engine's geometry.
    pub fn new() -> Squares {
        let mut to_bit = [0; 32];
        let mut from_bit = [u8::MAX; 64];
        let mut neighbours = [[u8::MAX; 4]; 32];
        let square = |rank: i32, file: i32| -> Option<u8> {
            ((0..8).contains(&rank) && (0..8).contains(&file))
                .then_some((rank * 4 + file / 2) as u8)
        };
        for rank in 0..8 {
            for file in (rank % 2..8).step_by(2) {
                let s = square(rank, file).expect("on the board") as usize;
                let bit = bit_of(8, rank as u32, file as u32);
                to_bit[s] = bit;
                from_bit[bit as usize] = s as u8;
                for (i, (dr, df)) in [(1, -1), (1, 1), (-1, -1), (-1, 1)].into_iter().enumerate() {
                    if let Some(n) = square(rank + dr, file + df) {
                        neighbours[s][i] = n;
                    }
                }
            }
        }
        debug_assert_eq!(
            to_bit.iter().fold(0u64, |m, b| m | 1 << b),
            <Board8 as Geometry>::playable()
        );
        Squares {
            to_bit,
            from_bit,
            neighbours,
        }
    }

    /// The engine's bit set of a set of squares.
    #[inline]
    pub fn to_bits(&self, mut set: u32) -> u64 {
        let mut bits = 0;
        while set != 0 {
            bits |= 1u64 << self.to_bit[set.trailing_zeros() as usize];
            set &= set - 1;
        }
        bits
    }

    /// The set of squares of an engine bit set.
    #[inline]
    pub fn from_bits(&self, bits: u64) -> u32 {
        let mut set = 0;
        for bit in bits.squares() {
            set |= 1 << self.from_bit[bit as usize];
        }
        set
    }

    /// The square of an engine bit.
    #[inline]
    pub fn square(&self, bit: u32) -> u32 {
        u32::from(self.from_bit[bit as usize])
    }

    /// The frame of a position with `side` to move: White's sets as they are, Black's
    /// turned half round with the colours swapped. Sets are (men, kings) per colour.
    pub fn frame(&self, side: Colour, white: (u64, u64), black: (u64, u64)) -> Frame {
        let (own, other) = match side {
            Colour::White => (white, black),
            Colour::Black => (black, white),
        };
        let frame = Frame {
            men: self.from_bits(own.0),
            kings: self.from_bits(own.1),
            other_men: self.from_bits(other.0),
            other_kings: self.from_bits(other.1),
        };
        if side == Colour::White {
            frame
        } else {
            Frame {
                men: frame.men.reverse_bits(),
                kings: frame.kings.reverse_bits(),
                other_men: frame.other_men.reverse_bits(),
                other_kings: frame.other_kings.reverse_bits(),
            }
        }
    }
}

impl Default for Squares {
    fn default() -> Self {
        Squares::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_of_a_slice_has_its_own_rank() {
        for material in Material::all_of(3).into_iter().chain(Material::all_of(2)) {
            let mut expected = 0;
            let mut count = 0;
            material.for_each(|rank, frame| {
                assert!(rank >= expected, "{material:?}");
                expected = rank + 1;
                assert!(frame.is_valid());
                assert_eq!(frame.material(), material);
                assert_eq!(material.rank(frame), rank, "{frame:?}");
                assert_eq!(material.frame_at(rank), frame, "{material:?} {rank}");
                count += 1;
            });
            assert!(expected <= material.ranks());
            assert!(count > 0);
        }
    }

    #[test]
    fn turning_twice_is_the_same_position() {
        let frame = Frame {
            men: 0b1001,
            kings: 1 << 30,
            other_men: 1 << 20,
            other_kings: 1 << 31,
        };
        assert_eq!(frame.turned().turned(), frame);
        assert!(frame.is_valid());
        // Square 0 (bottom row) turns into square 31 (top row).
        assert_eq!(frame.turned().other_men & (1 << 31), 1 << 31);
    }

    #[test]
    fn squares_match_the_engine_geometry() {
        let squares = Squares::new();
        for s in 0..32 {
            let bit = squares.to_bit[s];
            assert_eq!(squares.square(bit), s as u32);
            let (rank, _) = <Board8 as Geometry>::coordinates(bit);
            assert_eq!(rank, s as u32 / 4);
        }
    }
}
