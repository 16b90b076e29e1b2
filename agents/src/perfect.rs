//! The perfect Leapfrog Race player: it looks every move up in the solve table and plays
//! one that keeps the position's value, winning as fast as it can and losing as slowly
//! as it can, with a seeded choice among equally good moves.
//!
//! Tables are big (one byte per rank, about 23 MB), so agents share them: one solved
//! lazily once per process when no file is named, and one per file loaded.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::SystemTime;

use engine::games::leapfrog::solve::{SolveTable, TableError, Value};
use engine::{Game, Leapfrog, LeapfrogMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::agent::{Agent, SearchInfo};

/// Why a perfect player could not be built.
#[derive(Debug, Error)]
pub enum PerfectError {
    /// The table file could not be loaded.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The table was solved from a position other than the start, so it misses positions
    /// of real games.
    #[error(
        "the solve table was solved from {root:?}, not from the start: it cannot play whole games"
    )]
    NotFromStart {
        /// The table's root in the game's notation.
        root: String,
    },
}

/// The table solved from the start, solved on first use (about two seconds) and shared by
/// every caller in the process after that.
pub fn solved_table() -> Arc<SolveTable> {
    static SOLVED: OnceLock<Arc<SolveTable>> = OnceLock::new();
    SOLVED
        .get_or_init(|| Arc::new(SolveTable::solve_start()))
        .clone()
}

/// The table in the file at `path`, loaded once and shared while any agent holds it (a
/// file changed on disk since, by its size or modification time, is loaded afresh).
///
/// # Errors
/// [`PerfectError::Table`] when the file is missing, unreadable or damaged, and
/// [`PerfectError::NotFromStart`] when it does not hold the start position.
pub fn load_table(path: &Path) -> Result<Arc<SolveTable>, PerfectError> {
    type Key = (PathBuf, u64, Option<SystemTime>);
    static LOADED: OnceLock<Mutex<HashMap<Key, Weak<SolveTable>>>> = OnceLock::new();
    let metadata = std::fs::metadata(path).ok();
    let key = (
        path.canonicalize().unwrap_or_else(|_| path.to_path_buf()),
        metadata.as_ref().map_or(0, |m| m.len()),
        metadata.and_then(|m| m.modified().ok()),
    );
    let mut loaded = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(table) = loaded.get(&key).and_then(Weak::upgrade) {
        return Ok(table);
    }
    let table = SolveTable::load(path)?;
    if table.probe(&Leapfrog::start()).is_none() {
        return Err(PerfectError::NotFromStart {
            root: table.root().to_string(),
        });
    }
    let table = Arc::new(table);
    loaded.insert(key, Arc::downgrade(&table));
    Ok(table)
}

/// Plays a best move from the solve table: the quickest win, the slowest loss, or the
/// quickest draw, chosen at random among equals with the seed of [`Agent::reset`].
#[derive(Clone, Debug)]
pub struct PerfectAgent {
    spec: String,
    table: Arc<SolveTable>,
    rng: ChaCha8Rng,
    moves: Vec<LeapfrogMove>,
    last: SearchInfo,
}

impl PerfectAgent {
    /// A perfect player described by `spec` that plays from `table`.
    pub fn new(spec: String, table: Arc<SolveTable>) -> PerfectAgent {
        PerfectAgent {
            spec,
            table,
            rng: ChaCha8Rng::seed_from_u64(0),
            moves: Vec::with_capacity(8),
            last: SearchInfo::default(),
        }
    }

    /// A perfect player that plays from the table in the file at `path`, or from the
    /// process's own solve ([`solved_table`]) when there is no path.
    ///
    /// # Errors
    /// Those of [`load_table`].
    pub fn from_table_path(
        spec: String,
        path: Option<&Path>,
    ) -> Result<PerfectAgent, PerfectError> {
        let table = match path {
            Some(path) => load_table(path)?,
            None => solved_table(),
        };
        Ok(PerfectAgent::new(spec, table))
    }

    /// The table the player looks moves up in.
    pub fn table(&self) -> &Arc<SolveTable> {
        &self.table
    }
}

impl Agent<Leapfrog> for PerfectAgent {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.last = SearchInfo::default();
    }

    /// A best move from the table. A position the table does not hold (only possible
    /// with a table solved from another root, which the constructors refuse) gets a
    /// random legal move, and [`SearchInfo::value`] says `None`.
    fn choose(&mut self, position: &Leapfrog) -> LeapfrogMove {
        let best = self.table.best_moves(position);
        let entry = self.table.probe(position);
        self.last = SearchInfo {
            nodes: best.len() as u64 + 1,
            value: entry.map(|(value, _)| match value {
                Value::Win => 1.0,
                Value::Draw => 0.0,
                Value::Loss => -1.0,
            }),
            ..SearchInfo::default()
        };
        if best.is_empty() {
            position.generate_moves(&mut self.moves);
            self.last.value = None;
            return self.moves[self.rng.random_range(0..self.moves.len())];
        }
        best[self.rng.random_range(0..best.len())]
    }

    fn last_search(&self) -> SearchInfo {
        self.last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::RandomAgent;

    /// Plays a game from `position` to the end and returns the last position and the plies.
    fn play_out(
        mut position: Leapfrog,
        agents: &mut [&mut dyn Agent<Leapfrog>; 2],
    ) -> (Leapfrog, u32) {
        let mut plies = 0;
        while !position.is_over() {
            let mv = agents[position.to_move().index()].choose(&position);
            assert!(position.is_legal(mv), "{mv} in {position}");
            position.play_unchecked(mv);
            plies += 1;
        }
        (position, plies)
    }

    #[test]
    fn never_loses_a_won_position_against_random() {
        let table = solved_table();
        let mut perfect = PerfectAgent::new("perfect".into(), table.clone());
        let mut random = RandomAgent::<Leapfrog>::new("random".into());
        let mut walk = ChaCha8Rng::seed_from_u64(17);
        let mut moves = Vec::new();
        let mut won = 0;
        for game in 0..300u64 {
            let mut position = Leapfrog::start();
            for _ in 0..walk.random_range(0..70) {
                if position.is_over() {
                    break;
                }
                position.generate_moves(&mut moves);
                position.play_unchecked(moves[walk.random_range(0..moves.len())]);
            }
            let Some((Value::Win, distance)) = table.probe(&position) else {
                continue;
            };
            let winner = position.to_move();
            perfect.reset(game);
            random.reset(game);
            let mut agents: [&mut dyn Agent<Leapfrog>; 2] = if winner.index() == 0 {
                [&mut perfect, &mut random]
            } else {
                [&mut random, &mut perfect]
            };
            let (end, plies) = play_out(position, &mut agents);
            assert_eq!(
                end.status().outcome().unwrap().winner(),
                Some(winner),
                "{position}"
            );
            assert!(plies <= distance);
            won += 1;
        }
        assert!(won > 100, "only {won} won positions");
    }

    #[test]
    fn perfect_against_perfect_from_the_start_takes_114_plies() {
        let table = solved_table();
        let mut a = PerfectAgent::from_table_path("perfect".into(), None).unwrap();
        let mut b = PerfectAgent::new("perfect".into(), table);
        assert!(Arc::ptr_eq(a.table(), b.table()));
        let mut ends = Vec::new();
        for seed in [1, 2, 1] {
            a.reset(seed);
            b.reset(seed + 100);
            let (end, plies) = play_out(Leapfrog::start(), &mut [&mut a, &mut b]);
            assert_eq!(plies, 114);
            assert_eq!(
                end.status().outcome().unwrap().winner(),
                Some(engine::Seat::B)
            );
            assert_eq!(a.last_search().value, Some(-1.0));
            ends.push(end);
        }
        // The same seeds replay the same game.
        assert_eq!(ends[0], ends[2]);
    }

    #[test]
    fn resists_as_long_as_the_table_says() {
        let table = solved_table();
        let mut loser = PerfectAgent::new("perfect".into(), table.clone());
        let mut winner = PerfectAgent::new("perfect".into(), table.clone());
        let mut position = Leapfrog::start();
        position.play_unchecked(LeapfrogMove::new(5, 6));
        let (value, distance) = table.probe(&position).unwrap();
        assert_eq!(value, Value::Win);
        let (_, plies) = play_out(position, &mut [&mut loser, &mut winner]);
        assert_eq!(plies, distance);
    }

    #[test]
    fn tables_from_files_are_checked_and_shared() {
        let dir = std::env::temp_dir();
        let missing = dir.join("leapfrog-perfect-no-such-table.bin");
        let error = PerfectAgent::from_table_path("perfect".into(), Some(&missing)).unwrap_err();
        assert!(
            matches!(error, PerfectError::Table(TableError::Missing { .. })),
            "{error}"
        );

        let path = dir.join(format!("leapfrog-perfect-{}.bin", std::process::id()));
        solved_table().save(&path).unwrap();
        let first = PerfectAgent::from_table_path("perfect:table=x".into(), Some(&path));
        let second = PerfectAgent::from_table_path("perfect:table=x".into(), Some(&path));
        std::fs::remove_file(&path).unwrap();
        let (first, second) = (first.unwrap(), second.unwrap());
        assert!(Arc::ptr_eq(first.table(), second.table()));
        assert!(!Arc::ptr_eq(first.table(), &solved_table()));
        assert_eq!(first.spec(), "perfect:table=x");
        assert_eq!(
            first.table().report().positions,
            solved_table().report().positions
        );

        // A table solved from an endgame cannot play whole games.
        let path = dir.join(format!(
            "leapfrog-perfect-endgame-{}.bin",
            std::process::id()
        ));
        let endgame = Leapfrog::parse_position("BB.ABB.B..A.A...AA. B").unwrap();
        SolveTable::solve(&endgame).save(&path).unwrap();
        let partial = load_table(&path);
        std::fs::remove_file(&path).unwrap();
        assert!(
            matches!(partial, Err(PerfectError::NotFromStart { .. })),
            "{partial:?}"
        );
    }
}
