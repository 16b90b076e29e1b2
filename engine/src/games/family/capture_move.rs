//! The draughts family's move: a step, a slide, or a whole capture sequence with the set
//! of pieces it takes. The dark-square variants and the all-squares variants store their
//! moves alike, so one type says for both what a move captures, whether it crowns and
//! whose it is; each engine adds how its squares are numbered and written
//! (`from_square`, `Display`) in its own module. (Alquerque's moves keep a smaller type
//! of their own: no kings, no crowning, no capture paths to tell apart.)

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use super::{BitSet, Colour};

/// Flag: the piece crowns at the end of the move.
pub(crate) const PROMOTES: u8 = 1;
/// Flag: the moving piece is a king.
pub(crate) const KING: u8 = 2;
/// Flag: the moving piece is Black's.
pub(crate) const BLACK: u8 = 4;
/// Flag: the moving piece is a parachutist (Parachute checkers).
pub(crate) const PARACHUTIST: u8 = 8;

/// One move of game `G` on squares numbered as bits of `B`: where the piece starts and
/// ends, the squares of the pieces it takes, and what kind of piece it is.
pub struct CaptureMove<B, G> {
    pub(crate) captured: B,
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// [`PROMOTES`], [`KING`], [`BLACK`], [`PARACHUTIST`].
    pub(crate) flags: u8,
    /// With `duplicates=keep`, which order of captures the move takes (a hash of its
    /// path); otherwise 0.
    pub(crate) sequence: u32,
    /// The game, so that each game's moves are a type of their own (notation differs).
    game: PhantomData<fn() -> G>,
}

impl<B: BitSet, G> CaptureMove<B, G> {
    /// A move from bit `from` to bit `to` taking `captured`, with `flags`.
    #[inline]
    pub(crate) fn new(from: u8, to: u8, captured: B, flags: u8) -> Self {
        CaptureMove {
            captured,
            from,
            to,
            flags,
            sequence: 0,
            game: PhantomData,
        }
    }

    /// How many pieces the move captures.
    #[inline]
    pub fn captures(&self) -> u32 {
        self.captured.count()
    }

    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Whether a man is crowned by the move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.flags & PROMOTES != 0
    }

    /// Whether the moving piece is a king.
    #[inline]
    pub fn is_king_move(&self) -> bool {
        self.flags & KING != 0
    }

    /// The side that makes the move.
    #[inline]
    pub fn colour(&self) -> Colour {
        if self.flags & BLACK != 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

// Written out rather than derived: a derive would ask the game type `G` itself to be
// `Copy`, `Eq` and `Hash`, which positions are not.
impl<B: Copy, G> Clone for CaptureMove<B, G> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Copy, G> Copy for CaptureMove<B, G> {}

impl<B: PartialEq, G> PartialEq for CaptureMove<B, G> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.captured == other.captured
            && self.from == other.from
            && self.to == other.to
            && self.flags == other.flags
            && self.sequence == other.sequence
    }
}

impl<B: Eq, G> Eq for CaptureMove<B, G> {}

/// Where a game's moves feed `sequence` to a hasher. Minimax's history table hashes
/// moves, so the order is part of how the agents play: each engine keeps the order its
/// shipped calibrations were made with.
pub trait MoveHashOrder {
    /// Whether `sequence` is hashed right after the captured set (else last).
    const SEQUENCE_SECOND: bool;
}

impl<B: Hash, G: MoveHashOrder> Hash for CaptureMove<B, G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.captured.hash(state);
        if G::SEQUENCE_SECOND {
            self.sequence.hash(state);
        }
        self.from.hash(state);
        self.to.hash(state);
        self.flags.hash(state);
        if !G::SEQUENCE_SECOND {
            self.sequence.hash(state);
        }
    }
}

/// A move reads in debug output as in the game's notation.
impl<B, G> fmt::Debug for CaptureMove<B, G>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
