//! What a level aims at: a rating, a score against a reference, a blunder rate, or a
//! fixed spec. Read from the config ([`super::config`]) and carried to the finished
//! result ([`super::result`]), which names each level's target, a rung's included; a
//! module of its own so that the result depends on no stage above it.

use serde::{Deserialize, Serialize};

/// What a level aims at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum Target {
    /// A Bradley–Terry rating on the reference ladder's scale.
    Elo(f64),
    /// A score against the reference at this index: over every game, or over the games
    /// in which the level holds one seat.
    ScoreVs {
        /// Index into the references.
        reference: usize,
        /// The score aimed at.
        score: f64,
        /// The seat (`'A'` moves first) whose games alone are scored, if one is named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<char>,
    },
    /// A blunder rate against perfect play (solved games only).
    BlunderRate(f64),
    /// No search: the level is this spec, measured like the others. For a top level that
    /// is simply the strongest agent the budget allows, whose searches would make every
    /// scanned point of its family as costly as itself.
    Spec(String),
}

impl Target {
    /// The seat a score target is measured in (A is 0), if it names one.
    pub fn seat(&self) -> Option<usize> {
        match self {
            Target::ScoreVs {
                seat: Some(letter), ..
            } => Some(*letter as usize - 'A' as usize),
            _ => None,
        }
    }

    /// The value aimed at (NaN for a fixed spec, which aims at none).
    pub fn value(&self) -> f64 {
        match *self {
            Target::Elo(v) | Target::BlunderRate(v) => v,
            Target::ScoreVs { score, .. } => score,
            Target::Spec(_) => f64::NAN,
        }
    }
}
