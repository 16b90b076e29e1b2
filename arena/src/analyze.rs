//! Blunder analysis: every agent move of Leapfrog Race games rated against the solved
//! table, and every move of English checkers games played inside the endgame tables (both
//! positions covered) rated against them, with per agent the blunder rate (with a
//! bootstrap interval over games) and the distance to the end given away
//! (`accuracy.csv`); and every agent move of any game scored by the referee, a
//! fixed-depth material search ([`agents::referee`]), with per agent and seat the
//! shares of gross mistakes (a unit or more given away) and of smaller losses and the
//! mean loss, each with a bootstrap interval over games (`referee.csv`).

use std::collections::HashMap;
use std::fmt::Write as _;

use agents::referee::{Referee, Refereed, GROSS};
use engine::games::draughts::endgame::Endgame;
use engine::games::draughts::EnglishDraughts;
use engine::games::leapfrog::solve::{Entry, SolveTable, Value};
use engine::{Game, Leapfrog, Seat, MAX_PLAYERS};

use crate::seeds;
use crate::stats::{clustered_mean, clustered_rate};

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
    rate_moves(start, moves, opening_plies, |position| {
        table
            .entry(position)
            .map(Some)
            .ok_or_else(|| format!("position {position} is not in the solved table"))
    })
}

/// Rates the agent moves (plies from `opening_plies` on) of an English checkers game
/// played from `start` that begin in a position the endgame `tables` cover; the moves
/// before the game enters the tables are not rated.
///
/// # Errors
/// A move that does not parse or is illegal.
pub fn rate_english_game(
    tables: &Endgame,
    start: &EnglishDraughts,
    moves: &str,
    opening_plies: u32,
) -> Result<[SeatTally; 2], String> {
    rate_moves(start, moves, opening_plies, |position| {
        Ok(tables.entry(position))
    })
}

/// Replays `moves` from `start` and rates each agent move whose position `entry` values
/// (`Ok(None)`: not rated) against the value of the position it leads to.
fn rate_moves<G: Game>(
    start: &G,
    moves: &str,
    opening_plies: u32,
    mut entry: impl FnMut(&G) -> Result<Option<Entry>, String>,
) -> Result<[SeatTally; 2], String> {
    let mut position = start.clone();
    let mut tallies = [SeatTally::default(); 2];
    for (ply, text) in moves.split(' ').filter(|m| !m.is_empty()).enumerate() {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        if !position.is_legal(mv) {
            return Err(format!("illegal move {text} at ply {}", ply + 1));
        }
        let seat = position.to_move();
        let mut after = position.clone();
        after.play_unchecked(mv);
        if ply as u32 >= opening_plies {
            if let (Some(before_entry), Some(after_entry)) = (entry(&position)?, entry(&after)?) {
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

/// `accuracy.csv` from each agent's per-game tallies. The blunder rate's 95% interval
/// resamples whole games ([`clustered_rate`]), seeded from `seed` by agent.
pub fn accuracy_csv(
    names: &[String],
    per_game: &HashMap<String, Vec<SeatTally>>,
    seed: u64,
) -> String {
    let mut out = format!("{ACCURACY_HEADER}\n");
    for (index, name) in names.iter().enumerate() {
        let games = per_game.get(name).map_or(&[][..], |g| &g[..]);
        let total = games.iter().fold(SeatTally::default(), |mut sum, g| {
            sum.moves += g.moves;
            sum.blunders += g.blunders;
            sum.distance_lost += g.distance_lost;
            sum.kept += g.kept;
            sum
        });
        let clusters: Vec<(u64, u64)> = games.iter().map(|g| (g.moves, g.blunders)).collect();
        let bootstrap_seed = seeds::derive(seed, seeds::ACCURACY_STREAM, index as u64);
        let (rate, lo, hi) = match clustered_rate(&clusters, RESAMPLES, 0.95, bootstrap_seed) {
            Some(r) => (r.rate, r.lo, r.hi),
            None => (0.0, f64::NAN, f64::NAN),
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

/// One game's referee scores for one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefereeTally {
    /// Agent moves scored.
    pub moves: u64,
    /// Of them, moves that gave away at least a unit ([`GROSS`]).
    pub gross: u64,
    /// Moves that gave away something, less than a unit.
    pub small: u64,
    /// The losses of every move scored, summed, in hundredths of the unit.
    pub loss: u64,
}

impl RefereeTally {
    /// Adds `other`'s moves and losses to these.
    pub(crate) fn add(&mut self, other: &RefereeTally) {
        self.moves += other.moves;
        self.gross += other.gross;
        self.small += other.small;
        self.loss += other.loss;
    }
}

/// Scores the agent moves (plies from `opening_plies` on) of a game played from `start`
/// with `referee`: a tally a seat (the seats past the table's stay empty).
///
/// # Errors
/// A move that does not parse or is illegal.
pub fn referee_game<G: Refereed>(
    referee: &Referee,
    start: &G,
    moves: &str,
    opening_plies: u32,
) -> Result<[RefereeTally; MAX_PLAYERS], String> {
    let mut position = start.clone();
    let mut tallies = [RefereeTally::default(); MAX_PLAYERS];
    for (ply, text) in moves.split(' ').filter(|m| !m.is_empty()).enumerate() {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        if !position.is_legal(mv) {
            return Err(format!("illegal move {text} at ply {}", ply + 1));
        }
        if ply as u32 >= opening_plies {
            let rating = referee.rate(&position, mv);
            let loss = rating.loss();
            let tally = &mut tallies[position.to_move().index()];
            tally.moves += 1;
            if rating.is_gross() {
                tally.gross += 1;
            } else if loss > 0 {
                tally.small += 1;
            }
            tally.loss += loss as u64;
        }
        position.play_unchecked(mv);
    }
    Ok(tallies)
}

/// The header of `referee.csv`: per agent a row of all its games (`seat` `all`) and one
/// per seat it played; the shares of gross mistakes and of smaller losses and the mean
/// loss (in units) with their 95% intervals; the unit and the referee's depth.
pub const REFEREE_HEADER: &str = "agent,seat,games,moves,gross,gross_rate,gross_lo,gross_hi,\
small,small_rate,small_lo,small_hi,mean_loss,mean_loss_lo,mean_loss_hi,unit,depth";

/// One agent's games as the referee scored them: the seat it played and its tally.
pub type RefereedGames = Vec<(Seat, RefereeTally)>;

/// `referee.csv` from each agent's per-game tallies (`unit` and `depth` as the referee
/// had them). Each interval resamples whole games ([`clustered_rate`],
/// [`clustered_mean`]), seeded from `seed` by row.
pub fn referee_csv(
    names: &[String],
    per_game: &HashMap<String, RefereedGames>,
    unit: &str,
    depth: u32,
    seed: u64,
) -> String {
    let mut out = format!("{REFEREE_HEADER}\n");
    let mut row = 0u64;
    for name in names {
        let games = per_game.get(name).map_or(&[][..], |g| &g[..]);
        let seats: Vec<Seat> = (0..MAX_PLAYERS)
            .map(Seat::new)
            .filter(|seat| games.iter().any(|(s, _)| s == seat))
            .collect();
        let groups = std::iter::once(("all".to_string(), None))
            .chain(seats.iter().map(|s| (s.to_string(), Some(*s))));
        for (label, seat) in groups {
            let tallies: Vec<RefereeTally> = games
                .iter()
                .filter(|(s, _)| seat.is_none_or(|seat| seat == *s))
                .map(|(_, t)| *t)
                .collect();
            let mut total = RefereeTally::default();
            for tally in &tallies {
                total.add(tally);
            }
            let bootstrap = |k: u64| seeds::derive(seed, seeds::REFEREE_STREAM, 3 * row + k);
            let share = |events: fn(&RefereeTally) -> u64, k: u64| {
                let clusters: Vec<(u64, u64)> =
                    tallies.iter().map(|t| (t.moves, events(t))).collect();
                interval_text(
                    clustered_rate(&clusters, RESAMPLES, 0.95, bootstrap(k)),
                    1.0,
                )
            };
            let gross = share(|t| t.gross, 0);
            let small = share(|t| t.small, 1);
            let clusters: Vec<(u64, u64)> = tallies.iter().map(|t| (t.moves, t.loss)).collect();
            let mean = interval_text(
                clustered_mean(&clusters, RESAMPLES, 0.95, bootstrap(2)),
                f64::from(GROSS),
            );
            let _ = writeln!(
                out,
                "{name},{label},{},{},{},{gross},{},{small},{mean},{unit},{depth}",
                tallies.len(),
                total.moves,
                total.gross,
                total.small,
            );
            row += 1;
        }
    }
    out
}

/// `rate,lo,hi` of an interval over `scale` (empty fields where nothing was scored).
fn interval_text(interval: Option<crate::stats::ClusteredRate>, scale: f64) -> String {
    match interval {
        Some(r) => format!(
            "{:.4},{:.4},{:.4}",
            r.rate / scale,
            r.lo / scale,
            r.hi / scale
        ),
        None => ",,".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short English endgame, two kings against one, rated against the tables: the
    /// winner's best moves keep their value at no cost, a slower winning move costs its
    /// plies, and the loser cannot blunder.
    #[test]
    fn english_moves_inside_the_tables_are_rated() {
        let tables = Endgame::build(3, |_| {}).unwrap();
        let start = EnglishDraughts::parse_position("W:WK1,K2:BK32").unwrap();
        let mut position = start.clone();
        let mut moves = Vec::new();
        let mut expected = [SeatTally::default(); 2];
        // White (to move, winning): a best move, then the slowest move that still wins,
        // then best moves; Black: any move (all lose). Six plies.
        for ply in 0..6 {
            let entry = tables.entry(&position).unwrap();
            let rated = tables.rate_moves(&position);
            let seat = position.to_move().index();
            // Entries seen from the mover: White wins with every winning move.
            let wins = rated.iter().filter(|(_, e)| e.value == Value::Win);
            let mv = if ply == 2 {
                wins.max_by_key(|(_, e)| e.distance).map(|(m, _)| *m)
            } else {
                wins.min_by_key(|(_, e)| e.distance).map(|(m, _)| *m)
            }
            .unwrap_or(rated[0].0);
            let mut child = position.clone();
            child.play_unchecked(mv);
            if let Some(after) = tables.entry(&child) {
                let rating = rate(entry, after);
                expected[seat].moves += 1;
                expected[seat].blunders += u64::from(rating.blunder);
                if let Some(lost) = rating.distance_lost {
                    expected[seat].distance_lost += u64::from(lost);
                    expected[seat].kept += 1;
                }
            }
            moves.push(position.pdn_move(mv));
            position.play_unchecked(mv);
            if position.is_over() {
                break;
            }
        }
        let winner = start.to_move().index();
        assert!(expected[winner].distance_lost > 0, "{expected:?}");
        assert_eq!(
            expected[0].blunders + expected[1].blunders,
            0,
            "{expected:?}"
        );
        assert!(
            expected[0].moves >= 2 && expected[1].moves >= 2,
            "{expected:?}"
        );
        let tallies = rate_english_game(&tables, &start, &moves.join(" "), 0).unwrap();
        assert_eq!(tallies, expected, "{moves:?}");
        // The opening plies are not rated; a game outside the tables rates nothing.
        let skipped = rate_english_game(&tables, &start, &moves.join(" "), 1).unwrap();
        assert_eq!(skipped[winner].moves, expected[winner].moves - 1);
        let full = EnglishDraughts::new(&engine::GameOptions::new()).unwrap();
        let outside = rate_english_game(&tables, &full, "11-15 23-19", 0).unwrap();
        assert_eq!(outside, [SeatTally::default(); 2]);
    }

    /// A short English game scored by the referee: the opening plies are skipped, each
    /// seat's moves counted, and a man left to be taken is a gross mistake.
    #[test]
    fn the_referee_scores_each_seats_moves() {
        let referee = Referee::new(4).unwrap();
        let start = EnglishDraughts::parse_position("W:W22,32:B14,1").unwrap();
        // White hangs its man on 22, Black takes it, White steps its last man out of reach.
        let tallies = referee_game(&referee, &start, "22-18 14x23 32-28", 0).unwrap();
        let white = Seat::A.index();
        let white = if EnglishDraughts::colour_of(Seat::A) == start.side_to_move() {
            white
        } else {
            Seat::B.index()
        };
        assert_eq!(tallies[white].moves, 2, "{tallies:?}");
        assert_eq!(tallies[white].gross, 1, "{tallies:?}");
        assert!(tallies[white].loss >= 100, "{tallies:?}");
        assert_eq!(tallies[1 - white].moves, 1, "{tallies:?}");
        let skipped = referee_game(&referee, &start, "22-18 14x23 32-28", 1).unwrap();
        assert_eq!(skipped[white].moves, 1);
        assert_eq!(skipped[white].gross, 0);
        assert!(referee_game(&referee, &start, "22-17 9-14", 0).is_err());
        // The CSV: a row of all games, then one per seat played.
        let names = vec!["x".to_string()];
        let per_game = HashMap::from([(
            "x".to_string(),
            vec![
                (Seat::A, tallies[white]),
                (Seat::B, tallies[white]),
                (Seat::B, RefereeTally::default()),
            ],
        )]);
        let csv = referee_csv(&names, &per_game, "man", 4, 7);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], REFEREE_HEADER);
        assert!(lines[1].starts_with("x,all,3,4,2,0.5000,"), "{csv}");
        assert!(lines[2].starts_with("x,A,1,2,1,0.5000,"), "{csv}");
        assert!(lines[3].starts_with("x,B,2,2,1,0.5000,"), "{csv}");
        assert!(lines[1].ends_with(",man,4"), "{csv}");
        assert_eq!(csv, referee_csv(&names, &per_game, "man", 4, 7));
    }

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
