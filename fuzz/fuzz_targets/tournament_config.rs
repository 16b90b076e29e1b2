//! Tournament configs (`arena run`) and the `config.toml` a run records beside its CSV
//! files (read again by `--resume`, `replay`, `merge` and `report`). Even modes read a
//! config: its identity prints as a recorded config that reads back to the same identity,
//! and as a config that validates to the same identity. Odd modes read a recorded config.

#![no_main]

use arena::run_folder::{parse_recorded, recorded_config_text};
use leapfrog_arena_fuzz::{mode, named, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: leapfrog_arena_fuzz::solve_once(), |bytes: &[u8]| {
    let Some((mode, rest)) = mode(bytes) else {
        return;
    };
    let path = named("fuzz.toml");
    let identity = if mode % 2 == 0 {
        match arena::config::parse(path, &text(rest)) {
            Ok(config) => {
                let printed = toml::to_string(&config.identity).expect("identity prints");
                let again = arena::config::parse(path, &printed).expect("printed config parses");
                assert_eq!(again.identity, config.identity);
                assert_eq!(again.players, config.players);
                config.identity
            }
            Err(_) => return,
        }
    } else {
        match parse_recorded(path, &text(rest)) {
            Ok(identity) => identity,
            Err(_) => return,
        }
    };
    let recorded = recorded_config_text(&identity, "arena run fuzz.toml").expect("records");
    let again = parse_recorded(path, &recorded).expect("recorded config reads back");
    assert_eq!(again, identity);
});
