//! What a game looks like to a learning program: its cells, the observation planes over
//! them, and each move as a pair of cells. Built on the engine's public accessors only.
//!
//! Every game is a set of cells (spots, holes, squares or points, numbered as the game's
//! notation numbers them, 0-based here) and a move takes a piece from one cell to
//! another, so a move's action is `from * cells + to` (a Konane removal has `from ==
//! to`). Two kinds of move do not fit that: the pass of Chinese checkers (a seat with no
//! move) is the action `cells * cells`, and where several legal moves share their cells
//! (captures of different pieces, or of the same pieces in another order under
//! `duplicates=keep`), the first of them in the order of their move texts keeps the pair's
//! action and the others take the actions after the pass, `cells * cells + 1 + k`, k
//! counting those moves of the position in the order of their texts.

use engine::games::chinese_checkers::geometry::HOLES;
use engine::games::draughts::{Draughts, Rules};
use engine::games::draughts64::{Draughts64, Rules64};
use engine::games::family::Colour;
use engine::{Alquerque, ChineseCheckers, Game, Konane, Leapfrog, Seat};

/// The number of actions after the pass, for moves that share their cells with another.
/// The most seen in a position is 29 (Dameo; 5,000 random games each of Gothic, Turkish,
/// Dameo and International, python/README.md); a position that needs more than this is
/// refused with an error naming the count, never encoded wrongly.
pub const SHARED_CELL_ACTIONS: usize = 1024;

/// A game's cells, observation and moves as cells.
pub trait Encoded: agents::Playable {
    /// How many cells the game's board has.
    fn cells(&self) -> usize;

    /// The names of the observation's planes, from the observing seat's point of view.
    fn plane_names(&self) -> Vec<String>;

    /// The cells a move leaves and reaches (0-based), or `None` for a pass.
    fn move_cells(mv: Self::Move) -> Option<(usize, usize)>;

    /// Writes the observation of `seat`: `plane_names().len()` planes of `cells()` values,
    /// plane after plane, 1.0 where the plane's piece stands. `out` is zeroed first.
    fn observe(&self, seat: Seat, out: &mut [f32]);
}

/// The planes of a two-colour game with men and kings.
fn men_and_kings() -> Vec<String> {
    ["own men", "own kings", "opponent's men", "opponent's kings"]
        .map(str::to_string)
        .to_vec()
}

/// The planes of a two-colour game with one kind of piece.
fn own_and_opponent() -> Vec<String> {
    ["own pieces", "opponent's pieces"]
        .map(str::to_string)
        .to_vec()
}

/// Writes the observation of the side `own` in a game with one kind of piece on `cells`
/// cells, `piece_at` giving the colour on a cell.
fn observe_pieces(
    out: &mut [f32],
    cells: u32,
    own: Colour,
    piece_at: impl Fn(u32) -> Option<Colour>,
) {
    out.fill(0.0);
    for cell in 0..cells {
        if let Some(colour) = piece_at(cell) {
            out[usize::from(colour != own) * cells as usize + cell as usize] = 1.0;
        }
    }
}

/// Marks a piece of `colour` (a king or not) on `cell` in a men-and-kings observation
/// of the side `own`.
fn mark(out: &mut [f32], cells: usize, cell: usize, own: Colour, colour: Colour, king: bool) {
    let plane = usize::from(colour != own) * 2 + usize::from(king);
    out[plane * cells + cell] = 1.0;
}

/// Writes a race game's observation: plane k holds the pieces of the seat k places after
/// `seat` in turn order, `pieces` giving a seat's bit set over `cells` cells.
fn observe_seats(
    out: &mut [f32],
    cells: usize,
    seat: Seat,
    players: usize,
    pieces: impl Fn(Seat) -> u128,
) {
    out.fill(0.0);
    let mut side = seat;
    for plane in 0..players {
        let bits = pieces(side);
        for cell in 0..cells {
            if bits >> cell & 1 == 1 {
                out[plane * cells + cell] = 1.0;
            }
        }
        side = side.next(players);
    }
}

impl Encoded for Leapfrog {
    fn cells(&self) -> usize {
        self.shape().spots() as usize
    }

    fn plane_names(&self) -> Vec<String> {
        own_and_opponent()
    }

    fn move_cells(mv: Self::Move) -> Option<(usize, usize)> {
        Some((mv.from() as usize - 1, mv.to() as usize - 1))
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        observe_seats(out, self.cells(), seat, 2, |side| {
            u128::from(self.pieces(side))
        });
    }
}

impl Encoded for ChineseCheckers {
    fn cells(&self) -> usize {
        HOLES
    }

    fn plane_names(&self) -> Vec<String> {
        (0..self.players())
            .map(|k| match k {
                0 => "own pieces".to_string(),
                1 => "next seat's pieces".to_string(),
                k => format!("pieces of the seat {k} after in turn"),
            })
            .collect()
    }

    fn move_cells(mv: Self::Move) -> Option<(usize, usize)> {
        (!mv.is_pass()).then(|| (mv.from() as usize - 1, mv.to() as usize - 1))
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        observe_seats(out, HOLES, seat, self.players(), |side| self.pieces(side));
    }
}

impl<R: Rules> Encoded for Draughts<R> {
    fn cells(&self) -> usize {
        let size = Draughts::<R>::board_size() as usize;
        size * size / 2
    }

    fn plane_names(&self) -> Vec<String> {
        men_and_kings()
    }

    fn move_cells(mv: Self::Move) -> Option<(usize, usize)> {
        Some((mv.from_square() as usize - 1, mv.to_square() as usize - 1))
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let cells = self.cells();
        let own = Draughts::<R>::colour_of(seat);
        for number in 1..=cells as u32 {
            if let Some((colour, king)) = self.piece_on(number) {
                mark(out, cells, number as usize - 1, own, colour, king);
            }
        }
    }
}

impl<R: Rules64> Encoded for Draughts64<R> {
    fn cells(&self) -> usize {
        64
    }

    fn plane_names(&self) -> Vec<String> {
        men_and_kings()
    }

    fn move_cells(mv: Self::Move) -> Option<(usize, usize)> {
        Some((mv.from_square() as usize, mv.to_square() as usize))
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let own = Draughts64::<R>::colour_of(seat);
        for square in 0..64 {
            if let Some((colour, king)) = self.piece_on(square) {
                mark(out, 64, square as usize, own, colour, king);
            }
        }
    }
}

/// The encoding of a two-colour game with one kind of piece on `$cells` cells: its
/// moves' `from()` and `to()` are cells, and `piece_at` gives a cell's colour.
macro_rules! one_kind_of_piece {
    ($game:ty, $cells:expr) => {
        impl Encoded for $game {
            fn cells(&self) -> usize {
                $cells
            }

            fn plane_names(&self) -> Vec<String> {
                own_and_opponent()
            }

            fn move_cells(mv: Self::Move) -> Option<(usize, usize)> {
                Some((mv.from() as usize, mv.to() as usize))
            }

            fn observe(&self, seat: Seat, out: &mut [f32]) {
                observe_pieces(out, $cells, <$game>::colour_of(seat), |cell| {
                    self.piece_at(cell)
                });
            }
        }
    };
}

one_kind_of_piece!(Konane, 64);
one_kind_of_piece!(Alquerque, 25);
