//! `arena calibrate`: automatic difficulty levels. A knob of one agent family is searched
//! until each level's measured value (a rating, a score against a reference, or a
//! blunder rate) lies within tolerance of its target; consecutive levels are tested by a
//! GSPRT, and a final round-robin checks that they are strictly ordered.

pub mod config;
pub mod games;
pub mod knob;
pub mod measure;
pub mod output;
pub mod search;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use agents::Evaluate;
use clap::Args;
use engine::with_game;
use serde::{Deserialize, Serialize};

use self::config::{CalibrationConfig, CalibrationIdentity};
use self::games::{BatchPlayer, ReadGames, Setup};
use self::search::{CalibrationResult, Search};
use crate::cli::stdout_error;
use crate::error::ArenaError;
use crate::games_csv::write_atomically;

/// `arena calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The calibration config (TOML).
    pub config: PathBuf,
    /// Worker threads (overrides the config).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (overrides the config).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Finish an interrupted calibration in the output folder.
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Replace whatever the output folder holds.
    #[arg(long)]
    pub force: bool,
}

/// The files a calibration writes.
const FILES: [&str; 6] = [
    "config.toml",
    "games.csv",
    "difficulty.csv",
    "difficulty.toml",
    "calibration.csv",
    "levels.md",
];

/// `config.toml` in the output folder.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Recorded {
    calibration: CalibrationIdentity,
    arena_version: String,
}

/// Runs `arena calibrate`.
///
/// # Errors
/// A bad config (nothing is written then), an output folder that holds another run,
/// recorded games that do not match, or I/O failures.
pub fn calibrate_command(args: &CalibrateArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut config = config::load(&args.config)?;
    if let Some(threads) = args.threads {
        if threads == 0 {
            return Err(ArenaError::input("--threads 0: expected at least 1"));
        }
        config.threads = threads;
    }
    if let Some(dir) = &args.out {
        config.out = dir.clone();
    }
    let started = Instant::now();
    let recorded = prepare_output(&config, args.resume, args.force)?;
    let (result, played, total) = with_game!(config.game.kind, G => calibrate::<G>(&config, recorded, out)?);
    let identity = &config.identity;
    let solved = config.game.kind == engine::GameKind::Leapfrog;
    for (name, text) in [
        ("difficulty.csv", output::difficulty_csv(identity, &result, solved)),
        ("difficulty.toml", output::difficulty_toml(identity, &result)),
        ("calibration.csv", output::calibration_csv(identity, &result, solved)),
        ("levels.md", output::markdown_table(identity, &result, solved)),
    ] {
        write_atomically(&config.out.join(name), text.as_bytes())?;
    }
    write!(out, "{}", output::markdown_table(identity, &result, solved)).map_err(stdout_error)?;
    writeln!(
        out,
        "{total} games ({played} played now) in {:.1} s; results in {}",
        started.elapsed().as_secs_f64(),
        config.out.display()
    )
    .map_err(stdout_error)?;
    Ok(())
}

/// Runs the calibration of `config` with game `G`, returning its result, the games played
/// now and the games in all.
fn calibrate<G: Evaluate>(
    config: &CalibrationConfig,
    recorded: ReadGames,
    out: &mut dyn Write,
) -> Result<(CalibrationResult, u64, u64), ArenaError> {
    let identity = &config.identity;
    let start = G::new(&config.game.options)?;
    let setup = Setup {
        seed: identity.seed,
        opening_plies: identity.opening_plies,
        max_plies: identity.max_plies,
        threads: config.threads,
    };
    let mut player = BatchPlayer::new(start, setup, &config.out.join("games.csv"), recorded)?;
    let judge = measure::judge_for::<G>(&identity.game, identity.opening_plies);
    let result = Search::new(identity, &mut player, judge, out).run()?;
    Ok((result, player.played_now(), player.games_so_far()))
}

/// Readies the output folder: refuses to overwrite without `--force`, checks a resumed
/// run's config, and returns the games it recorded.
fn prepare_output(
    config: &CalibrationConfig,
    resume: bool,
    force: bool,
) -> Result<ReadGames, ArenaError> {
    let dir = &config.out;
    let config_path = dir.join("config.toml");
    let games_path = dir.join("games.csv");
    let holds_run = config_path.exists() || games_path.exists();
    let mut recorded = ReadGames::default();
    if holds_run && resume {
        let text = std::fs::read_to_string(&config_path)
            .map_err(|e| ArenaError::io(&config_path, "read", e))?;
        let previous: Recorded = toml::from_str(&text).map_err(|e| {
            ArenaError::input(format!(
                "{}: not a recorded calibration config: {}",
                config_path.display(),
                e.message().trim()
            ))
        })?;
        if previous.calibration != config.identity {
            return Err(ArenaError::input(format!(
                "{} holds a calibration of a different config: resume it with the config it \
                 records, or give --force to replace it",
                dir.display()
            )));
        }
        if games_path.exists() {
            recorded = games::read(&games_path)?;
        }
    } else if holds_run && !force {
        return Err(ArenaError::input(format!(
            "output folder {} already holds a run: give --resume to finish it or --force to \
             replace it",
            dir.display()
        )));
    } else if holds_run {
        for name in FILES {
            let path = dir.join(name);
            if path.exists() {
                std::fs::remove_file(&path).map_err(|e| ArenaError::io(&path, "remove", e))?;
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    let text = toml::to_string(&Recorded {
        calibration: config.identity.clone(),
        arena_version: env!("CARGO_PKG_VERSION").into(),
    })
    .map_err(|e| ArenaError::failure(format!("cannot record the config: {e}")))?;
    write_atomically(&config_path, text.as_bytes())?;
    Ok(recorded)
}
