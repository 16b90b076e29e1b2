//! `arena merge`: the shards of one run checked (every shard once, each whole, each row
//! the game the schedule says) and put together into the files a single run would have
//! written, byte for byte.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use engine::GameSpec;

use crate::config::RunIdentity;
use crate::console::counted;
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow};
use crate::run_folder::{self, parse_recorded, GamesCsv};
use crate::schedule::Schedule;
use crate::shard::{record, Shard, ShardRecord, SHARD_FILE};
use crate::tournament::check_against_schedule;

/// One shard read back.
struct ReadShard {
    dir: PathBuf,
    identity: RunIdentity,
    record: ShardRecord,
    rows: Vec<GameRow>,
}

fn read_shard(dir: &Path) -> Result<ReadShard, ArenaError> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| {
            ArenaError::input(format!(
                "{} is not a shard: cannot read {}: {e}",
                dir.display(),
                path.display()
            ))
        })
    };
    let config_path = dir.join("config.toml");
    let identity = parse_recorded(&config_path, &read("config.toml")?)?;
    let record_text = read(SHARD_FILE)?;
    let record: ShardRecord = toml::from_str(&record_text).map_err(|e| {
        crate::toml_errors::toml_error(&dir.join(SHARD_FILE), &record_text, "a shard record", &e)
    })?;
    let game: GameSpec = identity.game.parse()?;
    let players = game.limits()?.players;
    // A shard without its games is the shard's problem (exit code 2), not an I/O
    // failure of the merge.
    let games = dir.join("games.csv");
    std::fs::metadata(&games).map_err(|e| {
        ArenaError::input(format!(
            "{} is not a shard: cannot read {}: {e}",
            dir.display(),
            games.display()
        ))
    })?;
    let rows = games_csv::read(&games, players)?.rows;
    Ok(ReadShard {
        dir: dir.to_path_buf(),
        identity,
        record,
        rows,
    })
}

/// A merged run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// How many shards the run was split into.
    pub shards: u32,
    /// Games in the run.
    pub games: usize,
    /// The standings table to print.
    pub table: String,
}

/// Merges the shards in `dirs` into the run folder `out`: checks that they are every
/// shard of one run, each whole, each row the game the schedule says, then writes the
/// files the whole run would have written.
///
/// # Errors
/// Shards of different runs (foreign), a shard missing or given twice, an incomplete
/// shard, a row that is not the game the schedule says (named by file and line), or I/O
/// failures: each named, with exit code 2 for the shards' problems.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
    command: &str,
) -> Result<Merged, ArenaError> {
    let shards = dirs
        .iter()
        .map(|dir| read_shard(dir))
        .collect::<Result<Vec<_>, _>>()?;
    let first = &shards[0];
    let count = first.record.count;
    let mut seen: HashMap<u32, &Path> = HashMap::new();
    for shard in &shards {
        if shard.record.config_hash != first.record.config_hash
            || shard.identity != first.identity
            || shard.record.count != count
        {
            return Err(ArenaError::input(format!(
                "foreign shard: {} belongs to another run than {} (config hash {} of {} \
                 shards, against {} of {})",
                shard.dir.display(),
                first.dir.display(),
                shard.record.config_hash,
                shard.record.count,
                first.record.config_hash,
                count
            )));
        }
        let index = shard.record.index;
        if index >= count {
            return Err(ArenaError::input(format!(
                "{}: shard {index}/{count}: expected 0 <= index < count",
                shard.dir.join(SHARD_FILE).display()
            )));
        }
        if let Some(other) = seen.insert(index, &shard.dir) {
            return Err(ArenaError::input(format!(
                "duplicate shard: {} and {} are both shard {index}/{count}",
                other.display(),
                shard.dir.display(),
            )));
        }
    }
    // Were one missing, one of the first `shards.len() + 1` indices is.
    if let Some(missing) = (0..count)
        .take(shards.len() + 1)
        .find(|index| !seen.contains_key(index))
    {
        return Err(ArenaError::input(format!(
            "missing shard: no folder given holds shard {missing}/{count}"
        )));
    }

    // The records must be those of the recorded config, and each shard whole, before the
    // schedule (as long as the config says) is built.
    let game: GameSpec = first.identity.game.parse()?;
    let players = game.limits()?.players;
    let total = first.identity.round_robin(players).games().ok_or_else(|| {
        ArenaError::input(format!(
            "{}: a run of more games than can be counted",
            first.dir.join("config.toml").display()
        ))
    })?;
    for shard in &shards {
        let index = shard.record.index;
        let expected = record(&first.identity, Shard { index, count }, total);
        if shard.record != expected {
            return Err(ArenaError::input(format!(
                "{}: not the record of shard {index}/{count} of its config.toml: it says {} \
                 of {} and config hash {}, the config makes that {} of {} and hash {}",
                shard.dir.join(SHARD_FILE).display(),
                shard.record.games,
                counted(shard.record.total, "game"),
                shard.record.config_hash,
                expected.games,
                counted(expected.total, "game"),
                expected.config_hash
            )));
        }
        let ids: HashSet<u64> = shard.rows.iter().map(|r| r.game_id).collect();
        let stray = shard
            .rows
            .iter()
            .find(|r| !Shard { index, count }.holds(r.game_id));
        if ids.len() as u64 != shard.record.games || stray.is_some() {
            return Err(ArenaError::input(format!(
                "incomplete shard: {} holds {} of its {}; finish it with `arena run \
                 CONFIG --shard {index}/{count} --out {} --resume`",
                shard.dir.display(),
                ids.len(),
                counted(shard.record.games, "game"),
                shard.dir.display()
            )));
        }
    }
    // Every row must be a game of the schedule, with its seed and agents.
    let schedule = Schedule::new(first.identity.round_robin(players));
    for shard in &shards {
        check_against_schedule(
            &shard.dir.join("games.csv"),
            shard.rows.clone(),
            &schedule,
            &first.identity,
        )?;
    }

    let identity = first.identity.clone();
    let identity = &identity;
    let mut rows: Vec<GameRow> = shards.into_iter().flat_map(|s| s.rows).collect();
    rows.sort_by_key(|row| row.game_id);
    rows.dedup_by_key(|row| row.game_id);
    let expected = schedule.len();
    if rows.len() as u64 != expected {
        return Err(ArenaError::input(format!(
            "incomplete run: the shards hold {} of the run's {}",
            rows.len(),
            counted(expected, "game")
        )));
    }
    let _held = run_folder::create_merged(out, identity, force, command)?;
    let table = run_folder::write_finished(out, identity, &rows, players, GamesCsv::ToSort)?;
    Ok(Merged {
        shards: count,
        games: rows.len(),
        table,
    })
}
