//! `arena rate`: one agent (the arena's own or a program) against every shipped level of
//! a game and the scale's anchor, in seat-swapped pairs, placed on the rating scale of
//! `results/<game>/difficulty.csv` by maximum likelihood, with a bootstrap interval, and
//! told which levels the interval sets it above, below or beside.

use std::io::Write;
use std::path::{Path, PathBuf};

use agents::Playable;
use clap::Args;
use engine::{with_game, Game, GameSpec};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::batches::{self, BatchGame};
use crate::config::AgentEntry;
use crate::error::ArenaError;
use crate::external::{self, Seating};
use crate::output::stdout_error;
use crate::progress::{self, Progress};
use crate::runner::writer::RowWriter;
use crate::runner::{Job, Order, Runner};
use crate::seeds;
use crate::stats::{quantile_sorted, score_from_elo};

/// `arena rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// The game (with options; its built-in levels' ratings are the scale).
    pub game: String,
    /// The agent to rate: a spec (`minimax:depth=2`) or a program (`cmd:python3 bot.py`).
    #[arg(long)]
    pub agent: String,
    /// Games against each opponent, an even number: they are played in pairs with the
    /// seats swapped.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=200_000))]
    pub games: u32,
    /// The master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The levels, as for `arena play` (default: the built-in set of the game): a
    /// `difficulty.toml`, whose scale is the `difficulty.csv` and the calibration's
    /// `config.toml` beside it, or a built-in set's name.
    #[arg(long, value_name = "FILE", alias = "scale")]
    pub levels: Option<PathBuf>,
    /// Keep the games in `DIR/games.csv` (a calibration's columns, `batch` the opponent's
    /// index in the printed order) and programs' standard error in `DIR/logs/`; without
    /// it the games are not kept and programs write to the terminal.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace whatever run the `--out` folder holds.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// An opponent of known rating.
struct Opponent {
    name: String,
    spec: String,
    rating: f64,
    /// The calibration's interval of the rating, where `difficulty.csv` gives one.
    interval: Option<(f64, f64)>,
}

/// The bounds the fit searches within: a rating at either means the agent won (or lost)
/// every game the estimate rests on, and has no finite estimate.
const FIT_RANGE: (f64, f64) = (-4000.0, 6000.0);

/// Bootstrap resamples for the interval.
const RESAMPLES: usize = 400;

/// Runs `arena rate`.
///
/// # Errors
/// An unknown game, a game without a shipped scale, a bad spec, or a failed write.
pub fn rate_command(args: &RateArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    if !args.games.is_multiple_of(2) {
        return Err(ArenaError::input(format!(
            "--games {}: expected an even number: the games against each opponent are \
             played in pairs with the seats swapped",
            args.games
        )));
    }
    let game: GameSpec = args.game.parse()?;
    let players = with_game!(game.kind, G => G::new(&game.options)?.players());
    if players > 2 {
        return Err(ArenaError::input(format!(
            "{game}: `arena rate` plays seat-swapped pairs of two players; with {players} \
             players, put the agent in an `arena run` table with the levels (`level:NAME` \
             in its config; `arena levels {game}` lists them)"
        )));
    }
    let scale = ScaleFiles::of(args, &game)?;
    let setup = read_setup(&scale.config_path, scale.config.as_deref())?;
    if let (Some(rated_on), Some(dir)) = (&setup.game, &scale.folder) {
        check_same_game(&game, rated_on, dir)?;
    }
    let opponents = read_scale(&scale.difficulty_path, &scale.difficulty)?;
    let (opening_plies, max_plies) = (setup.opening_plies, setup.max_plies);
    let threads = args
        .threads
        .unwrap_or_else(crate::limits::default_threads)
        .max(1);
    // A folder that holds a run is refused unless --force says to replace it.
    let _held = match &args.out {
        Some(dir) => Some(crate::output::claim_fresh(dir, args.force)?),
        None => None,
    };
    let record = match &args.out {
        Some(dir) => Record {
            games: dir.join("games.csv"),
            logs: Some(dir.join("logs")),
        },
        None => Record {
            games: std::env::temp_dir().join(format!("arena-rate-{}.csv", std::process::id())),
            logs: None,
        },
    };
    // Per opponent, the agent's score in each pair (0, 0.5, 1, 1.5 or 2 points).
    let pairs = with_game!(game.kind, G => play_all::<G>(
        &game, args, &opponents, (opening_plies, max_plies), threads, &record
    ));
    if args.out.is_none() {
        let _ = std::fs::remove_file(&record.games);
    }
    let pairs: Vec<Vec<f64>> = pairs?;
    write_verdict(out, &opponents, &pairs, args.seed)
}

/// Prints each opponent's score, the rating and its interval, where the interval lies
/// against each level, and the level it supports.
fn write_verdict(
    out: &mut dyn Write,
    opponents: &[Opponent],
    pairs: &[Vec<f64>],
    seed: u64,
) -> Result<(), ArenaError> {
    for (opponent, points) in opponents.iter().zip(pairs) {
        let score = points.iter().sum::<f64>() / (2.0 * points.len() as f64);
        writeln!(
            out,
            "vs {} ({}, rating {:.1}): score {score:.3} over {} games",
            opponent.name,
            opponent.spec,
            opponent.rating,
            2 * points.len()
        )
        .map_err(stdout_error)?;
    }
    let ratings: Vec<f64> = opponents.iter().map(|o| o.rating).collect();
    let rating = fit(&ratings, pairs);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut resampled: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let sample: Vec<Vec<f64>> = pairs
                .iter()
                .map(|p| {
                    (0..p.len())
                        .map(|_| p[rng.random_range(0..p.len())])
                        .collect()
                })
                .collect();
            fit(&ratings, &sample)
        })
        .collect();
    resampled.sort_by(f64::total_cmp);
    let lo = quantile_sorted(&resampled, 0.025);
    let hi = quantile_sorted(&resampled, 0.975);
    let levels: Vec<&Opponent> = opponents.iter().filter(|o| o.name != ANCHOR_NAME).collect();
    writeln!(out, "{}", rating_line(rating, lo, hi)).map_err(stdout_error)?;
    let width = levels.iter().map(|l| l.name.len()).max().unwrap_or(0);
    for level in &levels {
        let interval = level
            .interval
            .map_or(String::new(), |(l, h)| format!(" [{l:.0}, {h:.0}]"));
        writeln!(
            out,
            "  {:<width$} rating {:.0}{interval}: {}",
            level.name,
            level.rating,
            against(level.rating, lo, hi)
        )
        .map_err(stdout_error)?;
    }
    let named: Vec<(&str, f64)> = levels.iter().map(|l| (l.name.as_str(), l.rating)).collect();
    writeln!(out, "level: {}", placement(&named, lo, hi)).map_err(stdout_error)?;
    Ok(())
}

/// `rating: 628 [585, 662]`; a bound the fit could not place (every resampled game won,
/// or lost) is `unbounded`, and a rating there has no finite estimate.
fn rating_line(rating: f64, lo: f64, hi: f64) -> String {
    let at_edge = |r: f64| r <= FIT_RANGE.0 + 1.0 || r >= FIT_RANGE.1 - 1.0;
    if at_edge(rating) {
        let what = if rating > 0.0 { "won" } else { "lost" };
        return format!("rating: no finite estimate: the agent {what} every game");
    }
    let bound = |r: f64| {
        if at_edge(r) {
            "unbounded".to_string()
        } else {
            format!("{r:.0}")
        }
    };
    format!("rating: {rating:.0} [{}, {}]", bound(lo), bound(hi))
}

/// Where a level rated `rating` lies against the agent's interval `[lo, hi]`, in words.
fn against(rating: f64, lo: f64, hi: f64) -> &'static str {
    if rating < lo {
        "below the interval: the agent is stronger"
    } else if rating > hi {
        "above the interval: the agent is weaker"
    } else {
        "inside the interval: not told apart"
    }
}

/// The level the interval `[lo, hi]` supports, given the levels and their ratings: the
/// one level whose rating it holds, `between easy and medium` when it lies between two
/// levels' ratings and holds neither, `below easy` or `above hard` beyond the ends, and
/// `easy or medium` when it holds several (more games narrow it). The levels' own
/// ratings are taken as they are: their calibration intervals are printed beside them.
fn placement(levels: &[(&str, f64)], lo: f64, hi: f64) -> String {
    let mut levels = levels.to_vec();
    levels.sort_by(|a, b| a.1.total_cmp(&b.1));
    let inside: Vec<&str> = levels
        .iter()
        .filter(|(_, r)| (lo..=hi).contains(r))
        .map(|(name, _)| *name)
        .collect();
    match inside[..] {
        [one] => return one.to_string(),
        [ref first @ .., last] => {
            return format!(
                "{} or {last} (the interval holds {} levels' ratings: more games narrow it)",
                first.join(", "),
                inside.len()
            )
        }
        [] => {}
    }
    let below = levels.iter().rev().find(|(_, r)| *r < lo).map(|l| l.0);
    let above = levels.iter().find(|(_, r)| *r > hi).map(|l| l.0);
    match (below, above) {
        (Some(below), Some(above)) => format!("between {below} and {above}"),
        (None, Some(above)) => format!("below {above}"),
        (Some(below), None) => format!("above {below}"),
        (None, None) => "- (the scale has no levels)".to_string(),
    }
}

/// Refuses to rate `game` on levels calibrated on another game or other rule options
/// (`leapfrog:spots=17` against levels rated on 19 spots): their ratings say nothing of
/// it. Options are compared as written, so `leapfrog:spots=19` is refused too.
fn check_same_game(game: &GameSpec, rated_on: &str, dir: &Path) -> Result<(), ArenaError> {
    let scale: GameSpec = rated_on.parse().map_err(|e| {
        ArenaError::input(format!(
            "{}: field `game`: {e}",
            dir.join("config.toml").display()
        ))
    })?;
    if &scale == game {
        return Ok(());
    }
    Err(ArenaError::input(format!(
        "{game}: the levels in {} were rated on {scale} (its config.toml), so their \
         ratings say nothing of {game}; rate the agent on {scale}, or give a scale \
         calibrated on {game} with --levels FILE",
        dir.display()
    )))
}

/// The scale's files: those beside `--levels FILE`, or the built-in set of the game.
struct ScaleFiles {
    /// The folder of `--levels FILE`; `None` for a built-in set (calibrated on the game
    /// as played, so no check of its game is needed).
    folder: Option<PathBuf>,
    /// `difficulty.csv`: its path in messages, and its text.
    difficulty_path: PathBuf,
    difficulty: String,
    /// The calibration's `config.toml`: its path in messages, and its text if any.
    config_path: PathBuf,
    config: Option<String>,
}

impl ScaleFiles {
    fn of(args: &RateArgs, game: &GameSpec) -> Result<ScaleFiles, ArenaError> {
        let named_set = args
            .levels
            .as_deref()
            .filter(|path| !path.exists())
            .and_then(|path| path.to_str())
            .and_then(agents::shipped_levels::named);
        let set = match (&args.levels, named_set) {
            (_, Some(set)) => Some(set),
            (None, None) => Some(
                agents::shipped_levels::for_game(game)
                    .map_err(|e| ArenaError::input(e.to_string()))?,
            ),
            (Some(_), None) => None,
        };
        if let Some(set) = set {
            let label = |file: &str| PathBuf::from(format!("built-in:{}/{file}", set.name));
            if named_set.is_some() {
                check_same_game(game, set.game, &label(""))?;
            }
            return Ok(ScaleFiles {
                folder: None,
                difficulty_path: label("difficulty.csv"),
                difficulty: set.difficulty_csv.to_string(),
                config_path: label("config.toml"),
                config: Some(set.config_toml.to_string()),
            });
        }
        let dir = scale_folder(args.levels.as_deref().expect("a file when no set"));
        let difficulty_path = dir.join("difficulty.csv");
        let difficulty = std::fs::read_to_string(&difficulty_path).map_err(|e| {
            ArenaError::input(format!(
                "cannot read the rating scale {}: {e} (a game's levels are calibrated with \
                 `arena calibrate`; give another levels file with --levels FILE)",
                difficulty_path.display()
            ))
        })?;
        let config_path = dir.join("config.toml");
        Ok(ScaleFiles {
            config: std::fs::read_to_string(&config_path).ok(),
            config_path,
            difficulty_path,
            difficulty,
            folder: Some(dir),
        })
    }
}

/// The folder of the scale beside the levels file `levels`, or `levels` itself when it
/// is a folder (as the old `--scale DIR` named it).
fn scale_folder(levels: &Path) -> PathBuf {
    if levels.is_dir() {
        return levels.to_path_buf();
    }
    match levels.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The name the scale's anchor (`random`, rating 0) is listed by.
const ANCHOR_NAME: &str = "random";

/// The shipped levels of `difficulty.csv` (read from `path`), with the anchor `random`
/// at 0.
fn read_scale(path: &Path, text: &str) -> Result<Vec<Opponent>, ArenaError> {
    // A spec holds commas (`minimax:nodes=5000,epsilon=0.2`): the file is real CSV.
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| ArenaError::input(format!("{}:1: {e}", path.display())))?
        .clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| ArenaError::input(format!("{}: no column `{name}`", path.display())))
    };
    let (level, spec, rating) = (column("level")?, column("spec")?, column("rating")?);
    let mut opponents = vec![Opponent {
        name: ANCHOR_NAME.into(),
        spec: "random".into(),
        rating: 0.0,
        interval: None,
    }];
    let bounds = (
        header.iter().position(|h| h == "rating_lo"),
        header.iter().position(|h| h == "rating_hi"),
    );
    for (index, record) in reader.records().enumerate() {
        let bad = || {
            ArenaError::input(format!(
                "{}:{}: expected a level, its spec and its rating",
                path.display(),
                index + 2
            ))
        };
        let record = record.map_err(|_| bad())?;
        let get = |i: usize| record.get(i).ok_or_else(bad);
        let number = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .and_then(|v| v.parse::<f64>().ok())
        };
        // A scale may come from anyone: a level that is a program needs consent.
        let what = format!("level {:?}", get(level)?);
        crate::external::consent::check_spec(path, &what, get(spec)?)?;
        opponents.push(Opponent {
            name: get(level)?.to_string(),
            spec: get(spec)?.to_string(),
            rating: get(rating)?.parse().map_err(|_| bad())?,
            interval: number(bounds.0).zip(number(bounds.1)),
        });
    }
    Ok(opponents)
}

/// How the levels were rated, from the calibration's `config.toml` beside the scale.
#[derive(Debug, Default)]
struct Setup {
    /// The game and its options, as the config names it.
    game: Option<String>,
    opening_plies: u32,
    max_plies: Option<u32>,
}

/// The calibration's game, opening plies and ply cap, from the `config.toml` beside the
/// scale, so that the games are played as the levels were rated (a scale without one is
/// played from the start, to the game's own cap).
fn read_setup(path: &Path, text: Option<&str>) -> Result<Setup, ArenaError> {
    let Some(text) = text else {
        return Ok(Setup::default());
    };
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| crate::toml_errors::toml_error(path, text, "a config", &e))?;
    let calibration = table.get("calibration").and_then(|c| c.as_table());
    let number = |key: &str| {
        calibration
            .and_then(|c| c.get(key))
            .and_then(toml::Value::as_integer)
            .and_then(|n| u32::try_from(n).ok())
    };
    Ok(Setup {
        game: calibration
            .and_then(|c| c.get("game"))
            .and_then(toml::Value::as_str)
            .map(str::to_string),
        opening_plies: number("opening_plies").unwrap_or(0),
        max_plies: number("max_plies"),
    })
}

/// Where the games go: the `games.csv` (a calibration's columns, `batch` the opponent's
/// index) and the programs' log folder.
struct Record {
    games: PathBuf,
    logs: Option<PathBuf>,
}

/// Plays every pair against every opponent on the runner; returns the agent's points per
/// pair.
fn play_all<G: Playable>(
    game: &GameSpec,
    args: &RateArgs,
    opponents: &[Opponent],
    (opening_plies, max_plies): (u32, Option<u32>),
    threads: usize,
    record: &Record,
) -> Result<Vec<Vec<f64>>, ArenaError> {
    let start = G::new(&game.options)?;
    let levels = args.levels.as_deref();
    let rated =
        crate::levels::resolve_all(std::slice::from_ref(&args.agent), levels, game)?.remove(0);
    let mut entries = vec![AgentEntry::of_spec("rated", &rated)];
    entries.extend(
        opponents
            .iter()
            .map(|o| AgentEntry::of_spec(&o.name, &o.spec)),
    );
    // Check every spec builds before any game starts (programs start lazily).
    for entry in &entries {
        external::build::<G>(entry, game, &Seating::default())?;
    }
    let max_plies = max_plies.unwrap_or_else(|| start.ply_cap());
    let mut runner = Runner::new(start, opening_plies, max_plies, threads, Vec::new())?
        .with_programs(&game.to_string(), entries, record.logs.clone())?;
    let ours = runner.enlist(&rated);
    let pairs_per_opponent = args.games as usize / 2;
    let mut jobs = Vec::new();
    for (o, opponent) in opponents.iter().enumerate() {
        let theirs = runner.enlist(&opponent.spec);
        for pair in 0..pairs_per_opponent as u32 {
            // The pair shares its opening; each game draws the agents' own streams from
            // its place in the pair.
            let seed = seeds::pair_seed(args.seed, o, pair);
            for (rotation, seats) in [vec![ours, theirs], vec![theirs, ours]]
                .into_iter()
                .enumerate()
            {
                jobs.push(Job {
                    id: jobs.len() as u64,
                    seed,
                    rotation,
                    seats,
                });
            }
        }
    }
    let mut writer = RowWriter::open(&record.games, 0, batches::HEADER)?;
    progress::starting(&format!(
        "rate: {} games of {rated} against {} opponents on {threads} {}",
        jobs.len(),
        opponents.len(),
        if threads == 1 { "thread" } else { "threads" }
    ));
    let progress = Progress::new("rate", "games", jobs.len() as u64, 0);
    let played = runner.play(
        &jobs,
        |job, finished| {
            let batch = job.id / 2 / pairs_per_opponent as u64;
            let game = batches::batch_game(&runner, job, batch, &finished);
            progress.inc();
            game
        },
        &mut writer,
        batches::to_line,
        Order::AsListed,
    );
    progress.finish();
    let played = played?;
    let mut points = vec![Vec::with_capacity(pairs_per_opponent); opponents.len()];
    for (index, pair) in played.chunks(2).enumerate() {
        // The agent moved first in the pair's first game and second in the other.
        let score = |game: &BatchGame, ours: &str| match game.winner.as_str() {
            "draw" => 0.5,
            winner if winner == ours => 1.0,
            _ => 0.0,
        };
        points[index / pairs_per_opponent]
            .push(score(&pair[0], "first") + score(&pair[1], "second"));
    }
    Ok(points)
}

/// The rating that makes the agent's expected points against opponents rated `ratings`
/// equal its points in `pairs` (maximum likelihood of the logistic model), found by
/// bisection within [`FIT_RANGE`].
fn fit(ratings: &[f64], pairs: &[Vec<f64>]) -> f64 {
    let scored: f64 = pairs.iter().flatten().sum();
    let expected = |r: f64| -> f64 {
        ratings
            .iter()
            .zip(pairs)
            .map(|(rating, p)| 2.0 * p.len() as f64 * score_from_elo(r - rating))
            .sum()
    };
    let (mut lo, mut hi) = FIT_RANGE;
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if expected(mid) < scored {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_puts_an_even_score_at_the_opponents_rating() {
        assert!((fit(&[500.0], &[vec![1.0; 10]]) - 500.0).abs() < 0.01);
        let stronger = fit(&[0.0, 500.0], &[vec![2.0; 10], vec![1.5; 10]]);
        assert!(stronger > 500.0 && stronger < 800.0, "{stronger}");
    }

    const SHIPPED: [(&str, f64); 3] = [("easy", 401.4), ("medium", 631.1), ("hard", 852.5)];

    #[test]
    fn the_level_is_what_the_interval_supports() {
        // `random` scored -41 [-113, 22]: easy (401) is far above it.
        assert_eq!(placement(&SHIPPED, -113.0, 22.0), "below easy");
        assert_eq!(placement(&SHIPPED, 585.0, 662.0), "medium");
        assert_eq!(placement(&SHIPPED, 450.0, 600.0), "between easy and medium");
        assert_eq!(placement(&SHIPPED, 900.0, 6000.0), "above hard");
        assert_eq!(
            placement(&SHIPPED, 380.0, 700.0),
            "easy or medium (the interval holds 2 levels' ratings: more games narrow it)"
        );
        assert_eq!(
            placement(&SHIPPED, 0.0, 1000.0),
            "easy, medium or hard (the interval holds 3 levels' ratings: more games narrow it)"
        );
        assert_eq!(
            against(401.4, -113.0, 22.0),
            "above the interval: the agent is weaker"
        );
    }

    #[test]
    fn a_rating_at_the_fits_edge_is_no_estimate() {
        assert_eq!(rating_line(628.2, 585.0, 662.4), "rating: 628 [585, 662]");
        assert_eq!(
            rating_line(FIT_RANGE.1, FIT_RANGE.1, FIT_RANGE.1),
            "rating: no finite estimate: the agent won every game"
        );
        assert_eq!(
            rating_line(900.0, 700.0, FIT_RANGE.1),
            "rating: 900 [700, unbounded]"
        );
    }
}
