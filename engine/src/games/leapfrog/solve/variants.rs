//! A family of races solved one after the other, for a designer who wants to know which
//! sizes of Leapfrog Race are fair: each row says who wins from the start, how long the
//! longest perfect game is, and how many of the first player's opening moves win.

use std::fmt;
use std::ops::RangeInclusive;

use super::{solvable, SolveTable, Value};
use crate::games::leapfrog::{Leapfrog, Shape};
use crate::player::Seat;

/// The header of `variants.csv`; [`VariantRow`]'s `Display` writes its rows.
pub const CSV_HEADER: &str = "spots,pieces,positions,value,longest,first_move_wins,seconds";

/// Who wins a race from the start with perfect play, A (the first player) moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The first player wins.
    First,
    /// The second player wins.
    Second,
    /// Neither side can force a win.
    Draw,
}

impl Verdict {
    /// The word of the `value` column: `first`, `second` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::First => "first",
            Verdict::Second => "second",
            Verdict::Draw => "draw",
        }
    }
}

/// What the solve of one race found, from its start with A to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VariantRow {
    /// The race.
    pub shape: Shape,
    /// Positions reachable from the start (finished ones included).
    pub positions: u64,
    /// Who wins from the start.
    pub verdict: Verdict,
    /// The most plies to the end under perfect play over those positions.
    pub longest: u32,
    /// How many of the first player's opening moves keep a win for it.
    pub first_move_wins: u32,
    /// How many opening moves the first player has.
    pub first_moves: u32,
    /// Wall time of the solve.
    pub seconds: f64,
}

impl VariantRow {
    /// Whether everything but the time agrees.
    pub fn same_counts(&self, other: &VariantRow) -> bool {
        VariantRow {
            seconds: 0.0,
            ..*self
        } == VariantRow {
            seconds: 0.0,
            ..*other
        }
    }
}

/// One line of `variants.csv`, without the line end.
impl fmt::Display for VariantRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{},{},{},{:.3}",
            self.shape.spots(),
            self.shape.pieces(),
            self.positions,
            self.verdict.as_str(),
            self.longest,
            self.first_move_wins,
            self.seconds
        )
    }
}

/// Solves the race of `shape` from its start with A to move.
///
/// # Errors
/// The reason of [`solvable`] when the race is too large.
pub fn solve_variant(shape: Shape) -> Result<VariantRow, String> {
    solvable(shape)?;
    let start = Leapfrog::start_on(shape, Seat::A);
    let table = SolveTable::solve(&start);
    let report = table.report();
    let verdict = match report.root_entry.value.winner(Seat::A) {
        Some(Seat::A) => Verdict::First,
        Some(_) => Verdict::Second,
        None => Verdict::Draw,
    };
    let openings = table.rate_moves(&start);
    let first_move_wins = openings
        .iter()
        .filter(|(_, entry)| entry.value == Value::Win)
        .count() as u32;
    Ok(VariantRow {
        shape,
        positions: report.positions,
        verdict,
        longest: table.longest(),
        first_move_wins,
        first_moves: openings.len() as u32,
        seconds: report.seconds,
    })
}

/// The races with spots in `spots` and pieces in `pieces` that exist (at least one
/// spot empty between the sides), by pieces then spots, each with whether it fits
/// [`super::MAX_RANKS`] (`Err` says why not).
pub fn family(
    spots: RangeInclusive<u32>,
    pieces: RangeInclusive<u32>,
) -> Vec<(Shape, Result<(), String>)> {
    let mut shapes = Vec::new();
    for k in pieces {
        for n in spots.clone() {
            if let Ok(shape) = Shape::new(n, k) {
                shapes.push((shape, solvable(shape).map(|_| ())));
            }
        }
    }
    shapes
}
