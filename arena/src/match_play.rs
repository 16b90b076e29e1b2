//! One game between agents: the seeded random opening, the agents' moves, forfeits for
//! panics, illegal moves and the faults of agents that run as programs, and the ply cap.

use std::panic::{catch_unwind, AssertUnwindSafe};

use agents::{Agent, Forfeit};
use engine::{EndReason, Game, Outcome, Seat, Status};
use rand::Rng;

use crate::seeds;

/// How a game is set up, apart from who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The game's seed: the opening and every agent's seed derive from it.
    pub seed: u64,
    /// Seeded random plies played before the agents take over.
    pub opening_plies: u32,
    /// The game stops here, and progress decides.
    pub max_plies: u32,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame<M> {
    /// Every move, opening plies included.
    pub moves: Vec<M>,
    /// How it ended.
    pub outcome: Outcome,
    /// The seat that forfeited and why, if one did.
    pub forfeit: Option<(Seat, String)>,
}

/// Plays one game from `start`, `agents[i]` in seat i. `on_move` sees each position
/// before its move is played.
pub fn play_game<G: Game>(
    start: &G,
    agents: &mut [&mut dyn Agent<G>],
    setup: &GameSetup,
    mut on_move: impl FnMut(&G, G::Move),
) -> PlayedGame<G::Move> {
    let players = start.players();
    assert_eq!(agents.len(), players, "one agent per seat");
    for (seat, agent) in agents.iter_mut().enumerate() {
        agent.reset(seeds::agent_seed(setup.seed, seat));
    }
    let mut position = start.clone();
    let mut played = Vec::new();
    let mut buffer = Vec::new();
    let mut opening = seeds::opening_rng(setup.seed);
    let finish = |played, outcome| PlayedGame {
        moves: played,
        outcome,
        forfeit: None,
    };
    loop {
        if let Status::Over(outcome) = position.status() {
            return finish(played, outcome);
        }
        let ply = played.len() as u32;
        if ply >= setup.max_plies {
            return finish(played, position.outcome_by_progress(EndReason::PlyCap));
        }
        let seat = position.to_move();
        let mv = if ply < setup.opening_plies {
            position.generate_moves(&mut buffer);
            buffer[opening.random_range(0..buffer.len())]
        } else {
            match checked_choice(&mut *agents[seat.index()], &position, &mut buffer) {
                Ok(mv) => mv,
                Err(why) => return forfeit(played, seat, players, why),
            }
        };
        on_move(&position, mv);
        for agent in agents.iter_mut() {
            agent.observe(&position, mv);
        }
        position.play(mv);
        played.push(mv);
    }
}

/// The move `agent` chooses in `position`, or why its seat forfeits: an illegal move, a
/// panic, or the agent's own [`Forfeit`] (a program's crash or timeout, a resignation).
/// `legal` is a buffer for the legal moves, reused so that no ply allocates.
pub(crate) fn checked_choice<G: Game>(
    agent: &mut dyn Agent<G>,
    position: &G,
    legal: &mut Vec<G::Move>,
) -> Result<G::Move, Forfeit> {
    match catch_unwind(AssertUnwindSafe(|| agent.try_choose(position))) {
        Ok(Ok(mv)) if is_legal(position, mv, legal) => Ok(mv),
        Ok(Ok(mv)) => Err(Forfeit {
            reason: EndReason::Illegal,
            detail: format!("illegal move {mv}"),
        }),
        Ok(Err(forfeit)) => Err(forfeit),
        Err(panic) => Err(Forfeit {
            reason: EndReason::Forfeit,
            detail: panic_message(&*panic),
        }),
    }
}

/// Whether `mv` is one of the legal moves of `position`, an ongoing game.
fn is_legal<G: Game>(position: &G, mv: G::Move, legal: &mut Vec<G::Move>) -> bool {
    position.generate_moves(legal);
    legal.contains(&mv)
}

/// The game `moves` ended by `seat` forfeiting, for `why`.
pub(crate) fn forfeit<M>(moves: Vec<M>, seat: Seat, players: usize, why: Forfeit) -> PlayedGame<M> {
    // The seat that forfeits comes last; the others share first place.
    let scores: Vec<i32> = Seat::all(players).map(|s| i32::from(s != seat)).collect();
    PlayedGame {
        moves,
        outcome: Outcome::from_scores(&scores, why.reason),
        forfeit: Some((seat, why.detail)),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    format!("panicked: {text}")
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
        let mut a = Scripted { behaviour: first };
        let mut b = Scripted { behaviour: second };
        play_game(&Leapfrog::start(), &mut [&mut a, &mut b], &setup, |_, _| {})
    }

    #[test]
    fn illegal_moves_and_panics_forfeit() {
        let setup = GameSetup {
            seed: 1,
            opening_plies: 0,
            max_plies: 200,
        };
        let game = play(0, 1, setup);
        assert_eq!(game.outcome.winner(), Some(Seat::A));
        assert_eq!(game.outcome.reason(), EndReason::Illegal);
        assert_eq!(game.moves.len(), 1);
        let game = play(2, 0, setup);
        assert_eq!(game.outcome.winner(), Some(Seat::B));
        assert_eq!(game.outcome.reason(), EndReason::Forfeit);
        assert_eq!(game.forfeit.unwrap().1, "panicked: out of ideas");
    }

    #[test]
    fn ply_cap_lets_progress_decide() {
        let setup = GameSetup {
            seed: 1,
            opening_plies: 3,
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
            opening_plies: 12,
            max_plies: 12,
        };
        let openings: std::collections::HashSet<_> =
            (0..20).map(|seed| play(0, 0, setup(seed)).moves).collect();
        assert!(openings.len() > 5);
        assert_eq!(play(0, 0, setup(3)).moves, play(0, 0, setup(3)).moves);
    }
}
