//! `arena calibrate`: automatic difficulty levels. A knob of one agent family is searched
//! until each level's measured value (a rating, a score against a reference, or a
//! blunder rate) lies within tolerance of its target, or a level names its own spec and
//! is measured as it is; consecutive levels are tested by a GSPRT, and a final
//! round-robin checks that they are strictly ordered.
//!
//! The work flows one way: the config ([`config`], with the family's [`knob`]) sets up
//! the search ([`search`]), which decides each batch of games from the games so far and
//! plays it; what the games measure ([`measure`]) becomes, at the search's end, a
//! finished [`result::Calibration`] of typed rows; the writers ([`files`]) format those
//! rows. No stage asks a later one for anything, and no writer reads a measurement.

pub mod config;
pub mod curve;
pub mod files;
pub mod knob;
pub mod measure;
pub mod result;
pub mod search;
pub mod steps;
pub mod target;

use std::io::Write;
use std::path::PathBuf;

use agents::Playable;
use engine::with_game;
use serde::{Deserialize, Serialize};

use self::config::{CalibrationConfig, CalibrationIdentity};
use self::result::Calibration;
use self::search::Search;
use crate::batches::{self, BatchPlayer, ReadGames, Setup};
use crate::error::ArenaError;
use crate::output::{self, write_atomically, Claim};
use crate::staging;

/// The curve of rating against the knob, beside `difficulty.toml` ([`curve`]).
pub const CURVE_FILE: &str = agents::level_curve::FILE;

/// `config.toml` in the output folder.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Recorded {
    calibration: CalibrationIdentity,
    arena_version: String,
}

/// A finished calibration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calibrated {
    /// The levels as a Markdown table (`levels.md`), to print.
    pub table: String,
    /// Games played now (the others were recorded by an interrupted calibration).
    pub played: u64,
    /// Games in all.
    pub games: u64,
}

/// Runs the calibration of `config` into its output folder, its progress on `out`.
///
/// # Errors
/// An output folder that holds another run, recorded games that do not match, or I/O
/// failures.
pub fn calibrate(
    config: &CalibrationConfig,
    resume: bool,
    force: bool,
    out: &mut dyn Write,
) -> Result<Calibrated, ArenaError> {
    let (recorded, _held, work) = prepare_output(config, resume, force)?;
    // Read now, so that a bad file stops the calibration before its games, not after.
    let think_times = crate::think_time::read(&config.out)?;
    // The calibration plays and writes in `work`: the output folder itself, or the
    // staging folder inside it that replaces the folder's files once they are all there.
    let mut working = config.clone();
    working.out.clone_from(&work);
    let (result, played, games) =
        with_game!(config.game.kind, G => calibrate_game::<G>(&working, recorded, out)?);
    let identity = &config.identity;
    let table = files::markdown_table(identity, &result);
    let levels: Vec<(String, String)> = result
        .levels
        .iter()
        .map(|level| (level.name.clone(), level.spec.clone()))
        .collect();
    let difficulty = files::difficulty_csv(identity, &result);
    let points = files::calibration_csv(identity, &result);
    // The curve reads the two files as written, as `arena levels --curve` reads them.
    let family = curve::Family::of(&identity.family);
    let curve = curve::from_files(family.as_ref(), &points, &difficulty)?;
    for (name, text) in [
        ("difficulty.csv", difficulty),
        ("difficulty.toml", files::difficulty_toml(identity, &result)),
        ("calibration.csv", points),
        (
            "levels.md",
            crate::think_time::with_section(table.clone(), &levels, &think_times),
        ),
    ] {
        write_atomically(&work.join(name), text.as_bytes())?;
    }
    if let Some(curve) = curve {
        write_atomically(&work.join(CURVE_FILE), curve.to_csv().as_bytes())?;
    }
    if work != config.out {
        staging::commit(&config.out)?;
    }
    Ok(Calibrated {
        table,
        played,
        games,
    })
}

/// Runs the calibration of `config` with game `G`, returning its result, the games played
/// now and the games in all.
fn calibrate_game<G: Playable + agents::referee::Refereed>(
    config: &CalibrationConfig,
    recorded: ReadGames,
    out: &mut dyn Write,
) -> Result<(Calibration, u64, u64), ArenaError> {
    let identity = &config.identity;
    let start = G::new(&config.game.options)?;
    let setup = Setup {
        seed: identity.seed,
        opening_plies: identity.opening_plies,
        max_plies: identity.max_plies,
        threads: config.threads,
    };
    let mut player = BatchPlayer::new(start, setup, &config.out.join("games.csv"), recorded)?
        .with_opening_balance(identity.opening_balance)
        .with_programs(
            &identity.game,
            identity.reference.clone(),
            config.out.join("logs"),
        )?;
    let result = Search::new(identity, &mut player, out).run()?;
    Ok((result, player.played_now(), player.games_so_far()))
}

/// Readies the output folder: refuses to overwrite without `--force`, checks a resumed
/// run's config, and returns the games it recorded, the folder's lock (held until the
/// calibration ends) and the folder to work in. `--force` over a folder that holds the
/// arena's files (shipped levels, a finished calibration) works in a staging folder, so
/// that the old files stay whole until the new ones replace them; `--resume` finishes
/// such a replacement where it was interrupted.
fn prepare_output(
    config: &CalibrationConfig,
    resume: bool,
    force: bool,
) -> Result<(ReadGames, crate::output::Held, PathBuf), ArenaError> {
    let dir = &config.out;
    let held = output::lock(dir)?;
    staging::recover(dir)?;
    let work = if force && !output::arena_files_in(dir).is_empty() {
        staging::begin(dir)?
    } else if resume && staging::folder(dir).is_dir() {
        staging::folder(dir)
    } else {
        dir.clone()
    };
    let config_path = work.join("config.toml");
    let games_path = work.join("games.csv");
    let mut recorded = ReadGames::default();
    let claim = output::decide(&work, Some(resume), force && work == *dir)?;
    if claim == Claim::Resume {
        let text = std::fs::read_to_string(&config_path)
            .map_err(|e| ArenaError::io(&config_path, "read", e))?;
        let previous: Recorded = toml::from_str(&text).map_err(|e| {
            crate::toml_errors::toml_error(&config_path, &text, "a recorded calibration config", &e)
        })?;
        if previous.calibration != config.identity {
            return Err(ArenaError::input(format!(
                "{} holds a calibration of a different config: resume it with the config it \
                 records, or give --force to replace it",
                dir.display()
            )));
        }
        if games_path.exists() {
            recorded = batches::read(&games_path)?;
        }
    }
    let text = toml::to_string(&Recorded {
        calibration: config.identity.clone(),
        arena_version: env!("CARGO_PKG_VERSION").into(),
    })
    .map_err(|e| ArenaError::failure(format!("cannot record the config: {e}")))?;
    write_atomically(&config_path, text.as_bytes())?;
    Ok((recorded, held, work))
}
