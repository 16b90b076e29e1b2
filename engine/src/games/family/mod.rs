//! The draughts family's core: what the dark-square draughts variants (`draughts`), the
//! all-squares variants (`draughts64`), Konane and Alquerque share. The sides
//! ([`Colour`]), the sets of squares they play on ([`BitSet`]), the rule vocabulary of
//! the two draughts engines (removal, crowning mid-capture, draw rules), the rule options
//! their positions and Alquerque's carry, the history their draw rules keep, and the
//! counts an evaluation weighs ([`SideFeatures`], which Alquerque fills too), and the move
//! both draughts engines store ([`CaptureMove`]).

pub mod bitset;
mod capture_move;
mod colour;
mod features;
mod history;
mod options;
mod rules;

pub use bitset::{BitSet, Squares};
pub use capture_move::{CaptureMove, MoveHashOrder};
pub(crate) use capture_move::{BLACK, KING, PARACHUTIST, PROMOTES};
pub use colour::Colour;
pub use features::SideFeatures;
pub(crate) use history::History;
pub(crate) use options::{
    option_pairs, parse_options, Options, ALQUERQUE_KEYS, DARK_SQUARE_KEYS, DRAUGHTS_KEYS,
};
pub use rules::{CrownInCapture, DrawRules, EndgameRule, Removal};
