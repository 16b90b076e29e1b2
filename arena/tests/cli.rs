//! The `arena` binary's verbs and their errors, run as a user would.

use std::process::Command;

fn arena(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_one_line_per_depth() {
    let (code, out, _) = arena(&["perft", "leapfrog", "--depth", "10"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    assert_eq!(out.lines().count(), 10);
    assert_eq!(last, "10 676");
    let (code, out, _) = arena(&[
        "perft",
        "leapfrog",
        "--depth",
        "2",
        "--position",
        "AAAA.A........BBBBB B",
    ]);
    assert_eq!((code, out.as_str()), (0, "1 1\n2 2\n"));
}

#[test]
fn perft_takes_chinese_checkers_options_as_flags() {
    // The rules file's table: 14, 196, 5348 with super jumps; 22, 484 with 15 pieces.
    let (code, out, err) = arena(&["perft", "chinese-checkers", "--depth", "3", "--super-jumps"]);
    assert_eq!((code, out.as_str()), (0, "1 14\n2 196\n3 5348\n"), "{err}");
    let (code, out, _) = arena(&[
        "perft",
        "chinese-checkers",
        "--depth",
        "2",
        "--pieces",
        "15",
    ]);
    assert_eq!((code, out.as_str()), (0, "1 22\n2 484\n"));
    let (code, out, _) = arena(&[
        "perft",
        "chinese-checkers",
        "--depth",
        "3",
        "--board",
        "diamond",
    ]);
    assert_eq!((code, out.as_str()), (0, "1 14\n2 196\n3 4648\n"));
    let (code, _, err) = arena(&["perft", "leapfrog", "--depth", "2", "--players", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"players\""), "{err}");
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    for (args, quoted) in [
        (vec!["perft", "chess", "--depth", "3"], "\"chess\""),
        (vec!["perft", "leapfrog", "--depth", "deep"], "'deep'"),
        (vec!["perft", "leapfrog", "--depth", "0"], "'0'"),
        (
            vec!["perft", "leapfrog", "--depth", "2", "--position", "AAAAA.B"],
            "\"AAAAA.B\"",
        ),
        (
            vec![
                "play", "leapfrog", "--first", "random", "--second", "minimix",
            ],
            "\"minimix\"",
        ),
        (
            vec![
                "play",
                "leapfrog:first=C",
                "--first",
                "random",
                "--second",
                "random",
            ],
            "\"C\"",
        ),
    ] {
        let (code, _, err) = arena(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(quoted), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line: {err}"
        );
    }
    let (code, _, err) = arena(&["perft"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn play_prints_moves_and_result_the_same_every_time() {
    let args = [
        "play", "leapfrog", "--first", "random", "--second", "random", "--seed", "9",
    ];
    let (code, out, _) = arena(&args);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("result: A (")
            || last.starts_with("result: B (")
            || last.starts_with("result: draw ("),
        "{last}"
    );
    assert!(out.lines().next().unwrap() == "5-6");
    assert_eq!(arena(&args).1, out);
    let (_, other, _) = arena(&[
        "play", "leapfrog", "--first", "random", "--second", "random", "--seed", "10",
    ]);
    assert_ne!(other, out);
    let (_, shown, _) = arena(&[
        "play", "leapfrog", "--first", "random", "--second", "random", "--seed", "9", "--show",
    ]);
    assert!(shown.contains("A to move") && shown.len() > out.len());
}

#[test]
fn help_explains_every_verb() {
    let (code, out, _) = arena(&["--help"]);
    assert_eq!(code, 0);
    for verb in ["perft", "play", "run", "replay"] {
        assert!(out.contains(verb), "{verb} missing from help");
        let (code, help, _) = arena(&[verb, "--help"]);
        assert_eq!(code, 0);
        assert!(help.contains("Usage: arena"), "{help}");
    }
}

#[test]
fn play_takes_a_level_at_any_rating_and_refuses_one_outside_the_range() {
    let play = |first: &str| {
        arena(&[
            "play", "english", "--first", first, "--second", "random", "--seed", "3",
        ])
    };
    let (code, out, err) = play("level:elo=1200");
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    // The rating plays as the spec `arena levels --elo` says it stands for.
    let (code, shown, _) = arena(&["levels", "english", "--elo", "1200"]);
    assert_eq!(code, 0);
    let spec = shown
        .strip_prefix("level:elo=1200 = ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(
        spec.starts_with("minimax:nodes=50000,repeat=once,temperature="),
        "{spec}"
    );
    assert_eq!(play(spec).1, out);
    let (code, _, err) = play("level:elo=3000");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "level:elo=3000: the built-in levels of english: 3000 is outside the ratings its \
             curve resolves: from 233.6 (easy) to 1951.7 (hard)"
        ),
        "{err}"
    );
}
