//! `arena rate` tells what its interval supports against the shipped levels, refuses a
//! game its levels were not rated on, counts `--games` in games, and says on standard
//! error what it is doing; piped runs print progress lines.

use std::path::Path;

use end_to_end::{run, scratch, stderr, stdout};

/// Rates `agent` at `game` with `games` games an opponent, keeping them in `out`.
fn rate(game: &str, agent: &str, games: u32, out: &Path) -> std::process::Output {
    run(&[
        "rate",
        game,
        "--agent",
        agent,
        "--games",
        &games.to_string(),
        "--threads",
        "2",
        "--out",
        &out.display().to_string(),
    ])
}

#[test]
fn random_is_rated_below_easy_and_each_level_is_set_against_the_interval() {
    let out = scratch("rate-random").join("out");
    let output = rate("leapfrog", "random", 20, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // Easy is rated 401 and random is the scale's anchor at 0: nothing supports "easy".
    assert_eq!(text.lines().last(), Some("level: below easy"), "{text}");
    for level in ["easy", "medium", "hard"] {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{level} ")))
            .unwrap_or_else(|| panic!("no line for {level}:\n{text}"));
        assert!(
            line.ends_with("above the interval: the agent is weaker"),
            "{line}"
        );
    }
    // `--games 20` is 20 games against each of random and the three levels.
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 1 + 4 * 20, "{games}");
    assert!(text.contains("score"), "{text}");
    for line in text.lines().filter(|l| l.starts_with("vs ")) {
        assert!(line.ends_with("over 20 games"), "{line}");
    }
    // Standard error (a pipe here) says what runs and how far it has come.
    let err = stderr(&output);
    assert!(
        err.contains("solving Leapfrog Race for the perfect player"),
        "{err}"
    );
    assert!(
        err.contains("rate: 80 games of random against 4 opponents on 2 threads"),
        "{err}"
    );
    assert!(err.contains("rate: 8/80 games (10%), "), "{err}");
    assert!(err.contains("rate: 80/80 games (100%), "), "{err}");
}

#[test]
fn a_game_the_levels_were_not_rated_on_is_refused_naming_both() {
    let out = scratch("rate-spots").join("out");
    let output = rate("leapfrog:spots=17", "greedy", 2, &out);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let err = stderr(&output);
    assert!(
        err.contains(
            "no shipped levels for leapfrog:spots=17: the shipped levels were calibrated on \
             leapfrog"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!out.join("games.csv").exists());
}

#[test]
fn an_odd_number_of_games_is_refused() {
    let out = scratch("rate-odd").join("out");
    let output = rate("leapfrog", "greedy", 3, &out);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let err = stderr(&output);
    assert!(err.contains("--games 3: expected an even number"), "{err}");
}

#[test]
fn a_piped_run_prints_progress_lines() {
    let dir = scratch("run-progress");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"leapfrog\"\nseed = 7\ngames_per_pair = 10\nthreads = 2\nout = {:?}\n\
             [[agent]]\nname = \"a\"\nspec = \"random\"\n\
             [[agent]]\nname = \"b\"\nspec = \"greedy\"\n",
            dir.join("out").display().to_string()
        ),
    )
    .unwrap();
    let output = run(&["run", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("run: ")).collect();
    assert!(lines.len() >= 10, "{err}");
    assert!(lines[0].starts_with("run: 2/20 games (10%), "), "{err}");
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("run: 20/20 games (100%), "),
        "{err}"
    );
}
