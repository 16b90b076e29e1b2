//! The score summary of one agent pair: score with interval, Elo with interval, likelihood
//! of superiority and normalised Elo.

use statrs::distribution::{ContinuousCDF, Normal};

use super::elo::elo_from_score;
use super::interval::tail_of_z;
use super::record::PairRecord;
use super::score_interval::{IntervalKind, ScoreInterval};
use super::variance::{pentanomial_variance, trinomial_variance};

/// Everything the arena reports about one agent's score against one opponent, computed by
/// [`ScoreSummary::from_record`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreSummary {
    /// Games played, n.
    pub games: u64,
    /// Game pairs played, N (0 when the games were not paired).
    pub pairs: u64,
    /// Score S = (wins + draws/2) / n.
    pub score: f64,
    /// Standard error of the score by the plug-in variance: sqrt(σ²_pair / N) when paired,
    /// sqrt(σ² / n) otherwise (the LOS uses it; the interval uses the unbiased variance).
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
    /// Which interval the score bounds are: Student t, or exact over the units (every
    /// unit scored alike, or the t interval left (0, 1)).
    pub interval: IntervalKind,
}

impl ScoreSummary {
    /// Returns the summary of `record` at normal quantile `z` (see [`super::Z_95`] and
    /// [`super::z_for_confidence`]: the interval leaves 1 - Φ(z) out on each side), or
    /// `None` when the record has no games.
    ///
    /// - The units are the game pairs when the record has any (pentanomial), the games
    ///   otherwise (trinomial). Games outside pairs still count in S and n, but not in the
    ///   pentanomial variance.
    /// - The score interval is [`ScoreInterval`]'s over those units:
    ///   S ± (t_{N-1}·s/sqrt(N) + step/2N) with s² the unbiased variance σ²·N/(N-1) floored
    ///   by the variance of the sample with one more unit at 0 and one at 1, or, where that
    ///   leaves (0, 1), the exact (Clopper–Pearson) interval of N·S successes in N trials.
    ///   Pairs stay the unit either way, so the pairing is kept.
    /// - The Elo bounds are the score bounds mapped through Elo: at a score of exactly 0
    ///   (or 1) the outer bound is 0 (or 1), so `elo_lo` is `-∞` (or `elo_hi` is `+∞`),
    ///   like `elo` itself; the inner bound stays finite.
    /// - The standard error is the plug-in sqrt(σ²/N), for the LOS.
    /// - nElo uses σ_game = σ (trinomial) or sqrt(2)·σ_pair (pentanomial); when σ_game is
    ///   zero it is 0 at S = 1/2 and `±∞` otherwise.
    #[must_use]
    pub fn from_record(record: &PairRecord, z: f64) -> Option<Self> {
        let games = record.games();
        let score = record.score()?;
        let pairs = record.pairs();
        let paired = pairs > 0;
        // A pair scores in quarters, a single game in halves.
        let (units, step, variance, sigma_game) = if paired {
            let variance = pentanomial_variance(record.pentanomial());
            (pairs, 0.25, variance, (2.0 * variance).sqrt())
        } else {
            let variance = trinomial_variance(record.wins, record.draws, record.losses);
            (games, 0.5, variance, variance.sqrt())
        };
        let standard_error = (variance / units as f64).sqrt();
        let ((score_lo, score_hi), interval) =
            ScoreInterval::new(units, step, tail_of_z(z)).of(score, variance);

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
            interval,
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
    use crate::stats::test_support::close;

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
        assert!(summary.paired);
        assert_eq!(summary.interval, IntervalKind::StudentT);
        assert_eq!((summary.games, summary.pairs), (20, 10));
        close(summary.score, 0.55, 1e-12);
        // plug-in SE = sqrt(0.0975 / 10) = 0.0987421 (for the LOS)
        close(summary.standard_error, 0.0987421, 1e-6);
        // unbiased s² = 0.0975·10/9 = 0.1083333; with a pair at 0 and one at 1
        // (m = 6.5/12 = 0.5416667): (10·(0.0975 + 0.0000694) + 0.2934028 + 0.2100694)/11
        // = 0.1344697, the larger. t_{9, 0.975} = 2.2621572: half width
        // 2.2621572·sqrt(0.01344697) + 0.25/20 = 0.2623222 + 0.0125: (0.2751778, 0.8248222)
        close(summary.score_lo, 0.2751778, 1e-6);
        close(summary.score_hi, 0.8248222, 1e-6);
        // Elo(0.55) = 400·log10(0.55/0.45) = 34.86; Elo(0.2751778) = -168.247;
        // Elo(0.8248222) = 269.152
        close(summary.elo, 34.860, 1e-3);
        close(summary.elo_lo, -168.247, 1e-3);
        close(summary.elo_hi, 269.152, 1e-3);
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
        assert!(!summary.paired);
        assert_eq!(summary.interval, IntervalKind::StudentT);
        // plug-in SE = sqrt(0.16 / 50) = 0.0565685
        close(summary.standard_error, 0.0565685, 1e-6);
        // unbiased 0.16·50/49 = 0.1632653; with a game at 0 and one at 1 (m = 36/52):
        // (50·(0.16 + 0.0000592) + 0.4792899 + 0.0946746)/51 = 0.1681750, the larger.
        // t_{49, 0.975} = 2.0095752: 0.7 ± (2.0095752·sqrt(0.1681750/50) + 0.5/100)
        // = 0.7 ± 0.1215467
        close(summary.score_lo, 0.5784533, 1e-6);
        close(summary.score_hi, 0.8215467, 1e-6);
        // LOS = Φ(0.2 / 0.0565685) = Φ(3.53553) = 0.999797
        close(summary.los, 0.999797, 1e-6);
        // nElo = 0.2 / 0.4 · 800 / ln 10 = 173.718
        close(summary.nelo, 173.718, 1e-3);

        // A tenth of the games: t_{4, 0.975}·sqrt(0.2/5) = 0.5553 alone leaves (0, 1),
        // so the interval is Clopper–Pearson of 3.5 successes in 5:
        // (B⁻¹(0.025; 3.5, 2.5), B⁻¹(0.975; 4.5, 1.5)) = (0.2094167, 0.9774872).
        record = PairRecord {
            wins: 3,
            draws: 1,
            losses: 1,
            ..PairRecord::default()
        };
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert_eq!(summary.interval, IntervalKind::Exact);
        close(summary.score_lo, 0.2094167, 1e-6);
        close(summary.score_hi, 0.9774872, 1e-6);
    }

    #[test]
    fn pairs_that_all_score_alike_keep_a_width() {
        // 10 pairs, each a win and a loss: every pair scores 1/2, σ²_pair = 0. The floor
        // (a pair at 0 and one at 1) gives (0.25 + 0.25)/11 = 0.0454545, so the interval is
        // 0.5 ± (2.2621572·sqrt(0.00454545) + 0.0125) = (0.3349854, 0.6650146), over pairs.
        let mut record = PairRecord::new();
        repeat_pair(&mut record, 10, Win, Loss);
        let summary = ScoreSummary::from_record(&record, Z_95).unwrap();
        assert_eq!(summary.standard_error, 0.0);
        assert!(summary.paired);
        assert_eq!(summary.interval, IntervalKind::StudentT);
        close(summary.score_lo, 0.3349854, 1e-6);
        close(summary.score_hi, 0.6650146, 1e-6);
        // Elo(0.6650146) = 400·log10(0.6650146/0.3349854) = 119.122, finite and symmetric
        close(summary.elo_hi, 119.122, 1e-3);
        close(summary.elo_lo, -119.122, 1e-3);
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
        // Clopper–Pearson of 10 in 10 pairs: (0.025^(1/10), 1) = (0.6915029, 1):
        // elo_lo = 140.217 is finite; elo_hi = Elo(1) is +∞ (as is the Elo of the score).
        assert_eq!(summary.interval, IntervalKind::Exact);
        close(summary.score_lo, 0.6915029, 1e-6);
        close(summary.elo_lo, 140.217, 1e-3);
        assert_eq!(summary.elo_hi, f64::INFINITY);
        assert_eq!(summary.elo, f64::INFINITY);

        // The opponent's view: S = 0, LOS = 0, the interval mirrors.
        let summary = ScoreSummary::from_record(&sweep.flipped(), Z_95).unwrap();
        assert_eq!(summary.los, 0.0);
        close(summary.score_hi, 1.0 - 0.6915029, 1e-6);
        close(summary.elo_hi, -140.217, 1e-3);

        // All draws, unpaired: S = 1/2, SE = 0, LOS = 1/2. Over the 8 games the floor is
        // 0.5/9 = 0.0555556: 0.5 ± (2.3646243·sqrt(0.0555556/8) + 0.5/16) = 0.5 ± 0.2283020.
        let draws = PairRecord {
            draws: 8,
            ..PairRecord::default()
        };
        let summary = ScoreSummary::from_record(&draws, Z_95).unwrap();
        assert_eq!(summary.los, 0.5);
        assert!(!summary.paired);
        assert_eq!(summary.interval, IntervalKind::StudentT);
        close(summary.score_lo, 0.2716980, 1e-6);
        close(summary.score_hi, 0.7283020, 1e-6);
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
