//! `arena perft`: count move sequences of each length, to check move generation.

use std::io::Write;

use clap::Args;
use engine::{with_game, Game, GameSpec};

use crate::error::ArenaError;
use crate::output::stdout_error;

/// `arena perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game, with options if any (e.g. `leapfrog` or `leapfrog:first=B`).
    pub game: String,
    /// The deepest ply count to report.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Start from this position (in the game's notation) instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Players at the table (games that seat several, e.g. Chinese checkers).
    #[arg(long)]
    pub players: Option<u32>,
    /// Pieces a player (Chinese checkers: 10 or 15).
    #[arg(long)]
    pub pieces: Option<u32>,
    /// The board (Chinese checkers: `star` or `diamond`).
    #[arg(long)]
    pub board: Option<String>,
    /// Allow equidistant ("super") jumps (Chinese checkers).
    #[arg(long)]
    pub super_jumps: bool,
    /// Count every capture path (draughts: the option `duplicates=keep`). The default,
    /// `drop`, counts two captures with the same start, end and captured pieces once, as
    /// the rules see one move; published perft tables give both counts (for English they
    /// differ from depth 12 on).
    #[arg(long)]
    pub keep_duplicates: bool,
}

/// Runs `arena perft`.
///
/// # Errors
/// A bad game, option or position, or standard output cannot be written.
pub(crate) fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut spec: GameSpec = args.game.parse()?;
    // The flags are rule options by another name; the game refuses those it lacks.
    let flags = [
        ("players", args.players.map(|n| n.to_string())),
        ("pieces", args.pieces.map(|n| n.to_string())),
        ("board", args.board.clone()),
        ("super_jumps", args.super_jumps.then(|| "true".to_string())),
    ];
    for (key, value) in flags {
        if let Some(value) = value {
            spec.options.set(key, &value);
        }
    }
    let mut position = args.position.clone();
    if args.keep_duplicates {
        if !keeps_duplicates(spec.kind) {
            let games: Vec<&str> = engine::GameKind::ALL
                .iter()
                .filter(|kind| keeps_duplicates(**kind))
                .map(|kind| kind.name())
                .collect();
            return Err(ArenaError::input(format!(
                "--keep-duplicates: {} has no duplicate captures to count: the flag is the \
                 option duplicates=keep of {}",
                spec.kind,
                games.join(", ")
            )));
        }
        spec.options.set("duplicates", "keep");
        // A position carries its options after a space.
        if let Some(text) = &mut position {
            text.push_str(" duplicates=keep");
        }
    }
    with_game!(spec.kind, G => {
        let start = match &position {
            Some(text) => G::parse_position(text)?,
            None => G::new(&spec.options)?,
        };
        for depth in 1..=args.depth {
            let nodes = engine::perft::perft(&start, depth);
            writeln!(out, "{depth} {nodes}").map_err(stdout_error)?;
        }
    });
    Ok(())
}

/// Whether games of `kind` take the option `duplicates=keep` (every game whose captures
/// can reach one result by two paths: the draughts family, Turkish, Gothic, Dameo and
/// Alquerque).
fn keeps_duplicates(kind: engine::GameKind) -> bool {
    let mut options = engine::GameOptions::new();
    options.set("duplicates", "keep");
    with_game!(kind, G => G::new(&options).is_ok())
}
