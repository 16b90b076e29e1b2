//! Hand-built positions for each rule of the all-squares games: the men's directions,
//! Dameo's linear move, orthogonal-only captures, the quantity rule and free choice,
//! immediate and end-of-move removal, the about-turn ban, each crowning rule, the end of
//! the game, the draw counters (which a man's sideways step does not reset), repetition,
//! duplicates, options and notation.

use super::*;
use crate::game::Game;
use crate::game::{EndReason, Outcome};

fn position<R: Rules64>(text: &str) -> Draughts64<R> {
    Draughts64::<R>::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn list<R: Rules64>(position: &Draughts64<R>) -> Vec<Draughts64Move<R>> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    list
}

fn moves<R: Rules64>(position: &Draughts64<R>) -> Vec<String> {
    let mut texts: Vec<String> = list(position).iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn play<R: Rules64>(position: &mut Draughts64<R>, text: &str) {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {position}: {e}"));
    position
        .play(mv)
        .unwrap_or_else(|e| panic!("{text} in {position}: {e}"));
}

fn squares(names: &[&str]) -> Vec<u32> {
    let mut squares: Vec<u32> = names.iter().map(|n| Square::parse(n).unwrap().0).collect();
    squares.sort_unstable();
    squares
}

#[test]
fn turkish_men_step_forward_and_sideways_and_black_moves_down() {
    let p = position::<Turkish>("W:Wd4:Bh8");
    assert_eq!(moves(&p), ["d4-c4", "d4-d5", "d4-e4"]);
    let p = position::<Turkish>("B:Wa1:Bd5");
    assert_eq!(moves(&p), ["d5-c5", "d5-d4", "d5-e5"]);
    // A man never captures backwards.
    let p = position::<Turkish>("W:Wd4:Bd3,h8");
    assert!(list(&p).iter().all(|m| !m.is_capture()));
    // Kings fly along ranks and files only.
    let p = position::<Turkish>("W:WKa1:Bh8,b2");
    assert_eq!(moves(&p).len(), 14);
    assert!(!moves(&p).contains(&"a1-b2".to_string()));
}

#[test]
fn gothic_men_step_in_five_directions_and_kings_one_square_in_eight() {
    let p = position::<Gothic>("W:Wd4:Bh8");
    assert_eq!(moves(&p), ["d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"]);
    let p = position::<Gothic>("B:Wa1:Bd5");
    assert_eq!(moves(&p), ["d5-c4", "d5-c5", "d5-d4", "d5-e4", "d5-e5"]);
    let p = position::<Gothic>("W:WKd4:Bh8");
    assert_eq!(moves(&p).len(), 8);
    // A king captures in every direction, a diagonal backwards too.
    let p = position::<Gothic>("W:WKd4:Bc3,h8");
    assert_eq!(moves(&p), ["d4xb2"]);
}

#[test]
fn gothic_men_capture_sideways_and_choose_freely() {
    let p = position::<Gothic>("W:Wd4:Be4,h8");
    assert_eq!(moves(&p), ["d4xf4"]);
    // One capture of two pieces and one of one: Gothic has no quantity rule.
    let p = position::<Gothic>("W:Wd4:Be4,c5,b7");
    assert_eq!(moves(&p), ["d4xb6xb8", "d4xf4"]);
}

#[test]
fn quantity_rule_in_turkish_and_dameo() {
    // d4 takes d5 and d7 up the file, or c4 alone: only the longer capture is legal.
    for p in [
        moves(&position::<Turkish>("W:Wd4:Bd5,d7,c4")),
        moves(&position::<Dameo>("W:Wd4:Bd5,d7,c4")),
    ] {
        assert_eq!(p, ["d4xd6xd8"]);
    }
}

#[test]
fn immediate_removal_opens_a_line_in_turkish_but_captured_pieces_block_in_dameo() {
    // The king takes d3, f5 and g4, and then, going west along the third rank, crosses
    // d3 (already gone in Turkish) to take b3.
    let text = "W:WKd1:Bd3,f5,g4,b3";
    let turkish = list(&position::<Turkish>(text));
    assert!(!turkish.is_empty());
    for mv in &turkish {
        assert_eq!(mv.captured_squares(), squares(&["d3", "f5", "g4", "b3"]));
        assert_eq!(mv.to_square(), Square::parse("a3").unwrap().0);
    }
    assert_eq!(
        moves(&position::<Turkish>(text)),
        ["d1xd5xg5xg3xa3"],
        "one move, whichever landing squares it takes"
    );
    // In Dameo the piece on d3 stays until the move ends and blocks the third rank.
    let dameo = list(&position::<Dameo>(text));
    assert!(dameo.iter().all(|m| m.captures() == 3));
    assert!(dameo
        .iter()
        .all(|m| !m.captured_squares().contains(&squares(&["b3"])[0])));
}

#[test]
fn turkish_kings_may_not_turn_back_between_two_jumps() {
    // After taking d6 northwards the king may not come back south to take d2 (the
    // square d6 is free at once, so only the about-turn ban stops it).
    let p = position::<Turkish>("W:WKd4:Bd6,d2");
    assert_eq!(moves(&p), ["d4xd1", "d4xd7", "d4xd8"]);
    assert!(list(&p).iter().all(|m| m.captures() == 1));
    // A right-angle turn is allowed.
    let p = position::<Turkish>("W:WKd4:Bd6,f7");
    assert_eq!(moves(&p), ["d4xd7xg7", "d4xd7xh7"]);
}

#[test]
fn turkish_man_goes_on_as_a_man_on_the_back_rank_and_is_crowned_at_the_end() {
    // c6 takes c7 and lands on c8; as a man it goes on sideways over d8 to e8. A king
    // on e8 could go on over g8, a man cannot.
    let mut p = position::<Turkish>("W:Wc6:Bc7,d8,g8");
    let all = list(&p);
    assert_eq!(moves(&p), ["c6xc8xe8"]);
    assert_eq!(all[0].captures(), 2);
    assert!(all[0].promotes());
    play(&mut p, "c6xc8xe8");
    assert_eq!(
        p.piece_on(Square::parse("e8").unwrap().0),
        Some((Colour::White, true))
    );
    // A quiet step onto the back rank crowns too.
    let p = position::<Turkish>("W:Wa7:Bh1");
    assert!(list(&p)
        .iter()
        .any(|m| m.to_string() == "a7-a8" && m.promotes()));
}

#[test]
fn gothic_capture_ends_on_the_back_rank_and_crowns() {
    // c6 takes c7 and stops on c8, crowned, though a man could go on over d8.
    let p = position::<Gothic>("W:Wc6:Bc7,d8");
    let all = list(&p);
    assert_eq!(moves(&p), ["c6xc8"]);
    assert!(all[0].promotes());
}

#[test]
fn dameo_man_passes_the_back_rank_and_is_crowned_only_if_it_ends_there() {
    // c6 takes c7 (to c8), d8 (to e8) and e7 backwards (to e6): three pieces, no crown.
    let mut p = position::<Dameo>("W:Wc6:Bc7,d8,e7");
    let all = list(&p);
    assert_eq!(moves(&p), ["c6xc8xe8xe6"]);
    assert!(!all[0].promotes());
    play(&mut p, "c6xc8xe8xe6");
    assert_eq!(
        p.piece_on(Square::parse("e6").unwrap().0),
        Some((Colour::White, false))
    );
    // Ending on the back rank crowns.
    let mut p = position::<Dameo>("W:Wc6:Bc7,d8");
    assert_eq!(moves(&p), ["c6xc8xe8"]);
    play(&mut p, "c6xc8xe8");
    assert_eq!(
        p.piece_on(Square::parse("e8").unwrap().0),
        Some((Colour::White, true))
    );
}

#[test]
fn dameo_linear_moves_jump_a_line_of_men_but_never_kings() {
    // c3 behind c4 jumps to c5; each man also steps forward and diagonally forward.
    let p = position::<Dameo>("W:Wc3,c4:Bh8");
    assert_eq!(
        moves(&p),
        ["c3-b4", "c3-c5", "c3-d4", "c4-b5", "c4-c5", "c4-d5"]
    );
    // A line of three men: the rear man moves the whole line, the middle one the front.
    let p = position::<Dameo>("W:Wa1,b2,c3:Bh8");
    let texts = moves(&p);
    for linear in ["a1-d4", "b2-d4", "c3-d4"] {
        assert!(texts.contains(&linear.to_string()), "{linear} in {texts:?}");
    }
    // A king in the line stops it.
    let p = position::<Dameo>("W:Wc3,Kc4:Bh8");
    assert!(!moves(&p).contains(&"c3-c5".to_string()));
    // The square beyond the line must be empty.
    let p = position::<Dameo>("W:Wc3,c4,Kc5:Bh8");
    assert!(!moves(&p).iter().any(|m| m.starts_with("c3-c")));
    // Black's lines run down the board.
    let p = position::<Dameo>("B:Wa1:Bf6,f5");
    assert!(moves(&p).contains(&"f6-f4".to_string()));
    // A linear move onto the back rank crowns.
    let p = position::<Dameo>("W:Wc6,c7:Ba1");
    assert!(list(&p)
        .iter()
        .any(|m| m.to_string() == "c6-c8" && m.promotes()));
}

#[test]
fn dameo_captures_only_orthogonally() {
    // A man takes backwards but never diagonally.
    let p = position::<Dameo>("W:Wd4:Be5,d3");
    assert_eq!(moves(&p), ["d4xd2"]);
    let p = position::<Dameo>("W:Wd4:Be5,c5");
    assert!(list(&p).iter().all(|m| !m.is_capture()));
    // A king moves like a queen but takes along ranks and files only, at any distance.
    let p = position::<Dameo>("W:WKa1:Bd4,h8");
    assert!(list(&p).iter().all(|m| !m.is_capture()));
    assert!(moves(&p).contains(&"a1-c3".to_string()));
    let p = position::<Dameo>("W:WKa1:Ba4,h8");
    assert_eq!(moves(&p), ["a1xa5", "a1xa6", "a1xa7", "a1xa8"]);
}

#[test]
fn the_side_without_a_move_loses() {
    let p = position::<Turkish>("B:Wa1,b2,c2:Ba2");
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::A, 2, EndReason::NoMoves))
    );
    let p = position::<Gothic>("W:Wh1:Bh8");
    assert_eq!(p.status(), Status::Ongoing);
    let p = position::<Dameo>("W:Bh8");
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::B, 2, EndReason::NoMoves))
    );
}

/// Plays White's man sideways along the first rank while Black's king visits new
/// squares, so no position repeats; returns the game after `plies` plies.
fn sideways_shuffle<R: Rules64>(black_tour: &[&str], plies: usize) -> Draughts64<R> {
    let files = "abcdefgh".as_bytes();
    let mut p = position::<R>(&format!("W:Wa1:BK{}", black_tour[0]));
    let mut file = 0i32;
    let mut dir = 1i32;
    for ply in 0..plies {
        if ply % 2 == 0 {
            if !(0..8).contains(&(file + dir)) {
                dir = -dir;
            }
            let next = file + dir;
            let text = format!(
                "{}1-{}1",
                files[file as usize] as char, files[next as usize] as char
            );
            play(&mut p, &text);
            file = next;
        } else {
            let k = ply / 2;
            play(&mut p, &format!("{}-{}", black_tour[k], black_tour[k + 1]));
        }
    }
    p
}

/// A snake over the top `ranks` ranks, one square at a time.
fn snake(ranks: u32) -> Vec<String> {
    let mut tour = Vec::new();
    for row in 0..ranks {
        let rank = 8 - row;
        let files: Vec<char> = if row % 2 == 0 {
            "hgfedcba".chars().collect()
        } else {
            "abcdefgh".chars().collect()
        };
        for f in files {
            tour.push(format!("{f}{rank}"));
        }
    }
    tour
}

#[test]
fn sideways_man_moves_do_not_reset_the_draw_counter() {
    let tour = snake(4);
    let tour: Vec<&str> = tour.iter().map(String::as_str).collect();
    let p = sideways_shuffle::<Turkish>(&tour, 49);
    assert_eq!(p.quiet_plies(), 49);
    assert_eq!(p.status(), Status::Ongoing);
    let p = sideways_shuffle::<Turkish>(&tour, 50);
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::DrawRule))
    );

    let tour = snake(6);
    let tour: Vec<&str> = tour.iter().map(String::as_str).collect();
    let p = sideways_shuffle::<Gothic>(&tour, 79);
    assert_eq!(p.status(), Status::Ongoing);
    let p = sideways_shuffle::<Gothic>(&tour, 80);
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::DrawRule))
    );

    // A man's forward step and a capture reset it.
    let mut p = position::<Turkish>("W:Wa1,c2:BKh8,d7");
    play(&mut p, "a1-b1");
    play(&mut p, "h8-g8");
    assert_eq!(p.quiet_plies(), 2);
    play(&mut p, "c2-c3");
    assert_eq!(p.quiet_plies(), 0);
    // Dameo counts king moves; a man's move resets.
    let mut p = position::<Dameo>("W:Wa2,Kh1:BKh8");
    play(&mut p, "h1-g1");
    play(&mut p, "h8-g8");
    assert_eq!(p.quiet_plies(), 2);
    play(&mut p, "a2-a3");
    assert_eq!(p.quiet_plies(), 0);
}

#[test]
fn a_position_occurring_the_third_time_draws_across_sideways_moves() {
    let mut p = position::<Turkish>("W:Wa1:BKh8");
    for (round, expected) in [(0, Status::Ongoing), (1, Status::Ongoing)] {
        play(&mut p, "a1-b1");
        play(&mut p, "h8-g8");
        play(&mut p, "b1-a1");
        play(&mut p, "g8-h8");
        assert_eq!(
            p.status(),
            if round == 1 {
                Status::Over(Outcome::draw(2, EndReason::Repetition))
            } else {
                expected
            }
        );
    }
    let mut q = position::<Turkish>("W:Wa1:BKh8 repetitions=4");
    for _ in 0..2 {
        for text in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] {
            play(&mut q, text);
        }
    }
    assert_eq!(q.status(), Status::Ongoing);
    // Perft ignores the draw rules.
    assert!(!p.perft_position().is_over());
}

#[test]
fn the_ply_cap_draws() {
    let mut p = position::<Gothic>("W:Wa1:BKh8 cap=3");
    for text in ["a1-b1", "h8-g8", "b1-c1"] {
        assert!(!p.is_over());
        play(&mut p, text);
    }
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(2, EndReason::PlyCap))
    );
}

#[test]
fn landing_squares_between_captures_are_one_move_unless_kept() {
    // The king takes b5 and lands on c5 or d5 before taking e5: the same move twice.
    let p = position::<Turkish>("W:WKa5:Bb5,e5");
    assert_eq!(moves(&p), ["a5xc5xf5", "a5xc5xg5", "a5xc5xh5"]);
    let kept = position::<Turkish>("W:WKa5:Bb5,e5 duplicates=keep");
    assert_eq!(list(&kept).len(), 6);
    assert_eq!(kept.to_string(), "8/8/8/Wb2b3/8/8/8/8 W duplicates=keep");
}

#[test]
fn notation_round_trips_and_bad_input_is_named() {
    for (start, text) in [
        (Draughts64::<Turkish>::start().to_string(), Turkish::START),
        (Draughts64::<Gothic>::start().to_string(), Gothic::START),
        (Draughts64::<Dameo>::start().to_string(), Dameo::START),
    ] {
        assert_eq!(start, text);
    }
    let p = position::<Turkish>("W:Wa3,Kd4:Bb5");
    assert_eq!(p.to_string(), "8/8/8/1b6/3W4/w7/8/8 W");
    assert_eq!(
        position::<Turkish>(&p.to_string()).to_string(),
        p.to_string()
    );
    assert_eq!(position::<Turkish>(&p.to_string()).hash(), p.hash());
    let p = position::<Dameo>("8/8/8/1b6/3W4/w7/8/8 B cap=99 repetitions=4");
    assert_eq!(p.to_string(), "8/8/8/1b6/3W4/w7/8/8 B cap=99 repetitions=4");
    assert!(p.render().contains("1  . . . . . . . ."));
    for bad in [
        "",
        "8/8/8 W",
        "8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/9 W",
        "8/8/8/8/8/8/8/x7 W",
        "W:Wi9",
        "W:Wa1,a1",
        "X:Wa1",
        "8/8/8/8/8/8/8/8 W duplicates=maybe",
        "8/8/8/8/8/8/8/8 W speed=3",
    ] {
        assert!(
            Draughts64::<Turkish>::parse_position(bad).is_err(),
            "{bad:?}"
        );
    }
    let p = Draughts64::<Turkish>::start();
    assert!(p.parse_move("a3-a4").is_ok());
    assert!(p.parse_move("a3").is_err());
    assert!(p.parse_move("a3xa5").is_err());
    assert!(p.clone().play(p.parse_move("a3-a5").unwrap()).is_err());
}

#[test]
fn game_options_are_checked() {
    let mut options = GameOptions::new();
    options.set("duplicates", "keep");
    options.set("cap", "120");
    let p = Draughts64::<Dameo>::new(&options).unwrap();
    assert_eq!(p.ply_cap(), 120);
    options.set("flying", "yes");
    assert!(Draughts64::<Dameo>::new(&options).is_err());
}

#[test]
fn start_positions_count_their_pieces() {
    assert_eq!(
        Draughts64::<Turkish>::start().material(Colour::White),
        (16, 0)
    );
    assert_eq!(
        Draughts64::<Gothic>::start().material(Colour::Black),
        (16, 0)
    );
    assert_eq!(
        Draughts64::<Dameo>::start().material(Colour::White),
        (18, 0)
    );
    assert_eq!(crate::perft::perft(&Draughts64::<Dameo>::start(), 2), 2704);
}

#[test]
fn mangled_positions_and_moves_are_refused_without_panicking() {
    let seeds = [
        Turkish::START,
        "W:Wa3,Kd4:Bb5 cap=7",
        "8/8/8/1b6/3W4/w7/8/8 B",
    ];
    let noise = ['/', ':', ',', 'K', '9', '0', 'é', ' ', 'x', '-', 'W'];
    let p = Draughts64::<Turkish>::start();
    for seed in seeds {
        let chars: Vec<char> = seed.chars().collect();
        for cut in 0..chars.len() {
            let prefix: String = chars[..cut].iter().collect();
            let _ = Draughts64::<Turkish>::parse_position(&prefix);
            for &c in &noise {
                let mut mangled = chars.clone();
                mangled[cut] = c;
                let text: String = mangled.iter().collect();
                if let Ok(q) = Draughts64::<Dameo>::parse_position(&text) {
                    assert_eq!(
                        Draughts64::<Dameo>::parse_position(&q.to_string())
                            .unwrap()
                            .to_string(),
                        q.to_string()
                    );
                }
                let _ = p.parse_move(&text);
            }
        }
    }
}
