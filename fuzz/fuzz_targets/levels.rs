//! Levels files (`difficulty.toml`, read by `level:NAME` seats): a value or an error, and
//! every level of a value resolves to its spec.

#![no_main]

use arena::levels::Levels;
use leapfrog_arena_fuzz::{named, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(levels) = Levels::parse(named("difficulty.toml"), &text(bytes)) {
        for name in levels.names() {
            assert!(levels.spec(name).is_ok());
        }
    }
});
