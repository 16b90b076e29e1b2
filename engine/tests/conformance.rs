//! The conformance suite every game must pass, over seeded random games: every
//! generated move is legal, undo restores the position and its hash, the incremental
//! hash equals a recomputed one, notation round-trips, and games end within the cap.

use engine::{Game, Leapfrog, LeapfrogMove, Seat};
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
            position.play(mv);
            assert_eq!(position.hash(), position.compute_hash(), "hash after {mv}");
            position.undo(mv);
            assert_eq!(position.to_string(), text, "undo of {mv}");
            assert_eq!(position.hash(), before_hash, "hash after undo of {mv}");
        }
        let mv = moves[rng.random_range(0..moves.len())];
        position.play(mv);
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
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}
