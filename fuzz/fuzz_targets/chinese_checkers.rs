//! Chinese checkers positions and moves, at tables of two, three and six: what parses
//! prints back and parses to the same value.

#![no_main]

use engine::ChineseCheckers;
use leapfrog_arena_fuzz::{chinese_positions, positions_and_moves};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    positions_and_moves::<ChineseCheckers>(bytes, chinese_positions());
});
