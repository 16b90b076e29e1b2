//! Shards: names given to `--shard` (even modes) print back and parse to the same shard;
//! `shard.toml` records (odd modes) read by `arena merge` write back and read the same.

#![no_main]

use arena::shard::{Shard, ShardRecord};
use leapfrog_arena_fuzz::{mode, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((mode, rest)) = mode(bytes) else {
        return;
    };
    let text = text(rest);
    if mode % 2 == 0 {
        if let Ok(shard) = text.parse::<Shard>() {
            assert!(shard.index < shard.count);
            let again: Shard = shard.to_string().parse().expect("printed shard parses");
            assert_eq!(again, shard);
        }
    } else if let Ok(record) = toml::from_str::<ShardRecord>(&text) {
        let printed = toml::to_string(&record).expect("record prints");
        let again: ShardRecord = toml::from_str(&printed).expect("printed record reads back");
        assert_eq!(again, record);
    }
});
