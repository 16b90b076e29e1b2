//! The report's charts, each a function from plain numbers to an inline `<svg>` element.

use crate::stats::LengthCounts;

use super::svg::{label, Scale, Svg};

/// A value with its interval, under a name.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// What is measured (an agent, a level).
    pub name: String,
    /// The estimate.
    pub value: f64,
    /// The interval's low end.
    pub lo: f64,
    /// The interval's high end.
    pub hi: f64,
}

/// One cell of the crosstable: the row agent's score against the column agent.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The row agent's score.
    pub score: Estimate,
    /// Games played between the two.
    pub games: u64,
}

/// A colour from red (0) through white (0.5) to blue (1).
fn score_colour(score: f64) -> String {
    let t = score.clamp(0.0, 1.0);
    let (r, g, b) = if t < 0.5 {
        let u = t / 0.5;
        (
            214.0 + (255.0 - 214.0) * u,
            96.0 + (255.0 - 96.0) * u,
            77.0 + (255.0 - 77.0) * u,
        )
    } else {
        let u = (t - 0.5) / 0.5;
        (
            255.0 - (255.0 - 69.0) * u,
            255.0 - (255.0 - 117.0) * u,
            255.0 - (255.0 - 180.0) * u,
        )
    };
    format!("#{:02x}{:02x}{:02x}", r as u8, g as u8, b as u8)
}

/// The crosstable as a heatmap: `cells[row][column]`, `None` on the diagonal and for
/// pairs that never met. Each cell's tooltip gives the score's interval and games.
pub fn heatmap(names: &[String], cells: &[Vec<Option<Cell>>]) -> String {
    let size = 58.0;
    let left = 12.0 + 7.0 * names.iter().map(|n| n.len()).max().unwrap_or(4) as f64;
    let top = 20.0 + 6.0 * names.iter().map(|n| n.len()).max().unwrap_or(4) as f64;
    let n = names.len() as f64;
    let mut svg = Svg::new(left + size * n + 20.0, top + size * n + 20.0);
    for (i, name) in names.iter().enumerate() {
        let y = top + size * (i as f64 + 0.5) + 4.0;
        svg.text((left - 6.0, y), "end", "tick", name);
        let x = left + size * (i as f64 + 0.5);
        svg.vertical_text_at((x + 4.0, top - 6.0), name);
    }
    for (i, row) in cells.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            let at = (left + size * j as f64, top + size * i as f64);
            match cell {
                Some(cell) => {
                    let s = &cell.score;
                    let tooltip = format!(
                        "{} vs {}: score {:.3} [{:.3}, {:.3}] over {} games",
                        names[i], names[j], s.value, s.lo, s.hi, cell.games
                    );
                    svg.rect(
                        at,
                        (size - 2.0, size - 2.0),
                        &score_colour(s.value),
                        &tooltip,
                    );
                    // Dark cells take light text.
                    let class = if (s.value - 0.5).abs() > 0.3 {
                        "cell light"
                    } else {
                        "cell"
                    };
                    svg.text(
                        (at.0 + size / 2.0 - 1.0, at.1 + size / 2.0 + 4.0),
                        "middle",
                        class,
                        &format!("{:.2}", s.value),
                    );
                }
                None => svg.rect(
                    at,
                    (size - 2.0, size - 2.0),
                    "#eeeeee",
                    &format!("{} vs {}: no games", names[i], names[j]),
                ),
            }
        }
    }
    svg.finish("Crosstable: score of the row agent against the column agent")
}

/// The extent of values and interval ends, ignoring non-finite numbers.
fn extent<'a>(values: impl Iterator<Item = &'a f64>) -> (f64, f64) {
    values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(*v), hi.max(*v))
        })
}

/// Estimates sorted from highest to lowest as dots with whiskers, one row each.
pub fn dot_whisker(estimates: &[Estimate], axis_title: &str, title: &str) -> String {
    let mut sorted: Vec<&Estimate> = estimates.iter().collect();
    sorted.sort_by(|a, b| b.value.total_cmp(&a.value));
    let left = 14.0 + 7.0 * sorted.iter().map(|e| e.name.len()).max().unwrap_or(4) as f64;
    let (width, row) = (760.0, 26.0);
    let height = 30.0 + row * sorted.len() as f64 + 45.0;
    let bottom = 20.0 + row * sorted.len() as f64;
    let (lo, hi) = extent(sorted.iter().flat_map(|e| [&e.value, &e.lo, &e.hi]));
    let pad = (hi - lo).abs() * 0.05;
    let x = Scale::linear(lo - pad, hi + pad, left, width - 20.0);
    let mut svg = Svg::new(width, height);
    svg.x_axis(&x, bottom, 10.0, axis_title);
    for (i, e) in sorted.iter().enumerate() {
        let y = 20.0 + row * (i as f64 + 0.5);
        svg.text((left - 6.0, y + 4.0), "end", "tick", &e.name);
        svg.line((x.at(e.lo), y), (x.at(e.hi), y), "whisker");
        svg.dot(
            (x.at(e.value), y),
            4.5,
            "point",
            &format!(
                "{}: {} [{}, {}]",
                e.name,
                label(e.value),
                label(e.lo),
                label(e.hi)
            ),
        );
    }
    svg.finish(title)
}

/// A histogram of game lengths in plies, with about 30 bins of whole plies.
pub fn histogram(plies: &LengthCounts, title: &str) -> String {
    let (width, height) = (760.0, 300.0);
    let (left, bottom, top, right) = (70.0, 250.0, 15.0, 740.0);
    let mut svg = Svg::new(width, height);
    let Some((min, max)) = plies.range() else {
        svg.text((width / 2.0, height / 2.0), "middle", "tick", "no games");
        return svg.finish(title);
    };
    let bin = (max - min) / 30 + 1;
    let bins = ((max - min) / bin + 1) as usize;
    let mut counts = vec![0u64; bins];
    for (p, games) in plies.iter() {
        counts[((p - min) / bin) as usize] += games;
    }
    let peak = counts.iter().copied().max().unwrap_or(1) as f64;
    let x = Scale::linear(
        f64::from(min),
        f64::from(min + bin * bins as u32),
        left,
        right,
    );
    let y = Scale::linear(0.0, peak * 1.05, bottom, top);
    svg.y_axis(&y, left, right, "games");
    svg.x_axis(&x, bottom, top, "game length (plies)");
    for (i, count) in counts.iter().enumerate() {
        let from = min + bin * i as u32;
        let (x0, x1) = (x.at(f64::from(from)), x.at(f64::from(from + bin)));
        let tooltip = if bin == 1 {
            format!("{from} plies: {count} games")
        } else {
            format!("{from}-{} plies: {count} games", from + bin - 1)
        };
        svg.rect(
            (x0 + 0.5, y.at(*count as f64)),
            (x1 - x0 - 1.0, bottom - y.at(*count as f64)),
            "#4575b4",
            &tooltip,
        );
    }
    svg.finish(title)
}

/// One estimate on a 0-to-1 axis with a dashed line at `reference` (e.g. an even 0.5).
pub fn interval_strip(e: &Estimate, reference: f64, axis_title: &str, title: &str) -> String {
    let (width, height, left, right) = (760.0, 90.0, 30.0, 740.0);
    let x = Scale::linear(0.0, 1.0, left, right);
    let mut svg = Svg::new(width, height);
    svg.x_axis(&x, 45.0, 10.0, axis_title);
    svg.line(
        (x.at(reference), 10.0),
        (x.at(reference), 45.0),
        "reference",
    );
    svg.line((x.at(e.lo), 28.0), (x.at(e.hi), 28.0), "whisker");
    svg.dot(
        (x.at(e.value), 28.0),
        5.0,
        "point",
        &format!("{}: {:.4} [{:.4}, {:.4}]", e.name, e.value, e.lo, e.hi),
    );
    svg.finish(title)
}

/// A measured point of a calibration: the knob's value and the measure there.
#[derive(Clone, Debug, PartialEq)]
pub struct KnobPoint {
    /// The knob's value.
    pub knob: f64,
    /// The measure with its interval.
    pub measure: Estimate,
}

/// A calibration chart: measured points with intervals against the knob, the fitted
/// curve through `fit`, the chosen levels as labelled vertical lines, and an optional
/// dashed horizontal line per target.
pub struct KnobChart<'a> {
    /// The measured points.
    pub points: &'a [KnobPoint],
    /// The fitted curve, in knob order.
    pub fit: &'a [(f64, f64)],
    /// The chosen levels: name, knob, and the measure there.
    pub levels: &'a [KnobPoint],
    /// Target values to mark (e.g. the levels' target scores).
    pub targets: &'a [f64],
    /// Whether the knob axis is logarithmic.
    pub log: bool,
    /// The knob axis title.
    pub knob_title: &'a str,
    /// The measure axis title.
    pub measure_title: &'a str,
}

impl KnobChart<'_> {
    /// The chart as an `<svg>` element.
    pub fn render(&self, title: &str) -> String {
        let (width, height) = (760.0, 380.0);
        let (left, right, top, bottom) = (80.0, 740.0, 20.0, 320.0);
        let knobs: Vec<f64> = self
            .points
            .iter()
            .chain(self.levels)
            .map(|p| p.knob)
            .collect();
        let (klo, khi) = extent(knobs.iter());
        let x = if self.log {
            Scale::log(klo / 1.2, khi * 1.2, left, right)
        } else {
            let pad = (khi - klo) * 0.04;
            Scale::linear(klo - pad, khi + pad, left, right)
        };
        let values: Vec<f64> = self
            .points
            .iter()
            .chain(self.levels)
            .flat_map(|p| [p.measure.value, p.measure.lo, p.measure.hi])
            .chain(self.targets.iter().copied())
            .collect();
        let (vlo, vhi) = extent(values.iter());
        let pad = (vhi - vlo) * 0.05;
        let y = Scale::linear(vlo - pad, vhi + pad, bottom, top);
        let mut svg = Svg::new(width, height);
        svg.y_axis(&y, left, right, self.measure_title);
        svg.x_axis(&x, bottom, top, self.knob_title);
        for target in self.targets {
            svg.line((left, y.at(*target)), (right, y.at(*target)), "reference");
        }
        for level in self.levels {
            let at = x.at(level.knob);
            svg.line((at, top), (at, bottom), "level");
            svg.text(
                (at + 3.0, top + 12.0),
                "start",
                "level-label",
                &level.measure.name,
            );
        }
        let curve: Vec<(f64, f64)> = self.fit.iter().map(|(k, v)| (x.at(*k), y.at(*v))).collect();
        svg.polyline(&curve, "fit");
        for p in self.points {
            let at = x.at(p.knob);
            svg.line(
                (at, y.at(p.measure.lo)),
                (at, y.at(p.measure.hi)),
                "whisker",
            );
            svg.dot(
                (at, y.at(p.measure.value)),
                4.0,
                "point",
                &format!(
                    "{} = {}: {} [{}, {}]",
                    self.knob_title,
                    label(p.knob),
                    label(p.measure.value),
                    label(p.measure.lo),
                    label(p.measure.hi)
                ),
            );
        }
        for level in self.levels {
            let m = &level.measure;
            svg.dot(
                (x.at(level.knob), y.at(m.value)),
                6.5,
                "level-point",
                &format!(
                    "{}: knob {}, {} [{}, {}]",
                    m.name,
                    label(level.knob),
                    label(m.value),
                    label(m.lo),
                    label(m.hi)
                ),
            );
        }
        svg.finish(title)
    }
}

/// The monotone least-squares fit (pool adjacent violators) of `points` sorted by knob,
/// weighted by `weights`: non-increasing when the measure falls with the knob overall,
/// else non-decreasing. Returns one fitted value per point.
pub fn monotone_fit(values: &[f64], weights: &[f64]) -> Vec<f64> {
    let n = values.len();
    if n == 0 {
        return Vec::new();
    }
    let falling = values[n - 1] < values[0];
    let sign = if falling { -1.0 } else { 1.0 };
    // Blocks of pooled points: (mean, weight, count).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for (v, w) in values.iter().zip(weights) {
        blocks.push((sign * v, w.max(1e-9), 1));
        while blocks.len() > 1 {
            let (b, a) = (blocks[blocks.len() - 1], blocks[blocks.len() - 2]);
            if a.0 <= b.0 {
                break;
            }
            let w = a.1 + b.1;
            blocks.pop();
            *blocks.last_mut().expect("two blocks") = ((a.0 * a.1 + b.0 * b.1) / w, w, a.2 + b.2);
        }
    }
    blocks
        .iter()
        .flat_map(|(mean, _, count)| std::iter::repeat_n(sign * mean, *count))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monotone_fit_pools_violators() {
        assert_eq!(
            monotone_fit(&[1.0, 3.0, 2.0, 4.0], &[1.0; 4]),
            vec![1.0, 2.5, 2.5, 4.0]
        );
        assert_eq!(
            monotone_fit(&[4.0, 2.0, 3.0, 1.0], &[1.0; 4]),
            vec![4.0, 2.5, 2.5, 1.0]
        );
    }

    #[test]
    fn colours_run_red_white_blue() {
        assert_eq!(score_colour(0.5), "#ffffff");
        assert_eq!(score_colour(0.0), "#d6604d");
        assert_eq!(score_colour(1.0), "#4575b4");
    }
}
