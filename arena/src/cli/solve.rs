//! `arena solve`: the full solve of Leapfrog Race, its table file, and the value of any
//! position under perfect play; with `--variants`, the solve of every race size of a
//! family, written to `variants.csv`. `arena solve english` builds and asks the English
//! checkers endgame tables (see `solve_english`); `arena solve chinese-checkers` the
//! shortest crossing and the shortest game (see `solve_chinese`).

use std::fs;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use clap::Args;
use engine::games::leapfrog::solve::variants::{family, solve_variant, CSV_HEADER};
use engine::games::leapfrog::solve::{SolveTable, MAX_RANKS};
use engine::{Game, GameKind, GameSpec, Leapfrog};

use crate::error::ArenaError;
use crate::output::stdout_error;

use super::{solve_chinese, solve_english};

/// Where `--variants` writes its table when `--out` does not say.
pub const VARIANTS_CSV: &str = "results/leapfrog/variants.csv";

/// `arena solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game to solve: `leapfrog` (with `spots=N,pieces=K` for another race size),
    /// `english` for its endgame tables, or `chinese-checkers` with --solitaire or
    /// --shortest-game.
    pub game: String,
    /// Write the solved table to this file, for `perfect:table=FILE` and `arena analyze`
    /// (with --variants: the CSV file, by default results/leapfrog/variants.csv).
    #[arg(long, conflicts_with = "position")]
    pub out: Option<PathBuf>,
    /// Print the value, the distance to the end and the best moves of this position.
    #[arg(long)]
    pub position: Option<String>,
    /// With --position: look it up in this table instead of solving from it.
    #[arg(long, requires = "position")]
    pub table: Option<PathBuf>,
    /// Solve every race size of the family given by --spots and --pieces from its start
    /// and write one CSV row for each that fits in memory.
    #[arg(long, conflicts_with_all = ["position", "table"])]
    pub variants: bool,
    /// With --variants: the line lengths, as `FROM-TO`.
    #[arg(long, default_value = "9-25", requires = "variants")]
    pub spots: String,
    /// english: the most pieces of the tables (2 to 6). With --variants: the pieces a
    /// side, as `FROM-TO` (default 2-6).
    #[arg(long)]
    pub pieces: Option<String>,
    /// chinese-checkers: the fewest moves for one player alone to cross the board.
    #[arg(long, conflicts_with_all = ["position", "table", "variants", "out"])]
    pub solitaire: bool,
    /// chinese-checkers: the fewest plies of a complete two-player game (win rule A).
    #[arg(long, conflicts_with_all = ["position", "table", "variants", "out", "solitaire"])]
    pub shortest_game: bool,
    /// chinese-checkers: the positions the search may expand before it stops (for
    /// --solitaire, the positions it may hold at once, 8 bytes each).
    #[arg(long, default_value_t = 50_000_000)]
    pub nodes: u64,
    /// chinese-checkers: the width of the beam search that finds the first crossing or
    /// game, whose length the exact search then proves or beats (default 10,000 for
    /// --solitaire, 100,000 for --shortest-game).
    #[arg(long)]
    pub beam: Option<usize>,
}

/// Runs `arena solve`.
///
/// # Errors
/// A game that cannot be solved, a bad position, a table that cannot be read or
/// written, or a position the table does not hold.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let spec: GameSpec = args.game.parse()?;
    if spec.kind == GameKind::English {
        return solve_english_command(args, out);
    }
    if spec.kind == GameKind::ChineseCheckers {
        let question = match (args.solitaire, args.shortest_game) {
            (true, _) => solve_chinese::Question::Solitaire,
            (_, true) => solve_chinese::Question::ShortestGame,
            _ => {
                return Err(ArenaError::input(
                    "arena solve chinese-checkers: expected --solitaire or --shortest-game",
                ))
            }
        };
        return solve_chinese::run(&spec.options, question, args.nodes, args.beam, out);
    }
    if args.solitaire || args.shortest_game {
        return Err(ArenaError::input(
            "--solitaire and --shortest-game: for chinese-checkers only",
        ));
    }
    if spec.kind != GameKind::Leapfrog {
        return Err(ArenaError::input(format!(
            "cannot solve {:?}: leapfrog is solved whole, english has endgame tables, and \
             chinese-checkers has --solitaire and --shortest-game",
            args.game
        )));
    }
    if args.pieces.is_some() && !args.variants {
        return Err(ArenaError::input(
            "--pieces: for leapfrog it goes with --variants (the game's own size is \
             `leapfrog:spots=N,pieces=K`)",
        ));
    }
    if args.variants {
        return solve_variants(args, out);
    }
    if let Some(text) = &args.position {
        let position = Leapfrog::parse_position(text)?;
        let table = match &args.table {
            Some(path) => SolveTable::load(path).map_err(|e| ArenaError::input(e.to_string()))?,
            None => solve_fitting(&position)?,
        };
        let entry = table.entry(&position).ok_or_else(|| {
            ArenaError::input(format!(
                "position {text:?} is not in the table: it is not reachable from its root"
            ))
        })?;
        let best: Vec<String> = table
            .best_moves(&position)
            .iter()
            .map(|m| m.to_string())
            .collect();
        writeln!(
            out,
            "value: {}\ndistance: {}\nbest: {}",
            entry.value.winner_name(position.to_move()),
            entry.distance,
            best.join(" ")
        )
        .map_err(stdout_error)?;
        return Ok(());
    }
    let start = Leapfrog::new(&spec.options)?;
    let table = solve_fitting(&start)?;
    if let Some(path) = &args.out {
        table
            .save(path)
            .map_err(|e| ArenaError::failure(e.to_string()))?;
    }
    writeln!(out, "{}", table.report()).map_err(stdout_error)?;
    Ok(())
}

/// `arena solve english`: `--pieces N [--out FILE]` or `--position FEN [--table FILE]`.
fn solve_english_command(args: &SolveArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    if args.variants {
        return Err(ArenaError::input(
            "--variants: only leapfrog has race sizes",
        ));
    }
    if let Some(fen) = &args.position {
        if args.pieces.is_some() {
            return Err(ArenaError::input(
                "--pieces and --position: give one (a position is looked up in --table, or \
                 in tables built for its own piece count)",
            ));
        }
        return solve_english::position(fen, args.table.as_deref(), out);
    }
    let pieces = args.pieces.as_deref().ok_or_else(|| {
        ArenaError::input("arena solve english: expected --pieces N (2 to 6) or --position FEN")
    })?;
    let pieces: u32 = pieces.trim().parse().map_err(|_| {
        ArenaError::input(format!(
            "--pieces {pieces:?}: expected a whole number, 2 to 6"
        ))
    })?;
    solve_english::build(pieces, args.out.as_deref(), out)
}

/// Solves from `root` once its race is known to fit in memory.
fn solve_fitting(root: &Leapfrog) -> Result<SolveTable, ArenaError> {
    engine::games::leapfrog::solve::solvable(root.shape()).map_err(ArenaError::input)?;
    Ok(SolveTable::solve(root))
}

/// `FROM-TO` (or a single number) as an inclusive range.
fn parse_range(flag: &str, text: &str) -> Result<RangeInclusive<u32>, ArenaError> {
    let error = || {
        ArenaError::input(format!(
            "{flag} {text:?}: expected FROM-TO with whole numbers FROM <= TO, e.g. 9-25"
        ))
    };
    let (from, to) = text.split_once('-').unwrap_or((text, text));
    let from: u32 = from.trim().parse().map_err(|_| error())?;
    let to: u32 = to.trim().parse().map_err(|_| error())?;
    if from > to {
        return Err(error());
    }
    Ok(from..=to)
}

/// `arena solve leapfrog --variants`: one row per race that fits, written as each solve
/// ends; the races that do not fit are named on standard output.
fn solve_variants(args: &SolveArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let spots = parse_range("--spots", &args.spots)?;
    let pieces_text = args.pieces.as_deref().unwrap_or("2-6");
    let pieces = parse_range("--pieces", pieces_text)?;
    let shapes = family(spots, pieces);
    if shapes.iter().all(|(_, fits)| fits.is_err()) {
        return Err(ArenaError::input(format!(
            "--spots {} --pieces {pieces_text}: no race of that family exists and fits the \
             bound of {MAX_RANKS} ranks",
            args.spots
        )));
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(VARIANTS_CSV));
    let mut csv = format!("{CSV_HEADER}\n");
    for (shape, fits) in shapes {
        if let Err(reason) = fits {
            writeln!(out, "skipped: {reason}").map_err(stdout_error)?;
            continue;
        }
        let row = solve_variant(shape).map_err(ArenaError::input)?;
        writeln!(out, "{row}").map_err(stdout_error)?;
        csv.push_str(&format!("{row}\n"));
        write_csv(&path, &csv)?;
    }
    writeln!(out, "written: {}", path.display()).map_err(stdout_error)?;
    Ok(())
}

/// Writes `text` to `path` through a temporary file of this process's own, so that the
/// file is always whole and two solves never share one.
fn write_csv(path: &Path, text: &str) -> Result<(), ArenaError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    }
    crate::output::write_atomically(path, text.as_bytes())
}
