//! Every rule of Leapfrog Race on hand-built positions.

use super::*;

/// The position with A's and B's pieces on these 1-based spots.
fn position(a: &[u32], b: &[u32], to_move: Seat) -> Leapfrog {
    let bits = |spots: &[u32]| spots.iter().map(|s| 1u32 << (s - 1)).sum();
    Leapfrog::from_pieces(bits(a), bits(b), to_move)
}

/// The legal moves in notation, sorted.
fn moves(position: &Leapfrog) -> Vec<String> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    names.sort();
    assert_eq!(position.count_moves(&mut Vec::new()), names.len());
    names
}

#[test]
fn start_has_one_step_and_everything_else_is_jammed() {
    let start = Leapfrog::start();
    assert_eq!(start.to_string(), "AAAAA.........BBBBB A");
    assert_eq!(moves(&start), ["5-6"]);
    let mut after = start;
    after.play_unchecked(LeapfrogMove::new(5, 6));
    assert_eq!(moves(&after), ["15-14"]);
}

#[test]
fn step_onto_empty_spot() {
    let p = position(&[1, 3, 5, 7, 9], &[11, 13, 15, 17, 19], Seat::A);
    assert_eq!(moves(&p), ["1-2", "3-4", "5-6", "7-8", "9-10"]);
    let p = position(&[1, 3, 5, 7, 9], &[11, 13, 15, 17, 19], Seat::B);
    assert_eq!(moves(&p), ["11-10", "13-12", "15-14", "17-16", "19-18"]);
}

#[test]
fn leap_over_one_enemy() {
    let p = position(&[1, 2, 3, 4, 10], &[5, 15, 16, 17, 18], Seat::A);
    assert_eq!(moves(&p), ["10-11", "4-6"]);
    let mut after = p;
    after.play_unchecked(LeapfrogMove::new(4, 6));
    // The leapt piece stays where it was.
    assert_eq!(after.to_string(), "AAA.BA...A....BBBB. B");
}

#[test]
fn leap_over_a_run_of_three() {
    let p = position(&[1, 2, 3, 4, 12], &[5, 6, 7, 18, 19], Seat::A);
    assert_eq!(moves(&p), ["12-13", "4-8"]);
    // The same for B, running the other way: 16 leaps 15, 14, 13 onto 12.
    let p = position(&[13, 14, 15, 1, 2], &[16, 17, 18, 19, 8], Seat::B);
    assert_eq!(moves(&p), ["16-12", "8-7"]);
}

#[test]
fn no_leap_when_the_run_ends_at_an_own_piece() {
    let p = position(&[1, 2, 3, 4, 8], &[5, 6, 7, 18, 19], Seat::A);
    assert_eq!(moves(&p), ["8-9"]);
}

#[test]
fn no_leap_when_the_run_reaches_the_end_of_the_board() {
    let p = position(&[1, 2, 3, 4, 16], &[10, 11, 17, 18, 19], Seat::A);
    assert_eq!(moves(&p), ["4-5"]);
    let p = position(&[1, 2, 3, 10, 11], &[4, 15, 16, 17, 18], Seat::B);
    // B on 4 faces A's run 3, 2, 1, which reaches spot 1: no leap.
    assert_eq!(moves(&p), ["15-14"]);
}

#[test]
fn a_piece_never_leaps_its_own_pieces() {
    // The jam: A's 3 faces its own 4, and 4 faces its own 5.
    let p = position(&[3, 4, 5, 8, 9], &[12, 13, 14, 18, 19], Seat::A);
    assert_eq!(moves(&p), ["5-6", "9-10"]);
}

#[test]
fn a_piece_on_the_last_spot_has_no_move() {
    let p = position(&[1, 2, 3, 4, 19], &[6, 7, 8, 9, 10], Seat::A);
    assert_eq!(moves(&p), ["4-5"]);
    let p = position(&[5, 6, 7, 8, 9], &[1, 16, 17, 18, 19], Seat::B);
    assert_eq!(moves(&p), ["16-15"]);
}

#[test]
fn filling_the_goal_zone_wins_at_once() {
    let mut p = position(&[14, 16, 17, 18, 19], &[1, 2, 3, 4, 6], Seat::A);
    assert_eq!(p.status(), Status::Ongoing);
    p.play_unchecked(LeapfrogMove::new(14, 15));
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::A, 2, EndReason::Goal))
    );
    assert!(p.is_over());
    // B still has moves, but the game is over.
    assert!(p.count_moves(&mut Vec::new()) > 0);
}

#[test]
fn stuck_side_loses_on_goal_count() {
    // B to move: 1 is on the last spot, 2-4 are jammed, and 6 faces A's 5 with its own 4
    // behind. B has 4 pieces home, A none.
    let p = position(&[5, 7, 8, 9, 10], &[1, 2, 3, 4, 6], Seat::B);
    assert_eq!(moves(&p), Vec::<String>::new());
    let outcome = p.status().outcome().expect("stuck");
    assert_eq!(outcome.reason(), EndReason::Stuck);
    assert_eq!(outcome.winner(), Some(Seat::B));
}

#[test]
fn stuck_with_equal_goal_counts_goes_to_distance() {
    // A to move: 14 faces B's 15 with its own 16 behind; 16-18 jammed; 19 is the last
    // spot. Both have four pieces home; A travelled 69 spots, B 60.
    let p = position(&[14, 16, 17, 18, 19], &[1, 2, 3, 4, 15], Seat::A);
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(
        (p.pieces_in_goal(Seat::A), p.pieces_in_goal(Seat::B)),
        (4, 4)
    );
    assert_eq!((p.distance(Seat::A), p.distance(Seat::B)), (69, 60));
    let outcome = p.status().outcome().expect("stuck");
    assert_eq!(outcome.winner(), Some(Seat::A));
    // B stuck at the start of the board with A's run in front: distance decides for B.
    let p = position(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], Seat::B);
    assert_eq!(p.status().outcome().and_then(|o| o.winner()), Some(Seat::B));
}

#[test]
fn progress_compares_goal_count_then_distance_then_draws() {
    // No stuck position makes these two branches matter (an exhaustive search of all
    // positions finds none where goal count and distance disagree, and no stuck draw),
    // so the comparison itself is checked on positions where they would.
    let goal_beats_distance = position(&[15, 2, 3, 4, 5], &[10, 11, 12, 13, 14], Seat::A);
    assert!(goal_beats_distance.distance(Seat::A) < goal_beats_distance.distance(Seat::B));
    let outcome = goal_beats_distance.outcome_by_progress(EndReason::PlyCap);
    assert_eq!(outcome.winner(), Some(Seat::A));

    let distance_decides = position(&[6, 7, 8, 9, 10], &[15, 16, 17, 18, 14], Seat::A);
    let outcome = distance_decides.outcome_by_progress(EndReason::PlyCap);
    assert_eq!(outcome.winner(), Some(Seat::A));

    let level = position(&[2, 3, 4, 5, 6], &[14, 15, 16, 17, 18], Seat::A);
    assert_eq!(level.distance(Seat::A), level.distance(Seat::B));
    assert!(level.outcome_by_progress(EndReason::PlyCap).is_draw());
}

#[test]
fn notation_round_trips_and_rejects_nonsense() {
    let p = Leapfrog::parse_position("AAAA.A........BBBBB B").unwrap();
    assert_eq!(p.to_string(), "AAAA.A........BBBBB B");
    assert_eq!(p.to_move(), Seat::B);
    for bad in [
        "",
        "AAAAA.........BBBBB",
        "AAAAA.........BBBBB C",
        "AAAAA........BBBBB A",
        "AAAAAA........BBBBB A",
        "AAAAA.........BBBBX A",
    ] {
        let error = Leapfrog::parse_position(bad).unwrap_err();
        assert_eq!(error.text, bad);
    }
    let mv = p.parse_move("7-10").unwrap();
    assert_eq!(mv.to_string(), "7-10");
    for bad in ["", "7", "0-1", "19-20", "a-b", "7--8"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn illegal_moves_are_refused_and_leave_the_position() {
    let mut p = Leapfrog::start();
    let error = p.play(LeapfrogMove::new(4, 5)).unwrap_err();
    assert!(matches!(error, GameError::IllegalMove { .. }));
    assert_eq!(p, Leapfrog::start());
    p.play(LeapfrogMove::new(5, 6)).unwrap();
}

#[test]
fn options_choose_who_moves_first() {
    let mut options = GameOptions::new();
    assert_eq!(Leapfrog::new(&options).unwrap().to_move(), Seat::A);
    options.set("first", "B");
    assert_eq!(Leapfrog::new(&options).unwrap().to_move(), Seat::B);
    options.set("first", "C");
    let error = Leapfrog::new(&options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad value \"C\" for option \"first\" of leapfrog: expected A or B"
    );
}

#[test]
fn a_bad_race_size_names_the_one_option_at_fault() {
    let error = |pairs: &[(&str, &str)]| {
        let mut options = GameOptions::new();
        for (key, value) in pairs {
            options.set(key, value);
        }
        Leapfrog::new(&options).unwrap_err().to_string()
    };
    // Seven spots cannot hold the standard five pieces a side: spots is at fault.
    assert_eq!(
        error(&[("spots", "7")]),
        "bad value \"7\" for option \"spots\" of leapfrog: expected 11 to 31 spots for 5 \
         pieces a side (or fewer pieces: pieces=1 to 3)"
    );
    // Given pieces that do not fit a good line: pieces is at fault.
    assert_eq!(
        error(&[("spots", "9"), ("pieces", "5")]),
        "bad value \"5\" for option \"pieces\" of leapfrog: expected 1 to 4 pieces a side \
         on 9 spots, so that at least one spot starts empty between the two sides"
    );
    assert!(error(&[("spots", "40")]).starts_with("bad value \"40\" for option \"spots\""));
    assert!(error(&[("pieces", "0")]).starts_with("bad value \"0\" for option \"pieces\""));
}

#[test]
fn each_side_is_told_which_way_it_races() {
    let start = Leapfrog::start();
    assert_eq!(
        start.seat_story(Seat::A),
        "the A pieces, moving right: from spots 1-5 to fill spots 15-19"
    );
    assert_eq!(
        start.seat_story(Seat::B),
        "the B pieces, moving left: from spots 15-19 to fill spots 1-5"
    );
    let short = Leapfrog::start_on(Shape::new(9, 3).unwrap(), Seat::A);
    assert_eq!(
        short.seat_story(Seat::A),
        "the A pieces, moving right: from spots 1-3 to fill spots 7-9"
    );
}

#[test]
fn a_parse_errors_example_is_a_legal_move() {
    let mut position = Leapfrog::start();
    position.play(LeapfrogMove::new(5, 6)).unwrap();
    // B to move: 5-6 is no move of B's; the example is one.
    let error = position.parse_move("five").unwrap_err();
    assert_eq!(error.expected, "FROM-TO with spots 1 to 19, e.g. \"15-14\"");
    assert!(position.is_legal(position.parse_move("15-14").unwrap()));
}
