//! `arena sprt`: a GSPRT between two specs alone. Paired games are played in batches
//! until the log-likelihood ratio leaves its bounds or the game cap is reached; the
//! pentanomial counts of the pairs feed [`crate::stats::Gsprt`].

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use agents::Evaluate;
use clap::Args;
use engine::{with_game, Game, GameSpec};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::calibrate::config::{check_spec, GsprtSettings};
use crate::calibrate::games::{record_of, BatchPlayer, Matchup, ReadGames, Setup};
use crate::cli::stdout_error;
use crate::config::{located, read_text};
use crate::error::ArenaError;
use crate::stats::{Gsprt, GsprtStatus, Outcomes, PairRecord, Verdict};

/// `arena sprt`.
#[derive(Debug, Args)]
pub struct SprtArgs {
    /// The test's config (TOML).
    pub config: PathBuf,
    /// Worker threads (overrides the config).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder for the games (overrides the config).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// How a sequential test ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The last status: LLR, bounds, verdict ([`Verdict::Continue`] when the cap came
    /// first).
    pub status: GsprtStatus,
    /// The record of the first agent against the second.
    pub record: PairRecord,
}

/// Plays batches of `settings.batch_pairs` game pairs of `one` against `other` until the
/// GSPRT of H0: Elo = 0 against H1: Elo = `settings.margin` gives a verdict or
/// `settings.max_pairs` pairs are played. `progress` sees the status after each batch.
///
/// # Errors
/// As [`BatchPlayer::play_batch`]; settings that [`Gsprt::new`] refuses (configs are
/// checked before, so only a bug gives them).
pub fn sequential_test<G: Evaluate>(
    player: &mut BatchPlayer<G>,
    one: &str,
    other: &str,
    settings: &GsprtSettings,
    mut progress: impl FnMut(&GsprtStatus, u64),
) -> Result<SprtOutcome, ArenaError> {
    run_test(settings, 0.0, |pairs| {
        let batch = player.play_batch(&[Matchup {
            one: one.to_string(),
            other: other.to_string(),
            pairs,
        }])?;
        Ok(record_of(&batch[0]))
    }, &mut progress)
}

/// The test's loop, with the games abstracted: `play(pairs)` returns the record of that
/// many more pairs. H0 is Elo `elo0`, H1 Elo `elo0 + settings.margin`.
///
/// # Errors
/// What `play` returns, or settings that [`Gsprt::new`] refuses.
pub fn run_test(
    settings: &GsprtSettings,
    elo0: f64,
    mut play: impl FnMut(u32) -> Result<PairRecord, ArenaError>,
    progress: &mut dyn FnMut(&GsprtStatus, u64),
) -> Result<SprtOutcome, ArenaError> {
    let test = Gsprt::new(elo0, elo0 + settings.margin, settings.alpha, settings.beta)
        .map_err(|e| ArenaError::input(e.to_string()))?;
    let mut record = PairRecord::new();
    loop {
        let left = settings.max_pairs as u64 - record.pairs();
        let pairs = (settings.batch_pairs as u64).min(left) as u32;
        record += play(pairs)?;
        let status = test.status(&Outcomes::from_record(&record));
        progress(&status, record.pairs());
        if status.verdict != Verdict::Continue || record.pairs() >= settings.max_pairs as u64 {
            return Ok(SprtOutcome { status, record });
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSprt {
    game: Spanned<String>,
    seed: u64,
    #[serde(default)]
    opening_plies: u32,
    max_plies: Option<u32>,
    threads: Option<Spanned<usize>>,
    out: Option<String>,
    first: Spanned<String>,
    second: Spanned<String>,
    elo0: Spanned<f64>,
    elo1: Spanned<f64>,
    #[serde(default = "five_percent")]
    alpha: f64,
    #[serde(default = "five_percent")]
    beta: f64,
    batch_pairs: Spanned<u32>,
    max_pairs: Spanned<u32>,
}

fn five_percent() -> f64 {
    0.05
}

/// A validated `arena sprt` config.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtConfig {
    /// The game with its options, as written.
    pub game: String,
    /// The master seed.
    pub seed: u64,
    /// Seeded random plies before the agents take over.
    pub opening_plies: u32,
    /// Games stop here and progress decides.
    pub max_plies: u32,
    /// Worker threads.
    pub threads: usize,
    /// Output folder.
    pub out: PathBuf,
    /// The agent tested.
    pub first: String,
    /// Its opponent.
    pub second: String,
    /// Elo under H0.
    pub elo0: f64,
    /// Batches, cap, error rates, and the margin `elo1 - elo0`.
    pub settings: GsprtSettings,
}

/// Reads and validates an `arena sprt` config.
///
/// # Errors
/// Errors that name the file, the line and the field, as `arena run`'s.
pub fn load(path: &Path) -> Result<(SprtConfig, GameSpec), ArenaError> {
    let text = read_text(path)?;
    let at = |span: Range<usize>, message: String| located(path, &text, span, message);
    let raw: RawSprt = toml::from_str(&text).map_err(|e| {
        at(e.span().unwrap_or(0..0), e.message().trim().to_string())
    })?;
    let game: GameSpec = raw
        .game
        .get_ref()
        .parse()
        .map_err(|e: engine::GameError| at(raw.game.span(), format!("field `game`: {e}")))?;
    let ply_cap = with_game!(game.kind, G => {
        let start = <G as Game>::new(&game.options)
            .map_err(|e| at(raw.game.span(), format!("field `game`: {e}")))?;
        start.ply_cap()
    });
    for (field, spec) in [("first", &raw.first), ("second", &raw.second)] {
        check_spec(&game, spec.get_ref())
            .map_err(|e| at(spec.span(), format!("field `{field}`: {e}")))?;
    }
    for (field, value) in [("batch_pairs", &raw.batch_pairs), ("max_pairs", &raw.max_pairs)] {
        if *value.get_ref() == 0 {
            return Err(at(value.span(), format!("field `{field}`: 0: expected at least 1")));
        }
    }
    let settings = GsprtSettings {
        margin: raw.elo1.get_ref() - raw.elo0.get_ref(),
        alpha: raw.alpha,
        beta: raw.beta,
        batch_pairs: *raw.batch_pairs.get_ref(),
        max_pairs: *raw.max_pairs.get_ref(),
    };
    Gsprt::new(*raw.elo0.get_ref(), *raw.elo1.get_ref(), raw.alpha, raw.beta)
        .map_err(|e| at(raw.elo1.span(), format!("field `elo1`: {e}")))?;
    let threads = match &raw.threads {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(value) if *value.get_ref() == 0 => {
            return Err(at(value.span(), "field `threads`: 0: expected at least 1".into()))
        }
        Some(value) => *value.get_ref(),
    };
    let out = raw.out.map(PathBuf::from).unwrap_or_else(|| {
        let stem = path
            .file_stem()
            .map_or("sprt".into(), |s| s.to_string_lossy().into_owned());
        PathBuf::from("results").join(stem)
    });
    Ok((
        SprtConfig {
            game: game.to_string(),
            seed: raw.seed,
            opening_plies: raw.opening_plies,
            max_plies: raw.max_plies.unwrap_or(ply_cap).max(1),
            threads,
            out,
            first: raw.first.get_ref().clone(),
            second: raw.second.get_ref().clone(),
            elo0: *raw.elo0.get_ref(),
            settings,
        },
        game,
    ))
}

/// Runs `arena sprt`: the games go to `games.csv` in the output folder (replaced each
/// run), the LLR after each batch and the verdict to `out`.
///
/// # Errors
/// A bad config, or I/O failures.
pub fn sprt_command(args: &SprtArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let (mut config, game) = load(&args.config)?;
    if let Some(threads) = args.threads {
        if threads == 0 {
            return Err(ArenaError::input("--threads 0: expected at least 1"));
        }
        config.threads = threads;
    }
    if let Some(dir) = &args.out {
        config.out = dir.clone();
    }
    std::fs::create_dir_all(&config.out).map_err(|e| ArenaError::io(&config.out, "create", e))?;
    let path = config.out.join("games.csv");
    if path.exists() {
        std::fs::remove_file(&path).map_err(|e| ArenaError::io(&path, "remove", e))?;
    }
    let setup = Setup {
        seed: config.seed,
        opening_plies: config.opening_plies,
        max_plies: config.max_plies,
        threads: config.threads,
    };
    let outcome = with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        let mut player = BatchPlayer::new(start, setup, &path, ReadGames::default())?;
        test_between(&mut player, &config, out)?
    });
    let s = outcome.status;
    let verdict = match s.verdict {
        Verdict::AcceptH1 => format!("H1 accepted: {} is stronger by about {} Elo", config.first, config.elo0 + config.settings.margin),
        Verdict::AcceptH0 => format!("H0 accepted: {} is not stronger by {} Elo", config.first, config.elo0 + config.settings.margin),
        Verdict::Continue => format!("no verdict within {} pairs", config.settings.max_pairs),
    };
    writeln!(
        out,
        "LLR {:.3}, bounds [{:.3}, {:.3}], {} pairs (pentanomial {:?}): {verdict}",
        s.llr,
        s.lower,
        s.upper,
        outcome.record.pairs(),
        outcome.record.pentanomial()
    )
    .map_err(stdout_error)?;
    Ok(())
}

fn test_between<G: Evaluate>(
    player: &mut BatchPlayer<G>,
    config: &SprtConfig,
    out: &mut dyn Write,
) -> Result<SprtOutcome, ArenaError> {
    let mut progress = |s: &GsprtStatus, pairs: u64| {
        // A failed progress line is not worth stopping the test for.
        let _ = writeln!(
            out,
            "{pairs} pairs: LLR {:.3} in [{:.3}, {:.3}]",
            s.llr, s.lower, s.upper
        );
    };
    let outcome = run_test(
        &config.settings,
        config.elo0,
        |pairs| {
            let batch = player.play_batch(&[Matchup {
                one: config.first.clone(),
                other: config.second.clone(),
                pairs,
            }])?;
            Ok(record_of(&batch[0]))
        },
        &mut progress,
    )?;
    Ok(outcome)
}
