//! The one game loop: the seeded random opening, each seat's turn (an agent's move, a
//! person's move, take-back or resignation, or a fault that forfeits), the ply cap, and
//! what is shown as the game goes. Every game of every verb is played here.

use std::fmt;
use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use agents::{Agent, SearchInfo};
use engine::{EndReason, Game, Outcome, Seat};
use rand::Rng;

use crate::seeds;

/// How a game is set up, apart from who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The game's seed: the opening and every seat's seed derive from it.
    pub seed: u64,
    /// Which game of its set this is (0 for the first, 1 for the one with seats swapped,
    /// and so on round a table): the seats' seeds follow the agents round the seats.
    pub rotation: usize,
    /// Seeded random plies played before the seats take over.
    pub opening_plies: u32,
    /// Which draw of the seeded opening is played: 0, or the balanced one a run chose
    /// ([`crate::openings`]).
    pub opening_draw: u32,
    /// The game stops here, and progress decides.
    pub max_plies: u32,
}

/// Why a seat forfeits its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It chose a move that is not legal: the move as the game writes it.
    Illegal(String),
    /// Its agent panicked, with this message.
    Panicked(String),
    /// The program behind it stopped or broke its protocol, for this reason.
    Crashed(String),
    /// The program behind it did not answer in time.
    TimedOut,
}

impl Fault {
    /// The end reason `games.csv` records for this fault: `illegal`, `crash`,
    /// `timeout`, or `forfeit` for an agent that panicked.
    pub fn end_reason(&self) -> EndReason {
        match self {
            Fault::Illegal(_) => EndReason::Illegal,
            Fault::Panicked(_) => EndReason::Forfeit,
            Fault::Crashed(_) => EndReason::Crash,
            Fault::TimedOut => EndReason::Timeout,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Illegal(mv) => write!(f, "illegal move {mv}"),
            Fault::Panicked(message) => write!(f, "panicked: {message}"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::TimedOut => f.write_str("timed out"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame<M> {
    /// Every move, opening plies included.
    pub moves: Vec<M>,
    /// How it ended.
    pub outcome: Outcome,
    /// The seat that forfeited and why, if one did.
    pub forfeit: Option<(Seat, Fault)>,
}

/// What a seat does on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn<M> {
    /// Play this move (the loop checks that it is legal: an illegal one forfeits).
    Play(M),
    /// Take back this seat's last move and every move after it.
    Undo,
    /// Give up: the seat comes last.
    Resign,
    /// The seat forfeits.
    Forfeit(Fault),
}

/// Whoever plays a seat, as the game loop sees it: an agent ([`AgentSeat`]), a person
/// ([`crate::runner::human::HumanSeat`]), or (later) a program behind a protocol.
pub trait MoveSource<G: Game> {
    /// Readies the seat for a new game; `seed` is its seat's seed in this game.
    fn reset(&mut self, seed: u64);

    /// The seat's turn in `position` (an ongoing game), at ply `ply` from 0. `legal`
    /// holds the legal moves of `position`, in the order [`Game::generate_moves`] gives;
    /// anything to show the user goes to `out`.
    ///
    /// # Errors
    /// Reading a person's input or writing to `out` fails.
    fn turn(
        &mut self,
        position: &G,
        ply: usize,
        legal: &[G::Move],
        out: &mut dyn Write,
    ) -> io::Result<Turn<G::Move>>;

    /// Sees `mv` played in `before` (every seat sees every move, its own included).
    fn observe(&mut self, before: &G, mv: G::Move);

    /// After a take-back, the game is replayed to the seats as a fresh game: this is the
    /// seat's own turn at `position`, whose move is already known. An agent chooses
    /// again (so that its random stream moves on as it did); a person does nothing.
    fn retrace(&mut self, position: &G, legal: &mut Vec<G::Move>) {
        let _ = (position, legal);
    }
}

/// What the game loop shows as it goes: nothing ([`Quiet`]), or each move and the board
/// ([`Printed`]).
pub trait View<G: Game> {
    /// Where seats write what they show (a person's prompt).
    fn out(&mut self) -> &mut dyn Write;
    /// The game starts from `start`.
    ///
    /// # Errors
    /// The write fails.
    fn start(&mut self, start: &G) -> io::Result<()>;
    /// `mv` was played, leading to `after`.
    ///
    /// # Errors
    /// The write fails.
    fn moved(&mut self, mv: G::Move, after: &G) -> io::Result<()>;
    /// A take-back: `taken` were taken back (empty when `seat` had none to take back).
    ///
    /// # Errors
    /// The write fails.
    fn took_back(&mut self, seat: Seat, taken: &[G::Move]) -> io::Result<()>;
}

/// Shows nothing: the tournament's games.
pub struct Quiet(io::Sink);

impl Quiet {
    /// A view that shows nothing.
    pub fn new() -> Quiet {
        Quiet(io::sink())
    }
}

impl Default for Quiet {
    fn default() -> Quiet {
        Quiet::new()
    }
}

impl<G: Game> View<G> for Quiet {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.0
    }
    #[inline]
    fn start(&mut self, _start: &G) -> io::Result<()> {
        Ok(())
    }
    #[inline]
    fn moved(&mut self, _mv: G::Move, _after: &G) -> io::Result<()> {
        Ok(())
    }
    fn took_back(&mut self, _seat: Seat, _taken: &[G::Move]) -> io::Result<()> {
        Ok(())
    }
}

/// Prints each move on its own line, the board after it with `show`, and take-backs as
/// `undo: took back M ...`.
pub struct Printed<'a> {
    /// Where it all goes.
    pub out: &'a mut dyn Write,
    /// Draw the board at the start and after each move.
    pub show: bool,
}

impl<G: Game> View<G> for Printed<'_> {
    fn out(&mut self) -> &mut dyn Write {
        self.out
    }
    fn start(&mut self, start: &G) -> io::Result<()> {
        if self.show {
            writeln!(self.out, "{}\n", start.render())?;
        }
        Ok(())
    }
    fn moved(&mut self, mv: G::Move, after: &G) -> io::Result<()> {
        writeln!(self.out, "{mv}")?;
        if self.show {
            writeln!(self.out, "{}\n", after.render())?;
        }
        Ok(())
    }
    fn took_back(&mut self, seat: Seat, taken: &[G::Move]) -> io::Result<()> {
        if taken.is_empty() {
            return writeln!(self.out, "undo: no move of {seat} to take back");
        }
        let taken: Vec<String> = taken.iter().map(ToString::to_string).collect();
        writeln!(self.out, "undo: took back {}", taken.join(" "))
    }
}

/// Plays one game from `start`, `seats[i]` in seat i, showing it on `view`.
///
/// Each seat is reset with its seat's seed; the first `setup.opening_plies` plies are
/// seeded random moves; then each seat takes its turn. An illegal move or a fault
/// forfeits (the seat comes last, the others share first place), a resignation likewise
/// ends the game, and `setup.max_plies` lets progress decide. A take-back removes the
/// seat's last move after the opening and every move since, then replays the kept moves
/// to every seat as a fresh game would have, so a game with take-backs replays from its
/// seed like one without.
///
/// # Errors
/// A seat's input or the view's output fails.
///
/// # Panics
/// When `seats` does not hold one seat per player.
pub fn play_game<G: Game, V: View<G>>(
    start: &G,
    seats: &mut [&mut dyn MoveSource<G>],
    setup: &GameSetup,
    view: &mut V,
) -> io::Result<PlayedGame<G::Move>> {
    let players = start.players();
    assert_eq!(seats.len(), players, "one seat per player");
    reset_seats(seats, setup);
    let mut position = start.clone();
    let mut moves: Vec<G::Move> = Vec::with_capacity(start.ply_cap().min(1024) as usize);
    let mut legal = Vec::new();
    let mut opening = seeds::opening_draw_rng(setup.seed, setup.opening_draw);
    let finish = |moves, outcome| PlayedGame {
        moves,
        outcome,
        forfeit: None,
    };
    view.start(start)?;
    loop {
        if position.is_over() {
            let outcome = position.status().outcome().expect("the game is over");
            return Ok(finish(moves, outcome));
        }
        let ply = moves.len();
        if ply as u32 >= setup.max_plies {
            let outcome = position.outcome_by_progress(EndReason::PlyCap);
            return Ok(finish(moves, outcome));
        }
        let seat = position.to_move();
        // Listed once a ply: the opening draws from the list, a seat may choose from it,
        // and every move a seat plays is checked against it.
        position.generate_moves(&mut legal);
        let mv = if (ply as u32) < setup.opening_plies {
            legal[opening.random_range(0..legal.len())]
        } else {
            let turn = seats[seat.index()].turn(&position, ply, &legal, view.out())?;
            match turn {
                Turn::Play(mv) if legal.contains(&mv) => mv,
                Turn::Play(mv) => {
                    let fault = Fault::Illegal(mv.to_string());
                    return Ok(forfeit(moves, seat, players, fault));
                }
                Turn::Forfeit(fault) => return Ok(forfeit(moves, seat, players, fault)),
                Turn::Resign => return Ok(finish(moves, resignation(&position, seat))),
                Turn::Undo => {
                    let movers = movers(start, &moves);
                    let own_last = (setup.opening_plies as usize..ply)
                        .rev()
                        .find(|&index| movers[index] == seat);
                    match own_last {
                        None => view.took_back(seat, &[])?,
                        Some(keep) => {
                            for &mv in moves[keep..].iter().rev() {
                                position.undo(mv);
                            }
                            view.took_back(seat, &moves[keep..])?;
                            moves.truncate(keep);
                            retrace(start, seats, setup, &moves, &mut legal);
                        }
                    }
                    continue;
                }
            }
        };
        for source in seats.iter_mut() {
            source.observe(&position, mv);
        }
        position.play_unchecked(mv);
        moves.push(mv);
        view.moved(mv, &position)?;
    }
}

/// The seat that played each of `moves` from `start`.
fn movers<G: Game>(start: &G, moves: &[G::Move]) -> Vec<Seat> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let seat = position.to_move();
            position.play_unchecked(mv);
            seat
        })
        .collect()
}

/// Resets every seat with its seat's seed, as at the start of a game.
fn reset_seats<G: Game>(seats: &mut [&mut dyn MoveSource<G>], setup: &GameSetup) {
    let players = seats.len();
    for (seat, source) in seats.iter_mut().enumerate() {
        source.reset(seeds::agent_seed(setup.seed, seat, setup.rotation, players));
    }
}

/// Brings every seat to where a fresh game that played `moves` would leave it: reset,
/// then each seat's own turns after the opening retraced, and every move observed.
fn retrace<G: Game>(
    start: &G,
    seats: &mut [&mut dyn MoveSource<G>],
    setup: &GameSetup,
    moves: &[G::Move],
    legal: &mut Vec<G::Move>,
) {
    reset_seats(seats, setup);
    let mut position = start.clone();
    for (ply, &mv) in moves.iter().enumerate() {
        if ply as u32 >= setup.opening_plies {
            seats[position.to_move().index()].retrace(&position, legal);
        }
        for source in seats.iter_mut() {
            source.observe(&position, mv);
        }
        position.play_unchecked(mv);
    }
}

/// Whether `mv` is one of the legal moves of `position`, an ongoing game. `legal` is a
/// buffer for the legal moves, reused so that no ply allocates.
fn is_legal<G: Game>(position: &G, mv: G::Move, legal: &mut Vec<G::Move>) -> bool {
    position.generate_moves(legal);
    legal.contains(&mv)
}

/// The game `moves` ended by `seat` forfeiting, for `fault`.
fn forfeit<M>(moves: Vec<M>, seat: Seat, players: usize, fault: Fault) -> PlayedGame<M> {
    // The seat that forfeits comes last; the others share first place.
    let scores: Vec<i32> = Seat::all(players).map(|s| i32::from(s != seat)).collect();
    PlayedGame {
        moves,
        outcome: Outcome::from_scores(&scores, fault.end_reason()),
        forfeit: Some((seat, fault)),
    }
}

/// The outcome when `seat` resigns in `position`: it comes last, and the others keep
/// the order the rules' progress gives them there (with two players, the other wins).
fn resignation<G: Game>(position: &G, seat: Seat) -> Outcome {
    let scores: Vec<i32> = Seat::all(position.players())
        .map(|s| {
            if s == seat {
                i32::MIN
            } else {
                position.progress(s)
            }
        })
        .collect();
    Outcome::from_scores(&scores, EndReason::Resign)
}

/// The move `agent` chooses in `position`, or the fault that forfeits its seat: an
/// illegal move or a panic. `legal` is a buffer for the legal moves.
pub(crate) fn checked_choice<G: Game>(
    agent: &mut dyn Agent<G>,
    position: &G,
    legal: &mut Vec<G::Move>,
) -> Result<G::Move, Fault> {
    match catch_unwind(AssertUnwindSafe(|| agent.choose(position))) {
        Ok(mv) if is_legal(position, mv, legal) => Ok(mv),
        Ok(mv) => Err(Fault::Illegal(mv.to_string())),
        Err(panic) => Err(Fault::Panicked(panic_message(&*panic))),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// What an agent's searches did over one game: moves chosen, nodes visited, MCTS
/// iterations run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchTotals {
    /// Moves the agent chose.
    pub moves: u64,
    /// Nodes its searches visited, in all.
    pub nodes: u64,
    /// MCTS iterations it ran, in all.
    pub iterations: u64,
}

/// An agent in a seat: its moves are checked (a panic forfeits), and what its searches
/// did is added up over the game.
pub struct AgentSeat<G: Game> {
    agent: Box<dyn Agent<G>>,
    totals: SearchTotals,
}

impl<G: Game> AgentSeat<G> {
    /// `agent`, seated.
    pub fn new(agent: Box<dyn Agent<G>>) -> AgentSeat<G> {
        AgentSeat {
            agent,
            totals: SearchTotals::default(),
        }
    }

    /// What the agent's searches did since the game started.
    pub fn totals(&self) -> SearchTotals {
        self.totals
    }
}

impl<G: Game> MoveSource<G> for AgentSeat<G> {
    fn reset(&mut self, seed: u64) {
        self.totals = SearchTotals::default();
        self.agent.reset(seed);
    }

    #[inline]
    fn turn(
        &mut self,
        position: &G,
        _ply: usize,
        legal: &[G::Move],
        _out: &mut dyn Write,
    ) -> io::Result<Turn<G::Move>> {
        let agent = &mut self.agent;
        Ok(
            match catch_unwind(AssertUnwindSafe(|| agent.try_choose_among(position, legal))) {
                Ok(Ok(mv)) => {
                    let info: SearchInfo = self.agent.last_search();
                    self.totals.moves += 1;
                    self.totals.nodes += info.nodes;
                    self.totals.iterations += info.iterations;
                    Turn::Play(mv)
                }
                // A program behind the agent gave up or failed.
                Ok(Err(forfeit)) => match forfeit.reason {
                    EndReason::Resign => Turn::Resign,
                    EndReason::Timeout => Turn::Forfeit(Fault::TimedOut),
                    EndReason::Illegal => Turn::Forfeit(Fault::Illegal(forfeit.detail)),
                    EndReason::Crash => Turn::Forfeit(Fault::Crashed(forfeit.detail)),
                    _ => Turn::Forfeit(Fault::Panicked(forfeit.detail)),
                },
                Err(panic) => Turn::Forfeit(Fault::Panicked(panic_message(&*panic))),
            },
        )
    }

    #[inline]
    fn observe(&mut self, before: &G, mv: G::Move) {
        self.agent.observe(before, mv);
    }

    fn retrace(&mut self, position: &G, legal: &mut Vec<G::Move>) {
        // The agent chose this move before, from the same state: asking again moves its
        // random stream on as it did then.
        let _ = checked_choice(&mut *self.agent, position, legal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Leapfrog;

    /// An agent that always plays the first listed move, or an illegal one, or panics.
    struct Scripted {
        behaviour: u8,
    }

    impl Agent<Leapfrog> for Scripted {
        fn spec(&self) -> &str {
            "scripted"
        }
        fn reset(&mut self, _seed: u64) {}
        fn choose(&mut self, position: &Leapfrog) -> <Leapfrog as Game>::Move {
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            match self.behaviour {
                0 => moves[0],
                1 => engine::LeapfrogMove::new(1, 19),
                _ => panic!("out of ideas"),
            }
        }
    }

    fn play(first: u8, second: u8, setup: GameSetup) -> PlayedGame<engine::LeapfrogMove> {
        let mut a = AgentSeat::new(Box::new(Scripted { behaviour: first }));
        let mut b = AgentSeat::new(Box::new(Scripted { behaviour: second }));
        play_game(
            &Leapfrog::start(),
            &mut [&mut a, &mut b],
            &setup,
            &mut Quiet::new(),
        )
        .unwrap()
    }

    #[test]
    fn illegal_moves_and_panics_forfeit() {
        let setup = GameSetup {
            seed: 1,
            rotation: 0,
            opening_plies: 0,
            opening_draw: 0,
            max_plies: 200,
        };
        let game = play(0, 1, setup);
        assert_eq!(game.outcome.winner(), Some(Seat::A));
        assert_eq!(game.outcome.reason(), EndReason::Illegal);
        assert_eq!(game.moves.len(), 1);
        let game = play(2, 0, setup);
        assert_eq!(game.outcome.winner(), Some(Seat::B));
        assert_eq!(game.outcome.reason(), EndReason::Forfeit);
        assert_eq!(
            game.forfeit.unwrap().1.to_string(),
            "panicked: out of ideas"
        );
    }

    #[test]
    fn ply_cap_lets_progress_decide() {
        let setup = GameSetup {
            seed: 1,
            rotation: 0,
            opening_plies: 3,
            opening_draw: 0,
            max_plies: 9,
        };
        let game = play(0, 0, setup);
        assert_eq!(game.moves.len(), 9);
        assert_eq!(game.outcome.reason(), EndReason::PlyCap);
    }

    #[test]
    fn opening_depends_on_the_seed() {
        let setup = |seed| GameSetup {
            seed,
            rotation: 0,
            opening_plies: 12,
            opening_draw: 0,
            max_plies: 12,
        };
        let openings: std::collections::HashSet<_> =
            (0..20).map(|seed| play(0, 0, setup(seed)).moves).collect();
        assert!(openings.len() > 5);
        assert_eq!(play(0, 0, setup(3)).moves, play(0, 0, setup(3)).moves);
    }

    #[test]
    fn faults_read_as_the_records_write_them() {
        assert_eq!(
            Fault::Illegal("1-19".into()).to_string(),
            "illegal move 1-19"
        );
        assert_eq!(
            Fault::Crashed("exit 3".into()).to_string(),
            "crashed: exit 3"
        );
        assert_eq!(Fault::TimedOut.to_string(), "timed out");
    }
}
