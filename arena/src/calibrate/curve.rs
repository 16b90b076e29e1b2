//! `curve.csv`: the calibration's curve of rating against the knob, fitted over every
//! point it measured, so that `level:elo=R` resolves to a spec without a game
//! ([`agents::level_curve`] reads it).
//!
//! The curve is built from the text of `calibration.csv` and `difficulty.csv`, so that
//! the curve of a finished calibration and the curve derived later from its files (`arena
//! levels --curve DIR`) are the same file. Three steps:
//! - Scale. A point of the search is rated against the references alone; the levels are
//!   rated again in the final round-robin, among themselves too, and that rating is the
//!   levels' scale (the one `arena rate` places an agent on). Each level holds a rating on
//!   both, and the anchor is 0 on both: a search point's rating is carried onto the
//!   levels' scale by the line through the two neighbouring such pairs (slope 1 beyond
//!   the last). A level's own point is its final rating.
//! - Order. The knob's points go from weakest to strongest (the levels tell which way
//!   the knob runs); a level that names its own spec (English hard) follows the family's
//!   strongest point when it is stronger than every level of the knob, and the curve
//!   turns the one setting in which the two specs differ (`nodes`, in its logarithm).
//! - Fit. Pool adjacent violators, each point weighted by the inverse square of its
//!   interval's width, gives a rating that never falls; a pooled run's interval is the
//!   weighted mean of its members' bounds. The levels are the scale's own points, rated
//!   on it with the most games: they weigh as fixed ([`LEVEL_WEIGHT`] times their
//!   interval's weight), so the fit keeps each level at its rating and pools the search's
//!   points around them.

use agents::level_curve::{round_value, setting, with_setting, Curve, CurvePoint, Rating, Source};

use super::knob::Knob;
use crate::error::ArenaError;

/// The knob of a calibration's family, as the curve turns it.
#[derive(Clone, Debug, PartialEq)]
pub struct Family {
    /// The key (`epsilon`).
    pub knob: String,
    /// Whether values interpolate in their logarithm.
    pub log: bool,
    /// Whether values are whole numbers.
    pub integer: bool,
}

impl Family {
    /// The family of a calibration's knob; `None` for a list of candidate specs, which
    /// has no value between two of them.
    pub fn of(knob: &Knob) -> Option<Family> {
        match knob {
            Knob::Range {
                knob, log, integer, ..
            } => Some(Family {
                knob: knob.clone(),
                log: *log,
                integer: *integer,
            }),
            Knob::Candidates(_) => None,
        }
    }

    /// The family of a calibration's recorded `config.toml` (`[calibration.family.range]`);
    /// `None` where it searched a list of specs.
    ///
    /// # Errors
    /// The text is not TOML.
    pub fn of_config(text: &str) -> Result<Option<Family>, String> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
        let range = table
            .get("calibration")
            .and_then(|c| c.get("family"))
            .and_then(|f| f.get("range"));
        let Some(range) = range else {
            return Ok(None);
        };
        let flag = |key: &str| {
            range
                .get(key)
                .and_then(toml::Value::as_bool)
                .unwrap_or(false)
        };
        Ok(range
            .get("knob")
            .and_then(toml::Value::as_str)
            .map(|knob| Family {
                knob: knob.to_string(),
                log: flag("log"),
                integer: flag("integer"),
            }))
    }
}

/// A row of `calibration.csv` or `difficulty.csv`: its name (a level's), spec, knob
/// value and rating.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    name: Option<String>,
    spec: String,
    knob: Option<f64>,
    rating: Rating,
}

/// The curve of a calibration from its files' text: `calibration.csv` (every point of
/// the search) and `difficulty.csv` (the levels as the final round-robin rated them).
/// `None` for a family without values between its points (a list of specs).
///
/// # Errors
/// A file whose columns are not a calibration's.
pub fn from_files(
    family: Option<&Family>,
    calibration_csv: &str,
    difficulty_csv: &str,
) -> Result<Option<Curve>, ArenaError> {
    let Some(family) = family else {
        return Ok(None);
    };
    let points = read_rows(calibration_csv, "calibration.csv", None)?;
    let levels = read_rows(difficulty_csv, "difficulty.csv", Some("level"))?;
    Ok(Some(build(family, &points, &levels)))
}

fn read_rows(text: &str, file: &str, name: Option<&str>) -> Result<Vec<Row>, ArenaError> {
    let bad = |what: String| ArenaError::input(format!("{file}: {what}"));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| bad(e.to_string()))?.clone();
    let column = |key: &str| {
        header
            .iter()
            .position(|h| h == key)
            .ok_or_else(|| bad(format!("no column `{key}`")))
    };
    let name = name.map(column).transpose()?;
    let (spec, knob) = (column("spec")?, column("knob")?);
    let (rating, lo, hi) = (
        column("rating")?,
        column("rating_lo")?,
        column("rating_hi")?,
    );
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|e| bad(e.to_string()))?;
        let number = |i: usize| {
            record
                .get(i)
                .and_then(|v| v.parse::<f64>().ok())
                .ok_or_else(|| bad(format!("line {}: no number in column {}", index + 2, i + 1)))
        };
        rows.push(Row {
            name: name.and_then(|i| record.get(i)).map(str::to_string),
            spec: record.get(spec).unwrap_or("").to_string(),
            knob: record.get(knob).and_then(|v| v.parse().ok()),
            rating: Rating {
                value: number(rating)?,
                lo: number(lo)?,
                hi: number(hi)?,
            },
        });
    }
    Ok(rows)
}

/// The curve of `points` (the search's, on the references' scale) and `levels` (the
/// final round-robin's), as the module says.
fn build(family: &Family, points: &[Row], levels: &[Row]) -> Curve {
    let to_final = ScaleMap::new(points, levels);
    let is_level = |spec: &str| levels.iter().any(|level| level.spec == spec);
    let point = |row: &Row, value: f64, measured: Rating, source| CurvePoint {
        spec: row.spec.clone(),
        level: row.name.clone(),
        knob: family.knob.clone(),
        value,
        log: family.log,
        integer: family.integer,
        source,
        measured,
        fitted: measured,
    };
    let mut knobbed: Vec<CurvePoint> = levels
        .iter()
        .filter_map(|level| Some(point(level, level.knob?, level.rating, Source::Final)))
        .collect();
    for row in points.iter().filter(|row| !is_level(&row.spec)) {
        let Some(value) = row.knob else { continue };
        let measured = Rating {
            value: to_final.map(row.rating.value),
            lo: to_final.map(row.rating.lo),
            hi: to_final.map(row.rating.hi),
        };
        knobbed.push(point(row, value, measured, Source::Search));
    }
    knobbed.sort_by(|a, b| a.value.total_cmp(&b.value));
    if knob_weakens(&knobbed) {
        knobbed.reverse();
    }
    let knob_levels = || knobbed.iter().filter(|p| p.level.is_some());
    let strongest = knob_levels()
        .map(|p| p.measured.value)
        .fold(f64::MIN, f64::max);
    let weakest = knob_levels()
        .map(|p| p.measured.value)
        .fold(f64::MAX, f64::min);
    let mut curve: Vec<CurvePoint> = Vec::new();
    let mut above: Vec<CurvePoint> = Vec::new();
    for level in levels.iter().filter(|level| level.knob.is_none()) {
        let rating = level.rating.value;
        let neighbour = if rating > strongest {
            knobbed.last()
        } else if rating < weakest {
            knobbed.first()
        } else {
            continue;
        };
        let (knob, log, integer) = neighbour
            .and_then(|n| turned_setting(&n.spec, &level.spec, rating > strongest))
            .unwrap_or_default();
        let value = setting(&level.spec, &knob).unwrap_or(0.0);
        let fixed = CurvePoint {
            knob,
            value,
            log,
            integer,
            ..point(level, value, level.rating, Source::Final)
        };
        if rating > strongest {
            above.push(fixed);
        } else {
            curve.push(fixed);
        }
    }
    curve.extend(knobbed);
    above.sort_by(|a, b| a.measured.value.total_cmp(&b.measured.value));
    curve.extend(above);
    fit_monotone(&mut curve);
    Curve { points: curve }
}

/// Whether rating falls as the knob rises: the strongest level of the knob lies at a
/// smaller value than the weakest (or, with fewer than two such levels, the points'
/// ratings fall on the whole).
fn knob_weakens(sorted: &[CurvePoint]) -> bool {
    let levels: Vec<&CurvePoint> = sorted.iter().filter(|p| p.level.is_some()).collect();
    let by_rating =
        |a: &&&CurvePoint, b: &&&CurvePoint| a.measured.value.total_cmp(&b.measured.value);
    if let (Some(weak), Some(strong)) = (
        levels.iter().min_by(by_rating),
        levels.iter().max_by(by_rating),
    ) {
        if weak.value != strong.value {
            return strong.value < weak.value;
        }
    }
    let n = sorted.len() as f64;
    let mean_knob = sorted.iter().map(|p| p.value).sum::<f64>() / n;
    let mean_rating = sorted.iter().map(|p| p.measured.value).sum::<f64>() / n;
    sorted
        .iter()
        .map(|p| (p.value - mean_knob) * (p.measured.value - mean_rating))
        .sum::<f64>()
        < 0.0
}

/// The keys of the noise families, 0 where a spec leaves them out.
const NOISE_KEYS: [&str; 2] = ["epsilon", "temperature"];

/// The one numeric setting in which `from` and `to` differ (the noise keys count as 0
/// where left out, and on a bridge `upward` from the family's strongest point to a
/// stronger named spec, a noise key only `from` sets is kept, not turned), with whether it
/// interpolates in its logarithm and in whole numbers (both values whole and positive: a
/// budget); `None` for specs of different kinds or that differ in anything else.
fn turned_setting(from: &str, to: &str, upward: bool) -> Option<(String, bool, bool)> {
    let kind = |spec: &str| spec.split(':').next().unwrap_or("").trim().to_string();
    if kind(from) != kind(to) {
        return None;
    }
    let keys = |spec: &str| -> Vec<String> {
        spec.split_once(':')
            .map_or("", |(_, s)| s)
            .split(',')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, _)| k.trim().to_string())
            .collect()
    };
    let mut all = keys(from);
    all.extend(keys(to));
    all.sort();
    all.dedup();
    let text = |spec: &str, key: &str| {
        spec.split_once(':')
            .map_or("", |(_, s)| s)
            .split(',')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| k.trim() == key)
            .map(|(_, v)| v.trim().to_string())
    };
    // A noise key that only the weaker spec writes (the family's strongest point
    // `temperature=2`, a hard without noise) stays as it is along the bridge: it is the
    // budget that carries the rating up to the named spec.
    // Where that noise is the only difference, it is the setting turned.
    let kept_noise = |key: &str| NOISE_KEYS.contains(&key) && setting(to, key) == Some(0.0);
    let mut differ: Vec<&String> = all
        .iter()
        .filter(|key| match (setting(from, key), setting(to, key)) {
            (Some(a), Some(b)) => a != b,
            _ => text(from, key) != text(to, key),
        })
        .collect();
    if upward && differ.len() > 1 {
        differ.retain(|key| !kept_noise(key));
    }
    let [key] = differ[..] else { return None };
    let (a, b) = (setting(from, key)?, setting(to, key)?);
    let budget = a >= 1.0 && b >= 1.0 && a.fract() == 0.0 && b.fract() == 0.0;
    Some((key.clone(), budget, budget))
}

/// The spec a `fraction` of the way (in rating) from `from`, the family's strongest
/// point (or a spec already on the bridge), up to `to`, a stronger spec the level names:
/// `from` with the one budget the two differ in set between theirs, in its logarithm,
/// as the curve resolves `level:elo` there, rounded to two significant figures so that
/// the spec reads as a budget. `None` where the two differ in more than a budget (or
/// the noise `from` keeps), or where the rounded budget is not strictly between theirs.
pub fn bridged_spec(from: &str, to: &str, fraction: f64) -> Option<String> {
    let (key, true, true) = turned_setting(from, to, true)? else {
        return None;
    };
    let (a, b) = (setting(from, &key)?, setting(to, &key)?);
    let raw = (a.ln() + fraction.clamp(0.0, 1.0) * (b.ln() - a.ln())).exp();
    let grain = 10f64.powf(raw.log10().floor() - 1.0).max(1.0);
    let value = (raw / grain).round() * grain;
    (a.min(b) < value && value < a.max(b)).then(|| with_setting(from, &key, value))
}

/// Ratings of the references' scale carried onto the levels': the line through the
/// neighbouring pairs of (search rating, final rating) that the levels and the anchor
/// (0 on both) give, made non-decreasing; slope 1 beyond the ends.
struct ScaleMap {
    pairs: Vec<(f64, f64)>,
}

impl ScaleMap {
    fn new(points: &[Row], levels: &[Row]) -> ScaleMap {
        let mut pairs = vec![(0.0, 0.0)];
        for level in levels {
            if let Some(point) = points.iter().rev().find(|p| p.spec == level.spec) {
                pairs.push((point.rating.value, level.rating.value));
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Where the two scales disagree on the order, the final ratings are pooled.
        let finals: Vec<(f64, f64)> = pairs.iter().map(|&(_, f)| (f, 1.0)).collect();
        let fitted = pool_adjacent(&finals);
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for (&(search, _), final_rating) in pairs.iter().zip(fitted) {
            match merged.last_mut() {
                Some(last) if last.0 == search => last.1 = (last.1 + final_rating) / 2.0,
                _ => merged.push((search, final_rating)),
            }
        }
        ScaleMap { pairs: merged }
    }

    fn map(&self, rating: f64) -> f64 {
        let pairs = &self.pairs;
        let (first, last) = (pairs[0], pairs[pairs.len() - 1]);
        if rating <= first.0 {
            return first.1 + (rating - first.0);
        }
        if rating >= last.0 {
            return last.1 + (rating - last.0);
        }
        let upper = pairs.iter().position(|p| p.0 > rating).expect("inside");
        let (a, b) = (pairs[upper - 1], pairs[upper]);
        a.1 + (rating - a.0) / (b.0 - a.0) * (b.1 - a.1)
    }
}

/// Pool adjacent violators over `(value, weight)` in order: the non-decreasing sequence
/// nearest in weighted squares, as one value a point. Equal neighbours pool too, so that
/// the fit's distinct values rise strictly.
pub fn pool_adjacent(points: &[(f64, f64)]) -> Vec<f64> {
    // Each block: (weighted mean, weight, points in it).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for &(value, weight) in points.iter() {
        blocks.push((value, weight, 1));
        while blocks.len() > 1 {
            let (v2, w2, n2) = blocks[blocks.len() - 1];
            let (v1, w1, n1) = blocks[blocks.len() - 2];
            if v1 < v2 {
                break;
            }
            blocks.pop();
            let w = w1 + w2;
            *blocks.last_mut().expect("two blocks") = ((v1 * w1 + v2 * w2) / w, w, n1 + n2);
        }
    }
    blocks
        .iter()
        .flat_map(|&(value, _, n)| std::iter::repeat_n(value, n))
        .collect()
}

/// How many times its interval's weight a level weighs in the fit: enough that a level
/// keeps its rating against any run of search points.
pub const LEVEL_WEIGHT: f64 = 1e6;

/// Fits `curve`'s ratings by [`pool_adjacent`], each point weighted by the inverse
/// square of its interval's width (a level [`LEVEL_WEIGHT`] times that); a pooled run's
/// interval is the weighted mean of its members' bounds.
fn fit_monotone(curve: &mut [CurvePoint]) {
    let weight = |p: &CurvePoint| {
        let level = if p.source == Source::Final {
            LEVEL_WEIGHT
        } else {
            1.0
        };
        level / (p.measured.hi - p.measured.lo).max(1.0).powi(2)
    };
    let fitted = pool_adjacent(
        &curve
            .iter()
            .map(|p| (p.measured.value, weight(p)))
            .collect::<Vec<_>>(),
    );
    let mut start = 0;
    while start < curve.len() {
        let end = (start..curve.len())
            .find(|&i| fitted[i] != fitted[start])
            .unwrap_or(curve.len());
        let run = &curve[start..end];
        let total: f64 = run.iter().map(weight).sum();
        let mean = |bound: fn(&CurvePoint) -> f64| {
            run.iter().map(|p| bound(p) * weight(p)).sum::<f64>() / total
        };
        let rating = Rating {
            value: fitted[start],
            lo: mean(|p| p.measured.lo),
            hi: mean(|p| p.measured.hi),
        };
        for point in &mut curve[start..end] {
            point.fitted = rating;
        }
        start = end;
    }
    for point in curve.iter_mut() {
        point.value = round_value(point.value, point.integer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pooling_makes_a_rising_sequence_of_one_that_falls_in_places() {
        let points = [
            (100.0, 1.0),
            (300.0, 1.0),
            (200.0, 1.0),
            (400.0, 3.0),
            (350.0, 1.0),
        ];
        let fitted = pool_adjacent(&points);
        assert_eq!(fitted, [100.0, 250.0, 250.0, 387.5, 387.5]);
        // Already rising: unchanged; equal neighbours pool into one value.
        let rising = [(1.0, 1.0), (2.0, 1.0), (2.0, 5.0), (3.0, 1.0)];
        assert_eq!(pool_adjacent(&rising), [1.0, 2.0, 2.0, 3.0]);
    }

    #[test]
    fn the_setting_two_specs_differ_in_is_turned() {
        assert_eq!(
            turned_setting(
                "minimax:nodes=200000,epsilon=0",
                "minimax:nodes=1000000",
                true
            ),
            Some(("nodes".to_string(), true, true))
        );
        // The weaker spec's noise stays along the bridge: only the budget turns.
        assert_eq!(
            turned_setting(
                "minimax:nodes=200000,epsilon=0.1",
                "minimax:nodes=1000000",
                true
            ),
            Some(("nodes".to_string(), true, true))
        );
        assert_eq!(
            turned_setting(
                "minimax:nodes=50000,repeat=once,temperature=2",
                "minimax:nodes=1000000,repeat=once",
                true
            ),
            Some(("nodes".to_string(), true, true))
        );
        // Downward, toward a weaker named spec, the noise is a setting like any other.
        assert_eq!(
            turned_setting(
                "minimax:nodes=200000,epsilon=0.1",
                "minimax:nodes=100",
                false
            ),
            None
        );
        // Noise alone is turned; noise only the stronger spec sets, or a key only it
        // writes, leaves no one setting.
        assert_eq!(
            turned_setting("minimax:nodes=5000,epsilon=0.1", "minimax:nodes=5000", true),
            Some(("epsilon".to_string(), false, false))
        );
        assert_eq!(
            turned_setting(
                "minimax:nodes=200000",
                "minimax:nodes=1000000,epsilon=0.1",
                true
            ),
            None
        );
        assert_eq!(
            turned_setting(
                "minimax:nodes=20000,temperature=0.1",
                "minimax:nodes=600000,plan=300000",
                true
            ),
            None
        );
        assert_eq!(
            turned_setting("minimax:nodes=5000", "mcts:iterations=100", true),
            None
        );
    }

    const CALIBRATION: &str =
        "point,added_at_step,knob,spec,pairs_per_reference,rating,rating_lo,rating_hi\n\
        0,0,0,\"minimax:nodes=200,epsilon=0\",20,1400.0,1300.0,1500.0\n\
        1,0,0.4,\"minimax:nodes=200,epsilon=0.4\",20,500.0,450.0,550.0\n\
        2,0,0.8,\"minimax:nodes=200,epsilon=0.8\",20,150.0,100.0,200.0\n\
        3,1,0.6,\"minimax:nodes=200,epsilon=0.6\",20,200.0,150.0,250.0\n\
        4,2,0.2,\"minimax:nodes=200,epsilon=0.2\",20,400.0,300.0,500.0\n\
        5,3,,minimax:nodes=1000,20,1450.0,1350.0,1550.0\n";
    const DIFFICULTY: &str = "level,spec,knob,rating,rating_lo,rating_hi\n\
        easy,\"minimax:nodes=200,epsilon=0.6\",0.6,250.0,200.0,300.0\n\
        medium,\"minimax:nodes=200,epsilon=0.2\",0.2,800.0,700.0,900.0\n\
        hard,minimax:nodes=1000,,2000.0,1800.0,2200.0\n";

    #[test]
    fn a_calibrations_files_give_its_curve() {
        let family = Family {
            knob: "epsilon".into(),
            log: false,
            integer: false,
        };
        let curve = from_files(Some(&family), CALIBRATION, DIFFICULTY)
            .unwrap()
            .unwrap();
        let specs: Vec<&str> = curve.points.iter().map(|p| p.spec.as_str()).collect();
        assert_eq!(
            specs,
            [
                "minimax:nodes=200,epsilon=0.8",
                "minimax:nodes=200,epsilon=0.6",
                "minimax:nodes=200,epsilon=0.4",
                "minimax:nodes=200,epsilon=0.2",
                "minimax:nodes=200,epsilon=0",
                "minimax:nodes=1000",
            ]
        );
        // Search ratings onto the final scale: 500 lies between easy (200 -> 250) and
        // medium (400 -> 800)... beyond medium, on the line to hard (1450 -> 2000).
        let measured: Vec<f64> = curve.points.iter().map(|p| p.measured.value).collect();
        let on_line = 800.0 + (500.0 - 400.0) / (1450.0 - 400.0) * 1200.0;
        assert!((measured[2] - on_line).abs() < 1e-9, "{measured:?}");
        assert_eq!(measured[0], 150.0 * 250.0 / 200.0);
        // 0.4 measures above medium (0.2): the fit pools them, and never falls; medium,
        // a level, keeps its rating, within a hair.
        let fitted: Vec<f64> = curve.points.iter().map(|p| p.fitted.value).collect();
        assert!(fitted.windows(2).all(|w| w[0] <= w[1]), "{fitted:?}");
        assert_eq!(fitted[2], fitted[3]);
        assert!(fitted[2] > 800.0 && fitted[2] < 800.1, "{fitted:?}");
        assert_eq!(
            curve.resolve(fitted[2]).unwrap().spec,
            "minimax:nodes=200,epsilon=0.2"
        );
        // Hard names its spec: the curve reaches it by turning nodes, in their logarithm.
        let hard = &curve.points[5];
        assert_eq!(
            (hard.knob.as_str(), hard.value, hard.log),
            ("nodes", 1000.0, true)
        );
        assert_eq!(hard.source, Source::Final);
        let text = curve.to_csv();
        assert_eq!(
            agents::level_curve::Curve::parse(&text).unwrap().to_csv(),
            text
        );
        // A request between the family's top and hard sets the nodes.
        let top = curve.points[4].fitted.value;
        let resolved = curve.resolve((top + 2000.0) / 2.0).unwrap();
        assert_eq!(resolved.spec, "minimax:nodes=447,epsilon=0");
        assert!(from_files(None, CALIBRATION, DIFFICULTY).unwrap().is_none());
    }

    #[test]
    fn a_bridge_turns_the_one_budget_in_its_logarithm_at_two_figures() {
        let top = "minimax:nodes=50000,temperature=2";
        let hard = "minimax:nodes=1000000";
        // Half-way in rating is the geometric mean (223,607), read as a budget.
        assert_eq!(
            bridged_spec(top, hard, 0.5).as_deref(),
            Some("minimax:nodes=220000,temperature=2")
        );
        assert_eq!(
            bridged_spec(top, hard, 0.25).as_deref(),
            Some("minimax:nodes=110000,temperature=2")
        );
        // From a rung already on the bridge, the same budget turns on.
        let rung = "minimax:nodes=220000,temperature=2";
        assert_eq!(
            bridged_spec(rung, hard, 0.5).as_deref(),
            Some("minimax:nodes=470000,temperature=2")
        );
        // Other settings the two share stay as they are.
        assert_eq!(
            bridged_spec(
                "minimax:nodes=50000,search=reduce,temperature=2",
                "minimax:nodes=1000000,search=reduce",
                0.5
            )
            .as_deref(),
            Some("minimax:nodes=220000,search=reduce,temperature=2")
        );
        // No bridge: the ends themselves, specs that differ in more than a budget, other
        // kinds, a budget too narrow for a value strictly between.
        for (from, to, fraction) in [
            (top, hard, 0.0),
            (top, hard, 1.0),
            (top, "minimax:nodes=1000000,search=reduce", 0.5),
            (top, "mcts:iterations=1000", 0.5),
            ("minimax:nodes=10", "minimax:nodes=11", 0.5),
            (
                "minimax:nodes=50000,epsilon=0.1",
                "minimax:nodes=50000",
                0.5,
            ),
        ] {
            assert_eq!(
                bridged_spec(from, to, fraction),
                None,
                "{from} {to} {fraction}"
            );
        }
    }
}
