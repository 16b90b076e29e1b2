//! Chinese checkers: legality from the rules' words on cube coordinates, random games for
//! every player count and option.

use std::collections::HashMap;
use std::ops::Range;

use engine::games::chinese_checkers::geometry::{Cube, HOLES};
use engine::{ChineseCheckers, ChineseCheckersMove, Game, GameOptions, Seat};
use proptest::prelude::*;

use crate::sweep::{check_random_game, Oracle};

/// Chinese checkers legality worked out the slow way: coordinates instead of tables, a
/// plain search over hop landings, and the rules' words for each jump.
fn chinese_checkers_is_legal(position: &ChineseCheckers, mv: ChineseCheckersMove) -> bool {
    if mv.seat() != position.to_move() {
        return false;
    }
    if mv.is_pass() {
        return position.options().pass
            || (0..HOLES).all(|origin| chinese_checkers_targets(position, origin).is_empty());
    }
    if position.options().repetition {
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
    let rules = position.options();
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

fn options(pairs: &[(&str, &str)]) -> GameOptions {
    let mut options = GameOptions::new();
    for (key, value) in pairs {
        options.set(key, value);
    }
    options
}

fn chinese_checkers(pairs: &[(&str, &str)]) -> ChineseCheckers {
    ChineseCheckers::new(&options(pairs)).expect("valid options")
}

impl Oracle for ChineseCheckers {
    fn rules_allow(&self, mv: ChineseCheckersMove) -> bool {
        chinese_checkers_is_legal(self, mv)
    }

    /// One game for every player count and every option, each with its own seed.
    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        SETUPS
            .iter()
            .zip(0..)
            .map(|(setup, seed)| (options(setup), seed..seed + 1))
            .collect()
    }
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

/// The options the sweep plays one game under each (every player count and option).
const SETUPS: &[&[(&str, &str)]] = &[
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
