//! Leapfrog Race on other lines (`spots=N,pieces=K`): the perft vectors of
//! `tests/data/leapfrog-variants-perft.txt`, checked against the engine and against a
//! slow reading of the rules written here from the rules file alone (a line of letters,
//! piece by piece, no bit tricks), so that the two implementations check each other.

use std::fs;
use std::path::PathBuf;

use engine::perft::perft;
use engine::{Game, Leapfrog};

/// A position of the slow implementation: the line as letters and the side to move.
#[derive(Clone, Debug)]
struct Line {
    spots: Vec<char>,
    mover: char,
    pieces: usize,
}

impl Line {
    /// Reads `AAA...BBB A spots=9,pieces=3` (the size is read from the letters).
    fn parse(text: &str) -> Line {
        let mut fields = text.split_whitespace();
        let spots: Vec<char> = fields.next().expect("a line").chars().collect();
        let mover = fields
            .next()
            .expect("a side")
            .chars()
            .next()
            .expect("a letter");
        let pieces = spots.iter().filter(|c| **c == 'A').count();
        Line {
            spots,
            mover,
            pieces,
        }
    }

    fn other(side: char) -> char {
        if side == 'A' {
            'B'
        } else {
            'A'
        }
    }

    /// The spots (0-based) of `side`'s goal zone: the last K for A, the first K for B.
    fn in_goal(&self, side: char, spot: usize) -> bool {
        let n = self.spots.len();
        if side == 'A' {
            spot >= n - self.pieces
        } else {
            spot < self.pieces
        }
    }

    /// Every legal move of the side to move as (from, to), following the rules file: one
    /// piece forward by a step onto an empty spot, or a leap over an unbroken run of
    /// enemy pieces onto the empty spot just past it.
    fn moves(&self) -> Vec<(usize, usize)> {
        let n = self.spots.len() as i64;
        let forward: i64 = if self.mover == 'A' { 1 } else { -1 };
        let enemy = Line::other(self.mover);
        let mut moves = Vec::new();
        for from in 0..n {
            if self.spots[from as usize] != self.mover {
                continue;
            }
            let mut at = from + forward;
            if at < 0 || at >= n {
                continue;
            }
            if self.spots[at as usize] == '.' {
                moves.push((from as usize, at as usize));
                continue;
            }
            if self.spots[at as usize] != enemy {
                continue;
            }
            while at >= 0 && at < n && self.spots[at as usize] == enemy {
                at += forward;
            }
            if at >= 0 && at < n && self.spots[at as usize] == '.' {
                moves.push((from as usize, at as usize));
            }
        }
        moves
    }

    /// Whether the game is over before the side to move moves: a side has filled its
    /// goal zone, or the side to move has no move.
    fn over(&self) -> bool {
        for side in ['A', 'B'] {
            let filled = (0..self.spots.len())
                .filter(|s| self.spots[*s] == side && self.in_goal(side, *s))
                .count();
            if filled == self.pieces {
                return true;
            }
        }
        self.moves().is_empty()
    }

    fn after(&self, (from, to): (usize, usize)) -> Line {
        let mut next = self.clone();
        next.spots[from] = '.';
        next.spots[to] = self.mover;
        next.mover = Line::other(self.mover);
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over() {
            return 0;
        }
        self.moves()
            .into_iter()
            .map(|mv| self.after(mv).perft(depth - 1))
            .sum()
    }
}

/// The vectors of the data file: (position, depth, nodes).
fn vectors() -> Vec<(String, u32, u64)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/leapfrog-variants-perft.txt");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let position = fields.next().expect("a position").trim().to_string();
        for field in fields {
            let (depth, nodes) = field.trim().split_once(' ').expect("depth nodes");
            out.push((
                position.clone(),
                depth.parse().expect("depth"),
                nodes.parse().expect("nodes"),
            ));
        }
    }
    out
}

#[test]
fn engine_and_slow_reading_agree_with_the_variant_vectors() {
    let vectors = vectors();
    assert!(vectors.len() >= 20, "the data file holds too few vectors");
    let mut sizes = std::collections::BTreeSet::new();
    for (text, depth, nodes) in vectors {
        let position = Leapfrog::parse_position(&text).expect("a position in the data file");
        sizes.insert((position.shape().spots(), position.shape().pieces()));
        assert_eq!(
            perft(&position, depth),
            nodes,
            "engine: perft {depth} of {text}"
        );
        assert_eq!(
            Line::parse(&text).perft(depth),
            nodes,
            "slow reading: perft {depth} of {text}"
        );
    }
    assert!(
        sizes.len() >= 4,
        "the vectors cover too few race sizes: {sizes:?}"
    );
}

#[test]
fn slow_reading_agrees_with_the_rules_file_on_the_standard_race() {
    // The check values of the rules file, depths 1 to 10.
    let expected = [1, 1, 2, 4, 8, 16, 40, 100, 260, 676];
    let start = Line::parse("AAAAA.........BBBBB A");
    for (depth, nodes) in (1..).zip(expected) {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn every_finished_game_of_a_small_race_agrees_with_the_slow_reading() {
    // A whole game tree of 9 spots and 2 pieces: at every node both readings list the
    // same moves and agree on whether the game is over.
    fn walk(position: &Leapfrog, line: &Line, seen: &mut u64) {
        *seen += 1;
        assert_eq!(position.is_over(), line.over(), "{position}");
        if line.over() {
            return;
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut engine_moves: Vec<(usize, usize)> = moves
            .iter()
            .map(|m| (m.from() as usize - 1, m.to() as usize - 1))
            .collect();
        engine_moves.sort_unstable();
        let mut slow = line.moves();
        slow.sort_unstable();
        assert_eq!(engine_moves, slow, "{position}");
        for mv in moves {
            let mut child = *position;
            child.play_unchecked(mv);
            walk(
                &child,
                &line.after((mv.from() as usize - 1, mv.to() as usize - 1)),
                seen,
            );
        }
    }
    let text = "AA.....BB A spots=9,pieces=2";
    let mut seen = 0;
    walk(
        &Leapfrog::parse_position(text).unwrap(),
        &Line::parse(text),
        &mut seen,
    );
    assert!(seen > 1_000, "{seen} nodes");
}
