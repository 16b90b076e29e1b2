//! `arena play` and `arena replay`: one game, printed move by move, and the check that a
//! recorded game replays exactly from its seed.

use std::io::Write;
use std::path::Path;

use agents::{Agent, Evaluate};
use engine::{with_game, Game, GameSpec, Outcome, Seat};

use crate::cli::{parse_game, stdout_error, PlayArgs, ReplayArgs};
use crate::config::RunIdentity;
use crate::error::ArenaError;
use crate::games_csv;
use crate::match_play::{play_game, GameSetup, PlayedGame};
use crate::tournament::winner_label;

/// Runs `arena play`.
///
/// # Errors
/// An unknown game, a bad spec, the wrong number of seats, or a failed write.
pub fn play_command(args: &PlayArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let game = parse_game(&args.game)?;
    let specs: Vec<String> = if args.seat.is_empty() {
        [&args.first, &args.second]
            .iter()
            .filter_map(|s| (*s).clone())
            .collect()
    } else {
        args.seat.clone()
    };
    with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        let setup = GameSetup {
            seed: args.seed,
            opening_plies: args.opening_plies,
            max_plies: args.max_plies.unwrap_or_else(|| start.ply_cap()),
        };
        let played = play_printed::<G>(&start, &specs, &setup, args.show, out)?;
        let _ = played;
    });
    Ok(())
}

/// Plays one game between the agents `specs` (one per seat) and prints it: each move on
/// its own line (and the board after it with `show`), then the result line.
///
/// # Errors
/// The wrong number of specs, a bad spec, or a failed write.
pub fn play_printed<G: Evaluate>(
    start: &G,
    specs: &[String],
    setup: &GameSetup,
    show: bool,
    out: &mut dyn Write,
) -> Result<PlayedGame<G::Move>, ArenaError> {
    let players = start.players();
    if specs.len() != players {
        return Err(ArenaError::input(format!(
            "{} agents given for {}, which seats {players}: expected {}",
            specs.len(),
            G::NAME,
            if players == 2 {
                "--first and --second".to_string()
            } else {
                format!("--seat once per seat ({players} times)")
            }
        )));
    }
    let mut agents: Vec<Box<dyn Agent<G>>> = specs
        .iter()
        .map(|spec| agents::build::<G>(spec))
        .collect::<Result<_, _>>()?;
    let mut seats: Vec<&mut dyn Agent<G>> = agents
        .iter_mut()
        .map(|a| -> &mut dyn Agent<G> { &mut **a })
        .collect();
    let mut written = Ok(());
    if show {
        written = writeln!(out, "{}\n", start.render());
    }
    let played = play_game(start, &mut seats, setup, |before, mv| {
        if written.is_err() {
            return;
        }
        written = writeln!(out, "{mv}");
        if show && written.is_ok() {
            let mut after = before.clone();
            after.play(mv);
            written = writeln!(out, "{}\n", after.render());
        }
    });
    written.map_err(stdout_error)?;
    writeln!(out, "result: {}", result_line(&played)).map_err(stdout_error)?;
    Ok(played)
}

/// The result line after `result: `: `A (goal)`, `draw (stuck)`, and for more than two
/// seats the places too.
pub fn result_line<M>(played: &PlayedGame<M>) -> String {
    let outcome: &Outcome = &played.outcome;
    let winner = outcome
        .winner()
        .map_or("draw".to_string(), |seat| seat.to_string());
    let mut line = format!("{winner} ({})", outcome.reason());
    if outcome.players() > 2 {
        line.push_str(" places");
        for seat in Seat::all(outcome.players()) {
            line.push_str(&format!(" {seat}={}", outcome.place(seat)));
        }
    }
    line
}

/// Reads the recorded config of the run that wrote `games`: its folder's `config.toml`.
///
/// # Errors
/// The file is missing or is not a recorded run config.
pub fn recorded_identity(games: &Path) -> Result<RunIdentity, ArenaError> {
    let path = games.with_file_name("config.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ArenaError::input(format!(
            "cannot read the run's config {}: {e}",
            path.display()
        ))
    })?;
    crate::tournament::parse_recorded(&path, &text)
}

/// Runs `arena replay`.
///
/// # Errors
/// A missing or malformed run, an unknown game_id, or (exit code 1) a replay that
/// differs from the record.
pub fn replay_command(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let identity = recorded_identity(&args.games)?;
    let game: GameSpec = identity.game.parse()?;
    let players = with_game!(game.kind, G => G::new(&game.options)?.players());
    let rows = games_csv::read(&args.games, players)?.rows;
    let row = rows
        .iter()
        .find(|row| row.game_id == args.game)
        .ok_or_else(|| {
            ArenaError::input(format!(
                "no game_id {} in {}: it holds {} games",
                args.game,
                args.games.display(),
                rows.len()
            ))
        })?;
    let specs = row
        .seats
        .iter()
        .map(|name| {
            identity
                .agent
                .iter()
                .find(|a| &a.name == name)
                .map(|a| a.spec.clone())
                .ok_or_else(|| {
                    ArenaError::input(format!("agent {name:?} is not in the run's config"))
                })
        })
        .collect::<Result<Vec<String>, ArenaError>>()?;
    let setup = GameSetup {
        seed: row.seed,
        opening_plies: identity.opening_plies,
        max_plies: identity.max_plies,
    };
    let (moves, winner, end) = with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        let played = play_printed::<G>(&start, &specs, &setup, args.show, out)?;
        let moves: Vec<String> = played.moves.iter().map(|m| m.to_string()).collect();
        (
            moves.join(" "),
            winner_label(&played.outcome),
            played.outcome.reason().as_str(),
        )
    });
    if moves != row.moves {
        let recorded: Vec<&str> = row.moves.split(' ').collect();
        let replayed: Vec<&str> = moves.split(' ').collect();
        let ply = recorded
            .iter()
            .zip(&replayed)
            .position(|(a, b)| a != b)
            .unwrap_or(recorded.len().min(replayed.len()));
        return Err(ArenaError::failure(format!(
            "game {} differs from the record at ply {}: recorded {:?}, replayed {:?}",
            row.game_id,
            ply + 1,
            recorded.get(ply).copied().unwrap_or("(end)"),
            replayed.get(ply).copied().unwrap_or("(end)")
        )));
    }
    if winner != row.winner || end != row.end {
        return Err(ArenaError::failure(format!(
            "game {} ends differently: recorded {} ({}), replayed {winner} ({end})",
            row.game_id, row.winner, row.end
        )));
    }
    Ok(())
}
