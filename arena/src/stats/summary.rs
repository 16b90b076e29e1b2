//! The score summary of one agent pair: score with interval, Elo with interval, likelihood
//! of superiority and normalised Elo.

use statrs::distribution::{ContinuousCDF, Normal};

use super::elo::elo_from_score;
use super::interval::wilson;
use super::record::PairRecord;
use super::variance::{pentanomial_variance, trinomial_variance};

/// Everything the arena reports about one agent's score against one opponent, computed by
/// [`ScoreSummary::from_record`] as `stats.md` prescribes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreSummary {
    /// Games played, n.
    pub games: u64,
    /// Game pairs played, N (0 when the games were not paired).
    pub pairs: u64,
    /// Score S = (wins + draws/2) / n.
    pub score: f64,
    /// Standard error of the score: sqrt(σ²_pair / N) when paired, sqrt(σ² / n) otherwise.
    pub standard_error: f64,
    /// Lower bound of the score interval.
    pub score_lo: f64,
    /// Upper bound of the score interval.
    pub score_hi: f64,
    /// Elo(S): `±∞` at a score of 0 or 1.
    pub elo: f64,
    /// Elo(score_lo).
    pub elo_lo: f64,
    /// Elo(score_hi).
    pub elo_hi: f64,
    /// Likelihood of superiority, Φ((S - 1/2) / SE); 1, 0 or 1/2 when SE is zero.
    pub los: f64,
    /// Normalised Elo, (S - 1/2) / σ_game · 800 / ln 10.
    pub nelo: f64,
    /// Whether the pentanomial model was used (the record has game pairs).
    pub paired: bool,
    /// Whether the score interval is the Wilson interval (SE was zero, or the normal
    /// interval S ± z·SE left (0, 1)).
    pub wilson_fallback: bool,
}

impl ScoreSummary {
    /// Returns the summary of `record` at normal quantile `z` (see [`super::Z_95`] and
    /// [`super::z_for_confidence`]), or `None` when the record has no games.
    ///
    /// - The standard error is pentanomial, sqrt(σ²_pair / N), when the record has game
    ///   pairs, and trinomial, sqrt(σ² / n), otherwise. Games outside pairs still count in
    ///   S and n, but not in the pentanomial variance.
    /// - The score interval is S ± z·SE, unless SE is zero or a bound falls outside (0, 1):
    ///   then it is the Wilson interval of S over the n games.
    /// - The Elo bounds are the score bounds mapped through Elo. The Wilson interval keeps
    ///   the bound nearer 1/2 strictly inside (0, 1); at a score of exactly 0 (or 1) its outer
    ///   bound is 0 (or 1), so `elo_lo` is `-∞` (or `elo_hi` is `+∞`), like `elo` itself.
    /// - nElo uses σ_game = σ (trinomial) or sqrt(2)·σ_pair (pentanomial); when σ_game is
    ///   zero it is 0 at S = 1/2 and `±∞` otherwise.
    #[must_use]
    pub fn from_record(record: &PairRecord, z: f64) -> Option<Self> {
        let games = record.games();
        let score = record.score()?;
        let pairs = record.pairs();
        let paired = pairs > 0;
        let (standard_error, sigma_game) = if paired {
            let variance = pentanomial_variance(record.pentanomial());
            ((variance / pairs as f64).sqrt(), (2.0 * variance).sqrt())
        } else {
            let variance = trinomial_variance(record.wins, record.draws, record.losses);
            ((variance / games as f64).sqrt(), variance.sqrt())
        };

        let normal_lo = score - z * standard_error;
        let normal_hi = score + z * standard_error;
        let wilson_fallback = standard_error == 0.0 || normal_lo <= 0.0 || normal_hi >= 1.0;
        let (score_lo, score_hi) = if wilson_fallback {
            wilson(score, games as f64, z)
        } else {
            (normal_lo, normal_hi)
        };

        let excess = score - 0.5;
        let los = if standard_error == 0.0 {
            sign_rule(excess, 1.0, 0.0, 0.5)
        } else {
            Normal::standard().cdf(excess / standard_error)
        };
        let nelo = if sigma_game == 0.0 {
            sign_rule(excess, f64::INFINITY, f64::NEG_INFINITY, 0.0)
        } else {
            excess / sigma_game * 800.0 / std::f64::consts::LN_10
        };

        Some(Self {
            games,
            pairs,
            score,
            standard_error,
            score_lo,
            score_hi,
            elo: elo_from_score(score),
            elo_lo: elo_from_score(score_lo),
            elo_hi: elo_from_score(score_hi),
            los,
            nelo,
            paired,
            wilson_fallback,
        })
    }
}

/// Returns `above`, `below` or `even` as `excess` is positive, negative or zero.
fn sign_rule(excess: f64, above: f64, below: f64, even: f64) -> f64 {
    if excess > 0.0 {
        above
    } else if excess < 0.0 {
        below
    } else {
        even
    }
}

#[cfg(test)]
mod tests {
    use super::super::interval::Z_95;
    use super::super::record::GameResult::{self, Draw, Loss, Win};
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "expected {expected} ± {tolerance}, got {actual}"
        );
    }

    fn repeat_pair(record: &mut PairRecord, times: usize, first: GameResult, second: GameResult) {
        for _ in 0..times {
            record.add_pair(first, second);
        }
    }

    #[test]
    fn no_games_no_summary() {
        assert_eq!(ScoreSummary::from_record(&PairRecord::new(), Z_95), None);
    }

    #[test]
    fn pentanomial_interval_by_hand() {
        // pairs LL 1, LD 2, DD+WL 3, WD 2, WW 2: S = 0.55, σ²_pair = 0.0975 (see variance.rs)
        let mut record = PairRecord::new();
        repeat_pair(&mut record, 1, Loss, Loss);
        repeat_pair(&mut record, 2, Loss, Draw);
        repeat_pair(&mut record, 2, Win, Loss);
        repeat_pair(&mut record, 1, Draw, Draw);
        repeat_pair(&mut record, 2, Win, Draw);
        repeat_pair(&mut record, 2, Win, Win);
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert!(summary.paired && !summary.wilson_fallback);
        assert_eq!((summary.games, summary.pairs), (20, 10));
        close(summary.score, 0.55, 1e-12);
        // SE = sqrt(0.0975 / 10) = 0.0987421; z·SE = 0.1935310
        close(summary.standard_error, 0.0987421, 1e-6);
        close(summary.score_lo, 0.3564690, 1e-6);
        close(summary.score_hi, 0.7435310, 1e-6);
        // Elo(0.55) = 400·log10(0.55/0.45) = 34.86; Elo(0.356469) = -102.62; Elo(0.743531) = 184.91
        close(summary.elo, 34.860, 1e-3);
        close(summary.elo_lo, -102.619, 1e-3);
        close(summary.elo_hi, 184.906, 1e-3);
        // LOS = Φ(0.05 / 0.0987421) = Φ(0.50637) = 0.69370
        close(summary.los, 0.69370, 1e-5);
        // nElo = 0.05 / sqrt(2·0.0975) · 800 / ln 10 = 0.05 / 0.441588 · 347.4355 = 39.339
        close(summary.nelo, 39.339, 1e-3);
    }

    #[test]
    fn trinomial_interval_by_hand() {
        // W 30, D 10, L 10 unpaired: S = 0.7, σ² = 0.16 (see variance.rs)
        let mut record = PairRecord {
            wins: 30,
            draws: 10,
            losses: 10,
            ..PairRecord::default()
        };
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert!(!summary.paired && !summary.wilson_fallback);
        // SE = sqrt(0.16 / 50) = 0.0565685; S ± z·SE = 0.7 ± 0.1108723
        close(summary.standard_error, 0.0565685, 1e-6);
        close(summary.score_lo, 0.5891277, 1e-6);
        close(summary.score_hi, 0.8108723, 1e-6);
        // LOS = Φ(0.2 / 0.0565685) = Φ(3.53553) = 0.999797
        close(summary.los, 0.999797, 1e-6);
        // nElo = 0.2 / 0.4 · 800 / ln 10 = 173.718
        close(summary.nelo, 173.718, 1e-3);

        // A tenth of the games: SE = sqrt(0.16 / 5) = 0.178885, S + z·SE = 1.0506 leaves (0, 1),
        // so the interval is Wilson(0.7, 5) = (0.298791, 0.927416).
        record = PairRecord {
            wins: 3,
            draws: 1,
            losses: 1,
            ..PairRecord::default()
        };
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert!(summary.wilson_fallback);
        close(summary.score_lo, 0.298791, 1e-6);
        close(summary.score_hi, 0.927416, 1e-6);
    }

    #[test]
    fn pairs_that_all_score_alike_fall_back_to_wilson() {
        // 10 pairs, each a win and a loss: every pair scores 1/2, σ²_pair = 0, SE = 0.
        // Wilson(0.5, 20): centre 1/2, half width
        //   z·sqrt(0.25/20 + z²/1600) / (1 + z²/20) = 1.959964·0.1220693 / 1.1920730 = 0.2007020
        let mut record = PairRecord::new();
        repeat_pair(&mut record, 10, Win, Loss);
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert_eq!(summary.standard_error, 0.0);
        assert!(summary.paired && summary.wilson_fallback);
        close(summary.score_lo, 0.2992980, 1e-6);
        close(summary.score_hi, 0.7007020, 1e-6);
        // Elo(0.700702) = 400·log10(0.700702/0.299298) = 147.772, finite and symmetric
        close(summary.elo_hi, 147.772, 1e-3);
        close(summary.elo_lo, -147.772, 1e-3);
        assert_eq!(summary.los, 0.5);
        assert_eq!(summary.nelo, 0.0);
    }

    #[test]
    fn los_rules_when_the_standard_error_is_zero() {
        // 10 pairs of two wins: S = 1, SE = 0, LOS = 1
        let mut sweep = PairRecord::new();
        repeat_pair(&mut sweep, 10, Win, Win);
        let summary = ScoreSummary::from_record(&sweep, Z_95).unwrap();
        assert_eq!(summary.los, 1.0);
        assert_eq!(summary.nelo, f64::INFINITY);
        // Wilson(1, 20) = (1 / (1 + z²/20), 1) = (0.838875, 1): elo_lo = 286.614 is finite;
        // elo_hi = Elo(1) is +∞ (as is the Elo of the score itself).
        assert!(summary.wilson_fallback);
        close(summary.score_lo, 0.838875, 1e-6);
        close(summary.elo_lo, 286.614, 1e-3);
        assert_eq!(summary.elo_hi, f64::INFINITY);
        assert_eq!(summary.elo, f64::INFINITY);

        // The opponent's view: S = 0, LOS = 0, the interval mirrors.
        let summary = ScoreSummary::from_record(&sweep.flipped(), Z_95).unwrap();
        assert_eq!(summary.los, 0.0);
        close(summary.score_hi, 1.0 - 0.838875, 1e-6);
        close(summary.elo_hi, -286.614, 1e-3);

        // All draws, unpaired: S = 1/2, SE = 0, LOS = 1/2.
        let draws = PairRecord {
            draws: 8,
            ..PairRecord::default()
        };
        let summary = ScoreSummary::from_record(&draws, Z_95).unwrap();
        assert_eq!(summary.los, 0.5);
        assert!(summary.wilson_fallback && !summary.paired);
    }

    #[test]
    fn flipping_mirrors_the_summary() {
        let mut record = PairRecord::new();
        repeat_pair(&mut record, 7, Win, Draw);
        repeat_pair(&mut record, 5, Draw, Draw);
        repeat_pair(&mut record, 3, Loss, Draw);
        repeat_pair(&mut record, 2, Loss, Win);
        let ours = ScoreSummary::from_record(&record, Z_95).unwrap();
        let theirs = ScoreSummary::from_record(&record.flipped(), Z_95).unwrap();
        close(ours.score + theirs.score, 1.0, 1e-12);
        close(ours.elo_lo, -theirs.elo_hi, 1e-9);
        close(ours.los + theirs.los, 1.0, 1e-12);
        close(ours.nelo, -theirs.nelo, 1e-9);
    }
}
