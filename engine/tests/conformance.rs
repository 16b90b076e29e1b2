//! The conformance suite every game must pass, over seeded random games: every
//! generated move is legal, undo restores the position and its hash, the incremental
//! hash equals a recomputed one, notation round-trips, and games end within the cap.

use std::collections::HashMap;

use engine::games::chinese_checkers::geometry::{Cube, HOLES};
use engine::games::draughts::board::Geometry;
use engine::games::draughts::{
    Brazilian, Canadian, Colour, Corner, Czech, English, International, Italian, OneWay, Parachute,
    Portuguese, Rules, Russian, Suicide, Thai,
};
use engine::{
    ChineseCheckers, ChineseCheckersMove, Draughts, DraughtsMove, Game, GameOptions, Leapfrog,
    LeapfrogMove, Seat,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays one random game from `start`, checking every rule of the suite at every ply.
/// Returns the number of plies played.
fn check_random_game<G: Game>(start: &G, seed: u64, is_legal: impl Fn(&G, G::Move) -> bool) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut plies = 0;
    while !position.is_over() {
        assert!(
            plies < position.ply_cap(),
            "game longer than its cap: {position}"
        );
        position.generate_moves(&mut moves);
        assert!(!moves.is_empty(), "ongoing game without moves: {position}");
        assert_eq!(position.count_moves(&mut Vec::new()), moves.len());
        let text = position.to_string();
        let reparsed = G::parse_position(&text).expect("printed position parses");
        assert_eq!(reparsed.to_string(), text);
        assert_eq!(reparsed.hash(), position.hash());
        for &mv in &moves {
            assert!(
                is_legal(&position, mv),
                "generated illegal {mv} in {position}"
            );
            assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            let before_hash = position.hash();
            position.play_unchecked(mv);
            assert_eq!(position.hash(), position.compute_hash(), "hash after {mv}");
            position.undo(mv);
            assert_eq!(position.to_string(), text, "undo of {mv}");
            assert_eq!(position.hash(), before_hash, "hash after undo of {mv}");
        }
        let mv = moves[rng.random_range(0..moves.len())];
        position.play_unchecked(mv);
        plies += 1;
    }
    assert!(position.status().is_over());
    plies
}

/// Leapfrog legality worked out the slow way, straight from the rules' words.
fn leapfrog_is_legal(position: &Leapfrog, mv: LeapfrogMove) -> bool {
    let me = position.to_move();
    let occupant = |spot: i32| -> Option<Seat> {
        [Seat::A, Seat::B]
            .into_iter()
            .find(|side| position.pieces(*side) >> (spot - 1) & 1 == 1)
    };
    let forward = if me == Seat::A { 1 } else { -1 };
    let from = mv.from() as i32;
    if occupant(from) != Some(me) {
        return false;
    }
    let mut spot = from + forward;
    if !(1..=19).contains(&spot) {
        return false;
    }
    match occupant(spot) {
        None => return mv.to() as i32 == spot,
        Some(side) if side == me => return false,
        Some(_) => {}
    }
    while (1..=19).contains(&spot) && occupant(spot).is_some_and(|s| s != me) {
        spot += forward;
    }
    (1..=19).contains(&spot) && occupant(spot).is_none() && mv.to() as i32 == spot
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn leapfrog_random_games_conform(seed in any::<u64>(), b_first in any::<bool>()) {
        let first = if b_first { Seat::B } else { Seat::A };
        let start = Leapfrog::from_pieces(0b11111, 0b11111 << 14, first);
        let plies = check_random_game(&start, seed, leapfrog_is_legal);
        prop_assert!(plies <= 140);
    }
}

#[test]
fn leapfrog_generates_every_legal_move() {
    // Completeness: in positions along random games, every (from, to) pair the slow check
    // accepts is generated.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut moves = Vec::new();
    for _ in 0..200 {
        let mut position = Leapfrog::start();
        while !position.is_over() {
            position.generate_moves(&mut moves);
            for from in 1..=19 {
                for to in 1..=19 {
                    let mv = LeapfrogMove::new(from, to);
                    assert_eq!(
                        moves.contains(&mv),
                        leapfrog_is_legal(&position, mv),
                        "{mv} in {position}"
                    );
                }
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// Chinese checkers legality worked out the slow way: coordinates instead of tables, a
/// plain search over hop landings, and the rules' words for each jump.
fn chinese_checkers_is_legal(position: &ChineseCheckers, mv: ChineseCheckersMove) -> bool {
    if mv.seat() != position.to_move() {
        return false;
    }
    if mv.is_pass() {
        return position.rules().pass
            || (0..HOLES).all(|origin| chinese_checkers_targets(position, origin).is_empty());
    }
    if position.rules().repetition {
        // After three returns a piece may not go back to where it stood two of its own
        // moves earlier.
        if let Some((previous, 3)) = position.piece_history(mv.from()) {
            if previous == mv.to() {
                return false;
            }
        }
    }
    chinese_checkers_targets(position, mv.from() as usize - 1).contains(&(mv.to() as usize - 1))
}

/// Where the seat to move's piece on 0-based hole `origin` may go (none if it has no
/// piece there).
fn chinese_checkers_targets(position: &ChineseCheckers, origin: usize) -> Vec<usize> {
    let geometry = position.geometry();
    let rules = position.rules();
    let me = position.to_move();
    if position.pieces(me) >> origin & 1 == 0 {
        return Vec::new();
    }
    let holes: HashMap<Cube, usize> = (0..HOLES)
        .filter(|&h| geometry.board >> h & 1 == 1)
        .map(|h| (geometry.cube[h], h))
        .collect();
    let hole_at = |c: Cube| holes.get(&c).copied();
    // The moving piece is lifted from its origin.
    let occupied = |hole: usize| {
        hole != origin && Seat::all(position.players()).any(|s| position.pieces(s) >> hole & 1 == 1)
    };
    let along = |c: Cube, d: (i8, i8, i8), k: i8| Cube {
        x: c.x + d.0 * k,
        y: c.y + d.1 * k,
        z: c.z + d.2 * k,
    };
    let dirs = [
        (1, -1, 0),
        (1, 0, -1),
        (0, 1, -1),
        (-1, 1, 0),
        (-1, 0, 1),
        (0, -1, 1),
    ];
    let start = geometry.cube[origin];
    let mut targets = Vec::new();
    for d in dirs {
        if let Some(h) = hole_at(along(start, d, 1)).filter(|h| !occupied(*h)) {
            targets.push(h);
        }
    }
    let mut frontier = vec![origin];
    let mut seen = vec![origin];
    let max_k = if rules.super_jumps { 8 } else { 1 };
    while let Some(at) = frontier.pop() {
        let c = geometry.cube[at];
        for d in dirs {
            for k in 1..=max_k {
                let (Some(pivot), Some(landing)) =
                    (hole_at(along(c, d, k)), hole_at(along(c, d, 2 * k)))
                else {
                    break;
                };
                // The pivot is the only piece between the jumper and the landing.
                let clear = (1..2 * k)
                    .filter(|i| *i != k)
                    .all(|i| hole_at(along(c, d, i)).is_some_and(|h| !occupied(h)));
                if occupied(pivot) && clear && !occupied(landing) && !seen.contains(&landing) {
                    seen.push(landing);
                    frontier.push(landing);
                    targets.push(landing);
                }
            }
        }
    }
    targets.retain(|&t| t != origin);
    if rules.no_camp_entry {
        let camps = position.home(me) | position.goal(me);
        targets.retain(|&t| {
            let c = geometry.cube[t];
            let in_a_point = c.x.abs() >= 5 || c.y.abs() >= 5 || c.z.abs() >= 5;
            !in_a_point || camps >> t & 1 == 1
        });
    }
    targets
}

fn chinese_checkers(pairs: &[(&str, &str)]) -> ChineseCheckers {
    let mut options = GameOptions::new();
    for (key, value) in pairs {
        options.set(key, value);
    }
    ChineseCheckers::new(&options).expect("valid options")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn chinese_checkers_random_games_conform(seed in any::<u64>(), players_index in 0usize..4) {
        let players = ["2", "3", "4", "6"][players_index];
        let start = chinese_checkers(&[("players", players)]);
        let plies = check_random_game(&start, seed, chinese_checkers_is_legal);
        prop_assert!(plies <= start.ply_cap());
    }
}

#[test]
fn chinese_checkers_conforms_for_every_player_count_and_option() {
    let setups: &[&[(&str, &str)]] = &[
        &[("players", "2")],
        &[("players", "3")],
        &[("players", "4")],
        &[("players", "6")],
        &[("super_jumps", "true")],
        &[("players", "3"), ("pieces", "15"), ("super_jumps", "true")],
        &[("board", "diamond"), ("pieces", "15")],
        &[("no_camp_entry", "true"), ("players", "6")],
        &[("pass", "true"), ("players", "4")],
        &[("deadline", "true")],
        &[("deadline", "true"), ("players", "3")],
        &[("deadline", "true"), ("players", "6"), ("pass", "true")],
        &[("repetition", "true")],
        &[
            ("repetition", "true"),
            ("players", "4"),
            ("super_jumps", "true"),
        ],
        &[("deadlock", "true")],
        &[("deadlock", "true"), ("players", "6")],
        &[("teams", "true"), ("players", "4")],
        &[("teams", "true"), ("players", "6"), ("deadline", "true")],
        &[
            ("deadline", "true"),
            ("repetition", "true"),
            ("deadlock", "true"),
            ("teams", "true"),
            ("players", "4"),
        ],
    ];
    for (index, setup) in setups.iter().enumerate() {
        let start = chinese_checkers(setup);
        let plies = check_random_game(&start, index as u64, chinese_checkers_is_legal);
        assert!(plies <= start.ply_cap(), "{setup:?}");
    }
}

/// Draughts legality checked from the rules' words rather than the generator: the piece
/// is the mover's and of the kind the move says, it ends on an empty square (or where it
/// started, after a round trip), every captured square holds an enemy piece, and a
/// non-capturing move is one diagonal step forward for a man, one step for a short king,
/// or a slide over empty squares for a flying king. (Which captures exist is checked by
/// the perft vectors.)
fn draughts_is_legal<R: Rules>(position: &Draughts<R>, mv: DraughtsMove<R>) -> bool {
    let me = position.side_to_move();
    let (from, to) = (mv.from_square(), mv.to_square());
    if mv.colour() != me {
        return false;
    }
    match position.piece_on(from) {
        Some((colour, king)) if colour == me && king == mv.is_king_move() => {}
        _ => return false,
    }
    if to != from && position.piece_on(to).is_some() {
        return false;
    }
    let enemy = |square: u32| position.piece_on(square).map(|(c, _)| c) == Some(me.other());
    if !mv.captured_squares().into_iter().all(enemy) {
        return false;
    }
    if mv.is_capture() {
        return true;
    }
    let coordinates = |square: u32| {
        let bit = <R::Board as Geometry>::number_to_bit(square, R::A1_LIGHT).expect("square");
        let (rank, file) = <R::Board as Geometry>::coordinates(bit);
        (rank as i32, file as i32)
    };
    let ((r0, f0), (r1, f1)) = (coordinates(from), coordinates(to));
    let (dr, df) = (r1 - r0, f1 - f0);
    if dr == 0 || dr.abs() != df.abs() {
        return false;
    }
    if !mv.is_king_move() {
        let up = me == Colour::White || R::ONE_WAY;
        return dr == if up { 1 } else { -1 };
    }
    if !Draughts::<R>::flying_kings() {
        return dr.abs() == 1;
    }
    (1..dr.abs()).all(|k| {
        let (r, f) = (r0 + k * dr.signum(), f0 + k * df.signum());
        let bit =
            engine::games::draughts::board::bit_of(Draughts::<R>::board_size(), r as u32, f as u32);
        let number = <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT);
        position.piece_on(number).is_none()
    })
}

/// Random games of one variant from its start, every rule of the suite checked.
fn draughts_conform<R: Rules>(games: u64) {
    let start = Draughts::<R>::start();
    for seed in 0..games {
        let plies = check_random_game(&start, seed, draughts_is_legal::<R>);
        assert!(plies <= start.ply_cap(), "{}", R::NAME);
    }
}

macro_rules! draughts_conformance {
    ($($test:ident: $rules:ty,)*) => {
        $(
            #[test]
            fn $test() {
                draughts_conform::<$rules>(6);
            }
        )*
    };
}

draughts_conformance! {
    english_conforms: English,
    suicide_conforms: Suicide,
    czech_conforms: Czech,
    corner_conforms: Corner,
    one_way_conforms: OneWay,
    parachute_conforms: Parachute,
    international_conforms: International,
    russian_conforms: Russian,
    canadian_conforms: Canadian,
    thai_conforms: Thai,
    brazilian_conforms: Brazilian,
    portuguese_conforms: Portuguese,
    italian_conforms: Italian,
}

/// The all-squares games (Turkish, Gothic, Dameo), checked against a slow enumeration of
/// the legal moves written from the rules' words: coordinates instead of bit sets, every
/// capture path followed one jump at a time, then the quantity rule over the whole list.
mod all_squares {
    use std::collections::BTreeSet;

    use super::check_random_game;
    use engine::games::draughts64::{
        Colour, Dameo, Draughts64, Draughts64Move, Gothic, Rules64, Turkish,
    };
    use engine::Game;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A game's rules in words, as White sees the board: (file, rank) steps.
    struct Words {
        man_steps: &'static [(i32, i32)],
        man_captures: &'static [(i32, i32)],
        linear_moves: bool,
        king_steps: &'static [(i32, i32)],
        king_captures: &'static [(i32, i32)],
        flying_kings: bool,
        most_pieces: bool,
        removed_at_once: bool,
        no_about_turn: bool,
        /// A man reaching the far rank during a capture stops there (else goes on as a
        /// man, crowned if it ends there).
        crowning_stops: bool,
    }

    const ORTHOGONAL: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    const EVERY_WAY: &[(i32, i32)] = &[
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];

    /// §8: men forward, left and right; flying kings along lines; most pieces; captured
    /// pieces leave at once; no about-turn; on as a man over the far rank.
    const TURKISH: Words = Words {
        man_steps: &[(0, 1), (1, 0), (-1, 0)],
        man_captures: &[(0, 1), (1, 0), (-1, 0)],
        linear_moves: false,
        king_steps: ORTHOGONAL,
        king_captures: ORTHOGONAL,
        flying_kings: true,
        most_pieces: true,
        removed_at_once: true,
        no_about_turn: true,
        crowning_stops: false,
    };
    /// §7: men forward, diagonally forward and sideways; kings one square every way;
    /// free choice; the far rank ends a capture.
    const GOTHIC: Words = Words {
        man_steps: &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
        man_captures: &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
        linear_moves: false,
        king_steps: EVERY_WAY,
        king_captures: EVERY_WAY,
        flying_kings: false,
        most_pieces: false,
        removed_at_once: false,
        no_about_turn: false,
        crowning_stops: true,
    };
    /// §18: men forward and diagonally forward, or the linear move; men take along
    /// lines, backwards too; kings move like a queen and take along lines at any
    /// distance; most pieces; captured pieces stay until the move ends.
    const DAMEO: Words = Words {
        man_steps: &[(0, 1), (1, 1), (-1, 1)],
        man_captures: ORTHOGONAL,
        linear_moves: true,
        king_steps: EVERY_WAY,
        king_captures: ORTHOGONAL,
        flying_kings: true,
        most_pieces: true,
        removed_at_once: false,
        no_about_turn: false,
        crowning_stops: false,
    };

    /// A legal move as the rules name it: from, to, the captured squares, and whether a
    /// man is crowned.
    type Named = (u32, u32, Vec<u32>, bool);

    /// A square as (file, rank).
    type At = (i32, i32);
    /// One jump open to a piece: its direction, the square it takes, where it may land.
    type Jump = (At, At, Vec<At>);

    struct Board {
        cells: [Option<(Colour, bool)>; 64],
    }

    impl Board {
        fn at(&self, file: i32, rank: i32) -> Option<Option<(Colour, bool)>> {
            if (0..8).contains(&file) && (0..8).contains(&rank) {
                Some(self.cells[(rank * 8 + file) as usize])
            } else {
                None
            }
        }
    }

    struct Jumps<'a> {
        words: &'a Words,
        board: &'a Board,
        me: Colour,
        from: (i32, i32),
        found: Vec<Named>,
    }

    impl Jumps<'_> {
        /// Whether the piece may cross or land on (file, rank) having taken `taken`.
        fn open(&self, square: (i32, i32), taken: &[(i32, i32)]) -> bool {
            match self.board.at(square.0, square.1) {
                None => false,
                Some(None) => true,
                Some(Some(_)) if square == self.from => true,
                Some(Some(_)) => self.words.removed_at_once && taken.contains(&square),
            }
        }

        /// Whether an enemy piece not yet taken stands there.
        fn prey(&self, square: (i32, i32), taken: &[(i32, i32)]) -> bool {
            matches!(self.board.at(square.0, square.1), Some(Some((c, _))) if c != self.me)
                && !taken.contains(&square)
        }

        /// The jumps open from `at`: (direction, taken square, landing squares).
        fn jumps(
            &self,
            at: (i32, i32),
            king: bool,
            taken: &[(i32, i32)],
            last: Option<(i32, i32)>,
        ) -> Vec<Jump> {
            let sign = if self.me == Colour::White { 1 } else { -1 };
            let directions: Vec<(i32, i32)> = if king {
                self.words.king_captures.to_vec()
            } else {
                self.words
                    .man_captures
                    .iter()
                    .map(|&(df, dr)| (df, dr * sign))
                    .collect()
            };
            let mut out = Vec::new();
            for d in directions {
                if self.words.no_about_turn && last == Some((-d.0, -d.1)) {
                    continue;
                }
                let mut over = (at.0 + d.0, at.1 + d.1);
                if king && self.words.flying_kings {
                    while self.open(over, taken) {
                        over = (over.0 + d.0, over.1 + d.1);
                    }
                }
                if !self.prey(over, taken) {
                    continue;
                }
                let mut after = taken.to_vec();
                after.push(over);
                let mut landings = Vec::new();
                let mut land = (over.0 + d.0, over.1 + d.1);
                while self.open(land, &after) {
                    landings.push(land);
                    if !(king && self.words.flying_kings) {
                        break;
                    }
                    land = (land.0 + d.0, land.1 + d.1);
                }
                if !landings.is_empty() {
                    out.push((d, over, landings));
                }
            }
            out
        }

        fn follow(
            &mut self,
            at: (i32, i32),
            king: bool,
            taken: Vec<(i32, i32)>,
            last: Option<(i32, i32)>,
        ) {
            let far_rank = if self.me == Colour::White { 7 } else { 0 };
            let on_far_rank = !king && at.1 == far_rank && !taken.is_empty();
            if on_far_rank && self.words.crowning_stops {
                self.record(at, king, &taken);
                return;
            }
            let jumps = self.jumps(at, king, &taken, last);
            if jumps.is_empty() {
                if !taken.is_empty() {
                    self.record(at, king, &taken);
                }
                return;
            }
            for (d, over, landings) in jumps {
                let mut after = taken.clone();
                after.push(over);
                // A flying king lands where it can go on capturing, if it can.
                let going_on: Vec<(i32, i32)> = landings
                    .iter()
                    .copied()
                    .filter(|&l| !self.jumps(l, king, &after, Some(d)).is_empty())
                    .collect();
                let chosen = if going_on.is_empty() {
                    landings
                } else {
                    going_on
                };
                for land in chosen {
                    self.follow(land, king, after.clone(), Some(d));
                }
            }
        }

        fn record(&mut self, at: (i32, i32), king: bool, taken: &[(i32, i32)]) {
            let far_rank = if self.me == Colour::White { 7 } else { 0 };
            let mut captured: Vec<u32> = taken.iter().map(|&(f, r)| (r * 8 + f) as u32).collect();
            captured.sort_unstable();
            self.found.push((
                (self.from.1 * 8 + self.from.0) as u32,
                (at.1 * 8 + at.0) as u32,
                captured,
                !king && at.1 == far_rank,
            ));
        }
    }

    /// Every legal move of the side to move, from the rules' words.
    fn legal_moves<R: Rules64>(position: &Draughts64<R>, words: &Words) -> BTreeSet<Named> {
        let me = position.side_to_move();
        let board = Board {
            cells: std::array::from_fn(|square| position.piece_on(square as u32)),
        };
        let mut captures = Vec::new();
        for square in 0..64i32 {
            let Some((colour, king)) = board.cells[square as usize] else {
                continue;
            };
            if colour != me {
                continue;
            }
            let mut jumps = Jumps {
                words,
                board: &board,
                me,
                from: (square % 8, square / 8),
                found: Vec::new(),
            };
            jumps.follow((square % 8, square / 8), king, Vec::new(), None);
            captures.extend(jumps.found);
        }
        if !captures.is_empty() {
            let most = captures.iter().map(|m| m.2.len()).max().unwrap_or(0);
            return captures
                .into_iter()
                .filter(|m| !words.most_pieces || m.2.len() == most)
                .collect();
        }
        let sign = if me == Colour::White { 1 } else { -1 };
        let far_rank = if me == Colour::White { 7 } else { 0 };
        let mut quiet = BTreeSet::new();
        for square in 0..64i32 {
            let Some((colour, king)) = board.cells[square as usize] else {
                continue;
            };
            if colour != me {
                continue;
            }
            let (file, rank) = (square % 8, square / 8);
            let steps: Vec<(i32, i32)> = if king {
                words.king_steps.to_vec()
            } else {
                words
                    .man_steps
                    .iter()
                    .map(|&(df, dr)| (df, dr * sign))
                    .collect()
            };
            for (df, dr) in steps {
                let mut k = 1;
                // A man's linear move jumps a line of its own men (never kings).
                if !king && words.linear_moves {
                    while board.at(file + k * df, rank + k * dr) == Some(Some((me, false))) {
                        k += 1;
                    }
                }
                loop {
                    let (f, r) = (file + k * df, rank + k * dr);
                    if board.at(f, r) != Some(None) {
                        break;
                    }
                    quiet.insert((
                        square as u32,
                        (r * 8 + f) as u32,
                        Vec::new(),
                        !king && r == far_rank,
                    ));
                    if !(king && words.flying_kings) {
                        break;
                    }
                    k += 1;
                }
            }
        }
        quiet
    }

    fn named<R: Rules64>(mv: Draughts64Move<R>) -> Named {
        (
            mv.from_square(),
            mv.to_square(),
            mv.captured_squares(),
            mv.promotes(),
        )
    }

    /// Random games from the start: the suite's checks at every ply, every generated
    /// move among the rules' moves, and then every rules' move generated.
    fn conform<R: Rules64>(words: &Words, games: u64) {
        let start = Draughts64::<R>::start();
        for seed in 0..games {
            let plies = check_random_game(&start, seed, |position, mv| {
                legal_moves(position, words).contains(&named(mv))
            });
            assert!(plies <= start.ply_cap(), "{}", R::NAME);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let mut moves = Vec::new();
        for _ in 0..games {
            let mut position = start.clone();
            while !position.is_over() {
                position.generate_moves(&mut moves);
                let generated: BTreeSet<Named> = moves.iter().map(|&m| named(m)).collect();
                assert_eq!(generated.len(), moves.len(), "a move twice in {position}");
                assert_eq!(generated, legal_moves(&position, words), "in {position}");
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }

    #[test]
    fn turkish_conforms() {
        conform::<Turkish>(&TURKISH, 40);
    }

    #[test]
    fn gothic_conforms() {
        conform::<Gothic>(&GOTHIC, 40);
    }

    #[test]
    fn dameo_conforms() {
        conform::<Dameo>(&DAMEO, 40);
    }
}

// Konane and Alquerque: legality from the rules' words, on coordinates, and every move
// the slow enumeration finds is generated.

mod small_games {
    use std::collections::BTreeSet;

    use engine::games::alquerque::Alquerque;
    use engine::games::draughts::Colour;
    use engine::games::konane::{Konane, KonaneMove};
    use engine::{Game, GameOptions};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::check_random_game;

    /// A Konane move in the rules' words: on a full board Black removes its piece from
    /// a8, h1, d5 or e4; on a board with one hole White removes its piece from a square
    /// orthogonally next to it; after that a piece jumps along its row or column over an
    /// enemy piece into the empty square beyond, as often as it likes in that direction.
    fn konane_is_legal(position: &Konane, mv: KonaneMove) -> bool {
        let me = position.side_to_move();
        let at = |file: i32, rank: i32| {
            ((0..8).contains(&file) && (0..8).contains(&rank))
                .then(|| position.piece_at((file + 8 * rank) as u32))
                .flatten()
        };
        let holes = (0..64).filter(|&s| position.piece_at(s).is_none()).count();
        let (f0, r0) = ((mv.from() % 8) as i32, (mv.from() / 8) as i32);
        let (f1, r1) = ((mv.to() % 8) as i32, (mv.to() / 8) as i32);
        if at(f0, r0) != Some(me) {
            return false;
        }
        if holes == 0 {
            let corner_or_centre = [(0, 7), (7, 0), (3, 4), (4, 3)].contains(&(f0, r0));
            return me == Colour::Black && mv.is_removal() && corner_or_centre;
        }
        if holes == 1 && me == Colour::White {
            let next_to_hole = [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|(df, dr)| {
                let (f, r) = (f0 + df, r0 + dr);
                (0..8).contains(&f) && (0..8).contains(&r) && at(f, r).is_none()
            });
            return mv.is_removal() && next_to_hole;
        }
        let (df, dr) = (f1 - f0, r1 - r0);
        if (df != 0) == (dr != 0) {
            return false;
        }
        let length = df.abs() + dr.abs();
        if length % 2 != 0 {
            return false;
        }
        (1..=length).all(|k| {
            let square = at(f0 + k * df.signum(), r0 + k * dr.signum());
            if k % 2 == 1 {
                square == Some(me.other())
            } else {
                square.is_none()
            }
        })
    }

    #[test]
    fn konane_conforms() {
        let mut capped = GameOptions::new();
        capped.set("cap", "12");
        for (seed, start) in (0..40u64).map(|seed| (seed, Konane::start())).chain([
            (40, Konane::new(&capped).unwrap()),
            (41, Konane::new(&capped).unwrap()),
        ]) {
            let plies = check_random_game(&start, seed, konane_is_legal);
            assert!(plies <= start.ply_cap());
        }
    }

    #[test]
    fn konane_generates_every_legal_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut moves = Vec::new();
        for _ in 0..60 {
            let mut position = Konane::start();
            loop {
                position.generate_moves(&mut moves);
                for from in 0..64 {
                    for to in 0..64 {
                        let mv = if from == to {
                            KonaneMove::removal(from)
                        } else {
                            KonaneMove::jump(from, to)
                        };
                        assert_eq!(
                            moves.contains(&mv),
                            konane_is_legal(&position, mv),
                            "{mv} in {position}"
                        );
                    }
                }
                if position.is_over() {
                    break;
                }
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }

    /// Every Alquerque move as (from, to, captured points), enumerated on coordinates
    /// from the rules' words: lines join orthogonal neighbours everywhere and diagonal
    /// neighbours through points with file + rank even; a pawn steps forward,
    /// diagonally forward or sideways along a line, never back and never from its far
    /// row; if any capture exists only captures are legal: the first jump goes over an
    /// adjacent enemy in one of the stepping directions (sideways along the far row too)
    /// into the empty point beyond, later jumps in any line direction, and the move goes
    /// on while a jump is possible. Two paths with the same start, end and captured set
    /// are one move.
    fn alquerque_moves(position: &Alquerque) -> BTreeSet<(u32, u32, u32)> {
        let me = position.side_to_move();
        let forward = if me == Colour::White { 1 } else { -1 };
        let point =
            |f: i32, r: i32| ((0..5).contains(&f) && (0..5).contains(&r)).then_some(f + 5 * r);
        let has_line = |f: i32, r: i32, df: i32, dr: i32| {
            point(f + df, r + dr).is_some() && (df == 0 || dr == 0 || (f + r) % 2 == 0)
        };
        let all: Vec<(i32, i32)> = (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .filter(|d| *d != (0, 0))
            .collect();
        let stepping: Vec<(i32, i32)> = all
            .iter()
            .copied()
            .filter(|&(_, dr)| dr == forward || dr == 0)
            .collect();
        let colour_at = |p: i32| position.piece_at(p as u32);
        let mut captures = BTreeSet::new();
        // (origin, at, captured) states still to extend.
        let mut stack = Vec::new();
        for p in 0..25 {
            if colour_at(p) == Some(me) {
                stack.push((p, p, 0u32, true));
            }
        }
        while let Some((origin, at, captured, first)) = stack.pop() {
            let (f, r) = (at % 5, at / 5);
            let directions = if first { &stepping } else { &all };
            let mut went_on = false;
            for &(df, dr) in directions {
                if !has_line(f, r, df, dr) || !has_line(f + df, r + dr, df, dr) {
                    continue;
                }
                let over = point(f + df, r + dr).expect("on the board");
                let land = point(f + 2 * df, r + 2 * dr).expect("on the board");
                let enemy = colour_at(over) == Some(me.other()) && captured >> over & 1 == 0;
                let empty = colour_at(land).is_none() || land == origin;
                if enemy && empty {
                    went_on = true;
                    stack.push((origin, land, captured | 1 << over, false));
                }
            }
            if !went_on && !first {
                captures.insert((origin as u32, at as u32, captured));
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let far_row = if me == Colour::White { 4 } else { 0 };
        let mut steps = BTreeSet::new();
        for p in 0..25 {
            let (f, r) = (p % 5, p / 5);
            if colour_at(p) != Some(me) || r == far_row {
                continue;
            }
            for &(df, dr) in &stepping {
                if has_line(f, r, df, dr) {
                    let to = point(f + df, r + dr).expect("on the board");
                    if colour_at(to).is_none() {
                        steps.insert((p as u32, to as u32, 0));
                    }
                }
            }
        }
        steps
    }

    fn alquerque_is_legal(position: &Alquerque, mv: engine::AlquerqueMove) -> bool {
        mv.colour() == position.side_to_move()
            && alquerque_moves(position).contains(&(mv.from(), mv.to(), mv.captured()))
    }

    fn alquerque_with(pairs: &[(&str, &str)]) -> Alquerque {
        let mut options = GameOptions::new();
        for (key, value) in pairs {
            options.set(key, value);
        }
        Alquerque::new(&options).expect("valid options")
    }

    #[test]
    fn alquerque_conforms() {
        let setups: &[&[(&str, &str)]] = &[
            &[],
            &[("cap", "40")],
            &[("repetitions", "2"), ("no_progress", "10")],
            &[("repetitions", "0"), ("no_progress", "0")],
        ];
        for (index, setup) in setups.iter().enumerate() {
            let start = alquerque_with(setup);
            for seed in 0..20 {
                let plies =
                    check_random_game(&start, seed + 100 * index as u64, alquerque_is_legal);
                assert!(plies <= start.ply_cap(), "{setup:?}");
            }
        }
    }

    #[test]
    fn alquerque_generates_every_legal_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut moves = Vec::new();
        for _ in 0..100 {
            let mut position = Alquerque::start();
            loop {
                position.generate_moves(&mut moves);
                let generated: BTreeSet<(u32, u32, u32)> = moves
                    .iter()
                    .map(|m| (m.from(), m.to(), m.captured()))
                    .collect();
                assert_eq!(generated.len(), moves.len(), "a move twice in {position}");
                assert_eq!(generated, alquerque_moves(&position), "{position}");
                if position.is_over() {
                    break;
                }
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
