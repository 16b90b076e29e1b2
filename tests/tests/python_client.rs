//! The Python host client as a user gets it: `pip install ./clients/python` into a fresh
//! virtual environment, with no package index (the package needs no download), then its
//! own tests (`clients/python/tests`) against the arena under test, run from a folder
//! outside the repository so that the installed modules are the ones imported.

use std::path::Path;
use std::process::{Command, Output};

use end_to_end::{arena_binary, python_available, repo_root, scratch};

fn checked(what: &str, output: Output) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{what}:\n{text}");
    text
}

fn python(venv: &Path) -> std::path::PathBuf {
    venv.join("bin/python")
}

#[test]
fn the_python_client_installs_into_a_fresh_venv_and_plays_whole_games() {
    if !python_available("the_python_client_installs_into_a_fresh_venv_and_plays_whole_games") {
        return;
    }
    let dir = scratch("python-client");
    let venv = dir.join("venv");
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .expect("python3 runs");
    checked("python3 -m venv", made);
    let package = repo_root().join("clients/python");
    let install = Command::new(python(&venv))
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-index",
            "--no-cache-dir",
        ])
        .arg(&package)
        .current_dir(&dir)
        .output()
        .expect("pip runs");
    checked("pip install ./clients/python", install);
    // Installed, not read from the source folder: the import names the venv's copy.
    let found = Command::new(python(&venv))
        .args([
            "-c",
            "import arena_engine, arena_agent; print(arena_engine.__file__)",
        ])
        .current_dir(&dir)
        .output()
        .expect("python runs");
    let file = checked("import", found);
    assert!(file.trim().starts_with(venv.to_str().unwrap()), "{file}");

    let tests = Command::new(python(&venv))
        .args(["-m", "unittest", "discover", "-v", "-s"])
        .arg(package.join("tests"))
        .env("ARENA_BIN", arena_binary())
        .current_dir(&dir)
        .output()
        .expect("python runs");
    let said = checked("the client's tests", tests);
    assert!(said.contains("\nOK"), "{said}");
    assert!(!said.contains("skipped"), "{said}");

    // The example game loop, as its docstring says to run it.
    let example = Command::new(python(&venv))
        .arg(package.join("examples/leapfrog_host.py"))
        .args(["--level", "hard", "--seat", "B", "--seed", "3"])
        .env("ARENA_BIN", arena_binary())
        .current_dir(&dir)
        .output()
        .expect("python runs");
    let said = checked("examples/leapfrog_host.py", example);
    assert!(said.contains("engine (B, level hard): "), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
