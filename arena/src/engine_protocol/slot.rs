//! The engine's agent, built on a thread of its own so that `arena engine` answers
//! `ready` at once: some agents build tables first (the Leapfrog solve, about 1.3 s;
//! Chinese checkers' solitaire bound, about 2 s). What the host asks of the agent before
//! it is built (a reset for a new game, the moves played) waits in order and is done
//! once it is; the first `go` waits for the build. The agent then plays exactly the moves
//! it would have played had it been built first, so games replay from their seeds.

use std::thread::JoinHandle;

use agents::{Agent, Playable};
use engine::Game;

use crate::error::ArenaError;

/// An agent, built or being built, and what waits for it.
pub struct AgentSlot<G: Game> {
    state: State<G>,
    /// What the host asked of the agent while it was being built, in order.
    waiting: Vec<Deferred<G>>,
}

enum State<G: Game> {
    Built(Box<dyn Agent<G>>),
    Building(JoinHandle<Result<Box<dyn Agent<G>>, String>>),
    /// The build failed, or its thread panicked: the reason.
    Failed(String),
}

/// A call on the agent made before it was built.
enum Deferred<G: Game> {
    Reset(u64),
    Observe(G, G::Move),
}

impl<G: Playable> AgentSlot<G> {
    /// Starts building the agent of `spec` (whose text has been parsed already) and
    /// resetting it once, which builds the tables its searches read.
    pub fn start(spec: &str) -> AgentSlot<G> {
        let spec = spec.to_string();
        let handle = std::thread::spawn(move || {
            let mut agent = agents::build::<G>(&spec).map_err(|e| e.to_string())?;
            agent.reset(0);
            Ok(agent)
        });
        AgentSlot {
            state: State::Building(handle),
            waiting: Vec::new(),
        }
    }

    /// Resets the agent for a new game with `seed` (now, or once it is built).
    pub fn reset(&mut self, seed: u64) {
        self.collect_if_done();
        match &mut self.state {
            State::Built(agent) => agent.reset(seed),
            // A reset forgets everything before it.
            _ => {
                self.waiting.clear();
                self.waiting.push(Deferred::Reset(seed));
            }
        }
    }

    /// Tells the agent that `mv` was played in `before` (now, or once it is built).
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        match &mut self.state {
            State::Built(agent) => agent.observe(before, mv),
            _ => self.waiting.push(Deferred::Observe(before.clone(), mv)),
        }
    }

    /// The agent, waiting for its build and catching it up with what waited.
    ///
    /// # Errors
    /// The agent could not be built: the reason.
    pub fn agent(&mut self) -> Result<&mut dyn Agent<G>, ArenaError> {
        if let State::Building(_) = self.state {
            self.finish();
        }
        match &mut self.state {
            State::Built(agent) => Ok(agent.as_mut()),
            State::Failed(reason) => Err(ArenaError::input(reason.clone())),
            State::Building(_) => unreachable!("finished above"),
        }
    }

    /// Takes the built agent if its thread is done, without waiting.
    fn collect_if_done(&mut self) {
        if matches!(&self.state, State::Building(handle) if handle.is_finished()) {
            self.finish();
        }
    }

    /// Waits for the build and does what waited for it.
    fn finish(&mut self) {
        let State::Building(handle) =
            std::mem::replace(&mut self.state, State::Failed(String::new()))
        else {
            return;
        };
        self.state = match handle.join() {
            Ok(Ok(mut agent)) => {
                for call in self.waiting.drain(..) {
                    match call {
                        Deferred::Reset(seed) => agent.reset(seed),
                        Deferred::Observe(before, mv) => agent.observe(&before, mv),
                    }
                }
                State::Built(agent)
            }
            Ok(Err(reason)) => State::Failed(reason),
            Err(_) => State::Failed("the agent's build stopped on an internal error".into()),
        };
    }
}
