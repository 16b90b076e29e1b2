//! Seats at the table: A moves first, then B, C, ... in turn order.

use std::fmt;

/// The most players any game in the engine seats (six-player Chinese checkers).
pub const MAX_PLAYERS: usize = 6;

/// A seat at the table, named A, B, C, ... in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The first seat, which moves first unless a game's options say otherwise.
    pub const A: Seat = Seat(0);
    /// The second seat.
    pub const B: Seat = Seat(1);

    /// The seat with this 0-based index.
    ///
    /// # Panics
    /// When `index` is not below [`MAX_PLAYERS`].
    pub const fn new(index: usize) -> Seat {
        assert!(index < MAX_PLAYERS, "seat index out of range");
        Seat(index as u8)
    }

    /// The seat's 0-based index in turn order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's letter: `'A'` for the first seat, and so on.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// The seat named by `letter` (`'A'`..`'F'`), if it is one.
    pub fn from_letter(letter: char) -> Option<Seat> {
        let index = (letter as u32).checked_sub('A' as u32)? as usize;
        (index < MAX_PLAYERS).then_some(Seat(index as u8))
    }

    /// The seat that moves after this one at a table of `players`.
    pub const fn next(self, players: usize) -> Seat {
        Seat(((self.0 as usize + 1) % players) as u8)
    }

    /// All seats at a table of `players`, in turn order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat::new)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for seat in Seat::all(MAX_PLAYERS) {
            assert_eq!(Seat::from_letter(seat.letter()), Some(seat));
        }
        assert_eq!(Seat::from_letter('G'), None);
        assert_eq!(Seat::from_letter('a'), None);
        assert_eq!(Seat::B.next(2), Seat::A);
        assert_eq!(Seat::B.next(3), Seat::new(2));
    }
}
