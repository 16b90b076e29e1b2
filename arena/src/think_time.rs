//! Each level's think time, on record beside its strength: `arena levels --think-time DIR`
//! times every level of the calibrated set in DIR ([`agents::think_time`]: seeded games
//! of the level against itself, every move timed on one thread), writes the figures to
//! `DIR/think-time.csv` and shows them at the end of `DIR/levels.md`. A level called hard
//! promises a median within 200 ms a move; this is where a set says what it keeps.
//!
//! A calibration's files reproduce byte for byte, and a time does not: so no calibration
//! measures one. `think-time.csv` is a measurement of specs, one row a level with the
//! spec it timed, and `arena calibrate` shows in the `levels.md` it writes the rows of the
//! folder's `think-time.csv` whose level still has the spec timed. A recalibration that
//! reproduces the levels reproduces the section; one that changes a level drops that
//! level's row rather than show another spec's time. For the same reason `--force` leaves
//! the file in place (it is not among [`crate::output::ARENA_FILES`]).

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

use agents::think_time::{time_self_play, Quantiles};
use agents::Playable;
use engine::{with_game, GameSpec};
use serde::{Deserialize, Serialize};

use crate::error::ArenaError;
use crate::output::{stdout_error, write_atomically};

/// The file of a set's think times, beside its `levels.md`.
pub const FILE: &str = "think-time.csv";

/// The most games a level may play to be timed: at a million positions a move and a
/// few hundred moves a game, a hundred games of every level is an afternoon.
pub const MAX_GAMES: u32 = 100;

/// Seeded random plies before each timed game, so that the games differ.
const OPENING_PLIES: u32 = 4;

/// How the section in `levels.md` begins: what [`strip_section`] finds.
const SECTION_START: &str = "Think time on one thread";

/// One level's times: a row of `think-time.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The level's name.
    pub level: String,
    /// The spec timed.
    pub spec: String,
    /// Games it played against itself.
    pub games: u32,
    /// Moves it chose in them, each timed.
    pub moves: usize,
    /// Processor time a move, median (none where the system gives no thread time).
    pub cpu_median_ms: Option<f64>,
    /// Processor time a move, 90th percentile.
    pub cpu_p90_ms: Option<f64>,
    /// Processor time a move, largest.
    pub cpu_most_ms: Option<f64>,
    /// Wall time a move, median.
    pub wall_median_ms: f64,
    /// Wall time a move, 90th percentile.
    pub wall_p90_ms: f64,
    /// Wall time a move, largest.
    pub wall_most_ms: f64,
    /// The machine that timed it: cores and processor.
    pub machine: String,
}

/// Times every level of the calibrated set in `dir` in `games` games each, writes
/// `dir/think-time.csv` and the section of `dir/levels.md` that shows it, and reports
/// each level on `out` as it is timed.
///
/// # Errors
/// `dir` holds no finished calibration (its `config.toml`, `difficulty.csv` and
/// `levels.md`), another run holds it, a level's spec is not one of the arena's own
/// agents, or a file cannot be written.
pub fn measure(dir: &Path, games: u32, out: &mut dyn Write) -> Result<(), ArenaError> {
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(ArenaError::input(format!(
            "--games {games}: expected 1 to {MAX_GAMES} games a level"
        )));
    }
    for name in ["config.toml", "difficulty.csv", "levels.md"] {
        if !dir.join(name).is_file() {
            return Err(ArenaError::input(format!(
                "{}: no {name}: expected the folder of a finished calibration \
                 (`arena calibrate` writes it)",
                dir.display()
            )));
        }
    }
    let _held = crate::output::lock(dir)?;
    for unfinished in [crate::staging::STAGING, crate::staging::COMMITTED] {
        if dir.join(unfinished).exists() {
            return Err(ArenaError::input(format!(
                "{}: a replacement of its levels is unfinished ({unfinished}): finish it \
                 with `arena calibrate CONFIG --resume` first",
                dir.display()
            )));
        }
    }
    let game = recorded_game(dir)?;
    let levels = levels_of(dir)?;
    let machine = machine();
    let mut rows = Vec::new();
    for (level, spec) in &levels {
        let row = with_game!(game.kind, G => time_level::<G>(&game, level, spec, games, &machine))?;
        writeln!(out, "{}", describe(&row)).map_err(stdout_error)?;
        rows.push(row);
    }
    write_atomically(&dir.join(FILE), to_csv(&rows)?.as_bytes())?;
    let path = dir.join("levels.md");
    let text = std::fs::read_to_string(&path).map_err(|e| ArenaError::io(&path, "read", e))?;
    let mut updated = strip_section(&text).to_string();
    if let Some(section) = section(&levels, &rows) {
        updated.push('\n');
        updated.push_str(&section);
    }
    write_atomically(&path, updated.as_bytes())?;
    writeln!(
        out,
        "wrote {} and the think time in {}",
        dir.join(FILE).display(),
        path.display()
    )
    .map_err(stdout_error)
}

/// The rows of `dir/think-time.csv`, none where there is no such file.
///
/// # Errors
/// A file that cannot be read or is not a think-time table: the error names it and its
/// line.
pub fn read(dir: &Path) -> Result<Vec<Row>, ArenaError> {
    let path = dir.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ArenaError::io(&path, "read", e)),
    };
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .deserialize()
        .enumerate()
        .map(|(index, row)| {
            row.map_err(|e| {
                ArenaError::input(format!(
                    "{} line {}: {e} (expected the columns `arena levels --think-time` \
                     writes; time the levels again to replace it)",
                    path.display(),
                    index + 2
                ))
            })
        })
        .collect()
}

/// `levels.md` with its section of think times appended: `table` (a calibration's text,
/// ending in a newline), then the rows of `rows` whose level has the spec they timed.
pub fn with_section(table: String, levels: &[(String, String)], rows: &[Row]) -> String {
    match section(levels, rows) {
        Some(section) => format!("{table}\n{section}"),
        None => table,
    }
}

/// `levels.md` without its section of think times.
pub fn strip_section(text: &str) -> &str {
    match text.find(&format!("\n\n{SECTION_START}")) {
        Some(at) => &text[..=at],
        None => text,
    }
}

/// The section of think times for `levels` (name and spec, in the set's order): one row
/// a level that `rows` timed with its present spec; none where no level has one.
fn section(levels: &[(String, String)], rows: &[Row]) -> Option<String> {
    let timed: Vec<&Row> = levels
        .iter()
        .filter_map(|(level, spec)| {
            rows.iter()
                .find(|row| &row.level == level && &row.spec == spec)
        })
        .collect();
    let first = timed.first()?;
    let mut machines: Vec<&str> = timed.iter().map(|row| row.machine.as_str()).collect();
    machines.dedup();
    let mut text = format!(
        "{SECTION_START}, in milliseconds a move: each level in {} seeded games against \
         itself ({OPENING_PLIES} random plies first), every move it chose timed by `arena \
         levels --think-time` on {}. Processor time is the searching thread's own, which \
         other work on the machine does not inflate; wall time is what a player waits on \
         that machine as it was:\n\n\
         | level | moves | processor median | p90 | most | wall median | p90 |\n\
         |---|---|---|---|---|---|---|\n",
        first.games,
        machines.join("; ")
    );
    for row in &timed {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | {} |",
            row.level,
            row.moves,
            ms(row.cpu_median_ms),
            ms(row.cpu_p90_ms),
            ms(row.cpu_most_ms),
            ms(Some(row.wall_median_ms)),
            ms(Some(row.wall_p90_ms)),
        );
    }
    Some(text)
}

/// A time for the table: a tenth of a millisecond, `< 0.1` below it, `-` where none.
fn ms(value: Option<f64>) -> String {
    match value {
        Some(v) if v < 0.05 => "< 0.1".to_string(),
        Some(v) => format!("{v:.1}"),
        None => "-".to_string(),
    }
}

/// One level's row, for the progress lines.
fn describe(row: &Row) -> String {
    let cpu = match (row.cpu_median_ms, row.cpu_p90_ms) {
        (Some(median), Some(p90)) => format!("processor median {median:.1} ms, p90 {p90:.1}"),
        _ => "no processor time on this system".to_string(),
    };
    format!(
        "{}: {} moves, {cpu}; wall median {:.1} ms, p90 {:.1}",
        row.level, row.moves, row.wall_median_ms, row.wall_p90_ms
    )
}

/// Times `spec` (the level `level`) in `games` games of game `G`.
fn time_level<G: Playable>(
    game: &GameSpec,
    level: &str,
    spec: &str,
    games: u32,
    machine: &str,
) -> Result<Row, ArenaError> {
    let start = G::new(&game.options)?;
    let times = time_self_play(&start, spec, games, OPENING_PLIES).map_err(|e| {
        ArenaError::input(format!(
            "level {level} ({spec}): {e} (only the arena's own agents are timed)"
        ))
    })?;
    let wall = Quantiles::of(&times.wall_ms).ok_or_else(|| {
        ArenaError::failure(format!(
            "level {level}: every game ended in its {OPENING_PLIES} opening plies: no move to time"
        ))
    })?;
    let cpu = times.cpu_ms.as_deref().and_then(Quantiles::of);
    // Hundredths of a millisecond: finer than any clock here is steady.
    let round = |v: f64| (v * 100.0).round() / 100.0;
    Ok(Row {
        level: level.to_string(),
        spec: spec.to_string(),
        games,
        moves: times.wall_ms.len(),
        cpu_median_ms: cpu.map(|q| round(q.median)),
        cpu_p90_ms: cpu.map(|q| round(q.p90)),
        cpu_most_ms: cpu.map(|q| round(q.most)),
        wall_median_ms: round(wall.median),
        wall_p90_ms: round(wall.p90),
        wall_most_ms: round(wall.most),
        machine: machine.to_string(),
    })
}

/// The game the calibration in `dir` played, from its `config.toml`.
fn recorded_game(dir: &Path) -> Result<GameSpec, ArenaError> {
    let path = dir.join("config.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| ArenaError::io(&path, "read", e))?;
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        crate::toml_errors::toml_error(&path, &text, "a recorded calibration config", &e)
    })?;
    let game = table
        .get("calibration")
        .and_then(|c| c.get("game"))
        .and_then(toml::Value::as_str)
        .ok_or_else(|| {
            ArenaError::input(format!(
                "{}: no `calibration.game`: expected the config `arena calibrate` records",
                path.display()
            ))
        })?;
    game.parse()
        .map_err(|e| ArenaError::input(format!("{}: calibration.game: {e}", path.display())))
}

/// Each level's name and spec, in the set's order, from `dir/difficulty.csv`.
fn levels_of(dir: &Path) -> Result<Vec<(String, String)>, ArenaError> {
    let path = dir.join("difficulty.csv");
    let bad = |what: String| ArenaError::input(format!("{}: {what}", path.display()));
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(e.to_string()))?;
    let header = reader.headers().map_err(|e| bad(e.to_string()))?.clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| bad(format!("no column `{name}`")))
    };
    let (level, spec) = (column("level")?, column("spec")?);
    let mut levels = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| bad(e.to_string()))?;
        let field = |i: usize| record.get(i).unwrap_or("").to_string();
        levels.push((field(level), field(spec)));
    }
    if levels.is_empty() {
        return Err(bad("no level".to_string()));
    }
    Ok(levels)
}

/// The rows as CSV.
fn to_csv(rows: &[Row]) -> Result<String, ArenaError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer
            .serialize(row)
            .map_err(|e| ArenaError::failure(format!("{FILE}: {e}")))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| ArenaError::failure(format!("{FILE}: {e}")))?;
    String::from_utf8(bytes).map_err(|e| ArenaError::failure(format!("{FILE}: {e}")))
}

/// This machine in words: its cores, processor (Linux's `/proc/cpuinfo`) and load (the
/// one-minute average of `/proc/loadavg` as the timing began), which the wall times
/// depend on.
fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|model| model.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .map_or_else(String::new, |load| format!(", load {load}"));
    format!("{cores} cores, {model}{load}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(level: &str, spec: &str, median: f64) -> Row {
        Row {
            level: level.into(),
            spec: spec.into(),
            games: 2,
            moves: 100,
            cpu_median_ms: Some(median),
            cpu_p90_ms: Some(median * 1.5),
            cpu_most_ms: Some(median * 2.0),
            wall_median_ms: median + 1.0,
            wall_p90_ms: median * 2.0,
            wall_most_ms: median * 3.0,
            machine: "2 cores, a processor".into(),
        }
    }

    #[test]
    fn the_section_shows_only_levels_that_keep_the_spec_timed() {
        let levels = vec![
            ("easy".to_string(), "random".to_string()),
            ("hard".to_string(), "minimax:nodes=1000".to_string()),
        ];
        let rows = vec![
            row("easy", "random", 0.01),
            row("hard", "minimax:nodes=500", 3.0),
        ];
        let text = with_section("| table |\n".into(), &levels, &rows);
        assert!(
            text.starts_with("| table |\n\nThink time on one thread"),
            "{text}"
        );
        assert!(text.contains("| easy | 100 | < 0.1 |"), "{text}");
        assert!(!text.contains("| hard |"), "{text}");
        // No row keeps its spec: no section at all.
        let none = with_section("| table |\n".into(), &levels[1..], &rows);
        assert_eq!(none, "| table |\n");
    }

    #[test]
    fn stripping_the_section_gives_back_the_table() {
        let levels = vec![("hard".to_string(), "minimax:nodes=1000".to_string())];
        let rows = vec![row("hard", "minimax:nodes=1000", 150.0)];
        let table = "| table |\n\nThe first player's edge.\n";
        let text = with_section(table.to_string(), &levels, &rows);
        assert!(text.contains("| hard | 100 | 150.0 | 225.0 | 300.0 | 151.0 | 300.0 |"));
        assert_eq!(strip_section(&text), table);
        assert_eq!(strip_section(table), table);
    }

    #[test]
    fn rows_survive_the_file_and_a_bad_file_names_its_line() {
        let dir = std::env::temp_dir().join(format!("think-time-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(read(&dir).unwrap(), Vec::new());
        let mut rows = vec![row("hard", "minimax:nodes=1000", 150.25)];
        rows.push(Row {
            cpu_median_ms: None,
            cpu_p90_ms: None,
            cpu_most_ms: None,
            ..row("easy", "random", 0.0)
        });
        std::fs::write(dir.join(FILE), to_csv(&rows).unwrap()).unwrap();
        assert_eq!(read(&dir).unwrap(), rows);
        let text = to_csv(&rows).unwrap().replace("150.25", "fast");
        std::fs::write(dir.join(FILE), text).unwrap();
        let error = read(&dir).unwrap_err().to_string();
        assert!(error.contains("think-time.csv line 2"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
