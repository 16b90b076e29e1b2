//! `arena sprt` configs, read from a file as the arena reads them: a value or an error.

#![no_main]

use leapfrog_arena_fuzz::scratch_file;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: leapfrog_arena_fuzz::solve_once(), |bytes: &[u8]| {
    let path = scratch_file("sprt.toml", bytes);
    if let Ok((config, game)) = arena::sprt::load(&path) {
        assert_eq!(config.game, game.to_string());
        assert!(config.settings.batch_pairs >= 1 && config.max_plies >= 1);
    }
});
