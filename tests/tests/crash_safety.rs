//! Crash safety. `arena run` and `arena calibrate` are killed with SIGKILL at seeded
//! random moments, each kill followed by the same command again (with `--resume`, which
//! also starts a fresh folder), until one run finishes: its files must equal, byte for
//! byte, those of a run that was never interrupted. And a full disk (a file-size limit,
//! with SIGXFSZ ignored so that the write fails with EFBIG) stops a run with a clear
//! error, leaving only whole rows, which a resume finishes to the same files.
//!
//! CI runs a subset of the kills (see [`CI_KILLS`]); the full harness is ignored by
//! default: `cargo test --release -p end-to-end --test crash_safety -- --ignored`.
//! `CRASH_SEED=N` replays another seed.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use end_to_end::{arena, run, scratch, stderr};

/// Kills of each verb in CI: 25 of `run` and 25 of `calibrate`.
const CI_KILLS: u32 = 25;

/// Kills of each verb in the full harness.
const FULL_KILLS: u32 = 250;

/// A small random number generator (SplitMix64): the kill moments derive from one seed.
struct Moments(u64);

impl Moments {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0).
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

fn seed() -> u64 {
    std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_130)
}

/// A verb under test: its command for an output folder, and the files it must leave.
struct Verb {
    name: &'static str,
    config: String,
    files: &'static [&'static str],
}

impl Verb {
    /// The command, the same for the first start and every restart: `--resume` starts a
    /// fresh folder too.
    fn args<'a>(&'a self, out: &'a Path) -> Vec<&'a str> {
        vec![
            self.name,
            &self.config,
            "--out",
            out.to_str().unwrap(),
            "--resume",
        ]
    }

    fn read(&self, out: &Path) -> Vec<(String, Vec<u8>)> {
        self.files
            .iter()
            .map(|name| {
                let path = out.join(name);
                let bytes =
                    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                (name.to_string(), bytes)
            })
            .collect()
    }
}

/// A round-robin of four Leapfrog Race agents on two threads (games finish out of
/// order), some 0.5 s on the development machine.
fn run_verb(dir: &Path) -> Verb {
    let text = "game = \"leapfrog\"\nseed = 31\ngames_per_pair = 24\nopening_plies = 6\n\
                threads = 2\nbootstrap = 100\n\n\
                [[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
                [[agent]]\nname = \"greedy\"\nspec = \"greedy:epsilon=0.1\"\n\n\
                [[agent]]\nname = \"minimax\"\nspec = \"minimax:depth=2,tt_mib=1\"\n\n\
                [[agent]]\nname = \"mcts\"\nspec = \"mcts:iterations=60\"\n";
    let path = dir.join("run.toml");
    std::fs::write(&path, text).unwrap();
    Verb {
        name: "run",
        config: path.display().to_string(),
        files: &["games.csv", "pairs.csv", "standings.csv", "summary.csv"],
    }
}

/// A calibration of the greedy player's epsilon against random and greedy play, in
/// batches (each appended to `games.csv` as it ends), some 0.7 s on the development
/// machine. Chinese checkers: a Leapfrog Race calibration solves the game first, for
/// blunder rates, and most kills would land in the solve. No referee (`referee_pairs =
/// 0`): it takes seconds to score a Chinese checkers game.
fn calibrate_verb(dir: &Path) -> Verb {
    let text = r#"game = "chinese-checkers"
seed = 17
opening_plies = 4
referee_pairs = 0
threads = 2
batch_pairs = 10
max_pairs = 60
max_steps = 4
final_pairs = 20
bootstrap = 50

[family]
base = "greedy"
knob = "epsilon"
min = 0.0
max = 1.0
scan = 4

[tolerance]
score = 0.1

[gsprt]
margin = 50
batch_pairs = 10
max_pairs = 60

[[reference]]
name = "random"
spec = "random"

[[reference]]
name = "greedy"
spec = "greedy"

[[level]]
name = "easy"
score_vs = { agent = "greedy", score = 0.2 }

[[level]]
name = "hard"
score_vs = { agent = "greedy", score = 0.45 }
"#;
    let path = dir.join("calibrate.toml");
    std::fs::write(&path, text).unwrap();
    Verb {
        name: "calibrate",
        config: path.display().to_string(),
        files: &[
            "games.csv",
            "calibration.csv",
            "difficulty.csv",
            "difficulty.toml",
            "levels.md",
        ],
    }
}

/// What the harness did.
#[derive(Debug, Default)]
struct Tally {
    kills: u32,
    /// Kills that found some games recorded and some still to play.
    mid_games: u32,
    rounds: u32,
}

/// Rounds of: start the command, kill it after a seeded random delay below the length
/// of an uninterrupted run, start it again, ... (one to three kills), then let it finish
/// and compare its files with the uninterrupted run's. Stops after the round that makes
/// `kills` kills or more.
fn kill_and_resume(verb: &Verb, dir: &Path, kills: u32, moments: &mut Moments) -> Tally {
    let clean = dir.join(format!("{}-clean", verb.name));
    let started = Instant::now();
    let output = run(&verb.args(&clean));
    let length = started.elapsed();
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = verb.read(&clean);
    let rows = expected[0].1.iter().filter(|b| **b == b'\n').count();

    let mut tally = Tally::default();
    while tally.kills < kills {
        let out = dir.join(format!("{}-{}", verb.name, tally.rounds));
        let mut to_kill = 1 + moments.below(3) as u32;
        loop {
            let mut child = arena(&verb.args(&out))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if to_kill > 0 {
                let delay = moments.below(length.as_micros() as u64 + 1);
                std::thread::sleep(Duration::from_micros(delay));
                if child.try_wait().unwrap().is_none() {
                    child.kill().unwrap(); // SIGKILL: no chance to clean up.
                    child.wait().unwrap();
                    to_kill -= 1;
                    tally.kills += 1;
                    let recorded = std::fs::read(out.join("games.csv"))
                        .map_or(0, |bytes| bytes.iter().filter(|b| **b == b'\n').count());
                    if recorded > 1 && recorded < rows {
                        tally.mid_games += 1;
                    }
                    continue;
                }
            }
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "{} round {} (seed {}): {}",
                verb.name,
                tally.rounds,
                seed(),
                stderr(&output)
            );
            break;
        }
        let found = verb.read(&out);
        assert!(
            !out.join(".games-in-batch.csv").exists(),
            "{}: a finished run keeps no batch file",
            verb.name
        );
        for ((name, want), (_, got)) in expected.iter().zip(&found) {
            assert!(
                want == got,
                "{} round {} (seed {}): {name} differs from the uninterrupted run's",
                verb.name,
                tally.rounds,
                seed()
            );
        }
        std::fs::remove_dir_all(&out).unwrap();
        tally.rounds += 1;
    }
    eprintln!(
        "{}: {} kills in {} rounds ({} with some games recorded), an uninterrupted run \
         takes {:.2} s",
        verb.name,
        tally.kills,
        tally.rounds,
        tally.mid_games,
        length.as_secs_f64()
    );
    tally
}

fn harness(name: &str, kills: u32) {
    let dir = scratch(name);
    let mut moments = Moments(seed());
    let started = Instant::now();
    let mut all = 0;
    for verb in [run_verb(&dir), calibrate_verb(&dir)] {
        let tally = kill_and_resume(&verb, &dir, kills, &mut moments);
        all += tally.kills;
        // The delays must land among the games, not all before or after them.
        assert!(
            tally.mid_games * 5 >= tally.kills,
            "{}: only {} of {} kills landed among the games",
            verb.name,
            tally.mid_games,
            tally.kills
        );
    }
    eprintln!(
        "{all} kills in all in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn runs_and_calibrations_killed_at_random_resume_to_the_same_files() {
    harness("kills", CI_KILLS);
}

#[test]
#[ignore = "the full harness: some minutes; CI runs a subset"]
fn many_kills_resume_to_the_same_files() {
    harness("many-kills", FULL_KILLS);
}

/// `arena ARGS` under a limit of `bytes` on the size of any file it writes (rounded down
/// to the shell's `ulimit -f` blocks), with SIGXFSZ ignored: a write past the limit fails
/// with EFBIG instead of killing the process.
fn with_file_size_limit(bytes: u64, args: &[&str]) -> std::process::Output {
    let binary: PathBuf = end_to_end::arena_binary();
    // POSIX `ulimit -f` counts 512-byte blocks; some shells count 1024. Either way the
    // limit lands well inside the run below.
    let blocks = bytes / 1024;
    let script = format!("trap '' XFSZ; ulimit -f {blocks} && exec \"$0\" \"$@\"");
    std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(binary)
        .args(args)
        .current_dir(end_to_end::repo_root())
        .output()
        .expect("sh runs")
}

#[test]
fn a_full_disk_stops_a_run_cleanly_and_a_resume_finishes_it() {
    let dir = scratch("full-disk");
    let verb = run_verb(&dir);
    let clean = dir.join("clean");
    let output = run(&verb.args(&clean));
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = verb.read(&clean);
    let size = expected[0].1.len() as u64;
    assert!(
        size > 16 * 1024,
        "games.csv of {size} bytes: give the run more games"
    );

    let out = dir.join("full");
    let output = with_file_size_limit(size / 2, &verb.args(&out));
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(3), "{message}");
    let games = out.join("games.csv");
    // Progress lines ("run: 29/288 games ...") come before it; the error is one line.
    let said: Vec<&str> = message
        .lines()
        .filter(|line| !line.starts_with("run: "))
        .collect();
    assert!(
        said.len() == 1
            && said[0].starts_with(&format!("error: cannot write {}", games.display()))
            && said[0].contains("File too large"),
        "{message}"
    );
    assert!(!message.contains("panicked"), "{message}");

    // Only whole rows, each one of the uninterrupted run's; no summaries, no temporary
    // files.
    let text = std::fs::read_to_string(&games).unwrap();
    assert!(text.ends_with('\n'), "a torn row is left: {text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() > 1,
        "no game was recorded before the disk filled"
    );
    let clean_rows = String::from_utf8(expected[0].1.clone()).unwrap();
    for line in &lines {
        assert!(clean_rows.lines().any(|row| row == *line), "{line}");
    }
    let mut left: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    // The folder's lock file stays (the lock itself went with the process).
    assert_eq!(left, [".arena.lock", "config.toml", "games.csv"]);

    // The limit lifted, the same command finishes the run.
    let output = run(&verb.args(&out));
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(verb.read(&out) == expected, "the resumed run differs");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Kills of `arena calibrate --force` over a copy of the shipped levels.
const REPLACE_KILLS: u32 = 20;

/// The files of a calibration's set, as a forced calibration must leave them: wholly the
/// old set or wholly the new one.
const CALIBRATION_SET: [&str; 7] = [
    "calibration.csv",
    "config.toml",
    "curve.csv",
    "difficulty.csv",
    "difficulty.toml",
    "levels.md",
    "games.csv",
];

/// The calibration set of `dir` (a missing file as `None`).
fn calibration_set(dir: &Path) -> Vec<Option<Vec<u8>>> {
    CALIBRATION_SET
        .iter()
        .map(|name| std::fs::read(dir.join(name)).ok())
        .collect()
}

/// A scratch copy of the shipped Leapfrog Race levels, each file with a blank line added
/// so that the old set differs from the one the calibration writes (the shipped files
/// are its output, byte for byte).
fn old_levels(name: &str) -> PathBuf {
    let dir = end_to_end::shipped_leapfrog(name);
    for file in end_to_end::SHIPPED_LEAPFROG {
        let path = dir.join(file);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.push(b'\n');
        std::fs::write(&path, bytes).unwrap();
    }
    dir
}

/// `arena calibrate configs/calibrate-leapfrog.toml --force` (the README's command) over
/// a copy of `results/leapfrog/`, killed at seeded random moments of its length: every
/// kill leaves levels that load, and the set whole, old or new. A kill mid-way through
/// moving the new set into place (after its commit) is read from the committed set and
/// finished by the next start; a kill before leaves the old set, and `--resume` finishes
/// the calibration to the files an uninterrupted one writes.
#[test]
fn a_forced_calibration_killed_anywhere_leaves_the_old_levels_or_the_new() {
    let config = "configs/calibrate-leapfrog.toml";
    let clean = old_levels("replace-clean");
    let old = calibration_set(&clean);
    let args = |out: &Path| {
        vec![
            "calibrate".to_string(),
            config.to_string(),
            "--force".to_string(),
            "--out".to_string(),
            out.display().to_string(),
        ]
    };
    let started = Instant::now();
    let output = arena(&args(&clean).iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .unwrap();
    let length = started.elapsed();
    assert!(output.status.success(), "{}", stderr(&output));
    let new = calibration_set(&clean);
    assert!(new.iter().all(Option::is_some) && new != old);

    let mut moments = Moments(seed());
    let (mut left_old, mut resumed) = (0, false);
    for kill in 0..REPLACE_KILLS {
        let out = old_levels(&format!("replace-{kill}"));
        let mut child = arena(&args(&out).iter().map(String::as_str).collect::<Vec<_>>())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(
            moments.below(length.as_micros() as u64 + 1),
        ));
        let _ = child.kill(); // SIGKILL, or nothing if it has finished.
        child.wait().unwrap();
        // The levels load at once, whatever the kill interrupted.
        let levels = arena::levels::Levels::load(&out.join("difficulty.toml"))
            .unwrap_or_else(|e| panic!("kill {kill} (seed {}): {e}", seed()));
        assert_eq!(levels.names(), ["easy", "hard", "medium"], "kill {kill}");
        let resume = |out: &Path| {
            let mut args = args(out);
            args[2] = "--resume".into();
            let output = arena(&args.iter().map(String::as_str).collect::<Vec<_>>())
                .output()
                .unwrap();
            assert!(output.status.success(), "kill {kill}: {}", stderr(&output));
        };
        if out.join(arena::staging::COMMITTED).exists() {
            // Cut short after its commit: the next start moves the rest into place.
            resume(&out);
        }
        let found = calibration_set(&out);
        assert!(
            found == old || found == new,
            "kill {kill} (seed {}): the set is neither the old one nor the new one",
            seed()
        );
        if found == old {
            left_old += 1;
            if !resumed && out.join(arena::staging::STAGING).exists() {
                resume(&out);
                assert!(calibration_set(&out) == new, "kill {kill}: resumed");
                resumed = true;
            }
        }
        std::fs::remove_dir_all(out.parent().unwrap()).unwrap();
    }
    // The delays must land within the calibration, not all after it (the machine's
    // load moves its length between runs, so only a quarter is asked for).
    assert!(
        left_old * 4 >= REPLACE_KILLS && resumed,
        "only {left_old} of {REPLACE_KILLS} kills landed before the end"
    );
    std::fs::remove_dir_all(clean.parent().unwrap()).unwrap();
}
