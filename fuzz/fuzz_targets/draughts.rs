//! Positions and moves of the draughts family (the thirteen dark-square variants in PDN
//! notation, Turkish, Gothic, Dameo, Konane and Alquerque): the first byte picks the
//! game; what parses prints back and parses to the same value.

#![no_main]

use engine::{with_game, Game};
use leapfrog_arena_fuzz::{draughts_family, family_positions, mode, positions_and_moves};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((game, rest)) = mode(bytes) else {
        return;
    };
    let family = draughts_family();
    let kind = family[game as usize % family.len()];
    with_game!(kind, G => {
        let positions: Vec<G> = family_positions(kind)
            .iter()
            .map(|text| G::parse_position(text).expect("printed position parses"))
            .collect();
        positions_and_moves::<G>(rest, &positions);
    });
});
