//! The steps between neighbouring levels of a calibration with rungs (`[rungs]`), as
//! the final round-robin rates them, checked against the rules of a ladder worth
//! climbing: no step wider than `max_step`, a step to or from a rung at least
//! [`RUNG_STEP`] Elo (a score of 0.60), and each named level at least [`NAMED_STEP`] Elo
//! (0.70) above the named level below. The checks are computed once, from the ratings,
//! so that the printed lines and `levels.md` say the same.

/// The Elo at which the stronger side scores 0.60: the least step to or from a rung.
pub const RUNG_STEP: f64 = 70.0;

/// The Elo at which the stronger side scores 0.70: the least step between named levels.
pub const NAMED_STEP: f64 = 147.0;

/// One step: the Elo between two levels (by index, weakest first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The upper level's rating less the lower's.
    pub elo: f64,
    /// The lower level.
    pub lower: usize,
    /// The upper level.
    pub upper: usize,
}

/// The steps of a ladder, reduced to the three rules' extremes.
#[derive(Clone, Debug, PartialEq)]
pub struct Steps {
    /// The most Elo allowed between neighbours.
    pub max_step: f64,
    /// The widest step between neighbours (none with one level).
    pub widest: Option<Step>,
    /// The narrowest step between neighbours where one of the two is a rung (none
    /// without rungs).
    pub narrowest_rung: Option<Step>,
    /// The narrowest step from a named level to the next named level, rungs between
    /// them skipped (none with one named level).
    pub narrowest_named: Option<Step>,
}

impl Steps {
    /// The steps between levels rated `ratings` (weakest first), where `rung` tells
    /// which levels are rungs, against a cap of `max_step`.
    pub fn of(ratings: &[f64], rung: &[bool], max_step: f64) -> Steps {
        let step = |lower: usize, upper: usize| Step {
            elo: ratings[upper] - ratings[lower],
            lower,
            upper,
        };
        let neighbours: Vec<Step> = (1..ratings.len()).map(|l| step(l - 1, l)).collect();
        let named: Vec<usize> = (0..ratings.len()).filter(|l| !rung[*l]).collect();
        let named_steps = named.windows(2).map(|pair| step(pair[0], pair[1]));
        Steps {
            max_step,
            widest: neighbours
                .iter()
                .copied()
                .max_by(|a, b| a.elo.total_cmp(&b.elo)),
            narrowest_rung: narrowest(
                neighbours
                    .iter()
                    .copied()
                    .filter(|s| rung[s.lower] || rung[s.upper]),
            ),
            narrowest_named: narrowest(named_steps),
        }
    }

    /// Whether no step is wider than `max_step`.
    pub fn within_cap(&self) -> bool {
        self.widest.is_none_or(|s| s.elo <= self.max_step)
    }

    /// Whether every step to or from a rung is at least [`RUNG_STEP`].
    pub fn rungs_apart(&self) -> bool {
        self.narrowest_rung.is_none_or(|s| s.elo >= RUNG_STEP)
    }

    /// Whether every named level is at least [`NAMED_STEP`] above the named one below.
    pub fn named_apart(&self) -> bool {
        self.narrowest_named.is_none_or(|s| s.elo >= NAMED_STEP)
    }

    /// The three rules, each a sentence with its extreme step, levels named by `names`.
    pub fn sentences(&self, names: &[&str]) -> [String; 3] {
        let kept = |holds: bool| if holds { "kept" } else { "NOT kept" };
        let at = |step: Option<Step>, what: &str| match step {
            Some(s) => format!(
                "{what} {:.0} Elo, {} to {}",
                s.elo, names[s.lower], names[s.upper]
            ),
            None => "none".into(),
        };
        [
            format!(
                "every step at most {:.0} Elo: {} ({})",
                self.max_step,
                kept(self.within_cap()),
                at(self.widest, "widest")
            ),
            format!(
                "every step to or from a rung at least {RUNG_STEP:.0} Elo (a score of 0.60): {} ({})",
                kept(self.rungs_apart()),
                at(self.narrowest_rung, "narrowest")
            ),
            format!(
                "every named level at least {NAMED_STEP:.0} Elo (0.70) above the named level \
                 below: {} ({})",
                kept(self.named_apart()),
                at(self.narrowest_named, "narrowest")
            ),
        ]
    }
}

/// The narrowest of `steps`.
fn narrowest(steps: impl Iterator<Item = Step>) -> Option<Step> {
    steps.min_by(|a, b| a.elo.total_cmp(&b.elo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_reports_its_extreme_step() {
        // easy, a rung, medium, hard: rung steps of 90 and 110, named steps of 200 and 500.
        let ratings = [0.0, 90.0, 200.0, 700.0];
        let rung = [false, true, false, false];
        let steps = Steps::of(&ratings, &rung, 400.0);
        assert_eq!(steps.widest.map(|s| (s.lower, s.upper)), Some((2, 3)));
        assert!(!steps.within_cap());
        assert_eq!(steps.narrowest_rung.map(|s| s.elo), Some(90.0));
        assert!(steps.rungs_apart());
        assert_eq!(
            steps.narrowest_named.map(|s| (s.lower, s.upper, s.elo)),
            Some((0, 2, 200.0))
        );
        assert!(steps.named_apart());
        let names = ["easy", "easy-medium", "medium", "hard"];
        let [cap, rungs, named] = steps.sentences(&names);
        assert_eq!(
            cap,
            "every step at most 400 Elo: NOT kept (widest 500 Elo, medium to hard)"
        );
        assert!(
            rungs.ends_with("kept (narrowest 90 Elo, easy to easy-medium)"),
            "{rungs}"
        );
        assert!(
            named.ends_with(": kept (narrowest 200 Elo, easy to medium)"),
            "{named}"
        );
        // Without rungs the rung rule holds with no step to show.
        let plain = Steps::of(&[0.0, 100.0], &[false, false], 400.0);
        assert!(plain.rungs_apart() && !plain.named_apart());
        assert!(plain.sentences(&["easy", "hard"])[1].ends_with("kept (none)"));
    }
}
