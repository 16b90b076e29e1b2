//! The evaluation of the diagonal draughts games (English checkers, International and
//! the other variants on the dark squares): the terms strong draughts programs weigh,
//! each one side's count less the other's, times a weight in hundredths of a man.
//!
//! The terms are linear so that `examples/tune_draughts.rs` can fit their weights by
//! logistic regression of game results (see BENCHMARKS.md, "Draughts evaluation"). Two
//! pieces of ending knowledge sit outside the linear part: with flying kings a lone king
//! holds a draw against up to three pieces (the material lead is scaled down), and in a
//! kings-only ending the side ahead is paid for closing in on the enemy kings. Under a
//! draw after so many plies without a capture (the option `no_capture`), a lead fades as
//! the count runs out, so the side ahead seeks the exchanges that make progress.
//!
//! Suicide checkers, where the side that cannot move wins, keeps its own count: fewer
//! pieces and fewer moves are better.

use std::path::Path;

use engine::games::draughts::board::{bit_of, BitSet, Geometry};
use engine::games::draughts::{BitsOf, Colour, Rules};
use engine::{Draughts, Game, Seat, MAX_PLAYERS};

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::playouts::{logistic_rewards, Playouts};
use crate::solved::Solved;
use crate::spec::SpecError;

/// How many terms the linear part has.
pub const TERMS: usize = 10;

/// The terms' names, in order, as the tuning tool prints them.
pub const TERM_NAMES: [&str; TERMS] = [
    "man",
    "king",
    "parachutist",
    "back_rank",
    "centre",
    "advance_open",
    "advance_end",
    "runaway",
    "mobility",
    "trade",
];

/// One weight per term, in hundredths of a man.
pub type Weights = [f32; TERMS];

/// The evaluation before the tuned terms: material, advancement (on an 8x8 board, 3 a
/// rank), back rank and mobility. Kept for the `eval=basic` knob (weaker levels, and the
/// measure of what the other terms gain).
pub const BASIC_SHORT: Weights = [100.0, 150.0, 90.0, 6.0, 0.0, 3.0, 3.0, 0.0, 2.0, 0.0];
/// [`BASIC_SHORT`] with flying kings (three men).
pub const BASIC_FLYING: Weights = [100.0, 300.0, 90.0, 6.0, 0.0, 3.0, 3.0, 0.0, 2.0, 0.0];

/// Fitted to 85,780 positions of 800 English checkers games by
/// `examples/tune_draughts.rs --games 1000 --spec minimax:nodes=1500,epsilon=0.03`
/// (seed 1; see BENCHMARKS.md), for the variants whose kings move one square. Early
/// advances cost, late ones pay; a man counts for less as the board empties (kings
/// endings with a man more are often drawn at this depth); runaways pay.
pub const TUNED_SHORT: Weights = [100.0, 148.0, 90.0, 4.2, -3.3, -8.2, 4.9, 18.8, 1.1, -34.6];
/// For the variants with flying kings that have no fitted weights of their own: the basic
/// weights, a king worth three men, with the ending knowledge. (Weights fitted the same
/// way to Russian and Brazilian games predicted their results better and played no
/// better: BENCHMARKS.md.)
pub const TUNED_FLYING: Weights = BASIC_FLYING;
/// Fitted to 2,000 self-play games of International draughts by
/// `examples/tune_draughts.rs --game international --games 2000 --seed 1` (see
/// BENCHMARKS.md): a king is worth about two and a quarter men, and material counts for
/// less as the board empties.
pub const TUNED_INTERNATIONAL: Weights =
    [100.0, 224.4, 90.0, 10.3, -1.6, -6.5, 5.1, 26.2, -0.4, -79.7];

/// Pieces at the start of every variant's game, per side, that the phase is measured by
/// (12 on 8x8, 20 on 10x10, 30 on 12x12; Thai's 8 men make its openings look later).
fn start_pieces(size: u32) -> f32 {
    match size {
        8 => 12.0,
        10 => 20.0,
        _ => 30.0,
    }
}

/// The central squares: ranks and files 2 to size - 3.
const fn centre_mask(size: u32) -> u128 {
    let mut mask = 0u128;
    let mut rank = 2;
    while rank + 2 < size {
        let mut file = 2 + rank % 2;
        while file + 2 < size {
            mask |= 1u128 << bit_of(size, rank, file);
            file += 2;
        }
        rank += 1;
    }
    mask
}

/// The steps a man of `colour` moves forward by.
fn forward<R: Rules>(colour: Colour) -> [i32; 2] {
    let half = <R::Board as Geometry>::HALF;
    if colour == Colour::White || R::ONE_WAY {
        [half, half + 1]
    } else {
        [-(half + 1), -half]
    }
}

/// Ranks from the man on `bit` of `colour` to its crowning row.
fn ranks_to_crown<R: Rules>(colour: Colour, bit: u32) -> u32 {
    let size = <R::Board as Geometry>::SIZE;
    let (rank, _) = <R::Board as Geometry>::coordinates(bit);
    if colour == Colour::White || R::ONE_WAY {
        size - 1 - rank
    } else {
        rank
    }
}

/// Men of `colour` (within four ranks of crowning) that no enemy piece can reach in
/// time: the squares ahead of them, in the cone they can walk to the crowning row, hold
/// no enemy piece.
fn runaways<R: Rules>(men: BitsOf<R>, enemy: BitsOf<R>, colour: Colour) -> u32 {
    let steps = forward::<R>(colour);
    let board = <R::Board as Geometry>::playable();
    let mut count = 0;
    for bit in men.squares() {
        let distance = ranks_to_crown::<R>(colour, bit);
        if distance == 0 || distance > 4 {
            continue;
        }
        let (mut reach, mut cone) = (BitsOf::<R>::bit(bit), BitsOf::<R>::EMPTY);
        // The cone one rank further than the man walks: an enemy there would take it.
        for _ in 0..=distance {
            reach = (reach.shifted(steps[0]) | reach.shifted(steps[1])) & board;
            cone |= reach;
        }
        if (cone & enemy).is_empty() {
            count += 1;
        }
    }
    count
}

/// The linear terms of `colour` in `position`, with the game's phase: the share of the
/// starting pieces still on the board, 1 at the start and 0 with none left.
pub fn side_terms<R: Rules>(position: &Draughts<R>, colour: Colour, phase: f32) -> Weights {
    let f = position.features(colour);
    let (men, kings) = position.men_and_kings(colour);
    let (enemy_men, enemy_kings) = position.men_and_kings(colour.other());
    let size = <R::Board as Geometry>::SIZE;
    let centre = BitsOf::<R>::from_u128(centre_mask(size));
    // Advancement in ranks of an 8x8 board, so one weight fits every size.
    let advance = f.advancement as f32 * 8.0 / size as f32;
    let material = (f.men + f.parachutists) as f32 + 2.0 * f.kings as f32;
    [
        f.men as f32,
        f.kings as f32,
        f.parachutists as f32,
        f.back_rank as f32,
        ((men | kings) & centre).count() as f32,
        advance * phase,
        advance * (1.0 - phase),
        runaways::<R>(men, enemy_men | enemy_kings, colour) as f32,
        f.mobility as f32,
        // Material counted again as the board empties: trading down when ahead.
        material * (1.0 - phase),
    ]
}

/// Both sides' terms for `seat`: its own less the opponent's.
pub fn terms<R: Rules>(position: &Draughts<R>, seat: Seat) -> Weights {
    let me = Draughts::<R>::colour_of(seat);
    let phase = phase(position);
    let mine = side_terms(position, me, phase);
    let theirs = side_terms(position, me.other(), phase);
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// The share of the starting pieces still on the board.
fn phase<R: Rules>(position: &Draughts<R>) -> f32 {
    let pieces = |c: Colour| {
        let (men, kings) = position.men_and_kings(c);
        (men | kings).count()
    };
    let total = (pieces(Colour::White) + pieces(Colour::Black)) as f32;
    let start = 2.0 * start_pieces(<R::Board as Geometry>::SIZE);
    (total / start).min(1.0)
}

/// The value of `position` for `seat` with `weights`, and with the ending knowledge
/// when `endings`.
pub fn evaluate_with<R: Rules>(
    position: &Draughts<R>,
    seat: Seat,
    weights: &Weights,
    endings: bool,
) -> i32 {
    let me = Draughts::<R>::colour_of(seat);
    if Draughts::<R>::stuck_side_wins() {
        return suicide_standing(position, me) - suicide_standing(position, me.other());
    }
    let t = terms(position, seat);
    let linear: f32 = t.iter().zip(weights).map(|(t, w)| t * w).sum();
    let value = linear.round() as i32;
    if endings {
        ending(position, me, value)
    } else {
        value
    }
}

/// Suicide checkers: the side with fewer pieces and fewer moves is closer to having none.
fn suicide_standing<R: Rules>(position: &Draughts<R>, colour: Colour) -> i32 {
    let f = position.features(colour);
    -(f.men as i32 * 100 + f.kings as i32 * 150 + f.mobility as i32 * 2)
}

/// The ending knowledge outside the linear terms: `value` for `me`, adjusted.
fn ending<R: Rules>(position: &Draughts<R>, me: Colour, value: i32) -> i32 {
    let value = material_ending(position, me, value);
    // A lead is worth what can be made of it before the no-capture draw: scaled by the
    // plies left, so that of two lines to the same material the one that captures sooner
    // scores higher.
    match position.no_capture_count() {
        Some((limit, played)) => value * limit.saturating_sub(played) as i32 / limit as i32,
        None => value,
    }
}

/// The ending knowledge of the material on the board: `value` for `me`, adjusted.
fn material_ending<R: Rules>(position: &Draughts<R>, me: Colour, value: i32) -> i32 {
    let (my_men, my_kings) = position.men_and_kings(me);
    let (their_men, their_kings) = position.men_and_kings(me.other());
    let (mine, theirs) = (
        (my_men | my_kings).count(),
        (their_men | their_kings).count(),
    );
    // A lone flying king draws against up to three pieces unless it is caught at once
    // (the main diagonal aside): a lead there is worth little.
    if Draughts::<R>::flying_kings() {
        let lone_king = |pieces: u32, kings: BitsOf<R>| pieces == 1 && kings.count() == 1;
        if (lone_king(theirs, their_kings) && mine <= 3)
            || (lone_king(mine, my_kings) && theirs <= 3)
        {
            return value / 8;
        }
    }
    // Kings only, one side ahead: it wins by hunting the enemy kings down, so pay it for
    // closing in (and the side behind for keeping away).
    if my_men.is_empty() && their_men.is_empty() && mine != theirs {
        return if mine > theirs {
            value + 2 * closeness::<R>(my_kings, their_kings) as i32
        } else {
            value - 2 * closeness::<R>(their_kings, my_kings) as i32
        };
    }
    value
}

/// How close the two sets of kings stand: the board's size less the mean Chebyshev
/// distance from each king of `hunters` to its nearest king of `hunted`.
fn closeness<R: Rules>(hunters: BitsOf<R>, hunted: BitsOf<R>) -> u32 {
    let size = <R::Board as Geometry>::SIZE;
    let (mut total, mut count) = (0, 0);
    for a in hunters.squares() {
        let (ra, fa) = <R::Board as Geometry>::coordinates(a);
        let nearest = hunted
            .squares()
            .map(|b| {
                let (rb, fb) = <R::Board as Geometry>::coordinates(b);
                ra.abs_diff(rb).max(fa.abs_diff(fb))
            })
            .min()
            .unwrap_or(size);
        total += nearest;
        count += 1;
    }
    size - total / count.max(1)
}

/// The weights variant `R` plays with: its own fitted ones where it has them, else those
/// of its kings' kind.
pub fn tuned<R: Rules>() -> &'static Weights {
    match R::NAME {
        "international" => &TUNED_INTERNATIONAL,
        _ if Draughts::<R>::flying_kings() => &TUNED_FLYING,
        _ => &TUNED_SHORT,
    }
}

/// The basic weights of variant `R` (the `eval=basic` knob).
pub fn basic<R: Rules>() -> &'static Weights {
    if Draughts::<R>::flying_kings() {
        &BASIC_FLYING
    } else {
        &BASIC_SHORT
    }
}

impl<R: Rules> Evaluate for Draughts<R> {
    /// A quarter of a man.
    const ASPIRATION: i32 = 25;

    /// Captures are compulsory: a side that can capture must.
    fn in_exchange(&self) -> bool {
        self.has_capture()
    }

    fn repeated(&self) -> bool {
        Draughts::repeated(self)
    }

    /// The tuned terms, endings included.
    fn evaluate(&self, seat: Seat) -> i32 {
        evaluate_with(self, seat, tuned::<R>(), true)
    }

    /// Material, advancement, back rank and mobility alone.
    fn evaluate_basic(&self, seat: Seat) -> i32 {
        evaluate_with(self, seat, basic::<R>(), false)
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
}

impl<R: Rules> Playouts for Draughts<R> {
    /// A capped playout is scored by a logistic of the evaluation (a man ahead is worth
    /// about 0.62).
    fn capped_rewards(&self, rewards: &mut [f64; MAX_PLAYERS]) {
        logistic_rewards(self.evaluate(Seat::A), 200.0, rewards);
    }
}

impl<R: Rules> Solved for Draughts<R> {
    /// English checkers: the perfect endgame player of the tables at `table` (written by
    /// `arena solve english --pieces N --out FILE`); no other draughts game has one.
    fn perfect_agent(
        spec: String,
        table: Option<&Path>,
    ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        if Self::NAME != engine::games::draughts::EnglishDraughts::NAME {
            return None;
        }
        let expected = "the endgame tables written by `arena solve english --pieces N --out FILE`";
        let bad = |value: String, why: String| SpecError::BadValue {
            agent: "perfect",
            key: "table".into(),
            value,
            expected: format!("{expected} ({why})"),
        };
        let agent = match table {
            None => Err(bad(
                String::new(),
                "English checkers is not solved whole".into(),
            )),
            Some(path) => crate::perfect_english::load_endgame(path)
                .map(|tables| crate::perfect_english::EndgameAgent::<R>::new(spec, tables))
                .map_err(|e| bad(path.display().to_string(), e.to_string())),
        };
        Some(agent.map(|a| Box::new(a) as Box<dyn Agent<Self>>))
    }

    /// English positions the tables cover.
    fn table_entry(
        &self,
        tables: &engine::games::draughts::endgame::Endgame,
    ) -> Option<engine::games::leapfrog::solve::Entry> {
        let english = (self as &dyn std::any::Any)
            .downcast_ref::<Draughts<engine::games::draughts::English>>()?;
        tables.entry(english)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;
    use engine::games::draughts::{EnglishDraughts, InternationalDraughts};

    #[test]
    fn evaluations_are_zero_sum() {
        for p in random_positions::<EnglishDraughts>(300, 1) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
            assert_eq!(p.evaluate_basic(Seat::A), -p.evaluate_basic(Seat::B), "{p}");
        }
        for p in random_positions::<InternationalDraughts>(100, 2) {
            assert_eq!(p.evaluate(Seat::A), -p.evaluate(Seat::B), "{p}");
        }
        assert_eq!(EnglishDraughts::start().evaluate(Seat::A), 0);
    }

    #[test]
    fn centre_masks_hold_the_middle_squares() {
        assert_eq!(centre_mask(8).count_ones(), 8);
        assert_eq!(centre_mask(10).count_ones(), 18);
    }

    #[test]
    fn a_man_with_a_free_path_is_a_runaway() {
        // White (moving up) man on 6 with nothing ahead; Black's man on 1 stands in the
        // cone of White's man on 10... PDN squares count from the top.
        let free = EnglishDraughts::parse_position("W:W6,K32:B28").unwrap();
        let (men, _) = free.men_and_kings(Colour::White);
        let (bm, bk) = free.men_and_kings(Colour::Black);
        assert_eq!(
            runaways::<engine::games::draughts::English>(men, bm | bk, Colour::White),
            1
        );
        let blocked = EnglishDraughts::parse_position("W:W6,K32:B1").unwrap();
        let (men, _) = blocked.men_and_kings(Colour::White);
        let (bm, bk) = blocked.men_and_kings(Colour::Black);
        assert_eq!(
            runaways::<engine::games::draughts::English>(men, bm | bk, Colour::White),
            0
        );
    }

    #[test]
    fn a_lone_flying_king_holds_a_draw_against_three() {
        let three = InternationalDraughts::parse_position("W:WK46,K47,K48:BK5").unwrap();
        let four = InternationalDraughts::parse_position("W:WK46,K47,K48,K49:BK5").unwrap();
        assert!(three.evaluate(Seat::A) < four.evaluate(Seat::A) / 4);
    }

    #[test]
    fn a_lead_fades_as_the_no_capture_count_runs_out() {
        // White (seat B) has three kings against one.
        let plain = EnglishDraughts::parse_position("W:WK29,K30,K31:BK4").unwrap();
        let mut counted =
            EnglishDraughts::parse_position("W:WK29,K30,K31:BK4 no_capture=40").unwrap();
        let lead = plain.evaluate(Seat::B);
        assert!(lead > 100, "{lead}");
        assert_eq!(counted.evaluate(Seat::B), lead, "no plies played yet");
        // Four king moves without a capture, the kings back where they were: the same
        // board, a tenth of the count spent.
        for mv in ["29-25", "4-8", "25-29", "8-4"] {
            let parsed = counted.parse_move(mv).unwrap();
            counted.play_unchecked(parsed);
        }
        let faded = counted.evaluate(Seat::B);
        assert_eq!(faded, lead * 36 / 40);
        assert_eq!(counted.evaluate(Seat::A), -faded);
    }
}
