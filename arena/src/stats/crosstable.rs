//! Pairwise results of many agents: the crosstable the Bradley–Terry fit reads, and the
//! resampling units (game pairs, or single games) its bootstrap draws from.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::record::{GameResult, PairRecord};

/// Points and games between every two of `agents` agents.
///
/// `points(i, j)` is what agent i scored against agent j (wins + draws/2) and `games(i, j)`
/// how many games they played; `games` is symmetric and
/// `points(i, j) + points(j, i) = games(i, j)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    agents: usize,
    points: Vec<f64>,
    games: Vec<f64>,
}

impl Crosstable {
    /// Returns an empty crosstable of `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> Self {
        Self {
            agents,
            points: vec![0.0; agents * agents],
            games: vec![0.0; agents * agents],
        }
    }

    /// Returns the number of agents.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// Records `games` games between `agent` and `opponent` in which `agent` scored
    /// `points` (the opponent scoring the rest, `games - points`).
    ///
    /// # Panics
    /// Panics if either index is out of range, if they are equal, or unless
    /// 0 ≤ `points` ≤ `games`.
    pub fn add(&mut self, agent: usize, opponent: usize, points: f64, games: f64) {
        check_pair(self.agents, agent, opponent);
        assert!(
            (0.0..=games).contains(&points),
            "points must lie in [0, games], got {points} of {games}"
        );
        self.add_unchecked(agent, opponent, points, games);
    }

    /// Records every game of `record`, the results of `agent` against `opponent`.
    ///
    /// # Panics
    /// Panics if either index is out of range or if they are equal.
    pub fn add_record(&mut self, agent: usize, opponent: usize, record: &PairRecord) {
        self.add(agent, opponent, record.points(), record.games() as f64);
    }

    /// Returns the points `agent` scored against `opponent`.
    ///
    /// # Panics
    /// Panics if either index is out of range.
    #[must_use]
    pub fn points(&self, agent: usize, opponent: usize) -> f64 {
        self.points[self.index(agent, opponent)]
    }

    /// Returns the number of games between `agent` and `opponent`.
    ///
    /// # Panics
    /// Panics if either index is out of range.
    #[must_use]
    pub fn games(&self, agent: usize, opponent: usize) -> f64 {
        self.games[self.index(agent, opponent)]
    }

    fn index(&self, agent: usize, opponent: usize) -> usize {
        assert!(
            agent < self.agents && opponent < self.agents,
            "agent index out of range"
        );
        agent * self.agents + opponent
    }

    pub(crate) fn add_unchecked(&mut self, agent: usize, opponent: usize, points: f64, games: f64) {
        let forward = agent * self.agents + opponent;
        let backward = opponent * self.agents + agent;
        self.points[forward] += points;
        self.points[backward] += games - points;
        self.games[forward] += games;
        self.games[backward] += games;
    }

    pub(crate) fn clear(&mut self) {
        self.points.fill(0.0);
        self.games.fill(0.0);
    }

    pub(crate) fn points_row(&self, agent: usize) -> &[f64] {
        &self.points[agent * self.agents..(agent + 1) * self.agents]
    }

    pub(crate) fn games_row(&self, agent: usize) -> &[f64] {
        &self.games[agent * self.agents..(agent + 1) * self.agents]
    }
}

fn check_pair(agents: usize, agent: usize, opponent: usize) {
    assert!(
        agent < agents && opponent < agents,
        "agent index out of range: {agent} or {opponent} of {agents} agents"
    );
    assert_ne!(agent, opponent, "an agent cannot play itself");
}

/// What one resampling unit contributes to one agent pair: `agent` scored `points` in
/// `games` games against `opponent`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairScore {
    /// The agent whose points these are.
    pub agent: usize,
    /// The opponent.
    pub opponent: usize,
    /// Points `agent` scored (wins + draws/2).
    pub points: f64,
    /// Games played between them in this unit.
    pub games: f64,
}

/// A tournament's results grouped into the units a bootstrap resamples: a game pair (two
/// games with seats swapped), a single game when games are unpaired, or a whole game of 3 to
/// 6 players (one [`PairScore`] per two players in it).
///
/// Units repeat: a game pair of two agents can only end in nine ways. So each distinct
/// unit (its kind) is kept once, and each unit as the index of its kind, in the order the
/// units came, which is the order the bootstrap draws them by: one byte a unit while
/// there are fewer than 255 kinds, two below 65,535, else four.
#[derive(Clone, Debug, PartialEq)]
pub struct GameUnits {
    agents: usize,
    /// The pair scores of every kind, one kind after another.
    kind_scores: Vec<PairScore>,
    /// Where each kind's scores end in `kind_scores`.
    kind_ends: Vec<usize>,
    /// Kinds by a hash of their scores (a hash two kinds share leads to the first).
    kind_of: HashMap<u64, u32>,
    /// Each unit's kind, in order; a slot not (yet) filled holds none.
    units: KindList,
}

impl GameUnits {
    /// Returns an empty set of units for `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> Self {
        Self {
            agents,
            kind_scores: Vec::new(),
            kind_ends: Vec::new(),
            kind_of: HashMap::new(),
            units: KindList::default(),
        }
    }

    /// Makes room for `units` units in all, so that the list never grows by copying.
    pub fn reserve(&mut self, units: usize) {
        self.units.reserve(units);
    }

    /// Returns the number of agents.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// Returns the number of units.
    #[must_use]
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Returns whether there are no units.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// Returns the number of distinct units.
    #[must_use]
    pub fn kinds(&self) -> usize {
        self.kind_ends.len()
    }

    /// Adds one unit made of the given pair scores.
    ///
    /// # Panics
    /// Panics if an index is out of range, an agent meets itself, or a score's points lie
    /// outside [0, games].
    pub fn push_unit(&mut self, scores: &[PairScore]) {
        let kind = self.kind(scores);
        let slot = self.units.len();
        self.units.set(slot, kind);
    }

    /// Puts a unit made of the given pair scores in slot `slot`, for units that arrive
    /// out of order: slots never filled are dropped by [`GameUnits::close_gaps`], which
    /// must be called before the units are read.
    ///
    /// # Panics
    /// As [`GameUnits::push_unit`].
    pub fn set_unit(&mut self, slot: usize, scores: &[PairScore]) {
        let kind = self.kind(scores);
        self.units.set(slot, kind);
    }

    /// Drops the slots [`GameUnits::set_unit`] left empty, keeping the others in order.
    pub fn close_gaps(&mut self) {
        self.units.close_gaps();
    }

    /// The kind of a unit of `scores`, new if no unit so far scored alike.
    fn kind(&mut self, scores: &[PairScore]) -> u32 {
        for score in scores {
            check_pair(self.agents, score.agent, score.opponent);
            assert!(
                (0.0..=score.games).contains(&score.points),
                "points must lie in [0, games], got {} of {}",
                score.points,
                score.games
            );
        }
        let hash = scores_hash(scores);
        if let Some(&kind) = self.kind_of.get(&hash) {
            if self.kind_scores_of(kind as usize) == scores {
                return kind;
            }
        }
        // A hash shared by two kinds (never seen in practice) falls back to a search.
        if let Some(kind) = (0..self.kinds()).find(|&k| self.kind_scores_of(k) == scores) {
            return kind as u32;
        }
        let kind = u32::try_from(self.kinds())
            .ok()
            .filter(|&kind| kind < u32::MAX)
            .expect("fewer than 2^32 - 1 kinds of unit");
        self.kind_scores.extend_from_slice(scores);
        self.kind_ends.push(self.kind_scores.len());
        self.kind_of.entry(hash).or_insert(kind);
        kind
    }

    fn kind_scores_of(&self, kind: usize) -> &[PairScore] {
        let start = if kind == 0 {
            0
        } else {
            self.kind_ends[kind - 1]
        };
        &self.kind_scores[start..self.kind_ends[kind]]
    }

    /// Adds a single, unpaired game between `agent` and `opponent` as one unit; `result` is
    /// `agent`'s.
    ///
    /// # Panics
    /// Panics if an index is out of range or the two agents are the same.
    pub fn push_game(&mut self, agent: usize, opponent: usize, result: GameResult) {
        self.push_unit(&[PairScore {
            agent,
            opponent,
            points: result.score(),
            games: 1.0,
        }]);
    }

    /// Adds a game pair between `agent` and `opponent` as one unit; `first` and `second` are
    /// `agent`'s results in the two games.
    ///
    /// # Panics
    /// Panics if an index is out of range or the two agents are the same.
    pub fn push_pair(
        &mut self,
        agent: usize,
        opponent: usize,
        first: GameResult,
        second: GameResult,
    ) {
        self.push_unit(&[PairScore {
            agent,
            opponent,
            points: first.score() + second.score(),
            games: 2.0,
        }]);
    }

    /// Returns the pair scores of unit `index`.
    ///
    /// # Panics
    /// Panics if `index` is out of range.
    #[must_use]
    pub fn unit(&self, index: usize) -> &[PairScore] {
        self.kind_scores_of(self.units.get(index).expect("a filled slot") as usize)
    }

    /// Returns the crosstable of all units together.
    #[must_use]
    pub fn crosstable(&self) -> Crosstable {
        let mut table = Crosstable::new(self.agents);
        for index in 0..self.len() {
            self.add_unit_to(index, &mut table);
        }
        table
    }

    /// Adds unit `index` to `table` (whose agent count must match).
    pub(crate) fn add_unit_to(&self, index: usize, table: &mut Crosstable) {
        for score in self.unit(index) {
            table.add_unchecked(score.agent, score.opponent, score.points, score.games);
        }
    }
}

/// Kind indices in slots of 1, 2 or 4 bytes (little-endian), as narrow as the largest
/// kind allows; a slot of all ones holds no unit.
#[derive(Clone, Debug, PartialEq, Default)]
struct KindList {
    /// Bytes a slot: 1, 2 or 4 (0 while empty, read as 1).
    width: usize,
    bytes: Vec<u8>,
}

impl KindList {
    fn width(&self) -> usize {
        self.width.max(1)
    }

    /// The value a slot of `width` bytes holds when empty.
    fn empty(width: usize) -> u32 {
        (u64::from(u32::MAX) >> (32 - 8 * width)) as u32
    }

    fn len(&self) -> usize {
        self.bytes.len() / self.width()
    }

    fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn reserve(&mut self, slots: usize) {
        let more = (slots * self.width()).saturating_sub(self.bytes.len());
        self.bytes.reserve_exact(more);
    }

    /// The kind in slot `slot`, `None` if it holds no unit.
    fn get(&self, slot: usize) -> Option<u32> {
        let width = self.width();
        let mut value = [0u8; 4];
        value[..width].copy_from_slice(&self.bytes[slot * width..(slot + 1) * width]);
        let kind = u32::from_le_bytes(value);
        (kind != Self::empty(width)).then_some(kind)
    }

    /// Puts `kind` in slot `slot`, widening the slots if it needs to and adding empty
    /// slots up to it.
    fn set(&mut self, slot: usize, kind: u32) {
        let mut width = self.width();
        while kind >= Self::empty(width) {
            width *= 2;
        }
        if width != self.width() {
            self.widen(width);
        }
        if self.len() <= slot {
            self.bytes.resize((slot + 1) * width, 0xff);
        }
        self.bytes[slot * width..(slot + 1) * width].copy_from_slice(&kind.to_le_bytes()[..width]);
    }

    /// Rewrites the slots `width` bytes wide.
    fn widen(&mut self, width: usize) {
        let slots: Vec<Option<u32>> = (0..self.len()).map(|slot| self.get(slot)).collect();
        self.width = width;
        self.bytes = Vec::with_capacity(slots.len() * width);
        for kind in slots {
            let kind = kind.unwrap_or(Self::empty(width));
            self.bytes.extend_from_slice(&kind.to_le_bytes()[..width]);
        }
    }

    /// Drops the empty slots, keeping the others in order.
    fn close_gaps(&mut self) {
        let width = self.width();
        let mut kept = 0;
        for slot in 0..self.len() {
            if self.get(slot).is_some() {
                self.bytes
                    .copy_within(slot * width..(slot + 1) * width, kept * width);
                kept += 1;
            }
        }
        self.bytes.truncate(kept * width);
    }
}

/// A hash of pair scores, the points and games by their bits.
fn scores_hash(scores: &[PairScore]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for score in scores {
        (
            score.agent,
            score.opponent,
            score.points.to_bits(),
            score.games.to_bits(),
        )
            .hash(&mut hasher);
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::super::record::GameResult::{Draw, Loss, Win};
    use super::*;

    #[test]
    fn crosstable_keeps_both_sides() {
        let mut table = Crosstable::new(3);
        table.add(0, 2, 7.5, 10.0);
        table.add(2, 0, 1.0, 2.0);
        // agent 0 v 2: 7.5 + (2 - 1) = 8.5 of 12; agent 2 v 0: (10 - 7.5) + 1 = 3.5 of 12
        assert_eq!(table.points(0, 2), 8.5);
        assert_eq!(table.points(2, 0), 3.5);
        assert_eq!(table.games(0, 2), 12.0);
        assert_eq!(table.games(2, 0), 12.0);
        assert_eq!(table.games(0, 1), 0.0);
    }

    #[test]
    fn crosstable_from_a_record() {
        let mut record = PairRecord::new();
        record.add_pair(Win, Draw);
        record.add_game(Loss);
        let mut table = Crosstable::new(2);
        table.add_record(1, 0, &record);
        // 1 + 1/2 + 0 = 1.5 of 3
        assert_eq!(table.points(1, 0), 1.5);
        assert_eq!(table.points(0, 1), 1.5);
        assert_eq!(table.games(0, 1), 3.0);
    }

    #[test]
    #[should_panic(expected = "cannot play itself")]
    fn an_agent_cannot_meet_itself() {
        Crosstable::new(2).add(1, 1, 0.5, 1.0);
    }

    #[test]
    fn units_add_up_to_the_crosstable() {
        let mut units = GameUnits::new(3);
        units.push_pair(0, 1, Win, Draw);
        units.push_game(2, 1, Loss);
        units.push_unit(&[
            PairScore {
                agent: 0,
                opponent: 2,
                points: 1.0,
                games: 1.0,
            },
            PairScore {
                agent: 1,
                opponent: 2,
                points: 0.5,
                games: 1.0,
            },
        ]);
        assert_eq!(units.len(), 3);
        assert_eq!(units.unit(2).len(), 2);
        let table = units.crosstable();
        assert_eq!(table.points(0, 1), 1.5);
        assert_eq!(table.points(1, 0), 0.5);
        // agent 1 v 2: 1 (from the loss of 2) + 0.5 = 1.5 of 2
        assert_eq!(table.points(1, 2), 1.5);
        assert_eq!(table.games(1, 2), 2.0);
        assert_eq!(table.points(0, 2), 1.0);
        // Units that score alike share a kind; slots filled out of order keep their order.
        units.push_pair(0, 1, Win, Draw);
        assert_eq!((units.len(), units.kinds()), (4, 3));
        let mut slots = GameUnits::new(3);
        slots.set_unit(3, units.unit(2));
        slots.set_unit(0, units.unit(0));
        slots.close_gaps();
        assert_eq!(slots.len(), 2);
        assert_eq!(slots.unit(1), units.unit(2));
        // Past 255 kinds, the slots widen and keep what they held.
        let mut many = GameUnits::new(2);
        for games in 1..=300 {
            many.push_unit(&[PairScore {
                agent: 0,
                opponent: 1,
                points: 0.0,
                games: f64::from(games),
            }]);
        }
        assert_eq!((many.len(), many.kinds()), (300, 300));
        assert_eq!(many.unit(7)[0].games, 8.0);
        assert_eq!(many.unit(299)[0].games, 300.0);
    }
}
