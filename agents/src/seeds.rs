//! The seeds agents are reset with: every random choice of a game flows from the game's
//! seed through ChaCha streams, so that a game depends only on its own seed. The arena
//! derives its game seeds from a run's master seed; a program that seats the agents
//! itself derives the agents' seeds here, as the arena does.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The streams of a game seed that seed its agents: the agent placed k-th in its game set
/// (the one in seat k of the set's first game) draws from stream `FIRST_AGENT_STREAM + k`
/// in every game of the set, whichever seat it has (see [`agent_seed`]). An agent's
/// choices thus follow the agent, not the seat: with the same stochastic agent in both
/// seats, the two games of a pair share the opening but not the choices after it.
pub const FIRST_AGENT_STREAM: u64 = 1;

/// A 64-bit seed drawn from stream `stream` of the ChaCha generator seeded by `seed`,
/// `index` words in.
pub fn derive(seed: u64, stream: u64, index: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng.set_word_pos(u128::from(index) * 2);
    rng.next_u64()
}

/// The seed the agent in seat `seat` is reset with, in game `rotation` of a set of
/// `players`-seat games with seed `game_seed` (game r of a set seats in seat s the agent
/// placed (s + r) mod `players`: rotation 0 is the set's first game, 1 the game with seats
/// swapped). See [`FIRST_AGENT_STREAM`].
pub fn agent_seed(game_seed: u64, seat: usize, rotation: usize, players: usize) -> u64 {
    seat_seed(game_seed, (seat + rotation) % players.max(1))
}

/// The seed of the agent in seat `seat` of a single game with seed `game_seed` (the
/// first game of a set, as `arena play --seed` plays it).
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    derive(game_seed, FIRST_AGENT_STREAM + seat as u64, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agent_keeps_its_stream_when_seats_swap() {
        let seed = 0x5eed;
        // The agent in seat 0 of the first game sits in seat 1 of the second.
        assert_eq!(agent_seed(seed, 0, 0, 2), agent_seed(seed, 1, 1, 2));
        assert_eq!(agent_seed(seed, 1, 0, 2), agent_seed(seed, 0, 1, 2));
        // So the seat-0 agent of the two games (the same spec against itself) differs.
        assert_ne!(agent_seed(seed, 0, 0, 2), agent_seed(seed, 0, 1, 2));
        // Tables of three rotate through three streams.
        assert_eq!(agent_seed(seed, 2, 1, 3), agent_seed(seed, 0, 0, 3));
        // A single game is the first of its set.
        assert_eq!(seat_seed(seed, 1), agent_seed(seed, 1, 0, 2));
    }
}
