//! Leapfrog Race positions and moves (`--position`, a human seat's input, the move
//! lists of `games.csv`): what parses prints back and parses to the same value.

#![no_main]

use engine::Leapfrog;
use leapfrog_arena_fuzz::{leapfrog_positions, positions_and_moves};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    positions_and_moves::<Leapfrog>(bytes, leapfrog_positions());
});
