//! Helpers for the tests: seeded random positions, an exhaustive solver, whole games
//! between agents, and a small three-player game to run the searches on more than two
//! seats.

use std::collections::HashMap;
use std::fmt;

use engine::{
    EndReason, Game, GameError, GameInfo, GameOptions, Leapfrog, Limits, Outcome, ParseError, Seat,
    Status,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::playouts::Playouts;
use crate::solved::Solved;

/// `count` positions, not over, from seeded random games of `G` from its start.
pub fn random_positions<G: Game>(count: usize, seed: u64) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    let start = G::new(&GameOptions::new()).expect("default options");
    while positions.len() < count {
        let mut position = start.clone();
        // Stop each game at a random ply, so that positions spread over whole games.
        let stop = rng.random_range(0..position.ply_cap());
        let mut ply = 0;
        while !position.is_over() && ply < stop {
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            ply += 1;
        }
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}

/// Every position, not over, of seeded random Leapfrog games from the start, until there
/// are `count`.
pub fn positions_of_random_games(count: usize, seed: u64) -> Vec<Leapfrog> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while positions.len() < count {
        let mut position = Leapfrog::start();
        while !position.is_over() {
            positions.push(position);
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions.truncate(count);
    positions
}

/// The score of the seat to move under perfect play (two players), by exhaustive search
/// with a table of solved positions.
pub fn solve<G: Game>(position: &G, solved: &mut HashMap<u64, f64>) -> f64 {
    if let Status::Over(outcome) = position.status() {
        return outcome.score(position.to_move());
    }
    if let Some(score) = solved.get(&position.hash()) {
        return *score;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best: f64 = 0.0;
    let mut after = position.clone();
    for mv in moves {
        after.play_unchecked(mv);
        best = best.max(1.0 - solve(&after, solved));
        after.undo(mv);
        if best == 1.0 {
            break;
        }
    }
    solved.insert(position.hash(), best);
    best
}

/// Plays `position` out between `agents` (one per seat, in seat order), telling every
/// agent every move. Returns the moves and the outcome.
pub fn play_out<G: Game>(
    mut position: G,
    agents: &mut [&mut dyn Agent<G>],
) -> (Vec<G::Move>, Outcome) {
    let mut line = Vec::new();
    while !position.is_over() {
        let mv = agents[position.to_move().index()].choose(&position);
        assert!(position.is_legal(mv), "{mv} in {position}");
        for agent in agents.iter_mut() {
            agent.observe(&position, mv);
        }
        position.play_unchecked(mv);
        line.push(mv);
    }
    (line, position.status().outcome().expect("over"))
}

/// The Leapfrog position with the sides swapped: the board turned end to end, A's pieces
/// made B's and the other way round, and the other side to move. Its value for the side
/// to move is the original's.
pub fn mirrored(text: &str) -> Leapfrog {
    let (board, side) = text.split_once(' ').expect("a position");
    let swap = |c: char| match c {
        'A' => 'B',
        'B' => 'A',
        other => other,
    };
    let board: String = board.chars().rev().map(swap).collect();
    let side: String = side.chars().map(swap).collect();
    Leapfrog::parse_position(&format!("{board} {side}")).expect("a mirrored position")
}

/// Endgames where the side to move has a forced win with exactly one of its moves, found
/// by exhaustive search (the tests check it again). Greedy play misses the first two.
pub const FORCED_WINS: [&str; 3] = [
    "BBB...B.A..BA..A.AA A",
    "BBB..B.A....BA.A.AA A",
    "BB..B.ABB....A.A.AA A",
];

/// The Leapfrog position after `plies` seeded random plies from the start.
pub fn random_opening(plies: u32, seed: u64) -> Leapfrog {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Leapfrog::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.is_over() {
            break;
        }
        position.generate_moves(&mut moves);
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

/// Race to ten for three seats: each seat in turn adds 1, 2 or 3 to its own counter, or
/// takes 1 from the next seat's counter. The first to reach ten wins; after 60 plies the
/// counters decide. Small enough to search to the end, and every seat can hurt another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceToTen {
    counters: [u8; 3],
    to_move: Seat,
    plies: u32,
    hash: u64,
}

/// A move of [`RaceToTen`]: add 1 to 3 to one's own counter (1, 2, 3), or hinder (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceMove(pub u8);

impl fmt::Display for RaceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for RaceToTen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.counters;
        write!(f, "{a} {b} {c} {} {}", self.to_move, self.plies)
    }
}

const RACE_GOAL: u8 = 10;
const RACE_PLIES: u32 = 60;
const RACE_KEYS: [u64; 3 * 16 + 3 + 64] = engine::zobrist::keys(0x5241_4345);

impl RaceToTen {
    /// The position with these counters, `to_move` to move, at ply `plies`.
    pub fn with_counters(counters: [u8; 3], to_move: Seat, plies: u32) -> RaceToTen {
        let mut race = RaceToTen {
            counters,
            to_move,
            plies,
            hash: 0,
        };
        race.hash = race.compute();
        race
    }

    fn compute(&self) -> u64 {
        let mut hash = RACE_KEYS[48 + self.to_move.index()] ^ RACE_KEYS[51 + self.plies as usize];
        for (seat, counter) in self.counters.iter().enumerate() {
            hash ^= RACE_KEYS[seat * 16 + *counter as usize];
        }
        hash
    }

    fn winner(&self) -> Option<Seat> {
        (0..3)
            .find(|i| self.counters[*i] >= RACE_GOAL)
            .map(Seat::new)
    }
}

impl Game for RaceToTen {
    type Move = RaceMove;
    const NAME: &'static str = "race-to-ten";
    const INFO: GameInfo = GameInfo {
        players: &[3],
        default_ply_cap: RACE_PLIES,
        option_keys: &[],
        captures: false,
    };

    fn limits(_options: &GameOptions) -> Result<Limits, GameError> {
        Ok(Limits {
            players: 3,
            ply_cap: RACE_PLIES,
        })
    }

    fn new(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(RaceToTen::with_counters([0; 3], Seat::A, 0))
    }
    fn players(&self) -> usize {
        3
    }
    fn ply_cap(&self) -> u32 {
        RACE_PLIES
    }
    fn to_move(&self) -> Seat {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut Vec<RaceMove>) {
        moves.clear();
        moves.extend([1, 2, 3].map(RaceMove));
        if self.counters[self.to_move.next(3).index()] > 0 {
            moves.push(RaceMove(0));
        }
    }
    fn play_unchecked(&mut self, mv: RaceMove) {
        let seat = self.to_move.index();
        if mv.0 == 0 {
            self.counters[(seat + 1) % 3] -= 1;
        } else {
            self.counters[seat] += mv.0;
        }
        self.to_move = self.to_move.next(3);
        self.plies += 1;
        self.hash = self.compute();
    }
    fn undo(&mut self, mv: RaceMove) {
        self.to_move = Seat::new((self.to_move.index() + 2) % 3);
        self.plies -= 1;
        let seat = self.to_move.index();
        if mv.0 == 0 {
            self.counters[(seat + 1) % 3] += 1;
        } else {
            self.counters[seat] -= mv.0;
        }
        self.hash = self.compute();
    }
    fn status(&self) -> Status {
        if let Some(winner) = self.winner() {
            Status::Over(Outcome::win(winner, 3, EndReason::Goal))
        } else if self.plies >= RACE_PLIES {
            Status::Over(self.outcome_by_progress(EndReason::PlyCap))
        } else {
            Status::Ongoing
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn compute_hash(&self) -> u64 {
        self.compute()
    }
    fn progress(&self, seat: Seat) -> i32 {
        self.counters[seat.index()] as i32
    }
    fn parse_position(text: &str) -> Result<Self, ParseError> {
        Err(ParseError::new("position", text, "nothing: not parsed"))
    }
    fn parse_move(&self, text: &str) -> Result<RaceMove, ParseError> {
        text.parse::<u8>()
            .ok()
            .filter(|n| *n <= 3)
            .map(RaceMove)
            .ok_or_else(|| ParseError::new("move", text, "0 to 3"))
    }
}

impl Evaluate for RaceToTen {
    fn evaluate(&self, seat: Seat) -> i32 {
        let mine = self.counters[seat.index()] as i32;
        let best_other = (0..3)
            .filter(|i| *i != seat.index())
            .map(|i| self.counters[i] as i32)
            .max()
            .unwrap_or(0);
        mine - best_other
    }
}

impl Playouts for RaceToTen {}

impl Solved for RaceToTen {}
