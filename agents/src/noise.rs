//! The noise knobs every agent takes, implemented once: `epsilon` (the probability of a
//! uniformly random legal move) and `temperature` (a softmax draw over the agent's move
//! scores). Both draw from a ChaCha8 stream seeded by [`Agent::reset`].

use engine::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, SearchInfo};
use crate::spec::{AgentSpec, SpecError};

/// The ChaCha8 stream the noise draws from, apart from the stream the agent itself uses
/// with the same seed.
const NOISE_STREAM: u64 = 0x006E_6F69_7365;

/// The settings of the noise knobs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Noise {
    /// The probability, in [0, 1], of playing a uniformly random legal move instead.
    pub epsilon: f64,
    /// The softmax temperature over the agent's move scores, in the scores' units; 0
    /// plays the agent's own choice.
    pub temperature: f64,
}

impl Noise {
    /// The keys every spec takes for noise.
    pub const KEYS: [&'static str; 2] = ["epsilon", "temperature"];

    /// The noise settings of `spec`: 0 for a knob it does not set.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] for an `epsilon` outside [0, 1] or a negative
    /// `temperature`.
    pub fn from_spec(spec: &AgentSpec) -> Result<Noise, SpecError> {
        Ok(Noise {
            epsilon: spec.number("epsilon", 0.0, 0.0..=1.0, "a number from 0 to 1")?,
            temperature: spec.number("temperature", 0.0, 0.0..=f64::MAX, "a number >= 0")?,
        })
    }

    /// Whether both knobs are off.
    pub fn is_off(&self) -> bool {
        self.epsilon == 0.0 && self.temperature == 0.0
    }
}

/// An agent with noise: plays a random move with probability `epsilon`, otherwise draws
/// from the softmax of the agent's scores when `temperature` is above 0, otherwise plays
/// the agent's own choice.
pub struct Noisy<G: Game> {
    inner: Box<dyn Agent<G>>,
    noise: Noise,
    rng: ChaCha8Rng,
    moves: Vec<G::Move>,
    scores: Vec<f64>,
    info: SearchInfo,
}

impl<G: Game> Noisy<G> {
    /// `inner` with `noise` on top.
    pub fn new(inner: Box<dyn Agent<G>>, noise: Noise) -> Noisy<G> {
        Noisy {
            inner,
            noise,
            rng: noise_rng(0),
            moves: Vec::with_capacity(64),
            scores: Vec::with_capacity(64),
            info: SearchInfo::default(),
        }
    }
}

fn noise_rng(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(NOISE_STREAM);
    rng
}

/// The index of the largest score, the first one on ties.
///
/// # Panics
/// When `scores` is empty.
pub fn best_index(scores: &[f64]) -> usize {
    let mut best = 0;
    for (index, score) in scores.iter().enumerate() {
        if *score > scores[best] {
            best = index;
        }
    }
    best
}

/// How many temperatures below the best move a move's score must be exact for the
/// softmax draw: one further below weighs at most `e^-12` (6e-6) of the best.
pub const SOFTMAX_REACH: f64 = 12.0;

/// An index drawn with probability proportional to `exp(score / temperature)`.
///
/// # Panics
/// When `scores` is empty.
pub fn softmax_draw(scores: &[f64], temperature: f64, rng: &mut impl Rng) -> usize {
    let top = scores[best_index(scores)];
    let weight = |score: f64| ((score - top) / temperature).exp();
    let total: f64 = scores.iter().map(|s| weight(*s)).sum();
    let mut target = rng.random::<f64>() * total;
    for (index, score) in scores.iter().enumerate() {
        target -= weight(*score);
        if target < 0.0 {
            return index;
        }
    }
    // Rounding can leave a sliver at the end: it belongs to the last move with weight.
    scores
        .iter()
        .rposition(|s| weight(*s) > 0.0)
        .unwrap_or(scores.len() - 1)
}

impl<G: Game> Agent<G> for Noisy<G> {
    fn spec(&self) -> &str {
        self.inner.spec()
    }

    fn reset(&mut self, seed: u64) {
        self.inner.reset(seed);
        self.rng = noise_rng(seed);
        self.info = SearchInfo::default();
    }

    fn choose(&mut self, position: &G) -> G::Move {
        if self.noise.epsilon > 0.0 && self.rng.random::<f64>() < self.noise.epsilon {
            position.generate_moves(&mut self.moves);
            self.info = SearchInfo {
                noise: true,
                ..SearchInfo::default()
            };
            return self.moves[self.rng.random_range(0..self.moves.len())];
        }
        if self.noise.temperature > 0.0 {
            // Moves a margin of SOFTMAX_REACH temperatures below the best weigh at most
            // e^-SOFTMAX_REACH of it: their exact values would only cost the search depth.
            let margin = SOFTMAX_REACH * self.noise.temperature;
            self.inner
                .score_moves_near(position, &mut self.moves, &mut self.scores, margin);
            let drawn = softmax_draw(&self.scores, self.noise.temperature, &mut self.rng);
            self.info = SearchInfo {
                noise: drawn != best_index(&self.scores),
                ..self.inner.last_search()
            };
            return self.moves[drawn];
        }
        let mv = self.inner.choose(position);
        self.info = self.inner.last_search();
        mv
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.inner.observe(before, mv);
    }

    fn last_search(&self) -> SearchInfo {
        self.info
    }

    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        self.inner.score_moves(position, moves, scores);
        self.info = self.inner.last_search();
    }

    fn score_moves_near(
        &mut self,
        position: &G,
        moves: &mut Vec<G::Move>,
        scores: &mut Vec<f64>,
        margin: f64,
    ) {
        self.inner.score_moves_near(position, moves, scores, margin);
        self.info = self.inner.last_search();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::factory::build;
    use crate::testing::positions_of_random_games;
    use engine::Leapfrog;

    /// A position where the side to move has at least four moves, and those moves.
    fn wide_position() -> (Leapfrog, Vec<<Leapfrog as Game>::Move>) {
        let mut moves = Vec::new();
        let position = positions_of_random_games(10_000, 5)
            .into_iter()
            .find(|p| {
                p.generate_moves(&mut moves);
                moves.len() >= 4
            })
            .expect("a position with four moves");
        (position, moves)
    }

    /// How often each move of `moves` is chosen by `spec` over `games` seeds.
    fn choices(
        spec: &str,
        position: &Leapfrog,
        moves: &[<Leapfrog as Game>::Move],
        games: u64,
    ) -> Vec<u32> {
        let mut agent = build::<Leapfrog>(spec).unwrap();
        let mut counts = vec![0; moves.len()];
        for seed in 0..games {
            agent.reset(seed);
            let mv = agent.choose(position);
            counts[moves.iter().position(|m| *m == mv).expect("legal")] += 1;
        }
        counts
    }

    #[test]
    fn epsilon_one_plays_uniformly_and_says_so() {
        let (position, moves) = wide_position();
        let counts = choices("minimax:depth=3,epsilon=1", &position, &moves, 800);
        let fair = 800 / moves.len() as u32;
        assert!(counts.iter().all(|c| *c > fair / 2), "{counts:?}");
        let mut agent = build::<Leapfrog>("greedy:epsilon=1").unwrap();
        agent.reset(1);
        agent.choose(&position);
        assert!(agent.last_search().noise);
        // Without noise the minimax player always plays the same move.
        let plain = choices("minimax:depth=3", &position, &moves, 20);
        assert_eq!(plain.iter().filter(|c| **c > 0).count(), 1, "{plain:?}");
    }

    #[test]
    fn temperature_goes_from_the_best_move_to_uniform() {
        let (position, moves) = wide_position();
        let mut greedy = build::<Leapfrog>("greedy").unwrap();
        let (mut listed, mut scores) = (Vec::new(), Vec::new());
        greedy.score_moves(&position, &mut listed, &mut scores);
        let top = scores.iter().copied().fold(f64::MIN, f64::max);
        let best: Vec<_> = listed
            .iter()
            .zip(&scores)
            .filter(|(_, s)| **s == top)
            .map(|(m, _)| *m)
            .collect();
        let mut cold = build::<Leapfrog>("greedy:temperature=0.0001").unwrap();
        for seed in 0..50 {
            cold.reset(seed);
            assert!(best.contains(&cold.choose(&position)));
        }
        let hot = choices("greedy:temperature=1000", &position, &moves, 800);
        let fair = 800 / moves.len() as u32;
        assert!(hot.iter().all(|c| *c > fair / 2), "{hot:?}");
        let warm = choices("minimax:depth=2,temperature=1", &position, &moves, 400);
        assert!(warm.iter().filter(|c| **c > 0).count() >= 2, "{warm:?}");
    }

    #[test]
    fn softmax_follows_the_temperature() {
        let scores = [0.0, 1.0, 3.0];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[softmax_draw(&scores, 1.0, &mut rng)] += 1;
        }
        // Weights 1 : e : e^3, about 0.042, 0.114, 0.844.
        let share = |i: usize| counts[i] as f64 / 30_000.0;
        assert!((share(0) - 0.042).abs() < 0.01, "{counts:?}");
        assert!((share(1) - 0.114).abs() < 0.015, "{counts:?}");
        assert!((share(2) - 0.844).abs() < 0.015, "{counts:?}");
        // A cold softmax is the arg max; a hot one is nearly uniform.
        assert!((0..100).all(|_| softmax_draw(&scores, 1e-3, &mut rng) == 2));
        let mut hot = [0u32; 3];
        for _ in 0..30_000 {
            hot[softmax_draw(&scores, 1e6, &mut rng)] += 1;
        }
        assert!(hot
            .iter()
            .all(|c| (*c as f64 / 30_000.0 - 1.0 / 3.0).abs() < 0.02));
    }

    #[test]
    fn huge_scores_do_not_overflow() {
        let scores = [-1e12, 1e12, 0.0];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!((0..100).all(|_| softmax_draw(&scores, 0.5, &mut rng) == 1));
        assert_eq!(best_index(&[1.0, 2.0, 2.0]), 1);
    }
}
