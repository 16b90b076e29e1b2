//! An external agent in a seat: the protocol's host side for one game at a time, its
//! process taken from a pool (one a worker thread, kept across games) and started lazily,
//! and every fault turned into the [`Forfeit`] that ends the game.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use agents::{Agent, Forfeit, Playable};
use engine::{EndReason, Game, GameKind, GameSpec};

use super::forfeits::{closed, crash, silence};
use super::hub;
use super::process::Process;
use super::{ExternalSpec, Protocol};
use crate::entrant::AgentEntry;
use crate::error::ArenaError;

/// The idle processes of one external agent. A worker takes one for a game's seat and
/// gives it back afterwards, so that there is one process per agent and worker thread,
/// kept across games; dropping the pool stops them all.
#[derive(Default)]
pub struct ProcessPool {
    idle: Mutex<Vec<Process>>,
}

impl ProcessPool {
    fn take(&self) -> Option<Process> {
        self.idle.lock().ok()?.pop()
    }

    fn give_back(&self, process: Process) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(process);
        }
    }
}

/// What the seats of one run share: where external agents' standard error goes, and the
/// pools of their processes by agent name. Dropping it stops every idle process.
#[derive(Default)]
pub struct Seating {
    log_dir: Option<PathBuf>,
    pools: Mutex<HashMap<String, Arc<ProcessPool>>>,
}

impl Seating {
    /// Seats whose agents' standard error goes to `<log_dir>/<name>.log` (the folder is
    /// created when first needed), or to the arena's own with `None`.
    pub fn new(log_dir: Option<PathBuf>) -> Seating {
        Seating {
            log_dir,
            pools: Mutex::default(),
        }
    }

    fn pool(&self, name: &str) -> Arc<ProcessPool> {
        let mut pools = self.pools.lock().unwrap_or_else(|e| e.into_inner());
        pools.entry(name.to_string()).or_default().clone()
    }

    /// Stops every idle process now.
    pub fn stop_all(&self) {
        let mut pools = self.pools.lock().unwrap_or_else(|e| e.into_inner());
        pools.clear();
    }
}

/// Builds the agent of `entry` for games of `game`: an external one for a `command` entry
/// or a `cmd:` spec, else the arena's own.
///
/// # Errors
/// A bad spec or external description.
pub fn build<G: Playable>(
    entry: &AgentEntry,
    game: &GameSpec,
    seating: &Seating,
) -> Result<Box<dyn Agent<G>>, ArenaError> {
    match ExternalSpec::from_entry(entry) {
        None => {
            crate::slow_start::announce(game.kind, &entry.spec);
            Ok(agents::build::<G>(&entry.spec)?)
        }
        Some(spec) => {
            let spec = spec?;
            if spec.protocol == Protocol::Hub && game.kind != GameKind::International {
                return Err(ArenaError::input(format!(
                    "agent {:?}: protocol \"hub\": Hub engines play International draughts \
                     (Hub's normal variant), not {game}",
                    entry.name
                )));
            }
            let start = G::new(&game.options)?;
            let log = seating.log_dir.as_ref().map(|dir| {
                let _ = std::fs::create_dir_all(dir);
                dir.join(format!("{}.log", file_name(&entry.name)))
            });
            Ok(Box::new(ExternalAgent::<G> {
                label: entry.spec.clone(),
                spec,
                game: game.to_string(),
                default_start: start.to_string(),
                log,
                pool: seating.pool(&entry.name),
                process: None,
                seed: 0,
                seat_start: None,
                moves: String::from("moves"),
                newgame_sent: false,
                line: String::new(),
                legal: Vec::new(),
            }))
        }
    }
}

/// `name` as a file name: characters other than letters, digits, `-`, `_` and `.`
/// become `_` (a name may be a whole `cmd:` spec, slashes included).
fn file_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A seat played by a program that speaks the arena protocol.
pub struct ExternalAgent<G: Game> {
    label: String,
    spec: ExternalSpec,
    game: String,
    default_start: String,
    log: Option<PathBuf>,
    pool: Arc<ProcessPool>,
    process: Option<Process>,
    seed: u64,
    /// The position this game started from, once known (the first move observed, or the
    /// first position to choose in).
    seat_start: Option<String>,
    /// The `moves` line of this game so far.
    moves: String,
    newgame_sent: bool,
    line: String,
    legal: Vec<G::Move>,
}

impl<G: Game> ExternalAgent<G> {
    /// The running process, started (and greeted) if there is none.
    fn process(&mut self) -> Result<&mut Process, Forfeit> {
        if self.process.is_none() {
            let process = match self.pool.take() {
                Some(process) => process,
                None => self.start()?,
            };
            self.process = Some(process);
        }
        Ok(self.process.as_mut().expect("set above"))
    }

    fn start(&self) -> Result<Process, Forfeit> {
        let mut process = Process::start(&self.spec, self.log.as_deref())
            .map_err(|e| crash(format!("cannot start {}: {e}", self.spec.command.join(" "))))?;
        if self.spec.protocol == Protocol::Hub {
            hub::start(&mut process, &self.spec)?;
            return Ok(process);
        }
        process.send("arena 1").map_err(closed)?;
        for (key, value) in &self.spec.options {
            process
                .send(&format!("option {key}={value}"))
                .map_err(closed)?;
        }
        process.flush().map_err(closed)?;
        process
            .expect("ready", Instant::now() + self.spec.move_timeout)
            .map_err(|why| silence(why, "start-up"))?;
        Ok(process)
    }

    /// One exchange of a turn: the lines of the position, then the agent's move.
    fn ask(&mut self, position: &G) -> Result<G::Move, Forfeit> {
        let timeout = self.spec.move_timeout;
        if self.spec.protocol == Protocol::Hub {
            // Hub is sent the position itself, not the moves that led to it.
            let (first, seed) = (!self.newgame_sent, self.seed);
            let process = self.process()?;
            if first {
                hub::new_game(process, seed)?;
            }
            self.newgame_sent = true;
            let process = self.process.as_mut().expect("started above");
            return hub::ask(process, &self.spec, position, timeout);
        }
        if !self.newgame_sent {
            let seat = position.to_move();
            let newgame = format!("newgame {} seat={seat} seed={}", self.game, self.seed);
            let process = self.process()?;
            process.send(&newgame).map_err(closed)?;
            process.flush().map_err(closed)?;
            process
                .expect("ready", Instant::now() + timeout)
                .map_err(|why| silence(why, "newgame"))?;
            self.newgame_sent = true;
        }
        // Nothing here allocates once the buffers have grown: this is every ply's cost.
        let start = self.seat_start.get_or_insert_with(|| position.to_string());
        self.line.clear();
        self.line.push_str("legal");
        position.generate_moves(&mut self.legal);
        for mv in &self.legal {
            let _ = write!(self.line, " {mv}");
        }
        let process = self.process.as_mut().expect("started for newgame");
        if *start != self.default_start {
            process.send_parts(&["position ", start]).map_err(closed)?;
        }
        process.send(&self.moves).map_err(closed)?;
        process.send(&self.line).map_err(closed)?;
        process.send("go").map_err(closed)?;
        process.flush().map_err(closed)?;
        let answer = process
            .expect("move", Instant::now() + timeout)
            .map_err(|why| silence(why, "go"))?;
        let answer = answer.trim();
        if answer == "resign" {
            return Err(Forfeit {
                reason: EndReason::Resign,
                detail: "resigned".into(),
            });
        }
        position.parse_move(answer).map_err(|e| Forfeit {
            reason: EndReason::Illegal,
            detail: format!("unreadable move {answer:?}: {e}"),
        })
    }
}

impl<G: Game> Agent<G> for ExternalAgent<G> {
    fn spec(&self) -> &str {
        &self.label
    }

    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.seat_start = None;
        self.moves.clear();
        self.moves.push_str("moves");
        self.newgame_sent = false;
    }

    fn choose(&mut self, position: &G) -> G::Move {
        match self.try_choose(position) {
            Ok(mv) => mv,
            Err(forfeit) => panic!("{}", forfeit.detail),
        }
    }

    fn try_choose(&mut self, position: &G) -> Result<G::Move, Forfeit> {
        let answer = self.ask(position);
        if matches!(&answer, Err(f) if f.reason != EndReason::Resign) {
            // A process that failed is out of step with the protocol: stop it, and start
            // a fresh one for the next game.
            self.process = None;
            self.newgame_sent = false;
        }
        answer
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        if self.seat_start.is_none() {
            self.seat_start = Some(before.to_string());
        }
        let _ = write!(self.moves, " {mv}");
    }
}

impl<G: Game> Drop for ExternalAgent<G> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            self.pool.give_back(process);
        }
    }
}
