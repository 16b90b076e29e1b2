//! Writes the seed corpora under `fuzz/corpus/<target>/` from the repository's own
//! configs, levels and positions, and small games files like those a run writes. Run
//! from `fuzz/`: `cargo run --release --example seed_corpus`.

use std::path::Path;

use engine::games::leapfrog::solve::SolveTable;
use engine::{Game, Leapfrog};
use leapfrog_arena_fuzz::{chinese_positions, leapfrog_positions};

/// Writes one seed: `mode` (when given) as the first byte, then `body`.
fn seed(target: &str, name: &str, mode: Option<u8>, body: &[u8]) {
    let dir = Path::new("corpus").join(target);
    std::fs::create_dir_all(&dir).expect("corpus folder");
    let mut bytes: Vec<u8> = mode.into_iter().collect();
    bytes.extend_from_slice(body);
    std::fs::write(dir.join(name), bytes).expect("seed written");
}

fn repo(path: &str) -> String {
    std::fs::read_to_string(Path::new("..").join(path)).expect("repository file")
}

const THREE_SEATS: &str = "game = \"chinese-checkers:players=3\"\nseed = 7\n\
games_per_pair = 1\nout = \"out\"\n\n[[agent]]\nname = \"a\"\nspec = \"random\"\n\n\
[[agent]]\nname = \"b\"\nspec = \"greedy\"\n\n[[agent]]\nname = \"c\"\n\
spec = \"mcts:iterations=50\"\n";

const SPRT: &str = "game = \"leapfrog\"\nseed = 3\nopening_plies = 4\nthreads = 2\n\
out = \"out\"\nfirst = \"greedy\"\nsecond = \"random:epsilon=0.3\"\nelo0 = 0\nelo1 = 50\n\
batch_pairs = 20\nmax_pairs = 400\n";

fn main() {
    // Tournament configs, and the config a run records.
    for name in [
        "leapfrog-round-robin",
        "chinese-checkers-2p",
        "chinese-checkers-3p",
    ] {
        seed(
            "tournament_config",
            name,
            Some(0),
            repo(&format!("configs/{name}.toml")).as_bytes(),
        );
    }
    seed(
        "tournament_config",
        "three-seats",
        Some(0),
        THREE_SEATS.as_bytes(),
    );
    let config = arena::config::parse(
        Path::new("leapfrog-round-robin.toml"),
        &repo("configs/leapfrog-round-robin.toml"),
    )
    .expect("bundled config");
    let recorded = arena::tournament::recorded_config_text(&config.identity, "arena run")
        .expect("recorded config");
    seed(
        "tournament_config",
        "recorded",
        Some(1),
        recorded.as_bytes(),
    );

    // Calibration configs: the bundled one, and a list of candidates for its knob.
    let calibration = repo("configs/calibrate-leapfrog.toml");
    let candidates = calibration.replace(
        "base = \"perfect\"\nknob = \"epsilon\"\nmin = 0.0\nmax = 1.0\nscale = \"linear\"\nscan = 6",
        "candidates = [\"random\", \"greedy\", \"minimax:depth=1,tt_mib=1\"]",
    );
    seed(
        "calibration_config",
        "calibrate-leapfrog",
        None,
        calibration.as_bytes(),
    );
    seed(
        "calibration_config",
        "candidates",
        None,
        candidates.as_bytes(),
    );
    seed(
        "calibration_config",
        "recorded",
        None,
        repo("results/leapfrog/config.toml").as_bytes(),
    );

    seed("sprt_config", "greedy-vs-random", None, SPRT.as_bytes());
    let three = SPRT
        .replace("\"leapfrog\"", "\"chinese-checkers:players=2\"")
        .replace(
            "elo1 = 50",
            "elo1 = 20\nalpha = 0.01\nbeta = 0.1\nmax_plies = 300",
        );
    seed("sprt_config", "chinese-checkers", None, three.as_bytes());

    for (index, spec) in [
        "random",
        "greedy:epsilon=0.2,temperature=1",
        "minimax:depth=3,nodes=1000,tt_mib=1",
        "mcts:iterations=100,c=1.4,playout_plies=20,playout=greedy,playout_epsilon=0.1",
        "perfect:epsilon=0.3",
        "perfect:table=missing.table",
        "level:easy",
    ]
    .iter()
    .enumerate()
    {
        seed(
            "agent_spec",
            &format!("spec-{index}"),
            None,
            spec.as_bytes(),
        );
    }
    for (index, spec) in [
        "leapfrog",
        "leapfrog:first=B",
        "chinese-checkers:players=3",
        "chinese-checkers:players=2,first=A",
        "chinese-checkers:players=6,pieces=10,board=star,super_jumps=true",
        "chinese-checkers:board=diamond,pass=true,teams=true,players=4",
    ]
    .iter()
    .enumerate()
    {
        seed("game_spec", &format!("spec-{index}"), None, spec.as_bytes());
    }

    positions_and_moves("leapfrog", leapfrog_positions(), 4);
    positions_and_moves("chinese_checkers", chinese_positions(), 6);

    // Games files as runs write them, with a torn last row in one.
    let moves = leapfrog_moves();
    let two = format!(
        "{}\n0,0,11,random,greedy,first,{},goal,{moves}\n1,0,12,greedy,random,draw,0,ply_cap,\n",
        arena::games_csv::header(2),
        moves.split(' ').count()
    );
    seed("games_csv", "two-seats", Some(0), two.as_bytes());
    seed(
        "games_csv",
        "torn",
        Some(0),
        format!("{two}2,1,13,random,gre").as_bytes(),
    );
    let three = format!(
        "{}\n0,2,99,a,b,c,second,3,goal,2,1,3,x y z\n3,1,5,c,a,b,draw,0,ply_cap,1,1,1,\n",
        arena::games_csv::header(3)
    );
    seed("games_csv", "three-seats", Some(1), three.as_bytes());
    let calibration = format!(
        "{}\n0,0,5,greedy,\"minimax:depth=1,tt_mib=1\",first,30,goal,13,0,0,13,400,0,{moves}\n\
         1,0,5,\"minimax:depth=1,tt_mib=1\",greedy,draw,140,ply_cap,70,900,0,70,0,0,\n",
        arena::calibrate::games::HEADER
    );
    seed("games_csv", "calibration", Some(2), calibration.as_bytes());

    seed(
        "levels",
        "leapfrog",
        None,
        repo("results/leapfrog/difficulty.toml").as_bytes(),
    );
    seed(
        "levels",
        "plain",
        None,
        b"easy = \"random\"\nhard = \"minimax:depth=4\"\n",
    );

    for shard in ["0/3", "2/3", "0/1", "15/16"] {
        seed(
            "shard",
            &format!("name-{}", shard.replace('/', "-of-")),
            Some(0),
            shard.as_bytes(),
        );
    }
    let record = arena::shard::record(&config.identity, "1/3".parse().expect("shard"), 1200);
    let record = toml::to_string(&record).expect("record prints");
    seed("shard", "record", Some(1), record.as_bytes());

    // A table's header and the start of its values; the whole file is some 23 MB.
    let root = Leapfrog::parse_position("BBB..B..A..B...AAAA B").expect("position");
    let mut table = Vec::new();
    SolveTable::solve(&root)
        .write_to(&mut table)
        .expect("table written");
    for length in [80, 96, 1024] {
        seed(
            "solve_table",
            &format!("head-{length}"),
            None,
            &table[..length],
        );
    }
    seed("solve_table", "tail", None, &table[table.len() - 64..]);
}

/// Position seeds (even modes) and move seeds (odd modes: the index of the position,
/// then a legal move there), `every`-th position.
fn positions_and_moves<G: Game>(target: &str, positions: &[G], every: usize) {
    let mut moves = Vec::new();
    for (index, position) in positions.iter().enumerate().step_by(every) {
        seed(
            target,
            &format!("position-{index}"),
            Some(0),
            position.to_string().as_bytes(),
        );
        position.generate_moves(&mut moves);
        if let Some(mv) = moves.last() {
            let mut body = vec![index as u8];
            body.extend_from_slice(mv.to_string().as_bytes());
            seed(target, &format!("move-{index}"), Some(1), &body);
        }
    }
}

/// The moves of the Leapfrog Race game whose positions the targets use (the last
/// position is not of that game).
fn leapfrog_moves() -> String {
    let positions = leapfrog_positions();
    let mut moves = Vec::new();
    let mut played = Vec::new();
    for (ply, position) in positions[..positions.len() - 2].iter().enumerate() {
        position.generate_moves(&mut moves);
        played.push(moves[(ply * 7) % moves.len()].to_string());
    }
    played.join(" ")
}
