//! A round-robin run (`arena run`, and each shard of one): the schedule's games not yet
//! played, played on the [`Runner`], appended to the run folder's `games.csv` and added
//! to the run's aggregates ([`Tally`]) as they finish; then the folder's files written by
//! [`crate::run_folder`]. No game is held once it is written: a run's memory does not
//! grow with its games (but for a bit a game of the schedule, and the aggregates').

use std::path::Path;

use agents::referee::Refereed;
use agents::Playable;
use engine::with_game;
use rayon::prelude::*;

use crate::config::{RunIdentity, TournamentConfig};
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow, RowReader};
use crate::progress::Progress;
use crate::run_folder::{self, GamesCsv};
use crate::runner::writer::RowWriter;
use crate::runner::{Job, Runner};
use crate::schedule::Schedule;
use crate::shard::Shard;
use crate::tally::Tally;

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
    let (resuming, _held) =
        run_folder::open(config, options.resume, options.force, &options.command)?;
    if let Some(shard) = options.shard {
        run_folder::claim_shard(config, shard, resuming)?;
    }
    let Pending {
        tally,
        games,
        played,
        games_csv,
    } = with_game!(config.game.kind, G => play_pending::<G>(config, resuming, options.shard)?);
    let table = match tally {
        None => {
            run_folder::write_shard(&config.out, games_csv)?;
            None
        }
        Some(tally) => Some(run_folder::write_finished(
            &config.out,
            &config.identity,
            tally,
            games_csv,
        )?),
    };
    Ok(RunDone {
        games: games as usize,
        played,
        table,
    })
}

/// Plays every scheduled game (of the shard) not yet in the folder's `games.csv` (read
/// back when `resuming`), appending rows as games finish and adding them to the run's
/// aggregates (a shard keeps none: `arena merge` reads its rows). Nothing of a game is
/// kept once its row is written and added.
fn play_pending<G: Playable + Refereed>(
    config: &TournamentConfig,
    resuming: bool,
    shard: Option<Shard>,
) -> Result<Pending, ArenaError> {
    let identity = &config.identity;
    let players = config.players;
    let in_shard = |game_id: u64| shard.is_none_or(|s| s.holds(game_id));
    // Games are computed from their ids: the schedule itself takes no memory of its
    // length.
    let schedule = Schedule::new(identity.round_robin(players));
    let games_path = config.out.join("games.csv");
    let names: Vec<String> = identity.agent.iter().map(|a| a.name.clone()).collect();
    let mut tally = shard.is_none().then(|| {
        let mut tally = Tally::new(names, players, &config.out);
        tally.expect_games(schedule.len());
        tally
    });
    let mut finished = FinishedGames::new();
    let keep = if resuming {
        read_finished(
            &games_path,
            players,
            &schedule,
            identity,
            shard,
            &mut finished,
            tally.as_mut(),
        )?
    } else {
        0
    };
    let recorded = finished.count();
    let pending = (0..schedule.len())
        .filter(|&id| in_shard(id) && !finished.holds(id))
        .count() as u64;

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
    .with_opening_balance(identity.opening_balance)
    .with_programs(
        &identity.game,
        identity.agent.clone(),
        Some(config.out.join("logs")),
    )?;
    let progress = Progress::new("run", "games", pending + recorded, recorded);
    // In order of game_id: on one thread the rows are appended sorted.
    let jobs = (0..schedule.len())
        .into_par_iter()
        .filter(|&id| in_shard(id) && !finished.holds(id))
        .filter_map(|id| schedule.get(id))
        .map(|game| Job {
            id: game.game_id,
            seed: game.seed,
            rotation: game.rotation,
            seats: game.seats,
        });
    let mut played = 0;
    let streamed = runner.play_streamed(
        jobs,
        |job, done| {
            let seats = job
                .seats
                .iter()
                .map(|&agent| identity.agent[agent].name.clone())
                .collect();
            let pairing = schedule.get(job.id).map_or(0, |game| game.pairing);
            GameRow::from_played::<G>(job.id, pairing, job.seed, seats, &done.played)
        },
        &mut writer,
        |row| {
            progress.inc();
            row.to_line()
        },
        |row| {
            played += 1;
            match tally.as_mut() {
                Some(tally) => tally.add(&row),
                None => Ok(()),
            }
        },
    );
    progress.finish();
    streamed?;
    let games_csv = if writer.holds_sorted_rows() {
        GamesCsv::Sorted
    } else {
        GamesCsv::ToSort { players }
    };
    Ok(Pending {
        tally,
        games: recorded + played as u64,
        played,
        games_csv,
    })
}

/// A run whose pending games are played.
struct Pending {
    /// The aggregates of every game, old and new; none for a shard.
    tally: Option<Tally>,
    /// Games in the run folder.
    games: u64,
    /// How many games were played now.
    played: usize,
    /// Whether `games.csv` already holds the rows sorted.
    games_csv: GamesCsv,
}

/// Which games of the schedule a folder holds: one bit a game, up to the last game
/// held (nothing for a fresh run).
pub(crate) struct FinishedGames {
    bits: Vec<u64>,
    count: u64,
}

impl FinishedGames {
    /// None.
    pub(crate) fn new() -> FinishedGames {
        FinishedGames {
            bits: Vec::new(),
            count: 0,
        }
    }

    /// Whether game `id` is held.
    pub(crate) fn holds(&self, id: u64) -> bool {
        self.bits
            .get((id / 64) as usize)
            .is_some_and(|word| word & (1 << (id % 64)) != 0)
    }

    /// Notes game `id` (of the schedule) as held; `false` if it already was.
    pub(crate) fn insert(&mut self, id: u64) -> bool {
        let at = (id / 64) as usize;
        if self.bits.len() <= at {
            self.bits.resize(at + 1, 0);
        }
        let word = &mut self.bits[at];
        let bit = 1 << (id % 64);
        let new = *word & bit == 0;
        *word |= bit;
        self.count += u64::from(new);
        new
    }

    /// Games held.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }
}

/// Reads back the rows of an interrupted run at `path`, one at a time: each is checked
/// against the schedule (and the shard), noted in `finished` and added to `tally`, each
/// game once. Returns the bytes of whole rows (a torn last row is dropped).
///
/// # Errors
/// The first row that breaks a rule, named by its file and line.
fn read_finished(
    path: &Path,
    players: usize,
    schedule: &Schedule,
    identity: &RunIdentity,
    shard: Option<Shard>,
    finished: &mut FinishedGames,
    mut tally: Option<&mut Tally>,
) -> Result<u64, ArenaError> {
    let mut reader = RowReader::open(path, players)?;
    while let Some(row) = reader.next_row()? {
        let line = reader.line_number();
        check_row(path, line, &row, schedule, identity)?;
        if let Some(shard) = shard.filter(|s| !s.holds(row.game_id)) {
            return Err(ArenaError::input(format!(
                "{}: game {} does not belong to shard {shard}",
                path.display(),
                row.game_id,
            )));
        }
        if !finished.insert(row.game_id) {
            check_repeat(path, line, &row, players)?;
            continue;
        }
        if let Some(tally) = tally.as_mut() {
            tally.add(&row)?;
        }
    }
    Ok(reader.complete_len())
}

/// Checks that `row`, a game recorded again at `line` of `path`, is the game recorded
/// first (a resume may append a game a kill kept from being counted). Reads the file
/// from the start: a game is rarely recorded twice.
///
/// # Errors
/// The rows differ.
pub(crate) fn check_repeat(
    path: &Path,
    line: usize,
    row: &GameRow,
    players: usize,
) -> Result<(), ArenaError> {
    let mut reader = RowReader::open(path, players)?;
    while let Some(first) = reader.next_row()? {
        if first.game_id == row.game_id {
            if &first != row {
                return Err(ArenaError::input(format!(
                    "{}:{line}: game {} is recorded twice, differently",
                    path.display(),
                    row.game_id
                )));
            }
            return Ok(());
        }
    }
    Ok(())
}

/// Checks a row read back from `path` (at line `line`) against the schedule: it must be
/// a scheduled game, with its seed and agents.
///
/// # Errors
/// The row breaks the rule, named by its file and line.
pub(crate) fn check_row(
    path: &Path,
    line: usize,
    row: &GameRow,
    schedule: &Schedule,
    identity: &RunIdentity,
) -> Result<(), ArenaError> {
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
    Ok(())
}
