//! Descriptive statistics of game metrics (game length and the like): mean, standard
//! deviation and quantiles.

/// Returns the arithmetic mean of `values`, or `None` when there are none.
#[must_use]
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Returns the sample standard deviation of `values`, sqrt(Σ (x - mean)² / (n - 1)) (Bessel's
/// correction: the values are a sample of the games the agents could play), or `None` with
/// fewer than two values.
#[must_use]
pub fn std_dev(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let centre = mean(values)?;
    let squares: f64 = values.iter().map(|value| (value - centre).powi(2)).sum();
    Some((squares / (values.len() - 1) as f64).sqrt())
}

/// Returns the `q`-quantile of `values` (which need not be sorted), or `None` when there
/// are none. See [`quantile_sorted`] for the definition.
///
/// # Panics
/// Panics unless 0 ≤ `q` ≤ 1.
#[must_use]
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    quantiles(values, &[q]).map(|found| found[0])
}

/// Returns the quantiles of `values` at each of `qs`, sorting a copy of `values` once, or
/// `None` when there are no values. Values are sorted by [`f64::total_cmp`], so NaNs (which
/// should not be there) go to the ends.
///
/// # Panics
/// Panics unless every q lies in [0, 1].
#[must_use]
pub fn quantiles(values: &[f64], qs: &[f64]) -> Option<Vec<f64>> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(qs.iter().map(|&q| quantile_sorted(&sorted, q)).collect())
}

/// Returns the `q`-quantile of the ascending values `sorted` by linear interpolation between
/// order statistics (Hyndman and Fan's type 7, the default of R and NumPy): with
/// h = (n - 1)·q, it is x[⌊h⌋] + (h - ⌊h⌋)·(x[⌊h⌋ + 1] - x[⌊h⌋]), counting from 0. So q = 0
/// gives the minimum, q = 1 the maximum and q = 1/2 the usual median.
///
/// # Panics
/// Panics if `sorted` is empty or unless 0 ≤ `q` ≤ 1.
#[must_use]
pub fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    assert!(!sorted.is_empty(), "quantile of no values");
    assert!(
        (0.0..=1.0).contains(&q),
        "quantile must lie in [0, 1], got {q}"
    );
    let position = (sorted.len() - 1) as f64 * q;
    let below = position.floor() as usize;
    let fraction = position - below as f64;
    match sorted.get(below + 1) {
        Some(&above) if fraction > 0.0 => sorted[below] + fraction * (above - sorted[below]),
        _ => sorted[below],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_sample_standard_deviation() {
        let values = [4.0, 1.0, 3.0, 2.0];
        // (4 + 1 + 3 + 2) / 4 = 2.5
        assert_eq!(mean(&values), Some(2.5));
        // squares 2.25 + 2.25 + 0.25 + 0.25 = 5; sqrt(5 / 3) = 1.2909944
        assert!((std_dev(&values).unwrap() - 1.2909944).abs() < 1e-7);
        assert_eq!(mean(&[]), None);
        assert_eq!(std_dev(&[3.0]), None);
    }

    #[test]
    fn type_seven_quantiles() {
        let values = [4.0, 1.0, 3.0, 2.0];
        // sorted 1 2 3 4, h = 3q: q = 0.5 -> h = 1.5 -> 2 + 0.5·1 = 2.5;
        // q = 0.25 -> h = 0.75 -> 1.75; q = 0.9 -> h = 2.7 -> 3.7; ends are min and max
        let found = quantiles(&values, &[0.0, 0.25, 0.5, 0.9, 1.0]).unwrap();
        let expected = [1.0, 1.75, 2.5, 3.7, 4.0];
        for (found, expected) in found.iter().zip(expected) {
            assert!((found - expected).abs() < 1e-12, "{found} != {expected}");
        }
        assert_eq!(quantile(&[7.0], 0.3), Some(7.0));
        assert_eq!(quantile(&[], 0.3), None);
    }

    #[test]
    #[should_panic(expected = "quantile must lie in [0, 1]")]
    fn quantile_outside_the_unit_interval_panics() {
        let _ = quantile(&[1.0, 2.0], 1.5);
    }
}
