//! The generic checks and the sweep over the registry.

use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use engine::{with_game, Game, GameKind, GameOptions, GameSpec, Limits};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game's rules read independently of its move generator.
pub trait Oracle: Game {
    /// Whether the rules' words, worked out the slow way, allow `mv` here.
    fn rules_allow(&self, mv: Self::Move) -> bool;

    /// The options the sweep starts random games under, each with the seeds of its
    /// games. Six games under the default options unless a game says otherwise.
    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        vec![(GameOptions::new(), 0..6)]
    }
}

/// Plies between two checks of `random_playout` against the plain loop within a game.
const PLAYOUT_EVERY: u32 = 16;

/// Plays one random game from `start`, checking every rule of the suite at every ply.
/// Returns the number of plies played.
pub fn check_random_game<G: Game>(
    start: &G,
    seed: u64,
    is_legal: impl Fn(&G, G::Move) -> bool,
) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut scratch = Vec::new();
    let mut plies = 0;
    while !position.is_over() {
        assert!(
            plies < position.ply_cap(),
            "game longer than its cap: {position}"
        );
        assert!(!position.status().is_over(), "is_over and status disagree");
        position.generate_moves(&mut moves);
        assert!(!moves.is_empty(), "ongoing game without moves: {position}");
        assert_eq!(position.count_moves(&mut scratch), moves.len());
        assert_eq!(position.count_moves_if_ongoing(&mut scratch), moves.len());
        for index in [0, moves.len() / 2, moves.len() - 1] {
            let picked = position.pick_move(&mut scratch, |n| {
                assert_eq!(n, moves.len(), "pick_move offers another count");
                index
            });
            assert_eq!(
                picked,
                Some(moves[index]),
                "pick_move {index} in {position}"
            );
        }
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
            let mut record = String::from("a");
            G::push_move_text(mv, &mut record);
            assert_eq!(record, format!("a{mv}"), "a record's text of {mv}");
            let before_hash = position.hash();
            position.play_unchecked(mv);
            assert_eq!(position.hash(), position.compute_hash(), "hash after {mv}");
            position.undo(mv);
            assert_eq!(position.to_string(), text, "undo of {mv}");
            assert_eq!(position.hash(), before_hash, "hash after undo of {mv}");
        }
        if plies % PLAYOUT_EVERY == 0 {
            check_playout(&position, seed ^ u64::from(plies), 7);
            check_playout(&position, seed ^ u64::from(plies), position.ply_cap());
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let mut checked = position.clone();
        checked
            .play(mv)
            .expect("the checked play takes a generated move");
        position.play_unchecked(mv);
        assert_eq!(checked.to_string(), position.to_string());
        assert_eq!(checked.hash(), position.hash());
        plies += 1;
    }
    assert!(position.status().is_over());
    let outcome = position
        .status()
        .outcome()
        .expect("a finished game has an outcome");
    assert_eq!(outcome.players(), position.players());
    position.generate_moves(&mut moves);
    assert_eq!(position.count_moves_if_ongoing(&mut scratch), 0);
    plies
}

/// `random_playout` from `position` plays the same moves, to the same end, as the plain
/// loop of `generate_moves` and a random pick, and its line undoes back to `position`.
fn check_playout<G: Game>(position: &G, seed: u64, max_plies: u32) {
    let mut fast = position.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut scratch, mut line) = (Vec::new(), Vec::new());
    let outcome = fast.random_playout(max_plies, &mut scratch, &mut line, |n| {
        rng.random_range(0..n)
    });

    let mut plain = position.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut moves, mut plain_line) = (Vec::new(), Vec::new());
    let plain_outcome = loop {
        if plain.is_over() {
            break plain.status().outcome();
        }
        if plain_line.len() as u32 >= max_plies {
            break None;
        }
        plain.generate_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        plain.play_unchecked(mv);
        plain_line.push(mv);
    };
    assert_eq!(line, plain_line, "random_playout from {position}");
    assert_eq!(outcome, plain_outcome, "random_playout from {position}");
    assert_eq!(fast.to_string(), plain.to_string());
    assert_eq!(fast.hash(), plain.hash());

    for mv in line.iter().rev() {
        fast.undo(*mv);
    }
    assert_eq!(fast.to_string(), position.to_string(), "undo of a playout");
    assert_eq!(fast.hash(), position.hash(), "hash after undo of a playout");
}

/// Sweeps one game: its static information against its positions, then its random games.
fn sweep<G: Oracle>(kind: GameKind) {
    assert_eq!(kind.name(), G::NAME);
    let info = G::INFO;
    let default = G::new(&GameOptions::new()).expect("the default options are valid");
    assert_eq!(info.players[0], default.players(), "{kind}: default seats");
    assert_eq!(
        info.default_ply_cap,
        default.ply_cap(),
        "{kind}: default cap"
    );
    for (options, seeds) in G::sweep() {
        let start = G::new(&options).expect("the sweep's options are valid");
        let limits = Limits {
            players: start.players(),
            ply_cap: start.ply_cap(),
        };
        assert_eq!(G::limits(&options), Ok(limits), "{kind}:{options}");
        assert!(info.players.contains(&limits.players), "{kind}:{options}");
        for (key, _) in options.iter() {
            assert!(info.option_keys.contains(&key), "{kind}: option {key}");
        }
        let spec: GameSpec = format!("{kind}:{options}").parse().expect("a game spec");
        assert_eq!((spec.kind, &spec.options), (kind, &options));
        for seed in seeds {
            let plies = check_random_game(&start, seed, G::rules_allow);
            assert!(plies <= start.ply_cap(), "{kind}:{options} seed {seed}");
        }
    }
}

#[test]
fn every_registered_game_conforms() {
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(kind) = GameKind::ALL.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let run = || with_game!(*kind, G => sweep::<G>(*kind));
                    if panic::catch_unwind(AssertUnwindSafe(run)).is_err() {
                        failed.lock().unwrap().push(kind.name());
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(failed.is_empty(), "games that do not conform: {failed:?}");
}
