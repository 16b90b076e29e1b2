//! Difficulty levels by name: `level:easy` resolves to the spec that a `difficulty.toml`
//! (written by `arena calibrate`, shipped in `results/<game>/`) gives the level `easy`.

use std::path::{Path, PathBuf};

use engine::Game;

use crate::error::ArenaError;

/// The prefix of a spec that names a level rather than an agent.
pub const LEVEL_PREFIX: &str = "level:";

/// The levels file `arena play` reads when no `--levels FILE` is given: the shipped
/// `difficulty.toml` of [`shipped_folder`].
pub fn default_path(game_name: &str, players: usize) -> PathBuf {
    shipped_folder(game_name, players).join("difficulty.toml")
}

/// The folder of a game's shipped levels, relative to the current folder:
/// `results/<game>`, and for Chinese checkers, which has levels for each number of
/// players, `results/chinese-checkers-<players>p`.
pub fn shipped_folder(game_name: &str, players: usize) -> PathBuf {
    let folder = if game_name == engine::ChineseCheckers::NAME {
        format!("{game_name}-{players}p")
    } else {
        game_name.to_string()
    };
    Path::new("results").join(folder)
}

/// The levels of one difficulty file: level names and the specs they stand for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    path: PathBuf,
    levels: Vec<(String, String)>,
}

impl Levels {
    /// Reads a difficulty file: TOML whose every key is a level and every value a spec.
    ///
    /// # Errors
    /// The file cannot be read, is not TOML, or holds a value that is not a string; the
    /// error names the file.
    pub fn load(path: &Path) -> Result<Levels, ArenaError> {
        Levels::read(path, "give another with --levels FILE")
    }

    /// [`Levels::load`], whose error on a file that cannot be read ends with `remedy`,
    /// what the user can do about it where they are.
    fn read(path: &Path, remedy: &str) -> Result<Levels, ArenaError> {
        // Mid-way through a replacement of the levels, the new file may still wait in
        // the committed set: it is the one that counts.
        let text = std::fs::read_to_string(crate::staging::read_path(path)).map_err(|e| {
            ArenaError::input(format!(
                "cannot read the levels file {}: {e} ({remedy})",
                path.display()
            ))
        })?;
        Levels::parse(path, &text)
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
            path: path.to_path_buf(),
            levels,
        })
    }

    /// The file the levels were read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The names of the levels, sorted.
    pub fn names(&self) -> Vec<&str> {
        self.levels.iter().map(|(name, _)| name.as_str()).collect()
    }

    /// The spec of the level `name`. A levels file is written by `arena calibrate` and
    /// may come from anyone: a level that is a program (`cmd:`) needs the command line's
    /// consent (see [`crate::external::consent`]).
    ///
    /// # Errors
    /// No such level: the error names the file and lists the levels it has; or a program
    /// the command line does not allow.
    pub fn spec(&self, name: &str) -> Result<&str, ArenaError> {
        let spec = self
            .levels
            .iter()
            .find(|(level, _)| level == name)
            .map(|(_, spec)| spec.as_str())
            .ok_or_else(|| {
                let names = self.names();
                ArenaError::input(format!(
                    "no level {name:?} in {}: it has {}",
                    self.path.display(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ))
            })?;
        let what = format!("level {name:?}");
        crate::external::consent::check_spec(&self.path, &what, spec)?;
        Ok(spec)
    }
}

/// The level a spec names (`hard` for `level:hard`), or `None` for an agent's spec.
pub fn level_name(spec: &str) -> Option<&str> {
    spec.trim().strip_prefix(LEVEL_PREFIX).map(str::trim)
}

/// `spec` itself, or for a level (`level:hard`) the spec that the game's shipped levels
/// file ([`default_path`]) gives it: how configs (`run`, `calibrate`, `sprt`) and
/// `arena rate` name a shipped level. The run then records the level's own spec.
///
/// # Errors
/// A level spec and a shipped levels file that cannot be read or lacks the level. The
/// verbs that read configs take no `--levels FILE`: the error says what they do take.
pub fn resolve_shipped(spec: &str, game: &engine::GameSpec) -> Result<String, ArenaError> {
    let Some(name) = level_name(spec) else {
        return Ok(spec.to_string());
    };
    let players = game
        .limits()
        .map_err(|e| ArenaError::input(e.to_string()))?
        .players;
    let path = default_path(&game.kind.to_string(), players);
    let levels = Levels::read(
        &path,
        "a config's `level:NAME` reads the levels shipped under results/ where the arena \
         runs: run it from the repository's root, or write the level's own spec instead",
    )?;
    levels.spec(name).map(str::to_string)
}

/// Resolves level specs through the levels file at `path`, read only when some spec
/// names a level; other specs pass through unchanged.
///
/// # Errors
/// A level spec and a levels file that cannot be read or lacks the level.
pub fn resolve_all(specs: &[String], path: &Path) -> Result<Vec<String>, ArenaError> {
    let mut levels: Option<Levels> = None;
    specs
        .iter()
        .map(|spec| match level_name(spec) {
            None => Ok(spec.clone()),
            Some(name) => {
                if levels.is_none() {
                    levels = Some(Levels::load(path)?);
                }
                let levels = levels.as_ref().expect("loaded above");
                levels.spec(name).map(str::to_string)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = "# Difficulty levels\neasy = \"perfect:epsilon=0.3\"\n\
                           hard = \"perfect:epsilon=0.02\"\n";

    #[test]
    fn levels_resolve_and_other_specs_pass_through() {
        let dir = std::env::temp_dir().join(format!("levels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("difficulty.toml");
        std::fs::write(&path, SHIPPED).unwrap();
        let specs = ["level:hard".to_string(), "greedy".to_string()];
        assert_eq!(
            resolve_all(&specs, &path).unwrap(),
            ["perfect:epsilon=0.02", "greedy"]
        );
        // Without a level spec the file is not read at all.
        let missing = dir.join("missing.toml");
        assert_eq!(
            resolve_all(&specs[1..], &missing).unwrap(),
            ["greedy".to_string()]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn chinese_checkers_levels_are_read_per_number_of_players() {
        assert_eq!(
            default_path("chinese-checkers", 3),
            Path::new("results/chinese-checkers-3p/difficulty.toml")
        );
        assert_eq!(
            default_path("english", 2),
            Path::new("results/english/difficulty.toml")
        );
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
        let error = resolve_all(&["level:easy".into()], missing)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("cannot read the levels file no/such/difficulty.toml: "),
            "{error}"
        );
        assert!(
            error.ends_with("(give another with --levels FILE)"),
            "{error}"
        );
    }
}
