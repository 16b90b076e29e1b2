//! The arena's error: a one-line message and the exit code it maps to. The codes are
//! the same for every verb (docs/commands.md lists them): 0 done, 1 a replay that differs
//! from its record, 2 bad input (a config, option, position, spec, or a file to read that is
//! missing, damaged or in use by another run), 3 a failure of the work itself (a write
//! that fails, a full disk, threads that cannot start).

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
    /// The input was wrong: a config, an option, a position, a spec, a file to read.
    /// Exit code 2.
    Input,
    /// A replayed game differs from its record. Exit code 1.
    Differs,
    /// The input was fine but the work failed: a write, the disk, the threads. Exit
    /// code 3.
    Failure,
}

/// Messages longer than this many characters are cut in the middle: a 10 MB option
/// gives a line, not 10 MB.
const MESSAGE_LIMIT: usize = 600;

impl ArenaError {
    /// An error in what the user gave.
    pub fn input(message: impl Into<String>) -> ArenaError {
        ArenaError::new(ErrorKind::Input, message.into())
    }

    /// A replay that differs from its record.
    pub fn differs(message: impl Into<String>) -> ArenaError {
        ArenaError::new(ErrorKind::Differs, message.into())
    }

    /// A failure of the work itself.
    pub fn failure(message: impl Into<String>) -> ArenaError {
        ArenaError::new(ErrorKind::Failure, message.into())
    }

    fn new(kind: ErrorKind, message: String) -> ArenaError {
        ArenaError {
            kind,
            message: cut(message),
        }
    }

    /// An I/O failure on `path`: reading a file is the input's fault (it is missing or
    /// unreadable), any other action the work's.
    pub fn io(path: &Path, action: &str, error: std::io::Error) -> ArenaError {
        let message = format!("cannot {action} {}: {error}", path.display());
        if action == "read" {
            ArenaError::input(message)
        } else {
            ArenaError::failure(message)
        }
    }

    /// Which kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self.kind {
            ErrorKind::Differs => 1,
            ErrorKind::Input => 2,
            ErrorKind::Failure => 3,
        }
    }
}

/// `message`, or when it is longer than [`MESSAGE_LIMIT`] characters, its start and end
/// with the middle replaced by how much was cut: the start names the file or field, the
/// end says what was expected.
fn cut(message: String) -> String {
    let length = message.chars().count();
    if length <= MESSAGE_LIMIT {
        return message;
    }
    let head: String = message.chars().take(MESSAGE_LIMIT / 2).collect();
    let tail: String = message.chars().skip(length - MESSAGE_LIMIT / 3).collect();
    let cut = length - MESSAGE_LIMIT / 2 - MESSAGE_LIMIT / 3;
    format!("{head}[... {cut} characters cut ...]{tail}")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_and_codes_differ() {
        let long = format!("bad position {:?}: expected spots", "A".repeat(1_000_000));
        let e = ArenaError::input(long);
        let text = e.to_string();
        assert!(text.len() < 2 * MESSAGE_LIMIT, "{}", text.len());
        assert!(text.starts_with("bad position \"AAA") && text.ends_with("expected spots"));
        assert!(text.contains("characters cut"));
        assert_eq!(e.exit_code(), 2);
        assert_eq!(ArenaError::differs("x").exit_code(), 1);
        assert_eq!(ArenaError::failure("x").exit_code(), 3);
        let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(
            ArenaError::io(Path::new("a"), "read", missing).exit_code(),
            2
        );
    }
}
