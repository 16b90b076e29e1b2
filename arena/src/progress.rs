//! Progress of a long verb on standard error: a bar on a terminal, a plain line every
//! tenth of the way (and at least every minute) when standard error is a file or a pipe,
//! each with a rate and an estimate of the time left that hold still as games finish in
//! bursts.
//!
//! The arithmetic ([`Estimator`], [`Lines`]) takes the elapsed time as an argument, so
//! that tests drive it with a made-up clock.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How long the estimator remembers: the rate is an average that gives a burst of games
/// a minute ago about e^-3 of the weight of one now.
const MEMORY: Duration = Duration::from_secs(20);

/// The shortest interval the rate is measured over; games that finish together within it
/// count as one sample instead of an instant rate of thousands per second.
const SAMPLE: Duration = Duration::from_secs(1);

/// No estimate is given before this much time and one finished unit: the first games
/// say little about the rest.
const SETTLE: Duration = Duration::from_secs(3);

/// The longest a piped run stays silent.
const QUIET_AT_MOST: Duration = Duration::from_secs(60);

/// A rate (units per second) smoothed exponentially over time, and the time left.
#[derive(Clone, Debug, Default)]
pub struct Estimator {
    /// The smoothed rate, once there is a sample.
    rate: Option<f64>,
    /// The elapsed time and count of the last sample.
    sampled: (Duration, u64),
}

impl Estimator {
    /// Records that `done` units are finished `elapsed` after the start.
    pub fn record(&mut self, done: u64, elapsed: Duration) {
        let (at, count) = self.sampled;
        let span = elapsed.saturating_sub(at);
        if span < SAMPLE || done < count {
            return;
        }
        let seconds = span.as_secs_f64();
        let recent = (done - count) as f64 / seconds;
        self.rate = Some(match self.rate {
            // The first sample is the average since the start.
            None => done as f64 / elapsed.as_secs_f64(),
            Some(rate) => {
                let weight = 1.0 - (-seconds / MEMORY.as_secs_f64()).exp();
                rate + weight * (recent - rate)
            }
        });
        self.sampled = (elapsed, done);
    }

    /// The smoothed rate in units per second, once there is one.
    pub fn rate(&self) -> Option<f64> {
        self.rate
    }

    /// The time left for `total` units at the smoothed rate, once the run has settled
    /// (a few seconds and one unit).
    pub fn left(&self, done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
        let rate = self.rate.filter(|&r| r > 0.0)?;
        if elapsed < SETTLE || done == 0 {
            return None;
        }
        Some(Duration::from_secs_f64(
            total.saturating_sub(done) as f64 / rate,
        ))
    }

    /// The rate and time left in words: `59 games/s, about 25 s left`.
    pub fn describe(&self, done: u64, total: u64, elapsed: Duration, unit: &str) -> String {
        let rate = match self.rate {
            Some(rate) => format!("{} {unit}/s", round_rate(rate)),
            None => "measuring the rate".to_string(),
        };
        match self.left(done, total, elapsed) {
            Some(left) => format!("{rate}, {} left", round_duration(left)),
            None => rate,
        }
    }
}

/// A rate to two or three significant figures: `1234`, `58.6` is `59`, `5.9`, `0.59`.
pub fn round_rate(rate: f64) -> String {
    if rate >= 10.0 {
        format!("{rate:.0}")
    } else if rate >= 1.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.2}")
    }
}

/// A time left as a person reads it: `a few seconds`, `about 25 s` (to 5 s), `about 12
/// min`, `about 2 h 10 min` (to 10 min).
pub fn round_duration(left: Duration) -> String {
    let seconds = left.as_secs_f64();
    if seconds < 10.0 {
        "a few seconds".to_string()
    } else if seconds < 60.0 {
        format!("about {} s", (seconds / 5.0).round() as u64 * 5)
    } else if seconds < 3600.0 {
        format!("about {} min", ((seconds / 60.0).round() as u64).max(1))
    } else {
        let tens = (seconds / 600.0).round() as u64;
        match (tens / 6, tens % 6) {
            (hours, 0) => format!("about {hours} h"),
            (hours, tens) => format!("about {hours} h {} min", tens * 10),
        }
    }
}

/// When a piped run prints a line: each tenth of the way, and after a minute of silence.
#[derive(Clone, Debug)]
pub struct Lines {
    total: u64,
    /// The tenths already reported.
    tenths: u64,
    /// When the last line was printed.
    last: Duration,
}

impl Lines {
    /// Lines for `total` units, `done` of them finished before the start (a resumed run).
    pub fn new(total: u64, done: u64) -> Lines {
        Lines {
            total,
            tenths: tenths(done, total),
            last: Duration::ZERO,
        }
    }

    /// Whether a line is due now that `done` units are finished `elapsed` after the start.
    pub fn due(&mut self, done: u64, elapsed: Duration) -> bool {
        let reached = tenths(done, self.total);
        if reached > self.tenths || elapsed.saturating_sub(self.last) >= QUIET_AT_MOST {
            self.tenths = reached;
            self.last = elapsed;
            true
        } else {
            false
        }
    }
}

/// Whole tenths of `total` that `done` reaches.
fn tenths(done: u64, total: u64) -> u64 {
    (done.min(total) * 10).checked_div(total).unwrap_or(10)
}

/// A progress line of a piped run: `run: 120/1200 games (10%), 59 games/s, about 20 s
/// left`.
pub fn line(label: &str, done: u64, total: u64, unit: &str, estimate: &str) -> String {
    let percent = (done.min(total) * 100).checked_div(total).unwrap_or(100);
    format!("{label}: {done}/{total} {unit} ({percent}%), {estimate}")
}

/// Progress of `total` units (games) on standard error, shared by the threads that
/// finish them.
pub struct Progress {
    label: String,
    unit: &'static str,
    total: u64,
    start: Instant,
    /// The bar on a terminal; none when standard error is not one.
    bar: Option<ProgressBar>,
    state: Mutex<State>,
}

/// What the threads share.
struct State {
    done: u64,
    estimator: Estimator,
    lines: Lines,
}

impl Progress {
    /// Progress of `total` units called `unit` (`games`), `done` of them already
    /// finished, on standard error, each piped line starting with `label` (the verb).
    pub fn new(label: &str, unit: &'static str, total: u64, done: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            bar.set_position(done);
            if let Ok(style) =
                ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{msg}}"))
            {
                bar.set_style(style);
            }
            bar.set_message("measuring the rate");
            bar
        });
        Progress {
            label: label.to_string(),
            unit,
            total,
            start: Instant::now(),
            bar,
            state: Mutex::new(State {
                done,
                estimator: Estimator::default(),
                lines: Lines::new(total, done),
            }),
        }
    }

    /// One more unit finished.
    pub fn inc(&self) {
        let elapsed = self.start.elapsed();
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.done += 1;
        let done = state.done;
        state.estimator.record(done, elapsed);
        let estimate = state
            .estimator
            .describe(done, self.total, elapsed, self.unit);
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.set_message(estimate);
            }
            None => {
                if state.lines.due(done, elapsed) {
                    // A failed progress line is not worth stopping the games for.
                    let _ = writeln!(
                        std::io::stderr(),
                        "{}",
                        line(&self.label, done, self.total, self.unit, &estimate)
                    );
                }
            }
        }
    }

    /// Removes the bar (piped lines stay).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Says on standard error what a slow start is doing (`solving Leapfrog Race for the
/// perfect player`), so that a silent terminal is not mistaken for a hung one.
pub fn starting(what: &str) {
    // A failed note is not worth stopping for.
    let _ = writeln!(std::io::stderr(), "{what} ...");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn a_steady_run_in_bursts_gets_a_steady_estimate() {
        // 27 s of 1600 games (about 59 a second) that finish in bursts of 30 every
        // half second: the estimate at 5, 10 and 15 s is the time really left, not a
        // burst's instant rate.
        let total = 1600;
        let mut estimator = Estimator::default();
        let mut done = 0;
        let mut at = 0.0;
        let mut seen = Vec::new();
        while done < total {
            at += 0.5;
            done = (done + 30).min(total);
            estimator.record(done, secs(at));
            if [5.0, 10.0, 15.0].contains(&at) {
                let left = estimator.left(done, total, secs(at)).unwrap().as_secs_f64();
                let truly = (total - done) as f64 / 60.0;
                assert!(
                    (left - truly).abs() < 0.1 * truly,
                    "{at}: {left} vs {truly}"
                );
                seen.push(estimator.describe(done, total, secs(at), "games"));
            }
        }
        assert_eq!(
            seen,
            [
                "60 games/s, about 20 s left",
                "60 games/s, about 15 s left",
                "60 games/s, about 10 s left"
            ]
        );
    }

    #[test]
    fn a_slowing_run_is_followed_within_a_minute() {
        let mut estimator = Estimator::default();
        let mut done = 0;
        for second in 1..=60 {
            done += 100;
            estimator.record(done, secs(f64::from(second)));
        }
        for second in 61..=120 {
            done += 10;
            estimator.record(done, secs(f64::from(second)));
        }
        let rate = estimator.rate().unwrap();
        assert!((10.0..20.0).contains(&rate), "{rate}");
    }

    #[test]
    fn no_estimate_before_the_run_settles() {
        let mut estimator = Estimator::default();
        estimator.record(0, secs(1.5));
        assert_eq!(
            estimator.describe(0, 100, secs(1.5), "games"),
            "0.00 games/s"
        );
        let mut estimator = Estimator::default();
        estimator.record(5, secs(1.0));
        assert_eq!(estimator.left(5, 100, secs(1.0)), None);
        assert_eq!(
            Estimator::default().describe(0, 10, secs(0.2), "games"),
            "measuring the rate"
        );
    }

    #[test]
    fn rates_and_times_are_rounded() {
        assert_eq!(round_rate(58.5644), "59");
        assert_eq!(round_rate(5.85644), "5.9");
        assert_eq!(round_rate(0.585644), "0.59");
        assert_eq!(round_rate(1234.5), "1234");
        assert_eq!(round_duration(secs(3.2)), "a few seconds");
        assert_eq!(round_duration(secs(23.0)), "about 25 s");
        assert_eq!(round_duration(secs(12.4 * 60.0)), "about 12 min");
        assert_eq!(
            round_duration(secs(2.0 * 3600.0 + 9.0 * 60.0)),
            "about 2 h 10 min"
        );
        assert_eq!(round_duration(secs(3.0 * 3600.0 + 60.0)), "about 3 h");
    }

    #[test]
    fn a_piped_run_prints_a_line_each_tenth_and_after_a_quiet_minute() {
        let mut lines = Lines::new(200, 0);
        let due: Vec<u64> = (1..=200)
            .filter(|&done| lines.due(done, secs(done as f64 * 0.01)))
            .collect();
        assert_eq!(due, [20, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
        // A slow run: one game in 70 s, then nothing new for a minute.
        let mut lines = Lines::new(1000, 0);
        assert!(lines.due(1, secs(70.0)));
        assert!(!lines.due(2, secs(100.0)));
        assert!(lines.due(3, secs(131.0)));
        // A resumed run does not report the tenths it had before.
        let mut lines = Lines::new(100, 55);
        assert!(!lines.due(56, secs(1.0)));
        assert!(lines.due(60, secs(2.0)));
        assert_eq!(
            line("run", 60, 100, "games", "59 games/s, about 25 s left"),
            "run: 60/100 games (60%), 59 games/s, about 25 s left"
        );
    }
}
