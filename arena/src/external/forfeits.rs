//! An external agent's faults as the forfeits that end its game: a program that cannot
//! start or whose pipes break crashes, one that does not answer in time times out. Each
//! protocol's host side (the arena protocol's, Hub's) reports its faults through these.

use agents::Forfeit;
use engine::EndReason;

use super::lines::Silence;

/// A crash: the program could not start, or its pipes broke.
pub(super) fn crash(detail: String) -> Forfeit {
    Forfeit {
        reason: EndReason::Crash,
        detail,
    }
}

/// A write to the program that failed: its input is closed.
pub(super) fn closed(error: std::io::Error) -> Forfeit {
    crash(format!("its input is closed: {error}"))
}

/// A wait for an answer to `after` that ended without one: the program closed its
/// output (a crash) or took too long (a timeout).
pub(super) fn silence(why: Silence, after: &str) -> Forfeit {
    match why {
        Silence::Closed => crash(format!("it closed its output after `{after}`")),
        Silence::Timeout => Forfeit {
            reason: EndReason::Timeout,
            detail: format!("no answer to `{after}` in time"),
        },
    }
}
