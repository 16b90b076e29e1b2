//! The random player: a uniform choice among the legal moves.

use engine::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, Forfeit};

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomAgent<G: Game> {
    spec: String,
    rng: ChaCha8Rng,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    /// A random player described by `spec`.
    pub fn new(spec: String) -> RandomAgent<G> {
        RandomAgent {
            spec,
            rng: ChaCha8Rng::seed_from_u64(0),
            moves: Vec::with_capacity(64),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    fn choose(&mut self, position: &G) -> G::Move {
        position.generate_moves(&mut self.moves);
        self.moves[self.rng.random_range(0..self.moves.len())]
    }

    fn try_choose_among(&mut self, _position: &G, legal: &[G::Move]) -> Result<G::Move, Forfeit> {
        // The same draw as `choose` makes over the same list.
        Ok(legal[self.rng.random_range(0..legal.len())])
    }
}
