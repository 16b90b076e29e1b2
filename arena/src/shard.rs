//! Shards: one run split across machines. `arena run --shard K/N` plays the games whose
//! id is K modulo N into a folder of its own, and `arena merge` checks the shards and
//! writes the files a single run would have written, byte for byte.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::Args;
use engine::GameSpec;
use serde::{Deserialize, Serialize};

use crate::cli::stdout_error;
use crate::config::RunIdentity;
use crate::error::ArenaError;
use crate::games_csv::{self, GameRow};
use crate::output::{self, Claim};
use crate::report;
use crate::schedule::{round_robin, schedule_len};
use crate::tournament::{check_against_schedule, parse_recorded, RUN_FILES};

/// A share of a run's games: those whose id is `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which share, from 0.
    pub index: u32,
    /// How many shares the run is split into.
    pub count: u32,
}

impl Shard {
    /// Whether game `game_id` belongs to this shard. The partition depends on the game
    /// ids alone, never on threads or timing.
    pub fn holds(&self, game_id: u64) -> bool {
        game_id % u64::from(self.count) == u64::from(self.index)
    }
}

impl FromStr for Shard {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Shard, ArenaError> {
        let error = || {
            ArenaError::input(format!(
                "bad shard {text:?}: expected K/N with 0 <= K < N, e.g. \"0/3\""
            ))
        };
        let (index, count) = text.split_once('/').ok_or_else(error)?;
        let index: u32 = index.trim().parse().map_err(|_| error())?;
        let count: u32 = count.trim().parse().map_err(|_| error())?;
        if index >= count {
            return Err(error());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `shard.toml` in a shard's folder: which run it belongs to and which games it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardRecord {
    /// The hash of the run's identity (the resolved config without `out` and `threads`).
    pub config_hash: String,
    /// Which shard.
    pub index: u32,
    /// Of how many.
    pub count: u32,
    /// How many games the shard holds: the ids `index`, `index + count`, ... below
    /// `total`.
    pub games: u64,
    /// Games in the whole run.
    pub total: u64,
}

/// The name of a shard's record in its folder.
pub const SHARD_FILE: &str = "shard.toml";

/// A stable hash of a run's identity: FNV-1a over its TOML form, in hex.
pub fn config_hash(identity: &RunIdentity) -> String {
    let text = toml::to_string(identity).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The record of `shard` of a run with `identity` and `total` games.
pub fn record(identity: &RunIdentity, shard: Shard, total: u64) -> ShardRecord {
    let (index, count) = (u64::from(shard.index), u64::from(shard.count));
    let games = total / count + u64::from(index < total % count);
    ShardRecord {
        config_hash: config_hash(identity),
        index: shard.index,
        count: shard.count,
        games,
        total,
    }
}

/// `arena merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The folder to write the merged run to.
    pub out: PathBuf,
    /// The shards' folders, every shard of the run once.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Replace whatever run the output folder holds.
    #[arg(long)]
    pub force: bool,
}

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
        crate::config::toml_error(&dir.join(SHARD_FILE), &record_text, "a shard record", &e)
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

/// Runs `arena merge`.
///
/// # Errors
/// Shards of different runs (foreign), a shard missing or given twice, an incomplete
/// shard, a row that is not the game the schedule says (named by file and line), or I/O
/// failures: each named, with exit code 2 for the shards' problems.
pub fn merge_command(args: &MergeArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let shards = args
        .shards
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
    let total = schedule_len(&first.identity, players).ok_or_else(|| {
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
                 of {} games and config hash {}, the config makes that {} of {} games and \
                 hash {}",
                shard.dir.join(SHARD_FILE).display(),
                shard.record.games,
                shard.record.total,
                shard.record.config_hash,
                expected.games,
                expected.total,
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
                "incomplete shard: {} holds {} of its {} games; finish it with `arena run \
                 CONFIG --shard {index}/{count} --out {} --resume`",
                shard.dir.display(),
                ids.len(),
                shard.record.games,
                shard.dir.display()
            )));
        }
    }
    // Every row must be a game of the schedule, with its seed and agents.
    let schedule = round_robin(&first.identity, players);
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
    if rows.len() != expected {
        return Err(ArenaError::input(format!(
            "incomplete run: the shards hold {} of the run's {expected} games",
            rows.len()
        )));
    }
    if output::claim(&args.out, &RUN_FILES, false, args.force)? == Claim::Resume {
        unreachable!("merge never resumes");
    }
    let recorded = crate::tournament::recorded_config_text(
        identity,
        &std::env::args().collect::<Vec<_>>().join(" "),
    )?;
    games_csv::write_atomically(&args.out.join("config.toml"), recorded.as_bytes())?;
    let report = report::build(identity, &rows, players);
    for (name, contents) in [
        ("games.csv", games_csv::sorted_text(&rows, players)),
        ("pairs.csv", report.pairs),
        ("standings.csv", report.standings),
        ("summary.csv", report.summary),
    ] {
        games_csv::write_atomically(&args.out.join(name), contents.as_bytes())?;
    }
    write!(out, "{}", report.table).map_err(stdout_error)?;
    writeln!(
        out,
        "merged {count} shards: {} games; results in {}",
        rows.len(),
        args.out.display()
    )
    .map_err(stdout_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        let shard: Shard = "1/3".parse().unwrap();
        assert_eq!(shard, Shard { index: 1, count: 3 });
        assert!(shard.holds(4) && !shard.holds(3));
        for bad in ["3/3", "1", "a/3", "1/0", "-1/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let identity = RunIdentity::for_tests(&["a", "b"]);
        assert_eq!(record(&identity, shard, 10).games, 3);
        assert_eq!(config_hash(&identity), config_hash(&identity.clone()));
        let mut other = identity.clone();
        other.seed += 1;
        assert_ne!(config_hash(&identity), config_hash(&other));
    }
}
