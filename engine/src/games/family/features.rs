//! The counts an evaluation weighs for one side of a draughts-family game (the draughts
//! variants and Alquerque, whose pawns are men that never crown).

/// What one side has, in counts an evaluation can weigh: pieces by kind, how far its men
/// have come, the men still guarding its back rank, and its non-capturing moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Men (not kings, not parachutists).
    pub men: u32,
    /// Kings.
    pub kings: u32,
    /// Parachutists (Parachute checkers).
    pub parachutists: u32,
    /// Ranks advanced, summed over the men (0 on the own back rank).
    pub advancement: u32,
    /// Men on the own back rank.
    pub back_rank: u32,
    /// Non-capturing moves of men and one-square moves of kings.
    pub mobility: u32,
}
