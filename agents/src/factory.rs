//! The factory: builds the agent a spec string names, for one game. The spec's
//! vocabulary (kinds, keys, values) is read by [`crate::spec`]; this module turns it into
//! a playing agent, wrapped in its noise when the spec asks for some.

use std::path::Path;
use std::sync::Arc;

use engine::games::draughts::endgame::Endgame;
use engine::games::draughts::EnglishDraughts;
use engine::Game;

use crate::agent::Agent;
use crate::greedy::GreedyAgent;
use crate::mcts::{MctsAgent, MctsSettings};
use crate::minimax::{MinimaxAgent, MinimaxSettings};
use crate::noise::{Noise, Noisy};
use crate::playouts::Playouts;
use crate::random::RandomAgent;
use crate::solo::Planner;
use crate::solved::Solved;
use crate::spec::{AgentKind, AgentSpec, SpecError};

/// The largest `plan` budget: ten million positions, a few hundred MB of beam at most.
pub const MAX_PLAN: u64 = 10_000_000;

/// A game that every kind of agent can play: it has an evaluation, a playout policy and
/// (possibly empty) exact results. Every game of the engine is one.
pub trait Playable: Playouts + Solved {}

impl<G: Playouts + Solved> Playable for G {}

/// Builds the agent a spec string names, for game `G`. Every value is checked before
/// anything is allocated.
///
/// # Errors
/// A spec that names no agent, a key the agent does not take or gives twice, a bad
/// value, or an agent that cannot play `G`.
pub fn build<G: Playable>(spec: &str) -> Result<Box<dyn Agent<G>>, SpecError> {
    let parsed: AgentSpec = spec.parse()?;
    let noise = Noise::from_spec(&parsed)?;
    let text = parsed.as_str().to_string();
    let agent: Box<dyn Agent<G>> = match parsed.kind {
        AgentKind::Random => Box::new(RandomAgent::<G>::new(text)),
        AgentKind::Greedy => Box::new(GreedyAgent::<G>::new(text)),
        AgentKind::Minimax => {
            let settings = MinimaxSettings::from_spec(&parsed)?;
            let tables = endgame_tables::<G>(&parsed)?;
            let plan = match parsed.get("plan") {
                None => None,
                // The planner keeps every position of a beam round it generates, so
                // the budget bounds its memory too (about 32 bytes a position).
                Some(_) => Some(parsed.integer(
                    "plan",
                    0,
                    1..=MAX_PLAN,
                    "an integer from 1 to 10000000",
                )?),
            };
            let minimax = Box::new(MinimaxAgent::<G>::new(text, settings).with_tables(tables));
            match plan {
                None => minimax,
                Some(nodes) => Box::new(Planner::new(minimax, nodes)),
            }
        }
        AgentKind::Mcts => {
            let settings = MctsSettings::from_spec(&parsed)?;
            let tables = endgame_tables::<G>(&parsed)?;
            Box::new(MctsAgent::<G>::new(text, settings).with_tables(tables))
        }
        AgentKind::Perfect => {
            let table = parsed.get("table").map(Path::new);
            G::perfect_agent(text, table).ok_or_else(|| SpecError::UnsupportedGame {
                agent: "perfect",
                game: G::NAME,
                why: "only a solved game has a perfect player (leapfrog; english endgames with table=FILE)"
                    .into(),
            })??
        }
    };
    Ok(if noise.is_off() {
        agent
    } else {
        Box::new(Noisy::new(agent, noise))
    })
}

/// The endgame tables that `table=FILE` names for a searching agent (loaded once and
/// shared, as for `perfect:table=FILE`), or `None` without the key.
///
/// # Errors
/// A game without endgame tables (only English checkers has them), or a file that is
/// missing, damaged or not such tables.
fn endgame_tables<G: Game>(parsed: &AgentSpec) -> Result<Option<Arc<Endgame>>, SpecError> {
    let Some(path) = parsed.get("table") else {
        return Ok(None);
    };
    let agent = parsed.kind.name();
    if G::NAME != EnglishDraughts::NAME {
        return Err(SpecError::UnsupportedGame {
            agent,
            game: G::NAME,
            why: "table=FILE: only english has endgame tables".into(),
        });
    }
    crate::perfect_english::load_endgame(Path::new(path))
        .map(Some)
        .map_err(|e| SpecError::BadValue {
            agent,
            key: "table".into(),
            value: path.to_string(),
            expected: format!(
                "the endgame tables written by `arena solve english --pieces N --out FILE` ({e})"
            ),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{play_out, RaceToTen};
    use engine::{Game, GameOptions, Leapfrog};

    fn error(spec: &str) -> String {
        build::<Leapfrog>(spec).err().expect(spec).to_string()
    }

    #[test]
    fn unknown_agent_and_key_are_quoted() {
        assert_eq!(
            error("minimix"),
            "unknown agent \"minimix\": expected one of random, greedy, minimax, mcts, perfect"
        );
        assert_eq!(
            error("random:depth=3"),
            "unknown key \"depth\" for agent random: valid keys are epsilon, temperature"
        );
        assert_eq!(
            error("mcts:iteration=5"),
            "unknown key \"iteration\" for agent mcts: valid keys are iterations, c, \
             playout_plies, playout, playout_epsilon, eval, table, epsilon, temperature"
        );
        assert_eq!(
            error("minimax:depth=3,depth=4"),
            "key \"depth\" given twice for agent minimax: valid keys are depth, nodes, \
             tt_mib, search, eval, multi, table, contempt, repeat, plan, epsilon, \
             temperature"
        );
    }

    #[test]
    fn bad_values_say_what_is_expected() {
        assert_eq!(
            error("minimax:depth=abc"),
            "bad value \"abc\" for key \"depth\" of agent minimax: expected an integer \
             from 1 to 64"
        );
        assert_eq!(
            error("greedy:epsilon=1.5"),
            "bad value \"1.5\" for key \"epsilon\" of agent greedy: expected a number \
             from 0 to 1"
        );
        assert_eq!(
            error("minimax:depth"),
            "bad value \"\" for key \"depth\" of agent minimax: expected an integer from 1 \
             to 64"
        );
        for (spec, value) in [
            ("minimax:depth=0", "0"),
            ("minimax:depth=65", "65"),
            ("minimax:nodes=-5", "-5"),
            ("minimax:tt_mib=0", "0"),
            ("minimax:plan=0", "0"),
            ("minimax:plan=10000001", "10000001"),
            ("minimax:search=deep", "deep"),
            ("mcts:iterations=0", "0"),
            ("mcts:iterations=1e4", "1e4"),
            ("mcts:c=-1", "-1"),
            ("mcts:c=nan", "nan"),
            ("mcts:playout_plies=x", "x"),
            ("mcts:playout=smart", "smart"),
            ("mcts:playout_epsilon=2", "2"),
            ("random:epsilon=-0.1", "-0.1"),
            ("greedy:temperature=inf", "inf"),
        ] {
            let message = error(spec);
            assert!(
                message.starts_with(&format!("bad value {value:?}")),
                "{spec}: {message}"
            );
        }
    }

    #[test]
    fn good_specs_build_and_keep_their_text() {
        for spec in [
            "random",
            "greedy",
            "greedy:epsilon=0.1",
            "minimax:depth=6",
            "minimax:nodes=100000,tt_mib=1",
            "minimax:depth=3,temperature=2",
            "mcts",
            "mcts:iterations=5000,c=1.4,epsilon=0.1",
            "mcts:playout_plies=20, temperature=0.5",
            "mcts:playout=greedy,playout_epsilon=0.2",
            "mcts:playout=random",
        ] {
            let agent = build::<Leapfrog>(spec).unwrap();
            assert_eq!(agent.spec(), spec);
        }
    }

    #[test]
    fn every_kind_plays_whole_games_of_three_seats() {
        let start = RaceToTen::new(&GameOptions::new()).unwrap();
        let specs = [
            "random",
            "greedy:temperature=1",
            "minimax:depth=4",
            "mcts:iterations=300",
            "minimax:nodes=500,epsilon=0.2",
            "mcts:iterations=100,temperature=0.5",
        ];
        for seats in specs.windows(3) {
            let mut agents: Vec<Box<dyn Agent<RaceToTen>>> = seats
                .iter()
                .map(|s| build::<RaceToTen>(s).unwrap())
                .collect();
            let mut play = |seed: u64| {
                for (index, agent) in agents.iter_mut().enumerate() {
                    agent.reset(seed * 10 + index as u64);
                }
                let mut refs: Vec<&mut dyn Agent<RaceToTen>> =
                    agents.iter_mut().map(|a| a.as_mut() as _).collect();
                play_out(start.clone(), &mut refs)
            };
            let first = play(1);
            assert_eq!(first.1.players(), 3);
            assert_eq!(play(1), first, "{seats:?} replays from its seeds");
        }
    }
}
