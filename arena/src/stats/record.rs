//! The results of one ordered agent pair: game counts (wins, draws, losses) and pentanomial
//! game-pair counts, as a value that adds up and flips perspective.

use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// The result of one game for the agent whose record it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The agent won: it scores 1.
    Win,
    /// The game was drawn: it scores 1/2.
    Draw,
    /// The agent lost: it scores 0.
    Loss,
}

impl GameResult {
    /// Returns the score of this result: 1, 1/2 or 0.
    #[must_use]
    pub fn score(self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }

    /// Returns the score in half points: 2, 1 or 0.
    #[must_use]
    pub fn half_points(self) -> u8 {
        match self {
            Self::Win => 2,
            Self::Draw => 1,
            Self::Loss => 0,
        }
    }

    /// Returns the same game seen by the opponent (a win becomes a loss).
    #[must_use]
    pub fn flipped(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Draw => Self::Draw,
            Self::Loss => Self::Win,
        }
    }
}

/// The results of one agent (the first named) against one opponent.
///
/// `wins`, `draws` and `losses` count every game, paired or not. The pentanomial fields count
/// game pairs (two games from one opening with seats swapped) by the agent's pair score:
/// `ll` 0, `ld` 1/4, `dd_wl` 1/2 (two draws, or a win and a loss), `wd` 3/4, `ww` 1.
/// Records add up (`+`, `+=`, [`Sum`]) and [`PairRecord::flipped`] gives the opponent's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PairRecord {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Game pairs with two losses (pair score 0).
    pub ll: u64,
    /// Game pairs with a loss and a draw (pair score 1/4).
    pub ld: u64,
    /// Game pairs with two draws or a win and a loss (pair score 1/2).
    pub dd_wl: u64,
    /// Game pairs with a win and a draw (pair score 3/4).
    pub wd: u64,
    /// Game pairs with two wins (pair score 1).
    pub ww: u64,
}

impl PairRecord {
    /// Returns an empty record.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one unpaired game. Games of a pair go through [`PairRecord::add_pair`]
    /// instead, which counts them as games too.
    pub fn add_game(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Records a game pair: both games (as [`PairRecord::add_game`] would) and the pair's
    /// pentanomial cell. The order of the two games does not matter.
    pub fn add_pair(&mut self, first: GameResult, second: GameResult) {
        self.add_game(first);
        self.add_game(second);
        match first.half_points() + second.half_points() {
            0 => self.ll += 1,
            1 => self.ld += 1,
            2 => self.dd_wl += 1,
            3 => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// Returns the number of games, n = wins + draws + losses.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Returns the number of game pairs, N.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.pentanomial().iter().sum()
    }

    /// Returns the points scored, wins + draws/2.
    #[must_use]
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Returns the score S = (wins + draws/2) / n, or `None` without games.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / games as f64)
    }

    /// Returns the game counts `[losses, draws, wins]`, ordered by score 0, 1/2, 1.
    #[must_use]
    pub fn trinomial(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Returns the pair counts `[ll, ld, dd_wl, wd, ww]`, ordered by pair score
    /// 0, 1/4, 1/2, 3/4, 1 (see [`super::PAIR_SCORES`]).
    #[must_use]
    pub fn pentanomial(&self) -> [u64; 5] {
        [self.ll, self.ld, self.dd_wl, self.wd, self.ww]
    }

    /// Returns the same results seen by the opponent: wins and losses swap, and so do
    /// `ll`/`ww` and `ld`/`wd`.
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
            ll: self.ww,
            ld: self.wd,
            dd_wl: self.dd_wl,
            wd: self.ld,
            ww: self.ll,
        }
    }
}

impl AddAssign for PairRecord {
    fn add_assign(&mut self, other: Self) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.ll += other.ll;
        self.ld += other.ld;
        self.dd_wl += other.dd_wl;
        self.wd += other.wd;
        self.ww += other.ww;
    }
}

impl Add for PairRecord {
    type Output = Self;

    fn add(mut self, other: Self) -> Self {
        self += other;
        self
    }
}

impl Sum for PairRecord {
    fn sum<I: Iterator<Item = Self>>(records: I) -> Self {
        records.fold(Self::default(), Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::GameResult::{Draw, Loss, Win};
    use super::*;

    #[test]
    fn pairs_land_in_their_pentanomial_cells_and_count_as_games() {
        let mut record = PairRecord::new();
        record.add_pair(Loss, Loss); // 0 + 0 -> ll
        record.add_pair(Draw, Loss); // 1/2 + 0 -> ld
        record.add_pair(Win, Loss); // 1 + 0 -> dd_wl
        record.add_pair(Draw, Draw); // 1/2 + 1/2 -> dd_wl
        record.add_pair(Draw, Win); // 1/2 + 1 -> wd
        record.add_pair(Win, Win); // 1 + 1 -> ww
        assert_eq!(record.pentanomial(), [1, 1, 2, 1, 1]);
        // games: W = 1 + 1 + 2 = 4, D = 1 + 2 + 1 = 4, L = 2 + 1 + 1 = 4
        assert_eq!(record.trinomial(), [4, 4, 4]);
        assert_eq!(record.games(), 12);
        assert_eq!(record.pairs(), 6);
        assert_eq!(record.score(), Some(0.5));
    }

    #[test]
    fn single_games_and_score() {
        let mut record = PairRecord::new();
        assert_eq!(record.score(), None);
        record.add_game(Win);
        record.add_game(Win);
        record.add_game(Draw);
        record.add_game(Loss);
        // (2 + 1/2) / 4 = 0.625
        assert_eq!(record.score(), Some(0.625));
        assert_eq!(record.pairs(), 0);
        assert_eq!(record.points(), 2.5);
    }

    #[test]
    fn flipping_swaps_perspective_and_twice_is_identity() {
        let mut record = PairRecord::new();
        record.add_pair(Win, Win);
        record.add_pair(Win, Draw);
        record.add_pair(Loss, Win);
        record.add_game(Win);
        let flipped = record.flipped();
        // record: W = 2 + 1 + 1 + 1 = 5, D = 1, L = 1; pairs ww, wd, dd_wl
        assert_eq!(record.trinomial(), [1, 1, 5]);
        assert_eq!(record.pentanomial(), [0, 0, 1, 1, 1]);
        assert_eq!(flipped.trinomial(), [5, 1, 1]);
        assert_eq!(flipped.pentanomial(), [1, 1, 1, 0, 0]);
        // 5.5/7 + 1.5/7 = 1
        assert!((record.score().unwrap() + flipped.score().unwrap() - 1.0).abs() < 1e-15);
        assert_eq!(flipped.flipped(), record);
    }

    #[test]
    fn records_add_up() {
        let mut a = PairRecord::new();
        a.add_pair(Win, Draw);
        let mut b = PairRecord::new();
        b.add_pair(Loss, Draw);
        b.add_game(Draw);
        let mut both = PairRecord::new();
        both.add_pair(Win, Draw);
        both.add_pair(Loss, Draw);
        both.add_game(Draw);
        assert_eq!(a + b, both);
        let mut c = a;
        c += b;
        assert_eq!(c, both);
        assert_eq!([a, b].into_iter().sum::<PairRecord>(), both);
        assert_eq!((a + b).flipped(), a.flipped() + b.flipped());
    }

    #[test]
    fn game_result_scores() {
        assert_eq!(Win.score(), 1.0);
        assert_eq!(Draw.score(), 0.5);
        assert_eq!(Loss.score(), 0.0);
        assert_eq!(Win.flipped(), Loss);
        assert_eq!(Draw.flipped(), Draw);
    }
}
