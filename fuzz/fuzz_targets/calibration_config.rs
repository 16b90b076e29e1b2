//! Calibration configs (`arena calibrate`): whatever validates, its identity (what a
//! calibration records in its `config.toml`) prints as TOML and reads back the same.

#![no_main]

use arena::calibrate::config::CalibrationIdentity;
use leapfrog_arena_fuzz::{named, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: leapfrog_arena_fuzz::solve_once(), |bytes: &[u8]| {
    if let Ok(config) = arena::calibrate::config::parse(named("fuzz.toml"), &text(bytes)) {
        let printed = toml::to_string(&config.identity).expect("identity prints");
        let again: CalibrationIdentity = toml::from_str(&printed).expect("identity reads back");
        assert_eq!(again, config.identity);
    }
});
