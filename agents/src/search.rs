//! What the tree searches of this crate share: the scale of their values (wins,
//! evaluations and the decisive values between), the value of a finished game, of an
//! endgame table's entry and of a position at the horizon, the shift that lets a table
//! store decisive values relative to their node, and the result of one search. The
//! minimax player ([`crate::minimax`]) and the searches for more than two players
//! ([`crate::multiplayer`]) both count in these values.

use engine::games::leapfrog::solve::{Entry, Value};
use engine::{Outcome, Seat};

use crate::eval::Evaluate;
use crate::tt::Bound;

/// The deepest ply a search reaches, exchanges included: a position this far below the
/// root is evaluated even in the middle of an exchange.
pub const MAX_PLY: u32 = 128;
/// Evaluations are clamped to ±this.
pub const EVAL_LIMIT: i32 = 100_000;
/// The value of a win at the root; a finished game at ply `p` scores `WIN - p` for a win
/// and `p - WIN` for a loss (scaled by the score for more than two players).
pub const WIN: i32 = 1_000_000;
/// Values at least this far from 0 come from finished games, never from evaluations.
pub const DECISIVE: i32 = 150_000;

/// The value for `root` of a game that ended with `outcome` at `ply` plies below the
/// root: `WIN` scaled by the root's score from -1 (last) to +1 (first), nearer 0 by one
/// per ply for a decided game, and 0 for an even one.
pub fn terminal_value(outcome: &Outcome, root: Seat, ply: u32) -> i32 {
    let base = ((2.0 * outcome.score(root) - 1.0) * WIN as f64).round() as i32;
    match base.cmp(&0) {
        std::cmp::Ordering::Greater => base - ply as i32,
        std::cmp::Ordering::Less => base + ply as i32,
        std::cmp::Ordering::Equal => 0,
    }
}

/// An endgame table's entry at `ply` below the root as a value for the side to move:
/// a win or a loss at the ply where perfect play ends the game, as [`terminal_value`]
/// scores a finished game there, and 0 for a draw.
#[inline]
pub fn table_value(entry: Entry, ply: u32) -> i32 {
    let end = (ply + entry.distance) as i32;
    match entry.value {
        Value::Win => WIN - end,
        Value::Loss => end - WIN,
        Value::Draw => 0,
    }
}

/// The evaluation of `position` for `root`, clamped to ±[`EVAL_LIMIT`].
#[inline]
pub fn leaf_value<G: Evaluate>(position: &G, root: Seat) -> i32 {
    position.evaluate(root).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Whether a search evaluates `position` (not over), with `depth` plies left at `ply`
/// below the root: at the horizon, unless `resolve` asks for exchanges to be played out
/// and the side to move must capture (then the search goes on to [`MAX_PLY`]).
#[inline]
pub fn is_leaf<G: Evaluate>(position: &G, depth: u32, ply: u32, resolve: bool) -> bool {
    depth == 0 && (!resolve || ply + 1 >= MAX_PLY || !position.in_exchange())
}

/// A decisive value measured from the node rather than the root, for the table.
#[inline]
pub(crate) fn value_to_table(value: i32, ply: u32) -> i32 {
    if value >= DECISIVE {
        value + ply as i32
    } else if value <= -DECISIVE {
        value - ply as i32
    } else {
        value
    }
}

/// The inverse of [`value_to_table`] at `ply`.
#[inline]
pub(crate) fn value_from_table(value: i32, ply: u32) -> i32 {
    if value >= DECISIVE {
        value - ply as i32
    } else if value <= -DECISIVE {
        value + ply as i32
    } else {
        value
    }
}

/// The value a table entry gives a node `depth` plies from the horizon at `ply` within
/// `(alpha, beta)`, when it cuts the search there: stored at exactly that depth (or at
/// least that depth, with `deeper`), and exact or a bound outside the window. Only the
/// exact depth keeps the root value that of a fixed-depth minimax.
#[inline]
pub(crate) fn table_cut(
    entry: &crate::tt::Entry,
    depth: u32,
    ply: u32,
    alpha: i32,
    beta: i32,
    deeper: bool,
) -> Option<i32> {
    if entry.depth != depth && !(deeper && entry.depth > depth) {
        return None;
    }
    let value = value_from_table(entry.value, ply);
    let cuts = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => value >= beta,
        Bound::Upper => value <= alpha,
    };
    cuts.then_some(value)
}

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move of the last completed iteration.
    pub best: M,
    /// Its value for the seat to move.
    pub value: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited, the unfinished iteration's included.
    pub nodes: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::EndReason;

    #[test]
    fn terminal_values_prefer_the_quickest_win_and_the_slowest_loss() {
        let win = Outcome::win(Seat::A, 2, EndReason::Goal);
        assert_eq!(terminal_value(&win, Seat::A, 3), WIN - 3);
        assert!(terminal_value(&win, Seat::A, 3) > terminal_value(&win, Seat::A, 5));
        assert!(terminal_value(&win, Seat::B, 5) > terminal_value(&win, Seat::B, 3));
        assert!(terminal_value(&win, Seat::B, 60) <= -DECISIVE);
        let draw = Outcome::draw(2, EndReason::Stuck);
        assert_eq!(terminal_value(&draw, Seat::B, 7), 0);
        // Second of three is worth nothing either way; last is a loss.
        let race = Outcome::from_scores(&[3, 2, 1], EndReason::PlyCap);
        assert_eq!(terminal_value(&race, Seat::B, 4), 0);
        assert!(terminal_value(&race, Seat::new(2), 4) <= -DECISIVE);
        for ply in [0, 5, 200] {
            for value in [WIN - ply, -WIN + ply, 17, -DECISIVE + 1] {
                assert_eq!(value_from_table(value_to_table(value, 9), 9), value);
            }
        }
    }
}
