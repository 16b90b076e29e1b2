//! What is measured at one knob value: its game pairs against each reference, and from
//! them its score against each, its blunder rate (solved games), its rating on the
//! ladder's scale and its mean search effort, each value with its interval.

use std::sync::Arc;

use agents::referee::{Referee, Refereed, GROSS};
use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, Leapfrog, MAX_PLAYERS};
use rayon::prelude::*;

use super::config::Target;
use super::result::{Estimate, Mistakes};
use crate::analyze::{rate_game, referee_game, RefereeTally};
use crate::batches::{record_of, set_record_of, BatchGame, PlayedPair};
use crate::stats::{
    clustered_mean, clustered_rate, tail_of_z, BradleyTerry, GameUnits, PairRecord, PairScore,
    ScoreSummary, SetRecord,
};

/// Rates agent moves against the solved table (Leapfrog Race only).
#[derive(Clone)]
pub struct BlunderJudge {
    /// The solved table.
    pub table: Arc<SolveTable>,
    /// The start position of the games.
    pub start: Leapfrog,
    /// Plies of random opening, not rated.
    pub opening_plies: u32,
}

/// The referee's tally of the agent `spec` in `game` from the game's tallies by seat: at
/// two seats the first or the second; in a set's game, the seat `first` played, or every
/// other seat where `spec` played those.
fn measured_seats(
    game: &BatchGame,
    spec: &str,
    seats: &[RefereeTally; MAX_PLAYERS],
) -> RefereeTally {
    let Some(letter) = game.seat.bytes().next() else {
        return seats[if game.first == spec { 0 } else { 1 }];
    };
    let seat = usize::from(letter.saturating_sub(b'A'));
    if game.first == spec {
        return seats[seat];
    }
    let mut others = RefereeTally::default();
    for (index, tally) in seats.iter().enumerate() {
        if index != seat {
            others.add(tally);
        }
    }
    others
}

impl BlunderJudge {
    /// `(moves rated, blunders)` of the agent `spec` in `game`.
    ///
    /// # Panics
    /// When a recorded game does not replay in the table (games are played by this
    /// process or checked against their seeds, so they always do).
    pub fn tally(&self, game: &BatchGame, spec: &str) -> (u64, u64) {
        let tallies = rate_game(&self.table, &self.start, &game.moves, self.opening_plies)
            .expect("a game of this run replays in the solved table");
        let seat = if game.first == spec { 0 } else { 1 };
        (tallies[seat].moves, tallies[seat].blunders)
    }
}

/// Everything measured at one knob value (or for one agent of the final check).
#[derive(Clone, Debug, Default)]
pub struct Measured {
    /// Game pairs against each reference, in ladder order.
    pub pairs: Vec<Vec<PlayedPair>>,
    /// Per game rated against perfect play: the agent's moves rated, and blunders among
    /// them (a game is the unit of the blunder rate's bootstrap).
    pub rated: Vec<(u64, u64)>,
    /// The seed and the resamples of the blunder rate's bootstrap over games.
    pub bootstrap: (u64, usize),
    /// Moves chosen, nodes and iterations, in all.
    pub search: (u64, u64, u64),
}

impl Measured {
    /// Nothing yet, against `references` references; the blunder rate's interval will
    /// resample games `resamples` times, seeded by `seed`.
    pub fn new(references: usize, seed: u64, resamples: usize) -> Measured {
        Measured {
            pairs: vec![Vec::new(); references],
            bootstrap: (seed, resamples),
            ..Measured::default()
        }
    }

    /// Adds game pairs of `spec` against reference `reference`.
    pub fn add(
        &mut self,
        spec: &str,
        reference: usize,
        pairs: Vec<PlayedPair>,
        judge: Option<&BlunderJudge>,
    ) {
        for pair in &pairs {
            for game in &pair.games {
                if let Some((moves, nodes, iterations)) = game.search_of(spec) {
                    self.search.0 += moves;
                    self.search.1 += nodes;
                    self.search.2 += iterations;
                }
                if let Some(judge) = judge {
                    self.rated.push(judge.tally(game, spec));
                }
            }
        }
        self.pairs[reference].extend(pairs);
    }

    /// Seats at the table the games were played at.
    pub fn players(&self) -> usize {
        self.pairs
            .iter()
            .flatten()
            .next()
            .map_or(2, |pair| pair.games.len().max(2))
    }

    /// The games against reference `reference` in which the agent measured held seat
    /// `seat` (A is 0) at a table of `players`, one unit a game: its results against
    /// every other seat. A pair or set holds one such game, from its own opening, so the
    /// units are independent and [`SetRecord::interval`] over them is honest; the pair's
    /// pentanomial is not, as the other game of the pair is left out.
    pub fn seat_record(&self, reference: usize, seat: usize, players: usize) -> SetRecord {
        let mut record = SetRecord::per_game(players);
        for pair in &self.pairs[reference] {
            for (index, game) in pair.games.iter().enumerate() {
                let (mine, half_points) = if pair.is_set() {
                    let mine = game
                        .seat
                        .bytes()
                        .next()
                        .map_or(0, |b| usize::from(b.saturating_sub(b'A')));
                    (mine, game.half_points().0)
                } else {
                    // Two players: the agent measured moved first in the first game.
                    let first = game.half_points().0;
                    (index, if index == 0 { first } else { 2 - first })
                };
                if mine == seat {
                    record.add_set(half_points);
                }
            }
        }
        record
    }

    /// The mean score against reference `reference` in each of `players` seats (NaN in a
    /// seat without games).
    pub fn seat_scores(&self, reference: usize, players: usize) -> Vec<f64> {
        (0..players)
            .map(|seat| {
                self.seat_record(reference, seat, players)
                    .score()
                    .unwrap_or(f64::NAN)
            })
            .collect()
    }

    /// The score against reference `reference` in the games where the agent held seat
    /// `seat`, with its interval at normal quantile `z` over those games
    /// ([`Measured::seat_record`]).
    pub fn score_vs_seat(&self, reference: usize, seat: usize, z: f64) -> Option<Estimate> {
        self.seat_record(reference, seat, self.players())
            .interval(tail_of_z(z))
            .map(|(value, lo, hi)| Estimate { value, lo, hi })
    }

    /// Game pairs against the reference with the fewest.
    pub fn fewest_pairs(&self) -> usize {
        self.pairs.iter().map(Vec::len).min().unwrap_or(0)
    }

    /// The record against reference `reference`.
    pub fn record(&self, reference: usize) -> PairRecord {
        record_of(&self.pairs[reference])
    }

    /// The score against reference `reference` with its interval, at normal quantile `z`:
    /// over game pairs (two players), or over game sets ([`crate::stats::SetRecord`]: 3 to 6 players).
    pub fn score_vs(&self, reference: usize, z: f64) -> Option<Estimate> {
        let pairs = &self.pairs[reference];
        if let Some(set) = pairs.first().filter(|p| p.is_set()) {
            let record = set_record_of(pairs, set.games.len());
            return record
                .interval(tail_of_z(z))
                .map(|(value, lo, hi)| Estimate { value, lo, hi });
        }
        ScoreSummary::from_record(&self.record(reference), z).map(|s| Estimate {
            value: s.score,
            lo: s.score_lo,
            hi: s.score_hi,
        })
    }

    /// The blunder rate over the games against the references, with an interval at normal
    /// quantile `z` that resamples whole games ([`clustered_rate`]).
    pub fn blunder_rate(&self, z: f64) -> Option<Estimate> {
        let (seed, resamples) = self.bootstrap;
        let confidence = 1.0 - 2.0 * tail_of_z(z);
        clustered_rate(&self.rated, resamples, confidence, seed).map(|r| Estimate {
            value: r.rate,
            lo: r.lo,
            hi: r.hi,
        })
    }

    /// The moves of the agent `spec` in these games (played from `start`, the first `opening_plies` of each not counted), the first `pairs` game
    /// pairs against each reference, scored by `referee`: the
    /// shares of gross mistakes and of smaller losses and the mean loss in units, each
    /// with an interval at normal quantile `z` that resamples whole games, seeded by
    /// `seeds` (one a figure). The games are scored in parallel.
    ///
    /// # Panics
    /// When a recorded game does not replay (games are played by this process or checked
    /// against their seeds, so they always do).
    pub fn mistakes<G: Refereed>(
        &self,
        spec: &str,
        start: &G,
        opening_plies: u32,
        (referee, pairs): (&Referee, usize),
        z: f64,
        seeds: [u64; 3],
    ) -> Mistakes {
        let games: Vec<&BatchGame> = self
            .pairs
            .iter()
            .flat_map(|against| against.iter().take(pairs))
            .flat_map(|pair| &pair.games)
            .collect();
        let tallies: Vec<RefereeTally> = games
            .par_iter()
            .map(|game| {
                let seats = referee_game(referee, start, &game.moves, opening_plies)
                    .expect("a game of this run replays");
                measured_seats(game, spec, &seats)
            })
            .collect();
        let resamples = self.bootstrap.1;
        let confidence = 1.0 - 2.0 * tail_of_z(z);
        let interval = |rate: Option<crate::stats::ClusteredRate>, scale: f64| {
            rate.map_or(
                Estimate {
                    value: f64::NAN,
                    lo: f64::NAN,
                    hi: f64::NAN,
                },
                |r| Estimate {
                    value: r.rate / scale,
                    lo: r.lo / scale,
                    hi: r.hi / scale,
                },
            )
        };
        let share = |events: fn(&RefereeTally) -> u64, seed: u64| {
            let clusters: Vec<(u64, u64)> = tallies.iter().map(|t| (t.moves, events(t))).collect();
            interval(clustered_rate(&clusters, resamples, confidence, seed), 1.0)
        };
        let losses: Vec<(u64, u64)> = tallies.iter().map(|t| (t.moves, t.loss)).collect();
        Mistakes {
            unit: G::UNIT,
            depth: referee.depth(),
            moves: tallies.iter().map(|t| t.moves).sum(),
            games: tallies.len(),
            pairs_each: (pairs < self.pairs.iter().map(Vec::len).max().unwrap_or(0))
                .then_some(pairs),
            gross: share(|t| t.gross, seeds[0]),
            small: share(|t| t.small, seeds[1]),
            mean_loss: interval(
                clustered_mean(&losses, resamples, confidence, seeds[2]),
                f64::from(GROSS),
            ),
        }
    }

    /// The games whose moves the blunder rate counts.
    pub fn blunder_games(&self) -> usize {
        self.rated.len()
    }

    /// Mean nodes and iterations per move chosen.
    pub fn per_move(&self) -> (f64, f64) {
        let moves = self.search.0.max(1) as f64;
        (self.search.1 as f64 / moves, self.search.2 as f64 / moves)
    }
}

/// The ladder's games among references: for reference pairing (i, j) with i < j, the
/// pairs with i first in the forward game.
#[derive(Clone, Debug, Default)]
pub struct Ladder {
    /// `(i, j, pairs)`.
    pub games: Vec<(usize, usize, Vec<PlayedPair>)>,
}

/// Bradley–Terry ratings of `agents` agents from `(i, j, pairs)` game pairs (i first in
/// the forward games) or sets (i the agent rotated through the seats), with bootstrap
/// intervals over pairs or sets. Returns one estimate per agent.
pub fn ratings(
    agents: usize,
    games: &[(usize, usize, &[PlayedPair])],
    anchor: usize,
    bootstrap: usize,
    confidence: f64,
    seed: u64,
) -> Vec<Estimate> {
    let mut units = GameUnits::new(agents);
    for (i, j, pairs) in games {
        for pair in pairs.iter() {
            if pair.is_set() {
                // A set is one unit: i's results against j's seats (j's own seats
                // against each other rate nobody).
                let (half_points, results) = pair.half_points();
                units.push_unit(&[PairScore {
                    agent: *i,
                    opponent: *j,
                    points: half_points as f64 / 2.0,
                    games: results as f64,
                }]);
            } else {
                let (a, b) = pair.results();
                units.push_pair(*i, *j, a, b);
            }
        }
    }
    let fit = BradleyTerry {
        anchor,
        ..BradleyTerry::default()
    };
    // With the prior's virtual draws the fit always exists; a failure would be a bug.
    let centre = fit
        .fit(&units.crosstable())
        .expect("the prior keeps the fit finite");
    let intervals = fit
        .bootstrap(&units, bootstrap, confidence, seed)
        .expect("the prior keeps the fit finite");
    centre
        .into_iter()
        .zip(intervals)
        .map(|(value, interval)| Estimate {
            value,
            lo: interval.lo,
            hi: interval.hi,
        })
        .collect()
}

/// The measured value of `target` for `measured`, on a ladder of `ladder` games.
pub fn estimate(
    measured: &Measured,
    target: &Target,
    z: f64,
    rating: impl FnOnce() -> Estimate,
) -> Option<Estimate> {
    match target {
        Target::Elo(_) | Target::Spec(_) => Some(rating()),
        Target::ScoreVs {
            reference,
            seat: None,
            ..
        } => measured.score_vs(*reference, z),
        Target::ScoreVs {
            reference,
            seat: Some(_),
            ..
        } => measured.score_vs_seat(*reference, target.seat()?, z),
        Target::BlunderRate(_) => measured.blunder_rate(z),
    }
}

/// A judge for `game` when it is Leapfrog Race, solving (once per process) for it.
pub fn judge_for<G: Game>(game_name: &str, opening_plies: u32) -> Option<BlunderJudge> {
    let spec: engine::GameSpec = game_name.parse().ok()?;
    if spec.kind != engine::GameKind::Leapfrog {
        return None;
    }
    let start = Leapfrog::new(&spec.options).ok()?;
    Some(BlunderJudge {
        table: agents::perfect::solved_table(),
        start,
        opening_plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Leapfrog Race game of `first` against `second`: the first legal move at each of
    /// `plies` plies from the start.
    fn game(first: &str, second: &str, plies: usize) -> BatchGame {
        let mut position = Leapfrog::start();
        let (mut moves, mut text) = (Vec::new(), String::new());
        for _ in 0..plies {
            moves.clear();
            position.generate_moves(&mut moves);
            if !text.is_empty() {
                text.push(' ');
            }
            Leapfrog::push_move_text(moves[0], &mut text);
            position.play_unchecked(moves[0]);
        }
        BatchGame {
            game_id: 0,
            batch: 0,
            seed: 0,
            first: first.to_string(),
            second: second.to_string(),
            winner: "draw".to_string(),
            plies: plies as u32,
            end: "cap".to_string(),
            first_moves: 0,
            first_nodes: 0,
            first_iterations: 0,
            second_moves: 0,
            second_nodes: 0,
            second_iterations: 0,
            moves: text,
            seat: String::new(),
            places: String::new(),
        }
    }

    /// The referee scores the first `pairs` pairs against each reference, and the
    /// profile says how many it scored where that is not all of them.
    #[test]
    fn mistakes_score_the_first_pairs_against_each_reference() {
        let mut measured = Measured::new(2, 1, 20);
        for reference in 0..2 {
            let pairs = (0..3)
                .map(|_| PlayedPair {
                    games: vec![game("level", "ref", 6), game("ref", "level", 6)],
                })
                .collect();
            measured.add("level", reference, pairs, None);
        }
        let referee = Referee::new(2).unwrap();
        let start = Leapfrog::start();
        let profile =
            |pairs| measured.mistakes("level", &start, 0, (&referee, pairs), 1.96, [1, 2, 3]);
        let all = profile(usize::MAX);
        assert_eq!((all.games, all.moves, all.pairs_each), (12, 36, None));
        assert_eq!(profile(3).pairs_each, None, "three pairs are all there are");
        let first = profile(1);
        assert_eq!(
            (first.games, first.moves, first.pairs_each),
            (4, 12, Some(1))
        );
    }
}
