//! Searches for games of more than two seats other than paranoid (which is the minimax
//! player's own alpha-beta, see [`crate::minimax`]): max^n and best-reply search,
//! chosen by the minimax knob `multi=paranoid|maxn|brs`.
//!
//! # Max^n
//! Every seat maximises its own value: a node's value is a vector, one evaluation per
//! seat ([`Evaluate::evaluate_all`]), and the seat to move keeps the child's vector that
//! is best for it; among equals, the one worst for the other seats together (then the
//! least vector), so that the value does not depend on the order moves are searched in.
//! No pruning: a vector's entries do not add up to a constant here, so even shallow
//! pruning does not apply.
//!
//! # Best-reply search (Schadd and Winands 2011)
//! Between two moves of the root seat, only one opponent moves: the one whose best move
//! (for the opponents, against the root seat) is best among all opponents' moves. The
//! other opponents pass ([`Evaluate::null_move`]). The tree is two-player again (the root
//! seat against a layer of all opponents' moves), so alpha-beta applies, and the root
//! seat's moves come twice as often per depth as in paranoid search. Games without a
//! pass move fall back to paranoid search. The passes are plies: close to the game's
//! ply cap, a search can see a game end there that real play would not end yet.
//!
//! Both deepen iteratively within the minimax player's node budget and play the move of
//! the last completed iteration, as paranoid search does; the root seat's value is
//! reported. The transposition table orders moves (both) and cuts (best-reply search,
//! at exactly the remaining depth, as in [`crate::minimax`]).

use std::cmp::Reverse;

use engine::{Game, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::search::{
    table_cut, terminal_value, value_to_table, SearchResult, DECISIVE, EVAL_LIMIT, MAX_PLY, WIN,
};
use crate::spec::{AgentSpec, SpecError};
use crate::tt::{Bound, TranspositionTable};

/// Above every value.
const INFINITY: i32 = 2 * WIN;

/// The shallowest remaining depth at which the table is used.
const TABLE_MIN_DEPTH: u32 = 2;

/// The order in which the seat `mover` prefers max^n value vectors: its own value,
/// then the least for the other seats together, then the least vector.
#[inline]
fn maxn_key(
    values: &[i32; MAX_PLAYERS],
    mover: usize,
    players: usize,
) -> (i32, i64, Reverse<[i32; MAX_PLAYERS]>) {
    let others: i64 = (0..players)
        .filter(|seat| *seat != mover)
        .map(|seat| values[seat] as i64)
        .sum();
    (values[mover], -others, Reverse(*values))
}

/// The index of the `k`-th move searched when the table's move is `first`: that one
/// first, then the others in their order.
#[inline]
fn table_first(k: usize, first: usize) -> usize {
    match k {
        0 => first,
        k if k <= first => k - 1,
        k => k,
    }
}

/// How a search treats more than two seats (`multi`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MultiSearch {
    /// Every other seat plays against the root seat (the default).
    #[default]
    Paranoid,
    /// Every seat maximises its own evaluation.
    MaxN,
    /// Best-reply search: one opponent, the one with the best reply, moves between two
    /// moves of the root seat.
    BestReply,
}

impl MultiSearch {
    /// The names the `multi` key takes, in order.
    pub const NAMES: &'static [&'static str] = &["paranoid", "maxn", "brs"];

    /// The search `spec`'s `multi` key names, paranoid without one.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] for a name not in [`MultiSearch::NAMES`].
    pub fn from_spec(spec: &AgentSpec) -> Result<MultiSearch, SpecError> {
        let index = spec.word("multi", Self::NAMES, "paranoid, maxn or brs")?;
        Ok(match index {
            Some(1) => MultiSearch::MaxN,
            Some(2) => MultiSearch::BestReply,
            _ => MultiSearch::Paranoid,
        })
    }
}

/// What a search below needs of the minimax player: its table, the salt of the root
/// seat's keys, the budget and whether to evaluate with the basic evaluation.
pub struct Context<'a> {
    /// The minimax player's transposition table.
    pub table: &'a mut TranspositionTable,
    /// XORed into every key, as the minimax player does.
    pub key_salt: u64,
    /// The deepest iteration.
    pub max_depth: u32,
    /// The most positions one search visits.
    pub nodes: Option<u64>,
    /// `eval=basic`.
    pub basic_eval: bool,
}

/// The scratch space of max^n and best-reply searches, allocated once.
#[derive(Clone, Debug)]
pub struct MultiSearcher<G: Game> {
    mode: MultiSearch,
    moves: Vec<Vec<G::Move>>,
    /// Passes played by best-reply layers, to undo them.
    passes: Vec<G::Move>,
    root_moves: Vec<G::Move>,
    /// Root move indices in search order, with their last values.
    root_order: Vec<(usize, i32)>,
    root: Seat,
    nodes: u64,
    node_limit: u64,
    aborted: bool,
    horizon: bool,
}

impl<G: Evaluate> MultiSearcher<G> {
    /// A searcher of `mode` (max^n or best-reply).
    pub fn new(mode: MultiSearch) -> MultiSearcher<G> {
        MultiSearcher {
            mode,
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            passes: Vec::with_capacity(MAX_PLY as usize * MAX_PLAYERS),
            root_moves: Vec::with_capacity(64),
            root_order: Vec::with_capacity(64),
            root: Seat::A,
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            horizon: false,
        }
    }

    /// Whether this searcher plays `position` (more than two seats, and for best-reply
    /// search a pass move to let opponents sit out).
    pub fn applies(&self, position: &G) -> bool {
        position.players() > 2
            && match self.mode {
                MultiSearch::Paranoid => false,
                MultiSearch::MaxN => true,
                MultiSearch::BestReply => position.null_move().is_some(),
            }
    }

    /// Searches `position` (not over) by iterative deepening within `context`'s budget.
    pub fn search(&mut self, position: &G, context: &mut Context<'_>) -> SearchResult<G::Move> {
        let mut work = position.clone();
        self.root = position.to_move();
        self.nodes = 0;
        self.aborted = false;
        work.generate_moves(&mut self.root_moves);
        self.root_order.clear();
        self.root_order
            .extend((0..self.root_moves.len()).map(|index| (index, 0)));
        let mut result = None;
        for depth in 1..=context.max_depth {
            self.node_limit = match context.nodes {
                Some(limit) if depth > 1 => limit,
                _ => u64::MAX,
            };
            self.horizon = false;
            self.nodes += 1;
            let mut best = (self.root_order[0].0, -INFINITY);
            for r in 0..self.root_order.len() {
                let index = self.root_order[r].0;
                let mv = self.root_moves[index];
                work.play_unchecked(mv);
                let value = match self.mode {
                    MultiSearch::MaxN => {
                        self.maxn(&mut work, context, depth - 1, 1)[self.root.index()]
                    }
                    _ => self.best_reply(&mut work, context, depth - 1, 1, best.1, INFINITY),
                };
                work.undo(mv);
                if self.aborted {
                    break;
                }
                self.root_order[r].1 = value;
                if value > best.1 {
                    best = (index, value);
                }
            }
            if self.aborted {
                break;
            }
            // The best first for the next iteration, otherwise in the order they had.
            self.root_order.sort_by_key(|(_, value)| Reverse(*value));
            result = Some((best.0, best.1, depth));
            if best.1.abs() >= DECISIVE || !self.horizon {
                break;
            }
        }
        let (best, value, depth) = result.expect("the first iteration always completes");
        SearchResult {
            best: self.root_moves[best],
            value,
            depth,
            nodes: self.nodes,
        }
    }

    /// Counts a node; false (and the search aborted) once the budget is spent.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Every seat's evaluation of `position`, clamped to ±[`EVAL_LIMIT`].
    #[inline]
    fn leaf_values(position: &G, basic: bool) -> [i32; MAX_PLAYERS] {
        let mut values = [0; MAX_PLAYERS];
        if basic {
            for seat in Seat::all(position.players()) {
                values[seat.index()] = position.evaluate_basic(seat);
            }
        } else {
            position.evaluate_all(&mut values);
        }
        values.map(|value| value.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }

    /// The max^n value vector of `position`, `depth` plies left at `ply` below the root.
    fn maxn(
        &mut self,
        position: &mut G,
        context: &mut Context<'_>,
        depth: u32,
        ply: u32,
    ) -> [i32; MAX_PLAYERS] {
        if !self.visit() {
            return [0; MAX_PLAYERS];
        }
        if position.is_over() {
            let outcome = position.status().outcome().expect("the game is over");
            let mut values = [0; MAX_PLAYERS];
            for seat in Seat::all(position.players()) {
                values[seat.index()] = terminal_value(&outcome, seat, ply);
            }
            return values;
        }
        let at = ply as usize;
        if depth == 0 || at + 1 >= self.moves.len() {
            self.horizon = true;
            return Self::leaf_values(position, context.basic_eval);
        }
        let key = position.hash() ^ context.key_salt;
        let use_table = depth >= TABLE_MIN_DEPTH;
        let table_move = if use_table {
            context.table.probe(key).and_then(|entry| entry.best)
        } else {
            None
        };
        position.generate_moves(&mut self.moves[at]);
        let count = self.moves[at].len();
        let first = table_move.filter(|best| *best < count).unwrap_or(0);
        let mover = position.to_move().index();
        let players = position.players();
        let mut best: Option<(usize, [i32; MAX_PLAYERS])> = None;
        for k in 0..count {
            let index = table_first(k, first);
            let mv = self.moves[at][index];
            position.play_unchecked(mv);
            let values = self.maxn(position, context, depth - 1, ply + 1);
            position.undo(mv);
            if self.aborted {
                return [0; MAX_PLAYERS];
            }
            if best.is_none_or(|(_, kept)| {
                maxn_key(&values, mover, players) > maxn_key(&kept, mover, players)
            }) {
                best = Some((index, values));
            }
        }
        let Some((index, values)) = best else {
            self.horizon = true;
            return Self::leaf_values(position, context.basic_eval);
        };
        if use_table {
            // Only the move is read back; the value is the mover's.
            context.table.store(
                key,
                value_to_table(values[mover], ply),
                depth,
                Bound::Exact,
                Some(index),
            );
        }
        values
    }

    /// The best-reply value of `position` for the root seat, fail-soft within
    /// `(alpha, beta)`: the most over the root seat's moves when it is to move, else the
    /// least over the moves of every opponent up to the root seat's next turn.
    fn best_reply(
        &mut self,
        position: &mut G,
        context: &mut Context<'_>,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if !self.visit() {
            return 0;
        }
        if position.is_over() {
            let outcome = position.status().outcome().expect("the game is over");
            return terminal_value(&outcome, self.root, ply);
        }
        let at = ply as usize;
        if depth == 0 || at + 1 >= self.moves.len() {
            self.horizon = true;
            let value = if context.basic_eval {
                position.evaluate_basic(self.root)
            } else {
                position.evaluate(self.root)
            };
            return value.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let key = position.hash() ^ context.key_salt;
        let use_table = depth >= TABLE_MIN_DEPTH;
        let mut table_move = None;
        if use_table {
            if let Some(entry) = context.table.probe(key) {
                table_move = entry.best;
                if let Some(value) = table_cut(&entry, depth, ply, alpha, beta, false) {
                    self.horizon = true;
                    return value;
                }
            }
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let maximising = position.to_move() == self.root;
        let mut best = (None, if maximising { -INFINITY } else { INFINITY });
        if maximising {
            position.generate_moves(&mut self.moves[at]);
            let count = self.moves[at].len();
            let first = table_move.filter(|best| *best < count).unwrap_or(0);
            for k in 0..count {
                let index = table_first(k, first);
                let mv = self.moves[at][index];
                position.play_unchecked(mv);
                let value = self.best_reply(position, context, depth - 1, ply + 1, alpha, beta);
                position.undo(mv);
                if self.aborted {
                    return 0;
                }
                if value > best.1 {
                    best = (Some(index), value);
                    alpha = alpha.max(value);
                    if value >= beta {
                        break;
                    }
                }
            }
        } else {
            // Each opponent in turn: its moves, then it passes to let the next one move,
            // up to the root seat (at most every other seat once).
            let passes_in = self.passes.len();
            'layer: for _ in 1..position.players() {
                if position.is_over() || position.to_move() == self.root {
                    break;
                }
                position.generate_moves(&mut self.moves[at]);
                for index in 0..self.moves[at].len() {
                    let mv = self.moves[at][index];
                    position.play_unchecked(mv);
                    let reply_passes = self.passes.len();
                    self.pass_to_root(position);
                    let value = self.best_reply(position, context, depth - 1, ply + 1, alpha, beta);
                    self.undo_passes(position, reply_passes);
                    position.undo(mv);
                    if self.aborted {
                        self.undo_passes(position, passes_in);
                        return 0;
                    }
                    if value < best.1 {
                        best.1 = value;
                        beta = beta.min(value);
                        if value <= alpha {
                            break 'layer;
                        }
                    }
                }
                let pass = position
                    .null_move()
                    .expect("best-reply search needs passes");
                position.play_unchecked(pass);
                self.passes.push(pass);
            }
            self.undo_passes(position, passes_in);
        }
        if best.1.abs() == INFINITY {
            // No move at all (the root seat no longer plays): the position as it stands.
            self.horizon = true;
            return position.evaluate(self.root).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        if use_table {
            let bound = if best.1 >= beta_in {
                Bound::Lower
            } else if best.1 <= alpha_in {
                Bound::Upper
            } else {
                Bound::Exact
            };
            context
                .table
                .store(key, value_to_table(best.1, ply), depth, bound, best.0);
        }
        best.1
    }

    /// Lets every opponent after the one that just moved pass, up to the root seat's
    /// turn (or the game's end).
    #[inline]
    fn pass_to_root(&mut self, position: &mut G) {
        for _ in 1..position.players() {
            if position.is_over() || position.to_move() == self.root {
                return;
            }
            let pass = position
                .null_move()
                .expect("best-reply search needs passes");
            position.play_unchecked(pass);
            self.passes.push(pass);
        }
    }

    /// Undoes the passes played since the pass stack had `len` entries.
    #[inline]
    fn undo_passes(&mut self, position: &mut G, len: usize) {
        while self.passes.len() > len {
            let pass = self.passes.pop().expect("a pass to undo");
            position.undo(pass);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_positions, RaceToTen};
    use engine::games::chinese_checkers::Options;
    use engine::ChineseCheckers;

    /// Plain max^n to `depth`: every move, in generation order, no table.
    fn maxn_reference<G: Evaluate>(position: &mut G, depth: u32, ply: u32) -> [i32; MAX_PLAYERS] {
        if position.is_over() {
            let outcome = position.status().outcome().unwrap();
            let mut values = [0; MAX_PLAYERS];
            for seat in Seat::all(position.players()) {
                values[seat.index()] = terminal_value(&outcome, seat, ply);
            }
            return values;
        }
        if depth == 0 {
            let mut values = [0; MAX_PLAYERS];
            position.evaluate_all(&mut values);
            return values.map(|v| v.clamp(-EVAL_LIMIT, EVAL_LIMIT));
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let (mover, players) = (position.to_move().index(), position.players());
        let mut best: Option<[i32; MAX_PLAYERS]> = None;
        for mv in moves {
            position.play_unchecked(mv);
            let values = maxn_reference(position, depth - 1, ply + 1);
            position.undo(mv);
            if best.is_none_or(|kept| {
                maxn_key(&values, mover, players) > maxn_key(&kept, mover, players)
            }) {
                best = Some(values);
            }
        }
        best.unwrap()
    }

    /// Plain best-reply search to `depth` for `root`: no pruning, no table.
    fn brs_reference<G: Evaluate>(position: &mut G, root: Seat, depth: u32, ply: u32) -> i32 {
        if position.is_over() {
            return terminal_value(&position.status().outcome().unwrap(), root, ply);
        }
        if depth == 0 {
            return position.evaluate(root).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let mut moves = Vec::new();
        if position.to_move() == root {
            position.generate_moves(&mut moves);
            let mut best = -INFINITY;
            for mv in moves.clone() {
                position.play_unchecked(mv);
                best = best.max(brs_reference(position, root, depth - 1, ply + 1));
                position.undo(mv);
            }
            return best;
        }
        // Each opponent replies alone, the others passing.
        let mut best = INFINITY;
        let mut passes = Vec::new();
        while !position.is_over() && position.to_move() != root {
            position.generate_moves(&mut moves);
            for mv in moves.clone() {
                position.play_unchecked(mv);
                let mut after = Vec::new();
                while !position.is_over() && position.to_move() != root {
                    let pass = position.null_move().unwrap();
                    position.play_unchecked(pass);
                    after.push(pass);
                }
                best = best.min(brs_reference(position, root, depth - 1, ply + 1));
                for pass in after.into_iter().rev() {
                    position.undo(pass);
                }
                position.undo(mv);
            }
            let pass = position.null_move().unwrap();
            position.play_unchecked(pass);
            passes.push(pass);
        }
        for pass in passes.into_iter().rev() {
            position.undo(pass);
        }
        best
    }

    /// A max^n or best-reply search to `depth` with a table of its own, run as the
    /// minimax player runs it (the tests of the player's `multi` knob are the player's).
    struct Searcher<G: Game> {
        search: MultiSearcher<G>,
        table: TranspositionTable,
        depth: u32,
    }

    impl<G: Evaluate> Searcher<G> {
        fn new(mode: MultiSearch, depth: u32) -> Searcher<G> {
            Searcher {
                search: MultiSearcher::new(mode),
                table: TranspositionTable::with_mib(1),
                depth,
            }
        }

        fn search(&mut self, position: &G) -> SearchResult<G::Move> {
            assert!(self.search.applies(position), "{position}");
            self.table.new_search();
            let mut context = Context {
                table: &mut self.table,
                key_salt: 0,
                max_depth: self.depth,
                nodes: None,
                basic_eval: false,
            };
            self.search.search(position, &mut context)
        }
    }

    /// Three-player Chinese checkers positions a few moves from the start.
    fn three_player_positions(count: usize) -> Vec<ChineseCheckers> {
        let start = ChineseCheckers::start(Options {
            players: 3,
            ..Options::default()
        });
        let mut moves = Vec::new();
        (0..count)
            .map(|k| {
                let mut position = start.clone();
                for ply in 0..6 + k % 9 {
                    position.generate_moves(&mut moves);
                    position.play_unchecked(moves[(k * 7919 + ply * 31) % moves.len()]);
                }
                position
            })
            .collect()
    }

    /// Max^n at `depth` finds the value of plain max^n at every one of `positions`.
    fn check_maxn<G: Evaluate>(positions: &[G], depth: u32) {
        let mut agent = Searcher::<G>::new(MultiSearch::MaxN, depth);
        for position in positions {
            let found = agent.search(position);
            let expected = maxn_reference(&mut position.clone(), found.depth, 0);
            assert_eq!(
                found.value,
                expected[position.to_move().index()],
                "{position}"
            );
        }
    }

    #[test]
    fn maxn_matches_plain_maxn() {
        let races = random_positions::<RaceToTen>(100, 11);
        let chinese = three_player_positions(8);
        for depth in 1..=5 {
            check_maxn(&races, depth);
        }
        for depth in 1..=2 {
            check_maxn(&chinese, depth);
        }
    }

    #[test]
    fn best_reply_search_matches_plain_best_reply_search() {
        for depth in 1..=3 {
            let mut agent = Searcher::<ChineseCheckers>::new(MultiSearch::BestReply, depth);
            for position in three_player_positions(if depth == 3 { 3 } else { 10 }) {
                let found = agent.search(&position);
                let root = position.to_move();
                let expected = brs_reference(&mut position.clone(), root, found.depth, 0);
                assert_eq!(found.value, expected, "depth {depth}: {position}");
                // The move found has the root value.
                let mut after = position.clone();
                after.play_unchecked(found.best);
                let value = brs_reference(&mut after, root, found.depth - 1, 1);
                assert_eq!(value, expected, "depth {depth}: {position}");
            }
        }
    }

    #[test]
    fn a_bad_search_name_is_refused() {
        let spec = "minimax:multi=maxN".parse().unwrap();
        let error = MultiSearch::from_spec(&spec).unwrap_err().to_string();
        assert!(error.contains("expected paranoid, maxn or brs"), "{error}");
    }
}
