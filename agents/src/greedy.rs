//! The greedy player: looks one ply ahead and plays the move after which its progress
//! measure ([`Evaluate::greedy_progress`]) is largest. A move that wins is taken at once,
//! one that loses is played only when every move loses, and ties are broken by the seed.

use engine::{Game, Outcome, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, SearchInfo};
use crate::eval::Evaluate;

/// The score of a move that ends the game: far above (a win) or below (a loss) any
/// progress, scaled by the seat's score in the outcome. A draw scores 0.
const DECIDED: f64 = 1e9;

/// Plays the move with the most progress after it.
#[derive(Clone, Debug)]
pub struct GreedyAgent<G: Game> {
    spec: String,
    rng: ChaCha8Rng,
    moves: Vec<G::Move>,
    scores: Vec<f64>,
    info: SearchInfo,
}

impl<G: Evaluate> GreedyAgent<G> {
    /// A greedy player described by `spec`.
    pub fn new(spec: String) -> GreedyAgent<G> {
        GreedyAgent {
            spec,
            rng: ChaCha8Rng::seed_from_u64(0),
            moves: Vec::with_capacity(64),
            scores: Vec::with_capacity(64),
            info: SearchInfo::default(),
        }
    }

    /// Fills `moves` and `scores` for `position`.
    fn score_into(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        position.generate_moves(moves);
        scores.clear();
        let seat = position.to_move();
        let mut after = position.clone();
        for &mv in moves.iter() {
            after.play_unchecked(mv);
            scores.push(match after.status().outcome() {
                Some(outcome) => decided_score(&outcome, seat),
                None => after.greedy_progress(seat) as f64,
            });
            after.undo(mv);
        }
        self.info = SearchInfo {
            nodes: moves.len() as u64,
            depth: 1,
            value: scores.iter().copied().reduce(f64::max),
            ..SearchInfo::default()
        };
    }
}

/// The greedy score of a finished game for `seat`.
fn decided_score(outcome: &Outcome, seat: Seat) -> f64 {
    (2.0 * outcome.score(seat) - 1.0) * DECIDED
}

impl<G: Evaluate> Agent<G> for GreedyAgent<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.info = SearchInfo::default();
    }

    fn choose(&mut self, position: &G) -> G::Move {
        let mut moves = std::mem::take(&mut self.moves);
        let mut scores = std::mem::take(&mut self.scores);
        self.score_into(position, &mut moves, &mut scores);
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties = scores.iter().filter(|s| **s == top).count();
        let pick = if ties > 1 {
            self.rng.random_range(0..ties)
        } else {
            0
        };
        let index = scores
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == top)
            .nth(pick)
            .map_or(0, |(i, _)| i);
        let mv = moves[index];
        self.moves = moves;
        self.scores = scores;
        mv
    }

    fn last_search(&self) -> SearchInfo {
        self.info
    }

    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        self.score_into(position, moves, scores);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions_of_random_games;
    use engine::Leapfrog;
    use std::collections::BTreeSet;

    /// What a move does for the seat that plays it: 1 a win, 0 a loss, 1/2 a draw, or
    /// `None` when the game goes on.
    fn result_of(position: &Leapfrog, mv: <Leapfrog as Game>::Move) -> Option<f64> {
        let mut after = *position;
        after.play_unchecked(mv);
        after
            .status()
            .outcome()
            .map(|outcome| outcome.score(position.to_move()))
    }

    #[test]
    fn wins_at_once_never_loses_at_once_and_otherwise_makes_the_most_progress() {
        let mut agent = GreedyAgent::<Leapfrog>::new("greedy".into());
        agent.reset(3);
        let (mut wins_on_offer, mut losses_avoided) = (0, 0);
        let mut moves = Vec::new();
        for position in positions_of_random_games(200_000, 11) {
            let seat = position.to_move();
            position.generate_moves(&mut moves);
            let results: Vec<Option<f64>> =
                moves.iter().map(|m| result_of(&position, *m)).collect();
            let chosen = agent.choose(&position);
            let index = moves.iter().position(|m| *m == chosen).expect("legal");
            if results.contains(&Some(1.0)) {
                wins_on_offer += 1;
                assert_eq!(results[index], Some(1.0), "{position}");
            } else if results.contains(&Some(0.0)) && results.iter().any(|r| r.is_none()) {
                losses_avoided += 1;
                assert_eq!(results[index], None, "{position}");
            }
            if results.iter().all(|r| r.is_none()) {
                let progress = |mv| {
                    let mut after = position;
                    after.play_unchecked(mv);
                    after.greedy_progress(seat)
                };
                let best = moves.iter().map(|m| progress(*m)).max().unwrap();
                assert_eq!(progress(chosen), best, "{position}");
            }
        }
        // The positions offer both situations often enough for the checks to bite.
        assert!(wins_on_offer > 20, "{wins_on_offer}");
        assert!(losses_avoided > 5, "{losses_avoided}");
    }

    #[test]
    fn ties_are_broken_by_the_seed() {
        // After 5-6 and 15-14, A has two steps of equal progress: 4-5 and 6-7.
        let position = Leapfrog::parse_position("AAAA.A.......B.BBBB A").unwrap();
        let mut agent = GreedyAgent::<Leapfrog>::new("greedy".into());
        let choices: BTreeSet<String> = (0..32)
            .map(|seed| {
                agent.reset(seed);
                agent.choose(&position).to_string()
            })
            .collect();
        assert!(choices.len() > 1, "{choices:?}");
        agent.reset(5);
        let first = agent.choose(&position);
        agent.reset(5);
        assert_eq!(agent.choose(&position), first);
    }
}
