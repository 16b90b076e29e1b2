//! `arena run`: the output folder's life cycle (fresh, `--resume`, `--force`), the games
//! played in parallel and appended as they finish, and the summaries written at the end.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use agents::{Agent, Evaluate};
use engine::{with_game, Game, GameSpec};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::cli::{stdout_error, RunArgs};
use crate::config::{self, AgentEntry, RunIdentity, TournamentConfig};
use crate::error::ArenaError;
use crate::external::{self, Seating};
use crate::games_csv::{self, Appender, GameRow};
use crate::match_play::{play_game, GameSetup};
use crate::output::{self, Claim};
use crate::report;
use crate::schedule::{round_robin, ScheduledGame};
use crate::shard::{self, Shard, ShardRecord, SHARD_FILE};

/// The files a run (or a shard of one) writes in its output folder.
pub const RUN_FILES: [&str; 6] = [
    "config.toml",
    "games.csv",
    "pairs.csv",
    "standings.csv",
    "summary.csv",
    SHARD_FILE,
];

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
        .map_err(|e| crate::config::toml_error(path, text, "a recorded run config", &e))?;
    // The readers go on to start the game: a bad one is this file's fault.
    let game_error = |e: &dyn std::fmt::Display| {
        ArenaError::input(format!("{}: field `game`: {e}", path.display()))
    };
    let game: engine::GameSpec = identity.game.parse().map_err(|e| game_error(&e))?;
    with_game!(game.kind, G => { G::new(&game.options).map_err(|e| game_error(&e))?; });
    Ok(identity)
}

/// Runs `arena run`.
///
/// # Errors
/// A bad config, an output folder that holds another run, unreadable results to resume,
/// or I/O failures.
pub fn run_command(args: &RunArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut config = config::load(&args.config)?;
    crate::cli::apply_overrides(
        args.threads,
        &args.out,
        &mut config.threads,
        &mut config.out,
    )?;
    let command: Vec<String> = std::env::args().collect();
    let done = prepare_output(&config, args.resume, args.force, &command.join(" "))?;
    if let Some(shard) = args.shard {
        claim_shard(&config, shard, done.is_some())?;
    }
    let started = Instant::now();
    let (rows, played) =
        with_game!(config.game.kind, G => run_games::<G>(&config, done, args.shard)?);
    let seconds = started.elapsed().as_secs_f64();

    let players = config.players;
    if let Some(shard) = args.shard {
        // A shard's summaries would describe part of a run: `arena merge` writes them.
        let text = games_csv::sorted_text(&rows, players);
        games_csv::write_atomically(&config.out.join("games.csv"), text.as_bytes())?;
        writeln!(
            out,
            "shard {shard}: {} games ({played} played now) in {seconds:.2} s; results in {}",
            rows.len(),
            config.out.display()
        )
        .map_err(stdout_error)?;
        return Ok(());
    }
    let report = report::build(&config.identity, &rows, players);
    for (name, contents) in [
        ("games.csv", games_csv::sorted_text(&rows, players)),
        ("pairs.csv", report.pairs),
        ("standings.csv", report.standings),
        ("summary.csv", report.summary),
    ] {
        games_csv::write_atomically(&config.out.join(name), contents.as_bytes())?;
    }
    write!(out, "{}", report.table).map_err(stdout_error)?;
    writeln!(
        out,
        "{} games ({played} played now) in {seconds:.2} s: {:.0} games/s on {} threads; results in {}",
        rows.len(),
        played as f64 / seconds.max(1e-9),
        config.threads,
        config.out.display()
    )
    .map_err(stdout_error)?;
    if args.report {
        let path = crate::html_report::write_report(&config.out)?;
        writeln!(out, "report in {}", path.display()).map_err(stdout_error)?;
    }
    Ok(())
}

/// Readies the output folder and returns the rows already played (when resuming).
fn prepare_output(
    config: &TournamentConfig,
    resume: bool,
    force: bool,
    command: &str,
) -> Result<Option<games_csv::ReadRows>, ArenaError> {
    let dir = &config.out;
    let config_path = dir.join("config.toml");
    let games_path = dir.join("games.csv");
    let mut done = None;
    if output::claim(dir, &RUN_FILES, resume, force)? == Claim::Resume {
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
        if games_path.exists() {
            done = Some(games_csv::read(&games_path, config.players)?);
        }
    }
    let text = recorded_config_text(&config.identity, command)?;
    games_csv::write_atomically(&config_path, text.as_bytes())?;
    Ok(done)
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
fn claim_shard(config: &TournamentConfig, shard: Shard, resuming: bool) -> Result<(), ArenaError> {
    let total = round_robin(&config.identity, config.players).len() as u64;
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
    games_csv::write_atomically(&path, text.as_bytes())
}

/// Names the first field in which two run identities differ.
fn first_difference(recorded: &RunIdentity, given: &RunIdentity) -> String {
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

/// Plays every scheduled game not yet in `done`, appending rows as games finish.
/// Returns all rows (old and new) and how many games were played now.
fn run_games<G: Evaluate>(
    config: &TournamentConfig,
    done: Option<games_csv::ReadRows>,
    shard: Option<Shard>,
) -> Result<(Vec<GameRow>, usize), ArenaError> {
    let identity = &config.identity;
    let players = config.players;
    let in_shard = |game_id: u64| shard.is_none_or(|s| s.holds(game_id));
    let schedule = round_robin(identity, players);
    let games_path = config.out.join("games.csv");
    let (mut rows, keep) = match done {
        Some(read) => (
            check_against_schedule(&games_path, read.rows, &schedule, identity)?,
            read.complete_len,
        ),
        None => (Vec::new(), 0),
    };
    let finished: std::collections::HashSet<u64> = rows.iter().map(|r| r.game_id).collect();
    if let Some(stray) = rows.iter().find(|row| !in_shard(row.game_id)) {
        return Err(ArenaError::input(format!(
            "{}: game {} does not belong to shard {}",
            games_path.display(),
            stray.game_id,
            shard.map_or(String::new(), |s| s.to_string())
        )));
    }
    let pending: Vec<ScheduledGame> = schedule
        .into_iter()
        .filter(|game| in_shard(game.game_id) && !finished.contains(&game.game_id))
        .collect();

    let mut appender = Appender::open(&games_path, keep, players)?;
    let start = G::new(&config.game.options)?;
    let progress = progress_bar(pending.len() as u64 + rows.len() as u64, rows.len() as u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| {
            ArenaError::failure(format!("cannot start {} threads: {e}", config.threads))
        })?;
    let (sender, receiver) = mpsc::channel::<GameRow>();
    let played = pending.len();
    // External agents' processes: one per agent and worker, stopped when this returns.
    let seating = Seating::new(Some(config.out.join("logs")));
    let seating = &seating;
    let written: Result<(), ArenaError> = std::thread::scope(|scope| {
        scope.spawn(|| {
            pool.install(|| {
                pending.par_iter().for_each_init(
                    || {
                        let cache = AgentCache::<G>::new(identity, &config.game, seating);
                        (sender.clone(), cache)
                    },
                    |(sender, cache), game| {
                        let row = play_scheduled(&start, identity, cache, game);
                        // The receiver only hangs up after a write error; then the run
                        // is stopping anyway.
                        let _ = sender.send(row);
                    },
                )
            });
            drop(sender);
        });
        let mut last_sync = Instant::now();
        let mut result = Ok(());
        loop {
            match receiver.recv_timeout(Duration::from_millis(200)) {
                Ok(row) => {
                    if result.is_ok() {
                        result = appender.append(&row);
                    }
                    rows.push(row);
                    progress.inc(1);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if result.is_ok() && last_sync.elapsed() >= Duration::from_secs(1) {
                result = appender.sync();
                last_sync = Instant::now();
            }
        }
        result.and_then(|()| appender.sync())
    });
    progress.finish_and_clear();
    written?;
    rows.sort_by_key(|row| row.game_id);
    Ok((rows, played))
}

/// Checks rows read back from `path` against the schedule: each must be a scheduled
/// game, with its seed and agents, recorded once (or twice alike). Returns the rows, each
/// game once, in no particular order.
///
/// # Errors
/// The first row that breaks the rule, named by its file and line.
pub(crate) fn check_against_schedule(
    path: &Path,
    rows: Vec<GameRow>,
    schedule: &[ScheduledGame],
    identity: &RunIdentity,
) -> Result<Vec<GameRow>, ArenaError> {
    let mut seen: HashMap<u64, GameRow> = HashMap::new();
    for (index, row) in rows.into_iter().enumerate() {
        let line = index + 2;
        let expected = schedule.get(row.game_id as usize).ok_or_else(|| {
            ArenaError::input(format!(
                "{}:{line}: game_id {} is not in this run's schedule of {} games",
                path.display(),
                row.game_id,
                schedule.len()
            ))
        })?;
        let names: Vec<&str> = expected
            .seats
            .iter()
            .map(|&agent| identity.agent[agent].name.as_str())
            .collect();
        if row.seed != expected.seed || row.seats != names {
            return Err(ArenaError::input(format!(
                "{}:{line}: game {} records seed {} for {}: the schedule says seed {} for {}",
                path.display(),
                row.game_id,
                row.seed,
                row.seats.join(" vs "),
                expected.seed,
                names.join(" vs ")
            )));
        }
        if let Some(previous) = seen.get(&row.game_id) {
            if previous != &row {
                return Err(ArenaError::input(format!(
                    "{}:{line}: game {} is recorded twice, differently",
                    path.display(),
                    row.game_id
                )));
            }
        }
        seen.insert(row.game_id, row);
    }
    Ok(seen.into_values().collect())
}

/// Agents built once per worker and reset before each game.
struct AgentCache<'a, G: Game> {
    entries: &'a [AgentEntry],
    game: &'a GameSpec,
    seating: &'a Seating,
    agents: Vec<Option<Box<dyn Agent<G>>>>,
}

impl<'a, G: Evaluate> AgentCache<'a, G> {
    fn new(identity: &'a RunIdentity, game: &'a GameSpec, seating: &'a Seating) -> Self {
        AgentCache {
            entries: &identity.agent,
            game,
            seating,
            agents: identity.agent.iter().map(|_| None).collect(),
        }
    }

    /// The agents with these indices (distinct: a schedule seats an agent once per
    /// game), built on first use, in seat order.
    fn seats(&mut self, seats: &[usize]) -> Vec<&mut dyn Agent<G>> {
        for &index in seats {
            if self.agents[index].is_none() {
                // The config was validated, so every spec builds.
                let agent = external::build::<G>(&self.entries[index], self.game, self.seating)
                    .expect("validated spec");
                self.agents[index] = Some(agent);
            }
        }
        let mut slots: Vec<Option<&mut Box<dyn Agent<G>>>> =
            self.agents.iter_mut().map(Option::as_mut).collect();
        seats
            .iter()
            .map(|&index| -> &mut dyn Agent<G> {
                &mut **slots[index].take().expect("each agent once per game")
            })
            .collect()
    }
}

/// Plays one scheduled game and records it.
fn play_scheduled<G: Evaluate>(
    start: &G,
    identity: &RunIdentity,
    cache: &mut AgentCache<G>,
    game: &ScheduledGame,
) -> GameRow {
    let setup = GameSetup {
        seed: game.seed,
        opening_plies: identity.opening_plies,
        max_plies: identity.max_plies,
    };
    let mut seats = cache.seats(&game.seats);
    let played = play_game(start, &mut seats, &setup, |_, _| {});
    let seats = game
        .seats
        .iter()
        .map(|&agent| identity.agent[agent].name.clone())
        .collect();
    GameRow::from_played(game.game_id, game.pairing, game.seed, seats, &played)
}

/// A progress bar on standard error when it is a terminal, hidden otherwise.
fn progress_bar(total: u64, done: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_position(done);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}
