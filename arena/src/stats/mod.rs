//! Statistics the arena reports: score intervals, Elo, pentanomial records, Bradley–Terry
//! ratings, sequential tests (GSPRT) and descriptive summaries of game metrics.
//!
//! Every function here is pure: no I/O, no clocks, and randomness only through a
//! [`rand_chacha::ChaCha8Rng`] seeded by the caller, so a tournament's CSV is reproducible.
//! The formulas follow `stats.md` (the arena's statistics note); the notation there is used
//! in the docs: n games, N game pairs, z the normal quantile of the confidence level,
//! L(x) = 1 / (1 + 10^(-x/400)) and Elo(S) = -400 log10(1/S - 1).

mod bradley_terry;
mod cluster;
pub mod coverage;
mod crosstable;
mod describe;
mod elo;
mod gsprt;
mod interval;
mod lengths;
mod record;
mod score_interval;
mod sets;
mod summary;
mod variance;

pub use bradley_terry::{BradleyTerry, BradleyTerryError, RatingBasis, RatingInterval};
pub use cluster::{clustered_mean, clustered_rate, ClusteredRate};
pub use crosstable::{Crosstable, GameUnits, PairScore};
pub use describe::{mean, quantile, quantile_sorted, quantiles, std_dev};
pub use elo::{elo_from_score, score_from_elo};
pub use gsprt::{default_error_rate, Gsprt, GsprtError, GsprtStatus, Outcomes, Verdict};
pub use interval::{
    clopper_pearson, jeffreys, student_t_quantile, tail_of_z, wilson, z_for_confidence, Z_95,
};
pub use lengths::LengthCounts;
pub use record::{GameResult, PairRecord};
pub use score_interval::{Boundary, IntervalKind, ScoreInterval};
pub use sets::SetRecord;
pub use summary::ScoreSummary;
pub use variance::{pentanomial_variance, trinomial_variance, PAIR_SCORES};

/// What the statistics' unit tests share.
#[cfg(test)]
mod test_support {
    /// Asserts that `actual` is within `tolerance` of `expected`.
    pub(super) fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "expected {expected} ± {tolerance}, got {actual}"
        );
    }
}
