//! Confidence intervals for a proportion (Wilson, and the exact Clopper–Pearson interval
//! that also takes a fractional count of successes), the normal quantile of a confidence
//! level and the Student-t quantile.

use statrs::distribution::{Beta, ContinuousCDF, Normal, StudentsT};

/// The two-sided 95% normal quantile, Φ⁻¹(0.975), to the precision `stats.md` uses.
pub const Z_95: f64 = 1.959964;

/// Returns the two-sided normal quantile z = Φ⁻¹(1 - (1 - level) / 2) for a confidence
/// level such as 0.95 (which gives ≈ 1.959964).
///
/// # Panics
/// Panics unless `level` lies strictly between 0 and 1.
#[must_use]
pub fn z_for_confidence(level: f64) -> f64 {
    assert!(
        level > 0.0 && level < 1.0,
        "confidence level must lie in (0, 1), got {level}"
    );
    Normal::standard().inverse_cdf(1.0 - (1.0 - level) / 2.0)
}

/// Returns the Wilson score interval `(lo, hi)` for a proportion `p` observed over `n`
/// trials, at normal quantile `z` (use [`Z_95`] for 95%):
/// (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n).
///
/// `p` may be a score with draws (wins + draws/2 over n games) as well as a plain success
/// rate; `n` is a real so that weighted counts work too. Both bounds are finite and lie in
/// [0, 1], also at p = 0 (then `lo` = 0) and p = 1 (then `hi` = 1). With no trials
/// (`n` ≤ 0) nothing is known and the interval is `(0, 1)`.
///
/// # Panics
/// Panics if `p` lies outside [0, 1] or is NaN, or if `z` is negative or NaN.
#[must_use]
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    assert!(
        (0.0..=1.0).contains(&p),
        "proportion must lie in [0, 1], got {p}"
    );
    assert!(z >= 0.0, "normal quantile must be non-negative, got {z}");
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half_width = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z2 / n;
    // At p = 0 the lower bound is exactly 0 and at p = 1 the upper bound exactly 1; rounding
    // would miss them by an ulp, so they are set. The true bounds never leave [0, 1].
    let lo = if p == 0.0 {
        0.0
    } else {
        ((centre - half_width) / denominator).clamp(0.0, 1.0)
    };
    let hi = if p == 1.0 {
        1.0
    } else {
        ((centre + half_width) / denominator).clamp(0.0, 1.0)
    };
    (lo, hi)
}

/// Returns the probability 1 - Φ(z) that a standard normal exceeds `z`: the one-sided
/// tail a two-sided interval at normal quantile `z` leaves out on each side (0.025 for
/// [`Z_95`]).
#[must_use]
pub fn tail_of_z(z: f64) -> f64 {
    1.0 - Normal::standard().cdf(z)
}

/// Returns the Student-t quantile with `freedom` degrees of freedom that leaves `tail` above
/// it (t_{ν, 1 - tail}); 2.776445 for 4 degrees of freedom and a tail of 0.025. It tends to
/// the normal quantile as `freedom` grows.
///
/// # Panics
/// Panics unless `freedom` is positive and `tail` lies strictly between 0 and 1/2.
#[must_use]
pub fn student_t_quantile(tail: f64, freedom: f64) -> f64 {
    assert!(
        tail > 0.0 && tail < 0.5,
        "tail must lie in (0, 1/2), got {tail}"
    );
    assert!(
        freedom > 0.0,
        "degrees of freedom must be positive, got {freedom}"
    );
    StudentsT::new(0.0, 1.0, freedom)
        .expect("valid Student-t parameters")
        .inverse_cdf(1.0 - tail)
}

/// Returns the Clopper–Pearson ("exact") interval `(lo, hi)` for a proportion from
/// `successes` out of `trials`, leaving at most `tail` on each side:
/// lo = B⁻¹(tail; x, m - x + 1), hi = B⁻¹(1 - tail; x + 1, m - x), with lo = 0 at x = 0 and
/// hi = 1 at x = m (B⁻¹ the beta quantile, x the successes, m the trials).
///
/// The successes may be fractional (a sum of pair scores in quarters, say): the beta
/// quantiles are continuous in x, and the binomial is the most spread-out distribution on
/// [0, 1] with a given mean, which is what keeps the interval's coverage at or above
/// 1 - 2·tail for any score distribution on [0, 1] (checked by exact enumeration in
/// [`super::coverage`]). With no trials the interval is `(0, 1)`.
///
/// # Panics
/// Panics unless 0 ≤ `successes` ≤ `trials` and 0 < `tail` < 1/2.
#[must_use]
pub fn clopper_pearson(successes: f64, trials: f64, tail: f64) -> (f64, f64) {
    beta_interval(successes, trials, tail, 0.0, 1.0)
}

/// Returns the Jeffreys interval for `successes` out of `trials`: the `tail` and
/// `1 - tail` quantiles of Beta(x + 1/2, m - x + 1/2), with lo = 0 at x = 0 and hi = 1 at
/// x = m. Narrower than [`clopper_pearson`], but its coverage dips below the nominal level
/// for some true proportions (see [`super::coverage`]), so the arena reports the exact
/// interval; this one is kept for the comparison.
///
/// # Panics
/// As [`clopper_pearson`].
#[must_use]
pub fn jeffreys(successes: f64, trials: f64, tail: f64) -> (f64, f64) {
    beta_interval(successes, trials, tail, 0.5, 0.5)
}

/// The beta-quantile interval shared by [`clopper_pearson`] (`below` = 0, `above` = 1:
/// shapes (x, m - x + 1) and (x + 1, m - x)) and [`jeffreys`] (1/2 and 1/2: the shape
/// (x + 1/2, m - x + 1/2) at both ends).
fn beta_interval(successes: f64, trials: f64, tail: f64, below: f64, above: f64) -> (f64, f64) {
    assert!(
        (0.0..=trials).contains(&successes),
        "successes must lie in [0, {trials}], got {successes}"
    );
    assert!(
        tail > 0.0 && tail < 0.5,
        "tail must lie in (0, 1/2), got {tail}"
    );
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let failures = trials - successes;
    let quantile = |a: f64, b: f64, p: f64| {
        Beta::new(a, b)
            .expect("positive beta shapes")
            .inverse_cdf(p)
            .clamp(0.0, 1.0)
    };
    let lo = if successes <= 0.0 {
        0.0
    } else {
        quantile(successes + below, failures + above, tail)
    };
    let hi = if failures <= 0.0 {
        1.0
    } else {
        quantile(successes + above, failures + below, 1.0 - tail)
    };
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_for_95_percent_matches_the_constant() {
        // Φ⁻¹(0.975) = 1.95996398...
        assert!((z_for_confidence(0.95) - Z_95).abs() < 1e-6);
        // Φ⁻¹(0.95) = 1.64485363...
        assert!((z_for_confidence(0.90) - 1.644854).abs() < 1e-6);
    }

    #[test]
    fn wilson_seven_of_ten() {
        // p = 0.7, n = 10, z² = 3.841459 (z = 1.959964)
        // centre numerator = 0.7 + 3.841459/20 = 0.8920730
        // half width = z·sqrt(0.21/10 + 3.841459/400) = 1.959964·sqrt(0.0306036) = 0.3428768
        // denominator = 1 + 0.3841459 = 1.3841459
        // lo = (0.8920730 - 0.3428768) / 1.3841459 = 0.39677
        // hi = (0.8920730 + 0.3428768) / 1.3841459 = 0.89221
        let (lo, hi) = wilson(0.7, 10.0, Z_95);
        assert!((lo - 0.39677).abs() < 1e-4, "lo = {lo}");
        assert!((hi - 0.89221).abs() < 1e-4, "hi = {hi}");
    }

    #[test]
    fn wilson_none_of_ten() {
        // p = 0: centre = z²/2n, half width = z·sqrt(z²/4n²) = z²/2n, so lo = 0 and
        // hi = (z²/n) / (1 + z²/n) = 0.3841459 / 1.3841459 = 0.277534
        let (lo, hi) = wilson(0.0, 10.0, Z_95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.277534).abs() < 1e-5, "hi = {hi}");
    }

    #[test]
    fn wilson_ten_of_ten() {
        // p = 1 mirrors p = 0: lo = 1 / (1 + z²/n) = 1 / 1.3841459 = 0.722466, hi = 1
        let (lo, hi) = wilson(1.0, 10.0, Z_95);
        assert!((lo - 0.722466).abs() < 1e-5, "lo = {lo}");
        assert_eq!(hi, 1.0);
    }

    #[test]
    fn wilson_without_trials_knows_nothing() {
        assert_eq!(wilson(0.5, 0.0, Z_95), (0.0, 1.0));
    }

    #[test]
    #[should_panic(expected = "proportion must lie in [0, 1]")]
    fn wilson_rejects_a_proportion_above_one() {
        let _ = wilson(1.5, 10.0, Z_95);
    }
}
