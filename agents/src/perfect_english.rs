//! The perfect English checkers endgame player: inside the endgame tables
//! (`arena solve english --pieces N --out FILE`) it plays a move that keeps the
//! position's value, winning as fast and losing as slowly as it can, with a seeded
//! choice among equals. Outside them (more pieces than the tables hold) it plays a
//! seeded random legal move and reports no value.
//!
//! The agent is generic over the draughts rules so that the one `Evaluate` impl of the
//! draughts family can offer it; only English positions are ever in the tables.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use engine::games::draughts::endgame::{Endgame, EndgameError};
use engine::games::draughts::{Draughts, DraughtsMove, English, Rules};
use engine::games::leapfrog::solve::Value;
use engine::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, SearchInfo};

/// The tables in the file at `path`, loaded once and shared while any agent holds them.
///
/// # Errors
/// Those of [`Endgame::load`].
pub fn load_endgame(path: &Path) -> Result<Arc<Endgame>, EndgameError> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Weak<Endgame>>>> = OnceLock::new();
    let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut loaded = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(tables) = loaded.get(&key).and_then(Weak::upgrade) {
        return Ok(tables);
    }
    let tables = Arc::new(Endgame::load(path)?);
    loaded.insert(key, Arc::downgrade(&tables));
    Ok(tables)
}

/// The best moves of `position` by the tables, as moves of `R`: empty unless `R` is
/// English and the tables cover the position.
pub fn table_moves<R: Rules>(tables: &Endgame, position: &Draughts<R>) -> Vec<DraughtsMove<R>> {
    let Some(english) = (position as &dyn Any).downcast_ref::<Draughts<English>>() else {
        return Vec::new();
    };
    tables
        .best_moves(english)
        .iter()
        .filter_map(|mv| (mv as &dyn Any).downcast_ref::<DraughtsMove<R>>().copied())
        .collect()
}

/// Plays English endgames perfectly from the tables.
#[derive(Debug)]
pub struct EndgameAgent<R: Rules> {
    spec: String,
    tables: Arc<Endgame>,
    rng: ChaCha8Rng,
    moves: Vec<DraughtsMove<R>>,
    last: SearchInfo,
}

impl<R: Rules> EndgameAgent<R> {
    /// A perfect endgame player described by `spec` that plays from `tables`.
    pub fn new(spec: String, tables: Arc<Endgame>) -> EndgameAgent<R> {
        EndgameAgent {
            spec,
            tables,
            rng: ChaCha8Rng::seed_from_u64(0),
            moves: Vec::with_capacity(32),
            last: SearchInfo::default(),
        }
    }
}

impl<R: Rules> Agent<Draughts<R>> for EndgameAgent<R> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.last = SearchInfo::default();
    }

    fn choose(&mut self, position: &Draughts<R>) -> DraughtsMove<R> {
        let best = table_moves(&self.tables, position);
        let entry = (position as &dyn Any)
            .downcast_ref::<Draughts<English>>()
            .and_then(|english| self.tables.entry(english));
        self.last = SearchInfo {
            nodes: best.len() as u64 + 1,
            value: entry.map(|entry| match entry.value {
                Value::Win => 1.0,
                Value::Draw => 0.0,
                Value::Loss => -1.0,
            }),
            proven: entry.is_some(),
            ..SearchInfo::default()
        };
        if best.is_empty() {
            position.generate_moves(&mut self.moves);
            self.last.value = None;
            self.last.proven = false;
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

    #[test]
    fn converts_won_endgames_against_random_play() {
        let tables = Arc::new(Endgame::build(3, |_| {}).unwrap());
        let mut perfect = EndgameAgent::<English>::new("perfect".into(), tables.clone());
        let mut random = RandomAgent::<Draughts<English>>::new("random".into());
        // Two kings against one: a win for the side with two, whoever moves.
        let mut won = 0;
        for (game, fen) in ["W:WK1,K2:BK32", "B:WK14,K19:BK5", "W:WK30,K25:BK12"]
            .into_iter()
            .enumerate()
        {
            let mut position = Draughts::<English>::parse_position(fen).unwrap();
            let entry = tables.entry(&position).unwrap();
            assert_ne!(entry.value, Value::Draw, "{fen}");
            perfect.reset(game as u64);
            random.reset(game as u64);
            let white_wins = matches!(
                (position.side_to_move(), entry.value),
                (engine::games::draughts::Colour::White, Value::Win)
                    | (engine::games::draughts::Colour::Black, Value::Loss)
            );
            assert!(white_wins, "{fen}: {entry:?}");
            let mut plies = 0;
            while !position.is_over() {
                let white = position.side_to_move() == engine::games::draughts::Colour::White;
                let mv = if white {
                    perfect.choose(&position)
                } else {
                    random.choose(&position)
                };
                assert!(position.is_legal(mv));
                position.play_unchecked(mv);
                plies += 1;
            }
            assert!(plies <= entry.distance, "{fen}: {plies} plies");
            let winner = position.status().outcome().unwrap().winner();
            assert_eq!(
                winner,
                Some(Draughts::<English>::seat_of(
                    engine::games::draughts::Colour::White
                ))
            );
            won += 1;
        }
        assert_eq!(won, 3);
    }
}

#[cfg(test)]
mod search_tests {
    //! Minimax and MCTS with `table=FILE` against the tables themselves.

    use std::sync::Arc;

    use engine::games::draughts::endgame::Endgame;
    use engine::games::draughts::{Draughts, English};
    use engine::games::leapfrog::solve::Value;
    use engine::Game;

    use crate::agent::Agent;
    use crate::mcts::{MctsAgent, MctsSettings};
    use crate::minimax::{MinimaxAgent, MinimaxSettings, DECISIVE, WIN};

    /// Two kings against one, wins too long for a shallow search to see.
    const WON: [&str; 3] = ["W:WK1,K2:BK32", "B:WK14,K19:BK5", "W:WK30,K25:BK12"];

    fn tables() -> Arc<Endgame> {
        Arc::new(Endgame::build(3, |_| {}).unwrap())
    }

    #[test]
    fn minimax_with_tables_finds_the_table_win_a_shallow_search_misses() {
        let tables = tables();
        let settings = MinimaxSettings {
            depth: 2,
            ..MinimaxSettings::default()
        };
        for fen in WON {
            let position = Draughts::<English>::parse_position(fen).unwrap();
            let entry = tables.entry(&position).unwrap();
            assert!(entry.distance > 3, "{fen}: {entry:?}");
            let mut plain = MinimaxAgent::<Draughts<English>>::new("minimax".into(), settings);
            let blind = plain.search(&position);
            assert!(blind.value.abs() < DECISIVE, "{fen}: {}", blind.value);
            let mut seeing = MinimaxAgent::<Draughts<English>>::new("minimax".into(), settings)
                .with_tables(Some(tables.clone()));
            let found = seeing.search(&position);
            let expected = match entry.value {
                Value::Win => WIN - entry.distance as i32,
                Value::Loss => entry.distance as i32 - WIN,
                Value::Draw => 0,
            };
            assert_eq!(found.value, expected, "{fen}: {entry:?}");
            assert!(
                tables.best_moves(&position).contains(&found.best),
                "{fen}: {:?}",
                found.best
            );
        }
    }

    #[test]
    fn mcts_with_tables_proves_the_table_result() {
        let tables = tables();
        for fen in WON {
            let position = Draughts::<English>::parse_position(fen).unwrap();
            let entry = tables.entry(&position).unwrap();
            let mut mcts = MctsAgent::<Draughts<English>>::new(
                "mcts".into(),
                MctsSettings {
                    iterations: 200,
                    ..MctsSettings::default()
                },
            )
            .with_tables(Some(tables.clone()));
            let mv = mcts.choose(&position);
            assert!(mcts.last_search().proven, "{fen}");
            let mut after = position.clone();
            after.play_unchecked(mv);
            let reply = tables.entry(&after).unwrap();
            // The side that wins keeps the win; the side that loses loses whatever it does.
            let expected = match entry.value {
                Value::Win => Value::Loss,
                Value::Loss => Value::Win,
                Value::Draw => Value::Draw,
            };
            assert_eq!(reply.value, expected, "{fen}: {mv:?} against {entry:?}");
        }
    }
}
