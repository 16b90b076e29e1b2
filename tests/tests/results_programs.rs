//! No program named in a results folder runs without the user's say-so. A program is
//! planted where the arena writes specs (a run's recorded `config.toml`, a levels file,
//! a rating scale): a script that leaves a marker file and then plays. Every verb that
//! reads those files refuses to start it, printing its command, unless the command line
//! allows it with `--allow-program`; a config the user gives runs its programs as ever.

use std::path::{Path, PathBuf};

use end_to_end::{run, scratch, shipped_leapfrog, stderr};

/// A program that leaves `marker` behind and then plays as the test bot does.
fn planted_program(dir: &Path, marker: &Path) -> PathBuf {
    let path = dir.join("bot.sh");
    let bot = env!("CARGO_BIN_EXE_faulty-bot");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\ntouch '{}'\nexec '{bot}' echo \"$@\"\n",
            marker.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// Whether the program ran since the last call (the marker is removed).
fn ran(marker: &Path) -> bool {
    std::fs::remove_file(marker).is_ok()
}

/// A refusal: exit code 2, one line naming `source`, the whole command and the flag.
fn assert_refused(output: &std::process::Output, source: &Path, program: &Path) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&source.display().to_string())
            && err.contains(&format!("runs the program `{}`", program.display()))
            && err.contains(&format!("--allow-program '{}'", program.display())),
        "{err}"
    );
}

#[test]
#[cfg(unix)]
fn a_recorded_run_starts_its_program_only_when_allowed() {
    let dir = scratch("planted-run");
    let marker = dir.join("ran");
    let program = planted_program(&dir, &marker);
    let out = dir.join("out");
    let config = dir.join("run.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"leapfrog\"\nseed = 5\ngames_per_pair = 2\nopening_plies = 2\n\
             threads = 1\nout = {:?}\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
             [[agent]]\nname = \"bot\"\ncommand = [{:?}]\n",
            out.display().to_string(),
            program.display().to_string()
        ),
    )
    .unwrap();
    let config = config.display().to_string();
    // The user's own config runs its program.
    let output = run(&["run", &config]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(ran(&marker), "the run's own config starts its program");

    let games = out.join("games.csv").display().to_string();
    let recorded = out.join("config.toml");
    let output = run(&["replay", &games, "--game-id", "0"]);
    assert_refused(&output, &recorded, &program);
    assert!(!ran(&marker), "replay started the recorded program");
    let allowed = program.display().to_string();
    let output = run(&[
        "replay",
        &games,
        "--game-id",
        "0",
        "--allow-program",
        &allowed,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(ran(&marker), "an allowed program runs");

    // Verbs that only read the folder never start it.
    let output = run(&["report", &out.display().to_string()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&["analyze", &games]);
    assert!(output.status.success(), "{}", stderr(&output));
    let shards: Vec<String> = (0..2)
        .map(|k| {
            let shard = dir.join(format!("shard-{k}")).display().to_string();
            let output = run(&[
                "run",
                &config,
                "--out",
                &shard,
                "--shard",
                &format!("{k}/2"),
            ]);
            assert!(output.status.success(), "{}", stderr(&output));
            shard
        })
        .collect();
    assert!(ran(&marker));
    let merged = dir.join("merged").display().to_string();
    let output = run(&["merge", &merged, &shards[0], &shards[1]]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!ran(&marker), "report, analyze or merge started a program");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg(unix)]
fn a_level_that_is_a_program_starts_only_when_allowed() {
    let levels = shipped_leapfrog("planted-levels");
    let dir = levels.parent().unwrap().to_path_buf();
    let marker = dir.join("ran");
    let program = planted_program(&dir, &marker);
    let spec = format!("cmd:{}", program.display());
    for name in ["difficulty.toml", "difficulty.csv"] {
        let path = levels.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let shipped_easy = "perfect:epsilon=0.4881";
        assert!(text.contains(shipped_easy), "{name}: {text}");
        std::fs::write(&path, text.replacen(shipped_easy, &spec, 1)).unwrap();
    }
    let file = levels.join("difficulty.toml");
    let file_text = file.display().to_string();
    let play = [
        "play",
        "leapfrog",
        "--first",
        "level:easy",
        "--second",
        "random",
        "--levels",
        &file_text,
    ];
    let output = run(&play);
    assert_refused(&output, &file, &program);
    assert!(!ran(&marker), "a level started its program");
    let allowed = program.display().to_string();
    let output = run(&[&play[..], &["--allow-program", &allowed]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(ran(&marker), "an allowed level runs");

    // A rating scale's level is a program too.
    let rate = ["rate", "leapfrog", "--agent", "random", "--games", "2"];
    let output = run(&[&rate[..], &["--levels", &file_text]].concat());
    assert_refused(&output, &levels.join("difficulty.csv"), &program);
    assert!(!ran(&marker), "rate started a scale's program");
    let _ = std::fs::remove_dir_all(&dir);
}
