//! The command line, the top of the arena: the verbs and their arguments, one module a
//! verb below this one (each a thin `run(args, out)` over the library), and the dispatch.
//! Nothing else in the crate imports this module.

mod analyze;
mod calibrate;
mod levels;
mod merge;
mod perft;
mod play;
#[cfg(test)]
mod reference;
mod replay;
mod report;
mod run;
mod shared;
mod slurm;
mod solve;
mod solve_chinese;
mod solve_english;
mod sprt;

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use clap::{Parser, Subcommand};

use crate::console::{self, Watched, CLOSED_PIPE_STATUS};
use crate::engine_protocol::{self, engine_command, EngineArgs};
use crate::error::ArenaError;
use crate::rate::{rate_command, RateArgs};

pub use analyze::AnalyzeArgs;
pub use calibrate::CalibrateArgs;
pub use merge::MergeArgs;
pub use perft::PerftArgs;
pub use play::PlayArgs;
pub use replay::ReplayArgs;
pub use report::ReportArgs;
pub use run::RunArgs;
pub use shared::{FolderChoice, Overrides};
pub use slurm::SlurmArgs;
pub use solve::SolveArgs;
pub use sprt::SprtArgs;

/// Seeded tournaments between game-playing agents, with honest statistics.
#[derive(Debug, Parser)]
#[command(name = "arena", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub verb: Verb,
    /// Allow the program COMMAND (its words as the refusal prints them) where a results
    /// folder names it: a recorded run's agent, a level, a rating scale's level. Those
    /// files may come from someone else, so no program they name runs without this.
    #[arg(long = "allow-program", global = true, value_name = "COMMAND")]
    pub allow_program: Vec<String>,
}

/// The verbs.
#[derive(Debug, Subcommand)]
pub enum Verb {
    /// Count move sequences of each length from 1 to D (checks move generation).
    Perft(PerftArgs),
    /// Play one game between agents, or against them yourself, and print its moves and result.
    Play(PlayArgs),
    /// Run a round-robin tournament from a TOML config, writing CSV files.
    Run(RunArgs),
    /// Replay one game of a tournament from its seed and check every move.
    Replay(ReplayArgs),
    /// Solve a game: Leapfrog Race under perfect play, English checkers' endgame tables,
    /// or Chinese checkers' shortest crossing and shortest game.
    Solve(SolveArgs),
    /// Score every agent move of a run with the referee (a fixed-depth material
    /// search), and of Leapfrog Race or English checkers endings against perfect play.
    Analyze(AnalyzeArgs),
    /// Check the shards of a run and write the files the whole run would have written.
    Merge(MergeArgs),
    /// Write (and optionally submit) Slurm scripts: a job array of shards, then the merge.
    Slurm(SlurmArgs),
    /// Calibrate difficulty levels (easy, medium, hard) of one agent family.
    Calibrate(CalibrateArgs),
    /// Run a sequential probability ratio test (GSPRT) between two agents.
    Sprt(SprtArgs),
    /// Write `DIR/report.html`: charts and tables of a finished run or calibration.
    Report(ReportArgs),
    /// Answer the arena protocol (docs/protocol.md) on standard input and output as one
    /// of the arena's agents or levels, for another program to play against.
    Engine(EngineArgs),
    /// Rate an agent (a spec or `cmd:` program) against a game's shipped levels and place
    /// it on their rating scale.
    Rate(RateArgs),
    /// List the levels built into the program, or show one game's: specs, ratings, ms a
    /// move.
    Levels(levels::LevelsArgs),
}

/// The whole `arena` command: parses the process's command line, runs the verb on
/// standard output, prints an error on standard error, and returns the exit code. When
/// standard output's reader has gone (`arena ... | head`), it ends quietly with
/// [`CLOSED_PIPE_STATUS`], whatever the verb made of the failed write.
pub fn main() -> ExitCode {
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    let mut stdout = Watched::new(std::io::stdout().lock());
    let closed = stdout.closed_flag();
    let result =
        run(cli, &mut stdout).and_then(|()| stdout.flush().map_err(crate::output::stdout_error));
    if closed.load(Ordering::Relaxed) {
        return ExitCode::from(CLOSED_PIPE_STATUS);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            console::note(&format!("error: {error}"));
            ExitCode::from(error.exit_code())
        }
    }
}

/// Reads the command line. Help and version requests are printed here; a usage error is
/// printed as one line (clap's first, with a pointer to the verb's `--help`) and clap's
/// tips below it (`a similar subcommand exists: 'play'`), and the exit code to leave
/// with is returned.
///
/// # Errors
/// The exit code when the process should stop here: 0 after help or version, 2 after a
/// usage error.
pub fn parse<I, T>(args: I) -> Result<Cli, ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::error::ErrorKind;
    Cli::try_parse_from(args).map_err(|error| match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(if error.exit_code() == 0 { 0 } else { 2 })
        }
        _ => {
            console::note(&usage_error(&error.render().to_string()));
            ExitCode::from(2)
        }
    })
}

/// A usage error, short: clap's first paragraph as one line (its indented lines, the
/// missing arguments say, join the first), a pointer to the `--help` of the command that
/// was refused, then clap's tips, one a line. The usage and the rest are left to
/// `--help`.
fn usage_error(text: &str) -> String {
    let line = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let mut message = if line.is_empty() {
        "error: bad command line".to_string()
    } else {
        line
    };
    // `Usage: arena solve [OPTIONS] <GAME>`: the words before the first placeholder.
    let command = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage:"))
        .map(|usage| {
            usage
                .split_whitespace()
                .take_while(|word| !word.starts_with(['[', '<', '-']))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|command| !command.is_empty())
        .unwrap_or_else(|| "arena".to_string());
    message.push_str(&format!(" (see '{command} --help')"));
    for tip in text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("tip:"))
    {
        message.push_str(&format!("\n  {tip}"));
    }
    message
}

/// Runs the verb the command line names, writing its report to `out`.
///
/// # Errors
/// Whatever the verb reports; see [`ArenaError::exit_code`].
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), ArenaError> {
    crate::external::consent::allow(&cli.allow_program);
    match cli.verb {
        Verb::Perft(args) => perft::run(&args, out),
        Verb::Play(args) => play::run(&args, out),
        Verb::Run(args) => run::run(&args, out),
        Verb::Replay(args) => replay::run(&args, out),
        Verb::Solve(args) => solve::run(&args, out),
        Verb::Analyze(args) => analyze::run(&args, out),
        Verb::Merge(args) => merge::run(&args, out),
        Verb::Slurm(args) => slurm::run(&args, out),
        Verb::Calibrate(args) => calibrate::run(&args, out),
        Verb::Sprt(args) => sprt::run(&args, out),
        Verb::Report(args) => report::run(&args, out),
        Verb::Engine(args) => engine_command(&args, &mut engine_protocol::host_input(), out),
        Verb::Rate(args) => rate_command(&args, out),
        Verb::Levels(args) => levels::run(&args, out),
    }
}
