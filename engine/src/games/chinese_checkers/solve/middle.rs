//! The proof that a solitaire crossing is shortest, by a search from both ends that
//! needs only one of them.
//!
//! A crossing of `L` moves passes, after `⌊L/2⌋` moves, a position `P` that is at most
//! `⌊L/2⌋` moves from the start and at most `⌈L/2⌉` moves from the goal. Moves are
//! reversible (a step or a chain of hops can be played back over the same holes), and
//! the half turn of the board maps the goal onto the start and keeps every move a move,
//! so `P`'s distance to the goal is the distance from the start to `P` turned (`P°`).
//! One breadth-first search from the start, kept to the positions within `h` of half
//! the length, therefore finds every crossing of at most `L` moves as a pair `P`, `P°`
//! that both lie in its layers with depths adding up to at most `L`, and every such
//! pair is a crossing (the first half, then the second half turned and played back).
//!
//! The layers are pruned by the admissible [`SolitaireBound`]: a position met after `d`
//! moves is kept only when `d` plus its bound is at most `L`. Every position of a
//! crossing of at most `L` moves passes (its depth on the crossing plus its bound is at
//! most the crossing's length), and so does the turn of every position on its second
//! half (its bound to the goal is at most its distance to the goal, which is its turned
//! position's distance from the start). The depth of a position is its fewest moves
//! among kept paths, so a pruned breadth-first search keeps it at that depth or less.
//!
//! Layers are sorted arrays of positions; a new layer only needs the two before it to
//! drop positions met already, since a move's reverse is a move. Memory is bounded
//! before work starts by a number of positions held in all.

use super::super::geometry::{BoardShape, Cube, Geometry, Holes, Point, HOLES, NO_HOLE};
use super::super::movegen::destinations;
use super::bound::SolitaireBound;

/// How the search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Middle {
    /// Positions kept at each depth from the start.
    pub layers: Vec<u64>,
    /// No crossing has fewer moves than this.
    pub proved_at_least: u32,
    /// The shortest crossing, when it has at most the length searched (0-based holes).
    pub found: Option<Vec<(u8, u8)>>,
    /// Set when the position limit stopped the search before its last layer.
    pub stopped: bool,
}

/// The board, the bound, the half turn and the mirror that the search reads, and the
/// numbering that stores a position in 8 bytes.
struct Board {
    geometry: &'static Geometry,
    bound: SolitaireBound,
    /// The hole each hole goes to under the half turn.
    turned: [u8; HOLES],
    /// The hole each hole goes to in the mirror through the two points (`x` and `y`
    /// swapped), which keeps the start, the goal and every move.
    mirrored: [u8; HOLES],
    /// Each hole's place among the board's holes, and the hole at each place.
    place: [u8; HOLES],
    hole_at: Vec<u8>,
    /// `choose[n][k]`, for the rank of a set of 10 places.
    choose: Vec<[u64; PIECES + 1]>,
}

/// The pieces of a crossing.
const PIECES: usize = 10;

impl Board {
    fn of(shape: BoardShape) -> Board {
        let geometry = Geometry::of(shape);
        let find = |cube: Cube| geometry.cube.iter().position(|&o| o == cube).unwrap() as u8;
        let mut turned = [NO_HOLE; HOLES];
        let mut mirrored = [NO_HOLE; HOLES];
        let mut place = [NO_HOLE; HOLES];
        let mut hole_at = Vec::new();
        for hole in 0..HOLES {
            if geometry.board >> hole & 1 == 0 {
                continue;
            }
            let c = geometry.cube[hole];
            turned[hole] = find(Cube {
                x: -c.x,
                y: -c.y,
                z: -c.z,
            });
            mirrored[hole] = find(Cube {
                x: c.y,
                y: c.x,
                z: c.z,
            });
            place[hole] = hole_at.len() as u8;
            hole_at.push(hole as u8);
        }
        let mut choose = vec![[0u64; PIECES + 1]; hole_at.len() + 1];
        for n in 0..choose.len() {
            choose[n][0] = 1;
            for k in 1..=PIECES.min(n) {
                choose[n][k] = choose[n - 1][k - 1] + if k < n { choose[n - 1][k] } else { 0 };
            }
        }
        Board {
            geometry,
            bound: SolitaireBound::new(shape, Point::ZPlus),
            turned,
            mirrored,
            place,
            hole_at,
            choose,
        }
    }

    fn map(map: &[u8; HOLES], pieces: Holes) -> Holes {
        let mut out = 0;
        let mut bits = pieces;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= 1 << map[hole];
        }
        out
    }

    fn turn(&self, pieces: Holes) -> Holes {
        Board::map(&self.turned, pieces)
    }

    /// The number a position is stored under: the rank of the set of places of the
    /// position or its mirror, whichever is smaller (a position and its mirror are as
    /// far from the start and from the goal).
    fn key(&self, pieces: Holes) -> u64 {
        self.rank(pieces)
            .min(self.rank(Board::map(&self.mirrored, pieces)))
    }

    /// The combinatorial rank of the 10 places of `pieces`.
    fn rank(&self, pieces: Holes) -> u64 {
        let mut rank = 0;
        let mut bits = pieces;
        let mut k = 1;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            rank += self.choose[self.place[hole] as usize][k];
            k += 1;
        }
        rank
    }

    /// The position of rank `rank` (the inverse of [`Board::rank`]).
    fn unrank(&self, mut rank: u64) -> Holes {
        let mut pieces: Holes = 0;
        let mut n = self.hole_at.len();
        for k in (1..=PIECES).rev() {
            n -= 1;
            while self.choose[n][k] > rank {
                n -= 1;
            }
            rank -= self.choose[n][k];
            pieces |= 1 << self.hole_at[n];
        }
        pieces
    }

    /// Calls `visit(child, bound, from, to)` for every move from `pieces`.
    fn for_each_child(&self, pieces: Holes, mut visit: impl FnMut(Holes, u32, u8, u8)) {
        let counts = self.bound.row_counts(pieces);
        let mut own = pieces;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let lifted = pieces & !(1 << from);
            let mut targets = destinations(self.geometry, from, lifted, false);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let child = lifted | 1 << to;
                let mut after = counts;
                after[self.bound.row(from)] -= 1;
                after[self.bound.row(to)] += 1;
                let h = self.bound.moves_with_rows(child, &after);
                visit(child, h, from as u8, to as u8);
            }
        }
    }
}

/// Searches every crossing of at most `longest` moves on a `shape` board from the top
/// point to the bottom one, holding at most `max_positions` positions (8 bytes each)
/// at once. Finds the shortest such crossing, or proves there is none; when the limit
/// stops it, [`Middle::proved_at_least`] says how far the layers it finished reach.
/// `on_layer(depth, positions)` hears of each layer as it is finished.
pub fn meet_in_the_middle(
    shape: BoardShape,
    longest: u32,
    max_positions: u64,
    mut on_layer: impl FnMut(u32, u64),
) -> Middle {
    let board = Board::of(shape);
    let start = board.geometry.triangle(Point::ZMinus, 4);
    let half = longest.div_ceil(2);
    let mut layers: Vec<Vec<u64>> = vec![vec![board.key(start)]];
    let mut held = 1u64;
    let mut result = Middle {
        layers: vec![1],
        proved_at_least: 1,
        found: None,
        stopped: false,
    };
    // The start is not the goal. Once layer `d` is in, every pair with both depths at
    // most `d` has been looked at, which settles every crossing of at most `2d` moves.
    for depth in 1..half {
        let room = max_positions.saturating_sub(held);
        let Some(layer) = next_layer(&board, &layers, depth, longest, room) else {
            result.stopped = true;
            return result;
        };
        held += layer.len() as u64;
        on_layer(depth, layer.len() as u64);
        result.layers.push(layer.len() as u64);
        layers.push(layer);
        if let Some(pieces) = meeting(&board, &layers) {
            let moves = crossing(&board, &layers, pieces);
            result.proved_at_least = moves.len() as u32;
            result.found = Some(moves);
            return result;
        }
        result.proved_at_least = (2 * depth + 1).min(longest + 1);
    }
    let room = max_positions.saturating_sub(held);
    let (met, pieces) = last_layer(&board, &layers, half, longest, room);
    on_layer(half, met);
    result.layers.push(met);
    match pieces {
        Some(pieces) => {
            let moves = crossing(&board, &layers, pieces);
            result.proved_at_least = moves.len() as u32;
            result.found = Some(moves);
        }
        None => result.proved_at_least = longest + 1,
    }
    result
}

/// The last layer, `depth`, met but not kept: the largest layer is only needed to
/// find pairs, so each of its positions is looked up as it is met. A pair with a
/// kept layer is looked up at once; a pair inside the layer is found by a filter of
/// two bits a position (`room` positions' worth of memory at most), set as positions
/// are met and read for their turns: the second of a pair to be met finds the first's
/// bits, and every hit is then checked exactly (a position is in the layer when its
/// bound lets it and one of its children is in the layer before). Returns the
/// positions met (repeats counted) and a position of the shortest crossing found.
fn last_layer(
    board: &Board,
    layers: &[Vec<u64>],
    depth: u32,
    longest: u32,
    room: u64,
) -> (u64, Option<Holes>) {
    let last = &layers[depth as usize - 1];
    let words = (room.min(last.len() as u64).max(1 << 10)).next_power_of_two() as usize / 2;
    let mut filter = vec![0u64; words];
    let mask = (words as u64 * 64) - 1;
    let bits = |key: u64| {
        let a = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let b = key.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
        [(a >> 7) & mask, (b >> 7) & mask]
    };
    let mut met = 0u64;
    let mut best: Option<(usize, Holes)> = None;
    let mut hits: Vec<u64> = Vec::new();
    for &key in last {
        board.for_each_child(board.unrank(key), |child, h, _, _| {
            if depth + h > longest {
                return;
            }
            met += 1;
            let turn = board.key(board.turn(child));
            if let Some(e) = depth_of(layers, turn) {
                if best.is_none_or(|(d, _)| e < d) {
                    best = Some((e, child));
                }
            }
            let own = board.key(child);
            if own == turn
                || bits(turn)
                    .iter()
                    .all(|&b| filter[(b >> 6) as usize] >> (b & 63) & 1 == 1)
            {
                hits.push(own);
            }
            for b in bits(own) {
                filter[(b >> 6) as usize] |= 1 << (b & 63);
            }
        });
    }
    drop(filter);
    if best.is_some() {
        return (met, best.map(|(_, pieces)| pieces));
    }
    hits.sort_unstable();
    hits.dedup();
    let found = hits
        .into_iter()
        .map(|key| board.unrank(key))
        .find(|&pieces| {
            let turn = board.turn(pieces);
            in_last_layer(board, layers, turn, depth, longest)
        });
    (met, found)
}

/// Whether `pieces`, in no kept layer, is in the layer `depth` after them: its bound
/// lets it, and one of its children (a parent, moves being reversible) is in the last
/// kept layer.
fn in_last_layer(
    board: &Board,
    layers: &[Vec<u64>],
    pieces: Holes,
    depth: u32,
    longest: u32,
) -> bool {
    if depth + board.bound.moves(pieces) > longest {
        return false;
    }
    let last = &layers[depth as usize - 1];
    let mut parent = false;
    board.for_each_child(pieces, |child, _, _, _| {
        parent = parent || last.binary_search(&board.key(child)).is_ok();
    });
    parent
}

/// The layer at `depth`: the keys of the children of the last layer that are in
/// neither of the two last layers and whose depth plus bound is at most `longest`,
/// sorted. `None` when it would hold more than `room` positions.
fn next_layer(
    board: &Board,
    layers: &[Vec<u64>],
    depth: u32,
    longest: u32,
    room: u64,
) -> Option<Vec<u64>> {
    let last = &layers[depth as usize - 1];
    let before: &[u64] = if depth >= 2 {
        &layers[depth as usize - 2]
    } else {
        &[]
    };
    // The buffer may take the whole room; when it fills, duplicates and positions of
    // the two layers before are dropped, and a buffer still three-quarters full after
    // that is a layer too large for the room.
    let capacity = usize::try_from(room).ok()?;
    let mut layer: Vec<u64> = Vec::new();
    for &key in last {
        let mut full = false;
        board.for_each_child(board.unrank(key), |child, h, _, _| {
            if full || depth + h > longest {
                return;
            }
            if layer.len() == capacity {
                compact(&mut layer, last, before);
                if layer.len() >= capacity / 4 * 3 {
                    full = true;
                    return;
                }
            }
            if layer.capacity() == layer.len() {
                // Grow by doubling, never past the room.
                let more = layer.len().max(1 << 16).min(capacity - layer.len());
                layer.reserve_exact(more);
            }
            layer.push(board.key(child));
        });
        if full {
            return None;
        }
    }
    compact(&mut layer, last, before);
    layer.shrink_to_fit();
    Some(layer)
}

/// Sorts `layer`, drops its repeats and the keys of `last` and `before` (both sorted),
/// walking them alongside rather than searching each key.
fn compact(layer: &mut Vec<u64>, last: &[u64], before: &[u64]) {
    layer.sort_unstable();
    layer.dedup();
    let (mut i, mut j) = (0, 0);
    layer.retain(|&key| {
        while i < last.len() && last[i] < key {
            i += 1;
        }
        while j < before.len() && before[j] < key {
            j += 1;
        }
        !(i < last.len() && last[i] == key || j < before.len() && before[j] == key)
    });
}

/// The layer holding `key`, if any.
fn depth_of(layers: &[Vec<u64>], key: u64) -> Option<usize> {
    layers
        .iter()
        .position(|layer| layer.binary_search(&key).is_ok())
}

/// A position of the last layer whose turn lies in some layer, with the fewest moves
/// in all (its depth plus its turn's). Pairs whose deeper half is in an earlier layer
/// were looked at when that layer came in; a pair whose turn is the deeper half is the
/// same crossing turned, found from the other side.
fn meeting(board: &Board, layers: &[Vec<u64>]) -> Option<Holes> {
    let last = layers.last()?;
    let mut best: Option<(usize, Holes)> = None;
    for &key in last {
        let pieces = board.unrank(key);
        if let Some(e) = depth_of(layers, board.key(board.turn(pieces))) {
            if best.is_none_or(|(depth, _)| e < depth) {
                best = Some((e, pieces));
            }
        }
    }
    best.map(|(_, pieces)| pieces)
}

/// The moves from the start to `pieces`, whose key is in some layer, by walking back
/// through the layers: a move's reverse is a move, so a parent is a child whose key is
/// in the layer before (the child itself, not its mirror, so the moves join up).
fn path_to(board: &Board, layers: &[Vec<u64>], pieces: Holes) -> Vec<(u8, u8)> {
    // A position in no kept layer is in the one after them.
    let mut depth = depth_of(layers, board.key(pieces)).unwrap_or(layers.len());
    let mut at = pieces;
    let mut back = Vec::new();
    while depth > 0 {
        let mut parent = None;
        board.for_each_child(at, |child, _, from, to| {
            if parent.is_none() && layers[depth - 1].binary_search(&board.key(child)).is_ok() {
                parent = Some((child, to, from));
            }
        });
        let (child, from, to) = parent.expect("every kept position has a parent a layer up");
        back.push((from, to));
        at = child;
        depth -= 1;
    }
    back.reverse();
    back
}

/// The crossing through `pieces`: the path to it, then the path to its turn played
/// backwards and turned.
fn crossing(board: &Board, layers: &[Vec<u64>], pieces: Holes) -> Vec<(u8, u8)> {
    let mut moves = path_to(board, layers, pieces);
    let second = path_to(board, layers, board.turn(pieces));
    for &(from, to) in second.iter().rev() {
        moves.push((board.turned[to as usize], board.turned[from as usize]));
    }
    moves
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::games::chinese_checkers::solve::solitaire::beam_crossing;

    #[test]
    fn keys_number_positions_and_the_turn_and_mirror_are_moves_of_the_board() {
        for shape in [BoardShape::Diamond, BoardShape::Star] {
            let board = Board::of(shape);
            let start = board.geometry.triangle(Point::ZMinus, 4);
            let goal = board.geometry.triangle(Point::ZPlus, 4);
            assert_eq!(board.turn(start), goal);
            assert_eq!(Board::map(&board.mirrored, start), start);
            let mut positions = vec![start, goal];
            board.for_each_child(start, |child, _, _, _| positions.push(child));
            board.for_each_child(goal, |child, _, _, _| positions.push(child));
            for pieces in positions {
                assert_eq!(board.unrank(board.rank(pieces)), pieces);
                assert_eq!(board.turn(board.turn(pieces)), pieces);
                let mirror = Board::map(&board.mirrored, pieces);
                assert_eq!(board.key(pieces), board.key(mirror));
            }
            for hole in 0..HOLES {
                if board.geometry.board >> hole & 1 == 0 {
                    continue;
                }
                let adjacent = board.geometry.adjacent[hole];
                let turned = Board::map(&board.turned, adjacent);
                assert_eq!(turned, board.geometry.adjacent[board.turned[hole] as usize]);
                let mirrored = Board::map(&board.mirrored, adjacent);
                assert_eq!(
                    mirrored,
                    board.geometry.adjacent[board.mirrored[hole] as usize]
                );
            }
        }
    }

    /// The layers of a plain breadth-first search from the start, kept by the same
    /// rule (depth plus bound at most `longest`), with a set of whole positions.
    fn plain_layers(board: &Board, longest: u32, depths: u32) -> Vec<HashSet<Holes>> {
        let start = board.geometry.triangle(Point::ZMinus, 4);
        let mut seen = HashSet::from([start]);
        let mut layers = vec![HashSet::from([start])];
        for depth in 1..=depths {
            let mut next = HashSet::new();
            for &pieces in layers.last().unwrap() {
                board.for_each_child(pieces, |child, h, _, _| {
                    if depth + h <= longest && seen.insert(child) {
                        next.insert(child);
                    }
                });
            }
            layers.push(next);
        }
        layers
    }

    #[test]
    fn the_layers_are_a_plain_breadth_first_search_up_to_the_mirror() {
        let board = Board::of(BoardShape::Diamond);
        let longest = 20;
        let plain = plain_layers(&board, longest, 9);
        let start = board.geometry.triangle(Point::ZMinus, 4);
        let mut layers = vec![vec![board.key(start)]];
        for depth in 1..=9 {
            let layer = next_layer(&board, &layers, depth, longest, 1 << 20).unwrap();
            let mut expected: Vec<u64> = plain[depth as usize]
                .iter()
                .map(|&p| board.key(p))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(layer, expected, "depth {depth}");
            layers.push(layer);
        }
        // The mirror halves the layers, less the positions that are their own mirror.
        assert!(
            plain[5].len() > layers[5].len() * 3 / 2,
            "{}",
            plain[5].len()
        );
    }

    #[test]
    fn a_meeting_pair_is_played_out_as_a_crossing() {
        // Layers made of a 27-move crossing's positions from the start and their
        // turns (each as far from the start as the position is from the goal).
        let shape = BoardShape::Diamond;
        let board = Board::of(shape);
        let moves = beam_crossing(shape, 1_000, 40).unwrap();
        let mut positions = vec![board.geometry.triangle(Point::ZMinus, 4)];
        for &(from, to) in &moves {
            let last = *positions.last().unwrap();
            positions.push(last & !(1 << (from - 1)) | 1 << (to - 1));
        }
        let n = moves.len();
        let layers: Vec<Vec<u64>> = (0..=n / 2 + 1)
            .map(|d| {
                let mut layer = vec![
                    board.key(positions[d]),
                    board.key(board.turn(positions[n - d])),
                ];
                layer.sort_unstable();
                layer.dedup();
                layer
            })
            .collect();
        let pieces = meeting(&board, &layers).expect("the crossing's middle");
        let crossing = crossing(&board, &layers, pieces);
        assert_eq!(crossing.len(), n);
        let mut at = positions[0];
        for (from, to) in crossing {
            let lifted = at & !(1 << from);
            assert!(at >> from & 1 == 1);
            assert!(destinations(board.geometry, from as usize, lifted, false) >> to & 1 == 1);
            at = lifted | 1 << to;
        }
        assert_eq!(at, board.geometry.triangle(Point::ZPlus, 4));
    }

    #[test]
    fn no_crossing_of_20_moves_and_a_small_room_stops_the_search() {
        let mut heard = Vec::new();
        let proof = meet_in_the_middle(BoardShape::Diamond, 20, 1 << 20, |d, n| heard.push((d, n)));
        assert_eq!(proof.proved_at_least, 21);
        assert!(proof.found.is_none() && !proof.stopped);
        assert_eq!(proof.layers, [1, 7, 64, 230, 429, 450, 210, 14, 0, 0, 0]);
        assert_eq!(heard.len(), 10);
        let stopped = meet_in_the_middle(BoardShape::Diamond, 24, 20_000, |_, _| {});
        assert!(stopped.stopped && stopped.found.is_none());
        // Layers 0 to 4 hold 6,541 positions; the fifth (37,080) does not fit.
        assert_eq!(stopped.proved_at_least, 9);
        assert_eq!(stopped.layers, [1, 7, 85, 749, 5699]);
    }

    #[test]
    #[ignore = "about 90 s: cargo test -p engine --release -- --ignored no_diamond_crossing_of_24"]
    fn no_diamond_crossing_of_24_moves_or_fewer() {
        let proof = meet_in_the_middle(BoardShape::Diamond, 24, 50_000_000, |_, _| {});
        assert!(proof.found.is_none() && !proof.stopped);
        assert_eq!(proof.proved_at_least, 25);
    }

    #[test]
    #[ignore = "half an hour of one core and up to 5.6 GB: cargo test -p engine --release -- --ignored no_diamond_crossing_of_26"]
    fn no_diamond_crossing_of_26_moves_or_fewer() {
        // Bell's figure: no crossing shorter than 27 moves.
        let proof = meet_in_the_middle(BoardShape::Diamond, 26, 700_000_000, |_, _| {});
        assert!(proof.found.is_none() && !proof.stopped);
        assert_eq!(proof.proved_at_least, 27);
    }
}
