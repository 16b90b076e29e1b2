//! A run split into shards and merged equals the run on one machine, byte for byte; a
//! merge with a shard missing, given twice, foreign, unfinished or damaged fails by name.

use std::cell::Cell;
use std::path::{Path, PathBuf};

use end_to_end::{run, run_files, scratch, stderr};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};

fn write_config(dir: &Path, seed: u64) -> String {
    let text = format!(
        "game = \"leapfrog\"\nseed = {seed}\ngames_per_pair = 10\nopening_plies = 6\n\
         bootstrap = 100\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
         [[agent]]\nname = \"greedy\"\nspec = \"greedy\"\n\n\
         [[agent]]\nname = \"minimax\"\nspec = \"minimax:depth=2\"\n"
    );
    let path = dir.join(format!("config-{seed}.toml"));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn shard(config: &str, dir: &Path, shard: &str) -> String {
    let out = dir.join(format!("shard-{}", shard.replace('/', "-of-")));
    let output = run(&[
        "run",
        config,
        "--shard",
        shard,
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    out.display().to_string()
}

fn merge(out: &Path, shards: &[&str]) -> std::process::Output {
    let mut args = vec!["merge", out.to_str().unwrap()];
    args.extend_from_slice(shards);
    args.push("--force");
    run(&args)
}

#[test]
fn three_shards_merge_into_the_single_run() {
    let dir = scratch("shards");
    let config = write_config(&dir, 5);
    let single = dir.join("single");
    let output = run(&["run", &config, "--out", single.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));

    let shards: Vec<String> = ["0/3", "1/3", "2/3"]
        .iter()
        .map(|s| shard(&config, &dir, s))
        .collect();
    let names: Vec<&str> = shards.iter().map(String::as_str).collect();
    let merged = dir.join("merged");
    let output = merge(&merged, &names);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(run_files(&merged), run_files(&single));

    // A shard missing, or given twice.
    let output = merge(&merged, &names[..2]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("missing shard: no folder given holds shard 2/3"),
        "{}",
        stderr(&output)
    );
    let output = merge(&merged, &[names[0], names[1], names[1]]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("duplicate shard"),
        "{}",
        stderr(&output)
    );

    // A shard of another config.
    let other = write_config(&dir, 6);
    let foreign_dir = dir.join("foreign");
    std::fs::create_dir_all(&foreign_dir).unwrap();
    let foreign = shard(&other, &foreign_dir, "2/3");
    let output = merge(&merged, &[names[0], names[1], &foreign]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("foreign shard"),
        "{}",
        stderr(&output)
    );

    // An unfinished shard is named, and finishes on its own with --resume.
    let games = Path::new(names[2]).join("games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let cut: Vec<&str> = text.lines().take(5).collect();
    std::fs::write(&games, format!("{}\n", cut.join("\n"))).unwrap();
    let output = merge(&merged, &names);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("incomplete shard"),
        "{}",
        stderr(&output)
    );
    let output = run(&[
        "run", &config, "--shard", "2/3", "--out", names[2], "--resume",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = merge(&merged, &names);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(run_files(&merged), run_files(&single));
}

/// One change to a file of a shard folder.
#[derive(Clone, Debug)]
enum Damage {
    Flip(usize, u8),
    Truncate(usize),
    Insert(usize, &'static str),
    DuplicateLine(usize),
    DropLine(usize),
    /// The file replaced by the same file of another shard.
    Swap(usize),
    Remove,
}

/// Fragments that the shard readers care about, for insertions.
const FRAGMENTS: &[&str] = &[
    "\n",
    ",",
    "\"",
    "=",
    "0",
    "1",
    "9",
    "-1",
    "4294967296",
    "draw",
    "first",
    "goal",
    "[run]",
    "index = 7\n",
    "count = 0\n",
    "games = 99999999999\n",
    "games_per_pair = 4000000000\n",
    "\u{0}",
    "é",
];

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        4 => (any::<usize>(), 1..=255u8).prop_map(|(at, bits)| Damage::Flip(at, bits)),
        1 => any::<usize>().prop_map(Damage::Truncate),
        3 => (any::<usize>(), prop::sample::select(FRAGMENTS))
            .prop_map(|(at, text)| Damage::Insert(at, text)),
        2 => any::<usize>().prop_map(Damage::DuplicateLine),
        2 => any::<usize>().prop_map(Damage::DropLine),
        1 => any::<usize>().prop_map(Damage::Swap),
        1 => Just(Damage::Remove),
    ]
}

/// The byte ranges of the lines of `bytes`, newlines included.
fn line_ranges(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' || i + 1 == bytes.len() {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    out
}

/// Applies `damage` to `file` of shard `shard` among `dirs`.
fn apply(dirs: &[PathBuf], shard: usize, file: &str, damage: &Damage) {
    let path = dirs[shard].join(file);
    let Ok(mut bytes) = std::fs::read(&path) else {
        return;
    };
    let len = bytes.len();
    match damage {
        Damage::Flip(at, bits) if len > 0 => bytes[at % len] ^= bits,
        Damage::Truncate(at) => bytes.truncate(at % (len + 1)),
        Damage::Insert(at, text) => {
            let at = at % (len + 1);
            bytes.splice(at..at, text.bytes());
        }
        Damage::DuplicateLine(at) | Damage::DropLine(at) => {
            let lines = line_ranges(&bytes);
            if lines.is_empty() {
                return;
            }
            let line = lines[at % lines.len()].clone();
            if matches!(damage, Damage::DropLine(_)) {
                bytes.drain(line);
            } else {
                let copy = bytes[line.clone()].to_vec();
                bytes.splice(line.end..line.end, copy);
            }
        }
        Damage::Swap(other) => {
            let other = dirs[other % dirs.len()].join(file);
            bytes = std::fs::read(other).unwrap_or_default();
        }
        Damage::Remove => {
            std::fs::remove_file(&path).unwrap();
            return;
        }
        Damage::Flip(..) => {}
    }
    std::fs::write(&path, bytes).unwrap();
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

/// The first `fields` fields of each row of a games.csv text, header left out.
fn scheduled_fields(text: &str, fields: usize) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .map(|row| row.split(',').take(fields).map(String::from).collect())
        .collect()
}

/// Damaged shard folders: `arena merge` either writes the single run's files (or, when
/// only a row's result was altered into another valid result, which no check can tell
/// from the real one without replaying the game, the rows the shards hold), or stops
/// with exit code 2 and one line that names the damaged folder or file; it never
/// panics, writes nothing when it stops, and never replaces a finished run without
/// `--force`.
#[test]
fn damaged_shards_merge_right_or_fail_by_name() {
    let dir = scratch("damaged-shards");
    let config = write_config(&dir, 8);
    let single = dir.join("single");
    let output = run(&["run", &config, "--out", single.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = run_files(&single);
    let originals: Vec<PathBuf> = ["0/3", "1/3", "2/3"]
        .iter()
        .map(|s| PathBuf::from(shard(&config, &dir, s)))
        .collect();

    let case = Cell::new(0u32);
    // 128 cases (some 5 s); `PROPTEST_CASES` sets more for a longer hunt.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(128);
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let strategy = (
        0..3usize,
        prop::sample::select(vec!["config.toml", "shard.toml", "games.csv"]),
        prop::collection::vec(damage(), 1..4),
    );
    // Merged as the single run, merged with altered results, refused.
    let tally = [Cell::new(0u32), Cell::new(0), Cell::new(0)];
    runner
        .run(&strategy, |(target, file, damages)| {
            case.set(case.get() + 1);
            let root = dir.join(format!("case-{}", case.get()));
            let dirs: Vec<PathBuf> = (0..3).map(|k| root.join(format!("shard-{k}"))).collect();
            for (from, to) in originals.iter().zip(&dirs) {
                copy_folder(from, to);
            }
            for damage in &damages {
                apply(&dirs, target, file, damage);
            }
            let names: Vec<&str> = dirs.iter().map(|d| d.to_str().unwrap()).collect();

            // A finished run is never replaced without --force.
            let finished = root.join("finished");
            copy_folder(&single, &finished);
            let mut args = vec!["merge", finished.to_str().unwrap()];
            args.extend_from_slice(&names);
            let output = run(&args);
            prop_assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
            prop_assert_eq!(run_files(&finished), expected.clone());

            let merged = root.join("merged");
            let mut args = vec!["merge", merged.to_str().unwrap()];
            args.extend_from_slice(&names);
            let output = run(&args);
            let message = stderr(&output);
            prop_assert!(!message.contains("panicked"), "{}", message);
            match output.status.code() {
                Some(0) => {
                    let files = run_files(&merged);
                    if files == expected {
                        tally[0].set(tally[0].get() + 1);
                    } else {
                        // Only results can differ: every row is the scheduled game.
                        tally[1].set(tally[1].get() + 1);
                        prop_assert_eq!(file, "games.csv");
                        prop_assert_eq!(
                            scheduled_fields(&files[0].1, 5),
                            scheduled_fields(&expected[0].1, 5)
                        );
                        let held = std::fs::read_to_string(dirs[target].join(file)).unwrap();
                        for row in files[0].1.lines().skip(1) {
                            let ours = expected[0].1.lines().any(|r| r == row);
                            prop_assert!(ours || held.lines().any(|r| r == row), "{}", row);
                        }
                    }
                }
                Some(2) => {
                    tally[2].set(tally[2].get() + 1);
                    prop_assert!(
                        message.starts_with("error: ") && message.lines().count() == 1,
                        "{}",
                        message
                    );
                    let named = message.contains(root.to_str().unwrap())
                        || message.contains("missing shard");
                    prop_assert!(named, "{}", message);
                    prop_assert!(
                        !merged.exists(),
                        "a refused merge wrote {}",
                        merged.display()
                    );
                }
                other => prop_assert!(false, "exit code {:?}: {}", other, message),
            }
            std::fs::remove_dir_all(&root).unwrap();
            Ok(())
        })
        .unwrap();
    eprintln!(
        "damaged shards: {} merged as the single run, {} with altered results, {} refused",
        tally[0].get(),
        tally[1].get(),
        tally[2].get()
    );
}

/// Regressions: a record whose index is not below its count indexed past a table (a
/// panic), and a recorded config of billions of games was scheduled in full before any
/// check (an allocation that cannot succeed). Each is now an error naming the file.
#[test]
fn impossible_records_and_huge_runs_are_refused_by_name() {
    let dir = scratch("impossible-shards");
    let config = write_config(&dir, 4);
    let shards: Vec<PathBuf> = ["0/2", "1/2"]
        .iter()
        .map(|s| PathBuf::from(shard(&config, &dir, s)))
        .collect();
    let names: Vec<&str> = shards.iter().map(|d| d.to_str().unwrap()).collect();
    let edit = |dir: &Path, file: &str, from: &str, to: &str| {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{text}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        text
    };
    let cases = [
        (
            "shard.toml",
            "index = 1",
            "index = 7",
            "shard.toml: shard 7/2",
        ),
        ("shard.toml", "count = 2", "count = 0", "foreign shard"),
        (
            "shard.toml",
            "games = ",
            "games = 9",
            "not the record of shard 1/2",
        ),
        (
            "config.toml",
            "games_per_pair = 10",
            "games_per_pair = 4000000000",
            "foreign shard",
        ),
    ];
    for (file, from, to, expected) in cases {
        let original = edit(&shards[1], file, from, to);
        let output = merge(&dir.join("merged"), &names);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
        std::fs::write(shards[1].join(file), original).unwrap();
    }
    // Every shard recording the same huge run: refused before it is scheduled.
    for dir in &shards {
        edit(
            dir,
            "config.toml",
            "games_per_pair = 10",
            "games_per_pair = 4000000000",
        );
    }
    let output = merge(&dir.join("merged"), &names);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("not the record of shard 0/2"),
        "{}",
        stderr(&output)
    );
}
