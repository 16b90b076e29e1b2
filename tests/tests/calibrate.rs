//! End-to-end calibration and sequential tests through the `arena` binary: a reduced
//! version of the shipped Leapfrog Race calibration, the shipped one reproduced byte for
//! byte, a small three-player Chinese checkers calibration (game sets), `arena sprt`, and
//! bad configs.

use std::path::Path;

use end_to_end::{run, scratch, stderr, stdout};

/// The shipped config with fewer bootstrap resamples, output in `out` (the whole
/// calibration takes seconds).
fn reduced_config(dir: &Path, out: &Path) -> String {
    let shipped =
        std::fs::read_to_string(end_to_end::repo_root().join("configs/calibrate-leapfrog.toml"))
            .expect("the shipped config");
    let mut text = String::new();
    for line in shipped.lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        let replaced = match key {
            "out" => format!("out = {:?}", out.display().to_string()),
            "bootstrap" => "bootstrap = 100".into(),
            _ => line.to_string(),
        };
        text.push_str(&replaced);
        text.push('\n');
    }
    let path = dir.join("calibrate.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_reduced_leapfrog_calibration_orders_its_levels() {
    let dir = scratch("calibrate");
    let out = dir.join("out");
    let config = reduced_config(&dir, &out);
    let output = run(&["calibrate", &config, "--threads", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.contains("scan: ladder of 3"), "{printed}");
    assert!(printed.contains("[easy] step 1:"), "{printed}");
    assert!(
        printed.contains("levels strictly ordered with non-overlapping 95% rating intervals")
            && printed.matches("] converged:").count() == 3,
        "{printed}"
    );
    let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
    assert!(
        csv.starts_with("level,spec,knob,rating,rating_lo,rating_hi,score_vs_random,"),
        "{csv}"
    );
    let rows: Vec<Vec<String>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(names, ["easy", "medium", "hard"]);
    let number = |row: &[String], i: usize| -> f64 { row[i].parse().unwrap() };
    for pair in rows.windows(2) {
        assert!(
            number(&pair[0], 5) < number(&pair[1], 4),
            "overlapping ratings: {csv}"
        );
    }
    let toml_text = std::fs::read_to_string(out.join("difficulty.toml")).unwrap();
    assert!(
        toml_text.contains("easy = \"perfect:epsilon="),
        "{toml_text}"
    );
    let points = std::fs::read_to_string(out.join("calibration.csv")).unwrap();
    assert!(points.lines().count() > 1 + 6, "{points}");
    // A finished calibration is not overwritten by accident.
    let again = run(&["calibrate", &config]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--resume"), "{}", stderr(&again));
}

#[test]
fn the_shipped_leapfrog_calibration_reproduces_byte_for_byte() {
    let dir = scratch("calibrate-shipped");
    let out = dir.join("leapfrog");
    let config = end_to_end::repo_root().join("configs/calibrate-leapfrog.toml");
    let output = run(&[
        "calibrate",
        &config.display().to_string(),
        "--out",
        &out.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let shipped = end_to_end::repo_root().join("results/leapfrog");
    for file in [
        "calibration.csv",
        "difficulty.csv",
        "difficulty.toml",
        "levels.md",
    ] {
        let made = std::fs::read(out.join(file)).expect("written by the calibration");
        let kept = std::fs::read(shipped.join(file)).expect("shipped");
        assert!(made == kept, "{file} differs from results/leapfrog/{file}");
    }
}

/// A three-player Chinese checkers calibration of cheap agents (greedy with a random
/// move now and then, against random and greedy): about 250 games in sets of three.
const THREE_PLAYERS: &str = "game = \"chinese-checkers:players=3\"
seed = 11
opening_plies = 6
batch_pairs = 4
max_pairs = 8
max_steps = 3
final_pairs = 4
bootstrap = 50
[family]
base = \"greedy\"
knob = \"epsilon\"
min = 0.0
max = 0.99
scan = 3
[tolerance]
score = 0.2
[gsprt]
margin = 50
batch_pairs = 4
max_pairs = 8
[[reference]]
name = \"random\"
spec = \"random\"
[[reference]]
name = \"greedy\"
spec = \"greedy\"
[[level]]
name = \"easy\"
score_vs = { agent = \"random\", score = 0.8 }
[[level]]
name = \"hard\"
score_vs = { agent = \"greedy\", score = 0.5 }
";

#[test]
fn a_three_player_calibration_plays_sets_and_reproduces_at_any_thread_count() {
    let dir = scratch("calibrate-sets");
    let mut made = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out-{threads}"));
        let config = dir.join(format!("calibrate-{threads}.toml"));
        std::fs::write(
            &config,
            format!("out = {:?}\n{THREE_PLAYERS}", out.display().to_string()),
        )
        .unwrap();
        let output = run(&["calibrate", config.to_str().unwrap(), "--threads", threads]);
        assert!(output.status.success(), "{}", stderr(&output));
        let printed = stdout(&output);
        assert!(
            printed.contains("[hard vs easy] GSPRT after 4 pairs"),
            "{printed}"
        );
        let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
        assert!(games
            .lines()
            .next()
            .unwrap()
            .ends_with(",moves,seat,places"));
        // Every set: the agent measured in seats A, C and B of one opening.
        let seats: Vec<&str> = games
            .lines()
            .skip(1)
            .take(3)
            .map(|line| line.rsplit(',').nth(1).unwrap())
            .collect();
        assert_eq!(seats, ["A", "C", "B"], "{games}");
        let levels = std::fs::read_to_string(out.join("levels.md")).unwrap();
        assert!(
            levels.contains("| level | vs random as A | vs random as B | vs random as C |"),
            "{levels}"
        );
        made.push(
            ["difficulty.csv", "calibration.csv", "levels.md"]
                .map(|file| std::fs::read(out.join(file)).unwrap()),
        );
    }
    assert!(
        made[0] == made[1],
        "the files differ between 1 and 2 threads"
    );
}

#[test]
fn sprt_prints_llr_bounds_and_verdict() {
    let dir = scratch("sprt");
    let path = dir.join("sprt.toml");
    std::fs::write(
        &path,
        format!(
            "game = \"leapfrog\"\nseed = 3\nopening_plies = 4\nthreads = 2\nout = {:?}\n\
             first = \"perfect\"\nsecond = \"perfect:epsilon=0.3\"\nelo0 = 0\nelo1 = 50\n\
             batch_pairs = 20\nmax_pairs = 400\n",
            dir.join("out").display().to_string()
        ),
    )
    .unwrap();
    let output = run(&["sprt", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.contains("bounds [-2.944, 2.944]"), "{printed}");
    assert!(printed.contains("H1 accepted"), "{printed}");
    let bad = std::fs::read_to_string(&path)
        .unwrap()
        .replace("elo1 = 50", "elo1 = 0");
    std::fs::write(&path, bad).unwrap();
    let output = run(&["sprt", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("sprt.toml:9: field `elo1`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_bad_calibration_config_exits_2_and_writes_nothing() {
    let dir = scratch("calibrate-bad");
    let out = dir.join("out");
    let config = reduced_config(&dir, &out);
    let text = std::fs::read_to_string(&config)
        .unwrap()
        .replace("[[level]]\nname = \"hard\"", "[[level]]\nname = \"medium\"");
    std::fs::write(&config, text).unwrap();
    let output = run(&["calibrate", &config]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("duplicate level name \"medium\""),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists());
}
