//! Per-game (trinomial) and per-pair (pentanomial) variance of the score.

/// The score of a game pair in each pentanomial cell, in the order of
/// [`super::PairRecord::pentanomial`]: LL, LD, DD+WL, WD, WW.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The score of a game in each trinomial cell, in the order of
/// [`super::PairRecord::trinomial`]: loss, draw, win.
pub(crate) const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// Returns the population variance Σ p_k (a_k - S)² of a discrete score distribution given
/// by `counts` over the scores `scores`, with S = Σ p_k a_k; NaN when every count is zero.
fn score_variance(counts: &[u64], scores: &[f64]) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return f64::NAN;
    }
    let total = total as f64;
    let mean: f64 = counts
        .iter()
        .zip(scores)
        .map(|(&count, &score)| count as f64 / total * score)
        .sum();
    counts
        .iter()
        .zip(scores)
        .map(|(&count, &score)| count as f64 / total * (score - mean).powi(2))
        .sum()
}

/// Returns the trinomial variance of one game's score,
/// σ² = w(1 - S)² + d(1/2 - S)² + l·S², where w, d, l are the win, draw and loss rates and
/// S = w + d/2. Returns NaN when there are no games.
#[must_use]
pub fn trinomial_variance(wins: u64, draws: u64, losses: u64) -> f64 {
    score_variance(&[losses, draws, wins], &GAME_SCORES)
}

/// Returns the pentanomial variance of one game pair's score,
/// σ²_pair = Σ p_k (x_k - S)² over the pair scores x = 0, 1/4, 1/2, 3/4, 1 with
/// S = Σ p_k x_k, given the pair counts `[ll, ld, dd_wl, wd, ww]`. Returns NaN when there
/// are no pairs. The standard error of the score is sqrt(σ²_pair / N).
#[must_use]
pub fn pentanomial_variance(pairs: [u64; 5]) -> f64 {
    score_variance(&pairs, &PAIR_SCORES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trinomial_by_hand() {
        // W = 3, D = 1, L = 1 over 5 games: w = 0.6, d = 0.2, l = 0.2, S = 0.6 + 0.1 = 0.7
        // σ² = 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.054 + 0.008 + 0.098 = 0.16
        assert!((trinomial_variance(3, 1, 1) - 0.16).abs() < 1e-12);
        // all draws: no spread at all
        assert_eq!(trinomial_variance(0, 7, 0), 0.0);
        // one win, one loss: S = 1/2, σ² = 1/2·1/4 + 1/2·1/4 = 1/4
        assert!((trinomial_variance(1, 0, 1) - 0.25).abs() < 1e-15);
        assert!(trinomial_variance(0, 0, 0).is_nan());
    }

    #[test]
    fn pentanomial_by_hand() {
        // counts LL 1, LD 2, DD+WL 3, WD 2, WW 2 (N = 10)
        // S = (0·1 + 0.25·2 + 0.5·3 + 0.75·2 + 1·2) / 10 = 5.5 / 10 = 0.55
        // deviations -0.55, -0.30, -0.05, 0.20, 0.45; squares 0.3025, 0.09, 0.0025, 0.04, 0.2025
        // σ² = 0.1·0.3025 + 0.2·0.09 + 0.3·0.0025 + 0.2·0.04 + 0.2·0.2025
        //    = 0.03025 + 0.018 + 0.00075 + 0.008 + 0.0405 = 0.0975
        assert!((pentanomial_variance([1, 2, 3, 2, 2]) - 0.0975).abs() < 1e-12);
        // every pair alike: zero variance
        assert_eq!(pentanomial_variance([0, 0, 9, 0, 0]), 0.0);
        assert!(pentanomial_variance([0; 5]).is_nan());
    }
}
