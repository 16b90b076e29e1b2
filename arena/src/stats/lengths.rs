//! Game lengths as a histogram: how many games lasted each number of plies. Lengths are
//! bounded by the ply cap, so the histogram is bounded too, however many games it counts,
//! and it gives the same mean, standard deviation and quantiles as the list of lengths.

/// How many games lasted each number of plies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LengthCounts {
    /// `counts[plies]`: games of `plies` plies.
    counts: Vec<u64>,
    games: u64,
    /// Plies over every game.
    total: u64,
}

impl LengthCounts {
    /// No games.
    #[must_use]
    pub fn new() -> LengthCounts {
        LengthCounts::default()
    }

    /// Counts a game of `plies` plies.
    pub fn add(&mut self, plies: u32) {
        let at = plies as usize;
        if self.counts.len() <= at {
            self.counts.resize(at + 1, 0);
        }
        self.counts[at] += 1;
        self.games += 1;
        self.total += u64::from(plies);
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Each length that some game had, shortest first, with its count of games.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, count)| **count > 0)
            .map(|(plies, count)| (plies as u32, *count))
    }

    /// The shortest and the longest game, `None` without games.
    #[must_use]
    pub fn range(&self) -> Option<(u32, u32)> {
        let mut lengths = self.iter().map(|(plies, _)| plies);
        let shortest = lengths.next()?;
        Some((shortest, lengths.last().unwrap_or(shortest)))
    }

    /// The mean length, as [`super::mean`] gives it over the lengths (their sum is a
    /// whole number, exact in an `f64` below 2^53), `None` without games.
    #[must_use]
    pub fn mean(&self) -> Option<f64> {
        (self.games > 0).then(|| self.total as f64 / self.games as f64)
    }

    /// The sample standard deviation, as [`super::std_dev`] defines it, `None` with
    /// fewer than two games.
    #[must_use]
    pub fn std_dev(&self) -> Option<f64> {
        if self.games < 2 {
            return None;
        }
        let centre = self.mean()?;
        let squares: f64 = self
            .iter()
            .map(|(plies, count)| count as f64 * (f64::from(plies) - centre).powi(2))
            .sum();
        Some((squares / (self.games - 1) as f64).sqrt())
    }

    /// The quantiles at each of `qs`, as [`super::quantiles`] gives them over the list of
    /// lengths (type 7), `None` without games.
    ///
    /// # Panics
    /// Panics unless every q lies in [0, 1].
    #[must_use]
    pub fn quantiles(&self, qs: &[f64]) -> Option<Vec<f64>> {
        (self.games > 0).then(|| qs.iter().map(|&q| self.quantile(q)).collect())
    }

    fn quantile(&self, q: f64) -> f64 {
        assert!(
            (0.0..=1.0).contains(&q),
            "quantile must lie in [0, 1], got {q}"
        );
        let position = (self.games - 1) as f64 * q;
        let below = position.floor() as u64;
        let fraction = position - below as f64;
        let at = f64::from(self.nth(below));
        if fraction > 0.0 && below + 1 < self.games {
            at + fraction * (f64::from(self.nth(below + 1)) - at)
        } else {
            at
        }
    }

    /// The length of the `index`-th shortest game, counting from 0.
    fn nth(&self, index: u64) -> u32 {
        let mut seen = 0;
        for (plies, count) in self.iter() {
            seen += count;
            if index < seen {
                return plies;
            }
        }
        unreachable!("index {index} of {} games", self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{quantiles, std_dev};

    #[test]
    fn the_histogram_describes_the_lengths_as_the_list_does() {
        let lengths = [30u32, 12, 30, 7, 55, 30, 12, 90, 41];
        let mut counts = LengthCounts::new();
        for plies in lengths {
            counts.add(plies);
        }
        let list: Vec<f64> = lengths.iter().map(|&p| f64::from(p)).collect();
        let qs = [0.0, 0.1, 0.25, 0.5, 0.9, 1.0];
        assert_eq!(counts.quantiles(&qs), quantiles(&list, &qs));
        let sd = counts.std_dev().unwrap();
        assert!((sd - std_dev(&list).unwrap()).abs() < 1e-12, "{sd}");
        assert_eq!(counts.mean(), Some(list.iter().sum::<f64>() / 9.0));
        assert_eq!(counts.range(), Some((7, 90)));
        assert_eq!(counts.games(), 9);
        assert_eq!(LengthCounts::new().quantiles(&[0.5]), None);
    }
}
