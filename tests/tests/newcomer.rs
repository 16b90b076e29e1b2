//! The newcomer's path: on a fresh copy of the repository, the README's commands run in
//! the order it gives them, then the tests that read the repository's own files run
//! again on that copy and pass. Following the README must never break `cargo test`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use end_to_end::{arena_binary, python_available, repo_root, scratch, stderr, ROOT_VARIABLE};

/// The prefixes of the README's commands that run the arena: through cargo, or the
/// binary `cargo install --path arena` puts on the `PATH`.
const ARENA_PREFIXES: [&str; 2] = ["cargo run --release -p arena -- ", "arena "];

/// The tests that read the repository's files (shipped results, configs), by test
/// binary: they run again on the copy once the README's commands have run there.
const TESTS_ON_THE_COPY: [(&str, &str); 2] = [
    ("report", "the_shipped_calibration_report_marks_its_levels"),
    (
        "human",
        "levels_resolve_by_name_and_a_missing_one_names_its_file",
    ),
];

/// The files git tracks here, or `None` where this is not a git checkout.
fn tracked_files(root: &Path) -> Option<Vec<String>> {
    let output = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8(output.stdout).ok()?;
    Some(
        text.split('\0')
            .filter(|f| !f.is_empty())
            .map(String::from)
            .collect(),
    )
}

/// A fresh copy of the repository's tracked files (as a clone has them) in `dir`.
fn fresh_copy(dir: &Path) -> Option<PathBuf> {
    let root = repo_root();
    let copy = dir.join("leapfrog-arena");
    for file in tracked_files(&root)? {
        let from = root.join(&file);
        if !from.is_file() {
            continue; // removed from the working tree but not yet from the index
        }
        let to = copy.join(&file);
        std::fs::create_dir_all(to.parent().expect("a file's folder")).unwrap();
        std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    Some(copy)
}

/// The README's arena commands, in order: each `cargo run ... -- ARGS` or `arena ARGS`
/// line of its ```sh blocks, without the comment after it, split into words as a shell
/// splits them.
fn readme_commands(readme: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut in_shell_block = false;
    for line in readme.lines().map(str::trim) {
        if let Some(fence) = line.strip_prefix("```") {
            in_shell_block = !in_shell_block && fence == "sh";
            continue;
        }
        if !in_shell_block {
            continue;
        }
        if let Some(rest) = ARENA_PREFIXES.iter().find_map(|p| line.strip_prefix(p)) {
            let command = rest.split(" #").next().unwrap_or(rest);
            commands.push(shell_words(command));
        }
    }
    commands
}

/// `line` split into words as a shell splits them: at spaces outside quotes, each pair
/// of single or double quotes removed.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(open), _) if c == open => quote = None,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(
        quote.is_none(),
        "an unclosed quote in the README's command: {line}"
    );
    words.extend(word);
    words
}

/// Whether `python3` runs here: a README command that seats a Python program needs it.
/// The newest test binary of the end-to-end crate named `name` (beside this one).
fn test_binary(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let deps = exe.parent()?;
    std::fs::read_dir(deps)
        .ok()?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            file.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('-'))
                .is_some_and(|hash| hash.chars().all(|c| c.is_ascii_hexdigit()))
        })
        .max_by_key(|path| path.metadata().and_then(|m| m.modified()).ok())
}

#[test]
fn the_readme_commands_leave_the_test_suite_passing() {
    let dir = scratch("newcomer");
    let Some(copy) = fresh_copy(&dir) else {
        eprintln!("not a git checkout: the newcomer test needs `git ls-files`; skipped");
        return;
    };
    let readme = std::fs::read_to_string(copy.join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    assert!(
        commands.len() >= 4 && commands[0][0] == "run",
        "the README's commands: {commands:?}"
    );
    // Under CI python3 must be there; elsewhere a command that needs it is skipped.
    let python = python_available("the README's commands that run a Python bot");
    for args in &commands {
        if !python && args.iter().any(|a| a.contains("python3")) {
            continue;
        }
        let output = Command::new(arena_binary())
            .args(args)
            .current_dir(&copy)
            .stdin(Stdio::null())
            .output()
            .expect("arena runs");
        assert!(
            output.status.success(),
            "arena {}: {}",
            args.join(" "),
            stderr(&output)
        );
    }
    assert!(
        copy.join("results/leapfrog/games.csv").exists(),
        "the README's calibration ran and wrote its games beside the shipped files"
    );
    for (binary, test) in TESTS_ON_THE_COPY {
        let Some(path) = test_binary(binary) else {
            panic!("the {binary} tests are not built: run `cargo test --workspace`");
        };
        let output = Command::new(&path)
            .args(["--exact", test])
            .env(ROOT_VARIABLE, &copy)
            .output()
            .expect("the test binary runs");
        assert!(
            output.status.success(),
            "{binary} {test} fails on the copy after the README's commands:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            stderr(&output)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readme_commands_are_read_as_a_shell_reads_them() {
    let readme = "```sh\n\
        cargo run --release -p arena -- run configs/a.toml --force   # a tournament\n\
        arena rate leapfrog --agent 'cmd:python3 bots/mine.py' --games 10\n\
        cargo test --workspace\n\
        ```\n\
        arena play leapfrog --first human\n\
        ```text\n\
        arena replay x.csv\n\
        ```\n";
    let commands = readme_commands(readme);
    assert_eq!(
        commands,
        vec![
            vec!["run", "configs/a.toml", "--force"],
            vec![
                "rate",
                "leapfrog",
                "--agent",
                "cmd:python3 bots/mine.py",
                "--games",
                "10"
            ],
        ]
    );
}

#[test]
fn the_readme_says_how_to_get_arena_on_the_path_before_it_calls_it_bare() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let install = lines
        .iter()
        .position(|line| line.trim_start().starts_with("cargo install --path arena"))
        .expect("the README says `cargo install --path arena`");
    let first_bare = lines
        .iter()
        .position(|line| line.trim_start().starts_with("arena "))
        .expect("the README's examples call `arena`");
    assert!(
        install < first_bare,
        "line {}: `arena` is called before line {} says how to install it",
        first_bare + 1,
        install + 1
    );
}
