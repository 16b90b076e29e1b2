//! A seat racing alone: the minimax player's `plan=N` knob. A game of one seat (the
//! Chinese checkers crossing), or a race whose sides no longer meet, has no opponent to
//! search against, only a long way home, and a search a few moves deep builds nothing
//! it cannot use at once. With the knob, the player asks the game's planner
//! ([`Evaluate::plan_alone`]) for a whole way to finish within `N` positions and plays
//! its first move; positions the game's planner does not cover (where the seats still
//! meet) go to the minimax search as before.
//!
//! The plan is kept from move to move: when the position is the one the last plan led
//! to, the planner looks only for a shorter way, and the kept plan is played when it
//! finds none. So the way home never gets longer, and a later, cheaper search (fewer
//! moves left to plan) can shorten it. Budgets are positions, so a game replays exactly.

use engine::Game;

use crate::agent::{Agent, SearchInfo};
use crate::eval::Evaluate;

/// A player that plans games of one seat and hands every other position to `inner`.
pub struct Planner<G: Game> {
    inner: Box<dyn Agent<G>>,
    /// The planner's budget of positions a move.
    nodes: u64,
    /// The rest of the last plan, and the hash of the position it starts from.
    kept: Vec<G::Move>,
    kept_from: Option<u64>,
    /// The last move's search, when it was planned.
    planned: Option<SearchInfo>,
    legal: Vec<G::Move>,
}

impl<G: Evaluate> Planner<G> {
    /// `inner` with a planner of `nodes` positions a move for games of one seat.
    pub fn new(inner: Box<dyn Agent<G>>, nodes: u64) -> Planner<G> {
        Planner {
            inner,
            nodes,
            kept: Vec::new(),
            kept_from: None,
            planned: None,
            legal: Vec::new(),
        }
    }

    /// The plan's first move in `position`, or `None` when neither the planner nor the
    /// kept plan has a legal one.
    fn planned_move(&mut self, position: &G) -> Option<G::Move> {
        let mut kept = std::mem::take(&mut self.kept);
        if self.kept_from.take() != Some(position.hash()) {
            kept.clear();
        }
        let within = if kept.is_empty() {
            usize::MAX
        } else {
            kept.len()
        };
        let found = position.plan_alone(self.nodes, within);
        let nodes = found.nodes;
        let moves = if found.moves.is_empty() {
            kept
        } else {
            found.moves
        };
        let (&first, rest) = moves.split_first()?;
        position.generate_moves(&mut self.legal);
        if !self.legal.contains(&first) {
            return None;
        }
        let mut after = position.clone();
        after.play_unchecked(first);
        self.kept = rest.to_vec();
        self.kept_from = Some(after.hash());
        self.planned = Some(SearchInfo {
            nodes,
            depth: moves.len() as u32,
            ..SearchInfo::default()
        });
        Some(first)
    }
}

impl<G: Evaluate> Agent<G> for Planner<G> {
    fn spec(&self) -> &str {
        self.inner.spec()
    }

    fn reset(&mut self, seed: u64) {
        self.kept.clear();
        self.kept_from = None;
        self.planned = None;
        self.inner.reset(seed);
    }

    fn choose(&mut self, position: &G) -> G::Move {
        self.planned = None;
        if let Some(mv) = self.planned_move(position) {
            return mv;
        }
        self.inner.choose(position)
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.inner.observe(before, mv);
    }

    fn last_search(&self) -> SearchInfo {
        self.planned.unwrap_or_else(|| self.inner.last_search())
    }

    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        self.planned = None;
        self.inner.score_moves(position, moves, scores);
    }

    fn score_moves_near(
        &mut self,
        position: &G,
        moves: &mut Vec<G::Move>,
        scores: &mut Vec<f64>,
        margin: f64,
    ) {
        self.planned = None;
        self.inner.score_moves_near(position, moves, scores, margin);
    }
}

#[cfg(test)]
mod tests {
    use engine::games::chinese_checkers::geometry::BoardShape;
    use engine::games::chinese_checkers::Options;
    use engine::{ChineseCheckers, Game};

    #[test]
    fn the_crossing_follows_its_plan_and_never_lengthens_it() {
        let mut position = ChineseCheckers::start(Options {
            players: 1,
            board: BoardShape::Diamond,
            ..Options::default()
        });
        let mut agent = crate::build::<ChineseCheckers>("minimax:depth=1,plan=20000").unwrap();
        agent.reset(1);
        let mut left = u32::MAX;
        let mut played = 0;
        while !position.is_over() {
            let mv = agent.choose(&position);
            let planned = agent.last_search();
            assert!(planned.nodes <= 20_000);
            // The plan counts the move about to be played.
            assert!(
                planned.depth <= left,
                "a plan of {} after {left}",
                planned.depth
            );
            left = planned.depth - 1;
            position.play(mv).unwrap();
            played += 1;
        }
        assert_eq!(left, 0);
        assert!(played <= 60, "{played} moves");
    }

    #[test]
    fn seats_that_still_meet_are_searched_by_minimax() {
        let position = ChineseCheckers::default();
        let mut planned = crate::build::<ChineseCheckers>("minimax:depth=2,plan=20000").unwrap();
        let mut plain = crate::build::<ChineseCheckers>("minimax:depth=2").unwrap();
        assert_eq!(planned.choose(&position), plain.choose(&position));
        assert_eq!(planned.last_search(), plain.last_search());
    }
}
