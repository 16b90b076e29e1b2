//! The Leapfrog Race evaluation: distance travelled, pieces home, jams and leaps on
//! offer; and the perfect player's hook, since Leapfrog Race is solved.

use std::path::Path;

use engine::games::leapfrog::{forward_targets, mirror, SPOTS, START_B};
use engine::{Leapfrog, Seat};

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::perfect::PerfectAgent;
use crate::playouts::Playouts;
use crate::solved::Solved;
use crate::spec::SpecError;

/// Weights of the Leapfrog Race evaluation, in spots of distance travelled. Chosen by
/// matches between minimax players at depths 4 to 8 (a jam costs more than it seems:
/// it takes a tempo to undo, and a side that runs out of moves ends the game).
mod weights {
    /// A piece in the goal zone, over the distance it took to get there.
    pub const GOAL: i32 = 2;
    /// A piece outside the goal zone that stands right behind one of its own, and so has
    /// no move until the front piece moves on.
    pub const JAM: i32 = 2;
    /// A leap the side could make now: a chance to travel several spots in one turn.
    pub const LEAP: i32 = 1;
    /// A jam, as the greedy player counts it.
    pub const GREEDY_JAM: i32 = 1;
}

/// For each bit `k` of a 0-based spot number, the spots whose number has that bit set.
const SPOTS_WITH_BIT: [u32; 5] = {
    let mut masks = [0u32; 5];
    let mut spot = 0;
    while spot < SPOTS {
        let mut k = 0;
        while k < 5 {
            if spot >> k & 1 == 1 {
                masks[k] |= 1 << spot;
            }
            k += 1;
        }
        spot += 1;
    }
    masks
};

/// The sum of the 0-based spot numbers of the pieces in `bits`, without looping over
/// pieces.
#[inline]
fn spot_sum(bits: u32) -> i32 {
    let mut sum = 0;
    let mut k = 0;
    while k < SPOTS_WITH_BIT.len() {
        sum += ((bits & SPOTS_WITH_BIT[k]).count_ones() as i32) << k;
        k += 1;
    }
    sum
}

/// What a Leapfrog side has, seen in its own forward direction (B's pieces mirrored so
/// that every side runs toward the high end and its goal zone is spots 15-19).
#[derive(Clone, Copy, Debug)]
struct SideTerms {
    goal: i32,
    distance: i32,
    jams: i32,
    leaps: i32,
}

impl SideTerms {
    /// The sum of the 0-based starting spots 0..=4.
    const START_SUM: i32 = 10;
    /// Spots outside the goal zone, in the forward frame.
    const OUTSIDE_GOAL: u32 = !START_B & ((1 << SPOTS) - 1);

    #[inline]
    fn new(own: u32, enemy: u32) -> SideTerms {
        SideTerms {
            goal: (own & START_B).count_ones() as i32,
            distance: spot_sum(own) - Self::START_SUM,
            // A piece is jammed when its own piece stands on the next spot.
            jams: (own & (own >> 1) & Self::OUTSIDE_GOAL).count_ones() as i32,
            leaps: forward_targets(own, enemy).leaps.count_ones() as i32,
        }
    }

    /// Both sides of `position` in their forward frames: `seat`'s first.
    #[inline]
    fn of(position: &Leapfrog, seat: Seat) -> (SideTerms, SideTerms) {
        let a = position.pieces(Seat::A);
        let b = mirror(position.pieces(Seat::B));
        let (terms_a, terms_b) = (SideTerms::new(a, b), SideTerms::new(b, a));
        if seat == Seat::A {
            (terms_a, terms_b)
        } else {
            (terms_b, terms_a)
        }
    }
}

impl Evaluate for Leapfrog {
    /// Distance travelled, pieces home, jams and leaps on offer, each side's terms taken
    /// from the other's. There is no term for having the move: a fixed-depth search
    /// compares positions with the same side to move.
    fn evaluate(&self, seat: Seat) -> i32 {
        use weights::*;
        let (mine, theirs) = SideTerms::of(self, seat);
        let side = |t: SideTerms| t.distance + GOAL * t.goal - JAM * t.jams + LEAP * t.leaps;
        side(mine) - side(theirs)
    }

    /// Distance travelled and pieces home, less the side's jams.
    fn greedy_progress(&self, seat: Seat) -> i32 {
        use weights::*;
        let (mine, _) = SideTerms::of(self, seat);
        mine.distance + GOAL * mine.goal - GREEDY_JAM * mine.jams
    }
}

impl Playouts for Leapfrog {}

impl Solved for Leapfrog {
    fn perfect_agent(
        spec: String,
        table: Option<&Path>,
    ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        let agent = PerfectAgent::from_table_path(spec, table).map_err(|e| SpecError::BadValue {
            agent: "perfect",
            key: "table".into(),
            value: table.map_or(String::new(), |p| p.display().to_string()),
            expected: format!("a table written by `arena solve leapfrog --out FILE` ({e})"),
        });
        Some(agent.map(|a| Box::new(a) as Box<dyn Agent<Self>>))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions_of_random_games;
    use engine::Game;

    #[test]
    fn terms_match_the_rules_measures() {
        for position in positions_of_random_games(5_000, 1) {
            for seat in [Seat::A, Seat::B] {
                let (mine, _) = SideTerms::of(&position, seat);
                assert_eq!(mine.distance, position.distance(seat), "{position} {seat}");
                assert_eq!(
                    mine.goal as u32,
                    position.pieces_in_goal(seat),
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn jams_count_pieces_blocked_by_their_own_outside_the_goal() {
        // A's 1 and 2 are jammed; 15 stands behind 16 but is home. B's 19 and 18 are
        // jammed; 17 faces A's 16.
        let position = Leapfrog::parse_position("AAA......B...BAABBB A").unwrap();
        let (a, b) = SideTerms::of(&position, Seat::A);
        assert_eq!((a.jams, b.jams), (2, 2));
        assert_eq!((a.goal, b.goal), (2, 0));
    }

    #[test]
    fn evaluation_is_zero_sum() {
        for position in positions_of_random_games(5_000, 2) {
            assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
        }
    }
}
