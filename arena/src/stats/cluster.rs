//! A rate counted over clusters (blunders over the moves of whole games) with an interval
//! that resamples whole clusters: moves of one game share a position and an agent's state,
//! so they are not independent, and an interval that treats them as such is too narrow.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::describe::quantile_sorted;
use super::interval::{wilson, z_for_confidence};

/// A rate with its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClusteredRate {
    /// Σ events / Σ trials over every cluster.
    pub rate: f64,
    /// Lower bound of the interval.
    pub lo: f64,
    /// Upper bound of the interval.
    pub hi: f64,
}

/// Returns the rate Σ events / Σ trials of `clusters` (each `(trials, events)`, e.g. one
/// game's moves rated and blunders among them) with a cluster-bootstrap interval at
/// `confidence`, or `None` when there are no trials.
///
/// Each of `resamples` replicates draws as many clusters as there are, with replacement
/// (a [`ChaCha8Rng`] seeded by `seed`), and takes the replicate's pooled rate; the bounds
/// are the (1 - confidence)/2 and (1 + confidence)/2 quantiles of those rates. Where the
/// replicates cannot show the spread (no event at all, or nothing but events, so every
/// replicate rate is the same) the Wilson interval over the trials still bounds what was
/// not seen: the interval is the union of the two, never narrower than the binomial one.
///
/// # Panics
/// Panics unless 0 < `confidence` < 1.
#[must_use]
pub fn clustered_rate(
    clusters: &[(u64, u64)],
    resamples: usize,
    confidence: f64,
    seed: u64,
) -> Option<ClusteredRate> {
    let (trials, events) = clusters
        .iter()
        .fold((0u64, 0u64), |(t, e), &(trials, events)| {
            (t + trials, e + events)
        });
    if trials == 0 {
        return None;
    }
    let rate = events as f64 / trials as f64;
    let (mut lo, mut hi) = wilson(rate, trials as f64, z_for_confidence(confidence));
    if resamples > 0 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut rates = Vec::with_capacity(resamples);
        for _ in 0..resamples {
            let (mut t, mut e) = (0u64, 0u64);
            for _ in 0..clusters.len() {
                let (trials, events) = clusters[rng.random_range(0..clusters.len())];
                t += trials;
                e += events;
            }
            // A replicate of clusters without trials says nothing about the rate.
            if t > 0 {
                rates.push(e as f64 / t as f64);
            }
        }
        rates.sort_by(f64::total_cmp);
        if !rates.is_empty() {
            let tail = (1.0 - confidence) / 2.0;
            lo = lo.min(quantile_sorted(&rates, tail));
            hi = hi.max(quantile_sorted(&rates, 1.0 - tail));
        }
    }
    Some(ClusteredRate { rate, lo, hi })
}

/// Returns the mean Σ totals / Σ trials of `clusters` (each `(trials, total)`, e.g. one
/// game's moves rated and the loss summed over them) with a cluster-bootstrap interval at
/// `confidence`, or `None` when there are no trials: as [`clustered_rate`] resamples, but
/// with no binomial bound, since a mean is not a share.
///
/// # Panics
/// Panics unless 0 < `confidence` < 1.
#[must_use]
pub fn clustered_mean(
    clusters: &[(u64, u64)],
    resamples: usize,
    confidence: f64,
    seed: u64,
) -> Option<ClusteredRate> {
    assert!(
        confidence > 0.0 && confidence < 1.0,
        "confidence {confidence}"
    );
    let (trials, total) = clusters
        .iter()
        .fold((0u64, 0u64), |(t, s), &(trials, total)| {
            (t + trials, s + total)
        });
    if trials == 0 {
        return None;
    }
    let mean = total as f64 / trials as f64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut means = Vec::with_capacity(resamples);
    for _ in 0..resamples {
        let (mut t, mut s) = (0u64, 0u64);
        for _ in 0..clusters.len() {
            let (trials, total) = clusters[rng.random_range(0..clusters.len())];
            t += trials;
            s += total;
        }
        if t > 0 {
            means.push(s as f64 / t as f64);
        }
    }
    means.sort_by(f64::total_cmp);
    let (lo, hi) = if means.is_empty() {
        (mean, mean)
    } else {
        let tail = (1.0 - confidence) / 2.0;
        (
            quantile_sorted(&means, tail).min(mean),
            quantile_sorted(&means, 1.0 - tail).max(mean),
        )
    };
    Some(ClusteredRate { rate: mean, lo, hi })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correlated_games_widen_the_interval_beyond_the_binomial() {
        // 100 games of 20 moves: half of them with 4 blunders, half with none. The rate is
        // 0.1 over 2000 moves; the Wilson interval treats the moves as independent
        // (half width about 0.013), but the games' rates are 0.2 or 0: the game-level SE is
        // 0.1/sqrt(100) = 0.01 per game rate, so the rate's interval is about ±0.02.
        let clusters: Vec<(u64, u64)> = (0..100)
            .map(|g| (20, if g % 2 == 0 { 4 } else { 0 }))
            .collect();
        let r = clustered_rate(&clusters, 2000, 0.95, 5).unwrap();
        assert!((r.rate - 0.1).abs() < 1e-12);
        let (wlo, whi) = wilson(0.1, 2000.0, z_for_confidence(0.95));
        assert!(
            r.hi - r.lo > 1.3 * (whi - wlo),
            "({}, {}) v ({wlo}, {whi})",
            r.lo,
            r.hi
        );
        assert!((r.lo - 0.08).abs() < 0.006 && (r.hi - 0.12).abs() < 0.006);
        // Reproducible for a seed.
        assert_eq!(clustered_rate(&clusters, 2000, 0.95, 5), Some(r));
    }

    #[test]
    fn no_events_keeps_the_binomial_bound() {
        let clusters = [(10, 0); 30];
        let r = clustered_rate(&clusters, 200, 0.95, 1).unwrap();
        assert_eq!((r.rate, r.lo), (0.0, 0.0));
        // Wilson(0, 300): z²/(300 + z²) = 3.841459 / 303.841459 = 0.0126430
        assert!((r.hi - 0.0126430).abs() < 1e-6, "{}", r.hi);
        assert_eq!(clustered_rate(&[(0, 0)], 200, 0.95, 1), None);
    }

    #[test]
    fn a_mean_resamples_whole_games_and_may_exceed_one() {
        // 50 games of 10 moves: half lost 30 in all, half nothing; mean 1.5 a move.
        let clusters: Vec<(u64, u64)> = (0..50).map(|g| (10, 30 * (g % 2))).collect();
        let m = clustered_mean(&clusters, 2000, 0.95, 3).unwrap();
        assert!((m.rate - 1.5).abs() < 1e-12);
        // The games' means are 3 or 0: SE = 1.5 / sqrt(50) = 0.212, so about ±0.42.
        assert!(m.lo < 1.2 && m.lo > 1.0, "{m:?}");
        assert!(m.hi > 1.8 && m.hi < 2.0, "{m:?}");
        assert_eq!(clustered_mean(&clusters, 2000, 0.95, 3), Some(m));
        let same = clustered_mean(&[(4, 2); 10], 100, 0.95, 3).unwrap();
        assert_eq!((same.rate, same.lo, same.hi), (0.5, 0.5, 0.5));
        assert_eq!(clustered_mean(&[(0, 0)], 100, 0.95, 3), None);
    }
}
