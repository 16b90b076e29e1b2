//! Hand-built positions for each rule of the draughts family: the capture obligation,
//! multi-captures as one move, each crowning rule, each precedence rule, the special
//! pieces and squares of Corner, One-way and Parachute checkers, the end of the game and
//! every draw rule, duplicates, and notation.

use super::*;
use crate::game::Game;

/// The PDN number of an algebraic square (`c3`) on an 8x8 board; works for both
/// colourings as long as the square is a playing square of the variant.
fn sq(name: &str) -> u32 {
    let bytes = name.as_bytes();
    let file = (bytes[0] - b'a') as u32;
    let rank = (bytes[1] - b'1') as u32;
    (7 - rank) * 4 + file / 2 + 1
}

/// A position from a FEN whose squares are written algebraically: `W:WKc3,e3:Bd4`.
fn position<R: Rules>(fen: &str) -> Draughts<R> {
    let convert = |item: &str| -> String {
        let split = item
            .find(|c: char| c.is_ascii_lowercase())
            .unwrap_or(item.len());
        let (prefix, square) = item.split_at(split);
        if square.len() == 2 && square.as_bytes()[1].is_ascii_digit() {
            format!("{prefix}{}", sq(square))
        } else {
            item.to_string()
        }
    };
    let mut words = fen.split(' ');
    let board = words.next().unwrap_or_default();
    let sections: Vec<String> = board
        .split(':')
        .map(|section| {
            section
                .split(',')
                .map(convert)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let mut converted = sections.join(":");
    for word in words {
        converted.push(' ');
        converted.push_str(word);
    }
    Draughts::<R>::parse_position(&converted).unwrap_or_else(|e| panic!("{converted}: {e}"))
}

fn moves<R: Rules>(position: &Draughts<R>) -> Vec<String> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn list<R: Rules>(position: &Draughts<R>) -> Vec<DraughtsMove<R>> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    list
}

fn numbers(squares: &[&str]) -> String {
    squares
        .iter()
        .map(|s| sq(s).to_string())
        .collect::<Vec<_>>()
        .join("x")
}

#[test]
fn capturing_is_compulsory_and_a_multi_capture_is_one_move() {
    // White c3 takes d4 and f6 in one move; the quiet moves of h2 are not allowed.
    let p = position::<English>("W:Wc3,h2:Bd4,f6,a7");
    assert_eq!(moves(&p), vec![numbers(&["c3", "e5", "g7"])]);
    let mv = list(&p)[0];
    assert_eq!(mv.captures(), 2);
    assert_eq!(mv.captured_squares(), vec![sq("f6"), sq("d4")]);
}

#[test]
fn english_men_move_forward_only_and_black_moves_down() {
    let white = position::<English>("W:Wd4:Bh8");
    assert_eq!(
        moves(&white),
        vec![
            format!("{}-{}", sq("d4"), sq("c5")),
            format!("{}-{}", sq("d4"), sq("e5"))
        ]
    );
    let black = position::<English>("B:Wa1:Bd4");
    assert_eq!(
        moves(&black),
        vec![
            format!("{}-{}", sq("d4"), sq("c3")),
            format!("{}-{}", sq("d4"), sq("e3"))
        ]
    );
}

#[test]
fn crowning_during_a_capture_follows_each_variant() {
    // A white man on b6 takes c7 and lands on d8, the crowning row; e7 stands where a
    // king (or a man capturing backwards) could take it next.
    let fen = "W:Wb6:Bc7,e7";
    // English: the move ends on d8 and the man is crowned.
    let english = list(&position::<English>(fen));
    assert_eq!(english.len(), 1);
    assert_eq!(english[0].to_string(), numbers(&["b6", "d8"]));
    assert!(english[0].promotes());
    // Brazilian: it passes the crowning row, must take e7 backwards as a man, and ends
    // uncrowned on f6.
    let brazilian = list(&position::<Brazilian>(fen));
    assert_eq!(brazilian.len(), 1);
    assert_eq!(brazilian[0].to_string(), numbers(&["b6", "d8", "f6"]));
    assert!(!brazilian[0].promotes());
    // Russian: crowned on d8, it goes on as a flying king and may land on f6, g5 or h4.
    let russian = list(&position::<Russian>(fen));
    let mut texts: Vec<String> = russian.iter().map(|m| m.to_string()).collect();
    texts.sort();
    assert_eq!(
        texts,
        vec![
            numbers(&["b6", "d8", "f6"]),
            numbers(&["b6", "d8", "g5"]),
            numbers(&["b6", "d8", "h4"])
        ]
    );
    assert!(russian.iter().all(|m| m.promotes() && m.captures() == 2));
}

#[test]
fn a_flying_king_must_land_where_it_can_go_on_and_kings_capture_first_in_czech() {
    // King a1 takes b2; of the squares beyond, only e5 lets it take f4 next, so it must
    // land there and then on g3 or h2. The man on e3 could take f4 too.
    let fen = "W:WKa1,e3:Bb2,f4";
    let king_paths = vec![numbers(&["a1", "e5", "g3"]), numbers(&["a1", "e5", "h2"])];
    assert_eq!(
        moves(&position::<Czech>(fen)),
        king_paths,
        "Czech: the king must capture"
    );
    assert_eq!(
        moves(&position::<Brazilian>(fen)),
        king_paths,
        "Brazilian: the most pieces"
    );
    let mut russian = king_paths.clone();
    russian.push(numbers(&["e3", "g5"]));
    russian.sort();
    assert_eq!(
        moves(&position::<Russian>(fen)),
        russian,
        "Russian: free choice"
    );
}

#[test]
fn captured_pieces_block_until_the_move_ends() {
    // International rules on 8x8: the king on a1 takes b2 and, from c3, d4; coming back
    // along the long diagonal it may not pass the captured (still standing) b2.
    let p = position::<Brazilian>("W:WKa1:Bb2,e5,g3");
    for mv in list(&p) {
        assert!(mv.captures() <= 3);
    }
    // Thai removes captured pieces at once, and its king lands right behind them.
    let thai = position::<Thai>("W:WKa1:Bd4");
    assert_eq!(moves(&thai), vec![numbers(&["a1", "e5"])]);
}

#[test]
fn portuguese_takes_the_most_kings_among_the_longest() {
    // The man on c3 can take a man (d4) or a king (b4); equal counts, so the king.
    let p = position::<Portuguese>("W:Wc3:Bd4,Kb4,h8");
    assert_eq!(moves(&p), vec![numbers(&["c3", "a5"])]);
}

#[test]
fn italian_men_may_not_take_kings_and_kings_capture_first() {
    // Italian boards have a light a1: playing squares have file + rank odd.
    let p = position::<Italian>("W:Wd3:BKe4,a8");
    assert_eq!(moves(&p), vec![format!("{}-{}", sq("d3"), sq("c4"))]);
    // A king and a man can each take one man: the king must.
    let q = position::<Italian>("W:WKb1,f3:Bc2,g4,a8");
    assert_eq!(moves(&q), vec![numbers(&["b1", "d3"])]);
    // Equal counts, both by kings: the one that takes more kings.
    let r = position::<Italian>("W:WKb1,Kf1:Bc2,Kg2,a8");
    assert_eq!(moves(&r), vec![numbers(&["f1", "h3"])]);
}

#[test]
fn corner_checkers_crowns_only_in_the_far_corner() {
    // Black's piece on g1, a square that crowns Black, is a king: a man would have been.
    let p = position::<Corner>("W:Wb6,c7:BKg1");
    let all = list(&p);
    let crowned: Vec<String> = all
        .iter()
        .filter(|m| m.promotes())
        .map(|m| m.to_string())
        .collect();
    let mut crowned_sorted = crowned.clone();
    crowned_sorted.sort();
    let mut expected = vec![
        format!("{}-{}", sq("b6"), sq("a7")),
        format!("{}-{}", sq("c7"), sq("b8")),
    ];
    expected.sort();
    assert_eq!(crowned_sorted, expected);
    let d8 = all
        .iter()
        .find(|m| m.to_square() == sq("d8"))
        .expect("c7-d8 is a move");
    assert!(
        !d8.promotes(),
        "d8 is on the last row but not a crowning square"
    );
    // A man left on d8 has no move at all.
    let stuck = position::<Corner>("W:Wd8:BKg1");
    assert!(list(&stuck).is_empty());
    assert_eq!(
        stuck.status().outcome().map(|o| o.reason()),
        Some(EndReason::NoMoves)
    );
}

#[test]
fn one_way_men_all_move_up_the_board() {
    let black = position::<OneWay>("B:Wa1:Bd4,c7");
    let all = list(&black);
    let mut texts: Vec<String> = all.iter().map(|m| m.to_string()).collect();
    texts.sort();
    let mut expected = vec![
        format!("{}-{}", sq("d4"), sq("c5")),
        format!("{}-{}", sq("d4"), sq("e5")),
        format!("{}-{}", sq("c7"), sq("b8")),
        format!("{}-{}", sq("c7"), sq("d8")),
    ];
    expected.sort();
    assert_eq!(texts, expected);
    assert!(all
        .iter()
        .filter(|m| m.to_square() <= 4)
        .all(|m| m.promotes()));
}

#[test]
fn parachutists_only_capture_backwards_and_become_men() {
    // The parachutist on d8 takes c7 or e7 towards its own side; as a man on f6 it then
    // takes g7 forwards and lands on h8, where it is crowned.
    let p = position::<Parachute>("W:WPd8:Bc7,e7,g7");
    let mut texts = moves(&p);
    texts.sort();
    let mut expected = vec![numbers(&["d8", "b6"]), numbers(&["d8", "f6", "h8"])];
    expected.sort();
    assert_eq!(texts, expected);
    let mut after = p.clone();
    let mv = list(&p)
        .into_iter()
        .find(|m| m.to_square() == sq("b6"))
        .unwrap();
    after.play_unchecked(mv);
    assert_eq!(after.piece_on(sq("b6")), Some((Colour::White, false)));
    assert_eq!(after.material(Colour::White), (1, 0, 0));
    after.undo(mv);
    assert_eq!(after.to_string(), p.to_string());
    // Without a capture a parachutist has no move: a side left with only that loses.
    let stuck = position::<Parachute>("W:WPb8:Bh2");
    assert!(list(&stuck).is_empty());
    assert_eq!(
        stuck.status().outcome().and_then(|o| o.winner()),
        Some(Seat::B)
    );
    // A king's capture goes first; the parachutist's is not a king's.
    let preference = position::<Parachute>("W:WPd8,Ka1:Bc7,b2");
    assert!(list(&preference).iter().all(|m| m.is_king_move()));
}

#[test]
fn the_side_without_a_move_loses_except_in_suicide() {
    // Black's man on b2 is blocked by the men on a1 and c1, which it cannot jump.
    let fen = "B:Wa1,c1:Bb2";
    let english = position::<English>(fen);
    assert!(list(&english).is_empty());
    let outcome = english.status().outcome().expect("over");
    assert_eq!(outcome.reason(), EndReason::NoMoves);
    assert_eq!(outcome.winner(), Some(Seat::B), "White, seat B, wins");
    let suicide = position::<Suicide>(fen);
    assert_eq!(
        suicide.status().outcome().and_then(|o| o.winner()),
        Some(Seat::A),
        "Black wins"
    );
    // No pieces at all: the side to move has no move.
    let bare = position::<English>("W:W:Bh8");
    assert_eq!(
        bare.status().outcome().and_then(|o| o.winner()),
        Some(Seat::A),
        "Black (seat A) wins"
    );
    let bare = position::<Suicide>("W:W:Bh8");
    assert_eq!(
        bare.status().outcome().and_then(|o| o.winner()),
        Some(Seat::B),
        "White (seat B) wins"
    );
}

#[test]
fn a_position_occurring_the_third_time_draws() {
    let mut p = position::<English>("W:WKa1:BKh8");
    let shuffle = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];
    let play = |p: &mut Draughts<English>, text: &str| {
        let (from, to) = text.split_once('-').unwrap();
        let mv = p.parse_move(&format!("{}-{}", sq(from), sq(to))).unwrap();
        p.play(mv).unwrap();
    };
    for text in shuffle {
        play(&mut p, text);
    }
    assert!(!p.is_over(), "second occurrence");
    for (index, text) in shuffle.iter().enumerate() {
        assert!(!p.is_over(), "ply {index} of the second round");
        play(&mut p, text);
    }
    assert_eq!(
        p.status().outcome().map(|o| o.reason()),
        Some(EndReason::Repetition)
    );
    assert!(p.status().outcome().unwrap().is_draw());
    // The option asks for a fourth occurrence instead.
    let mut q = position::<English>("W:WKa1:BKh8 repetitions=4");
    for _ in 0..2 {
        for text in shuffle {
            play(&mut q, text);
        }
    }
    assert!(!q.is_over());
    // perft counts with the draw rules off.
    assert!(!p.perft_position().is_over());
}

#[test]
fn quiet_plies_and_endgame_counters_draw() {
    // English: 80 plies without a capture or a man's move.
    let mut p = position::<English>("W:WKa1,c1:BKh8");
    p.history.set_quiet_plies(79);
    let mv = p.parse_move(&format!("{}-{}", sq("a1"), sq("b2"))).unwrap();
    p.play_unchecked(mv);
    assert_eq!(
        p.status().outcome().map(|o| o.reason()),
        Some(EndReason::DrawRule)
    );
    p.undo(mv);
    assert!(!p.is_over());
    // A man's move resets the counter.
    let mut q = position::<English>("W:Wc3,Ka1:BKh8");
    q.history.set_quiet_plies(79);
    let step = q.parse_move(&format!("{}-{}", sq("c3"), sq("d4"))).unwrap();
    q.play_unchecked(step);
    assert!(!q.is_over());
    // International: three kings against a lone king draw after 16 moves each.
    let mut r = Draughts::<International>::parse_position("W:WK46,K47,K48:BK5").unwrap();
    r.material_plies = 31;
    let mut moves = Vec::new();
    r.generate_moves(&mut moves);
    r.play_unchecked(moves[0]);
    assert_eq!(
        r.status().outcome().map(|o| o.reason()),
        Some(EndReason::DrawRule)
    );
    // Two pieces with a king: after 5 moves each.
    let mut s = Draughts::<Russian>::parse_position("W:WK29,28:BK4").unwrap();
    s.material_plies = 9;
    let mut russian_moves = Vec::new();
    s.generate_moves(&mut russian_moves);
    let king_move = *russian_moves.iter().find(|m| m.is_king_move()).unwrap();
    s.play_unchecked(king_move);
    assert_eq!(
        s.status().outcome().map(|o| o.reason()),
        Some(EndReason::DrawRule)
    );
}

#[test]
fn no_capture_draws_after_plies_without_a_capture_of_men_and_kings_alike() {
    // Men's moves count too (unlike English's own counter); the men are too far apart to
    // meet within four plies.
    let mut p =
        Draughts::<English>::parse_position("B:W29,30:B1,2 no_capture=4 repetitions=0").unwrap();
    assert_eq!(p.to_string(), "B:W29,30:B1,2 repetitions=0 no_capture=4");
    let mut moves = Vec::new();
    let mut played = Vec::new();
    for _ in 0..4 {
        assert!(!p.is_over());
        p.generate_moves(&mut moves);
        assert!(moves[0].captured.is_empty());
        p.play_unchecked(moves[0]);
        played.push(moves[0]);
    }
    assert_eq!(
        p.status().outcome().map(|o| o.reason()),
        Some(EndReason::DrawRule)
    );
    // Undo restores the counter.
    p.undo(played.pop().unwrap());
    assert!(!p.is_over());
    // A capture starts it again: two plies before the limit, White takes.
    let mut q = Draughts::<English>::parse_position("W:W18,K32:B14,1,2 no_capture=3").unwrap();
    q.capture_plies = 2;
    q.generate_moves(&mut moves);
    assert!(!moves[0].captured.is_empty(), "White must take");
    q.play_unchecked(moves[0]);
    for _ in 0..2 {
        assert!(!q.is_over());
        q.generate_moves(&mut moves);
        q.play_unchecked(moves[0]);
    }
    // Without the option the same plies draw nothing.
    let mut r = Draughts::<English>::parse_position("B:W29,30:B1,2").unwrap();
    for _ in 0..8 {
        r.generate_moves(&mut moves);
        r.play_unchecked(moves[0]);
    }
    assert!(!r.is_over(), "{r}");
}

#[test]
fn the_ply_cap_draws() {
    let mut p = Draughts::<English>::parse_position("W:WK29:BK4 cap=3").unwrap();
    let mut moves = Vec::new();
    for _ in 0..3 {
        assert!(!p.is_over());
        p.generate_moves(&mut moves);
        p.play_unchecked(moves[0]);
    }
    assert_eq!(
        p.status().outcome().map(|o| o.reason()),
        Some(EndReason::PlyCap)
    );
    assert_eq!(p.ply_cap(), 3);
}

#[test]
fn two_paths_round_a_loop_are_one_move_unless_kept() {
    // The English king on c3 can take the four men around d5 clockwise or
    // anticlockwise, ending where it started.
    let drop = position::<English>("W:WKc3:Bd4,d6,b6,b4");
    let all = list(&drop);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].captures(), 4);
    assert_eq!(all[0].from_square(), all[0].to_square());
    let keep = position::<English>("W:WKc3:Bd4,d6,b6,b4 duplicates=keep");
    assert_eq!(list(&keep).len(), 2);
    assert_eq!(keep.to_string(), format!("{} duplicates=keep", drop));
    // Either way the move plays and undoes cleanly.
    let mut p = drop.clone();
    p.play_unchecked(all[0]);
    assert_eq!(p.to_string(), "B:WK22:B");
    assert_eq!(p.hash(), p.compute_hash());
    p.undo(all[0]);
    assert_eq!(p.to_string(), drop.to_string());
}

#[test]
fn notation_round_trips_and_bad_input_is_named() {
    let start = Draughts::<English>::start();
    assert_eq!(
        start.to_string(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(start.to_move(), Seat::A);
    assert_eq!(start.side_to_move(), Colour::Black);
    let international = Draughts::<International>::start();
    assert_eq!(international.to_move(), Seat::A);
    assert_eq!(international.side_to_move(), Colour::White);
    for mv in list(&start) {
        assert_eq!(start.parse_move(&mv.to_string()), Ok(mv));
    }
    // A short capture notation is enough when only one capture joins the squares.
    let p = position::<English>("W:Wc3,h2:Bd4,f6,a7");
    let full = list(&p)[0];
    assert_eq!(
        p.parse_move(&format!("{}x{}", sq("c3"), sq("g7"))),
        Ok(full)
    );
    assert_eq!(p.pdn_move(full), full.to_string());
    for bad in [
        "",
        "X:W1:B2",
        "W:W1:B1",
        "W:W0:B2",
        "W:W33",
        "W:W5-3",
        "W:W1:W2",
        "W:W1 cap=0",
        "W:W1 colour=red",
    ] {
        let error = Draughts::<English>::parse_position(bad).unwrap_err();
        assert_eq!(error.text, bad);
        assert!(!error.expected.is_empty());
    }
    for bad in ["", "11", "11-", "x", "0-4", "33-29", "abc"] {
        assert!(start.parse_move(bad).is_err(), "{bad:?}");
    }
    // A well-formed but illegal step parses and is refused by the legality check.
    let illegal = start.parse_move("1-5").unwrap();
    assert!(!start.is_legal(illegal));
    assert!(start.clone().play(illegal).is_err());
}

#[test]
fn game_options_are_checked() {
    let mut options = GameOptions::new();
    options.set("duplicates", "keep");
    options.set("cap", "100");
    let p = Draughts::<International>::new(&options).unwrap();
    assert_eq!(p.ply_cap(), 100);
    let mut bad = GameOptions::new();
    bad.set("duplicates", "maybe");
    assert!(Draughts::<International>::new(&bad).is_err());
    let mut huge = GameOptions::new();
    huge.set("no_capture", "70000");
    let error = Draughts::<English>::new(&huge).unwrap_err();
    assert!(error.to_string().contains("no_capture"), "{error}");
    let mut unknown = GameOptions::new();
    unknown.set("flying", "true");
    let error = Draughts::<English>::new(&unknown).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("duplicates, cap, repetitions, no_capture"),
        "{error}"
    );
}

#[test]
fn one_way_starts_with_moves_for_both_sides() {
    // White on rows 1-3 and Black on rows 5-7, every man moving up: both can move.
    let start = Draughts::<OneWay>::start();
    assert_eq!(
        start.to_string(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B5,6,7,8,9,10,11,12,13,14,15,16"
    );
    assert_eq!(list(&start).len(), 7);
    let mut after = start.clone();
    after.play_unchecked(list(&start)[0]);
    let black = list(&after);
    assert_eq!(black.len(), 7);
    assert!(
        black.iter().all(|m| m.promotes()),
        "Black's men on row 7 step onto row 8"
    );
}
