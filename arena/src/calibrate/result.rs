//! A finished calibration as typed rows: each level as chosen and measured in the final
//! round-robin, every point the search measured, each level's profile by seat and the
//! first player's edge, every figure settled. The search fills it in once, at its end
//! ([`super::search`]); the writers ([`super::files`]) only format it, so that no file
//! asks the measurements for anything.

use super::steps::Steps;
use super::target::Target;
use crate::stats::Verdict;

/// A measured value and its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// Lower bound of its interval.
    pub lo: f64,
    /// Upper bound of its interval.
    pub hi: f64,
}

impl Estimate {
    /// Whether the whole interval lies within `tolerance` of `target`.
    pub fn within(&self, target: f64, tolerance: f64) -> bool {
        self.lo >= target - tolerance && self.hi <= target + tolerance
    }

    /// Whether the interval lies wholly outside `target ± tolerance`.
    pub fn clearly_outside(&self, target: f64, tolerance: f64) -> bool {
        self.hi < target - tolerance || self.lo > target + tolerance
    }
}

/// How a level's search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelStatus {
    /// The interval of the measured value lies within the tolerance of the target.
    Converged,
    /// No knob value reaches the target: the nearest value reached is reported.
    Unreachable,
    /// The step or game cap came first.
    NotConverged,
    /// The level names its spec: nothing was searched.
    Fixed,
}

impl LevelStatus {
    /// The word the CSV files use.
    pub fn as_str(self) -> &'static str {
        match self {
            LevelStatus::Converged => "converged",
            LevelStatus::Unreachable => "unreachable",
            LevelStatus::NotConverged => "not_converged",
            LevelStatus::Fixed => "fixed",
        }
    }
}

/// The sequential test of a level against the level below.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelTest {
    /// Its log-likelihood ratio when it stopped.
    pub llr: f64,
    /// What the ratio said.
    pub verdict: Verdict,
}

/// A level's moves scored by the referee ([`agents::referee`]), a fixed-depth material
/// search, in its games against the references in the final round-robin (games without
/// a solved table).
#[derive(Clone, Debug, PartialEq)]
pub struct Mistakes {
    /// The game's unit ("man", "pawn", ...): a loss of one is a gross mistake.
    pub unit: &'static str,
    /// The plies the referee searched.
    pub depth: u32,
    /// Moves scored.
    pub moves: u64,
    /// Games scored.
    pub games: usize,
    /// The game pairs against each reference scored, where not all were: the first this
    /// many ([`agents::referee::Refereed::CALIBRATION_PAIRS`]).
    pub pairs_each: Option<usize>,
    /// The share of moves that gave away a unit or more within the horizon.
    pub gross: Estimate,
    /// The share of moves that gave away less than a unit, but something.
    pub small: Estimate,
    /// The mean loss a move, in units.
    pub mean_loss: Estimate,
}

/// One level, in the config's order, with any rungs in their places.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRow {
    /// Its name: the config's, or a rung's (`easy-medium`, `easy-medium-1`).
    pub name: String,
    /// What it aimed at: a rung aims at a rating between its neighbours.
    pub target: Target,
    /// Whether it is a rung, inserted between two levels of the config (`[rungs]`).
    pub rung: bool,
    /// The spec chosen.
    pub spec: String,
    /// Its knob value (none for a level that names its spec).
    pub knob: Option<f64>,
    /// Its rating in the final round-robin, on the ladder's scale.
    pub rating: Estimate,
    /// Its score against each reference in the final round-robin (none without games).
    pub scores: Vec<Option<Estimate>>,
    /// Its blunder rate over those games (solved games).
    pub blunder_rate: Option<Estimate>,
    /// The games the blunder rate counts.
    pub blunder_games: usize,
    /// Mean nodes searched per move in those games.
    pub nodes_per_move: f64,
    /// Mean iterations per move in those games.
    pub iterations_per_move: f64,
    /// Its mean score against each reference in each seat (A first) of the final
    /// round-robin: NaN in a seat without games.
    pub seat_scores: Vec<Vec<f64>>,
    /// Its mistakes by the referee in those games (games without a solved table).
    pub mistakes: Option<Mistakes>,
    /// The value of its target measured during the search, with its interval.
    pub measured: Estimate,
    /// How its search ended.
    pub status: LevelStatus,
    /// Its test against the level below (none for the first, or for a level with the
    /// same spec as the one below).
    pub test: Option<LevelTest>,
}

/// One point the search measured, in the order measured.
#[derive(Clone, Debug, PartialEq)]
pub struct PointRow {
    /// The step that added it (0: the scan).
    pub added_at: u32,
    /// Its knob value (none for a level's fixed spec).
    pub knob: Option<f64>,
    /// Its spec.
    pub spec: String,
    /// Game pairs against the reference with the fewest.
    pub pairs: usize,
    /// Its rating on the ladder's scale.
    pub rating: Estimate,
    /// Its score against each reference.
    pub scores: Vec<Option<Estimate>>,
    /// Its score in each seat that a level's target names, in the order of
    /// [`super::config::CalibrationIdentity::seated_targets`].
    pub seated_scores: Vec<Option<Estimate>>,
    /// Its blunder rate (solved games).
    pub blunder_rate: Option<Estimate>,
    /// Mean nodes searched per move.
    pub nodes_per_move: f64,
    /// Mean iterations per move.
    pub iterations_per_move: f64,
}

/// Seat A's score against the other seats over every game of the calibration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstSeat {
    /// The score.
    pub score: f64,
    /// Lower bound of its interval.
    pub lo: f64,
    /// Upper bound of its interval.
    pub hi: f64,
    /// The game pairs or sets it is measured over.
    pub sets: u64,
}

/// Everything a calibration found, ready to write.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Whether the game is solved, so that blunder rates were measured (Leapfrog Race).
    pub solved: bool,
    /// Seats at the table.
    pub players: usize,
    /// The levels, in the config's order, with any rungs in their places.
    pub levels: Vec<LevelRow>,
    /// Every point measured, in the order measured.
    pub points: Vec<PointRow>,
    /// The first player's edge, where the games give it an interval.
    pub first_seat: Option<FirstSeat>,
    /// The steps between neighbouring levels checked against the rules of a ladder
    /// with rungs (only where the config asks for rungs).
    pub steps: Option<Steps>,
}
