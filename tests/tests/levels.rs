//! The shipped difficulty levels keep their promises: every game ships them (Chinese
//! checkers once for each number of players), and in every `results/<game>/` folder of a
//! registered game (users' own folders are left alone), easy, medium and hard in that
//! order with only rungs (`arena calibrate`'s `[rungs]`) between them, the named levels'
//! rating intervals strictly ordered and not overlapping, each named level at least 147
//! Elo (a score of 0.70) above the named level below, each step to or from a rung at
//! least 70 Elo (0.60), no step wider than `max_step` where `levels.md` says the cap is
//! kept (and the widest step it names where it says not),
//! every step confirmed by its sequential test, and easy scoring 0.70 to 0.90 against
//! random. Every set records each level's think time (`arena levels --think-time`), hard's
//! median within 200 ms a move. `arena play` seats a human against the
//! hard level of Chinese checkers at every table size.

use std::collections::HashMap;

/// The Elo difference at which the stronger side scores 0.70.
const STEP_ELO: f64 = 147.0;

/// The Elo difference at which the stronger side scores 0.60: the least step to or from
/// a rung.
const RUNG_STEP_ELO: f64 = 70.0;

/// The named levels, in order.
const NAMED: [&str; 3] = ["easy", "medium", "hard"];

/// Which of a set's levels are rungs, or what is wrong with its names: the named levels
/// in order, and between two of them only rungs named `<lower>-<upper>` (one) or
/// `<lower>-<upper>-1`, `-2`, ... (several), as `arena calibrate` names them.
fn rungs_of(names: &[&str]) -> Result<Vec<bool>, String> {
    let named: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| NAMED.contains(n))
        .collect();
    if named != NAMED {
        return Err(format!("named levels {named:?}, expected {NAMED:?}"));
    }
    let mut rungs = Vec::new();
    let mut lower = 0;
    for name in names {
        if NAMED.contains(name) {
            lower = NAMED.iter().position(|n| n == name).unwrap();
            rungs.push(false);
            continue;
        }
        let between = lower + 1 < NAMED.len()
            && name
                .strip_prefix(&format!("{}-{}", NAMED[lower], NAMED[lower + 1]))
                .is_some_and(|rest| {
                    rest.is_empty()
                        || rest
                            .strip_prefix('-')
                            .is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 1))
                });
        if !between {
            return Err(format!("{name:?} is not a rung's name where it stands"));
        }
        rungs.push(true);
    }
    Ok(rungs)
}

#[test]
fn rungs_are_named_after_the_levels_they_stand_between() {
    assert_eq!(rungs_of(&NAMED), Ok(vec![false; 3]));
    assert_eq!(
        rungs_of(&[
            "easy",
            "easy-medium",
            "medium",
            "medium-hard-1",
            "medium-hard-2",
            "hard"
        ]),
        Ok(vec![false, true, false, true, true, false])
    );
    for wrong in [
        &["easy", "hard", "medium"][..],
        &["easy", "medium"],
        &["easy", "medium-hard", "medium", "hard"],
        &["easy", "easy-medium-0", "medium", "hard"],
        &["easy", "easy-mediumx", "medium", "hard"],
        &["easy", "medium", "hard", "hard-expert"],
    ] {
        assert!(rungs_of(wrong).is_err(), "{wrong:?}");
    }
}

fn rows(path: &std::path::Path) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).expect("a readable difficulty.csv");
    let header = reader.headers().expect("a header").clone();
    reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            header
                .iter()
                .zip(r.iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn number(row: &HashMap<String, String>, key: &str) -> f64 {
    row[key]
        .parse()
        .unwrap_or_else(|_| panic!("{key} = {:?}", row[key]))
}

/// The folders of shipped levels: `results/<game>` for every registered game, and
/// `results/chinese-checkers-<n>p` for each number of players. Other folders in
/// `results/` are users' own runs, which this test leaves alone.
fn shipped_folders() -> Vec<String> {
    let mut names: Vec<String> = engine::GameKind::ALL
        .iter()
        .map(|kind| kind.name().to_string())
        .collect();
    names.extend([2, 3, 4, 6].map(|n| format!("chinese-checkers-{n}p")));
    names
}

#[test]
fn every_game_ships_its_levels() {
    let results = end_to_end::repo_root().join("results");
    let missing: Vec<String> = shipped_folders()
        .into_iter()
        // `chinese-checkers` itself stands for its tables of 2, 3, 4 and 6 players.
        .filter(|name| name != "chinese-checkers")
        .filter(|name| !results.join(name).join("difficulty.csv").is_file())
        .collect();
    assert!(missing.is_empty(), "no shipped levels for {missing:?}");
}

/// What a set's `levels.md` says of its cap on steps (`[rungs] max_step`), from the
/// final round-robin: every step within it, or the widest step that is not.
#[derive(Debug)]
enum StatedCap {
    Kept(f64),
    NotKept { widest: f64 },
}

/// The sentence "every step at most N Elo: kept" (or "NOT kept (widest W Elo, ...") of a
/// set's `levels.md`; none for a set without rungs.
fn stated_cap(dir: &std::path::Path) -> Option<StatedCap> {
    let text = std::fs::read_to_string(dir.join("levels.md")).ok()?;
    let rest = &text[text.find("every step at most ")? + "every step at most ".len()..];
    let (cap, rest) = rest.split_once(" Elo: ")?;
    let cap: f64 = cap.parse().expect("a cap in Elo");
    if rest.starts_with("kept") {
        return Some(StatedCap::Kept(cap));
    }
    let rest = rest.strip_prefix("NOT kept (widest ")?;
    let widest = rest
        .split_once(" Elo")?
        .0
        .parse()
        .expect("the widest step in Elo");
    Some(StatedCap::NotKept { widest })
}

#[test]
fn every_shipped_calibration_keeps_the_level_rules() {
    let results = end_to_end::repo_root().join("results");
    let mut checked = 0;
    for name in shipped_folders() {
        let dir = results.join(&name);
        let path = dir.join("difficulty.csv");
        if !path.is_file() {
            continue;
        }
        let game = dir.file_name().unwrap().to_string_lossy().to_string();
        let levels = rows(&path);
        let names: Vec<&str> = levels.iter().map(|r| r["level"].as_str()).collect();
        let rungs = rungs_of(&names).unwrap_or_else(|e| panic!("{game}: {e}"));
        let cap = stated_cap(&dir);
        let mut widest: f64 = 0.0;
        for (index, pair) in levels.windows(2).enumerate() {
            let (low, high) = (&pair[0], &pair[1]);
            let step = number(high, "rating") - number(low, "rating");
            if rungs[index] || rungs[index + 1] {
                assert!(
                    step >= RUNG_STEP_ELO,
                    "{game}: {} is less than 70 Elo above {}",
                    high["level"],
                    low["level"]
                );
            }
            widest = widest.max(step);
            if let Some(StatedCap::Kept(cap)) = cap {
                assert!(
                    step <= cap,
                    "{game}: {} is more than {cap} Elo above {}",
                    high["level"],
                    low["level"]
                );
            }
            assert_eq!(
                high["gsprt_verdict"], "AcceptH1",
                "{game} {}",
                high["level"]
            );
        }
        if let Some(StatedCap::NotKept { widest: stated }) = cap {
            assert!(
                (widest - stated).abs() <= 1.0,
                "{game}: levels.md says the widest step is {stated} Elo, the ratings {widest}"
            );
        }
        let named: Vec<_> = levels.iter().zip(&rungs).filter(|(_, r)| !**r).collect();
        for pair in named.windows(2) {
            let (low, high) = (pair[0].0, pair[1].0);
            assert!(
                number(low, "rating_hi") < number(high, "rating_lo"),
                "{game}: {} and {} intervals overlap",
                low["level"],
                high["level"]
            );
            assert!(
                number(high, "rating") - number(low, "rating") >= STEP_ELO,
                "{game}: {} is less than 147 Elo above {}",
                high["level"],
                low["level"]
            );
        }
        let easy = number(&levels[0], "score_vs_random");
        assert!((0.70..=0.90).contains(&easy), "{game}: easy {easy}");
        for file in ["difficulty.toml", "calibration.csv", "levels.md"] {
            assert!(dir.join(file).is_file(), "{game}: {file}");
        }
        checked += 1;
    }
    assert!(checked >= 1, "no shipped calibration found");
}

#[test]
fn a_human_meets_the_hard_chinese_checkers_level_at_every_table() {
    for players in [2, 3, 4, 6] {
        let game = format!("chinese-checkers:players={players}");
        let mut args = vec!["play".to_string(), game, "--seat".into(), "human".into()];
        for _ in 1..players {
            args.extend(["--seat".into(), "level:hard".into()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The human resigns at once: the levels file must resolve first.
        let output = end_to_end::arena(&args)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("arena runs");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{players} players: {err}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("(resign)"), "{players} players: {text}");
    }
    // Two players by default, as a person would type it.
    let output = end_to_end::arena(&[
        "play",
        "chinese-checkers",
        "--first",
        "human",
        "--second",
        "level:hard",
    ])
    .stdin(std::process::Stdio::null())
    .output()
    .expect("arena runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A tournament config names shipped levels as `level:NAME`; the run plays (and records)
/// the spec the game's shipped `difficulty.toml` gives each, and a level the file lacks
/// is refused naming the config's field and the file.
#[test]
fn a_run_config_seats_the_shipped_levels_by_name() {
    let dir = end_to_end::scratch("run-levels");
    let levels =
        end_to_end::csv_rows(&end_to_end::repo_root().join("results/leapfrog/difficulty.csv"));
    let spec_of = |level: &str| {
        levels
            .iter()
            .find(|row| row["level"] == level)
            .map(|row| row["spec"].clone())
            .expect("a shipped level")
    };
    let config = |second: &str| {
        format!(
            "game = \"leapfrog\"\nseed = 3\ngames_per_pair = 2\nout = {:?}\n\n\
             [[agent]]\nname = \"easy\"\nspec = \"level:easy\"\n\n\
             [[agent]]\nname = \"other\"\nspec = \"{second}\"\n",
            dir.join("out").display().to_string()
        )
    };
    let path = dir.join("run.toml");
    std::fs::write(&path, config("level:hard")).unwrap();
    let output = end_to_end::run(&["run", path.to_str().unwrap(), "--force"]);
    assert!(output.status.success(), "{}", end_to_end::stderr(&output));
    let games = end_to_end::csv_rows(&dir.join("out/games.csv"));
    assert_eq!(games.len(), 4, "two games a pair, each seat order");
    let recorded = std::fs::read_to_string(dir.join("out/config.toml")).unwrap();
    for level in ["easy", "hard"] {
        assert!(recorded.contains(&spec_of(level)), "{level}: {recorded}");
    }
    std::fs::write(&path, config("level:expert")).unwrap();
    let output = end_to_end::run(&["run", path.to_str().unwrap(), "--force"]);
    assert_eq!(output.status.code(), Some(2), "bad input");
    let error = end_to_end::stderr(&output);
    assert!(
        error.contains("field `spec`")
            && error.contains("no level \"expert\"")
            && error.contains("the built-in levels of leapfrog"),
        "{error}"
    );
}

/// A level called hard promises a median within 200 ms a move on one thread.
const HARD_MEDIAN_MS: f64 = 200.0;

/// Every shipped set states each level's think time: its `think-time.csv` (`arena levels
/// --think-time`) times every level with the spec the set ships, `levels.md` shows it,
/// and every level's recorded median keeps hard's promise. The figures are the record's, measured
/// once on the machine the file names; nothing here is timed.
#[test]
fn every_shipped_set_states_its_levels_think_time() {
    let results = end_to_end::repo_root().join("results");
    let mut folders: Vec<String> = shipped_folders()
        .into_iter()
        .filter(|name| name != "chinese-checkers")
        .collect();
    folders.push("leapfrog-by-seat".into());
    for set in folders {
        let dir = results.join(&set);
        let levels = rows(&dir.join("difficulty.csv"));
        let timed = rows(&dir.join("think-time.csv"));
        let specs = |rows: &[HashMap<String, String>]| -> Vec<(String, String)> {
            rows.iter()
                .map(|row| (row["level"].clone(), row["spec"].clone()))
                .collect()
        };
        assert_eq!(specs(&timed), specs(&levels), "{set}: think-time.csv");
        let text = std::fs::read_to_string(dir.join("levels.md")).unwrap();
        let section = text
            .split_once("\n\nThink time on one thread")
            .unwrap_or_else(|| panic!("{set}: levels.md shows no think time"))
            .1;
        for row in &timed {
            assert!(
                section.contains(&format!("| {} | {} |", row["level"], row["moves"])),
                "{set}: levels.md lacks {}'s think time",
                row["level"]
            );
        }
        // Hard thinks longest; no level may think longer than hard promises.
        for row in &timed {
            let median = number(row, "cpu_median_ms");
            assert!(
                median <= HARD_MEDIAN_MS,
                "{set}: {}'s recorded median is {median} ms a move",
                row["level"]
            );
        }
    }
}

/// `arena levels --think-time DIR` times every level of a calibrated set and records it
/// in `think-time.csv` and at the end of `levels.md`, once however often it runs; a
/// recalibration that keeps the levels' specs keeps the section, and bad input is
/// refused naming what is wrong.
#[test]
fn think_time_is_measured_recorded_and_kept_by_a_recalibration() {
    let dir = end_to_end::shipped_leapfrog("think-time");
    std::fs::remove_file(dir.join("think-time.csv")).unwrap();
    let shipped = std::fs::read_to_string(dir.join("levels.md")).unwrap();
    let table = shipped
        .split_once("\n\nThink time on one thread")
        .map_or(shipped.as_str(), |(table, _)| table)
        .to_string();
    std::fs::write(dir.join("levels.md"), format!("{table}\n")).unwrap();
    let folder = dir.display().to_string();
    for _ in 0..2 {
        let output = end_to_end::run(&["levels", "--think-time", &folder, "--games", "1"]);
        assert!(output.status.success(), "{}", end_to_end::stderr(&output));
        assert!(end_to_end::stdout(&output).contains("hard: "));
    }
    let timed = end_to_end::csv_rows(&dir.join("think-time.csv"));
    let levels = end_to_end::csv_rows(&dir.join("difficulty.csv"));
    assert_eq!(timed.len(), levels.len());
    for (time, level) in timed.iter().zip(&levels) {
        assert_eq!(
            (&time["level"], &time["spec"]),
            (&level["level"], &level["spec"])
        );
        assert_eq!(time["games"], "1");
    }
    let recorded = std::fs::read_to_string(dir.join("levels.md")).unwrap();
    assert!(recorded.starts_with(&table), "the table before it is kept");
    assert_eq!(recorded.matches("Think time on one thread").count(), 1);
    assert!(recorded.contains("| hard | "), "{recorded}");

    // A recalibration of the same levels writes the same levels.md, section and all.
    let output = end_to_end::run(&[
        "calibrate",
        "configs/calibrate-leapfrog.toml",
        "--force",
        "--out",
        &folder,
    ]);
    assert!(output.status.success(), "{}", end_to_end::stderr(&output));
    assert_eq!(
        std::fs::read_to_string(dir.join("levels.md")).unwrap(),
        recorded
    );

    // Bad input: no calibration there, too many games, a file that is not a table.
    let empty = end_to_end::scratch("think-time-empty");
    let output = end_to_end::run(&["levels", "--think-time", &empty.display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        end_to_end::stderr(&output).contains("no config.toml"),
        "{}",
        end_to_end::stderr(&output)
    );
    let output = end_to_end::run(&["levels", "--think-time", &folder, "--games", "1000"]);
    assert_eq!(output.status.code(), Some(2));
    std::fs::write(dir.join("think-time.csv"), "level,speed\nhard,fast\n").unwrap();
    let output = end_to_end::run(&[
        "calibrate",
        "configs/calibrate-leapfrog.toml",
        "--resume",
        "--out",
        &folder,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        end_to_end::stderr(&output).contains("think-time.csv line 2"),
        "{}",
        end_to_end::stderr(&output)
    );
}
