//! The rules of each all-squares game as data: one marker type per game, whose constants
//! the one move generator reads. Every choice follows the project's rules file for the
//! draughts family (section numbers in the comments), including its recommended readings
//! (REC) where the sources leave a gap.

use std::fmt::Debug;
use std::hash::Hash;

use super::board::{Direction, Directions};
use crate::games::family::{Colour, CrownInCapture, DrawRules, EndgameRule, Removal};

/// One all-squares game's rules. Directions are given as White sees them; Black's are
/// the mirror image.
pub trait Rules64: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The name the command line and configs use.
    const NAME: &'static str;
    /// The start position, in the position notation of this module.
    const START: &'static str;
    /// Where a man steps when it does not capture.
    const MAN_STEPS: Directions;
    /// Where a man jumps when it captures.
    const MAN_CAPTURES: Directions;
    /// Whether a man may jump over an unbroken line of its own men ahead of it to the
    /// first square beyond (Dameo's linear move).
    const LINEAR_MOVES: bool = false;
    /// Where a king moves when it does not capture.
    const KING_STEPS: Directions;
    /// Where a king captures.
    const KING_CAPTURES: Directions;
    /// Whether kings move and capture at any distance (else one square).
    const FLYING_KINGS: bool;
    /// Whether a capture must take the most pieces (the quantity rule).
    const QUANTITY: bool;
    /// When captured pieces leave the board.
    const REMOVAL: Removal;
    /// Whether two successive jumps of one capture may not go in opposite directions.
    const NO_REVERSAL: bool = false;
    /// A man reaching the crowning row during a capture.
    const CROWN_IN_CAPTURE: CrownInCapture;
    /// The draw rules: `quiet_plies` counts plies without a capture and without a man
    /// moving up the board (a man's sideways step is reversible and does not count).
    const DRAWS: DrawRules;
}

const fn draws(repetitions: u8, quiet_plies: u16) -> DrawRules {
    DrawRules {
        repetitions,
        quiet_plies,
        endgame: EndgameRule::None,
    }
}

/// Turkish draughts (Dama, §8): men step and capture forward, left and right; flying
/// orthogonal kings; the most pieces must be taken; captured pieces leave at once; no
/// about-turn between two jumps; a man reaching the far rank in a capture goes on as a
/// man and is crowned if it ends there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turkish;

/// Gothic checkers as BrainKing plays it (§7): two full ranks of men a side; men step and
/// capture forward, diagonally forward and sideways; short kings in eight directions;
/// free choice of capture; reaching the far rank ends a capture and crowns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gothic;

/// Dameo (§18): the pyramid of 18 men; men step forward or diagonally forward, or make a
/// linear move; men capture orthogonally (also backwards); kings move like a queen and
/// capture orthogonally at any distance; the most pieces must be taken; captured pieces
/// block until the move ends; a man is crowned only if its move ends on the far rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dameo;

const FORWARD_AND_SIDEWAYS: Directions =
    Directions::of(&[Direction::North, Direction::East, Direction::West]);

impl Rules64 for Turkish {
    const NAME: &'static str = "turkish";
    const START: &'static str = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 W";
    const MAN_STEPS: Directions = FORWARD_AND_SIDEWAYS;
    const MAN_CAPTURES: Directions = FORWARD_AND_SIDEWAYS;
    const KING_STEPS: Directions = Directions::ORTHOGONAL;
    const KING_CAPTURES: Directions = Directions::ORTHOGONAL;
    const FLYING_KINGS: bool = true;
    const QUANTITY: bool = true;
    const REMOVAL: Removal = Removal::Immediate;
    const NO_REVERSAL: bool = true;
    /// §8 REC (mlwi, kish): on as a man, crowned at the end. Men never move back, so a
    /// man that reached the far rank ends there and is crowned: the "pass" rule.
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Pass;
    /// §8 REC: 3-fold repetition; 50 plies without a capture or a forward man move.
    const DRAWS: DrawRules = draws(3, 50);
}

impl Rules64 for Gothic {
    const NAME: &'static str = "gothic";
    const START: &'static str = "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww W";
    const MAN_STEPS: Directions = Directions::of(&[
        Direction::North,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::East,
        Direction::West,
    ]);
    const MAN_CAPTURES: Directions = Self::MAN_STEPS;
    const KING_STEPS: Directions = Directions::ALL;
    const KING_CAPTURES: Directions = Directions::ALL;
    const FLYING_KINGS: bool = false;
    const QUANTITY: bool = false;
    /// Irrelevant for pieces that jump short (§0.3).
    const REMOVAL: Removal = Removal::EndOfMove;
    /// §7 REC (the Checkers rule): reaching the far rank ends the capture.
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    /// §7 REC: 3-fold repetition; 80 plies without a capture or a forward man move.
    const DRAWS: DrawRules = draws(3, 80);
}

impl Rules64 for Dameo {
    const NAME: &'static str = "dameo";
    const START: &'static str = "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww W";
    const MAN_STEPS: Directions =
        Directions::of(&[Direction::North, Direction::NorthEast, Direction::NorthWest]);
    const MAN_CAPTURES: Directions = Directions::ORTHOGONAL;
    const LINEAR_MOVES: bool = true;
    const KING_STEPS: Directions = Directions::ALL;
    const KING_CAPTURES: Directions = Directions::ORTHOGONAL;
    const FLYING_KINGS: bool = true;
    const QUANTITY: bool = true;
    const REMOVAL: Removal = Removal::EndOfMove;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Pass;
    /// §18 REC: 3-fold repetition; 50 plies of king moves without a capture (men only
    /// move up the board, so every man move counts as progress).
    const DRAWS: DrawRules = draws(3, 50);
}

/// The directions of `directions` for a piece of `colour`.
#[inline]
pub(super) fn for_colour(directions: Directions, colour: Colour) -> Directions {
    match colour {
        Colour::White => directions,
        Colour::Black => directions.mirrored(),
    }
}
