//! Leapfrog Race: legality from the rules' words, completeness, and random games from
//! either seat first.

use std::ops::Range;

use engine::{Game, GameOptions, Leapfrog, LeapfrogMove, Seat};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sweep::{check_random_game, Oracle};

impl Oracle for Leapfrog {
    fn rules_allow(&self, mv: LeapfrogMove) -> bool {
        leapfrog_is_legal(self, mv)
    }

    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        let mut b_first = GameOptions::new();
        b_first.set("first", "B");
        vec![(GameOptions::new(), 0..6), (b_first, 6..12)]
    }
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
