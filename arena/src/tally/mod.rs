//! A run's summaries kept as running aggregates: each game updates them as it finishes
//! (or as a file of games is read back), and the finished [`Aggregates`] give every
//! column of `pairs.csv`, `standings.csv` and `summary.csv` exactly as the list of rows
//! would. What they hold is bounded by the agents, the pairings and the sets still
//! waiting for a game, not by the games: records per ordered pair of agents, each set's
//! bootstrap unit as the index of its kind (a byte a set while there are fewer than 255
//! kinds, since the bootstrap draws sets by their order), a histogram of lengths, counts
//! of results and endings, and the distinct games' hashes, written to a temporary file
//! past 32 Ki of them.

mod distinct;

use std::collections::HashMap;
use std::path::Path;

use crate::error::ArenaError;
use crate::games_csv::{GameRow, SEAT_LABELS};
use crate::stats::{GameResult, GameUnits, LengthCounts, PairRecord, PairScore};

use self::distinct::DistinctGames;

/// The most seats a game has.
const SEATS: usize = 6;

/// What the aggregates need of one game, without its move list.
#[derive(Clone, Copy, Debug, Default)]
struct GameFacts {
    game_id: u64,
    seats: usize,
    /// The agent in each seat, by index.
    agents: [usize; SEATS],
    /// Each seat's place, where the row records places (games of more than two seats).
    places: Option<[u8; SEATS]>,
    /// The seat that won alone.
    winner: Option<usize>,
}

impl GameFacts {
    fn of(row: &GameRow, index: &impl Fn(&str) -> usize) -> GameFacts {
        let mut facts = GameFacts {
            game_id: row.game_id,
            seats: row.seats.len().min(SEATS),
            winner: SEAT_LABELS.iter().position(|label| *label == row.winner),
            ..GameFacts::default()
        };
        for (seat, name) in row.seats.iter().take(SEATS).enumerate() {
            facts.agents[seat] = index(name);
        }
        if !row.places.is_empty() {
            let mut places = [0; SEATS];
            for (seat, place) in row.places.iter().take(SEATS).enumerate() {
                places[seat] = *place;
            }
            facts.places = Some(places);
        }
        facts
    }

    /// The result for the agent that moved first in a two-seat game.
    fn first_result(&self) -> GameResult {
        match self.winner {
            Some(0) => GameResult::Win,
            Some(1) => GameResult::Loss,
            _ => GameResult::Draw,
        }
    }

    /// The result of seat `mine` against seat `theirs`: placed higher wins, level draws.
    fn seat_result(&self, mine: usize, theirs: usize) -> GameResult {
        let Some(places) = self.places else {
            let first = self.first_result();
            return if mine == 0 { first } else { first.flipped() };
        };
        match places[mine].cmp(&places[theirs]) {
            std::cmp::Ordering::Less => GameResult::Win,
            std::cmp::Ordering::Equal => GameResult::Draw,
            std::cmp::Ordering::Greater => GameResult::Loss,
        }
    }
}

/// The games of one set that have finished, while the set waits for the others.
#[derive(Clone, Copy, Debug, Default)]
struct OpenSet {
    games: [GameFacts; SEATS],
    count: usize,
}

/// One agent's record at tables of more than two seats.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TableRecord {
    pub games: u64,
    pub place_sum: u64,
    pub wins: u64,
    pub points: i64,
    pub has_points: bool,
}

/// The QQ跳棋 points for each place at a table of `players`, if the rules give them.
fn place_points(players: usize) -> Option<&'static [i32]> {
    match players {
        3 => Some(&[30, 15, -15]),
        4 => Some(&[35, 25, 15, -15]),
        6 => Some(&[45, 35, 25, 15, -15, -25]),
        _ => None,
    }
}

/// The running aggregates of a run's games, updated by [`Tally::add`].
#[derive(Debug)]
pub struct Tally {
    names: Vec<String>,
    players: usize,
    /// Sets (games `players * k` to `players * k + players - 1`) still missing a game.
    open: HashMap<u64, OpenSet>,
    agg: Aggregates,
    distinct: DistinctGames,
    /// One unit's pair scores, kept to be reused.
    unit: Vec<PairScore>,
}

/// The finished aggregates: everything the summaries are worked out from.
#[derive(Clone, Debug)]
pub(crate) struct Aggregates {
    pub players: usize,
    /// `records[a * agents + b]`: agent a's record against agent b.
    pub records: Vec<PairRecord>,
    /// Each set's bootstrap unit, in the order of the sets.
    pub units: GameUnits,
    /// Each agent's record at tables of more than two seats.
    pub tables: Vec<TableRecord>,
    pub games: u64,
    /// `first_halves[h]`: games in which the first seat scored `h` half-points against
    /// the other seats together.
    pub first_halves: Vec<u64>,
    pub draws: u64,
    pub lengths: LengthCounts,
    /// Games of each ending, in the order of [`engine::EndReason::ALL`].
    pub ends: Vec<u64>,
    pub distinct: u64,
}

impl Tally {
    /// No games yet of a run of the agents `names` at tables of `players` seats; the
    /// distinct games' hashes, past what memory holds, go to a temporary file in `dir`.
    pub fn new(names: Vec<String>, players: usize, dir: &Path) -> Tally {
        let agents = names.len();
        Tally {
            names,
            players,
            open: HashMap::new(),
            agg: Aggregates {
                players,
                records: vec![PairRecord::new(); agents * agents],
                units: GameUnits::new(agents),
                tables: vec![TableRecord::default(); agents],
                games: 0,
                first_halves: vec![0; 2 * SEATS],
                draws: 0,
                lengths: LengthCounts::new(),
                ends: vec![0; engine::EndReason::ALL.len()],
                distinct: 0,
            },
            distinct: DistinctGames::new(dir),
            unit: Vec::new(),
        }
    }

    /// Makes room for the bootstrap units of a run of `games` games at once, so that
    /// their list never grows by copying.
    pub fn expect_games(&mut self, games: u64) {
        let sets = games.div_ceil(self.players as u64);
        self.agg
            .units
            .reserve(usize::try_from(sets).unwrap_or(usize::MAX));
    }

    /// Adds one finished game, each game once, in any order.
    ///
    /// # Errors
    /// The distinct games' temporary file cannot be written.
    pub fn add(&mut self, row: &GameRow) -> Result<(), ArenaError> {
        let names = &self.names;
        // Rows were checked against the schedule: every name is one of the agents'.
        let index = |name: &str| names.iter().position(|n| n == name).unwrap_or(0);
        let facts = GameFacts::of(row, &index);
        self.add_to_summary(row, &facts)?;
        if self.players > 2 {
            self.add_to_tables(&facts);
        }
        let set = row.game_id / self.players as u64;
        let open = self.open.entry(set).or_default();
        open.games[open.count] = facts;
        open.count += 1;
        if open.count == self.players {
            let open = self.open.remove(&set).expect("just filled");
            self.close_set(set, &open);
        }
        Ok(())
    }

    /// `summary.csv`'s counts: results, lengths, endings and distinct games.
    fn add_to_summary(&mut self, row: &GameRow, facts: &GameFacts) -> Result<(), ArenaError> {
        let agg = &mut self.agg;
        agg.games += 1;
        let halves: u8 = (1..facts.seats)
            .map(|seat| facts.seat_result(0, seat).half_points())
            .sum();
        agg.first_halves[usize::from(halves)] += 1;
        agg.draws += u64::from(row.winner == "draw");
        agg.lengths.add(row.plies);
        if let Some(end) = engine::EndReason::ALL
            .iter()
            .position(|reason| reason.as_str() == row.end)
        {
            agg.ends[end] += 1;
        }
        self.distinct
            .add(&row.moves)
            .map_err(|e| ArenaError::failure(format!("cannot count distinct games: {e}")))
    }

    /// Each agent's games, places, wins (alone in first place) and the rules' points.
    fn add_to_tables(&mut self, facts: &GameFacts) {
        let points = place_points(self.players);
        for seat in 0..facts.seats {
            let place = facts.places.map_or(1, |places| places[seat]);
            let record = &mut self.agg.tables[facts.agents[seat]];
            record.games += 1;
            record.place_sum += u64::from(place);
            if facts.winner == Some(seat) {
                record.wins += 1;
            }
            if let Some(points) = points {
                record.points += i64::from(points[usize::from(place) - 1]);
                record.has_points = true;
            }
        }
    }

    /// Adds a set's games (those that finished) to the pair records and its unit to the
    /// bootstrap's, in the set's place.
    fn close_set(&mut self, set: u64, open: &OpenSet) {
        let mut games = open.games;
        let games = &mut games[..open.count];
        games.sort_by_key(|game| game.game_id);
        let agents = self.names.len();
        let records = &mut self.agg.records;
        let slot = usize::try_from(set).expect("sets fit in memory");
        match games {
            // A complete game pair, from both agents' sides: a moved first in one game,
            // b in the other.
            [one, other]
                if self.players == 2
                    && one.agents[0] == other.agents[1]
                    && one.agents[1] == other.agents[0] =>
            {
                let (a, b) = (one.agents[0], one.agents[1]);
                let (first, second) = (one.first_result(), other.first_result().flipped());
                records[a * agents + b].add_pair(first, second);
                records[b * agents + a].add_pair(first.flipped(), second.flipped());
                self.unit.clear();
                self.unit.push(PairScore {
                    agent: a,
                    opponent: b,
                    points: first.score() + second.score(),
                    games: 2.0,
                });
            }
            _ => {
                // Every two seats of every game; the whole set is one bootstrap unit.
                self.unit.clear();
                for game in games.iter() {
                    for mine in 0..game.seats {
                        for theirs in mine + 1..game.seats {
                            let (a, b) = (game.agents[mine], game.agents[theirs]);
                            let result = game.seat_result(mine, theirs);
                            records[a * agents + b].add_game(result);
                            records[b * agents + a].add_game(result.flipped());
                            self.unit.push(PairScore {
                                agent: a,
                                opponent: b,
                                points: result.score(),
                                games: 1.0,
                            });
                        }
                    }
                }
            }
        }
        self.agg.units.set_unit(slot, &self.unit);
    }

    /// The aggregates once every game is in: sets still missing games are closed as
    /// they are, in the order of the sets.
    ///
    /// # Errors
    /// The distinct games' temporary file cannot be read back.
    pub(crate) fn finish(mut self) -> Result<Aggregates, ArenaError> {
        let mut open: Vec<(u64, OpenSet)> = self.open.drain().collect();
        open.sort_by_key(|(set, _)| *set);
        for (set, games) in open {
            self.close_set(set, &games);
        }
        self.agg.units.close_gaps();
        self.agg.distinct = self
            .distinct
            .count()
            .map_err(|e| ArenaError::failure(format!("cannot count distinct games: {e}")))?;
        Ok(self.agg)
    }
}
