//! The arena's error: a one-line message and the exit code it maps to.

use std::fmt;
use std::path::Path;

/// What went wrong, and how the process should exit because of it.
#[derive(Debug)]
pub struct ArenaError {
    kind: ErrorKind,
    message: String,
}

/// The kinds of failure, each with its exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input was wrong: a config, an option, a position, a spec. Exit code 2.
    Input,
    /// The input was fine but the work failed: I/O, or a replay that differs. Exit code 1.
    Failure,
}

impl ArenaError {
    /// An error in what the user gave.
    pub fn input(message: impl Into<String>) -> ArenaError {
        ArenaError {
            kind: ErrorKind::Input,
            message: message.into(),
        }
    }

    /// A failure of the work itself.
    pub fn failure(message: impl Into<String>) -> ArenaError {
        ArenaError {
            kind: ErrorKind::Failure,
            message: message.into(),
        }
    }

    /// An I/O failure on `path`.
    pub fn io(path: &Path, action: &str, error: std::io::Error) -> ArenaError {
        ArenaError::failure(format!("cannot {action} {}: {error}", path.display()))
    }

    /// Which kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self.kind {
            ErrorKind::Input => 2,
            ErrorKind::Failure => 1,
        }
    }
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArenaError {}

impl From<engine::GameError> for ArenaError {
    fn from(error: engine::GameError) -> ArenaError {
        ArenaError::input(error.to_string())
    }
}

impl From<engine::ParseError> for ArenaError {
    fn from(error: engine::ParseError) -> ArenaError {
        ArenaError::input(error.to_string())
    }
}

impl From<agents::SpecError> for ArenaError {
    fn from(error: agents::SpecError) -> ArenaError {
        ArenaError::input(error.to_string())
    }
}
