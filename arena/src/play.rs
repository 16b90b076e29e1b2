//! One game of `arena play` and `arena replay`, printed move by move (human seats
//! through [`crate::runner::human`], in the one game loop), saved with `--record`.

use std::io::Write;
use std::path::Path;

use agents::Playable;
use engine::{Game, GameSpec, Outcome, Seat};

use crate::config::{AgentEntry, RunIdentity};
use crate::error::ArenaError;
use crate::external::Seating;
use crate::games_csv::{self, GameRow};
use crate::output::{stdout_error, write_atomically};
use crate::runner::game::{GameSetup, PlayedGame, Printed};
use crate::runner::human::{self, HumanSide, Player};

/// The moves of `played` as the engine prints them.
pub(crate) fn move_texts<M: std::fmt::Display>(played: &PlayedGame<M>) -> Vec<String> {
    played.moves.iter().map(ToString::to_string).collect()
}

/// Checks that `--record FILE` would create its files, not replace a run's.
pub(crate) fn check_record_is_new(record: &Path) -> Result<(), ArenaError> {
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
pub(crate) fn play_identity(
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
        opening_balance: None,
        max_plies: setup.max_plies,
        anchor: agent[0].name.clone(),
        bootstrap: 1000,
        agent,
    }
}

/// Writes a played game as game 0 of a one-game run: `record` (a `games.csv`) and the
/// `config.toml` beside it.
pub(crate) fn write_record<G: Game>(
    record: &Path,
    identity: &RunIdentity,
    played: &PlayedGame<G::Move>,
) -> Result<(), ArenaError> {
    let players = identity.agent.len();
    let seats = identity.agent.iter().map(|a| a.name.clone()).collect();
    let row = GameRow::from_played::<G>(0, 0, identity.seed, seats, played);
    if let Some(dir) = record.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    }
    let command: Vec<String> = std::env::args().collect();
    let config = crate::run_folder::recorded_config_text(identity, &command.join(" "))?;
    write_atomically(&record.with_file_name("config.toml"), config.as_bytes())?;
    write_atomically(record, games_csv::sorted_text(&[row], players).as_bytes())
}

/// Checks that `given` players seat every player of `start`.
fn check_seat_count<G: Game>(start: &G, given: usize) -> Result<(), ArenaError> {
    let players = start.players();
    if given != players {
        return Err(ArenaError::input(format!(
            "{} given for {}, which seats {players}: expected {}",
            crate::console::counted(given, "agent"),
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

/// Plays one game between the players `entries` (one per seat: agents, programs, or
/// `human` seats speaking through `humans`) and prints it: each move on its own line (and
/// the board after it with `show`), take-backs, then the result line.
///
/// # Errors
/// The wrong number of players, a bad spec, or a failed read or write.
pub fn play_printed<G: Playable>(
    start: &G,
    game: &GameSpec,
    entries: &[AgentEntry],
    setup: &GameSetup,
    show: bool,
    humans: &mut dyn HumanSide<G>,
    out: &mut dyn Write,
) -> Result<PlayedGame<G::Move>, ArenaError> {
    check_seat_count(start, entries.len())?;
    // External agents' standard error stays on the terminal; their processes stop when
    // the players are dropped, at the end of this function.
    let seating = Seating::new(None);
    let mut players: Vec<Player<G>> = entries
        .iter()
        .map(|entry| Player::build(entry, game, &seating))
        .collect::<Result<_, _>>()?;
    let with_people = players.iter().any(|p| matches!(p, Player::Human));
    let mut view = Printed {
        out: &mut *out,
        show,
    };
    let played =
        human::play_with_humans(start, &mut players, humans, setup, &mut view).map_err(|e| {
            if with_people {
                ArenaError::failure(format!("cannot play on: {e}"))
            } else {
                stdout_error(e)
            }
        })?;
    writeln!(out, "result: {}", result_line(&played)).map_err(stdout_error)?;
    Ok(played)
}

/// The result line after `result: `: `A (goal)`, `draw (stuck)`, and for more than two
/// seats the places too, with the seats that share first place named (`B and C
/// (resign)`): a draw is only a game every seat shares.
pub fn result_line<M>(played: &PlayedGame<M>) -> String {
    let outcome: &Outcome = &played.outcome;
    let first: Vec<String> = Seat::all(outcome.players())
        .filter(|seat| outcome.place(*seat) == 1)
        .map(|seat| seat.to_string())
        .collect();
    let winner = if first.len() == outcome.players() {
        "draw".to_string()
    } else {
        first.join(" and ")
    };
    let mut line = format!("{winner} ({})", outcome.reason());
    if outcome.players() > 2 {
        line.push_str(" places");
        for seat in Seat::all(outcome.players()) {
            line.push_str(&format!(" {seat}={}", outcome.place(seat)));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_line_names_who_shares_first_place() {
        use engine::EndReason;
        let line = |scores: &[i32], reason| {
            result_line(&PlayedGame::<u8> {
                moves: Vec::new(),
                outcome: Outcome::from_scores(scores, reason),
                forfeit: None,
            })
        };
        assert_eq!(
            line(&[0, 1, 1], EndReason::Resign),
            "B and C (resign) places A=3 B=1 C=1"
        );
        assert_eq!(
            line(&[5, 0, 3], EndReason::Resign),
            "A (resign) places A=1 B=3 C=2"
        );
        assert_eq!(
            line(&[2, 2, 2], EndReason::Stuck),
            "draw (stuck) places A=1 B=1 C=1"
        );
        assert_eq!(line(&[1, 1], EndReason::Stuck), "draw (stuck)");
        assert_eq!(line(&[0, 1], EndReason::Resign), "B (resign)");
    }

    #[test]
    fn recorded_seats_are_named_by_their_specs_or_their_labels() {
        let setup = GameSetup {
            seed: 3,
            rotation: 0,
            opening_plies: 0,
            opening_draw: 0,
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
