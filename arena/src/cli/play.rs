//! `arena play`: one game between agents, or against them yourself, printed move by move.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use engine::{with_game, Game, GameSpec};

use crate::config::AgentEntry;
use crate::error::ArenaError;
use crate::levels::{self, Levels};
use crate::pdn;
use crate::play::{check_record_is_new, move_texts, play_identity, play_printed, write_record};
use crate::runner::game::GameSetup;
use crate::runner::human::{self, Console, RecordedMoves};

/// `arena play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, with options if any.
    pub game: String,
    /// Spec of the player in seat A, which moves first: an agent (e.g. `minimax:depth=4`),
    /// a level (`level:easy`, `level:medium`, `level:hard`, or a rating on the levels'
    /// curve, `level:elo=1200`), `human` (you, at the
    /// keyboard: type a move, `hint`, `undo` or `quit`), or a program that speaks the
    /// arena protocol, `cmd:` and its command line split at spaces (e.g.
    /// `cmd:python3 bots/mine.py`; see docs/protocol.md).
    #[arg(long, required_unless_present = "seat")]
    pub first: Option<String>,
    /// Spec of the player in seat B (as for --first).
    #[arg(long, required_unless_present = "seat")]
    pub second: Option<String>,
    /// Spec of each seat in turn order, once per seat (games of more than two players).
    #[arg(long, conflicts_with_all = ["first", "second"])]
    pub seat: Vec<String>,
    /// The game's seed: the opening and every agent's seed derive from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Seeded random plies before the agents take over.
    #[arg(long, default_value_t = 0)]
    pub opening_plies: u32,
    /// Stop after this many plies and let progress decide (default: the game's cap).
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Draw the board after each move.
    #[arg(long)]
    pub show: bool,
    /// Start from this position (in the game's notation) instead of the start; it is
    /// checked against what the rules allow.
    #[arg(long, conflicts_with_all = ["record", "pdn"])]
    pub position: Option<String>,
    /// The levels that `level:NAME` specs and `hint` read: a `difficulty.toml`, or a
    /// built-in set's name (default: the built-in set of the game as played).
    #[arg(long, value_name = "FILE")]
    pub levels: Option<PathBuf>,
    /// Save the game as a one-game `games.csv` (with a `config.toml` beside it) for
    /// `arena replay` and `arena analyze`. Neither file may exist yet.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Also write the game as a PDN game record (draughts only) that draughts software
    /// reads. The file may not exist yet.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
}

/// Runs `arena play`; a human seat reads its moves from standard input (a terminal
/// shows what is typed; other input is echoed after each prompt).
///
/// # Errors
/// An unknown game, a bad spec or level, the wrong number of seats, a record file that
/// exists already, or a failed read or write.
pub(crate) fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let stdin = std::io::stdin();
    let input_is_terminal = stdin.is_terminal();
    let mut input = stdin.lock();
    let game: GameSpec = args.game.parse()?;
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
    with_game!(game.kind, G => {
        let start = match &args.position {
            Some(text) => G::parse_position(text)?,
            None => G::new(&game.options)?,
        };
        let played_game = levels::with_players(&game, start.players());
        let levels_file = args.levels.as_deref();
        let specs = levels::resolve_all(&written, levels_file, &played_game)?;
        let entries: Vec<AgentEntry> = specs
            .iter()
            .map(|spec| AgentEntry::of_spec(spec, spec))
            .collect();
        let setup = GameSetup {
            seed: args.seed,
            rotation: 0,
            opening_plies: args.opening_plies,
            opening_draw: 0,
            max_plies: args.max_plies.unwrap_or_else(|| start.ply_cap()),
        };
        let played = if specs.iter().any(|spec| human::is_human(spec)) {
            let hint_spec = Levels::of_game(levels_file, &played_game)
                .and_then(|levels| levels.spec(human::HINT_LEVEL))
                .map_err(|e| e.to_string());
            let mut console = Console::<_, G>::new(&mut input, hint_spec, args.seed)
                .echoing(!input_is_terminal);
            play_printed::<G>(&start, &game, &entries, &setup, args.show, &mut console, out)?
        } else {
            let mut nobody = RecordedMoves::new("");
            play_printed::<G>(&start, &game, &entries, &setup, args.show, &mut nobody, out)?
        };
        if let Some(record) = &args.record {
            let identity = play_identity(&args.game, &written, &specs, &setup);
            write_record::<G>(record, &identity, &played)?;
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
