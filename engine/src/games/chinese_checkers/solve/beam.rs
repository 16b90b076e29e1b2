//! Beam search, the searches' way to a first solution: each round keeps only the best
//! `width` positions by a key, so it finds a solution quickly where one exists near the
//! key's favourites, but proves nothing. Its length is the upper bound the IDA* passes
//! then search below.

use std::collections::HashMap;
use std::hash::Hash;

/// The children of one position: (key, child, from, to), smaller keys kept first.
pub(crate) type Children<P, K> = Vec<(K, P, u8, u8)>;

/// The moves (0-based holes) of the first solution found by a beam of `width` from
/// `start` within `max_rounds` rounds, or `None` if the beam dies out or runs out of
/// rounds. `expand(position, round, children)` pushes the children of a position
/// reached after `round` moves and returns the move that solves from it, if any; a
/// position met in an earlier round is not kept again.
pub(crate) fn beam<P, K>(
    start: P,
    width: usize,
    max_rounds: u32,
    mut expand: impl FnMut(P, u32, &mut Children<P, K>) -> Option<(u8, u8)>,
) -> Option<Vec<(u8, u8)>>
where
    P: Copy + Eq + Hash + Ord,
    K: Copy + Ord,
{
    // Each round's positions with the index of their parent in the round before and the
    // move that led there.
    let mut rounds: Vec<Vec<(P, u32, u8, u8)>> = vec![vec![(start, 0, 0, 0)]];
    let mut seen: HashMap<P, u32> = HashMap::new();
    seen.insert(start, 0);
    let mut children: Children<P, K> = Vec::new();
    for round in 0..max_rounds {
        let mut next: Vec<(K, P, u32, u8, u8)> = Vec::new();
        let mut here: HashMap<P, ()> = HashMap::new();
        for (parent, &(position, ..)) in rounds.last()?.iter().enumerate() {
            children.clear();
            if let Some(last) = expand(position, round, &mut children) {
                let mut moves = vec![last];
                let mut index = parent;
                for r in (1..rounds.len()).rev() {
                    let (_, up, from, to) = rounds[r][index];
                    moves.push((from, to));
                    index = up as usize;
                }
                moves.reverse();
                return Some(moves);
            }
            for &(key, child, from, to) in &children {
                if seen.contains_key(&child) || here.insert(child, ()).is_some() {
                    continue;
                }
                next.push((key, child, parent as u32, from, to));
            }
        }
        if next.is_empty() {
            return None;
        }
        next.sort_unstable_by_key(|&(key, child, ..)| (key, child));
        next.truncate(width);
        for entry in &next {
            seen.insert(entry.1, round + 1);
        }
        rounds.push(next.iter().map(|&(_, p, up, f, t)| (p, up, f, t)).collect());
    }
    None
}
