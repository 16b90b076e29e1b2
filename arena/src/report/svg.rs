//! A small SVG writer: escaping, axes and the shapes the report's charts draw. Every
//! number is written with a fixed precision, so the same data give the same bytes.

use std::fmt::Write;

/// Escapes text for an HTML or SVG text node or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// How data values map onto one axis of the plot area.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
    log: bool,
}

impl Scale {
    /// A linear scale taking `[lo, hi]` onto pixels `[from, to]`.
    pub fn linear(lo: f64, hi: f64, from: f64, to: f64) -> Scale {
        let (lo, hi) = widen(lo, hi);
        Scale {
            lo,
            hi,
            from,
            to,
            log: false,
        }
    }

    /// A base-10 logarithmic scale; `lo` and `hi` must be positive.
    pub fn log(lo: f64, hi: f64, from: f64, to: f64) -> Scale {
        let (lo, hi) = widen(lo.log10(), hi.log10());
        Scale {
            lo,
            hi,
            from,
            to,
            log: true,
        }
    }

    /// The pixel of `value`.
    pub fn at(&self, value: f64) -> f64 {
        let v = if self.log { value.log10() } else { value };
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }

    /// Tick values: powers of ten (and 2 and 5 times them) on a log scale, round steps on a
    /// linear one.
    pub fn ticks(&self) -> Vec<f64> {
        if self.log {
            let mut ticks = Vec::new();
            for exponent in (self.lo.floor() as i32)..=(self.hi.ceil() as i32) {
                for m in [1.0, 2.0, 5.0] {
                    let v = m * 10f64.powi(exponent);
                    let l = v.log10();
                    if l >= self.lo - 1e-9 && l <= self.hi + 1e-9 {
                        ticks.push(v);
                    }
                }
            }
            return ticks;
        }
        let span = self.hi - self.lo;
        let raw = span / 5.0;
        let power = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 2.5, 5.0, 10.0]
            .iter()
            .map(|m| m * power)
            .find(|s| span / s <= 6.0)
            .unwrap_or(10.0 * power);
        let mut ticks = Vec::new();
        let mut v = (self.lo / step).ceil() * step;
        while v <= self.hi + step * 1e-9 {
            ticks.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
            v += step;
        }
        ticks
    }
}

/// A non-empty range: equal ends are pulled apart.
fn widen(lo: f64, hi: f64) -> (f64, f64) {
    if !(lo.is_finite() && hi.is_finite()) {
        return (0.0, 1.0);
    }
    if hi - lo < 1e-12 {
        let pad = if lo.abs() > 1e-9 { lo.abs() * 0.1 } else { 1.0 };
        (lo - pad, hi + pad)
    } else {
        (lo, hi)
    }
}

/// A number for a label: few decimals, none when whole.
pub fn label(value: f64) -> String {
    if value.abs() >= 100.0 || value.fract().abs() < 1e-9 {
        format!("{value:.0}")
    } else if value.abs() >= 1.0 {
        format!("{value:.1}")
    } else {
        let text = format!("{value:.4}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// An SVG picture being drawn.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    /// An empty picture of `width` by `height` pixels.
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// A line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
        let _ = write!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" class="{class}"/>"#
        );
    }

    /// A polyline through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], class: &str) {
        let mut text = String::new();
        for (x, y) in points {
            let _ = write!(text, "{x:.1},{y:.1} ");
        }
        let _ = write!(
            self.body,
            r#"<polyline points="{}" class="{class}"/>"#,
            text.trim_end()
        );
    }

    /// A rectangle with a fill colour and a hover tooltip.
    pub fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), fill: &str, tooltip: &str) {
        let _ = write!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}"><title>{}</title></rect>"#,
            w.max(0.0),
            h.max(0.0),
            escape(tooltip)
        );
    }

    /// A dot with a hover tooltip.
    pub fn dot(&mut self, (x, y): (f64, f64), r: f64, class: &str, tooltip: &str) {
        let _ = write!(
            self.body,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" class="{class}"><title>{}</title></circle>"#,
            escape(tooltip)
        );
    }

    /// Text; `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, (x, y): (f64, f64), anchor: &str, class: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" class="{class}">{}</text>"#,
            escape(text)
        );
    }

    /// Text turned a quarter left (a vertical axis title), centred on its point.
    pub fn vertical_text(&mut self, (x, y): (f64, f64), text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="middle" class="axis-title" transform="rotate(-90 {x:.1} {y:.1})">{}</text>"#,
            escape(text)
        );
    }

    /// Text turned a quarter left, starting at its point (a column label).
    pub fn vertical_text_at(&mut self, (x, y): (f64, f64), text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="start" class="tick" transform="rotate(-90 {x:.1} {y:.1})">{}</text>"#,
            escape(text)
        );
    }

    /// A horizontal axis at pixel row `y` with ticks, grid lines up to `top`, and a title.
    pub fn x_axis(&mut self, scale: &Scale, y: f64, top: f64, title: &str) {
        for tick in scale.ticks() {
            let x = scale.at(tick);
            self.line((x, top), (x, y), "grid");
            self.text((x, y + 14.0), "middle", "tick", &label(tick));
        }
        let (left, right) = (scale.at_edge(false), scale.at_edge(true));
        self.line((left, y), (right, y), "axis");
        self.text(
            ((left + right) / 2.0, y + 32.0),
            "middle",
            "axis-title",
            title,
        );
    }

    /// A vertical axis at pixel column `x` with ticks, grid lines across to `right`, and a
    /// title.
    pub fn y_axis(&mut self, scale: &Scale, x: f64, right: f64, title: &str) {
        for tick in scale.ticks() {
            let y = scale.at(tick);
            self.line((x, y), (right, y), "grid");
            self.text((x - 5.0, y + 4.0), "end", "tick", &label(tick));
        }
        let (bottom, top) = (scale.at_edge(false), scale.at_edge(true));
        self.line((x, bottom), (x, top), "axis");
        self.vertical_text((x - 42.0, (bottom + top) / 2.0), title);
    }

    /// The finished `<svg>` element, labelled `title` for screen readers.
    pub fn finish(self, title: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" role="img" aria-label="{t}"><title>{t}</title>{}</svg>"#,
            self.body,
            w = self.width,
            h = self.height,
            t = escape(title)
        )
    }
}

impl Scale {
    /// The pixel of the low (`false`) or high (`true`) end of the range.
    pub fn at_edge(&self, high: bool) -> f64 {
        if high {
            self.to
        } else {
            self.from
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_map_ends_to_pixels() {
        let s = Scale::linear(0.0, 10.0, 100.0, 200.0);
        assert_eq!(s.at(5.0), 150.0);
        let l = Scale::log(1.0, 100.0, 0.0, 100.0);
        assert!((l.at(10.0) - 50.0).abs() < 1e-9);
        assert!(l.ticks().contains(&10.0));
        assert_eq!(Scale::linear(0.0, 1.0, 0.0, 1.0).ticks().len(), 6);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(label(0.25), "0.25");
        assert_eq!(label(1200.0), "1200");
    }
}
