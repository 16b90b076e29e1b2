//! `arena engine`: one of the arena's agents (or a shipped level) as a program that
//! answers the arena protocol (`docs/protocol.md`) on standard input and output, for any
//! host: a game's own code, a GUI, or the arena itself; with `--protocol hub`, Scan's Hub
//! protocol for International draughts ([`hub`]).

pub mod hub;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use agents::{Agent, Playable};
use clap::{Args, ValueEnum};
use engine::{with_game, Game, GameKind, GameSpec};

use crate::error::ArenaError;
use crate::levels;

/// `arena engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game, with options if any (a host's `newgame` may change the options).
    pub game: String,
    /// The agent's spec (e.g. `minimax:depth=4`) or a level (`level:hard`).
    #[arg(long)]
    pub agent: String,
    /// The difficulty file that `level:NAME` reads (default:
    /// `results/<game>/difficulty.toml`).
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
/// position that the game cannot read, or a failed read or write.
pub fn engine_command(
    args: &EngineArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let game: GameSpec = args.game.parse::<GameSpec>()?;
    if args.protocol == EngineProtocol::Hub {
        if game.kind != GameKind::International {
            return Err(ArenaError::input(format!(
                "--protocol hub: {}: the Hub protocol's boards are 10x10, and of its variants \
                 ({}) the arena plays `normal`, International draughts: give `international`",
                game.kind,
                hub::HUB_VARIANTS.join(", ")
            )));
        }
        let spec = resolve_spec(args, hub::Board10::NAME, 2)?;
        let agent = agents::build::<hub::Board10>(&spec)?;
        return hub::serve(&game, agent, input, out);
    }
    with_game!(game.kind, G => {
        let players = G::new(&game.options)?.players();
        let spec = resolve_spec(args, G::NAME, players)?;
        let agent = agents::build::<G>(&spec)?;
        let mut session = Session::<G>::new(game, agent)?;
        session.serve(input, out)
    })
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

/// The agent's spec: `--agent` as given, or the spec of its `level:NAME` in the levels
/// file of `game` at a table of `players` (or `--levels`).
fn resolve_spec(args: &EngineArgs, game: &str, players: usize) -> Result<String, ArenaError> {
    let levels_path = args
        .levels
        .clone()
        .unwrap_or_else(|| levels::default_path(game, players));
    Ok(levels::resolve_all(std::slice::from_ref(&args.agent), &levels_path)?.remove(0))
}

/// The engine's state between the host's lines: the agent and the game it plays.
struct Session<G: Game> {
    kind: engine::GameKind,
    agent: Box<dyn Agent<G>>,
    seed: u64,
    /// The game's start (from `newgame`) and its text.
    start: G,
    /// The position the moves count from, its text as the host wrote it (empty: the
    /// start).
    base_text: String,
    /// The position after the moves played so far.
    position: G,
    /// The moves played so far, as the host wrote them (the tail of its last `moves`).
    played: String,
    /// Legal moves, a buffer reused so that no ply allocates.
    legal: Vec<G::Move>,
}

impl<G: Playable> Session<G> {
    fn new(game: GameSpec, mut agent: Box<dyn Agent<G>>) -> Result<Session<G>, ArenaError> {
        let start = G::new(&game.options)?;
        agent.reset(0);
        Ok(Session {
            kind: game.kind,
            agent,
            seed: 0,
            position: start.clone(),
            start,
            base_text: String::new(),
            played: String::new(),
            legal: Vec::new(),
        })
    }

    fn serve(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), ArenaError> {
        let write_error =
            |e: std::io::Error| ArenaError::failure(format!("cannot write to the host: {e}"));
        let mut line = String::new();
        loop {
            line.clear();
            let read = input
                .read_line(&mut line)
                .map_err(|e| ArenaError::failure(format!("cannot read from the host: {e}")))?;
            if read == 0 {
                return Ok(());
            }
            let text = line.trim_end_matches(['\n', '\r']);
            let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
            match word {
                "arena" => {
                    writeln!(
                        out,
                        "id name=arena {} author=leapfrog-arena",
                        self.agent.spec()
                    )
                    .and_then(|()| writeln!(out, "ready"))
                    .and_then(|()| out.flush())
                    .map_err(write_error)?;
                }
                "newgame" => {
                    self.new_game(rest)?;
                    writeln!(out, "ready")
                        .and_then(|()| out.flush())
                        .map_err(write_error)?;
                }
                "position" => self.set_base(rest)?,
                "moves" => self.catch_up(rest)?,
                "go" => {
                    let written = if self.position.is_over() {
                        writeln!(out, "move resign")
                    } else {
                        let mv = self.agent.choose(&self.position);
                        writeln!(out, "move {mv}")
                    };
                    written.and_then(|()| out.flush()).map_err(write_error)?;
                }
                "quit" => return Ok(()),
                // `option`, `legal` (this engine knows the rules) and anything unknown.
                _ => {}
            }
        }
    }

    /// `newgame <game spec> seat=<S> seed=<N>`: the game (of this engine's kind), and the
    /// agent reset with the seat's seed.
    fn new_game(&mut self, rest: &str) -> Result<(), ArenaError> {
        let mut words = rest.split(' ');
        let game_text = words.next().unwrap_or("");
        let game: GameSpec = game_text.parse()?;
        if game.kind != self.kind {
            return Err(ArenaError::input(format!(
                "newgame {game_text}: this engine plays {} only",
                self.kind
            )));
        }
        self.seed = 0;
        for word in words {
            if let Some(seed) = word.strip_prefix("seed=") {
                self.seed = seed.parse().map_err(|_| {
                    ArenaError::input(format!("newgame: seed={seed}: expected a whole number"))
                })?;
            }
        }
        self.start = G::new(&game.options)?;
        self.base_text.clear();
        self.restart();
        Ok(())
    }

    /// The position the game of the host started from, where it is not the start.
    fn set_base(&mut self, text: &str) -> Result<(), ArenaError> {
        if text != self.base_text {
            self.base_text = text.to_string();
            self.restart();
        }
        Ok(())
    }

    /// The agent reset, and the position back at the base.
    fn restart(&mut self) {
        self.agent.reset(self.seed);
        self.played.clear();
        self.position = self.start.clone();
    }

    /// `moves ...`: plays the moves not played yet, each observed by the agent as it
    /// would be in the arena. A list that does not extend the last one starts again.
    fn catch_up(&mut self, moves: &str) -> Result<(), ArenaError> {
        let extends = moves.starts_with(self.played.as_str())
            && (self.played.is_empty()
                || matches!(moves.as_bytes().get(self.played.len()), None | Some(b' ')));
        if !extends {
            self.restart();
        }
        if self.played.is_empty() && !self.base_text.is_empty() {
            self.position = G::parse_position(&self.base_text)?;
        }
        let tail = &moves[self.played.len()..];
        for text in tail.split(' ').filter(|w| !w.is_empty()) {
            let mv = self.position.parse_move(text)?;
            let ongoing = !self.position.is_over();
            if ongoing {
                self.position.generate_moves(&mut self.legal);
            }
            if !ongoing || !self.legal.contains(&mv) {
                return Err(ArenaError::input(format!(
                    "moves: {text} is not legal in {}",
                    self.position
                )));
            }
            self.agent.observe(&self.position, mv);
            self.position.play_unchecked(mv);
        }
        self.played.clear();
        self.played.push_str(moves);
        Ok(())
    }
}
