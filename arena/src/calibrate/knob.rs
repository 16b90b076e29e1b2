//! The knob a calibration turns: a numeric setting of one agent family between bounds
//! (linear or log scale, optionally whole numbers), or a list of candidate specs. Points
//! are placed by their position t in [0, 1] along the knob.

use serde::{Deserialize, Serialize};

/// An agent family and the knob that sets its strength.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum Knob {
    /// `base` with `knob=value` added, value from `min` to `max`.
    Range {
        /// The spec without the knob (`perfect`, `mcts:c=1.4`).
        base: String,
        /// The key the knob sets (`epsilon`, `iterations`).
        knob: String,
        /// The smallest value.
        min: f64,
        /// The largest value.
        max: f64,
        /// Whether positions along the knob are logarithmic in its value.
        log: bool,
        /// Whether values are whole numbers (depths, iterations).
        integer: bool,
        /// Points of the coarse scan, both ends included.
        scan: u32,
    },
    /// Specs in the given order; the knob value is the index.
    Candidates(Vec<String>),
}

/// Coarse-scan points of a candidate list at most.
const CANDIDATE_SCAN: usize = 5;

impl Knob {
    /// The knob value at position `t` in [0, 1], rounded to what a spec can say (whole
    /// numbers, or four decimals).
    pub fn value_at(&self, t: f64) -> f64 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Knob::Range {
                min,
                max,
                log,
                integer,
                ..
            } => {
                let raw = if *log {
                    (min.ln() + t * (max.ln() - min.ln())).exp()
                } else {
                    min + t * (max - min)
                };
                let rounded = if *integer {
                    raw.round()
                } else {
                    (raw * 1e4).round() / 1e4
                };
                rounded.clamp(*min, *max)
            }
            Knob::Candidates(specs) => (t * (specs.len() - 1) as f64).round(),
        }
    }

    /// The position in [0, 1] of knob value `value`.
    pub fn position_of(&self, value: f64) -> f64 {
        match self {
            Knob::Range { min, max, log, .. } => {
                if *log {
                    (value.ln() - min.ln()) / (max.ln() - min.ln())
                } else {
                    (value - min) / (max - min)
                }
            }
            Knob::Candidates(specs) => value / (specs.len() - 1) as f64,
        }
    }

    /// The spec string of knob value `value`.
    pub fn spec_of(&self, value: f64) -> String {
        match self {
            Knob::Range { base, knob, .. } => {
                let separator = if base.contains(':') { ',' } else { ':' };
                format!("{base}{separator}{knob}={}", format_value(value))
            }
            Knob::Candidates(specs) => specs[value as usize].clone(),
        }
    }

    /// How many knob values the coarse scan measures at most (before equal values
    /// merge), known without listing them.
    pub fn scan_points(&self) -> usize {
        match self {
            Knob::Range { scan, .. } => *scan as usize,
            Knob::Candidates(specs) => specs.len().min(CANDIDATE_SCAN),
        }
    }

    /// The knob values of the coarse scan, both ends included.
    pub fn scan(&self) -> Vec<f64> {
        let points = self.scan_points();
        let mut values: Vec<f64> = (0..points)
            .map(|i| self.value_at(i as f64 / (points - 1) as f64))
            .collect();
        values.dedup();
        values
    }

    /// The knob value as the CSV files write it.
    pub fn describe(value: f64) -> String {
        format_value(value)
    }
}

fn format_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_positions_and_specs() {
        let knob = Knob::Range {
            base: "mcts:c=1.4".into(),
            knob: "iterations".into(),
            min: 10.0,
            max: 1000.0,
            log: true,
            integer: true,
            scan: 3,
        };
        assert_eq!(knob.scan(), vec![10.0, 100.0, 1000.0]);
        assert_eq!(knob.spec_of(100.0), "mcts:c=1.4,iterations=100");
        assert!((knob.position_of(100.0) - 0.5).abs() < 1e-12);
        let epsilon = Knob::Range {
            base: "perfect".into(),
            knob: "epsilon".into(),
            min: 0.0,
            max: 1.0,
            log: false,
            integer: false,
            scan: 4,
        };
        assert_eq!(epsilon.value_at(1.0 / 3.0), 0.3333);
        assert_eq!(epsilon.spec_of(0.25), "perfect:epsilon=0.25");
        assert_eq!(epsilon.spec_of(1.0), "perfect:epsilon=1");
        let list = Knob::Candidates(vec!["random".into(), "greedy".into(), "perfect".into()]);
        assert_eq!(list.scan(), vec![0.0, 1.0, 2.0]);
        assert_eq!(list.spec_of(list.value_at(0.7)), "greedy");
    }
}
