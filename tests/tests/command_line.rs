//! The command line as a person meets it: a mistyped verb or option gets clap's
//! suggestion and a pointer to `--help`; a reader that goes away (`arena ... | head`)
//! ends the arena quietly; one thing has one name across verbs; counts read as English;
//! and the help says what each verb does.

use std::path::Path;
use std::process::{Output, Stdio};

use end_to_end::{arena, run, scratch, stderr, stdout};

/// The status a shell reports for a program killed by SIGPIPE (128 + 13).
const CLOSED_PIPE: i32 = 141;

/// A two-agent Leapfrog Race run of four games into `out`, on `threads` threads.
fn small_run(dir: &Path, threads: u32) -> std::path::PathBuf {
    let config = dir.join("small.toml");
    let text = format!(
        "game = \"leapfrog\"\nseed = 1\ngames_per_pair = 2\nthreads = {threads}\n\
         out = {:?}\nbootstrap = 50\n\n[[agent]]\nname = \"a\"\nspec = \"random\"\n\n\
         [[agent]]\nname = \"b\"\nspec = \"greedy\"\n",
        dir.join("out").to_str().unwrap()
    );
    std::fs::write(&config, text).unwrap();
    config
}

#[test]
fn a_mistyped_verb_or_option_gets_a_suggestion_and_a_pointer_to_help() {
    let output = run(&["paly", "leapfrog"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let mut lines = err.lines();
    let first = lines.next().unwrap_or("");
    assert!(
        first.starts_with("error: unrecognized subcommand 'paly'") && first.contains(" --help')"),
        "{err}"
    );
    assert!(
        lines.any(|line| line.trim().starts_with("tip:") && line.contains("'play'")),
        "{err}"
    );

    // An option's suggestion, and the pointer names the verb's own help.
    let output = run(&["perft", "leapfrog", "--dept", "2"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    // (The binary under test is named `arena-under-test`, and clap says so.)
    assert!(err.contains(" perft --help')"), "{err}");
    assert!(
        err.contains("tip: a similar argument exists: '--depth'"),
        "{err}"
    );
    assert!(err.lines().count() <= 3, "short: {err}");
}

/// Runs `arena` with `args` whose standard output is a pipe with no reader, standard
/// error captured, or sent down the same dead pipe when `stderr_too`.
fn with_stdout_closed(args: &[&str], stderr_too: bool) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    // The reader is gone before the arena writes a byte: its first write fails.
    drop(reader);
    let mut command = arena(args);
    if stderr_too {
        command.stderr(writer.try_clone().unwrap());
    } else {
        command.stderr(Stdio::piped());
    }
    command.stdout(writer).stdin(Stdio::null());
    command.output().unwrap()
}

#[test]
fn a_closed_standard_output_ends_the_arena_quietly() {
    let dir = scratch("closed-stdout");
    let config = small_run(&dir, 1);
    let config = config.to_str().unwrap();
    let verbs: [&[&str]; 3] = [
        &["perft", "leapfrog", "--depth", "3"],
        &[
            "play", "leapfrog", "--first", "random", "--second", "greedy",
        ],
        &["run", config, "--force"],
    ];
    for args in verbs {
        let output = with_stdout_closed(args, false);
        assert_eq!(
            output.status.code(),
            Some(CLOSED_PIPE),
            "{args:?}: {}",
            stderr(&output)
        );
        // Progress lines may come (standard error is a pipe); nothing else does.
        let err = stderr(&output);
        let said: Vec<&str> = err.lines().filter(|l| !l.starts_with("run: ")).collect();
        assert!(said.is_empty(), "{args:?}: nothing said: {err}");
        // Standard error down the same dead pipe: still no panic.
        let output = with_stdout_closed(args, true);
        assert_eq!(output.status.code(), Some(CLOSED_PIPE), "{args:?}");
    }
    // The run itself finished: only the report on standard output was lost.
    assert!(dir.join("out/standings.csv").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rate_names_its_levels_file_as_play_does() {
    let help = stdout(&run(&["rate", "--help"]));
    assert!(help.contains("--levels <FILE>"), "{help}");
    assert!(!help.contains("--scale"), "{help}");
    let play_help = stdout(&run(&["play", "--help"]));
    assert!(play_help.contains("--levels <FILE>"), "{play_help}");

    // The scale is read beside the levels file given.
    let dir = scratch("rate-levels");
    let levels = dir.join("elsewhere/difficulty.toml");
    let levels = levels.to_str().unwrap();
    let output = run(&["rate", "leapfrog", "--agent", "random", "--levels", levels]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let scale = dir.join("elsewhere/difficulty.csv");
    assert!(
        err.contains(&format!("cannot read the rating scale {}", scale.display()))
            && err.contains("--levels FILE"),
        "{err}"
    );

    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_takes_a_game_id() {
    // Replay's GAME is a game's id, and says so; elsewhere --game would be a name.
    let dir = scratch("replay-id");
    let help = stdout(&run(&["replay", "--help"]));
    assert!(help.contains("--game-id <ID>"), "{help}");
    assert!(!help.contains("--game <"), "{help}");
    let config = small_run(&dir, 1);
    let ran = run(&["run", config.to_str().unwrap()]);
    assert!(ran.status.success(), "{}", stderr(&ran));
    let games = dir.join("out/games.csv");
    let output = run(&["replay", games.to_str().unwrap(), "--game-id", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&["replay", games.to_str().unwrap(), "--game-id", "9"]);
    assert!(
        stderr(&output).contains("it holds 4 games"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verbs_that_read_configs_are_not_told_to_give_levels() {
    // A config's level comes from the set built into the program, from any folder; a
    // level the set lacks is refused with what `run` and `sprt` accept, never with the
    // `--levels` they refuse.
    let dir = scratch("config-levels");
    let write = |name: &str, first: &str| {
        let run = dir.join(format!("run-{name}.toml"));
        std::fs::write(
            &run,
            format!(
                "game = \"leapfrog\"\nseed = 1\ngames_per_pair = 2\nout = \"out-{name}\"\n\n\
                 [[agent]]\nname = \"a\"\nspec = \"{first}\"\n\n[[agent]]\nname = \"b\"\n\
                 spec = \"random\"\n"
            ),
        )
        .unwrap();
        let sprt = dir.join(format!("sprt-{name}.toml"));
        std::fs::write(
            &sprt,
            format!(
                "game = \"leapfrog\"\nseed = 1\nout = \"out-{name}\"\nfirst = \"{first}\"\n\
                 second = \"random\"\nelo0 = 0\nelo1 = 50\nbatch_pairs = 10\nmax_pairs = 100\n"
            ),
        )
        .unwrap();
        [("run", run), ("sprt", sprt)]
    };
    for (verb, config) in write("missing", "level:expert") {
        let output = arena(&[verb, config.to_str().unwrap()])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{verb}");
        let err = stderr(&output);
        assert!(
            err.contains("no level \"expert\" in the built-in levels of leapfrog"),
            "{verb}: {err}"
        );
        assert!(err.contains("it has easy, medium, hard"), "{verb}: {err}");
        assert!(!err.contains("--levels"), "{verb}: {err}");
        assert!(!dir.join("out-missing").exists(), "{verb}");
    }
    for (verb, config) in write("shipped", "level:easy") {
        let _ = std::fs::remove_dir_all(dir.join("out-shipped"));
        let output = arena(&[verb, config.to_str().unwrap()])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(output.status.success(), "{verb}: {}", stderr(&output));
        // The run records the level's own spec, so it replays whatever the levels become.
        let recorded = std::fs::read_to_string(dir.join("out-shipped/config.toml")).unwrap();
        assert!(recorded.contains("perfect:epsilon="), "{verb}: {recorded}");
        assert!(!recorded.contains("level:easy"), "{verb}: {recorded}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_of_one_are_singular() {
    let output = run(&["play", "leapfrog", "--seat", "random"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("1 agent given for leapfrog"), "{err}");

    let dir = scratch("singular");
    let config = small_run(&dir, 1);
    let output = run(&["run", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains(" on 1 thread; "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_help_says_what_solve_and_analyze_do() {
    let help = stdout(&run(&["--help"]));
    let line = |verb: &str| {
        help.lines()
            .find(|line| line.trim_start().starts_with(verb))
            .unwrap_or_else(|| panic!("{verb}: {help}"))
            .to_string()
    };
    let solve = line("solve");
    assert!(
        solve.contains("Leapfrog") && solve.contains("English") && solve.contains("Chinese"),
        "{solve}"
    );
    assert!(line("analyze").contains("English"), "{help}");
    let solve_help = stdout(&run(&["solve", "--help"]));
    assert!(solve_help.contains("chinese-checkers"), "{solve_help}");
}
