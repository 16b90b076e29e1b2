//! The round-robin schedule: every combination of agents (every pair, for two-seat
//! games) plays the configured number of game sets; the games of a set share a seed (so
//! an opening) and rotate the agents through every seat.

use crate::seeds;

/// What a round-robin's games follow from: how many agents, the game sets each
/// combination of them plays, the seats at a table and the master seed. A run's config
/// gives it (`RunIdentity::round_robin`, in the config module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    /// The agents, counted.
    pub agents: usize,
    /// Game sets per combination of agents (a game pair with two seats).
    pub games_per_pair: u32,
    /// The seats at a table.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
}

impl RoundRobin {
    /// How many games the round-robin holds, counted without building its [`Schedule`];
    /// `None` when the count does not fit in a `u64` (no machine could play them).
    pub fn games(&self) -> Option<u64> {
        // Combinations of `players` among the agents, built up one factor at a time: each
        // partial product is itself a binomial coefficient, so the division is exact.
        let agents = self.agents as u128;
        let mut combinations: u128 = 1;
        for chosen in 0..self.players as u128 {
            if chosen >= agents {
                return Some(0);
            }
            combinations = combinations.checked_mul(agents - chosen)? / (chosen + 1);
        }
        let games = combinations
            .checked_mul(u128::from(self.games_per_pair))?
            .checked_mul(self.players as u128)?;
        u64::try_from(games).ok()
    }
}

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
    /// The games of `round_robin`. The caller has checked that its length fits (the
    /// config does, see [`RoundRobin::games`]); a longer one is cut at `u64::MAX` games.
    pub fn new(round_robin: RoundRobin) -> Schedule {
        Schedule {
            combinations: combinations(round_robin.agents, round_robin.players),
            games_per_pair: u64::from(round_robin.games_per_pair),
            players: round_robin.players,
            seed: round_robin.seed,
            len: round_robin.games().unwrap_or(u64::MAX),
        }
    }

    /// How many games it holds.
    pub fn len(&self) -> u64 {
        self.len
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
            rotation,
        })
    }
}

/// Every game of `round_robin`, in game_id order, in one list (for the tests; runs use
/// [`Schedule`]).
#[cfg(test)]
fn all_games(round_robin: RoundRobin) -> Vec<ScheduledGame> {
    let schedule = Schedule::new(round_robin);
    (0..schedule.len())
        .filter_map(|id| schedule.get(id))
        .collect()
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

    /// A round-robin of `agents` agents at tables of `players`, seed 1.
    fn of(agents: usize, games_per_pair: u32, players: usize) -> RoundRobin {
        RoundRobin {
            agents,
            games_per_pair,
            players,
            seed: 1,
        }
    }

    #[test]
    fn pairs_share_seeds_and_swap_seats() {
        let games = all_games(of(3, 2, 2));
        assert_eq!(games.len(), 3 * 2 * 2);
        assert_eq!(games[0].seats, [0, 1]);
        assert_eq!(games[1].seats, [1, 0]);
        assert_eq!(games[0].seed, games[1].seed);
        assert_ne!(games[0].seed, games[2].seed);
        assert_eq!((games[11].pairing, &games[11].seats[..]), (2, &[2, 1][..]));
        assert_eq!(of(3, 2, 2).games(), Some(12));
        let lazy = Schedule::new(of(3, 2, 2));
        assert_eq!(lazy.len(), 12);
        assert!(games
            .iter()
            .all(|g| lazy.get(g.game_id).as_ref() == Some(g)));
        assert_eq!(lazy.get(12), None);
    }

    #[test]
    fn a_schedule_of_four_billion_pairs_takes_no_memory() {
        let schedule = Schedule::new(of(3, u32::MAX, 2));
        assert_eq!(schedule.len(), 3 * 2 * u64::from(u32::MAX));
        let last = schedule.get(schedule.len() - 1).unwrap();
        assert_eq!((last.pairing, &last.seats[..]), (2, &[2, 1][..]));
    }

    #[test]
    fn sets_of_three_rotate_every_agent_through_every_seat() {
        assert_eq!(combinations(4, 3).len(), 4);
        let games = all_games(of(4, 1, 3));
        assert_eq!(games.len(), 4 * 3);
        let seats: Vec<&[usize]> = games[..3].iter().map(|g| &g.seats[..]).collect();
        assert_eq!(seats, [&[0, 1, 2][..], &[1, 2, 0], &[2, 0, 1]]);
        assert!(games[..3].iter().all(|g| g.seed == games[0].seed));
        assert_eq!(games[3].seats, [0, 1, 3]);
        assert_eq!(of(4, 1, 3).games(), Some(12));
        assert_eq!(of(4, 1, 5).games(), Some(0));
        assert_eq!(of(5000, u32::MAX, 6).games(), None);
    }
}
