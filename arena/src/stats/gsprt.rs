//! The generalised sequential probability ratio test (GSPRT) of one Elo hypothesis against
//! another, on trinomial (game), pentanomial (game pair) or lattice (game set of 3 to 6
//! players) outcome counts.

use super::elo::score_from_elo;
use super::record::PairRecord;
use super::variance::{GAME_SCORES, PAIR_SCORES};

/// The count that stands in for an empty outcome cell, so that every cell has a positive
/// frequency and the constrained maximum likelihood exists.
const EMPTY_CELL: f64 = 1e-3;

/// Outcome counts a GSPRT reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcomes {
    /// Game counts `[losses, draws, wins]` (scores 0, 1/2, 1), for unpaired games.
    Trinomial([u64; 3]),
    /// Game-pair counts `[ll, ld, dd_wl, wd, ww]` (scores 0, 1/4, 1/2, 3/4, 1).
    Pentanomial([u64; 5]),
    /// Counts of units scoring k/(len - 1) for k = 0..len (at least two cells): game
    /// sets of many players ([`super::SetRecord`]).
    Lattice(Vec<u64>),
}

impl Outcomes {
    /// Returns the pentanomial counts of `record` when it has game pairs (games outside
    /// pairs are then left out), its trinomial counts otherwise.
    #[must_use]
    pub fn from_record(record: &PairRecord) -> Self {
        if record.pairs() > 0 {
            Self::Pentanomial(record.pentanomial())
        } else {
            Self::Trinomial(record.trinomial())
        }
    }

    /// Returns the number of observations N: games (trinomial) or game pairs (pentanomial).
    #[must_use]
    pub fn observations(&self) -> u64 {
        self.counts().iter().sum()
    }

    fn counts(&self) -> &[u64] {
        match self {
            Self::Trinomial(counts) => counts,
            Self::Pentanomial(counts) => counts,
            Self::Lattice(counts) => counts,
        }
    }

    fn scores(&self) -> std::borrow::Cow<'static, [f64]> {
        match self {
            Self::Trinomial(_) => (&GAME_SCORES[..]).into(),
            Self::Pentanomial(_) => (&PAIR_SCORES[..]).into(),
            Self::Lattice(counts) => {
                let steps = counts.len().saturating_sub(1).max(1) as f64;
                (0..counts.len())
                    .map(|k| k as f64 / steps)
                    .collect::<Vec<f64>>()
                    .into()
            }
        }
    }
}

/// What a GSPRT concludes from the outcomes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The LLR reached the lower bound: accept H0 (Elo = elo0).
    AcceptH0,
    /// The LLR reached the upper bound: accept H1 (Elo = elo1).
    AcceptH1,
    /// The LLR is between the bounds: play on.
    Continue,
}

/// The state of a GSPRT: the log-likelihood ratio, the bounds and the verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GsprtStatus {
    /// Generalised log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// Lower bound, ln(beta / (1 - alpha)).
    pub lower: f64,
    /// Upper bound, ln((1 - beta) / alpha).
    pub upper: f64,
    /// What the LLR says against the bounds.
    pub verdict: Verdict,
}

impl GsprtStatus {
    /// The LLR against the bounds, as the verdict reads it: `LLR 3.737 >= 2.944` (H1),
    /// `LLR -3.100 <= -2.944` (H0) or `LLR 1.200 in (-2.944, 2.944)` (play on), so that a
    /// value is never printed as inside bounds it has left.
    #[must_use]
    pub fn against_bounds(&self) -> String {
        let (llr, lower, upper) = (self.llr, self.lower, self.upper);
        match self.verdict {
            Verdict::AcceptH1 => format!("LLR {llr:.3} >= {upper:.3}"),
            Verdict::AcceptH0 => format!("LLR {llr:.3} <= {lower:.3}"),
            Verdict::Continue => format!("LLR {llr:.3} in ({lower:.3}, {upper:.3})"),
        }
    }

    /// [`GsprtStatus::against_bounds`] followed by the verdict once there is one:
    /// `LLR 3.737 >= 2.944: H1 accepted`; between the bounds, the comparison alone.
    #[must_use]
    pub fn line(&self) -> String {
        let verdict = match self.verdict {
            Verdict::AcceptH1 => ": H1 accepted",
            Verdict::AcceptH0 => ": H0 accepted",
            Verdict::Continue => "",
        };
        format!("{}{verdict}", self.against_bounds())
    }
}

/// Why a GSPRT could not be set up.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GsprtError {
    /// An Elo hypothesis is not finite, or the two are equal.
    #[error("the Elo hypotheses must be finite and differ, got {elo0} and {elo1}")]
    InvalidHypotheses {
        /// Elo under H0.
        elo0: f64,
        /// Elo under H1.
        elo1: f64,
    },
    /// An error rate is outside (0, 1), or alpha + beta ≥ 1.
    #[error("error rates must lie in (0, 1) with alpha + beta < 1, got {alpha} and {beta}")]
    InvalidErrorRates {
        /// False positive rate.
        alpha: f64,
        /// False negative rate.
        beta: f64,
    },
}

/// A GSPRT of H0: Elo = `elo0` against H1: Elo = `elo1` with error rates `alpha` (accepting
/// H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gsprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

impl Gsprt {
    /// Returns the test of H0: Elo = `elo0` against H1: Elo = `elo1`.
    ///
    /// # Errors
    /// [`GsprtError::InvalidHypotheses`] unless both Elos are finite and differ;
    /// [`GsprtError::InvalidErrorRates`] unless alpha and beta lie in (0, 1) with
    /// alpha + beta < 1 (so that lower < 0 < upper).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, GsprtError> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 == elo1 {
            return Err(GsprtError::InvalidHypotheses { elo0, elo1 });
        }
        let rate = |value: f64| value > 0.0 && value < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(GsprtError::InvalidErrorRates { alpha, beta });
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Returns the bounds `(lower, upper)` = (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Returns the generalised log-likelihood ratio of H1 against H0 for `outcomes`:
    /// LLR = N · Σ_k p̂_k ln(p_k(s1) / p_k(s0)), with s = L(elo) and p_k(s) the distribution
    /// nearest p̂ (in likelihood) whose mean score is s: p_k(s) = p̂_k / (1 + θ(a_k - s)),
    /// θ solving Σ p̂_k (a_k - s) / (1 + θ(a_k - s)) = 0.
    ///
    /// N is the true number of observations. The frequencies p̂ are the counts with every
    /// empty cell replaced by 1e-3, divided by their (so changed) total, so they sum to 1
    /// and are all positive; with cells filled, the mean score is never exactly 0 or 1
    /// and θ always exists. Without observations the LLR is 0.
    #[must_use]
    pub fn llr(&self, outcomes: &Outcomes) -> f64 {
        let observations = outcomes.observations();
        if observations == 0 {
            return 0.0;
        }
        let filled: Vec<f64> = outcomes
            .counts()
            .iter()
            .map(|&count| if count == 0 { EMPTY_CELL } else { count as f64 })
            .collect();
        let total: f64 = filled.iter().sum();
        let frequencies: Vec<f64> = filled.iter().map(|count| count / total).collect();
        let scores = outcomes.scores();
        let scores = &scores[..];

        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let theta0 = constrained_theta(&frequencies, scores, s0);
        let theta1 = constrained_theta(&frequencies, scores, s1);
        // ln(p_k(s1) / p_k(s0)) = ln(1 + θ0(a_k - s0)) - ln(1 + θ1(a_k - s1))
        let per_observation: f64 = frequencies
            .iter()
            .zip(scores)
            .map(|(&frequency, &score)| {
                frequency * ((theta0 * (score - s0)).ln_1p() - (theta1 * (score - s1)).ln_1p())
            })
            .sum();
        observations as f64 * per_observation
    }

    /// Returns the LLR of `outcomes`, the bounds and the verdict: [`Verdict::AcceptH1`]
    /// at or above the upper bound, [`Verdict::AcceptH0`] at or below the lower one,
    /// [`Verdict::Continue`] between.
    #[must_use]
    pub fn status(&self, outcomes: &Outcomes) -> GsprtStatus {
        let llr = self.llr(outcomes);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        };
        GsprtStatus {
            llr,
            lower,
            upper,
            verdict,
        }
    }
}

/// Returns θ solving Σ p_k (a_k - s) / (1 + θ(a_k - s)) = 0 by bisection.
///
/// Every denominator stays positive for θ in (-1 / (a_max - s), 1 / (s - a_min)); there the
/// sum falls strictly from +∞ to -∞ (all p_k are positive), so the root is unique. Bisection
/// never evaluates the open ends and stops when the bracket is narrower than 1e-15 (θ only
/// enters as 1 + θ(a_k - s) with |a_k - s| < 1) or stops shrinking.
fn constrained_theta(frequencies: &[f64], scores: &[f64], s: f64) -> f64 {
    let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut lo = -1.0 / (highest - s);
    let mut hi = 1.0 / (s - lowest);
    let slope = |theta: f64| -> f64 {
        frequencies
            .iter()
            .zip(scores)
            .map(|(&frequency, &score)| frequency * (score - s) / (1.0 + theta * (score - s)))
            .sum()
    };
    loop {
        let mid = 0.5 * (lo + hi);
        if hi - lo <= 1e-15 || mid <= lo || mid >= hi {
            return mid;
        }
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// The error rates (alpha and beta) a GSPRT config gets when it names none: 5%.
pub fn default_error_rate() -> f64 {
    0.05
}

#[cfg(test)]
mod tests {
    use super::super::record::GameResult::{Draw, Loss, Win};
    use super::*;
    use crate::stats::test_support::close;

    #[test]
    fn a_value_outside_the_bounds_is_printed_against_the_bound_it_crossed() {
        let status = |llr, verdict| GsprtStatus {
            llr,
            lower: -2.944,
            upper: 2.944,
            verdict,
        };
        assert_eq!(
            status(3.7366, Verdict::AcceptH1).line(),
            "LLR 3.737 >= 2.944: H1 accepted"
        );
        assert_eq!(
            status(-3.1, Verdict::AcceptH0).line(),
            "LLR -3.100 <= -2.944: H0 accepted"
        );
        assert_eq!(
            status(1.2, Verdict::Continue).line(),
            "LLR 1.200 in (-2.944, 2.944)"
        );
    }

    #[test]
    fn bounds_at_five_percent() {
        // ln(0.05 / 0.95) = -ln 19 = -2.944439; ln(0.95 / 0.05) = ln 19 = 2.944439
        let test = Gsprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (lower, upper) = test.bounds();
        close(lower, -2.944439, 1e-6);
        close(upper, 2.944439, 1e-6);
    }

    #[test]
    fn pentanomial_llr_matches_the_small_difference_approximation() {
        // pairs LL 20, LD 180, DD+WL 500, WD 240, WW 60 (N = 1000):
        // S = (0.25·180 + 0.5·500 + 0.75·240 + 60) / 1000 = 535 / 1000 = 0.535
        // σ² = 0.02·0.535² + 0.18·0.285² + 0.5·0.035² + 0.24·0.215² + 0.06·0.465² = 0.045025
        // s0 = L(0) = 0.5, s1 = L(10) = 1 / (1 + 10^-0.025) = 0.5143872
        // LLR ≈ 1000 · 0.0143872 · (1.07 - 1.0143872) / (2 · 0.045025) = 8.8852
        let test = Gsprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = test.llr(&Outcomes::Pentanomial([20, 180, 500, 240, 60]));
        assert!((llr / 8.8852 - 1.0).abs() < 0.02, "llr = {llr}");
    }

    #[test]
    fn trinomial_llr_matches_the_small_difference_approximation() {
        // L 260, D 400, W 300 (n = 960): S = (200 + 300) / 960 = 0.5208333
        // σ² = (300·0.4791667² + 400·0.0208333² + 260·0.5208333²) / 960 = 0.1453993
        // LLR ≈ 960 · 0.0143872 · (1.0416667 - 1.0143872) / (2 · 0.1453993) = 1.29566
        let test = Gsprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = test.llr(&Outcomes::Trinomial([260, 400, 300]));
        assert!((llr / 1.29566 - 1.0).abs() < 0.02, "llr = {llr}");
    }

    #[test]
    fn llr_signs_and_symmetries() {
        let outcomes = Outcomes::Pentanomial([20, 180, 500, 240, 60]);
        let forward = Gsprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let backward = Gsprt::new(10.0, 0.0, 0.05, 0.05).unwrap();
        // S = 0.535 is above (s0 + s1) / 2 = 0.507: the data favour H1.
        assert!(forward.llr(&outcomes) > 0.0);
        // Swapping the hypotheses negates the LLR.
        close(backward.llr(&outcomes), -forward.llr(&outcomes), 1e-9);
        // The same counts seen by the opponent, tested at mirrored Elos, give the same LLR.
        let mirrored = Gsprt::new(-10.0, 0.0, 0.05, 0.05).unwrap();
        let flipped = Outcomes::Pentanomial([60, 240, 500, 180, 20]);
        close(mirrored.llr(&flipped), -forward.llr(&outcomes), 1e-9);
        // A score below both hypotheses favours the nearer one, H0.
        assert!(forward.llr(&flipped) < 0.0);
        // Twice the same frequencies, twice the evidence (no empty cells here).
        let doubled = Outcomes::Pentanomial([40, 360, 1000, 480, 120]);
        close(forward.llr(&doubled), 2.0 * forward.llr(&outcomes), 1e-9);
        // Nothing observed, no evidence.
        assert_eq!(forward.llr(&Outcomes::Trinomial([0, 0, 0])), 0.0);
    }

    #[test]
    fn empty_cells_keep_the_llr_finite() {
        let test = Gsprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let all_wins = test.llr(&Outcomes::Pentanomial([0, 0, 0, 0, 25]));
        assert!(all_wins.is_finite() && all_wins > 0.0);
        let all_even = test.llr(&Outcomes::Pentanomial([0, 0, 40, 0, 0]));
        assert!(all_even.is_finite() && all_even < 0.0);
    }

    #[test]
    fn verdicts() {
        let test = Gsprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        // 1000 pairs at S = 0.535: LLR ≈ 8.85 > 2.944
        let strong = test.status(&Outcomes::Pentanomial([20, 180, 500, 240, 60]));
        assert_eq!(strong.verdict, Verdict::AcceptH1);
        // the mirror image, S = 0.465: LLR well below -2.944
        let weak = test.status(&Outcomes::Pentanomial([60, 240, 500, 180, 20]));
        assert_eq!(weak.verdict, Verdict::AcceptH0);
        // 100 pairs at S = 0.535: LLR ≈ 0.89, between the bounds
        let early = test.status(&Outcomes::Pentanomial([2, 18, 50, 24, 6]));
        assert_eq!(early.verdict, Verdict::Continue);
        assert!(early.lower < early.llr && early.llr < early.upper);
    }

    #[test]
    fn outcomes_from_a_record() {
        let mut record = PairRecord::new();
        record.add_game(Win);
        record.add_game(Draw);
        assert_eq!(
            Outcomes::from_record(&record),
            Outcomes::Trinomial([0, 1, 1])
        );
        record.add_pair(Win, Loss);
        let outcomes = Outcomes::from_record(&record);
        assert_eq!(outcomes, Outcomes::Pentanomial([0, 0, 1, 0, 0]));
        assert_eq!(outcomes.observations(), 1);
    }

    #[test]
    fn bad_settings_are_errors() {
        assert!(matches!(
            Gsprt::new(5.0, 5.0, 0.05, 0.05),
            Err(GsprtError::InvalidHypotheses { .. })
        ));
        assert!(matches!(
            Gsprt::new(0.0, 5.0, 0.0, 0.05),
            Err(GsprtError::InvalidErrorRates { .. })
        ));
        assert!(matches!(
            Gsprt::new(0.0, 5.0, 0.6, 0.5),
            Err(GsprtError::InvalidErrorRates { .. })
        ));
    }
}
