//! Difficulty levels by name: `level:easy` resolves to the spec that a set of levels gives
//! the level `easy`, and `level:elo=1200` to the spec of that rating on the set's curve
//! (`curve.csv`: [`agents::level_curve`]). The sets `arena calibrate` wrote for every game ship inside the
//! program ([`agents::shipped_levels`]), so a level needs no file and works from any
//! folder; `--levels FILE` names another set: a `difficulty.toml`, or a built-in set by
//! its name (`leapfrog-by-seat`).

use std::path::{Path, PathBuf};

use agents::level_curve::{self, Curve};
use agents::shipped_levels::{self, LevelSet};
use engine::GameSpec;

use crate::error::ArenaError;

/// The prefix of a spec that names a level rather than an agent.
pub const LEVEL_PREFIX: &str = "level:";

/// Where a set of levels comes from.
#[derive(Clone, Copy, Debug)]
pub enum Origin<'a> {
    /// A `difficulty.toml` on disk.
    File(&'a Path),
    /// A set built into the program.
    Shipped(&'static LevelSet),
}

/// The levels of one set: level names and the specs they stand for.
#[derive(Clone, Debug)]
pub struct Levels {
    origin: OwnedOrigin,
    levels: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
enum OwnedOrigin {
    File(PathBuf),
    Shipped(&'static LevelSet),
}

impl Levels {
    /// The levels that `--levels FILE` names: the `difficulty.toml` at `path`, or, where
    /// no such file exists and `path` is the name of a built-in set (`leapfrog-by-seat`),
    /// that set.
    ///
    /// # Errors
    /// The file cannot be read, is not TOML, or holds a value that is not a string; the
    /// error names the file.
    pub fn load(path: &Path) -> Result<Levels, ArenaError> {
        if !path.exists() {
            if let Some(set) = path.to_str().and_then(shipped_levels::named) {
                return Ok(Levels::shipped(set));
            }
        }
        // Mid-way through a replacement of the levels, the new file may still wait in
        // the committed set: it is the one that counts.
        let text = std::fs::read_to_string(crate::staging::read_path(path)).map_err(|e| {
            ArenaError::input(format!(
                "cannot read the levels file {}: {e} (give another with --levels FILE, or \
                 the name of a built-in set: `arena levels` lists them)",
                path.display()
            ))
        })?;
        Levels::parse(path, &text)
    }

    /// The built-in set `set`.
    pub fn shipped(set: &'static LevelSet) -> Levels {
        Levels {
            origin: OwnedOrigin::Shipped(set),
            levels: set
                .levels()
                .map(|(name, spec)| (name.to_string(), spec.to_string()))
                .collect(),
        }
    }

    /// The levels a game is played with: those of `--levels` where it is given, else the
    /// built-in set calibrated on the game as played (its options and player count).
    ///
    /// # Errors
    /// As [`Levels::load`]; or no built-in set was calibrated on these rules: the error
    /// says on which rules the game's sets were.
    pub fn of_game(levels: Option<&Path>, game: &GameSpec) -> Result<Levels, ArenaError> {
        match levels {
            Some(path) => Levels::load(path),
            None => shipped_levels::for_game(game)
                .map(Levels::shipped)
                .map_err(|e| ArenaError::input(e.to_string())),
        }
    }

    /// Reads the text of a difficulty file read from `path`.
    ///
    /// # Errors
    /// As [`Levels::load`].
    pub fn parse(path: &Path, text: &str) -> Result<Levels, ArenaError> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            crate::toml_errors::toml_error(path, text, "a levels file", &e)
        })?;
        let levels = table
            .into_iter()
            .map(|(name, value)| match value {
                toml::Value::String(spec) => Ok((name, spec)),
                other => Err(ArenaError::input(format!(
                    "{}: level {name:?} is {other}: expected a spec string such as \
                     \"perfect:epsilon=0.1\"",
                    path.display()
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Levels {
            origin: OwnedOrigin::File(path.to_path_buf()),
            levels,
        })
    }

    /// Where the levels come from.
    pub fn origin(&self) -> Origin<'_> {
        match &self.origin {
            OwnedOrigin::File(path) => Origin::File(path),
            OwnedOrigin::Shipped(set) => Origin::Shipped(set),
        }
    }

    /// The set's name in messages: the file's path, or `the built-in levels of GAME`.
    pub fn describe(&self) -> String {
        match &self.origin {
            OwnedOrigin::File(path) => path.display().to_string(),
            OwnedOrigin::Shipped(set) if set.is_default => {
                format!("the built-in levels of {}", set.game)
            }
            OwnedOrigin::Shipped(set) => format!("the built-in set {}", set.name),
        }
    }

    /// The names of the levels, in the set's order.
    pub fn names(&self) -> Vec<&str> {
        self.levels.iter().map(|(name, _)| name.as_str()).collect()
    }

    /// The spec of the level `name`, or for `elo=R` the spec of the rating R on the set's
    /// curve (`curve.csv`, built in or beside the levels file). A levels file is written
    /// by `arena calibrate` and may come from anyone: a level that is a program (`cmd:`)
    /// needs the command line's consent (see [`crate::external::consent`]).
    ///
    /// # Errors
    /// No such level: the error names the set and lists the levels it has; a rating
    /// outside the curve's range (the error names the set and the range), or a set
    /// without a curve; or a program the command line does not allow.
    pub fn spec(&self, name: &str) -> Result<String, ArenaError> {
        if let Some(rating) = level_curve::requested_rating(name) {
            let rating = rating.map_err(ArenaError::input)?;
            return self.rating_spec(rating);
        }
        let spec = self
            .levels
            .iter()
            .find(|(level, _)| level == name)
            .map(|(_, spec)| spec.as_str())
            .ok_or_else(|| {
                let names = self.names();
                ArenaError::input(format!(
                    "no level {name:?} in {}: it has {}",
                    self.describe(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ))
            })?;
        if let OwnedOrigin::File(path) = &self.origin {
            let what = format!("level {name:?}");
            crate::external::consent::check_spec(path, &what, spec)?;
        }
        Ok(spec.to_string())
    }

    /// The curve of the set: the built-in set's, or the `curve.csv` beside the levels file.
    ///
    /// # Errors
    /// The file beside a levels file cannot be read or is not a curve.
    pub fn curve(&self) -> Result<Curve, ArenaError> {
        match &self.origin {
            OwnedOrigin::Shipped(set) => Ok(set.curve()),
            OwnedOrigin::File(path) => {
                let curve_path = curve_path(path);
                let text = std::fs::read_to_string(&curve_path).map_err(|e| {
                    ArenaError::input(format!(
                        "level:elo=R reads the curve beside the levels: cannot read {}: {e} \
                         (`arena calibrate` writes it; `arena levels --curve DIR` derives it \
                         from a calibration's files)",
                        curve_path.display()
                    ))
                })?;
                Curve::parse(&text)
                    .map_err(|e| ArenaError::input(format!("{}:{e}", curve_path.display())))
            }
        }
    }

    /// The spec of rating `rating` on the set's curve.
    fn rating_spec(&self, rating: f64) -> Result<String, ArenaError> {
        let spec = self
            .curve()?
            .resolve(rating)
            .map_err(|e| {
                ArenaError::input(format!("level:elo={rating}: {}: {e}", self.describe()))
            })?
            .spec;
        if let OwnedOrigin::File(path) = &self.origin {
            let what = format!("level elo={rating}");
            crate::external::consent::check_spec(&curve_path(path), &what, &spec)?;
        }
        Ok(spec)
    }
}

/// The `curve.csv` beside the levels file `levels`.
fn curve_path(levels: &Path) -> PathBuf {
    levels
        .parent()
        .unwrap_or_else(|| Path::new(""))
        .join(level_curve::FILE)
}

/// The level a spec names (`hard` for `level:hard`), or `None` for an agent's spec.
pub fn level_name(spec: &str) -> Option<&str> {
    spec.trim().strip_prefix(LEVEL_PREFIX).map(str::trim)
}

/// `spec` itself, or for a level (`level:hard`) the spec that the built-in set of the
/// game as played gives it: how configs (`run`, `calibrate`, `sprt`) name a shipped
/// level. The run then records the level's own spec.
///
/// # Errors
/// A level spec of a game with no built-in set, or one the set lacks.
pub fn resolve_shipped(spec: &str, game: &GameSpec) -> Result<String, ArenaError> {
    resolve_all(&[spec.to_string()], None, game).map(|mut specs| specs.remove(0))
}

/// Resolves level specs through the levels of [`Levels::of_game`], read only when some
/// spec names a level; other specs pass through unchanged.
///
/// # Errors
/// A level spec and levels that cannot be read or lack the level.
pub fn resolve_all(
    specs: &[String],
    levels_file: Option<&Path>,
    game: &GameSpec,
) -> Result<Vec<String>, ArenaError> {
    let mut levels: Option<Levels> = None;
    specs
        .iter()
        .map(|spec| match level_name(spec) {
            None => Ok(spec.clone()),
            Some(name) => {
                if levels.is_none() {
                    levels = Some(Levels::of_game(levels_file, game)?);
                }
                let levels = levels.as_ref().expect("loaded above");
                levels.spec(name)
            }
        })
        .collect()
}

/// `game` with the player count of a start position that has `players` seats, for a
/// game whose position (`--position`) may seat another number than its spec's default.
pub fn with_players(game: &GameSpec, players: usize) -> GameSpec {
    let mut game = game.clone();
    let seats = game.limits().map(|limits| limits.players).ok();
    if seats != Some(players) && game.kind == engine::GameKind::ChineseCheckers {
        game.options.set("players", &players.to_string());
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = "# Difficulty levels\neasy = \"perfect:epsilon=0.3\"\n\
                           hard = \"perfect:epsilon=0.02\"\n";

    fn game(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    #[test]
    fn levels_resolve_and_other_specs_pass_through() {
        let dir = std::env::temp_dir().join(format!("levels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("difficulty.toml");
        std::fs::write(&path, SHIPPED).unwrap();
        let specs = ["level:hard".to_string(), "greedy".to_string()];
        assert_eq!(
            resolve_all(&specs, Some(&path), &game("leapfrog")).unwrap(),
            ["perfect:epsilon=0.02", "greedy"]
        );
        // Without a level spec the file is not read at all.
        let missing = dir.join("missing.toml");
        assert_eq!(
            resolve_all(&specs[1..], Some(&missing), &game("leapfrog")).unwrap(),
            ["greedy".to_string()]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_built_in_set_is_the_one_of_the_game_as_played() {
        let hard = |text: &str| resolve_shipped("level:hard", &game(text));
        assert_eq!(
            hard("english").unwrap(),
            "minimax:nodes=1000000,repeat=once"
        );
        assert_eq!(
            hard("chinese-checkers:players=3").unwrap(),
            "minimax:nodes=5000,multi=brs,epsilon=0"
        );
        assert_eq!(
            hard("chinese-checkers").unwrap(),
            "minimax:nodes=600000,plan=300000"
        );
        let error = hard("leapfrog:spots=17").unwrap_err().to_string();
        assert!(
            error.starts_with("no shipped levels for leapfrog:spots=17"),
            "{error}"
        );
        let error = resolve_shipped("level:expert", &game("english"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "no level \"expert\" in the built-in levels of english: it has easy, easy-medium-1, \
             easy-medium-2, medium, medium-hard-1, medium-hard-2, hard"
        );
        // A config's `level:elo=R` reads the same curve as the embedding API.
        assert_eq!(
            resolve_shipped("level:elo=1200", &game("english")).unwrap(),
            shipped_levels::level_spec(&game("english"), "elo=1200").unwrap()
        );
        let error = resolve_shipped("level:elo=100", &game("leapfrog"))
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("level:elo=100: the built-in levels of leapfrog: 100 is outside"),
            "{error}"
        );
        let by_seat = Levels::load(Path::new("leapfrog-by-seat")).unwrap();
        assert_eq!(
            by_seat.spec("hard-second").unwrap(),
            "perfect:epsilon=0.1687"
        );
        assert_eq!(
            with_players(&game("chinese-checkers"), 3).to_string(),
            "chinese-checkers:players=3"
        );
    }

    #[test]
    fn a_levels_file_resolves_ratings_on_the_curve_beside_it() {
        let dir = std::env::temp_dir().join(format!("levels-curve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("difficulty.toml");
        std::fs::write(&path, SHIPPED).unwrap();
        let specs = ["level:elo=500".to_string()];
        let error = resolve_all(&specs, Some(&path), &game("leapfrog"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("arena levels --curve DIR"), "{error}");
        let curve = format!(
            "{}\n\
             perfect:epsilon=0.3,easy,epsilon,0.3,linear,false,final,400,350,450,400,350,450\n\
             perfect:epsilon=0.02,hard,epsilon,0.02,linear,false,final,800,750,850,800,750,850\n",
            agents::level_curve::HEADER
        );
        std::fs::write(dir.join("curve.csv"), curve).unwrap();
        assert_eq!(
            resolve_all(&specs, Some(&path), &game("leapfrog")).unwrap(),
            ["perfect:epsilon=0.23"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_name_the_file_and_the_levels_it_has() {
        let path = Path::new("results/leapfrog/difficulty.toml");
        let levels = Levels::parse(path, SHIPPED).unwrap();
        assert_eq!(
            levels.spec("expert").unwrap_err().to_string(),
            "no level \"expert\" in results/leapfrog/difficulty.toml: it has easy, hard"
        );
        let error = Levels::parse(path, "easy = 3\n").unwrap_err().to_string();
        assert!(
            error.starts_with("results/leapfrog/difficulty.toml: level \"easy\" is 3"),
            "{error}"
        );
        let error = Levels::parse(path, "easy = \n").unwrap_err().to_string();
        assert!(
            error.starts_with("results/leapfrog/difficulty.toml:1: not a levels file"),
            "{error}"
        );
        let missing = Path::new("no/such/difficulty.toml");
        let error = resolve_all(&["level:easy".into()], Some(missing), &game("leapfrog"))
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("cannot read the levels file no/such/difficulty.toml: "),
            "{error}"
        );
        assert!(error.ends_with("`arena levels` lists them)"), "{error}");
    }
}
