//! Helpers for the end-to-end tests in `tests/tests/`: finding the `arena` binary,
//! running it, and scratch folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `arena` binary of this build: `arena-under-test`, beside the test binary's
/// `deps` folder. Cargo builds it from `arena/src/main.rs` before it runs this package's
/// tests (it is this package's binary), so a test never runs a stale build.
///
/// # Panics
/// When the binary is missing (run the tests through cargo).
pub fn arena_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binary sits in target/<profile>/deps");
    let binary = dir.join(format!("arena-under-test{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} is missing: run the tests with `cargo test -p end-to-end`, which builds it",
        binary.display()
    );
    binary
}

/// A command running `arena` with `args`, from the repository root.
pub fn arena(args: &[&str]) -> Command {
    let mut command = Command::new(arena_binary());
    command.args(args).current_dir(repo_root());
    command
}

/// Runs `arena` with `args` and returns its output.
pub fn run(args: &[&str]) -> Output {
    arena(args).output().expect("arena runs")
}

/// The repository root: this checkout's, or the copy named by `LEAPFROG_ARENA_ROOT`
/// (the newcomer test runs tests again on a fresh copy it has used as the README says).
pub fn repo_root() -> PathBuf {
    if let Some(root) = std::env::var_os(ROOT_VARIABLE) {
        return PathBuf::from(root);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the repository")
        .to_path_buf()
}

/// The variable that points [`repo_root`] at another copy of the repository.
pub const ROOT_VARIABLE: &str = "LEAPFROG_ARENA_ROOT";

/// The files the repository ships in `results/leapfrog/` (the calibration's tracked
/// output and the levels' think time; `games.csv` is not shipped).
pub const SHIPPED_LEAPFROG: [&str; 7] = [
    "calibration.csv",
    "config.toml",
    "curve.csv",
    "difficulty.csv",
    "difficulty.toml",
    "levels.md",
    "think-time.csv",
];

/// A scratch copy of the shipped `results/leapfrog/` files alone: tests read these, not
/// whatever a user's own commands have since written beside them.
pub fn shipped_leapfrog(name: &str) -> PathBuf {
    let dir = scratch(name).join("leapfrog");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let shipped = repo_root().join("results/leapfrog");
    for file in SHIPPED_LEAPFROG {
        std::fs::copy(shipped.join(file), dir.join(file))
            .unwrap_or_else(|e| panic!("{}: {e}", shipped.join(file).display()));
    }
    dir
}

/// Every Markdown file under `folder` and its subfolders (the guide's pages, under
/// `docs/`), sorted.
pub fn markdown_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A fresh, empty scratch folder for one test, under the system's temporary folder.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("leapfrog-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The CSV files a run writes, read back.
pub fn run_files(dir: &Path) -> Vec<(String, String)> {
    ["games.csv", "pairs.csv", "standings.csv", "summary.csv"]
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name))
                .unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()));
            (name.to_string(), text)
        })
        .collect()
}

/// Runs `arena run CONFIG` into `one` on one thread and into `two` on two, and checks
/// that both write the same CSV files byte for byte.
pub fn same_at_one_and_two_threads(config: &str, one: &Path, two: &Path) {
    for (out, threads) in [(one, "1"), (two, "2")] {
        let output = run(&[
            "run",
            config,
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    assert_eq!(run_files(one), run_files(two));
}

/// Rows of a CSV file as maps from column to text.
pub fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .map(String::from)
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// Whether `python3` runs here; without it the test says so and passes, except under CI
/// (where python3 is part of the machine).
pub fn python_available(test: &str) -> bool {
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "python3 is missing on the CI machine"
        );
        eprintln!("{test}: skipped: python3 is not installed");
    }
    found
}
