//! A round-robin run (`arena run`, and each shard of one): the schedule's games not yet
//! played, played on the [`Runner`] and appended to the run folder's `games.csv` as they
//! finish; then the folder's files written by [`crate::run_folder`].

use std::collections::{HashMap, HashSet};
use std::path::Path;

use agents::Playable;
use engine::with_game;

use crate::config::{RunIdentity, TournamentConfig};
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow, ReadRows};
use crate::progress::Progress;
use crate::run_folder::{self, GamesCsv};
use crate::runner::writer::RowWriter;
use crate::runner::{Job, Order, Runner};
use crate::schedule::{Schedule, ScheduledGame};
use crate::shard::Shard;

/// How `arena run` was asked to treat its output folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Finish an interrupted run.
    pub resume: bool,
    /// Replace whatever run the folder holds.
    pub force: bool,
    /// Play only this shard of the run.
    pub shard: Option<Shard>,
    /// The command line, recorded in `config.toml`.
    pub command: String,
}

/// A finished run (or shard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunDone {
    /// Games in the run folder.
    pub games: usize,
    /// Games played now (the others were recorded by an interrupted run).
    pub played: usize,
    /// The standings table to print; none for a shard, whose summaries `arena merge`
    /// writes.
    pub table: Option<String>,
}

/// Runs the tournament of `config` into its output folder.
///
/// # Errors
/// An output folder that holds another run, unreadable results to resume, or I/O
/// failures.
pub fn run(config: &TournamentConfig, options: &RunOptions) -> Result<RunDone, ArenaError> {
    let (done, _held) = run_folder::open(config, options.resume, options.force, &options.command)?;
    if let Some(shard) = options.shard {
        run_folder::claim_shard(config, shard, done.is_some())?;
    }
    let Pending {
        rows,
        played,
        games_csv,
    } = with_game!(config.game.kind, G => play_pending::<G>(config, done, options.shard)?);
    let players = config.players;
    let table = match options.shard {
        Some(_) => {
            run_folder::write_shard(&config.out, &rows, players, games_csv)?;
            None
        }
        None => Some(run_folder::write_finished(
            &config.out,
            &config.identity,
            &rows,
            players,
            games_csv,
        )?),
    };
    Ok(RunDone {
        games: rows.len(),
        played,
        table,
    })
}

/// Plays every scheduled game (of the shard) not yet in `done`, appending rows as games
/// finish. Returns all rows (old and new), sorted by game_id, and how many games were
/// played now.
fn play_pending<G: Playable>(
    config: &TournamentConfig,
    done: Option<ReadRows>,
    shard: Option<Shard>,
) -> Result<Pending, ArenaError> {
    let identity = &config.identity;
    let players = config.players;
    let in_shard = |game_id: u64| shard.is_none_or(|s| s.holds(game_id));
    // Games are computed from their ids: the schedule itself takes no memory of its
    // length (the config bounded the count, whose rows the run keeps).
    let schedule = Schedule::new(identity.round_robin(players));
    let games_path = config.out.join("games.csv");
    let (mut rows, keep) = match done {
        Some(read) => (
            check_against_schedule(&games_path, read.rows, &schedule, identity)?,
            read.complete_len,
        ),
        None => (Vec::new(), 0),
    };
    let finished: HashSet<u64> = rows.iter().map(|r| r.game_id).collect();
    if let Some(stray) = rows.iter().find(|row| !in_shard(row.game_id)) {
        return Err(ArenaError::input(format!(
            "{}: game {} does not belong to shard {}",
            games_path.display(),
            stray.game_id,
            shard.map_or(String::new(), |s| s.to_string())
        )));
    }
    let pending: Vec<ScheduledGame> = (0..schedule.len())
        .filter(|&id| in_shard(id) && !finished.contains(&id))
        .filter_map(|id| schedule.get(id))
        .collect();
    let jobs: Vec<Job> = pending
        .iter()
        .map(|game| Job {
            id: game.game_id,
            seed: game.seed,
            rotation: game.rotation,
            seats: game.seats.clone(),
        })
        .collect();

    let mut writer = RowWriter::open(&games_path, keep, &games_csv::header(players))?;
    let roster = identity.agent.iter().map(|a| a.spec.clone()).collect();
    let start = G::new(&config.game.options)?;
    let runner = Runner::new(
        start,
        identity.opening_plies,
        identity.max_plies,
        config.threads,
        roster,
    )?
    .with_programs(
        &identity.game,
        identity.agent.clone(),
        Some(config.out.join("logs")),
    )?;
    let progress = Progress::new(
        "run",
        "games",
        jobs.len() as u64 + rows.len() as u64,
        rows.len() as u64,
    );
    let new_rows = runner.play(
        &jobs,
        |job, finished| {
            let seats = job
                .seats
                .iter()
                .map(|&agent| identity.agent[agent].name.clone())
                .collect();
            // `pending` is in order of game_id, as the schedule lists games.
            let pairing = pending
                .binary_search_by_key(&job.id, |game| game.game_id)
                .map(|index| pending[index].pairing)
                .expect("every job is a pending game");
            GameRow::from_played::<G>(job.id, pairing, job.seed, seats, &finished.played)
        },
        &mut writer,
        |row| {
            progress.inc();
            row.to_line()
        },
        Order::AsFinished,
    );
    progress.finish();
    let new_rows = new_rows?;
    let played = new_rows.len();
    rows.extend(new_rows);
    rows.sort_by_key(|row| row.game_id);
    let games_csv = if writer.holds_sorted_rows() {
        GamesCsv::Sorted
    } else {
        GamesCsv::ToSort
    };
    Ok(Pending {
        rows,
        played,
        games_csv,
    })
}

/// Every row of a run once its pending games are played.
struct Pending {
    /// All rows, old and new, sorted by game_id.
    rows: Vec<GameRow>,
    /// How many games were played now.
    played: usize,
    /// Whether `games.csv` already holds the rows sorted.
    games_csv: GamesCsv,
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
    schedule: &Schedule,
    identity: &RunIdentity,
) -> Result<Vec<GameRow>, ArenaError> {
    let mut seen: HashMap<u64, GameRow> = HashMap::new();
    for (index, row) in rows.into_iter().enumerate() {
        let line = index + 2;
        let expected = schedule.get(row.game_id).ok_or_else(|| {
            ArenaError::input(format!(
                "{}:{line}: game_id {} is not in this run's schedule of {}",
                path.display(),
                row.game_id,
                crate::console::counted(schedule.len(), "game")
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
