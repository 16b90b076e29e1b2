//! Conversion between an expected score and an Elo difference (logistic model).

/// Returns the Elo difference Elo(S) = -400 log10(1/S - 1) that makes `score` the expected
/// score: 0 at 1/2, `-∞` at 0 and `+∞` at 1, NaN outside [0, 1].
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score == 0.0 {
        f64::NEG_INFINITY
    } else if score == 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Returns the expected score L(elo) = 1 / (1 + 10^(-elo/400)) of a player `elo` points
/// stronger than the opponent, in [0, 1] (0 and 1 only at `∓∞`).
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_quarters_is_about_191_elo() {
        // 1/0.75 - 1 = 1/3, so Elo = -400·log10(1/3) = 400·0.47712125 = 190.8485
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
        assert!((elo_from_score(0.25) + 190.85).abs() < 0.01);
    }

    #[test]
    fn even_score_is_zero_elo() {
        // L(0) = 1 / (1 + 10^0) = 1/2
        assert_eq!(score_from_elo(0.0), 0.5);
        assert_eq!(elo_from_score(0.5), 0.0);
    }

    #[test]
    fn extremes_are_infinite_and_outside_is_nan() {
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert!(elo_from_score(1.2).is_nan());
        assert!(elo_from_score(-0.1).is_nan());
    }

    #[test]
    fn elo_and_score_are_inverse() {
        // L(400) = 1 / (1 + 10^-1) = 10/11
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-15);
        for elo in [-800.0, -191.0, -3.5, 0.25, 57.0, 400.0, 1200.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9 * (1.0 + elo.abs()));
        }
    }
}
