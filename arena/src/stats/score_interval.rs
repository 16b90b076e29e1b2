//! The score interval of a record: a Student-t interval over the independent units (game
//! pairs when games are paired, games otherwise), and the exact interval over the same
//! units where a bound of the t interval leaves (0, 1): scores at or near 0% and 100%.
//!
//! The t interval alone falls short of its promise at small numbers of units in two ways,
//! both measured by exact enumeration ([`super::coverage`]): the score only takes values
//! on a lattice (steps of 1/4N for N pairs), and a sample that happens to miss a rare
//! extreme outcome underestimates the variance (down to zero when every unit scored
//! alike). So the half width gets a continuity correction of half a lattice step, and the
//! variance a floor: that of the sample with one more unit at 0 and one at 1.

use super::interval::{clopper_pearson, jeffreys, student_t_quantile};

/// The interval used where the Student-t interval is not: an interval for a proportion
/// over the units, with the units' total score as the (fractional) successes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// Clopper–Pearson: coverage at least nominal for every true score (the arena's choice).
    Exact,
    /// Jeffreys: narrower, kept to compare coverage with (it dips below nominal).
    Jeffreys,
}

/// Which interval a score summary holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalKind {
    /// S ± t·s/sqrt(units), s² the unbiased variance of a unit's score.
    StudentT,
    /// The boundary interval over the units (see [`Boundary`]).
    Exact,
}

/// The score interval for records of `units` independent units at one confidence level:
/// the Student-t quantile is worked out once, so that many records of the same size (the
/// coverage enumeration) share it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreInterval {
    units: u64,
    tail: f64,
    /// t_{units - 1, 1 - tail}; NaN with fewer than two units, where no variance exists.
    t: f64,
    /// The step between the scores one unit can have: 1/4 for a pair, 1/2 for a game.
    step: f64,
    boundary: Boundary,
}

impl ScoreInterval {
    /// The interval over `units` units whose scores lie `step` apart (1/4 for game pairs,
    /// 1/2 for single games), leaving `tail` on each side (0.025 for 95%), with the exact
    /// boundary interval.
    ///
    /// # Panics
    /// Panics unless 0 < `tail` < 1/2.
    #[must_use]
    pub fn new(units: u64, step: f64, tail: f64) -> Self {
        Self::with_boundary(units, step, tail, Boundary::Exact)
    }

    /// As [`ScoreInterval::new`], with the boundary interval `boundary`.
    ///
    /// # Panics
    /// Panics unless 0 < `tail` < 1/2.
    #[must_use]
    pub fn with_boundary(units: u64, step: f64, tail: f64, boundary: Boundary) -> Self {
        let t = if units >= 2 {
            student_t_quantile(tail, (units - 1) as f64)
        } else {
            assert!(
                tail > 0.0 && tail < 0.5,
                "tail must lie in (0, 1/2), got {tail}"
            );
            f64::NAN
        };
        Self {
            units,
            tail,
            t,
            step,
            boundary,
        }
    }

    /// The Student-t quantile in use (NaN with fewer than two units).
    #[must_use]
    pub fn t(&self) -> f64 {
        self.t
    }

    /// Returns the interval `(lo, hi)` of a mean unit score `mean` in [0, 1] whose units'
    /// scores have population variance `variance` (Σ p_k (a_k - mean)²), and which kind
    /// it is.
    ///
    /// - Student t: mean ± (t_{N-1} · sqrt(s²/N) + step/2N), N the units, when both bounds
    ///   lie strictly inside (0, 1). s² is the unbiased variance variance·N/(N-1), or, if
    ///   larger, the variance of the sample with one more unit at 0 and one at 1:
    ///   (N·(variance + (mean - m)²) + m² + (1 - m)²) / (N + 1), m = (N·mean + 1)/(N + 2).
    ///   step/2N is half the step between the means N units can have.
    /// - Otherwise the boundary interval for a proportion with N·mean successes out of N
    ///   trials. A unit that scored between 0 and 1 counts as that fraction of a success;
    ///   no distribution on [0, 1] with a given mean spreads further than the binomial, so
    ///   the exact interval keeps its coverage for any score distribution, including true
    ///   scores of exactly 0 or 1 (then its outer bound is 0 or 1).
    #[must_use]
    pub fn of(&self, mean: f64, variance: f64) -> ((f64, f64), IntervalKind) {
        let units = self.units as f64;
        if self.units >= 2 {
            let unbiased = variance * units / (units - 1.0);
            let m = (units * mean + 1.0) / (units + 2.0);
            let widened = (units * (variance + (mean - m).powi(2)) + m * m + (1.0 - m) * (1.0 - m))
                / (units + 1.0);
            let half_width =
                self.t * (unbiased.max(widened) / units).sqrt() + self.step / (2.0 * units);
            let (lo, hi) = (mean - half_width, mean + half_width);
            if lo > 0.0 && hi < 1.0 {
                return ((lo, hi), IntervalKind::StudentT);
            }
        }
        let successes = (mean * units).clamp(0.0, units);
        let bounds = match self.boundary {
            Boundary::Exact => clopper_pearson(successes, units, self.tail),
            Boundary::Jeffreys => jeffreys(successes, units, self.tail),
        };
        (bounds, IntervalKind::Exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::test_support::close;

    #[test]
    fn student_t_by_hand() {
        // 20 pairs, mean 0.5, population variance 0.04: unbiased 0.04·20/19 = 0.0421053;
        // with a pair at 0 and one at 1 (m = 11/22 = 0.5): (20·0.04 + 0.25 + 0.25)/21 =
        // 0.0619048, the larger. t_{19, 0.975} = 2.0930241, so the half width is
        // 2.0930241·sqrt(0.0619048/20) + 0.25/40 = 0.1164449 + 0.00625 = 0.1226951.
        let rule = ScoreInterval::new(20, 0.25, 0.025);
        close(rule.t(), 2.0930241, 1e-6);
        let ((lo, hi), kind) = rule.of(0.5, 0.04);
        assert_eq!(kind, IntervalKind::StudentT);
        close(lo, 0.3773049, 1e-6);
        close(hi, 0.6226951, 1e-6);
    }

    #[test]
    fn a_clean_sweep_gets_the_exact_interval() {
        // 5 units all scoring 1: the t interval leaves 1, so Clopper–Pearson holds:
        // lo = B⁻¹(0.025; 5, 1) = 0.025^(1/5) = 0.4781762, hi = 1
        let ((lo, hi), kind) = ScoreInterval::new(5, 0.25, 0.025).of(1.0, 0.0);
        assert_eq!(kind, IntervalKind::Exact);
        close(lo, 0.4781762, 1e-6);
        assert_eq!(hi, 1.0);
        // and none: the mirror image
        let ((lo, hi), _) = ScoreInterval::new(5, 0.25, 0.025).of(0.0, 0.0);
        assert_eq!(lo, 0.0);
        close(hi, 1.0 - 0.4781762, 1e-6);
    }

    #[test]
    fn units_that_all_score_alike_keep_a_width() {
        // 10 pairs of 1/2 each: no spread seen, but the floor (0.25 + 0.25)/11 = 0.0454545
        // gives 2.2621572·sqrt(0.00454545) + 0.0125 = 0.1650146 either side.
        let ((lo, hi), kind) = ScoreInterval::new(10, 0.25, 0.025).of(0.5, 0.0);
        assert_eq!(kind, IntervalKind::StudentT);
        close(lo, 0.3349854, 1e-6);
        close(hi, 0.6650146, 1e-6);
        // 4 of them: 3.1824463·sqrt(0.1/4) + 0.25/8 leaves (0, 1), so Clopper–Pearson of
        // 2 in 4: (0.0675860, 0.9324140).
        let ((lo, hi), kind) = ScoreInterval::new(4, 0.25, 0.025).of(0.5, 0.0);
        assert_eq!(kind, IntervalKind::Exact);
        close(lo, 0.0675860, 1e-6);
        close(hi, 0.9324140, 1e-6);
    }

    #[test]
    fn a_t_interval_that_leaves_the_unit_range_is_replaced() {
        // 10 units, mean 0.95, variance 0.0225: the half width is over 2.262157·sqrt(0.025/10)
        // = 0.1131, which leaves 1, so the exact interval for 9.5 successes of 10 holds.
        let ((lo, hi), kind) = ScoreInterval::new(10, 0.25, 0.025).of(0.95, 0.0225);
        assert_eq!(kind, IntervalKind::Exact);
        assert!(
            lo > 0.6 && lo < 0.95 && hi > 0.95 && hi <= 1.0,
            "({lo}, {hi})"
        );
    }

    #[test]
    fn jeffreys_is_narrower_than_exact() {
        let exact = ScoreInterval::new(8, 0.25, 0.025).of(1.0, 0.0).0;
        let jeffreys = ScoreInterval::with_boundary(8, 0.25, 0.025, Boundary::Jeffreys)
            .of(1.0, 0.0)
            .0;
        assert!(jeffreys.0 > exact.0 && jeffreys.1 == 1.0);
    }
}
