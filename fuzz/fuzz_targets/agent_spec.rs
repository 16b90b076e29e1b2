//! Agent spec strings (`minimax:depth=6`, `mcts:iterations=5000,c=1.4`): what parses
//! prints back and parses to the same spec, and building an agent from it for either
//! game gives an agent or an error.

#![no_main]

use agents::{AgentKind, AgentSpec};
use engine::{ChineseCheckers, Leapfrog};
use leapfrog_arena_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let text = text(bytes);
    match text.parse::<AgentSpec>() {
        Ok(spec) => {
            let again: AgentSpec = spec.to_string().parse().expect("printed spec parses");
            assert_eq!(again, spec);
            // A perfect player without a table solves the whole game, and a large
            // transposition table is a real allocation: both are valid, neither is input
            // handling.
            let small_table = match spec.get("tt_mib") {
                None => true,
                Some(mib) => matches!(mib.trim().parse::<u64>(), Ok(mib) if mib <= 16),
            };
            if spec.kind != AgentKind::Perfect && small_table {
                let _ = agents::build::<Leapfrog>(&text);
                let _ = agents::build::<ChineseCheckers>(&text);
            }
        }
        Err(_) => assert!(agents::build::<Leapfrog>(&text).is_err()),
    }
});
