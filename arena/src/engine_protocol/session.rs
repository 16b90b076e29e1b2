//! One `arena engine` session: the host's lines read in turn, the game they describe
//! kept, and the agent's answers written. A line the engine cannot follow (a move or
//! position it cannot read, a game of another kind, a `legal` list its rules disagree
//! with) ends the session: `error <reason>` on standard output and exit status 2.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use agents::Playable;
use engine::{Game, GameSpec};

use super::slot::AgentSlot;
use super::{resolve_spec, EngineArgs};
use crate::error::ArenaError;

/// Writes `error <reason>` to the host for a session that ended on an error, so that a
/// host waiting for an answer reads why rather than only seeing the output close; the
/// same reason then goes to standard error and the exit status is 2.
///
/// # Errors
/// The session's own error.
pub fn answer_errors(ended: Result<(), ArenaError>, out: &mut dyn Write) -> Result<(), ArenaError> {
    if let Err(error) = &ended {
        if error.kind() == crate::error::ErrorKind::Input {
            let reason = error.to_string().replace('\n', " ");
            let _ = writeln!(out, "error {reason}").and_then(|()| out.flush());
        }
    }
    ended
}

/// The engine's state between the host's lines: the agent and the game it plays.
pub struct Session<G: Game> {
    kind: engine::GameKind,
    /// `--agent` as given (a spec, or a level resolved for each game).
    agent_text: String,
    levels: Option<PathBuf>,
    /// The spec the agent was built from.
    spec: String,
    agent: AgentSlot<G>,
    seed: u64,
    /// The game's start (from `newgame`).
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
    /// A session of `game` for the agent of `args`, whose build starts at once.
    ///
    /// # Errors
    /// A game the engine cannot set up, a level the game's levels lack, or a spec that
    /// does not read.
    pub fn new(args: &EngineArgs, game: GameSpec) -> Result<Session<G>, ArenaError> {
        let start = G::new(&game.options)?;
        let spec = checked_spec(args, &game)?;
        Ok(Session {
            kind: game.kind,
            agent_text: args.agent.clone(),
            levels: args.levels.clone(),
            agent: AgentSlot::start(&spec),
            spec,
            seed: 0,
            position: start.clone(),
            start,
            base_text: String::new(),
            played: String::new(),
            legal: Vec::new(),
        })
    }

    /// Answers the host's lines until `quit` or the end of its input.
    ///
    /// # Errors
    /// A line the engine cannot follow, or a failed read or write.
    pub fn serve(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<(), ArenaError> {
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
                    writeln!(out, "id name=arena {} author=leapfrog-arena", self.spec)
                        .and_then(|()| writeln!(out, "ready"))
                        .and_then(|()| out.flush())
                        .map_err(write_error)?;
                }
                "newgame" => {
                    if let Some(info) = self.new_game(rest)? {
                        writeln!(out, "info {info}").map_err(write_error)?;
                    }
                    writeln!(out, "ready")
                        .and_then(|()| out.flush())
                        .map_err(write_error)?;
                }
                "position" => self.set_base(rest)?,
                "moves" => self.catch_up(rest)?,
                "legal" => self.check_legal(rest)?,
                "go" => {
                    let answer = match self.position.status().outcome() {
                        Some(outcome) => format!("error go: {}", game_over(&outcome)),
                        None => {
                            let position = &self.position;
                            let mv = self.agent.agent()?.choose(position);
                            format!("move {mv}")
                        }
                    };
                    writeln!(out, "{answer}")
                        .and_then(|()| out.flush())
                        .map_err(write_error)?;
                }
                "quit" => return Ok(()),
                // `option` and anything unknown.
                _ => {}
            }
        }
    }

    /// `newgame <game spec> seat=<S> seed=<N>`: the game (of this engine's kind), the
    /// agent of its levels (a new one where the game's rules or player count call for
    /// another level spec), reset with the seat's seed. Returns what to tell the host
    /// when the level now stands for another spec.
    fn new_game(&mut self, rest: &str) -> Result<Option<String>, ArenaError> {
        let mut words = rest.split(' ');
        let game_text = words.next().unwrap_or("");
        let game: GameSpec = game_text
            .parse()
            .map_err(|e| ArenaError::input(format!("newgame {game_text}: {e}")))?;
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
        self.start = G::new(&game.options)
            .map_err(|e| ArenaError::input(format!("newgame {game_text}: {e}")))?;
        let args = EngineArgs {
            game: game_text.to_string(),
            agent: self.agent_text.clone(),
            levels: self.levels.clone(),
            protocol: super::EngineProtocol::Arena,
        };
        let spec = checked_spec(&args, &game)
            .map_err(|e| ArenaError::input(format!("newgame {game_text}: {e}")))?;
        let mut info = None;
        if spec != self.spec {
            if let Some(level) = crate::levels::level_name(&self.agent_text) {
                let levels = crate::levels::Levels::of_game(self.levels.as_deref(), &game)?;
                info = Some(format!("level {level} of {} is {spec}", levels.describe()));
            }
            self.agent = AgentSlot::start(&spec);
            self.spec = spec;
        }
        self.base_text.clear();
        self.restart();
        Ok(info)
    }

    /// The position the game of the host started from, where it is not the start.
    fn set_base(&mut self, text: &str) -> Result<(), ArenaError> {
        if text != self.base_text {
            // Read now, so that a position the game cannot read is refused at once.
            G::parse_position(text)
                .map_err(|e| ArenaError::input(format!("position {text}: {e}")))?;
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
            let mv = self
                .position
                .parse_move(text)
                .map_err(|e| ArenaError::input(format!("moves: {e}")))?;
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

    /// `legal ...`: the host's list of legal moves must be this engine's, in any order:
    /// the engine plays its own rules and cannot search under others, so a list that
    /// differs (a move missing, or one the rules do not allow) is refused.
    fn check_legal(&mut self, list: &str) -> Result<(), ArenaError> {
        self.legal.clear();
        if !self.position.is_over() {
            self.position.generate_moves(&mut self.legal);
        }
        let mut listed = Vec::new();
        for text in list.split(' ').filter(|w| !w.is_empty()) {
            let mv = self.position.parse_move(text).ok();
            match mv.filter(|mv| self.legal.contains(mv)) {
                Some(mv) => listed.push(mv),
                None => {
                    return Err(ArenaError::input(format!(
                        "legal: {text} is not a legal move in {} under this engine's rules \
                         (the list must be every legal move: the engine cannot play other rules)",
                        self.position
                    )))
                }
            }
        }
        if let Some(missing) = self.legal.iter().find(|mv| !listed.contains(mv)) {
            return Err(ArenaError::input(format!(
                "legal: the list leaves out {missing}, legal in {} (the list must be every \
                 legal move: the engine cannot search a part of them)",
                self.position
            )));
        }
        Ok(())
    }
}

/// The spec for `game`: `--agent`, or its level's spec, read to check it.
fn checked_spec(args: &EngineArgs, game: &GameSpec) -> Result<String, ArenaError> {
    let spec = resolve_spec(args, game)?;
    let parsed: agents::AgentSpec = spec.parse()?;
    Ok(parsed.as_str().to_string())
}

/// Why `go` has no move in a finished game: its result.
fn game_over(outcome: &engine::Outcome) -> String {
    let result = match outcome.winner() {
        Some(seat) => format!("{seat} won"),
        None if outcome.is_draw() => "a draw".to_string(),
        None => "placed".to_string(),
    };
    format!("the game is over ({result}, {})", outcome.reason())
}
