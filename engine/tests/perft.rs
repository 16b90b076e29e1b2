//! Perft vectors from `tests/data/perft/`, checked by one driver for every registered
//! game: the file `<name>.txt` of each game in [`GameKind::ALL`]. A new game's file is
//! picked up without any change here, and a game without one fails
//! [`every_game_has_a_perft_file`].
//!
//! Each data line is `POSITION; depth nodes; depth nodes; ...`; a position carries the
//! rule options that change its counts, in the game's own notation. Lines starting with
//! `#` are comments, except `# quick nodes: N`, which sets the file's limit: depths whose
//! node count passes it (by default [`QUICK_NODES`]) run only with `--ignored`.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use engine::perft::perft;
use engine::{with_game, Game, GameKind};

/// Vectors larger than this are deep perft, run with `cargo test --release -- --ignored`
/// (unless a file sets its own limit).
const QUICK_NODES: u64 = 20_000_000;

/// The line that sets a file's quick limit.
const QUICK_DIRECTIVE: &str = "# quick nodes:";

struct Vector {
    line: usize,
    position: String,
    depth: u32,
    nodes: u64,
}

/// The vectors of one data file and its quick limit.
struct DataFile {
    name: String,
    quick: u64,
    vectors: Vec<Vector>,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/perft")
}

fn read(kind: GameKind) -> DataFile {
    let name = format!("{}.txt", kind.name());
    let path = data_dir().join(&name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut quick = QUICK_NODES;
    let mut vectors = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(limit) = line.strip_prefix(QUICK_DIRECTIVE) {
            quick = limit
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{name}:{}: bad quick limit {limit:?}", number + 1));
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let position = fields.next().unwrap_or_default().trim().to_string();
        for field in fields {
            let (depth, nodes) = field
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("{name}:{}: bad field {field:?}", number + 1));
            vectors.push(Vector {
                line: number + 1,
                position: position.clone(),
                depth: depth
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}:{}: bad depth", number + 1)),
                nodes: nodes
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}:{}: bad nodes", number + 1)),
            });
        }
    }
    assert!(!vectors.is_empty(), "{name} holds no vectors");
    DataFile {
        name,
        quick,
        vectors,
    }
}

/// Checks the vectors of `file` within its quick limit, or with `deep` the others.
/// Returns the failures, each a line of text.
fn check<G: Game>(file: &DataFile, deep: bool) -> Vec<String> {
    let mut failures = Vec::new();
    for vector in &file.vectors {
        if (vector.nodes > file.quick) != deep {
            continue;
        }
        let position = match G::parse_position(&vector.position) {
            Ok(position) => position,
            Err(e) => {
                failures.push(format!("{}:{}: {e}", file.name, vector.line));
                continue;
            }
        };
        let nodes = perft(&position, vector.depth);
        if nodes != vector.nodes {
            failures.push(format!(
                "{}:{}: perft {} of {} is {nodes}, the file says {}",
                file.name, vector.line, vector.depth, vector.position, vector.nodes
            ));
        }
    }
    failures
}

/// Checks every game's file on all cores, one game at a time per core, and reports every
/// failure at once.
fn check_all(deep: bool) {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(kind) = GameKind::ALL.get(index) else {
                    break;
                };
                let file = read(*kind);
                let found = with_game!(*kind, G => check::<G>(&file, deep));
                failures.lock().unwrap().extend(found);
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_of_every_game() {
    check_all(false);
}

#[test]
#[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
fn deep_perft_of_every_game() {
    check_all(true);
}

#[test]
fn every_game_has_a_perft_file() {
    for kind in GameKind::ALL {
        let path = data_dir().join(format!("{}.txt", kind.name()));
        assert!(
            path.is_file(),
            "{kind} has no perft file {}",
            path.display()
        );
    }
    for entry in fs::read_dir(data_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let stem = name.strip_suffix(".txt").unwrap_or(&name);
        assert!(
            stem.parse::<GameKind>().is_ok(),
            "tests/data/perft/{name} names no game"
        );
    }
}
