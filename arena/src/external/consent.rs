//! Consent to start a program named in a file the arena wrote: a results folder's
//! recorded `config.toml`, a levels file (`difficulty.toml`) or a rating scale
//! (`difficulty.csv`). Such a folder may come from someone else, and reproducing its
//! games is what the arena is for, so reading it must never run what it names: a
//! program recorded there starts only when the command line names it with
//! `--allow-program COMMAND`. A config the user gives on the command line (`arena run
//! cfg.toml`) is the user's own and needs no consent.
//!
//! The consent is the command line's, given once for the whole process: it is kept here
//! rather than passed down to every reader of specs (config loaders, level lookups), so
//! that no reader can forget to ask.

use std::path::Path;
use std::sync::Mutex;

use crate::error::ArenaError;

/// The commands the command line allows, each as its words joined by single spaces.
static ALLOWED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Allows the programs `commands` (each the program and its arguments, separated by
/// white space, as a refusal prints them) for the rest of the process.
pub fn allow(commands: &[String]) {
    let mut allowed = ALLOWED.lock().unwrap_or_else(|e| e.into_inner());
    allowed.extend(commands.iter().map(|command| words(command)));
}

/// Checks that the command line allows `command`, the program that `what` (an agent or a
/// level) names in the file `source` that the arena wrote.
///
/// # Errors
/// Without consent: one line that names the file, who names the program, the whole
/// command, and the flag that allows it.
pub fn check(source: &Path, what: &str, command: &[String]) -> Result<(), ArenaError> {
    let joined = command.join(" ");
    let allowed = ALLOWED.lock().unwrap_or_else(|e| e.into_inner());
    if allowed.iter().any(|a| *a == words(&joined)) {
        return Ok(());
    }
    Err(ArenaError::input(format!(
        "{}: {what} runs the program `{joined}`, recorded in a results folder; the arena \
         runs no program named there unless you allow it: if you trust it, give \
         --allow-program {}",
        source.display(),
        shell_quoted(&joined)
    )))
}

/// Checks a spec string read from `source`: a `cmd:` spec needs consent, others none.
///
/// # Errors
/// As [`check`].
pub fn check_spec(source: &Path, what: &str, spec: &str) -> Result<(), ArenaError> {
    match super::ExternalSpec::from_spec(spec) {
        Some(Ok(external)) => check(source, what, &external.command),
        _ => Ok(()),
    }
}

/// `text`'s words joined by single spaces: how commands are compared.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` quoted for a POSIX shell, to copy into a command line as one argument.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_runs_only_when_its_whole_command_is_allowed() {
        let source = Path::new("results/x/config.toml");
        let command = vec!["sh".to_string(), "-c".into(), "touch it's".into()];
        let e = check(source, "agent \"bot\"", &command)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(
                "results/x/config.toml: agent \"bot\" runs the program `sh -c touch it's`"
            ) && e.ends_with("--allow-program 'sh -c touch it'\\''s'"),
            "{e}"
        );
        // The program alone, or another command, is not consent.
        allow(&["sh".to_string(), "sh -c touch".into()]);
        assert!(check(source, "agent", &command).is_err());
        allow(&["sh  -c touch it's".to_string()]);
        assert!(check(source, "agent", &command).is_ok());
        assert!(check_spec(source, "level", "greedy").is_ok());
    }
}
