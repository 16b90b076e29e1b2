//! The two sides of the draughts family's games, and their seats.

use crate::player::Seat;

/// The two sides. White is at the bottom of the board in PDN numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The side whose men start at the bottom.
    White,
    /// The side whose men start at the top.
    Black,
}

impl Colour {
    /// The other side.
    #[inline]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat of this side in a game where `first` moves first (seat A).
    #[inline]
    pub fn seat(self, first: Colour) -> Seat {
        if self == first {
            Seat::A
        } else {
            Seat::B
        }
    }

    /// The side in `seat` in a game where `first` moves first (seat A).
    #[inline]
    pub fn in_seat(seat: Seat, first: Colour) -> Colour {
        if seat == Seat::A {
            first
        } else {
            first.other()
        }
    }

    /// `W` or `B`, as PDN writes it.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
}
