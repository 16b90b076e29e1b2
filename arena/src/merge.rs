//! `arena merge`: the shards of one run checked (every shard once, each whole, each row
//! the game the schedule says) and put together into the files a single run would have
//! written, byte for byte. Each shard's `games.csv` is read a row at a time, a few times
//! over (to check it, then to merge it): the merge holds one row of each shard, never a
//! shard's rows.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use engine::GameSpec;

use crate::config::RunIdentity;
use crate::console::counted;
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow, RowReader};
use crate::output::write_atomically_with;
use crate::run_folder::{self, parse_recorded, GamesCsv};
use crate::schedule::Schedule;
use crate::shard::{record, Shard, ShardRecord, SHARD_FILE};
use crate::tally::Tally;
use crate::tournament::check_row;

/// One shard read back: its records, and what a first reading of its rows found.
struct ReadShard {
    dir: PathBuf,
    identity: RunIdentity,
    record: ShardRecord,
    players: usize,
    /// Distinct games in `games.csv`, where its rows are in order of game_id.
    games: u64,
    /// Whether the rows are in order of game_id (a finished shard's are).
    in_order: bool,
    /// Whether some row is a game of another shard.
    stray: bool,
}

impl ReadShard {
    fn games_csv(&self) -> PathBuf {
        self.dir.join("games.csv")
    }
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
    // Every row must parse; the rest is counted as it goes by.
    let shard = Shard {
        index: record.index,
        count: record.count.max(1),
    };
    let mut reader = RowReader::open(&games, players)?;
    let (mut last, mut count, mut in_order, mut stray) = (None, 0, true, false);
    while let Some(row) = reader.next_row()? {
        in_order &= last.is_none_or(|last| last <= row.game_id);
        count += u64::from(last != Some(row.game_id));
        stray |= !shard.holds(row.game_id);
        last = Some(row.game_id);
    }
    Ok(ReadShard {
        dir: dir.to_path_buf(),
        identity,
        record,
        players,
        games: count,
        in_order,
        stray,
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
        if shard.games != shard.record.games || shard.stray {
            return Err(ArenaError::input(format!(
                "incomplete shard: {} holds {} of its {}; finish it with `arena run \
                 CONFIG --shard {index}/{count} --out {} --resume`",
                shard.dir.display(),
                shard.games,
                counted(shard.record.games, "game"),
                shard.dir.display()
            )));
        }
        if !shard.in_order {
            return Err(ArenaError::input(format!(
                "unfinished shard: {} is not in order of game_id; finish it with `arena \
                 run CONFIG --shard {index}/{count} --out {} --resume`",
                shard.games_csv().display(),
                shard.dir.display()
            )));
        }
    }
    // Every row must be a game of the schedule, with its seed and agents, and a game
    // recorded twice must be recorded alike.
    let schedule = Schedule::new(first.identity.round_robin(players));
    for shard in &shards {
        check_rows(shard, &schedule, &first.identity)?;
    }
    let expected = schedule.len();
    let games: u64 = shards.iter().map(|shard| shard.games).sum();
    if games != expected {
        return Err(ArenaError::input(format!(
            "incomplete run: the shards hold {games} of the run's {}",
            counted(expected, "game")
        )));
    }

    let identity = first.identity.clone();
    let identity = &identity;
    let _held = run_folder::create_merged(out, identity, force, command)?;
    let names = identity.agent.iter().map(|a| a.name.clone()).collect();
    let mut tally = Tally::new(names, players, out);
    tally.expect_games(games);
    merge_rows(&shards, &out.join("games.csv"), players, &mut tally)?;
    let table = run_folder::write_finished(out, identity, tally, GamesCsv::Sorted)?;
    Ok(Merged {
        shards: count,
        games: games as usize,
        table,
    })
}

/// Checks each row of a shard against the schedule, and that a game recorded twice (on
/// neighbouring rows, the rows being in order) is recorded alike.
///
/// # Errors
/// The first row that breaks a rule, named by its file and line.
fn check_rows(
    shard: &ReadShard,
    schedule: &Schedule,
    identity: &RunIdentity,
) -> Result<(), ArenaError> {
    let path = shard.games_csv();
    let mut reader = RowReader::open(&path, shard.players)?;
    let mut last: Option<GameRow> = None;
    while let Some(row) = reader.next_row()? {
        let line = reader.line_number();
        check_row(&path, line, &row, schedule, identity)?;
        if last
            .as_ref()
            .is_some_and(|last| last.game_id == row.game_id && *last != row)
        {
            return Err(ArenaError::input(format!(
                "{}:{line}: game {} is recorded twice, differently",
                path.display(),
                row.game_id
            )));
        }
        last = Some(row);
    }
    Ok(())
}

/// Writes the rows of every shard into `games` in order of game_id, each game once, and
/// adds each to `tally`: a merge of the shards' sorted files, one row of each at a time.
///
/// # Errors
/// A shard cannot be read again, or `games` cannot be written.
fn merge_rows(
    shards: &[ReadShard],
    games: &Path,
    players: usize,
    tally: &mut Tally,
) -> Result<(), ArenaError> {
    let mut readers = shards
        .iter()
        .map(|shard| RowReader::open(&shard.games_csv(), players))
        .collect::<Result<Vec<_>, _>>()?;
    let mut heads = readers
        .iter_mut()
        .map(RowReader::next_row)
        .collect::<Result<Vec<_>, _>>()?;
    let mut written: Option<u64> = None;
    write_atomically_with(games, |file| {
        let io = |e| ArenaError::io(games, "write", e);
        writeln!(file, "{}", games_csv::header(players)).map_err(io)?;
        loop {
            let next = heads
                .iter()
                .enumerate()
                .filter_map(|(index, head)| head.as_ref().map(|row| (row.game_id, index)))
                .min();
            let Some((id, index)) = next else {
                return Ok(());
            };
            let row = heads[index].take().expect("the smallest head");
            // A game recorded twice (alike, as checked) is written once.
            if written != Some(id) {
                file.write_all(row.to_line().as_bytes()).map_err(io)?;
                tally.add(&row)?;
                written = Some(id);
            }
            heads[index] = readers[index].next_row()?;
        }
    })
}
