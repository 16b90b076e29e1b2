//! Tests of the solitaire bound and of the two searches.

use super::bound::{solitaire_bound, RowBound, SolitaireBound};
use super::row_game::{RowCounts, RowGame};
use super::shortest_game::{beam_game, shortest_game};
use super::solitaire::{beam_crossing, shortest_crossing};
use super::SearchLimits;
use crate::games::chinese_checkers::geometry::{BoardShape, Geometry, Holes, Point};
use crate::games::chinese_checkers::movegen::destinations;
use crate::games::chinese_checkers::ChineseCheckers;
use crate::{Game, GameOptions};

/// The positions one solitaire move from `pieces` (alone on the board).
fn solitaire_children(geometry: &Geometry, pieces: Holes) -> Vec<Holes> {
    let mut children = Vec::new();
    let mut own = pieces;
    while own != 0 {
        let hole = own.trailing_zeros() as usize;
        own &= own - 1;
        let lifted = pieces & !(1 << hole);
        let mut targets = destinations(geometry, hole, lifted, false);
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            children.push(lifted | 1 << to);
        }
    }
    children
}

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
            for child in solitaire_children(geometry, pieces) {
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(child) {
                    e.insert(d);
                    next.push(child);
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

#[test]
fn the_row_counts_of_a_crossing_need_19_moves_on_both_boards() {
    // The exhaustive search of the row counts (every way of spreading 10 pieces over
    // the 17 rows) gives 19 from the start's counts to the goal's on both boards: a
    // lower bound, short of the 27-move crossing, so the proof stays with the search
    // from both ends.
    for (shape, reached) in [
        (BoardShape::Diamond, 3_335_433),
        (BoardShape::Star, 3_346_643),
    ] {
        let start = Geometry::of(shape).triangle(Point::ZMinus, 4);
        let bound = SolitaireBound::new(shape, Point::ZPlus);
        let table = RowBound::of(shape);
        assert_eq!(table.moves(&bound.row_counts(start)), Some(19), "{shape:?}");
        // Every spreading of 10 pieces over 17 rows is ranked; those that fit the rows'
        // holes are all reached from the goal.
        assert_eq!(table.states(), (5_311_735, reached), "{shape:?}");
    }
}

#[test]
fn every_real_solitaire_move_is_a_move_or_no_change_of_the_row_counts() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x22_27);
    for shape in [BoardShape::Diamond, BoardShape::Star] {
        let geometry = Geometry::of(shape);
        let bound = SolitaireBound::new(shape, Point::ZPlus);
        let table = RowBound::of(shape);
        let mut checked = 0;
        for _ in 0..100 {
            let mut pieces = geometry.triangle(Point::ZMinus, 4);
            for _ in 0..60 {
                let counts = bound.row_counts(pieces);
                let mut moves = vec![counts];
                table.for_each_move(&counts, |after| moves.push(after));
                let children = solitaire_children(geometry, pieces);
                for &child in &children {
                    let after = bound.row_counts(child);
                    assert!(moves.contains(&after), "{shape:?} {pieces:x} -> {child:x}");
                    // A real move never brings the goal nearer than one abstract move.
                    let (before, now) = (table.moves(&counts), table.moves(&after));
                    assert!(now.unwrap() + 1 >= before.unwrap(), "{shape:?} {child:x}");
                    checked += 1;
                }
                if children.is_empty() || pieces == bound.goal() {
                    break;
                }
                pieces = children[rng.random_range(0..children.len())];
            }
        }
        assert!(checked > 50_000, "{checked}");
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
    // The beam of width 1,000 finds a 14-ply game; it ends the two-player game. The row
    // counts rule out 10 plies; the IDA* pass for 11 runs out of positions.
    assert_eq!(game.moves.len(), 14);
    assert!(replay("diamond", "2", &game.moves).is_over());
    assert_eq!(game.start_bound, 3);
    assert_eq!(game.proved_at_least, 11, "{game:?}");
    assert_eq!(game.passes.len(), 1);
    assert_eq!(game.layers, DIAMOND_ROW_LAYERS);
}

/// The row counts of the diamond's two-player game within 0 to 10 plies of the start.
const DIAMOND_ROW_LAYERS: [u64; 11] = [
    1, 3, 9, 42, 196, 826, 3_481, 13_393, 51_529, 182_892, 728_238,
];

/// The two seats' pieces at the start of a two-player game of `shape`, seat A's on top.
fn game_start(shape: BoardShape) -> [Holes; 2] {
    let geometry = Geometry::of(shape);
    [
        geometry.triangle(Point::ZMinus, 4),
        geometry.triangle(Point::ZPlus, 4),
    ]
}

/// Rule A for `seat` just after its move, on the real board.
fn has_won(shape: BoardShape, pieces: [Holes; 2], seat: usize) -> bool {
    let goal = game_start(shape)[1 - seat];
    (pieces[0] | pieces[1]) & goal == goal && pieces[seat] & goal != 0
}

/// Every position after one move of `seat`'s.
fn real_children(shape: BoardShape, pieces: [Holes; 2], seat: usize) -> Vec<[Holes; 2]> {
    let geometry = Geometry::of(shape);
    let occupied = pieces[0] | pieces[1];
    let mut children = Vec::new();
    let mut own = pieces[seat];
    while own != 0 {
        let from = own.trailing_zeros() as usize;
        own &= own - 1;
        let mut targets = destinations(geometry, from, occupied & !(1 << from), false);
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let mut after = pieces;
            after[seat] ^= 1 << from | 1 << to;
            children.push(after);
        }
    }
    children
}

/// The fewest plies to a win from `pieces` with `seat` to move, by a plain search of
/// every line up to `depth` plies; `None` if there is none that short.
fn plies_to_win(shape: BoardShape, pieces: [Holes; 2], seat: usize, depth: u32) -> Option<u32> {
    fn within(shape: BoardShape, pieces: [Holes; 2], seat: usize, depth: u32) -> bool {
        depth > 0
            && real_children(shape, pieces, seat).into_iter().any(|child| {
                has_won(shape, child, seat) || within(shape, child, 1 - seat, depth - 1)
            })
    }
    (1..=depth).find(|&d| within(shape, pieces, seat, d))
}

#[test]
fn the_row_counts_rule_out_every_game_shorter_than_11_plies() {
    // The whole proof that the diamond's shortest game has 11 plies: the row counts
    // have no game of 10 plies or fewer, and an 11-ply game ends the real game.
    let shape = BoardShape::Diamond;
    let rows = RowGame::of(shape).fewest_plies(game_start(shape), 0, 60, 1 << 24);
    assert_eq!(rows.layers, DIAMOND_ROW_LAYERS);
    assert_eq!((rows.at_least, rows.found, rows.stopped), (11, true, false));
    let game = "7-15 116-103 9-27 103-90 15-38 90-78 27-48 78-67 38-78 67-90 78-116";
    let plies: Vec<(u32, u32)> = game
        .split(' ')
        .map(|ply| {
            let (from, to) = ply.split_once('-').unwrap();
            (from.parse().unwrap(), to.parse().unwrap())
        })
        .collect();
    let end = replay("diamond", "2", &plies);
    assert!(end.is_over());
    assert_eq!(end.place(crate::Seat::A), Some(1));
    // Asked only below 9 plies, the search says no more than that.
    let short = RowGame::of(shape).fewest_plies(game_start(shape), 0, 9, 1 << 24);
    assert_eq!((short.at_least, short.found), (9, false));
    assert_eq!(short.layers, DIAMOND_ROW_LAYERS[..9]);
    // At its position limit it stops with the plies it finished.
    let stopped = RowGame::of(shape).fewest_plies(game_start(shape), 0, 60, 10_000);
    assert_eq!(
        (stopped.at_least, stopped.stopped),
        (7, true),
        "{stopped:?}"
    );
    assert_eq!(stopped.layers, DIAMOND_ROW_LAYERS[..7]);
}

#[test]
fn every_real_move_is_a_move_or_a_pass_of_the_row_counts() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x20_22);
    for shape in [BoardShape::Diamond, BoardShape::Star] {
        let rows = RowGame::of(shape);
        let mut checked = 0;
        for _ in 0..100 {
            let mut pieces = game_start(shape);
            for ply in 0..80 {
                let seat = ply % 2;
                let counts = rows.counts(pieces);
                let mut moves: Vec<RowCounts> = vec![counts];
                rows.for_each_move(&counts, seat, |after| moves.push(after));
                let children = real_children(shape, pieces, seat);
                for &child in &children {
                    let after = rows.counts(child);
                    assert!(
                        moves.contains(&after),
                        "{shape:?} {pieces:x?} -> {child:x?}"
                    );
                    assert_eq!(rows.has_won(&after, seat), has_won(shape, child, seat));
                    checked += 1;
                }
                if children.is_empty() || has_won(shape, pieces, 1 - seat) {
                    break;
                }
                pieces = children[rng.random_range(0..children.len())];
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}

#[test]
fn the_row_bound_never_exceeds_the_plies_left() {
    let shape = BoardShape::Diamond;
    let rows = RowGame::of(shape);
    // Along a 14-ply game: the plies left on it are at least the fewest plies left.
    let plies = beam_game(shape, 1_000, 20).unwrap();
    assert_eq!(plies.len(), 14);
    let mut pieces = game_start(shape);
    for (done, &(from, to)) in plies.iter().enumerate() {
        let left = (plies.len() - done) as u32;
        let seat = done % 2;
        let bound = rows.fewest_plies(pieces, seat, left + 1, 1 << 24);
        assert!(
            bound.found && bound.at_least <= left,
            "after {done}: {bound:?}"
        );
        // Near the end, against the exact fewest plies of the real game.
        if left <= 3 {
            let exact = plies_to_win(shape, pieces, seat, left).unwrap();
            assert!(bound.at_least <= exact, "after {done}: {bound:?}, {exact}");
        }
        pieces[seat] ^= 1 << (from - 1) | 1 << (to - 1);
    }
    assert!(has_won(shape, pieces, 1));
}

#[test]
#[ignore = "about 10 s: cargo test -p engine --release -- --ignored an_11_ply_game"]
fn an_11_ply_game_ends_the_two_player_game_and_is_shortest() {
    let game = shortest_game(BoardShape::Diamond, 100_000, SearchLimits::default()).unwrap();
    assert_eq!(game.moves.len(), 11);
    // The row counts rule out every shorter game: no IDA* pass is left to run.
    assert!(game.is_proved() && game.passes.is_empty(), "{game:?}");
    assert_eq!(game.layers, DIAMOND_ROW_LAYERS);
    let board = replay("diamond", "2", &game.moves);
    assert!(board.is_over());
    assert_eq!(board.place(crate::Seat::A), Some(1));
}
