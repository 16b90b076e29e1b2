//! Coverage of the score interval by exact enumeration: for N game pairs drawn from a true
//! pentanomial distribution, the probability that the interval holds the true score,
//! summed over every possible outcome (all C(N + 4, 4) pair counts) with its multinomial
//! probability. No sampling, so the figures do not depend on luck; the test suite and
//! `cargo run --release -p arena --example coverage` (the table of docs/statistics.md)
//! use it.

use super::interval::{tail_of_z, wilson};
use super::score_interval::{Boundary, ScoreInterval};
use super::variance::PAIR_SCORES;

/// The step between the scores a game pair can have.
const PAIR_STEP: f64 = 0.25;

/// Which score interval to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// What the arena reports: Student t over pairs (floored variance, continuity
    /// correction; see [`ScoreInterval`]), and the exact (Clopper–Pearson) interval over
    /// pairs at or near 0% and 100%.
    StudentTExact,
    /// Student t as above, with the Jeffreys interval over pairs at the boundary.
    StudentTJeffreys,
    /// The earlier formula, for comparison: S ± z·sqrt(σ²_pair/N) with the plug-in variance,
    /// and the Wilson interval over the 2N games where that SE is zero or a bound leaves
    /// (0, 1).
    NormalWilson,
}

impl Method {
    /// Every method, in the order the coverage table lists them.
    pub const ALL: [Method; 3] = [
        Method::NormalWilson,
        Method::StudentTJeffreys,
        Method::StudentTExact,
    ];

    /// A short name for tables.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Method::StudentTExact => "t + exact",
            Method::StudentTJeffreys => "t + Jeffreys",
            Method::NormalWilson => "normal + Wilson",
        }
    }
}

/// Returns the true score Σ p_k x_k of a pentanomial distribution `p` over the pair scores
/// 0, 1/4, 1/2, 3/4, 1.
#[must_use]
pub fn true_score(p: &[f64; 5]) -> f64 {
    p.iter().zip(PAIR_SCORES).map(|(p, x)| p * x).sum()
}

/// Returns, for each distribution in `distributions` (probabilities of the pair scores
/// 0, 1/4, 1/2, 3/4, 1, summing to 1), the probability that `method`'s interval at normal
/// quantile `z` over `pairs` game pairs holds the true score.
///
/// The interval depends only on the pair counts, so it is worked out once per outcome and
/// shared by every distribution: C(N + 4, 4) outcomes, 10,626 at N = 20.
///
/// # Panics
/// Panics if `pairs` is zero or a distribution does not sum to 1 (within 1e-9).
#[must_use]
pub fn coverage(pairs: u64, distributions: &[[f64; 5]], method: Method, z: f64) -> Vec<f64> {
    assert!(pairs > 0, "coverage needs at least one pair");
    for p in distributions {
        let total: f64 = p.iter().sum();
        assert!(
            (total - 1.0).abs() < 1e-9 && p.iter().all(|&q| q >= 0.0),
            "a distribution must be non-negative and sum to 1, got {p:?}"
        );
    }
    let truths: Vec<f64> = distributions.iter().map(true_score).collect();
    let logs: Vec<[f64; 5]> = distributions.iter().map(|p| p.map(f64::ln)).collect();
    // ln k! for k = 0..=N
    let mut ln_factorial = vec![0.0; pairs as usize + 1];
    for k in 1..=pairs as usize {
        ln_factorial[k] = ln_factorial[k - 1] + (k as f64).ln();
    }
    let tail = tail_of_z(z);
    let rule = match method {
        Method::StudentTJeffreys => {
            ScoreInterval::with_boundary(pairs, PAIR_STEP, tail, Boundary::Jeffreys)
        }
        _ => ScoreInterval::new(pairs, PAIR_STEP, tail),
    };
    let mut covered = vec![0.0; distributions.len()];
    for_each_outcome(pairs, |counts| {
        let (lo, hi) = interval(counts, pairs, method, &rule, z);
        let ln_ways = ln_factorial[pairs as usize]
            - counts
                .iter()
                .map(|&c| ln_factorial[c as usize])
                .sum::<f64>();
        for (d, logs) in logs.iter().enumerate() {
            if lo <= truths[d] && truths[d] <= hi {
                let mut ln_p = ln_ways;
                for (&count, &ln_q) in counts.iter().zip(logs) {
                    if count > 0 {
                        ln_p += count as f64 * ln_q;
                    }
                }
                covered[d] += ln_p.exp();
            }
        }
    });
    covered
}

/// The interval of one outcome (pair counts) by `method`.
fn interval(
    counts: &[u64; 5],
    pairs: u64,
    method: Method,
    rule: &ScoreInterval,
    z: f64,
) -> (f64, f64) {
    let n = pairs as f64;
    let mean: f64 = counts
        .iter()
        .zip(PAIR_SCORES)
        .map(|(&c, x)| c as f64 * x)
        .sum::<f64>()
        / n;
    let variance: f64 = counts
        .iter()
        .zip(PAIR_SCORES)
        .map(|(&c, x)| c as f64 / n * (x - mean).powi(2))
        .sum();
    match method {
        Method::StudentTExact | Method::StudentTJeffreys => rule.of(mean, variance).0,
        Method::NormalWilson => {
            let half_width = z * (variance / n).sqrt();
            if half_width == 0.0 || mean - half_width <= 0.0 || mean + half_width >= 1.0 {
                wilson(mean, 2.0 * n, z)
            } else {
                (mean - half_width, mean + half_width)
            }
        }
    }
}

/// Calls `visit` with every way to split `pairs` pairs into the five cells.
fn for_each_outcome(pairs: u64, mut visit: impl FnMut(&[u64; 5])) {
    let mut counts = [0u64; 5];
    for a in 0..=pairs {
        for b in 0..=pairs - a {
            for c in 0..=pairs - a - b {
                for d in 0..=pairs - a - b - c {
                    counts[0] = a;
                    counts[1] = b;
                    counts[2] = c;
                    counts[3] = d;
                    counts[4] = pairs - a - b - c - d;
                    visit(&counts);
                }
            }
        }
    }
}

/// The smallest coverage of `method` over `pairs` pairs among every distribution whose
/// probabilities are multiples of 1/`steps` (the grid holds C(steps + 4, 4) of them), with
/// the distribution where it occurs.
#[must_use]
pub fn worst_on_grid(pairs: u64, steps: u64, method: Method, z: f64) -> (f64, [f64; 5]) {
    let mut grid = Vec::new();
    for_each_outcome(steps, |counts| {
        grid.push(counts.map(|c| c as f64 / steps as f64));
    });
    coverage(pairs, &grid, method, z)
        .into_iter()
        .zip(grid)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .expect("the grid is not empty")
}

#[cfg(test)]
mod tests {
    use super::super::interval::Z_95;
    use super::*;

    /// Equal agents in a game without draws where the first player wins 60%: a pair is
    /// WW or LL with probability 0.6·0.4 = 0.24 each, one win each otherwise.
    const BALANCED: [f64; 5] = [0.24, 0.0, 0.52, 0.0, 0.24];
    /// Equal agents, draws likely: each game a draw with probability 0.5, otherwise won or
    /// lost evenly.
    const DRAWISH: [f64; 5] = [0.0625, 0.25, 0.375, 0.25, 0.0625];
    /// One agent clearly stronger (true score 0.8).
    const LOPSIDED: [f64; 5] = [0.02, 0.04, 0.22, 0.16, 0.56];
    /// Almost every pair won outright (true score 0.99).
    const NEAR_CERTAIN: [f64; 5] = [0.0, 0.0, 0.02, 0.0, 0.98];
    /// Every pair won outright (true score 1).
    const CERTAIN: [f64; 5] = [0.0, 0.0, 0.0, 0.0, 1.0];

    #[test]
    fn the_reported_interval_keeps_its_promise_at_small_numbers_of_pairs() {
        let cases = [
            BALANCED,
            DRAWISH,
            LOPSIDED,
            [0.56, 0.16, 0.22, 0.04, 0.02], // the same match from the weaker side
            NEAR_CERTAIN,
            CERTAIN,
        ];
        for pairs in [5, 8, 10, 20] {
            let covered = coverage(pairs, &cases, Method::StudentTExact, Z_95);
            for (case, c) in cases.iter().zip(covered) {
                assert!(
                    c >= 0.94,
                    "coverage {c:.4} < 0.94 at {pairs} pairs for {case:?}"
                );
            }
        }
    }

    #[test]
    fn the_earlier_formula_falls_short_where_the_new_one_does_not() {
        // The check can fail: the normal interval with the plug-in variance covers equal
        // agents only 87% of the time at 8 pairs.
        let covered = coverage(8, &[BALANCED], Method::NormalWilson, Z_95)[0];
        assert!(covered < 0.92, "coverage {covered}");
    }

    #[test]
    fn probabilities_of_every_outcome_add_up_to_one() {
        // An interval of [0, 1] always covers, so the coverage is the total probability.
        let p: [f64; 5] = [0.1, 0.2, 0.3, 0.25, 0.15];
        let mut total = 0.0;
        let mut outcomes = 0;
        let mut ln_factorial = [0.0f64; 8];
        for k in 1..8 {
            ln_factorial[k] = ln_factorial[k - 1] + (k as f64).ln();
        }
        for_each_outcome(7, |c| {
            outcomes += 1;
            let mut ln_p = ln_factorial[7];
            for (k, &count) in c.iter().enumerate() {
                ln_p += count as f64 * p[k].ln() - ln_factorial[count as usize];
            }
            total += ln_p.exp();
        });
        // C(11, 4) = 330
        assert_eq!(outcomes, 330);
        assert!((total - 1.0).abs() < 1e-12, "total {total}");
        // 0.2·0.25 + 0.3·0.5 + 0.25·0.75 + 0.15 = 0.5375
        assert!((true_score(&p) - 0.5375).abs() < 1e-12);
    }
}
