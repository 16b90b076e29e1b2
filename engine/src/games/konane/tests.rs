//! Hand-built positions for each rule of Konane: the start, both opening removals, the
//! jump, optional continuation in one direction only, the loss of the side that cannot
//! move, the ply cap, and notation.

use super::*;
use crate::game::{EndReason, Outcome};
use crate::games::grid;

fn square(name: &str) -> u32 {
    grid::parse_point(8, 8, name).expect("a square name")
}

fn position(text: &str) -> Konane {
    Konane::parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(position: &Konane) -> Vec<String> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn play(position: &mut Konane, text: &str) {
    let mv = position.parse_move(text).expect("a move");
    position.play(mv).expect("a legal move");
}

#[test]
fn the_board_starts_full_with_white_on_the_dark_squares() {
    let start = Konane::start();
    assert_eq!(start.pieces(Colour::White), DARK);
    assert_eq!(start.pieces(Colour::Black), !DARK);
    assert_eq!(start.piece_at(square("a1")), Some(Colour::White));
    assert_eq!(start.piece_at(square("a8")), Some(Colour::Black));
    assert_eq!(start.piece_at(square("h8")), Some(Colour::White));
    assert_eq!(start.side_to_move(), Colour::Black);
    assert_eq!(start.to_move(), Seat::A);
    assert_eq!(start.phase(), Phase::FirstRemoval);
    assert_eq!(
        start.to_string(),
        "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b"
    );
}

#[test]
fn black_first_removes_a_corner_or_centre_piece_of_the_long_diagonal() {
    assert_eq!(moves(&Konane::start()), vec!["a8", "d5", "e4", "h1"]);
}

#[test]
fn white_then_removes_a_piece_next_to_the_hole() {
    let mut centre = Konane::start();
    play(&mut centre, "d5");
    assert_eq!(centre.phase(), Phase::SecondRemoval);
    assert_eq!(moves(&centre), vec!["c5", "d4", "d6", "e5"]);
    let mut corner = Konane::start();
    play(&mut corner, "a8");
    assert_eq!(moves(&corner), vec!["a7", "b8"]);
    let mut other_corner = Konane::start();
    play(&mut other_corner, "h1");
    assert_eq!(moves(&other_corner), vec!["g1", "h2"]);
    // A removal elsewhere is not legal.
    assert!(!centre.is_legal(KonaneMove::removal(square("a1"))));
}

#[test]
fn after_the_removals_every_move_is_a_jump_into_the_holes() {
    let mut p = Konane::start();
    play(&mut p, "d5");
    play(&mut p, "c5");
    assert_eq!(p.phase(), Phase::Jumps);
    // Black lands on d5 from d7, f5 or d3; b5 cannot jump the empty c5.
    assert_eq!(moves(&p), vec!["d3xd5", "d7xd5", "f5xd5"]);
    play(&mut p, "f5xd5");
    assert_eq!(p.piece_at(square("e5")), None, "the jumped piece is taken");
    assert_eq!(p.piece_at(square("f5")), None);
    assert_eq!(p.piece_at(square("d5")), Some(Colour::Black));
}

#[test]
fn a_piece_jumps_only_an_adjacent_enemy_orthogonally_into_an_empty_square() {
    // Black b1 takes c1 into the empty d1. It cannot take b2 northwards (b3 is
    // occupied), nor b3 take b2 southwards (b1 is occupied), and nothing moves without
    // jumping.
    let p = position("8/8/8/8/8/1b6/1w6/1bw5 b");
    assert_eq!(moves(&p), vec!["b1xd1"]);
    // White c1 has no empty square beyond b1 (a1 is empty: c1xa1).
    let q = position("8/8/8/8/8/8/8/1bw5 w");
    assert_eq!(moves(&q), vec!["c1xa1"]);
    // Nothing to jump over when the neighbour is the mover's own colour.
    let r = position("8/8/8/8/8/8/8/w1w5 w");
    assert!(moves(&r).is_empty());
}

#[test]
fn continuing_is_optional_and_each_stopping_square_is_a_move() {
    let p = position("8/8/8/8/8/8/8/1bw1w1w1 b");
    assert_eq!(moves(&p), vec!["b1xd1", "b1xd1xf1", "b1xd1xf1xh1"]);
    let mut mv = p.parse_move("b1xd1xf1xh1").unwrap();
    assert_eq!(mv.captures(), 3);
    assert_eq!(p.parse_move("b1xh1"), Ok(mv));
    let mut after = p;
    after.play_unchecked(mv);
    assert_eq!(
        after.to_string(),
        "......../......../......../......../......../......../......../.......b w"
    );
    after.undo(mv);
    assert_eq!(after, p);
    mv = p.parse_move("b1xd1").unwrap();
    assert_eq!(mv.captures(), 1);
}

#[test]
fn a_multi_jump_never_turns() {
    // b1 takes c1 to d1; from d1 it could take d2 northwards, but may not turn.
    let p = position("8/8/8/8/8/8/3w4/1bw5 b");
    assert_eq!(moves(&p), vec!["b1xd1"]);
    // Vertically too: Black a2 takes a3 and may stop on a4 or go on over a5 to a6.
    let q = position("8/8/8/w7/8/w7/b7/8 b");
    assert_eq!(moves(&q), vec!["a2xa4", "a2xa4xa6"]);
}

#[test]
fn the_side_that_cannot_move_loses() {
    let p = position("8/8/8/8/8/8/8/1b2w3 b");
    assert!(p.is_over());
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::B, 2, EndReason::NoMoves))
    );
    let q = position("8/8/8/8/8/8/8/1b2w3 w");
    assert_eq!(
        q.status(),
        Status::Over(Outcome::win(Seat::A, 2, EndReason::NoMoves))
    );
}

#[test]
fn the_cap_draws_a_game_that_reaches_it() {
    let mut options = GameOptions::new();
    options.set("cap", "3");
    let mut p = Konane::new(&options).unwrap();
    assert_eq!(p.ply_cap(), 3);
    play(&mut p, "d5");
    play(&mut p, "c5");
    play(&mut p, "f5xd5");
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::PlyCap))
    );
    assert!(p.to_string().ends_with(" w cap=3"));
    options.set("cap", "0");
    assert!(Konane::new(&options).is_err());
    let mut unknown = GameOptions::new();
    unknown.set("duplicates", "keep");
    assert!(Konane::new(&unknown).is_err());
}

#[test]
fn positions_read_back_and_bad_ones_are_refused() {
    let mut p = Konane::start();
    for text in ["e4", "e5", "c4xe4", "d6xd4"] {
        play(&mut p, text);
        let again = position(&p.to_string());
        assert_eq!(again.to_string(), p.to_string());
        assert_eq!(again.hash(), p.hash());
    }
    assert_eq!(p.hash(), p.compute_hash());
    // A piece on a square of the other colour, a full board with White to move, a row
    // too long, a bad side.
    for bad in [
        "8/8/8/8/8/8/8/b7 b",
        "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb w",
        "9/8/8/8/8/8/8/8 b",
        "8/8/8/8/8/8/8/8 x",
        "8/8/8/8/8/8/8/8 b cap",
    ] {
        assert!(Konane::parse_position(bad).is_err(), "{bad}");
    }
    for bad in ["", "i1", "d3xe4", "d3xd4", "d3xd7xd5", "a1xh1x", "b1xd2"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn mobility_counts_the_jumps_of_either_side() {
    let p = position("8/8/8/8/8/8/8/1bw1w1w1 b");
    assert_eq!(p.mobility(Colour::Black), 3);
    // White c1 can take b1 into a1.
    assert_eq!(p.mobility(Colour::White), 1);
}
