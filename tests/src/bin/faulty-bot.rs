//! A bot that speaks the arena protocol badly on purpose, for the fault tests: it plays
//! the first legal move until its fault, named by its first argument:
//!
//! - `crash`: exits at its 5th move of a game;
//! - `illegal`: answers its 3rd move with the last move played (no longer legal);
//! - `silent`: never answers its 2nd move, nor reads anything again (it must be killed);
//! - `garbage`: answers its 2nd move with lines of nonsense and an unreadable move;
//! - `deaf`: never reads its input nor answers, and never exits by itself (it must be
//!   killed; run under `sh -c "trap '' TERM INT; exec ..."` it ignores those signals too).
//!
//! And one mode without a fault, `echo`: it writes its working folder and then every line
//! it reads to standard error, and plays the last legal move instead of the first when it
//! is sent `option pick=last`.
//!
//! Other arguments are ignored (the tests pass a tag to find stray processes by).

use std::io::{BufRead, Write};

fn main() {
    let fault = std::env::args().nth(1).unwrap_or_default();
    if fault == "deaf" {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
    let echo = fault == "echo";
    if echo {
        let dir = std::env::current_dir().unwrap_or_default();
        eprintln!("cwd {}", dir.display());
    }
    let mut pick_last = false;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut turn = 0;
    let mut last_move = String::new();
    let mut chosen = String::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if echo {
            eprintln!("{line}");
        }
        let (word, rest) = line.split_once(' ').unwrap_or((&line, ""));
        match word {
            "arena" => writeln!(out, "id name=faulty-{fault}\nready").unwrap(),
            "newgame" => {
                turn = 0;
                writeln!(out, "ready").unwrap();
            }
            "moves" => last_move = rest.rsplit(' ').next().unwrap_or("").to_string(),
            "option" => pick_last |= rest == "pick=last",
            "legal" => {
                let mut legal = rest.split(' ');
                let pick = if pick_last {
                    legal.next_back()
                } else {
                    legal.next()
                };
                chosen = pick.unwrap_or("").to_string();
            }
            "go" => {
                turn += 1;
                match (fault.as_str(), turn) {
                    ("crash", 5) => std::process::exit(3),
                    ("illegal", 3) => writeln!(out, "move {last_move}").unwrap(),
                    ("silent", 2) => loop {
                        std::thread::sleep(std::time::Duration::from_secs(1));
                    },
                    ("garbage", 2) => {
                        writeln!(out, "\u{1}\u{2} zzz\nmove\u{7f}\ninfo ok\nmove ~~~").unwrap()
                    }
                    _ => writeln!(out, "move {chosen}").unwrap(),
                }
            }
            "quit" => return,
            _ => {}
        }
        out.flush().unwrap();
    }
}
