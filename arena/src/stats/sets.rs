//! The record of one agent against another in games of 3 to 6 players, played in sets:
//! a set is N games from one opening, the agent in a different seat in each and the
//! opponent in every other seat. Every game gives a result against each opponent seat
//! (finished ahead = win, level = draw, behind = loss, as stats.md rates games of many
//! players), so a set holds N·(N-1) such results and scores their mean, a multiple of
//! 1/(2N(N-1)). Sets are the independent units, as pairs are for two players: the score
//! interval is [`ScoreInterval`]'s over the sets and the GSPRT reads the counts of each
//! set score ([`Outcomes::Lattice`]). With two players a set is a game pair and the
//! lattice is the pentanomial.

use std::ops::AddAssign;

use super::gsprt::Outcomes;
use super::score_interval::ScoreInterval;

/// Counts of set scores: `counts[h]` sets scored `h` half-points out of `2·results`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetRecord {
    /// Results per set: N·(N-1) for N players.
    results: u64,
    counts: Vec<u64>,
}

impl SetRecord {
    /// An empty record of sets of `players` games of `players` seats.
    #[must_use]
    pub fn new(players: usize) -> Self {
        let results = (players * players.saturating_sub(1)) as u64;
        Self {
            results,
            counts: vec![0; 2 * results as usize + 1],
        }
    }

    /// An empty record whose unit is one game of `players` seats, scored by the one
    /// agent's `players - 1` results in it: the games of one seat, one from each set or
    /// pair, are independent where the games of a set are not.
    #[must_use]
    pub fn per_game(players: usize) -> Self {
        let results = players.saturating_sub(1) as u64;
        Self {
            results,
            counts: vec![0; 2 * results as usize + 1],
        }
    }

    /// Adds a set in which the agent scored `half_points` half-points (two for each
    /// opponent seat it finished ahead of, one for each it finished level with).
    ///
    /// # Panics
    /// Panics if `half_points` exceeds twice the set's results.
    pub fn add_set(&mut self, half_points: u64) {
        self.counts[half_points as usize] += 1;
    }

    /// Sets recorded.
    #[must_use]
    pub fn sets(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean score over the sets, `None` without sets.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let sets = self.sets();
        (sets > 0).then(|| self.points() / (sets * self.results) as f64)
    }

    /// Points over all sets (wins + draws/2 over every result).
    #[must_use]
    pub fn points(&self) -> f64 {
        let halves: u64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(h, count)| h as u64 * count)
            .sum();
        halves as f64 / 2.0
    }

    /// The score of a set with `h` half-points.
    fn set_score(&self, h: usize) -> f64 {
        h as f64 / (2 * self.results) as f64
    }

    /// The population variance of a set's score, NaN without sets.
    #[must_use]
    pub fn variance(&self) -> f64 {
        let Some(mean) = self.score() else {
            return f64::NAN;
        };
        let sets = self.sets() as f64;
        self.counts
            .iter()
            .enumerate()
            .map(|(h, count)| *count as f64 / sets * (self.set_score(h) - mean).powi(2))
            .sum()
    }

    /// The score with its interval `(score, lo, hi)` leaving `tail` out on each side:
    /// [`ScoreInterval`] over the sets, whose scores lie 1/(2N(N-1)) apart.
    #[must_use]
    pub fn interval(&self, tail: f64) -> Option<(f64, f64, f64)> {
        let score = self.score()?;
        let step = 1.0 / (2 * self.results) as f64;
        let ((lo, hi), _) = ScoreInterval::new(self.sets(), step, tail).of(score, self.variance());
        Some((score, lo, hi))
    }

    /// The counts a GSPRT reads.
    #[must_use]
    pub fn outcomes(&self) -> Outcomes {
        Outcomes::Lattice(self.counts.clone())
    }
}

impl AddAssign<&SetRecord> for SetRecord {
    fn add_assign(&mut self, other: &SetRecord) {
        if self.counts.is_empty() {
            *self = other.clone();
            return;
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::test_support::close;
    use crate::stats::{Gsprt, PairRecord};

    #[test]
    fn three_player_sets_score_their_results() {
        // 3 players: 6 results a set, scores in twelfths.
        let mut record = SetRecord::new(3);
        record.add_set(12); // ahead of both opponents in all three games
        record.add_set(6); // half of it
        assert_eq!(record.sets(), 2);
        close(record.score().unwrap(), 0.75, 1e-12);
        close(record.variance(), 0.0625, 1e-12);
        let (score, lo, hi) = record.interval(0.025).unwrap();
        assert!(lo < score && score < hi && hi <= 1.0, "{lo} {score} {hi}");
        assert_eq!(SetRecord::new(3).score(), None);
    }

    #[test]
    fn two_player_sets_are_the_pentanomial() {
        // A set of two players is a game pair: the same LLR as the pentanomial counts.
        let mut sets = SetRecord::new(2);
        let mut pairs = PairRecord::new();
        use crate::stats::GameResult::{Draw, Loss, Win};
        for (a, b, h) in [(Win, Win, 4), (Win, Draw, 3), (Loss, Win, 2), (Win, Win, 4)] {
            sets.add_set(h);
            pairs.add_pair(a, b);
        }
        let test = Gsprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
        close(
            test.llr(&sets.outcomes()),
            test.llr(&Outcomes::from_record(&pairs)),
            1e-12,
        );
        close(sets.score().unwrap(), pairs.score().unwrap(), 1e-12);
    }
}
