//! `arena solve chinese-checkers`: the shortest solitaire crossing (`--solitaire`, by
//! a search from both ends stopped cleanly at a number of positions held) and the
//! shortest complete two-player game (`--shortest-game`, by the search of its row
//! counts, then IDA* stopped cleanly at a node limit for any lengths left), each under
//! an admissible bound.

use std::io::Write;

use engine::games::chinese_checkers::solve::shortest_game::shortest_game;
use engine::games::chinese_checkers::solve::solitaire::shortest_crossing;
use engine::games::chinese_checkers::solve::SearchLimits;
use engine::{ChineseCheckers, Game, GameOptions};

use crate::error::ArenaError;
use crate::output::stdout_error;

/// The beams' default widths: the crossing's finds 27 moves in a few seconds; the game's
/// needs 100,000 to find 11 plies (10,000 finds 14).
const CROSSING_BEAM: usize = 10_000;
const GAME_BEAM: usize = 100_000;

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
    beam: Option<usize>,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let shape = board(options)?;
    if nodes == 0 || beam == Some(0) {
        return Err(ArenaError::input("--nodes and --beam: at least 1"));
    }
    let limits = SearchLimits {
        nodes,
        ..SearchLimits::default()
    };
    writeln!(out, "board: {}", shape.name()).map_err(stdout_error)?;
    // The crossing's layers are printed as they finish: the full proof runs for the
    // better part of an hour.
    let mut progress = Ok(());
    let (solution, words, players) = match question {
        Question::Solitaire => (
            shortest_crossing(
                shape,
                beam.unwrap_or(CROSSING_BEAM),
                limits,
                |longest, depth, n| {
                    if progress.is_ok() {
                        progress = writeln!(
                            out,
                            "layer: crossings of at most {longest} moves, depth {depth}, \
                             positions {n}"
                        );
                    }
                },
            ),
            ["moves", "crossing", " moves"],
            "players=1 --seat human",
        ),
        Question::ShortestGame => (
            shortest_game(shape, beam.unwrap_or(GAME_BEAM), limits),
            ["plies", "game", " plies"],
            "players=2 --first human --second human",
        ),
    };
    progress.map_err(stdout_error)?;
    let [count, what, unit] = words;
    let solution =
        solution.map_err(|stopped| ArenaError::failure(format!("no {what} found: {stopped}")))?;
    let mut lines = Vec::new();
    if let Question::ShortestGame = question {
        // The row counts' layers; the search rules out as many plies as it finished.
        for (plies, n) in solution.layers.iter().enumerate() {
            lines.push(format!(
                "layer: row counts after {plies} plies, positions {n}"
            ));
        }
        lines.push(format!("row bound: {}", solution.layers.len()));
    }
    lines.push(format!("start bound: {}", solution.start_bound));
    for pass in &solution.passes {
        lines.push(format!(
            "pass: bound {} positions {}",
            pass.bound, pass.nodes
        ));
    }
    let listed: Vec<String> = solution
        .moves
        .iter()
        .map(|(from, to)| format!("{from}-{to}"))
        .collect();
    lines.push(format!("{count}: {}", solution.moves.len()));
    lines.push(format!("{what}: {}", listed.join(" ")));
    lines.push(if solution.is_proved() {
        format!("proved: shortest (every shorter {what} ruled out)")
    } else {
        let limit = match question {
            Question::Solitaire => "positions held",
            Question::ShortestGame => "node limit",
        };
        format!(
            "proved: none shorter than {}{unit} ({limit} {nodes} reached; raise --nodes)",
            solution.proved_at_least
        )
    });
    lines.push(format!(
        "replay: arena play chinese-checkers:board={},{players}",
        shape.name()
    ));
    for line in lines {
        writeln!(out, "{line}").map_err(stdout_error)?;
    }
    Ok(())
}
