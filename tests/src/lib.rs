//! Helpers for the end-to-end tests in `tests/tests/`: finding the `arena` binary,
//! running it, and scratch folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `arena` binary of this build: beside the test binary's `deps` folder. Cargo
/// builds it for `cargo test --workspace` (the arena crate has integration tests).
///
/// # Panics
/// When the binary is missing: run the tests of the whole workspace.
pub fn arena_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binary sits in target/<profile>/deps");
    let binary = dir.join(format!("arena{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} is missing: run `cargo test --workspace` so that it is built",
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

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the repository")
        .to_path_buf()
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
