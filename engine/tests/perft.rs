//! Perft vectors from `tests/data/`, checked by one driver for every game.
//!
//! Each data file line is `POSITION; depth nodes; depth nodes; ...`; a position carries
//! the rule options that change its counts, in the game's own notation. Depths whose node
//! count passes [`QUICK_NODES`] (or a game's own limit) run only with `--ignored`.

use std::fs;
use std::path::PathBuf;

use engine::games::draughts::{
    Brazilian, Canadian, Czech, English, International, Italian, Portuguese, Russian, Suicide, Thai,
};
use engine::perft::perft;
use engine::{ChineseCheckers, Draughts, Game, Leapfrog};

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
    check_up_to::<G>(file, QUICK_NODES, deep);
}

/// Checks the vectors of `file` of at most `quick` nodes, or with `deep` the others.
fn check_up_to<G: Game>(file: &str, quick: u64, deep: bool) {
    for vector in vectors(file) {
        if (vector.nodes > quick) != deep {
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

/// The draughts variants' quick and deep perft tests. English runs to depth 12 and
/// International to depth 9 in the quick set, as the engine's acceptance asks; every
/// other variant to depth 8 or more.
macro_rules! draughts_perft {
    ($quick:ident, $deep:ident, $rules:ty, $file:literal, $limit:expr) => {
        #[test]
        fn $quick() {
            check_up_to::<Draughts<$rules>>(concat!("perft/", $file), $limit, false);
        }

        #[test]
        #[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
        fn $deep() {
            check_up_to::<Draughts<$rules>>(concat!("perft/", $file), $limit, true);
        }
    };
    (game $game:ty: $quick:ident, $deep:ident, $file:literal, $limit:expr) => {
        #[test]
        fn $quick() {
            check_up_to::<$game>(concat!("perft/", $file), $limit, false);
        }

        #[test]
        #[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
        fn $deep() {
            check_up_to::<$game>(concat!("perft/", $file), $limit, true);
        }
    };
}

draughts_perft!(
    english_perft,
    english_perft_deep,
    English,
    "english.txt",
    400_000_000
);
draughts_perft!(
    suicide_perft,
    suicide_perft_deep,
    Suicide,
    "suicide.txt",
    QUICK_NODES
);
draughts_perft!(
    czech_perft,
    czech_perft_deep,
    Czech,
    "czech.txt",
    QUICK_NODES
);
draughts_perft!(
    international_perft,
    international_perft_deep,
    International,
    "international.txt",
    50_000_000
);
draughts_perft!(
    russian_perft,
    russian_perft_deep,
    Russian,
    "russian.txt",
    QUICK_NODES
);
draughts_perft!(
    canadian_perft,
    canadian_perft_deep,
    Canadian,
    "canadian.txt",
    32_000_000
);
draughts_perft!(thai_perft, thai_perft_deep, Thai, "thai.txt", QUICK_NODES);
draughts_perft!(
    brazilian_perft,
    brazilian_perft_deep,
    Brazilian,
    "brazilian.txt",
    QUICK_NODES
);
draughts_perft!(
    portuguese_perft,
    portuguese_perft_deep,
    Portuguese,
    "portuguese.txt",
    QUICK_NODES
);
draughts_perft!(
    italian_perft,
    italian_perft_deep,
    Italian,
    "italian.txt",
    QUICK_NODES
);

/// The all-squares games (Turkish, Gothic, Dameo).
mod all_squares {
    use super::{check_up_to, QUICK_NODES};
    use engine::games::draughts64::{Dameo, Draughts64, Gothic, Turkish};

    draughts_perft!(game Draughts64<Turkish>: turkish_perft, turkish_perft_deep, "turkish.txt", QUICK_NODES);
    draughts_perft!(game Draughts64<Gothic>: gothic_perft, gothic_perft_deep, "gothic.txt", QUICK_NODES);
    draughts_perft!(game Draughts64<Dameo>: dameo_perft, dameo_perft_deep, "dameo.txt", QUICK_NODES);
}

/// Konane against the rules file's self-computed table (§21.13), and Alquerque against
/// the engine's own counts (a regression check; its rules are checked by hand-built
/// positions).
#[test]
fn konane_perft() {
    check::<engine::Konane>("perft/konane.txt", false);
}

#[test]
#[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
fn konane_perft_deep() {
    check::<engine::Konane>("perft/konane.txt", true);
}

#[test]
fn alquerque_perft() {
    check::<engine::Alquerque>("perft/alquerque.txt", false);
}

#[test]
#[ignore = "deep perft: cargo test --release -p engine --test perft -- --ignored"]
fn alquerque_perft_deep() {
    check::<engine::Alquerque>("perft/alquerque.txt", true);
}
