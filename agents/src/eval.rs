//! Per-game evaluations: the agents' opinions of a position, kept apart from the rules.

use engine::games::leapfrog::{forward_targets, mirror, SPOTS, START_B};
use std::path::Path;

use engine::games::draughts::{Colour, Rules};
use engine::{ChineseCheckers, Draughts, EndReason, Game, Leapfrog, Seat, MAX_PLAYERS};

use crate::agent::Agent;
use crate::mcts::Playout;
use crate::perfect::PerfectAgent;
use crate::spec::SpecError;

/// A game that the searching agents can play: it has an evaluation.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, larger is better, in rough units of one
    /// spot of progress. Only the differences between positions matter. Searches clamp
    /// it to ±100,000.
    fn evaluate(&self, seat: Seat) -> i32;

    /// The one-ply measure the greedy player maximises for `seat` after its own move:
    /// the game's progress, refined by per-game knowledge. The default is
    /// [`Game::progress`].
    fn greedy_progress(&self, seat: Seat) -> i32 {
        self.progress(seat)
    }

    /// How MCTS playouts choose their moves when the spec names no `playout`. The
    /// default is uniformly random moves.
    const PLAYOUT: Playout = Playout::Random;

    /// What `mv`, a legal move here, gains the seat to move, for greedy playouts: larger
    /// is better, and only the order of the gains of one position's moves matters. The
    /// default is the change of [`Evaluate::greedy_progress`].
    fn playout_gain(&self, mv: Self::Move) -> i32 {
        let seat = self.to_move();
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.greedy_progress(seat) - self.greedy_progress(seat)
    }

    /// The reward of each seat, in [0, 1], of an MCTS playout stopped by its cap in this
    /// position (which is not over), written to `rewards[..players]`. The default is
    /// each seat's [`engine::Outcome::score`] in [`Game::outcome_by_progress`].
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let outcome = self.outcome_by_progress(EndReason::PlyCap);
        for seat in Seat::all(self.players()) {
            rewards[seat.index()] = outcome.score(seat);
        }
    }

    /// The perfect player of a solved game, from the table file at `table` (or a solve
    /// in this process when `None`); `None` for games that are not solved.
    fn perfect_agent(
        spec: String,
        table: Option<&Path>,
    ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        let _ = (spec, table);
        None
    }
}

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

/// Weights of the Chinese checkers evaluation, in rows of progress.
mod cc_weights {
    /// A piece in the goal, over the rows it took to get there.
    pub const GOAL: i32 = 2;
    /// Each row the rearmost piece lies more than [`STRAGGLER_SLACK`] rows behind the
    /// seat's mean: a straggler costs many turns at the end, when no piece is left to
    /// hop over.
    pub const STRAGGLER: i32 = 1;
    /// How far behind the mean the rearmost piece may lie unpunished.
    pub const STRAGGLER_SLACK: i32 = 3;
    /// A finished seat's standing, less its place: above any seat still playing.
    pub const FINISHED: i32 = 10_000;
    /// The spread, in rows of standing, of the logistic that turns the difference of
    /// two seats' standings into a capped playout's reward.
    pub const REWARD_ROWS: f64 = 4.0;
}

/// Chinese checkers: a seat's standing in steps of progress (steps still to travel to
/// the goal's tip, sideways ones included, negated, a bonus per piece in the goal and a penalty for a straggler), a finished seat
/// far above any seat still playing (the earlier place the higher), a seat out on the
/// deadline far below.
fn chinese_checkers_standing(position: &ChineseCheckers, seat: Seat) -> i32 {
    use cc_weights::*;
    if let Some(place) = position.place(seat) {
        return FINISHED - 100 * place as i32;
    }
    if let Some(place) = position.out_place(seat) {
        // Out on the deadline option: below any seat still playing.
        return -FINISHED - 100 * place as i32;
    }
    let mut bits = position.pieces(seat);
    let pieces = bits.count_ones() as i32;
    let (mut total, mut rear) = (0, 0);
    while bits != 0 {
        let rows = position.steps_to_goal(seat, bits.trailing_zeros() as usize);
        total += rows;
        rear = rear.max(rows);
        bits &= bits - 1;
    }
    // The rearmost piece's rows behind the mean, times the number of pieces.
    let behind = (rear * pieces - total).max(0);
    let straggle = (behind - STRAGGLER_SLACK * pieces).max(0) / pieces.max(1);
    GOAL * position.pieces_in_goal(seat) as i32 - total - STRAGGLER * straggle
}

impl Evaluate for ChineseCheckers {
    /// Capped greedy playouts: a random game of Chinese checkers wanders for hundreds
    /// of plies and says little about a position.
    const PLAYOUT: Playout = Playout::Greedy;

    /// The seat's standing less the best standing among the other seats. With two
    /// players it is zero-sum.
    fn evaluate(&self, seat: Seat) -> i32 {
        let best_other = Seat::all(self.players())
            .filter(|other| *other != seat)
            .map(|other| chinese_checkers_standing(self, other))
            .max()
            .unwrap_or(0);
        chinese_checkers_standing(self, seat) - best_other
    }

    /// The steps the move travels toward the goal's tip.
    #[inline]
    fn playout_gain(&self, mv: Self::Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        // The move's holes are 1-based.
        let seat = mv.seat();
        let (from, to) = (mv.from() as usize - 1, mv.to() as usize - 1);
        self.steps_to_goal(seat, from) - self.steps_to_goal(seat, to)
    }

    /// For each seat, the mean over the other seats of a logistic of the difference of
    /// standings (so a seat level with another takes 1/2 from it, and the rewards of
    /// all seats sum to half the number of seats, as outcomes' scores do).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let players = self.players();
        let mut standing = [0.0; MAX_PLAYERS];
        for seat in Seat::all(players) {
            standing[seat.index()] = chinese_checkers_standing(self, seat) as f64;
        }
        for seat in 0..players {
            let sum: f64 = (0..players)
                .filter(|other| *other != seat)
                .map(|other| {
                    let lead = (standing[seat] - standing[other]) / cc_weights::REWARD_ROWS;
                    1.0 / (1.0 + (-lead).exp())
                })
                .sum();
            rewards[seat] = sum / (players - 1) as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions_of_random_games;

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
    fn chinese_checkers_evaluation_is_zero_sum_for_two_and_favours_progress() {
        let mut position = ChineseCheckers::default();
        assert_eq!(position.evaluate(Seat::A), 0);
        let mv = position.parse_move("8-17").unwrap();
        position.play_unchecked(mv);
        assert!(position.evaluate(Seat::A) > 0);
        assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
    }

    #[test]
    fn evaluation_is_zero_sum() {
        for position in positions_of_random_games(5_000, 2) {
            assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
        }
    }
}

/// Weights of the draughts evaluation, in hundredths of a man.
mod draughts_weights {
    /// A man.
    pub const MAN: i32 = 100;
    /// A king that moves one square (English, Italian): worth about one and a half men.
    pub const SHORT_KING: i32 = 150;
    /// A flying king: worth about three men.
    pub const FLYING_KING: i32 = 300;
    /// A parachutist: a man that may yet capture.
    pub const PARACHUTIST: i32 = 90;
    /// Each rank a man has advanced, scaled down by the board's size.
    pub const ADVANCE: i32 = 24;
    /// A man still on the own back rank, guarding the crowning row.
    pub const BACK_RANK: i32 = 6;
    /// One non-capturing move.
    pub const MOBILITY: i32 = 2;
}

/// One side's standing in a draughts position: material, advancement, back rank and
/// mobility, in hundredths of a man.
fn draughts_standing<R: Rules>(position: &Draughts<R>, colour: Colour) -> i32 {
    use draughts_weights::*;
    let f = position.features(colour);
    let king = if Draughts::<R>::flying_kings() {
        FLYING_KING
    } else {
        SHORT_KING
    };
    let material = f.men as i32 * MAN + f.kings as i32 * king + f.parachutists as i32 * PARACHUTIST;
    let size = Draughts::<R>::board_size() as i32;
    let positional = f.advancement as i32 * ADVANCE / size
        + f.back_rank as i32 * BACK_RANK
        + f.mobility as i32 * MOBILITY;
    if Draughts::<R>::stuck_side_wins() {
        // Suicide checkers: the side with fewer pieces and fewer moves is closer to
        // having none.
        -material - f.mobility as i32 * MOBILITY
    } else {
        material + positional
    }
}

impl<R: Rules> Evaluate for Draughts<R> {
    /// The side's standing less the opponent's.
    fn evaluate(&self, seat: Seat) -> i32 {
        let me = Draughts::<R>::colour_of(seat);
        draughts_standing(self, me) - draughts_standing(self, me.other())
    }

    /// Material first, then how far the men have come: what the greedy player
    /// maximises.
    fn greedy_progress(&self, seat: Seat) -> i32 {
        let me = Draughts::<R>::colour_of(seat);
        let material = |colour: Colour| {
            let f = self.features(colour);
            (f.men + f.parachutists) as i32 + 2 * f.kings as i32
        };
        let sign = if Draughts::<R>::stuck_side_wins() {
            -1
        } else {
            1
        };
        let mut lead = material(me) - material(me.other());
        // After the greedy player's move the opponent is to move, and captures are
        // compulsory: the pieces it can take at once are as good as lost. Without this a
        // greedy player walks its men into captures and plays no better than random.
        if self.side_to_move() != me && self.has_capture() {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            lead -= moves.iter().map(|m| m.captures() as i32).max().unwrap_or(0);
        }
        sign * 1000 * lead + self.features(me).advancement as i32
    }

    /// A capped playout is scored by a logistic of the evaluation (a man ahead is worth
    /// about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let lead = self.evaluate(Seat::A) as f64 / 100.0;
        let a = 1.0 / (1.0 + (-lead / 2.0).exp());
        rewards[0] = a;
        rewards[1] = 1.0 - a;
    }
}
