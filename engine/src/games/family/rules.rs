//! Rule vocabulary that the dark-square and the all-squares draughts engines share: when
//! captured pieces leave, what a man crowned mid-capture does, and the draw rules.

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// After the move: they block the capturing piece and cannot be jumped twice.
    EndOfMove,
    /// At once: their squares are free for the rest of the move.
    Immediate,
}

/// What a man that reaches the crowning row during a capture does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrownInCapture {
    /// The move ends there and the man is crowned.
    Stop,
    /// It goes on capturing as a man if it can, and is crowned only if it ends there.
    Pass,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinueAsKing,
}

/// Endgame draw rules that count moves from the capture or crowning that made the
/// material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameRule {
    /// None.
    None,
    /// FMJD (International, Canadian): three pieces with a king against a lone king draw
    /// after 16 moves each; two pieces or fewer with a king, after 5 moves each.
    Fmjd,
    /// FMJD-64 (Russian, Brazilian): three kings or more against a lone king draw after
    /// 15 moves each; two pieces or fewer with a king, after 5 moves each.
    Fmjd64,
}

/// The draw rules of a variant; the engine adds a ply cap on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The occurrence of one position (same side to move) that draws; 0 for never.
    pub repetitions: u8,
    /// Plies without a capture and without a man moving that draw; 0 for never.
    pub quiet_plies: u16,
    /// The endgame rule.
    pub endgame: EndgameRule,
}
