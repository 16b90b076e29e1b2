//! Shards: one run split across machines. `arena run --shard K/N` plays the games whose
//! id is K modulo N into a folder of its own, recorded by its `shard.toml`; `arena merge`
//! ([`crate::merge`]) puts them together.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::config::RunIdentity;
use crate::error::ArenaError;

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
