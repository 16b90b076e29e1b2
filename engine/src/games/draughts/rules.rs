//! The rules of each draughts variant as data: one marker type per variant, whose
//! constants the one move generator reads. Every choice follows the project's rules file
//! for the draughts family (section numbers in the comments), including its recommended
//! readings (REC) where the sources leave a gap.

use std::fmt::Debug;
use std::hash::Hash;

use super::board::{Board10, Board12, Board8, Geometry};
pub use crate::games::family::{Colour, CrownInCapture, DrawRules, EndgameRule, Removal};

/// How far kings move and capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingRange {
    /// One square; captures by a short jump.
    Short,
    /// Any distance; captures a piece at any distance and lands on any empty square
    /// beyond it.
    Flying,
    /// Any distance; captures a piece at any distance but lands on the square right
    /// behind it (Thai).
    FlyingLandBehind,
}

/// Which captures a player must choose among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Any capture.
    Free,
    /// One that takes the most pieces.
    Quantity,
    /// The most pieces, then the most kings (Portuguese).
    QuantityThenKings,
    /// A king's capture when a king can capture (Czech family).
    KingFirst,
    /// The Italian order: most pieces, then with a king, then most kings, then the
    /// sequence that meets a king earliest.
    Italian,
}

/// One variant's rules. Each variant is a zero-sized marker type implementing this, so
/// the move generator is compiled once per variant with its rules as constants.
pub trait Rules: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The board.
    type Board: Geometry;
    /// The name the command line and configs use.
    const NAME: &'static str;
    /// The side that moves first (seat A).
    const FIRST: Colour;
    /// Whether a1 is light (Italian, Portuguese): the numbering is mirrored.
    const A1_LIGHT: bool = false;
    /// The start position in PDN FEN (`P` marks a parachutist).
    const START: &'static str;
    /// Whether men capture backwards too.
    const MEN_CAPTURE_BACKWARDS: bool;
    /// Whether a man may capture a king (not in Italian).
    const MEN_CAPTURE_KINGS: bool = true;
    /// How far kings reach.
    const KINGS: KingRange;
    /// Which captures must be chosen.
    const PRECEDENCE: Precedence;
    /// When captured pieces leave the board.
    const REMOVAL: Removal = Removal::EndOfMove;
    /// A man reaching the crowning row during a capture.
    const CROWN_IN_CAPTURE: CrownInCapture;
    /// Whether the men of both sides move up the board (One-way checkers).
    const ONE_WAY: bool = false;
    /// Whether men are crowned only on the two squares of the far corner (Corner
    /// checkers: White on 1 and 5, Black on 28 and 32).
    const CORNER_CROWNING: bool = false;
    /// Whether the side that cannot move wins (Suicide checkers) instead of losing.
    const STUCK_SIDE_WINS: bool = false;
    /// The draw rules.
    const DRAWS: DrawRules;
}

const fn draws(repetitions: u8, quiet_plies: u16, endgame: EndgameRule) -> DrawRules {
    DrawRules {
        repetitions,
        quiet_plies,
        endgame,
    }
}

/// Declares a variant's marker type.
macro_rules! variant {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
    };
}

variant!(
    /// English draughts / American checkers (§1): short kings, free capture choice,
    /// Black moves first.
    English
);
variant!(
    /// Suicide checkers (§2): English moves; the side that cannot move wins.
    Suicide
);
variant!(
    /// Czech draughts (§3): flying kings, men capture forwards only, a king must capture
    /// when one can.
    Czech
);
variant!(
    /// Corner checkers (§4): Czech rules, men crowned only in the far corner.
    Corner
);
variant!(
    /// One-way checkers (§5): Czech rules, every man moves up the board.
    OneWay
);
variant!(
    /// Parachute checkers (§6): Czech rules with four parachutists a side on the far row.
    Parachute
);
variant!(
    /// International draughts (§11): 10x10, flying kings, majority capture.
    International
);
variant!(
    /// Russian draughts (§12): flying kings, free choice, a man crowned mid-capture
    /// goes on as a king.
    Russian
);
variant!(
    /// Canadian draughts (§13): International rules on 12x12.
    Canadian
);
variant!(
    /// Thai draughts (§14): eight men a side, kings land right behind the captured
    /// piece, captured pieces leave at once.
    Thai
);
variant!(
    /// Brazilian draughts (§15): International rules on 8x8.
    Brazilian
);
variant!(
    /// Portuguese draughts (§16): flying kings, men capture forwards only, most pieces
    /// then most kings.
    Portuguese
);
variant!(
    /// Italian draughts (§17): short kings, men may not capture kings, the four-step
    /// capture order.
    Italian
);

/// English: 3-fold repetition, 80 plies without capture or man move (§1 REC).
const ENGLISH_DRAWS: DrawRules = draws(3, 80, EndgameRule::None);
/// Czech family: 3-fold repetition, 30 plies without capture or man move (§3 REC).
const CZECH_DRAWS: DrawRules = draws(3, 30, EndgameRule::None);
/// The FMJD set (§11): repetition, 25 king moves each, the endgame counters.
const FMJD_DRAWS: DrawRules = draws(3, 50, EndgameRule::Fmjd);
/// The FMJD-64 set (§12 REC: 7.2.3, 7.2.4, 7.2.5, 7.2.8).
const FMJD64_DRAWS: DrawRules = draws(3, 30, EndgameRule::Fmjd64);

impl Rules for English {
    type Board = Board8;
    const NAME: &'static str = "english";
    const FIRST: Colour = Colour::Black;
    const START: &'static str = "B:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Short;
    const PRECEDENCE: Precedence = Precedence::Free;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const DRAWS: DrawRules = ENGLISH_DRAWS;
}

impl Rules for Suicide {
    type Board = Board8;
    const NAME: &'static str = "suicide";
    const FIRST: Colour = Colour::Black;
    const START: &'static str = "B:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Short;
    const PRECEDENCE: Precedence = Precedence::Free;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const STUCK_SIDE_WINS: bool = true;
    const DRAWS: DrawRules = ENGLISH_DRAWS;
}

impl Rules for Czech {
    type Board = Board8;
    const NAME: &'static str = "czech";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::KingFirst;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const DRAWS: DrawRules = CZECH_DRAWS;
}

impl Rules for Corner {
    type Board = Board8;
    const NAME: &'static str = "corner";
    const FIRST: Colour = Colour::White;
    /// The start is known only from a picture (§4 GAP): both sides on their first three
    /// rows, as the rules file recommends until the diagram is confirmed.
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::KingFirst;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const CORNER_CROWNING: bool = true;
    const DRAWS: DrawRules = CZECH_DRAWS;
}

impl Rules for OneWay {
    type Board = Board8;
    const NAME: &'static str = "one-way";
    const FIRST: Colour = Colour::White;
    /// The start is known only from a picture (§5 GAP). Both sides on their own first
    /// three rows would leave Black no move at all: every man moves up, and Black's would
    /// stand on the top rows behind each other. With 24 men on 32 squares only two rows
    /// stay empty, and both sides can move only with one empty row above each block:
    /// White on rows 1-3, Black on rows 5-7 (squares 5-16), both crowning on row 8.
    /// Data only: change it here once the diagram is known.
    const START: &'static str = "W:W21-32:B5-16";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::KingFirst;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const ONE_WAY: bool = true;
    const DRAWS: DrawRules = CZECH_DRAWS;
}

impl Rules for Parachute {
    type Board = Board8;
    const NAME: &'static str = "parachute";
    const FIRST: Colour = Colour::White;
    /// Men on the own second and third rows, parachutists on the opponent's first row (§6).
    const START: &'static str = "W:W21-28,P1-4:B5-12,P29-32";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::KingFirst;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    const DRAWS: DrawRules = CZECH_DRAWS;
}

impl Rules for International {
    type Board = Board10;
    const NAME: &'static str = "international";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W31-50:B1-20";
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::Quantity;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Pass;
    const DRAWS: DrawRules = FMJD_DRAWS;
}

impl Rules for Russian {
    type Board = Board8;
    const NAME: &'static str = "russian";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::Free;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::ContinueAsKing;
    const DRAWS: DrawRules = FMJD64_DRAWS;
}

impl Rules for Canadian {
    type Board = Board12;
    const NAME: &'static str = "canadian";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W43-72:B1-30";
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::Quantity;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Pass;
    const DRAWS: DrawRules = FMJD_DRAWS;
}

impl Rules for Thai {
    type Board = Board8;
    const NAME: &'static str = "thai";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W25-32:B1-8";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::FlyingLandBehind;
    const PRECEDENCE: Precedence = Precedence::Free;
    const REMOVAL: Removal = Removal::Immediate;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    /// §14 REC: repetition and 50 plies without capture or man move.
    const DRAWS: DrawRules = draws(3, 50, EndgameRule::None);
}

impl Rules for Brazilian {
    type Board = Board8;
    const NAME: &'static str = "brazilian";
    const FIRST: Colour = Colour::White;
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::Quantity;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Pass;
    const DRAWS: DrawRules = FMJD64_DRAWS;
}

impl Rules for Portuguese {
    type Board = Board8;
    const NAME: &'static str = "portuguese";
    const FIRST: Colour = Colour::White;
    const A1_LIGHT: bool = true;
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const KINGS: KingRange = KingRange::Flying;
    const PRECEDENCE: Precedence = Precedence::QuantityThenKings;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    /// §16 REC: repetition and 40 king moves (20 each) without capture.
    const DRAWS: DrawRules = draws(3, 40, EndgameRule::None);
}

impl Rules for Italian {
    type Board = Board8;
    const NAME: &'static str = "italian";
    const FIRST: Colour = Colour::White;
    const A1_LIGHT: bool = true;
    const START: &'static str = "W:W21-32:B1-12";
    const MEN_CAPTURE_BACKWARDS: bool = false;
    const MEN_CAPTURE_KINGS: bool = false;
    const KINGS: KingRange = KingRange::Short;
    const PRECEDENCE: Precedence = Precedence::Italian;
    const CROWN_IN_CAPTURE: CrownInCapture = CrownInCapture::Stop;
    /// §17 REC: 80 plies without capture or man move; the 3rd repetition (option
    /// `repetitions=4` for the 4th).
    const DRAWS: DrawRules = draws(3, 80, EndgameRule::None);
}
