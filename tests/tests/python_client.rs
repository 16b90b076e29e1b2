//! The Python host client as a user gets it: `pip install ./clients/python` into a fresh
//! virtual environment, with no package index (the package needs no download), then its
//! own tests (`clients/python/tests`) against the arena under test, run from a folder
//! outside the repository so that the installed modules are the ones imported.

use std::path::Path;
use std::process::Command;

use end_to_end::{arena_binary, python_available, repo_root, scratch};

/// Runs `python` with `args` in `dir`, the arena under test as `ARENA_BIN`; checks that
/// it succeeds and returns what it printed (standard output, then standard error).
fn python_ok(python: &Path, dir: &Path, what: &str, args: &[&str]) -> String {
    let output = Command::new(python)
        .args(args)
        .env("ARENA_BIN", arena_binary())
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{what}: {} does not run: {e}", python.display()));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{what}:\n{text}");
    text
}

#[test]
fn the_python_client_installs_into_a_fresh_venv_and_plays_whole_games() {
    if !python_available("the_python_client_installs_into_a_fresh_venv_and_plays_whole_games") {
        return;
    }
    let dir = scratch("python-client");
    let venv = dir.join("venv");
    let package = repo_root().join("clients/python");
    // Scratch folders are named by the test, in UTF-8.
    let text = |path: &Path| path.to_str().expect("a UTF-8 path").to_string();
    let (venv_path, package_path) = (text(&venv), text(&package));
    python_ok(
        Path::new("python3"),
        &dir,
        "python3 -m venv",
        &["-m", "venv", &venv_path],
    );
    let python = venv.join("bin/python");
    let pip = [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--no-index",
        "--no-cache-dir",
        &package_path,
    ];
    python_ok(&python, &dir, "pip install ./clients/python", &pip);
    // Installed, not read from the source folder: the import names the venv's copy.
    let file = python_ok(
        &python,
        &dir,
        "import",
        &[
            "-c",
            "import arena_engine, arena_agent; print(arena_engine.__file__)",
        ],
    );
    assert!(file.trim().starts_with(&venv_path), "{file}");

    let tests = text(&package.join("tests"));
    let unittest = ["-m", "unittest", "discover", "-v", "-s", &tests];
    let said = python_ok(&python, &dir, "the client's tests", &unittest);
    assert!(said.contains("\nOK"), "{said}");
    assert!(!said.contains("skipped"), "{said}");

    // The example game loop, as its docstring says to run it.
    let example = text(&package.join("examples/leapfrog_host.py"));
    let args = [
        example.as_str(),
        "--level",
        "hard",
        "--seat",
        "B",
        "--seed",
        "3",
    ];
    let said = python_ok(&python, &dir, "examples/leapfrog_host.py", &args);
    assert!(said.contains("engine (B, level hard): "), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
