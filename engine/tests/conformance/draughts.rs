//! The thirteen dark-square draughts variants: soundness of every generated move from the
//! rules' words (which captures exist is checked by the perft vectors). The sweep plays
//! six random games of each from its start.

use engine::games::draughts::board::Geometry;
use engine::games::draughts::{Colour, Rules};
use engine::{Draughts, DraughtsMove};

use crate::sweep::Oracle;

impl<R: Rules> Oracle for Draughts<R> {
    fn rules_allow(&self, mv: DraughtsMove<R>) -> bool {
        draughts_is_legal(self, mv)
    }
}

/// Draughts legality checked from the rules' words rather than the generator: the piece
/// is the mover's and of the kind the move says, it ends on an empty square (or where it
/// started, after a round trip), every captured square holds an enemy piece, and a
/// non-capturing move is one diagonal step forward for a man, one step for a short king,
/// or a slide over empty squares for a flying king. (Which captures exist is checked by
/// the perft vectors.)
fn draughts_is_legal<R: Rules>(position: &Draughts<R>, mv: DraughtsMove<R>) -> bool {
    let me = position.side_to_move();
    let (from, to) = (mv.from_square(), mv.to_square());
    if mv.colour() != me {
        return false;
    }
    match position.piece_on(from) {
        Some((colour, king)) if colour == me && king == mv.is_king_move() => {}
        _ => return false,
    }
    if to != from && position.piece_on(to).is_some() {
        return false;
    }
    let enemy = |square: u32| position.piece_on(square).map(|(c, _)| c) == Some(me.other());
    if !mv.captured_squares().into_iter().all(enemy) {
        return false;
    }
    if mv.is_capture() {
        return true;
    }
    let coordinates = |square: u32| {
        let bit = <R::Board as Geometry>::number_to_bit(square, R::A1_LIGHT).expect("square");
        let (rank, file) = <R::Board as Geometry>::coordinates(bit);
        (rank as i32, file as i32)
    };
    let ((r0, f0), (r1, f1)) = (coordinates(from), coordinates(to));
    let (dr, df) = (r1 - r0, f1 - f0);
    if dr == 0 || dr.abs() != df.abs() {
        return false;
    }
    if !mv.is_king_move() {
        let up = me == Colour::White || R::ONE_WAY;
        return dr == if up { 1 } else { -1 };
    }
    if !Draughts::<R>::flying_kings() {
        return dr.abs() == 1;
    }
    (1..dr.abs()).all(|k| {
        let (r, f) = (r0 + k * dr.signum(), f0 + k * df.signum());
        let bit =
            engine::games::draughts::board::bit_of(Draughts::<R>::board_size(), r as u32, f as u32);
        let number = <R::Board as Geometry>::bit_to_number(bit, R::A1_LIGHT);
        position.piece_on(number).is_none()
    })
}
