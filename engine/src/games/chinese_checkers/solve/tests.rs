//! Tests of the solitaire bound and of the two searches.

use super::bound::{solitaire_bound, SolitaireBound};
use super::shortest_game::shortest_game;
use super::solitaire::{beam_crossing, shortest_crossing};
use super::SearchLimits;
use crate::games::chinese_checkers::geometry::{BoardShape, Geometry, Holes, Point};
use crate::games::chinese_checkers::movegen::destinations;
use crate::games::chinese_checkers::ChineseCheckers;
use crate::{Game, GameOptions};

/// Every position within `depth` moves of `from` (alone on the board), with its
/// distance, by breadth-first search.
fn near(shape: BoardShape, from: Holes, depth: u32) -> Vec<(Holes, u32)> {
    let geometry = Geometry::of(shape);
    let mut seen = std::collections::HashMap::new();
    seen.insert(from, 0);
    let mut frontier = vec![from];
    for d in 1..=depth {
        let mut next = Vec::new();
        for pieces in frontier {
            let mut own = pieces;
            while own != 0 {
                let hole = own.trailing_zeros() as usize;
                own &= own - 1;
                let lifted = pieces & !(1 << hole);
                let mut targets = destinations(geometry, hole, lifted, false);
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let child = lifted | 1 << to;
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(child) {
                        e.insert(d);
                        next.push(child);
                    }
                }
            }
        }
        frontier = next;
    }
    seen.into_iter().collect()
}

#[test]
fn the_bound_never_exceeds_the_true_distance_near_the_goal() {
    let shape = BoardShape::Diamond;
    let bound = SolitaireBound::new(shape, Point::ZPlus);
    // Exact distances: every position within 4 moves of the goal.
    let positions = near(shape, bound.goal(), 4);
    assert!(positions.len() > 10_000, "{}", positions.len());
    for (pieces, distance) in positions {
        assert!(bound.moves(pieces) <= distance, "{pieces:x}: {distance}");
    }
    assert_eq!(bound.moves(bound.goal()), 0);
    let start = Geometry::of(shape).triangle(Point::ZMinus, 4);
    assert_eq!(solitaire_bound(shape, Point::ZPlus, start), 19);
}

#[test]
fn the_bound_never_exceeds_the_moves_left_on_a_crossing() {
    // Far from the goal, where the bound is large: the moves left on a crossing are at
    // least the true distance, so the bound may not exceed them.
    for shape in [BoardShape::Diamond, BoardShape::Star] {
        let bound = SolitaireBound::new(shape, Point::ZPlus);
        let moves = beam_crossing(shape, 300, 60).unwrap();
        let mut pieces = Geometry::of(shape).triangle(Point::ZMinus, 4);
        for (done, &(from, to)) in moves.iter().enumerate() {
            let left = (moves.len() - done) as u32;
            assert!(
                bound.moves(pieces) <= left,
                "{shape:?} after {done}: {pieces:x}"
            );
            pieces = pieces & !(1 << (from - 1)) | 1 << (to - 1);
        }
        assert_eq!(pieces, bound.goal());
    }
}

/// Plays `moves` on the game of `board` for `players` (1: the solitaire) and returns
/// the final position.
fn replay(board: &str, players: &str, moves: &[(u32, u32)]) -> ChineseCheckers {
    let mut options = GameOptions::new();
    options.set("board", board);
    options.set("players", players);
    let mut game = ChineseCheckers::new(&options).unwrap();
    for (from, to) in moves {
        assert!(!game.is_over());
        let mv = game.parse_move(&format!("{from}-{to}")).unwrap();
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn the_beam_finds_a_27_move_diamond_crossing_that_replays() {
    let moves = beam_crossing(BoardShape::Diamond, 10_000, 40).unwrap();
    assert_eq!(moves.len(), 27);
    let end = replay("diamond", "1", &moves);
    assert!(end.is_over());
    assert_eq!(end.place(crate::Seat::A), Some(1));
}

#[test]
fn a_node_limit_stops_the_proof_with_what_it_ruled_out() {
    let limits = SearchLimits {
        nodes: 20_000,
        table_entries: 1 << 16,
    };
    let mut rounds = Vec::new();
    let crossing = shortest_crossing(BoardShape::Diamond, 1_000, limits, |longest, _, _| {
        rounds.push(longest)
    })
    .unwrap();
    assert!(crossing.stopped.is_some());
    assert!(!crossing.is_proved());
    assert_eq!(crossing.start_bound, 19);
    // The beam of 1,000 finds 30 moves. The round for 19 moves fits in 20,000
    // positions; the one for 21 does not.
    assert_eq!(crossing.moves.len(), 30);
    rounds.dedup();
    assert_eq!(rounds, [19, 21]);
    assert_eq!(crossing.proved_at_least, 20, "{crossing:?}");
    assert!(crossing.moves.len() as u32 >= crossing.proved_at_least);
    assert!(replay("diamond", "1", &crossing.moves).is_over());
    let game = shortest_game(BoardShape::Diamond, 1_000, limits).unwrap();
    assert!(game.stopped.is_some() && !game.is_proved());
    assert!(game.proved_at_least >= 5, "{game:?}");
    // The beam of width 1,000 finds a 14-ply game; it ends the two-player game.
    assert_eq!(game.moves.len(), 14);
    assert!(replay("diamond", "2", &game.moves).is_over());
}

#[test]
#[ignore = "about a minute: cargo test -p engine --release -- --ignored an_11_ply_game"]
fn an_11_ply_game_ends_the_two_player_game() {
    let plies = super::shortest_game::beam_game(BoardShape::Diamond, 100_000, 20).unwrap();
    assert_eq!(plies.len(), 11);
    let board = replay("diamond", "2", &plies);
    assert!(board.is_over());
    assert_eq!(board.place(crate::Seat::A), Some(1));
}
