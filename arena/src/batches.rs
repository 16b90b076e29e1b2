//! The games a calibration (or a sequential test) plays, in batches of game pairs: played
//! on the runner, appended to the output folder's `games.csv` at each batch's end (the
//! schema of a calibration's `games.csv`, with each seat's search totals), and read back
//! on `--resume`, so that a resumed run takes the same decisions from the same games.
//!
//! `games.csv` holds each batch's games in the order they were scheduled, whatever the
//! threads, so a batch's rows wait for its last game. A batch can take an hour (a final
//! round-robin of million-position searches), so each game also reaches the batch file
//! ([`BATCH_FILE`]) within about a second of finishing, in the order the games finish; a
//! resumed run takes the interrupted batch's games from it, and the file is removed once
//! the batch is in `games.csv`.
//!
//! With two players a matchup plays game pairs (the second game swaps the seats). With
//! 3 to 6 players it plays game sets instead: N games from one opening, the agent `one`
//! in a different seat in each (as a tournament's table rotates) and `other` in every
//! other seat; each row then names `one` as `first` and `other` as `second`, and adds
//! the seat `one` played and every seat's place.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use agents::Playable;
use engine::{Game, Seat};
use serde::{Deserialize, Serialize};

use crate::config::AgentEntry;
use crate::error::ArenaError;
use crate::output::write_atomically;
use crate::runner::writer::RowWriter;
use crate::runner::{Finished, Job, Order, Runner};
use crate::seeds;
use crate::stats::{GameResult, PairRecord, SetRecord};

/// The file beside `games.csv` that holds the games of the batch in play, as they finish:
/// hidden, as the arena's other temporaries are, and gone once the batch is recorded.
pub const BATCH_FILE: &str = ".games-in-batch.csv";

/// The header of a calibration's `games.csv`.
pub const HEADER: &str = "game_id,batch,seed,first,second,winner,plies,end,first_moves,\
first_nodes,first_iterations,second_moves,second_nodes,second_iterations,moves";

/// One game as a calibration's `games.csv` records it. `first` and `second` are spec
/// strings (quoted when they hold commas); the search counts are totals over the agent's
/// own moves, so that mean nodes or iterations per move survive a resume.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchGame {
    /// Position among all games of the run, from 0.
    pub game_id: u64,
    /// The batch it belongs to, from 0.
    pub batch: u64,
    /// The game's seed, shared with the other game of its pair.
    pub seed: u64,
    /// Spec of the agent that moved first.
    pub first: String,
    /// Spec of the agent that moved second.
    pub second: String,
    /// `first`, `second` or `draw`.
    pub winner: String,
    /// Plies played, opening included.
    pub plies: u32,
    /// How the game ended.
    pub end: String,
    /// Moves the first agent chose.
    pub first_moves: u64,
    /// Nodes its searches visited, in all.
    pub first_nodes: u64,
    /// MCTS iterations it ran, in all.
    pub first_iterations: u64,
    /// Moves the second agent chose.
    pub second_moves: u64,
    /// Nodes its searches visited, in all.
    pub second_nodes: u64,
    /// MCTS iterations it ran, in all.
    pub second_iterations: u64,
    /// The moves in the game's notation, space-separated.
    pub moves: String,
    /// Games of 3 to 6 players only (left out of two-player rows): the seat the agent
    /// `first` played (`A` to `F`); `second` played every other seat, and the
    /// `second_*` totals add its seats up.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub seat: String,
    /// Games of 3 to 6 players only: each seat's place (1 is best), space-separated in
    /// seat order.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub places: String,
}

/// The header of a calibration's `games.csv` with 3 to 6 players.
pub const HEADER_MANY: &str = "game_id,batch,seed,first,second,winner,plies,end,first_moves,\
first_nodes,first_iterations,second_moves,second_nodes,second_iterations,moves,seat,places";

impl BatchGame {
    /// Whether this is the game a run schedules as batch `batch`'s game with `seed`,
    /// `first` against `second`.
    fn is(&self, batch: u64, seed: u64, first: &str, second: &str) -> bool {
        self.batch == batch && self.seed == seed && self.first == first && self.second == second
    }

    /// The result for the agent that moved first.
    pub fn first_result(&self) -> GameResult {
        match self.winner.as_str() {
            "first" => GameResult::Win,
            "second" => GameResult::Loss,
            _ => GameResult::Draw,
        }
    }

    /// Half-points of the agent `first` against each of the other seats (two for a seat
    /// it finished ahead of, one for a seat level with it), and the seats it met: two
    /// and one for a two-player game won.
    pub fn half_points(&self) -> (u64, u64) {
        let places = self.places();
        let mine = self
            .seat
            .bytes()
            .next()
            .map(|b| usize::from(b.saturating_sub(b'A')));
        match mine {
            Some(mine) if mine < places.len() => {
                (half_points_at(&places, mine), places.len() as u64 - 1)
            }
            _ => (u64::from(self.first_result().half_points()), 1),
        }
    }

    /// Half-points of seat A (the seat that moved first) against each of the other seats,
    /// as [`BatchGame::half_points`] counts them.
    pub fn first_seat_half_points(&self) -> u64 {
        let places = self.places();
        if places.is_empty() {
            u64::from(self.first_result().half_points())
        } else {
            half_points_at(&places, 0)
        }
    }

    /// Each seat's place (games of 3 to 6 players; empty with two).
    fn places(&self) -> Vec<u8> {
        self.places
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
    }

    /// Search totals `(moves, nodes, iterations)` of the seat that `spec` played, when
    /// it played this game.
    pub fn search_of(&self, spec: &str) -> Option<(u64, u64, u64)> {
        if self.first == spec {
            Some((self.first_moves, self.first_nodes, self.first_iterations))
        } else if self.second == spec {
            Some((self.second_moves, self.second_nodes, self.second_iterations))
        } else {
            None
        }
    }
}

/// Half-points of seat `seat` against each other seat, by `places`: two for a seat it
/// finished ahead of, one for a seat level with it.
fn half_points_at(places: &[u8], seat: usize) -> u64 {
    places
        .iter()
        .enumerate()
        .filter(|(other, _)| *other != seat)
        .map(|(_, place)| match place.cmp(&places[seat]) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        })
        .sum()
}

/// The games of one pair (two players: the agent named `one` first in the first game,
/// second in the other) or of one set (3 to 6 players: `one` in seat A, then in the
/// seats before it round the table, as [`BatchPlayer::play_batch`] rotates them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedPair {
    /// The games, in the order played.
    pub games: Vec<BatchGame>,
}

impl PlayedPair {
    /// The pair's results for the agent `one` (two players).
    pub fn results(&self) -> (GameResult, GameResult) {
        (
            self.games[0].first_result(),
            self.games[1].first_result().flipped(),
        )
    }

    /// Whether these are the games of a set of 3 to 6 players.
    pub fn is_set(&self) -> bool {
        self.games.len() > 2
    }

    /// Half-points of `one` against the other seats over the set's games, and the
    /// results they count (N·(N-1) for N players).
    pub fn half_points(&self) -> (u64, u64) {
        self.games
            .iter()
            .map(BatchGame::half_points)
            .fold((0, 0), |(h, n), (gh, gn)| (h + gh, n + gn))
    }
}

/// Adds the pairs to a record of `one` (first in each pair's forward game) against the
/// other agent.
pub fn record_of(pairs: &[PlayedPair]) -> PairRecord {
    let mut record = PairRecord::new();
    for pair in pairs {
        let (a, b) = pair.results();
        record.add_pair(a, b);
    }
    record
}

/// The record of `one` against the other agent over sets of `players` players.
pub fn set_record_of(pairs: &[PlayedPair], players: usize) -> SetRecord {
    let mut record = SetRecord::new(players);
    for pair in pairs {
        record.add_set(pair.half_points().0);
    }
    record
}

/// How the games are set up, apart from who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The master seed: batch b's pair p has seed `pair_seed(seed, b, p)`.
    pub seed: u64,
    /// Seeded random plies before the agents take over.
    pub opening_plies: u32,
    /// Games stop here and progress decides.
    pub max_plies: u32,
    /// Worker threads.
    pub threads: usize,
}

/// Plays batches of game pairs on the runner, reusing games recorded by an
/// interrupted run.
pub struct BatchPlayer<G: Game> {
    runner: Runner<G>,
    /// The master seed: batch b's pair p has seed `pair_seed(seed, b, p)`.
    seed: u64,
    /// The `games.csv`: whole rows, synced at each batch's end.
    writer: RowWriter,
    recorded: HashMap<u64, BatchGame>,
    /// The batch file beside `games.csv`, see [`BATCH_FILE`].
    batch_path: PathBuf,
    /// Games an interrupted batch left in the batch file (none recorded in `games.csv`):
    /// reused where they are the games the batch schedules, played again otherwise.
    in_batch: HashMap<u64, BatchGame>,
    next_game: u64,
    next_batch: u64,
    played_now: u64,
    /// Seats at the table: 2 plays pairs, more plays sets.
    players: usize,
    /// Seat A's results against the other seats over every pair or set so far.
    first_seat: SetRecord,
}

/// A matchup in a batch: two specs and how many game pairs they play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    /// The agent that moves first in the first game of each pair.
    pub one: String,
    /// Its opponent.
    pub other: String,
    /// Game pairs.
    pub pairs: u32,
}

impl<G: Playable + agents::referee::Refereed> BatchPlayer<G> {
    /// The same player, playing only openings the referee finds within `balance`
    /// hundredths of a unit of even (`None`: every seeded opening, as drawn).
    pub fn with_opening_balance(mut self, balance: Option<u32>) -> BatchPlayer<G> {
        self.runner = self.runner.with_opening_balance(balance);
        self
    }
}

impl<G: Playable> BatchPlayer<G> {
    /// A player writing to `path`, starting from the games `recorded` there (empty for a
    /// fresh run; the file is then created with its header) and from those of an
    /// interrupted batch in the batch file beside it.
    ///
    /// # Errors
    /// The threads cannot start, the file cannot be opened, or the batch file cannot be
    /// read.
    pub fn new(
        start: G,
        setup: Setup,
        path: &Path,
        recorded: ReadGames,
    ) -> Result<BatchPlayer<G>, ArenaError> {
        let players = start.players();
        let header = if players > 2 { HEADER_MANY } else { HEADER };
        let runner = Runner::new(
            start,
            setup.opening_plies,
            setup.max_plies,
            setup.threads,
            Vec::new(),
        )?;
        let writer = RowWriter::open(path, recorded.complete_len, header)?;
        let recorded: HashMap<u64, BatchGame> =
            recorded.games.into_iter().map(|g| (g.game_id, g)).collect();
        let batch_path = path.with_file_name(BATCH_FILE);
        let in_batch = if batch_path.exists() {
            read(&batch_path)?
                .games
                .into_iter()
                .filter(|game| !recorded.contains_key(&game.game_id))
                .map(|game| (game.game_id, game))
                .collect()
        } else {
            HashMap::new()
        };
        Ok(BatchPlayer {
            runner,
            seed: setup.seed,
            writer,
            recorded,
            batch_path,
            in_batch,
            next_game: 0,
            next_batch: 0,
            played_now: 0,
            players,
            first_seat: SetRecord::new(players),
        })
    }

    /// Seats external agents (`cmd:` specs, and the `command` tables of `entries`) with
    /// the game `game` as `newgame` names it, options included, and their standard error
    /// in `<logs>/<name>.log`, as a tournament does.
    ///
    /// # Errors
    /// A game that cannot be read.
    pub fn with_programs(
        mut self,
        game: &str,
        entries: Vec<AgentEntry>,
        logs: PathBuf,
    ) -> Result<BatchPlayer<G>, ArenaError> {
        self.runner = self.runner.with_programs(game, entries, Some(logs))?;
        Ok(self)
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Games played by this process (not read back from an interrupted run).
    pub fn played_now(&self) -> u64 {
        self.played_now
    }

    /// Seat A's record against the other seats over every game so far, whoever sat
    /// where, one unit a pair (two players) or set: the first player's edge.
    pub fn first_seat(&self) -> &SetRecord {
        &self.first_seat
    }

    /// Games of every batch so far.
    pub fn games_so_far(&self) -> u64 {
        self.next_game
    }

    /// Plays one batch: every matchup's game pairs, in parallel. Returns each matchup's
    /// pairs. Games recorded by an interrupted run are checked against their seeds and
    /// specs and reused; the new ones are appended and synced before this returns.
    ///
    /// # Errors
    /// A game recorded in `games.csv` that does not match this batch (another config's
    /// run), or a write failure.
    pub fn play_batch(&mut self, matchups: &[Matchup]) -> Result<Vec<Vec<PlayedPair>>, ArenaError> {
        let batch = self.next_batch;
        self.next_batch += 1;
        // (matchup, job): the games in schedule order, each pair's two games together.
        let mut scheduled: Vec<(usize, Job)> = Vec::new();
        let mut pair_index = 0u32;
        let players = self.players;
        for (m, matchup) in matchups.iter().enumerate() {
            let one = self.runner.enlist(&matchup.one);
            let other = self.runner.enlist(&matchup.other);
            for _ in 0..matchup.pairs {
                let seed = seeds::pair_seed(self.seed, batch as usize, pair_index);
                pair_index += 1;
                // Game `rotation` seats the table [one, other, other, ...] turned by
                // `rotation`, as a tournament does: with two players, the pair.
                let tables = (0..players).map(|rotation| {
                    (0..players)
                        .map(|seat| {
                            if (seat + rotation) % players == 0 {
                                one
                            } else {
                                other
                            }
                        })
                        .collect::<Vec<usize>>()
                });
                for (rotation, seats) in tables.enumerate() {
                    let id = self.next_game;
                    self.next_game += 1;
                    scheduled.push((
                        m,
                        Job {
                            id,
                            seed,
                            rotation,
                            seats,
                        },
                    ));
                }
            }
        }
        let mut games: HashMap<u64, BatchGame> = HashMap::new();
        let mut pending = Vec::new();
        // Games of an interrupted batch taken from the batch file, in schedule order.
        let mut carried = Vec::new();
        for (_, job) in &scheduled {
            let (first, second) = if players > 2 {
                let mine = measured_seat(job.rotation, players);
                let theirs = (mine + 1) % players;
                (
                    self.runner.spec(job.seats[mine]),
                    self.runner.spec(job.seats[theirs]),
                )
            } else {
                (
                    self.runner.spec(job.seats[0]),
                    self.runner.spec(job.seats[1]),
                )
            };
            let (game_id, seed) = (job.id, job.seed);
            match self.recorded.remove(&game_id) {
                Some(game) => {
                    if !game.is(batch, seed, first, second) {
                        return Err(ArenaError::input(format!(
                            "{}: game {game_id} records batch {} seed {} for {} vs {}: this \
                             run expects batch {batch} seed {seed} for {first} vs {second} \
                             (the folder holds another config's run: give --force to replace it)",
                            self.writer.path().display(),
                            game.batch,
                            game.seed,
                            game.first,
                            game.second
                        )));
                    }
                    games.insert(game_id, game);
                }
                None => match self.in_batch.remove(&game_id) {
                    // A stale batch file (another run's) is only a cache: its games
                    // that are not this batch's are played again.
                    Some(game) if game.is(batch, seed, first, second) => {
                        carried.push(game_id);
                        games.insert(game_id, game);
                    }
                    _ => pending.push(job.clone()),
                },
            }
        }
        self.in_batch.clear();
        let header = if players > 2 { HEADER_MANY } else { HEADER };
        // The batch file starts as the carried games alone, whole (no stale row stays to
        // clash with a game played again), then takes each game as it finishes.
        let mut kept = format!("{header}\n");
        for id in &carried {
            kept.push_str(&to_line(&games[id]));
        }
        write_atomically(&self.batch_path, kept.as_bytes())?;
        let mut batch_rows = RowWriter::open(&self.batch_path, kept.len() as u64, header)?;
        let runner = &self.runner;
        let played = runner.play(
            &pending,
            |job, finished| batch_game(runner, job, batch, &finished),
            &mut batch_rows,
            to_line,
            Order::AsFinished,
        )?;
        self.played_now += played.len() as u64;
        let fresh: HashSet<u64> = played
            .iter()
            .map(|game| game.game_id)
            .chain(carried)
            .collect();
        for game in played {
            games.insert(game.game_id, game);
        }
        // `games.csv` takes the batch's new games in the order they were scheduled, as
        // an uninterrupted run writes them; only then does the batch file go.
        for (_, job) in &scheduled {
            if fresh.contains(&job.id) {
                self.writer.append(&to_line(&games[&job.id]))?;
            }
        }
        self.writer.sync()?;
        drop(batch_rows);
        std::fs::remove_file(&self.batch_path)
            .map_err(|e| ArenaError::io(&self.batch_path, "remove", e))?;
        let mut out: Vec<Vec<PlayedPair>> = matchups.iter().map(|_| Vec::new()).collect();
        for chunk in scheduled.chunks(players) {
            let m = chunk[0].0;
            let games = chunk
                .iter()
                .map(|(_, job)| games.remove(&job.id).expect("played or recorded"))
                .collect();
            let pair = PlayedPair { games };
            self.first_seat.add_set(
                pair.games
                    .iter()
                    .map(BatchGame::first_seat_half_points)
                    .sum(),
            );
            out[m].push(pair);
        }
        Ok(out)
    }
}

/// The seat of the agent `one` in game `rotation` of a set of `players` (see
/// [`BatchPlayer::play_batch`]).
fn measured_seat(rotation: usize, players: usize) -> usize {
    (players - rotation % players) % players
}

/// The row of a job of batch `batch`, played.
pub(crate) fn batch_game<G: Playable>(
    runner: &Runner<G>,
    job: &Job,
    batch: u64,
    finished: &Finished<G::Move>,
) -> BatchGame {
    let played = &finished.played;
    let moves: Vec<String> = played.moves.iter().map(|m| m.to_string()).collect();
    let players = job.seats.len();
    // Two players: seat A is `first`. More: the agent measured is, its seat and every
    // seat's place recorded, the other seats' search totals added up.
    let mine = if players > 2 {
        measured_seat(job.rotation, players)
    } else {
        0
    };
    let theirs = (mine + 1) % players;
    let winner = match played.outcome.winner() {
        None => "draw",
        Some(seat) if seat.index() == mine => "first",
        Some(_) => "second",
    };
    let a = finished.search[mine];
    let mut b = finished.search[theirs];
    let (mut seat, mut places) = (String::new(), String::new());
    if players > 2 {
        for (index, totals) in finished.search.iter().enumerate() {
            if index != mine && index != theirs {
                b.moves += totals.moves;
                b.nodes += totals.nodes;
                b.iterations += totals.iterations;
            }
        }
        seat = Seat::new(mine).to_string();
        places = Seat::all(players)
            .map(|s| played.outcome.place(s).to_string())
            .collect::<Vec<_>>()
            .join(" ");
    }
    BatchGame {
        game_id: job.id,
        batch,
        seed: job.seed,
        first: runner.spec(job.seats[mine]).to_string(),
        second: runner.spec(job.seats[theirs]).to_string(),
        winner: winner.into(),
        plies: played.moves.len() as u32,
        end: played.outcome.reason().as_str().into(),
        first_moves: a.moves,
        first_nodes: a.nodes,
        first_iterations: a.iterations,
        second_moves: b.moves,
        second_nodes: b.nodes,
        second_iterations: b.iterations,
        moves: moves.join(" "),
        seat,
        places,
    }
}

/// One row as a CSV line, newline included.
pub(crate) fn to_line(game: &BatchGame) -> String {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    // Writing to memory cannot fail.
    writer.serialize(game).expect("in-memory CSV");
    String::from_utf8(writer.into_inner().expect("in-memory CSV")).expect("UTF-8 fields")
}

/// The games of a calibration's `games.csv`, and how many bytes hold complete rows.
#[derive(Debug, Default)]
pub struct ReadGames {
    /// Complete rows, in file order.
    pub games: Vec<BatchGame>,
    /// Length of the file without a torn last row.
    pub complete_len: u64,
}

/// Reads a calibration's `games.csv`. A last row without its newline was torn by an
/// interruption and is left out.
///
/// # Errors
/// An unreadable file, a wrong header, or a complete row that does not parse: the error
/// names the file and the line.
pub fn read(path: &Path) -> Result<ReadGames, ArenaError> {
    let bytes = std::fs::read(path).map_err(|e| ArenaError::io(path, "read", e))?;
    let complete_len = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    let complete = &bytes[..complete_len];
    let header_end = complete.iter().position(|b| *b == b'\n');
    match header_end {
        None => {
            return Ok(ReadGames::default());
        }
        Some(end)
            if [HEADER, HEADER_MANY].contains(&&*String::from_utf8_lossy(&complete[..end])) => {}
        Some(end) => {
            return Err(ArenaError::input(format!(
                "{}:1: header {:?}: expected {HEADER:?}",
                path.display(),
                String::from_utf8_lossy(&complete[..end])
            )))
        }
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(complete);
    let mut games = Vec::new();
    let mut seen = HashSet::new();
    for (index, row) in reader.deserialize::<BatchGame>().enumerate() {
        let line = index + 2;
        let game = row.map_err(|e| {
            ArenaError::input(format!("{}:{line}: {e}: expected {HEADER}", path.display()))
        })?;
        if !seen.insert(game.game_id) {
            return Err(ArenaError::input(format!(
                "{}:{line}: game {} is recorded twice",
                path.display(),
                game.game_id
            )));
        }
        games.push(game);
    }
    Ok(ReadGames {
        games,
        complete_len: complete_len as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Leapfrog;

    fn setup() -> Setup {
        Setup {
            seed: 5,
            opening_plies: 4,
            max_plies: 140,
            threads: 2,
        }
    }

    /// A scratch folder named `name`, the path of its `games.csv`, the matchup the tests
    /// play (three pairs of greedy against a small MCTS) and a fresh player writing there.
    fn fresh(name: &str) -> (PathBuf, PathBuf, [Matchup; 1], BatchPlayer<Leapfrog>) {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        let matchups = [Matchup {
            one: "greedy".into(),
            other: "mcts:iterations=20,c=1.4".into(),
            pairs: 3,
        }];
        let player =
            BatchPlayer::new(Leapfrog::start(), setup(), &path, ReadGames::default()).unwrap();
        (dir, path, matchups, player)
    }

    #[test]
    fn batches_replay_from_the_file_and_torn_rows_are_dropped() {
        let (dir, path, matchups, mut player) = fresh("batch-games");
        let first = player.play_batch(&matchups).unwrap();
        let second = player.play_batch(&matchups).unwrap();
        assert_eq!(player.played_now(), 12);
        assert_ne!(first, second, "batches draw their own seeds");
        drop(player);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("12,2,99,gre");
        std::fs::write(&path, text).unwrap();
        let read_back = read(&path).unwrap();
        assert_eq!(read_back.games.len(), 12);
        assert!(read_back.games.iter().any(|g| g.first.contains(',')));
        let mut again = BatchPlayer::new(Leapfrog::start(), setup(), &path, read_back).unwrap();
        assert_eq!(again.play_batch(&matchups).unwrap(), first);
        assert_eq!(again.play_batch(&matchups).unwrap(), second);
        assert_eq!(again.played_now(), 0);
        assert!(first[0].iter().all(|p| p.games[0].first_moves > 0));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_interrupted_batch_takes_its_finished_games_from_the_batch_file() {
        let (dir, path, matchups, mut player) = fresh("batch-file");
        let whole = player.play_batch(&matchups).unwrap();
        drop(player);
        assert!(
            !dir.join(BATCH_FILE).exists(),
            "the file goes with its batch"
        );
        let complete = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = complete.lines().collect();
        assert_eq!(lines.len(), 7, "{complete}");
        // A kill in the batch: games.csv holds its header alone, the batch file two games
        // in the order they finished, another run's game 1 (its seed differs) and a torn row.
        let mut stale: Vec<&str> = lines[2].splitn(4, ',').collect();
        assert_eq!(stale[0], "1");
        stale[2] = "12345";
        std::fs::write(&path, format!("{}\n", lines[0])).unwrap();
        let batch_file = format!(
            "{}\n{}\n{}\n{}\n5,0,12",
            lines[0],
            lines[4],
            stale.join(","),
            lines[1]
        );
        std::fs::write(dir.join(BATCH_FILE), batch_file).unwrap();
        let mut again =
            BatchPlayer::new(Leapfrog::start(), setup(), &path, read(&path).unwrap()).unwrap();
        assert_eq!(again.play_batch(&matchups).unwrap(), whole);
        assert_eq!(
            again.played_now(),
            4,
            "games 0 and 3 reused, the stale one played"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), complete);
        assert!(!dir.join(BATCH_FILE).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sets_of_three_players_rotate_the_agent_through_every_seat() {
        let dir = std::env::temp_dir().join(format!("batch-sets-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        let mut options = engine::GameOptions::new();
        options.set("players", "3");
        let start = engine::ChineseCheckers::new(&options).unwrap();
        let matchups = [Matchup {
            one: "greedy".into(),
            other: "random".into(),
            pairs: 2,
        }];
        let mut player =
            BatchPlayer::new(start.clone(), setup(), &path, ReadGames::default()).unwrap();
        let sets = player.play_batch(&matchups).unwrap();
        assert_eq!(sets[0].len(), 2);
        for set in &sets[0] {
            assert!(set.is_set());
            let seats: Vec<&str> = set.games.iter().map(|g| g.seat.as_str()).collect();
            assert_eq!(seats, ["A", "C", "B"]);
            for game in &set.games {
                assert_eq!(
                    (game.first.as_str(), game.second.as_str()),
                    ("greedy", "random")
                );
                assert_eq!(game.places.split(' ').count(), 3, "{}", game.places);
                assert_eq!(game.seed, set.games[0].seed, "one opening a set");
            }
            // Six results a set: the agent against the two other seats of three games.
            let (half_points, results) = set.half_points();
            assert_eq!(results, 6);
            assert!(half_points <= 12);
        }
        drop(player);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(HEADER_MANY), "{text}");
        let mut again = BatchPlayer::new(start, setup(), &path, read(&path).unwrap()).unwrap();
        assert_eq!(again.play_batch(&matchups).unwrap(), sets);
        assert_eq!(again.played_now(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
