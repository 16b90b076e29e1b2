//! What the fuzz targets share: bytes as text, a scratch file for the readers that take a
//! path, and positions to read moves against.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use engine::{with_game, ChineseCheckers, Game, GameKind, GameOptions, GameSpec, Leapfrog};

/// The input as text, invalid UTF-8 replaced (the readers take `&str`).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Splits off the first byte, which chooses what a target does with the rest.
pub fn mode(bytes: &[u8]) -> Option<(u8, &[u8])> {
    bytes.split_first().map(|(first, rest)| (*first, rest))
}

/// Writes `bytes` to this process's scratch file named `name` and returns its path. The
/// readers of files take a path, as the arena gives them.
pub fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        // Memory-backed where there is one: a file is written at every run.
        let shm = Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("arena-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    });
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("scratch file");
    path
}

/// Builds the perfect player once, so that the whole game is solved (once a process)
/// before fuzzing starts rather than in the first run that names it: configs validate
/// their specs by building them.
pub fn solve_once() {
    let _ = agents::build::<Leapfrog>("perfect");
}

/// A path for messages only.
pub fn named(name: &str) -> &Path {
    Path::new(name)
}

/// Positions of `G` along a deterministic game from the start.
fn positions<G: Game>(options: &GameOptions, plies: usize) -> Vec<G> {
    let mut position = G::new(options).expect("valid options");
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

/// Leapfrog Race positions to read moves against: a game from the start, and a late one.
pub fn leapfrog_positions() -> &'static [Leapfrog] {
    static ALL: OnceLock<Vec<Leapfrog>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = positions::<Leapfrog>(&GameOptions::new(), 30);
        all.push(Leapfrog::parse_position("BBB..B..A..B...AAAA B").expect("valid position"));
        all
    })
}

fn chinese_options(players: usize) -> GameOptions {
    let spec: GameSpec = format!("chinese-checkers:players={players}")
        .parse()
        .expect("valid game");
    spec.options
}

/// Chinese checkers positions to read moves against: games of two, three and six.
pub fn chinese_positions() -> &'static [ChineseCheckers] {
    static ALL: OnceLock<Vec<ChineseCheckers>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = positions::<ChineseCheckers>(&chinese_options(2), 20);
        all.extend(positions::<ChineseCheckers>(&chinese_options(3), 10));
        all.extend(positions::<ChineseCheckers>(&chinese_options(6), 6));
        all
    })
}

/// Even modes read a position from the rest; odd ones read a move (the rest after one
/// byte that picks the position) against one of `positions`. Whatever parses prints back
/// and parses again to the same value.
pub fn positions_and_moves<G: Game>(bytes: &[u8], positions: &[G]) {
    let Some((mode, rest)) = mode(bytes) else {
        return;
    };
    if mode % 2 == 0 {
        if let Ok(position) = G::parse_position(&text(rest)) {
            let printed = position.to_string();
            let again = G::parse_position(&printed).expect("printed position parses");
            assert_eq!(again.to_string(), printed);
            assert_eq!(again.hash(), position.hash());
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            let _ = position.status();
        }
        return;
    }
    let Some((index, rest)) = self::mode(rest) else {
        return;
    };
    let position = &positions[index as usize % positions.len()];
    if let Ok(mv) = position.parse_move(&text(rest)) {
        let again = position
            .parse_move(&mv.to_string())
            .expect("printed move parses");
        assert_eq!(again, mv);
        assert_eq!(again.to_string(), mv.to_string());
    }
}

/// The games of the draughts family (every game but Leapfrog Race and Chinese checkers),
/// in registry order.
pub fn draughts_family() -> &'static [GameKind] {
    static ALL: OnceLock<Vec<GameKind>> = OnceLock::new();
    ALL.get_or_init(|| {
        GameKind::ALL
            .iter()
            .copied()
            .filter(|kind| !matches!(kind, GameKind::Leapfrog | GameKind::ChineseCheckers))
            .collect()
    })
}

/// Positions of `kind` to read moves against, as text: a seeded game from the start.
pub fn family_positions(kind: GameKind) -> &'static [String] {
    static ALL: OnceLock<HashMap<GameKind, Vec<String>>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        draughts_family()
            .iter()
            .map(|&kind| {
                let texts = with_game!(kind, G => {
                    positions::<G>(&GameOptions::new(), 24)
                        .iter()
                        .step_by(3)
                        .map(|p| p.to_string())
                        .collect::<Vec<String>>()
                });
                (kind, texts)
            })
            .collect()
    });
    &all[&kind]
}
