//! The Chinese checkers evaluation: each seat's standing in moves still needed (the
//! solitaire bound of the engine's proofs, read here rather than copied), steps still
//! to travel, goal pieces, stragglers and blocked pieces; and the greedy playouts and
//! capped rewards of MCTS.
//!
//! The plainer standing of `eval=basic` (steps to travel, goal pieces and stragglers,
//! without the bound or blocking) is kept for weaker players and to measure what the
//! full one gains (BENCHMARKS.md).

use std::sync::LazyLock;

use engine::games::chinese_checkers::geometry::{
    BoardShape, Geometry, Holes, Point, HOLES, NO_HOLE,
};
use engine::games::chinese_checkers::solve::bound::{SolitaireBound, TABLE_PIECES};
use engine::{ChineseCheckers, ChineseCheckersMove, Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::plan::Plan;
use crate::playouts::{Playout, Playouts};
use crate::solved::Solved;

/// Weights of the Chinese checkers evaluation, in rows of progress (the basic standing)
/// or in quarters of a row (the full one's [`MOVE`] and [`BLOCKED`]).
mod cc_weights {
    /// Quarters of a row in a row: the full standing's unit.
    pub const QUARTERS: i32 = 4;
    /// A piece in the goal, over the rows it took to get there.
    pub const GOAL: i32 = 2;
    /// Each row the rearmost piece lies more than [`STRAGGLER_SLACK`] rows behind the
    /// seat's mean: a straggler costs many turns at the end, when no piece is left to
    /// hop over.
    pub const STRAGGLER: i32 = 1;
    /// How far behind the mean the rearmost piece may lie unpunished.
    pub const STRAGGLER_SLACK: i32 = 3;
    /// Each move the solitaire bound says the seat still needs, beyond the rows, in
    /// quarters of a row. Measured (BENCHMARKS.md): at two rows or more a move, the
    /// search trades rows of progress for row counts that only look like ladders (the
    /// bound forgets which hole of a row a piece is on) and loses to the basic
    /// standing; at a whole row it gains nothing measurable; at three quarters it wins.
    pub const MOVE: i32 = 3;
    /// A piece outside the goal with no forward step and no forward hop (it costs a
    /// move sideways before it advances again), in quarters of a row.
    pub const BLOCKED: i32 = 2;
    /// A finished seat's standing, less its place: above any seat still playing.
    pub const FINISHED: i32 = 10_000;
    /// The spread, in rows of standing, of the logistic that turns the difference of
    /// two seats' standings into a capped playout's reward.
    pub const REWARD_ROWS: f64 = 4.0;
}

/// What the evaluation knows of one goal on one board shape: the solitaire bound and,
/// for each hole, the ways forward (one row nearer the goal's tip).
struct GoalTables {
    bound: SolitaireBound,
    /// The holes one row nearer the tip, next to each hole.
    forward: [Holes; HOLES],
    /// For each hole, its (up to two) forward hops: the hole hopped over and the
    /// landing, two rows nearer the tip; [`NO_HOLE`] where there is none.
    forward_hops: [[(u8, u8); 2]; HOLES],
}

impl GoalTables {
    fn new(shape: BoardShape, goal: Point) -> GoalTables {
        let geometry = Geometry::of(shape);
        let bound = SolitaireBound::new(shape, goal);
        let mut forward = [0; HOLES];
        let mut forward_hops = [[(NO_HOLE, NO_HOLE); 2]; HOLES];
        for hole in 0..HOLES {
            if geometry.board >> hole & 1 == 0 {
                continue;
            }
            let row = bound.row(hole);
            let mut hops = 0;
            for dir in 0..6 {
                let next = geometry.neighbour[hole][dir];
                if next == NO_HOLE || bound.row(next as usize) + 1 != row {
                    continue;
                }
                forward[hole] |= 1 << next;
                let land = geometry.hop_landing[hole][dir];
                if land != NO_HOLE && hops < 2 {
                    forward_hops[hole][hops] = (next, land);
                    hops += 1;
                }
            }
        }
        GoalTables {
            bound,
            forward,
            forward_hops,
        }
    }

    /// The tables of `seat`'s goal in `position`.
    #[inline]
    fn of(position: &ChineseCheckers, seat: Seat) -> &'static GoalTables {
        static STAR: LazyLock<[GoalTables; 6]> =
            LazyLock::new(|| Point::ALL.map(|goal| GoalTables::new(BoardShape::Star, goal)));
        static DIAMOND: LazyLock<[GoalTables; 6]> =
            LazyLock::new(|| Point::ALL.map(|goal| GoalTables::new(BoardShape::Diamond, goal)));
        let options = position.options();
        let goal = options.seating()[seat.index()].opposite() as usize;
        match options.board {
            BoardShape::Star => &STAR[goal],
            BoardShape::Diamond => &DIAMOND[goal],
        }
    }

    /// Whether the piece on `hole` can neither step nor hop one row nearer the tip.
    #[inline]
    fn is_blocked(&self, hole: usize, occupied: Holes) -> bool {
        if self.forward[hole] & !occupied != 0 {
            return false;
        }
        // Every forward hole is occupied, so each forward hop has a piece to hop over.
        !self.forward_hops[hole]
            .iter()
            .any(|&(over, land)| over != NO_HOLE && land != NO_HOLE && occupied >> land & 1 == 0)
    }
}

/// A finished or eliminated seat's standing, if it has one.
#[inline]
fn decided_standing(position: &ChineseCheckers, seat: Seat) -> Option<i32> {
    use cc_weights::FINISHED;
    if let Some(place) = position.place(seat) {
        return Some(FINISHED - 100 * place as i32);
    }
    // Out on the deadline option: below any seat still playing.
    position
        .out_place(seat)
        .map(|place| -FINISHED - 100 * place as i32)
}

/// The straggler penalty of a seat whose `pieces` pieces lie `total` steps from the
/// goal's tip together, the rearmost `rear`.
#[inline]
fn straggle(pieces: i32, total: i32, rear: i32) -> i32 {
    use cc_weights::*;
    // The rearmost piece's rows behind the mean, times the number of pieces.
    let behind = (rear * pieces - total).max(0);
    STRAGGLER * ((behind - STRAGGLER_SLACK * pieces).max(0) / pieces.max(1))
}

/// The basic standing (`eval=basic`): steps of progress (steps still to travel to the
/// goal's tip, sideways ones included, negated, a bonus per piece in the goal and a
/// penalty for a straggler), a finished seat far above any seat still playing (the
/// earlier place the higher), a seat out on the deadline far below.
fn basic_standing(position: &ChineseCheckers, seat: Seat) -> i32 {
    if let Some(standing) = decided_standing(position, seat) {
        return standing;
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
    cc_weights::GOAL * position.pieces_in_goal(seat) as i32 - total - straggle(pieces, total, rear)
}

/// The full standing, in quarters of a row: the basic one, less [`cc_weights::MOVE`] for each move the
/// solitaire bound says the seat's pieces still need (with 10 pieces; with 15, each
/// piece outside the goal counts one move) and [`cc_weights::BLOCKED`] for each blocked
/// piece. With opponents on the board the bound is an estimate, not a bound: their
/// pieces are hop stones too.
fn chinese_checkers_standing(position: &ChineseCheckers, seat: Seat) -> i32 {
    use cc_weights::*;
    if let Some(standing) = decided_standing(position, seat) {
        return QUARTERS * standing;
    }
    let tables = GoalTables::of(position, seat);
    let own = position.pieces(seat);
    let goal = position.goal(seat);
    let occupied = Seat::all(position.players()).fold(0, |all, s| all | position.pieces(s));
    let mut counts = [0u8; engine::games::chinese_checkers::geometry::ROWS];
    let mut bits = own;
    let pieces = bits.count_ones() as i32;
    let (mut total, mut rear, mut blocked) = (0, 0, 0);
    while bits != 0 {
        let hole = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let steps = position.steps_to_goal(seat, hole);
        total += steps;
        rear = rear.max(steps);
        counts[tables.bound.row(hole)] += 1;
        if goal >> hole & 1 == 0 && tables.is_blocked(hole, occupied) {
            blocked += 1;
        }
    }
    let moves = if pieces as usize == TABLE_PIECES {
        match tables.bound.moves_with_rows(own, &counts) {
            u32::MAX => (own & !goal).count_ones(),
            moves => moves,
        }
    } else {
        (own & !goal).count_ones()
    } as i32;
    QUARTERS * (GOAL * (own & goal).count_ones() as i32 - total - straggle(pieces, total, rear))
        - MOVE * moves
        - BLOCKED * blocked
}

/// The seat's standing less the best standing among the other seats.
#[inline]
fn relative(
    position: &ChineseCheckers,
    seat: Seat,
    standing: fn(&ChineseCheckers, Seat) -> i32,
) -> i32 {
    let best_other = Seat::all(position.players())
        .filter(|other| *other != seat)
        .map(|other| standing(position, other))
        .max()
        .unwrap_or(0);
    standing(position, seat) - best_other
}

impl Evaluate for ChineseCheckers {
    /// The star's tables (about 1.5 s of processor time, once a process), when a search's
    /// game starts rather than within its first move; the diamond's, used by no shipped
    /// level, are built when a diamond position is first evaluated.
    fn prepare_tables() {
        GoalTables::of(&ChineseCheckers::default(), Seat::A);
    }

    /// The seat's standing less the best standing among the other seats. With two
    /// players it is zero-sum.
    fn evaluate(&self, seat: Seat) -> i32 {
        relative(self, seat, chinese_checkers_standing)
    }

    /// The same with the basic standing: no solitaire bound, no blocking.
    fn evaluate_basic(&self, seat: Seat) -> i32 {
        relative(self, seat, basic_standing)
    }

    /// Every seat's evaluation from one standing a seat.
    fn evaluate_all(&self, values: &mut [i32; MAX_PLAYERS]) {
        let players = self.players();
        let mut standings = [0; MAX_PLAYERS];
        for seat in Seat::all(players) {
            standings[seat.index()] = chinese_checkers_standing(self, seat);
        }
        for seat in 0..players {
            let best_other = (0..players)
                .filter(|other| *other != seat)
                .map(|other| standings[other])
                .max()
                .unwrap_or(0);
            values[seat] = standings[seat] - best_other;
        }
    }

    /// A pass by the seat to move.
    fn null_move(&self) -> Option<Self::Move> {
        Some(ChineseCheckersMove::pass(self.to_move()))
    }

    /// The crossing planner's beam search ([`crate::plan_chinese_checkers`]).
    fn plan_alone(&self, nodes: u64, within: usize) -> Plan<Self::Move> {
        crate::plan_chinese_checkers::plan_crossing(self, nodes, within)
    }
}

/// For each seat, the mean over the other seats of a logistic of the difference of
/// `standing`s over `rows` (so a seat level with another takes 1/2 from it, and the rewards of all
/// seats sum to half the number of seats, as outcomes' scores do).
fn rewards_by(
    position: &ChineseCheckers,
    standing: fn(&ChineseCheckers, Seat) -> i32,
    rows: f64,
    rewards: &mut [f64; MAX_PLAYERS],
) {
    let players = position.players();
    let mut standings = [0.0; MAX_PLAYERS];
    for seat in Seat::all(players) {
        standings[seat.index()] = standing(position, seat) as f64;
    }
    for seat in 0..players {
        let sum: f64 = (0..players)
            .filter(|other| *other != seat)
            .map(|other| {
                let lead = (standings[seat] - standings[other]) / rows;
                1.0 / (1.0 + (-lead).exp())
            })
            .sum();
        rewards[seat] = sum / (players - 1) as f64;
    }
}

/// The steps `mv` travels toward the goal's tip, and the steps its piece had still to
/// travel.
#[inline]
fn steps_gained(position: &ChineseCheckers, mv: <ChineseCheckers as Game>::Move) -> (i32, i32) {
    if mv.is_pass() {
        return (0, 0);
    }
    // The move's holes are 1-based.
    let seat = mv.seat();
    let (from, to) = (mv.from() as usize - 1, mv.to() as usize - 1);
    let before = position.steps_to_goal(seat, from);
    (before - position.steps_to_goal(seat, to), before)
}

impl Playouts for ChineseCheckers {
    /// Capped greedy playouts: a random game of Chinese checkers wanders for hundreds
    /// of plies and says little about a position.
    const PLAYOUT: Playout = Playout::Greedy;

    /// The steps the move travels toward the goal's tip, the rearmost piece first
    /// among moves that travel as far: the full standing counts the moves a seat still
    /// needs, and a piece left behind costs moves at the end, when nothing is left to
    /// hop over.
    #[inline]
    fn playout_gain(&self, mv: Self::Move) -> i32 {
        let (gain, before) = steps_gained(self, mv);
        gain * 32 + before
    }

    /// The steps the move travels toward the goal's tip (`eval=basic`).
    #[inline]
    fn playout_gain_basic(&self, mv: Self::Move) -> i32 {
        steps_gained(self, mv).0
    }

    /// Logistic rewards of the full standing.
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        let rows = cc_weights::REWARD_ROWS * cc_weights::QUARTERS as f64;
        rewards_by(self, chinese_checkers_standing, rows, rewards);
    }

    /// Logistic rewards of the basic standing (`eval=basic`).
    fn capped_rewards_basic(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        rewards_by(self, basic_standing, cc_weights::REWARD_ROWS, rewards);
    }
}

impl Solved for ChineseCheckers {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_checkers_evaluation_is_zero_sum_for_two_and_favours_progress() {
        let mut position = ChineseCheckers::default();
        assert_eq!(position.evaluate(Seat::A), 0);
        assert_eq!(position.evaluate_basic(Seat::A), 0);
        let mv = position.parse_move("8-17").unwrap();
        position.play_unchecked(mv);
        assert!(position.evaluate(Seat::A) > 0);
        assert!(position.evaluate_basic(Seat::A) > 0);
        assert_eq!(position.evaluate(Seat::A), -position.evaluate(Seat::B));
    }

    #[test]
    fn the_standing_counts_the_solitaire_bound_of_each_seats_own_goal() {
        use engine::games::chinese_checkers::solve::bound::solitaire_bound;
        use engine::games::chinese_checkers::Options;
        for players in [2, 3, 4, 6] {
            let mut position = ChineseCheckers::start(Options {
                players: players as u8,
                ..Options::default()
            });
            let mut moves = Vec::new();
            for ply in 0..40 {
                for seat in Seat::all(players) {
                    let goal = position.options().seating()[seat.index()].opposite();
                    let own = position.pieces(seat);
                    let bound = solitaire_bound(BoardShape::Star, goal, own);
                    // The bound is 0 exactly when every piece is home.
                    assert_eq!(bound == 0, own & position.goal(seat) == own);
                    let tables = GoalTables::of(&position, seat);
                    let counts = tables.bound.row_counts(own);
                    assert_eq!(tables.bound.moves_with_rows(own, &counts), bound);
                    // The rows from the tip that the bound uses are the engine's own.
                    for hole in 0..HOLES {
                        if own >> hole & 1 == 1 {
                            assert_eq!(
                                tables.bound.row(hole) as i32,
                                position.rows_to_goal(seat, hole),
                                "{players} players, ply {ply}"
                            );
                        }
                    }
                }
                position.generate_moves(&mut moves);
                // The move that gains most, so that the pieces travel.
                let best = *moves
                    .iter()
                    .max_by_key(|mv| (position.playout_gain(**mv), mv.to()))
                    .unwrap();
                position.play_unchecked(best);
                if position.is_over() {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_piece_walled_in_is_blocked() {
        // At the start, seat A's pieces on rows 0 and 1 from its home's tip (holes 1 to
        // 3) have their forward holes full and would land on full holes; those of row 2
        // hop forward into the empty hexagon, those of row 3 step into it.
        let position = ChineseCheckers::default();
        let seat = Seat::A;
        let tables = GoalTables::of(&position, seat);
        let occupied = position.pieces(Seat::A) | position.pieces(Seat::B);
        let blocked: Vec<usize> = (0..HOLES)
            .filter(|hole| position.pieces(seat) >> hole & 1 == 1)
            .filter(|hole| tables.is_blocked(*hole, occupied))
            .map(|hole| hole + 1)
            .collect();
        assert_eq!(blocked, vec![1, 2, 3]);
    }
}
