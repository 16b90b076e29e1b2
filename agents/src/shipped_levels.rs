//! The difficulty levels the project ships, compiled in: every calibrated set under
//! `results/` (its `difficulty.toml`, `difficulty.csv` and the calibration's
//! `config.toml`), so that `level:hard` needs no file and works from any directory, in
//! the arena and in any program that embeds this crate.
//!
//! Beside the named levels, `level:elo=R` asks for any rating R between the weakest and
//! the strongest level's: the set's `curve.csv` ([`crate::level_curve`]) gives the spec.
//!
//! A set belongs to the game and options it was calibrated on. [`for_game`] finds the
//! set of the game actually played, or says why there is none: a level's strength was
//! measured under those rules and that number of players, and means nothing under others.

use std::fmt;

use engine::GameSpec;

use crate::level_curve::{requested_rating, Curve};

/// One calibrated set of levels, as `arena calibrate` wrote it.
#[derive(Debug)]
pub struct LevelSet {
    /// The set's name: its folder under `results/` (`english`, `chinese-checkers-3p`,
    /// `leapfrog-by-seat`).
    pub name: &'static str,
    /// The game and options it was calibrated on, as its calibration config writes them.
    pub game: &'static str,
    /// Whether this is the set a `level:NAME` of its game reads; other sets of the same
    /// game are chosen by name (`--levels leapfrog-by-seat`).
    pub is_default: bool,
    /// `difficulty.toml`: one `level = "spec"` line a level.
    pub difficulty_toml: &'static str,
    /// `difficulty.csv`: each level's spec, rating with its interval, scores, nodes a
    /// move (the rating scale `arena rate` places an agent on).
    pub difficulty_csv: &'static str,
    /// The calibration's resolved `config.toml`.
    pub config_toml: &'static str,
    /// `curve.csv`: rating against the knob over every point the calibration measured,
    /// with its monotone fit: what `level:elo=R` resolves through.
    pub curve_csv: &'static str,
}

/// A shipped set: the files of `results/<name>/`.
macro_rules! shipped {
    ($name:literal, $game:literal, $is_default:literal) => {
        LevelSet {
            name: $name,
            game: $game,
            is_default: $is_default,
            difficulty_toml: include_str!(concat!("../../results/", $name, "/difficulty.toml")),
            difficulty_csv: include_str!(concat!("../../results/", $name, "/difficulty.csv")),
            config_toml: include_str!(concat!("../../results/", $name, "/config.toml")),
            curve_csv: include_str!(concat!("../../results/", $name, "/curve.csv")),
        }
    };
}

/// `results/README.md`, whose table of the shipped levels gives each level's
/// milliseconds a move (timed by `scripts/levels-table.py` from `arena play`).
const RESULTS_README: &str = include_str!("../../results/README.md");

/// Every shipped set, Leapfrog Race first, then the draughts family, then Chinese
/// checkers by table size.
pub static SETS: &[LevelSet] = &[
    shipped!("leapfrog", "leapfrog", true),
    shipped!("leapfrog-by-seat", "leapfrog", false),
    shipped!("english", "english", true),
    shipped!("international", "international", true),
    shipped!("russian", "russian", true),
    shipped!("brazilian", "brazilian", true),
    shipped!("canadian", "canadian", true),
    shipped!("czech", "czech", true),
    shipped!("italian", "italian", true),
    shipped!("portuguese", "portuguese", true),
    shipped!("thai", "thai", true),
    shipped!("turkish", "turkish", true),
    shipped!("gothic", "gothic", true),
    shipped!("corner", "corner", true),
    shipped!("one-way", "one-way", true),
    shipped!("parachute", "parachute", true),
    shipped!("suicide", "suicide", true),
    shipped!("dameo", "dameo", true),
    shipped!("konane", "konane", true),
    shipped!("alquerque", "alquerque", true),
    shipped!("chinese-checkers-2p", "chinese-checkers:players=2", true),
    shipped!("chinese-checkers-3p", "chinese-checkers:players=3", true),
    shipped!("chinese-checkers-4p", "chinese-checkers:players=4", true),
    shipped!("chinese-checkers-6p", "chinese-checkers:players=6", true),
];

/// The shipped set called `name` (its folder's name), if there is one.
pub fn named(name: &str) -> Option<&'static LevelSet> {
    SETS.iter().find(|set| set.name == name)
}

/// Why a game has no shipped levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoLevels {
    /// The game as it is played.
    pub game: String,
    /// The games (with options) that the shipped sets of the same game were calibrated on.
    pub calibrated: Vec<&'static str>,
}

impl fmt::Display for NoLevels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no shipped levels for {}: ", self.game)?;
        if self.calibrated.is_empty() {
            write!(f, "no set was calibrated on this game")?;
        } else {
            write!(
                f,
                "the shipped levels were calibrated on {} (a level's strength holds under \
                 the rules and player count it was measured on)",
                self.calibrated.join(", ")
            )?;
        }
        write!(
            f,
            "; calibrate levels for it with `arena calibrate` and give them with --levels FILE"
        )
    }
}

impl std::error::Error for NoLevels {}

/// The default set of the game `game` as played, options and player count included.
///
/// # Errors
/// No default set was calibrated on these rules: [`NoLevels`] names the games the
/// shipped sets of the same game were calibrated on.
pub fn for_game(game: &GameSpec) -> Result<&'static LevelSet, NoLevels> {
    let same_kind: Vec<&'static LevelSet> = SETS
        .iter()
        .filter(|set| set.is_default && set.spec().kind == game.kind)
        .collect();
    same_kind
        .iter()
        .find(|set| same_rules(&set.spec(), game))
        .copied()
        .ok_or_else(|| NoLevels {
            game: game.to_string(),
            calibrated: same_kind.iter().map(|set| set.game).collect(),
        })
}

/// Whether two specs of a game name the same rules: the same options, spelled alike,
/// but `players`, which counts as the number of seats it gives (`chinese-checkers` is
/// `chinese-checkers:players=2`).
pub fn same_rules(a: &GameSpec, b: &GameSpec) -> bool {
    if a.kind != b.kind {
        return false;
    }
    let seats = |spec: &GameSpec| spec.limits().map(|limits| limits.players).ok();
    if seats(a).is_none() || seats(a) != seats(b) {
        return false;
    }
    let others = |spec: &GameSpec| -> Vec<(String, String)> {
        spec.options
            .iter()
            .filter(|(key, _)| *key != "players")
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect()
    };
    others(a) == others(b)
}

impl LevelSet {
    /// The game it was calibrated on, parsed.
    ///
    /// # Panics
    /// Never for a shipped set: a test parses every one.
    pub fn spec(&self) -> GameSpec {
        self.game
            .parse()
            .expect("a shipped set names a game the engine plays")
    }

    /// The set's levels in the order of its file: each name and the spec it stands for.
    pub fn levels(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.difficulty_toml.lines().filter_map(level_line)
    }

    /// The row of the level `name` in the table of `results/README.md`: rating with its
    /// interval, score against random, nodes a move, milliseconds a move and the score by
    /// seat, as the table writes them; `None` where the table has no row for it (a set
    /// chosen by name).
    pub fn timing_row(&self, name: &str) -> Option<LevelRow> {
        RESULTS_README.lines().find_map(|line| {
            let cells: Vec<&str> = line
                .strip_prefix('|')?
                .strip_suffix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let [set, level, spec, rating, vs_random, nodes, ms, seats] = cells[..] else {
                return None;
            };
            (set == self.name && level == name).then(|| LevelRow {
                spec: spec.trim_matches('`'),
                rating,
                vs_random,
                nodes_per_move: nodes,
                ms_per_move: ms,
                by_seat: seats,
            })
        })
    }

    /// The set's curve of rating against the knob.
    ///
    /// # Panics
    /// Never for a shipped set: a test reads every one.
    pub fn curve(&self) -> Curve {
        Curve::parse(self.curve_csv).expect("a shipped curve reads")
    }

    /// The spec of the rating `rating` on the set's curve (`level:elo=R`).
    ///
    /// # Errors
    /// A rating outside the curve's range: the error names the set and both ends.
    pub fn rating_spec(&self, rating: f64) -> Result<String, String> {
        self.curve()
            .resolve(rating)
            .map(|resolved| resolved.spec)
            .map_err(|e| {
                format!(
                    "level:elo={rating}: the shipped levels of {}: {e}",
                    self.game
                )
            })
    }

    /// The spec of the level `name`, if the set has it.
    pub fn level(&self, name: &str) -> Option<&'static str> {
        self.levels()
            .find(|(level, _)| *level == name)
            .map(|(_, spec)| spec)
    }
}

/// A level's row in the table of the shipped levels, its cells as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRow {
    /// The level's spec.
    pub spec: &'static str,
    /// Its Bradley-Terry Elo (random at 0) with the 95% interval: `853 [808, 918]`.
    pub rating: &'static str,
    /// Its score against random with the 95% interval.
    pub vs_random: &'static str,
    /// Nodes a move it searched, on average.
    pub nodes_per_move: &'static str,
    /// Milliseconds a move at its budget, on the machine the table names.
    pub ms_per_move: &'static str,
    /// Its score moving first / second, or where to read it.
    pub by_seat: &'static str,
}

/// A `name = "spec"` line of a `difficulty.toml` as `arena calibrate` writes it (a spec
/// holds no quote or backslash), or `None` for a comment or a blank line.
fn level_line(line: &'static str) -> Option<(&'static str, &'static str)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (name, value) = line.split_once('=')?;
    let spec = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.trim(), spec))
}

/// The spec that the level `name` of the game `game`'s shipped set stands for: the way
/// a program that embeds this crate plays a shipped level,
/// `agents::build::<G>(&level_spec(&game, "hard")?)`. A name `elo=R` asks for the rating
/// R on the set's curve ([`LevelSet::rating_spec`]).
///
/// # Errors
/// The game has no shipped set ([`NoLevels`]'s text), or its set has no such level (the
/// text lists the levels it has), or a rating outside the curve's range (the text gives
/// the range).
pub fn level_spec(game: &GameSpec, name: &str) -> Result<String, String> {
    let set = for_game(game).map_err(|e| e.to_string())?;
    if let Some(rating) = requested_rating(name) {
        return set.rating_spec(rating?);
    }
    set.level(name).map(str::to_string).ok_or_else(|| {
        let names: Vec<&str> = set.levels().map(|(level, _)| level).collect();
        format!(
            "no level {name:?} in the shipped levels of {}: it has {}",
            set.game,
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_names_a_game_and_holds_levels() {
        for set in SETS {
            let spec: GameSpec = set.game.parse().unwrap();
            assert!(spec.limits().is_ok(), "{}", set.name);
            assert!(set.levels().count() >= 2, "{} has levels", set.name);
            let line = format!("game = \"{}\"", set.game);
            assert!(
                set.config_toml.lines().any(|l| l == line),
                "{}: its config.toml says {line}",
                set.name
            );
        }
    }

    /// Every `difficulty.toml` that git tracks under `results/` is compiled in (a user's
    /// own calibrations there, untracked, are theirs): read where this is a git checkout.
    #[test]
    fn every_tracked_set_of_levels_is_compiled_in() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let Ok(output) = std::process::Command::new("git")
            .args(["ls-files", "results/*/difficulty.toml"])
            .current_dir(&root)
            .output()
        else {
            return;
        };
        let listed = String::from_utf8(output.stdout).unwrap();
        if !output.status.success() || listed.is_empty() {
            return;
        }
        let mut tracked: Vec<&str> = listed
            .lines()
            .filter_map(|path| {
                path.strip_prefix("results/")?
                    .strip_suffix("/difficulty.toml")
            })
            .collect();
        tracked.sort_unstable();
        let mut compiled: Vec<&str> = SETS.iter().map(|set| set.name).collect();
        compiled.sort_unstable();
        assert_eq!(tracked, compiled);
    }

    #[test]
    fn a_game_finds_the_set_of_its_rules_and_players() {
        let set = |text: &str| for_game(&text.parse().unwrap()).map(|set| set.name);
        assert_eq!(set("english"), Ok("english"));
        assert_eq!(set("leapfrog"), Ok("leapfrog"));
        assert_eq!(set("chinese-checkers"), Ok("chinese-checkers-2p"));
        assert_eq!(set("chinese-checkers:players=3"), Ok("chinese-checkers-3p"));
        assert_eq!(set("chinese-checkers:players=6"), Ok("chinese-checkers-6p"));
        let refused = for_game(&"leapfrog:spots=17".parse().unwrap()).unwrap_err();
        assert_eq!(refused.calibrated, ["leapfrog"]);
        assert!(refused.to_string().starts_with(
            "no shipped levels for leapfrog:spots=17: the shipped levels were calibrated on \
             leapfrog"
        ));
        let diamond = for_game(&"chinese-checkers:board=diamond".parse().unwrap()).unwrap_err();
        assert_eq!(diamond.calibrated.len(), 4);
    }

    #[test]
    fn every_default_level_has_its_row_in_the_table() {
        for set in SETS.iter().filter(|set| set.is_default) {
            for (name, spec) in set.levels() {
                let row = set
                    .timing_row(name)
                    .unwrap_or_else(|| panic!("{} {name}", set.name));
                assert_eq!(row.spec, spec, "{} {name}", set.name);
                assert!(row.ms_per_move.parse::<f64>().is_ok() || row.ms_per_move == "< 0.1");
            }
        }
        let hard = named("english").unwrap().timing_row("hard").unwrap();
        assert_eq!(hard.ms_per_move, "179.1");
        assert_eq!(hard.rating, "1952 [1845, 2099]");
    }

    #[test]
    fn every_set_has_a_curve_from_its_weakest_level_to_its_strongest() {
        for set in SETS {
            let curve = set.curve();
            let (low, high) = curve.range().unwrap_or_else(|| panic!("{}", set.name));
            let levels: Vec<&str> = set.levels().map(|(name, _)| name).collect();
            assert!(levels.contains(&low.1.as_str()), "{}: {low:?}", set.name);
            assert!(levels.contains(&high.1.as_str()), "{}: {high:?}", set.name);
            for rating in [low.0, (low.0 + high.0) / 2.0, high.0] {
                let spec = set.rating_spec(rating).unwrap();
                assert!(
                    spec.parse::<crate::AgentSpec>().is_ok(),
                    "{}: {spec}",
                    set.name
                );
            }
        }
    }

    #[test]
    fn a_rating_resolves_on_the_curve_and_errs_outside_it() {
        let english: GameSpec = "english".parse().unwrap();
        let spec = level_spec(&english, "elo=1200").unwrap();
        assert!(
            spec.starts_with("minimax:nodes=50000,repeat=once,temperature="),
            "{spec}"
        );
        // Above the family's best point the nodes turn toward hard's million, the
        // family's temperature kept.
        let spec = level_spec(&english, "elo=1800").unwrap();
        assert!(
            spec.starts_with("minimax:nodes=") && spec.ends_with(",repeat=once,temperature=2"),
            "{spec}"
        );
        assert_eq!(
            level_spec(&english, "elo=1951.7").unwrap(),
            "minimax:nodes=1000000,repeat=once"
        );
        assert_eq!(
            level_spec(&english, "elo=3000").unwrap_err(),
            "level:elo=3000: the shipped levels of english: 3000 is outside the ratings its \
             curve resolves: from 233.6 (easy) to 1951.7 (hard)"
        );
        assert!(level_spec(&english, "elo=x").is_err());
    }

    #[test]
    fn levels_read_as_the_file_writes_them() {
        let english = named("english").unwrap();
        let names: Vec<&str> = english.levels().map(|(name, _)| name).collect();
        assert_eq!(
            names,
            [
                "easy",
                "easy-medium-1",
                "easy-medium-2",
                "medium",
                "medium-hard-1",
                "medium-hard-2",
                "hard"
            ]
        );
        assert_eq!(
            english.level("hard"),
            Some("minimax:nodes=1000000,repeat=once")
        );
        assert_eq!(english.level("expert"), None);
        let error = level_spec(&"english".parse().unwrap(), "expert").unwrap_err();
        assert_eq!(
            error,
            "no level \"expert\" in the shipped levels of english: it has easy, easy-medium-1, \
             easy-medium-2, medium, medium-hard-1, medium-hard-2, hard"
        );
        assert_eq!(
            named("leapfrog-by-seat").unwrap().level("hard-first"),
            Some("perfect:epsilon=0.0636")
        );
    }
}
