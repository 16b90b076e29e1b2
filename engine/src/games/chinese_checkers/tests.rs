//! Every rule and option of Chinese checkers on hand-built positions. Holes are named by
//! their cube coordinates `(x, z)` through [`at`], so the pictures stay readable.

use super::geometry::{BoardShape, Point};
use super::*;
use crate::game::Outcome;

/// The 1-based hole number of the hole at `(x, −x − z, z)` on the star.
fn at(x: i8, z: i8) -> u32 {
    let geometry = Geometry::of(BoardShape::Star);
    (0..HOLES)
        .find(|&h| geometry.cube[h].x == x && geometry.cube[h].z == z)
        .map(|h| h as u32 + 1)
        .unwrap_or_else(|| panic!("no hole at x={x} z={z}"))
}

fn bits(holes: &[u32]) -> Holes {
    holes.iter().fold(0, |set, h| set | 1 << (h - 1))
}

/// The position with each seat's pieces on these 1-based holes.
fn position(rules: Options, seats: &[&[u32]], to_move: Seat) -> ChineseCheckers {
    let mut pieces = [0; MAX_PLAYERS];
    for (seat, holes) in seats.iter().enumerate() {
        pieces[seat] = bits(holes);
    }
    ChineseCheckers::from_parts(rules, pieces, to_move, 0, [0; MAX_PLAYERS])
}

/// The destinations of the piece on `from`, sorted.
fn targets(position: &ChineseCheckers, from: u32) -> Vec<u32> {
    let mut list = Vec::new();
    position.generate_moves(&mut list);
    assert_eq!(position.count_moves(&mut Vec::new()), list.len());
    let mut out: Vec<u32> = list
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to())
        .collect();
    out.sort_unstable();
    out
}

fn sorted(mut holes: Vec<u32>) -> Vec<u32> {
    holes.sort_unstable();
    holes
}

fn options(pairs: &[(&str, &str)]) -> Result<ChineseCheckers, GameError> {
    let mut options = GameOptions::new();
    for (key, value) in pairs {
        options.set(key, value);
    }
    ChineseCheckers::new(&options)
}

/// `text` read back. The endgames here hold only the pieces that matter, so the reader
/// is the one that lets a seat have fewer than its set (the count check is tested on its
/// own, in `a_seat_with_another_number_of_pieces_is_refused`).
fn read_back(text: &str) -> ChineseCheckers {
    notation::parse_position_of_any_counts(text).unwrap()
}

/// A far-away piece so that B exists.
const FAR: (i8, i8) = (-4, 8);

#[test]
fn start_has_fourteen_moves_and_round_trips() {
    let start = ChineseCheckers::default();
    assert_eq!(start.count_moves(&mut Vec::new()), 14);
    let text = start.to_string();
    assert!(text.starts_with("A/AA/AAA/AAAA/............./"), "{text}");
    assert!(text.ends_with("/BBBB/BBB/BB/B A"), "{text}");
    let parsed = ChineseCheckers::parse_position(&text).unwrap();
    assert_eq!(parsed.to_string(), text);
    assert_eq!(parsed.hash(), start.hash());
    assert_eq!(start.pieces(Seat::A), (1 << 10) - 1);
}

#[test]
fn step_to_each_empty_neighbour() {
    let p = position(
        Options::default(),
        &[&[at(0, 0)], &[at(FAR.0, FAR.1)]],
        Seat::A,
    );
    let expected = sorted(vec![
        at(1, 0),
        at(-1, 0),
        at(0, -1),
        at(1, -1),
        at(0, 1),
        at(-1, 1),
    ]);
    assert_eq!(targets(&p, at(0, 0)), expected);
}

#[test]
fn single_hop_over_any_colour() {
    // Over B's piece to the right, and over an own piece to the left.
    let p = position(
        Options::default(),
        &[&[at(0, 0), at(-1, 0)], &[at(1, 0)]],
        Seat::A,
    );
    let t = targets(&p, at(0, 0));
    assert!(t.contains(&at(2, 0)) && t.contains(&at(-2, 0)), "{t:?}");
    assert!(!t.contains(&at(1, 0)) && !t.contains(&at(-1, 0)));
    assert_eq!(t.len(), 6, "four steps and two hops: {t:?}");
}

#[test]
fn hop_chain_lists_every_landing() {
    let p = position(
        Options::default(),
        &[&[at(0, 0)], &[at(1, 0), at(3, 0), at(4, 1)]],
        Seat::A,
    );
    let t = targets(&p, at(0, 0));
    // 0,0 -> 2,0 -> 4,0 -> (over 4,1) 4,2; a step is never combined with hops.
    for landing in [at(2, 0), at(4, 0), at(4, 2)] {
        assert!(t.contains(&landing), "{landing} missing from {t:?}");
    }
    assert_eq!(t.len(), 5 + 3);
}

#[test]
fn chain_back_to_the_origin_is_not_a_move() {
    // Three hops round a triangle come back to 0,0.
    let p = position(
        Options::default(),
        &[&[at(0, 0)], &[at(1, 0), at(1, 1), at(0, 1)]],
        Seat::A,
    );
    let t = targets(&p, at(0, 0));
    assert!(!t.contains(&at(0, 0)));
    assert!(t.contains(&at(2, 0)) && t.contains(&at(0, 2)), "{t:?}");
}

#[test]
fn two_paths_to_one_hole_make_one_move() {
    // 0,0 reaches 2,2 by 2,0 (over 1,0 then 2,1) and by 0,2 (over 0,1 then 1,2).
    let p = position(
        Options::default(),
        &[&[at(0, 0)], &[at(1, 0), at(2, 1), at(0, 1), at(1, 2)]],
        Seat::A,
    );
    let mut list = Vec::new();
    p.generate_moves(&mut list);
    let mut unique = list.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), list.len());
    assert_eq!(list.iter().filter(|m| m.to() == at(2, 2)).count(), 1);
}

#[test]
fn super_jump_at_distance_two_and_blocked() {
    let rules = Options {
        super_jumps: true,
        ..Options::default()
    };
    let open = position(rules, &[&[at(0, 0)], &[at(2, 0)]], Seat::A);
    assert!(targets(&open, at(0, 0)).contains(&at(4, 0)));
    // Without the option the far piece cannot be jumped.
    let standard = position(Options::default(), &[&[at(0, 0)], &[at(2, 0)]], Seat::A);
    assert!(!targets(&standard, at(0, 0)).contains(&at(4, 0)));
    // A piece beyond the pivot blocks the jump; so does one before it (it becomes the
    // pivot, and its landing is the occupied 2,0).
    let beyond = position(rules, &[&[at(0, 0)], &[at(2, 0), at(3, 0)]], Seat::A);
    assert!(!targets(&beyond, at(0, 0)).contains(&at(4, 0)));
    let before = position(rules, &[&[at(0, 0)], &[at(2, 0), at(1, 0)]], Seat::A);
    let t = targets(&before, at(0, 0));
    assert!(!t.contains(&at(4, 0)) && !t.contains(&at(2, 0)), "{t:?}");
}

#[test]
fn lifted_piece_is_not_a_pivot() {
    // 0,0 jumps 2,0 to 4,0, then 4,−2 (at distance 2) to 4,−4; from there the line back
    // through the origin would jump the origin itself to −4,4 if the moving piece were
    // left in place.
    let rules = Options {
        super_jumps: true,
        ..Options::default()
    };
    let p = position(rules, &[&[at(0, 0)], &[at(2, 0), at(4, -2)]], Seat::A);
    let t = targets(&p, at(0, 0));
    assert!(t.contains(&at(4, 0)) && t.contains(&at(4, -4)), "{t:?}");
    assert!(!t.contains(&at(-4, 4)), "{t:?}");
}

/// The goal of `point`'s opposite less one hole `to` that a piece on `from` (next to the
/// goal) can step into.
fn almost_filled(goal: Holes, geometry: &Geometry) -> (Vec<u32>, u32, u32) {
    for hole in 0..HOLES {
        if goal >> hole & 1 == 0 {
            continue;
        }
        for &n in &geometry.neighbour[hole] {
            if (n as usize) < HOLES && goal >> n & 1 == 0 {
                let inside = (0..HOLES)
                    .filter(|h| *h != hole && goal >> h & 1 == 1)
                    .map(|h| h as u32 + 1)
                    .collect();
                return (inside, n as u32 + 1, hole as u32 + 1);
            }
        }
    }
    unreachable!("every goal has a neighbour outside it")
}

#[test]
fn filling_the_goal_wins_even_when_spoiled_by_an_opponent() {
    let start = ChineseCheckers::default();
    let (mut inside, from, to) = almost_filled(start.goal(Seat::A), start.geometry());
    // B leaves one piece in its home, which is A's goal: rule A still lets A win.
    let spoiler = inside.pop().unwrap();
    inside.push(from);
    let mut p = position(
        Options::default(),
        &[&inside, &[spoiler, at(0, 0)]],
        Seat::A,
    );
    assert_eq!(p.status(), Status::Ongoing);
    let mv = p.parse_move(&format!("{from}-{to}")).unwrap();
    assert!(p.is_legal(mv));
    p.play_unchecked(mv);
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Seat::A, 2, EndReason::Goal))
    );
    assert_eq!(p.place(Seat::A), Some(1));
    let reparsed = read_back(&p.to_string());
    assert!(reparsed.is_over(), "{p}");
    p.undo(mv);
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.hash(), p.compute_hash());
}

#[test]
fn a_goal_filled_by_opponents_alone_is_no_win() {
    // The start: A's goal is full of B's pieces, none of A's.
    let mut p = ChineseCheckers::default();
    let mv = p.parse_move("8-17").unwrap();
    p.play_unchecked(mv);
    assert!(!p.has_filled_goal(Seat::A));
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn the_goal_is_checked_after_the_movers_own_move_only() {
    // A's goal is filled (with one A piece) but it is B's turn: nobody has won yet.
    let start = ChineseCheckers::default();
    let (mut inside, _, to) = almost_filled(start.goal(Seat::A), start.geometry());
    inside.push(to);
    let filled_goal: Vec<u32> = inside.clone();
    let p = position(
        Options::default(),
        &[
            &filled_goal[..1],
            &[&filled_goal[1..], &[at(0, 0)]].concat(),
        ],
        Seat::B,
    );
    assert!(p.has_filled_goal(Seat::A));
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn three_players_play_on_for_places_and_skip_the_finished() {
    let rules = Options {
        players: 3,
        ..Options::default()
    };
    let start = ChineseCheckers::start(rules);
    let geometry = start.geometry();
    let (mut a, a_from, a_to) = almost_filled(start.goal(Seat::A), geometry);
    let (mut b, b_from, b_to) = almost_filled(start.goal(Seat::B), geometry);
    a.push(a_from);
    b.push(b_from);
    let c = [at(0, 0), at(-1, 1)];
    let mut p = position(rules, &[&a, &b, &c], Seat::A);
    let a_move = p.parse_move(&format!("{a_from}-{a_to}")).unwrap();
    p.play_unchecked(a_move);
    assert_eq!(p.place(Seat::A), Some(1));
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.to_move(), Seat::B);
    // B and C move about; A, finished, is skipped.
    let b_wait = p
        .parse_move(&format!("{b_from}-{}", {
            let t = targets(&p, b_from);
            *t.iter().find(|h| **h != b_to).unwrap()
        }))
        .unwrap();
    p.play_unchecked(b_wait);
    assert_eq!(p.to_move(), Seat::new(2));
    let c_move = p.parse_move(&format!("{}-{}", at(0, 0), at(1, 0))).unwrap();
    p.play_unchecked(c_move);
    assert_eq!(p.to_move(), Seat::B);
    p.undo(c_move);
    p.undo(b_wait);
    assert_eq!(p.to_move(), Seat::B);
    // B finishes second; C is left alone and takes third place.
    let b_move = p.parse_move(&format!("{b_from}-{b_to}")).unwrap();
    p.play_unchecked(b_move);
    let outcome = p.status().outcome().expect("over");
    assert_eq!(outcome.reason(), EndReason::Goal);
    let places: Vec<u8> = Seat::all(3).map(|s| outcome.place(s)).collect();
    assert_eq!(places, [1, 2, 3]);
    let text = p.to_string();
    assert!(text.contains("places=A1,B2"), "{text}");
    assert_eq!(read_back(&text).to_string(), text);
    p.undo(b_move);
    p.undo(a_move);
    assert_eq!(p.place(Seat::A), None);
    assert_eq!(p.to_move(), Seat::A);
    assert_eq!(p.hash(), p.compute_hash());
}

#[test]
fn a_player_with_no_move_passes() {
    // A's only piece sits at the top tip, walled in by B's pieces two deep.
    let p = position(Options::default(), &[&[1], &[2, 3, 4, 6]], Seat::A);
    let mut list = Vec::new();
    p.generate_moves(&mut list);
    assert_eq!(list, [ChineseCheckersMove::pass(Seat::A)]);
    assert_eq!(p.count_moves(&mut Vec::new()), 1);
    let mut after = p.clone();
    after.play_unchecked(list[0]);
    assert_eq!(after.to_move(), Seat::B);
    assert_eq!(after.ply(), 1);
    after.undo(list[0]);
    assert_eq!(after.to_string(), p.to_string());
    assert_eq!(p.parse_move("pass"), Ok(list[0]));
}

#[test]
fn pass_option_adds_a_pass_to_every_turn() {
    let p = options(&[("pass", "true")]).unwrap();
    let mut list = Vec::new();
    p.generate_moves(&mut list);
    assert_eq!(list.len(), 15);
    assert_eq!(list.last(), Some(&ChineseCheckersMove::pass(Seat::A)));
    assert!(p.is_legal(ChineseCheckersMove::pass(Seat::A)));
    assert!(!ChineseCheckers::default().is_legal(ChineseCheckersMove::pass(Seat::A)));
}

#[test]
fn no_camp_entry_lets_pieces_hop_through_but_not_stop() {
    // A on the hexagon's corner 4,−4 next to the upper right point: B's pieces at 5,−4
    // and 5,−3 (both in the point) make a chain 4,−4 -> 6,−4 -> 4,−2.
    let chain = [at(5, -4), at(5, -3)];
    let free = position(Options::default(), &[&[at(4, -4)], &chain], Seat::A);
    let t = targets(&free, at(4, -4));
    assert!(t.contains(&at(6, -4)) && t.contains(&at(4, -2)), "{t:?}");
    let rules = Options {
        no_camp_entry: true,
        ..Options::default()
    };
    let r2 = position(rules, &[&[at(4, -4)], &chain], Seat::A);
    let t = targets(&r2, at(4, -4));
    assert!(!t.contains(&at(6, -4)) && t.contains(&at(4, -2)), "{t:?}");
    // No step into the point either; its own goal and home stay open.
    assert!(t.iter().all(|&h| {
        let c = r2.geometry().cube[h as usize - 1];
        c.x.abs() < 5 && c.y.abs() < 5
    }));
    // 15 pieces: the ends of the front row may no longer step aside into the side points.
    let mut scratch = Vec::new();
    assert_eq!(
        options(&[("pieces", "15")])
            .unwrap()
            .count_moves(&mut scratch),
        22
    );
    let camp = options(&[("pieces", "15"), ("no_camp_entry", "true")]).unwrap();
    assert_eq!(camp.count_moves(&mut scratch), 18);
}

#[test]
fn diamond_board_has_no_side_points() {
    let p = options(&[("board", "diamond")]).unwrap();
    assert_eq!(p.geometry().board.count_ones(), 81);
    assert_eq!(p.count_moves(&mut Vec::new()), 14);
    let text = p.to_string();
    assert!(text.ends_with(" A board=diamond"), "{text}");
    assert_eq!(
        ChineseCheckers::parse_position(&text).unwrap().to_string(),
        text
    );
    // A piece on the upper right point's tip (hole 23) is off this board.
    let mut rows: Vec<String> = text
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(String::from)
        .collect();
    rows[4] = "............A".into();
    let off_board = format!("{} A board=diamond", rows.join("/"));
    let error = ChineseCheckers::parse_position(&off_board).unwrap_err();
    assert!(
        error.expected.contains("hole 23 is not on the board"),
        "{error}"
    );
    // The edge of the diamond stops steps and hops.
    let edge = ChineseCheckers::from_parts(
        p.options(),
        {
            let mut pieces = [0; MAX_PLAYERS];
            pieces[0] = bits(&[at(4, -4)]);
            pieces[1] = bits(&[at(FAR.0, FAR.1)]);
            pieces
        },
        Seat::A,
        0,
        [0; MAX_PLAYERS],
    );
    // Of 4,−4's six neighbours, 5,−4 and 5,−5 are off the diamond.
    assert_eq!(targets(&edge, at(4, -4)).len(), 4);
}

#[test]
fn fifteen_pieces_fill_the_camps() {
    let p = options(&[("pieces", "15"), ("players", "3")]).unwrap();
    for seat in Seat::all(3) {
        assert_eq!(p.pieces(seat).count_ones(), 15);
        assert_eq!(p.goal(seat).count_ones(), 15);
    }
    assert_eq!(p.occupied.count_ones(), 45);
}

#[test]
fn seating_follows_the_rules_file() {
    let star = Geometry::of(BoardShape::Star);
    let cases = [
        ("2", vec![Point::ZMinus, Point::ZPlus]),
        ("3", vec![Point::ZMinus, Point::YMinus, Point::XMinus]),
        (
            "4",
            vec![Point::XPlus, Point::YMinus, Point::XMinus, Point::YPlus],
        ),
        ("6", Point::ALL.to_vec()),
    ];
    for (players, points) in cases {
        let p = options(&[("players", players)]).unwrap();
        for (seat, point) in Seat::all(points.len()).zip(&points) {
            assert_eq!(p.pieces(seat), star.triangle(*point, 4), "{players} {seat}");
            assert_eq!(p.goal(seat), star.triangle(point.opposite(), 4));
        }
        assert_eq!(p.ply_cap(), 200 * points.len() as u32);
        let text = p.to_string();
        assert_eq!(
            ChineseCheckers::parse_position(&text).unwrap().to_string(),
            text
        );
    }
}

#[test]
fn options_are_checked() {
    let error = |pairs: &[(&str, &str)]| options(pairs).unwrap_err().to_string();
    assert!(error(&[("players", "5")]).contains("2, 3, 4 or 6"));
    assert!(error(&[("pieces", "12")]).contains("10 or 15"));
    assert!(error(&[("board", "hex")]).contains("star or diamond"));
    assert!(error(&[("super_jumps", "yes")]).contains("true or false"));
    assert!(error(&[("board", "diamond"), ("players", "3")]).contains("two players only"));
    assert!(error(&[("pieces", "15"), ("players", "4")]).contains("overlap"));
    assert!(error(&[("colour", "red")]).contains("unknown option \"colour\""));
    for key in ["deadline", "repetition", "deadlock"] {
        assert!(options(&[(key, "true")]).is_ok(), "{key}");
        assert!(options(&[(key, "false")]).is_ok(), "{key}");
    }
    assert!(error(&[("teams", "true")]).contains("4 players (2v2) or 6 (3v3)"));
    assert!(error(&[("teams", "true"), ("players", "3")]).contains("2v2"));
    assert!(options(&[("teams", "true"), ("players", "4")]).is_ok());
    assert!(options(&[("teams", "true"), ("players", "6")]).is_ok());
    assert!(options(&[
        ("super_jumps", "true"),
        ("no_camp_entry", "true"),
        ("pass", "false")
    ])
    .is_ok());
}

#[test]
fn ply_cap_ends_the_game_by_progress() {
    let mut p = ChineseCheckers::parse_position(&format!("{} ply=399", ChineseCheckers::default()))
        .unwrap();
    assert_eq!(p.status(), Status::Ongoing);
    let mv = p.parse_move("7-16").unwrap();
    p.play_unchecked(mv);
    let outcome = p.status().outcome().expect("capped");
    assert_eq!(outcome.reason(), EndReason::PlyCap);
    assert_eq!(outcome.winner(), Some(Seat::A));
    assert!(p.progress(Seat::A) > p.progress(Seat::B));
    assert_eq!(p.distance_to_goal(Seat::A) + 1, p.distance_to_goal(Seat::B));
}

#[test]
fn moves_and_positions_reject_bad_text() {
    let p = ChineseCheckers::default();
    assert_eq!(p.parse_move("8-17").unwrap().to_string(), "8-17");
    for bad in ["0-5", "122-1", "a-b", "8", ""] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    for bad in [
        "",
        "A/AA A",
        &format!("{} G", p).replace(" A G", " G"),
        &p.to_string().replace(" A", " C"),
        &p.to_string().replacen('.', "C", 1),
        &format!("{p} players=5"),
        &format!("{p} places=A1,B1"),
    ] {
        assert!(ChineseCheckers::parse_position(bad).is_err(), "{bad}");
    }
}

#[test]
fn render_draws_the_star() {
    let picture = ChineseCheckers::default().render();
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines.len(), 19);
    assert_eq!(lines[0].trim(), "A1");
    assert_eq!(lines[8].matches('.').count(), 9);
    assert_eq!(
        lines[17],
        "(each hole: its piece, or . when empty, then its number)"
    );
    assert_eq!(lines[18], "A to move, ply 0");
}

/// The holes a drawing shows, row by row, read back from it.
fn drawn_holes(picture: &str) -> Vec<Vec<u32>> {
    picture
        .lines()
        .filter(|line| !line.starts_with('(') && !line.contains(" to move"))
        .map(|line| {
            line.split_whitespace()
                .map(|cell| cell[1..].parse().expect("a hole number after its piece"))
                .collect()
        })
        .collect()
}

#[test]
fn render_numbers_every_hole_on_the_star_and_the_diamond() {
    let star = drawn_holes(&ChineseCheckers::default().render());
    assert_eq!(star.concat(), (1..=121).collect::<Vec<u32>>());
    assert_eq!(star[4], (11..=23).collect::<Vec<u32>>());
    // On the diamond, row 5 holds holes 15 to 19 only, and the drawing says so.
    let diamond = options(&[("board", "diamond")]).unwrap();
    let rows = drawn_holes(&diamond.render());
    let geometry = diamond.geometry();
    let on_board: Vec<u32> = (0..HOLES)
        .filter(|hole| geometry.board >> hole & 1 == 1)
        .map(|hole| hole as u32 + 1)
        .collect();
    assert_eq!(rows.concat(), on_board);
    assert_eq!(rows[4], [15, 16, 17, 18, 19]);
    // Each hole's piece stands before its number.
    let picture = diamond.render();
    assert!(picture.contains("A10") && picture.contains(".15") && picture.contains("B121"));
    // Each row sits half a hole off the one above it: hole 15, the first of row 5, is
    // drawn half a hole (three columns) to the left of hole 7, the first of row 4.
    let column = |hole: &str| {
        picture
            .lines()
            .find_map(|line| line.find(hole))
            .expect("the hole is drawn")
    };
    assert_eq!(column("A7") - column(".15"), 3);
}

#[test]
fn parse_errors_suggest_only_moves_the_rules_allow() {
    let start = ChineseCheckers::default();
    let error = start.parse_move("help").unwrap_err();
    assert_eq!(
        error.expected,
        "FROM-TO with holes 1 to 121 (e.g. \"4-15\")"
    );
    assert!(start.is_legal(start.parse_move("4-15").unwrap()));
    let passing = options(&[("pass", "true")]).unwrap();
    let error = passing.parse_move("help").unwrap_err();
    assert!(
        error.expected.ends_with(", or \"pass\""),
        "{}",
        error.expected
    );
}

#[test]
fn a_seat_is_told_its_point_and_its_goal() {
    let start = ChineseCheckers::default();
    assert_eq!(
        start.seat_story(Seat::A),
        "the A pieces, from the top point (holes 1-10) to fill the bottom point (holes \
         112-121)"
    );
    let three = options(&[("players", "3")]).unwrap();
    let story = three.seat_story(Seat::B);
    assert!(
        story.starts_with("the B pieces, from the lower right point (holes "),
        "{story}"
    );
    assert!(story.contains("to fill the upper left point"), "{story}");
}

#[test]
fn steps_to_goal_add_sideways_steps_outside_the_goal_wedge() {
    for players in [2, 3, 6] {
        let start = ChineseCheckers::start(Options {
            players,
            ..Options::default()
        });
        for seat in Seat::all(players as usize) {
            let goal = start.goal(seat);
            for hole in 0..HOLES {
                let (rows, steps) = (
                    start.rows_to_goal(seat, hole),
                    start.steps_to_goal(seat, hole),
                );
                assert!(steps >= rows, "{seat} hole {}", hole + 1);
                if goal >> hole & 1 == 1 {
                    assert_eq!(steps, rows, "{seat} hole {}", hole + 1);
                }
            }
        }
    }
    // Seat B of two players runs to the top point. Hole 11, the left end of row 5,
    // lies 4 rows below the top tip and 4 holes to the left of the wedge (holes 15 to
    // 19 of row 5), while hole 17, in the middle of row 5, lies inside it.
    let start = ChineseCheckers::default();
    assert_eq!(start.rows_to_goal(Seat::B, 10), 4);
    assert_eq!(start.steps_to_goal(Seat::B, 10), 8);
    assert_eq!(start.steps_to_goal(Seat::B, 16), 4);
    assert_eq!(start.steps_to_goal(Seat::B, 0), 0);
    assert_eq!(start.steps_to_goal(Seat::A, 120), 0);
}

/// The rules with the given options over the defaults.
fn rules_with(pairs: &[(&str, &str)]) -> Options {
    Options::from_pairs(pairs.iter().copied()).unwrap()
}

/// `p` with its notation extended by `extra` fields, read back.
fn reparse(p: &ChineseCheckers, extra: &str) -> ChineseCheckers {
    read_back(&format!("{p} {extra}"))
}

/// Plays `mv`, checks the hash and the round trip, and returns the text before it.
fn play_checked(p: &mut ChineseCheckers, mv: ChineseCheckersMove) -> String {
    let before = p.to_string();
    assert!(p.is_legal(mv), "{mv} in {p}");
    p.play_unchecked(mv);
    assert_eq!(p.hash(), p.compute_hash(), "after {mv}");
    let text = p.to_string();
    let parsed = read_back(&text);
    assert_eq!(parsed.to_string(), text);
    assert_eq!(parsed.hash(), p.hash(), "{text}");
    before
}

/// Undoes `mv` and checks that the position and hash are back to `before`.
fn undo_checked(p: &mut ChineseCheckers, mv: ChineseCheckersMove, before: &str) {
    p.undo(mv);
    assert_eq!(p.to_string(), before);
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!(p.hash(), read_back(before).hash());
}

/// A's pieces on the first `home` holes of its home and `outside` holes in the centre.
fn deadline_position(home: usize, outside: usize, players: &str) -> ChineseCheckers {
    let home: Vec<u32> = (1..=home as u32).collect();
    deadline_position_on(&home, outside, players)
}

/// A's pieces on the `home` holes and `outside` holes in the centre.
fn deadline_position_on(home: &[u32], outside: usize, players: &str) -> ChineseCheckers {
    let rules = rules_with(&[("deadline", "true"), ("players", players)]);
    let start = ChineseCheckers::start(rules);
    let centre = [
        at(0, 0),
        at(2, 0),
        at(-2, 0),
        at(0, 2),
        at(0, -2),
        at(2, -2),
    ];
    let a: Vec<u32> = home.iter().chain(&centre[..outside]).copied().collect();
    let mut seats: Vec<Vec<u32>> = vec![a];
    for seat in Seat::all(rules.players as usize).skip(1) {
        let home = start.home(seat);
        seats.push(
            (0..HOLES as u32)
                .filter(|h| home >> h & 1 == 1)
                .map(|h| h + 1)
                .collect(),
        );
    }
    let refs: Vec<&[u32]> = seats.iter().map(Vec::as_slice).collect();
    position(rules, &refs, Seat::A)
}

#[test]
fn deadline_two_players_too_few_pieces_out_loses() {
    // A has played 19 turns with 4 pieces out of its home; a 20th that leaves 4 out
    // loses, one that brings a 5th out does not.
    let p = deadline_position(6, 4, "2");
    let mut p = reparse(&p, "ply=38");
    assert_eq!(p.turns(Seat::A), 19);
    let still_four = p.parse_move(&format!("{}-{}", at(0, 0), at(1, 0))).unwrap();
    let before = play_checked(&mut p, still_four);
    assert!(p.is_out(Seat::A));
    let outcome = p.status().outcome().expect("A loses on the deadline");
    assert_eq!(outcome.winner(), Some(Seat::B));
    assert_eq!(outcome.reason(), EndReason::Goal);
    assert!(p.to_string().contains(" out=A2"), "{p}");
    undo_checked(&mut p, still_four, &before);
    assert!(!p.is_out(Seat::A));
    // Hole 7 (row 4) steps out of the home: the 5th piece out.
    let p5 = deadline_position_on(&[1, 2, 3, 4, 5, 7], 4, "2");
    let mut p5 = reparse(&p5, "ply=38");
    let out = *targets(&p5, 7).iter().find(|h| **h > 10).unwrap();
    let fifth = p5.parse_move(&format!("7-{out}")).unwrap();
    play_checked(&mut p5, fifth);
    assert_eq!(p5.pieces_out_of_home(Seat::A), 5);
    assert!(!p5.is_out(Seat::A));
    assert_eq!(p5.status(), Status::Ongoing);
    // The 25th turn needs 8 out: 5 are not enough.
    let mut p25 = reparse(&deadline_position(5, 5, "2"), "ply=48");
    let mv = p25
        .parse_move(&format!("{}-{}", at(0, 0), at(1, 0)))
        .unwrap();
    play_checked(&mut p25, mv);
    assert!(p25.is_out(Seat::A));
    // Off by default: the same move is harmless.
    let mut plain = position(
        Options::default(),
        &[&[1, 2, 3, 4, 5, 6, at(0, 0)], &[121]],
        Seat::A,
    );
    plain = read_back(&format!("{plain} ply=38"));
    plain.play_unchecked(mv);
    assert_eq!(plain.status(), Status::Ongoing);
}

#[test]
fn deadline_with_three_players_puts_the_seat_out_last_and_plays_on() {
    let mut p = reparse(&deadline_position(6, 4, "3"), "ply=57");
    assert_eq!(p.turns(Seat::new(2)), 19);
    let a = p.parse_move(&format!("{}-{}", at(0, 0), at(1, 0))).unwrap();
    let before_a = play_checked(&mut p, a);
    assert_eq!(p.out_place(Seat::A), Some(3));
    assert_eq!(p.place(Seat::A), None);
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.to_move(), Seat::B);
    assert!(p.to_string().contains(" out=A3"), "{p}");
    // B, all at home on its 20th turn, is out too, second to last: C wins.
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let b = moves[0];
    let before_b = play_checked(&mut p, b);
    let outcome = p.status().outcome().expect("one seat left");
    let places: Vec<u8> = Seat::all(3).map(|s| outcome.place(s)).collect();
    assert_eq!(places, [3, 2, 1]);
    assert!(p.to_string().contains(" out=A3,B2"), "{p}");
    undo_checked(&mut p, b, &before_b);
    undo_checked(&mut p, a, &before_a);
    // The turn counts are written once they differ from the ply's (a seat skipped).
    let text = format!("{} ply=60 out=A3", deadline_position(6, 4, "3")).replace(" A ", " B ");
    let mut q = read_back(&text);
    assert_eq!(q.turns(Seat::B), 20);
    for _ in 0..3 {
        q.generate_moves(&mut moves);
        play_checked(&mut q, moves[0]);
    }
    assert_eq!(q.to_move(), Seat::new(2));
    assert!(q.to_string().contains(" turns=20,22,21"), "{q}");
    assert_eq!(q.status(), Status::Ongoing);
}

#[test]
fn repetition_forbids_a_fourth_return() {
    let rules = rules_with(&[("repetition", "true")]);
    let (x, y) = (at(0, 0), at(1, 0));
    // B walks round the triangle 121 → 120 → 119 and never repeats.
    let b_cycle = [121, 120, 119];
    let b1 = 121;
    let mut p = position(rules, &[&[x], &[b1]], Seat::A);
    let mut played = Vec::new();
    let mut step = |p: &mut ChineseCheckers, text: String| {
        let mv = p.parse_move(&text).unwrap();
        played.push((mv, play_checked(p, mv)));
    };
    // A goes x→y→x→y→x: three returns to where it stood two moves earlier.
    for (from, to) in [(x, y), (y, x), (x, y), (y, x)] {
        step(&mut p, format!("{from}-{to}"));
        let i = b_cycle
            .iter()
            .position(|h| p.pieces(Seat::B) >> (h - 1) & 1 == 1)
            .unwrap();
        step(&mut p, format!("{}-{}", b_cycle[i], b_cycle[(i + 1) % 3]));
    }
    assert_eq!(p.piece_history(x), Some((y, 3)));
    assert!(p.to_string().contains(&format!("{x}:{y}:3")), "{p}");
    assert!(!targets(&p, x).contains(&y), "{:?}", targets(&p, x));
    assert!(targets(&p, x).contains(&at(-1, 0)));
    // A new hole is fine, and the count stays with the piece: no way back after it.
    let z = at(0, 1);
    step(&mut p, format!("{x}-{z}"));
    assert_eq!(p.piece_history(z), Some((x, 3)));
    let i = b_cycle
        .iter()
        .position(|h| p.pieces(Seat::B) >> (h - 1) & 1 == 1)
        .unwrap();
    step(&mut p, format!("{}-{}", b_cycle[i], b_cycle[(i + 1) % 3]));
    assert!(!targets(&p, z).contains(&x));
    // Every move undoes back to the start.
    for (mv, before) in played.into_iter().rev() {
        undo_checked(&mut p, mv, &before);
    }
    assert_eq!(p.piece_history(x), None);
    // Without the option the piece may shuttle for ever.
    let plain = position(Options::default(), &[&[x], &[b1]], Seat::A);
    assert!(plain.piece_history(x).is_none());
}

#[test]
fn deadlock_ends_the_game_after_ten_rounds_without_a_new_low() {
    let start = options(&[("deadlock", "true")]).unwrap();
    let total = start.board_distance();
    // Ten rounds without progress from the start: a draw, the progress shared.
    let stuck = reparse(&start, &format!("ply=20 record={total}:0"));
    let outcome = stuck.status().outcome().expect("deadlock");
    assert_eq!(outcome.reason(), EndReason::Stuck);
    assert!(outcome.is_draw());
    assert_eq!(outcome.place(Seat::A), 1);
    assert_eq!(outcome.place(Seat::B), 1);
    // One ply short, with the low one row below the board: a step does not beat it and
    // ends the game with A, the leader, first; a hop of two rows is a new low.
    let mut p = reparse(&start, &format!("ply=19 record={}:0", total - 1));
    assert_eq!(p.stall(), 19);
    assert_eq!(p.status(), Status::Ongoing);
    let step_to = *targets(&p, 7).iter().find(|h| **h > 10).unwrap();
    let step = p.parse_move(&format!("7-{step_to}")).unwrap();
    let hop_to = *targets(&p, 5).iter().find(|h| **h > 10).unwrap();
    let hop = p.parse_move(&format!("5-{hop_to}")).unwrap();
    let before = play_checked(&mut p, step);
    assert_eq!(p.board_distance(), total - 1);
    let outcome = p.status().outcome().expect("deadlock");
    assert_eq!(outcome.reason(), EndReason::Stuck);
    assert_eq!(outcome.winner(), Some(Seat::A));
    undo_checked(&mut p, step, &before);
    let before = play_checked(&mut p, hop);
    assert_eq!(p.stall(), 0);
    assert_eq!(p.status(), Status::Ongoing);
    assert!(!p.to_string().contains("record="), "{p}");
    undo_checked(&mut p, hop, &before);
    // The limit counts rounds of the seats still playing.
    let three = options(&[("deadlock", "true"), ("players", "3")]).unwrap();
    assert_eq!(three.deadlock_limit(), 30);
    // Off by default.
    let plain = reparse(&ChineseCheckers::default(), "ply=20");
    assert_eq!(plain.status(), Status::Ongoing);
}

/// Four players in teams, A and C against B and D: A with `a` in its goal, C with the
/// pieces of its goal in `c`, B and D each with one far piece.
fn team_position(a: &[u32], c: &[u32]) -> ChineseCheckers {
    let rules = rules_with(&[("teams", "true"), ("players", "4")]);
    position(
        rules,
        &[a, &[at(FAR.0, FAR.1)], c, &[at(4, -8)]],
        Seat::new(2),
    )
}

#[test]
fn teams_win_together_by_filling_a_goal() {
    let rules = rules_with(&[("teams", "true"), ("players", "4")]);
    let start = ChineseCheckers::start(rules);
    let (mut c, from, to) = almost_filled(start.goal(Seat::new(2)), start.geometry());
    c.push(from);
    let mut p = team_position(&[at(0, 0)], &c);
    let mv = p.parse_move(&format!("{from}-{to}")).unwrap();
    let before = play_checked(&mut p, mv);
    assert_eq!(p.winning_team(), Some(0));
    let outcome = p.status().outcome().expect("team win");
    assert_eq!(outcome.reason(), EndReason::Goal);
    let places: Vec<u8> = Seat::all(4).map(|s| outcome.place(s)).collect();
    assert_eq!(places, [1, 3, 1, 3]);
    assert!(p.to_string().ends_with(" team_won=1"), "{p}");
    undo_checked(&mut p, mv, &before);
    assert_eq!(p.winning_team(), None);
}

#[test]
fn teams_win_with_fifteen_pieces_in_goals() {
    let rules = rules_with(&[("teams", "true"), ("players", "4")]);
    let start = ChineseCheckers::start(rules);
    let holes = |set: Holes| -> Vec<u32> {
        (0..HOLES as u32)
            .filter(|h| set >> h & 1 == 1)
            .map(|h| h + 1)
            .collect()
    };
    // A: 9 of its 10 goal holes (not filled); C: 5 in its goal and one stepping in.
    let a: Vec<u32> = holes(start.goal(Seat::A))[..9].to_vec();
    let (inside, from, to) = almost_filled(start.goal(Seat::new(2)), start.geometry());
    let mut c: Vec<u32> = inside[..5].to_vec();
    c.push(from);
    let mut p = team_position(&a, &c);
    assert_eq!(p.team_pieces_in_goal(0), 14);
    assert!(!p.has_filled_goal(Seat::A));
    assert_eq!(p.status(), Status::Ongoing);
    let mv = p.parse_move(&format!("{from}-{to}")).unwrap();
    let before = play_checked(&mut p, mv);
    assert_eq!(p.team_pieces_in_goal(0), 15);
    let outcome = p.status().outcome().expect("team win");
    assert_eq!(outcome.place(Seat::A), 1);
    assert_eq!(outcome.place(Seat::new(2)), 1);
    assert_eq!(outcome.place(Seat::B), 3);
    assert_eq!(outcome.place(Seat::new(3)), 3);
    undo_checked(&mut p, mv, &before);
    // At the ply cap, team members share their team's progress and place.
    let capped = reparse(&p, "ply=800");
    let outcome = capped.status().outcome().expect("capped");
    assert_eq!(outcome.reason(), EndReason::PlyCap);
    assert_eq!(outcome.place(Seat::A), outcome.place(Seat::new(2)));
    assert_eq!(outcome.place(Seat::B), outcome.place(Seat::new(3)));
    // 3v3 needs 23.
    let six = options(&[("teams", "true"), ("players", "6")]).unwrap();
    assert_eq!(six.team_target(), 23);
}

#[test]
fn teams_lose_together_on_a_missed_deadline() {
    let rules = rules_with(&[("teams", "true"), ("players", "4"), ("deadline", "true")]);
    let start = ChineseCheckers::start(rules);
    // B's 20th turn with every piece at home: B and D lose.
    let mut p = reparse(&start, "ply=77");
    let mut p2 = p.clone();
    assert_eq!(p.turns(Seat::B), 19);
    p = read_back(&p.to_string().replace(" A ", " B "));
    p2 = read_back(&p2.to_string().replace(" A ", " B "));
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let before = play_checked(&mut p, moves[0]);
    assert_eq!(p.winning_team(), Some(0));
    let outcome = p.status().outcome().expect("deadline");
    let places: Vec<u8> = Seat::all(4).map(|s| outcome.place(s)).collect();
    assert_eq!(places, [1, 3, 1, 3]);
    undo_checked(&mut p, moves[0], &before);
    assert_eq!(p.to_string(), p2.to_string());
}

#[test]
fn option_state_fields_are_checked() {
    let start = ChineseCheckers::default();
    for extra in [
        "turns=1,1",
        "history=1:11:0",
        "record=5:0",
        "team_won=1",
        "out=A2",
    ] {
        assert!(
            ChineseCheckers::parse_position(&format!("{start} {extra}")).is_err(),
            "{extra}"
        );
    }
    let r = options(&[("repetition", "true")]).unwrap();
    assert!(ChineseCheckers::parse_position(&format!("{r} history=1:11:4")).is_err());
    assert!(ChineseCheckers::parse_position(&format!("{r} history=60:11:1")).is_err());
    assert!(ChineseCheckers::parse_position(&format!("{r} history=1:11:2")).is_ok());
    let d = options(&[("deadlock", "true")]).unwrap();
    assert!(ChineseCheckers::parse_position(&format!("{d} record=5:3")).is_err());
}

#[test]
fn a_seat_with_another_number_of_pieces_is_refused() {
    // Each seat keeps its whole set all game, finished or not: one piece fewer or more
    // is a position no game reaches, for every table and set size.
    let tables: [&[(&str, &str)]; 6] = [
        &[],
        &[("players", "3")],
        &[("players", "4")],
        &[("players", "6")],
        &[("players", "3"), ("pieces", "15")],
        &[("board", "diamond"), ("pieces", "15")],
    ];
    for pairs in tables {
        let start = options(pairs).unwrap();
        let text = start.to_string();
        assert_eq!(
            ChineseCheckers::parse_position(&text).unwrap().to_string(),
            text
        );
        let set = start.options().pieces;
        for seat in Seat::all(start.players()) {
            let letter = seat.to_string();
            let owned = start.pieces(seat).trailing_zeros() as usize;
            // The seat's first piece lifted off, then an extra one on an empty hole.
            let fewer: String = start_with(&text, owned, '.');
            let error = ChineseCheckers::parse_position(&fewer).unwrap_err();
            let reason = format!("seat {letter} has {} pieces, expected {set}", set - 1);
            assert!(error.expected.contains(&reason), "{pairs:?}: {error}");
            let empty = (0..HOLES)
                .find(|h| start.geometry().board >> h & 1 == 1 && start.occupied >> h & 1 == 0)
                .unwrap();
            let more = start_with(&text, empty, letter.chars().next().unwrap());
            let error = ChineseCheckers::parse_position(&more).unwrap_err();
            let reason = format!("seat {letter} has {} pieces, expected {set}", set + 1);
            assert!(error.expected.contains(&reason), "{pairs:?}: {error}");
        }
    }
}

/// `text` with the character of hole `hole` (0-based, row by row) replaced by `c`.
fn start_with(text: &str, hole: usize, c: char) -> String {
    let mut seen = 0;
    text.char_indices()
        .map(|(i, old)| {
            let board = !text[..i].contains(' ');
            if board && old != '/' {
                seen += 1;
                if seen - 1 == hole {
                    return c;
                }
            }
            old
        })
        .collect()
}
