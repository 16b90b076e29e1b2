//! Leapfrog Race move generation with bit tricks: every step and every leap of a side is
//! found at once, without looping over pieces.
//!
//! Spots 1..=19 are bits 0..=18 (1..=N, bits 0..N-1 on a line of N spots). A runs toward
//! the high end; B's moves are found by mirroring the board so that B runs the same way,
//! then mirroring the answers back.

/// How many spots the standard line has.
pub const SPOTS: u32 = 19;
/// Every spot on the standard line.
pub const BOARD: u32 = (1 << SPOTS) - 1;
/// The longest line a position holds: one bit a spot in a `u32`, with a bit to spare
/// for the carry of a leap off the end.
pub const MAX_SPOTS: u32 = 31;

/// The standard board turned end to end: spot `i` becomes spot `SPOTS - 1 - i` (0-based).
#[inline]
pub const fn mirror(bits: u32) -> u32 {
    mirror_on(bits, SPOTS)
}

/// A line of `spots` spots turned end to end: spot `i` becomes spot `spots - 1 - i`.
#[inline]
pub const fn mirror_on(bits: u32, spots: u32) -> u32 {
    bits.reverse_bits() >> (32 - spots)
}

/// The spots a side can reach, for a side running toward the high end of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    /// Landing spots of steps; each came from the spot just below.
    pub steps: u32,
    /// Landing spots of leaps; see [`leap_origin`] for where each came from.
    pub leaps: u32,
}

impl Targets {
    /// How many moves the targets stand for: each spot is reached by one move at most,
    /// and no spot is both a step's and a leap's landing (the spot behind it would hold
    /// an own piece for the step and an enemy for the leap), so one count serves both.
    #[inline]
    pub const fn count(self) -> u32 {
        (self.steps | self.leaps).count_ones()
    }
}

/// Where the pieces of `own` can go on the standard line: see [`forward_targets_on`].
#[inline]
pub const fn forward_targets(own: u32, enemy: u32) -> Targets {
    forward_targets_on(own, enemy, BOARD)
}

/// Where the pieces of `own` can go, running toward the high end of the line whose spots
/// are `board`, with `enemy` in the way.
///
/// A step needs the spot ahead empty. A leap starts where the spot ahead holds an enemy:
/// adding that spot's bit to `enemy` carries through the whole run of enemy pieces and
/// lands just past it. The landing must be on the board (a run that reaches the end
/// carries off it) and empty (a run that ends at an own piece lands on that piece).
#[inline]
pub const fn forward_targets_on(own: u32, enemy: u32, board: u32) -> Targets {
    let empty = !(own | enemy) & board;
    let ahead = own << 1;
    let run_starts = ahead & enemy;
    Targets {
        steps: ahead & empty,
        leaps: (enemy + run_starts) & !enemy & empty,
    }
}

/// The spot a leap onto `landing` started from: the last spot below the landing that
/// holds no enemy piece (the run leapt is all enemy pieces, and the leaper stood just
/// before it).
#[inline]
pub const fn leap_origin(landing: u32, enemy: u32) -> u32 {
    let below = (1u32 << landing) - 1;
    31 - (!enemy & below).leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(spots: &[u32]) -> u32 {
        spots.iter().map(|s| 1 << (s - 1)).sum()
    }

    #[test]
    fn mirror_turns_the_line_around() {
        assert_eq!(mirror(bits(&[1])), bits(&[19]));
        assert_eq!(mirror(bits(&[1, 2, 3, 4, 5])), bits(&[15, 16, 17, 18, 19]));
        assert_eq!(mirror(mirror(0x5_a5a5)), 0x5_a5a5);
    }

    #[test]
    fn leap_over_a_run_of_three() {
        let own = bits(&[4]);
        let enemy = bits(&[5, 6, 7]);
        let targets = forward_targets(own, enemy);
        assert_eq!(targets.steps, 0);
        assert_eq!(targets.leaps, bits(&[8]));
        assert_eq!(leap_origin(7, enemy), 3);
    }

    #[test]
    fn no_leap_onto_own_piece_or_off_the_board() {
        // The run 5..7 ends at an own piece on 8; the run 17..19 reaches the end.
        let own = bits(&[4, 8, 16]);
        let enemy = bits(&[5, 6, 7, 17, 18, 19]);
        let targets = forward_targets(own, enemy);
        assert_eq!(targets.leaps, 0);
        assert_eq!(targets.steps, bits(&[9]));
    }
}
