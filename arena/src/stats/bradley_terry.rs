//! Bradley–Terry ratings of many agents, fitted by minorisation–maximisation (Hunter 2004),
//! with seeded bootstrap intervals over game pairs.
//!
//! The fit is the plain maximum likelihood wherever it exists: when every group of agents
//! scored at least a draw against the rest (the "scored against" graph is strongly
//! connected; Ford 1957). Where it does not (an agent that won or lost everything, or a
//! group that did), virtual draws are added between agents of different groups only, so
//! that ratings within a group stay (almost exactly) their maximum-likelihood values and
//! only the gaps between groups rest on the prior.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::crosstable::{Crosstable, GameUnits};
use super::describe::quantile_sorted;

/// How to fit Bradley–Terry ratings; [`Default`] gives the arena's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BradleyTerry {
    /// Virtual drawn games added, where the maximum likelihood does not exist, between every
    /// two agents of different groups (strongly connected components of the "scored at
    /// least a draw against" graph), so that 0% and 100% records get finite ratings
    /// (default 1). Where the maximum likelihood exists no virtual game is added; with 0
    /// a fit that does not exist is an error.
    pub prior_draws: f64,
    /// The fit stops when no strength γ_i changes by more than this fraction in one sweep
    /// (default 1e-10).
    pub tolerance: f64,
    /// The most sweeps the fit may take before giving up (default 100 000).
    pub max_iterations: usize,
    /// The agent whose rating is fixed (default 0, the first agent).
    pub anchor: usize,
    /// The rating the anchor agent gets (default 0).
    pub anchor_rating: f64,
}

impl Default for BradleyTerry {
    fn default() -> Self {
        Self {
            prior_draws: 1.0,
            tolerance: 1e-10,
            max_iterations: 100_000,
            anchor: 0,
            anchor_rating: 0.0,
        }
    }
}

/// A bootstrap interval of one agent's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingInterval {
    /// Lower quantile of the bootstrap ratings.
    pub lo: f64,
    /// Upper quantile of the bootstrap ratings.
    pub hi: f64,
}

/// What an agent's rating rests on, relative to the anchor agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingBasis {
    /// The agent is in the anchor's group: its rating is the maximum-likelihood estimate
    /// (exactly so when every agent is in one group).
    MaximumLikelihood,
    /// The agent won or lost every game on some path to the anchor's group: the gap rests
    /// on the prior's virtual draws.
    Prior,
}

impl RatingBasis {
    /// The name `standings.csv` uses: `ml` or `prior`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RatingBasis::MaximumLikelihood => "ml",
            RatingBasis::Prior => "prior",
        }
    }
}

/// Why Bradley–Terry ratings could not be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BradleyTerryError {
    /// There are no agents.
    #[error("there are no agents to rate")]
    NoAgents,
    /// The anchor index names no agent.
    #[error("anchor agent {anchor} is out of range for {agents} agents")]
    AnchorOutOfRange {
        /// The anchor index asked for.
        anchor: usize,
        /// The number of agents.
        agents: usize,
    },
    /// The prior is negative or not finite.
    #[error("the prior must be a finite, non-negative number of draws, got {0}")]
    InvalidPrior(f64),
    /// The maximum likelihood does not exist (an agent, or a group of agents, won or lost
    /// everything) and there is no prior, so the rating of `agent` is not finite.
    #[error("agent {agent} won or lost every game against some group, so its rating is not finite without a prior")]
    Degenerate {
        /// The agent concerned.
        agent: usize,
    },
    /// The fit did not reach the tolerance within the allowed sweeps.
    #[error("the fit did not converge within {iterations} sweeps")]
    NotConverged {
        /// The sweeps made.
        iterations: usize,
    },
    /// The bootstrap was given no units or no resamples.
    #[error("the bootstrap needs at least one unit and one resample")]
    NothingToResample,
    /// The confidence level is not strictly between 0 and 1.
    #[error("the confidence level must lie in (0, 1), got {0}")]
    InvalidConfidence(f64),
}

impl BradleyTerry {
    /// Returns the rating of every agent in `table`: R_i = 400 log10 γ_i, shifted so that
    /// the anchor agent has `anchor_rating`.
    ///
    /// The strengths γ follow Hunter's MM update γ_i ← W_i / Σ_j N_ij / (γ_i + γ_j), where
    /// W_i is agent i's points and N_ij the games between i and j; where the maximum
    /// likelihood does not exist, `prior_draws` virtual draws are added to N_ij (and half
    /// of them to W_i) for every two agents i, j of different groups (see
    /// [`BradleyTerry::basis`]). Updates are made agent by agent (each uses the latest γ),
    /// which is still an MM algorithm, and γ is rescaled to sum to the number of agents
    /// after each sweep.
    ///
    /// # Errors
    /// [`BradleyTerryError::NoAgents`], [`BradleyTerryError::AnchorOutOfRange`] and
    /// [`BradleyTerryError::InvalidPrior`] for bad input; without a prior,
    /// [`BradleyTerryError::Degenerate`] when the maximum likelihood does not exist;
    /// [`BradleyTerryError::NotConverged`] when the sweeps run out.
    pub fn fit(&self, table: &Crosstable) -> Result<Vec<f64>, BradleyTerryError> {
        self.validate(table.agents())?;
        let mut strengths = vec![1.0; table.agents()];
        self.fit_strengths(table, &mut strengths)?;
        Ok(self.ratings(&strengths))
    }

    /// Returns what each agent's rating in `table` rests on: the maximum likelihood for the
    /// agents in the anchor's group (all of them when the maximum likelihood exists), the
    /// prior for the others.
    ///
    /// # Panics
    /// Panics if the anchor names no agent of `table`.
    #[must_use]
    pub fn basis(&self, table: &Crosstable) -> Vec<RatingBasis> {
        let groups = groups(table);
        groups
            .iter()
            .map(|&group| {
                if group == groups[self.anchor] {
                    RatingBasis::MaximumLikelihood
                } else {
                    RatingBasis::Prior
                }
            })
            .collect()
    }

    /// Returns a bootstrap interval of every agent's rating at the given `confidence`
    /// (0.95 gives the 2.5% and 97.5% quantiles).
    ///
    /// Each of `resamples` replicates draws `units.len()` units with replacement (a
    /// [`ChaCha8Rng`] seeded from `seed`, so the result depends only on the inputs), refits
    /// the ratings, and records them. The bounds are quantiles of the replicate ratings by
    /// linear interpolation between order statistics (see [`super::quantile`]). The anchor
    /// agent's rating is fixed, so its interval is `anchor_rating` at both ends: the other
    /// intervals are relative to it.
    ///
    /// # Errors
    /// As [`BradleyTerry::fit`], on the full data or on any replicate; also
    /// [`BradleyTerryError::NothingToResample`] without units or resamples and
    /// [`BradleyTerryError::InvalidConfidence`] unless 0 < `confidence` < 1.
    pub fn bootstrap(
        &self,
        units: &GameUnits,
        resamples: usize,
        confidence: f64,
        seed: u64,
    ) -> Result<Vec<RatingInterval>, BradleyTerryError> {
        let agents = units.agents();
        self.validate(agents)?;
        if units.is_empty() || resamples == 0 {
            return Err(BradleyTerryError::NothingToResample);
        }
        if !(confidence > 0.0 && confidence < 1.0) {
            return Err(BradleyTerryError::InvalidConfidence(confidence));
        }

        // The full-data fit is the warm start of every replicate: same answer, fewer sweeps.
        let mut full_strengths = vec![1.0; agents];
        self.fit_strengths(&units.crosstable(), &mut full_strengths)?;

        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut table = Crosstable::new(agents);
        let mut strengths = vec![0.0; agents];
        // Agent-major: the replicate ratings of agent i are samples[i * resamples..][..resamples].
        let mut samples = vec![0.0; agents * resamples];
        for replicate in 0..resamples {
            table.clear();
            for _ in 0..units.len() {
                units.add_unit_to(rng.random_range(0..units.len()), &mut table);
            }
            strengths.copy_from_slice(&full_strengths);
            self.fit_strengths(&table, &mut strengths)?;
            for (agent, rating) in self.ratings(&strengths).into_iter().enumerate() {
                samples[agent * resamples + replicate] = rating;
            }
        }

        let tail = (1.0 - confidence) / 2.0;
        Ok(samples
            .chunks_mut(resamples)
            .map(|ratings| {
                ratings.sort_by(f64::total_cmp);
                RatingInterval {
                    lo: quantile_sorted(ratings, tail),
                    hi: quantile_sorted(ratings, 1.0 - tail),
                }
            })
            .collect())
    }

    fn validate(&self, agents: usize) -> Result<(), BradleyTerryError> {
        if agents == 0 {
            return Err(BradleyTerryError::NoAgents);
        }
        if self.anchor >= agents {
            return Err(BradleyTerryError::AnchorOutOfRange {
                anchor: self.anchor,
                agents,
            });
        }
        if !(self.prior_draws.is_finite() && self.prior_draws >= 0.0) {
            return Err(BradleyTerryError::InvalidPrior(self.prior_draws));
        }
        Ok(())
    }

    /// Runs the MM iteration from the strengths given, leaving the fitted ones (summing to
    /// the number of agents) in `strengths`.
    fn fit_strengths(
        &self,
        table: &Crosstable,
        strengths: &mut [f64],
    ) -> Result<(), BradleyTerryError> {
        let agents = table.agents();
        if agents == 1 {
            strengths[0] = 1.0;
            return Ok(());
        }
        let groups = groups(table);
        let split = groups.iter().any(|&group| group != groups[0]);
        if split && self.prior_draws == 0.0 {
            let agent = (0..agents)
                .find(|&agent| groups[agent] != groups[self.anchor])
                .expect("more than one group");
            return Err(BradleyTerryError::Degenerate { agent });
        }
        // The virtual games between agents i and j: the prior across groups, none within.
        let prior = |i: usize, j: usize| {
            if groups[i] == groups[j] {
                0.0
            } else {
                self.prior_draws
            }
        };
        let wins: Vec<f64> = (0..agents)
            .map(|agent| {
                let virtual_points: f64 = (0..agents)
                    .filter(|&other| other != agent)
                    .map(|other| prior(agent, other) / 2.0)
                    .sum();
                table.points_row(agent).iter().sum::<f64>() + virtual_points
            })
            .collect();

        let mut previous = strengths.to_vec();
        for _ in 0..self.max_iterations {
            for agent in 0..agents {
                let own = strengths[agent];
                let games = table.games_row(agent);
                let mut denominator = 0.0;
                for (opponent, &strength) in strengths.iter().enumerate() {
                    if opponent != agent {
                        denominator +=
                            (games[opponent] + prior(agent, opponent)) / (own + strength);
                    }
                }
                strengths[agent] = wins[agent] / denominator;
            }
            let scale = agents as f64 / strengths.iter().sum::<f64>();
            let mut largest_change: f64 = 0.0;
            for (strength, old) in strengths.iter_mut().zip(previous.iter_mut()) {
                *strength *= scale;
                largest_change = largest_change.max((*strength - *old).abs() / *old);
                *old = *strength;
            }
            if largest_change <= self.tolerance {
                return Ok(());
            }
        }
        Err(BradleyTerryError::NotConverged {
            iterations: self.max_iterations,
        })
    }

    /// Returns 400 log10 γ_i shifted so that the anchor gets `anchor_rating`.
    fn ratings(&self, strengths: &[f64]) -> Vec<f64> {
        let shift = self.anchor_rating - 400.0 * strengths[self.anchor].log10();
        strengths
            .iter()
            .map(|strength| 400.0 * strength.log10() + shift)
            .collect()
    }
}

/// Returns each agent's group: the strongly connected components of the graph with an edge
/// i → j wherever agent i scored something (a win or a draw) against agent j, numbered in
/// the order Kosaraju's algorithm finds them. The maximum likelihood exists exactly when
/// there is one group (Ford 1957; draws count as half a win each way).
fn groups(table: &Crosstable) -> Vec<usize> {
    let agents = table.agents();
    let edge = |from: usize, to: usize| from != to && table.points(from, to) > 0.0;
    // First pass: agents in order of finishing a depth-first search along the edges.
    let mut seen = vec![false; agents];
    let mut finished = Vec::with_capacity(agents);
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..agents {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        stack.push((root, 0));
        while let Some((agent, next)) = stack.pop() {
            match (next..agents).find(|&to| !seen[to] && edge(agent, to)) {
                Some(to) => {
                    stack.push((agent, to + 1));
                    seen[to] = true;
                    stack.push((to, 0));
                }
                None => finished.push(agent),
            }
        }
    }
    // Second pass: along reversed edges, latest finisher first; each search is one group.
    let mut group = vec![usize::MAX; agents];
    let mut count = 0;
    let mut pending = Vec::new();
    for &root in finished.iter().rev() {
        if group[root] != usize::MAX {
            continue;
        }
        group[root] = count;
        pending.push(root);
        while let Some(agent) = pending.pop() {
            for (from, slot) in group.iter_mut().enumerate() {
                if *slot == usize::MAX && edge(from, agent) {
                    *slot = count;
                    pending.push(from);
                }
            }
        }
        count += 1;
    }
    group
}

#[cfg(test)]
mod tests {
    use super::super::elo::score_from_elo;
    use super::super::record::GameResult::{Draw, Loss, Win};
    use super::*;
    use crate::stats::test_support::close;

    /// Two agents, agent 0 scoring 750 of 1000 games against agent 1.
    fn three_quarters() -> Crosstable {
        let mut table = Crosstable::new(2);
        table.add(0, 1, 750.0, 1000.0);
        table
    }

    #[test]
    fn two_agents_at_three_quarters_get_the_plain_maximum_likelihood() {
        // Both agents scored against each other, so the maximum likelihood exists and the
        // prior adds nothing: γ_0 / (γ_0 + γ_1) = 750 / 1000, R_0 - R_1 = 400 log10(3)
        // = 190.8485 (one virtual draw would have given 400 log10(750.5/250.5) = 190.6172).
        let table = three_quarters();
        let ratings = BradleyTerry::default().fit(&table).unwrap();
        assert_eq!(ratings[0], 0.0);
        close(ratings[0] - ratings[1], 190.8485, 1e-4);
        assert_eq!(
            BradleyTerry::default().basis(&table),
            [RatingBasis::MaximumLikelihood; 2]
        );
    }

    #[test]
    fn two_agents_at_three_quarters_without_a_prior() {
        // W_0 / N = 0.75 exactly: R_0 - R_1 = 400 log10(3) = 190.8485
        let fit = BradleyTerry {
            prior_draws: 0.0,
            ..BradleyTerry::default()
        };
        let ratings = fit.fit(&three_quarters()).unwrap();
        close(ratings[0] - ratings[1], 190.8485, 1e-4);
    }

    #[test]
    fn symmetric_results_give_equal_ratings() {
        let mut table = Crosstable::new(3);
        table.add(0, 1, 30.0, 60.0);
        table.add(1, 2, 5.0, 10.0);
        table.add(2, 0, 12.5, 25.0);
        for rating in BradleyTerry::default().fit(&table).unwrap() {
            close(rating, 0.0, 1e-9);
        }
    }

    #[test]
    fn the_anchor_gets_its_rating_and_differences_stay() {
        let mut table = Crosstable::new(3);
        table.add(0, 1, 40.0, 60.0);
        table.add(1, 2, 25.0, 30.0);
        table.add(2, 0, 3.0, 20.0);
        let plain = BradleyTerry::default().fit(&table).unwrap();
        let anchored = BradleyTerry {
            anchor: 2,
            anchor_rating: 1500.0,
            ..BradleyTerry::default()
        }
        .fit(&table)
        .unwrap();
        close(anchored[2], 1500.0, 1e-9);
        for agent in 0..3 {
            close(anchored[agent] - anchored[2], plain[agent] - plain[2], 1e-8);
        }
        // 0 beat 1 and 2, 1 beat 2: the order must follow.
        assert!(plain[0] > plain[1] && plain[1] > plain[2]);
    }

    #[test]
    fn the_fit_matches_expected_to_observed_points() {
        // Oracle: at the maximum, each agent's expected points equal its points:
        // W_i = Σ_j N_ij · L(R_i - R_j). Agent 3 lost every game to agent 2 but scored
        // against agent 1, so the maximum likelihood exists and no prior enters.
        let mut table = Crosstable::new(4);
        table.add(0, 1, 14.0, 20.0);
        table.add(0, 2, 9.5, 12.0);
        table.add(1, 2, 10.0, 16.0);
        table.add(1, 3, 3.0, 8.0);
        table.add(2, 3, 20.0, 20.0);
        let fit = BradleyTerry::default();
        let ratings = fit.fit(&table).unwrap();
        for agent in 0..4 {
            let mut observed = 0.0;
            let mut expected = 0.0;
            for opponent in (0..4).filter(|&opponent| opponent != agent) {
                observed += table.points(agent, opponent);
                let games = table.games(agent, opponent);
                expected += games * score_from_elo(ratings[agent] - ratings[opponent]);
            }
            close(expected, observed, 1e-6);
        }
    }

    #[test]
    fn groups_are_the_strongly_connected_components_of_scoring() {
        // 0 and 1 beat each other, 2 and 3 drew; 0 and 1 beat 2 and 3 outright, 4 never
        // played: groups {0, 1}, {2, 3}, {4}.
        let mut table = Crosstable::new(5);
        table.add(0, 1, 3.0, 5.0);
        table.add(2, 3, 1.0, 2.0);
        table.add(0, 2, 4.0, 4.0);
        table.add(1, 3, 2.0, 2.0);
        let found = groups(&table);
        assert_eq!(found[0], found[1]);
        assert_eq!(found[2], found[3]);
        assert_ne!(found[0], found[2]);
        assert_ne!(found[4], found[0]);
        assert_ne!(found[4], found[2]);
        let basis = BradleyTerry {
            anchor: 3,
            ..BradleyTerry::default()
        }
        .basis(&table);
        use RatingBasis::{MaximumLikelihood as Ml, Prior};
        assert_eq!(basis, [Prior, Prior, Ml, Ml, Prior]);
    }

    #[test]
    fn a_clean_sweep_moves_the_others_by_under_a_tenth_of_their_intervals() {
        // Agent 0 wins all 40 games against each of 1, 2 and 3, which play each other
        // 40 games a pairing with mixed results. The ratings of 1, 2 and 3 relative to one
        // another must stay within a tenth of their bootstrap intervals' width of the
        // maximum-likelihood fit of their own games.
        let mut units = GameUnits::new(4);
        let mut own = GameUnits::new(3);
        for round in 0..20 {
            for opponent in 1..4 {
                units.push_pair(0, opponent, Win, Win);
            }
            let results = [(Win, Draw), (Loss, Win), (Win, Win), (Draw, Loss)][round % 4];
            let weaker = [(Loss, Draw), (Win, Loss), (Loss, Loss), (Draw, Draw)][round % 4];
            for (a, b, (x, y)) in [(1, 2, results), (2, 3, results), (1, 3, weaker)] {
                units.push_pair(a, b, x, y);
                own.push_pair(a - 1, b - 1, x, y);
            }
        }
        let fit = BradleyTerry {
            anchor: 1,
            ..BradleyTerry::default()
        };
        let table = units.crosstable();
        use RatingBasis::{MaximumLikelihood as Ml, Prior};
        assert_eq!(fit.basis(&table), [Prior, Ml, Ml, Ml]);
        let ratings = fit.fit(&table).unwrap();
        let alone = BradleyTerry {
            prior_draws: 0.0,
            ..BradleyTerry::default()
        }
        .fit(&own.crosstable())
        .unwrap();
        let intervals = fit.bootstrap(&units, 400, 0.95, 11).unwrap();
        for agent in 2..4 {
            let moved = (ratings[agent] - ratings[1]) - (alone[agent - 1] - alone[0]);
            let width = intervals[agent].hi - intervals[agent].lo;
            assert!(
                moved.abs() <= width / 10.0,
                "agent {agent} moved {moved:.2} Elo, interval width {width:.1}"
            );
        }
        // The sweeper is finite and far above.
        assert!(ratings[0] > ratings[1] + 400.0 && ratings[0].is_finite());
    }

    #[test]
    fn a_clean_sweep_stays_finite_with_the_prior() {
        let mut table = Crosstable::new(2);
        table.add(0, 1, 10.0, 10.0);
        let ratings = BradleyTerry::default().fit(&table).unwrap();
        // 400 log10(10.5 / 0.5) = 400 log10(21) = 528.8877
        close(ratings[0] - ratings[1], 528.8877, 1e-4);
        let no_prior = BradleyTerry {
            prior_draws: 0.0,
            ..BradleyTerry::default()
        };
        assert_eq!(
            no_prior.fit(&table),
            Err(BradleyTerryError::Degenerate { agent: 1 })
        );
    }

    #[test]
    fn bad_settings_are_errors() {
        let table = three_quarters();
        let fit = BradleyTerry {
            anchor: 2,
            ..BradleyTerry::default()
        };
        assert_eq!(
            fit.fit(&table),
            Err(BradleyTerryError::AnchorOutOfRange {
                anchor: 2,
                agents: 2
            })
        );
        let fit = BradleyTerry {
            prior_draws: -1.0,
            ..BradleyTerry::default()
        };
        assert_eq!(fit.fit(&table), Err(BradleyTerryError::InvalidPrior(-1.0)));
        assert_eq!(
            BradleyTerry::default().fit(&Crosstable::new(0)),
            Err(BradleyTerryError::NoAgents)
        );
        assert_eq!(
            BradleyTerry::default().bootstrap(&GameUnits::new(2), 10, 0.95, 1),
            Err(BradleyTerryError::NothingToResample)
        );
    }

    /// Three agents, game pairs: 0 is strongest, 2 weakest, with some noise.
    fn three_agent_units() -> GameUnits {
        let mut units = GameUnits::new(3);
        for round in 0..60 {
            let (first, second) = match round % 4 {
                0 => (Win, Draw),
                1 => (Win, Loss),
                2 => (Draw, Draw),
                _ => (Win, Win),
            };
            units.push_pair(0, 1, first, second);
            units.push_pair(1, 2, first, second);
            units.push_pair(2, 0, second.flipped(), first.flipped());
        }
        units
    }

    #[test]
    fn bootstrap_is_reproducible_for_a_seed() {
        let units = three_agent_units();
        let fit = BradleyTerry::default();
        let once = fit.bootstrap(&units, 200, 0.95, 7).unwrap();
        let again = fit.bootstrap(&units, 200, 0.95, 7).unwrap();
        let other = fit.bootstrap(&units, 200, 0.95, 8).unwrap();
        assert_eq!(once, again);
        assert_ne!(once[1], other[1]);
        assert_ne!(once[2], other[2]);

        let ratings = fit.fit(&units.crosstable()).unwrap();
        assert_eq!(once[0], RatingInterval { lo: 0.0, hi: 0.0 });
        for agent in 1..3 {
            assert!(once[agent].lo < ratings[agent] && ratings[agent] < once[agent].hi);
        }
    }

    #[test]
    fn bootstrap_matches_the_normal_interval_for_two_agents() {
        // 1000 single games, agent 0 scoring 750: SE of the score = sqrt(0.75·0.25/1000)
        // = 0.0136931, so the score interval is 0.75 ± 0.0268381 = (0.7231619, 0.7768381),
        // i.e. agent 1 at -(Elo 166.80 .. 216.68) from agent 0 (ignoring the tiny prior).
        let mut units = GameUnits::new(2);
        for game in 0..1000 {
            let result = if game % 4 == 3 { Loss } else { Win };
            units.push_game(0, 1, result);
        }
        let intervals = BradleyTerry::default()
            .bootstrap(&units, 2000, 0.95, 2024)
            .unwrap();
        close(intervals[1].lo, -216.68, 8.0);
        close(intervals[1].hi, -166.80, 8.0);
    }
}
