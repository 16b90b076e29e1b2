//! The Chinese checkers crossing planner: with one seat alone on the board, a beam search
//! for a short way to bring every piece home, for the minimax player's `plan` knob
//! ([`crate::solo`]). Two players race alone too once their pieces have passed each
//! other: every piece of the opponent stands further from the seat's goal than every
//! piece of the seat, so neither side can hop over the other any more on its way, and
//! the opponent's pieces are only fixed holes behind the seat's pieces.
//!
//! A racing searcher that looks a few moves ahead builds no ladder it cannot use at
//! once, and a crossing is made of ladders: pieces parked so that a later piece hops the
//! length of the board. A beam search sees whole crossings. Each round keeps the
//! `width` positions with the fewest moves still needed by the solitaire bound (the
//! row-count table the engine's shortest-crossing proof reads), ties to the fewest rows
//! still to travel, the key the engine's own crossing beam uses. Widths double, 1, 2,
//! 4, ..., each beam only looking for a crossing shorter than the best found, until the
//! budget of positions is spent: the budget is counted in positions generated (every
//! child of every kept position), never in time, so a plan replays exactly.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use engine::games::chinese_checkers::destinations;
use engine::games::chinese_checkers::geometry::{Geometry, Holes};
use engine::games::chinese_checkers::solve::bound::{SolitaireBound, TABLE_PIECES};
use engine::{ChineseCheckers, ChineseCheckersMove, Game, Seat};

use crate::plan::Plan;

/// Mixes a set of holes into a table slot: the beam's sets of positions met hash
/// nothing else, so a multiply-shift is enough.
#[derive(Default)]
struct HolesHasher(u64);

impl Hasher for HolesHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ byte as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, n: u128) {
        let mixed = (n as u64) ^ ((n >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ mixed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 29;
    }
}

type HolesSet = HashSet<Holes, BuildHasherDefault<HolesHasher>>;

/// One position kept by a round: its pieces, its parent's index in the round before and
/// the move (0-based holes) that led to it.
#[derive(Clone, Copy)]
struct Kept {
    pieces: Holes,
    parent: u32,
    from: u8,
    to: u8,
}

/// How one beam ended.
enum BeamEnd {
    /// A crossing, its moves (0-based holes).
    Found(Vec<(u8, u8)>),
    /// No crossing within the rounds allowed, or every position met before.
    None,
    /// The budget ran out first.
    Spent,
}

/// What the planner reads of one crossing: the board, the bound and the goal, and the
/// other seats' pieces, which stay where they are.
struct Crossing<'a> {
    geometry: &'static Geometry,
    bound: &'a SolitaireBound,
    super_jumps: bool,
    others: Holes,
}

impl Crossing<'_> {
    /// A beam of `width` from `start` for a crossing of at most `longest` moves, generating
    /// at most `budget` positions (`spent` counts them).
    fn beam(
        &self,
        start: Holes,
        width: usize,
        longest: usize,
        budget: u64,
        spent: &mut u64,
    ) -> BeamEnd {
        let goal = self.bound.goal();
        let mut rounds: Vec<Vec<Kept>> = vec![vec![Kept {
            pieces: start,
            parent: 0,
            from: 0,
            to: 0,
        }]];
        let mut seen = HolesSet::default();
        seen.insert(start);
        // (bound, rows to travel, pieces, parent, from, to)
        let mut children: Vec<(u32, u32, Holes, u32, u8, u8)> = Vec::new();
        for _ in 0..longest {
            children.clear();
            let round = rounds.last().expect("the start is a round");
            for (parent, kept) in round.iter().enumerate() {
                let pieces = kept.pieces;
                let counts = self.bound.row_counts(pieces);
                let mut own = pieces;
                while own != 0 {
                    let from = own.trailing_zeros() as usize;
                    own &= own - 1;
                    let lifted = pieces & !(1 << from);
                    let mut targets =
                        destinations(self.geometry, from, lifted | self.others, self.super_jumps);
                    let generated = targets.count_ones() as u64;
                    if *spent + generated > budget {
                        return BeamEnd::Spent;
                    }
                    *spent += generated;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        let child = lifted | 1 << to;
                        if child == goal {
                            return BeamEnd::Found(self.path(
                                &rounds,
                                parent,
                                (from as u8, to as u8),
                            ));
                        }
                        if let Some((moves, rows)) = self.bound.beam_key(child, &counts, from, to) {
                            children.push((
                                moves,
                                rows,
                                child,
                                parent as u32,
                                from as u8,
                                to as u8,
                            ));
                        }
                    }
                }
            }
            // The same child from two parents sorts next to itself (its key is its own).
            children.sort_unstable_by_key(|&(moves, rows, child, ..)| (moves, rows, child));
            let mut next = Vec::with_capacity(width.min(children.len()));
            for &(_, _, pieces, parent, from, to) in &children {
                if next.len() == width {
                    break;
                }
                if seen.insert(pieces) {
                    next.push(Kept {
                        pieces,
                        parent,
                        from,
                        to,
                    });
                }
            }
            if next.is_empty() {
                return BeamEnd::None;
            }
            rounds.push(next);
        }
        BeamEnd::None
    }

    /// The moves from the start to the position `index` of the last round, then `last`.
    fn path(&self, rounds: &[Vec<Kept>], mut index: usize, last: (u8, u8)) -> Vec<(u8, u8)> {
        let mut moves = vec![last];
        for round in rounds[1..].iter().rev() {
            let kept = round[index];
            moves.push((kept.from, kept.to));
            index = kept.parent as usize;
        }
        moves.reverse();
        moves
    }
}

/// A crossing of fewer than `within` moves for the seat to move in `position` (10 pieces,
/// without camp rules; alone on the board, or two players whose pieces have passed each
/// other), found by beams of doubling width within `nodes` positions generated: the
/// shortest found, or no moves when none was (the budget too small, a position the
/// planner does not cover, or no shorter crossing found).
pub fn plan_crossing(
    position: &ChineseCheckers,
    nodes: u64,
    within: usize,
) -> Plan<ChineseCheckersMove> {
    let options = position.options();
    let seat = position.to_move();
    let pieces = position.pieces(seat);
    let mut plan = Plan {
        moves: Vec::new(),
        nodes: 0,
    };
    if position.players() > 2
        || options.no_camp_entry
        || pieces.count_ones() as usize != TABLE_PIECES
    {
        return plan;
    }
    let goal_point = options.seating()[seat.index()].opposite();
    let bound = SolitaireBound::new(options.board, goal_point);
    let others = Seat::all(position.players())
        .filter(|other| *other != seat)
        .fold(0, |all, other| all | position.pieces(other));
    if bound.goal() != position.goal(seat) || !passed(&bound, pieces, others) {
        return plan;
    }
    let crossing = Crossing {
        geometry: Geometry::of(options.board),
        bound: &bound,
        super_jumps: options.super_jumps,
        others,
    };
    let least = bound.moves(pieces) as usize;
    let mut best: Option<Vec<(u8, u8)>> = None;
    let mut longest = within.saturating_sub(1);
    let mut width = 1;
    // A beam wider than the budget could not expand its first round.
    while longest >= least.max(1) && width as u64 <= nodes {
        match crossing.beam(pieces, width, longest, nodes, &mut plan.nodes) {
            BeamEnd::Spent => break,
            BeamEnd::Found(moves) => {
                longest = moves.len() - 1;
                best = Some(moves);
            }
            BeamEnd::None => {}
        }
        width *= 2;
    }
    if let Some(moves) = best {
        plan.moves = moves
            .into_iter()
            .map(|(from, to)| ChineseCheckersMove::new(seat, from as u32 + 1, to as u32 + 1))
            .collect();
    }
    plan
}

/// Whether every one of `others` stands further from the goal's tip than every one of
/// `pieces` (rows counted by `bound`): true with no others.
fn passed(bound: &SolitaireBound, pieces: Holes, others: Holes) -> bool {
    let rows = |mut bits: Holes| {
        let (mut nearest, mut furthest) = (usize::MAX, 0);
        while bits != 0 {
            let row = bound.row(bits.trailing_zeros() as usize);
            bits &= bits - 1;
            nearest = nearest.min(row);
            furthest = furthest.max(row);
        }
        (nearest, furthest)
    };
    others == 0 || rows(others).0 > rows(pieces).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::chinese_checkers::geometry::BoardShape;
    use engine::games::chinese_checkers::Options;

    fn solitaire(board: BoardShape) -> ChineseCheckers {
        ChineseCheckers::start(Options {
            players: 1,
            board,
            ..Options::default()
        })
    }

    #[test]
    fn a_plan_is_a_legal_crossing_that_fills_the_goal() {
        for board in [BoardShape::Diamond, BoardShape::Star] {
            let start = solitaire(board);
            let plan = plan_crossing(&start, 20_000, usize::MAX);
            assert!(
                !plan.moves.is_empty(),
                "{board:?}: a crossing within 20,000 positions"
            );
            assert!(plan.nodes <= 20_000);
            let mut position = start.clone();
            let mut legal = Vec::new();
            for mv in &plan.moves {
                assert!(!position.is_over());
                position.generate_moves(&mut legal);
                assert!(legal.contains(mv), "{board:?}: {mv:?} in {position}");
                position.play_unchecked(*mv);
            }
            assert!(position.is_over(), "{board:?}: the plan fills the goal");
            // Replays from the same budget.
            assert_eq!(plan_crossing(&start, 20_000, usize::MAX).moves, plan.moves);
        }
    }

    #[test]
    fn only_shorter_plans_are_looked_for_and_no_budget_finds_none() {
        let start = solitaire(BoardShape::Diamond);
        let plan = plan_crossing(&start, 20_000, usize::MAX);
        let again = plan_crossing(&start, 20_000, plan.moves.len());
        assert!(again.moves.len() < plan.moves.len() || again.moves.is_empty());
        assert!(plan_crossing(&start, 1, usize::MAX).moves.is_empty());
        // No crossing is shorter than the bound.
        let least =
            SolitaireBound::new(BoardShape::Diamond, start.options().seating()[0].opposite())
                .moves(start.pieces(start.to_move())) as usize;
        assert!(plan_crossing(&start, 1_000_000, least).moves.is_empty());
    }

    #[test]
    fn two_players_are_planned_only_once_their_pieces_have_passed() {
        // At the start every piece of B stands in A's goal, ahead of A's pieces.
        let start = ChineseCheckers::default();
        assert!(plan_crossing(&start, 20_000, usize::MAX).moves.is_empty());
        let bound = SolitaireBound::new(BoardShape::Star, start.options().seating()[0].opposite());
        let (a, b) = (start.pieces(Seat::A), start.pieces(Seat::B));
        assert!(!passed(&bound, a, b));
        assert!(passed(&bound, a, 0));
        // Pieces in A's goal with B's pieces all behind them (at A's home) have passed.
        assert!(passed(&bound, b, a));
    }
}
