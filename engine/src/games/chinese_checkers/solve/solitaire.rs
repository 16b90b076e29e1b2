//! The shortest solitaire crossing: the fewest moves that bring one player's 10 pieces
//! from one point of the board to the opposite one with no other piece on the board: a
//! crossing found by a beam search, then proved shortest (or beaten) by the search from
//! both ends of [`super::middle`] under the admissible [`SolitaireBound`].

use super::super::geometry::{BoardShape, Geometry, Holes, Point};
use super::super::movegen::destinations;
use super::beam::beam;
use super::bound::SolitaireBound;
use super::middle::meet_in_the_middle;
use super::{numbered, SearchLimits, Solution, Stopped};

/// What the crossing search found: a crossing, and how far its length is proved.
pub type Crossing = Solution;

/// The shortest crossing of 10 pieces from the point at the top of a `shape` board
/// (holes 1 to 10) to the point at the bottom, alone, adjacent hops only: a crossing
/// found first by [`beam_crossing`] of `beam_width` (an upper bound), then the search
/// from both ends over every shorter length, which either finds a shorter crossing
/// (the shortest) or rules them all out, proving the beam's crossing shortest. It holds
/// at most `limits.nodes` positions; when they do not suffice,
/// [`Solution::proved_at_least`] says how far the proof got. The proof runs in rounds
/// of rising length; `on_layer(longest, depth, positions)` hears of each layer of the
/// round for crossings of at most `longest` moves as it is finished.
///
/// # Errors
/// When the beam found no crossing within 60 moves.
pub fn shortest_crossing(
    shape: BoardShape,
    beam_width: usize,
    limits: SearchLimits,
    mut on_layer: impl FnMut(u32, u32, u64),
) -> Result<Crossing, Stopped> {
    let geometry = Geometry::of(shape);
    let start = geometry.triangle(Point::ZMinus, 4);
    let start_bound = SolitaireBound::new(shape, Point::ZPlus).moves(start);
    let Some(beam) = beam_crossing(shape, beam_width, MAX_CROSSING) else {
        return Err(Stopped {
            nodes: 0,
            bound: start_bound,
            passes: Vec::new(),
        });
    };
    // Rounds of rising length, two moves apart, up to one short of the beam's: each
    // costs some fifty times the one before, so the rounds before the last cost little,
    // and when the positions run out in a round, the rounds before it stand. They start
    // at the row counts' distance (the exhaustive search behind the bound), which rules
    // out every shorter length by itself; where it reaches the beam's length, no round
    // is left and the crossing is proved by the row counts alone (19 on both boards, so
    // not so far).
    let shortest = beam.len() as u32 - 1;
    let mut rounds: Vec<u32> = (0..)
        .map(|k| shortest - 2 * k)
        .take_while(|&longest| longest >= start_bound)
        .collect();
    rounds.reverse();
    let mut result = Solution {
        moves: beam,
        start_bound,
        proved_at_least: start_bound,
        passes: Vec::new(),
        stopped: None,
        layers: Vec::new(),
    };
    for longest in rounds {
        let middle = meet_in_the_middle(shape, longest, limits.nodes, |depth, positions| {
            on_layer(longest, depth, positions)
        });
        result.layers = middle.layers;
        if middle.stopped {
            result.stopped = Some(Stopped {
                nodes: result.layers.iter().sum(),
                bound: longest,
                passes: Vec::new(),
            });
            return Ok(result);
        }
        result.proved_at_least = middle.proved_at_least;
        if let Some(path) = middle.found {
            result.moves = numbered(&path);
            return Ok(result);
        }
    }
    result.proved_at_least = result.proved_at_least.max(result.moves.len() as u32);
    Ok(result)
}

/// The longest crossing the beam looks for.
const MAX_CROSSING: u32 = 60;

/// A crossing found by a beam search: each round keeps the `width` positions with the
/// smallest bound (ties to the fewest rows still to travel). Not proved shortest; its
/// length is an upper bound for [`shortest_crossing`]. `None` if the beam dies out
/// within `max_moves`.
pub fn beam_crossing(shape: BoardShape, width: usize, max_moves: u32) -> Option<Vec<(u32, u32)>> {
    let geometry = Geometry::of(shape);
    let start = geometry.triangle(Point::ZMinus, 4);
    let bound = SolitaireBound::new(shape, Point::ZPlus);
    let goal = bound.goal();
    let moves = beam(start, width, max_moves, |pieces: Holes, _, children| {
        let counts = bound.row_counts(pieces);
        let mut own = pieces;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let lifted = pieces & !(1 << from);
            let mut targets = destinations(geometry, from, lifted, false);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let child = lifted | 1 << to;
                if child == goal {
                    return Some((from as u8, to as u8));
                }
                if let Some(key) = bound.beam_key(child, &counts, from, to) {
                    children.push((key, child, from as u8, to as u8));
                }
            }
        }
        None
    })?;
    Some(numbered(&moves))
}
