//! The solver against a plain recursive minimax on endgames, the full solve's figures,
//! perfect play, and the table file's round trip and its refusal of damaged files.

use std::collections::HashSet;
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::game::{EndReason, Status};

/// The full solve from the start, once per test run.
fn full() -> &'static SolveTable {
    static TABLE: OnceLock<SolveTable> = OnceLock::new();
    TABLE.get_or_init(SolveTable::solve_start)
}

fn parse(text: &str) -> Leapfrog {
    Leapfrog::parse_position(text).expect("a position")
}

/// The reference: a plain recursive minimax through the `Game` trait, no table and no
/// memory, with the same order of preference (quickest win, slowest loss).
fn minimax(position: &mut Leapfrog) -> Entry {
    if let Status::Over(outcome) = position.status() {
        let value = match outcome.winner() {
            None => Value::Draw,
            Some(seat) if seat == position.to_move() => Value::Win,
            Some(_) => Value::Loss,
        };
        return Entry { value, distance: 0 };
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best: Option<Entry> = None;
    for mv in moves {
        position.play_unchecked(mv);
        let candidate = minimax(position).before_move();
        position.undo(mv);
        best = match best {
            Some(b) if b.preference() >= candidate.preference() => Some(b),
            _ => Some(candidate),
        };
    }
    best.expect("a game that goes on has a move")
}

/// Every position reachable from `root`, through the `Game` trait.
fn reachable(root: &Leapfrog) -> HashSet<Leapfrog> {
    let mut seen = HashSet::new();
    let mut stack = vec![*root];
    let mut moves = Vec::new();
    while let Some(position) = stack.pop() {
        if !seen.insert(position) || position.is_over() {
            continue;
        }
        position.generate_moves(&mut moves);
        for &mv in &moves {
            let mut child = position;
            child.play_unchecked(mv);
            stack.push(child);
        }
    }
    seen
}

/// Hand-built endgames: goal races for either side, a stuck ending, a stuck ending that
/// distance travelled decides, and leaps over runs.
const ENDGAMES: &[&str] = &[
    // B's step 5-4 would leave A stuck with four pieces home each, and distance
    // travelled would decide for A; B leaps instead.
    "BBB.B........ABAAAA B",
    "BB.B..BABA.A.....AA A",
    // A piece of A's behind B's lines, where B can jam it.
    "BB.ABB.B..A.A...AA. B",
    "BBB.AB..BA....AA..A B",
    "BBB..B.AB.A.A....AA A",
    "BB...B.A.B.B..A.AAA B",
    ".BB.B....BAA...BAAA A",
    ".B..B.ABB.B...A.AAA B",
    "BBB..B..A..B...AAAA B",
    "BBBB....A..ABA.A..A A",
    "B...BB.AB.B....AAAA B",
    "BB..BB...A.B..A.AAA B",
];

/// Endgames from the last plies of seeded random games.
fn sampled_endgames(games: usize, plies_from_end: usize) -> Vec<Leapfrog> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5017e);
    let mut moves = Vec::new();
    (0..games)
        .filter_map(|_| {
            let mut line = vec![Leapfrog::start()];
            let mut position = Leapfrog::start();
            while !position.is_over() {
                position.generate_moves(&mut moves);
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
                line.push(position);
            }
            line.len()
                .checked_sub(plies_from_end + 1)
                .map(|index| line[index])
        })
        .collect()
}

/// Solves from `root` and checks every reachable position against the minimax, and the
/// report's counts against the positions themselves.
fn check_against_minimax(root: &Leapfrog) -> SolveTable {
    let table = SolveTable::solve(root);
    let positions = reachable(root);
    let report = table.report();
    assert_eq!(report.positions, positions.len() as u64, "root {root}");
    let (mut wins, mut draws, mut finished) = ([0u64; 2], 0, 0);
    for position in &positions {
        let expected = minimax(&mut position.clone());
        assert_eq!(
            table.entry(position),
            Some(expected),
            "{position} from {root}"
        );
        assert_eq!(
            table.probe(position),
            Some((expected.value, expected.distance))
        );
        match expected.value.winner(position.to_move()) {
            Some(seat) => wins[seat.index()] += 1,
            None => draws += 1,
        }
        finished += position.is_over() as u64;
        let best = table.best_moves(position);
        assert_eq!(best.is_empty(), position.is_over(), "{position}");
        for mv in best {
            let mut child = *position;
            child.play_unchecked(mv);
            assert_eq!(table.entry(&child).map(Entry::before_move), Some(expected));
        }
    }
    assert_eq!((report.wins_a, report.wins_b), (wins[0], wins[1]));
    assert_eq!((report.draws, report.finished), (draws, finished));
    assert_eq!(Some(report.root_entry), table.entry(root));
    table
}

#[test]
fn hand_built_endgames_agree_with_minimax() {
    let mut reasons = HashSet::new();
    for text in ENDGAMES {
        let root = parse(text);
        let table = check_against_minimax(&root);
        assert!(table.report().positions > 1, "{text}");
        for position in reachable(&root) {
            if let Some(outcome) = position.status().outcome() {
                reasons.insert((outcome.reason(), outcome.winner()));
            }
        }
    }
    // The endgames end by goal and by being stuck, in wins for both sides.
    for reason in [EndReason::Goal, EndReason::Stuck] {
        for seat in [Seat::A, Seat::B] {
            assert!(reasons.contains(&(reason, Some(seat))), "{reason} {seat}");
        }
    }
}

#[test]
fn sampled_endgames_agree_with_minimax() {
    for root in sampled_endgames(12, 10) {
        check_against_minimax(&root);
    }
}

#[test]
fn distance_decides_a_stuck_ending() {
    let table = check_against_minimax(&parse("BBB.B........ABAAAA B"));
    // B's step 5-4 leaves A stuck, A ahead on distance (69 to 60): B must leap instead.
    let position = parse("BBB.B........ABAAAA B");
    let mut after = position;
    after.play_unchecked(LeapfrogMove::new(5, 4));
    assert_eq!(table.probe(&after), Some((Value::Win, 0)));
    assert!(!table
        .best_moves(&position)
        .contains(&LeapfrogMove::new(5, 4)));
}

#[test]
fn finished_positions_have_distance_zero_and_no_best_move() {
    let spots = |list: &[u32]| list.iter().map(|s| 1u32 << (s - 1)).sum();
    let root = Leapfrog::from_pieces(
        spots(&[14, 16, 17, 18, 19]),
        spots(&[1, 2, 3, 4, 8]),
        Seat::A,
    );
    let table = check_against_minimax(&root);
    assert_eq!(table.probe(&root), Some((Value::Win, 1)));
    assert_eq!(table.best_moves(&root), [LeapfrogMove::new(14, 15)]);
    let mut goal = root;
    goal.play_unchecked(LeapfrogMove::new(14, 15));
    assert_eq!(table.probe(&goal), Some((Value::Loss, 0)));
    assert!(table.best_moves(&goal).is_empty());
    assert!(table.rate_moves(&goal).is_empty());
}

#[test]
fn the_table_answers_none_outside_its_reach() {
    let table = SolveTable::solve(&parse("BBB..B..A..B...AAAA B"));
    assert_eq!(table.probe(&Leapfrog::start()), None);
    assert!(table.best_moves(&Leapfrog::start()).is_empty());
    // Not a position at all: two pieces on one spot.
    let broken = Leapfrog::from_pieces(0b11111, 0b11111 << 1, Seat::A);
    assert_eq!(table.probe(&broken), None);
}

#[test]
fn byte_codes_round_trip_and_overflow_to_exceptions() {
    for distance in 0..=code::MAX_PACKED_DISTANCE {
        for value in [Value::Win, Value::Loss] {
            let entry = Entry { value, distance };
            let packed = code::pack(entry);
            assert!(packed != code::UNKNOWN && packed != code::EXCEPTION);
            assert_eq!(code::unpack(packed), entry);
        }
    }
    let long = Entry {
        value: Value::Win,
        distance: code::MAX_PACKED_DISTANCE + 1,
    };
    assert_eq!(code::pack(long), code::EXCEPTION);
    let draw = Entry {
        value: Value::Draw,
        distance: 0,
    };
    assert_eq!(code::pack(draw), code::EXCEPTION);
}

#[test]
fn preference_orders_quick_wins_then_draws_then_slow_losses() {
    let entry = |value, distance| Entry { value, distance };
    let ordered = [
        entry(Value::Win, 1),
        entry(Value::Win, 9),
        entry(Value::Draw, 2),
        entry(Value::Draw, 8),
        entry(Value::Loss, 20),
        entry(Value::Loss, 0),
    ];
    for pair in ordered.windows(2) {
        assert!(pair[0].preference() > pair[1].preference(), "{pair:?}");
    }
}

// The full solve: about two seconds with optimisation, once per test run.

#[test]
fn full_solve_figures() {
    let report = full().report();
    assert_eq!(report.root_winner(), Some(Seat::B));
    assert_eq!(
        report.root_entry,
        Entry {
            value: Value::Loss,
            distance: 114
        }
    );
    assert_eq!(report.positions, 15_969_986);
    assert_eq!(report.wins_a, 6_998_386);
    assert_eq!(report.wins_b, 8_971_600);
    assert_eq!(report.draws, 0);
    assert!(full().exceptions.is_empty());
    assert_eq!(full().entries() as u64, report.positions);
    let text = report.to_string();
    assert!(text.starts_with(
        "start: B\npositions: 15969986\nwins_A: 6998386\nwins_B: 8971600\ndraws: 0\nseconds: "
    ));
}

#[test]
fn b_first_start_is_the_mirror_image() {
    let mut options = crate::GameOptions::new();
    options.set("first", "B");
    let b_first = Leapfrog::new(&options).unwrap();
    assert_eq!(full().probe(&b_first), Some((Value::Loss, 114)));
    assert_eq!(full().probe(&Leapfrog::start()), Some((Value::Loss, 114)));
}

#[test]
fn endgame_tables_agree_with_the_full_table() {
    for root in sampled_endgames(6, 14) {
        let table = SolveTable::solve(&root);
        for position in reachable(&root) {
            assert_eq!(
                table.entry(&position),
                full().entry(&position),
                "{position}"
            );
        }
    }
}

#[test]
fn perfect_play_from_the_start_takes_the_distance() {
    let table = full();
    let mut position = Leapfrog::start();
    let mut plies = 0;
    while !position.is_over() {
        let entry = table.entry(&position).expect("reachable");
        assert_eq!(entry.distance, 114 - plies);
        let best = table.best_moves(&position);
        position.play_unchecked(best[plies as usize % best.len()]);
        plies += 1;
    }
    assert_eq!(plies, 114);
    let outcome = position.status().outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat::B));
}

#[test]
fn best_moves_never_lose_a_won_position_against_random() {
    let table = full();
    let mut rng = ChaCha8Rng::seed_from_u64(0xbe57);
    let mut moves = Vec::new();
    let mut checked = 0;
    for _ in 0..200 {
        // A random position on a random line, then the side to move there plays best moves.
        let mut position = Leapfrog::start();
        let stop = rng.random_range(0..60);
        for _ in 0..stop {
            if position.is_over() {
                break;
            }
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let Some((Value::Win, distance)) = table.probe(&position) else {
            continue;
        };
        let winner = position.to_move();
        let mut plies = 0;
        while !position.is_over() {
            if position.to_move() == winner {
                let best = table.best_moves(&position);
                position.play_unchecked(best[rng.random_range(0..best.len())]);
            } else {
                position.generate_moves(&mut moves);
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            plies += 1;
        }
        assert_eq!(position.status().outcome().unwrap().winner(), Some(winner));
        assert!(plies <= distance);
        checked += 1;
    }
    assert!(checked > 50, "only {checked} won positions");
}

// The table file.

fn bytes_of(table: &SolveTable) -> Vec<u8> {
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    bytes
}

fn small_table() -> SolveTable {
    SolveTable::solve(&parse(".BB.B....BAA...BAAA A"))
}

fn assert_same_table(a: &SolveTable, b: &SolveTable) {
    assert!(a.report().same_counts(b.report()));
    assert!(a.codes == b.codes);
    assert_eq!(a.exceptions, b.exceptions);
}

#[test]
fn full_table_round_trips_through_a_file() {
    let path = std::env::temp_dir().join(format!("leapfrog-solve-{}.bin", std::process::id()));
    full().save(&path).unwrap();
    let loaded = SolveTable::load(&path);
    std::fs::remove_file(&path).unwrap();
    let loaded = loaded.unwrap();
    assert_same_table(full(), &loaded);
    assert_eq!(loaded.probe(&Leapfrog::start()), Some((Value::Loss, 114)));
}

#[test]
fn a_save_writes_through_a_temporary_file_of_its_own() {
    // Another writer's file beside the path, under the name a fixed temporary name
    // would take: a save neither truncates nor renames it.
    let dir = std::env::temp_dir().join(format!("leapfrog-solve-tmp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.table");
    let other = dir.join("small.table.partial");
    std::fs::write(&other, "another writer's bytes").unwrap();
    small_table().save(&path).unwrap();
    let loaded = SolveTable::load(&path).unwrap();
    assert_same_table(&small_table(), &loaded);
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "another writer's bytes"
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["small.table", "small.table.partial"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exceptions_round_trip() {
    let mut table = small_table();
    let root = *table.root();
    let mut moves = Vec::new();
    root.generate_moves(&mut moves);
    let mut child = root;
    child.play_unchecked(moves[0]);
    let rank = index::rank(&child).unwrap();
    let odd = Entry {
        value: Value::Draw,
        distance: 7,
    };
    table.codes[rank] = code::EXCEPTION;
    table.exceptions.insert(rank as u32, odd);
    let loaded = SolveTable::read_from(bytes_of(&table).as_slice()).unwrap();
    assert_same_table(&table, &loaded);
    assert_eq!(loaded.entry(&child), Some(odd));
}

#[test]
fn damaged_files_are_refused() {
    let table = small_table();
    let good = bytes_of(&table);
    let read = |bytes: &[u8]| SolveTable::read_from(bytes);
    assert_same_table(&table, &read(&good).unwrap());

    // A flipped bit anywhere: header counts, the values, the checksum itself.
    let root_rank = index::rank(table.root()).unwrap();
    for at in [45, 80 + root_rank, 80 + 12_345, good.len() - 3] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        assert!(
            matches!(read(&bad), Err(TableError::ChecksumMismatch { .. })),
            "byte {at}"
        );
    }
    // Cut short in every section.
    for (len, section) in [
        (0, "header"),
        (5, "header"),
        (40, "header"),
        (80, "values"),
        (good.len() - 100, "values"),
        (good.len() - 1, "checksum"),
    ] {
        match read(&good[..len]) {
            Err(TableError::Truncated { section: found }) => assert_eq!(found, section),
            other => panic!("cut at {len}: {other:?}"),
        }
    }
    // Another kind of file, another version, bytes after the end.
    let mut bad = good.clone();
    bad[..8].copy_from_slice(b"PNG\r\n\x1a\n\0");
    assert!(matches!(read(&bad), Err(TableError::BadMagic { .. })));
    let mut bad = good.clone();
    bad[8] = 2;
    assert!(matches!(
        read(&bad),
        Err(TableError::UnsupportedVersion { found: 2 })
    ));
    let mut bad = good.clone();
    bad.push(0);
    assert!(matches!(read(&bad), Err(TableError::Inconsistent { .. })));
}

#[test]
fn a_well_checksummed_but_wrong_header_is_refused() {
    let table = small_table();
    let mut bad = bytes_of(&table);
    // Claim another root distance, then write a checksum that matches.
    bad[24] ^= 1;
    let body = bad.len() - 8;
    let mut hash = file_checksum(&bad[..body]);
    bad[body..].copy_from_slice(&hash.to_le_bytes());
    let error = SolveTable::read_from(bad.as_slice()).unwrap_err();
    assert!(matches!(error, TableError::Inconsistent { .. }), "{error}");
    // And a value pointing to an exception that is not there.
    let mut bad = bytes_of(&table);
    bad[80 + index::rank(table.root()).unwrap()] = code::EXCEPTION;
    hash = file_checksum(&bad[..body]);
    bad[body..].copy_from_slice(&hash.to_le_bytes());
    let error = SolveTable::read_from(bad.as_slice()).unwrap_err();
    assert!(matches!(error, TableError::Inconsistent { .. }), "{error}");
}

fn file_checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[test]
fn missing_and_unreadable_files_say_so() {
    let path = std::env::temp_dir().join("leapfrog-solve-no-such-file.bin");
    let error = SolveTable::load(&path).unwrap_err();
    assert!(matches!(error, TableError::Missing { .. }));
    assert!(
        error.to_string().starts_with("no solve table at "),
        "{error}"
    );
    // A directory is not a table.
    let error = SolveTable::load(std::env::temp_dir()).unwrap_err();
    assert!(
        matches!(error, TableError::Io { .. } | TableError::Truncated { .. }),
        "{error}"
    );
}
