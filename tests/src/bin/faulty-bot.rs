//! A bot that speaks the arena protocol badly on purpose, for the fault tests: it plays
//! the first legal move until its fault, named by its first argument:
//!
//! - `crash`: exits at its 5th move of a game;
//! - `illegal`: answers its 3rd move with the last move played (no longer legal);
//! - `silent`: never answers its 2nd move, nor reads anything again (it must be killed);
//! - `garbage`: answers its 2nd move with lines of nonsense and an unreadable move.
//!
//! Other arguments are ignored (the tests pass a tag to find stray processes by).

use std::io::{BufRead, Write};

fn main() {
    let fault = std::env::args().nth(1).unwrap_or_default();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut turn = 0;
    let mut last_move = String::new();
    let mut legal_first = String::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let (word, rest) = line.split_once(' ').unwrap_or((&line, ""));
        match word {
            "arena" => writeln!(out, "id name=faulty-{fault}\nready").unwrap(),
            "newgame" => {
                turn = 0;
                writeln!(out, "ready").unwrap();
            }
            "moves" => last_move = rest.rsplit(' ').next().unwrap_or("").to_string(),
            "legal" => legal_first = rest.split(' ').next().unwrap_or("").to_string(),
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
                    _ => writeln!(out, "move {legal_first}").unwrap(),
                }
            }
            "quit" => return,
            _ => {}
        }
        out.flush().unwrap();
    }
}
