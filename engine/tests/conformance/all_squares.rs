//! The all-squares games (Turkish, Gothic, Dameo), checked against a slow enumeration of
//! the legal moves written from the rules' words: coordinates instead of bit sets, every
//! capture path followed one jump at a time, then the quantity rule over the whole list.

use std::collections::BTreeSet;
use std::ops::Range;

use engine::games::draughts64::{
    Colour, Dameo, Draughts64, Draughts64Move, Gothic, Rules64, Turkish,
};
use engine::{Game, GameOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sweep::Oracle;

/// A game's rules in words, as White sees the board: (file, rank) steps.
struct Words {
    man_steps: &'static [(i32, i32)],
    man_captures: &'static [(i32, i32)],
    linear_moves: bool,
    king_steps: &'static [(i32, i32)],
    king_captures: &'static [(i32, i32)],
    flying_kings: bool,
    most_pieces: bool,
    removed_at_once: bool,
    no_about_turn: bool,
    /// A man reaching the far rank during a capture stops there (else goes on as a
    /// man, crowned if it ends there).
    crowning_stops: bool,
}

const ORTHOGONAL: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
const EVERY_WAY: &[(i32, i32)] = &[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// §8: men forward, left and right; flying kings along lines; most pieces; captured
/// pieces leave at once; no about-turn; on as a man over the far rank.
const TURKISH: Words = Words {
    man_steps: &[(0, 1), (1, 0), (-1, 0)],
    man_captures: &[(0, 1), (1, 0), (-1, 0)],
    linear_moves: false,
    king_steps: ORTHOGONAL,
    king_captures: ORTHOGONAL,
    flying_kings: true,
    most_pieces: true,
    removed_at_once: true,
    no_about_turn: true,
    crowning_stops: false,
};
/// §7: men forward, diagonally forward and sideways; kings one square every way;
/// free choice; the far rank ends a capture.
const GOTHIC: Words = Words {
    man_steps: &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
    man_captures: &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
    linear_moves: false,
    king_steps: EVERY_WAY,
    king_captures: EVERY_WAY,
    flying_kings: false,
    most_pieces: false,
    removed_at_once: false,
    no_about_turn: false,
    crowning_stops: true,
};
/// §18: men forward and diagonally forward, or the linear move; men take along
/// lines, backwards too; kings move like a queen and take along lines at any
/// distance; most pieces; captured pieces stay until the move ends.
const DAMEO: Words = Words {
    man_steps: &[(0, 1), (1, 1), (-1, 1)],
    man_captures: ORTHOGONAL,
    linear_moves: true,
    king_steps: EVERY_WAY,
    king_captures: ORTHOGONAL,
    flying_kings: true,
    most_pieces: true,
    removed_at_once: false,
    no_about_turn: false,
    crowning_stops: false,
};

/// A legal move as the rules name it: from, to, the captured squares, and whether a
/// man is crowned.
type Named = (u32, u32, Vec<u32>, bool);

/// A square as (file, rank).
type At = (i32, i32);
/// One jump open to a piece: its direction, the square it takes, where it may land.
type Jump = (At, At, Vec<At>);

struct Board {
    cells: [Option<(Colour, bool)>; 64],
}

impl Board {
    fn at(&self, file: i32, rank: i32) -> Option<Option<(Colour, bool)>> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(self.cells[(rank * 8 + file) as usize])
        } else {
            None
        }
    }
}

struct Jumps<'a> {
    words: &'a Words,
    board: &'a Board,
    me: Colour,
    from: (i32, i32),
    found: Vec<Named>,
}

impl Jumps<'_> {
    /// Whether the piece may cross or land on (file, rank) having taken `taken`.
    fn open(&self, square: (i32, i32), taken: &[(i32, i32)]) -> bool {
        match self.board.at(square.0, square.1) {
            None => false,
            Some(None) => true,
            Some(Some(_)) if square == self.from => true,
            Some(Some(_)) => self.words.removed_at_once && taken.contains(&square),
        }
    }

    /// Whether an enemy piece not yet taken stands there.
    fn prey(&self, square: (i32, i32), taken: &[(i32, i32)]) -> bool {
        matches!(self.board.at(square.0, square.1), Some(Some((c, _))) if c != self.me)
            && !taken.contains(&square)
    }

    /// The jumps open from `at`: (direction, taken square, landing squares).
    fn jumps(
        &self,
        at: (i32, i32),
        king: bool,
        taken: &[(i32, i32)],
        last: Option<(i32, i32)>,
    ) -> Vec<Jump> {
        let sign = if self.me == Colour::White { 1 } else { -1 };
        let directions: Vec<(i32, i32)> = if king {
            self.words.king_captures.to_vec()
        } else {
            self.words
                .man_captures
                .iter()
                .map(|&(df, dr)| (df, dr * sign))
                .collect()
        };
        let mut out = Vec::new();
        for d in directions {
            if self.words.no_about_turn && last == Some((-d.0, -d.1)) {
                continue;
            }
            let mut over = (at.0 + d.0, at.1 + d.1);
            if king && self.words.flying_kings {
                while self.open(over, taken) {
                    over = (over.0 + d.0, over.1 + d.1);
                }
            }
            if !self.prey(over, taken) {
                continue;
            }
            let mut after = taken.to_vec();
            after.push(over);
            let mut landings = Vec::new();
            let mut land = (over.0 + d.0, over.1 + d.1);
            while self.open(land, &after) {
                landings.push(land);
                if !(king && self.words.flying_kings) {
                    break;
                }
                land = (land.0 + d.0, land.1 + d.1);
            }
            if !landings.is_empty() {
                out.push((d, over, landings));
            }
        }
        out
    }

    fn follow(
        &mut self,
        at: (i32, i32),
        king: bool,
        taken: Vec<(i32, i32)>,
        last: Option<(i32, i32)>,
    ) {
        let far_rank = if self.me == Colour::White { 7 } else { 0 };
        let on_far_rank = !king && at.1 == far_rank && !taken.is_empty();
        if on_far_rank && self.words.crowning_stops {
            self.record(at, king, &taken);
            return;
        }
        let jumps = self.jumps(at, king, &taken, last);
        if jumps.is_empty() {
            if !taken.is_empty() {
                self.record(at, king, &taken);
            }
            return;
        }
        for (d, over, landings) in jumps {
            let mut after = taken.clone();
            after.push(over);
            // A flying king lands where it can go on capturing, if it can.
            let going_on: Vec<(i32, i32)> = landings
                .iter()
                .copied()
                .filter(|&l| !self.jumps(l, king, &after, Some(d)).is_empty())
                .collect();
            let chosen = if going_on.is_empty() {
                landings
            } else {
                going_on
            };
            for land in chosen {
                self.follow(land, king, after.clone(), Some(d));
            }
        }
    }

    fn record(&mut self, at: (i32, i32), king: bool, taken: &[(i32, i32)]) {
        let far_rank = if self.me == Colour::White { 7 } else { 0 };
        let mut captured: Vec<u32> = taken.iter().map(|&(f, r)| (r * 8 + f) as u32).collect();
        captured.sort_unstable();
        self.found.push((
            (self.from.1 * 8 + self.from.0) as u32,
            (at.1 * 8 + at.0) as u32,
            captured,
            !king && at.1 == far_rank,
        ));
    }
}

/// Every legal move of the side to move, from the rules' words.
fn legal_moves<R: Rules64>(position: &Draughts64<R>, words: &Words) -> BTreeSet<Named> {
    let me = position.side_to_move();
    let board = Board {
        cells: std::array::from_fn(|square| position.piece_on(square as u32)),
    };
    let mut captures = Vec::new();
    for square in 0..64i32 {
        let Some((colour, king)) = board.cells[square as usize] else {
            continue;
        };
        if colour != me {
            continue;
        }
        let mut jumps = Jumps {
            words,
            board: &board,
            me,
            from: (square % 8, square / 8),
            found: Vec::new(),
        };
        jumps.follow((square % 8, square / 8), king, Vec::new(), None);
        captures.extend(jumps.found);
    }
    if !captures.is_empty() {
        let most = captures.iter().map(|m| m.2.len()).max().unwrap_or(0);
        return captures
            .into_iter()
            .filter(|m| !words.most_pieces || m.2.len() == most)
            .collect();
    }
    let sign = if me == Colour::White { 1 } else { -1 };
    let far_rank = if me == Colour::White { 7 } else { 0 };
    let mut quiet = BTreeSet::new();
    for square in 0..64i32 {
        let Some((colour, king)) = board.cells[square as usize] else {
            continue;
        };
        if colour != me {
            continue;
        }
        let (file, rank) = (square % 8, square / 8);
        let steps: Vec<(i32, i32)> = if king {
            words.king_steps.to_vec()
        } else {
            words
                .man_steps
                .iter()
                .map(|&(df, dr)| (df, dr * sign))
                .collect()
        };
        for (df, dr) in steps {
            let mut k = 1;
            // A man's linear move jumps a line of its own men (never kings).
            if !king && words.linear_moves {
                while board.at(file + k * df, rank + k * dr) == Some(Some((me, false))) {
                    k += 1;
                }
            }
            loop {
                let (f, r) = (file + k * df, rank + k * dr);
                if board.at(f, r) != Some(None) {
                    break;
                }
                quiet.insert((
                    square as u32,
                    (r * 8 + f) as u32,
                    Vec::new(),
                    !king && r == far_rank,
                ));
                if !(king && words.flying_kings) {
                    break;
                }
                k += 1;
            }
        }
    }
    quiet
}

fn named<R: Rules64>(mv: Draughts64Move<R>) -> Named {
    (
        mv.from_square(),
        mv.to_square(),
        mv.captured_squares(),
        mv.promotes(),
    )
}

/// The rules' words of each all-squares game.
trait Worded: Rules64 {
    const WORDS: Words;
}

impl Worded for Turkish {
    const WORDS: Words = TURKISH;
}

impl Worded for Gothic {
    const WORDS: Words = GOTHIC;
}

impl Worded for Dameo {
    const WORDS: Words = DAMEO;
}

/// The sweep plays 40 random games of each from its start, every generated move among
/// the rules' moves.
impl<R: Worded> Oracle for Draughts64<R> {
    fn rules_allow(&self, mv: Draughts64Move<R>) -> bool {
        legal_moves(self, &R::WORDS).contains(&named(mv))
    }

    fn sweep() -> Vec<(GameOptions, Range<u64>)> {
        vec![(GameOptions::new(), 0..40)]
    }
}

/// Random games from the start: every rules' move generated, and no move twice.
fn generates_every_legal_move<R: Worded>(games: u64) {
    let start = Draughts64::<R>::start();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = start.clone();
        while !position.is_over() {
            position.generate_moves(&mut moves);
            let generated: BTreeSet<Named> = moves.iter().map(|&m| named(m)).collect();
            assert_eq!(generated.len(), moves.len(), "a move twice in {position}");
            assert_eq!(
                generated,
                legal_moves(&position, &R::WORDS),
                "in {position}"
            );
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn turkish_generates_every_legal_move() {
    generates_every_legal_move::<Turkish>(40);
}

#[test]
fn gothic_generates_every_legal_move() {
    generates_every_legal_move::<Gothic>(40);
}

#[test]
fn dameo_generates_every_legal_move() {
    generates_every_legal_move::<Dameo>(40);
}
