//! A set's curve of rating against its knob (`curve.csv` beside `difficulty.toml`): every
//! point its calibration measured, placed on the levels' rating scale, with a monotone
//! fit over them, so that `level:elo=R` names a spec for any rating R between the set's
//! weakest and strongest level. `arena calibrate` writes the file (the fit is there);
//! this module reads it and resolves a rating, so that no game is played to do so.
//!
//! Between two fitted points the knob is interpolated, linearly or in its logarithm as
//! the row says: the fit is measured at its points, and interpolated between them.

use std::fmt;

/// The file's name, beside `difficulty.toml`.
pub const FILE: &str = "curve.csv";

/// The header of `curve.csv`.
pub const HEADER: &str = "spec,level,knob,value,scale,integer,source,measured,measured_lo,\
                          measured_hi,rating,rating_lo,rating_hi";

/// What `level:` is followed by to ask for a rating: `level:elo=1200`.
pub const ELO_PREFIX: &str = "elo=";

/// A rating with its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub value: f64,
    /// Lower bound of its interval.
    pub lo: f64,
    /// Upper bound of its interval.
    pub hi: f64,
}

/// Where a point's measurement comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A level, rated in the calibration's final round-robin (the levels' own scale).
    Final,
    /// A point of the search, rated against the references alone and placed on the
    /// levels' scale through the levels' two ratings.
    Search,
}

impl Source {
    /// The word the file writes.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Final => "final",
            Source::Search => "search",
        }
    }
}

/// One measured point of the curve, weakest first.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvePoint {
    /// Its spec.
    pub spec: String,
    /// The level it is, if it is one.
    pub level: Option<String>,
    /// The key the curve turns at this point (`epsilon`; `nodes` for a level that names
    /// its own spec beyond the family): the interpolation from the point below to this
    /// one sets this key.
    pub knob: String,
    /// The key's value at this point.
    pub value: f64,
    /// Whether the interpolation toward this point is linear in the logarithm of the
    /// value (node budgets) rather than in the value.
    pub log: bool,
    /// Whether the key takes whole numbers.
    pub integer: bool,
    /// Where its measurement comes from.
    pub source: Source,
    /// Its rating as measured, on the levels' scale.
    pub measured: Rating,
    /// The monotone fit's rating at this point, with the interval of the points pooled.
    pub fitted: Rating,
}

/// A set's curve: its measured points, weakest first, with the monotone fit.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Curve {
    /// The points.
    pub points: Vec<CurvePoint>,
}

/// A rating resolved to a spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// The spec.
    pub spec: String,
    /// The fitted rating there, with its interval interpolated between the fitted points
    /// on either side.
    pub rating: Rating,
}

/// Why a rating has no spec.
#[derive(Clone, Debug, PartialEq)]
pub enum CurveError {
    /// The rating lies outside the range the curve resolves: the ends, each with the
    /// level (or point) there.
    OutOfRange {
        /// The rating asked for.
        requested: f64,
        /// The weakest rating resolved, and what is there.
        low: (f64, String),
        /// The strongest rating resolved, and what is there.
        high: (f64, String),
    },
    /// Two neighbouring points of the curve turn different keys and the lower spec lacks
    /// the upper's key, so nothing lies between them.
    Gap {
        /// The rating asked for.
        requested: f64,
        /// The spec below it.
        below: String,
        /// The spec above it.
        above: String,
    },
    /// The curve has no points.
    Empty,
}

impl fmt::Display for CurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CurveError::OutOfRange {
                requested,
                low,
                high,
            } => write!(
                f,
                "{requested} is outside the ratings its curve resolves: from {:.1} ({}) to \
                 {:.1} ({})",
                low.0, low.1, high.0, high.1
            ),
            CurveError::Gap {
                requested,
                below,
                above,
            } => write!(
                f,
                "{requested} lies between {below} and {above}, which differ in more than \
                 one setting: no spec lies between them"
            ),
            CurveError::Empty => write!(f, "its curve has no points"),
        }
    }
}

impl std::error::Error for CurveError {}

/// The rating that a level name asks for (`elo=1200`, from `level:elo=1200`), or `None`
/// for a level's name.
///
/// # Errors
/// `elo=` followed by something that is not a finite number.
pub fn requested_rating(name: &str) -> Option<Result<f64, String>> {
    let text = name.trim().strip_prefix(ELO_PREFIX)?;
    Some(
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite())
            .ok_or_else(|| {
                format!("level:elo={text}: expected a rating, a number such as level:elo=1200")
            }),
    )
}

impl Curve {
    /// Reads `curve.csv` as [`Curve::to_csv`] writes it.
    ///
    /// # Errors
    /// A header or a row that is not as written: the error gives the line.
    pub fn parse(text: &str) -> Result<Curve, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        match lines.next() {
            Some((_, header)) if header.trim() == HEADER => {}
            _ => return Err(format!("line 1: expected the header {HEADER}")),
        }
        let points = lines
            .map(|(index, line)| {
                point_of(line).ok_or_else(|| format!("line {}: not a point of a curve", index + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Curve { points })
    }

    /// The file's text: [`HEADER`], then one row a point, weakest first.
    pub fn to_csv(&self) -> String {
        let mut text = format!("{HEADER}\n");
        for p in &self.points {
            let spec = if p.spec.contains(',') {
                format!("\"{}\"", p.spec)
            } else {
                p.spec.clone()
            };
            text.push_str(&format!(
                "{spec},{},{},{},{},{},{},{:.1},{:.1},{:.1},{:.1},{:.1},{:.1}\n",
                p.level.as_deref().unwrap_or(""),
                p.knob,
                format_value(p.value),
                if p.log { "log" } else { "linear" },
                p.integer,
                p.source.as_str(),
                p.measured.value,
                p.measured.lo,
                p.measured.hi,
                p.fitted.value,
                p.fitted.lo,
                p.fitted.hi,
            ));
        }
        text
    }

    /// The ratings `level:elo=R` takes: from the weakest level's to the strongest's, as
    /// far as the fit reaches, each end with the level (or spec) there.
    pub fn range(&self) -> Option<((f64, String), (f64, String))> {
        let groups = self.groups();
        let (first, last) = (groups.first()?, groups.last()?);
        let levels: Vec<&CurvePoint> = self.points.iter().filter(|p| p.level.is_some()).collect();
        let name = |p: &CurvePoint| p.level.clone().unwrap_or_else(|| p.spec.clone());
        // A run the fit pooled is named by its level, where it holds one.
        let name_of = |group: &Group, edge: usize| {
            let members = &self.points[group.members.clone()];
            members
                .iter()
                .find(|p| p.level.is_some())
                .map_or_else(|| name(&self.points[edge]), name)
        };
        let mut low = (first.rating.value, name_of(first, first.members.start));
        let mut high = (last.rating.value, name_of(last, last.members.end - 1));
        if let Some(weakest) = levels
            .iter()
            .min_by(|a, b| a.measured.value.total_cmp(&b.measured.value))
        {
            if weakest.measured.value > low.0 {
                low = (weakest.measured.value, name(weakest));
            }
        }
        if let Some(strongest) = levels
            .iter()
            .max_by(|a, b| a.measured.value.total_cmp(&b.measured.value))
        {
            if strongest.measured.value < high.0 {
                high = (strongest.measured.value, name(strongest));
            }
        }
        Some((low, high))
    }

    /// The spec of rating `requested`: on the fitted point of that rating, or the knob
    /// interpolated between the fitted points on either side (rounded as the knob's
    /// values are: whole numbers, or four decimals).
    ///
    /// # Errors
    /// A rating outside [`Curve::range`] (the error names both ends), or one between two
    /// points that turn different keys with nothing between them.
    pub fn resolve(&self, requested: f64) -> Result<Resolved, CurveError> {
        let (low, high) = self.range().ok_or(CurveError::Empty)?;
        if !(low.0..=high.0).contains(&requested) {
            return Err(CurveError::OutOfRange {
                requested,
                low,
                high,
            });
        }
        let groups = self.groups();
        if let Some(group) = groups.iter().find(|g| g.rating.value == requested) {
            return Ok(Resolved {
                spec: group.spec.clone(),
                rating: group.rating,
            });
        }
        let above = groups
            .iter()
            .position(|g| g.rating.value > requested)
            .expect("the range lies within the fit");
        let (below, above) = (&groups[above - 1], &groups[above]);
        // The fit is flat across a pooled run and rises between runs: from the strong
        // edge of the run below to the weak edge of the run above.
        let (from, to) = (
            &self.points[below.members.end - 1],
            &self.points[above.members.start],
        );
        let t = (requested - below.rating.value) / (above.rating.value - below.rating.value);
        let gap = || CurveError::Gap {
            requested,
            below: from.spec.clone(),
            above: to.spec.clone(),
        };
        let start = if from.knob == to.knob {
            from.value
        } else {
            setting(&from.spec, &to.knob).ok_or_else(gap)?
        };
        let value = interpolate(start, to.value, t, to.log, to.integer).ok_or_else(gap)?;
        let lerp = |a: f64, b: f64| a + t * (b - a);
        Ok(Resolved {
            spec: with_setting(&from.spec, &to.knob, value),
            rating: Rating {
                value: requested,
                lo: lerp(below.rating.lo, above.rating.lo),
                hi: lerp(below.rating.hi, above.rating.hi),
            },
        })
    }

    /// The fit's distinct values: each run of neighbouring points that the fit pooled
    /// into one rating (on one key), whose spec is the level's among them, or else the
    /// one at the mean of their knob values.
    fn groups(&self) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        for (index, point) in self.points.iter().enumerate() {
            match groups.last_mut() {
                Some(group)
                    if group.rating.value == point.fitted.value && group.knob == point.knob =>
                {
                    group.members.end = index + 1;
                }
                _ => groups.push(Group {
                    members: index..index + 1,
                    knob: point.knob.clone(),
                    value: point.value,
                    log: point.log,
                    integer: point.integer,
                    spec: point.spec.clone(),
                    rating: point.fitted,
                }),
            }
        }
        for group in &mut groups {
            let members = &self.points[group.members.clone()];
            if let Some(level) = members.iter().find(|p| p.level.is_some()) {
                group.value = level.value;
                group.spec = level.spec.clone();
            } else if members.len() > 1 {
                let n = members.len() as f64;
                let mean = if group.log && members.iter().all(|p| p.value > 0.0) {
                    (members.iter().map(|p| p.value.ln()).sum::<f64>() / n).exp()
                } else {
                    members.iter().map(|p| p.value).sum::<f64>() / n
                };
                group.value = round_value(mean, group.integer);
                group.spec = with_setting(&members[0].spec, &group.knob, group.value);
            }
        }
        groups
    }
}

/// A run of points the fit pooled: its members, key, representative value and spec.
struct Group {
    members: std::ops::Range<usize>,
    knob: String,
    value: f64,
    log: bool,
    integer: bool,
    spec: String,
    rating: Rating,
}

/// The value at `t` in [0, 1] from `a` to `b`, linear or in the logarithm, rounded;
/// `None` where a logarithm has no value.
fn interpolate(a: f64, b: f64, t: f64, log: bool, integer: bool) -> Option<f64> {
    let raw = if log {
        if a <= 0.0 || b <= 0.0 {
            return None;
        }
        (a.ln() + t * (b.ln() - a.ln())).exp()
    } else {
        a + t * (b - a)
    };
    Some(round_value(raw, integer))
}

/// Rounded as a knob's values are written: whole numbers, or four decimals.
pub fn round_value(value: f64, integer: bool) -> f64 {
    if integer {
        value.round()
    } else {
        (value * 1e4).round() / 1e4
    }
}

/// A knob value as a spec writes it: `0.1773`, `1000000`.
pub fn format_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// The value a spec gives `key`, as a number; the noise keys (`epsilon`, `temperature`)
/// are 0 where the spec leaves them out.
pub fn setting(spec: &str, key: &str) -> Option<f64> {
    let settings = spec.split_once(':').map_or("", |(_, s)| s);
    let written = settings
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, v)| v.trim());
    match written {
        Some(value) => value.parse().ok(),
        None if key == "epsilon" || key == "temperature" => Some(0.0),
        None => None,
    }
}

/// `spec` with `key` set to `value`: replaced where the spec writes it, added at the end
/// otherwise.
pub fn with_setting(spec: &str, key: &str, value: f64) -> String {
    let (kind, settings) = spec.split_once(':').unwrap_or((spec, ""));
    let mut pairs: Vec<String> = settings
        .split(',')
        .filter(|pair| !pair.is_empty())
        .map(str::to_string)
        .collect();
    let written = format!("{key}={}", format_value(value));
    match pairs
        .iter_mut()
        .find(|pair| pair.split_once('=').is_some_and(|(k, _)| k.trim() == key))
    {
        Some(pair) => *pair = written,
        None => pairs.push(written),
    }
    format!("{kind}:{}", pairs.join(","))
}

/// One row of `curve.csv`.
fn point_of(line: &str) -> Option<CurvePoint> {
    let fields = split_row(line)?;
    let [spec, level, knob, value, scale, integer, source, m, m_lo, m_hi, r, r_lo, r_hi] =
        &fields[..]
    else {
        return None;
    };
    let number = |text: &str| text.parse::<f64>().ok().filter(|v| v.is_finite());
    let rating = |v: &str, lo: &str, hi: &str| {
        Some(Rating {
            value: number(v)?,
            lo: number(lo)?,
            hi: number(hi)?,
        })
    };
    Some(CurvePoint {
        spec: spec.clone(),
        level: (!level.is_empty()).then(|| level.clone()),
        knob: knob.clone(),
        value: number(value)?,
        log: match scale.as_str() {
            "log" => true,
            "linear" => false,
            _ => return None,
        },
        integer: integer.parse().ok()?,
        source: match source.as_str() {
            "final" => Source::Final,
            "search" => Source::Search,
            _ => return None,
        },
        measured: rating(m, m_lo, m_hi)?,
        fitted: rating(r, r_lo, r_hi)?,
    })
}

/// The fields of a CSV row whose quoted fields hold no quotes (specs hold none).
fn split_row(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut rest = line.trim_end_matches('\r');
    loop {
        let (field, after) = if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"')?;
            (&quoted[..end], &quoted[end + 1..])
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            (&rest[..end], &rest[end..])
        };
        fields.push(field.to_string());
        match after.strip_prefix(',') {
            Some(next) => rest = next,
            None if after.is_empty() => return Some(fields),
            None => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(spec: &str, level: Option<&str>, knob: &str, value: f64, fitted: f64) -> CurvePoint {
        let rating = Rating {
            value: fitted,
            lo: fitted - 50.0,
            hi: fitted + 50.0,
        };
        CurvePoint {
            spec: spec.into(),
            level: level.map(str::to_string),
            knob: knob.into(),
            value,
            log: knob == "nodes",
            integer: knob == "nodes",
            source: if level.is_some() {
                Source::Final
            } else {
                Source::Search
            },
            measured: rating,
            fitted: rating,
        }
    }

    /// English as shipped, in small: epsilon from 0.8 down to 0 at 200000 nodes, then
    /// nodes up to the million of hard.
    fn english() -> Curve {
        Curve {
            points: vec![
                point(
                    "minimax:nodes=200000,epsilon=0.8",
                    None,
                    "epsilon",
                    0.8,
                    100.0,
                ),
                point(
                    "minimax:nodes=200000,epsilon=0.6",
                    Some("easy"),
                    "epsilon",
                    0.6,
                    200.0,
                ),
                point(
                    "minimax:nodes=200000,epsilon=0.2",
                    None,
                    "epsilon",
                    0.2,
                    700.0,
                ),
                point(
                    "minimax:nodes=200000,epsilon=0.1",
                    None,
                    "epsilon",
                    0.1,
                    700.0,
                ),
                point(
                    "minimax:nodes=200000,epsilon=0",
                    None,
                    "epsilon",
                    0.0,
                    1600.0,
                ),
                point("minimax:nodes=1000000", Some("hard"), "nodes", 1e6, 2000.0),
            ],
        }
    }

    #[test]
    fn a_rating_resolves_to_the_knob_between_the_fitted_points() {
        let curve = english();
        // Halfway from easy (0.6, 200) to the pooled pair (0.2 and 0.1, both fitted at
        // 700): the fit rises from easy to the pair's weak edge, 0.2.
        let resolved = curve.resolve(450.0).unwrap();
        assert_eq!(resolved.spec, "minimax:nodes=200000,epsilon=0.4");
        assert_eq!(resolved.rating.lo, 400.0);
        // On a fitted point: its own spec; on the pooled pair: their mean; from the
        // pair's strong edge (0.1) to 0 the fit rises to 1600.
        assert_eq!(
            curve.resolve(1150.0).unwrap().spec,
            "minimax:nodes=200000,epsilon=0.05"
        );
        assert_eq!(
            curve.resolve(200.0).unwrap().spec,
            "minimax:nodes=200000,epsilon=0.6"
        );
        assert_eq!(
            curve.resolve(700.0).unwrap().spec,
            "minimax:nodes=200000,epsilon=0.15"
        );
        // Beyond the family's top, the nodes turn, in their logarithm: halfway is the
        // geometric mean of 200000 and a million.
        assert_eq!(
            curve.resolve(1800.0).unwrap().spec,
            "minimax:nodes=447214,epsilon=0"
        );
        assert_eq!(curve.resolve(2000.0).unwrap().spec, "minimax:nodes=1000000");
    }

    #[test]
    fn out_of_range_names_both_ends_and_their_levels() {
        let curve = english();
        // The weakest point (100) lies below easy: the range starts at easy.
        let error = curve.resolve(150.0).unwrap_err();
        assert_eq!(
            error.to_string(),
            "150 is outside the ratings its curve resolves: from 200.0 (easy) to 2000.0 (hard)"
        );
        assert!(matches!(
            curve.resolve(2000.5),
            Err(CurveError::OutOfRange { .. })
        ));
        assert_eq!(Curve::default().resolve(1.0), Err(CurveError::Empty));
    }

    #[test]
    fn a_gap_between_keys_is_no_spec() {
        let mut curve = english();
        curve.points[5].spec = "mcts:iterations=1000".into();
        curve.points[5].knob = "iterations".into();
        assert!(matches!(curve.resolve(1800.0), Err(CurveError::Gap { .. })));
    }

    #[test]
    fn the_file_reads_as_written() {
        let curve = english();
        let text = curve.to_csv();
        assert!(text.starts_with(HEADER));
        assert!(text.contains("\n\"minimax:nodes=200000,epsilon=0.6\",easy,epsilon,0.6,linear,false,final,200.0,150.0,250.0,200.0,150.0,250.0\n"), "{text}");
        assert_eq!(Curve::parse(&text).unwrap(), curve);
        assert_eq!(
            Curve::parse("spec\n").unwrap_err(),
            format!("line 1: expected the header {HEADER}")
        );
        let broken = format!("{HEADER}\nperfect,,epsilon,x,linear,false,final,1,1,1,1,1,1\n");
        assert_eq!(
            Curve::parse(&broken).unwrap_err(),
            "line 2: not a point of a curve"
        );
    }

    #[test]
    fn a_request_reads_its_rating() {
        assert_eq!(requested_rating("hard"), None);
        assert_eq!(requested_rating("elo=1200"), Some(Ok(1200.0)));
        assert!(requested_rating("elo=strong").unwrap().is_err());
        assert_eq!(
            with_setting("perfect", "epsilon", 0.25),
            "perfect:epsilon=0.25"
        );
        assert_eq!(setting("minimax:nodes=5000", "epsilon"), Some(0.0));
        assert_eq!(setting("minimax:nodes=5000", "depth"), None);
    }
}
