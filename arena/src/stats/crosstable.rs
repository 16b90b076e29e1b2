//! Pairwise results of many agents: the crosstable the Bradley–Terry fit reads, and the
//! resampling units (game pairs, or single games) its bootstrap draws from.

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
#[derive(Clone, Debug, PartialEq)]
pub struct GameUnits {
    agents: usize,
    scores: Vec<PairScore>,
    unit_ends: Vec<usize>,
}

impl GameUnits {
    /// Returns an empty set of units for `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> Self {
        Self {
            agents,
            scores: Vec::new(),
            unit_ends: Vec::new(),
        }
    }

    /// Returns the number of agents.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// Returns the number of units.
    #[must_use]
    pub fn len(&self) -> usize {
        self.unit_ends.len()
    }

    /// Returns whether there are no units.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.unit_ends.is_empty()
    }

    /// Adds one unit made of the given pair scores.
    ///
    /// # Panics
    /// Panics if an index is out of range, an agent meets itself, or a score's points lie
    /// outside [0, games].
    pub fn push_unit(&mut self, scores: &[PairScore]) {
        for score in scores {
            check_pair(self.agents, score.agent, score.opponent);
            assert!(
                (0.0..=score.games).contains(&score.points),
                "points must lie in [0, games], got {} of {}",
                score.points,
                score.games
            );
        }
        self.scores.extend_from_slice(scores);
        self.unit_ends.push(self.scores.len());
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
        let start = if index == 0 {
            0
        } else {
            self.unit_ends[index - 1]
        };
        &self.scores[start..self.unit_ends[index]]
    }

    /// Returns the crosstable of all units together.
    #[must_use]
    pub fn crosstable(&self) -> Crosstable {
        let mut table = Crosstable::new(self.agents);
        for score in &self.scores {
            table.add_unchecked(score.agent, score.opponent, score.points, score.games);
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
    }
}
