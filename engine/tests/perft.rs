//! Perft vectors from `tests/data/`, checked by one driver for every game.
//!
//! Each data file line is `POSITION; depth nodes; depth nodes; ...`; a position carries
//! the rule options that change its counts, in the game's own notation. Depths whose node
//! count passes [`QUICK_NODES`] run only with `--ignored`.

use std::fs;
use std::path::PathBuf;

use engine::perft::perft;
use engine::{ChineseCheckers, Game, Leapfrog};

/// Vectors larger than this are deep perft, run with `cargo test --release -- --ignored`.
const QUICK_NODES: u64 = 20_000_000;

struct Vector {
    position: String,
    depth: u32,
    nodes: u64,
}

fn vectors(file: &str) -> Vec<Vector> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let position = fields.next().unwrap_or_default().trim().to_string();
        for field in fields {
            let (depth, nodes) = field
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("{file}:{}: bad field {field:?}", number + 1));
            out.push(Vector {
                position: position.clone(),
                depth: depth.parse().expect("depth"),
                nodes: nodes.parse().expect("nodes"),
            });
        }
    }
    assert!(!out.is_empty(), "{file} holds no vectors");
    out
}

fn check<G: Game>(file: &str, deep: bool) {
    for vector in vectors(file) {
        if (vector.nodes > QUICK_NODES) != deep {
            continue;
        }
        let position = G::parse_position(&vector.position).expect("position in data file");
        assert_eq!(
            perft(&position, vector.depth),
            vector.nodes,
            "{file}: perft {} of {}",
            vector.depth,
            vector.position
        );
    }
}

#[test]
fn leapfrog_perft() {
    check::<Leapfrog>("leapfrog-perft.txt", false);
}

#[test]
#[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
fn leapfrog_perft_deep() {
    check::<Leapfrog>("leapfrog-perft.txt", true);
}

#[test]
fn chinese_checkers_perft() {
    check::<ChineseCheckers>("chinese-checkers-perft.txt", false);
}

#[test]
#[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
fn chinese_checkers_perft_deep() {
    check::<ChineseCheckers>("chinese-checkers-perft.txt", true);
}
