//! The run's summaries, worked out from the aggregates of its games ([`crate::tally`]):
//! `pairs.csv` (each ordered pair of agents), `standings.csv` (Bradley-Terry ratings) and
//! `summary.csv` (the game's own metrics). Everything here is a pure function of the
//! aggregates and the config, which are a function of the rows.

use std::fmt::Write;

use crate::config::RunIdentity;
use crate::seeds;
use crate::stats::{
    wilson, BradleyTerry, PairRecord, RatingBasis, RatingInterval, ScoreSummary, Z_95,
};
use crate::tally::{Aggregates, TableRecord};

/// The header of `pairs.csv`.
pub const PAIRS_HEADER: &str = "agent,opponent,games,wins,draws,losses,score,score_lo,score_hi,\
elo,elo_lo,elo_hi,los,ll,ld,dd_wl,wd,ww";
/// The header of `standings.csv`.
/// `rating_fit` says what the rating rests on: `ml` (the maximum-likelihood fit: the agent
/// is in the anchor's group) or `prior` (it won or lost everything against some group on the
/// way to the anchor, so the gap rests on the prior's virtual draws).
pub const STANDINGS_HEADER: &str =
    "agent,games,score,score_lo,score_hi,rating,rating_lo,rating_hi,rating_fit";
/// The header of `summary.csv`.
pub const SUMMARY_HEADER: &str = "metric,value,lo,hi";

/// The three summary files' contents.
#[derive(Clone, Debug, PartialEq)]
pub struct Summaries {
    /// `pairs.csv`.
    pub pairs: String,
    /// `standings.csv`.
    pub standings: String,
    /// `summary.csv`.
    pub summary: String,
    /// One line per agent for people, in standings order.
    pub table: String,
}

/// One standing: an agent's pooled score and rating.
struct Standing {
    games: u64,
    score: Option<ScoreSummary>,
    rating: f64,
    interval: RatingInterval,
    basis: RatingBasis,
}

impl Standing {
    /// The pooled score and its interval, `NaN` for an agent without games.
    fn score_with_interval(&self) -> (f64, f64, f64) {
        self.score
            .as_ref()
            .map_or((f64::NAN, f64::NAN, f64::NAN), |x| {
                (x.score, x.score_lo, x.score_hi)
            })
    }
}

/// Works out every summary of a run from the aggregates of its games.
pub(crate) fn build(identity: &RunIdentity, agg: &Aggregates) -> Summaries {
    let names: Vec<&str> = identity.agent.iter().map(|a| a.name.as_str()).collect();
    let agents = names.len();
    let players = agg.players;
    let units = &agg.units;

    let anchor = names
        .iter()
        .position(|n| *n == identity.anchor)
        .unwrap_or(0);
    let fitter = BradleyTerry {
        anchor,
        ..BradleyTerry::default()
    };
    let crosstable = units.crosstable();
    let ratings = fitter
        .fit(&crosstable)
        .unwrap_or_else(|_| vec![0.0; agents]);
    let basis = fitter.basis(&crosstable);
    let bootstrap_seed = seeds::derive(identity.seed, seeds::BOOTSTRAP_STREAM, 0);
    let intervals = fitter
        .bootstrap(units, identity.bootstrap, 0.95, bootstrap_seed)
        .unwrap_or_else(|_| {
            ratings
                .iter()
                .map(|r| RatingInterval { lo: *r, hi: *r })
                .collect()
        });

    let mut pairs_csv = format!("{PAIRS_HEADER}\n");
    let mut standings: Vec<Standing> = Vec::new();
    for a in 0..agents {
        let mut pooled = PairRecord::new();
        for b in 0..agents {
            let record = &agg.records[a * agents + b];
            if a == b || record.games() == 0 {
                continue;
            }
            pooled += *record;
            let s = ScoreSummary::from_record(record, Z_95).expect("games were played");
            let [ll, ld, dd_wl, wd, ww] = record.pentanomial();
            let _ = writeln!(
                pairs_csv,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{ll},{ld},{dd_wl},{wd},{ww}",
                names[a],
                names[b],
                record.games(),
                record.wins,
                record.draws,
                record.losses,
                number(s.score, 4),
                number(s.score_lo, 4),
                number(s.score_hi, 4),
                number(s.elo, 1),
                number(s.elo_lo, 1),
                number(s.elo_hi, 1),
                number(s.los, 4),
            );
        }
        standings.push(Standing {
            games: pooled.games(),
            score: ScoreSummary::from_record(&pooled, Z_95),
            rating: ratings[a],
            interval: intervals[a],
            basis: basis[a],
        });
    }

    // Games of more than two seats also report places, wins and the rules' points.
    let tables = (players > 2).then_some(&agg.tables);
    let mut standings_csv = match tables {
        None => format!("{STANDINGS_HEADER}\n"),
        Some(_) => format!("{STANDINGS_HEADER},{TABLE_HEADER}\n"),
    };
    let mut table = format!(
        "{:<20} {:>7} {:>24} {:>26}\n",
        "agent", "games", "score [95%]", "rating [95%]"
    );
    let mut order: Vec<usize> = (0..agents).collect();
    order.sort_by(|x, y| standings[*y].rating.total_cmp(&standings[*x].rating));
    for (a, s) in standings.iter().enumerate() {
        let (score, lo, hi) = s.score_with_interval();
        let games = tables.as_ref().map_or(s.games, |t| t[a].games);
        let _ = write!(
            standings_csv,
            "{},{},{},{},{},{},{},{},{}",
            names[a],
            games,
            number(score, 4),
            number(lo, 4),
            number(hi, 4),
            number(s.rating, 1),
            number(s.interval.lo, 1),
            number(s.interval.hi, 1),
            s.basis.as_str(),
        );
        if let Some(tables) = &tables {
            standings_csv.push_str(&table_columns(&tables[a]));
        }
        standings_csv.push('\n');
    }
    for a in order {
        let s = &standings[a];
        let (score, lo, hi) = s.score_with_interval();
        let games = tables.as_ref().map_or(s.games, |t| t[a].games);
        let _ = writeln!(
            table,
            "{:<20} {:>7} {:>24} {:>26}",
            names[a],
            games,
            format!("{:.3} [{:.3}, {:.3}]", score, lo, hi),
            format!(
                "{:.0} [{:.0}, {:.0}]",
                s.rating, s.interval.lo, s.interval.hi
            ),
        );
    }

    Summaries {
        pairs: pairs_csv,
        standings: standings_csv,
        summary: summary(agg),
        table,
    }
}

/// The extra columns of `standings.csv` for games of more than two seats.
pub const TABLE_HEADER: &str = "mean_place,win_rate,win_rate_lo,win_rate_hi,points_per_game";

/// The extra standings columns of an agent's table record, with a leading comma.
fn table_columns(record: &TableRecord) -> String {
    let n = record.games as f64;
    let rate = record.wins as f64 / n.max(1.0);
    let (lo, hi) = wilson(rate, n, Z_95);
    let points = if record.has_points {
        number(record.points as f64 / n.max(1.0), 2)
    } else {
        String::new()
    };
    format!(
        ",{},{},{},{},{points}",
        number(record.place_sum as f64 / n.max(1.0), 3),
        number(rate, 4),
        number(lo, 4),
        number(hi, 4)
    )
}

/// `summary.csv`: first-player score, draw and decisive rates, game length, distinct
/// games, and how games ended.
fn summary(agg: &Aggregates) -> String {
    let n = agg.games as f64;
    let mut out = format!("{SUMMARY_HEADER}\n");
    // Counts print as whole numbers, rates and lengths with four decimals.
    let mut line = |metric: &str, value: f64, interval: Option<(f64, f64)>| {
        let (lo, hi) = interval.map_or((String::new(), String::new()), |(lo, hi)| {
            (number(lo, 4), number(hi, 4))
        });
        let decimals =
            if interval.is_none() && value.fract() == 0.0 && !metric.starts_with("length") {
                0
            } else {
                4
            };
        let _ = writeln!(out, "{metric},{},{lo},{hi}", number(value, decimals));
    };
    line("games", n, None);
    if agg.games == 0 {
        return out;
    }
    // The first seat's score: its share of the other seats it finished ahead of, a
    // multiple of 1/2 over the seats, so each count's share is exact as a row's was.
    let others = (agg.players - 1) as f64;
    let first_points: f64 = agg
        .first_halves
        .iter()
        .enumerate()
        .map(|(halves, count)| *count as f64 * (halves as f64 / 2.0 / others))
        .sum();
    let draws = agg.draws as f64;
    let rate = |count: f64| (count / n, Some(wilson(count / n, n, Z_95)));
    let (value, interval) = rate(first_points);
    line("first_player_score", value, interval);
    let (value, interval) = rate(draws);
    line("draw_rate", value, interval);
    let (value, interval) = rate(n - draws);
    line("decisive_rate", value, interval);
    let lengths = &agg.lengths;
    line("length_mean", lengths.mean().unwrap_or(0.0), None);
    line("length_sd", lengths.std_dev().unwrap_or(0.0), None);
    let qs = lengths.quantiles(&[0.1, 0.5, 0.9]).unwrap_or_default();
    for (name, value) in ["length_q10", "length_q50", "length_q90"].iter().zip(qs) {
        line(name, value, None);
    }
    line("distinct_games", agg.distinct as f64, None);
    // The first four always appear; the others (draughts' own endings, resignations)
    // only when some game ended so.
    for (index, reason) in engine::EndReason::ALL.iter().enumerate() {
        let count = agg.ends[index];
        if index < 4 || count > 0 {
            line(&format!("end_{}", reason.as_str()), count as f64, None);
        }
    }
    out
}

/// A number for the CSV files: fixed decimals, `inf`, `-inf` or `nan`.
fn number(value: f64, decimals: usize) -> String {
    if value.is_nan() {
        "nan".into()
    } else if value.is_infinite() {
        if value > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        let text = format!("{value:.decimals$}");
        // "-0.0" and "0.0" are the same number; print one of them.
        if text
            .trim_start_matches('-')
            .chars()
            .all(|c| c == '0' || c == '.')
        {
            text.trim_start_matches('-').to_string()
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games_csv::GameRow;
    use crate::tally::Tally;

    /// The summaries of `rows`, added to a tally one by one.
    fn build_from_rows(identity: &RunIdentity, rows: &[GameRow], players: usize) -> Summaries {
        let names = identity.agent.iter().map(|a| a.name.clone()).collect();
        let mut tally = Tally::new(names, players, &std::env::temp_dir());
        for row in rows {
            tally.add(row).unwrap();
        }
        build(identity, &tally.finish().unwrap())
    }

    fn row(game_id: u64, first: &str, second: &str, winner: &str) -> GameRow {
        GameRow {
            game_id,
            pairing: 0,
            seed: 1,
            seats: vec![first.into(), second.into()],
            winner: winner.into(),
            plies: 10 + game_id as u32,
            end: "goal".into(),
            places: Vec::new(),
            moves: format!("m{game_id}"),
        }
    }

    #[test]
    fn pairs_and_standings_from_rows() {
        let identity = RunIdentity::for_tests(&["a", "b"]);
        // Pair 0: a wins both (WW for a); pair 1: a wins one, draws one (WD).
        let rows = vec![
            row(0, "a", "b", "first"),
            row(1, "b", "a", "second"),
            row(2, "a", "b", "first"),
            row(3, "b", "a", "draw"),
        ];
        let report = build_from_rows(&identity, &rows, 2);
        let lines: Vec<&str> = report.pairs.lines().collect();
        assert!(lines[1].starts_with("a,b,4,3,1,0,0.8750,"), "{}", lines[1]);
        assert!(lines[1].ends_with(",0,0,0,1,1"), "{}", lines[1]);
        assert!(lines[2].starts_with("b,a,4,0,1,3,0.1250,"), "{}", lines[2]);
        assert!(lines[2].ends_with(",1,1,0,0,0"), "{}", lines[2]);
        let standings: Vec<&str> = report.standings.lines().collect();
        assert!(standings[1].starts_with("a,4,0.8750,"), "{}", standings[1]);
        assert!(standings[1].contains(",0.0,0.0,0.0"), "{}", standings[1]);
        assert!(report.summary.contains("first_player_score,0.6250,"));
        assert!(report.summary.contains("distinct_games,4,,"));
        assert_eq!(report, build_from_rows(&identity, &rows, 2), "reproducible");
        // Games finish in any order: the aggregates are the same.
        let reversed: Vec<GameRow> = rows.iter().rev().cloned().collect();
        assert_eq!(
            report,
            build_from_rows(&identity, &reversed, 2),
            "any order"
        );
    }

    #[test]
    fn tables_of_three_count_every_two_seats() {
        let identity = RunIdentity::for_tests(&["a", "b", "c"]);
        let row = |game_id: u64, seats: [&str; 3], places: [u8; 3], winner: &str| GameRow {
            game_id,
            pairing: 0,
            seed: 1,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            winner: winner.into(),
            plies: 30,
            end: "goal".into(),
            places: places.to_vec(),
            moves: format!("m{game_id}"),
        };
        // One set of three rotations: a wins twice, b once; c is last twice.
        let rows = vec![
            row(0, ["a", "b", "c"], [1, 2, 3], "first"),
            row(1, ["b", "c", "a"], [2, 3, 1], "third"),
            row(2, ["c", "a", "b"], [2, 3, 1], "third"),
        ];
        let report = build_from_rows(&identity, &rows, 3);
        let pairs: Vec<&str> = report.pairs.lines().collect();
        // a against b: ahead in games 0 and 1, behind in game 2.
        assert!(pairs[1].starts_with("a,b,3,2,0,1,"), "{}", pairs[1]);
        let standings: Vec<&str> = report.standings.lines().collect();
        assert!(
            standings[0].ends_with(",mean_place,win_rate,win_rate_lo,win_rate_hi,points_per_game")
        );
        // a: places 1, 1, 3; points 30 + 30 - 15 over three games.
        assert!(standings[1].starts_with("a,3,"), "{}", standings[1]);
        assert!(standings[1].contains(",1.667,0.6667,"), "{}", standings[1]);
        assert!(standings[1].ends_with(",15.00"), "{}", standings[1]);
        // Seat A finished 1st, 2nd and 2nd: ahead of 2, 1 and 1 of the other two.
        assert!(
            report.summary.contains("first_player_score,0.6667,"),
            "{}",
            report.summary
        );
    }

    #[test]
    fn numbers_are_printed_one_way() {
        assert_eq!(number(-0.00001, 2), "0.00");
        assert_eq!(number(3.0, 0), "3");
        assert_eq!(number(f64::INFINITY, 1), "inf");
        assert_eq!(number(-f64::INFINITY, 1), "-inf");
        assert_eq!(number(190.8485, 1), "190.8");
    }
}
