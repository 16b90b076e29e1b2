//! Zobrist keys: fixed pseudo-random 64-bit numbers, made at compile time so that a
//! position's hash is the same in every run and every build.

/// One step of SplitMix64, a small generator that is good enough for hash keys.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys drawn from SplitMix64 started at `seed`. Each game uses its own seed so that
/// equal positions of different games do not collide by construction.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::keys;

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        let a: [u64; 64] = keys(1);
        let b: [u64; 64] = keys(2);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
        assert_ne!(a, b);
    }
}
