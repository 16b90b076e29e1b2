//! English checkers endgame databases: the value of every position of up to N pieces
//! (men and kings, either side to move) under perfect play, built by retrograde analysis
//! and kept in a checked file.
//!
//! **Values and distances.** The value is the game-theoretic one for the side to move:
//! a win, a loss (the side to move has no move, or every move leads to a position the
//! other side wins) or a draw (neither side can force a win; repetitions are draws). The
//! distance is distance-to-win: plies to the end of the game with the winner taking the
//! quickest win and the loser the slowest loss, as in the Leapfrog Race solve. Draws have
//! distance 0. The tables ignore the engine's 80-ply rule (80 plies without a capture or
//! a man's move draw a game): they hold the value of the game itself. [`PieceCount`]
//! reports the longest distance of each piece count, to compare with that rule.
//!
//! **Positions.** A position of the table is a placement of pieces in which both sides
//! have a piece and no man stands on the row where it would be crowned, with a side to
//! move; see [`index`] for how they are numbered. Positions and their mirror images (the
//! board turned half round, colours swapped, the other side to move) share an entry.
//!
//! **Rules.** Moves are the engine's own (forced captures, multi-jumps, a man crowned by
//! a capture ends its move there), so the tables agree with the game by construction.

mod build;
mod file;
pub mod index;
#[cfg(test)]
mod tests;

use std::fmt;
use std::time::Instant;

use thiserror::Error;

use crate::game::Game;
use crate::games::draughts::board::BitSet;
use crate::games::draughts::{Colour, Draughts, DraughtsMove, English};
use crate::games::leapfrog::solve::{Entry, Value};
use index::{Frame, Material, Squares, MAX_PIECES};

pub use file::{FORMAT_VERSION, MAGIC};

/// The most pieces `arena solve english --pieces N` builds tables for.
pub const MAX_BUILD_PIECES: u32 = 6;

/// Why a table could not be built, loaded or saved.
#[derive(Debug, Error)]
pub enum EndgameError {
    /// A piece count outside what this build handles.
    #[error("--pieces {0}: expected 2 to {MAX_BUILD_PIECES} pieces")]
    BadPieces(u32),
    /// A distance too long for the table's two bytes an entry.
    #[error("a distance of {distance} plies in {material} does not fit the table")]
    TooDeep {
        /// The slice's material.
        material: String,
        /// The distance.
        distance: u32,
    },
    /// The file could not be read or written.
    #[error("cannot read or write the endgame table {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a table this build wrote, or it is damaged.
    #[error("the endgame table {path} is unusable: {reason}")]
    Corrupt {
        /// The path as given.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

/// Two-byte codes of the tables: `0` not a position, `1..=32767` a win in `code - 1`
/// plies, `32768..=65534` a loss in `code - 32768` plies, `65535` a draw. (One byte is
/// too little: five pieces already have wins of more than 125 plies.)
pub(crate) mod code {
    use crate::games::leapfrog::solve::{Entry, Value};

    /// A draw.
    pub const DRAW: u16 = u16::MAX;
    const WIN: u16 = 1;
    const LOSS: u16 = 32_768;
    const MAX_DISTANCE: u32 = 32_766;

    /// The code of `entry`, or `None` when its distance is too long.
    #[inline]
    pub fn pack(entry: Entry) -> Option<u16> {
        match entry.value {
            Value::Draw => Some(DRAW),
            _ if entry.distance > MAX_DISTANCE => None,
            Value::Win => Some(WIN + entry.distance as u16),
            Value::Loss => Some(LOSS + entry.distance as u16),
        }
    }

    /// The entry of a code, `None` for "not a position".
    #[inline]
    pub fn unpack(code: u16) -> Option<Entry> {
        let (value, distance) = match code {
            DRAW => (Value::Draw, 0),
            WIN..=32_767 => (Value::Win, code - WIN),
            LOSS..=65_534 => (Value::Loss, code - LOSS),
            _ => return None,
        };
        Some(Entry {
            value,
            distance: u32::from(distance),
        })
    }
}

/// The codes of one material.
pub(crate) struct Slice {
    pub(crate) material: Material,
    pub(crate) codes: Vec<u16>,
}

/// The tables of every material of up to some number of pieces.
pub(crate) struct Tables {
    /// By [`Material::key`].
    slices: Vec<Option<Slice>>,
}

impl Tables {
    fn new() -> Tables {
        let base = MAX_PIECES as usize + 1;
        Tables {
            slices: (0..base.pow(4)).map(|_| None).collect(),
        }
    }

    #[inline]
    pub(crate) fn slice(&self, material: Material) -> Option<&Slice> {
        self.slices.get(material.key())?.as_ref()
    }

    pub(crate) fn insert(&mut self, material: Material, codes: Vec<u16>) {
        self.slices[material.key()] = Some(Slice { material, codes });
    }

    /// Every slice, by material.
    fn iter(&self) -> impl Iterator<Item = &Slice> {
        self.slices.iter().flatten()
    }
}

/// The counts of one piece count, for positions with one given side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCount {
    /// Pieces on the board.
    pub pieces: u32,
    /// Positions (placements with one given side to move).
    pub positions: u64,
    /// Of them, won by the side to move.
    pub wins: u64,
    /// Lost by the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

/// `pieces: <n> positions: <p> wins: <w> losses: <l> draws: <d>`.
impl fmt::Display for PieceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pieces: {} positions: {} wins: {} losses: {} draws: {}",
            self.pieces, self.positions, self.wins, self.losses, self.draws
        )
    }
}

/// Endgame tables of English checkers for every position of up to [`Endgame::pieces`]
/// pieces. Immutable once built: share it behind an `Arc`.
pub struct Endgame {
    pieces: u32,
    tables: Tables,
    squares: Squares,
    /// Seconds the build (or the load) took.
    seconds: f64,
}

impl fmt::Debug for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endgame")
            .field("pieces", &self.pieces)
            .finish_non_exhaustive()
    }
}

impl Endgame {
    /// Builds the tables of every position of 2 to `pieces` pieces, calling `progress`
    /// with the counts of each piece count as it is finished.
    ///
    /// # Errors
    /// [`EndgameError::BadPieces`] outside 2 to [`MAX_BUILD_PIECES`];
    /// [`EndgameError::TooDeep`] if a distance does not fit a code.
    pub fn build(
        pieces: u32,
        mut progress: impl FnMut(&PieceCount),
    ) -> Result<Endgame, EndgameError> {
        if !(2..=MAX_BUILD_PIECES).contains(&pieces) {
            return Err(EndgameError::BadPieces(pieces));
        }
        let clock = Instant::now();
        let mut tables = Tables::new();
        let mut scratch = build::Scratch::new();
        for n in 2..=pieces {
            // Crownings lead to fewer men: solve the pairs with fewest men first.
            let mut materials = Material::all_of(n);
            materials.sort_by_key(|m| (m.men + m.other_men, *m));
            for material in materials {
                if tables.slice(material).is_none() {
                    build::solve_pair(&mut tables, material, &mut scratch)?;
                }
            }
            let endgame_counts = count(&tables, n);
            progress(&endgame_counts);
        }
        Ok(Endgame {
            pieces,
            tables,
            squares: scratch.squares,
            seconds: clock.elapsed().as_secs_f64(),
        })
    }

    /// The most pieces a position of the tables has.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// Seconds the build or the load took.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The counts of each piece count, 2 to [`Endgame::pieces`].
    pub fn counts(&self) -> Vec<PieceCount> {
        (2..=self.pieces).map(|n| count(&self.tables, n)).collect()
    }

    /// The frame of an English position.
    fn frame(&self, position: &Draughts<English>) -> Frame {
        let men = |c: Colour| position.pieces[c.index()] & !position.kings;
        let kings = |c: Colour| position.pieces[c.index()] & position.kings;
        self.squares.frame(
            position.side,
            (men(Colour::White), kings(Colour::White)),
            (men(Colour::Black), kings(Colour::Black)),
        )
    }

    /// The value and distance of `position` for its side to move, or `None` when the
    /// tables do not cover it (too many pieces, a side without pieces, a parachutist).
    pub fn entry(&self, position: &Draughts<English>) -> Option<Entry> {
        if !position.parachutists.is_empty() {
            return None;
        }
        let frame = self.frame(position);
        if !frame.is_valid() {
            return None;
        }
        self.entry_of(frame)
    }

    fn entry_of(&self, frame: Frame) -> Option<Entry> {
        let material = frame.material();
        if material.pieces() > self.pieces {
            return None;
        }
        let slice = self.tables.slice(material)?;
        code::unpack(slice.codes[material.rank(frame) as usize])
    }

    /// Every legal move of `position` with the entry it leads to, seen from the side to
    /// move here (value for the mover, distance counting the move). Empty when the
    /// position is not covered or has no move.
    pub fn rate_moves(&self, position: &Draughts<English>) -> Vec<(DraughtsMove<English>, Entry)> {
        if self.entry(position).is_none() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        moves
            .into_iter()
            .filter_map(|mv| {
                let mut after = position.clone();
                after.play_unchecked(mv);
                let child = self.frame(&after);
                let entry = if child.men | child.kings == 0 {
                    Entry {
                        value: Value::Loss,
                        distance: 0,
                    }
                } else {
                    self.entry_of(child)?
                };
                Some((mv, entry.before_move()))
            })
            .collect()
    }

    /// The moves of `position` that keep its value and distance: the quickest wins, the
    /// slowest losses, or any move that keeps a draw. Empty when not covered.
    pub fn best_moves(&self, position: &Draughts<English>) -> Vec<DraughtsMove<English>> {
        let Some(entry) = self.entry(position) else {
            return Vec::new();
        };
        self.rate_moves(position)
            .into_iter()
            .filter(|(_, after)| match entry.value {
                Value::Draw => after.value == Value::Draw,
                _ => *after == entry,
            })
            .map(|(mv, _)| mv)
            .collect()
    }
}

/// The counts of the positions of `n` pieces.
fn count(tables: &Tables, n: u32) -> PieceCount {
    let mut counts = PieceCount {
        pieces: n,
        ..PieceCount::default()
    };
    for slice in tables.iter().filter(|s| s.material.pieces() == n) {
        for &byte in &slice.codes {
            let Some(entry) = code::unpack(byte) else {
                continue;
            };
            counts.positions += 1;
            match entry.value {
                Value::Win => counts.wins += 1,
                Value::Loss => counts.losses += 1,
                Value::Draw => counts.draws += 1,
            }
            counts.longest = counts.longest.max(entry.distance);
        }
    }
    counts
}
