//! `docs/protocol.md` is executable: every ```` ```transcript ```` block in it is a
//! session with `arena engine`, run here from a working directory that holds no levels
//! file. The engine's standard output must be the block's `<` lines and its exit status
//! the block's `exit` line. Besides, the shipped levels play from any directory: a game
//! of `arena play` and a 3-player game through `arena engine`.

use std::io::Write;
use std::process::{Command, Stdio};

/// One session of the document: what the host sends and what the engine must answer.
#[derive(Debug)]
struct Transcript {
    /// The block's first line, for messages.
    command_line: String,
    /// The words after `$ arena`.
    args: Vec<String>,
    /// The `>` lines, in order.
    host: Vec<String>,
    /// The `<` lines, in order.
    engine: Vec<String>,
    /// The `exit N` line.
    status: i32,
}

/// Every transcript block of `text`, read strictly: a line of a block that is none of
/// `$`, `>`, `<` and `exit` fails the test (a typo would otherwise check nothing).
fn transcripts(text: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        if line.trim_end() != "```transcript" {
            continue;
        }
        let mut block: Vec<(usize, &str)> = Vec::new();
        for (number, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            block.push((number + 1, line));
        }
        found.push(transcript(&block));
    }
    found
}

fn transcript(block: &[(usize, &str)]) -> Transcript {
    let (first_number, first) = block.first().copied().expect("an empty transcript");
    let args = first
        .strip_prefix("$ arena ")
        .unwrap_or_else(|| panic!("line {first_number}: expected `$ arena ...`, got {first:?}"))
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut result = Transcript {
        command_line: first.to_string(),
        args,
        host: Vec::new(),
        engine: Vec::new(),
        status: -1,
    };
    let mut status = None;
    for &(number, line) in &block[1..] {
        assert!(status.is_none(), "line {number}: a line after `exit`");
        if let Some(host) = line.strip_prefix("> ") {
            result.host.push(host.to_string());
        } else if let Some(engine) = line.strip_prefix("< ") {
            result.engine.push(engine.to_string());
        } else if let Some(code) = line.strip_prefix("exit ") {
            status = Some(
                code.parse()
                    .unwrap_or_else(|_| panic!("line {number}: expected `exit N`, got {line:?}")),
            );
        } else {
            panic!("line {number}: expected `> `, `< ` or `exit N`, got {line:?}");
        }
    }
    result.status = status.unwrap_or_else(|| panic!("line {first_number}: no `exit` line"));
    result
}

/// Runs `transcript` from an empty folder: writes every host line (an engine that exits
/// early stops reading, so a broken pipe is expected there), closes its input and
/// returns its standard output and status.
fn replay(transcript: &Transcript, folder: &std::path::Path) -> (Vec<String>, Option<i32>) {
    let mut child = Command::new(end_to_end::arena_binary())
        .args(&transcript.args)
        .current_dir(folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arena engine starts");
    let mut input = child.stdin.take().expect("a pipe");
    let text: String = transcript
        .host
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    // A failed write means the engine has exited: its status says whether it should have.
    let _ = input.write_all(text.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("arena engine ends");
    let lines = end_to_end::stdout(&output)
        .lines()
        .map(String::from)
        .collect();
    (lines, output.status.code())
}

#[test]
fn every_transcript_of_the_protocol_doc_runs_as_written() {
    let path = end_to_end::repo_root().join("docs/protocol.md");
    let text = std::fs::read_to_string(&path).expect("docs/protocol.md");
    let all = transcripts(&text);
    assert!(
        all.len() >= 8,
        "{} transcripts in docs/protocol.md",
        all.len()
    );
    let folder = end_to_end::scratch("protocol-transcripts");
    for transcript in &all {
        let (lines, status) = replay(transcript, &folder);
        assert_eq!(
            lines, transcript.engine,
            "{}: the engine's lines",
            transcript.command_line
        );
        assert_eq!(
            status,
            Some(transcript.status),
            "{}: the exit status",
            transcript.command_line
        );
    }
    // No verb wrote into the working directory (no levels file was needed).
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
}

#[test]
fn a_block_with_a_stray_line_is_refused() {
    let text =
        "```transcript\n$ arena engine leapfrog --agent random\n< ready\nready\nexit 0\n```\n";
    let read = std::panic::catch_unwind(|| transcripts(text));
    assert!(
        read.is_err(),
        "a line without its marker must not pass unread"
    );
    let good =
        transcripts("```transcript\n$ arena engine leapfrog --agent random\n> quit\nexit 0\n```\n");
    assert_eq!(good.len(), 1);
    assert_eq!(good[0].host, ["quit"]);
    assert_eq!(good[0].status, 0);
}

/// A 3-player game through `arena engine` plays the 3-player set's spec, which differs
/// from the 2-player one: the same moves as that spec itself, and other moves than the
/// 2-player spec plays in the same game.
#[test]
fn a_three_player_game_through_the_engine_uses_the_three_player_levels() {
    let folder = end_to_end::scratch("protocol-three-players");
    let levels = agents_of("chinese-checkers:players=3");
    let two = agents_of("chinese-checkers:players=2");
    assert_ne!(levels, two, "the 3-player set has its own hard spec");
    let session = |agent: &str| {
        engine_session(
            agent,
            &[
                "arena 1",
                "newgame chinese-checkers:players=3 seat=B seed=11",
                "moves 7-15",
                "go",
                "quit",
            ],
        )
    };
    let (by_level, status) = replay(&session("level:hard"), &folder);
    assert_eq!(status, Some(0), "{by_level:?}");
    assert!(
        by_level[2].starts_with(
            "info level hard of the built-in levels of chinese-checkers:players=3 is "
        ),
        "{by_level:?}"
    );
    let (by_spec, _) = replay(&session(&levels), &folder);
    assert_eq!(by_level.last(), by_spec.last(), "the 3-player spec's move");
    let (by_two, _) = replay(&session(&two), &folder);
    assert_ne!(
        by_level.last(),
        by_two.last(),
        "not the 2-player spec's move"
    );
}

/// A session of `arena engine chinese-checkers --agent AGENT` that sends `host`; its
/// expected answers are left empty, for tests that read what comes back.
fn engine_session(agent: &str, host: &[&str]) -> Transcript {
    Transcript {
        command_line: format!("engine chinese-checkers --agent {agent}"),
        args: ["engine", "chinese-checkers", "--agent", agent]
            .map(String::from)
            .to_vec(),
        host: host.iter().map(|line| line.to_string()).collect(),
        engine: Vec::new(),
        status: 0,
    }
}

/// The hard spec of the built-in levels of `game`, as `arena levels GAME` prints it.
fn agents_of(game: &str) -> String {
    let output = end_to_end::run(&["levels", game]);
    assert!(output.status.success(), "{}", end_to_end::stderr(&output));
    let text = end_to_end::stdout(&output);
    text.lines()
        .find_map(|line| line.strip_prefix("hard "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no hard level in {text}"))
        .to_string()
}

/// After `cargo install`, the program runs outside the repository: the shipped levels
/// come with it.
#[test]
fn the_levels_play_from_a_folder_outside_the_repository() {
    let folder = end_to_end::scratch("levels-elsewhere");
    let output = Command::new(end_to_end::arena_binary())
        .args([
            "play",
            "english",
            "--first",
            "level:easy",
            "--second",
            "random",
        ])
        .current_dir(&folder)
        .stdin(Stdio::null())
        .output()
        .expect("arena runs");
    assert!(output.status.success(), "{}", end_to_end::stderr(&output));
    assert!(
        end_to_end::stdout(&output).contains("result:"),
        "{}",
        end_to_end::stdout(&output)
    );
    let host = [
        "arena 1",
        "newgame chinese-checkers seat=A seed=2",
        "moves",
        "go",
        "quit",
    ];
    let (lines, status) = replay(&engine_session("level:hard", &host), &folder);
    assert_eq!(status, Some(0), "{lines:?}");
    assert!(
        lines.last().is_some_and(|line| line.starts_with("move ")),
        "{lines:?}"
    );
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        0,
        "nothing written"
    );
}
