//! Seeds: every random choice of a run flows from the master seed through ChaCha
//! streams, so that a game depends only on its own seed, never on scheduling.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

// The seeds an agent is reset with live beside the agents, where a program that embeds
// them (the Python package) derives the same ones.
pub use agents::seeds::{agent_seed, derive};

/// The stream of a game seed that drives the random opening.
pub const OPENING_STREAM: u64 = 0;

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

/// The seed of game pair `pair` of pairing `pairing` in a run with master seed `master`.
/// Both games of a pair share it: they share the opening and swap seats.
pub fn pair_seed(master: u64, pairing: usize, pair: u32) -> u64 {
    derive(
        master,
        FIRST_PAIRING_STREAM + pairing as u64,
        u64::from(pair),
    )
}

/// The generator for the random opening of a game with seed `game_seed`.
pub fn opening_rng(game_seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    rng.set_stream(OPENING_STREAM);
    rng
}

/// The generator for draw `draw` of the opening of a game with seed `game_seed`
/// (balanced openings redraw; see [`crate::openings`]): draw 0 is [`opening_rng`].
pub fn opening_draw_rng(game_seed: u64, draw: u32) -> ChaCha8Rng {
    if draw == 0 {
        return opening_rng(game_seed);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(derive(game_seed, OPENING_STREAM, u64::from(draw)));
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
}
