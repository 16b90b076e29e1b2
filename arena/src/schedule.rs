//! The round-robin schedule: every combination of agents (every pair, for two-seat
//! games) plays the configured number of game sets; the games of a set share a seed (so
//! an opening) and rotate the agents through every seat.

use crate::config::RunIdentity;
use crate::seeds;

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Position in the schedule, from 0. The games of one set are consecutive, so the set
    /// of a game is `game_id / players`.
    pub game_id: u64,
    /// Which combination of agents, in lexicographic order: (0,1), (0,2), ..., (1,2), ...
    pub pairing: usize,
    /// The game's seed, shared with the other games of its set.
    pub seed: u64,
    /// The agent (an index into the config's agents) in each seat, in turn order.
    pub seats: Vec<usize>,
}

/// Every game of a round-robin among `identity`'s agents at tables of `players` seats,
/// in game_id order. With two seats a set is a game pair: the second game swaps seats.
pub fn round_robin(identity: &RunIdentity, players: usize) -> Vec<ScheduledGame> {
    let mut games = Vec::new();
    for (pairing, combination) in combinations(identity.agent.len(), players)
        .iter()
        .enumerate()
    {
        for set in 0..identity.games_per_pair {
            let seed = seeds::pair_seed(identity.seed, pairing, set);
            for rotation in 0..players {
                let seats = (0..players)
                    .map(|seat| combination[(seat + rotation) % players])
                    .collect();
                games.push(ScheduledGame {
                    game_id: games.len() as u64,
                    pairing,
                    seed,
                    seats,
                });
            }
        }
    }
    games
}

/// Every way to choose `size` of `count` agents, each as increasing indices, in
/// lexicographic order.
pub fn combinations(count: usize, size: usize) -> Vec<Vec<usize>> {
    fn extend(
        start: usize,
        count: usize,
        size: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == size {
            out.push(chosen.clone());
            return;
        }
        for next in start..count {
            chosen.push(next);
            extend(next + 1, count, size, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(0, count, size, &mut Vec::with_capacity(size), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_seeds_and_swap_seats() {
        let mut identity = RunIdentity::for_tests(&["a", "b", "c"]);
        identity.games_per_pair = 2;
        let games = round_robin(&identity, 2);
        assert_eq!(games.len(), 3 * 2 * 2);
        assert_eq!(games[0].seats, [0, 1]);
        assert_eq!(games[1].seats, [1, 0]);
        assert_eq!(games[0].seed, games[1].seed);
        assert_ne!(games[0].seed, games[2].seed);
        assert_eq!((games[11].pairing, &games[11].seats[..]), (2, &[2, 1][..]));
    }

    #[test]
    fn sets_of_three_rotate_every_agent_through_every_seat() {
        let mut identity = RunIdentity::for_tests(&["a", "b", "c", "d"]);
        identity.games_per_pair = 1;
        assert_eq!(combinations(4, 3).len(), 4);
        let games = round_robin(&identity, 3);
        assert_eq!(games.len(), 4 * 3);
        let seats: Vec<&[usize]> = games[..3].iter().map(|g| &g.seats[..]).collect();
        assert_eq!(seats, [&[0, 1, 2][..], &[1, 2, 0], &[2, 0, 1]]);
        assert!(games[..3].iter().all(|g| g.seed == games[0].seed));
        assert_eq!(games[3].seats, [0, 1, 3]);
    }
}
