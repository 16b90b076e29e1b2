//! Game spec strings (`leapfrog:first=B`, `chinese-checkers:players=3`): what parses
//! prints back and parses to the same spec, and the game it names starts or says why not.

#![no_main]

use engine::{Game, GameSpec};
use leapfrog_arena_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(spec) = text(bytes).parse::<GameSpec>() {
        let again: GameSpec = spec.to_string().parse().expect("printed spec parses");
        assert_eq!(again, spec);
        let _ = engine::with_game!(spec.kind, G => <G as Game>::new(&spec.options).map(|g| g.to_string()));
    }
});
