//! Seeds: every random choice of a run flows from the master seed through ChaCha
//! streams, so that a game depends only on its own seed, never on scheduling.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The stream of a game seed that drives the random opening.
pub const OPENING_STREAM: u64 = 0;

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
    derive(master, pairing as u64 + 1, u64::from(pair))
}

/// The seed the agent in seat `seat` is reset with, in a game with seed `game_seed`.
pub fn agent_seed(game_seed: u64, seat: usize) -> u64 {
    derive(game_seed, seat as u64 + 1, 0)
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
        assert_ne!(agent_seed(a, 0), agent_seed(a, 1));
    }
}
