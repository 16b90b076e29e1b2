//! `arena levels`: the sets of levels built into the program, each with its game, and
//! one set's levels in full (spec, rating with its interval, score against random,
//! milliseconds a move), so that a studio picks a level without opening a file.

use std::io::Write;

use agents::shipped_levels::{self, LevelSet};
use engine::GameSpec;

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
    let set = match shipped_levels::named(game) {
        Some(set) => set,
        None => {
            let spec: GameSpec = game.parse()?;
            shipped_levels::for_game(&spec).map_err(|e| ArenaError::input(e.to_string()))?
        }
    };
    out.write_all(describe(set)?.as_bytes())
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
        assert!(hard.contains("minimax:nodes=1000000"), "{hard}");
        assert!(hard.contains("2020 [1786, 2254]"), "{hard}");
        assert!(hard.ends_with("120.3"), "{hard}");
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
