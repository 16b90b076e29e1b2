//! Where one piece can go: steps to the empty holes next to it, and every landing of a
//! chain of hops (adjacent, or equidistant when super jumps are on), found by a
//! depth-first search over landings with a fixed-size stack and a bit set of holes
//! already reached, so that every destination is listed once and nothing is allocated.

use super::geometry::{Geometry, Holes, HOLES};

/// Every hole the piece on `from` can reach in one move, steps and hop chains together.
/// `occupied` holds every piece on the board except the moving one (the piece is lifted
/// from its origin while the chain is expanded). The origin itself is never a
/// destination: a chain that comes back to it is not a move.
#[inline]
pub fn destinations(geometry: &Geometry, from: usize, occupied: Holes, super_jumps: bool) -> Holes {
    let steps = geometry.adjacent[from] & !occupied;
    let hops = if super_jumps {
        super_jump_landings(geometry, from, occupied)
    } else {
        hop_landings(geometry, from, occupied)
    };
    steps | hops
}

/// The landings of every chain of adjacent hops from `from` (`occupied` without the
/// moving piece).
#[inline]
pub fn hop_landings(geometry: &Geometry, from: usize, occupied: Holes) -> Holes {
    let mut reached: Holes = 1 << from;
    let mut stack = [0u8; HOLES];
    stack[0] = from as u8;
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let hole = stack[top] as usize;
        let over = &geometry.neighbour[hole];
        let landing = &geometry.hop_landing[hole];
        for d in 0..6 {
            let to = landing[d];
            // A landing exists only where the hole hopped over does.
            if to as usize >= HOLES || occupied >> over[d] & 1 == 0 {
                continue;
            }
            if (occupied | reached) >> to & 1 == 0 {
                reached |= 1 << to;
                stack[top] = to;
                top += 1;
            }
        }
    }
    reached & !(1 << from)
}

/// The landings of every chain of equidistant jumps from `from`: over the one piece at
/// distance `k` with the `k − 1` holes on either side of it empty, to the empty hole at
/// distance `2k` (the adjacent hop is `k = 1`).
#[inline]
pub fn super_jump_landings(geometry: &Geometry, from: usize, occupied: Holes) -> Holes {
    let mut reached: Holes = 1 << from;
    let mut stack = [0u8; HOLES];
    stack[0] = from as u8;
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let hole = stack[top] as usize;
        for ray in &geometry.rays[hole] {
            let len = ray.len as usize;
            // The first piece along the ray is the pivot, at distance k = pivot + 1.
            let Some(pivot) = ray.holes[..len]
                .iter()
                .position(|&h| occupied >> h & 1 == 1)
            else {
                continue;
            };
            let landing_index = 2 * pivot + 1;
            if landing_index >= len {
                continue;
            }
            let beyond_clear = ray.holes[pivot + 1..=landing_index]
                .iter()
                .all(|&h| occupied >> h & 1 == 0);
            let to = ray.holes[landing_index];
            if beyond_clear && reached >> to & 1 == 0 {
                reached |= 1 << to;
                stack[top] = to;
                top += 1;
            }
        }
    }
    reached & !(1 << from)
}
