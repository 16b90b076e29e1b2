//! Spec strings to agents: `random`, `greedy`, `minimax:depth=6`,
//! `mcts:iterations=5000,c=1.4,epsilon=0.1`. The command line and the configs share them.
//!
//! Every kind takes the noise keys `epsilon` and `temperature` (see [`crate::noise`]);
//! its own keys are listed by [`AgentKind::keys`] and documented on its settings type.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use thiserror::Error;

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::greedy::GreedyAgent;
use crate::mcts::{MctsAgent, MctsSettings};
use crate::minimax::{MinimaxAgent, MinimaxSettings};
use crate::noise::{Noise, Noisy};
use crate::random::RandomAgent;

/// The kinds of agent there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// Uniform over legal moves.
    Random,
    /// One ply, the most progress.
    Greedy,
    /// Alpha-beta search to a depth or a node budget.
    Minimax,
    /// Monte Carlo tree search with a solver.
    Mcts,
    /// Perfect play from a solved game's table.
    Perfect,
}

impl AgentKind {
    /// Every kind, in the order help texts list them.
    pub const ALL: &'static [AgentKind] = &[
        AgentKind::Random,
        AgentKind::Greedy,
        AgentKind::Minimax,
        AgentKind::Mcts,
        AgentKind::Perfect,
    ];

    /// The name spec strings use.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Greedy => "greedy",
            AgentKind::Minimax => "minimax",
            AgentKind::Mcts => "mcts",
            AgentKind::Perfect => "perfect",
        }
    }

    /// The keys this kind's spec takes: its own, then the noise keys.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            AgentKind::Random | AgentKind::Greedy => &["epsilon", "temperature"],
            AgentKind::Minimax => &[
                "depth",
                "nodes",
                "tt_mib",
                "search",
                "eval",
                "table",
                "epsilon",
                "temperature",
            ],
            AgentKind::Mcts => &[
                "iterations",
                "c",
                "playout_plies",
                "playout",
                "playout_epsilon",
                "table",
                "epsilon",
                "temperature",
            ],
            AgentKind::Perfect => &["table", "epsilon", "temperature"],
        }
    }
}

/// A parsed spec string: the kind and its `key=value` settings, in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    /// Which agent.
    pub kind: AgentKind,
    /// Its settings as written.
    pub settings: Vec<(String, String)>,
    text: String,
}

impl AgentSpec {
    /// The spec as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The value written for `key`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn bad_value(&self, key: &str, value: &str, expected: &str) -> SpecError {
        SpecError::BadValue {
            agent: self.kind.name(),
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    /// The integer written for `key`, or `default`.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] when the value is not an integer in `range`; the error
    /// says `expected`.
    pub fn integer(
        &self,
        key: &str,
        default: u64,
        range: RangeInclusive<u64>,
        expected: &str,
    ) -> Result<u64, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(value) => value
                .parse::<u64>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| self.bad_value(key, value, expected)),
        }
    }

    /// The index in `words` of the word written for `key`, or `None` when the key is
    /// not given.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] when the value is none of `words`; the error says
    /// `expected`.
    pub fn word(
        &self,
        key: &str,
        words: &[&str],
        expected: &str,
    ) -> Result<Option<usize>, SpecError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => words
                .iter()
                .position(|word| *word == value)
                .map(Some)
                .ok_or_else(|| self.bad_value(key, value, expected)),
        }
    }

    /// The finite number written for `key`, or `default`.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] when the value is not a finite number in `range`; the
    /// error says `expected`.
    pub fn number(
        &self,
        key: &str,
        default: f64,
        range: RangeInclusive<f64>,
        expected: &str,
    ) -> Result<f64, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(value) => value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && range.contains(x))
                .ok_or_else(|| self.bad_value(key, value, expected)),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A spec string that does not name an agent.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SpecError {
    /// The part before `:` is no agent's name.
    #[error("unknown agent {name:?}: expected one of {known}")]
    UnknownAgent {
        /// The name as written.
        name: String,
        /// The agents there are.
        known: String,
    },
    /// A key the agent does not take.
    #[error("unknown key {key:?} for agent {agent}: valid keys are {valid}")]
    UnknownKey {
        /// The agent.
        agent: &'static str,
        /// The key as written.
        key: String,
        /// The keys it takes.
        valid: String,
    },
    /// A key given twice.
    #[error("key {key:?} given twice for agent {agent}: valid keys are {valid}")]
    DuplicateKey {
        /// The agent.
        agent: &'static str,
        /// The key as written.
        key: String,
        /// The keys it takes.
        valid: String,
    },
    /// A value the key does not take.
    #[error("bad value {value:?} for key {key:?} of agent {agent}: expected {expected}")]
    BadValue {
        /// The agent.
        agent: &'static str,
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What the key takes.
        expected: String,
    },
    /// The agent cannot play this game.
    #[error("agent {agent} cannot play {game}: {why}")]
    UnsupportedGame {
        /// The agent.
        agent: &'static str,
        /// The game.
        game: &'static str,
        /// Why not.
        why: String,
    },
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        let kind = AgentKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| SpecError::UnknownAgent {
                name: name.to_string(),
                known: AgentKind::ALL
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        let valid = kind.keys();
        let valid_list = || {
            if valid.is_empty() {
                "none".to_string()
            } else {
                valid.join(", ")
            }
        };
        let mut settings: Vec<(String, String)> = Vec::new();
        for pair in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, value) = (key.trim(), value.trim());
            if !valid.contains(&key) {
                return Err(SpecError::UnknownKey {
                    agent: kind.name(),
                    key: key.to_string(),
                    valid: valid_list(),
                });
            }
            if settings.iter().any(|(k, _)| k == key) {
                return Err(SpecError::DuplicateKey {
                    agent: kind.name(),
                    key: key.to_string(),
                    valid: valid_list(),
                });
            }
            settings.push((key.to_string(), value.to_string()));
        }
        Ok(AgentSpec {
            kind,
            settings,
            text: text.trim().to_string(),
        })
    }
}

/// Builds the agent a spec string names, for game `G`. Every value is checked before
/// anything is allocated.
///
/// # Errors
/// A spec that names no agent, a key the agent does not take or gives twice, a bad
/// value, or an agent that cannot play `G`.
pub fn build<G: Evaluate>(spec: &str) -> Result<Box<dyn Agent<G>>, SpecError> {
    let parsed: AgentSpec = spec.parse()?;
    let noise = Noise::from_spec(&parsed)?;
    let text = parsed.text.clone();
    let agent: Box<dyn Agent<G>> = match parsed.kind {
        AgentKind::Random => Box::new(RandomAgent::<G>::new(text)),
        AgentKind::Greedy => Box::new(GreedyAgent::<G>::new(text)),
        AgentKind::Minimax => {
            let settings = MinimaxSettings::from_spec(&parsed)?;
            let tables = endgame_tables::<G>(&parsed)?;
            Box::new(MinimaxAgent::<G>::new(text, settings).with_tables(tables))
        }
        AgentKind::Mcts => {
            let settings = MctsSettings::from_spec(&parsed)?;
            let tables = endgame_tables::<G>(&parsed)?;
            Box::new(MctsAgent::<G>::new(text, settings).with_tables(tables))
        }
        AgentKind::Perfect => {
            let table = parsed.get("table").map(std::path::Path::new);
            G::perfect_agent(text, table).ok_or_else(|| SpecError::UnsupportedGame {
                agent: "perfect",
                game: G::NAME,
                why: "only a solved game has a perfect player (leapfrog; english endgames with table=FILE)"
                    .into(),
            })??
        }
    };
    Ok(if noise.is_off() {
        agent
    } else {
        Box::new(Noisy::new(agent, noise))
    })
}

/// The endgame tables that `table=FILE` names for a searching agent (loaded once and
/// shared, as for `perfect:table=FILE`), or `None` without the key.
///
/// # Errors
/// A game without endgame tables (only English checkers has them), or a file that is
/// missing, damaged or not such tables.
fn endgame_tables<G: Evaluate>(
    parsed: &AgentSpec,
) -> Result<Option<std::sync::Arc<engine::games::draughts::endgame::Endgame>>, SpecError> {
    let Some(path) = parsed.get("table") else {
        return Ok(None);
    };
    let agent = parsed.kind.name();
    if G::NAME != <engine::games::draughts::EnglishDraughts as engine::Game>::NAME {
        return Err(SpecError::UnsupportedGame {
            agent,
            game: G::NAME,
            why: "table=FILE: only english has endgame tables".into(),
        });
    }
    crate::perfect_english::load_endgame(std::path::Path::new(path))
        .map(Some)
        .map_err(|e| SpecError::BadValue {
            agent,
            key: "table".into(),
            value: path.to_string(),
            expected: format!(
                "the endgame tables written by `arena solve english --pieces N --out FILE` ({e})"
            ),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{play_out, RaceToTen};
    use engine::{Game, GameOptions, Leapfrog};

    fn error(spec: &str) -> String {
        build::<Leapfrog>(spec).err().expect(spec).to_string()
    }

    #[test]
    fn unknown_agent_and_key_are_quoted() {
        assert_eq!(
            error("minimix"),
            "unknown agent \"minimix\": expected one of random, greedy, minimax, mcts, perfect"
        );
        assert_eq!(
            error("random:depth=3"),
            "unknown key \"depth\" for agent random: valid keys are epsilon, temperature"
        );
        assert_eq!(
            error("mcts:iteration=5"),
            "unknown key \"iteration\" for agent mcts: valid keys are iterations, c, \
             playout_plies, playout, playout_epsilon, table, epsilon, temperature"
        );
        assert_eq!(
            error("minimax:depth=3,depth=4"),
            "key \"depth\" given twice for agent minimax: valid keys are depth, nodes, \
             tt_mib, search, eval, table, epsilon, temperature"
        );
    }

    #[test]
    fn bad_values_say_what_is_expected() {
        assert_eq!(
            error("minimax:depth=abc"),
            "bad value \"abc\" for key \"depth\" of agent minimax: expected an integer \
             from 1 to 64"
        );
        assert_eq!(
            error("greedy:epsilon=1.5"),
            "bad value \"1.5\" for key \"epsilon\" of agent greedy: expected a number \
             from 0 to 1"
        );
        assert_eq!(
            error("minimax:depth"),
            "bad value \"\" for key \"depth\" of agent minimax: expected an integer from 1 \
             to 64"
        );
        for (spec, value) in [
            ("minimax:depth=0", "0"),
            ("minimax:depth=65", "65"),
            ("minimax:nodes=-5", "-5"),
            ("minimax:tt_mib=0", "0"),
            ("mcts:iterations=0", "0"),
            ("mcts:iterations=1e4", "1e4"),
            ("mcts:c=-1", "-1"),
            ("mcts:c=nan", "nan"),
            ("mcts:playout_plies=x", "x"),
            ("mcts:playout=smart", "smart"),
            ("mcts:playout_epsilon=2", "2"),
            ("random:epsilon=-0.1", "-0.1"),
            ("greedy:temperature=inf", "inf"),
        ] {
            let message = error(spec);
            assert!(
                message.starts_with(&format!("bad value {value:?}")),
                "{spec}: {message}"
            );
        }
    }

    #[test]
    fn good_specs_build_and_keep_their_text() {
        for spec in [
            "random",
            "greedy",
            "greedy:epsilon=0.1",
            "minimax:depth=6",
            "minimax:nodes=100000,tt_mib=1",
            "minimax:depth=3,temperature=2",
            "mcts",
            "mcts:iterations=5000,c=1.4,epsilon=0.1",
            "mcts:playout_plies=20, temperature=0.5",
            "mcts:playout=greedy,playout_epsilon=0.2",
            "mcts:playout=random",
        ] {
            let agent = build::<Leapfrog>(spec).unwrap();
            assert_eq!(agent.spec(), spec);
        }
    }

    #[test]
    fn every_kind_plays_whole_games_of_three_seats() {
        let start = RaceToTen::new(&GameOptions::new()).unwrap();
        let specs = [
            "random",
            "greedy:temperature=1",
            "minimax:depth=4",
            "mcts:iterations=300",
            "minimax:nodes=500,epsilon=0.2",
            "mcts:iterations=100,temperature=0.5",
        ];
        for seats in specs.windows(3) {
            let mut agents: Vec<Box<dyn Agent<RaceToTen>>> = seats
                .iter()
                .map(|s| build::<RaceToTen>(s).unwrap())
                .collect();
            let mut play = |seed: u64| {
                for (index, agent) in agents.iter_mut().enumerate() {
                    agent.reset(seed * 10 + index as u64);
                }
                let mut refs: Vec<&mut dyn Agent<RaceToTen>> =
                    agents.iter_mut().map(|a| a.as_mut() as _).collect();
                play_out(start.clone(), &mut refs)
            };
            let first = play(1);
            assert_eq!(first.1.players(), 3);
            assert_eq!(play(1), first, "{seats:?} replays from its seeds");
        }
    }
}
