//! One run per output folder, and the command line's errors: a held folder is refused
//! naming its holder, `--force` removes exactly the arena's files, the exit codes mean
//! the same for every verb, and bad values are named, bounded and cut.

use std::path::Path;

use end_to_end::{run, scratch, stderr};

const CONFIG: &str = r#"game = "leapfrog"
seed = 11
games_per_pair = 2
opening_plies = 2
threads = 1
out = "OUT"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "greedy"
spec = "greedy"
"#;

/// Writes the config into `dir` with its output folder `out`; returns its path.
fn config(dir: &Path, out: &Path) -> String {
    let path = dir.join("run.toml");
    std::fs::write(&path, CONFIG.replace("OUT", out.to_str().unwrap())).unwrap();
    path.display().to_string()
}

#[test]
fn a_folder_in_use_is_refused_naming_the_process() {
    let dir = scratch("held");
    let out = dir.join("out");
    // This process plays the run in progress: it holds the lock, its id inside.
    let lock = arena::output::lock(&out).unwrap();
    let config = config(&dir, &out);
    for extra in [&[][..], &["--force"], &["--resume"]] {
        let mut args = vec!["run", config.as_str()];
        args.extend_from_slice(extra);
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert_eq!(
            err,
            format!(
                "error: output folder {} is in use by process {}: wait for it to finish, or \
                 choose another folder with --out\n",
                out.display(),
                std::process::id()
            )
        );
    }
    assert!(!out.join("config.toml").exists(), "nothing written");
    drop(lock);
    let output = run(&["run", &config]);
    assert!(output.status.success(), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn force_removes_every_file_of_the_old_run_and_nothing_else() {
    let dir = scratch("force");
    let out = dir.join("out");
    let config = config(&dir, &out);
    let output = run(&["run", &config, "--report"]);
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::write(out.join("accuracy.csv"), "left by arena analyze\n").unwrap();
    std::fs::write(out.join("referee.csv"), "left by arena analyze\n").unwrap();
    std::fs::write(out.join("notes.txt"), "mine\n").unwrap();
    let output = run(&["run", &config, "--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut left: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            ".arena.lock",
            "config.toml",
            "games.csv",
            "notes.txt",
            "pairs.csv",
            "standings.csv",
            "summary.csv"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every file under `dir` but the lock file (which records the last process to try
/// the folder, not the run), by path, with its bytes.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if entry.file_name() != ".arena.lock" {
                let name = path.strip_prefix(dir).unwrap().display().to_string();
                files.push((name, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn sprt_and_rate_leave_a_finished_run_as_it_was() {
    let dir = scratch("guard");
    let out = dir.join("out");
    let config = config(&dir, &out);
    let output = run(&["run", &config]);
    assert!(output.status.success(), "{}", stderr(&output));
    let before = snapshot(&out);
    let sprt = dir.join("sprt.toml");
    std::fs::write(
        &sprt,
        format!(
            "game = \"leapfrog\"\nseed = 3\nthreads = 1\nout = {:?}\nfirst = \"greedy\"\n\
             second = \"random\"\nelo0 = 0\nelo1 = 50\nbatch_pairs = 2\nmax_pairs = 4\n",
            out.display().to_string()
        ),
    )
    .unwrap();
    let sprt = sprt.display().to_string();
    let there = "already holds a run (config.toml, games.csv, pairs.csv, standings.csv, \
                 summary.csv)";
    let output = run(&["sprt", &sprt]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains(there) && err.contains("--resume") && err.contains("--force"),
        "{err}"
    );
    let out_text = out.display().to_string();
    let rate = ["rate", "leapfrog", "--agent", "random", "--games", "2"];
    let output = run(&[&rate[..], &["--out", &out_text]].concat());
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains(there) && err.contains("--force"), "{err}");
    assert!(snapshot(&out) == before, "a refused verb changed the run");
    // A run's --resume is no sprt's: its recorded config is not a test's.
    let output = run(&["sprt", &sprt, "--resume"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(snapshot(&out) == before, "a refused resume changed the run");

    // With --force the test replaces the run; --resume finishes the test to the same
    // games, and a second test without either is refused.
    let output = run(&["sprt", &sprt, "--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!out.join("pairs.csv").exists(), "the old run's files went");
    let tested = snapshot(&out);
    let output = run(&["sprt", &sprt, "--resume"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(snapshot(&out) == tested, "a resumed test changed its files");
    let output = run(&["sprt", &sprt]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let output = run(&[&rate[..], &["--out", &out_text, "--force"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exit_codes_are_the_same_everywhere() {
    let dir = scratch("codes");
    let missing = dir.join("nothing/games.csv");
    let output = run(&["replay", missing.to_str().unwrap(), "--game-id", "0"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    // A folder given for the games file is named as such, not a config elsewhere.
    let output = run(&["replay", dir.to_str().unwrap(), "--game-id", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!(
            "error: {} is a folder: name the games file in it, {}\n",
            dir.display(),
            dir.join("games.csv").display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_name_what_is_missing() {
    let output = run(&["solve", "leapfrog", "--table", "x.table"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--position"), "{err}");
}

#[test]
fn long_values_are_cut_and_duplicate_options_refused() {
    let long = format!("{} A", "A".repeat(100_000));
    let output = run(&["perft", "leapfrog", "--depth", "1", "--position", &long]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.len() < 1000 && err.contains("characters cut"), "{err}");
    let output = run(&[
        "perft",
        "chinese-checkers:players=2,players=3",
        "--depth",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("each option once"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn positions_the_rules_cannot_reach_are_refused_with_a_reason() {
    // Chinese checkers: the 2-player start's rows 5 to 13, empty.
    let middle = "............./............/.........../........../........./\
                  ........../.........../............/.............";
    let nine_b = format!("A/AA/AAA/AAAA/{middle}/BBBB/BBB/BB/. A");
    let eleven_a = format!(
        "A/AA/AAA/AAAA/{}/BBBB/BBB/BB/B A",
        middle.replacen('.', "A", 1)
    );
    let three_seats = format!("A/AA/AAA/AAAA/{middle}/BBBB/BBB/BB/B A players=3");
    let chinese = [
        (
            "chinese-checkers",
            nine_b.as_str(),
            "seat B has 9 pieces, expected 10",
        ),
        (
            "chinese-checkers",
            eleven_a.as_str(),
            "seat A has 11 pieces, expected 10",
        ),
        (
            "chinese-checkers:players=3",
            three_seats.as_str(),
            "seat C has 0 pieces, expected 10",
        ),
    ];
    let cases = [
        (
            "leapfrog",
            "BBBBB.........AAAAA B",
            "both sides have all their pieces home",
        ),
        (
            "leapfrog",
            "BBBB.B........AAAAA A",
            "the side to move has all its pieces home",
        ),
        ("english", "B:W:B", "the board is empty"),
        (
            "english",
            "B:W1-32:B",
            "white has 32 pieces: no setup on this board gives a side more than 12",
        ),
        ("english", "B:W1,20:B12", "a white man on square 1"),
        (
            "international",
            "W:W31-50:B1-20,46",
            "square 46 holds two pieces",
        ),
    ];
    for (game, position, reason) in cases.into_iter().chain(chinese) {
        for verb in ["perft", "play"] {
            let args: Vec<&str> = if verb == "perft" {
                vec!["perft", game, "--depth", "1", "--position", position]
            } else {
                vec![
                    "play",
                    game,
                    "--first",
                    "random",
                    "--second",
                    "random",
                    "--position",
                    position,
                ]
            };
            let output = run(&args);
            let err = stderr(&output);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{verb} {game} {position}: {err}"
            );
            assert!(err.contains(reason), "{verb} {game} {position}: {err}");
        }
    }
}

#[test]
fn keep_duplicates_counts_every_capture_path_in_turkish_too() {
    for game in ["turkish", "alquerque"] {
        let output = run(&["perft", game, "--depth", "3", "--keep-duplicates"]);
        assert!(output.status.success(), "{game}: {}", stderr(&output));
    }
    let output = run(&["perft", "leapfrog", "--depth", "1", "--keep-duplicates"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("turkish"), "{}", stderr(&output));
}

#[test]
fn a_damaged_standings_file_fails_the_report_naming_its_line() {
    let dir = scratch("damaged-standings");
    let out = dir.join("out");
    let config = config(&dir, &out);
    assert!(run(&["run", &config]).status.success());
    let path = out.join("standings.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let damaged: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i == 2 {
                line.replacen(',', ",x", 6)
            } else {
                line.to_string()
            }
        })
        .collect();
    std::fs::write(&path, damaged.join("\n") + "\n").unwrap();
    let output = run(&["report", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("{}:3: field `", path.display())),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_calibration_config_is_checked_whole_before_any_game() {
    let dir = scratch("calibrate-knob");
    let out = dir.join("out");
    let shipped =
        std::fs::read_to_string(end_to_end::repo_root().join("configs/calibrate-leapfrog.toml"))
            .unwrap();
    // Depths between 1 and 4 without `integer = true`: the ends build, 2.5 does not.
    let text = shipped
        .replace("base = \"perfect\"", "base = \"minimax\"")
        .replace("knob = \"epsilon\"", "knob = \"depth\"")
        .replace("min = 0.0", "min = 1.0")
        .replace("max = 1.0", "max = 4.0")
        .lines()
        .map(|line| {
            if line.starts_with("out =") {
                format!("out = {:?}", out.display().to_string())
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let path = dir.join("knob.toml");
    std::fs::write(&path, text).unwrap();
    let output = run(&["calibrate", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("section `family`: the knob gives spec \"minimax:depth=2.5\""),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}
