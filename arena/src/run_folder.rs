//! The run folder: the one place that knows its files (`config.toml`, `games.csv`,
//! the summaries, a shard's record), records the config a run was started with and
//! checks it on `--resume`, and writes the summaries when the games are done.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::config::{RunIdentity, TournamentConfig};
use crate::error::ArenaError;
use crate::output::{self, write_atomically, Claim};
use crate::schedule::Schedule;
use crate::shard::{self, Shard, ShardRecord, SHARD_FILE};
use crate::sort_rows;
use crate::summaries;
use crate::tally::Tally;

/// `config.toml` in an output folder: the identity of the run and how it was started.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordedConfig {
    #[serde(flatten)]
    identity: RunIdentity,
    run: RunMeta,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunMeta {
    arena_version: String,
    command: String,
}

/// Reads a recorded `config.toml`.
///
/// # Errors
/// Text that is not a recorded run config, or one whose game cannot start; the error
/// names the file.
pub fn parse_recorded(path: &Path, text: &str) -> Result<RunIdentity, ArenaError> {
    let identity = toml::from_str::<RecordedConfig>(text)
        .map(|recorded| recorded.identity)
        .map_err(|e| crate::toml_errors::toml_error(path, text, "a recorded run config", &e))?;
    // The readers go on to start the game: a bad one is this file's fault.
    let game_error = |e: &dyn std::fmt::Display| {
        ArenaError::input(format!("{}: field `game`: {e}", path.display()))
    };
    let game: engine::GameSpec = identity.game.parse().map_err(|e| game_error(&e))?;
    game.limits().map_err(|e| game_error(&e))?;
    Ok(identity)
}

/// Claims a run's output folder (see [`output::claim`]), checks a resumed run's recorded
/// config, records this one, and returns whether a `games.csv` holds games already
/// played (when resuming; the run reads them back), with the folder's lock, to hold
/// until the run ends.
///
/// # Errors
/// A folder that holds another run, or unreadable recorded files.
pub(crate) fn open(
    config: &TournamentConfig,
    resume: bool,
    force: bool,
    command: &str,
) -> Result<(bool, output::Held), ArenaError> {
    let dir = &config.out;
    let config_path = dir.join("config.toml");
    let games_path = dir.join("games.csv");
    let mut done = false;
    let (claim, held) = output::claim(dir, resume, force)?;
    if claim == Claim::Resume {
        let text = std::fs::read_to_string(&config_path)
            .map_err(|e| ArenaError::io(&config_path, "read", e))?;
        let recorded = parse_recorded(&config_path, &text)?;
        if recorded != config.identity {
            return Err(ArenaError::input(format!(
                "{} holds a run of a different config ({}): resume it with the config it \
                 records, or give --force to replace it",
                dir.display(),
                first_difference(&recorded, &config.identity)
            )));
        }
        done = games_path.exists();
    }
    let text = recorded_config_text(&config.identity, command)?;
    write_atomically(&config_path, text.as_bytes())?;
    Ok((done, held))
}

/// The text of a recorded `config.toml`: the run's identity and the command that ran it,
/// as [`parse_recorded`] reads it back.
///
/// # Errors
/// The identity cannot be written as TOML.
pub fn recorded_config_text(identity: &RunIdentity, command: &str) -> Result<String, ArenaError> {
    let recorded = RecordedConfig {
        identity: identity.clone(),
        run: RunMeta {
            arena_version: env!("CARGO_PKG_VERSION").into(),
            command: command.into(),
        },
    };
    toml::to_string(&recorded)
        .map_err(|e| ArenaError::failure(format!("cannot record the config: {e}")))
}

/// Records which shard the output folder holds, or checks it when resuming.
///
/// # Errors
/// A resumed folder that holds another shard, or a failed write.
pub(crate) fn claim_shard(
    config: &TournamentConfig,
    shard: Shard,
    resuming: bool,
) -> Result<(), ArenaError> {
    let total = Schedule::new(config.identity.round_robin(config.players)).len();
    let record = shard::record(&config.identity, shard, total);
    let path = config.out.join(SHARD_FILE);
    if resuming && path.exists() {
        let text = std::fs::read_to_string(&path).map_err(|e| ArenaError::io(&path, "read", e))?;
        let recorded: Option<ShardRecord> = toml::from_str(&text).ok();
        if recorded.as_ref() != Some(&record) {
            return Err(ArenaError::input(format!(
                "{} holds another shard than {shard} of this config: resume it with its own \
                 --shard, or give --force to replace it",
                config.out.display()
            )));
        }
        return Ok(());
    }
    let text = toml::to_string(&record)
        .map_err(|e| ArenaError::failure(format!("cannot record the shard: {e}")))?;
    write_atomically(&path, text.as_bytes())
}

/// Names the first field in which two run identities differ.
fn first_difference(recorded: &RunIdentity, given: &RunIdentity) -> String {
    let balance = |b: Option<u32>| b.map_or_else(|| "not given".to_string(), |b| b.to_string());
    let pairs = [
        ("game", recorded.game.clone(), given.game.clone()),
        ("seed", recorded.seed.to_string(), given.seed.to_string()),
        (
            "games_per_pair",
            recorded.games_per_pair.to_string(),
            given.games_per_pair.to_string(),
        ),
        (
            "opening_plies",
            recorded.opening_plies.to_string(),
            given.opening_plies.to_string(),
        ),
        (
            "opening_balance",
            balance(recorded.opening_balance),
            balance(given.opening_balance),
        ),
        (
            "max_plies",
            recorded.max_plies.to_string(),
            given.max_plies.to_string(),
        ),
        ("anchor", recorded.anchor.clone(), given.anchor.clone()),
        (
            "bootstrap",
            recorded.bootstrap.to_string(),
            given.bootstrap.to_string(),
        ),
    ];
    pairs
        .into_iter()
        .find(|(_, a, b)| a != b)
        .map(|(field, a, b)| format!("{field} is {a} there and {b} here"))
        .unwrap_or_else(|| "the agents differ".into())
}

/// Reads the recorded config of the run that wrote `games`: its folder's `config.toml`.
///
/// # Errors
/// The file is missing or is not a recorded run config.
pub fn recorded_identity(games: &Path) -> Result<RunIdentity, ArenaError> {
    if games.is_dir() {
        return Err(ArenaError::input(format!(
            "{} is a folder: name the games file in it, {}",
            games.display(),
            games.join("games.csv").display()
        )));
    }
    let path = games.with_file_name("config.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ArenaError::input(format!(
            "cannot read the run's config {}: {e}",
            path.display()
        ))
    })?;
    parse_recorded(&path, &text)
}

/// Whether a finished run's `games.csv` must still be written sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GamesCsv {
    /// It already holds every row, sorted by game_id, and is synced (rows appended in
    /// order to a file the run created: a run on one thread).
    Sorted,
    /// It is sorted again, a file of games of `players` seats.
    ToSort {
        /// Seats of each game.
        players: usize,
    },
}

/// Writes a finished run: `games.csv` sorted by game_id (unless it is already) and the
/// summaries from the aggregates of its games, and returns the standings table to print.
///
/// # Errors
/// A file cannot be written, or the aggregates cannot be finished.
pub(crate) fn write_finished(
    dir: &Path,
    identity: &RunIdentity,
    tally: Tally,
    games: GamesCsv,
) -> Result<String, ArenaError> {
    if let GamesCsv::ToSort { players } = games {
        sort_rows::sort_in_place(&dir.join("games.csv"), players)?;
    }
    let summaries = summaries::build(identity, &tally.finish()?);
    for (name, contents) in [
        ("pairs.csv", summaries.pairs),
        ("standings.csv", summaries.standings),
        ("summary.csv", summaries.summary),
    ] {
        write_atomically(&dir.join(name), contents.as_bytes())?;
    }
    Ok(summaries.table)
}

/// Writes a finished shard: its `games.csv` only, sorted by game_id (a shard's summaries
/// would describe part of a run: `arena merge` writes them).
///
/// # Errors
/// The file cannot be sorted.
pub(crate) fn write_shard(dir: &Path, games: GamesCsv) -> Result<(), ArenaError> {
    if let GamesCsv::ToSort { players } = games {
        sort_rows::sort_in_place(&dir.join("games.csv"), players)?;
    }
    Ok(())
}

/// Claims `dir` for a merged run (never resumed) and records its config; returns the
/// folder's lock, to hold until the merge ends.
///
/// # Errors
/// A folder in use or that holds a run without `force`, or a failed write.
pub(crate) fn create_merged(
    dir: &Path,
    identity: &RunIdentity,
    force: bool,
    command: &str,
) -> Result<output::Held, ArenaError> {
    let held = output::claim_fresh(dir, force)?;
    let recorded = recorded_config_text(identity, command)?;
    write_atomically(&dir.join("config.toml"), recorded.as_bytes())?;
    Ok(held)
}
