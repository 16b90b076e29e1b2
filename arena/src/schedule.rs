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

/// The games of a round-robin, each computed from its id when asked for: the schedule
/// of a run of any length takes the memory of its combinations of agents only, and a
/// long run starts at once.
#[derive(Clone, Debug)]
pub struct Schedule {
    combinations: Vec<Vec<usize>>,
    games_per_pair: u64,
    players: usize,
    seed: u64,
    len: u64,
}

impl Schedule {
    /// The round-robin among `identity`'s agents at tables of `players` seats. The
    /// caller has checked that its length fits (the config does, see
    /// [`schedule_len`]); a longer one is cut at `u64::MAX` games.
    pub fn new(identity: &RunIdentity, players: usize) -> Schedule {
        Schedule {
            combinations: combinations(identity.agent.len(), players),
            games_per_pair: u64::from(identity.games_per_pair),
            players,
            seed: identity.seed,
            len: schedule_len(identity, players).unwrap_or(u64::MAX),
        }
    }

    /// How many games it holds.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether it holds no game.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The game with id `game_id`, if the schedule has one. With two seats a set is a
    /// game pair: the second game swaps seats.
    pub fn get(&self, game_id: u64) -> Option<ScheduledGame> {
        if game_id >= self.len {
            return None;
        }
        let players = self.players as u64;
        let set_index = game_id / players;
        let rotation = (game_id % players) as usize;
        let pairing = (set_index / self.games_per_pair) as usize;
        let set = (set_index % self.games_per_pair) as u32;
        let combination = &self.combinations[pairing];
        Some(ScheduledGame {
            game_id,
            pairing,
            seed: seeds::pair_seed(self.seed, pairing, set),
            seats: (0..self.players)
                .map(|seat| combination[(seat + rotation) % self.players])
                .collect(),
        })
    }
}

/// Every game of a round-robin among `identity`'s agents at tables of `players` seats,
/// in game_id order, in one list (for small schedules; runs use [`Schedule`]).
pub fn round_robin(identity: &RunIdentity, players: usize) -> Vec<ScheduledGame> {
    let schedule = Schedule::new(identity, players);
    (0..schedule.len())
        .filter_map(|id| schedule.get(id))
        .collect()
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
        let lazy = Schedule::new(&identity, 2);
        assert_eq!(lazy.len(), 12);
        assert!(games
            .iter()
            .all(|g| lazy.get(g.game_id).as_ref() == Some(g)));
        assert_eq!(lazy.get(12), None);
    }

    #[test]
    fn a_schedule_of_four_billion_pairs_takes_no_memory() {
        let identity = RunIdentity {
            games_per_pair: u32::MAX,
            ..RunIdentity::for_tests(&["a", "b", "c"])
        };
        let schedule = Schedule::new(&identity, 2);
        assert_eq!(schedule.len(), 3 * 2 * u64::from(u32::MAX));
        let last = schedule.get(schedule.len() - 1).unwrap();
        assert_eq!((last.pairing, &last.seats[..]), (2, &[2, 1][..]));
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
