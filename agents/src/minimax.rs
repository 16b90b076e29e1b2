//! The minimax player: negamax with alpha-beta pruning, principal-variation search,
//! aspiration windows at the root, iterative deepening, a transposition table, move
//! ordering (table move, killers, history) and the resolution of forced exchanges at the
//! horizon.
//!
//! Values are integers from the point of view of the seat to move, as negamax wants.
//! Positions at the horizon take the game's [`Evaluate::evaluate`] for the root seat,
//! clamped to ±[`EVAL_LIMIT`]; finished games score [`WIN`] scaled by the root seat's
//! [`engine::Outcome::score`], less one per ply so that the quickest win and the slowest
//! loss are preferred.
//!
//! # Exchanges at the horizon
//! In the draughts family captures are compulsory, so a position whose side to move must
//! capture is the middle of an exchange: its evaluation counts pieces that are about to
//! go. Such a position ([`Evaluate::in_exchange`]) is never evaluated; the search goes on
//! through every (forced) capture until a quiet position, with no stand-pat since the
//! side cannot decline. This is the quiescence search of draughts programs: it ends
//! because every capture removes a piece, and [`MAX_PLY`] caps it in any case.
//!
//! # Principal-variation search and aspiration
//! After a node's first move, the others are searched with a null window around alpha and
//! searched again with the full window only when they beat it. At the root, each
//! iteration after the first starts with a window of ±[`Evaluate::ASPIRATION`] around the
//! last iteration's value and widens the side that fails to infinity. Both change which
//! positions are visited, never a value: the root value at a fixed depth is that of the
//! plain search with the same leaf rule (the `search=plain` knob turns all three off).
//!
//! # More than two players: paranoid search
//! With more than two seats the search is *paranoid*: every other seat is assumed to play
//! against the root seat, so the game becomes two-player (the root seat against a
//! coalition) and alpha-beta applies unchanged. Values are the root seat's; a node's value
//! is negated only when the move passes from the root seat to the coalition or back, so
//! two coalition moves in a row keep the same window. Paranoid search is pessimistic but
//! sound: the root seat is guaranteed at least the value found.
//!
//! The `multi` knob chooses max^n or best-reply search instead for more than two seats
//! ([`crate::multiplayer`]); paranoid is the default.
//!
//! # The transposition table and fixed-depth values
//! A table entry cuts the search only when it was stored at exactly the remaining depth
//! (a deeper entry would change the value). Entries store decisive values relative to
//! their node, so a transposition at another ply reads back the right distance to the end.
//! As a result the root value at depth `d` equals that of a plain minimax to depth `d`
//! (the [`crate::reference`] search), which the tests check.
//!
//! # Reductions (`search=reduce`)
//! With `search=reduce` the search gives up the fixed-depth values for depth: late quiet
//! moves are first searched shallower with a null window and searched again at full
//! depth only when they beat alpha (late move reductions; a node where a capture is
//! forced, or a move that offers one, is never reduced), and a table entry stored deeper
//! than the node needs also cuts it. At the same node budget it plays stronger in the
//! draughts family (BENCHMARKS.md, "Draughts strength"); the tests that compare values
//! with the plain search hold for the default `search=pvs` only.
//!
//! # Repetitions (`repeat=once`)
//! Where the rules draw by repetition, a position's table entry holds the value of one
//! visit, and a visit by another path (or later in the game) may have a repetition a
//! move away that the entry never saw: a searcher ahead in material then walks into the
//! position its opponent repeats. With `repeat=once` a position below the root that
//! already occurred since the last irreversible ply scores as a draw at once, as chess
//! programs score a repetition in the tree: a side that let it recur once can let it
//! recur again. The default (`repeat=rule`) keeps the shipped levels' play as it was.
//!
//! # Budgets
//! `depth` caps the iterations; `nodes` caps the positions visited by one search, and the
//! move of the last completed iteration is played. Iteration 1 always completes. The
//! search stops early when the root value is decided or when no position was cut off by
//! the horizon (a deeper search would see the same tree).
//!
//! # Endgame tables
//! With `table=FILE` (English checkers endgame tables, shared as `perfect:table=FILE`
//! shares them) a position below the root that the tables cover is not searched: it
//! scores its table value, a win or loss at the ply where perfect play ends it, as a
//! finished game there would (the engine's 80-ply rule aside).

use std::cmp::Reverse;
use std::hash::{Hash, Hasher};

use std::sync::Arc;

use engine::games::draughts::endgame::Endgame;
use engine::{Game, Seat, MAX_PLAYERS};

use crate::agent::{Agent, SearchInfo};
use crate::eval::Evaluate;
use crate::multiplayer::{Context, MultiSearch, MultiSearcher};
use crate::search::{table_cut, value_to_table};
// The value scale and the search result live in `search`, below this module and
// `multiplayer` alike; they stay nameable here, where callers have always found them.
pub use crate::search::{
    is_leaf, leaf_value, table_value, terminal_value, SearchResult, DECISIVE, EVAL_LIMIT, MAX_PLY,
    WIN,
};
use crate::solved::Solved;
use crate::spec::{AgentSpec, SpecError};
use crate::tt::{Bound, TranspositionTable};

/// The deepest search the `depth` knob allows.
pub const MAX_DEPTH: u32 = 64;
/// Above every value.
const INFINITY: i32 = 2 * WIN;
/// A root margin with no end: every root move gets its exact value.
const EXACT: i32 = 2 * INFINITY;

/// The shallowest remaining depth at which the table is used. Below it, a table entry
/// would save a handful of evaluations at the price of a likely cache miss.
const TABLE_MIN_DEPTH: u32 = 2;

/// Bits of the history table's index.
const HISTORY_BITS: u32 = 12;

/// Ordering scores above any history score.
const TABLE_MOVE: i32 = 1 << 30;
const FIRST_KILLER: i32 = 1 << 29;
const SECOND_KILLER: i32 = 1 << 28;
const HISTORY_LIMIT: i32 = (1 << 28) - 1;

/// Late move reductions (`search=reduce`): the quiet moves of a node from the third in
/// the ordering on (after the table move and the killers) are first searched
/// `ln(depth) ln(k + 1) / 2.25` plies shallower, rounded, never below depth 1: the later
/// a move comes and the deeper the node, the less likely it is best. Measured against
/// other divisors and a fixed one or two plies in BENCHMARKS.md ("Draughts strength").
const REDUCE_MIN_DEPTH: u32 = 3;
const LATE_MOVE: usize = 2;
/// Moves past this many in a node are reduced as the last one of the table is.
const REDUCTION_MOVES: usize = 64;

/// The reductions, by remaining depth and move number, computed once a player.
fn late_move_reductions() -> Vec<u8> {
    let mut table = vec![0; (MAX_DEPTH as usize + 1) * REDUCTION_MOVES];
    for depth in REDUCE_MIN_DEPTH..=MAX_DEPTH {
        for k in LATE_MOVE..REDUCTION_MOVES {
            let r = 0.5 + f64::from(depth).ln() * ((k + 1) as f64).ln() / 2.25;
            table[depth as usize * REDUCTION_MOVES + k] = (r as u32).min(depth - 2) as u8;
        }
    }
    table
}

/// Table keys differ by root seat: with paranoid search, values depend on whose search it
/// is.
const ROOT_KEYS: [u64; MAX_PLAYERS] = engine::zobrist::keys(0x4D49_4E49_4D41_5800);

/// The minimax player's knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinimaxSettings {
    /// The deepest iteration, 1 to [`MAX_DEPTH`] (`depth`; default 6, or [`MAX_DEPTH`]
    /// when `nodes` is given alone).
    pub depth: u32,
    /// The most positions one search visits (`nodes`; default no limit).
    pub nodes: Option<u64>,
    /// The transposition table's size in MiB (`tt_mib`, 1 to 4096; default 16).
    pub tt_mib: usize,
    /// Plain alpha-beta (`search=plain`): no exchange resolution, principal-variation
    /// search or aspiration, as the search was before them; for measuring what they
    /// gain, and for weaker levels. Default `search=pvs`, all three on.
    pub plain: bool,
    /// Late move reductions and table cuts from deeper entries (`search=reduce`, on top
    /// of `pvs`): more depth from the same positions, at the price of values that are no
    /// longer those of a fixed-depth minimax (see the module notes).
    pub reduce: bool,
    /// The game's plainer evaluation ([`Evaluate::evaluate_basic`]; `eval=basic`, default
    /// `eval=full`).
    pub basic_eval: bool,
    /// The search with more than two seats (`multi=paranoid|maxn|brs`; default
    /// paranoid, this module's own search).
    pub multi: MultiSearch,
    /// What a drawn game (or an endgame table's draw) costs the root seat, in evaluation
    /// units (`contempt`, 0 to 10,000; a draughts man is 100; default 0): a searcher
    /// that expects to be the stronger side plays on rather than repeat or settle.
    pub contempt: i32,
    /// A position below the root that already occurred since the last irreversible ply
    /// scores as a draw (`repeat=once`; default `repeat=rule`, only the rule's own
    /// count): see the module notes.
    pub repeat_once: bool,
}

impl Default for MinimaxSettings {
    fn default() -> Self {
        MinimaxSettings {
            depth: 6,
            nodes: None,
            tt_mib: 16,
            plain: false,
            reduce: false,
            basic_eval: false,
            multi: MultiSearch::Paranoid,
            contempt: 0,
            repeat_once: false,
        }
    }
}

impl MinimaxSettings {
    /// The settings `spec` gives.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] for a value out of range.
    pub fn from_spec(spec: &AgentSpec) -> Result<MinimaxSettings, SpecError> {
        let nodes = match spec.get("nodes") {
            None => None,
            Some(_) => Some(spec.integer("nodes", 0, 1..=u64::MAX, "a positive integer")?),
        };
        let default_depth = if nodes.is_some() { MAX_DEPTH } else { 6 };
        let depth = spec.integer(
            "depth",
            default_depth as u64,
            1..=MAX_DEPTH as u64,
            "an integer from 1 to 64",
        )?;
        let tt_mib = spec.integer("tt_mib", 16, 1..=4096, "an integer from 1 to 4096")?;
        let search = spec.word(
            "search",
            &["pvs", "plain", "reduce"],
            "pvs, plain or reduce",
        )?;
        let basic_eval = spec.word("eval", &["full", "basic"], "full or basic")? == Some(1);
        let contempt = spec.integer("contempt", 0, 0..=10_000, "an integer from 0 to 10000")?;
        let repeat_once = spec.word("repeat", &["rule", "once"], "rule or once")? == Some(1);
        Ok(MinimaxSettings {
            depth: depth as u32,
            nodes,
            tt_mib: tt_mib as usize,
            plain: search == Some(1),
            reduce: search == Some(2),
            basic_eval,
            multi: MultiSearch::from_spec(spec)?,
            contempt: contempt as i32,
            repeat_once,
        })
    }
}

/// One ply's scratch space, allocated once.
#[derive(Clone, Debug)]
struct Ply<M> {
    moves: Vec<M>,
    /// Ordering score and index into `moves`.
    order: Vec<(i32, u32)>,
    killers: [Option<M>; 2],
}

/// A move at the root and what the iterations said about it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    /// Index into the root's move list.
    index: usize,
    /// Its value in the current iteration (an upper bound when it failed low).
    value: i32,
    /// Its value in the last completed iteration.
    completed: i32,
}

/// A fast hash of a move for the history table (FxHash's mixing step).
#[derive(Default)]
struct MoveHasher(u64);

impl MoveHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.add(*byte as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }
    fn write_u16(&mut self, n: u16) {
        self.add(n as u64);
    }
    fn write_u32(&mut self, n: u32) {
        self.add(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// The history table's slot for `mv` played by `seat`.
#[inline]
fn history_slot<M: Hash>(mv: &M, seat: Seat) -> usize {
    let mut hasher = MoveHasher(seat.index() as u64 + 1);
    mv.hash(&mut hasher);
    (hasher.finish() >> (64 - HISTORY_BITS)) as usize
}

/// Negamax alpha-beta with iterative deepening; see the module documentation.
#[derive(Clone, Debug)]
pub struct MinimaxAgent<G: Game> {
    spec: String,
    settings: MinimaxSettings,
    table: TranspositionTable,
    plies: Vec<Ply<G::Move>>,
    history: Vec<i32>,
    root: Vec<RootMove>,
    root_seat: Seat,
    key_salt: u64,
    nodes: u64,
    node_limit: u64,
    aborted: bool,
    /// Whether the iteration cut any position off at the horizon.
    horizon: bool,
    info: SearchInfo,
    /// Endgame tables (`table=FILE`): a position they cover below the root takes their
    /// value instead of being searched.
    tables: Option<Arc<Endgame>>,
    /// Max^n or best-reply search, when the `multi` knob names one.
    multi: Option<Box<MultiSearcher<G>>>,
    /// Late move reductions by remaining depth and move number (`search=reduce`).
    reductions: Vec<u8>,
}

/// Salts the keys of max^n and best-reply searches apart from paranoid ones: their
/// values mean something else.
const MULTI_SALT: u64 = 0x6D75_6C74_6973_6561;

impl<G: Evaluate + Solved> MinimaxAgent<G> {
    /// A minimax player with `settings`, described by `spec`. Allocates its table and
    /// scratch space here, once.
    pub fn new(spec: String, settings: MinimaxSettings) -> MinimaxAgent<G> {
        let plies = (0..MAX_PLY)
            .map(|_| Ply {
                moves: Vec::with_capacity(64),
                order: Vec::with_capacity(64),
                killers: [None; 2],
            })
            .collect();
        MinimaxAgent {
            spec,
            settings,
            table: TranspositionTable::with_mib(settings.tt_mib),
            plies,
            history: vec![0; 1 << HISTORY_BITS],
            root: Vec::with_capacity(64),
            root_seat: Seat::A,
            key_salt: 0,
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            horizon: false,
            info: SearchInfo::default(),
            tables: None,
            multi: (settings.multi != MultiSearch::Paranoid)
                .then(|| Box::new(MultiSearcher::new(settings.multi))),
            reductions: if settings.reduce {
                late_move_reductions()
            } else {
                Vec::new()
            },
        }
    }

    /// The same player, reading `tables` wherever its search reaches a position they
    /// cover (the root is still searched, so that it has a move).
    pub fn with_tables(mut self, tables: Option<Arc<Endgame>>) -> MinimaxAgent<G> {
        self.tables = tables;
        self
    }

    /// The knobs.
    pub fn settings(&self) -> MinimaxSettings {
        self.settings
    }

    /// Searches `position` within the budget and returns the best move of the last
    /// completed iteration with its value. Keeps the table, killers and history of earlier
    /// searches (they change which of equal moves is found, never a value).
    ///
    /// # Panics
    /// When the game is over.
    pub fn search(&mut self, position: &G) -> SearchResult<G::Move> {
        self.search_with(position, None)
    }

    /// The search; with `root_margin`, every root move within that margin of the best
    /// also gets its exact value (the others a bound at least the margin below it): see
    /// [`MinimaxAgent::search_root`].
    fn search_with(&mut self, position: &G, root_margin: Option<i32>) -> SearchResult<G::Move> {
        // Scoring the root moves for a draw: the two-player search, every window full.
        let scoring_root = root_margin.is_some();
        assert!(!position.is_over(), "search of a finished game");
        let mut work = position.clone();
        self.root_seat = position.to_move();
        self.key_salt = ROOT_KEYS[self.root_seat.index()];
        self.table.new_search();
        if let Some(multi) = self
            .multi
            .as_mut()
            .filter(|m| !scoring_root && m.applies(position))
        {
            let mut context = Context {
                table: &mut self.table,
                key_salt: self.key_salt ^ MULTI_SALT,
                max_depth: self.settings.depth,
                nodes: self.settings.nodes,
                basic_eval: self.settings.basic_eval,
            };
            let found = multi.search(position, &mut context);
            self.nodes = found.nodes;
            self.info = SearchInfo {
                nodes: found.nodes,
                iterations: 0,
                depth: found.depth,
                value: Some(found.value as f64),
                proven: false,
                noise: false,
            };
            return found;
        }
        for score in &mut self.history {
            *score /= 2;
        }
        self.nodes = 0;
        self.aborted = false;
        work.generate_moves(&mut self.plies[0].moves);
        let table_move = self
            .table
            .probe(work.hash() ^ self.key_salt)
            .and_then(|entry| entry.best)
            .filter(|best| *best < self.plies[0].moves.len());
        self.root.clear();
        self.root
            .extend((0..self.plies[0].moves.len()).map(|index| RootMove {
                index,
                value: 0,
                completed: 0,
            }));
        if let Some(best) = table_move {
            self.root[..=best].rotate_right(1);
        }
        let mut result = None;
        for depth in 1..=self.settings.depth {
            self.node_limit = match self.settings.nodes {
                Some(limit) if depth > 1 => limit,
                _ => u64::MAX,
            };
            self.horizon = false;
            let (mut low, mut high) = (-INFINITY, INFINITY);
            if let Some((_, last, _)) = result {
                if G::ASPIRATION > 0 && !scoring_root && !self.settings.plain {
                    let last: i32 = last;
                    if last.abs() < DECISIVE {
                        (low, high) = (last - G::ASPIRATION, last + G::ASPIRATION);
                    }
                }
            }
            let (best, value) = loop {
                let (best, value) = self.search_root(&mut work, depth, root_margin, low, high);
                if self.aborted {
                    break (best, value);
                }
                // A value outside the window is only a bound: widen that side.
                if value <= low {
                    low = -INFINITY;
                } else if value >= high {
                    high = INFINITY;
                } else {
                    break (best, value);
                }
            };
            if self.aborted {
                break;
            }
            for root_move in &mut self.root {
                root_move.completed = root_move.value;
            }
            // The best first for the next iteration, otherwise in the order they had.
            self.root.sort_by_key(|root_move| Reverse(root_move.value));
            result = Some((best, value, depth));
            if value.abs() >= DECISIVE || !self.horizon {
                break;
            }
        }
        let (best, value, depth) = result.expect("the first iteration always completes");
        let found = SearchResult {
            best: self.plies[0].moves[best],
            value,
            depth,
            nodes: self.nodes,
        };
        self.info = SearchInfo {
            nodes: self.nodes,
            iterations: 0,
            depth,
            value: Some(value as f64),
            proven: value.abs() >= DECISIVE,
            noise: false,
        };
        found
    }

    /// One iteration at the root within the window `(low, high)`: the index of the best
    /// move and its value (fail-soft: a bound when outside the window). With a
    /// `root_margin`, every move is searched with a window from that margin below the
    /// best value so far, so that each one within the margin of the best is exact and
    /// the others are bounds at least the margin below it (the full window for every
    /// move where the margin has no end, [`EXACT`]).
    fn search_root(
        &mut self,
        position: &mut G,
        depth: u32,
        root_margin: Option<i32>,
        low: i32,
        high: i32,
    ) -> (usize, i32) {
        self.nodes += 1;
        let mover = position.to_move();
        let mut alpha = low;
        let mut best = (self.root[0].index, -INFINITY);
        for r in 0..self.root.len() {
            let index = self.root[r].index;
            let mv = self.plies[0].moves[index];
            position.play_unchecked(mv);
            let value = match root_margin {
                None => {
                    self.principal_variation(position, mover, depth - 1, 1, alpha, high, r == 0)
                }
                Some(margin) => {
                    let floor = best.1.saturating_sub(margin).max(-INFINITY);
                    if floor == -INFINITY {
                        self.child_value(position, mover, depth - 1, 1, -INFINITY, INFINITY)
                    } else {
                        self.principal_variation(
                            position,
                            mover,
                            depth - 1,
                            1,
                            floor,
                            INFINITY,
                            false,
                        )
                    }
                }
            };
            position.undo(mv);
            if self.aborted {
                return best;
            }
            self.root[r].value = value;
            if value > best.1 {
                best = (index, value);
            }
            alpha = alpha.max(value);
            if value >= high {
                break;
            }
        }
        if best.1 > low && best.1 < high {
            let key = position.hash() ^ self.key_salt;
            self.table
                .store(key, best.1, depth, Bound::Exact, Some(best.0));
        }
        best
    }

    /// The value of `position`, just reached by a move of `parent`, for `parent`'s side
    /// within `(alpha, beta)`: with the full window for the first move of a node (or in a
    /// plain search), otherwise first with a null window at alpha and again with the full
    /// window only when the move beats alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn principal_variation(
        &mut self,
        position: &mut G,
        parent: Seat,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        if first || self.settings.plain || beta - alpha <= 1 {
            return self.child_value(position, parent, depth, ply, alpha, beta);
        }
        let value = self.child_value(position, parent, depth, ply, alpha, alpha + 1);
        if value > alpha && value < beta && !self.aborted {
            self.child_value(position, parent, depth, ply, alpha, beta)
        } else {
            value
        }
    }

    /// The value of `position`, just reached by a move of `parent`, for `parent`'s side.
    #[inline]
    fn child_value(
        &mut self,
        position: &mut G,
        parent: Seat,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let same_side = (position.to_move() == self.root_seat) == (parent == self.root_seat);
        if same_side {
            self.negamax(position, depth, ply, alpha, beta)
        } else {
            -self.negamax(position, depth, ply, -beta, -alpha)
        }
    }

    /// The value of `position` for the side to move (the root seat, or the coalition
    /// against it), fail-soft within the window `(alpha, beta)`.
    fn negamax(
        &mut self,
        position: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
            return 0;
        }
        let mover = position.to_move();
        let sign = if mover == self.root_seat { 1 } else { -1 };
        if position.is_over() {
            let outcome = position.status().outcome().expect("the game is over");
            let value = match terminal_value(&outcome, self.root_seat, ply) {
                0 => -self.settings.contempt,
                decided => decided,
            };
            return sign * value;
        }
        // Checked before the table, whose entry for this position may come from a visit
        // with another history, one that could not repeat.
        if self.settings.repeat_once && ply > 0 && position.repeated() {
            return sign * -self.settings.contempt;
        }
        if ply > 0 {
            if let Some(entry) = self.tables.as_ref().and_then(|t| position.table_entry(t)) {
                return match table_value(entry, ply) {
                    0 => sign * -self.settings.contempt,
                    decided => decided,
                };
            }
        }
        if is_leaf(position, depth, ply, !self.settings.plain) {
            self.horizon = true;
            if self.settings.basic_eval {
                let value = position.evaluate_basic(self.root_seat);
                return sign * value.clamp(-EVAL_LIMIT, EVAL_LIMIT);
            }
            return sign * leaf_value(position, self.root_seat);
        }

        let key = position.hash() ^ self.key_salt;
        let use_table = depth >= TABLE_MIN_DEPTH;
        let mut table_move = None;
        let entry = if use_table {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = entry {
            table_move = entry.best;
            if let Some(value) = table_cut(&entry, depth, ply, alpha, beta, self.settings.reduce) {
                self.horizon = true;
                return value;
            }
        }

        let at = ply as usize;
        {
            let Ply {
                moves,
                order,
                killers,
            } = &mut self.plies[at];
            position.generate_moves(moves);
            order.clear();
            for (index, mv) in moves.iter().enumerate() {
                let score = if Some(index) == table_move {
                    TABLE_MOVE
                } else if killers[0] == Some(*mv) {
                    FIRST_KILLER
                } else if killers[1] == Some(*mv) {
                    SECOND_KILLER
                } else {
                    self.history[history_slot(mv, mover)]
                };
                order.push((score, index as u32));
            }
        }

        let count = self.plies[at].moves.len();
        if depth > TABLE_MIN_DEPTH {
            // The children will probe the table: start loading all their buckets at once.
            for index in 0..count {
                let mv = self.plies[at].moves[index];
                position.play_unchecked(mv);
                self.table.prefetch(position.hash() ^ self.key_salt);
                position.undo(mv);
            }
        }
        // Where a capture is forced every move is one: none is reduced.
        let forced = self.settings.reduce && position.in_exchange();
        let alpha_in = alpha;
        let mut best = (0, -INFINITY);
        for k in 0..count {
            // Selection sort, one step at a time: most nodes cut off after a move or two.
            let index = {
                let order = &mut self.plies[at].order;
                let mut top = k;
                for j in k + 1..count {
                    if order[j].0 > order[top].0 {
                        top = j;
                    }
                }
                order.swap(k, top);
                order[k].1 as usize
            };
            let mv = self.plies[at].moves[index];
            position.play_unchecked(mv);
            // In an exchange at the horizon the depth stays 0 (see the module notes).
            let child_depth = depth.saturating_sub(1);
            let reduction = if self.settings.reduce && !forced {
                let slot = depth as usize * REDUCTION_MOVES + k.min(REDUCTION_MOVES - 1);
                u32::from(self.reductions[slot])
            } else {
                0
            };
            // A move that offers a capture is not reduced (asked only of a move that
            // would be).
            let reduction = if reduction > 0 && position.in_exchange() {
                0
            } else {
                reduction
            };
            let mut value = 0;
            let mut full = true;
            if reduction > 0 {
                // A late quiet move is first searched shallower with a null window; it
                // earns the full depth only when it beats alpha there.
                value = self.child_value(
                    position,
                    mover,
                    child_depth - reduction,
                    ply + 1,
                    alpha,
                    alpha + 1,
                );
                full = value > alpha && !self.aborted;
            }
            if full {
                value = self.principal_variation(
                    position,
                    mover,
                    child_depth,
                    ply + 1,
                    alpha,
                    beta,
                    k == 0,
                );
            }
            position.undo(mv);
            if self.aborted {
                return 0;
            }
            if value > best.1 {
                best = (index, value);
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        if Some(index) != table_move {
                            let killers = &mut self.plies[at].killers;
                            if killers[0] != Some(mv) {
                                killers[1] = killers[0];
                                killers[0] = Some(mv);
                            }
                            let slot = &mut self.history[history_slot(&mv, mover)];
                            *slot = (*slot + (depth * depth) as i32).min(HISTORY_LIMIT);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best.1 >= beta {
            Bound::Lower
        } else if best.1 > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            self.table
                .store(key, value_to_table(best.1, ply), depth, bound, Some(best.0));
        }
        best.1
    }
}

impl<G: Evaluate + Solved> Agent<G> for MinimaxAgent<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, _seed: u64) {
        G::prepare_tables();
        self.table.clear();
        self.history.fill(0);
        for ply in &mut self.plies {
            ply.killers = [None; 2];
        }
        self.info = SearchInfo::default();
    }

    fn choose(&mut self, position: &G) -> G::Move {
        let moves = &mut self.plies[0].moves;
        position.generate_moves(moves);
        if moves.len() == 1 {
            self.info = SearchInfo::default();
            return moves[0];
        }
        self.search(position).best
    }

    fn last_search(&self) -> SearchInfo {
        self.info
    }

    /// Each move's value for the seat to move, searched with a full window in every
    /// iteration so that all are exact, from the last completed iteration.
    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        self.score_moves_near(position, moves, scores, f64::INFINITY);
    }

    /// Each move's value within `margin` of the best's, searched in every iteration
    /// with a window from the margin below the best so far:
    /// the rest get bounds at least the margin below, and the search the depth that the
    /// exact values of moves the softmax would all but never draw would have cost.
    fn score_moves_near(
        &mut self,
        position: &G,
        moves: &mut Vec<G::Move>,
        scores: &mut Vec<f64>,
        margin: f64,
    ) {
        let margin = if margin >= EXACT as f64 {
            EXACT
        } else {
            margin.max(0.0).ceil() as i32
        };
        self.search_with(position, Some(margin));
        moves.clear();
        moves.extend_from_slice(&self.plies[0].moves);
        scores.clear();
        scores.resize(moves.len(), 0.0);
        for root_move in &self.root {
            scores[root_move.index] = root_move.completed as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{minimax_value, move_values};
    use crate::testing::{mirrored, random_positions, solve, RaceMove, RaceToTen, FORCED_WINS};
    use engine::{ChineseCheckers, Leapfrog};
    use std::collections::HashMap;

    fn agent<G: Evaluate + Solved>(depth: u32, nodes: Option<u64>) -> MinimaxAgent<G> {
        let settings = MinimaxSettings {
            depth,
            nodes,
            tt_mib: 1,
            ..MinimaxSettings::default()
        };
        MinimaxAgent::new(format!("minimax:depth={depth}"), settings)
    }

    /// A player searching to `depth` with the `multi` knob at `multi`.
    fn searcher<G: Evaluate + Solved>(multi: &str, depth: u32) -> MinimaxAgent<G> {
        let spec = format!("minimax:depth={depth},tt_mib=1,multi={multi}")
            .parse()
            .unwrap();
        let settings = MinimaxSettings::from_spec(&spec).unwrap();
        MinimaxAgent::new(spec.to_string(), settings)
    }

    #[test]
    fn two_players_search_as_before_whatever_the_knob() {
        for multi in ["maxn", "brs"] {
            let mut plain = searcher::<ChineseCheckers>("paranoid", 3);
            let mut other = searcher::<ChineseCheckers>(multi, 3);
            for position in random_positions::<ChineseCheckers>(10, 12) {
                assert_eq!(
                    other.search(&position),
                    plain.search(&position),
                    "{position}"
                );
            }
        }
        // Without a pass move, best-reply search is paranoid.
        let mut paranoid = searcher::<RaceToTen>("paranoid", 4);
        let mut brs = searcher::<RaceToTen>("brs", 4);
        for position in random_positions::<RaceToTen>(50, 13) {
            assert_eq!(
                brs.search(&position),
                paranoid.search(&position),
                "{position}"
            );
        }
    }

    /// The table keeps its entries from position to position, so that stale entries
    /// would show.
    fn check_against_reference<G: Evaluate + Solved>(
        positions: &[G],
        depths: std::ops::RangeInclusive<u32>,
    ) {
        for depth in depths {
            let mut searcher = agent::<G>(depth, None);
            for position in positions {
                let found = searcher.search(position);
                let expected = minimax_value(position, depth);
                assert_eq!(found.value, expected, "depth {depth} at {position}");
                // The move found has the root value, unless a decided root stopped the
                // deepening early (then its value is already the same at every depth).
                let values = move_values(position, found.depth);
                let best = values.iter().find(|(mv, _)| *mv == found.best).unwrap().1;
                assert_eq!(best, minimax_value(position, found.depth), "{position}");
                assert!(
                    found.depth == depth || expected.abs() >= DECISIVE,
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn matches_plain_minimax_at_fixed_depths() {
        let positions = random_positions::<Leapfrog>(1_000, 1);
        check_against_reference(&positions, 1..=5);
        check_against_reference(&positions[..200], 6..=7);
    }

    #[test]
    fn matches_plain_minimax_with_exchanges_played_out() {
        use engine::games::alquerque::Alquerque;
        use engine::games::draughts::{EnglishDraughts, InternationalDraughts};
        let english = random_positions::<EnglishDraughts>(150, 5);
        check_against_reference(&english, 1..=4);
        let international = random_positions::<InternationalDraughts>(40, 6);
        check_against_reference(&international, 1..=3);
        check_against_reference(&random_positions::<Alquerque>(60, 7), 1..=3);
    }

    #[test]
    fn exchanges_at_the_horizon_are_played_out() {
        use engine::games::draughts::EnglishDraughts;
        // The plain search takes the evaluation right after each move, captures pending
        // or not; the default one agrees with the reference that plays them out, and the
        // two differ wherever a move walks into a capture.
        let mut differ = 0;
        for position in random_positions::<EnglishDraughts>(300, 8) {
            let plain = MinimaxSettings {
                depth: 1,
                nodes: None,
                tt_mib: 1,
                plain: true,
                ..MinimaxSettings::default()
            };
            let mut resolved = agent::<EnglishDraughts>(1, None);
            let mut horizon = MinimaxAgent::<EnglishDraughts>::new("p".into(), plain);
            let (a, b) = (resolved.search(&position), horizon.search(&position));
            let mut values = Vec::new();
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            for mv in moves {
                let mut after = position.clone();
                after.play_unchecked(mv);
                values.push(if after.is_over() {
                    terminal_value(&after.status().outcome().unwrap(), position.to_move(), 1)
                } else {
                    leaf_value(&after, position.to_move())
                });
            }
            assert_eq!(b.value, *values.iter().max().unwrap(), "{position}");
            assert_eq!(a.value, minimax_value(&position, 1), "{position}");
            differ += usize::from(a.value != b.value);
        }
        assert!(differ > 30, "exchanges changed {differ} of 300 values");
    }

    #[test]
    fn matches_plain_paranoid_minimax_with_three_players() {
        let positions = random_positions::<RaceToTen>(300, 2);
        check_against_reference(&positions, 1..=6);
    }

    #[test]
    fn exact_move_scores_match_plain_minimax() {
        for (depth, position) in random_positions::<Leapfrog>(150, 3).iter().enumerate() {
            let depth = 1 + depth as u32 % 4;
            let mut searcher = agent::<Leapfrog>(depth, None);
            let (mut moves, mut scores) = (Vec::new(), Vec::new());
            searcher.score_moves(position, &mut moves, &mut scores);
            let expected = move_values(position, searcher.last_search().depth);
            let found: Vec<_> = moves
                .iter()
                .zip(&scores)
                .map(|(m, s)| (*m, *s as i32))
                .collect();
            assert_eq!(found, expected, "{position}");
        }
        let race = RaceToTen::with_counters([4, 6, 2], Seat::B, 10);
        let mut searcher = agent::<RaceToTen>(4, None);
        let (mut moves, mut scores) = (Vec::new(), Vec::new());
        searcher.score_moves(&race, &mut moves, &mut scores);
        let found: Vec<_> = moves
            .iter()
            .zip(&scores)
            .map(|(m, s)| (*m, *s as i32))
            .collect();
        assert_eq!(found, move_values(&race, 4));
    }

    #[test]
    fn move_scores_near_the_best_are_exact_and_the_rest_lie_below_the_margin() {
        let mut cut = 0;
        for (depth, position) in random_positions::<Leapfrog>(150, 4).iter().enumerate() {
            let depth = 1 + depth as u32 % 4;
            let margin = 1 + depth as i32 % 3;
            let mut searcher = agent::<Leapfrog>(depth, None);
            let (mut moves, mut scores) = (Vec::new(), Vec::new());
            searcher.score_moves_near(position, &mut moves, &mut scores, margin as f64);
            let exact: HashMap<_, _> = move_values(position, searcher.last_search().depth)
                .into_iter()
                .collect();
            let best = *exact.values().max().unwrap();
            for (mv, score) in moves.iter().zip(&scores) {
                let (score, value) = (*score as i32, exact[mv]);
                if value >= best - margin {
                    assert_eq!(score, value, "{position} {mv:?}");
                } else {
                    assert!(
                        score <= best - margin && score >= value,
                        "{position} {mv:?}"
                    );
                    cut += usize::from(score != value);
                }
            }
        }
        assert!(cut > 0, "no move's value was left a bound");
    }

    #[test]
    fn with_repeat_once_a_position_met_again_is_a_draw() {
        use engine::games::draughts::EnglishDraughts;
        // White's three kings against Black's one. After 29-25 4-8 25-29, Black's 8-4
        // brings back the start: its second occurrence, not yet the rule's third.
        let mut position = EnglishDraughts::parse_position("W:WK29,K30,K31:BK4").unwrap();
        for text in ["29-25", "4-8", "25-29"] {
            let mv = position.parse_move(text).unwrap();
            position.play(mv).unwrap();
        }
        let back = position.parse_move("8-4").unwrap();
        let mut after = position.clone();
        after.play(back).unwrap();
        assert!(!after.is_over() && after.repeated());
        let score_of_back = |spec: &str| {
            let settings = MinimaxSettings::from_spec(&spec.parse().unwrap()).unwrap();
            let mut agent = MinimaxAgent::<EnglishDraughts>::new("m".into(), settings);
            let (mut moves, mut scores) = (Vec::new(), Vec::new());
            agent.score_moves(&position, &mut moves, &mut scores);
            let at = moves.iter().position(|&m| m == back).unwrap();
            (scores[at], scores.iter().cloned().fold(f64::MIN, f64::max))
        };
        // Black, two kings down, scores the repetition as the draw it can become, and
        // best; under the rule alone it is one more position two kings down.
        assert_eq!(score_of_back("minimax:depth=3,repeat=once"), (0.0, 0.0));
        let (back_value, _) = score_of_back("minimax:depth=3");
        assert!(back_value < -100.0, "{back_value}");
        // A game without the repetition rule never repeats.
        let mut unruled =
            EnglishDraughts::parse_position("W:WK29,K30,K31:BK4 repetitions=0").unwrap();
        for text in ["29-25", "4-8", "25-29", "8-4"] {
            let mv = unruled.parse_move(text).unwrap();
            unruled.play(mv).unwrap();
        }
        assert!(!unruled.repeated());
    }

    #[test]
    fn contempt_makes_a_draw_cost_the_root_seat() {
        use engine::games::draughts::EnglishDraughts;
        // A king each, far apart; both shuffle back and forth, so that Black's 27-32
        // repeats the start a third time: a draw by repetition.
        let mut position = EnglishDraughts::parse_position("W:WK1:BK32").unwrap();
        for text in ["1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1"] {
            let mv = position.parse_move(text).unwrap();
            position.play(mv).unwrap();
        }
        let repeat = position.parse_move("27-32").unwrap();
        let mut after = position.clone();
        after.play(repeat).unwrap();
        assert!(after.is_over(), "27-32 is the third repetition");

        let scores_with = |contempt: i32| {
            let settings = MinimaxSettings {
                depth: 4,
                tt_mib: 1,
                contempt,
                ..MinimaxSettings::default()
            };
            let mut agent = MinimaxAgent::<EnglishDraughts>::new("m".into(), settings);
            let (mut moves, mut scores) = (Vec::new(), Vec::new());
            agent.score_moves(&position, &mut moves, &mut scores);
            let at = moves.iter().position(|&m| m == repeat).unwrap();
            (scores[at], agent.choose(&position))
        };
        assert_eq!(scores_with(0).0, 0.0);
        let (repeat_score, chosen) = scores_with(50);
        assert_eq!(repeat_score, -50.0);
        assert_ne!(chosen, repeat, "with contempt the searcher plays on");
        assert_eq!(
            MinimaxSettings::from_spec(&"minimax:contempt=30".parse().unwrap())
                .unwrap()
                .contempt,
            30
        );
    }

    #[test]
    fn a_node_budget_plays_the_last_completed_iteration() {
        for position in random_positions::<Leapfrog>(40, 4) {
            let mut unlimited = agent::<Leapfrog>(12, None);
            let full = unlimited.search(&position);
            let budget = (full.nodes / 3).max(1);
            let mut limited = agent::<Leapfrog>(12, Some(budget));
            let found = limited.search(&position);
            assert!(found.depth >= 1 && found.depth <= full.depth, "{position}");
            assert_eq!(
                found.value,
                minimax_value(&position, found.depth),
                "{position}"
            );
            // The same budget finds the same move again.
            let mut again = agent::<Leapfrog>(12, Some(budget));
            assert_eq!(again.search(&position), found, "{position}");
            if found.depth > 1 {
                assert!(found.nodes > budget, "the budget ran out: {position}");
            }
        }
    }

    /// Checks that `mv` from the won Leapfrog Race `position` leaves the opponent lost.
    fn assert_keeps_the_win(
        position: &Leapfrog,
        mv: <Leapfrog as Game>::Move,
        solved: &mut HashMap<u64, f64>,
    ) {
        let mut after = *position;
        after.play_unchecked(mv);
        assert_eq!(solve(&after, solved), 0.0, "{mv} keeps the win: {position}");
    }

    #[test]
    fn finds_the_forced_win_in_endgames() {
        let mut solved = HashMap::new();
        for text in FORCED_WINS {
            for position in [Leapfrog::parse_position(text).unwrap(), mirrored(text)] {
                assert_eq!(
                    solve(&position, &mut solved),
                    1.0,
                    "a forced win: {position}"
                );
                let mut searcher = agent::<Leapfrog>(24, None);
                searcher.reset(1);
                let mv = searcher.choose(&position);
                let info = searcher.last_search();
                assert!(
                    info.proven && info.value.unwrap() > 0.0,
                    "{position}: {info:?}"
                );
                assert_keeps_the_win(&position, mv, &mut solved);
            }
        }
    }

    /// `minimax:nodes=...` with `search=reduce` or not.
    fn budgeted<G: Evaluate + Solved>(nodes: u64, reduce: bool) -> MinimaxAgent<G> {
        let settings = MinimaxSettings {
            depth: MAX_DEPTH,
            nodes: Some(nodes),
            tt_mib: 1,
            reduce,
            ..MinimaxSettings::default()
        };
        MinimaxAgent::new(format!("minimax:nodes={nodes},reduce={reduce}"), settings)
    }

    #[test]
    fn reductions_are_a_knob_of_their_own() {
        let settings = |text: &str| MinimaxSettings::from_spec(&text.parse().unwrap());
        let reduce = settings("minimax:search=reduce").unwrap();
        assert!(reduce.reduce && !reduce.plain);
        let plain = settings("minimax:search=plain").unwrap();
        assert!(plain.plain && !plain.reduce);
        assert!(!settings("minimax").unwrap().reduce);
        let error = settings("minimax:search=lmr").unwrap_err().to_string();
        assert!(error.contains("pvs, plain or reduce"), "{error}");
    }

    #[test]
    fn reductions_search_deeper_from_the_same_budget() {
        use engine::games::draughts::InternationalDraughts;
        // Late moves searched shallower leave positions for more depth: over positions
        // of International draughts games the reducing search completes deeper
        // iterations, never a shallower one by more than a ply.
        let (mut deeper, mut total) = (0, 0);
        for position in random_positions::<InternationalDraughts>(30, 12) {
            let full = budgeted::<InternationalDraughts>(20_000, false).search(&position);
            let reduced = budgeted::<InternationalDraughts>(20_000, true).search(&position);
            assert!(reduced.depth + 1 >= full.depth, "{position}");
            deeper += i32::from(reduced.depth > full.depth);
            total += 1;
        }
        assert!(
            deeper * 2 > total,
            "deeper in {deeper} of {total} positions"
        );
    }

    #[test]
    fn reductions_keep_the_forced_wins() {
        // A reduced move that wins beats alpha at the shallower depth and is searched
        // again in full, so no forced win of the endgame set is lost.
        let mut solved = HashMap::new();
        for text in FORCED_WINS {
            for position in [Leapfrog::parse_position(text).unwrap(), mirrored(text)] {
                let mut searcher = budgeted::<Leapfrog>(2_000_000, true);
                searcher.reset(1);
                let mv = searcher.choose(&position);
                assert_keeps_the_win(&position, mv, &mut solved);
            }
        }
    }

    #[test]
    fn takes_the_quickest_win() {
        // A at 7 wins at once with +3; +2 wins too, three plies later.
        let race = RaceToTen::with_counters([7, 0, 0], Seat::A, 0);
        let mut searcher = agent::<RaceToTen>(6, None);
        let found = searcher.search(&race);
        assert_eq!(found.best, RaceMove(3));
        assert_eq!(found.value, WIN - 1);
        let values = move_values(&race, 6);
        assert!(values
            .iter()
            .any(|(mv, v)| *mv == RaceMove(2) && *v == WIN - 4));
    }
}
