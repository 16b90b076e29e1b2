//! What is measured at one knob value: its game pairs against each reference, and from
//! them its score against each, its blunder rate (solved games), its rating on the
//! ladder's scale and its mean search effort, each value with its interval.

use std::sync::Arc;

use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, Leapfrog};

use super::config::Target;
use crate::analyze::rate_game;
use crate::batches::{record_of, BatchGame, PlayedPair};
use crate::stats::{wilson, BradleyTerry, GameUnits, PairRecord, ScoreSummary};

/// A measured value and its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// Lower bound of its interval.
    pub lo: f64,
    /// Upper bound of its interval.
    pub hi: f64,
}

impl Estimate {
    /// Whether the whole interval lies within `tolerance` of `target`.
    pub fn within(&self, target: f64, tolerance: f64) -> bool {
        self.lo >= target - tolerance && self.hi <= target + tolerance
    }

    /// Whether the interval lies wholly outside `target ± tolerance`.
    pub fn clearly_outside(&self, target: f64, tolerance: f64) -> bool {
        self.hi < target - tolerance || self.lo > target + tolerance
    }
}

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
    /// Moves rated against perfect play, and blunders among them.
    pub rated: (u64, u64),
    /// Moves chosen, nodes and iterations, in all.
    pub search: (u64, u64, u64),
}

impl Measured {
    /// Nothing yet, against `references` references.
    pub fn new(references: usize) -> Measured {
        Measured {
            pairs: vec![Vec::new(); references],
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
            for game in [&pair.forward, &pair.backward] {
                if let Some((moves, nodes, iterations)) = game.search_of(spec) {
                    self.search.0 += moves;
                    self.search.1 += nodes;
                    self.search.2 += iterations;
                }
                if let Some(judge) = judge {
                    let (moves, blunders) = judge.tally(game, spec);
                    self.rated.0 += moves;
                    self.rated.1 += blunders;
                }
            }
        }
        self.pairs[reference].extend(pairs);
    }

    /// Game pairs against the reference with the fewest.
    pub fn fewest_pairs(&self) -> usize {
        self.pairs.iter().map(Vec::len).min().unwrap_or(0)
    }

    /// The record against reference `reference`.
    pub fn record(&self, reference: usize) -> PairRecord {
        record_of(&self.pairs[reference])
    }

    /// The score against reference `reference` with its interval, at normal quantile `z`.
    pub fn score_vs(&self, reference: usize, z: f64) -> Option<Estimate> {
        ScoreSummary::from_record(&self.record(reference), z).map(|s| Estimate {
            value: s.score,
            lo: s.score_lo,
            hi: s.score_hi,
        })
    }

    /// The blunder rate with its Wilson interval over the moves rated.
    pub fn blunder_rate(&self, z: f64) -> Option<Estimate> {
        let (moves, blunders) = self.rated;
        if moves == 0 {
            return None;
        }
        let rate = blunders as f64 / moves as f64;
        let (lo, hi) = wilson(rate, moves as f64, z);
        Some(Estimate {
            value: rate,
            lo,
            hi,
        })
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
/// the forward games), with bootstrap intervals. Returns one estimate per agent.
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
            let (a, b) = pair.results();
            units.push_pair(*i, *j, a, b);
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
        Target::Elo(_) => Some(rating()),
        Target::ScoreVs { reference, .. } => measured.score_vs(*reference, z),
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
