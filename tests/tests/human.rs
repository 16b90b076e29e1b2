//! `arena play` with a human seat, run as a person would: moves typed on standard input,
//! levels by name, the game recorded and then replayed and analysed; and a whole game in
//! a real terminal (tmux).

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use end_to_end::{arena, arena_binary, repo_root, run, scratch, stderr, stdout};

/// Runs `arena` with `args`, `typed` on its standard input.
fn play_typed(args: &[&str], typed: &str) -> Output {
    let mut child = arena(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arena runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(typed.as_bytes())
        .expect("typed");
    child.wait_with_output().expect("arena ends")
}

#[test]
fn a_human_plays_the_shipped_hard_level_and_quits() {
    let args = [
        "play",
        "leapfrog",
        "--first",
        "human",
        "--second",
        "level:hard",
    ];
    let output = play_typed(&args, "5-6\n1-19\nhint\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("  1  2  3  4  5"),
        "the board's spot numbers: {text}"
    );
    assert!(text.contains("\n  A  A  A  A  A"), "the start: {text}");
    assert!(text.contains("legal moves: "), "{text}");
    assert!(
        text.contains("illegal move: 1-19 (not one of the legal moves)"),
        "{text}"
    );
    assert!(text.contains("hint: "), "{text}");
    assert_eq!(text.lines().last(), Some("result: B (resign)"), "{text}");

    // The end of the input resigns too.
    let output = play_typed(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().last(), Some("result: B (resign)"));
}

#[test]
fn levels_resolve_by_name_and_a_missing_one_names_its_file() {
    let output = run(&[
        "play",
        "leapfrog",
        "--first",
        "level:easy",
        "--second",
        "level:medium",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("result: "));

    let output = run(&[
        "play",
        "leapfrog",
        "--first",
        "human",
        "--second",
        "level:expert",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: no level \"expert\" in the built-in levels of leapfrog: it has easy, medium, \
         hard\n"
    );

    let dir = scratch("levels");
    let levels = dir.join("mine.toml");
    std::fs::write(&levels, "hard = \"greedy\"\n").unwrap();
    let levels = levels.to_str().unwrap();
    let output = run(&[
        "play",
        "leapfrog",
        "--first",
        "level:easy",
        "--second",
        "random",
        "--levels",
        levels,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!("error: no level \"easy\" in {levels}: it has hard\n")
    );
    let missing = dir.join("missing.toml");
    let output = run(&[
        "play",
        "leapfrog",
        "--first",
        "level:hard",
        "--second",
        "random",
        "--levels",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.starts_with(&format!(
            "error: cannot read the levels file {}: ",
            missing.display()
        )),
        "{message}"
    );

    // A hint reads the hard level of the same file: greedy's move here.
    let output = play_typed(
        &[
            "play", "leapfrog", "--first", "human", "--second", "random", "--levels", levels,
        ],
        "hint\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("hint: 5-6 (level hard would play it)"),
        "{}",
        stdout(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_recorded_human_game_replays_and_is_analysed() {
    let dir = scratch("record");
    let games = dir.join("games.csv");
    let games_arg = games.to_str().unwrap();
    let args = [
        "play",
        "leapfrog",
        "--first",
        "human",
        "--second",
        "level:hard",
        "--seed",
        "11",
        "--record",
        games_arg,
    ];
    let output = play_typed(&args, "5-6\n6-7\nundo\n4-5\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let played = stdout(&output);
    assert!(played.contains("undo: took back 6-7 "), "{played}");
    let text = std::fs::read_to_string(&games).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "game_id,pairing,seed,first,second,winner,plies,end,moves"
    );
    let fields: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(
        fields[..8],
        [
            "0",
            "0",
            "11",
            "human",
            "level:hard",
            "second",
            "4",
            "resign"
        ]
    );
    let moves: Vec<&str> = fields[8].split(' ').collect();
    assert_eq!((moves[0], moves[2]), ("5-6", "4-5"));
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    assert!(config.contains("spec = \"perfect\""), "{config}");

    // A second record into the same place is refused before anything is played.
    let output = play_typed(&args, "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("exists already"),
        "{}",
        stderr(&output)
    );

    // Replay: the human moves are checked, the level's regenerated.
    let replay = run(&["replay", games_arg, "--game-id", "0"]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    let replayed = stdout(&replay);
    assert_eq!(
        replayed,
        format!("{}\nresult: B (resign)\n", moves.join("\n"))
    );

    // Analysis rates the person's moves and the level's.
    let analysed = run(&["analyze", games_arg]);
    assert!(analysed.status.success(), "{}", stderr(&analysed));
    let accuracy = stdout(&analysed);
    let rows: Vec<&str> = accuracy.lines().collect();
    assert_eq!(rows.len(), 3, "{accuracy}");
    assert!(rows[1].starts_with("human,1,2,"), "{accuracy}");
    assert!(rows[2].starts_with("level:hard,1,2,"), "{accuracy}");

    // A recorded human move that is illegal fails the replay, naming it.
    let tampered = text.replacen(" 4-5", " 4-6", 1);
    std::fs::write(&games, &tampered).unwrap();
    let replay = run(&["replay", games_arg, "--game-id", "0"]);
    assert_eq!(replay.status.code(), Some(1));
    assert_eq!(
        stderr(&replay),
        format!(
            "error: game 0 has an illegal move at ply 3 (A): move 4-6 is illegal in {}\n",
            position_after(&moves[..2])
        )
    );

    // A level's move that differs from what it plays fails the replay too.
    let other_reply = legal_moves_after(&moves[..3])
        .into_iter()
        .find(|mv| mv != moves[3])
        .expect("B has a second move there");
    let tampered = text.replacen(
        &moves.join(" "),
        &format!("{} {other_reply}", moves[..3].join(" ")),
        1,
    );
    std::fs::write(&games, &tampered).unwrap();
    let replay = run(&["replay", games_arg, "--game-id", "0"]);
    assert_eq!(replay.status.code(), Some(1));
    // The perfect player's solve says it is under way first; then the one error.
    let err = stderr(&replay);
    assert_eq!(
        err.strip_prefix(
            "solving Leapfrog Race for the perfect player (a few seconds, once) ...\n"
        )
        .unwrap_or(&err),
        format!(
            "error: game 0 differs from the record at ply 4: recorded {other_reply:?}, \
             replayed {:?}\n",
            moves[3]
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Leapfrog Race position after `moves` from the start.
fn leapfrog_after(moves: &[&str]) -> engine::Leapfrog {
    use engine::Game;
    let mut position = engine::Leapfrog::start();
    for text in moves {
        let mv = position.parse_move(text).unwrap();
        position.play(mv).unwrap();
    }
    position
}

/// The position after `moves`, in the game's notation.
fn position_after(moves: &[&str]) -> String {
    leapfrog_after(moves).to_string()
}

/// The legal moves after `moves`, in the game's notation.
fn legal_moves_after(moves: &[&str]) -> Vec<String> {
    use engine::Game;
    let mut legal = Vec::new();
    leapfrog_after(moves).generate_moves(&mut legal);
    legal.iter().map(|mv| mv.to_string()).collect()
}

/// A tmux server of this test's own, on its own socket; killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Whether tmux is installed. In CI (`CI=true`) it must be: `.ci/run` installs it.
    fn available() -> bool {
        let installed = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            installed || !in_ci,
            "CI is set but tmux is missing: .ci/run installs it (apt-get install tmux)"
        );
        if !installed {
            eprintln!("skipped: tmux is not installed (apt-get install tmux; CI installs it)");
        }
        installed
    }

    /// Starts `command` in a detached session named `session`, 160 by 50 characters.
    fn start(name: &str, session: &str, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("leapfrog-arena-{}-{name}", std::process::id()),
        };
        let output = tmux.command(&[
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "160",
            "-y",
            "50",
            command,
        ]);
        assert!(output.status.success(), "tmux: {}", stderr(&output));
        tmux
    }

    fn command(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    /// The whole pane, history included, as text.
    fn capture(&self, session: &str) -> String {
        stdout(&self.command(&["capture-pane", "-p", "-J", "-S", "-", "-t", session]))
    }

    /// Types `keys` and Enter.
    fn type_line(&self, session: &str, keys: &str) {
        let output = self.command(&["send-keys", "-t", session, "-l", keys]);
        assert!(output.status.success(), "tmux: {}", stderr(&output));
        let output = self.command(&["send-keys", "-t", session, "Enter"]);
        assert!(output.status.success(), "tmux: {}", stderr(&output));
    }

    /// Waits (up to a generous deadline) until the pane shows `text`.
    fn wait_for_text(&self, session: &str, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let pane = self.capture(session);
            if pane.contains(text) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "no {text:?} on the screen:\n{pane}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits (up to a generous deadline) until the pane shows a prompt for a ply after
    /// `after`, or the command's exit line; returns the pane and the prompt's ply.
    fn wait_for_turn(&self, session: &str, after: u32) -> (String, Option<u32>) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let pane = self.capture(session);
            if pane.contains("[exit ") {
                return (pane, None);
            }
            let prompt = pane.lines().rev().find_map(|line| {
                let line = line.trim_end();
                let ply = line
                    .strip_prefix("[ply ")?
                    .split(']')
                    .next()?
                    .parse()
                    .ok()?;
                line.ends_with("or quit):").then_some(ply)
            });
            if let Some(ply) = prompt.filter(|&ply| ply > after) {
                return (pane, Some(ply));
            }
            assert!(
                Instant::now() < deadline,
                "no new prompt after ply {after}:\n{pane}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command(&["kill-server"]);
    }
}

/// The shell command tmux runs: `arena` with `args`, then its exit code, then a pause so
/// that the pane stays to be read.
fn in_terminal(args: &str) -> String {
    format!(
        "cd '{}' && '{}' {args}; echo \"[exit $?]\"; sleep 600",
        repo_root().display(),
        arena_binary().display()
    )
}

#[test]
fn a_whole_game_in_a_real_terminal() {
    if !Tmux::available() {
        return;
    }
    let dir = scratch("tmux");
    let games = dir.join("games.csv");
    let command = in_terminal(&format!(
        "play leapfrog --first human --second level:hard --seed 5 --record '{}'",
        games.display()
    ));
    let tmux = Tmux::start("whole", "whole", &command);
    // Play the first legal move listed at every turn, to the end of the game.
    let mut ply = 0;
    let pane = loop {
        let (pane, turn) = tmux.wait_for_turn("whole", ply);
        let Some(turn) = turn else { break pane };
        let moves = pane
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("legal moves: "))
            .expect("the legal moves are listed");
        tmux.type_line("whole", moves.split(' ').next().expect("a legal move"));
        ply = turn;
    };
    assert!(
        pane.contains("  1  2  3  4  5  6  7  8  9 10"),
        "the board:\n{pane}"
    );
    assert!(pane.contains("A to move"), "{pane}");
    let result = pane
        .lines()
        .find(|line| line.starts_with("result: "))
        .unwrap_or_else(|| panic!("no result line:\n{pane}"));
    assert!(
        ["result: A (", "result: B ("]
            .iter()
            .any(|p| result.starts_with(p)),
        "{result}"
    );
    assert!(
        !result.ends_with("(resign)"),
        "the game went to its end: {result}"
    );
    assert!(pane.contains("[exit 0]"), "{pane}");
    assert!(ply > 10, "a whole game takes many moves: {ply}");
    // The game as played replays from its record.
    let replay = run(&["replay", games.to_str().unwrap(), "--game-id", "0"]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert_eq!(stdout(&replay).lines().last(), Some(result));
    drop(tmux);

    // Moves, a hint, then quit: the person resigns and the exit code is 0.
    let command = in_terminal("play leapfrog --first human --second level:hard");
    let tmux = Tmux::start("quit", "quit", &command);
    let (_, turn) = tmux.wait_for_turn("quit", 0);
    assert_eq!(turn, Some(1));
    tmux.type_line("quit", "5-6");
    let (_, turn) = tmux.wait_for_turn("quit", 1);
    assert_eq!(turn, Some(3));
    tmux.type_line("quit", "hint");
    tmux.wait_for_text("quit", "hint: ");
    tmux.type_line("quit", "quit");
    let (pane, turn) = tmux.wait_for_turn("quit", u32::MAX);
    assert_eq!(turn, None, "{pane}");
    let last: Vec<&str> = pane.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        last[last.len() - 2..],
        ["result: B (resign)", "[exit 0]"],
        "{pane}"
    );
    assert!(
        pane.contains(
            "You play A: the A pieces, moving right: from spots 1-5 to fill spots 15-19."
        ),
        "which way A goes is said before the first move:\n{pane}"
    );
    drop(tmux);

    // English, Black to move with one capture: the person is told their colour, asks
    // for help, and types the capture 9x18 as 9-18.
    let command = in_terminal(
        "play english --position 'B:W14,30:B9,1' --first human --second random --seed 2",
    );
    let tmux = Tmux::start("english", "english", &command);
    let (pane, turn) = tmux.wait_for_turn("english", 0);
    assert_eq!(turn, Some(1), "{pane}");
    let colour = pane
        .lines()
        .position(|l| {
            l.starts_with("You play Black (A): the b men and B kings, men moving down the board.")
        })
        .unwrap_or_else(|| panic!("no colour line:\n{pane}"));
    let board = pane
        .lines()
        .position(|l| l == "Black to move")
        .unwrap_or_else(|| panic!("no side to move on the board:\n{pane}"));
    assert!(colour < board, "the colour line comes first:\n{pane}");
    assert!(
        pane.contains("[ply 1] Black (A) to play (a move, help, hint, undo or quit):"),
        "the prompt names the side as the board does:\n{pane}"
    );
    tmux.type_line("english", "help");
    tmux.wait_for_text("english", "What you can type:");
    tmux.wait_for_text("english", "(9-18 for 9x18)");
    tmux.type_line("english", "9-18");
    let (pane, turn) = tmux.wait_for_turn("english", 1);
    assert_eq!(turn, Some(3), "the capture was played:\n{pane}");
    assert!(pane.lines().any(|l| l == "9x18"), "{pane}");
    assert!(!pane.contains("illegal move"), "{pane}");
    tmux.type_line("english", "quit");
    let (pane, turn) = tmux.wait_for_turn("english", u32::MAX);
    assert_eq!(turn, None, "{pane}");
    assert!(pane.contains("result: B (resign)"), "{pane}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn three_players_after_a_resignation_and_a_numbered_star() {
    let args = [
        "play",
        "chinese-checkers:players=3",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seat",
        "random",
    ];
    let output = play_typed(&args, "pass\n4 15\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "You play A: the A pieces, from the top point (holes 1-10) to fill the bottom \
             point (holes 112-121)."
        ),
        "{text}"
    );
    // Every hole is drawn with its number: row 5 runs from hole 11 to hole 23.
    assert!(text.contains("\n.11   .12   .13 "), "{text}");
    assert!(text.contains(".23\n"), "{text}");
    // pass is no move here, and no error offers it.
    assert!(
        text.contains("illegal move: pass (not one of the legal moves)"),
        "{text}"
    );
    assert!(!text.contains("or \"pass\""), "{text}");
    // A move typed with a space reads; the resigner comes last, the others share first.
    assert!(text.contains("\n4-15\n"), "{text}");
    // (B and C have each made one step forward: their progress is equal.)
    assert_eq!(
        text.lines().last(),
        Some("result: B and C (resign) places A=3 B=1 C=1"),
        "{text}"
    );
}
