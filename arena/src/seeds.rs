//! Seeds: every random choice of a run flows from the master seed through ChaCha
//! streams, so that a game depends only on its own seed, never on scheduling.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The stream of a game seed that drives the random opening.
pub const OPENING_STREAM: u64 = 0;

/// The streams of a game seed that seed its agents: the agent placed k-th in its game set
/// (the one in seat k of the set's first game) draws from stream `FIRST_AGENT_STREAM + k`
/// in every game of the set, whichever seat it has (see [`agent_seed`]). An agent's
/// choices thus follow the agent, not the seat: with the same stochastic agent in both
/// seats, the two games of a pair share the opening but not the choices after it.
pub const FIRST_AGENT_STREAM: u64 = 1;

/// The streams of the master seed that seed the game pairs: pairing (or calibration
/// batch) `p` draws from stream `p + 1` (see [`pair_seed`]).
pub const FIRST_PAIRING_STREAM: u64 = 1;

/// The stream of the master seed whose first word seeds the bootstrap of a run's
/// summaries.
pub const BOOTSTRAP_STREAM: u64 = u64::MAX;

/// The stream of a game seed from which `hint` reseeds its agent, one word a ply, so
/// that hints replay.
pub const HINT_STREAM: u64 = 0x4849_4e54;

/// The stream of a calibration's master seed that seeds the bootstrap of each rating.
pub const RATING_STREAM: u64 = 0x7261_7469_6e67;

/// The stream of the master seed that seeds the bootstrap of blunder rates over whole
/// games: `accuracy.csv` (one word per agent) and a calibration's `difficulty.csv` and
/// `calibration.csv` (one word per point, and per level counting down from the top).
pub const ACCURACY_STREAM: u64 = 0x0a11_7515;

/// The stream of the master seed that seeds the bootstrap of `referee.csv`'s intervals
/// (three words per row: gross mistakes, smaller losses, mean loss).
pub const REFEREE_STREAM: u64 = 0x7265_6665_7265_6565;

/// A 64-bit seed drawn from stream `stream` of the ChaCha generator seeded by `seed`,
/// `index` words in.
pub fn derive(seed: u64, stream: u64, index: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng.set_word_pos(u128::from(index) * 2);
    rng.next_u64()
}

/// The seed of game pair `pair` of pairing `pairing` in a run with master seed `master`.
/// Both games of a pair share it: they share the opening and swap seats.
pub fn pair_seed(master: u64, pairing: usize, pair: u32) -> u64 {
    derive(
        master,
        FIRST_PAIRING_STREAM + pairing as u64,
        u64::from(pair),
    )
}

/// The seed the agent in seat `seat` is reset with, in game `rotation` of a set of
/// `players`-seat games with seed `game_seed` (game r of a set seats in seat s the agent
/// placed (s + r) mod `players`: rotation 0 is the set's first game, 1 the game with seats
/// swapped). See [`FIRST_AGENT_STREAM`].
pub fn agent_seed(game_seed: u64, seat: usize, rotation: usize, players: usize) -> u64 {
    let place = (seat + rotation) % players.max(1);
    derive(game_seed, FIRST_AGENT_STREAM + place as u64, 0)
}

/// The generator for the random opening of a game with seed `game_seed`.
pub fn opening_rng(game_seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    rng.set_stream(OPENING_STREAM);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_pairing_pair_and_seat() {
        let a = pair_seed(42, 0, 0);
        assert_eq!(a, pair_seed(42, 0, 0));
        assert_ne!(a, pair_seed(42, 0, 1));
        assert_ne!(a, pair_seed(42, 1, 0));
        assert_ne!(a, pair_seed(43, 0, 0));
        assert_ne!(agent_seed(a, 0, 0, 2), agent_seed(a, 1, 0, 2));
    }

    #[test]
    fn an_agent_keeps_its_stream_when_seats_swap() {
        let seed = pair_seed(7, 0, 3);
        // The agent in seat 0 of the first game sits in seat 1 of the second.
        assert_eq!(agent_seed(seed, 0, 0, 2), agent_seed(seed, 1, 1, 2));
        assert_eq!(agent_seed(seed, 1, 0, 2), agent_seed(seed, 0, 1, 2));
        // So the seat-0 agent of the two games (the same spec against itself) differs.
        assert_ne!(agent_seed(seed, 0, 0, 2), agent_seed(seed, 0, 1, 2));
        // Tables of three rotate through three streams.
        assert_eq!(agent_seed(seed, 2, 1, 3), agent_seed(seed, 0, 0, 3));
    }
}
