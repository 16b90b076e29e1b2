//! `arena calibrate`: difficulty levels of one agent family, from a calibration config.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::shared::{FolderChoice, Overrides};
use crate::calibrate::{self, config};
use crate::error::ArenaError;
use crate::output::stdout_error;

/// `arena calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The calibration config (TOML).
    pub config: PathBuf,
    /// `--threads`, `--out`.
    #[command(flatten)]
    pub overrides: Overrides,
    /// `--resume`, `--force`.
    #[command(flatten)]
    pub folder: FolderChoice,
    /// Also write `report.html` (charts and tables) into the output folder at the end.
    #[arg(long)]
    pub report: bool,
}

/// Runs `arena calibrate`.
///
/// # Errors
/// A bad config (nothing is written then), an output folder that holds another run,
/// recorded games that do not match, or I/O failures.
pub(crate) fn run(args: &CalibrateArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let mut config = config::load(&args.config)?;
    args.overrides.apply(&mut config.threads, &mut config.out)?;
    let started = Instant::now();
    let done = calibrate::calibrate(&config, args.folder.resume, args.folder.force, out)?;
    write!(out, "{}", done.table).map_err(stdout_error)?;
    writeln!(
        out,
        "{} ({} played now) in {:.1} s; results in {}",
        crate::console::counted(done.games, "game"),
        done.played,
        started.elapsed().as_secs_f64(),
        config.out.display()
    )
    .map_err(stdout_error)?;
    if args.report {
        let path = crate::report::write_report(&config.out)?;
        writeln!(out, "report in {}", path.display()).map_err(stdout_error)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A reduced calibration of the perfect player with epsilon noise, whose blunder
    /// rate grows with epsilon, against random and greedy.
    fn config_text(out: &Path, levels: &str) -> String {
        format!(
            r#"game = "leapfrog"
seed = 11
opening_plies = 4
threads = 2
out = {:?}
batch_pairs = 20
max_pairs = 200
max_steps = 16
final_pairs = 40
bootstrap = 100

[family]
base = "perfect"
knob = "epsilon"
min = 0.0
max = 1.0
scan = 4

[tolerance]
blunder_rate = 0.006
score = 0.08

[gsprt]
margin = 50
batch_pairs = 20
max_pairs = 200

[[reference]]
name = "random"
spec = "random"

[[reference]]
name = "greedy"
spec = "greedy"
{levels}"#,
            out.display().to_string()
        )
    }

    const BLUNDER_LEVELS: &str = r#"
[[level]]
name = "easy"
blunder_rate = 0.035

[[level]]
name = "medium"
blunder_rate = 0.02

[[level]]
name = "hard"
blunder_rate = 0.006
"#;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("calibrate-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn calibrate_in(dir: &Path, text: &str, resume: bool) -> Result<String, ArenaError> {
        let path = dir.join("calibrate.toml");
        std::fs::write(&path, text).unwrap();
        let args = CalibrateArgs {
            config: path,
            overrides: Overrides::default(),
            folder: FolderChoice {
                resume,
                force: !resume,
            },
            report: false,
        };
        let mut out = Vec::new();
        run(&args, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    /// Column `name` of every row of a CSV text.
    fn column(csv: &str, name: &str) -> Vec<String> {
        let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
        let index = reader
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"));
        reader
            .records()
            .map(|r| r.unwrap()[index].to_string())
            .collect()
    }

    #[test]
    fn a_family_of_known_blunder_rates_lands_every_level_within_tolerance() {
        let dir = scratch("synthetic");
        let out = dir.join("out");
        calibrate_in(&dir, &config_text(&out, BLUNDER_LEVELS), false).unwrap();
        let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
        let statuses = column(&csv, "status");
        assert_eq!(statuses, ["converged"; 3], "{csv}");
        // The search's measurement lies within tolerance, interval and all...
        for ((lo, hi), target) in column(&csv, "measured_lo")
            .iter()
            .zip(column(&csv, "measured_hi"))
            .zip([0.035, 0.02, 0.006])
        {
            let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
            assert!(lo >= target - 0.006 && hi <= target + 0.006, "{csv}");
        }
        // ...and so does the final check's, measured on games the search never saw.
        for (rate, target) in column(&csv, "blunder_rate")
            .iter()
            .zip([0.035, 0.02, 0.006])
        {
            let rate: f64 = rate.parse().unwrap();
            assert!(
                (rate - target).abs() <= 0.006,
                "blunder rate {rate} for {target}: {csv}"
            );
        }
        // Less noise, fewer blunders: epsilon falls from easy to hard.
        let knobs: Vec<f64> = column(&csv, "knob")
            .iter()
            .map(|k| k.parse().unwrap())
            .collect();
        assert!(knobs[0] > knobs[1] && knobs[1] > knobs[2], "{knobs:?}");
        let toml_text = std::fs::read_to_string(out.join("difficulty.toml")).unwrap();
        assert!(toml_text.contains(&format!("hard = \"perfect:epsilon={}\"", knobs[2])));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreachable_target_is_reported_with_the_nearest_value() {
        let dir = scratch("unreachable");
        let out = dir.join("out");
        let levels =
            "\n[[level]]\nname = \"beyond\"\nscore_vs = { agent = \"greedy\", score = 0.99 }\n";
        let printed = calibrate_in(&dir, &config_text(&out, levels), false).unwrap();
        let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
        assert_eq!(column(&csv, "status"), ["unreachable"], "{printed}");
        // The nearest value is the perfect player's own score (about 0.9), not 0.99.
        assert_eq!(column(&csv, "spec"), ["perfect:epsilon=0"]);
        let measured: f64 = column(&csv, "measured")[0].parse().unwrap();
        assert!(measured < 0.95, "{csv}");
        assert!(
            printed.contains("[beyond] unreachable: perfect:epsilon=0"),
            "{printed}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn points_measured_alike_give_way_to_the_one_rated_nearest_the_target() {
        // Greedy Chinese checkers beats random every game with up to half its moves
        // random: the whole scan scores 1 against random, above the target. The weakest
        // point on the ladder (the most random moves) is the nearest, not the first.
        let dir = scratch("ties");
        let out = dir.join("out");
        let text = format!(
            "game = \"chinese-checkers\"\nseed = 5\nopening_plies = 4\nreferee_pairs = 0\nout = {:?}\n\
             batch_pairs = 6\nmax_pairs = 12\nmax_steps = 2\nfinal_pairs = 4\nbootstrap = 50\n\
             [family]\nbase = \"greedy\"\nknob = \"epsilon\"\nmin = 0.0\nmax = 0.5\nscan = 3\n\
             [gsprt]\nmargin = 50\nbatch_pairs = 4\nmax_pairs = 4\n\
             [[reference]]\nname = \"random\"\nspec = \"random\"\n\
             [[reference]]\nname = \"greedy\"\nspec = \"greedy\"\n\
             [[level]]\nname = \"easy\"\nscore_vs = {{ agent = \"random\", score = 0.8 }}\n",
            out.display().to_string()
        );
        let printed = calibrate_in(&dir, &text, false).unwrap();
        assert!(
            printed.contains("(vs random 1.000, vs greedy") && !printed.contains("(vs random 0."),
            "every point ties: {printed}"
        );
        let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
        assert_eq!(column(&csv, "spec"), ["greedy:epsilon=0.5"], "{printed}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_interrupted_calibration_resumes_to_the_same_decisions() {
        let dir = scratch("resume");
        let out = dir.join("out");
        let levels = "\n[[level]]\nname = \"easy\"\nscore_vs = { agent = \"greedy\", score = 0.3 }\n\
                      \n[[level]]\nname = \"hard\"\nscore_vs = { agent = \"greedy\", score = 0.7 }\n";
        let text = config_text(&out, levels);
        let clean = calibrate_in(&dir, &text, false).unwrap();
        let files = |dir: &Path| -> Vec<String> {
            [
                "difficulty.csv",
                "difficulty.toml",
                "calibration.csv",
                "games.csv",
            ]
            .iter()
            .map(|f| std::fs::read_to_string(dir.join(f)).unwrap())
            .collect()
        };
        let expected = files(&out);
        // Cut the games file part-way through, in the middle of a row.
        let games = out.join("games.csv");
        let bytes = std::fs::read(&games).unwrap();
        std::fs::write(&games, &bytes[..bytes.len() * 2 / 5]).unwrap();
        for name in ["difficulty.csv", "difficulty.toml", "calibration.csv"] {
            std::fs::remove_file(out.join(name)).unwrap();
        }
        let resumed = calibrate_in(&dir, &text, true).unwrap();
        assert_eq!(files(&out), expected);
        // Every progress line but the last (games played now, time) is the same.
        let steps = |printed: &str| {
            printed
                .lines()
                .rev()
                .skip(1)
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(steps(&resumed), steps(&clean));
        assert!(
            resumed.lines().last().unwrap().contains("played now"),
            "{resumed}"
        );
        // A different config is refused, and so is a fresh start over the folder.
        let other = text.replace("seed = 11", "seed = 12");
        let error = calibrate_in(&dir, &other, true).unwrap_err().to_string();
        assert!(error.contains("different config"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn config_errors_name_file_line_field_and_write_nothing() {
        let dir = scratch("errors");
        let out = dir.join("out");
        let good = config_text(&out, BLUNDER_LEVELS);
        let error = |text: &str| {
            let path = dir.join("c.toml");
            config::parse(&path, text).unwrap_err().to_string()
        };
        let e = error(&good.replace("knob = \"epsilon\"", "knob = \"epsilom\""));
        assert!(e.contains("c.toml:") && e.contains("epsilom"), "{e}");
        let e = error(&good.replace("scan = 4", "scna = 4"));
        assert!(e.contains(":17: ") && e.contains("scna"), "{e}");
        let e = error(&good.replace("score = 0.08", "score = -1.0"));
        assert!(e.contains(":21: field `score`: -1"), "{e}");
        let e = error(&good.replace("blunder_rate = 0.02\n", "elo = 100\nblunder_rate = 0.02\n"));
        assert!(e.contains("2 targets given"), "{e}");
        let e = error(&good.replace(
            "blunder_rate = 0.035",
            "score_vs = { agent = \"perfect\", score = 0.5 }",
        ));
        assert!(e.contains("field `score_vs`: agent \"perfect\""), "{e}");
        let e = error(&good.replace("game = \"leapfrog\"", "game = \"chess\""));
        assert!(
            e.contains(":1: field `game`: unknown game \"chess\""),
            "{e}"
        );
        // Through the command: exit code 2, and no output folder.
        let err = calibrate_in(&dir, &good.replace("max = 1.0", "max = 0.0"), false).unwrap_err();
        assert_eq!(err.exit_code(), 2, "{err}");
        assert!(!out.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
