//! Every kind of malformed config gets one clear error naming the file, the line and
//! the field, exit code 2, and nothing written.

use end_to_end::{run, scratch, stderr};

const GOOD: &str = r#"game = "leapfrog"
seed = 42
games_per_pair = 2
opening_plies = 4
threads = 1
out = "OUT"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "other"
spec = "random"
"#;

/// Runs `arena run` on `text` and returns its standard error, checking the exit code
/// and that no output folder appeared.
fn refused(name: &str, text: &[u8]) -> String {
    let dir = scratch(name);
    let out = dir.join("out");
    let path = dir.join("bad.toml");
    let text = String::from_utf8_lossy(text).replace("OUT", out.to_str().unwrap());
    let bytes = if text.contains('\u{fffd}') {
        name.as_bytes().to_vec()
    } else {
        text.into_bytes()
    };
    std::fs::write(&path, bytes).unwrap();
    let output = run(&["run", path.to_str().unwrap()]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{name}: {err}");
    assert!(!out.exists(), "{name}: output folder written");
    assert!(err.contains("bad.toml"), "{name}: file not named: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{name}: one line: {err}");
    err
}

#[test]
fn unknown_key() {
    let err = refused(
        "unknown-key",
        GOOD.replace("threads = 1", "treads = 1").as_bytes(),
    );
    assert!(
        err.contains("bad.toml:5:") && err.contains("treads"),
        "{err}"
    );
}

#[test]
fn wrong_type() {
    let err = refused(
        "wrong-type",
        GOOD.replace("seed = 42", "seed = \"many\"").as_bytes(),
    );
    assert!(
        err.contains("bad.toml:2:") && err.contains("\"many\""),
        "{err}"
    );
}

#[test]
fn missing_field() {
    let err = refused(
        "missing",
        GOOD.replace("games_per_pair = 2\n", "").as_bytes(),
    );
    // The field that is missing, by itself: not the table's first key.
    assert!(
        err.contains("bad.toml: missing field `games_per_pair`: expected a whole number"),
        "{err}"
    );
    assert!(!err.contains("field `game`"), "{err}");
}

#[test]
fn a_number_field_says_what_it_expects_in_words() {
    let err = refused(
        "negative-threads",
        GOOD.replace("threads = 1", "threads = -1").as_bytes(),
    );
    assert!(
        err.contains("bad.toml:5: field `threads`: invalid value: integer `-1`: expected a whole number from 1"),
        "{err}"
    );
    assert!(!err.contains("usize"), "{err}");
    let err = refused(
        "string-games",
        GOOD.replace("games_per_pair = 2", "games_per_pair = \"two\"")
            .as_bytes(),
    );
    assert!(!err.contains("u32"), "{err}");
    assert!(err.contains("expected a whole number from 1"), "{err}");
}

#[test]
fn a_bad_game_option_is_named_by_itself() {
    let err = refused(
        "bad-spots",
        GOOD.replace("\"leapfrog\"", "\"leapfrog:spots=7\"")
            .as_bytes(),
    );
    assert!(
        err.contains(
            "bad value \"7\" for option \"spots\" of leapfrog: expected 11 to 31 spots for 5 \
             pieces a side (or fewer pieces: pieces=1 to 3)"
        ),
        "{err}"
    );
    assert!(!err.contains("spots, pieces"), "{err}");
}

#[test]
fn duplicate_agent_names() {
    let err = refused(
        "duplicate",
        GOOD.replace("\"other\"", "\"random\"").as_bytes(),
    );
    assert!(
        err.contains("bad.toml:13:") && err.contains("duplicate agent name \"random\""),
        "{err}"
    );
}

#[test]
fn bad_spec() {
    let text = GOOD.replace("spec = \"random\"\n\n", "spec = \"random:depth=3\"\n\n");
    let err = refused("bad-spec", text.as_bytes());
    assert!(
        err.contains("bad.toml:10:") && err.contains("field `spec`") && err.contains("\"depth\""),
        "{err}"
    );
}

#[test]
fn unknown_game() {
    let err = refused(
        "game",
        GOOD.replace("\"leapfrog\"", "\"leapfrg\"").as_bytes(),
    );
    assert!(
        err.contains("bad.toml:1:") && err.contains("\"leapfrg\""),
        "{err}"
    );
}

#[test]
fn random_bytes() {
    // Seeded noise: not UTF-8, and not TOML.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let noise: Vec<u8> = (0..512)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let err = refused("noise", &noise);
    assert!(err.contains("bad.toml:"), "{err}");
    let err = refused("garbage", b"{{{ not toml ]]] = =\n");
    assert!(err.contains("bad.toml:1:"), "{err}");
}

#[test]
fn a_different_config_is_not_resumed() {
    let dir = scratch("resume-differs");
    let out = dir.join("out");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text.replace("OUT", out.to_str().unwrap())).unwrap();
        path.to_str().unwrap().to_string()
    };
    let first = write("a.toml", GOOD);
    let second = write("b.toml", &GOOD.replace("seed = 42", "seed = 43"));
    assert!(run(&["run", &first]).status.success());
    let output = run(&["run", &second, "--resume"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("seed is 42 there and 43 here"),
        "{}",
        stderr(&output)
    );
    let output = run(&["run", &second, "--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn an_integer_out_of_range_names_its_field_and_range() {
    let err = refused(
        "huge-count",
        GOOD.replace(
            "games_per_pair = 2",
            "games_per_pair = 18446744073709551615",
        )
        .as_bytes(),
    );
    assert!(
        err.contains("bad.toml:3:")
            && err.contains("field `games_per_pair`")
            && err.contains("expected a whole number from 1 to 4294967295"),
        "{err}"
    );
    let err = refused(
        "negative-plies",
        GOOD.replace("opening_plies = 4", "opening_plies = -1")
            .as_bytes(),
    );
    assert!(
        err.contains("field `opening_plies`") && err.contains("from 0 to 4294967295"),
        "{err}"
    );
}

#[test]
fn sizes_beyond_memory_are_refused_with_their_estimate() {
    let err = refused(
        "bootstrap",
        GOOD.replace("threads = 1", "threads = 1\nbootstrap = 4294967295")
            .as_bytes(),
    );
    assert!(
        err.contains("field `bootstrap`: 4294967295 resamples of 2 ratings need about 69 GB")
            && err.contains("expected at most"),
        "{err}"
    );
    let err = refused(
        "games",
        GOOD.replace("games_per_pair = 2", "games_per_pair = 4294967295")
            .as_bytes(),
    );
    assert!(
        err.contains("field `games_per_pair`: 8589934590 games need about 34 GB"),
        "{err}"
    );
}

#[test]
fn out_must_name_a_folder() {
    let err = refused("empty-out", GOOD.replace("\"OUT\"", "\"\"").as_bytes());
    assert!(
        err.contains("field `out`") && err.contains("expected the name of a folder"),
        "{err}"
    );
}

#[test]
fn seeds_of_the_whole_64_bit_range_run_and_resume() {
    let dir = scratch("big-seed");
    let out = dir.join("out");
    let path = dir.join("seed.toml");
    let text = GOOD
        .replace("seed = 42", "seed = \"18446744073709551615\"")
        .replace("OUT", out.to_str().unwrap());
    std::fs::write(&path, text).unwrap();
    let output = run(&["run", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let recorded = std::fs::read_to_string(out.join("config.toml")).unwrap();
    assert!(
        recorded.contains("seed = \"18446744073709551615\""),
        "{recorded}"
    );
    let output = run(&["run", path.to_str().unwrap(), "--resume"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn threads_beyond_the_cores_are_capped_with_a_note() {
    let dir = scratch("threads");
    let out = dir.join("out");
    let path = dir.join("threads.toml");
    let text = GOOD
        .replace("threads = 1", "threads = 100000")
        .replace("OUT", out.to_str().unwrap());
    std::fs::write(&path, text).unwrap();
    let output = run(&["run", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("note: 100000 threads capped to "),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_opening_balance_needs_an_opening_two_players_and_a_bound_in_range() {
    for (name, from, to, expected) in [
        (
            "balance-range",
            "opening_plies = 4",
            "opening_plies = 4\nopening_balance = 1001",
            "from 0 to 1000",
        ),
        (
            "balance-no-opening",
            "opening_plies = 4",
            "opening_plies = 0\nopening_balance = 50",
            "`opening_plies` above 0",
        ),
        (
            "balance-three-players",
            "game = \"leapfrog\"",
            "game = \"chinese-checkers:players=3\"\nopening_balance = 50",
            "two-player game",
        ),
    ] {
        let text = GOOD.replace(from, to);
        let text = if name == "balance-three-players" {
            format!("{text}\n[[agent]]\nname = \"third\"\nspec = \"random\"\n")
        } else {
            text
        };
        let err = refused(name, text.as_bytes());
        assert!(
            err.contains("field `opening_balance`") && err.contains(expected),
            "{name}: {err}"
        );
    }
}
