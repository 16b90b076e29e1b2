//! End-to-end calibration and sequential tests through the `arena` binary: a reduced
//! version of the shipped Leapfrog Race calibration, the shipped one reproduced byte for
//! byte, rungs between the levels (`[rungs]`, on a bridge of node budgets too), a level
//! aimed at a seat, a level that names its spec, a small three-player Chinese checkers
//! calibration (game sets), `arena sprt`, and bad configs.

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

/// Calibrates into `dir/out-1` on one thread and `dir/out-2` on two, each from the
/// config `config_for(out, threads)` writes, runs `check(out, printed)` on each, and
/// checks that both wrote the same `files` byte for byte.
fn same_files_at_one_and_two_threads(
    dir: &Path,
    config_for: impl Fn(&Path, &str) -> String,
    files: &[&str],
    mut check: impl FnMut(&Path, &str),
) {
    let mut made = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out-{threads}"));
        let config = config_for(&out, threads);
        let output = run(&["calibrate", &config, "--threads", threads]);
        assert!(output.status.success(), "{}", stderr(&output));
        check(&out, &stdout(&output));
        made.push(
            files
                .iter()
                .map(|file| std::fs::read(out.join(file)).unwrap())
                .collect::<Vec<_>>(),
        );
    }
    assert!(
        made[0] == made[1],
        "the files differ between 1 and 2 threads"
    );
}

/// Runs `arena calibrate CONFIG`, which must refuse it (exit 2, no output folder
/// `out`), and returns its standard error.
fn refused_calibration(config: &str, out: &Path) -> String {
    let output = run(&["calibrate", config]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!out.exists());
    stderr(&output)
}

/// Runs `arena calibrate CONFIG --out OUT` with `extra` arguments.
fn calibrate_into(config: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let (config, out) = (config.display().to_string(), out.display().to_string());
    let mut args = vec!["calibrate", config.as_str(), "--out", out.as_str()];
    args.extend_from_slice(extra);
    run(&args)
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
            && printed.matches("] converged:").count() == 2
            && printed.contains("[hard] fixed: perfect,"),
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
fn the_shipped_leapfrog_calibrations_reproduce_byte_for_byte() {
    // The levels, and the hard level aimed at each seat: seconds each.
    for (config, shipped) in [
        ("configs/calibrate-leapfrog.toml", "leapfrog"),
        (
            "configs/calibrate/leapfrog-by-seat.toml",
            "leapfrog-by-seat",
        ),
    ] {
        let dir = scratch("calibrate-shipped");
        let out = dir.join(shipped);
        let config = end_to_end::repo_root().join(config);
        let kept_in = end_to_end::repo_root().join("results").join(shipped);
        // The levels' think time (`arena levels --think-time`) is measured, not
        // calibrated: the folder holds it, and levels.md shows it for the same specs.
        std::fs::create_dir_all(&out).unwrap();
        std::fs::copy(kept_in.join("think-time.csv"), out.join("think-time.csv")).unwrap();
        let output = calibrate_into(&config, &out, &[]);
        assert!(output.status.success(), "{}", stderr(&output));
        for file in [
            "calibration.csv",
            "config.toml",
            "curve.csv",
            "difficulty.csv",
            "difficulty.toml",
            "levels.md",
        ] {
            let made = std::fs::read(out.join(file)).expect("written by the calibration");
            let kept = std::fs::read(kept_in.join(file)).expect("shipped");
            assert!(made == kept, "{file} differs from results/{shipped}/{file}");
        }
    }
}

/// The shipped Leapfrog Race calibration with `[rungs]`: its levels lie about 220 Elo
/// apart, so a cap of 150 puts rungs between easy and medium and between medium and hard.
/// A rung aims at a rating, whose interval against three references stays wide: an Elo
/// tolerance of 150 lets each rung stop after a few steps (seconds in all).
fn rungs_config(dir: &Path, out: &Path) -> String {
    let path = reduced_config(dir, out);
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replace("[tolerance]\n", "[tolerance]\nelo = 150\n");
    std::fs::write(&path, format!("{text}\n[rungs]\nmax_step = 150\n")).unwrap();
    path
}

/// Whether `name` is a rung's between `lower` and `upper`: `lower-upper`, or
/// `lower-upper-N`.
fn is_rung_between(name: &str, lower: &str, upper: &str) -> bool {
    name.strip_prefix(&format!("{lower}-{upper}"))
        .is_some_and(|rest| {
            rest.is_empty()
                || rest
                    .strip_prefix('-')
                    .is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 1))
        })
}

#[test]
fn rungs_fill_the_gaps_between_levels_and_reproduce_at_any_thread_count() {
    let dir = scratch("calibrate-rungs");
    let files = [
        "difficulty.csv",
        "difficulty.toml",
        "calibration.csv",
        "curve.csv",
        "levels.md",
        "games.csv",
    ];
    let config_for = |out: &Path, _: &str| rungs_config(&dir, out);
    same_files_at_one_and_two_threads(&dir, config_for, &files, |out, printed| {
        for line in [
            "final: every step at most 150 Elo: ",
            "final: every step to or from a rung at least 70 Elo (a score of 0.60): ",
            "final: every named level at least 147 Elo (0.70) above the named level below: ",
        ] {
            assert!(printed.contains(line), "{line}: {printed}");
        }
        let levels = end_to_end::csv_rows(&out.join("difficulty.csv"));
        let names: Vec<&str> = levels.iter().map(|row| row["level"].as_str()).collect();
        // The named levels in order, and only rungs between them.
        let named: Vec<&str> = names.iter().copied().filter(|n| !n.contains('-')).collect();
        assert_eq!(named, ["easy", "medium", "hard"], "{names:?}");
        let at = |name: &str| names.iter().position(|n| *n == name).unwrap();
        for (lower, upper) in [("easy", "medium"), ("medium", "hard")] {
            let between = &names[at(lower) + 1..at(upper)];
            assert!(!between.is_empty(), "no rung between {lower} and {upper}");
            assert!(
                between.iter().all(|n| is_rung_between(n, lower, upper)),
                "{between:?}"
            );
        }
        // Each rung rated between its neighbours, and aiming at a rating.
        let rating = |row: &std::collections::HashMap<String, String>| -> f64 {
            row["rating"].parse().unwrap()
        };
        for (index, row) in levels.iter().enumerate() {
            if row["level"].contains('-') {
                let (below, above) = (rating(&levels[index - 1]), rating(&levels[index + 1]));
                assert!(
                    below < rating(row) && rating(row) < above,
                    "{}: {below} < {} < {above}",
                    row["level"],
                    rating(row)
                );
                assert_eq!(row["target"], "elo", "{row:?}");
            }
        }
        // Every file lists the levels in the same order.
        let toml_text = std::fs::read_to_string(out.join("difficulty.toml")).unwrap();
        let keys: Vec<&str> = toml_text
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(key, _)| key))
            .collect();
        assert_eq!(keys, names, "{toml_text}");
        let table = std::fs::read_to_string(out.join("levels.md")).unwrap();
        let rows: Vec<&str> = table
            .lines()
            .take_while(|line| line.starts_with('|'))
            .skip(2)
            .map(|line| line.split(" | ").next().unwrap().trim_start_matches("| "))
            .collect();
        assert_eq!(rows, names, "{table}");
        assert!(
            table.contains(&format!(
                "\nSteps in the final round-robin, with {} rungs: every step at most 150 Elo: ",
                names.len() - 3
            )),
            "{table}"
        );
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The games of the sequential tests a calibration printed in `printed`: two a pair, the
/// most pairs each test (`[upper vs lower] GSPRT after N pairs`) reached.
fn retest_games(printed: &str) -> usize {
    let mut pairs: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for line in printed.lines() {
        let Some((test, rest)) = line.split_once("] GSPRT after ") else {
            continue;
        };
        let n: usize = rest.split(' ').next().unwrap().parse().unwrap();
        let most = pairs.entry(test).or_default();
        *most = (*most).max(n);
    }
    2 * pairs.values().sum::<usize>()
}

#[test]
fn a_second_round_places_rungs_from_the_final_ratings_and_keeps_the_first_rounds_games() {
    let dir = scratch("calibrate-rounds");
    let run_with = |name: &str, rounds: &str| {
        let out = dir.join(name);
        let config = rungs_config(&dir, &out);
        let text = std::fs::read_to_string(&config).unwrap();
        let text = text.replace("max_step = 150", &format!("max_step = 100{rounds}"));
        std::fs::write(&config, text).unwrap();
        let output = run(&["calibrate", &config]);
        assert!(output.status.success(), "{}", stderr(&output));
        (out, stdout(&output))
    };
    let (once, printed_once) = run_with("once", "");
    let (twice, printed_twice) = run_with("twice", "\nrounds = 2");
    // With one round the final round-robin finds a step over the cap; the second round
    // places more rungs from its ratings, and the first round's games are kept as the
    // start of the second run's (the run is the same until the second round begins).
    assert!(
        printed_once.contains("final: every step at most 100 Elo: NOT kept"),
        "{printed_once}"
    );
    assert!(!printed_once.contains("rungs, round 2:"), "{printed_once}");
    assert!(
        printed_twice.contains("rungs, round 2: ") && printed_twice.contains(" on its scale"),
        "{printed_twice}"
    );
    let games = |out: &Path| std::fs::read_to_string(out.join("games.csv")).unwrap();
    let (first, second) = (games(&once), games(&twice));
    // After its last round a calibration leaves out rungs too close to a neighbour and
    // tests the level above each against its new neighbour: games the one-round run
    // plays after its first round, and the two-round run only after its second.
    let left_out = printed_once.find("left out").unwrap_or(printed_once.len());
    let retests = retest_games(&printed_once[left_out..]);
    let first_round: Vec<&str> = first.lines().collect();
    let first_round = first_round[..first_round.len() - retests].join("\n");
    assert!(second.len() > first.len() && second.starts_with(&first_round));
    let names = |out: &Path| -> Vec<String> {
        end_to_end::csv_rows(&out.join("difficulty.csv"))
            .iter()
            .map(|row| row["level"].clone())
            .collect()
    };
    let (before, after) = (names(&once), names(&twice));
    assert!(after.len() > before.len(), "{before:?} {after:?}");
    let named = |names: &[String]| -> Vec<String> {
        names.iter().filter(|n| !n.contains('-')).cloned().collect()
    };
    assert_eq!(named(&after), named(&before));
    // The rungs of each gap are numbered again in order, old and new together.
    for (lower, upper) in [("easy", "medium"), ("medium", "hard")] {
        let between: Vec<&String> = after
            .iter()
            .filter(|n| is_rung_between(n, lower, upper))
            .collect();
        if between.len() > 1 {
            let numbered: Vec<String> = (1..=between.len())
                .map(|k| format!("{lower}-{upper}-{k}"))
                .collect();
            assert_eq!(between, numbered.iter().collect::<Vec<_>>());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_max_step_is_refused_naming_the_field() {
    let dir = scratch("calibrate-bad-rungs");
    let out = dir.join("out");
    let config = rungs_config(&dir, &out);
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, text.replace("max_step = 150", "max_step = 50")).unwrap();
    let err = refused_calibration(&config, &out);
    assert!(
        err.contains("field `max_step`: 50: expected a number of Elo from 100 to 2000"),
        "{err}"
    );
}

/// A level aimed at a seat: Leapfrog Race from its start (no random opening), which the
/// second player wins with perfect play. The perfect player with a probability epsilon
/// of a random move loses every game as A against perfect play, and as B wins until a
/// random move throws the win away: 0.75 as B is reachable, while its score over both
/// seats never passes 0.5, so a search that ignored the seat could not reach the target.
/// A few hundred games.
const SEATED: &str = "game = \"leapfrog\"
seed = 5
batch_pairs = 20
max_pairs = 60
max_steps = 8
final_pairs = 10
bootstrap = 50
[family]
base = \"perfect\"
knob = \"epsilon\"
min = 0.0
max = 0.6
scan = 3
[tolerance]
score = 0.2
[gsprt]
margin = 50
batch_pairs = 10
max_pairs = 20
[[reference]]
name = \"perfect\"
spec = \"perfect\"
[[level]]
name = \"second\"
score_vs = { agent = \"perfect\", score = 0.75, seat = \"B\" }
";

#[test]
fn a_level_aimed_at_a_seat_is_measured_in_that_seat_only() {
    let dir = scratch("calibrate-seat");
    let out = dir.join("out");
    let config = dir.join("seat.toml");
    std::fs::write(&config, SEATED).unwrap();
    let output = calibrate_into(&config, &out, &["--threads", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(
        printed.contains("[second] converged:") && printed.contains("score vs perfect as B"),
        "{printed}"
    );
    let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let column = |name: &str| -> &str {
        let index = header.iter().position(|h| *h == name).expect(name);
        row[index]
    };
    assert_eq!(column("target"), "score_vs_perfect_as_B", "{csv}");
    let measured: f64 = column("measured").parse().unwrap();
    assert!((0.55..=0.95).contains(&measured), "{csv}");
    // Over both seats the chosen level scores half its score as B at most.
    let overall: f64 = column("score_vs_perfect").parse().unwrap();
    assert!(overall <= 0.5, "{csv}");
    let points = std::fs::read_to_string(out.join("calibration.csv")).unwrap();
    assert!(
        points
            .lines()
            .next()
            .unwrap()
            .contains(",score_vs_perfect_as_B,score_vs_perfect_as_B_lo,score_vs_perfect_as_B_hi,"),
        "{points}"
    );
    let levels = std::fs::read_to_string(out.join("levels.md")).unwrap();
    assert!(
        levels.contains("| level | vs perfect as A | vs perfect as B |")
            && levels.contains("| second | 0.00 |")
            && levels.contains("The first player's edge: seat A scored"),
        "{levels}"
    );
}

#[test]
fn a_seat_the_table_lacks_is_refused_with_the_seats_it_has() {
    let dir = scratch("calibrate-bad-seat");
    let out = dir.join("out");
    let config = dir.join("seat.toml");
    std::fs::write(&config, SEATED.replace("seat = \"B\"", "seat = \"C\"")).unwrap();
    let output = calibrate_into(&config, &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "seat.toml:25: field `score_vs`: seat \"C\": expected \"A\" or \"B\" (the seats \
             at a table of 2, A moving first)"
        ),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists());
}

/// The seated calibration above with a level on top that names its spec, perfect play:
/// measured and tested like the level below it, never searched for.
#[test]
fn a_level_that_names_its_spec_is_measured_not_searched() {
    let dir = scratch("calibrate-fixed");
    let out = dir.join("out");
    let config = dir.join("fixed.toml");
    std::fs::write(
        &config,
        format!("{SEATED}[[level]]\nname = \"top\"\nspec = \"perfect\"\n"),
    )
    .unwrap();
    let output = calibrate_into(&config, &out, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(
        printed.contains("[second] converged:") && printed.contains("[top] fixed: perfect, rating"),
        "{printed}"
    );
    assert!(!printed.contains("[top] step"), "{printed}");
    let csv = std::fs::read_to_string(out.join("difficulty.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let top: Vec<&str> = csv.lines().nth(2).unwrap().split(',').collect();
    let column = |name: &str| top[header.iter().position(|h| *h == name).expect(name)];
    assert_eq!(
        [
            column("level"),
            column("spec"),
            column("knob"),
            column("target"),
            column("target_value"),
            column("status")
        ],
        ["top", "perfect", "", "spec", "", "fixed"],
        "{csv}"
    );
    assert!(!column("gsprt_verdict").is_empty(), "{csv}");
    let toml_text = std::fs::read_to_string(out.join("difficulty.toml")).unwrap();
    assert!(toml_text.ends_with("top = \"perfect\"\n"), "{toml_text}");
    let points = std::fs::read_to_string(out.join("calibration.csv")).unwrap();
    let last = points.lines().last().unwrap();
    assert!(last.contains(",,perfect,20,"), "{points}");
    // The same config and seed give the same files.
    let again = dir.join("again");
    let output = calibrate_into(&config, &again, &["--threads", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    for file in [
        "difficulty.csv",
        "calibration.csv",
        "levels.md",
        "games.csv",
    ] {
        assert_eq!(
            std::fs::read(out.join(file)).unwrap(),
            std::fs::read(again.join(file)).unwrap(),
            "{file}"
        );
    }
}

/// A small Leapfrog calibration whose family (a 30-node search with a random move now
/// and then) tops out far below its named hard (a 3,000-node search): about 3,000 games
/// in seconds. `{bridge}` is left for the `[rungs]` section's last line.
const BRIDGED: &str = "game = \"leapfrog\"
seed = 2024
opening_plies = 4
batch_pairs = 10
max_pairs = 60
max_steps = 6
final_pairs = 20
bootstrap = 100
anchor = \"random\"
[family]
base = \"minimax:nodes=30\"
knob = \"epsilon\"
min = 0.0
max = 1.0
scan = 6
[tolerance]
score = 0.1
elo = 150
[gsprt]
margin = 50
batch_pairs = 10
max_pairs = 60
[[reference]]
name = \"random\"
spec = \"random\"
[[reference]]
name = \"greedy\"
spec = \"greedy\"
[[reference]]
name = \"perfect\"
spec = \"perfect\"
[[level]]
name = \"easy\"
score_vs = { agent = \"random\", score = 0.85 }
[[level]]
name = \"medium\"
score_vs = { agent = \"greedy\", score = 0.5 }
[[level]]
name = \"hard\"
spec = \"minimax:nodes=3000\"
[rungs]
max_step = 150
{bridge}
";

#[test]
fn a_bridge_places_rungs_on_the_budget_between_the_family_and_a_named_hard() {
    let dir = scratch("calibrate-bridge");
    let calibrate_with = |name: &str, bridge: &str| {
        let config = dir.join(format!("{name}.toml"));
        std::fs::write(&config, BRIDGED.replace("{bridge}", bridge)).unwrap();
        let out = dir.join(name);
        let output = calibrate_into(&config, &out, &[]);
        assert!(output.status.success(), "{}", stderr(&output));
        (out, stdout(&output))
    };
    // Medium's target is out of the family's reach: it settles at the knob's strong end,
    // and without a bridge the family has nothing between it and hard.
    let (_, plain) = calibrate_with("plain", "");
    assert!(
        plain.contains("[medium] unreachable: minimax:nodes=30,epsilon=0 ")
            && plain.contains(
                "rungs: none between medium and hard: one names its own spec and the other \
                 lies at the knob's end"
            ),
        "{plain}"
    );
    let (out, printed) = calibrate_with("bridged", "bridge = true");
    assert!(
        printed.contains(
            "rungs: medium-hard on the bridge from minimax:nodes=30,epsilon=0 to \
             minimax:nodes=3000: minimax:nodes=300,epsilon=0"
        ) && printed.contains("[medium-hard] fixed: minimax:nodes=300,epsilon=0, rating"),
        "{printed}"
    );
    let recorded = std::fs::read_to_string(out.join("config.toml")).unwrap();
    assert!(recorded.contains("bridge = true"), "{recorded}");
    // The rung aims at a rating and is measured at the spec the bridge gives it, with no
    // knob value: the family's knob does not reach it.
    let levels = end_to_end::csv_rows(&out.join("difficulty.csv"));
    let rung = levels
        .iter()
        .find(|row| row["level"] == "medium-hard")
        .unwrap();
    assert_eq!(
        [
            rung["spec"].as_str(),
            &rung["knob"],
            &rung["target"],
            &rung["status"]
        ],
        ["minimax:nodes=300,epsilon=0", "", "elo", "fixed"],
        "{rung:?}"
    );
    // The curve runs on over the bridge by nodes, and a rating between the rung and hard
    // resolves to a budget between theirs.
    let curve = std::fs::read_to_string(out.join("curve.csv")).unwrap();
    let curve = agents::level_curve::Curve::parse(&curve).unwrap();
    let rating = |level: &str| -> f64 {
        let row = levels.iter().find(|row| row["level"] == level).unwrap();
        row["rating"].parse().unwrap()
    };
    let (low, high) = (rating("medium-hard"), rating("hard"));
    if high > low + 1.0 {
        let resolved = curve.resolve((low + high) / 2.0).unwrap();
        let nodes = agents::level_curve::setting(&resolved.spec, "nodes").unwrap();
        assert!(
            resolved.spec.ends_with(",epsilon=0") && 300.0 < nodes && nodes < 3000.0,
            "{}",
            resolved.spec
        );
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
    let config_for = |out: &Path, threads: &str| {
        let config = dir.join(format!("calibrate-{threads}.toml"));
        std::fs::write(
            &config,
            format!("out = {:?}\n{THREE_PLAYERS}", out.display().to_string()),
        )
        .unwrap();
        config.display().to_string()
    };
    let files = ["difficulty.csv", "calibration.csv", "levels.md"];
    same_files_at_one_and_two_threads(&dir, config_for, &files, |out, printed| {
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
        // Each level's mistakes, by the best-reply referee at its depth for three seats.
        assert!(
            levels.contains("Mistakes by the referee (a 2-ply best-reply material search;"),
            "{levels}"
        );
        for level in ["easy", "hard"] {
            let row = levels
                .lines()
                .rfind(|line| line.starts_with(&format!("| {level} | ")))
                .unwrap();
            assert_eq!(row.matches('[').count(), 3, "{row}");
        }
    });
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
    assert!(printed.contains("H1 accepted"), "{printed}");
    // Every LLR is printed against the bounds as it stands: inside them while the test
    // plays on, past the bound it crossed once there is a verdict.
    let mut lines = 0;
    for line in printed.lines().filter(|l| l.contains("LLR ")) {
        let after = line.split("LLR ").nth(1).unwrap();
        let mut words = after
            .split([' ', ',', ':', '(', ')'])
            .filter(|w| !w.is_empty());
        let llr: f64 = words.next().unwrap().parse().unwrap();
        match words.next().unwrap() {
            "in" => {
                let lower: f64 = words.next().unwrap().parse().unwrap();
                let upper: f64 = words.next().unwrap().parse().unwrap();
                assert!(lower < llr && llr < upper, "{line}");
            }
            ">=" => assert!(llr >= 2.944 && line.contains(">= 2.944"), "{line}"),
            "<=" => assert!(llr <= -2.944 && line.contains("<= -2.944"), "{line}"),
            other => panic!("{other:?} in {line}"),
        }
        lines += 1;
    }
    assert!(lines >= 2, "{printed}");
    let last = printed.lines().last().unwrap();
    assert!(last.contains(">= 2.944, "), "{last}");
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
    let err = refused_calibration(&config, &out);
    assert!(err.contains("duplicate level name \"medium\""), "{err}");
}

/// A two-player Alquerque calibration of cheap agents: each level's `levels.md` row of
/// mistakes by the referee, over its games against the references.
#[test]
fn a_two_player_calibration_gives_each_levels_mistakes_by_the_referee() {
    let dir = scratch("calibrate-referee");
    let out = dir.join("out");
    let config = dir.join("calibrate.toml");
    let two_players = THREE_PLAYERS.replace("chinese-checkers:players=3", "alquerque");
    std::fs::write(
        &config,
        format!("out = {:?}\n{two_players}", out.display().to_string()),
    )
    .unwrap();
    let output = run(&["calibrate", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let levels = std::fs::read_to_string(out.join("levels.md")).unwrap();
    assert!(
        levels.contains(
            "\nMistakes by the referee (a 6-ply material search; docs/commands.md), over each"
        ),
        "{levels}"
    );
    let header =
        "| level | moves | a pawn or more | smaller losses | mean loss |\n|---|---|---|---|---|\n";
    let start = levels.find(header).expect("the table of mistakes") + header.len();
    let rows: Vec<Vec<&str>> = levels[start..]
        .lines()
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split(" | ").collect())
        .collect();
    assert_eq!(rows.len(), 2, "{levels}");
    assert_eq!((rows[0][0], rows[1][0]), ("| easy", "| hard"), "{levels}");
    for row in &rows {
        assert!(row[1].parse::<u64>().unwrap() > 0, "{levels}");
        let share: f64 = row[2].split(' ').next().unwrap().parse().unwrap();
        assert!((0.0..=1.0).contains(&share), "{levels}");
    }
    // Leapfrog Race, rated against perfect play, has no such table (its shipped files
    // reproduce byte for byte); nor has a game of three.
    assert!(
        !std::fs::read_to_string(end_to_end::repo_root().join("results/leapfrog/levels.md"))
            .unwrap()
            .contains("Mistakes by the referee")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `opening_balance` in a calibration and in a sequential test: recorded in
/// `config.toml`, lopsided openings drawn again, and refused with its field named where
/// there is no opening to balance.
#[test]
fn calibrations_and_sequential_tests_may_balance_their_openings() {
    let dir = scratch("calibrate-balanced");
    let alquerque = THREE_PLAYERS.replace("chinese-checkers:players=3", "alquerque");
    let write = |name: &str, extra: &str| {
        let (config, out) = (dir.join(format!("{name}.toml")), dir.join(name));
        let text = format!("out = {:?}\n{extra}{alquerque}", out.display().to_string());
        std::fs::write(&config, text).unwrap();
        let output = run(&["calibrate", config.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        out
    };
    let (plain, balanced) = (
        write("plain", ""),
        write("balanced", "opening_balance = 50\n"),
    );
    let recorded = std::fs::read_to_string(balanced.join("config.toml")).unwrap();
    assert!(recorded.contains("opening_balance = 50"), "{recorded}");
    let openings = |folder: &Path| -> Vec<String> {
        let games = std::fs::read_to_string(folder.join("games.csv")).unwrap();
        games
            .lines()
            .skip(1)
            .map(|row| {
                let moves = row.rsplit(',').next().unwrap();
                moves.split(' ').take(6).collect::<Vec<_>>().join(" ")
            })
            .collect()
    };
    // Six random plies of Alquerque, mostly forced captures, often leave a side a pawn
    // down: some are drawn again. (The first batch plays the same matchups from the same
    // seeds in both runs; later ones follow the results.)
    let (before, after) = (openings(&plain), openings(&balanced));
    let redrawn = before
        .iter()
        .zip(&after)
        .take(8)
        .filter(|(a, b)| a != b)
        .count();
    assert!(redrawn > 0, "no opening of {} was drawn again", after.len());

    let sprt = dir.join("sprt.toml");
    let sprt_text = format!(
        "game = \"international\"\nseed = 3\nopening_plies = 4\nopening_balance = 50\n\
         threads = 2\nout = {:?}\nfirst = \"greedy\"\nsecond = \"random\"\nelo0 = 0\n\
         elo1 = 50\nbatch_pairs = 10\nmax_pairs = 40\n",
        dir.join("sprt").display().to_string()
    );
    std::fs::write(&sprt, &sprt_text).unwrap();
    let output = run(&["sprt", sprt.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let recorded = std::fs::read_to_string(dir.join("sprt/config.toml")).unwrap();
    assert!(recorded.contains("opening_balance = 50"), "{recorded}");
    std::fs::write(
        &sprt,
        sprt_text.replace("opening_plies = 4", "opening_plies = 0"),
    )
    .unwrap();
    let output = run(&["sprt", sprt.to_str().unwrap(), "--force"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("sprt.toml:4: field `opening_balance`"),
        "{}",
        stderr(&output)
    );
}
