//! `arena solve chinese-checkers`: the shortest solitaire crossing (`--solitaire`) and
//! the shortest complete two-player game (`--shortest-game`), each by an IDA* search
//! under an admissible bound, stopped cleanly at a node limit.

use std::io::Write;

use engine::games::chinese_checkers::solve::shortest_game::shortest_game;
use engine::games::chinese_checkers::solve::solitaire::shortest_crossing;
use engine::games::chinese_checkers::solve::{Pass, SearchLimits};
use engine::{ChineseCheckers, Game, GameOptions};

use crate::error::ArenaError;
use crate::output::stdout_error;

/// What `arena solve chinese-checkers` was asked.
#[derive(Clone, Copy, Debug)]
pub enum Question {
    /// The fewest moves for one player alone to cross the board.
    Solitaire,
    /// The fewest plies of a complete two-player game.
    ShortestGame,
}

/// The game's options the searches take: the board, and nothing that changes how the
/// pieces move or when the game ends.
fn board(
    options: &GameOptions,
) -> Result<engine::games::chinese_checkers::geometry::BoardShape, ArenaError> {
    let rules = ChineseCheckers::new(options)?.options();
    let plain = engine::games::chinese_checkers::Options {
        board: rules.board,
        players: rules.players,
        ..Default::default()
    };
    if rules != plain || rules.players > 2 {
        return Err(ArenaError::input(
            "arena solve chinese-checkers: only the board option is searched (board=star \
             or board=diamond, 10 pieces, adjacent hops, no other rule options)",
        ));
    }
    Ok(rules.board)
}

/// Runs the search and prints its passes, its result, and how far it is proved.
///
/// # Errors
/// Options the searches do not cover, a bad node limit, or a search that found nothing
/// within the node limit.
pub fn run(
    options: &GameOptions,
    question: Question,
    nodes: u64,
    beam: usize,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let shape = board(options)?;
    if nodes == 0 || beam == 0 {
        return Err(ArenaError::input("--nodes and --beam: at least 1"));
    }
    let limits = SearchLimits {
        nodes,
        ..SearchLimits::default()
    };
    let print = |out: &mut dyn Write, text: String| writeln!(out, "{text}").map_err(stdout_error);
    let passes = |out: &mut dyn Write, passes: &[Pass]| -> Result<(), ArenaError> {
        for pass in passes {
            print(
                out,
                format!("pass: bound {} positions {}", pass.bound, pass.nodes),
            )?;
        }
        Ok(())
    };
    let listed = |moves: &[(u32, u32)]| {
        moves
            .iter()
            .map(|(from, to)| format!("{from}-{to}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match question {
        Question::Solitaire => {
            let crossing = shortest_crossing(shape, beam, limits)
                .map_err(|stopped| ArenaError::failure(format!("no crossing found: {stopped}")))?;
            print(out, format!("board: {}", shape.name()))?;
            print(out, format!("start bound: {}", crossing.start_bound))?;
            passes(out, &crossing.passes)?;
            print(out, format!("moves: {}", crossing.moves.len()))?;
            print(out, format!("crossing: {}", listed(&crossing.moves)))?;
            let proof = if crossing.is_proved() {
                "shortest (every shorter crossing ruled out)".to_string()
            } else {
                format!(
                    "none shorter than {} (node limit {} reached; raise --nodes)",
                    crossing.proved_at_least, nodes
                )
            };
            print(out, format!("proved: {proof}"))?;
            print(
                out,
                format!(
                    "replay: arena play chinese-checkers:board={},players=1 --seat human",
                    shape.name()
                ),
            )?;
        }
        Question::ShortestGame => match shortest_game(shape, limits) {
            Ok(game) => {
                print(out, format!("board: {}", shape.name()))?;
                print(out, format!("start bound: {}", game.start_bound))?;
                passes(out, &game.passes)?;
                print(out, format!("plies: {}", game.plies.len()))?;
                print(out, format!("game: {}", listed(&game.plies)))?;
                print(
                    out,
                    "proved: shortest (every shorter game ruled out)".to_string(),
                )?;
            }
            Err(stopped) => {
                print(out, format!("board: {}", shape.name()))?;
                passes(out, &stopped.passes)?;
                print(out, "plies: not found".to_string())?;
                print(
                    out,
                    format!(
                        "proved: none shorter than {} plies (node limit {} reached; raise \
                         --nodes)",
                        stopped.bound, nodes
                    ),
                )?;
            }
        },
    }
    Ok(())
}
