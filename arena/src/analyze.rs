//! Blunder analysis of Leapfrog Race games against the solved table: every agent move
//! rated, and per agent the blunder rate (with a bootstrap interval over games) and the
//! distance to the end given away.

use std::collections::HashMap;
use std::fmt::Write as _;

use engine::games::leapfrog::solve::{Entry, SolveTable, Value};
use engine::{Game, Leapfrog};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::seeds;
use crate::stats::quantile_sorted;

/// How one move compares with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRating {
    /// The move loses value: a win thrown to a draw or a loss, or a draw to a loss.
    pub blunder: bool,
    /// For a move that keeps the value: plies given away (a slower win, a quicker loss).
    pub distance_lost: Option<u32>,
}

/// Rates a move from `before` (value `entry` for the mover) that leads to `after`.
pub fn rate(entry: Entry, after: Entry) -> MoveRating {
    let after = after.before_move();
    let rank = |value: Value| match value {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    };
    if rank(after.value) < rank(entry.value) {
        return MoveRating {
            blunder: true,
            distance_lost: None,
        };
    }
    let lost = match entry.value {
        // A win or a draw should end as soon as it can, a loss as late as it can.
        Value::Win | Value::Draw => after.distance.saturating_sub(entry.distance),
        Value::Loss => entry.distance.saturating_sub(after.distance),
    };
    MoveRating {
        blunder: false,
        distance_lost: Some(lost),
    }
}

/// One game's ratings per seat: (moves rated, blunders, distance lost over kept moves,
/// kept moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTally {
    /// Agent moves rated.
    pub moves: u64,
    /// Of them, blunders.
    pub blunders: u64,
    /// Plies given away over the moves that kept their value.
    pub distance_lost: u64,
    /// Moves that kept their value.
    pub kept: u64,
}

/// Rates the agent moves (plies from `opening_plies` on) of a game played from `start`.
///
/// # Errors
/// A move that does not parse or is illegal, or a position the table does not hold.
pub fn rate_game(
    table: &SolveTable,
    start: &Leapfrog,
    moves: &str,
    opening_plies: u32,
) -> Result<[SeatTally; 2], String> {
    let mut position = *start;
    let mut tallies = [SeatTally::default(); 2];
    for (ply, text) in moves.split(' ').filter(|m| !m.is_empty()).enumerate() {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        if !position.is_legal(mv) {
            return Err(format!("illegal move {text} at ply {}", ply + 1));
        }
        let seat = position.to_move();
        let mut after = position;
        after.play_unchecked(mv);
        if ply as u32 >= opening_plies {
            let missing = || format!("position {position} is not in the solved table");
            let before_entry = table.entry(&position).ok_or_else(missing)?;
            let after_entry = table.entry(&after).ok_or_else(missing)?;
            let rating = rate(before_entry, after_entry);
            let tally = &mut tallies[seat.index()];
            tally.moves += 1;
            if rating.blunder {
                tally.blunders += 1;
            }
            if let Some(lost) = rating.distance_lost {
                tally.distance_lost += u64::from(lost);
                tally.kept += 1;
            }
        }
        position = after;
    }
    Ok(tallies)
}

/// The header of `accuracy.csv`.
pub const ACCURACY_HEADER: &str =
    "agent,games,moves,blunders,blunder_rate,blunder_rate_lo,blunder_rate_hi,mean_distance_lost";

/// Bootstrap resamples of games for the blunder-rate interval.
const RESAMPLES: usize = 1000;

/// `accuracy.csv` from each agent's per-game tallies, with intervals from a bootstrap
/// over games seeded by `seed`.
pub fn accuracy_csv(
    names: &[String],
    per_game: &HashMap<String, Vec<SeatTally>>,
    seed: u64,
) -> String {
    let mut out = format!("{ACCURACY_HEADER}\n");
    for name in names {
        let games = per_game.get(name).map_or(&[][..], |g| &g[..]);
        let total = games.iter().fold(SeatTally::default(), |mut sum, g| {
            sum.moves += g.moves;
            sum.blunders += g.blunders;
            sum.distance_lost += g.distance_lost;
            sum.kept += g.kept;
            sum
        });
        let rate = total.blunders as f64 / total.moves.max(1) as f64;
        let mut rng = ChaCha8Rng::seed_from_u64(seeds::derive(seed, seeds::ACCURACY_STREAM, 0));
        let mut rates = Vec::with_capacity(RESAMPLES);
        if !games.is_empty() {
            for _ in 0..RESAMPLES {
                let (mut moves, mut blunders) = (0u64, 0u64);
                for _ in 0..games.len() {
                    let game = &games[rng.random_range(0..games.len())];
                    moves += game.moves;
                    blunders += game.blunders;
                }
                rates.push(blunders as f64 / moves.max(1) as f64);
            }
        }
        rates.sort_by(f64::total_cmp);
        let (lo, hi) = if rates.is_empty() {
            (f64::NAN, f64::NAN)
        } else {
            (
                quantile_sorted(&rates, 0.025),
                quantile_sorted(&rates, 0.975),
            )
        };
        let mean_lost = total.distance_lost as f64 / total.kept.max(1) as f64;
        let _ = writeln!(
            out,
            "{name},{},{},{},{rate:.4},{lo:.4},{hi:.4},{mean_lost:.4}",
            games.len(),
            total.moves,
            total.blunders
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: Value, distance: u32) -> Entry {
        Entry { value, distance }
    }

    #[test]
    fn blunders_lose_value_and_kept_moves_count_plies() {
        // A win in 5: the best move leads to a loss in 4 for the opponent.
        let won = entry(Value::Win, 5);
        assert_eq!(rate(won, entry(Value::Loss, 4)).distance_lost, Some(0));
        assert_eq!(rate(won, entry(Value::Loss, 8)).distance_lost, Some(4));
        assert!(rate(won, entry(Value::Win, 3)).blunder);
        assert!(rate(won, entry(Value::Draw, 3)).blunder);
        // A loss in 6 that gives up two plies of resistance.
        let lost = entry(Value::Loss, 6);
        assert_eq!(rate(lost, entry(Value::Win, 3)).distance_lost, Some(2));
        assert!(!rate(lost, entry(Value::Win, 5)).blunder);
        assert!(rate(entry(Value::Draw, 9), entry(Value::Win, 2)).blunder);
    }
}
