//! Calibration configs: TOML read into a validated [`CalibrationConfig`], with errors that
//! name the file, the line and the field, and quote what was written (as `arena run`).

use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use engine::{GameKind, GameSpec, Limits};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::knob::Knob;
// The target is the bottom of the pipeline: the finished result names it too.
pub use super::target::Target;
use crate::config::{
    at_least_one, check_bootstrap, check_spec, default_out, located, output_folder, read_text,
    AgentEntry,
};
use crate::error::ArenaError;
use crate::limits::default_threads;
use crate::sprt::GsprtSettings;

/// One difficulty level: its name and target, weakest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The level's name (`easy`).
    pub name: String,
    /// What it aims at.
    pub target: Target,
}

/// How close a measured value must come to its target, per kind of target.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    /// Elo points.
    pub elo: f64,
    /// Score.
    pub score: f64,
    /// Blunder rate.
    pub blunder_rate: f64,
}

impl Tolerance {
    /// The tolerance for `target`.
    pub fn of(&self, target: &Target) -> f64 {
        match target {
            Target::Elo(_) => self.elo,
            Target::ScoreVs { .. } => self.score,
            Target::BlunderRate(_) => self.blunder_rate,
            Target::Spec(_) => 0.0,
        }
    }
}

/// Everything that decides a calibration's results (threads and the output folder do
/// not): recorded in the output folder's `config.toml` and compared on `--resume`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalibrationIdentity {
    /// The game and its options.
    pub game: String,
    /// The master seed.
    #[serde(with = "crate::config::seed_text")]
    pub seed: u64,
    /// Seeded random plies before the agents take over.
    pub opening_plies: u32,
    /// Only openings the referee finds within this many hundredths of a unit of even
    /// ([`crate::openings`]); none: every seeded opening as drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_balance: Option<u32>,
    /// The game pairs of each level against each reference whose moves the referee
    /// scores for `levels.md` (0: none); none: the game's own number, every pair but
    /// where scoring a game takes seconds
    /// ([`agents::referee::Refereed::CALIBRATION_PAIRS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referee_pairs: Option<u32>,
    /// Games stop here and progress decides.
    pub max_plies: u32,
    /// Confidence level of every interval.
    pub confidence: f64,
    /// Game pairs against each reference per measuring batch.
    pub batch_pairs: u32,
    /// The most game pairs against each reference at one knob value.
    pub max_pairs: u32,
    /// The most refinement steps per level.
    pub max_steps: u32,
    /// Game pairs per pairing in the final check.
    pub final_pairs: u32,
    /// Bootstrap resamples for rating intervals.
    pub bootstrap: usize,
    /// The reference rated 0.
    pub anchor: String,
    /// Kept for configs that still ask for the score-by-seat table of `levels.md` (the
    /// `seat_scores = true` of earlier configs): every calibration writes it now. It
    /// changes nothing but the recorded config, so such a run still resumes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seat_scores: bool,
    /// The family searched.
    pub family: Knob,
    /// Tolerances.
    pub tolerance: Tolerance,
    /// The test between consecutive levels.
    pub gsprt: GsprtSettings,
    /// The reference ladder.
    pub reference: Vec<AgentEntry>,
    /// The levels, weakest first.
    pub level: Vec<Level>,
    /// Rungs inserted between the levels where they lie far apart (`[rungs]`): none
    /// without the section, which leaves the recorded config as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rungs: Option<Rungs>,
}

/// `[rungs]`: after the levels are refined, levels of their own (rungs) are inserted
/// between two neighbours rated more than `max_step` apart, so that a player can climb
/// from one level to the next in steps they can feel.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rungs {
    /// The most Elo between neighbouring levels, rungs included.
    pub max_step: f64,
    /// How many times rungs are placed: once from the levels' ratings during the
    /// search, then again from each final round-robin whose widest step passes
    /// `max_step` (1 leaves the recorded config as it was before the field existed).
    #[serde(default = "one_round", skip_serializing_if = "is_one_round")]
    pub rounds: u32,
    /// Whether a gap the family cannot fill, between its strongest point and a stronger
    /// level that names its own spec differing from it in one budget (`nodes`), gets
    /// rungs on that budget, in its logarithm, as `level:elo` resolves there (false, the
    /// default, leaves the recorded config as it was before the field existed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bridge: bool,
}

/// Placing rungs from the search's ratings alone: what `[rungs]` without `rounds` does.
pub const DEFAULT_ROUNDS: u32 = 1;

/// The most rounds of rungs: each after the first plays a final round-robin again.
pub const MOST_ROUNDS: u32 = 4;

fn one_round() -> u32 {
    DEFAULT_ROUNDS
}

fn is_one_round(rounds: &u32) -> bool {
    *rounds == DEFAULT_ROUNDS
}

/// The bounds of `max_step`: a step under 100 Elo is hardly felt, and one over 2000
/// leaves no rung between levels that any calibration tells apart.
pub const MAX_STEP_RANGE: std::ops::RangeInclusive<f64> = 100.0..=2000.0;

/// The default `max_step`: a score of about 0.91 for the stronger side.
pub const DEFAULT_MAX_STEP: f64 = 400.0;

/// A validated calibration config.
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrationConfig {
    /// The game with its options.
    pub game: GameSpec,
    /// What decides the results.
    pub identity: CalibrationIdentity,
    /// Worker threads.
    pub threads: usize,
    /// The output folder.
    pub out: PathBuf,
}

impl CalibrationIdentity {
    /// The `(reference, seat)` of every seated score target, each once, in level order:
    /// the scores that `calibration.csv` gives at every point.
    pub fn seated_targets(&self) -> Vec<(usize, char)> {
        let mut seated = Vec::new();
        for level in &self.level {
            if let Target::ScoreVs {
                reference,
                seat: Some(seat),
                ..
            } = level.target
            {
                if !seated.contains(&(reference, seat)) {
                    seated.push((reference, seat));
                }
            }
        }
        seated
    }
}

impl CalibrationConfig {
    /// Index of the anchor among the references.
    pub fn anchor_index(&self) -> usize {
        let anchor = &self.identity.anchor;
        self.identity
            .reference
            .iter()
            .position(|a| &a.name == anchor)
            .unwrap_or(0)
    }
}

/// Reads and validates the calibration config at `path`.
///
/// # Errors
/// As `arena run`'s configs: each error names the file, the line and the field.
pub fn load(path: &Path) -> Result<CalibrationConfig, ArenaError> {
    let text = read_text(path)?;
    parse(path, &text)
}

/// Validates calibration config `text` read from `path` (used in messages only): the
/// top-level fields, then each section in the file's order of ideas (the references,
/// the family, the tolerances, the GSPRT, the levels), each checked beside its raw form
/// below, then whether the games fit in memory.
///
/// # Errors
/// As [`load`].
pub fn parse(path: &Path, text: &str) -> Result<CalibrationConfig, ArenaError> {
    let at = |span: Range<usize>, message: String| located(path, text, span, message);
    let raw: RawConfig =
        toml::from_str(text).map_err(|e| crate::config::reader_error(path, text, &e))?;
    let (game, limits) = raw.game(&at)?;
    let sizes = raw.sizes(&at, limits.ply_cap)?;
    let (reference, names) = references(&raw.reference, &game, &at)?;
    let anchor = raw.anchor(&reference, &names, &at)?;
    let family = raw.family.get_ref().check(&game, raw.family.span(), &at)?;
    let tolerance = raw.tolerance.check(&at)?;
    let gsprt = raw.gsprt.check(&at)?;
    let level = levels(
        &raw.level,
        &game,
        limits.players,
        &reference,
        &raw.game,
        &at,
    )?;
    let rungs = raw
        .rungs
        .as_ref()
        .map(|rungs| rungs.check(&raw.level, &at))
        .transpose()?;
    let bootstrap = match &raw.bootstrap {
        None => 200,
        // The final round-robin rates the levels and the references together.
        Some(value) => check_bootstrap(&at, value, level.len() + reference.len())?,
    };
    let out = output_folder(&at, raw.out.as_ref(), || default_out(path, "calibration"))?;
    let opening_balance = crate::config::opening_balance(
        &at,
        raw.opening_balance.as_ref(),
        raw.opening_plies,
        limits.players,
    )?;
    let identity = CalibrationIdentity {
        game: game.to_string(),
        seed: raw.seed,
        opening_plies: raw.opening_plies,
        opening_balance,
        referee_pairs: raw.referee_pairs,
        max_plies: sizes.max_plies,
        confidence: sizes.confidence,
        batch_pairs: sizes.batch_pairs,
        max_pairs: sizes.max_pairs,
        max_steps: sizes.max_steps,
        final_pairs: sizes.final_pairs,
        bootstrap,
        anchor,
        seat_scores: raw.seat_scores,
        family,
        tolerance,
        gsprt,
        reference,
        level,
        rungs,
    };
    check_fits(&identity, &raw.batch_pairs, &at)?;
    Ok(CalibrationConfig {
        identity,
        game,
        threads: sizes.threads,
        out,
    })
}

/// Where a config's error points: a message at a span of the file, made into an error
/// that names the file and the line.
type At<'a> = &'a dyn Fn(Range<usize>, String) -> ArenaError;

// The top level.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    game: Spanned<String>,
    #[serde(deserialize_with = "crate::config::seed_text::deserialize")]
    seed: u64,
    #[serde(default)]
    opening_plies: u32,
    opening_balance: Option<Spanned<u32>>,
    referee_pairs: Option<u32>,
    max_plies: Option<Spanned<u32>>,
    threads: Option<Spanned<usize>>,
    out: Option<Spanned<String>>,
    confidence: Option<Spanned<f64>>,
    batch_pairs: Spanned<u32>,
    max_pairs: Spanned<u32>,
    max_steps: Option<Spanned<u32>>,
    final_pairs: Spanned<u32>,
    bootstrap: Option<Spanned<usize>>,
    anchor: Option<Spanned<String>>,
    #[serde(default)]
    seat_scores: bool,
    family: Spanned<RawFamily>,
    #[serde(default)]
    tolerance: RawTolerance,
    gsprt: RawGsprt,
    #[serde(default)]
    reference: Vec<RawAgent>,
    #[serde(default)]
    level: Vec<RawLevel>,
    rungs: Option<RawRungs>,
}

/// The tables of a calibration config and the fields their readers take, for the test of
/// the config reference.
#[cfg(test)]
pub(crate) fn reference_tables() -> Vec<crate::config_reference::Table> {
    use crate::config_reference::field_names;
    vec![
        ("calibrate", "top level", field_names::<RawConfig>()),
        ("calibrate", "[family]", field_names::<RawFamily>()),
        ("calibrate", "[tolerance]", field_names::<RawTolerance>()),
        ("calibrate", "[gsprt]", field_names::<RawGsprt>()),
        ("calibrate", "[[reference]]", field_names::<RawAgent>()),
        ("calibrate", "[[level]]", field_names::<RawLevel>()),
        ("calibrate", "score_vs", field_names::<RawScoreVs>()),
        ("calibrate", "[rungs]", field_names::<RawRungs>()),
    ]
}

/// The top level's numbers, checked.
struct Sizes {
    max_plies: u32,
    threads: usize,
    confidence: f64,
    batch_pairs: u32,
    max_pairs: u32,
    final_pairs: u32,
    max_steps: u32,
}

impl RawConfig {
    /// The game with its options, and its seats and ply cap.
    fn game(&self, at: At<'_>) -> Result<(GameSpec, Limits), ArenaError> {
        let game: GameSpec = self
            .game
            .get_ref()
            .parse()
            .map_err(|e: engine::GameError| at(self.game.span(), format!("field `game`: {e}")))?;
        let limits = game
            .limits()
            .map_err(|e| at(self.game.span(), format!("field `game`: {e}")))?;
        Ok((game, limits))
    }

    /// The plies, threads, confidence and game counts, `max_plies` by default the
    /// game's `ply_cap`.
    fn sizes(&self, at: At<'_>, ply_cap: u32) -> Result<Sizes, ArenaError> {
        let max_plies = at_least_one(at, "max_plies", self.max_plies.as_ref(), ply_cap)?;
        let threads = at_least_one(at, "threads", self.threads.as_ref(), default_threads())?;
        let confidence = match &self.confidence {
            None => 0.95,
            Some(value) if *value.get_ref() > 0.0 && *value.get_ref() < 1.0 => *value.get_ref(),
            Some(value) => {
                return Err(at(
                    value.span(),
                    format!(
                        "field `confidence`: {}: expected a number between 0 and 1",
                        value.get_ref()
                    ),
                ))
            }
        };
        let batch_pairs = at_least_one(at, "batch_pairs", Some(&self.batch_pairs), 1)?;
        let max_pairs = at_least_one(at, "max_pairs", Some(&self.max_pairs), 1)?;
        if max_pairs < batch_pairs {
            return Err(at(
                self.max_pairs.span(),
                format!(
                    "field `max_pairs`: {max_pairs}: expected at least batch_pairs ({batch_pairs})"
                ),
            ));
        }
        let final_pairs = at_least_one(at, "final_pairs", Some(&self.final_pairs), 1)?;
        let max_steps = at_least_one(at, "max_steps", self.max_steps.as_ref(), 12)?;
        Ok(Sizes {
            max_plies,
            threads,
            confidence,
            batch_pairs,
            max_pairs,
            final_pairs,
            max_steps,
        })
    }

    /// The reference rated 0: the one `anchor` names, or the first.
    fn anchor(
        &self,
        reference: &[AgentEntry],
        names: &HashSet<String>,
        at: At<'_>,
    ) -> Result<String, ArenaError> {
        match &self.anchor {
            None => Ok(reference[0].name.clone()),
            Some(name) if names.contains(name.get_ref()) => Ok(name.get_ref().clone()),
            Some(name) => Err(at(
                name.span(),
                format!(
                    "field `anchor`: {:?}: expected one of the references' names",
                    name.get_ref()
                ),
            )),
        }
    }
}

/// Every game is kept until the files are written: the calibration must fit, or its
/// error points at `batch_pairs`, which every count multiplies.
fn check_fits(
    identity: &CalibrationIdentity,
    batch_pairs: &Spanned<u32>,
    at: At<'_>,
) -> Result<(), ArenaError> {
    crate::limits::check_games(
        most_games(identity),
        identity.max_plies,
        "lower batch_pairs, max_steps, final_pairs, the family's scan, the GSPRT's \
         batch_pairs or max_plies",
    )
    .map_err(|e| {
        at(
            batch_pairs.span(),
            format!("the calibration's games (field `batch_pairs` and those it multiplies): {e}"),
        )
    })
}

// [[reference]]: the ladder.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAgent {
    name: Spanned<String>,
    spec: Spanned<String>,
}

/// The reference ladder, each spec resolved (a shipped level's name becomes its spec)
/// and built once, and the set of its names.
fn references(
    raw: &[RawAgent],
    game: &GameSpec,
    at: At<'_>,
) -> Result<(Vec<AgentEntry>, HashSet<String>), ArenaError> {
    if raw.is_empty() {
        return Err(at(
            0..0,
            "field `reference`: no references given: expected at least one [[reference]] table"
                .into(),
        ));
    }
    let mut names = HashSet::new();
    let mut reference = Vec::new();
    for entry in raw {
        let name = entry.name.get_ref();
        if name.trim().is_empty() || name.contains([',', '"', '\n']) {
            return Err(at(
                entry.name.span(),
                format!("field `name`: {name:?}: expected a name without commas or quotes"),
            ));
        }
        if !names.insert(name.clone()) {
            return Err(at(
                entry.name.span(),
                format!("field `name`: duplicate reference name {name:?}"),
            ));
        }
        let spec = crate::levels::resolve_shipped(entry.spec.get_ref(), game)
            .map_err(|e| at(entry.spec.span(), format!("field `spec`: {e}")))?;
        check_spec(game, &spec).map_err(|e| at(entry.spec.span(), format!("field `spec`: {e}")))?;
        reference.push(AgentEntry::of_spec(name, &spec));
    }
    Ok((reference, names))
}

// [family]: the knob searched.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFamily {
    base: Option<Spanned<String>>,
    knob: Option<Spanned<String>>,
    min: Option<Spanned<f64>>,
    max: Option<Spanned<f64>>,
    #[serde(default)]
    scale: Option<Spanned<String>>,
    #[serde(default)]
    integer: bool,
    scan: Option<Spanned<u32>>,
    candidates: Option<Spanned<Vec<String>>>,
}

impl RawFamily {
    /// The knob: a list of candidate specs, or a range of one setting, whose ends and
    /// middle must build agents of `game`. `span` is the section's.
    fn check(&self, game: &GameSpec, span: Range<usize>, at: At<'_>) -> Result<Knob, ArenaError> {
        if let Some(candidates) = &self.candidates {
            return self.candidate_list(game, candidates, at);
        }
        let missing = |field: &str| {
            at(
                span.clone(),
                format!("section `family`: missing field `{field}` (or give `candidates`)"),
            )
        };
        let base = self.base.as_ref().ok_or_else(|| missing("base"))?;
        let knob = self.knob.as_ref().ok_or_else(|| missing("knob"))?;
        let min = self.min.as_ref().ok_or_else(|| missing("min"))?;
        let max = self.max.as_ref().ok_or_else(|| missing("max"))?;
        if !(min.get_ref().is_finite()
            && max.get_ref().is_finite()
            && min.get_ref() < max.get_ref())
        {
            return Err(at(
                max.span(),
                format!(
                    "field `max`: {}: expected a number above min ({})",
                    max.get_ref(),
                    min.get_ref()
                ),
            ));
        }
        let log = match self.scale.as_ref().map(|s| s.get_ref().as_str()) {
            None | Some("linear") => false,
            Some("log") => true,
            Some(other) => {
                let span = self.scale.as_ref().expect("matched").span();
                return Err(at(
                    span,
                    format!("field `scale`: {other:?}: expected \"linear\" or \"log\""),
                ));
            }
        };
        if log && *min.get_ref() <= 0.0 {
            return Err(at(
                min.span(),
                format!(
                    "field `min`: {}: a log scale needs min above 0",
                    min.get_ref()
                ),
            ));
        }
        let scan = match &self.scan {
            None => 5,
            Some(value) if *value.get_ref() >= 2 => *value.get_ref(),
            Some(value) => {
                return Err(at(
                    value.span(),
                    format!("field `scan`: {}: expected at least 2", value.get_ref()),
                ))
            }
        };
        let knob = Knob::Range {
            base: base.get_ref().clone(),
            knob: knob.get_ref().clone(),
            min: *min.get_ref(),
            max: *max.get_ref(),
            log,
            integer: self.integer,
            scan,
        };
        // The ends and a value between them: an integer setting searched without
        // `integer = true` fails between the ends, and should fail here, not after the scan.
        for value in [knob.value_at(0.0), knob.value_at(0.5), knob.value_at(1.0)] {
            let spec = knob.spec_of(value);
            check_spec(game, &spec).map_err(|e| {
                at(
                    base.span(),
                    format!("section `family`: the knob gives spec {spec:?}: {e}"),
                )
            })?;
        }
        Ok(knob)
    }

    /// `candidates`: at least two specs of `game`, and no range beside them.
    fn candidate_list(
        &self,
        game: &GameSpec,
        candidates: &Spanned<Vec<String>>,
        at: At<'_>,
    ) -> Result<Knob, ArenaError> {
        if self.base.is_some() || self.knob.is_some() || self.min.is_some() || self.max.is_some() {
            return Err(at(
                candidates.span(),
                "field `candidates`: give either `candidates` or `base`, `knob`, `min` and `max`, not both".into(),
            ));
        }
        if candidates.get_ref().len() < 2 {
            return Err(at(
                candidates.span(),
                format!(
                    "field `candidates`: {} specs given: expected at least two",
                    candidates.get_ref().len()
                ),
            ));
        }
        for spec in candidates.get_ref() {
            check_spec(game, spec)
                .map_err(|e| at(candidates.span(), format!("field `candidates`: {e}")))?;
        }
        Ok(Knob::Candidates(candidates.get_ref().clone()))
    }
}

// [tolerance]: how near a level must come to its target.

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTolerance {
    elo: Option<Spanned<f64>>,
    score: Option<Spanned<f64>>,
    blunder_rate: Option<Spanned<f64>>,
}

impl RawTolerance {
    /// Each tolerance above 0, or its default.
    fn check(&self, at: At<'_>) -> Result<Tolerance, ArenaError> {
        Ok(Tolerance {
            elo: positive(at, "elo", self.elo.as_ref(), 40.0)?,
            score: positive(at, "score", self.score.as_ref(), 0.05)?,
            blunder_rate: positive(at, "blunder_rate", self.blunder_rate.as_ref(), 0.02)?,
        })
    }
}

/// A number field that must be finite and above 0: its value, or `default` when it is
/// absent.
fn positive(
    at: At<'_>,
    field: &str,
    value: Option<&Spanned<f64>>,
    default: f64,
) -> Result<f64, ArenaError> {
    match value {
        None => Ok(default),
        Some(value) if value.get_ref().is_finite() && *value.get_ref() > 0.0 => {
            Ok(*value.get_ref())
        }
        Some(value) => Err(at(
            value.span(),
            format!(
                "field `{field}`: {}: expected a number above 0",
                value.get_ref()
            ),
        )),
    }
}

// [gsprt]: the test between neighbouring levels.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGsprt {
    margin: Spanned<f64>,
    #[serde(default = "crate::stats::default_error_rate")]
    alpha: f64,
    #[serde(default = "crate::stats::default_error_rate")]
    beta: f64,
    batch_pairs: Spanned<u32>,
    max_pairs: Spanned<u32>,
}

impl RawGsprt {
    /// The test's settings, which must make a test (error rates between 0 and 1).
    fn check(&self, at: At<'_>) -> Result<GsprtSettings, ArenaError> {
        let gsprt = GsprtSettings {
            margin: positive(at, "margin", Some(&self.margin), 0.0)?,
            alpha: self.alpha,
            beta: self.beta,
            batch_pairs: at_least_one(at, "batch_pairs", Some(&self.batch_pairs), 1)?,
            max_pairs: at_least_one(at, "max_pairs", Some(&self.max_pairs), 1)?,
        };
        crate::stats::Gsprt::new(0.0, gsprt.margin, gsprt.alpha, gsprt.beta)
            .map_err(|e| at(self.margin.span(), format!("section `gsprt`: {e}")))?;
        Ok(gsprt)
    }
}

// [rungs]: levels inserted where neighbours lie far apart.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRungs {
    max_step: Option<Spanned<f64>>,
    rounds: Option<Spanned<i64>>,
    bridge: Option<bool>,
}

impl RawRungs {
    /// The section checked: `max_step` within [`MAX_STEP_RANGE`], and level names that
    /// rung names can be made of (bare TOML keys, since `difficulty.toml` writes them
    /// unquoted) and that no rung's name will repeat.
    fn check(&self, levels: &[RawLevel], at: At<'_>) -> Result<Rungs, ArenaError> {
        let max_step = match &self.max_step {
            None => DEFAULT_MAX_STEP,
            Some(value) if MAX_STEP_RANGE.contains(value.get_ref()) => *value.get_ref(),
            Some(value) => {
                return Err(at(
                    value.span(),
                    format!(
                        "field `max_step`: {}: expected a number of Elo from {} to {}",
                        value.get_ref(),
                        MAX_STEP_RANGE.start(),
                        MAX_STEP_RANGE.end()
                    ),
                ))
            }
        };
        let rounds = match &self.rounds {
            None => DEFAULT_ROUNDS,
            Some(value) if (1..=i64::from(MOST_ROUNDS)).contains(value.get_ref()) => {
                *value.get_ref() as u32
            }
            Some(value) => {
                return Err(at(
                    value.span(),
                    format!(
                        "field `rounds`: {}: expected a whole number from 1 to {MOST_ROUNDS}",
                        value.get_ref()
                    ),
                ))
            }
        };
        for level in levels {
            let name = level.name.get_ref();
            let bare = name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !bare {
                return Err(at(
                    level.name.span(),
                    format!(
                        "field `name`: {name:?}: with [rungs], expected letters, digits, `-` \
                         or `_` only (rung names are made of level names)"
                    ),
                ));
            }
        }
        for pair in levels.windows(2) {
            let prefix = rung_prefix(pair[0].name.get_ref(), pair[1].name.get_ref());
            if let Some(taken) = levels
                .iter()
                .find(|l| l.name.get_ref().starts_with(&prefix))
            {
                return Err(at(
                    taken.name.span(),
                    format!(
                        "field `name`: {:?}: with [rungs], a rung between {:?} and {:?} may \
                         take that name: choose another",
                        taken.name.get_ref(),
                        pair[0].name.get_ref(),
                        pair[1].name.get_ref()
                    ),
                ));
            }
        }
        Ok(Rungs {
            max_step,
            rounds,
            bridge: self.bridge.unwrap_or(false),
        })
    }
}

/// The name every rung between levels `lower` and `upper` starts with.
fn rung_prefix(lower: &str, upper: &str) -> String {
    format!("{lower}-{upper}")
}

/// The name of rung `index` (from 1) of `count` between levels `lower` and `upper`:
/// `easy-medium` when it is the only one, `easy-medium-1`, `easy-medium-2`, ... otherwise.
pub fn rung_name(lower: &str, upper: &str, index: usize, count: usize) -> String {
    let prefix = rung_prefix(lower, upper);
    if count == 1 {
        prefix
    } else {
        format!("{prefix}-{index}")
    }
}

// [[level]]: the levels and their targets.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    name: Spanned<String>,
    elo: Option<f64>,
    score_vs: Option<Spanned<RawScoreVs>>,
    blunder_rate: Option<Spanned<f64>>,
    spec: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScoreVs {
    agent: String,
    score: f64,
    seat: Option<String>,
}

/// The levels, weakest first: at least one, names unique, each with one target of
/// `game` (`game_text` as written, for messages) at tables of `players`.
fn levels(
    raw: &[RawLevel],
    game: &GameSpec,
    players: usize,
    reference: &[AgentEntry],
    game_text: &Spanned<String>,
    at: At<'_>,
) -> Result<Vec<Level>, ArenaError> {
    if raw.is_empty() {
        return Err(at(
            0..0,
            "field `level`: no levels given: expected at least one [[level]] table".into(),
        ));
    }
    let mut level_names = HashSet::new();
    let mut level = Vec::new();
    for entry in raw {
        let name = entry.name.get_ref();
        if name.trim().is_empty() || name.contains([',', '"', '\n', '=']) {
            return Err(at(
                entry.name.span(),
                format!("field `name`: {name:?}: expected a name without commas, quotes or `=`"),
            ));
        }
        if !level_names.insert(name.clone()) {
            return Err(at(
                entry.name.span(),
                format!("field `name`: duplicate level name {name:?}"),
            ));
        }
        level.push(Level {
            name: name.clone(),
            target: entry.target(game, players, reference, game_text, at)?,
        });
    }
    Ok(level)
}

impl RawLevel {
    /// The level's one target: a spec of `game`, a rating, a score against one of the
    /// references (in one seat, if it names one), or a blunder rate (Leapfrog Race).
    fn target(
        &self,
        game: &GameSpec,
        players: usize,
        reference: &[AgentEntry],
        game_text: &Spanned<String>,
        at: At<'_>,
    ) -> Result<Target, ArenaError> {
        let name = self.name.get_ref();
        let given = usize::from(self.elo.is_some())
            + usize::from(self.score_vs.is_some())
            + usize::from(self.blunder_rate.is_some())
            + usize::from(self.spec.is_some());
        if given != 1 {
            return Err(at(
                self.name.span(),
                format!(
                    "level {name:?}: {given} targets given: expected exactly one of `elo`, \
                     `score_vs`, `blunder_rate` or `spec`"
                ),
            ));
        }
        if let Some(spec) = &self.spec {
            check_spec(game, spec.get_ref())
                .map_err(|e| at(spec.span(), format!("field `spec`: {e}")))?;
            return Ok(Target::Spec(spec.get_ref().clone()));
        }
        if let Some(elo) = self.elo {
            return Ok(Target::Elo(elo));
        }
        if let Some(score_vs) = &self.score_vs {
            return score_target(score_vs, players, reference, at);
        }
        let rate = self.blunder_rate.as_ref().expect("counted above");
        if game.kind != GameKind::Leapfrog {
            return Err(at(
                rate.span(),
                format!(
                    "field `blunder_rate`: game {:?} is not solved: blunder rates need leapfrog",
                    game_text.get_ref()
                ),
            ));
        }
        if !(0.0..=1.0).contains(rate.get_ref()) {
            return Err(at(
                rate.span(),
                format!(
                    "field `blunder_rate`: {}: expected a number from 0 to 1",
                    rate.get_ref()
                ),
            ));
        }
        Ok(Target::BlunderRate(*rate.get_ref()))
    }
}

/// A `score_vs` target: a reference by name, a score from 0 to 1, and a seat of the
/// table if one is named.
fn score_target(
    score_vs: &Spanned<RawScoreVs>,
    players: usize,
    reference: &[AgentEntry],
    at: At<'_>,
) -> Result<Target, ArenaError> {
    let wanted = score_vs.get_ref();
    let index = reference
        .iter()
        .position(|r| r.name == wanted.agent)
        .ok_or_else(|| {
            at(
                score_vs.span(),
                format!(
                    "field `score_vs`: agent {:?}: expected one of the references' names",
                    wanted.agent
                ),
            )
        })?;
    if !(0.0..=1.0).contains(&wanted.score) {
        return Err(at(
            score_vs.span(),
            format!(
                "field `score_vs`: score {}: expected a number from 0 to 1",
                wanted.score
            ),
        ));
    }
    let seat = match &wanted.seat {
        None => None,
        Some(text) => Some(seat_letter(text, players).ok_or_else(|| {
            at(
                score_vs.span(),
                format!(
                    "field `score_vs`: seat {text:?}: expected {} (the seats at a table \
                     of {}, A moving first)",
                    seat_letters(players),
                    players
                ),
            )
        })?),
    };
    Ok(Target::ScoreVs {
        reference: index,
        score: wanted.score,
        seat,
    })
}

/// The seat named by `text` at a table of `players`: one capital letter from A.
fn seat_letter(text: &str, players: usize) -> Option<char> {
    let mut letters = text.chars();
    let letter = letters.next()?;
    let seat = engine::Seat::from_letter(letter)?;
    (letters.next().is_none() && seat.index() < players).then_some(letter)
}

/// The letters of the seats at a table of `players`: `"A" or "B"`, `"A", "B" or "C"`.
fn seat_letters(players: usize) -> String {
    let letters: Vec<String> = (0..players)
        .map(|s| format!("{:?}", engine::Seat::new(s).letter().to_string()))
        .collect();
    match letters.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => letters.join(""),
    }
}

/// An upper estimate of the games a calibration holds in memory at once: it keeps every
/// game of the ladder's round-robin and the scan (each scanned knob value against every
/// reference), of at most `max_steps` batches a level against every reference and of the
/// final round-robin of levels and references, and plays the GSPRT between neighbouring
/// levels one batch at a time on top of them. Saturates instead of overflowing.
pub(crate) fn most_games(identity: &CalibrationIdentity) -> u64 {
    let references = identity.reference.len() as u64;
    let levels = identity.level.len() as u64;
    let batch = u64::from(identity.batch_pairs);
    let pairings = |n: u64| n.saturating_mul(n.saturating_sub(1)) / 2;
    let scan = (identity.family.scan_points() as u64).saturating_mul(references);
    let refine = levels
        .saturating_mul(u64::from(identity.max_steps))
        .saturating_mul(references);
    let kept_pairs = pairings(references)
        .saturating_add(scan)
        .saturating_add(refine)
        .saturating_mul(batch)
        .saturating_add(
            pairings(references + levels).saturating_mul(u64::from(identity.final_pairs)),
        );
    let gsprt_batch = u64::from(identity.gsprt.batch_pairs.min(identity.gsprt.max_pairs));
    // A unit is a pair of games with two players, and a set of one game a seat with more.
    let games_per_unit = identity
        .game
        .parse::<GameSpec>()
        .ok()
        .and_then(|game| game.limits().ok())
        .map_or(2, |limits| limits.players.max(2) as u64);
    kept_pairs
        .saturating_add(gsprt_batch)
        .saturating_mul(games_per_unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = include_str!("../../../configs/calibrate-leapfrog.toml");

    /// The shipped Leapfrog Race calibration with `changes` (`key = value` lines that
    /// replace the first line starting with that key).
    fn shipped_with(changes: &[&str]) -> Result<CalibrationConfig, ArenaError> {
        let mut lines: Vec<String> = SHIPPED.lines().map(String::from).collect();
        for change in changes {
            let key = change.split('=').next().unwrap();
            let line = lines.iter_mut().find(|line| line.starts_with(key)).unwrap();
            *line = change.to_string();
        }
        parse(Path::new("calibrate.toml"), &lines.join("\n"))
    }

    #[test]
    fn a_score_target_may_name_a_seat_of_the_table() {
        let seated = |seat: &str| {
            shipped_with(&[&format!(
                "score_vs = {{ agent = \"greedy\", score = 0.8, seat = {seat} }}"
            )])
        };
        let config = seated("\"B\"").unwrap();
        let easy = &config.identity.level[0].target;
        assert_eq!(easy.seat(), Some(1));
        assert_eq!(
            *easy,
            Target::ScoreVs {
                reference: 1,
                score: 0.8,
                seat: Some('B')
            }
        );
        // The recorded config names the seat by its letter, and a target without one
        // is recorded as before.
        let recorded = toml::to_string(&config.identity).unwrap();
        assert!(
            recorded.contains("score = 0.8\nseat = \"B\"\n"),
            "{recorded}"
        );
        assert_eq!(
            shipped_with(&[]).unwrap().identity.level[0].target.seat(),
            None
        );
        for (seat, expected) in [
            (
                "\"C\"",
                "seat \"C\": expected \"A\" or \"B\" (the seats at a table of 2",
            ),
            ("\"a\"", "seat \"a\": expected \"A\" or \"B\""),
            ("\"AB\"", "seat \"AB\": expected \"A\" or \"B\""),
            ("\"\"", "seat \"\": expected \"A\" or \"B\""),
        ] {
            let error = seated(seat).unwrap_err().to_string();
            assert!(
                error.contains("calibrate.toml:52:") && error.contains(expected),
                "{seat}: {error}"
            );
        }
        // At a table of three, C is a seat and D is not.
        let three = |seat: &str| {
            let text = format!(
                "game = \"chinese-checkers:players=3\"\nseed = 1\nbatch_pairs = 2\n\
                 max_pairs = 2\nfinal_pairs = 2\n[family]\nbase = \"greedy\"\n\
                 knob = \"epsilon\"\nmin = 0.0\nmax = 0.5\n[gsprt]\nmargin = 50\n\
                 batch_pairs = 2\nmax_pairs = 2\n[[reference]]\nname = \"random\"\n\
                 spec = \"random\"\n[[level]]\nname = \"easy\"\nscore_vs = {{ agent = \
                 \"random\", score = 0.8, seat = \"{seat}\" }}\n"
            );
            parse(Path::new("three.toml"), &text)
        };
        assert_eq!(three("C").unwrap().identity.level[0].target.seat(), Some(2));
        let error = three("D").unwrap_err().to_string();
        assert!(
            error.contains("three.toml:20:")
                && error.contains(
                    "field `score_vs`: seat \"D\": expected \"A\", \"B\" or \"C\" (the seats \
                     at a table of 3, A moving first)"
                ),
            "{error}"
        );
    }

    #[test]
    fn a_level_may_name_its_spec_instead_of_a_target() {
        let hard = "spec = \"perfect\"        # the strongest within the budget: no search";
        let with_hard = |line: &str| {
            assert!(SHIPPED.contains(hard));
            parse(Path::new("calibrate.toml"), &SHIPPED.replace(hard, line))
        };
        let config = with_hard("spec = \"perfect:epsilon=0.01\"").unwrap();
        assert_eq!(
            config.identity.level[2].target,
            Target::Spec("perfect:epsilon=0.01".into())
        );
        let recorded = toml::to_string(&config.identity).unwrap();
        assert!(
            recorded
                .contains("name = \"hard\"\n\n[level.target]\nspec = \"perfect:epsilon=0.01\"\n"),
            "{recorded}"
        );
        let error = with_hard("spec = \"perfect:depth=3\"")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("calibrate.toml:60:") && error.contains("field `spec`:"),
            "{error}"
        );
        let error = with_hard("spec = \"perfect\"\nelo = 900")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(
                "level \"hard\": 2 targets given: expected exactly one of `elo`, \
                 `score_vs`, `blunder_rate` or `spec`"
            ),
            "{error}"
        );
    }

    #[test]
    fn rungs_are_read_checked_and_recorded_only_when_asked_for() {
        let with_rungs = |section: &str| {
            parse(
                Path::new("calibrate.toml"),
                &format!("{SHIPPED}\n[rungs]\n{section}"),
            )
        };
        // Absent, the recorded config is the one every shipped calibration records.
        let plain = shipped_with(&[]).unwrap();
        assert_eq!(plain.identity.rungs, None);
        assert!(!toml::to_string(&plain.identity).unwrap().contains("rungs"));
        let config = with_rungs("max_step = 150").unwrap();
        assert_eq!(
            config.identity.rungs,
            Some(Rungs {
                max_step: 150.0,
                rounds: 1,
                bridge: false
            })
        );
        let recorded = toml::to_string(&config.identity).unwrap();
        assert!(
            recorded.contains("[rungs]\nmax_step = 150.0\n"),
            "{recorded}"
        );
        let back: CalibrationIdentity = toml::from_str(&recorded).unwrap();
        assert_eq!(back, config.identity);
        assert_eq!(
            with_rungs("").unwrap().identity.rungs,
            Some(Rungs {
                max_step: DEFAULT_MAX_STEP,
                rounds: DEFAULT_ROUNDS,
                bridge: false
            })
        );
        // A bridge is recorded where asked for; none, the default, is not.
        let config = with_rungs("rounds = 3\nbridge = true").unwrap();
        assert!(config.identity.rungs.unwrap().bridge);
        let recorded = toml::to_string(&config.identity).unwrap();
        assert!(
            recorded.contains("[rungs]\nmax_step = 400.0\nrounds = 3\nbridge = true\n"),
            "{recorded}"
        );
        let back: CalibrationIdentity = toml::from_str(&recorded).unwrap();
        assert_eq!(back, config.identity);
        let error = with_rungs("bridge = 1").unwrap_err().to_string();
        assert!(error.contains("bridge"), "{error}");
        // More rounds are recorded; one, the default, is not.
        let config = with_rungs("rounds = 2").unwrap();
        assert_eq!(config.identity.rungs.unwrap().rounds, 2);
        let recorded = toml::to_string(&config.identity).unwrap();
        assert!(
            recorded.contains("[rungs]\nmax_step = 400.0\nrounds = 2\n"),
            "{recorded}"
        );
        let back: CalibrationIdentity = toml::from_str(&recorded).unwrap();
        assert_eq!(back, config.identity);
        for bad in ["rounds = 0", "rounds = 5", "rounds = -1"] {
            let error = with_rungs(bad).unwrap_err().to_string();
            assert!(
                error.contains("calibrate.toml:")
                    && error.contains("field `rounds`: ")
                    && error.contains("expected a whole number from 1 to 4"),
                "{bad}: {error}"
            );
        }
        for bad in ["max_step = 99", "max_step = 2001", "max_step = nan"] {
            let error = with_rungs(bad).unwrap_err().to_string();
            assert!(
                error.contains("calibrate.toml:")
                    && error.contains("field `max_step`: ")
                    && error.contains("expected a number of Elo from 100 to 2000"),
                "{bad}: {error}"
            );
        }
        let error = with_rungs("max_step = \"wide\"").unwrap_err().to_string();
        assert!(error.contains("max_step"), "{error}");
        // Rung names are made of level names: these must be bare keys, and not a
        // rung's name already.
        let renamed = |from: &str, to: &str| {
            parse(
                Path::new("calibrate.toml"),
                &format!("{}\n[rungs]\n", SHIPPED.replace(from, to)),
            )
        };
        let error = renamed("name = \"hard\"", "name = \"very hard\"")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("field `name`: \"very hard\": with [rungs], expected letters"),
            "{error}"
        );
        // Easy, easy-medium and hard: no rung takes a name already taken.
        assert!(renamed("name = \"medium\"", "name = \"easy-medium\"").is_ok());
        let error = parse(
            Path::new("calibrate.toml"),
            &format!(
                "{}\n[[level]]\nname = \"easy-medium-1\"\nelo = 2000\n[rungs]\n",
                SHIPPED
            ),
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.contains(
                "field `name`: \"easy-medium-1\": with [rungs], a rung between \"easy\" and \
                 \"medium\" may take that name"
            ),
            "{error}"
        );
    }

    #[test]
    fn the_games_a_calibration_keeps_are_estimated_before_it_starts() {
        let shipped = shipped_with(&[]).unwrap();
        // 3 references, 3 levels, 40 pairs a batch, 6 scanned values, 48 steps, 200 final
        // pairs: ladder 120 + scan 720 + refinement 17,280 + final 3,000 + a GSPRT batch
        // of 40 pairs, two games each.
        assert_eq!(most_games(&shipped.identity), 42_320);
        // With six players a unit is a set of six games, not a pair.
        let mut six = shipped.identity.clone();
        six.game = "chinese-checkers:players=6".into();
        assert_eq!(most_games(&six), 42_320 * 3);
        for changes in [
            &["batch_pairs = 4294967295", "max_pairs = 4294967295"][..],
            &["max_steps = 4294967295"],
            &["final_pairs = 4294967295"],
            &["scan = 4294967295"],
        ] {
            let error = shipped_with(changes).unwrap_err().to_string();
            assert!(
                error.contains("calibrate.toml:13:")
                    && error.contains("the calibration's games")
                    && error.contains("need about")
                    && error.contains("expected at most"),
                "{changes:?}: {error}"
            );
        }
        // The final round-robin's bootstrap rates levels and references together.
        let error = shipped_with(&["bootstrap = 4294967295"])
            .unwrap_err()
            .to_string();
        assert!(
            error
                .contains("field `bootstrap`: 4294967295 resamples of 6 ratings need about 206 GB"),
            "{error}"
        );
    }
}
