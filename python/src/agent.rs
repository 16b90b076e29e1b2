//! An agent of the `agents` crate for any game, behind one object-safe trait,
//! [`Chooser`]: built from a spec (a shipped level resolved first), seeded, choosing a
//! move for a [`Position`] of its own game.

use agents::shipped_levels::level_spec;
use agents::Agent;
use engine::GameSpec;

use crate::encode::Encoded;
use crate::state::{Playing, Position};

/// The prefix of a spec that names a shipped level (`level:hard`, `level:elo=1200`).
const LEVEL_PREFIX: &str = "level:";

/// A seeded agent of one game, whatever the game.
pub trait Chooser: Send {
    /// The spec it plays (a level's own spec for a level).
    fn spec(&self) -> &str;
    /// Starts a new game's choices from `seed`.
    fn reset(&mut self, seed: u64);
    /// The move it chooses for `position` (a game in progress of its own game).
    fn choose(&mut self, position: &mut dyn Position) -> Result<String, String>;
    /// Tells it that the move `text` is about to be played in `position`.
    fn observe(&mut self, position: &mut dyn Position, text: &str) -> Result<(), String>;
}

/// The spec a written spec stands for: a shipped level's own spec, or the spec itself.
///
/// # Errors
/// A level the game's shipped set lacks, or a rating outside its range.
pub fn resolve(spec: &str, game: &GameSpec) -> Result<String, String> {
    match spec.trim().strip_prefix(LEVEL_PREFIX) {
        None => Ok(spec.trim().to_string()),
        Some(name) => level_spec(game, name.trim()),
    }
}

/// An agent of the game `G`.
pub struct Seated<G: Encoded> {
    agent: Box<dyn Agent<G>>,
}

impl<G: Encoded> Seated<G> {
    /// The agent the (resolved) spec names.
    ///
    /// # Errors
    /// The spec's error.
    pub fn build(spec: &str) -> Result<Seated<G>, String> {
        let agent = agents::build::<G>(spec).map_err(|e| e.to_string())?;
        Ok(Seated { agent })
    }

    /// The game in progress, if it is a game `G`.
    fn playing(position: &mut dyn Position) -> Result<&mut Playing<G>, String> {
        position
            .as_any_mut()
            .downcast_mut::<Playing<G>>()
            .ok_or_else(|| format!("this agent plays {}: the state is of another game", G::NAME))
    }
}

impl<G: Encoded> Chooser for Seated<G> {
    fn spec(&self) -> &str {
        self.agent.spec()
    }

    fn reset(&mut self, seed: u64) {
        self.agent.reset(seed);
    }

    fn choose(&mut self, position: &mut dyn Position) -> Result<String, String> {
        let playing = Self::playing(position)?;
        if engine::Game::is_over(&playing.position) {
            return Err("the game is over: no move to choose".into());
        }
        Ok(self.agent.choose(&playing.position).to_string())
    }

    fn observe(&mut self, position: &mut dyn Position, text: &str) -> Result<(), String> {
        let playing = Self::playing(position)?;
        let mv = engine::Game::parse_move(&playing.position, text).map_err(|e| e.to_string())?;
        self.agent.observe(&playing.position, mv);
        Ok(())
    }
}
