//! `arena sprt`: a GSPRT between two specs alone. Paired games are played in batches
//! until the log-likelihood ratio leaves its bounds or the game cap is reached; the
//! pentanomial counts of the pairs feed [`crate::stats::Gsprt`].

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use agents::Playable;
use engine::{with_game, Game, GameSpec};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::batches::{record_of, set_record_of, BatchPlayer, Matchup, ReadGames, Setup};
use crate::config::{
    at_least_one, check_spec, default_out, located, output_folder, read_text, AgentEntry,
};
use crate::console::counted;
use crate::error::ArenaError;
use crate::stats::{Gsprt, GsprtStatus, Outcomes, PairRecord, SetRecord, Verdict};

/// The settings of a sequential test (between consecutive levels of a calibration, or
/// the two agents of `arena sprt`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GsprtSettings {
    /// Elo by which a level must beat the one below (H1); H0 is Elo 0.
    pub margin: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
    /// Game pairs per batch.
    pub batch_pairs: u32,
    /// Game pairs before the test gives up without a verdict.
    pub max_pairs: u32,
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

/// Plays batches of `settings.batch_pairs` game pairs (sets, with 3 to 6 players) of
/// `one` against `other` until the GSPRT of H0: Elo = 0 against H1: Elo =
/// `settings.margin` gives a verdict or `settings.max_pairs` pairs are played. `progress`
/// sees the status after each batch. Returns the last status.
///
/// # Errors
/// As [`BatchPlayer::play_batch`]; settings that [`Gsprt::new`] refuses (configs are
/// checked before, so only a bug gives them).
pub fn sequential_test<G: Playable>(
    player: &mut BatchPlayer<G>,
    one: &str,
    other: &str,
    settings: &GsprtSettings,
    mut progress: impl FnMut(&GsprtStatus, u64),
) -> Result<GsprtStatus, ArenaError> {
    let players = player.players();
    let mut play = |pairs| {
        player.play_batch(&[Matchup {
            one: one.to_string(),
            other: other.to_string(),
            pairs,
        }])
    };
    if players > 2 {
        let start = SetRecord::new(players);
        let play = |pairs| Ok(set_record_of(&play(pairs)?[0], players));
        Ok(run_loop(settings, 0.0, start, play, &mut progress)?.0)
    } else {
        let play = |pairs| Ok(record_of(&play(pairs)?[0]));
        Ok(run_test(settings, 0.0, play, &mut progress)?.status)
    }
}

/// The test's loop, with the games abstracted: `play(pairs)` returns the record of that
/// many more pairs. H0 is Elo `elo0`, H1 Elo `elo0 + settings.margin`.
///
/// # Errors
/// What `play` returns, or settings that [`Gsprt::new`] refuses.
pub fn run_test(
    settings: &GsprtSettings,
    elo0: f64,
    play: impl FnMut(u32) -> Result<PairRecord, ArenaError>,
    progress: &mut dyn FnMut(&GsprtStatus, u64),
) -> Result<SprtOutcome, ArenaError> {
    let (status, record) = run_loop(settings, elo0, PairRecord::new(), play, progress)?;
    Ok(SprtOutcome { status, record })
}

/// What a test adds up: game pairs ([`PairRecord`]) or game sets ([`SetRecord`]).
trait Tally {
    /// Adds `more` to the tally.
    fn absorb(&mut self, more: Self);
    /// The counts the GSPRT reads.
    fn outcomes(&self) -> Outcomes;
    /// Pairs or sets so far.
    fn units(&self) -> u64;
}

impl Tally for PairRecord {
    fn absorb(&mut self, more: Self) {
        *self += more;
    }
    fn outcomes(&self) -> Outcomes {
        Outcomes::from_record(self)
    }
    fn units(&self) -> u64 {
        self.pairs()
    }
}

impl Tally for SetRecord {
    fn absorb(&mut self, more: Self) {
        *self += &more;
    }
    fn outcomes(&self) -> Outcomes {
        SetRecord::outcomes(self)
    }
    fn units(&self) -> u64 {
        self.sets()
    }
}

/// [`run_test`]'s loop over any tally, starting from `record`.
fn run_loop<T: Tally>(
    settings: &GsprtSettings,
    elo0: f64,
    mut record: T,
    mut play: impl FnMut(u32) -> Result<T, ArenaError>,
    progress: &mut dyn FnMut(&GsprtStatus, u64),
) -> Result<(GsprtStatus, T), ArenaError> {
    let test = Gsprt::new(elo0, elo0 + settings.margin, settings.alpha, settings.beta)
        .map_err(|e| ArenaError::input(e.to_string()))?;
    loop {
        let left = settings.max_pairs as u64 - record.units();
        let pairs = (settings.batch_pairs as u64).min(left) as u32;
        record.absorb(play(pairs)?);
        let status = test.status(&record.outcomes());
        progress(&status, record.units());
        if status.verdict != Verdict::Continue || record.units() >= settings.max_pairs as u64 {
            return Ok((status, record));
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSprt {
    game: Spanned<String>,
    #[serde(deserialize_with = "crate::config::seed_text::deserialize")]
    seed: u64,
    #[serde(default)]
    opening_plies: u32,
    opening_balance: Option<Spanned<u32>>,
    max_plies: Option<u32>,
    threads: Option<Spanned<usize>>,
    out: Option<Spanned<String>>,
    first: Spanned<String>,
    second: Spanned<String>,
    elo0: Spanned<f64>,
    elo1: Spanned<f64>,
    #[serde(default = "crate::stats::default_error_rate")]
    alpha: f64,
    #[serde(default = "crate::stats::default_error_rate")]
    beta: f64,
    batch_pairs: Spanned<u32>,
    max_pairs: Spanned<u32>,
}

/// The table of an `arena sprt` config and the fields its reader takes, for the test of
/// the config reference.
#[cfg(test)]
pub(crate) fn reference_tables() -> Vec<crate::config_reference::Table> {
    vec![(
        "sprt",
        "top level",
        crate::config_reference::field_names::<RawSprt>(),
    )]
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
    /// Only openings the referee finds this near even ([`crate::openings`]).
    pub opening_balance: Option<u32>,
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
    parse(path, &read_text(path)?)
}

/// Validates the `arena sprt` config `text`, read from `path`.
///
/// # Errors
/// As [`load`], without the reading.
fn parse(path: &Path, text: &str) -> Result<(SprtConfig, GameSpec), ArenaError> {
    let at = |span: Range<usize>, message: String| located(path, text, span, message);
    let raw: RawSprt =
        toml::from_str(text).map_err(|e| crate::config::reader_error(path, text, &e))?;
    let game: GameSpec = raw
        .game
        .get_ref()
        .parse()
        .map_err(|e: engine::GameError| at(raw.game.span(), format!("field `game`: {e}")))?;
    let ply_cap = game
        .limits()
        .map_err(|e| at(raw.game.span(), format!("field `game`: {e}")))?
        .ply_cap;
    let mut specs = Vec::new();
    for (field, spec) in [("first", &raw.first), ("second", &raw.second)] {
        let resolved = crate::levels::resolve_shipped(spec.get_ref(), &game)
            .map_err(|e| at(spec.span(), format!("field `{field}`: {e}")))?;
        check_spec(&game, &resolved)
            .map_err(|e| at(spec.span(), format!("field `{field}`: {e}")))?;
        specs.push(resolved);
    }
    let second = specs.pop().expect("two specs");
    let first = specs.pop().expect("two specs");
    for (field, value) in [
        ("batch_pairs", &raw.batch_pairs),
        ("max_pairs", &raw.max_pairs),
    ] {
        at_least_one(&at, field, Some(value), 1)?;
    }
    let settings = GsprtSettings {
        margin: raw.elo1.get_ref() - raw.elo0.get_ref(),
        alpha: raw.alpha,
        beta: raw.beta,
        batch_pairs: *raw.batch_pairs.get_ref(),
        max_pairs: *raw.max_pairs.get_ref(),
    };
    Gsprt::new(
        *raw.elo0.get_ref(),
        *raw.elo1.get_ref(),
        raw.alpha,
        raw.beta,
    )
    .map_err(|e| at(raw.elo1.span(), format!("field `elo1`: {e}")))?;
    let max_plies = raw.max_plies.unwrap_or(ply_cap).max(1);
    // The test keeps only its record, but a batch's games are held until it ends.
    let batch = u64::from(settings.batch_pairs.min(settings.max_pairs));
    crate::limits::check_games(batch * 2, max_plies, "lower batch_pairs or max_plies")
        .map_err(|e| at(raw.batch_pairs.span(), format!("field `batch_pairs`: {e}")))?;
    let threads = at_least_one(
        &at,
        "threads",
        raw.threads.as_ref(),
        crate::limits::default_threads(),
    )?;
    let out = output_folder(&at, raw.out.as_ref(), || default_out(path, "sprt"))?;
    let players = game.limits().map_or(2, |limits| limits.players);
    let opening_balance = crate::config::opening_balance(
        &at,
        raw.opening_balance.as_ref(),
        raw.opening_plies,
        players,
    )?;
    Ok((
        SprtConfig {
            game: game.to_string(),
            seed: raw.seed,
            opening_plies: raw.opening_plies,
            opening_balance,
            max_plies,
            threads,
            out,
            first,
            second,
            elo0: *raw.elo0.get_ref(),
            settings,
        },
        game,
    ))
}

/// `config.toml` in a test's output folder: what makes its games the test's, checked
/// on `--resume`.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Recorded {
    sprt: RecordedTest,
    arena_version: String,
}

/// The fields of a test that its games depend on (not its threads or folder).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordedTest {
    game: String,
    seed: u64,
    opening_plies: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opening_balance: Option<u32>,
    max_plies: u32,
    first: String,
    second: String,
    elo0: f64,
    settings: GsprtSettings,
}

impl RecordedTest {
    fn of(config: &SprtConfig) -> RecordedTest {
        RecordedTest {
            game: config.game.clone(),
            seed: config.seed,
            opening_plies: config.opening_plies,
            opening_balance: config.opening_balance,
            max_plies: config.max_plies,
            first: config.first.clone(),
            second: config.second.clone(),
            elo0: config.elo0,
            settings: config.settings,
        }
    }
}

/// Claims the test's output folder as `arena run` claims its own (a folder that holds a
/// run is refused without `--resume` or `--force`), checks a resumed test's recorded
/// config, records this one, and returns the games recorded (when resuming) with the
/// folder's lock.
fn prepare_output(
    config: &SprtConfig,
    resume: bool,
    force: bool,
) -> Result<(ReadGames, crate::output::Held), ArenaError> {
    let dir = &config.out;
    let (claim, held) = crate::output::claim(dir, resume, force)?;
    let config_path = dir.join("config.toml");
    let games_path = dir.join("games.csv");
    let this = Recorded {
        sprt: RecordedTest::of(config),
        arena_version: env!("CARGO_PKG_VERSION").into(),
    };
    let mut recorded = ReadGames::default();
    if claim == crate::output::Claim::Resume {
        let text = std::fs::read_to_string(&config_path)
            .map_err(|e| ArenaError::io(&config_path, "read", e))?;
        let previous: Recorded = toml::from_str(&text).map_err(|e| {
            crate::toml_errors::toml_error(&config_path, &text, "a recorded sprt config", &e)
        })?;
        if previous.sprt != this.sprt {
            return Err(ArenaError::input(format!(
                "{} holds a test of a different config: resume it with the config it \
                 records, or give --force to replace it",
                dir.display()
            )));
        }
        if games_path.exists() {
            recorded = crate::batches::read(&games_path)?;
        }
    }
    let text = toml::to_string(&this)
        .map_err(|e| ArenaError::failure(format!("cannot record the config: {e}")))?;
    crate::output::write_atomically(&config_path, text.as_bytes())?;
    Ok((recorded, held))
}

/// Runs the sequential test of `config`: the games go to `games.csv` in the output
/// folder, the LLR after each batch to `out`. A folder that holds a run is refused
/// unless `resume` (the same test, carried on from its recorded games) or `force`
/// (replaced) says otherwise.
///
/// # Errors
/// An output folder that holds another run, recorded games that do not match, or I/O
/// failures.
pub fn sprt(
    config: &SprtConfig,
    game: &GameSpec,
    resume: bool,
    force: bool,
    out: &mut dyn Write,
) -> Result<SprtOutcome, ArenaError> {
    let (recorded, _held) = prepare_output(config, resume, force)?;
    let path = config.out.join("games.csv");
    let setup = Setup {
        seed: config.seed,
        opening_plies: config.opening_plies,
        max_plies: config.max_plies,
        threads: config.threads,
    };
    // Programs' logs are named by seat: `first.log`, `second.log`.
    let entries = vec![
        AgentEntry::of_spec("first", &config.first),
        AgentEntry::of_spec("second", &config.second),
    ];
    with_game!(game.kind, G => {
        let start = G::new(&game.options)?;
        if start.players() > 2 {
            return Err(ArenaError::input(format!(
                "field `game`: {}: `arena sprt` tests two-player games; with {} players, \
                 `arena calibrate` tests each level against the one below on game sets",
                config.game,
                start.players()
            )));
        }
        let mut player = BatchPlayer::new(start, setup, &path, recorded)?
            .with_opening_balance(config.opening_balance)
            .with_programs(&config.game, entries, config.out.join("logs"))?;
        test_between(&mut player, config, out)
    })
}

/// The verdict in words: which hypothesis the data favour (H0 and H1 are the test's
/// Elo values, not an estimate), with the score that led there, and what a score of all
/// wins or all losses means.
pub fn verdict_text(config: &SprtConfig, verdict: Verdict, record: &PairRecord) -> String {
    let elo0 = config.elo0;
    let elo1 = config.elo0 + config.settings.margin;
    let (first, second) = (&config.first, &config.second);
    let score = record.score().unwrap_or(0.5);
    let scored = format!(
        "{first} scored {score:.3} in {} against {second}",
        counted(record.games(), "game")
    );
    let extreme = if score >= 1.0 {
        "; it won every game, so the Elo difference has no finite estimate"
    } else if score <= 0.0 {
        "; it lost every game, so the Elo difference has no finite estimate"
    } else {
        ""
    };
    match verdict {
        Verdict::AcceptH1 => format!(
            "H1 accepted: the games favour a difference of {elo1} Elo over {elo0} \
             ({scored}{extreme})"
        ),
        Verdict::AcceptH0 => format!(
            "H0 accepted: the games favour a difference of {elo0} Elo over {elo1} \
             ({scored}{extreme})"
        ),
        Verdict::Continue => format!(
            "no verdict within {} ({scored}{extreme})",
            counted(config.settings.max_pairs, "pair")
        ),
    }
}

fn test_between<G: Playable>(
    player: &mut BatchPlayer<G>,
    config: &SprtConfig,
    out: &mut dyn Write,
) -> Result<SprtOutcome, ArenaError> {
    let mut progress = |s: &GsprtStatus, pairs: u64| {
        // A failed progress line is not worth stopping the test for.
        let _ = writeln!(out, "{}: {}", counted(pairs, "pair"), s.line());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(margin: f64, batch_pairs: u32, max_pairs: u32) -> GsprtSettings {
        GsprtSettings {
            margin,
            alpha: 0.05,
            beta: 0.05,
            batch_pairs,
            max_pairs,
        }
    }

    /// A record of `n` copies of the pentanomial counts `counts` (LL, LD, DD+WL, WD, WW),
    /// as game pairs.
    fn record(counts: [u64; 5], n: u64) -> PairRecord {
        use crate::stats::GameResult::{Draw, Loss, Win};
        let shapes = [
            (Loss, Loss),
            (Loss, Draw),
            (Win, Loss),
            (Win, Draw),
            (Win, Win),
        ];
        let mut record = PairRecord::new();
        for _ in 0..n {
            for (count, (a, b)) in counts.iter().zip(shapes) {
                for _ in 0..*count {
                    record.add_pair(a, b);
                }
            }
        }
        record
    }

    #[test]
    fn the_driver_stops_where_the_llr_worked_by_hand_leaves_the_bounds() {
        // Each batch: 20 pairs, LL 1, LD 3, DD+WL 6, WD 6, WW 4.
        // S = (3/4 + 3 + 4.5 + 4) / 20 = 0.6125
        // σ² = (0.6125² + 3·0.3625² + 6·0.1125² + 6·0.1375² + 4·0.3875²) / 20 = 0.077969
        // H0: Elo 0 (s0 = 0.5), H1: Elo 50 (s1 = L(50) = 0.571463).
        // LLR per pair ≈ (s1 - s0)(2S - s0 - s1) / (2σ²) = 0.071463 · 0.153537 / 0.155938
        //              = 0.070362, so 20 pairs give about 1.407, 40 pairs 2.814 (still
        // below ln 19 = 2.944) and 60 pairs 4.222: H1 after the third batch. The
        // approximation is second order and overstates by about 10% at 50 Elo (the exact
        // LLR is 1.260 per batch), which moves neither crossing. Identical batches make
        // the exact LLR grow exactly in proportion to N.
        let mut batches = 0;
        let mut seen = Vec::new();
        let outcome = run_test(
            &settings(50.0, 20, 400),
            0.0,
            |pairs| {
                assert_eq!(pairs, 20);
                batches += 1;
                Ok(record([1, 3, 6, 6, 4], 1))
            },
            &mut |status, pairs| seen.push((status.llr, pairs)),
        )
        .unwrap();
        assert_eq!(batches, 3, "{seen:?}");
        assert_eq!(outcome.status.verdict, Verdict::AcceptH1);
        assert_eq!(outcome.record.pairs(), 60);
        assert_eq!(outcome.record.pentanomial(), [3, 9, 18, 18, 12]);
        assert!((outcome.status.upper - 19f64.ln()).abs() < 1e-9);
        assert!((outcome.status.lower + 19f64.ln()).abs() < 1e-9);
        for (index, expected) in [1.407, 2.814, 4.222].into_iter().enumerate() {
            assert!((seen[index].0 / expected - 1.0).abs() < 0.12, "{seen:?}");
            assert!((seen[index].0 - (index + 1) as f64 * seen[0].0).abs() < 1e-9);
            assert_eq!(seen[index].1, 20 * (index as u64 + 1));
        }
    }

    #[test]
    fn the_driver_accepts_h0_for_equals_and_stops_at_the_cap() {
        // Even pairs, S = 1/2: each batch of 20 (LD 4, DD+WL 12, WD 4), σ² = 0.025.
        // LLR per pair ≈ 0.071463 · (1 - 1.071463) / 0.05 = -0.1021: 20 pairs -2.04,
        // 40 pairs -4.09 < -2.944, H0 after two batches (the exact LLR, -3.86, is
        // within the approximation's few percent).
        let outcome = run_test(
            &settings(50.0, 20, 400),
            0.0,
            |_| Ok(record([0, 4, 12, 4, 0], 1)),
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(outcome.status.verdict, Verdict::AcceptH0);
        assert_eq!(outcome.record.pairs(), 40);
        assert!(
            (outcome.status.llr / -4.085 - 1.0).abs() < 0.08,
            "{outcome:?}"
        );
        // With a cap of 30 pairs the last batch is cut to 10, and no verdict comes.
        let mut asked = Vec::new();
        let capped = run_test(
            &settings(50.0, 20, 30),
            0.0,
            |pairs| {
                asked.push(pairs);
                Ok(record([0, 2, 6, 2, 0], u64::from(pairs) / 10))
            },
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(asked, [20, 10]);
        assert_eq!(capped.status.verdict, Verdict::Continue);
    }

    #[test]
    fn a_batch_beyond_memory_is_refused_before_any_game() {
        let text = "game = \"leapfrog\"\nseed = 3\nfirst = \"random\"\nsecond = \"greedy\"\n\
                    elo0 = 0\nelo1 = 50\nbatch_pairs = 20\nmax_pairs = 400\n";
        let path = Path::new("sprt.toml");
        assert!(parse(path, text).is_ok());
        // A batch's games are held until it ends: 2^32 - 1 pairs cannot be.
        let huge = text
            .replace("batch_pairs = 20", "batch_pairs = 4294967295")
            .replace("max_pairs = 400", "max_pairs = 4294967295");
        let error = parse(path, &huge).unwrap_err().to_string();
        assert!(
            error.contains("sprt.toml:7: field `batch_pairs`: 8589934590 games of up to")
                && error.contains("need about")
                && error.contains("expected at most"),
            "{error}"
        );
        // The cap bounds the batch: a huge batch_pairs with a small max_pairs fits.
        let capped = text.replace("batch_pairs = 20", "batch_pairs = 4294967295");
        assert!(parse(path, &capped).is_ok());
    }

    #[test]
    fn a_clean_sweep_is_not_read_as_an_estimate() {
        let config = SprtConfig {
            game: "leapfrog".into(),
            seed: 1,
            opening_plies: 0,
            opening_balance: None,
            max_plies: 140,
            threads: 1,
            out: PathBuf::from("x"),
            first: "perfect".into(),
            second: "random".into(),
            elo0: 0.0,
            settings: settings(50.0, 20, 400),
        };
        let text = verdict_text(&config, Verdict::AcceptH1, &record([0, 0, 0, 0, 20], 1));
        assert!(!text.contains("about"), "{text}");
        assert!(
            text.starts_with("H1 accepted: the games favour a difference of 50 Elo over 0")
                && text.contains("perfect scored 1.000 in 40 games against random")
                && text.contains("no finite estimate"),
            "{text}"
        );
    }
}
