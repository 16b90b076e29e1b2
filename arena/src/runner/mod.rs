//! The runner: every game of the arena is played here. [`Runner::play`] plays a list of
//! game jobs (id, seed, seats) on one pool of worker threads, each worker with one cache
//! of agents, and appends each finished game's row through one [`RowWriter`];
//! [`Runner::play_streamed`] does the same for jobs made as they are taken and keeps
//! nothing of a game once its row is written (a run of any length). The verbs
//! (`run`, `merge`'s resume, `calibrate`, `sprt`) schedule the jobs and say what a row
//! holds; `play` and `replay` play their one game through the same loop,
//! [`game::play_game`].

pub mod game;
pub mod human;
pub mod typed;
pub mod writer;

use std::path::PathBuf;
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use agents::referee::Refereed;
use agents::Playable;
use engine::{Game, GameSpec};
use rayon::prelude::*;

use self::game::{play_game, AgentSeat, GameSetup, MoveSource, PlayedGame, Quiet, SearchTotals};
use self::writer::RowWriter;
use crate::config::AgentEntry;
use crate::error::ArenaError;
use crate::external::{self, Seating};

/// One game to play: its id, its seed, and who sits where (indices into the runner's
/// roster, in seat order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game's id in its run.
    pub id: u64,
    /// The game's seed: its opening and its seats' seeds derive from it.
    pub seed: u64,
    /// Which game of its set this is (see [`GameSetup::rotation`]).
    pub rotation: usize,
    /// The roster index of the agent in each seat, in turn order.
    pub seats: Vec<usize>,
}

/// A job's game, played.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished<M> {
    /// The game.
    pub played: PlayedGame<M>,
    /// What each seat's searches did, seat by seat.
    pub search: Vec<SearchTotals>,
}

/// In which order finished games' rows are appended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// As the games finish, synced about once a second (a run's `games.csv`, sorted
    /// when the run ends).
    AsFinished,
    /// In the order of the jobs, once all have finished, then synced (a calibration's
    /// `games.csv`, which is never sorted again).
    AsListed,
}

/// Finds a game's balanced opening draw: `openings::balanced_draw` for the runner's game.
type BalancedDraw<G> = fn(&G, u64, u32, Option<u32>) -> u32;

/// How often rows appended as games finish are synced to disk.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// Plays jobs of one game between agents named by specs.
pub struct Runner<G: Game> {
    start: G,
    opening_plies: u32,
    /// Which draw of a game's seeded opening it plays, by seed: `None` for the plain
    /// draw, else the balanced draw ([`crate::openings`]) within this bound.
    balanced: Option<(u32, BalancedDraw<G>)>,
    max_plies: u32,
    /// The agents' specs; jobs seat them by index.
    roster: Vec<String>,
    /// The workers' agent caches, lent to a worker while it plays.
    caches: Mutex<Vec<AgentCache<G>>>,
    /// The game and the entries of external agents (`cmd:` specs and `command` tables),
    /// and their processes (dropped after the caches, so that every process stops).
    programs: Programs,
    /// The workers, dropped last: a program is killed when the thread that started it
    /// ends (see `external::process`), so they outlive the programs' orderly stop.
    pool: rayon::ThreadPool,
}

impl<G: Playable + Refereed> Runner<G> {
    /// The same runner, playing only openings the referee finds within `balance`
    /// hundredths of a unit of even (`None`: every seeded opening, as drawn).
    pub fn with_opening_balance(mut self, balance: Option<u32>) -> Runner<G> {
        self.balanced =
            balance.map(|b| (b, crate::openings::balanced_draw::<G> as BalancedDraw<G>));
        self
    }
}

impl<G: Playable> Runner<G> {
    /// A runner of games from `start` with `opening_plies` random plies, stopped at
    /// `max_plies`, on `threads` worker threads, between the agents of `roster` (specs,
    /// each already checked to build).
    ///
    /// # Errors
    /// The threads cannot start.
    pub fn new(
        start: G,
        opening_plies: u32,
        max_plies: u32,
        threads: usize,
        roster: Vec<String>,
    ) -> Result<Runner<G>, ArenaError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| {
                let threads = crate::console::counted(threads, "thread");
                ArenaError::failure(format!("cannot start {threads}: {e}"))
            })?;
        Ok(Runner {
            start,
            opening_plies,
            balanced: None,
            max_plies,
            roster,
            pool,
            caches: Mutex::new(Vec::new()),
            programs: Programs::new(G::NAME, Vec::new(), None)?,
        })
    }

    /// Seats external agents with the game `game` (as `newgame` names it), the settings
    /// of `entries` (an entry's spec is its roster spec), and their standard error in
    /// `<logs>/<name>.log`.
    ///
    /// # Errors
    /// None in practice: the game was read before.
    pub fn with_programs(
        mut self,
        game: &str,
        entries: Vec<AgentEntry>,
        logs: Option<PathBuf>,
    ) -> Result<Runner<G>, ArenaError> {
        // The idle processes of the old seating stop here.
        self.programs = Programs::new(game, entries, logs)?;
        Ok(self)
    }

    /// The roster index of `spec`, added to the roster if it is new (a spec already
    /// checked to build).
    pub fn enlist(&mut self, spec: &str) -> usize {
        match self.roster.iter().position(|s| s == spec) {
            Some(index) => index,
            None => {
                self.roster.push(spec.to_string());
                self.roster.len() - 1
            }
        }
    }

    /// The spec of roster index `index`.
    pub fn spec(&self, index: usize) -> &str {
        &self.roster[index]
    }

    /// Plays `jobs` in parallel. Each finished game becomes a record by `record` (on the
    /// worker that played it), whose line `line` (newline included, also made on the
    /// worker) is appended to `writer` in `order`. Returns the records in the order of
    /// `jobs`.
    ///
    /// # Errors
    /// A write fails: the rows not written are dropped (a resume plays them again).
    pub fn play<R: Send>(
        &self,
        jobs: &[Job],
        record: impl Fn(&Job, Finished<G::Move>) -> R + Sync,
        writer: &mut RowWriter,
        line: impl Fn(&R) -> String + Sync,
        order: Order,
    ) -> Result<Vec<R>, ArenaError> {
        let rows = Mutex::new(Rows {
            writer,
            written: Ok(()),
            last_sync: Instant::now(),
        });
        let (done, finished) = mpsc::channel::<()>();
        let records: Vec<R> = std::thread::scope(|scope| {
            let workers = scope.spawn(|| {
                let _done = done;
                self.pool.install(|| {
                    jobs.par_iter()
                        .map_init(
                            || self.lend_cache(),
                            |cache, job| {
                                let record = record(job, self.play_job(cache.get(), job));
                                if order == Order::AsFinished {
                                    // The worker appends its own row: no other thread
                                    // wakes for a game, however short.
                                    let text = line(&record);
                                    Rows::lock(&rows).append(&text);
                                }
                                record
                            },
                        )
                        .collect()
                })
            });
            // Rows appended as games finish reach the disk within about a second, even
            // when the next game takes long to finish.
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_millis(200))
            {
                if order == Order::AsFinished {
                    Rows::lock(&rows).sync_when_due();
                }
            }
            workers
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        let Rows {
            writer, written, ..
        } = rows
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        written?;
        if order == Order::AsListed {
            for record in &records {
                writer.append(&line(record))?;
            }
        }
        writer.sync()?;
        Ok(records)
    }

    /// Plays the jobs `jobs` yields, in parallel, and keeps nothing of them: each
    /// finished game becomes a record by `record` and its line by `line` (both on the
    /// worker that played it); the line is appended to `writer` as the game finishes, then
    /// the record is handed to `keep`, one at a time, in the order the lines were
    /// written. So a run of any length holds only the games being played.
    ///
    /// # Errors
    /// A write fails, or `keep` fails: the rows not written are dropped (a resume plays
    /// them again), and no record after the failure is kept.
    pub fn play_streamed<R: Send>(
        &self,
        jobs: impl ParallelIterator<Item = Job>,
        record: impl Fn(&Job, Finished<G::Move>) -> R + Sync,
        writer: &mut RowWriter,
        line: impl Fn(&R) -> String + Sync,
        keep: impl FnMut(R) -> Result<(), ArenaError> + Send,
    ) -> Result<(), ArenaError> {
        let rows = Mutex::new((
            Rows {
                writer,
                written: Ok(()),
                last_sync: Instant::now(),
            },
            keep,
        ));
        let (done, finished) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let workers = scope.spawn(|| {
                let _done = done;
                self.pool.install(|| {
                    jobs.for_each_init(
                        || self.lend_cache(),
                        |cache, job| {
                            let record = record(&job, self.play_job(cache.get(), &job));
                            let text = line(&record);
                            let mut held = rows.lock().unwrap_or_else(|p| p.into_inner());
                            let (rows, keep) = &mut *held;
                            rows.append(&text);
                            if rows.written.is_ok() {
                                rows.written = keep(record);
                            }
                        },
                    );
                })
            });
            // Rows reach the disk within about a second, even when the next game takes
            // long to finish.
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_millis(200))
            {
                let mut held = rows.lock().unwrap_or_else(|p| p.into_inner());
                held.0.sync_when_due();
            }
            workers
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        });
        let (
            Rows {
                writer, written, ..
            },
            _,
        ) = rows
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        written?;
        writer.sync()
    }

    /// Plays one job with agents from `cache`.
    fn play_job(&self, cache: &mut AgentCache<G>, job: &Job) -> Finished<G::Move> {
        let setup = GameSetup {
            seed: job.seed,
            rotation: job.rotation,
            opening_plies: self.opening_plies,
            opening_draw: self.balanced.map_or(0, |(balance, draw)| {
                draw(&self.start, job.seed, self.opening_plies, Some(balance))
            }),
            max_plies: self.max_plies,
        };
        let mut seated = cache.take(&self.roster, &job.seats, &self.programs);
        let played = {
            let mut seats: Vec<&mut dyn MoveSource<G>> = seated
                .iter_mut()
                .map(|seat| -> &mut dyn MoveSource<G> { seat })
                .collect();
            play_game(&self.start, &mut seats, &setup, &mut Quiet::new())
                .expect("a quiet game reads and writes nothing")
        };
        let search = seated.iter().map(AgentSeat::totals).collect();
        cache.give_back(&job.seats, seated);
        Finished { played, search }
    }

    /// A cache of agents for one worker: one left by an earlier worker, or a new one.
    fn lend_cache(&self) -> Lent<'_, G> {
        let cache = self
            .caches
            .lock()
            .map(|mut caches| caches.pop())
            .unwrap_or_default()
            .unwrap_or_default();
        Lent {
            cache: Some(cache),
            home: &self.caches,
        }
    }
}

/// The rows of [`Runner::play`] as the workers append them: the writer, the first
/// write error (after which nothing more is written), and when the rows were last synced.
struct Rows<'w> {
    writer: &'w mut RowWriter,
    written: Result<(), ArenaError>,
    last_sync: Instant,
}

impl Rows<'_> {
    fn lock<'a, 'w>(rows: &'a Mutex<Rows<'w>>) -> std::sync::MutexGuard<'a, Rows<'w>> {
        // A worker that panicked holding the lock left whole rows only.
        rows.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn append(&mut self, line: &str) {
        if self.written.is_ok() {
            self.written = self.writer.append(line);
        }
        self.sync_when_due();
    }

    fn sync_when_due(&mut self) {
        if self.written.is_ok() && self.last_sync.elapsed() >= SYNC_EVERY {
            self.written = self.writer.sync();
            self.last_sync = Instant::now();
        }
    }
}

/// A worker's agent cache, handed back to the runner when the worker is done.
struct Lent<'a, G: Game> {
    cache: Option<AgentCache<G>>,
    home: &'a Mutex<Vec<AgentCache<G>>>,
}

impl<G: Game> Lent<'_, G> {
    fn get(&mut self) -> &mut AgentCache<G> {
        self.cache.as_mut().expect("lent until dropped")
    }
}

impl<G: Game> Drop for Lent<'_, G> {
    fn drop(&mut self) {
        if let (Some(cache), Ok(mut home)) = (self.cache.take(), self.home.lock()) {
            home.push(cache);
        }
    }
}

/// What external agents need beyond their spec: the game, their config entries, and
/// their processes (stopped when this is dropped).
struct Programs {
    game: GameSpec,
    entries: Vec<AgentEntry>,
    seating: Seating,
}

impl Programs {
    fn new(
        game: &str,
        entries: Vec<AgentEntry>,
        logs: Option<PathBuf>,
    ) -> Result<Programs, ArenaError> {
        Ok(Programs {
            game: game.parse()?,
            entries,
            seating: Seating::new(logs),
        })
    }

    /// The agent a roster spec names: an external one (with its entry's settings where
    /// an entry has this spec) or the arena's own.
    fn build<G: Playable>(&self, spec: &str) -> Result<Box<dyn agents::Agent<G>>, ArenaError> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.spec == spec)
            .cloned()
            .unwrap_or_else(|| AgentEntry::of_spec(spec, spec));
        external::build::<G>(&entry, &self.game, &self.seating)
    }
}

/// A worker's agents, one per roster index and seat (at `agent * seats + seat`), built
/// on first use and kept across games.
struct AgentCache<G: Game> {
    seated: Vec<Option<AgentSeat<G>>>,
}

impl<G: Game> Default for AgentCache<G> {
    fn default() -> AgentCache<G> {
        AgentCache { seated: Vec::new() }
    }
}

impl<G: Playable> AgentCache<G> {
    /// The agents of `seats` (roster indices in seat order), built on first use.
    fn take(
        &mut self,
        roster: &[String],
        seats: &[usize],
        programs: &Programs,
    ) -> Vec<AgentSeat<G>> {
        let places = seats.len();
        if self.seated.len() < roster.len() * places {
            self.seated.resize_with(roster.len() * places, || None);
        }
        seats
            .iter()
            .enumerate()
            .map(|(seat, &agent)| {
                self.seated[agent * places + seat]
                    .take()
                    .unwrap_or_else(|| {
                        // Every spec of a roster was checked to build.
                        AgentSeat::new(programs.build::<G>(&roster[agent]).expect("checked spec"))
                    })
            })
            .collect()
    }

    /// Puts back the agents [`AgentCache::take`] lent for `seats`.
    fn give_back(&mut self, seats: &[usize], seated: Vec<AgentSeat<G>>) {
        let places = seats.len();
        for ((seat, &agent), source) in seats.iter().enumerate().zip(seated) {
            self.seated[agent * places + seat] = Some(source);
        }
    }
}
