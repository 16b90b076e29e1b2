//! One entrant of a run, as a config names it and a results folder records it: one of
//! the arena's agents by its spec, or a program of its own that speaks the arena
//! protocol. The config reads entrants and the external agents start them, so the type
//! lives here, below both.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One entrant of a tournament: one of the arena's agents by its spec, or a program of
/// its own (`command`, with the settings after it) that speaks the arena protocol.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentEntry {
    /// The name in the CSV files.
    pub name: String,
    /// The spec string that builds it; for a `command`, the command's words after `cmd:`.
    pub spec: String,
    /// The program and its arguments, for an external agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
    /// The protocol the program speaks (`arena`, or `hub` for International draughts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// `option` lines sent to the program at start-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<BTreeMap<String, String>>,
    /// How long the program may take for a move before it forfeits (fault detection).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_timeout_ms: Option<u64>,
    /// The folder the program runs in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_dir: Option<String>,
}

impl AgentEntry {
    /// An entry of one of the arena's agents, or of a `cmd:` spec.
    pub fn of_spec(name: &str, spec: &str) -> AgentEntry {
        AgentEntry {
            name: name.into(),
            spec: spec.into(),
            ..AgentEntry::default()
        }
    }
}
