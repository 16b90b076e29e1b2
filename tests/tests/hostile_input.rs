//! Hostile input: random bytes and random mutations of valid inputs (byte flips,
//! truncation, insertion, duplicated or dropped lines) given to every reader the arena
//! has. Each must answer with a value or a typed error, never a panic; where a writer
//! exists, what parses prints back to the same value.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use agents::AgentSpec;
use arena::games_csv::{self, GameRow};
use arena::shard::{Shard, ShardRecord};
use end_to_end::scratch;
use engine::games::leapfrog::solve::SolveTable;
use engine::{with_game, ChineseCheckers, Game, GameKind, GameOptions, GameSpec, Leapfrog};
use proptest::prelude::*;

/// One change to a byte string. Positions are taken modulo the length.
#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Set(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    DuplicateLine(usize),
    DropLine(usize),
}

/// Fragments that readers care about, for insertions.
const TOKENS: &[&str] = &[
    "=",
    "\"",
    "'",
    "[",
    "]",
    "[[agent]]",
    "\n",
    "\r\n",
    ",",
    ":",
    "/",
    ".",
    " ",
    "-",
    "0",
    "-1",
    "1e309",
    "nan",
    "inf",
    "18446744073709551616",
    "4294967296",
    "255",
    "\u{0}",
    "\u{fffd}",
    "é",
    "A",
    "B",
    "draw",
    "goal",
    "first",
    "second",
    "=B",
    "epsilon=",
    "depth=99",
    "tt_mib=1",
    "players=6",
    "random",
    "greedy",
    "minimax",
    "mcts",
    "#",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), 1..=255u8).prop_map(|(at, bits)| Mutation::Flip(at, bits)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Set(at, byte)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        3 => (
            any::<usize>(),
            prop_oneof![
                prop::sample::select(TOKENS).prop_map(|t| t.as_bytes().to_vec()),
                prop::collection::vec(any::<u8>(), 1..8),
            ]
        )
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        2 => any::<usize>().prop_map(Mutation::DuplicateLine),
        2 => any::<usize>().prop_map(Mutation::DropLine),
    ]
}

/// The byte ranges of the lines of `bytes`, newlines included.
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        out.push((start, bytes.len()));
    }
    out
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len();
    match mutation {
        Mutation::Flip(at, bits) if len > 0 => bytes[at % len] ^= bits,
        Mutation::Set(at, byte) if len > 0 => bytes[at % len] = *byte,
        Mutation::Truncate(at) => bytes.truncate(at % (len + 1)),
        Mutation::Insert(at, new) => {
            let at = at % (len + 1);
            bytes.splice(at..at, new.iter().copied());
        }
        Mutation::DuplicateLine(at) | Mutation::DropLine(at) => {
            let all = lines(bytes);
            if all.is_empty() {
                return;
            }
            let (start, end) = all[at % all.len()];
            if matches!(mutation, Mutation::DropLine(_)) {
                bytes.drain(start..end);
            } else {
                let line = bytes[start..end].to_vec();
                bytes.splice(end..end, line);
            }
        }
        _ => {}
    }
}

/// A seed from `seeds` with one to four mutations applied, or random bytes.
fn hostile(seeds: Vec<String>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..64),
        6 => (
            prop::sample::select(seeds),
            prop::collection::vec(mutation(), 0..5)
        )
            .prop_map(|(seed, mutations)| {
                let mut bytes = seed.into_bytes();
                for m in &mutations {
                    apply(&mut bytes, m);
                }
                bytes
            }),
    ]
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// 256 cases a property. `PROPTEST_CASES` overrides every count here for a longer hunt
/// (the solve table property then takes about 40 ms a case).
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A scratch folder for this test binary's temporary files.
fn folder() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| scratch("hostile_input"))
}

/// Writes `bytes` to a fresh file in the scratch folder.
fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let path = folder().join(format!("{name}-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, bytes).unwrap();
    path
}

fn seeds(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

const TOURNAMENT: &str = r#"game = "leapfrog"
seed = 42
games_per_pair = 2
opening_plies = 4
max_plies = 200
threads = 1
out = "out"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "greedy"
spec = "greedy:epsilon=0.1"

[[agent]]
name = "minimax-2"
spec = "minimax:depth=2,tt_mib=1"
"#;

const THREE_SEATS: &str = r#"game = "chinese-checkers:players=3"
seed = 7
games_per_pair = 1
out = "out"

[[agent]]
name = "a"
spec = "random"

[[agent]]
name = "b"
spec = "greedy"

[[agent]]
name = "c"
spec = "mcts:iterations=50"
"#;

const SPRT: &str = "game = \"leapfrog\"\nseed = 3\nopening_plies = 4\nthreads = 2\n\
out = \"out\"\nfirst = \"greedy\"\nsecond = \"random:epsilon=0.3\"\nelo0 = 0\nelo1 = 50\n\
batch_pairs = 20\nmax_pairs = 400\n";

fn calibration_seeds() -> Vec<String> {
    let path = end_to_end::repo_root().join("configs/calibrate-leapfrog.toml");
    let original = std::fs::read_to_string(path).unwrap();
    let candidates = original.replace(
        "base = \"perfect\"\nknob = \"epsilon\"\nmin = 0.0\nmax = 1.0\nscale = \"linear\"\nscan = 6",
        "candidates = [\"random\", \"greedy\", \"minimax:depth=1,tt_mib=1\"]",
    );
    vec![original, candidates]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tournament_config_never_panics(bytes in hostile(seeds(&[TOURNAMENT, THREE_SEATS]))) {
        let _ = arena::config::parse(Path::new("hostile.toml"), &text(&bytes));
    }

    #[test]
    fn calibration_config_never_panics(bytes in hostile(calibration_seeds())) {
        let _ = arena::calibrate::config::parse(Path::new("hostile.toml"), &text(&bytes));
    }

    #[test]
    fn sprt_config_never_panics(bytes in hostile(seeds(&[SPRT]))) {
        let path = temp_file("sprt.toml", &bytes);
        let _ = arena::sprt::load(&path);
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn agent_specs_parse_build_and_print_back(bytes in hostile(seeds(&[
        "random", "greedy:epsilon=0.2,temperature=1", "minimax:depth=3,nodes=1000,tt_mib=1",
        "mcts:iterations=100,c=1.4,playout_plies=20,playout=greedy,playout_epsilon=0.1",
        "perfect:epsilon=0.3", "perfect:table=missing.table",
    ]))) {
        let text = text(&bytes);
        if let Ok(spec) = text.parse::<AgentSpec>() {
            let again: AgentSpec = spec.to_string().parse().expect("printed spec parses");
            prop_assert_eq!(&again, &spec);
            // A perfect player without a table solves the whole game, and a large
            // transposition table is a real allocation: both are valid, neither is input
            // handling.
            let small_table = match spec.get("tt_mib") {
                None => true,
                Some(mib) => matches!(mib.trim().parse::<u64>(), Ok(mib) if mib <= 16),
            };
            let cheap = spec.kind != agents::AgentKind::Perfect && small_table;
            if cheap {
                let _ = agents::build::<Leapfrog>(&text);
                let _ = agents::build::<ChineseCheckers>(&text);
            }
        } else {
            prop_assert!(agents::build::<Leapfrog>(&text).is_err());
        }
    }

    #[test]
    fn game_specs_parse_and_print_back(bytes in hostile(seeds(&[
        "leapfrog", "leapfrog:first=B", "chinese-checkers:players=3",
        "chinese-checkers:players=2,first=A",
    ]))) {
        if let Ok(spec) = text(&bytes).parse::<GameSpec>() {
            let again: GameSpec = spec.to_string().parse().expect("printed spec parses");
            prop_assert_eq!(&again, &spec);
            let _ = engine::with_game!(spec.kind, G => <G as Game>::new(&spec.options).map(|g| g.to_string()));
        }
    }

    #[test]
    fn shard_names_parse_and_print_back(bytes in hostile(seeds(&["0/3", "2/3", "0/1"]))) {
        if let Ok(shard) = text(&bytes).parse::<Shard>() {
            let again: Shard = shard.to_string().parse().expect("printed shard parses");
            prop_assert_eq!(again.to_string(), shard.to_string());
        }
    }

    #[test]
    fn shard_records_never_panic(bytes in hostile(seeds(&[
        "config_hash = \"0123456789abcdef\"\nindex = 1\ncount = 3\ngames = 4\ntotal = 12\n",
    ]))) {
        if let Ok(record) = toml::from_str::<ShardRecord>(&text(&bytes)) {
            let printed = toml::to_string(&record).unwrap();
            prop_assert_eq!(toml::from_str::<ShardRecord>(&printed).unwrap(), record);
        }
    }
}

/// Positions of `G` along a deterministic game from the start.
fn positions<G: Game>(options: &GameOptions, plies: usize) -> Vec<G> {
    let mut position = G::new(options).unwrap();
    let mut out = vec![position.clone()];
    let mut moves = Vec::new();
    for ply in 0..plies {
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[(ply * 7) % moves.len()]);
        out.push(position.clone());
    }
    out
}

fn moves_of<G: Game>(positions: &[G]) -> Vec<String> {
    let mut all = Vec::new();
    let mut moves = Vec::new();
    for position in positions {
        position.generate_moves(&mut moves);
        all.extend(moves.iter().map(|m| m.to_string()));
    }
    all
}

/// Position strings: parse, print, parse again to the same position.
fn check_position<G: Game>(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(position) = G::parse_position(&text(bytes)) {
        let printed = position.to_string();
        let again = G::parse_position(&printed).expect("printed position parses");
        prop_assert_eq!(again.to_string(), printed);
        prop_assert_eq!(again.hash(), position.hash());
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let _ = position.status();
    }
    Ok(())
}

/// Move strings against a position: parse, print, parse again to the same move.
fn check_move<G: Game>(position: &G, bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(mv) = position.parse_move(&text(bytes)) {
        let again = position
            .parse_move(&mv.to_string())
            .expect("printed move parses");
        prop_assert_eq!(again.to_string(), mv.to_string());
    }
    Ok(())
}

fn leapfrog_positions() -> Vec<Leapfrog> {
    let mut all = positions::<Leapfrog>(&GameOptions::new(), 30);
    all.push(Leapfrog::parse_position("BBB..B..A..B...AAAA B").unwrap());
    all
}

fn chinese_options(players: usize) -> GameOptions {
    let spec: GameSpec = format!("chinese-checkers:players={players}")
        .parse()
        .unwrap();
    spec.options
}

fn chinese_positions() -> Vec<ChineseCheckers> {
    let mut all = positions::<ChineseCheckers>(&chinese_options(2), 20);
    all.extend(positions::<ChineseCheckers>(&chinese_options(3), 10));
    all.extend(positions::<ChineseCheckers>(&chinese_options(6), 6));
    all
}

fn printed<G: Game>(positions: &[G]) -> Vec<String> {
    positions.iter().map(|p| p.to_string()).collect()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn leapfrog_positions_parse_and_print_back(bytes in hostile(printed(&leapfrog_positions()))) {
        check_position::<Leapfrog>(&bytes)?;
    }

    #[test]
    fn chinese_checkers_positions_parse_and_print_back(
        bytes in hostile(printed(&chinese_positions()))
    ) {
        check_position::<ChineseCheckers>(&bytes)?;
    }

    #[test]
    fn leapfrog_moves_parse_and_print_back(
        index in any::<usize>(),
        bytes in hostile(moves_of(&leapfrog_positions())),
    ) {
        let all = leapfrog_positions();
        check_move(&all[index % all.len()], &bytes)?;
    }

    #[test]
    fn chinese_checkers_moves_parse_and_print_back(
        index in any::<usize>(),
        bytes in hostile(moves_of(&chinese_positions())),
    ) {
        let all = chinese_positions();
        check_move(&all[index % all.len()], &bytes)?;
    }
}

/// The draughts family: every game but Leapfrog Race and Chinese checkers.
fn draughts_family() -> Vec<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|kind| !matches!(kind, GameKind::Leapfrog | GameKind::ChineseCheckers))
        .collect()
}

/// Positions and moves of every game of the draughts family, as text: the seeds that
/// mutations start from (a seed of one game read as another is hostile input too).
fn draughts_seeds() -> Vec<String> {
    let mut seeds = Vec::new();
    for kind in draughts_family() {
        with_game!(kind, G => {
            let all = positions::<G>(&GameOptions::new(), 12);
            seeds.extend(printed(&all));
            seeds.extend(moves_of(&all[..all.len().min(3)]));
        });
    }
    seeds
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn draughts_family_positions_and_moves_parse_and_print_back(
        game in any::<usize>(),
        ply in any::<usize>(),
        bytes in hostile(draughts_seeds()),
    ) {
        let family = draughts_family();
        let kind = family[game % family.len()];
        with_game!(kind, G => {
            check_position::<G>(&bytes)?;
            let all = positions::<G>(&GameOptions::new(), 12);
            check_move(&all[ply % all.len()], &bytes)?;
        });
    }
}

fn csv_seeds() -> Vec<String> {
    let two = format!(
        "{}\n0,0,11,random,greedy,first,2,goal,a1-b2 c3-d4\n1,0,12,greedy,random,draw,0,ply_cap,\n",
        games_csv::header(2)
    );
    let three = format!(
        "{}\n0,2,99,a,b,c,second,3,goal,2,1,3,x y z\n",
        games_csv::header(3)
    );
    vec![two, three]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn games_csv_reads_and_writes_back(
        players in prop::sample::select(vec![2usize, 3]),
        bytes in hostile(csv_seeds()),
    ) {
        let path = temp_file("games.csv", &bytes);
        let read = games_csv::read(&path, players);
        std::fs::remove_file(&path).unwrap();
        if let Ok(read) = read {
            prop_assert!(read.complete_len as usize <= bytes.len());
            let mut written = format!("{}\n", games_csv::header(players));
            for row in &read.rows {
                written.push_str(&row.to_line());
            }
            let path = temp_file("games.csv", written.as_bytes());
            let again = games_csv::read(&path, players).expect("written rows read back");
            std::fs::remove_file(&path).unwrap();
            let rows: &[GameRow] = &read.rows;
            prop_assert_eq!(&again.rows[..], rows);
        }
    }
}

fn calibration_games_seed() -> String {
    format!(
        "{}\n0,0,5,greedy,\"minimax:depth=1,tt_mib=1\",first,30,goal,13,0,0,13,400,0,a b c\n\
         1,0,5,\"minimax:depth=1,tt_mib=1\",greedy,draw,140,ply_cap,70,900,0,70,0,0,\n",
        arena::batches::HEADER
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn calibration_games_never_panic(bytes in hostile(vec![calibration_games_seed()])) {
        let path = temp_file("calibration-games.csv", &bytes);
        let read = arena::batches::read(&path);
        std::fs::remove_file(&path).unwrap();
        if let Ok(read) = read {
            prop_assert!(read.complete_len as usize <= bytes.len());
        }
    }

    #[test]
    fn levels_files_never_panic(bytes in hostile(seeds(&[
        "easy = \"perfect:epsilon=0.6\"\nmedium = \"perfect:epsilon=0.3\"\nhard = \"perfect\"\n",
    ]))) {
        if let Ok(levels) = arena::levels::Levels::parse(Path::new("difficulty.toml"), &text(&bytes)) {
            for name in levels.names() {
                prop_assert!(levels.spec(name).is_ok());
            }
        }
    }
}

/// A small table: solved from a late position, written once.
fn table_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let root = Leapfrog::parse_position("BBB..B..A..B...AAAA B").unwrap();
        let mut bytes = Vec::new();
        SolveTable::solve(&root).write_to(&mut bytes).unwrap();
        bytes
    })
}

/// Mutations aimed at the header and the tail, where the fields are, and anywhere.
fn table_mutation() -> impl Strategy<Value = Mutation> {
    let len = table_bytes().len();
    let near = prop_oneof![0..96usize, (len - 64)..len, 0..len];
    prop_oneof![
        4 => (near.clone(), 1..=255u8).prop_map(|(at, bits)| Mutation::Flip(at, bits)),
        2 => (near.clone(), any::<u8>()).prop_map(|(at, byte)| Mutation::Set(at, byte)),
        2 => near.clone().prop_map(Mutation::Truncate),
        2 => (near, prop::collection::vec(any::<u8>(), 1..9))
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
    ]
}

proptest! {
    // Each case copies and hashes a table of some 23 MB: fewer cases.
    #![proptest_config(ProptestConfig { cases: 48, max_shrink_iters: 32, ..config() })]

    #[test]
    fn solve_tables_reject_any_damage(mutations in prop::collection::vec(table_mutation(), 1..3)) {
        let original = table_bytes();
        let mut bytes = original.to_vec();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        let read = SolveTable::read_from(&bytes[..]);
        if bytes == original {
            prop_assert!(read.is_ok());
        } else {
            prop_assert!(read.is_err(), "damaged table accepted");
        }
    }

    #[test]
    fn random_bytes_are_not_a_table(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        prop_assert!(SolveTable::read_from(&bytes[..]).is_err());
    }
}

#[test]
fn an_unchanged_table_reads_back() {
    let table = SolveTable::read_from(table_bytes()).unwrap();
    let mut again = Vec::new();
    table.write_to(&mut again).unwrap();
    assert_eq!(again, table_bytes());
}

/// The mutations start from inputs every reader accepts.
#[test]
fn the_seeds_are_valid() {
    let path = Path::new("seed.toml");
    for seed in [TOURNAMENT, THREE_SEATS] {
        arena::config::parse(path, seed).unwrap();
    }
    for seed in calibration_seeds() {
        arena::calibrate::config::parse(path, &seed).unwrap();
    }
    arena::sprt::load(&temp_file("sprt.toml", SPRT.as_bytes())).unwrap();
    for (players, seed) in [2, 3].into_iter().zip(csv_seeds()) {
        let read = games_csv::read(&temp_file("games.csv", seed.as_bytes()), players).unwrap();
        assert!(!read.rows.is_empty());
    }
    let games = temp_file("calibration-games.csv", calibration_games_seed().as_bytes());
    assert_eq!(arena::batches::read(&games).unwrap().games.len(), 2);
    let levels = "easy = \"random\"\n";
    arena::levels::Levels::parse(path, levels).unwrap();
    for position in printed(&leapfrog_positions()) {
        Leapfrog::parse_position(&position).unwrap();
    }
    for position in printed(&chinese_positions()) {
        ChineseCheckers::parse_position(&position).unwrap();
    }
    for position in leapfrog_positions() {
        for mv in moves_of(std::slice::from_ref(&position)) {
            position.parse_move(&mv).unwrap();
        }
    }
    for position in chinese_positions() {
        for mv in moves_of(std::slice::from_ref(&position)) {
            position.parse_move(&mv).unwrap();
        }
    }
}
