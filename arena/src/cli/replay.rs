//! `arena replay`: one game of a run replayed from its seed, every move checked against
//! the record.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use engine::{with_game, Game, GameSpec};

use crate::config::AgentEntry;
use crate::error::ArenaError;
use crate::games_csv::{self, winner_label};
use crate::pdn;
use crate::play::{move_texts, play_printed};
use crate::run_folder::recorded_identity;
use crate::runner::game::GameSetup;
use crate::runner::human::{self, RecordedMoves};

/// `arena replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The `games.csv` of a run (its folder's `config.toml` gives the specs).
    pub games: PathBuf,
    /// The `game_id` (in `games.csv`) of the game to replay. (Elsewhere GAME is a game's
    /// name, as in `leapfrog`; `--game`, this option's old name, still works.)
    #[arg(long = "game-id", value_name = "ID", alias = "game")]
    pub game_id: u64,
    /// Draw the board after each move.
    #[arg(long)]
    pub show: bool,
    /// Write the replayed game as a PDN game record (draughts only) that draughts
    /// software reads; only once the replay matches the record. The file may not exist
    /// yet.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
}

/// Runs `arena replay`.
///
/// # Errors
/// A missing or malformed run, an unknown game_id, or (exit code 1) a replay that
/// differs from the record.
pub(crate) fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let identity = recorded_identity(&args.games)?;
    let game: GameSpec = identity.game.parse()?;
    if let Some(path) = &args.pdn {
        pdn::check_target(game.kind, path)?;
    }
    let players = game.limits()?.players;
    // Read a row at a time: a run's games.csv can hold millions of games.
    let mut reader = games_csv::RowReader::open(&args.games, players)?;
    let (mut found, mut rows) = (None, 0);
    while let Some(row) = reader.next_row()? {
        rows += 1;
        if found.is_none() && row.game_id == args.game_id {
            found = Some(row);
        }
    }
    let row = found.as_ref().ok_or_else(|| {
        ArenaError::input(format!(
            "no game_id {} in {}: it holds {}",
            args.game_id,
            args.games.display(),
            crate::console::counted(rows, "game")
        ))
    })?;
    // Whole entries, so that a program restarts with its options, move timeout and
    // working folder.
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
    // The run's folder may come from anyone: its programs start only with consent.
    let recorded_config = args.games.with_file_name("config.toml");
    for entry in &entries {
        if let Some(Ok(external)) = crate::external::ExternalSpec::from_entry(entry) {
            let what = format!("agent {:?}", entry.name);
            crate::external::consent::check(&recorded_config, &what, &external.command)?;
        }
    }
    let specs: Vec<String> = entries.iter().map(|e| e.spec.clone()).collect();
    let setup = GameSetup {
        seed: row.seed,
        // The games of a set are consecutive from a multiple of the table size.
        rotation: (row.game_id % row.seats.len() as u64) as usize,
        opening_plies: identity.opening_plies,
        opening_draw: 0,
        max_plies: identity.max_plies,
    };
    let (moves, winner, end, outcome, forfeit) = with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        // A balanced run's opening is the draw the run chose, found again from the seed.
        let setup = GameSetup {
            opening_draw: crate::openings::balanced_draw(
                &start,
                setup.seed,
                setup.opening_plies,
                identity.opening_balance,
            ),
            ..setup
        };
        let played = if entries
            .iter()
            .any(|e| e.command.is_none() && human::is_human(&e.spec))
        {
            // A person's moves cannot be regenerated: check that each recorded move is
            // legal, then play them back while the agents regenerate theirs.
            human::check_recorded_moves(&start, &row.moves).map_err(|e| {
                ArenaError::differs(format!("game {} has an illegal move at {e}", row.game_id))
            })?;
            let mut recorded = RecordedMoves::new(&row.moves);
            play_printed::<G>(&start, &game, &entries, &setup, args.show, &mut recorded, out)?
        } else {
            let mut nobody = RecordedMoves::new("");
            play_printed::<G>(&start, &game, &entries, &setup, args.show, &mut nobody, out)?
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
        return Err(ArenaError::differs(format!(
            "game {} differs from the record at ply {}: recorded {:?}, replayed {:?}",
            row.game_id,
            ply + 1,
            recorded.get(ply).copied().unwrap_or("(end)"),
            replayed.get(ply).copied().unwrap_or("(end)")
        )));
    }
    if winner != row.winner || end != row.end {
        return Err(ArenaError::differs(format!(
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
