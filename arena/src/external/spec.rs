//! What describes an external agent: its command line, protocol, options, timeout and
//! working folder, from a config's `[[agent]]` table or a `cmd:` spec string.

use std::path::PathBuf;
use std::time::Duration;

use crate::entrant::AgentEntry;
use crate::error::ArenaError;

/// The prefix of a spec string that runs a program: `cmd:python3 bots/mine.py`.
pub const COMMAND_PREFIX: &str = "cmd:";

/// How long an external agent may take for a move (or to start) before it forfeits, when
/// its config says nothing: one minute.
pub const DEFAULT_MOVE_TIMEOUT_MS: u64 = 60_000;

/// The protocol an external agent speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The arena protocol of `docs/protocol.md`.
    Arena,
    /// Scan's Hub protocol (version 2), for International draughts engines.
    Hub,
}

/// An external agent: everything needed to start and talk to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// What it speaks.
    pub protocol: Protocol,
    /// `option key=value` lines sent at start-up, in order.
    pub options: Vec<(String, String)>,
    /// The longest wait for `ready` or a move: fault detection only, never a budget.
    pub move_timeout: Duration,
    /// The folder it runs in (default: the arena's).
    pub working_dir: Option<PathBuf>,
}

impl ExternalSpec {
    /// The external agent a spec string names, if it is a `cmd:` spec: the words after
    /// the prefix, split at white space (no quoting: a config's `command = [...]` takes
    /// arguments that hold spaces).
    ///
    /// # Errors
    /// A `cmd:` spec without a program.
    pub fn from_spec(spec: &str) -> Option<Result<ExternalSpec, ArenaError>> {
        let words = spec.trim().strip_prefix(COMMAND_PREFIX)?;
        let command: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        if command.is_empty() {
            return Some(Err(ArenaError::input(format!(
                "spec {spec:?}: expected a program after `{COMMAND_PREFIX}`, as in \
                 `cmd:python3 bots/mine.py`"
            ))));
        }
        Some(Ok(ExternalSpec::plain(command)))
    }

    /// The external agent of a config entry: its `command` table, or a `cmd:` spec.
    /// `None` for the arena's own agents.
    ///
    /// # Errors
    /// A `cmd:` spec without a program, or an unknown protocol.
    pub fn from_entry(entry: &AgentEntry) -> Option<Result<ExternalSpec, ArenaError>> {
        let Some(command) = &entry.command else {
            return ExternalSpec::from_spec(&entry.spec);
        };
        let protocol = match entry.protocol.as_deref() {
            None | Some("arena") => Protocol::Arena,
            Some("hub") => Protocol::Hub,
            Some(other) => {
                return Some(Err(ArenaError::input(format!(
                    "agent {:?}: protocol {other:?}: expected \"arena\" or \"hub\"",
                    entry.name
                ))))
            }
        };
        Some(Ok(ExternalSpec {
            command: command.clone(),
            protocol,
            options: entry
                .options
                .iter()
                .flatten()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            move_timeout: Duration::from_millis(
                entry.move_timeout_ms.unwrap_or(DEFAULT_MOVE_TIMEOUT_MS),
            ),
            working_dir: entry.working_dir.as_ref().map(PathBuf::from),
        }))
    }

    fn plain(command: Vec<String>) -> ExternalSpec {
        ExternalSpec {
            command,
            protocol: Protocol::Arena,
            options: Vec::new(),
            move_timeout: Duration::from_millis(DEFAULT_MOVE_TIMEOUT_MS),
            working_dir: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmd_specs_split_at_white_space() {
        let spec = ExternalSpec::from_spec("cmd:python3  bots/mine.py --fast")
            .unwrap()
            .unwrap();
        assert_eq!(spec.command, ["python3", "bots/mine.py", "--fast"]);
        assert_eq!(spec.move_timeout, Duration::from_secs(60));
        assert!(ExternalSpec::from_spec("greedy").is_none());
        assert!(ExternalSpec::from_spec("cmd: ").unwrap().is_err());
    }
}
