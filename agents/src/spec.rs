//! Spec strings to agents: `random`, `greedy`, `minimax:depth=6`,
//! `mcts:iterations=5000,c=1.4,epsilon=0.1`. The command line and the configs share them.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::random::RandomAgent;

/// The kinds of agent there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// Uniform over legal moves.
    Random,
}

impl AgentKind {
    /// Every kind, in the order help texts list them.
    pub const ALL: &'static [AgentKind] = &[AgentKind::Random];

    /// The name spec strings use.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
        }
    }

    /// The keys this kind's spec takes.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            AgentKind::Random => &[],
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
        let mut settings = Vec::new();
        for pair in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| SpecError::UnknownKey {
                agent: kind.name(),
                key: pair.trim().to_string(),
                valid: valid_list(),
            })?;
            let key = key.trim();
            if !valid.contains(&key) {
                return Err(SpecError::UnknownKey {
                    agent: kind.name(),
                    key: key.to_string(),
                    valid: valid_list(),
                });
            }
            settings.push((key.to_string(), value.trim().to_string()));
        }
        Ok(AgentSpec {
            kind,
            settings,
            text: text.trim().to_string(),
        })
    }
}

/// Builds the agent a spec string names, for game `G`.
///
/// # Errors
/// A spec that names no agent, a key the agent does not take, a bad value, or an agent
/// that cannot play `G`.
pub fn build<G: Evaluate>(spec: &str) -> Result<Box<dyn Agent<G>>, SpecError> {
    let parsed: AgentSpec = spec.parse()?;
    Ok(match parsed.kind {
        AgentKind::Random => Box::new(RandomAgent::<G>::new(parsed.text)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Leapfrog;

    #[test]
    fn unknown_agent_and_key_are_quoted() {
        let error = build::<Leapfrog>("minimix").err().unwrap();
        assert!(error.to_string().starts_with("unknown agent \"minimix\""));
        let error = build::<Leapfrog>("random:depth=3").err().unwrap();
        assert_eq!(
            error.to_string(),
            "unknown key \"depth\" for agent random: valid keys are none"
        );
    }
}
