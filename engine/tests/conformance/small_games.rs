//! Konane and Alquerque: legality from the rules' words, on coordinates, and every move
//! the slow enumeration finds is generated.

use std::collections::BTreeSet;
use std::ops::Range;

use engine::games::alquerque::Alquerque;
use engine::games::draughts::Colour;
use engine::games::konane::{Konane, KonaneMove};
use engine::{Game, GameOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sweep::Oracle;

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

/// The sweep plays 40 random games from the start and two under a short cap.
impl Oracle for Konane {
    fn rules_allow(&self, mv: KonaneMove) -> bool {
        konane_is_legal(self, mv)
    }

    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        let mut capped = GameOptions::new();
        capped.set("cap", "12");
        vec![(GameOptions::new(), 0..40), (capped, 40..42)]
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
    let point = |f: i32, r: i32| ((0..5).contains(&f) && (0..5).contains(&r)).then_some(f + 5 * r);
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

/// The sweep plays 20 random games under each of the default, a short cap, and the draw
/// rules tightened and turned off.
impl Oracle for Alquerque {
    fn rules_allow(&self, mv: engine::AlquerqueMove) -> bool {
        alquerque_is_legal(self, mv)
    }

    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        let setups: &[&[(&str, &str)]] = &[
            &[],
            &[("cap", "40")],
            &[("repetitions", "2"), ("no_progress", "10")],
            &[("repetitions", "0"), ("no_progress", "0")],
        ];
        (0..)
            .zip(setups)
            .map(|(index, setup)| {
                let mut options = GameOptions::new();
                for (key, value) in *setup {
                    options.set(key, value);
                }
                (options, 100 * index..100 * index + 20)
            })
            .collect()
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
