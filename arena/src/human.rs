//! A person at the keyboard: the `human` seat of `arena play`, which draws the board,
//! lists the legal moves and reads one line at a time (a move, `hint`, `undo` or `quit`),
//! and the play loop for games with such seats, which can take moves back.
//!
//! Games without a human seat never come here: `arena run` and plain `arena play` use
//! [`crate::match_play::play_game`] alone.

use std::io::{self, BufRead, Write};

use agents::{Agent, Evaluate};
use engine::{EndReason, Game, Outcome, Seat, Status};
use rand::Rng;

use crate::match_play::{checked_choice, forfeit, GameSetup, PlayedGame};
use crate::seeds;

/// The spec of a seat played by a person.
pub const HUMAN_SPEC: &str = "human";

/// The level whose move `hint` shows.
pub const HINT_LEVEL: &str = "hard";

/// The seed stream of the hint's agent (reset before each hint, so hints replay).
const HINT_STREAM: u64 = 0x4849_4e54;

/// Whether `spec` names a seat played by a person.
pub fn is_human(spec: &str) -> bool {
    spec.trim() == HUMAN_SPEC
}

/// What a human seat does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request<M> {
    /// Play this legal move.
    Play(M),
    /// Take back this seat's last move and every move after it.
    Undo,
    /// Give up: the seat loses.
    Resign,
}

/// Whoever speaks for the human seats: a person at a [`Console`], or a recorded game
/// replayed ([`RecordedMoves`]).
pub trait HumanSide<G: Game> {
    /// What the seat to move in `position` does at ply `ply` (0 for the first move).
    /// Anything to show goes to `out`.
    ///
    /// # Errors
    /// Reading the input or writing to `out` fails.
    fn request(
        &mut self,
        position: &G,
        ply: usize,
        out: &mut dyn Write,
    ) -> io::Result<Request<G::Move>>;
}

/// A seat at the table: a person, or an agent.
pub enum Player<G: Game> {
    /// A person, through the game's [`HumanSide`].
    Human,
    /// An agent built from a spec.
    Agent(Box<dyn Agent<G>>),
}

impl<G: Evaluate> Player<G> {
    /// The player a spec names: [`HUMAN_SPEC`] or an agent's spec.
    ///
    /// # Errors
    /// A spec that names no agent.
    pub fn build(spec: &str) -> Result<Player<G>, agents::SpecError> {
        if is_human(spec) {
            Ok(Player::Human)
        } else {
            agents::build::<G>(spec).map(Player::Agent)
        }
    }
}

/// A person at a terminal: reads lines from `input`, and before each move draws the
/// board (with its spot numbers) and lists the legal moves.
///
/// On its turn it answers a move in the game's notation (checked for legality: an
/// illegal or unreadable one is refused with `illegal move: M (reason)` and the list
/// again), `hint` (shows what the [`HINT_LEVEL`] level would play, and asks again),
/// `undo` or `quit`; the end of the input is a `quit` too.
pub struct Console<R, G: Game> {
    input: R,
    echo: bool,
    hint: Hint<G>,
}

/// The agent behind `hint`, built on first use.
struct Hint<G: Game> {
    spec: Result<String, String>,
    agent: Option<Box<dyn Agent<G>>>,
    seed: u64,
}

impl<R: BufRead, G: Evaluate> Console<R, G> {
    /// A console reading from `input`. `hint_spec` is the spec of the [`HINT_LEVEL`]
    /// level, or why there is none (shown when a hint is asked for); `seed` is the
    /// game's seed, from which each hint's agent is seeded.
    ///
    /// The console echoes each line it reads after the prompt: a terminal shows what was
    /// typed, but input from a pipe or a file would otherwise leave no trace.
    pub fn new(input: R, hint_spec: Result<String, String>, seed: u64) -> Console<R, G> {
        Console {
            input,
            echo: true,
            hint: Hint {
                spec: hint_spec,
                agent: None,
                seed,
            },
        }
    }

    /// The same console, echoing the lines it reads or not (not when they come from a
    /// terminal, which shows them as they are typed).
    pub fn echoing(mut self, echo: bool) -> Console<R, G> {
        self.echo = echo;
        self
    }

    /// The line `hint` prints in `position` at ply `ply`.
    fn hint_line(&mut self, position: &G, ply: usize) -> String {
        let hint = &mut self.hint;
        let spec = match &hint.spec {
            Ok(spec) => spec,
            Err(why) => return format!("no hint: {why}"),
        };
        if hint.agent.is_none() {
            match agents::build::<G>(spec) {
                Ok(agent) => hint.agent = Some(agent),
                Err(error) => return format!("no hint: level {HINT_LEVEL} ({spec}): {error}"),
            }
        }
        let agent = hint.agent.as_mut().expect("built above");
        agent.reset(seeds::derive(hint.seed, HINT_STREAM, ply as u64));
        match checked_choice(&mut **agent, position, &mut Vec::new()) {
            Ok(mv) => format!("hint: {mv} (level {HINT_LEVEL} would play it)"),
            Err(why) => format!(
                "no hint: level {HINT_LEVEL} ({spec}) failed: {}",
                why.detail
            ),
        }
    }
}

impl<R: BufRead, G: Evaluate> HumanSide<G> for Console<R, G> {
    fn request(
        &mut self,
        position: &G,
        ply: usize,
        out: &mut dyn Write,
    ) -> io::Result<Request<G::Move>> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let list: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
        writeln!(out, "\n{}", position.render())?;
        loop {
            writeln!(out, "legal moves: {}", list.join(" "))?;
            write!(
                out,
                "[ply {}] {} to play (a move, hint, undo or quit): ",
                ply + 1,
                position.to_move()
            )?;
            out.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                // The end of the input: the prompt's line is left open, so close it.
                writeln!(out)?;
                return Ok(Request::Resign);
            }
            let text = line.trim();
            if self.echo {
                writeln!(out, "{text}")?;
            }
            match text {
                "" => continue,
                "quit" => return Ok(Request::Resign),
                "undo" => return Ok(Request::Undo),
                "hint" => {
                    let hint = self.hint_line(position, ply);
                    writeln!(out, "{hint}")?;
                    continue;
                }
                _ => {}
            }
            match position.parse_move(text) {
                Ok(mv) if moves.contains(&mv) => return Ok(Request::Play(mv)),
                Ok(_) => writeln!(out, "illegal move: {text} (not one of the legal moves)")?,
                Err(error) => writeln!(out, "illegal move: {text} (expected {})", error.expected)?,
            }
        }
    }
}

/// The human seats of a recorded game: each plays the move recorded at its ply, and
/// resigns where the record ends (or where its move does not fit the position).
pub struct RecordedMoves {
    moves: Vec<String>,
}

impl RecordedMoves {
    /// The moves of a `games.csv` row, space-separated.
    pub fn new(moves: &str) -> RecordedMoves {
        RecordedMoves {
            moves: moves
                .split(' ')
                .filter(|m| !m.is_empty())
                .map(str::to_string)
                .collect(),
        }
    }
}

impl<G: Game> HumanSide<G> for RecordedMoves {
    fn request(
        &mut self,
        position: &G,
        ply: usize,
        _out: &mut dyn Write,
    ) -> io::Result<Request<G::Move>> {
        let recorded = self
            .moves
            .get(ply)
            .and_then(|text| position.parse_move(text).ok())
            .filter(|mv| position.is_legal(*mv));
        Ok(recorded.map_or(Request::Resign, Request::Play))
    }
}

/// Checks that every move of `moves` (space-separated) reads and is legal in turn from
/// `start`.
///
/// # Errors
/// The first move that does not, with its ply and seat.
pub fn check_recorded_moves<G: Game>(start: &G, moves: &str) -> Result<(), String> {
    let mut position = start.clone();
    for (ply, text) in moves.split(' ').filter(|m| !m.is_empty()).enumerate() {
        let seat = position.to_move();
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("ply {} ({seat}): {e}", ply + 1))?;
        if !position.is_legal(mv) {
            return Err(format!(
                "ply {} ({seat}): move {text} is illegal in {position}",
                ply + 1
            ));
        }
        position.play(mv);
    }
    Ok(())
}

/// Plays one game from `start`, `players[i]` in seat i, the human seats speaking through
/// `humans`. Each move is printed on its own line (and the board after it with `show`);
/// a take-back prints `undo: took back M ...`.
///
/// The seeded opening and the agents' moves are those of
/// [`crate::match_play::play_game`]. An undo takes back the human seat's last move (after
/// the opening) and every move since, then resets every agent and replays the kept moves
/// to it as a fresh game would have, so a game with take-backs replays from its seed
/// like one without. A human seat that resigns comes last, the others share first place.
///
/// # Errors
/// Reading the input or writing to `out` fails.
///
/// # Panics
/// When `players` does not hold one player per seat.
pub fn play_with_humans<G: Game>(
    start: &G,
    players: &mut [Player<G>],
    humans: &mut dyn HumanSide<G>,
    setup: &GameSetup,
    show: bool,
    out: &mut dyn Write,
) -> io::Result<PlayedGame<G::Move>> {
    let seats = start.players();
    assert_eq!(players.len(), seats, "one player per seat");
    let mut position = start.clone();
    let mut moves: Vec<G::Move> = Vec::new();
    let mut movers: Vec<Seat> = Vec::new();
    let mut buffer = Vec::new();
    let mut opening = seeds::opening_rng(setup.seed);
    let finish = |moves, outcome| PlayedGame {
        moves,
        outcome,
        forfeit: None,
    };
    reset_agents(players, setup.seed);
    if show {
        writeln!(out, "{}\n", start.render())?;
    }
    loop {
        if let Status::Over(outcome) = position.status() {
            return Ok(finish(moves, outcome));
        }
        let ply = moves.len();
        if ply as u32 >= setup.max_plies {
            return Ok(finish(
                moves,
                position.outcome_by_progress(EndReason::PlyCap),
            ));
        }
        let seat = position.to_move();
        let mv = if (ply as u32) < setup.opening_plies {
            position.generate_moves(&mut buffer);
            buffer[opening.random_range(0..buffer.len())]
        } else {
            match &mut players[seat.index()] {
                Player::Agent(agent) => {
                    match checked_choice(&mut **agent, &position, &mut Vec::new()) {
                        Ok(mv) => mv,
                        Err(why) => return Ok(forfeit(moves, seat, seats, why)),
                    }
                }
                Player::Human => match humans.request(&position, ply, out)? {
                    Request::Play(mv) if position.is_legal(mv) => mv,
                    Request::Play(mv) => {
                        let why = agents::Forfeit {
                            reason: EndReason::Illegal,
                            detail: format!("illegal move {mv}"),
                        };
                        return Ok(forfeit(moves, seat, seats, why));
                    }
                    Request::Resign => return Ok(finish(moves, resignation(seat, seats))),
                    Request::Undo => {
                        let own_last = (setup.opening_plies as usize..ply)
                            .rev()
                            .find(|&index| movers[index] == seat);
                        match own_last {
                            None => writeln!(out, "undo: no move of {seat} to take back")?,
                            Some(keep) => {
                                let taken: Vec<String> =
                                    moves[keep..].iter().map(|m| m.to_string()).collect();
                                for &mv in moves[keep..].iter().rev() {
                                    position.undo(mv);
                                }
                                moves.truncate(keep);
                                movers.truncate(keep);
                                writeln!(out, "undo: took back {}", taken.join(" "))?;
                                replay_to_agents(start, players, setup, &moves);
                            }
                        }
                        continue;
                    }
                },
            }
        };
        writeln!(out, "{mv}")?;
        for player in players.iter_mut() {
            if let Player::Agent(agent) = player {
                agent.observe(&position, mv);
            }
        }
        position.play(mv);
        moves.push(mv);
        movers.push(seat);
        if show {
            writeln!(out, "{}\n", position.render())?;
        }
    }
}

/// The outcome when `seat` resigns: it comes last, the others share first place.
fn resignation(seat: Seat, seats: usize) -> Outcome {
    let scores: Vec<i32> = Seat::all(seats).map(|s| i32::from(s != seat)).collect();
    Outcome::from_scores(&scores, EndReason::Resign)
}

/// Resets every agent with its seat's seed, as at the start of a game.
fn reset_agents<G: Game>(players: &mut [Player<G>], game_seed: u64) {
    for (seat, player) in players.iter_mut().enumerate() {
        if let Player::Agent(agent) = player {
            agent.reset(seeds::agent_seed(game_seed, seat));
        }
    }
}

/// Brings every agent to where a fresh game that played `moves` would leave it: reset,
/// then each agent asked for its own moves after the opening, and every move observed.
fn replay_to_agents<G: Game>(
    start: &G,
    players: &mut [Player<G>],
    setup: &GameSetup,
    moves: &[G::Move],
) {
    reset_agents(players, setup.seed);
    let mut position = start.clone();
    for (ply, &mv) in moves.iter().enumerate() {
        if ply as u32 >= setup.opening_plies {
            if let Player::Agent(agent) = &mut players[position.to_move().index()] {
                // The agent chose this move before, from the same state: asking again
                // moves its random stream on as it did then.
                let _ = checked_choice(&mut **agent, &position, &mut Vec::new());
            }
        }
        for player in players.iter_mut() {
            if let Player::Agent(agent) = player {
                agent.observe(&position, mv);
            }
        }
        position.play(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Leapfrog;

    fn setup(seed: u64) -> GameSetup {
        GameSetup {
            seed,
            opening_plies: 0,
            max_plies: 200,
        }
    }

    /// Plays a human (seat A) against `opponent` (seat B) with `input` typed; returns the
    /// game and what was shown.
    fn play(input: &str, opponent: &str, hint: &str) -> (PlayedGame<engine::LeapfrogMove>, String) {
        let mut players = vec![
            Player::Human,
            Player::Agent(agents::build::<Leapfrog>(opponent).unwrap()),
        ];
        let mut console = Console::<_, Leapfrog>::new(input.as_bytes(), Ok(hint.into()), 5);
        let mut out = Vec::new();
        let game = play_with_humans(
            &Leapfrog::start(),
            &mut players,
            &mut console,
            &setup(5),
            false,
            &mut out,
        )
        .unwrap();
        (game, String::from_utf8(out).unwrap())
    }

    /// `prefix`, then the first legal move listed at every prompt, for as many prompts as
    /// it takes to finish the game.
    fn first_moves_to_the_end(prefix: &str, opponent: &str) -> String {
        let mut typed = prefix.to_string();
        loop {
            let (game, shown) = play(&typed, opponent, "greedy");
            if game.outcome.reason() != EndReason::Resign {
                return typed;
            }
            let last_list = shown
                .lines()
                .rev()
                .find_map(|l| l.strip_prefix("legal moves: "))
                .unwrap();
            typed.push_str(last_list.split(' ').next().unwrap());
            typed.push('\n');
        }
    }

    #[test]
    fn a_legal_game_plays_to_its_end() {
        let typed = first_moves_to_the_end("", "greedy");
        let (game, shown) = play(&typed, "greedy", "greedy");
        assert_ne!(game.outcome.reason(), EndReason::Resign);
        assert!(
            shown.contains("  1  2  3"),
            "the board with its spot numbers"
        );
        assert!(shown.contains("legal moves: "));
        assert!(!shown.contains("illegal move"));
        let human_moves: Vec<&str> = typed.lines().collect();
        let played: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
        let a_moves: Vec<&str> = played.iter().step_by(2).map(String::as_str).collect();
        assert_eq!(a_moves, human_moves);
    }

    #[test]
    fn illegal_and_unreadable_moves_are_refused_and_listed_again() {
        let (game, shown) = play("1-19\nfive\n5-6\n", "greedy", "greedy");
        assert!(
            shown.contains("illegal move: 1-19 (not one of the legal moves)\nlegal moves: "),
            "{shown}"
        );
        assert!(
            shown.contains("illegal move: five (expected FROM-TO with spots 1 to 19"),
            "{shown}"
        );
        assert_eq!(game.moves[0].to_string(), "5-6");
        assert_eq!(shown.matches("legal moves: ").count(), 4, "{shown}");
    }

    #[test]
    fn undo_takes_back_the_last_pair_and_the_game_replays_from_its_seed() {
        let noisy = "greedy:epsilon=0.5";
        let typed = first_moves_to_the_end("5-6\n6-7\nundo\n4-5\n", noisy);
        let (with, shown) = play(&typed, noisy, "greedy");
        assert!(shown.contains("undo: took back 6-7 "), "{shown}");
        assert_eq!(shown.matches("undo: took back").count(), 1);
        let played: Vec<String> = with.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(played[0], "5-6");
        assert_eq!(played[2], "4-5");
        assert!(played.len() > 20, "{played:?}");
        // The opponent's replies after the take-back are those of a fresh game.
        let (without, _) = play(&typed.replacen("6-7\nundo\n", "", 1), noisy, "greedy");
        assert_eq!(with.moves, without.moves);
        assert_eq!(with.outcome, without.outcome);
        let (_, shown) = play("undo\n", noisy, "greedy");
        assert!(shown.contains("undo: no move of A to take back"), "{shown}");
    }

    #[test]
    fn hint_shows_the_hard_levels_move_and_asks_again() {
        let (game, shown) = play("hint\n", "greedy", "greedy");
        let mut greedy = agents::build::<Leapfrog>("greedy").unwrap();
        greedy.reset(seeds::derive(5, HINT_STREAM, 0));
        let best = greedy.choose(&Leapfrog::start());
        assert!(
            shown.contains(&format!(
                "hint: {best} (level hard would play it)\nlegal moves: "
            )),
            "{shown}"
        );
        assert!(game.moves.is_empty());
        let mut players = vec![Player::Human, Player::Human];
        let mut console =
            Console::<_, Leapfrog>::new(&b"hint\n"[..], Err("no levels file".into()), 5);
        let mut out = Vec::new();
        play_with_humans(
            &Leapfrog::start(),
            &mut players,
            &mut console,
            &setup(5),
            false,
            &mut out,
        )
        .unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("no hint: no levels file"));
    }

    #[test]
    fn quit_and_the_end_of_input_resign() {
        for typed in ["5-6\nquit\n7-8\n", "5-6\n"] {
            let (game, _) = play(typed, "greedy", "greedy");
            assert_eq!(game.outcome.reason(), EndReason::Resign);
            assert_eq!(game.outcome.winner(), Some(Seat::B));
            assert_eq!(game.moves.len(), 2, "{typed:?}");
        }
    }

    #[test]
    fn recorded_moves_replay_and_are_checked() {
        let start = Leapfrog::start();
        assert_eq!(check_recorded_moves(&start, "5-6 15-14"), Ok(()));
        let error = check_recorded_moves(&start, "5-6 5-7").unwrap_err();
        assert!(
            error.starts_with("ply 2 (B): move 5-7 is illegal in "),
            "{error}"
        );
        let mut players = vec![Player::Human, Player::Human];
        let mut recorded = RecordedMoves::new("5-6 15-14 4-5");
        let game = play_with_humans(
            &start,
            &mut players,
            &mut recorded,
            &setup(0),
            false,
            &mut Vec::new(),
        )
        .unwrap();
        assert_eq!(game.moves.len(), 3);
        assert_eq!(game.outcome.reason(), EndReason::Resign);
        assert_eq!(game.outcome.winner(), Some(Seat::A));
    }
}
