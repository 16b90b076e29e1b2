//! `arena play` and `arena replay`: one game, printed move by move (with human seats
//! through [`crate::human`]), saved with `--record`, and the check that a recorded game
//! replays exactly from its seed.

use std::io::{BufRead, Write};
use std::path::Path;

use agents::{Agent, Evaluate};
use engine::{with_game, Game, GameSpec, Outcome, Seat};

use crate::cli::{parse_game, stdout_error, PlayArgs, ReplayArgs};
use crate::config::{AgentEntry, RunIdentity};
use crate::error::ArenaError;
use crate::external::{self, Seating};
use crate::games_csv::winner_label;
use crate::games_csv::{self, GameRow};
use crate::human::{self, Console, HumanSide, Player, RecordedMoves};
use crate::levels::{self, Levels};
use crate::match_play::{play_game, GameSetup, PlayedGame};
use crate::pdn;

/// Runs `arena play`; a human seat reads its moves from `input`, a terminal when
/// `input_is_terminal` (which shows what is typed; other input is echoed after each
/// prompt).
///
/// # Errors
/// An unknown game, a bad spec or level, the wrong number of seats, a record file that
/// exists already, or a failed read or write.
pub fn play_command(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    input_is_terminal: bool,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let game = parse_game(&args.game)?;
    let written: Vec<String> = if args.seat.is_empty() {
        [&args.first, &args.second]
            .iter()
            .filter_map(|s| (*s).clone())
            .collect()
    } else {
        args.seat.clone()
    };
    if let Some(record) = &args.record {
        check_record_is_new(record)?;
    }
    if let Some(path) = &args.pdn {
        pdn::check_target(game.kind, path)?;
    }
    if args.position.is_some() && (args.record.is_some() || args.pdn.is_some()) {
        return Err(ArenaError::input(
            "--position: a game from a position of its own cannot be recorded (a run's \
             games start from the game's start): leave out --record and --pdn",
        ));
    }
    with_game!(game.kind, G => {
        let start = match &args.position {
            Some(text) => G::parse_position(text)?,
            None => G::new(&game.options)?,
        };
        let levels_path = args
            .levels
            .clone()
            .unwrap_or_else(|| levels::default_path(G::NAME));
        let specs = levels::resolve_all(&written, &levels_path)?;
        let setup = GameSetup {
            seed: args.seed,
            opening_plies: args.opening_plies,
            max_plies: args.max_plies.unwrap_or_else(|| start.ply_cap()),
        };
        let played = if specs.iter().any(|spec| human::is_human(spec)) {
            let hint_spec = Levels::load(&levels_path)
                .and_then(|levels| levels.spec(human::HINT_LEVEL).map(str::to_string))
                .map_err(|e| e.to_string());
            let mut console =
                Console::<_, G>::new(input, hint_spec, args.seed).echoing(!input_is_terminal);
            play_printed_with_humans::<G>(&start, &specs, &setup, args.show, &mut console, out)?
        } else {
            let entries: Vec<AgentEntry> = specs
                .iter()
                .zip(games_csv::SEAT_LABELS)
                .map(|(spec, label)| AgentEntry::of_spec(label, spec))
                .collect();
            play_printed::<G>(&start, &game, &entries, &setup, args.show, out)?
        };
        if let Some(record) = &args.record {
            let identity = play_identity(&args.game, &written, &specs, &setup);
            write_record(record, &identity, &played)?;
        }
        if let Some(path) = &args.pdn {
            let event = format!("{} game, seed {}", game, args.seed);
            let info = pdn::RecordInfo {
                event: &event,
                round: "-",
                seats: &specs,
                outcome: &played.outcome,
                forfeit: played.forfeit.as_ref(),
            };
            pdn::write_file(path, &game, &info, &move_texts(&played))?;
        }
    });
    Ok(())
}

/// The moves of `played` as the engine prints them.
fn move_texts<M: std::fmt::Display>(played: &PlayedGame<M>) -> Vec<String> {
    played.moves.iter().map(ToString::to_string).collect()
}

/// Checks that `--record FILE` would create its files, not replace a run's.
fn check_record_is_new(record: &Path) -> Result<(), ArenaError> {
    let config = record.with_file_name("config.toml");
    for path in [record, config.as_path()] {
        if path.exists() {
            return Err(ArenaError::input(format!(
                "--record {}: {} exists already: record into a new folder, or remove it",
                record.display(),
                path.display()
            )));
        }
    }
    Ok(())
}

/// The identity of a one-game "run" of `arena play`: each seat named by the spec as
/// written (`human`, `level:hard`, `greedy`) where that is a valid, distinct name, else by
/// its seat label (`first`, `second`, ...), with the resolved spec.
fn play_identity(
    game: &str,
    written: &[String],
    specs: &[String],
    setup: &GameSetup,
) -> RunIdentity {
    let mut agent: Vec<AgentEntry> = Vec::new();
    for (seat, (name, spec)) in written.iter().zip(specs).enumerate() {
        let name = name.trim();
        let valid = !name.is_empty() && !name.contains([',', '"']);
        let distinct = written.iter().filter(|w| w.trim() == name).count() == 1;
        let name = if valid && distinct {
            name.to_string()
        } else {
            games_csv::SEAT_LABELS[seat].to_string()
        };
        agent.push(AgentEntry::of_spec(&name, spec.trim()));
    }
    RunIdentity {
        game: game.trim().to_string(),
        seed: setup.seed,
        games_per_pair: 1,
        opening_plies: setup.opening_plies,
        max_plies: setup.max_plies,
        anchor: agent[0].name.clone(),
        bootstrap: 1000,
        agent,
    }
}

/// Writes a played game as game 0 of a one-game run: `record` (a `games.csv`) and the
/// `config.toml` beside it.
fn write_record<M: std::fmt::Display>(
    record: &Path,
    identity: &RunIdentity,
    played: &PlayedGame<M>,
) -> Result<(), ArenaError> {
    let players = identity.agent.len();
    let seats = identity.agent.iter().map(|a| a.name.clone()).collect();
    let row = GameRow::from_played(0, 0, identity.seed, seats, played);
    if let Some(dir) = record.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    }
    let command: Vec<String> = std::env::args().collect();
    let config = crate::tournament::recorded_config_text(identity, &command.join(" "))?;
    games_csv::write_atomically(&record.with_file_name("config.toml"), config.as_bytes())?;
    games_csv::write_atomically(record, games_csv::sorted_text(&[row], players).as_bytes())
}

/// Checks that `specs` seat every player of `start`.
fn check_seat_count<G: Game>(start: &G, specs: &[String]) -> Result<(), ArenaError> {
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
    Ok(())
}

/// Plays one game in which some seats are `human` (speaking through `humans`) and prints
/// it as [`play_printed`] does, take-backs included.
///
/// # Errors
/// The wrong number of specs, a bad spec, or a failed read or write.
pub fn play_printed_with_humans<G: Evaluate>(
    start: &G,
    specs: &[String],
    setup: &GameSetup,
    show: bool,
    humans: &mut dyn HumanSide<G>,
    out: &mut dyn Write,
) -> Result<PlayedGame<G::Move>, ArenaError> {
    check_seat_count(start, specs)?;
    let mut players: Vec<Player<G>> = specs
        .iter()
        .map(|spec| Player::build(spec))
        .collect::<Result<_, _>>()?;
    let played = human::play_with_humans(start, &mut players, humans, setup, show, out)
        .map_err(|e| ArenaError::failure(format!("cannot play on: {e}")))?;
    writeln!(out, "result: {}", result_line(&played)).map_err(stdout_error)?;
    Ok(played)
}

/// Plays one game between the agents `entries` (one per seat, the arena's own or external
/// programs) and prints it: each move on its own line (and the board after it with
/// `show`), then the result line.
///
/// # Errors
/// The wrong number of agents, a bad spec, or a failed write.
pub fn play_printed<G: Evaluate>(
    start: &G,
    game: &GameSpec,
    entries: &[AgentEntry],
    setup: &GameSetup,
    show: bool,
    out: &mut dyn Write,
) -> Result<PlayedGame<G::Move>, ArenaError> {
    let specs: Vec<String> = entries.iter().map(|e| e.spec.clone()).collect();
    check_seat_count(start, &specs)?;
    // External agents' standard error stays on the terminal; their processes stop when
    // the agents are dropped, at the end of this function.
    let seating = Seating::new(None);
    let mut agents: Vec<Box<dyn Agent<G>>> = entries
        .iter()
        .map(|entry| external::build::<G>(entry, game, &seating))
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
    if let Some(path) = &args.pdn {
        pdn::check_target(game.kind, path)?;
    }
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
    let entries = row
        .seats
        .iter()
        .map(|name| {
            identity
                .agent
                .iter()
                .find(|a| &a.name == name)
                .cloned()
                .ok_or_else(|| {
                    ArenaError::input(format!("agent {name:?} is not in the run's config"))
                })
        })
        .collect::<Result<Vec<AgentEntry>, ArenaError>>()?;
    let specs: Vec<String> = entries.iter().map(|e| e.spec.clone()).collect();
    let setup = GameSetup {
        seed: row.seed,
        opening_plies: identity.opening_plies,
        max_plies: identity.max_plies,
    };
    let (moves, winner, end, outcome, forfeit) = with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        let played = if specs.iter().any(|spec| human::is_human(spec)) {
            // A person's moves cannot be regenerated: check that each recorded move is
            // legal, then play them back while the agents regenerate theirs.
            human::check_recorded_moves(&start, &row.moves).map_err(|e| {
                ArenaError::failure(format!("game {} has an illegal move at {e}", row.game_id))
            })?;
            let mut recorded = RecordedMoves::new(&row.moves);
            play_printed_with_humans::<G>(&start, &specs, &setup, args.show, &mut recorded, out)?
        } else {
            play_printed::<G>(&start, &game, &entries, &setup, args.show, out)?
        };
        (
            move_texts(&played),
            winner_label(&played.outcome),
            played.outcome.reason().as_str(),
            played.outcome,
            played.forfeit.clone(),
        )
    });
    let move_list = moves;
    let moves = move_list.join(" ");
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
    if let Some(path) = &args.pdn {
        let event = format!("{} round robin, seed {}", game, identity.seed);
        let round = row.game_id.to_string();
        let info = pdn::RecordInfo {
            event: &event,
            round: &round,
            seats: &specs,
            outcome: &outcome,
            forfeit: forfeit.as_ref(),
        };
        pdn::write_file(path, &game, &info, &move_list)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_seats_are_named_by_their_specs_or_their_labels() {
        let setup = GameSetup {
            seed: 3,
            opening_plies: 0,
            max_plies: 200,
        };
        let names = |written: &[&str]| -> Vec<String> {
            let written: Vec<String> = written.iter().map(|w| w.to_string()).collect();
            play_identity("leapfrog", &written, &written, &setup)
                .agent
                .into_iter()
                .map(|a| a.name)
                .collect()
        };
        assert_eq!(names(&["human", "level:hard"]), ["human", "level:hard"]);
        assert_eq!(names(&["greedy", "greedy"]), ["first", "second"]);
        assert_eq!(
            names(&["mcts:iterations=9,c=1", "human"]),
            ["first", "human"]
        );
    }
}
