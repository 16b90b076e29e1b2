//! Which agents take noticeable time to build before their first move (the perfect
//! Leapfrog Race player solves the game, the Chinese checkers evaluation builds its goal
//! tables), so that every verb says so on standard error once instead of sitting silent.

use std::sync::atomic::{AtomicBool, Ordering};

use agents::spec::{AgentKind, AgentSpec};
use engine::GameKind;

/// What building an agent of `spec` for `game` is slow at, if anything; programs
/// (`cmd:`), `human` and unreadable specs have nothing to say here.
pub fn slow_start(game: GameKind, spec: &str) -> Option<&'static str> {
    let spec: AgentSpec = spec.parse().ok()?;
    match game {
        // A `table=FILE` is read, not solved.
        GameKind::Leapfrog if spec.kind == AgentKind::Perfect && spec.get("table").is_none() => {
            Some("solving Leapfrog Race for the perfect player (a few seconds, once)")
        }
        GameKind::ChineseCheckers if spec.kind != AgentKind::Random => {
            Some("building the Chinese checkers evaluation tables (a few seconds, once)")
        }
        _ => None,
    }
}

/// Says on standard error, once per process and kind of start-up, what building an agent
/// of `spec` for `game` is about to spend its time on.
pub fn announce(game: GameKind, spec: &str) {
    static SOLVING: AtomicBool = AtomicBool::new(false);
    static TABLES: AtomicBool = AtomicBool::new(false);
    let Some(what) = slow_start(game, spec) else {
        return;
    };
    let said = if game == GameKind::Leapfrog {
        &SOLVING
    } else {
        &TABLES
    };
    if !said.swap(true, Ordering::Relaxed) {
        crate::progress::starting(what);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_agents_are_named_and_others_are_not() {
        assert!(slow_start(GameKind::Leapfrog, "perfect:epsilon=0.1").is_some());
        assert!(slow_start(GameKind::Leapfrog, "perfect:table=t.bin").is_none());
        assert!(slow_start(GameKind::Leapfrog, "greedy").is_none());
        assert!(slow_start(GameKind::ChineseCheckers, "greedy").is_some());
        assert!(slow_start(GameKind::ChineseCheckers, "random").is_none());
        assert!(slow_start(GameKind::ChineseCheckers, "cmd:python3 bot.py").is_none());
        assert!(slow_start(GameKind::English, "minimax:depth=2").is_none());
    }
}
