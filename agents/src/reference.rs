//! A plain minimax: no pruning, no table, no ordering. Too slow to play with, it is the
//! oracle the real searches are checked against: at a fixed depth they must return the
//! same root value.

use engine::Seat;

use crate::eval::Evaluate;
use crate::search::{is_leaf, leaf_value, terminal_value};

/// The value of `position` for its seat to move, searched `depth` plies with every move
/// looked at: the seat to move maximises, every other seat minimises (paranoid, as
/// [`crate::minimax`] searches), finished games score [`terminal_value`] and positions at
/// the horizon [`leaf_value`], except that exchanges at the horizon are played out as
/// the minimax player's default search does ([`is_leaf`]).
pub fn minimax_value<G: Evaluate>(position: &G, depth: u32) -> i32 {
    let root = position.to_move();
    let mut position = position.clone();
    value(&mut position, depth, 0, root)
}

/// Each legal move of `position` (whose game is not over) with its value for the seat to
/// move, searched `depth` plies in all as [`minimax_value`] does; the largest is
/// [`minimax_value`].
///
/// # Panics
/// When `depth` is 0.
pub fn move_values<G: Evaluate>(position: &G, depth: u32) -> Vec<(G::Move, i32)> {
    assert!(depth > 0, "a move takes a ply");
    let root = position.to_move();
    let mut position = position.clone();
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            position.play_unchecked(mv);
            let v = value(&mut position, depth - 1, 1, root);
            position.undo(mv);
            (mv, v)
        })
        .collect()
}

/// The value of `position` for `root`.
fn value<G: Evaluate>(position: &mut G, depth: u32, ply: u32, root: Seat) -> i32 {
    if let Some(outcome) = position.status().outcome() {
        return terminal_value(&outcome, root, ply);
    }
    if is_leaf(position, depth, ply, true) {
        return leaf_value(position, root);
    }
    let maximise = position.to_move() == root;
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let values: Vec<i32> = moves
        .into_iter()
        .map(|mv| {
            position.play_unchecked(mv);
            let v = value(position, depth.saturating_sub(1), ply + 1, root);
            position.undo(mv);
            v
        })
        .collect();
    if maximise {
        values.into_iter().max()
    } else {
        values.into_iter().min()
    }
    .expect("a game that is not over has a move")
}
