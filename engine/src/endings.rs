//! How the two-player games of the draughts family end, shared by their engines: the
//! order of the end checks (no move, then the draw rules, then the ply cap), the
//! repetition count, and the draw a repetition rule or a no-progress counter calls.

use crate::game::{EndReason, Outcome, Status};
use crate::player::Seat;

/// The status of a two-player game: `stuck_winner` is the winner when the side to move
/// has no move (`None` while it has one); `draw` is the draw the game's rules call, if
/// any; `capped` says the ply cap is reached.
#[inline]
pub(crate) fn two_player_status(
    stuck_winner: Option<Seat>,
    draw: Option<EndReason>,
    capped: bool,
) -> Status {
    if let Some(winner) = stuck_winner {
        return Status::Over(Outcome::win(winner, 2, EndReason::NoMoves));
    }
    if let Some(reason) = draw {
        return Status::Over(Outcome::draw(2, reason));
    }
    if capped {
        return Status::Over(Outcome::draw(2, EndReason::PlyCap));
    }
    Status::Ongoing
}

/// How often the position whose hash is `hash` has occurred, counting this time, among
/// the positions of the same side to move within the last `quiet_plies` plies (those
/// since the last irreversible one). `history` holds one entry per ply played, oldest
/// first, and `hash_of` gives the hash of the position before that ply.
#[inline]
pub(crate) fn repeats<T>(
    hash: u64,
    quiet_plies: u16,
    history: &[T],
    hash_of: impl Fn(&T) -> u64,
) -> u8 {
    let window = (quiet_plies as usize).min(history.len());
    let mut repeats = 1u8;
    let mut back = 2;
    while back <= window {
        if hash_of(&history[history.len() - back]) == hash {
            repeats = repeats.saturating_add(1);
        }
        back += 2;
    }
    repeats
}

/// The draw that repetition or a no-progress counter calls: the `repetitions`-th
/// occurrence of a position (0: never), or `quiet_limit` plies without progress (0:
/// never).
#[inline]
pub(crate) fn draw_by_counters(
    repetitions: u8,
    repeats: u8,
    quiet_limit: u16,
    quiet_plies: u16,
) -> Option<EndReason> {
    if repetitions > 0 && repeats >= repetitions {
        return Some(EndReason::Repetition);
    }
    if quiet_limit > 0 && quiet_plies >= quiet_limit {
        return Some(EndReason::DrawRule);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_count_same_side_positions_within_the_window() {
        // Oldest first; the last entry is the position before the last ply (the other
        // side to move), the one before it ours, and so on.
        let history = [7u64, 9, 7, 9, 7, 9];
        let hash_of = |h: &u64| *h;
        assert_eq!(repeats(7, 6, &history, hash_of), 4);
        assert_eq!(repeats(7, 4, &history, hash_of), 3);
        assert_eq!(repeats(7, 1, &history, hash_of), 1);
        assert_eq!(repeats(9, 6, &history, hash_of), 1);
    }

    #[test]
    fn the_end_checks_go_in_order() {
        let draw = Some(EndReason::Repetition);
        let stuck = two_player_status(Some(Seat::B), draw, true);
        assert_eq!(
            stuck.outcome().map(|o| o.reason()),
            Some(EndReason::NoMoves)
        );
        let drawn = two_player_status(None, draw, true);
        assert_eq!(
            drawn.outcome().map(|o| o.reason()),
            Some(EndReason::Repetition)
        );
        let capped = two_player_status(None, None, true);
        assert_eq!(
            capped.outcome().map(|o| o.reason()),
            Some(EndReason::PlyCap)
        );
        assert_eq!(two_player_status(None, None, false), Status::Ongoing);
        assert_eq!(draw_by_counters(3, 3, 0, 500), Some(EndReason::Repetition));
        assert_eq!(draw_by_counters(0, 9, 80, 80), Some(EndReason::DrawRule));
        assert_eq!(draw_by_counters(3, 2, 80, 79), None);
    }
}
