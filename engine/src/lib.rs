//! Rules of the jumping board games: one [`Game`] trait that every game implements, the
//! games themselves, Zobrist hashing and a generic perft.
//!
//! The hot paths (move generation, play, undo) never allocate: moves go into a buffer
//! the caller owns and reuses.
#![deny(missing_docs)]

pub mod bitboard;
mod endings;
pub mod game;
pub mod games;
pub mod notation_text;
pub mod perft;
pub mod player;
pub mod registry;
pub mod zobrist;

pub use game::{
    EndReason, Game, GameError, GameInfo, GameOptions, Limits, Outcome, ParseError, Status,
};
pub use games::alquerque::{Alquerque, AlquerqueMove};
pub use games::chinese_checkers::{ChineseCheckers, ChineseCheckersMove};
pub use games::draughts::{Draughts, DraughtsMove};
pub use games::draughts64::{Draughts64, Draughts64Move};
pub use games::konane::{Konane, KonaneMove};
pub use games::leapfrog::{Leapfrog, LeapfrogMove};
pub use player::{Seat, MAX_PLAYERS};
pub use registry::{Family, GameKind, GameSpec};
