//! The [`Game`] trait that every game implements, and the vocabulary of a game's end:
//! [`Status`], [`Outcome`] and [`EndReason`].

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hash;

use thiserror::Error;

use crate::player::{Seat, MAX_PLAYERS};

/// The rules of one game, implemented on its position type.
///
/// A position knows whose turn it is and can list, play and undo that seat's moves. Moves
/// go into a buffer the caller owns: [`Game::generate_moves`] clears and refills it, so a
/// search that keeps one buffer per ply allocates nothing per node.
pub trait Game: Clone + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// One move, small and cheap to copy. Its `Display` is the game's move notation.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The game's name as the command line and configs spell it.
    const NAME: &'static str;

    /// What is known of the game before any position: seats, default ply cap, option
    /// keys, captures.
    const INFO: GameInfo;

    /// How many seats play and the ply cap under `options`, checked as [`Game::new`]
    /// checks them, without building the start position.
    ///
    /// # Errors
    /// An unknown option or a value the game does not accept.
    fn limits(options: &GameOptions) -> Result<Limits, GameError>;

    /// The start position under the given rule options.
    ///
    /// # Errors
    /// An unknown option or a value the game does not accept.
    fn new(options: &GameOptions) -> Result<Self, GameError>;

    /// How many seats play.
    fn players(&self) -> usize;

    /// The most plies a game can last under the rules, or the cap the rules set.
    fn ply_cap(&self) -> u32;

    /// The seat to move.
    fn to_move(&self) -> Seat;

    /// Clears `moves` and fills it with every legal move of the seat to move, in an order
    /// fixed by the position alone. A finished game may still list moves; ask
    /// [`Game::status`] first.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// How many moves [`Game::generate_moves`] would list. `scratch` is a buffer the
    /// implementation may use; games that can count without listing ignore it.
    fn count_moves(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.generate_moves(scratch);
        scratch.len()
    }

    /// How many moves extend the game from here: none when it is over, else
    /// [`Game::count_moves`]. Perft's bulk count at the last ply; games that can tell
    /// both at once override it.
    fn count_moves_if_ongoing(&self, scratch: &mut Vec<Self::Move>) -> usize {
        if self.is_over() {
            0
        } else {
            self.count_moves(scratch)
        }
    }

    /// The legal move at index `pick(n)` of the `n` that [`Game::generate_moves`] would
    /// list, in the same order; `None` when there is none. A random playout passes a
    /// random pick. `scratch` is a buffer the implementation may use; games that can
    /// count their moves and find the chosen one without listing them all override it.
    #[inline]
    fn pick_move(
        &self,
        scratch: &mut Vec<Self::Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Self::Move> {
        self.generate_moves(scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[pick(scratch.len())])
    }

    /// Plays a random game on from here: at each ply the move [`Game::pick_move`] picks,
    /// until the game is over or `max_plies` plies are played. The moves go on `line`,
    /// in order, so that the caller can undo them. Returns the outcome, or `None` when
    /// `max_plies` stopped a game still going on.
    ///
    /// The same games, and the same calls to `pick`, as the loop below, which is the
    /// default; games that can tell the end and choose the move in one pass override it.
    fn random_playout(
        &mut self,
        max_plies: u32,
        scratch: &mut Vec<Self::Move>,
        line: &mut Vec<Self::Move>,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Outcome> {
        let mut played = 0;
        loop {
            if self.is_over() {
                return self.status().outcome();
            }
            if played >= max_plies {
                return None;
            }
            let mv = self
                .pick_move(scratch, &mut pick)
                .expect("a game that is not over has a move");
            self.play_unchecked(mv);
            line.push(mv);
            played += 1;
        }
    }

    /// Plays `mv`, which must be legal here: the hot path checks nothing, and an illegal
    /// move leaves a corrupt position. Use [`Game::play`] for moves from outside (a
    /// person, a file, another program).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// Whether the game goes on, or how it ended.
    fn status(&self) -> Status;

    /// Whether the game is over. The same as `status().is_over()`, which games may answer
    /// faster.
    fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// The 64-bit Zobrist hash of the position, kept up to date by play and undo.
    fn hash(&self) -> u64;

    /// The hash worked out from scratch; equal to [`Game::hash`] unless there is a bug.
    fn compute_hash(&self) -> u64;

    /// The rules' measure of how far `seat` has come: larger is better. It ranks seats
    /// when a game ends without a winner by the goal (and at an arena's ply cap).
    fn progress(&self, seat: Seat) -> i32;

    /// Reads a position in the game's notation.
    ///
    /// # Errors
    /// Text that is not a position of this game; the error quotes it and says what was
    /// expected.
    fn parse_position(text: &str) -> Result<Self, ParseError>;

    /// Reads a move in the game's notation. The move is not checked for legality here.
    ///
    /// # Errors
    /// Text that is not a move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// Appends `mv` in the game's notation, as its `Display` writes it, to `out`. Game
    /// records write every move of every game; games override this to write without
    /// the formatting machinery.
    fn push_move_text(mv: Self::Move, out: &mut String) {
        use fmt::Write as _;
        let _ = write!(out, "{mv}");
    }

    /// The position perft counts from: the same position with any rule that ends a game
    /// by repetition, draw counters or a ply cap turned off, since published perft tables
    /// count move sequences only. Games without such rules return a copy.
    fn perft_position(&self) -> Self {
        self.clone()
    }

    /// A drawing of the board for people, several lines long.
    fn render(&self) -> String {
        self.to_string()
    }

    /// What the board of [`Game::render`] calls `seat` ("Black" where it names colours),
    /// so that a prompt for a person uses the board's own words; the seat's letter by
    /// default.
    fn seat_name(&self, seat: Seat) -> String {
        seat.to_string()
    }

    /// Which pieces of [`Game::render`]'s board are `seat`'s and which way they go, in
    /// the board's words ("the b men and B kings, moving down the board"), told to a
    /// person before they play the seat; empty where the game has nothing to say.
    fn seat_story(&self, seat: Seat) -> String {
        let _ = seat;
        String::new()
    }

    /// Whether `mv` is legal here. Allocates: not for the hot path.
    fn is_legal(&self, mv: Self::Move) -> bool {
        if self.is_over() {
            return false;
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv` if it is legal here: the call for moves from outside. Allocates; search
    /// and playouts use [`Game::play_unchecked`].
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] (the position is left unchanged).
    fn play(&mut self, mv: Self::Move) -> Result<(), GameError> {
        if !self.is_legal(mv) {
            return Err(GameError::IllegalMove {
                mv: mv.to_string(),
                position: self.to_string(),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The outcome when progress decides: seats ranked by [`Game::progress`], equal
    /// progress sharing a place.
    fn outcome_by_progress(&self, reason: EndReason) -> Outcome {
        let players = self.players();
        let mut progress = [0i32; MAX_PLAYERS];
        for seat in Seat::all(players) {
            progress[seat.index()] = self.progress(seat);
        }
        Outcome::from_scores(&progress[..players], reason)
    }
}

/// What is known of a game before any position is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The numbers of seats the game can be played by; the first is the default.
    pub players: &'static [usize],
    /// The ply cap under the default options.
    pub default_ply_cap: u32,
    /// The rule options [`Game::new`] takes.
    pub option_keys: &'static [&'static str],
    /// Whether a move can capture pieces (and so whether a move may have several capture
    /// paths that notation must tell apart).
    pub captures: bool,
}

/// How many seats play and how long a game may last, under given options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How many seats play.
    pub players: usize,
    /// The ply cap.
    pub ply_cap: u32,
}

/// Reads the value of a ply-cap option `key` of `game`: a whole number of plies, at
/// least 1.
///
/// # Errors
/// [`GameError::BadOption`] for anything else.
pub(crate) fn read_ply_cap(game: &'static str, key: &str, value: &str) -> Result<u32, GameError> {
    value
        .parse()
        .ok()
        .filter(|cap| *cap >= 1)
        .ok_or_else(|| GameError::bad_option(game, key, value, "a number of plies, at least 1"))
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The seat to move has a move and nobody has won.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Over(outcome) => Some(*outcome),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A seat reached its goal (in Leapfrog Race: all pieces in the goal zone).
    Goal,
    /// The seat to move had no move, and the rules' progress comparison decided.
    Stuck,
    /// A cap on the number of plies stopped the game, and progress decided.
    PlyCap,
    /// A seat's player failed (an illegal move, or it crashed) and lost.
    Forfeit,
    /// A seat's player gave up (a person who quit) and lost.
    Resign,
    /// The seat to move had no legal move, and the rules decided (in draughts it loses;
    /// in Suicide checkers it wins).
    NoMoves,
    /// A draw rule of the game's own ended it (a no-progress counter or an endgame
    /// counter).
    DrawRule,
    /// The same position occurred as often as the rules allow.
    Repetition,
    /// A seat's player, a program of its own, exited or closed its output before it
    /// answered, and lost.
    Crash,
    /// A seat's player answered with a move that is not legal (or not a move) and lost.
    Illegal,
    /// A seat's player, a program of its own, did not answer in time and lost.
    Timeout,
}

impl EndReason {
    /// Every reason, in the order reports list them.
    pub const ALL: [EndReason; 11] = [
        EndReason::Goal,
        EndReason::Stuck,
        EndReason::PlyCap,
        EndReason::Forfeit,
        EndReason::Resign,
        EndReason::NoMoves,
        EndReason::DrawRule,
        EndReason::Repetition,
        EndReason::Crash,
        EndReason::Illegal,
        EndReason::Timeout,
    ];

    /// The reason as the arena's CSV spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Goal => "goal",
            EndReason::Stuck => "stuck",
            EndReason::PlyCap => "ply_cap",
            EndReason::Forfeit => "forfeit",
            EndReason::Resign => "resign",
            EndReason::NoMoves => "no_moves",
            EndReason::DrawRule => "draw_rule",
            EndReason::Repetition => "repetition",
            EndReason::Crash => "crash",
            EndReason::Illegal => "illegal",
            EndReason::Timeout => "timeout",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a finished game ranks its seats: place 1 is best, and tied seats share a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    places: [u8; MAX_PLAYERS],
    players: u8,
    reason: EndReason,
}

impl Outcome {
    /// `winner` first, every other seat second.
    pub fn win(winner: Seat, players: usize, reason: EndReason) -> Outcome {
        let mut places = [0; MAX_PLAYERS];
        for (index, place) in places.iter_mut().enumerate().take(players) {
            *place = if index == winner.index() { 1 } else { 2 };
        }
        Outcome {
            places,
            players: players as u8,
            reason,
        }
    }

    /// Every seat shares first place.
    pub fn draw(players: usize, reason: EndReason) -> Outcome {
        let mut places = [0; MAX_PLAYERS];
        places[..players].fill(1);
        Outcome {
            places,
            players: players as u8,
            reason,
        }
    }

    /// Seats ranked by `scores` (one per seat, larger is better; equal scores share a
    /// place, and the next place skips as in sport: 1, 1, 3).
    pub fn from_scores(scores: &[i32], reason: EndReason) -> Outcome {
        let mut places = [0; MAX_PLAYERS];
        for (index, score) in scores.iter().enumerate() {
            places[index] = 1 + scores.iter().filter(|other| *other > score).count() as u8;
        }
        Outcome {
            places,
            players: scores.len() as u8,
            reason,
        }
    }

    /// The same places with another reason (a forfeit or a ply cap overrides the rules').
    pub fn with_reason(mut self, reason: EndReason) -> Outcome {
        self.reason = reason;
        self
    }

    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        self.reason
    }

    /// How many seats played.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The place of `seat`: 1 is best.
    pub fn place(&self, seat: Seat) -> u8 {
        self.places[seat.index()]
    }

    /// The one seat alone in first place, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        let firsts = self.places[..self.players()]
            .iter()
            .filter(|place| **place == 1)
            .count();
        (firsts == 1).then(|| {
            let index = self
                .places
                .iter()
                .position(|place| *place == 1)
                .unwrap_or(0);
            Seat::new(index)
        })
    }

    /// Whether no seat won alone.
    pub fn is_draw(&self) -> bool {
        self.winner().is_none()
    }

    /// The score of `seat` in [0, 1]: the share of the other seats it finished ahead of,
    /// ties counting half. Two players: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn score(&self, seat: Seat) -> f64 {
        let players = self.players();
        if players < 2 {
            return 1.0;
        }
        let mine = self.place(seat);
        let points: f64 = Seat::all(players)
            .filter(|other| *other != seat)
            .map(|other| match self.place(other).cmp(&mine) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        points / (players - 1) as f64
    }
}

/// Rule options of a game, as `key=value` pairs (e.g. `first=B`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
}

impl GameOptions {
    /// No options: the game's defaults.
    pub fn new() -> GameOptions {
        GameOptions::default()
    }

    /// Sets `key` to `value`, replacing any earlier value.
    pub fn set(&mut self, key: &str, value: &str) {
        self.values.insert(key.to_string(), value.to_string());
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// Every option given, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Checks that every key given is one of `valid`.
    ///
    /// # Errors
    /// [`GameError::UnknownOption`] naming the first unknown key and the valid ones.
    pub fn expect_only(&self, game: &'static str, valid: &[&str]) -> Result<(), GameError> {
        match self
            .values
            .keys()
            .find(|key| !valid.contains(&key.as_str()))
        {
            None => Ok(()),
            Some(key) => Err(GameError::unknown_option(game, key, valid)),
        }
    }
}

impl fmt::Display for GameOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (key, value)) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key}={value}")?;
        }
        Ok(())
    }
}

/// Text that is not what a parser expected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("bad {what} {text:?}: expected {expected}")]
pub struct ParseError {
    /// What was being read ("position", "move", ...).
    pub what: &'static str,
    /// The text as written.
    pub text: String,
    /// What was expected instead.
    pub expected: String,
}

impl ParseError {
    /// A parse error for `text`, read as a `what`, that should have been `expected`.
    pub fn new(what: &'static str, text: &str, expected: impl Into<String>) -> ParseError {
        ParseError {
            what,
            text: text.to_string(),
            expected: expected.into(),
        }
    }
}

/// What can go wrong when choosing a game or playing a move.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError {
    /// No game has this name.
    #[error("unknown game {name:?}: expected one of {known}")]
    UnknownGame {
        /// The name as written.
        name: String,
        /// The games there are.
        known: String,
    },
    /// A rule option the game does not have.
    #[error("unknown option {key:?} for {game}: expected one of {valid}")]
    UnknownOption {
        /// The game.
        game: &'static str,
        /// The key as written.
        key: String,
        /// The keys the game takes.
        valid: String,
    },
    /// A rule option with a value the game does not accept.
    #[error("bad value {value:?} for option {key:?} of {game}: expected {expected}")]
    BadOption {
        /// The game.
        game: &'static str,
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What the game accepts.
        expected: String,
    },
    /// A move that is not legal in the position.
    #[error("illegal move {mv:?} in position {position:?}")]
    IllegalMove {
        /// The move in the game's notation.
        mv: String,
        /// The position in the game's notation.
        position: String,
    },
    /// Text that could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl GameError {
    /// [`GameError::BadOption`]: `value` is not what option `key` of `game` takes
    /// (`expected`).
    pub fn bad_option(game: &'static str, key: &str, value: &str, expected: &str) -> GameError {
        GameError::BadOption {
            game,
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    /// [`GameError::UnknownOption`]: `game` has no option `key`; it takes `valid`.
    pub fn unknown_option(game: &'static str, key: &str, valid: &[&str]) -> GameError {
        GameError::UnknownOption {
            game,
            key: key.to_string(),
            valid: valid.join(", "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_scores() {
        let win = Outcome::win(Seat::B, 2, EndReason::Goal);
        assert_eq!(win.winner(), Some(Seat::B));
        assert_eq!(win.score(Seat::A), 0.0);
        assert_eq!(win.score(Seat::B), 1.0);
        let draw = Outcome::draw(2, EndReason::Stuck);
        assert!(draw.is_draw());
        assert_eq!(draw.score(Seat::A), 0.5);
    }

    #[test]
    fn places_from_scores_share_ties() {
        let outcome = Outcome::from_scores(&[5, 9, 5, 1], EndReason::PlyCap);
        let places: Vec<u8> = Seat::all(4).map(|s| outcome.place(s)).collect();
        assert_eq!(places, vec![2, 1, 2, 4]);
        assert_eq!(outcome.winner(), Some(Seat::B));
        assert_eq!(outcome.score(Seat::B), 1.0);
        assert_eq!(outcome.score(Seat::A), 1.5 / 3.0);
        assert_eq!(outcome.score(Seat::new(3)), 0.0);
    }

    #[test]
    fn unknown_option_is_named() {
        let mut options = GameOptions::new();
        options.set("frist", "B");
        let error = options.expect_only("leapfrog", &["first"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown option \"frist\" for leapfrog: expected one of first"
        );
    }
}
