//! An independent check of the perft files of the three BrainKing variants that no
//! published table covers: Corner, One-way and Parachute checkers.
//!
//! The enumeration below is written from the words of the rules file (`rules/draughts.md`
//! §3 Czech, §4 Corner, §5 One-way, §6 Parachute), not from the engine: a plain 8x8 array,
//! squares named by file and rank, pieces lifted and captured as the text says, slow and
//! allocating. It shares nothing with `engine::games::draughts` but the start positions
//! (which the rules file leaves open for Corner and One-way) and compares its counts with
//! `tests/data/perft/{corner,one-way,parachute}.txt` at the shallow depths it can reach
//! quickly.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

/// Vectors of at most this many nodes are counted here (the deeper ones were checked
/// once by hand with a larger limit: see the data files).
const REFERENCE_NODES: u64 = 1_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Colour {
    White,
    Black,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A pawn: steps and captures one square diagonally forward.
    Man,
    /// A queen: flies along the diagonals.
    King,
    /// Parachute checkers: only captures, backwards from the far row, then a man.
    Parachutist,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    colour: Colour,
    kind: Kind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variant {
    Corner,
    OneWay,
    Parachute,
}

/// A square as (file, rank), both 0-based: a1 is (0, 0), and a1 is dark.
type Square = (i32, i32);

#[derive(Clone)]
struct Board {
    cells: [[Option<Piece>; 8]; 8],
    to_move: Colour,
    variant: Variant,
}

/// A move as the rules see it: where the piece starts, where it ends, what it takes.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Move {
    from: Square,
    to: Square,
    captured: Vec<Square>,
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn on_board((file, rank): Square) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

fn other(colour: Colour) -> Colour {
    match colour {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}

impl Board {
    fn at(&self, (file, rank): Square) -> Option<Piece> {
        self.cells[file as usize][rank as usize]
    }

    fn set(&mut self, (file, rank): Square, piece: Option<Piece>) {
        self.cells[file as usize][rank as usize] = piece;
    }

    /// "Forward" for a man of `colour`: up the board for White; down for Black, except
    /// in One-way checkers, where "all pawns move in the same direction" (up).
    fn forward(&self, colour: Colour) -> i32 {
        match (self.variant, colour) {
            (_, Colour::White) | (Variant::OneWay, Colour::Black) => 1,
            (_, Colour::Black) => -1,
        }
    }

    /// Whether a man of `colour` on `square` becomes a queen. Corner: "a white pawn must
    /// go to A7 or B8 to be promoted and a black pawn has to reach G1 or H2". Otherwise
    /// the far row in the man's forward direction.
    fn crowns(&self, colour: Colour, square: Square) -> bool {
        match (self.variant, colour) {
            (Variant::Corner, Colour::White) => square == (0, 6) || square == (1, 7),
            (Variant::Corner, Colour::Black) => square == (6, 0) || square == (7, 1),
            _ => square.1 == if self.forward(colour) == 1 { 7 } else { 0 },
        }
    }

    fn squares_of(&self, colour: Colour, kind: Kind) -> Vec<Square> {
        let mut out = Vec::new();
        for file in 0..8 {
            for rank in 0..8 {
                if self.at((file, rank)) == Some(Piece { colour, kind }) {
                    out.push((file, rank));
                }
            }
        }
        out
    }

    /// The legal moves: a queen must capture if one can ("priority of king's jump");
    /// otherwise any capture by a man or a parachutist; capturing is compulsory; else the
    /// quiet moves. Moves with the same start, end and captured pieces are one move.
    fn moves(&self) -> Vec<Move> {
        let us = self.to_move;
        let mut found = BTreeSet::new();
        for from in self.squares_of(us, Kind::King) {
            self.king_captures(from, from, &mut Vec::new(), &mut found);
        }
        if found.is_empty() {
            for from in self.squares_of(us, Kind::Man) {
                self.man_captures(from, from, &mut Vec::new(), &mut found);
            }
            for from in self.squares_of(us, Kind::Parachutist) {
                self.parachutist_captures(from, &mut found);
            }
        }
        if found.is_empty() {
            for from in self.squares_of(us, Kind::Man) {
                let up = self.forward(us);
                for side in [-1, 1] {
                    let to = (from.0 + side, from.1 + up);
                    if on_board(to) && self.at(to).is_none() {
                        found.insert(Move {
                            from,
                            to,
                            captured: Vec::new(),
                        });
                    }
                }
            }
            for from in self.squares_of(us, Kind::King) {
                for (df, dr) in DIAGONALS {
                    let mut to = (from.0 + df, from.1 + dr);
                    while on_board(to) && self.at(to).is_none() {
                        found.insert(Move {
                            from,
                            to,
                            captured: Vec::new(),
                        });
                        to = (to.0 + df, to.1 + dr);
                    }
                }
            }
        }
        found.into_iter().collect()
    }

    /// Whether `square` is empty while the piece that started on `from` is lifted.
    fn empty(&self, square: Square, from: Square) -> bool {
        on_board(square) && (square == from || self.at(square).is_none())
    }

    /// Whether `square` holds an enemy piece not yet jumped in this move.
    fn jumpable(&self, square: Square, captured: &[Square]) -> bool {
        on_board(square)
            && !captured.contains(&square)
            && self
                .at(square)
                .is_some_and(|piece| piece.colour != self.to_move)
    }

    /// A man's capture sequences from `at`: short jumps diagonally forward only, every
    /// one that can go on must; a man that reaches its crowning square stops there.
    fn man_captures(
        &self,
        from: Square,
        at: Square,
        captured: &mut Vec<Square>,
        found: &mut BTreeSet<Move>,
    ) {
        let up = self.forward(self.to_move);
        let mut went_on = false;
        if captured.is_empty() || !self.crowns(self.to_move, at) {
            for side in [-1, 1] {
                let over = (at.0 + side, at.1 + up);
                let to = (at.0 + 2 * side, at.1 + 2 * up);
                if self.jumpable(over, captured) && self.empty(to, from) {
                    went_on = true;
                    captured.push(over);
                    self.man_captures(from, to, captured, found);
                    captured.pop();
                }
            }
        }
        if !went_on && !captured.is_empty() {
            found.insert(finished(from, at, captured));
        }
    }

    /// A parachutist's capture: "capture a piece at seventh (white parachutist) or second
    /// (black parachutist) row ... land directly behind the captured piece ... and
    /// immediately turns to a pawn", going on as a pawn if it can.
    fn parachutist_captures(&self, from: Square, found: &mut BTreeSet<Move>) {
        let back = -self.forward(self.to_move);
        let target_rank = match self.to_move {
            Colour::White => 6,
            Colour::Black => 1,
        };
        for side in [-1, 1] {
            let over = (from.0 + side, from.1 + back);
            let to = (from.0 + 2 * side, from.1 + 2 * back);
            if over.1 == target_rank && self.jumpable(over, &[]) && self.empty(to, from) {
                self.man_captures(from, to, &mut vec![over], found);
            }
        }
    }

    /// A queen's capture sequences from `at`: along a diagonal over empty squares to one
    /// enemy piece, landing on any empty square beyond; where some landing squares let
    /// the capture go on, it must land on one of those. Jumped pieces stay on the board
    /// until the move ends and block the way.
    fn king_captures(
        &self,
        from: Square,
        at: Square,
        captured: &mut Vec<Square>,
        found: &mut BTreeSet<Move>,
    ) {
        let mut went_on = false;
        for (df, dr) in DIAGONALS {
            let mut over = (at.0 + df, at.1 + dr);
            while self.empty(over, from) {
                over = (over.0 + df, over.1 + dr);
            }
            if !self.jumpable(over, captured) {
                continue;
            }
            let mut landings = Vec::new();
            let mut to = (over.0 + df, over.1 + dr);
            while self.empty(to, from) {
                landings.push(to);
                to = (to.0 + df, to.1 + dr);
            }
            if landings.is_empty() {
                continue;
            }
            went_on = true;
            captured.push(over);
            let going_on: Vec<Square> = landings
                .iter()
                .copied()
                .filter(|landing| self.king_can_capture(from, *landing, captured))
                .collect();
            if going_on.is_empty() {
                for landing in landings {
                    found.insert(finished(from, landing, captured));
                }
            } else {
                for landing in going_on {
                    self.king_captures(from, landing, captured, found);
                }
            }
            captured.pop();
        }
        if !went_on && !captured.is_empty() {
            found.insert(finished(from, at, captured));
        }
    }

    fn king_can_capture(&self, from: Square, at: Square, captured: &[Square]) -> bool {
        DIAGONALS.iter().any(|(df, dr)| {
            let mut over = (at.0 + df, at.1 + dr);
            while self.empty(over, from) {
                over = (over.0 + df, over.1 + dr);
            }
            self.jumpable(over, captured) && self.empty((over.0 + df, over.1 + dr), from)
        })
    }

    fn play(&self, mv: &Move) -> Board {
        let mut next = self.clone();
        let mut piece = self.at(mv.from).expect("a piece moves");
        for square in &mv.captured {
            next.set(*square, None);
        }
        next.set(mv.from, None);
        if piece.kind == Kind::Parachutist {
            piece.kind = Kind::Man;
        }
        if piece.kind == Kind::Man && self.crowns(piece.colour, mv.to) {
            piece.kind = Kind::King;
        }
        next.set(mv.to, Some(piece));
        next.to_move = other(self.to_move);
        next
    }
}

fn finished(from: Square, to: Square, captured: &[Square]) -> Move {
    let mut captured = captured.to_vec();
    captured.sort_unstable();
    Move { from, to, captured }
}

fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(&board.play(mv), depth - 1))
        .sum()
}

/// The dark squares of `ranks` (1-based, as the rules file writes them).
fn dark_squares(ranks: std::ops::RangeInclusive<i32>) -> Vec<Square> {
    let mut out = Vec::new();
    for rank in ranks {
        for file in 0..8 {
            if (file + rank - 1) % 2 == 0 {
                out.push((file, rank - 1));
            }
        }
    }
    out
}

fn square(name: &str) -> Square {
    let bytes = name.as_bytes();
    (i32::from(bytes[0] - b'a'), i32::from(bytes[1] - b'0') - 1)
}

/// The start positions, White to move. Corner (§4) and One-way (§5) are open in the rules
/// file; these are the engine's documented choices: Corner as Czech (each side on its
/// own first three rows), One-way with White on ranks 1-3 and Black on ranks 5-7. Parachute
/// is the square list of §6.
fn start(variant: Variant) -> Board {
    let mut board = Board {
        cells: [[None; 8]; 8],
        to_move: Colour::White,
        variant,
    };
    let man = |colour| {
        Some(Piece {
            colour,
            kind: Kind::Man,
        })
    };
    let parachutist = |colour| {
        Some(Piece {
            colour,
            kind: Kind::Parachutist,
        })
    };
    let (white, black) = match variant {
        Variant::Corner => (dark_squares(1..=3), dark_squares(6..=8)),
        Variant::OneWay => (dark_squares(1..=3), dark_squares(5..=7)),
        Variant::Parachute => {
            for name in ["b8", "d8", "f8", "h8"] {
                board.set(square(name), parachutist(Colour::White));
            }
            for name in ["a1", "c1", "e1", "g1"] {
                board.set(square(name), parachutist(Colour::Black));
            }
            let white = ["b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"];
            let black = ["a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"];
            (white.map(square).to_vec(), black.map(square).to_vec())
        }
    };
    for at in white {
        board.set(at, man(Colour::White));
    }
    for at in black {
        board.set(at, man(Colour::Black));
    }
    board
}

/// The (depth, nodes) pairs of the first line of a perft data file: the start position.
fn start_vectors(game: &str) -> Vec<(u32, u64)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/perft")
        .join(format!("{game}.txt"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let line = text
        .lines()
        .find(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .expect("a data line");
    line.split(';')
        .skip(1)
        .map(|field| {
            let (depth, nodes) = field.trim().split_once(' ').expect("depth nodes");
            (depth.parse().unwrap(), nodes.parse().unwrap())
        })
        .collect()
}

fn check(variant: Variant, game: &str, limit: u64) {
    let board = start(variant);
    let vectors = start_vectors(game);
    let checked: Vec<_> = vectors
        .iter()
        .filter(|(_, nodes)| *nodes <= limit)
        .collect();
    assert!(checked.len() >= 5, "{game}: too few shallow vectors");
    for (depth, nodes) in checked {
        assert_eq!(perft(&board, *depth), *nodes, "{game}: perft {depth}");
    }
}

/// The limit of nodes per vector: [`REFERENCE_NODES`], or more from the environment
/// (`PERFT_REFERENCE_NODES=50000000`) for a deeper check by hand.
fn limit() -> u64 {
    std::env::var("PERFT_REFERENCE_NODES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(REFERENCE_NODES)
}

#[test]
fn corner_matches_the_rules_words() {
    check(Variant::Corner, "corner", limit());
}

#[test]
fn one_way_matches_the_rules_words() {
    check(Variant::OneWay, "one-way", limit());
}

#[test]
fn parachute_matches_the_rules_words() {
    check(Variant::Parachute, "parachute", limit());
}
