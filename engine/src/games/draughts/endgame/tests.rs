//! The endgame tables against the game: every entry agrees with its moves' entries, and
//! random positions agree with a plain minimax search that knows nothing of the tables.

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::index::Material;
use super::{Endgame, EndgameError};
use crate::game::Game;
use crate::games::draughts::{Draughts, English};
use crate::games::leapfrog::solve::{Entry, Value};

/// The tables of up to four pieces, built once for all the tests here.
fn tables() -> &'static Endgame {
    static TABLES: OnceLock<Endgame> = OnceLock::new();
    TABLES.get_or_init(|| Endgame::build(4, |_| {}).expect("tables of four pieces"))
}

/// A random position of exactly `pieces` pieces, both sides on the board.
fn random_position(rng: &mut ChaCha8Rng, pieces: u32) -> Draughts<English> {
    let materials = Material::all_of(pieces);
    loop {
        let material = materials[rng.random_range(0..materials.len())];
        let frame = material.frame_at(rng.random_range(0..material.ranks()));
        if !frame.is_valid() {
            continue;
        }
        // Half the positions with Black to move: the board is the frame turned half
        // round, whose other side (moving down) is the side to move.
        let mut scratch = super::build::Scratch::new();
        if rng.random_bool(0.5) {
            scratch.set(frame.turned());
            scratch.position.side = crate::games::draughts::Colour::Black;
        } else {
            scratch.set(frame);
        }
        let mut position = scratch.position.clone();
        position.hash = position.compute_hash();
        return position;
    }
}

/// Plain minimax on the game's own moves: `Some(Win)` if the side to move can force a
/// win within `depth` plies, `Some(Loss)` if it loses within `depth` plies whatever it
/// does, `None` otherwise.
fn minimax(
    position: &mut Draughts<English>,
    depth: u32,
    memo: &mut HashMap<(u64, u32), Option<Value>>,
) -> Option<Value> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    if moves.is_empty() {
        return Some(Value::Loss);
    }
    if depth == 0 {
        return None;
    }
    let key = (position.hash(), depth);
    if let Some(known) = memo.get(&key) {
        return *known;
    }
    let mut all_lose = true;
    let mut result = None;
    for mv in moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        match minimax(&mut child, depth - 1, memo) {
            Some(Value::Loss) => {
                result = Some(Value::Win);
                all_lose = false;
                break;
            }
            Some(Value::Win) => {}
            _ => all_lose = false,
        }
    }
    if all_lose {
        result = Some(Value::Loss);
    }
    memo.insert(key, result);
    result
}

#[test]
fn random_positions_agree_with_plain_minimax() {
    const DEPTH: u32 = 9;
    let tables = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut decided_count = 0;
    for round in 0..300 {
        let pieces = 2 + round % 3;
        let mut position = random_position(&mut rng, pieces);
        let entry = tables.entry(&position).expect("a covered position");
        let mut memo = HashMap::new();
        let decided = entry.value != Value::Draw && entry.distance <= DEPTH;
        if decided {
            let d = entry.distance;
            assert_eq!(
                minimax(&mut position, d, &mut memo),
                Some(entry.value),
                "{position}: {entry:?}"
            );
            if d > 0 {
                assert_eq!(
                    minimax(&mut position, d - 1, &mut memo),
                    None,
                    "{position}: decided before {entry:?}"
                );
            }
        } else {
            assert_eq!(
                minimax(&mut position, DEPTH, &mut memo),
                None,
                "{position}: {entry:?} but decided within {DEPTH} plies"
            );
        }
        decided_count += u32::from(decided);
    }
    // Most sampled positions are decided within the depth, so the check has teeth.
    assert!(decided_count > 60, "{decided_count}");
}

#[test]
fn every_entry_follows_from_its_moves() {
    let tables = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for round in 0..3_000 {
        let position = random_position(&mut rng, 2 + round % 3);
        let entry = tables.entry(&position).expect("a covered position");
        let rated = tables.rate_moves(&position);
        let best = rated.iter().map(|(_, e)| *e).max_by_key(|e| e.preference());
        match best {
            None => assert_eq!(
                entry,
                Entry {
                    value: Value::Loss,
                    distance: 0
                },
                "{position}"
            ),
            Some(best) if best.value == Value::Draw => {
                assert_eq!(entry.value, Value::Draw, "{position}")
            }
            Some(best) => assert_eq!(entry, best, "{position}"),
        }
    }
}

#[test]
fn counts_are_symmetric_and_complete() {
    let counts = tables().counts();
    assert_eq!(counts.len(), 3);
    for c in &counts {
        assert_eq!(c.wins + c.losses + c.draws, c.positions);
    }
    // Two pieces: one a side. A lone king against a lone king is a draw; men decide.
    assert!(counts[0].draws > 0 && counts[0].wins > 0 && counts[0].losses > 0);
}

#[test]
fn a_damaged_file_is_refused_by_its_checksum() {
    let tables = Endgame::build(3, |_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("endgame-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("english3.db");
    tables.save(&path).unwrap();
    let loaded = Endgame::load(&path).unwrap();
    assert_eq!(loaded.counts(), tables.counts());

    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let error = Endgame::load(&path).unwrap_err();
    assert!(matches!(error, EndgameError::Corrupt { .. }), "{error}");
    assert!(error.to_string().contains("checksum"), "{error}");

    bytes[middle] ^= 0x10;
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&path, &bytes).unwrap();
    assert!(Endgame::load(&path).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The whole five-piece build (about 6 minutes and 0.5 GB in release): its counts are
/// the ones docs/research/english-endgames.md gives, and random five-piece positions
/// agree with plain minimax.
/// Run with `cargo test --release -p engine --lib endgame::tests::five_pieces -- --ignored`.
#[test]
#[ignore]
fn five_pieces_match_the_shipped_counts_and_minimax() {
    const DEPTH: u32 = 7;
    let tables = Endgame::build(5, |_| {}).expect("tables of five pieces");
    let counts: Vec<(u64, u64, u64, u64)> = tables
        .counts()
        .iter()
        .map(|c| (c.positions, c.wins, c.losses, c.draws))
        .collect();
    assert_eq!(
        counts,
        [
            (3_488, 716, 402, 2_370),
            (196_032, 100_250, 87_305, 8_477),
            (6_209_316, 2_574_304, 1_917_090, 1_717_922),
            (139_450_808, 71_334_772, 56_993_144, 11_122_892),
        ]
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut decided_count = 0;
    for _ in 0..100 {
        let mut position = random_position(&mut rng, 5);
        let entry = tables.entry(&position).expect("a covered position");
        let mut memo = HashMap::new();
        let decided = entry.value != Value::Draw && entry.distance <= DEPTH;
        let expected = decided.then_some(entry.value);
        let depth = if decided { entry.distance } else { DEPTH };
        assert_eq!(
            minimax(&mut position, depth, &mut memo),
            expected,
            "{position}: {entry:?}"
        );
        decided_count += u32::from(decided);
    }
    assert!(decided_count > 10, "{decided_count}");
}
