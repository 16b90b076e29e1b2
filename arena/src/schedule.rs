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
    /// Which game of its set this is: seat s holds the set's agent (s + rotation) mod the
    /// seats (0 for the first game, 1 for the one with seats swapped).
    pub rotation: usize,
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
                    rotation,
                });
            }
        }
    }
    games
}

/// How many games [`round_robin`] schedules, counted without building the schedule;
/// `None` when the count does not fit in a `u64` (no machine could play them).
pub fn schedule_len(identity: &RunIdentity, players: usize) -> Option<u64> {
    // Combinations of `players` among the agents, built up one factor at a time: each
    // partial product is itself a binomial coefficient, so the division is exact.
    let agents = identity.agent.len() as u128;
    let mut combinations: u128 = 1;
    for chosen in 0..players as u128 {
        if chosen >= agents {
            return Some(0);
        }
        combinations = combinations.checked_mul(agents - chosen)? / (chosen + 1);
    }
    let games = combinations
        .checked_mul(u128::from(identity.games_per_pair))?
        .checked_mul(players as u128)?;
    u64::try_from(games).ok()
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
        assert_eq!(schedule_len(&identity, 2), Some(12));
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
        assert_eq!(schedule_len(&identity, 3), Some(12));
        assert_eq!(schedule_len(&identity, 5), Some(0));
        let many: Vec<String> = (0..5000).map(|i| format!("a{i}")).collect();
        let names: Vec<&str> = many.iter().map(String::as_str).collect();
        let crowd = RunIdentity {
            games_per_pair: u32::MAX,
            ..RunIdentity::for_tests(&names)
        };
        assert_eq!(schedule_len(&crowd, 6), None);
    }
}
