//! The MCTS player: UCT over a tree kept in one arena, seeded random playouts, an
//! MCTS-solver that proves won and lost positions, and reuse of the tree between moves.
//!
//! Each node holds the total reward of the seat whose move led to it, so the search
//! serves 2 to 6 players: a playout's outcome gives one reward per seat (its
//! [`Outcome::score`]), and each node on the path adds the reward of its own mover
//! (max^n backing-up). Playouts stop at the game's end or after `playout_plies` plies,
//! where the game's [`Playouts::capped_rewards`] scores them (by default the scores of
//! [`Game::outcome_by_progress`]).
//!
//! Playouts play uniformly random moves, or, with `playout=greedy`, the move of the
//! largest [`Playouts::playout_gain`] (ties broken at random), a random one instead with
//! probability `playout_epsilon`. Without the key, the game's [`Playouts::PLAYOUT`]
//! decides: random for Leapfrog, greedy for Chinese checkers.
//!
//! The solver: a finished position is proven with its outcome. A node whose seat to move
//! has a child proven to put it alone in first place is proven with that child's outcome;
//! a node whose children are all proven takes the outcome that is best for its seat to
//! move. Proven children are never explored further, children proven lost for the seat
//! choosing are never chosen while another remains, and a proven root ends the search.
//! With `table=FILE` (English checkers endgame tables), a position below the root that
//! the tables cover is proven with their value (the engine's 80-ply rule aside).
//!
//! Nodes live in one `Vec`, children side by side. Moving the root after a move copies
//! the kept subtree into a second `Vec` that then swaps in, so once both have grown the
//! search allocates nothing.

use std::sync::Arc;

use engine::games::draughts::endgame::Endgame;
use engine::games::leapfrog::solve::Value;
use engine::{EndReason, Game, Outcome, Seat, MAX_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, SearchInfo};
use crate::playouts::{Playout, Playouts};
use crate::solved::Solved;
use crate::spec::{AgentSpec, SpecError};

/// The `first_child` of a node not yet expanded.
const UNEXPANDED: u32 = u32::MAX;

/// Scores of moves for the temperature knob: a proven win and a proven loss.
const PROVEN_SCORE: f64 = 1e6;
/// The score of a move the search never tried, for the temperature knob: as if it had
/// been visited e^-10 times.
const UNVISITED_SCORE: f64 = -10.0;

/// The MCTS player's knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsSettings {
    /// Iterations per move (`iterations`; default 10,000). The search stops early when
    /// the root is proven.
    pub iterations: u64,
    /// The exploration constant of UCT (`c`; default 0.5), for rewards in [0, 1].
    pub c: f64,
    /// The most plies of one playout, 0 for no cap but the game's own ply cap
    /// (`playout_plies`; default 0).
    pub playout_plies: u32,
    /// How playouts choose moves (`playout`, `random` or `greedy`); `None` (the default)
    /// for the game's [`Playouts::PLAYOUT`].
    pub playout: Option<Playout>,
    /// The chance that a greedy playout plays a random move instead
    /// (`playout_epsilon`, 0 to 1; default 0.1).
    pub playout_epsilon: f64,
    /// Greedy playouts and capped rewards of the game's plainer evaluation
    /// ([`Playouts::playout_gain_basic`], [`Playouts::capped_rewards_basic`];
    /// `eval=basic`, default `eval=full`): for measuring what the full one gains.
    pub basic_eval: bool,
}

impl Default for MctsSettings {
    fn default() -> Self {
        MctsSettings {
            iterations: 10_000,
            c: 0.5,
            playout_plies: 0,
            playout: None,
            playout_epsilon: 0.1,
            basic_eval: false,
        }
    }
}

impl MctsSettings {
    /// The settings `spec` gives.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] for a value out of range.
    pub fn from_spec(spec: &AgentSpec) -> Result<MctsSettings, SpecError> {
        let default = MctsSettings::default();
        Ok(MctsSettings {
            iterations: spec.integer(
                "iterations",
                default.iterations,
                1..=1_000_000_000,
                "an integer from 1 to 1000000000",
            )?,
            c: spec.number("c", default.c, 0.0..=f64::MAX, "a number >= 0")?,
            playout_plies: spec.integer(
                "playout_plies",
                default.playout_plies as u64,
                0..=1_000_000,
                "an integer from 0 (no cap) to 1000000",
            )? as u32,
            playout: spec
                .word("playout", Playout::NAMES, "random or greedy")?
                .map(Playout::from_index),
            playout_epsilon: spec.number(
                "playout_epsilon",
                default.playout_epsilon,
                0.0..=1.0,
                "a number from 0 to 1",
            )?,
            basic_eval: spec.word("eval", &["full", "basic"], "full or basic")? == Some(1),
        })
    }
}

/// One node of the tree: the position after `mv`.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move that led here; `None` at a fresh root.
    mv: Option<M>,
    /// The index of the first child, or [`UNEXPANDED`].
    first_child: u32,
    /// How many children, side by side from `first_child`.
    children: u32,
    visits: u32,
    /// The index of the seat that played `mv`.
    mover: u8,
    /// The total reward of `mover` over the visits.
    reward: f64,
    /// The outcome under best play, once proven.
    proven: Option<Outcome>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Seat) -> Node<M> {
        Node {
            mv,
            first_child: UNEXPANDED,
            children: 0,
            visits: 0,
            mover: mover.index() as u8,
            reward: 0.0,
            proven: None,
        }
    }

    fn is_expanded(&self) -> bool {
        self.first_child != UNEXPANDED
    }

    fn child_range(&self) -> std::ops::Range<usize> {
        if self.is_expanded() {
            self.first_child as usize..(self.first_child + self.children) as usize
        } else {
            0..0
        }
    }

    /// The node's value for its mover: the proven score, or the mean reward.
    fn value(&self) -> f64 {
        match self.proven {
            Some(outcome) => outcome.score(Seat::new(self.mover as usize)),
            None if self.visits > 0 => self.reward / self.visits as f64,
            None => 0.0,
        }
    }

    /// 2 proven won for its mover, 0 proven lost, 1 otherwise.
    fn tier(&self) -> u8 {
        match self.proven.map(|o| o.score(Seat::new(self.mover as usize))) {
            Some(1.0) => 2,
            Some(0.0) => 0,
            _ => 1,
        }
    }
}

/// What the search counts while it runs.
#[derive(Clone, Copy, Debug, Default)]
struct Counters {
    iterations: u64,
    plies: u64,
    depth: u32,
}

/// UCT with a solver and tree reuse; see the module documentation.
#[derive(Clone, Debug)]
pub struct MctsAgent<G: Game> {
    spec: String,
    settings: MctsSettings,
    rng: ChaCha8Rng,
    tree: Vec<Node<G::Move>>,
    /// The second arena, for moving the root.
    spare: Vec<Node<G::Move>>,
    /// Old indices of the nodes being copied when the root moves.
    queue: Vec<u32>,
    /// The hash of the position at the tree's root, if the tree stands for one.
    root_hash: Option<u64>,
    /// The nodes of the current iteration, root first.
    path: Vec<u32>,
    /// The moves the current iteration played from the root, to take back.
    line: Vec<G::Move>,
    moves: Vec<G::Move>,
    info: SearchInfo,
    /// Endgame tables (`table=FILE`): a position they cover is a proven node, valued by
    /// them, instead of a playout.
    tables: Option<Arc<Endgame>>,
}

impl<G: Playouts + Solved> MctsAgent<G> {
    /// An MCTS player with `settings`, described by `spec`.
    pub fn new(spec: String, settings: MctsSettings) -> MctsAgent<G> {
        MctsAgent {
            spec,
            settings,
            rng: ChaCha8Rng::seed_from_u64(0),
            tree: Vec::new(),
            spare: Vec::new(),
            queue: Vec::new(),
            root_hash: None,
            path: Vec::with_capacity(256),
            line: Vec::with_capacity(1024),
            moves: Vec::with_capacity(64),
            info: SearchInfo::default(),
            tables: None,
        }
    }

    /// The same player, reading `tables` wherever its tree reaches a position they cover
    /// (below the root).
    pub fn with_tables(mut self, tables: Option<Arc<Endgame>>) -> MctsAgent<G> {
        self.tables = tables;
        self
    }

    /// The outcome of perfect play from `work` when the tables cover it.
    fn table_outcome(&self, work: &G) -> Option<Outcome> {
        let entry = work.table_entry(self.tables.as_ref()?)?;
        let players = work.players();
        let mover = work.to_move();
        Some(match entry.value {
            Value::Win => Outcome::win(mover, players, EndReason::NoMoves),
            Value::Loss => Outcome::win(mover.next(players), players, EndReason::NoMoves),
            Value::Draw => Outcome::draw(players, EndReason::DrawRule),
        })
    }

    /// The knobs.
    pub fn settings(&self) -> MctsSettings {
        self.settings
    }

    /// How many nodes the tree holds.
    pub fn tree_size(&self) -> usize {
        self.tree.len()
    }

    /// Runs the iterations from `position` (keeping the tree when it stands for this
    /// position) and returns the best move: a proven win if there is one, otherwise the
    /// most visited move not proven lost.
    ///
    /// # Panics
    /// When the game is over.
    pub fn search(&mut self, position: &G) -> G::Move {
        assert!(!position.is_over(), "search of a finished game");
        if self.root_hash != Some(position.hash()) {
            self.tree.clear();
            self.tree
                .push(Node::new(None, Seat::new(position.players() - 1)));
            self.root_hash = Some(position.hash());
        }
        let mut work = position.clone();
        let mut counters = Counters::default();
        while counters.iterations < self.settings.iterations && self.tree[0].proven.is_none() {
            self.iterate(&mut work, &mut counters);
        }
        let best = self.best_child();
        let chosen = &self.tree[best];
        self.info = SearchInfo {
            nodes: counters.plies,
            iterations: counters.iterations,
            depth: counters.depth,
            value: Some(chosen.value()),
            proven: chosen.proven.is_some(),
            noise: false,
        };
        chosen.mv.expect("children have moves")
    }

    /// One iteration: select down the tree, expand, play out, back up, prove.
    fn iterate(&mut self, work: &mut G, counters: &mut Counters) {
        self.path.clear();
        self.line.clear();
        self.path.push(0);
        let mut node = 0;
        // The outcome, or `None` for a playout stopped by its cap.
        let outcome = loop {
            if let Some(outcome) = self.tree[node].proven {
                break Some(outcome);
            }
            if !self.tree[node].is_expanded() {
                if work.is_over() {
                    let outcome = work.status().outcome().expect("the game is over");
                    self.tree[node].proven = Some(outcome);
                    break Some(outcome);
                }
                if node != 0 {
                    if let Some(outcome) = self.table_outcome(work) {
                        self.tree[node].proven = Some(outcome);
                        break Some(outcome);
                    }
                }
                if self.tree[node].visits == 0 && node != 0 {
                    break self.playout(work);
                }
                self.expand(node, work);
            }
            node = self.select(node);
            let mv = self.tree[node].mv.expect("children have moves");
            work.play_unchecked(mv);
            self.line.push(mv);
            self.path.push(node as u32);
        };

        let mut rewards = [0.0; MAX_PLAYERS];
        match outcome {
            Some(outcome) => {
                for seat in Seat::all(work.players()) {
                    rewards[seat.index()] = outcome.score(seat);
                }
            }
            None if self.settings.basic_eval => work.capped_rewards_basic(&mut rewards),
            None => work.capped_rewards(&mut rewards),
        }
        for &index in &self.path {
            let node = &mut self.tree[index as usize];
            node.visits += 1;
            node.reward += rewards[node.mover as usize];
        }
        if self.tree[node].proven.is_some() {
            for at in (0..self.path.len() - 1).rev() {
                if !self.try_prove(self.path[at] as usize) {
                    break;
                }
            }
        }

        counters.iterations += 1;
        counters.plies += self.line.len() as u64;
        counters.depth = counters.depth.max(self.path.len() as u32 - 1);
        while let Some(mv) = self.line.pop() {
            work.undo(mv);
        }
    }

    /// Plays seeded moves from `work` until the game ends or the cap, and returns the
    /// outcome, or `None` at the cap (`work` is then the capped position). The moves go
    /// on `line`.
    fn playout(&mut self, work: &mut G) -> Option<Outcome> {
        let cap = match self.settings.playout_plies {
            0 => work.ply_cap(),
            plies => plies,
        };
        if !self.greedy_playouts() {
            let rng = &mut self.rng;
            return work.random_playout(cap, &mut self.moves, &mut self.line, |n| {
                rng.random_range(0..n)
            });
        }
        let mut plies = 0;
        loop {
            if work.is_over() {
                return work.status().outcome();
            }
            if plies >= cap {
                return None;
            }
            work.generate_moves(&mut self.moves);
            let mv = if self.rng.random::<f64>() >= self.settings.playout_epsilon {
                self.greediest(work)
            } else {
                self.moves[self.rng.random_range(0..self.moves.len())]
            };
            work.play_unchecked(mv);
            self.line.push(mv);
            plies += 1;
        }
    }

    /// Whether playouts are greedy: the spec's `playout`, else the game's.
    fn greedy_playouts(&self) -> bool {
        self.settings.playout.unwrap_or(G::PLAYOUT) == Playout::Greedy
    }

    /// What `mv` gains in `work` for greedy playouts, by the evaluation the spec chose.
    #[inline]
    fn gain(&self, work: &G, mv: G::Move) -> i32 {
        if self.settings.basic_eval {
            work.playout_gain_basic(mv)
        } else {
            work.playout_gain(mv)
        }
    }

    /// The move of `moves` with the largest playout gain in `work`, ties broken at
    /// random.
    fn greediest(&mut self, work: &G) -> G::Move {
        let (mut best, mut gain, mut ties) = (self.moves[0], i32::MIN, 0u32);
        for &mv in &self.moves {
            let g = self.gain(work, mv);
            if g > gain {
                (best, gain, ties) = (mv, g, 1);
            } else if g == gain {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    best = mv;
                }
            }
        }
        best
    }

    /// Adds the children of `node`, whose position is `work`, in a seeded random order;
    /// with greedy playouts, the largest playout gain first (and so first visited, and
    /// first among equally visited moves at the root).
    fn expand(&mut self, node: usize, work: &G) {
        work.generate_moves(&mut self.moves);
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.random_range(0..=i);
            self.moves.swap(i, j);
        }
        if self.greedy_playouts() {
            let basic = self.settings.basic_eval;
            self.moves.sort_unstable_by_key(|mv| {
                std::cmp::Reverse(if basic {
                    work.playout_gain_basic(*mv)
                } else {
                    work.playout_gain(*mv)
                })
            });
        }
        let mover = work.to_move();
        let first = self.tree.len();
        self.tree
            .extend(self.moves.iter().map(|mv| Node::new(Some(*mv), mover)));
        self.tree[node].first_child = first as u32;
        self.tree[node].children = self.moves.len() as u32;
    }

    /// The child of `node` to follow: the first unvisited one, otherwise the best by UCT,
    /// never one proven lost for the seat choosing unless all are.
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree[node];
        let range = parent.child_range();
        let log_visits = (parent.visits.max(1) as f64).ln();
        let mut best = (range.start, f64::NEG_INFINITY);
        for index in range {
            let child = &self.tree[index];
            if child.visits == 0 {
                return index;
            }
            if child.tier() == 0 {
                continue;
            }
            let score = child.value() + self.settings.c * (log_visits / child.visits as f64).sqrt();
            if score > best.1 {
                best = (index, score);
            }
        }
        best.0
    }

    /// Proves `node` from its children if it can; returns whether it is proven.
    fn try_prove(&mut self, node: usize) -> bool {
        let mut all_proven = true;
        // Scores are in [0, 1]: any proven child beats the start.
        let mut best: (f64, Option<Outcome>) = (-1.0, None);
        for index in self.tree[node].child_range() {
            let child = &self.tree[index];
            match child.proven {
                Some(outcome) => {
                    let score = outcome.score(Seat::new(child.mover as usize));
                    if score == 1.0 {
                        self.tree[node].proven = Some(outcome);
                        return true;
                    }
                    if score > best.0 {
                        best = (score, Some(outcome));
                    }
                }
                None => all_proven = false,
            }
        }
        if all_proven && best.1.is_some() {
            self.tree[node].proven = best.1;
        }
        self.tree[node].proven.is_some()
    }

    /// The root's child to play: proven won first, then the most visited not proven lost.
    fn best_child(&self) -> usize {
        let children = self.tree[0].child_range();
        let rank = |index: usize| (self.tree[index].tier(), self.tree[index].visits);
        let mut best = children.start;
        for index in children {
            if rank(index) > rank(best) {
                best = index;
            }
        }
        best
    }
}

impl<G: Playouts + Solved> Agent<G> for MctsAgent<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn reset(&mut self, seed: u64) {
        G::prepare_tables();
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.tree.clear();
        self.spare.clear();
        // The two arenas swap roles as the root moves: giving both the larger capacity
        // lets a game no bigger than the ones before run without allocating.
        let capacity = self.tree.capacity().max(self.spare.capacity());
        self.tree.reserve(capacity);
        self.spare.reserve(capacity);
        let queue = self.queue.capacity().max(capacity);
        self.queue.clear();
        self.queue.reserve(queue);
        self.root_hash = None;
        self.info = SearchInfo::default();
    }

    fn choose(&mut self, position: &G) -> G::Move {
        position.generate_moves(&mut self.moves);
        if self.moves.len() == 1 {
            self.info = SearchInfo::default();
            return self.moves[0];
        }
        self.search(position)
    }

    /// Moves the root to the child `mv` leads to, keeping its subtree; forgets the tree
    /// when it does not stand for `before` or has no such child.
    fn observe(&mut self, before: &G, mv: G::Move) {
        if self.root_hash != Some(before.hash()) {
            self.root_hash = None;
            return;
        }
        let child = self.tree[0]
            .child_range()
            .find(|index| self.tree[*index].mv == Some(mv));
        let Some(child) = child else {
            self.root_hash = None;
            return;
        };
        self.spare.clear();
        self.queue.clear();
        self.spare.push(self.tree[child]);
        self.queue.push(child as u32);
        let mut next = 0;
        while next < self.spare.len() {
            let old = self.tree[self.queue[next] as usize];
            if old.is_expanded() {
                self.spare[next].first_child = self.spare.len() as u32;
                for index in old.child_range() {
                    self.spare.push(self.tree[index]);
                    self.queue.push(index as u32);
                }
            }
            next += 1;
        }
        std::mem::swap(&mut self.tree, &mut self.spare);
        let mut after = before.clone();
        after.play_unchecked(mv);
        self.root_hash = Some(after.hash());
    }

    fn last_search(&self) -> SearchInfo {
        self.info
    }

    /// The logarithm of each move's visit count (so the temperature acts on visit
    /// counts as `N^(1/T)`), far above for a proven win and far below for a proven loss.
    fn score_moves(&mut self, position: &G, moves: &mut Vec<G::Move>, scores: &mut Vec<f64>) {
        self.search(position);
        moves.clear();
        scores.clear();
        for index in self.tree[0].child_range() {
            let child = &self.tree[index];
            moves.push(child.mv.expect("children have moves"));
            scores.push(match child.tier() {
                2 => PROVEN_SCORE,
                0 => -PROVEN_SCORE,
                _ if child.visits == 0 => UNVISITED_SCORE,
                _ => (child.visits as f64).ln(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        mirrored, positions_of_random_games, random_opening, solve, RaceMove, RaceToTen,
        FORCED_WINS,
    };
    use engine::{Leapfrog, LeapfrogMove};
    use std::collections::HashMap;

    fn agent<G: Playouts + Solved>(iterations: u64) -> MctsAgent<G> {
        let settings = MctsSettings {
            iterations,
            ..MctsSettings::default()
        };
        MctsAgent::new(format!("mcts:iterations={iterations}"), settings)
    }

    #[test]
    fn the_solver_proves_the_forced_win_in_endgames() {
        let mut solved = HashMap::new();
        for text in FORCED_WINS {
            for position in [Leapfrog::parse_position(text).unwrap(), mirrored(text)] {
                assert_eq!(
                    solve(&position, &mut solved),
                    1.0,
                    "a forced win: {position}"
                );
                let mut searcher = agent::<Leapfrog>(50_000);
                searcher.reset(7);
                let mv = searcher.choose(&position);
                let info = searcher.last_search();
                assert!(info.proven, "{position}: {info:?}");
                assert_eq!(info.value, Some(1.0), "{position}");
                // Proven before the budget ran out: the search stopped early.
                assert!(info.iterations < 50_000, "{position}: {info:?}");
                let mut after = position;
                after.play_unchecked(mv);
                assert_eq!(
                    solve(&after, &mut solved),
                    0.0,
                    "{mv} keeps the win: {position}"
                );
            }
        }
    }

    #[test]
    fn proves_a_loss_and_still_plays_a_legal_move() {
        // After the winning move, the other side is lost whatever it does.
        let mut position = Leapfrog::parse_position(FORCED_WINS[0]).unwrap();
        let mut searcher = agent::<Leapfrog>(50_000);
        searcher.reset(1);
        let mv = searcher.choose(&position);
        position.play_unchecked(mv);
        let mut loser = agent::<Leapfrog>(50_000);
        loser.reset(2);
        let reply = loser.choose(&position);
        assert!(position.is_legal(reply));
        let info = loser.last_search();
        assert!(info.proven && info.value == Some(0.0), "{info:?}");
    }

    #[test]
    fn three_players_take_the_proven_win() {
        let race = RaceToTen::with_counters([7, 0, 0], Seat::A, 0);
        let mut searcher = agent::<RaceToTen>(2_000);
        searcher.reset(3);
        assert_eq!(searcher.choose(&race), RaceMove(3));
        assert!(searcher.last_search().proven);
        // A is one move from the goal and B cannot hinder A (only C can): whatever B
        // does, A wins and B shares second place with C (a score of 1/4), which takes
        // the rewards of all three seats kept apart to prove.
        let race = RaceToTen::with_counters([9, 0, 0], Seat::B, 1);
        searcher.reset(4);
        let mv = searcher.choose(&race);
        let info = searcher.last_search();
        assert!(race.is_legal(mv));
        assert!(info.proven && info.value == Some(0.25), "{info:?}");
    }

    #[test]
    fn the_tree_is_kept_between_moves() {
        let mut position = random_opening(12, 5);
        let mut searcher = agent::<Leapfrog>(3_000);
        searcher.reset(9);
        let mine = searcher.search(&position);
        searcher.observe(&position, mine);
        position.play_unchecked(mine);
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let theirs = moves[0];
        searcher.observe(&position, theirs);
        position.play_unchecked(theirs);
        // The kept subtree stands for the new position, with the visits it had.
        assert_eq!(searcher.root_hash, Some(position.hash()));
        let kept = searcher.tree[0].visits;
        assert!(kept > 0 && searcher.tree_size() > 1);
        let below: u32 = searcher.tree[0]
            .child_range()
            .map(|i| searcher.tree[i].visits)
            .sum();
        // Every visit but the one that expanded the node went on to a child.
        assert_eq!(below + 1, kept);
        searcher.search(&position);
        assert_eq!(searcher.tree[0].visits, kept + 3_000);
        // A move in a position the tree does not stand for forgets it.
        searcher.observe(&Leapfrog::start(), LeapfrogMove::new(5, 6));
        assert_eq!(searcher.root_hash, None);
    }

    #[test]
    fn capped_playouts_stop_at_the_cap_and_score_by_progress() {
        let capped = MctsSettings {
            iterations: 500,
            playout_plies: 4,
            ..MctsSettings::default()
        };
        let position = random_opening(10, 3);
        let mut searcher = MctsAgent::<Leapfrog>::new("mcts:playout_plies=4".into(), capped);
        searcher.reset(1);
        searcher.search(&position);
        let info = searcher.last_search();
        // Each iteration plays its plies down the tree and at most four more.
        assert!(
            info.nodes <= info.iterations * (info.depth as u64 + 4),
            "{info:?}"
        );
        let mut uncapped = agent::<Leapfrog>(500);
        uncapped.reset(1);
        uncapped.search(&position);
        assert!(uncapped.last_search().nodes > 5 * info.nodes);

        // Far ahead on the rules' progress, a side wins nearly every capped playout.
        let ahead = positions_of_random_games(50_000, 8)
            .into_iter()
            .find(|p| {
                let (mover, other) = (p.to_move(), p.to_move().next(2));
                p.pieces_in_goal(mover) >= p.pieces_in_goal(other) + 2
            })
            .expect("a position with a lead");
        let one_ply = MctsSettings {
            playout_plies: 1,
            ..capped
        };
        let mut searcher = MctsAgent::<Leapfrog>::new("mcts:playout_plies=1".into(), one_ply);
        searcher.reset(2);
        searcher.search(&ahead);
        let value = searcher.last_search().value.unwrap();
        assert!(value > 0.9, "{ahead}: {value}");
    }
}
