//! The transposition table of the alpha-beta search: a fixed-size table of search
//! results keyed by the position's Zobrist hash, allocated once per agent.
//!
//! Each bucket holds two entries: one kept for the deepest search (replaced only by an
//! equal or deeper one, or by any entry of a newer search) and one always replaced.
//! Entries store the full 64-bit key, so a wrong hit needs a full hash collision.

/// What a stored value says about the position's true value at the stored depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The true value is at most the stored value (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value, as the search stored it.
    pub value: i32,
    /// The depth searched below the position.
    pub depth: u32,
    /// What the value says.
    pub bound: Bound,
    /// The index of the best move in the position's move list, if the search found one.
    pub best: Option<usize>,
}

/// A stored entry, 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    value: i32,
    depth: u8,
    /// 0: empty; 1, 2, 3: exact, lower, upper.
    bound: u8,
    /// The best move's index, or `NO_MOVE`.
    best: u8,
    /// The search that stored the entry.
    age: u8,
}

const NO_MOVE: u8 = u8::MAX;

impl Slot {
    fn is_empty(&self) -> bool {
        self.bound == 0
    }
}

/// A table of `2^k` buckets of two entries.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    buckets: Vec<[Slot; 2]>,
    age: u8,
}

impl TranspositionTable {
    /// Bytes per bucket.
    const BUCKET_BYTES: usize = std::mem::size_of::<[Slot; 2]>();

    /// A table of at most `mib` MiB (at least one bucket), all entries empty.
    pub fn with_mib(mib: usize) -> TranspositionTable {
        let wanted = (mib << 20) / Self::BUCKET_BYTES;
        let buckets = if wanted <= 1 {
            1
        } else {
            1 << (usize::BITS - 1 - wanted.leading_zeros())
        };
        TranspositionTable {
            buckets: vec![[Slot::default(); 2]; buckets],
            age: 0,
        }
    }

    /// How many entries the table holds at most.
    pub fn capacity(&self) -> usize {
        2 * self.buckets.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill([Slot::default(); 2]);
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The table size is a power of two; the high bits index it, so that the low bits
        // (which some games' keys share more) do not matter.
        ((key >> 32) as usize ^ key as usize) & (self.buckets.len() - 1)
    }

    /// Asks the processor to start loading the bucket of `key`, so that a probe soon
    /// after finds it in cache. Does nothing on other architectures.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const [Slot; 2] = &self.buckets[self.bucket(key)];
            // SAFETY: prefetching is a hint with no effect on memory, valid for any
            // address, and SSE is part of the x86_64 baseline.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(key)];
        let slot = bucket
            .iter()
            .find(|slot| slot.key == key && !slot.is_empty())?;
        Some(Entry {
            value: slot.value,
            depth: slot.depth as u32,
            bound: match slot.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (slot.best != NO_MOVE).then_some(slot.best as usize),
        })
    }

    /// Stores a search result for `key`. Depths above 255 and move indices above 254 are
    /// not stored (the entry is dropped or kept without a move).
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<usize>) {
        let Ok(depth) = u8::try_from(depth) else {
            return;
        };
        let slot = Slot {
            key,
            value,
            depth,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            best: best
                .and_then(|b| u8::try_from(b).ok())
                .filter(|b| *b != NO_MOVE)
                .unwrap_or(NO_MOVE),
            age: self.age,
        };
        let age = self.age;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let deep = bucket[0];
        if deep.key == key || deep.is_empty() || deep.age != age || depth >= deep.depth {
            if deep.key != key && !deep.is_empty() {
                // The deep entry moves down rather than being lost.
                bucket[1] = deep;
            } else if bucket[1].key == key {
                bucket[1] = Slot::default();
            }
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let table = TranspositionTable::with_mib(1);
        assert_eq!(table.capacity(), 2 * (1 << 20) / 32);
        assert_eq!(
            TranspositionTable::with_mib(3).capacity(),
            2 * (2 << 20) / 32
        );
    }

    #[test]
    fn stores_and_finds_entries_and_keeps_the_deep_one() {
        let mut table = TranspositionTable::with_mib(1);
        table.new_search();
        table.store(42, -7, 5, Bound::Lower, Some(3));
        let entry = table.probe(42).unwrap();
        assert_eq!(
            entry,
            Entry {
                value: -7,
                depth: 5,
                bound: Bound::Lower,
                best: Some(3)
            }
        );
        assert_eq!(table.probe(43), None);
        // Another key in the same bucket, shallower: goes to the second slot.
        let other = 42 ^ (1 << 40) ^ (1 << 8);
        assert_eq!(table.bucket(other), table.bucket(42));
        table.store(other, 1, 2, Bound::Exact, None);
        assert_eq!(table.probe(42).unwrap().depth, 5);
        assert_eq!(table.probe(other).unwrap().best, None);
        // The same key again replaces its entry, whatever the depth.
        table.store(42, 9, 1, Bound::Upper, Some(0));
        assert_eq!(table.probe(42).unwrap().value, 9);
        table.clear();
        assert_eq!(table.probe(42), None);
    }
}
