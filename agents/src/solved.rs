//! What agents draw from a game's exact results: the [`Solved`] trait. Leapfrog Race is
//! solved whole (the `perfect` agent); English checkers has endgame tables that the
//! perfect agent, minimax and MCTS read (`table=FILE`). Every other game takes the
//! defaults: no tables, no perfect player.

use std::path::Path;

use engine::games::draughts::endgame::Endgame;
use engine::games::leapfrog::solve::Entry;
use engine::Game;

use crate::agent::Agent;
use crate::spec::SpecError;

/// A game's exact results, as far as it has any.
pub trait Solved: Game {
    /// The entry of endgame tables for this position (its value for the side to move and
    /// the plies to the end under perfect play), when the game has such tables and they
    /// cover it: English checkers; `None` for every other game. Minimax and MCTS with
    /// `table=FILE` stop their search there.
    fn table_entry(&self, tables: &Endgame) -> Option<Entry> {
        let _ = tables;
        None
    }

    /// The perfect player of a solved game, from the table file at `table` (or a solve
    /// in this process when `None`); `None` for games that are not solved.
    fn perfect_agent(
        spec: String,
        table: Option<&Path>,
    ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        let _ = (spec, table);
        None
    }
}
