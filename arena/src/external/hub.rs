//! The host's side of Scan's Hub protocol, for a draughts engine (Scan, say, or `arena
//! engine international --protocol hub`) seated as an external agent with `protocol =
//! "hub"`: start-up (`hub` ... `wait`, `set-param`, `init` ... `ready`), a game
//! (`set-param name=seed`, `new-game`), a move (`pos`, `level`, `go think` ... `done
//! move=`). The notation is [`crate::engine_protocol::hub`]'s.

use std::time::{Duration, Instant};

use agents::Forfeit;
use engine::{EndReason, Game};

use super::forfeits::{closed, silence};
use super::process::Process;
use super::ExternalSpec;
use crate::engine_protocol::hub::{arguments, hub_position, parse_hub_move};

/// The option that is not a parameter but the `level` line sent before each search
/// (`depth=10`, `move-time=1`, ...).
pub const LEVEL_OPTION: &str = "level";

/// Greets a started Hub engine: `hub`, its parameters set from the options, `init`.
///
/// # Errors
/// A closed pipe, or no `wait` or `ready` in time.
pub fn start(process: &mut Process, spec: &ExternalSpec) -> Result<(), Forfeit> {
    let deadline = Instant::now() + spec.move_timeout;
    process.send("hub").map_err(closed)?;
    process.flush().map_err(closed)?;
    process
        .expect("wait", deadline)
        .map_err(|why| silence(why, "hub"))?;
    for (key, value) in spec.options.iter().filter(|(k, _)| k != LEVEL_OPTION) {
        process
            .send_parts(&["set-param name=", key, " value=\"", value, "\""])
            .map_err(closed)?;
    }
    process.send("init").map_err(closed)?;
    process.flush().map_err(closed)?;
    process
        .expect("ready", deadline)
        .map_err(|why| silence(why, "init"))?;
    Ok(())
}

/// Starts a game: the seed as a parameter (an engine without one ignores it), then
/// `new-game`. Nothing is answered.
///
/// # Errors
/// A closed pipe.
pub fn new_game(process: &mut Process, seed: u64) -> Result<(), Forfeit> {
    process
        .send(&format!("set-param name=seed value={seed}"))
        .map_err(closed)?;
    process.send("new-game").map_err(closed)
}

/// One search: the position, the level, `go think`, and the move of `done`.
///
/// # Errors
/// A closed pipe, no `done` in time, or a move that is not legal here.
pub fn ask<G: Game>(
    process: &mut Process,
    spec: &ExternalSpec,
    position: &G,
    timeout: Duration,
) -> Result<G::Move, Forfeit> {
    process
        .send_parts(&["pos pos=", &hub_position(position)])
        .map_err(closed)?;
    if let Some((_, level)) = spec.options.iter().find(|(k, _)| k == LEVEL_OPTION) {
        process.send_parts(&["level ", level]).map_err(closed)?;
    }
    process.send("go think").map_err(closed)?;
    process.flush().map_err(closed)?;
    let done = process
        .expect("done", Instant::now() + timeout)
        .map_err(|why| silence(why, "go think"))?;
    let args = arguments(done);
    let illegal = |detail: String| Forfeit {
        reason: EndReason::Illegal,
        detail,
    };
    let text = args
        .iter()
        .find(|(k, _)| *k == "move")
        .map(|(_, v)| *v)
        .ok_or_else(|| illegal(format!("`done {done}` names no move=")))?;
    parse_hub_move(position, text).map_err(illegal)
}
