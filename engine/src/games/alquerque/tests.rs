//! Hand-built positions for each rule of Alquerque: the board's lines, the setup, steps
//! forward, diagonally forward (on the lines only) and sideways but never back, the far
//! row, compulsory capture with the first jump in the moving directions and later jumps
//! in any, compulsory continuation, free choice, duplicate paths, the end of the game,
//! both draw rules, the cap, and notation.

use super::rules::LINE;
use super::*;
use crate::game::{EndReason, Outcome};
use crate::games::grid;

fn point(name: &str) -> u32 {
    grid::parse_point(SIZE, SIZE, name).expect("a point name")
}

fn position(text: &str) -> Alquerque {
    Alquerque::parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(position: &Alquerque) -> Vec<String> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn play(position: &mut Alquerque, text: &str) {
    let mv = position.parse_move(text).expect("a move");
    position.play(mv).expect("a legal move");
}

#[test]
fn diagonal_lines_run_through_the_points_with_file_and_rank_even() {
    let lines = |name: &str| {
        LINE[point(name) as usize]
            .iter()
            .filter(|p| **p >= 0)
            .count()
    };
    assert_eq!(lines("c3"), 8);
    assert_eq!(lines("b3"), 4);
    assert_eq!(lines("a1"), 3);
    assert_eq!(lines("b1"), 3);
    assert_eq!(lines("b2"), 8);
    assert_eq!(STRONG.count_ones(), 13);
}

#[test]
fn the_setup_leaves_the_centre_empty_and_white_starts() {
    let start = Alquerque::start();
    assert_eq!(start.to_string(), "bbbbb/bbbbb/bb.ww/wwwww/wwwww w");
    assert_eq!(start.pieces(Colour::White).count_ones(), 12);
    assert_eq!(start.pieces(Colour::Black).count_ones(), 12);
    assert_eq!(start.piece_at(point("d3")), Some(Colour::White));
    assert_eq!(start.piece_at(point("b3")), Some(Colour::Black));
    assert_eq!(start.to_move(), Seat::A);
    assert_eq!(moves(&start), vec!["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
}

#[test]
fn diagonal_steps_only_from_points_with_diagonal_lines() {
    let odd = position("4b/5/5/5/1w3 w");
    assert_eq!(moves(&odd), vec!["b1-a1", "b1-b2", "b1-c1"]);
    let even = position("4b/5/5/5/2w2 w");
    assert_eq!(
        moves(&even),
        vec!["c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-d2"]
    );
}

#[test]
fn pawns_never_step_back_and_black_moves_down() {
    let white = position("4b/5/2w2/5/5 w");
    assert_eq!(
        moves(&white),
        vec!["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]
    );
    let black = position("5/5/2b2/5/w4 b");
    assert_eq!(
        moves(&black),
        vec!["c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"]
    );
}

#[test]
fn a_pawn_on_the_far_row_stays_unless_it_can_jump() {
    // c5 has no step, not even sideways; with nothing else, White cannot move and loses.
    let stuck = position("2w2/5/5/5/b4 w");
    assert!(moves(&stuck).is_empty());
    assert_eq!(
        stuck.status(),
        Status::Over(Outcome::win(Seat::B, 2, EndReason::NoMoves))
    );
    // It may start a capture sideways along the far row, and go on in any direction.
    let jump = position("2wb1/4b/5/5/5 w");
    assert_eq!(moves(&jump), vec!["c5xe5xe3"]);
    // The same for Black on rank 1.
    let black = position("w4/5/5/5/1wb2 b");
    assert_eq!(moves(&black), vec!["c1xa1"]);
}

#[test]
fn capturing_is_compulsory() {
    let p = position("4b/5/5/2b2/w1w2 w");
    assert_eq!(moves(&p), vec!["c1xc3"]);
}

#[test]
fn the_first_jump_goes_only_in_the_moving_directions() {
    // Black c2 stands behind White c3 with c1 empty: no backward first jump.
    let p = position("4b/5/2w2/2b2/5 w");
    assert_eq!(moves(&p), vec!["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]);
    // Nor diagonally backwards, nor diagonally from a point without diagonals.
    let q = position("4b/5/1w3/b1b2/5 w");
    assert!(
        moves(&q).iter().all(|m| !m.contains('x')),
        "{:?}",
        moves(&q)
    );
}

#[test]
fn later_jumps_go_any_way_and_must_go_on() {
    // a3 takes b3 sideways; from c3 it must go on, backwards over c2 to c1.
    let p = position("5/5/wb3/2b2/5 w");
    assert_eq!(moves(&p), vec!["a3xc3xc1"]);
    let mv = p.parse_move("a3xc3xc1").unwrap();
    assert_eq!(mv.captures(), 2);
    // Diagonal later jumps only through points with diagonals: from c3 over d2 to e1.
    let q = position("5/5/wb3/3b1/5 w");
    assert_eq!(moves(&q), vec!["a3xc3xe1"]);
}

#[test]
fn any_capture_may_be_chosen() {
    // One piece on one side, two on the other: both captures are legal.
    let p = position("5/2b2/5/2b2/1bw2 w");
    assert_eq!(moves(&p), vec!["c1xa1", "c1xc3xc5"]);
}

#[test]
fn two_paths_over_the_same_pieces_are_one_move() {
    // a1 goes round the square a1-c1-c3-a3 either way, taking the same four pieces.
    let p = position("5/5/1b3/b1b2/wb3 w");
    let mut list = Vec::new();
    p.generate_moves(&mut list);
    assert_eq!(list.len(), 1);
    let mv = list[0];
    assert_eq!((mv.from(), mv.to(), mv.captures()), (0, 0, 4));
    assert_eq!(p.parse_move("a1xc1xc3xa3xa1"), Ok(mv));
    assert_eq!(p.parse_move("a1xa3xc3xc1xa1"), Ok(mv));
    let mut after = p.clone();
    after.play_unchecked(mv);
    assert_eq!(after.to_string(), "...../...../...../...../w.... b");
    // Black has no pieces left and loses.
    assert_eq!(
        after.status(),
        Status::Over(Outcome::win(Seat::A, 2, EndReason::NoMoves))
    );
    after.undo(mv);
    assert_eq!(after.to_string(), p.to_string());
    assert_eq!(after.hash(), p.hash());
    // With duplicates=keep (perft's --keep-duplicates) each path counts.
    let kept = position("5/5/1b3/b1b2/wb3 w duplicates=keep");
    kept.generate_moves(&mut list);
    assert_eq!(list, [mv, mv]);
    assert_eq!(kept.count_moves(&mut Vec::new()), 2);
    assert_eq!(kept.to_string(), format!("{p} duplicates=keep"));
}

#[test]
fn a_side_without_a_move_loses() {
    // White b1 is hemmed in: a1, b2 and c1 are Black, and b3 and d1 stop the jumps.
    let p = position("4b/5/1b3/1b3/bwbb1 w");
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::B, 2, EndReason::NoMoves))
    );
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let mut p = position("2b2/5/5/5/2w2 w");
    for (round, texts) in [["c1-d1", "c5-d5", "d1-c1", "d5-c5"]; 2].iter().enumerate() {
        for (index, text) in texts.iter().enumerate() {
            assert!(!p.is_over(), "round {round}, ply {index}");
            play(&mut p, text);
        }
    }
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::Repetition))
    );
    // A forward step clears the history.
    let mut q = position("2b2/5/5/5/2w2 w");
    for text in ["c1-d1", "c5-d5", "d1-c1", "d5-c5", "c1-c2", "c5-c4"] {
        play(&mut q, text);
    }
    assert!(!q.is_over());
}

#[test]
fn fifty_plies_of_sideways_steps_draw_and_forward_steps_reset_the_count() {
    let mut p = position("b4/5/5/5/w4 w repetitions=0");
    let shuffle = |p: &mut Alquerque, plies: u32| {
        for ply in 0..plies {
            play(p, ["a1-b1", "a5-b5", "b1-a1", "b5-a5"][ply as usize % 4]);
        }
    };
    shuffle(&mut p, 49);
    assert_eq!(p.quiet_plies(), 49);
    assert!(!p.is_over());
    play(&mut p, "a5-a4");
    assert_eq!(p.quiet_plies(), 0, "a forward step is progress");
    let mut q = position("b4/5/5/5/w4 w repetitions=0");
    shuffle(&mut q, 50);
    assert_eq!(
        q.status(),
        Status::Over(Outcome::draw(2, EndReason::DrawRule))
    );
    // A capture is progress too.
    let mut r = position("5/5/5/5/wb3 w");
    play(&mut r, "a1xc1");
    assert_eq!(r.quiet_plies(), 0);
}

#[test]
fn the_cap_and_the_options() {
    let mut options = GameOptions::new();
    options.set("cap", "2");
    let mut p = Alquerque::new(&options).unwrap();
    play(&mut p, "d3-c3");
    play(&mut p, "b3xd3");
    assert!(p.to_string().ends_with(" cap=2"));
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::PlyCap))
    );
    for (key, value) in [
        ("cap", "0"),
        ("repetitions", "1"),
        ("no_progress", "x"),
        ("pieces", "3"),
    ] {
        let mut bad = GameOptions::new();
        bad.set(key, value);
        assert!(Alquerque::new(&bad).is_err(), "{key}={value}");
    }
}

#[test]
fn notation_reads_back_and_refuses_what_is_not_alquerque() {
    let p = Alquerque::start();
    let mv = p.parse_move("b2-c3").unwrap();
    assert_eq!(mv.to_string(), "b2-c3");
    assert_eq!((mv.from(), mv.to()), (point("b2"), point("c3")));
    for bad in ["", "b2-", "f1-a1", "a1xa2", "b1xd3", "a1xc1xa1", "a1"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    for bad in ["5/5/5/5/5", "5/5/5/5/5 x", "6/5/5/5/5 w", "5/5/5/5/5 w cap"] {
        assert!(Alquerque::parse_position(bad).is_err(), "{bad}");
    }
    let q = position("5/5/5/5/5 b cap=9 repetitions=4 no_progress=20");
    assert_eq!(
        q.to_string(),
        "...../...../...../...../..... b cap=9 repetitions=4 no_progress=20"
    );
    assert!(Alquerque::start().render().contains("w - w - w - w - w"));
}

#[test]
fn features_count_pawns_advancement_and_mobility() {
    let start = Alquerque::start();
    let white = start.features(Colour::White);
    assert_eq!(white.men, 12);
    assert_eq!((white.kings, white.parachutists), (0, 0));
    assert_eq!(white.advancement, 5 + 2 * 2);
    assert_eq!(white.back_rank, 5);
    assert_eq!(white.mobility, 4);
    let black = start.features(Colour::Black);
    assert_eq!(black.advancement, 5 + 2 * 2);
    assert_eq!(black.back_rank, 5);
    assert_eq!(black.mobility, 4);
}
