//! The round-robin schedule: every pair of agents plays the configured number of game
//! pairs, the two games of a pair sharing a seed (so an opening) and swapping seats.

use crate::config::RunIdentity;
use crate::seeds;

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Position in the schedule, from 0; the two games of pair k of a pairing are
    /// consecutive, the first of them even.
    pub game_id: u64,
    /// Which pairing of agents, in the order (0,1), (0,2), ..., (1,2), ...
    pub pairing: usize,
    /// The game's seed, shared with the other game of its pair.
    pub seed: u64,
    /// Index of the agent that moves first.
    pub first: usize,
    /// Index of the agent that moves second.
    pub second: usize,
}

/// Every game of a round-robin among `identity`'s agents, in game_id order.
pub fn round_robin(identity: &RunIdentity) -> Vec<ScheduledGame> {
    let agents = identity.agent.len();
    let mut games = Vec::new();
    let mut pairing = 0;
    for one in 0..agents {
        for other in one + 1..agents {
            for pair in 0..identity.games_per_pair {
                let seed = seeds::pair_seed(identity.seed, pairing, pair);
                for (first, second) in [(one, other), (other, one)] {
                    games.push(ScheduledGame {
                        game_id: games.len() as u64,
                        pairing,
                        seed,
                        first,
                        second,
                    });
                }
            }
            pairing += 1;
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_seeds_and_swap_seats() {
        let mut identity = RunIdentity::for_tests(&["a", "b", "c"]);
        identity.games_per_pair = 2;
        let games = round_robin(&identity);
        assert_eq!(games.len(), 3 * 2 * 2);
        assert_eq!((games[0].first, games[0].second), (0, 1));
        assert_eq!((games[1].first, games[1].second), (1, 0));
        assert_eq!(games[0].seed, games[1].seed);
        assert_ne!(games[0].seed, games[2].seed);
        assert_eq!(
            (games[11].pairing, games[11].first, games[11].second),
            (2, 2, 1)
        );
    }
}
