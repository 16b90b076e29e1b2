//! The vocabulary of spec strings: `random`, `greedy`, `minimax:depth=6`,
//! `mcts:iterations=5000,c=1.4,epsilon=0.1`. The command line and the configs share them.
//! This module reads a spec into an [`AgentSpec`] (its kind and `key=value` settings,
//! checked against the keys the kind takes); [`crate::factory`] builds the agent.
//!
//! Every kind takes the noise keys `epsilon` and `temperature` (see [`crate::noise`]);
//! its own keys are listed by [`AgentKind::keys`] and documented on its settings type.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use thiserror::Error;

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
                "multi",
                "table",
                "contempt",
                "repeat",
                "plan",
                "epsilon",
                "temperature",
            ],
            AgentKind::Mcts => &[
                "iterations",
                "c",
                "playout_plies",
                "playout",
                "playout_epsilon",
                "eval",
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

#[cfg(test)]
mod tests {
    use super::AgentKind;

    /// The guide's page on agents, whose tables list each kind's keys.
    const AGENTS_PAGE: &str = include_str!("../../docs/agents.md");

    #[test]
    fn the_guide_lists_every_key_of_every_kind_and_no_other() {
        for kind in AgentKind::ALL {
            let heading = format!("### `{}`\n", kind.name());
            let section = AGENTS_PAGE
                .split(&heading)
                .nth(1)
                .unwrap_or_else(|| panic!("docs/agents.md has no heading {heading}"));
            let section = section.split("\n#").next().unwrap_or(section);
            let mut documented: Vec<&str> = section
                .lines()
                .filter_map(|line| line.strip_prefix("| `"))
                .filter_map(|row| row.split('`').next())
                .collect();
            let mut keys = kind.keys().to_vec();
            documented.sort_unstable();
            keys.sort_unstable();
            assert_eq!(
                documented,
                keys,
                "docs/agents.md's keys of `{}` against the keys its spec takes",
                kind.name()
            );
        }
    }
}
