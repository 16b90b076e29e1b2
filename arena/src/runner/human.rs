//! A person at the keyboard: the `human` seat of `arena play`, which says which seat is
//! theirs, draws the board, lists the legal moves and reads one line at a time (a move,
//! `help`, `hint`, `undo` or `quit`; moves read as [`super::typed`] reads them).
//! A human seat is one more [`MoveSource`] of the one game loop, so the opening, the ply
//! cap and forfeits are those of every game; a recorded game's human moves replay
//! through the same seat ([`RecordedMoves`]).

use std::io::{self, BufRead, Write};

use std::cell::RefCell;

use agents::{Agent, Playable};
use engine::{Game, Seat};

use super::game::{
    checked_choice, play_game, AgentSeat, GameSetup, MoveSource, PlayedGame, Turn, View,
};
use super::typed;
use crate::seeds;

/// The spec of a seat played by a person.
pub const HUMAN_SPEC: &str = "human";

/// The level whose move `hint` shows.
pub const HINT_LEVEL: &str = "hard";

/// Whether `spec` names a seat played by a person.
pub fn is_human(spec: &str) -> bool {
    spec.trim() == HUMAN_SPEC
}

/// Whoever speaks for the human seats: a person at a [`Console`], or a recorded game
/// replayed ([`RecordedMoves`]).
pub trait HumanSide<G: Game> {
    /// The game starts from `start` with people in `seats`: anything to tell them first
    /// goes to `out`. Nothing by default.
    ///
    /// # Errors
    /// Writing to `out` fails.
    fn introduce(&mut self, start: &G, seats: &[Seat], out: &mut dyn Write) -> io::Result<()> {
        let _ = (start, seats, out);
        Ok(())
    }

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
    ) -> io::Result<Turn<G::Move>>;
}

/// A person at a terminal: reads lines from `input`; first says which seat is theirs
/// and which way it goes, in the board's words; and before each move draws the board
/// (with its spot numbers) and lists the legal moves.
///
/// On its turn it answers a move (in the game's notation, or another way that names one
/// legal move, as [`typed::read_move`] reads it; an illegal or unreadable one is refused
/// with `illegal move: M (reason)` and the list again), `help` or `?` (what can be
/// typed), `hint` (shows what the [`HINT_LEVEL`] level would play, and asks again),
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

impl<R: BufRead, G: Playable> Console<R, G> {
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
        agent.reset(seeds::derive(hint.seed, seeds::HINT_STREAM, ply as u64));
        match checked_choice(&mut **agent, position, &mut Vec::new()) {
            Ok(mv) => format!("hint: {mv} (level {HINT_LEVEL} would play it)"),
            Err(why) => format!("no hint: level {HINT_LEVEL} ({spec}) failed: {why}"),
        }
    }
}

impl<R: BufRead, G: Playable> HumanSide<G> for Console<R, G> {
    fn introduce(&mut self, start: &G, seats: &[Seat], out: &mut dyn Write) -> io::Result<()> {
        for &seat in seats {
            writeln!(out, "{}", typed::introduction(start, seat))?;
        }
        Ok(())
    }

    fn request(
        &mut self,
        position: &G,
        ply: usize,
        out: &mut dyn Write,
    ) -> io::Result<Turn<G::Move>> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let list: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
        // The prompt names the seat as the board does ("Black (A)"), so that the two
        // never seem to speak of different sides.
        let seat = typed::seat_label(position, position.to_move());
        writeln!(out, "\n{}", position.render())?;
        loop {
            writeln!(out, "legal moves: {}", list.join(" "))?;
            write!(
                out,
                "[ply {}] {seat} to play (a move, help, hint, undo or quit): ",
                ply + 1,
            )?;
            out.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                // The end of the input: the prompt's line is left open, so close it.
                writeln!(out)?;
                return Ok(Turn::Resign);
            }
            let text = line.trim();
            if self.echo {
                writeln!(out, "{text}")?;
            }
            match text {
                "" => continue,
                "quit" => return Ok(Turn::Resign),
                "undo" => return Ok(Turn::Undo),
                "hint" => {
                    let hint = self.hint_line(position, ply);
                    writeln!(out, "{hint}")?;
                    continue;
                }
                "help" | "?" => {
                    writeln!(out, "{}", typed::help::<G>(&moves, HINT_LEVEL))?;
                    continue;
                }
                _ => {}
            }
            match typed::read_move(position, &moves, text) {
                Ok(mv) => return Ok(Turn::Play(mv)),
                Err(why) => writeln!(out, "illegal move: {text} ({why})")?,
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
    ) -> io::Result<Turn<G::Move>> {
        let recorded = self
            .moves
            .get(ply)
            .and_then(|text| position.parse_move(text).ok())
            .filter(|mv| position.is_legal(*mv));
        Ok(recorded.map_or(Turn::Resign, Turn::Play))
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
        position.play_unchecked(mv);
    }
    Ok(())
}

/// A seat played by a person: its turns are asked of the [`HumanSide`] shared by every
/// human seat of the game (one console, or one recorded game).
pub struct HumanSeat<'a, 'b, G: Game> {
    side: &'a RefCell<&'b mut dyn HumanSide<G>>,
}

impl<'a, 'b, G: Game> HumanSeat<'a, 'b, G> {
    /// A seat speaking through `side`.
    pub fn new(side: &'a RefCell<&'b mut dyn HumanSide<G>>) -> HumanSeat<'a, 'b, G> {
        HumanSeat { side }
    }
}

impl<G: Game> MoveSource<G> for HumanSeat<'_, '_, G> {
    fn reset(&mut self, _seed: u64) {}

    fn turn(
        &mut self,
        position: &G,
        ply: usize,
        _legal: &[G::Move],
        out: &mut dyn Write,
    ) -> io::Result<Turn<G::Move>> {
        self.side.borrow_mut().request(position, ply, out)
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}
}

/// A seat at the table: a person, or an agent.
pub enum Player<G: Game> {
    /// A person, through the game's [`HumanSide`].
    Human,
    /// An agent built from a spec.
    Agent(AgentSeat<G>),
}

impl<G: Playable> Player<G> {
    /// The player an entry names: [`HUMAN_SPEC`], an agent's spec, or a program with its
    /// settings.
    ///
    /// # Errors
    /// A spec that names no agent.
    pub fn build(
        entry: &crate::config::AgentEntry,
        game: &engine::GameSpec,
        seating: &crate::external::Seating,
    ) -> Result<Player<G>, crate::error::ArenaError> {
        if entry.command.is_none() && is_human(&entry.spec) {
            Ok(Player::Human)
        } else {
            crate::external::build::<G>(entry, game, seating)
                .map(|agent| Player::Agent(AgentSeat::new(agent)))
        }
    }
}

/// Plays one game from `start`, `players[i]` in seat i, the human seats speaking through
/// `humans`, shown on `view`: the game loop of every game
/// ([`crate::runner::game::play_game`]), with people in some seats.
///
/// # Errors
/// Reading the input or writing the view fails.
///
/// # Panics
/// When `players` does not hold one player per seat.
pub fn play_with_humans<G: Game, V: View<G>>(
    start: &G,
    players: &mut [Player<G>],
    humans: &mut dyn HumanSide<G>,
    setup: &GameSetup,
    view: &mut V,
) -> io::Result<PlayedGame<G::Move>> {
    let people: Vec<Seat> = players
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Player::Human))
        .map(|(index, _)| Seat::new(index))
        .collect();
    humans.introduce(start, &people, view.out())?;
    let side = RefCell::new(humans);
    let mut human_seats: Vec<HumanSeat<'_, '_, G>> = players
        .iter()
        .filter(|p| matches!(p, Player::Human))
        .map(|_| HumanSeat::new(&side))
        .collect();
    let mut humans_left = human_seats.iter_mut();
    let mut seats: Vec<&mut dyn MoveSource<G>> = players
        .iter_mut()
        .map(|player| -> &mut dyn MoveSource<G> {
            match player {
                Player::Agent(agent) => agent,
                Player::Human => humans_left.next().expect("one seat a human"),
            }
        })
        .collect();
    play_game(start, &mut seats, setup, view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::{Printed, Quiet};
    use engine::{EndReason, Leapfrog};

    fn setup(seed: u64) -> GameSetup {
        GameSetup {
            seed,
            rotation: 0,
            opening_plies: 0,
            opening_draw: 0,
            max_plies: 200,
        }
    }

    /// Plays a human (seat A) against `opponent` (seat B) with `input` typed; returns the
    /// game and what was shown.
    fn play(input: &str, opponent: &str, hint: &str) -> (PlayedGame<engine::LeapfrogMove>, String) {
        let players = vec![
            Player::Human,
            Player::Agent(AgentSeat::new(agents::build::<Leapfrog>(opponent).unwrap())),
        ];
        play_seated(players, input, Ok(hint.into()))
    }

    /// Plays `players` with `input` typed and `hint` as the hint level's spec (or why
    /// there is none); returns the game and what was shown.
    fn play_seated(
        mut players: Vec<Player<Leapfrog>>,
        input: &str,
        hint: Result<String, String>,
    ) -> (PlayedGame<engine::LeapfrogMove>, String) {
        let mut console = Console::<_, Leapfrog>::new(input.as_bytes(), hint, 5);
        let mut out = Vec::new();
        let game = play_with_humans(
            &Leapfrog::start(),
            &mut players,
            &mut console,
            &setup(5),
            &mut Printed {
                out: &mut out,
                show: false,
            },
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
        greedy.reset(seeds::derive(5, seeds::HINT_STREAM, 0));
        let best = greedy.choose(&Leapfrog::start());
        assert!(
            shown.contains(&format!(
                "hint: {best} (level hard would play it)\nlegal moves: "
            )),
            "{shown}"
        );
        assert!(game.moves.is_empty());
        let players = vec![Player::Human, Player::Human];
        let (_, shown) = play_seated(players, "hint\n", Err("no levels file".into()));
        assert!(shown.contains("no hint: no levels file"));
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
    fn the_person_is_told_their_seat_and_help_lists_what_can_be_typed() {
        let (game, shown) = play("help\n?\n5 6\n", "greedy", "greedy");
        assert!(
            shown.starts_with(
                "You play A: the A pieces, moving right: from spots 1-5 to fill spots \
                 15-19. Type help for what you can type.\n"
            ),
            "{shown}"
        );
        assert_eq!(shown.matches("What you can type:").count(), 2, "{shown}");
        assert!(shown.contains("(e.g. 5-6)"), "{shown}");
        assert!(!shown.contains("illegal move"), "{shown}");
        assert!(
            shown.contains("[ply 1] A to play (a move, help, hint, undo or quit): "),
            "{shown}"
        );
        assert_eq!(game.moves[0].to_string(), "5-6");
    }

    #[test]
    fn the_prompt_names_the_side_as_the_board_does() {
        use engine::games::draughts::English;
        type English8 = engine::Draughts<English>;
        let mut players = vec![Player::<English8>::Human, Player::Human];
        let mut console = Console::<_, English8>::new("quit\n".as_bytes(), Err("none".into()), 1);
        let mut out = Vec::new();
        play_with_humans(
            &English8::start(),
            &mut players,
            &mut console,
            &setup(1),
            &mut Printed {
                out: &mut out,
                show: false,
            },
        )
        .unwrap();
        let shown = String::from_utf8(out).unwrap();
        assert!(
            shown.starts_with("You play Black (A): the b men"),
            "{shown}"
        );
        assert!(shown.contains("\nYou play White (B): the w men"), "{shown}");
        assert!(shown.contains("Black to move"), "{shown}");
        assert!(shown.contains("] Black (A) to play ("), "{shown}");
    }

    #[test]
    fn a_resigner_comes_last_and_the_others_keep_their_order() {
        use engine::ChineseCheckers;
        let mut options = engine::GameOptions::new();
        options.set("players", "3");
        let start = ChineseCheckers::new(&options).unwrap();
        let mut players = vec![Player::Human, Player::Human, Player::Human];
        // A steps forward, then B resigns: A is ahead of C, who has not moved.
        let mut recorded = RecordedMoves::new("4-15");
        let game = play_with_humans(
            &start,
            &mut players,
            &mut recorded,
            &setup(0),
            &mut Quiet::new(),
        )
        .unwrap();
        assert_eq!(game.outcome.reason(), EndReason::Resign);
        let places: Vec<u8> = Seat::all(3).map(|s| game.outcome.place(s)).collect();
        assert_eq!(places, [1, 3, 2]);
        assert_eq!(game.outcome.winner(), Some(Seat::A));
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
            &mut Quiet::new(),
        )
        .unwrap();
        assert_eq!(game.moves.len(), 3);
        assert_eq!(game.outcome.reason(), EndReason::Resign);
        assert_eq!(game.outcome.winner(), Some(Seat::A));
    }
}
