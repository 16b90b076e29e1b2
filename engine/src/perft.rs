//! Perft: the number of move sequences of a given length, the standard check of move
//! generation. A finished game is not extended; at the last ply moves are counted, not
//! played (bulk counting).

use crate::game::Game;

/// The number of move sequences of exactly `depth` plies from `position`.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut position = position.perft_position();
    let mut buffers: Vec<Vec<G::Move>> =
        (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    count(&mut position, depth, &mut buffers)
}

/// Perft for every depth from 1 to `depth`, in order.
pub fn perft_table<G: Game>(position: &G, depth: u32) -> Vec<(u32, u64)> {
    (1..=depth).map(|d| (d, perft(position, d))).collect()
}

fn count<G: Game>(position: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("one move buffer per ply");
    if depth == 1 {
        return position.count_moves_if_ongoing(moves) as u64;
    }
    if position.is_over() {
        return 0;
    }
    position.generate_moves(moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        position.play_unchecked(mv);
        nodes += count(position, depth - 1, deeper);
        position.undo(mv);
    }
    nodes
}
