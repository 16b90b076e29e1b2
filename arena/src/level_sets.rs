//! `arena levels`: the sets of levels built into the program, each with its game, and
//! one set's levels in full (spec, rating with its interval, score against random,
//! milliseconds a move), so that a studio picks a level without opening a file.

use std::io::Write;
use std::path::Path;

use agents::shipped_levels::{self, LevelSet};
use engine::GameSpec;

use crate::calibrate::curve::{self, Family};
use crate::calibrate::CURVE_FILE;
use crate::error::ArenaError;

/// Writes every built-in set: its name, the game it was calibrated on, its levels.
///
/// # Errors
/// A failed write.
pub fn list(out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut text = String::from("set                  game                         levels\n");
    for set in shipped_levels::SETS {
        let names: Vec<&str> = set.levels().map(|(name, _)| name).collect();
        let game = if set.is_default {
            set.game.to_string()
        } else {
            format!("{} (by name)", set.game)
        };
        text.push_str(&format!(
            "{:<20} {:<28} {}\n",
            set.name,
            game,
            names.join(", ")
        ));
    }
    text.push_str(
        "\n`arena levels GAME` shows one set; a set marked (by name) is chosen with \
         --levels NAME.\n",
    );
    out.write_all(text.as_bytes())
        .map_err(crate::output::stdout_error)
}

/// Writes the levels of the set of `game` (a game with its options, such as
/// `chinese-checkers:players=3`, or a set's name).
///
/// # Errors
/// No built-in set for it (the error says which games have one), or a failed write.
pub fn show(game: &str, out: &mut dyn Write) -> Result<(), ArenaError> {
    out.write_all(describe(set_of(game)?)?.as_bytes())
        .map_err(crate::output::stdout_error)
}

/// Writes the spec that `level:elo=R` stands for in the set of `game`, with the fitted
/// rating's interval there: `level:elo=1200 = minimax:nodes=200000,epsilon=0.1 (fitted
/// 1200 [1050, 1390])`.
///
/// # Errors
/// No built-in set for it, a rating outside its curve's range, or a failed write.
pub fn resolve(game: &str, rating: f64, out: &mut dyn Write) -> Result<(), ArenaError> {
    let set = set_of(game)?;
    let resolved = set.curve().resolve(rating).map_err(|e| {
        ArenaError::input(format!(
            "level:elo={rating}: the built-in set {}: {e}",
            set.name
        ))
    })?;
    let r = resolved.rating;
    writeln!(
        out,
        "level:elo={rating} = {} (fitted {:.0} [{:.0}, {:.0}])",
        resolved.spec, r.value, r.lo, r.hi
    )
    .map_err(crate::output::stdout_error)
}

/// The built-in set of `game` (a game with options, or a set's name).
fn set_of(game: &str) -> Result<&'static LevelSet, ArenaError> {
    match shipped_levels::named(game) {
        Some(set) => Ok(set),
        None => {
            let spec: GameSpec = game.parse()?;
            shipped_levels::for_game(&spec).map_err(|e| ArenaError::input(e.to_string()))
        }
    }
}

/// Writes `dir/curve.csv` from the calibration files in `dir` ([`crate::calibrate::curve`])
/// and says so on `out`.
///
/// # Errors
/// A file that cannot be read or is not a calibration's, a calibration of a list of
/// specs (no values lie between them), or a failed write.
pub fn write_curve(dir: &Path, out: &mut dyn Write) -> Result<(), ArenaError> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| ArenaError::io(&path, "read", e))
    };
    let config = read("config.toml")?;
    let family = Family::of_config(&config)
        .map_err(|e| ArenaError::input(format!("{}: {e}", dir.join("config.toml").display())))?;
    let curve = curve::from_files(
        family.as_ref(),
        &read("calibration.csv")?,
        &read("difficulty.csv")?,
    )?
    .ok_or_else(|| {
        ArenaError::input(format!(
            "{}: the calibration searched a list of specs: no spec lies between two of them, \
             so it has no curve",
            dir.display()
        ))
    })?;
    let path = dir.join(CURVE_FILE);
    crate::output::write_atomically(&path, curve.to_csv().as_bytes())?;
    writeln!(
        out,
        "wrote {} ({} points)",
        path.display(),
        curve.points.len()
    )
    .map_err(crate::output::stdout_error)
}

/// The table of one set.
fn describe(set: &'static LevelSet) -> Result<String, ArenaError> {
    let ratings = ratings(set)?;
    let mut rows = vec![[
        "level".to_string(),
        "spec".to_string(),
        "rating".to_string(),
        "vs random".to_string(),
        "ms a move".to_string(),
    ]];
    for (name, spec) in set.levels() {
        let row = set.timing_row(name);
        let rating = ratings
            .iter()
            .find(|(level, _)| level == name)
            .map_or_else(|| "-".to_string(), |(_, rating)| rating.clone());
        rows.push([
            name.to_string(),
            spec.to_string(),
            rating,
            row.map_or("-", |row| row.vs_random).to_string(),
            row.map_or("-", |row| row.ms_per_move).to_string(),
        ]);
    }
    let widths: Vec<usize> = (0..5)
        .map(|column| rows.iter().map(|row| row[column].len()).max().unwrap_or(0))
        .collect();
    let mut text = format!(
        "{}: the levels of {} built into the program (`--levels {}` names them)\n",
        set.name, set.game, set.name
    );
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text.push_str(
        "\nRatings are Bradley-Terry Elo with random at 0 and 95% bootstrap intervals, from \
         the calibration's final round-robin; ms a move as results/README.md measured them.\n",
    );
    if let Some(((low, weakest), (high, strongest))) = set.curve().range() {
        text.push_str(&format!(
            "Any rating between: level:elo=R for R from {low:.1} ({weakest}) to {high:.1} \
             ({strongest}), on the set's curve (`arena levels {} --elo R` shows the spec).\n",
            set.name
        ));
    }
    Ok(text)
}

/// Each level's rating with its interval, from the set's `difficulty.csv`.
fn ratings(set: &LevelSet) -> Result<Vec<(String, String)>, ArenaError> {
    let bad = |what: &str| {
        ArenaError::failure(format!(
            "the built-in set {}: difficulty.csv: {what}",
            set.name
        ))
    };
    let mut reader = csv::Reader::from_reader(set.difficulty_csv.as_bytes());
    let header = reader.headers().map_err(|e| bad(&e.to_string()))?.clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| bad(&format!("no column `{name}`")))
    };
    let (level, rating, lo, hi) = (
        column("level")?,
        column("rating")?,
        column("rating_lo")?,
        column("rating_hi")?,
    );
    let mut ratings = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| bad(&e.to_string()))?;
        let number = |i: usize| record.get(i).and_then(|v| v.parse::<f64>().ok());
        let text = match (number(rating), number(lo), number(hi)) {
            (Some(r), Some(lo), Some(hi)) => format!("{r:.0} [{lo:.0}, {hi:.0}]"),
            _ => "-".to_string(),
        };
        ratings.push((record.get(level).unwrap_or("").to_string(), text));
    }
    Ok(ratings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_shows_its_levels_ratings_and_think_time() {
        let mut out = Vec::new();
        show("english", &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("english: the levels of english built into the program"));
        let hard = text.lines().find(|l| l.starts_with("hard ")).unwrap();
        assert!(hard.contains("minimax:nodes=1000000,repeat=once"), "{hard}");
        assert!(hard.contains("1952 [1845, 2099]"), "{hard}");
        assert!(hard.ends_with("179.1"), "{hard}");
        let mut out = Vec::new();
        show("chinese-checkers:players=3", &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("chinese-checkers-3p: "), "{text}");
        let error = show("leapfrog:spots=17", &mut Vec::new()).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("no shipped levels for leapfrog:spots=17"));
    }

    #[test]
    fn the_list_names_every_set() {
        let mut out = Vec::new();
        list(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for set in shipped_levels::SETS {
            assert!(
                text.lines().any(|l| l.starts_with(set.name)),
                "{}",
                set.name
            );
        }
        assert!(text.contains("leapfrog (by name)"));
    }
}
