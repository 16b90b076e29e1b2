//! `arena engine`: one of the arena's agents (or a shipped level) as a program that
//! answers the arena protocol (`docs/protocol.md`) on standard input and output, for any
//! host: a game's own code, a GUI, or the arena itself; with `--protocol hub`, Scan's Hub
//! protocol for International draughts ([`hub`]).

pub mod hub;
mod session;
mod slot;

use session::Session;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use engine::{with_game, GameKind, GameSpec};

use crate::error::ArenaError;
use crate::levels;

/// `arena engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game, with options if any (a host's `newgame` may change the options).
    pub game: String,
    /// The agent's spec (e.g. `minimax:depth=4`) or a level (`level:hard`, or a rating on
    /// the levels' curve, `level:elo=1200`).
    #[arg(long)]
    pub agent: String,
    /// The levels that `level:NAME` reads: a `difficulty.toml`, or a built-in set by
    /// name (default: the built-in set calibrated on the game that each `newgame` names).
    #[arg(long, value_name = "FILE")]
    pub levels: Option<PathBuf>,
    /// The protocol to answer: the arena's own, or Scan's Hub protocol (International
    /// draughts only).
    #[arg(long, value_enum, default_value_t = EngineProtocol::Arena)]
    pub protocol: EngineProtocol,
}

/// The protocols `arena engine` speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineProtocol {
    /// The arena protocol of `docs/protocol.md`.
    Arena,
    /// Scan's Hub protocol, version 2 (draughts on the 10x10 board).
    Hub,
}

/// Runs `arena engine`, reading the host's lines from `input` until `quit` or its end.
///
/// # Errors
/// An unknown game, a bad spec or level, a host's `newgame` of another game, a move or
/// position that the game cannot read, or a failed read or write. With the arena
/// protocol, each of these but the last is also written to the host as `error <reason>`.
pub fn engine_command(
    args: &EngineArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let game = match args.game.parse::<GameSpec>() {
        Ok(game) => game,
        Err(e) if args.protocol == EngineProtocol::Arena => {
            return session::answer_errors(Err(e.into()), out)
        }
        Err(e) => return Err(e.into()),
    };
    if args.protocol == EngineProtocol::Hub {
        if game.kind != GameKind::International {
            return Err(ArenaError::input(format!(
                "--protocol hub: {}: the Hub protocol's boards are 10x10, and of its variants \
                 ({}) the arena plays `normal`, International draughts: give `international`",
                game.kind,
                hub::HUB_VARIANTS.join(", ")
            )));
        }
        let spec = resolve_spec(args, &game)?;
        let agent = agents::build::<hub::Board10>(&spec)?;
        return hub::serve(&game, agent, input, out);
    }
    // A host that cannot start the engine (a game the program lacks, a level the game
    // has not got) reads why on the line where it waits for `ready`.
    let served = with_game!(game.kind, G => {
        Session::<G>::new(args, game).and_then(|mut session| session.serve(input, out))
    });
    session::answer_errors(served, out)
}

/// Standard input as `arena engine` reads the host's lines: on Unix each read first
/// spins briefly for the host's next request (`crate::external::spin`), since a fast
/// host sends it within microseconds and a blocked engine's wake-up costs more than that.
pub fn host_input() -> impl BufRead {
    #[cfg(unix)]
    return std::io::BufReader::new(SpinningStdin(std::io::stdin().lock()));
    #[cfg(not(unix))]
    return std::io::stdin().lock();
}

/// Standard input, read after a short spin.
#[cfg(unix)]
struct SpinningStdin(std::io::StdinLock<'static>);

#[cfg(unix)]
impl std::io::Read for SpinningStdin {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        use crate::external::spin;
        use std::os::unix::io::AsRawFd;
        spin::readable_soon(self.0.as_raw_fd(), std::time::Instant::now() + spin::SPIN);
        self.0.read(buffer)
    }
}

/// The agent's spec for `game`: `--agent` as given, or the spec its `level:NAME` has in
/// the levels of `--levels` or the built-in set calibrated on `game`.
fn resolve_spec(args: &EngineArgs, game: &GameSpec) -> Result<String, ArenaError> {
    let levels = args.levels.as_deref();
    Ok(levels::resolve_all(std::slice::from_ref(&args.agent), levels, game)?.remove(0))
}
