//! The search: a coarse scan of the knob, then, level by level, refinement around the
//! target (more games where the nearest point is uncertain, a new point interpolated
//! between the two that bracket the target otherwise), a sequential test between
//! consecutive levels, and a final round-robin that checks their order. Every decision is
//! taken between batches from the games so far, so a resumed run takes the same ones.

use std::collections::HashMap;
use std::io::Write;

use agents::referee::{Referee, Refereed};
use agents::Playable;

use super::config::{rung_name, CalibrationIdentity, Level, Target};
use super::curve::bridged_spec;
use super::measure::{estimate, judge_for, ratings, BlunderJudge, Ladder, Measured};
use super::result::{
    Calibration, Estimate, FirstSeat, LevelRow, LevelStatus, LevelTest, Mistakes, PointRow,
};
use super::steps::{Step, Steps, RUNG_STEP};
use crate::batches::{BatchPlayer, Matchup, PlayedPair};
use crate::console::counted;
use crate::error::ArenaError;
use crate::output::stdout_error;
use crate::seeds;
use crate::sprt::sequential_test;
use crate::stats::GsprtStatus;
use crate::stats::{tail_of_z, z_for_confidence};

/// One knob value measured, or a level's fixed spec.
#[derive(Clone, Debug)]
pub struct Point {
    /// The knob value (NaN for a fixed spec).
    pub value: f64,
    /// Its position along the knob, in [0, 1] (NaN for a fixed spec).
    pub t: f64,
    /// Whether the point is a level's fixed spec, outside the family: the knob's search
    /// never looks at it.
    pub fixed: bool,
    /// Its spec.
    pub spec: String,
    /// Its games against the references.
    pub measured: Measured,
    /// The step that added it (0: the scan).
    pub added_at: u32,
}

/// The knob value chosen for a level.
#[derive(Clone, Debug)]
pub struct LevelChoice {
    /// Index of the chosen point.
    pub point: usize,
    /// How the search ended.
    pub status: LevelStatus,
    /// The measured value of the target there.
    pub estimate: Estimate,
    /// Refinement steps taken.
    pub steps: u32,
}

/// The final round-robin of the chosen levels and the references.
#[derive(Clone, Debug)]
pub struct FinalCheck {
    /// Ratings of the references then the levels.
    pub ratings: Vec<Estimate>,
    /// Each level's games against the references.
    pub levels: Vec<Measured>,
    /// Each level's mistakes by the referee in those games.
    pub mistakes: Vec<Option<Mistakes>>,
    /// Whether each level's rating interval lies wholly above the one below (with rungs,
    /// each named level's above the named level below).
    pub ordered: bool,
    /// The steps between neighbours checked against the rules of a ladder with rungs
    /// (only where the config asks for rungs).
    pub steps: Option<Steps>,
}

/// A level in the order the calibration ships it: one of the config's, or a rung
/// inserted between two of them.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Its name and target.
    pub level: Level,
    /// Whether it is a rung.
    pub rung: bool,
}

/// The ladder as it grows: its levels in order, what each chose, and each one's test
/// against the level below.
type Ladder3 = (Vec<Placed>, Vec<LevelChoice>, Vec<Option<GsprtStatus>>);

/// The final round-robin's games, by pairing as played (the upper spec, the lower), so
/// that a later round of rungs plays only the pairings it adds.
type FinalGames = HashMap<(String, String), Vec<PlayedPair>>;

/// A place in the ladder of a new round of rungs: a level already there (by index), a
/// new rung with its target on the search's scale and the index of the level above, or
/// a new rung on a bridge with its target, its spec and the index of the level above.
#[derive(Clone, Debug)]
enum Slot {
    Kept(usize),
    New(f64, usize),
    Bridge(f64, String, usize),
}

enum Action {
    More(usize),
    New(f64),
    Stop(LevelStatus),
}

/// A calibration in progress.
pub struct Search<'a, G: Playable> {
    config: &'a CalibrationIdentity,
    player: &'a mut BatchPlayer<G>,
    judge: Option<BlunderJudge>,
    out: &'a mut dyn Write,
    z: f64,
    ladder: Ladder,
    points: Vec<Point>,
    step: u32,
}

impl<'a, G: Playable + Refereed> Search<'a, G> {
    /// A calibration of `config`, playing with `player`, rating blunders against
    /// perfect play where the game is solved, printing a line per step to `out`.
    pub fn new(
        config: &'a CalibrationIdentity,
        player: &'a mut BatchPlayer<G>,
        out: &'a mut dyn Write,
    ) -> Search<'a, G> {
        let judge = judge_for::<G>(&config.game, config.opening_plies);
        Search {
            z: z_for_confidence(config.confidence),
            config,
            player,
            judge,
            out,
            ladder: Ladder::default(),
            points: Vec::new(),
            step: 0,
        }
    }

    fn say(&mut self, line: String) -> Result<(), ArenaError> {
        writeln!(self.out, "{line}").map_err(stdout_error)?;
        self.out.flush().map_err(stdout_error)
    }

    fn references(&self) -> usize {
        self.config.reference.len()
    }

    /// Runs the whole calibration and returns what it found, every figure settled.
    ///
    /// # Errors
    /// Recorded games that belong to another run, or I/O failures.
    pub fn run(mut self) -> Result<Calibration, ArenaError> {
        self.scan()?;
        let config = self.config;
        let mut levels = Vec::new();
        for level in &config.level {
            levels.push(self.refine(&level.name, &level.target, None)?);
        }
        let mut placed: Vec<Placed> = config
            .level
            .iter()
            .map(|level| Placed {
                level: level.clone(),
                rung: false,
            })
            .collect();
        if let Some(rungs) = config.rungs {
            (placed, levels) = self.insert_rungs(rungs.max_step, placed, levels)?;
        }
        let mut tests = vec![None];
        for level in 1..levels.len() {
            tests.push(self.test_against_lower(level, &placed, &levels)?);
        }
        let mut played = FinalGames::new();
        let mut check = self.final_check(&placed, &levels, &mut played)?;
        let rounds = config.rungs.map_or(1, |rungs| rungs.rounds);
        for round in 2..=rounds {
            let Some(max_step) = check
                .steps
                .as_ref()
                .filter(|s| !s.within_cap())
                .map(|s| s.max_step)
            else {
                break;
            };
            let before = placed.len();
            (placed, levels, tests) =
                self.more_rungs(max_step, round, (placed, levels, tests), &check.ratings)?;
            if placed.len() == before {
                break;
            }
            check = self.final_check(&placed, &levels, &mut played)?;
        }
        // A rung the final round-robin puts less than a rung's step from a neighbour is
        // no rung worth climbing (two rungs squeezed together under the family's
        // strongest point, say): where the ladder keeps its cap without it, it is left
        // out, the level above it tested against its new neighbour, and the ladder
        // checked again on the games already played.
        let references = self.references();
        while let Some((dropped, step)) = check.steps.as_ref().and_then(|steps| {
            let rung: Vec<bool> = placed.iter().map(|p| p.rung).collect();
            let rated: Vec<f64> = check.ratings[references..]
                .iter()
                .map(|r| r.value)
                .collect();
            rung_to_drop(&rung, &rated, steps.max_step)
        }) {
            let neighbour = if dropped == step.lower {
                step.upper
            } else {
                step.lower
            };
            self.say(format!(
                "rungs: {} left out: {:.0} Elo from {} in the final round-robin, under a \
                 rung's step of {RUNG_STEP:.0}",
                placed[dropped].level.name, step.elo, placed[neighbour].level.name,
            ))?;
            placed.remove(dropped);
            levels.remove(dropped);
            tests.remove(dropped);
            renumber(&mut placed);
            if dropped < levels.len() {
                tests[dropped] = self.test_against_lower(dropped, &placed, &levels)?;
            }
            check = self.final_check(&placed, &levels, &mut played)?;
        }
        Ok(self.finish(&placed, &levels, &tests, &check))
    }

    /// The config's levels (`placed`, chosen as `levels`) with rungs between each two
    /// whose ratings lie more than `max_step` apart: as few as make every gap at most
    /// `max_step`, aimed at ratings evenly spaced between the two, each refined on the
    /// family's knob like a level with an `elo` target. The rungs are refined after
    /// every level of the config, from the weakest gap up, so that a config without
    /// rungs plays the games it always did and a config with them always plays the same.
    fn insert_rungs(
        &mut self,
        max_step: f64,
        placed: Vec<Placed>,
        levels: Vec<LevelChoice>,
    ) -> Result<(Vec<Placed>, Vec<LevelChoice>), ArenaError> {
        let ratings: Vec<f64> = levels.iter().map(|l| self.rating(l.point).value).collect();
        let mut with_rungs: (Vec<Placed>, Vec<LevelChoice>) = (Vec::new(), Vec::new());
        let mut below: Option<String> = None;
        for (index, (level, choice)) in placed.into_iter().zip(levels).enumerate() {
            if let Some(lower) = &below {
                let targets = rung_targets(ratings[index - 1], ratings[index], max_step);
                for (k, target) in targets.iter().enumerate() {
                    let name = rung_name(lower, &level.level.name, k + 1, targets.len());
                    let below = with_rungs.1.last().expect("a level below").clone();
                    let rung = if let Some((from, to)) = self.bridge(&below, &choice) {
                        // Carried along the bridge by where the target lies between the
                        // two ratings.
                        let low = self.rating(below.point).value;
                        let fraction = (target - low) / (ratings[index] - low);
                        let Some(spec) = bridged_spec(&from, &to, fraction) else {
                            self.say(no_bridge(lower, &level.level.name))?;
                            break;
                        };
                        self.measure_on_bridge(&name, &from, &to, &spec)?
                    } else {
                        let Some(window) = self.between(&below, &choice, targets.len() - k)? else {
                            self.say(no_room(lower, &level.level.name))?;
                            break;
                        };
                        self.refine(&name, &Target::Elo(*target), Some(window))?
                    };
                    with_rungs.0.push(Placed {
                        level: Level {
                            name,
                            target: Target::Elo(*target),
                        },
                        rung: true,
                    });
                    with_rungs.1.push(rung);
                }
            }
            below = Some(level.level.name.clone());
            with_rungs.0.push(level);
            with_rungs.1.push(choice);
        }
        // A gap whose rungs stopped for want of room keeps numbers that count the
        // planned ones: number them again.
        renumber(&mut with_rungs.0);
        Ok(with_rungs)
    }

    /// Round `round` of rungs (`[rungs] rounds`): the ladder (`placed`, chosen as
    /// `levels`, tested as `tests`) with rungs added between each two neighbours that the
    /// final round-robin (`rated`: the references, then the levels) puts more than
    /// `max_step` apart. Their targets are spaced evenly on the final round-robin's
    /// scale, where the strong levels are not compressed as they are against the
    /// references alone, and carried to the search's scale along the line through the
    /// two neighbours' ratings on both. The rungs of each gap between named levels are
    /// then numbered again in order; a level whose neighbour below is new is tested
    /// again, every other keeps its test.
    fn more_rungs(
        &mut self,
        max_step: f64,
        round: u32,
        (placed, levels, tests): Ladder3,
        rated: &[Estimate],
    ) -> Result<Ladder3, ArenaError> {
        let references = self.references();
        let final_rating = |l: usize| rated[references + l].value;
        let mut slots: Vec<Slot> = Vec::new();
        for l in 0..placed.len() {
            if l > 0 {
                let mut targets = rung_targets(final_rating(l - 1), final_rating(l), max_step);
                let (lower, upper) = (&placed[l - 1].level.name, &placed[l].level.name);
                let bridge = self.bridge(&levels[l - 1], &levels[l]);
                if !targets.is_empty()
                    && bridge.is_none()
                    && !self.has_room(&levels[l - 1], &levels[l])
                {
                    self.say(no_room(lower, upper))?;
                    targets.clear();
                }
                if !targets.is_empty() {
                    self.say(format!(
                        "rungs, round {round}: {lower} to {upper} is {:.0} Elo in the final \
                         round-robin, over {max_step}: {} more aimed at {} on its scale",
                        final_rating(l) - final_rating(l - 1),
                        counted(targets.len(), "rung"),
                        targets
                            .iter()
                            .map(|t| format!("{t:.0}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))?;
                }
                let mut bridged: Vec<String> = Vec::new();
                for target in targets {
                    let (lower, upper) = (l - 1, l);
                    let on_search = |l: usize| self.rating(levels[l].point).value;
                    let (f0, f1) = (final_rating(lower), final_rating(upper));
                    let (s0, s1) = (on_search(lower), on_search(upper));
                    let fraction = (target - f0) / (f1 - f0);
                    let search = (s0 + fraction * (s1 - s0)).round();
                    let Some((from, to)) = &bridge else {
                        slots.push(Slot::New(search, upper));
                        continue;
                    };
                    // On a bridge the rung's spec follows from the final ratings alone;
                    // two targets that round to one budget make one rung.
                    match bridged_spec(from, to, fraction) {
                        Some(spec) if !bridged.contains(&spec) => {
                            bridged.push(spec.clone());
                            slots.push(Slot::Bridge(search, spec, upper));
                        }
                        Some(_) => {}
                        None => self.say(no_bridge(
                            &placed[lower].level.name,
                            &placed[upper].level.name,
                        ))?,
                    }
                }
            }
            slots.push(Slot::Kept(l));
        }
        let provisional: Vec<Placed> = slots
            .iter()
            .map(|slot| match *slot {
                Slot::Kept(l) => placed[l].clone(),
                Slot::New(search, _) | Slot::Bridge(search, _, _) => Placed {
                    level: Level {
                        name: String::new(),
                        target: Target::Elo(search),
                    },
                    rung: true,
                },
            })
            .collect();
        let names = rung_names(&provisional);
        let mut ladder: Ladder3 = (Vec::new(), Vec::new(), Vec::new());
        let (mut lower_is_new, mut skipped) = (false, false);
        for (index, (slot, name)) in slots.iter().zip(names).enumerate() {
            let top = ladder.0.len();
            match *slot {
                Slot::Kept(l) => {
                    let mut place = placed[l].clone();
                    place.level.name = name;
                    ladder.0.push(place);
                    ladder.1.push(levels[l].clone());
                    ladder.2.push(tests[l]);
                    if lower_is_new {
                        ladder.2[top] = self.test_against_lower(top, &ladder.0, &ladder.1)?;
                    }
                    lower_is_new = false;
                }
                Slot::Bridge(search, ref spec, upper) => {
                    // The gap's two levels, between which the spec was carried.
                    let [from, to] =
                        [upper - 1, upper].map(|l| self.points[levels[l].point].spec.clone());
                    let choice = self.measure_on_bridge(&name, &from, &to, spec)?;
                    ladder.0.push(Placed {
                        level: Level {
                            name,
                            target: Target::Elo(search),
                        },
                        rung: true,
                    });
                    ladder.1.push(choice);
                    ladder.2.push(None);
                    ladder.2[top] = self.test_against_lower(top, &ladder.0, &ladder.1)?;
                    lower_is_new = true;
                }
                Slot::New(search, upper) => {
                    let remaining = slots[index..]
                        .iter()
                        .take_while(|s| matches!(s, Slot::New(..)))
                        .count();
                    let below = ladder.1[top - 1].clone();
                    let Some(window) = self.between(&below, &levels[upper], remaining)? else {
                        let (lower, upper) = (&ladder.0[top - 1].level.name, &placed[upper]);
                        self.say(no_room(lower, &upper.level.name))?;
                        skipped = true;
                        continue;
                    };
                    let target = Target::Elo(search);
                    let choice = self.refine(&name, &target, Some(window))?;
                    ladder.0.push(Placed {
                        level: Level { name, target },
                        rung: true,
                    });
                    ladder.1.push(choice);
                    ladder.2.push(None);
                    ladder.2[top] = self.test_against_lower(top, &ladder.0, &ladder.1)?;
                    lower_is_new = true;
                }
            }
        }
        if skipped {
            // A rung left out leaves a gap in the numbers: close it.
            renumber(&mut ladder.0);
        }
        Ok(ladder)
    }

    /// The finished result: each level's row from its choice, its test and its games in
    /// the final round-robin, each point's row from its games, and the first player's
    /// edge over every game played.
    fn finish(
        &self,
        placed: &[Placed],
        levels: &[LevelChoice],
        tests: &[Option<GsprtStatus>],
        check: &FinalCheck,
    ) -> Calibration {
        let (z, references) = (self.z, self.references());
        let solved = self.judge.is_some();
        let players = check.levels.first().map_or(2, Measured::players);
        let levels = levels
            .iter()
            .zip(tests)
            .zip(&check.levels)
            .enumerate()
            .map(|(l, ((choice, test), games))| {
                let point = &self.points[choice.point];
                let (nodes, iterations) = games.per_move();
                LevelRow {
                    name: placed[l].level.name.clone(),
                    target: placed[l].level.target.clone(),
                    rung: placed[l].rung,
                    spec: point.spec.clone(),
                    knob: knob_of(point),
                    rating: check.ratings[references + l],
                    scores: (0..references).map(|r| games.score_vs(r, z)).collect(),
                    blunder_rate: if solved { games.blunder_rate(z) } else { None },
                    blunder_games: games.blunder_games(),
                    nodes_per_move: nodes,
                    iterations_per_move: iterations,
                    seat_scores: (0..references)
                        .map(|r| games.seat_scores(r, players))
                        .collect(),
                    mistakes: check.mistakes[l].clone(),
                    measured: choice.estimate,
                    status: choice.status,
                    test: test.as_ref().map(|t| LevelTest {
                        llr: t.llr,
                        verdict: t.verdict,
                    }),
                }
            })
            .collect();
        let seated = self.config.seated_targets();
        let points = self
            .points
            .iter()
            .enumerate()
            .map(|(index, point)| {
                let games = &point.measured;
                let (nodes, iterations) = games.per_move();
                PointRow {
                    added_at: point.added_at,
                    knob: knob_of(point),
                    spec: point.spec.clone(),
                    pairs: games.fewest_pairs(),
                    rating: self.rating(index),
                    scores: (0..references).map(|r| games.score_vs(r, z)).collect(),
                    seated_scores: seated
                        .iter()
                        .map(|(r, seat)| games.score_vs_seat(*r, *seat as usize - 'A' as usize, z))
                        .collect(),
                    blunder_rate: if solved { games.blunder_rate(z) } else { None },
                    nodes_per_move: nodes,
                    iterations_per_move: iterations,
                }
            })
            .collect();
        let record = self.player.first_seat();
        let first_seat = record
            .interval(tail_of_z(z))
            .map(|(score, lo, hi)| FirstSeat {
                score,
                lo,
                hi,
                sets: record.sets(),
            });
        Calibration {
            solved,
            players,
            levels,
            points,
            first_seat,
            steps: check.steps.clone(),
        }
    }

    /// The ladder's round-robin and the coarse scan, in one batch.
    fn scan(&mut self) -> Result<(), ArenaError> {
        let config = self.config;
        let references = &config.reference;
        let mut matchups = Vec::new();
        let mut ladder_pairings = Vec::new();
        for i in 0..references.len() {
            for j in i + 1..references.len() {
                ladder_pairings.push((i, j));
                matchups.push(Matchup {
                    one: references[i].spec.clone(),
                    other: references[j].spec.clone(),
                    pairs: config.batch_pairs,
                });
            }
        }
        let values = config.family.scan();
        for value in &values {
            for reference in references {
                matchups.push(Matchup {
                    one: config.family.spec_of(*value),
                    other: reference.spec.clone(),
                    pairs: config.batch_pairs,
                });
            }
        }
        let mut results = self.player.play_batch(&matchups)?.into_iter();
        for (i, j) in ladder_pairings {
            let pairs = results.next().expect("one result per matchup");
            self.ladder.games.push((i, j, pairs));
        }
        for value in values {
            let spec = config.family.spec_of(value);
            let mut measured = Measured::new(
                references.len(),
                self.blunder_seed(self.points.len() as u64),
                config.bootstrap,
            );
            for reference in 0..references.len() {
                let pairs = results.next().expect("one result per matchup");
                measured.add(&spec, reference, pairs, self.judge.as_ref());
            }
            self.points.push(Point {
                value,
                t: config.family.position_of(value),
                fixed: false,
                spec,
                measured,
                added_at: 0,
            });
        }
        let summary: Vec<String> = self
            .points
            .iter()
            .map(|p| format!("{} ({})", p.spec, self.describe_point(p)))
            .collect();
        let games = self.player.games_so_far();
        self.say(format!(
            "scan: ladder of {} and {} knob values, {games} games: {}",
            references.len(),
            summary.len(),
            summary.join("; ")
        ))
    }

    /// Scores against every reference, and the blunder rate where there is one.
    fn describe_point(&self, point: &Point) -> String {
        let mut parts = Vec::new();
        for (index, reference) in self.config.reference.iter().enumerate() {
            if let Some(e) = point.measured.score_vs(index, self.z) {
                parts.push(format!("vs {} {:.3}", reference.name, e.value));
            }
        }
        if let Some(e) = point.measured.blunder_rate(self.z) {
            parts.push(format!("blunders {:.3}", e.value));
        }
        parts.join(", ")
    }

    /// The rating of point `point` from the ladder's games and its own.
    fn rating(&self, point: usize) -> Estimate {
        let references = self.references();
        let measured = &self.points[point].measured;
        let mut games: Vec<(usize, usize, &[PlayedPair])> = self
            .ladder
            .games
            .iter()
            .map(|(i, j, pairs)| (*i, *j, &pairs[..]))
            .collect();
        for (reference, pairs) in measured.pairs.iter().enumerate() {
            games.push((references, reference, &pairs[..]));
        }
        let seed = seeds::derive(self.config.seed, seeds::RATING_STREAM, point as u64);
        ratings(
            references + 1,
            &games,
            self.anchor(),
            self.config.bootstrap,
            self.config.confidence,
            seed,
        )[references]
    }

    /// The seed of the blunder-rate bootstrap of point (or level) `index`.
    fn blunder_seed(&self, index: u64) -> u64 {
        seeds::derive(self.config.seed, seeds::ACCURACY_STREAM, index)
    }

    fn anchor(&self) -> usize {
        self.config
            .reference
            .iter()
            .position(|r| r.name == self.config.anchor)
            .unwrap_or(0)
    }

    fn estimate_of(&self, point: usize, target: &Target) -> Estimate {
        estimate(&self.points[point].measured, target, self.z, || {
            self.rating(point)
        })
        .expect("every point has games against every reference")
    }

    /// The stretch of the knob (positions from 0 to 1) where a rung between the points
    /// chosen for two levels searches, with `remaining` rungs (this one included) still
    /// to place between them: their stretch less a margin at each end of half the even
    /// spacing of those rungs, so that the rung's knob lies clearly between theirs and
    /// the noise of a rating against the references alone cannot set it on top of a
    /// neighbour or above the level over it. A level that names its own spec has no
    /// place on the knob: the knob's end on its side (the strong end above, the weak end
    /// below) stands in for it, with no margin, so that a rung under a named hard keeps
    /// above the level below it; none where the other level already lies at that end
    /// (within [`MIN_ROOM`]). A knob whose end is the named spec itself (`epsilon=0`
    /// under `perfect`) may then give a rung equal to it, which its test and the final
    /// check report. Where no point of the search lies in the stretch, one is
    /// measured at its middle first. The whole knob where both levels name their specs.
    fn between(
        &mut self,
        lower: &LevelChoice,
        upper: &LevelChoice,
        remaining: usize,
    ) -> Result<Option<(f64, f64)>, ArenaError> {
        let (a, b) = (self.points[lower.point].t, self.points[upper.point].t);
        if a.is_nan() && b.is_nan() {
            return Ok(Some((0.0, 1.0)));
        }
        if !self.has_room(lower, upper) {
            return Ok(None);
        }
        let (a, b) = self.knob_ends(lower, upper);
        let fixed = [lower, upper].map(|l| l.status == LevelStatus::Fixed);
        let margin = (a - b).abs() / (2 * (remaining + 1)) as f64;
        // Each end's position and margin, the knob's lower position first: none at a
        // knob's end standing in for a named spec, whose strongest value is the family's
        // nearest to it.
        let ends =
            [(a, fixed[0]), (b, fixed[1])].map(|(t, fixed)| (t, if fixed { 0.0 } else { margin }));
        let [(low_t, low_margin), (high_t, high_margin)] =
            if a <= b { ends } else { [ends[1], ends[0]] };
        let (lo, hi) = (low_t + low_margin, high_t - high_margin);
        let inside = |p: &Point| !p.fixed && (lo..=hi).contains(&p.t);
        if self.points.iter().any(inside) {
            return Ok(Some((lo, hi)));
        }
        let family = &self.config.family;
        let value = family.value_at(0.5 * (lo + hi));
        let t = family.position_of(value);
        if let Some(known) = self
            .points
            .iter()
            .position(|p| !p.fixed && p.value == value)
        {
            // A knob of few values: the middle is a point already measured.
            return Ok(Some((
                lo.min(self.points[known].t),
                hi.max(self.points[known].t),
            )));
        }
        self.points.push(Point {
            value,
            t,
            fixed: false,
            spec: family.spec_of(value),
            measured: Measured::new(
                self.references(),
                self.blunder_seed(self.points.len() as u64),
                self.config.bootstrap,
            ),
            added_at: self.step + 1,
        });
        self.measure(self.points.len() - 1)?;
        // Rounded to the knob's grain, the point may lie just outside.
        Ok(Some((lo.min(t), hi.max(t))))
    }

    /// The knob positions of two levels, the knob's end on its side standing in for one
    /// that names its own spec (see [`Search::between`]; not both).
    fn knob_ends(&self, lower: &LevelChoice, upper: &LevelChoice) -> (f64, f64) {
        let (a, b) = (self.points[lower.point].t, self.points[upper.point].t);
        let strong = self.strong_end();
        (
            if a.is_nan() { 1.0 - strong } else { a },
            if b.is_nan() { strong } else { b },
        )
    }

    /// Whether the knob has room for a rung between two levels: always, unless one
    /// names its own spec and the other lies within [`MIN_ROOM`] of the knob's end next
    /// to it.
    fn has_room(&self, lower: &LevelChoice, upper: &LevelChoice) -> bool {
        let fixed = [lower, upper].map(|l| l.status == LevelStatus::Fixed);
        if fixed == [true, true] || fixed == [false, false] {
            return true;
        }
        let (a, b) = self.knob_ends(lower, upper);
        (a - b).abs() >= MIN_ROOM
    }

    /// Measures the rung `name` placed at `spec` on the bridge between the specs `from`
    /// and `to`, as a named spec is measured, with a line saying where it stands.
    fn measure_on_bridge(
        &mut self,
        name: &str,
        from: &str,
        to: &str,
        spec: &str,
    ) -> Result<LevelChoice, ArenaError> {
        self.say(format!(
            "rungs: {name} on the bridge from {from} to {to}: {spec}"
        ))?;
        self.measure_fixed(name, spec)
    }

    /// The specs a bridge between two levels runs from and to (`[rungs] bridge`): where
    /// `upper` names its own spec, `lower` lies at the knob's end next to it or names its
    /// own spec too (a rung already on the bridge), and the two specs differ in one
    /// budget only. None without `bridge`, so that such a config plays as it always did.
    fn bridge(&self, lower: &LevelChoice, upper: &LevelChoice) -> Option<(String, String)> {
        let asked = self.config.rungs.is_some_and(|rungs| rungs.bridge);
        let fixed = |l: &LevelChoice| l.status == LevelStatus::Fixed;
        if !asked || !fixed(upper) || (!fixed(lower) && self.has_room(lower, upper)) {
            return None;
        }
        let (from, to) = (
            &self.points[lower.point].spec,
            &self.points[upper.point].spec,
        );
        bridged_spec(from, to, 0.5)?;
        Some((from.clone(), to.clone()))
    }

    /// The end of the knob (position 0 or 1) where the scan rated play stronger.
    fn strong_end(&self) -> f64 {
        let scanned = || {
            (0..self.points.len())
                .filter(|p| !self.points[*p].fixed && self.points[*p].added_at == 0)
        };
        let by_t = |a: &usize, b: &usize| self.points[*a].t.total_cmp(&self.points[*b].t);
        match (scanned().min_by(by_t), scanned().max_by(by_t)) {
            (Some(first), Some(last)) if self.rating(first).value > self.rating(last).value => 0.0,
            _ => 1.0,
        }
    }

    /// Searches the knob for the level called `name` aiming at `target`, or measures
    /// its fixed spec. A rung searches only its `window` of the knob (see
    /// [`Search::between`]), and its line says when its rating lies beyond what the
    /// window reaches, so that the nearest point stands in for it.
    fn refine(
        &mut self,
        name: &str,
        target: &Target,
        window: Option<(f64, f64)>,
    ) -> Result<LevelChoice, ArenaError> {
        let rung = window.is_some();
        let config = self.config;
        if let Target::Spec(spec) = target {
            return self.measure_fixed(name, spec);
        }
        let wanted = target.value();
        let tolerance = config.tolerance.of(target);
        let mut steps = 0;
        loop {
            let (best, estimate, action) = self.decide(target, steps, window);
            match action {
                Action::Stop(status) => {
                    let point = &self.points[best];
                    let beyond = if rung && status == LevelStatus::Unreachable {
                        ": the rung takes the nearest point between its neighbours"
                    } else {
                        ""
                    };
                    self.say(format!(
                        "[{name}] {}: {} {} {} (target {} ± {}) after {}{beyond}",
                        status.as_str(),
                        point.spec,
                        what(target, config),
                        show(&estimate),
                        wanted,
                        tolerance,
                        counted(steps, "step")
                    ))?;
                    return Ok(LevelChoice {
                        point: best,
                        status,
                        estimate,
                        steps,
                    });
                }
                Action::More(point) => self.measure(point)?,
                Action::New(value) => {
                    let spec = config.family.spec_of(value);
                    self.points.push(Point {
                        value,
                        t: config.family.position_of(value),
                        fixed: false,
                        spec,
                        measured: Measured::new(
                            self.references(),
                            self.blunder_seed(self.points.len() as u64),
                            config.bootstrap,
                        ),
                        added_at: self.step + 1,
                    });
                    self.measure(self.points.len() - 1)?;
                }
            }
            steps += 1;
            let point = match action {
                Action::More(point) => point,
                _ => self.points.len() - 1,
            };
            let now = self.estimate_of(point, target);
            let spec = self.points[point].spec.clone();
            let pairs = self.points[point].measured.fewest_pairs();
            self.say(format!(
                "[{name}] step {steps}: {spec}, {} per reference: {} {} (target {wanted} ± {tolerance})",
                counted(pairs, "pair"),
                what(target, config),
                show(&now)
            ))?;
        }
    }

    /// Level `name`'s fixed spec, measured by one batch against every reference: its
    /// rating is what the level reports during the search (the final round-robin measures
    /// it again, with the other levels).
    fn measure_fixed(&mut self, name: &str, spec: &str) -> Result<LevelChoice, ArenaError> {
        self.points.push(Point {
            value: f64::NAN,
            t: f64::NAN,
            fixed: true,
            spec: spec.to_string(),
            measured: Measured::new(
                self.references(),
                self.blunder_seed(self.points.len() as u64),
                self.config.bootstrap,
            ),
            added_at: self.step + 1,
        });
        let point = self.points.len() - 1;
        self.measure(point)?;
        let estimate = self.rating(point);
        let description = self.describe_point(&self.points[point]);
        self.say(format!(
            "[{name}] fixed: {spec}, rating {} ({description})",
            show(&estimate)
        ))?;
        Ok(LevelChoice {
            point,
            status: LevelStatus::Fixed,
            estimate,
            steps: 0,
        })
    }

    /// Plays one batch at point `point` against every reference.
    fn measure(&mut self, point: usize) -> Result<(), ArenaError> {
        self.step += 1;
        let spec = self.points[point].spec.clone();
        let matchups: Vec<Matchup> = self
            .config
            .reference
            .iter()
            .map(|reference| Matchup {
                one: spec.clone(),
                other: reference.spec.clone(),
                pairs: self.config.batch_pairs,
            })
            .collect();
        let results = self.player.play_batch(&matchups)?;
        for (reference, pairs) in results.into_iter().enumerate() {
            self.points[point]
                .measured
                .add(&spec, reference, pairs, self.judge.as_ref());
        }
        Ok(())
    }

    /// The point nearest the target, its estimate, and what to do next.
    /// Only points within `window` of the knob count, where one is given (a rung's).
    fn decide(
        &self,
        target: &Target,
        steps: u32,
        window: Option<(f64, f64)>,
    ) -> (usize, Estimate, Action) {
        let config = self.config;
        let wanted = target.value();
        let tolerance = config.tolerance.of(target);
        let mut order: Vec<usize> = (0..self.points.len())
            .filter(|p| !self.points[*p].fixed)
            .filter(|p| window.is_none_or(|(lo, hi)| (lo..=hi).contains(&self.points[*p].t)))
            .collect();
        order.sort_by(|a, b| self.points[*a].t.total_cmp(&self.points[*b].t));
        let estimates: Vec<Estimate> = order.iter().map(|p| self.estimate_of(*p, target)).collect();
        let distance = |e: &Estimate| (e.value - wanted).abs();
        let mut k = (0..order.len())
            .min_by(|a, b| distance(&estimates[*a]).total_cmp(&distance(&estimates[*b])))
            .expect("the scan measured points");
        // Points that measure exactly alike (a score saturated at 1 against a weak
        // reference, say) say nothing about where the target lies: of them, take the one
        // whose rating on the whole ladder lies furthest toward the target (the weakest
        // when they are all too strong), not merely the first along the knob.
        let tied: Vec<usize> = (0..order.len())
            .filter(|j| estimates[*j].value == estimates[k].value)
            .collect();
        if tied.len() > 1 {
            let toward = (wanted - estimates[k].value).signum();
            let ratings: Vec<f64> = tied
                .iter()
                .map(|j| toward * self.rating(order[*j]).value)
                .collect();
            let (best_tied, _) =
                tied.iter()
                    .zip(&ratings)
                    .fold((k, f64::NEG_INFINITY), |(kept, top), (j, r)| {
                        if *r > top {
                            (*j, *r)
                        } else {
                            (kept, top)
                        }
                    });
            k = best_tied;
        }
        let (best, e) = (order[k], estimates[k]);
        let at_cap = |p: usize| self.points[p].measured.fewest_pairs() >= config.max_pairs as usize;
        if e.within(wanted, tolerance) {
            return (best, e, Action::Stop(LevelStatus::Converged));
        }
        if steps >= config.max_steps {
            return (best, e, Action::Stop(LevelStatus::NotConverged));
        }
        let in_window = distance(&e) <= tolerance;
        // Near the target, more games settle the interval; in the outer half of the
        // window a point nearer the target is worth measuring first.
        if distance(&e) <= tolerance / 2.0 && !at_cap(best) {
            return (best, e, Action::More(best));
        }
        let side = (e.value - wanted).signum();
        // The point nearest along the knob whose value lies on the other side: with
        // noise, the values need not be monotone near the target.
        let t_best = self.points[best].t;
        let other = (0..order.len())
            .filter(|j| (estimates[*j].value - wanted).signum() != side)
            .min_by(|a, b| {
                let gap = |j: usize| (self.points[order[j]].t - t_best).abs();
                gap(*a).total_cmp(&gap(*b))
            });
        if let Some(j) = other {
            let (t0, v0) = (self.points[best].t, e.value);
            let (t1, v1) = (self.points[order[j]].t, estimates[j].value);
            let fraction = ((wanted - v0) / (v1 - v0)).clamp(0.1, 0.9);
            for t in [t0 + fraction * (t1 - t0), 0.5 * (t0 + t1)] {
                let value = config.family.value_at(t);
                if self.points.iter().all(|p| p.fixed || p.value != value) {
                    return (best, e, Action::New(value));
                }
            }
            if in_window && !at_cap(best) {
                return (best, e, Action::More(best));
            }
            // The knob has no value between the two: play where games are fewer.
            for p in [best, order[j]] {
                if !at_cap(p) {
                    return (best, e, Action::More(p));
                }
            }
            return (best, e, Action::Stop(LevelStatus::NotConverged));
        }
        // Every value measured lies on one side of the target.
        let at_end = k == 0 || k + 1 == order.len();
        // A rung's stretch of the knob ends before the knob does: its ends are measured
        // before the target is called out of reach.
        if let Some((lo, hi)) = window {
            let ends = [(k == 0, lo), (k + 1 == order.len(), hi)];
            for (_, t) in ends.into_iter().filter(|(end, _)| *end) {
                let value = config.family.value_at(t);
                if self.points.iter().all(|p| p.fixed || p.value != value) {
                    return (best, e, Action::New(value));
                }
            }
        }
        let clearly = e.clearly_outside(wanted, tolerance);
        if at_end && (clearly || at_cap(best)) && !in_window {
            return (best, e, Action::Stop(LevelStatus::Unreachable));
        }
        if !at_cap(best) {
            return (best, e, Action::More(best));
        }
        (best, e, Action::Stop(LevelStatus::NotConverged))
    }

    /// The sequential test of level `level` against the level below.
    fn test_against_lower(
        &mut self,
        level: usize,
        placed: &[Placed],
        levels: &[LevelChoice],
    ) -> Result<Option<GsprtStatus>, ArenaError> {
        let config = self.config;
        let upper = self.points[levels[level].point].spec.clone();
        let lower = self.points[levels[level - 1].point].spec.clone();
        let (upper_name, lower_name) = (&placed[level].level.name, &placed[level - 1].level.name);
        if upper == lower {
            self.say(format!(
                "[{upper_name}] same spec as {lower_name} ({upper}): no test"
            ))?;
            return Ok(None);
        }
        let gsprt = config.gsprt;
        let out = &mut *self.out;
        let outcome = sequential_test(self.player, &upper, &lower, &gsprt, |status, pairs| {
            // A failed progress line is not worth stopping the test for.
            let _ = writeln!(
                out,
                "[{upper_name} vs {lower_name}] GSPRT after {pairs} pairs: {}",
                status.line()
            );
        })?;
        Ok(Some(outcome))
    }

    /// The chosen levels (`placed`, chosen as `levels`) against each other and the
    /// ladder; with rungs, the steps between neighbours checked against their rules.
    fn final_check(
        &mut self,
        placed: &[Placed],
        levels: &[LevelChoice],
        played: &mut FinalGames,
    ) -> Result<FinalCheck, ArenaError> {
        let config = self.config;
        let mut specs: Vec<String> = config.reference.iter().map(|r| r.spec.clone()).collect();
        let references = specs.len();
        specs.extend(levels.iter().map(|l| self.points[l.point].spec.clone()));
        let mut pairings = Vec::new();
        let mut matchups = Vec::new();
        for i in 0..specs.len() {
            for j in i + 1..specs.len() {
                pairings.push((i, j));
                // A pairing an earlier round played keeps its games.
                if !played.contains_key(&(specs[j].clone(), specs[i].clone())) {
                    matchups.push(Matchup {
                        one: specs[j].clone(),
                        other: specs[i].clone(),
                        pairs: config.final_pairs,
                    });
                }
            }
        }
        let mut new = if matchups.is_empty() {
            Vec::new()
        } else {
            self.player.play_batch(&matchups)?
        }
        .into_iter();
        let results: Vec<Vec<PlayedPair>> = pairings
            .iter()
            .map(|(i, j)| {
                let key = (specs[*j].clone(), specs[*i].clone());
                match played.get(&key) {
                    Some(pairs) => pairs.clone(),
                    None => new.next().expect("one result per new pairing"),
                }
            })
            .collect();
        for ((i, j), pairs) in pairings.iter().zip(&results) {
            played
                .entry((specs[*j].clone(), specs[*i].clone()))
                .or_insert_with(|| pairs.clone());
        }
        let mut games: Vec<(usize, usize, &[PlayedPair])> = Vec::new();
        let mut measured: Vec<Measured> = (0..levels.len())
            .map(|l| {
                // Points count up from 0; the levels' words count down from the top.
                let seed = self.blunder_seed(u64::MAX - l as u64);
                Measured::new(references, seed, config.bootstrap)
            })
            .collect();
        for ((i, j), pairs) in pairings.iter().zip(&results) {
            games.push((*j, *i, &pairs[..]));
            if *j >= references && *i < references {
                measured[*j - references].add(&specs[*j], *i, pairs.clone(), self.judge.as_ref());
            }
        }
        let seed = seeds::derive(config.seed, seeds::RATING_STREAM, u64::MAX);
        let all = ratings(
            specs.len(),
            &games,
            self.anchor(),
            config.bootstrap,
            config.confidence,
            seed,
        );
        // With rungs, the named levels (a score of 0.70 and more apart) must be told apart
        // by their intervals; a rung, as little as 0.60 above its neighbour, answers to
        // the steps' rules below and its sequential test instead.
        let named: Vec<usize> = (0..levels.len()).filter(|l| !placed[*l].rung).collect();
        let ordered = named
            .windows(2)
            .all(|pair| all[references + pair[0]].hi < all[references + pair[1]].lo);
        let mut lines = Vec::new();
        for (l, level) in placed.iter().enumerate() {
            lines.push(format!(
                "final: {} = {}: rating {}",
                level.level.name,
                specs[references + l],
                show(&all[references + l])
            ));
        }
        lines.push(format!(
            "final: {}levels {} with non-overlapping {}% rating intervals",
            if named.len() < levels.len() {
                "named "
            } else {
                ""
            },
            if ordered {
                "strictly ordered"
            } else {
                "NOT strictly ordered"
            },
            config.confidence * 100.0
        ));
        let steps = config.rungs.map(|rungs| {
            let rated: Vec<f64> = all[references..].iter().map(|e| e.value).collect();
            let rung: Vec<bool> = placed.iter().map(|p| p.rung).collect();
            Steps::of(&rated, &rung, rungs.max_step)
        });
        if let Some(steps) = &steps {
            let names: Vec<&str> = placed.iter().map(|p| p.level.name.as_str()).collect();
            for sentence in steps.sentences(&names) {
                lines.push(format!("final: {sentence}"));
            }
        }
        for line in lines {
            self.say(line)?;
        }
        let mistakes = self.mistakes(&specs[references..], &measured);
        Ok(FinalCheck {
            ratings: all,
            levels: measured,
            mistakes,
            ordered,
            steps,
        })
    }

    /// Each level's mistakes by the referee in its games against the references
    /// (`specs` and `measured`, one a level): for games without a solved table (where
    /// the blunder rate against perfect play says more), over the first
    /// `referee_pairs` pairs against each reference (by default the game's
    /// [`Refereed::CALIBRATION_PAIRS`]; none at 0).
    fn mistakes(&self, specs: &[String], measured: &[Measured]) -> Vec<Option<Mistakes>> {
        let config = self.config;
        let start = config
            .game
            .parse::<engine::GameSpec>()
            .ok()
            .and_then(|game| G::new(&game.options).ok())
            .filter(|_| self.judge.is_none());
        let pairs = config
            .referee_pairs
            .map_or(G::CALIBRATION_PAIRS, |pairs| pairs as usize);
        let (Some(start), true) = (start, pairs > 0) else {
            return vec![None; measured.len()];
        };
        let referee =
            Referee::new(start.default_depth()).expect("each game's own depth is in range");
        specs
            .iter()
            .zip(measured)
            .enumerate()
            .map(|(l, (spec, games))| {
                let seeds = [0, 1, 2].map(|k| {
                    let word = u64::MAX - (3 * l as u64 + k);
                    seeds::derive(config.seed, seeds::REFEREE_STREAM, word)
                });
                let mistakes = games.mistakes(
                    spec,
                    &start,
                    config.opening_plies,
                    (&referee, pairs),
                    self.z,
                    seeds,
                );
                Some(mistakes)
            })
            .collect()
    }
}

/// The least stretch of the knob (as a share of it) between a level and the knob's end
/// standing in for a named spec next to it that a rung is placed in: a level already at
/// the knob's end leaves no rung anything to choose, and the step to the named spec is
/// then as wide as the family makes it (the final check says so).
const MIN_ROOM: f64 = 0.01;

/// The most rungs between two levels: ratings far apart (a level that never loses)
/// should not make a calibration endless; the final check then says the cap is not kept.
const MOST_RUNGS: usize = 16;

/// The ratings of the rungs between levels rated `lower` and `upper`: as few as make
/// each step at most `max_step` (none where the gap is no wider), evenly spaced, each
/// rounded to a whole Elo.
fn rung_targets(lower: f64, upper: f64, max_step: f64) -> Vec<f64> {
    let gap = upper - lower;
    if !(gap.is_finite() && gap > max_step) {
        return Vec::new();
    }
    // At least one rung, since the gap is wider than a step.
    let count = ((gap / max_step).ceil() as usize)
        .saturating_sub(1)
        .clamp(1, MOST_RUNGS);
    (1..=count)
        .map(|k| (lower + gap * k as f64 / (count + 1) as f64).round())
        .collect()
}

/// The names of a ladder's levels (`placed`): named levels keep theirs, and the rungs
/// between two named levels are numbered in order (the names rungs of a new round take,
/// old and new together).
fn rung_names(placed: &[Placed]) -> Vec<String> {
    let named: Vec<usize> = (0..placed.len()).filter(|i| !placed[*i].rung).collect();
    (0..placed.len())
        .map(|i| {
            if !placed[i].rung {
                return placed[i].level.name.clone();
            }
            let lower = *named
                .iter()
                .rev()
                .find(|n| **n < i)
                .expect("a named level below");
            let upper = *named.iter().find(|n| **n > i).expect("a named level above");
            let (below, above) = (&placed[lower].level.name, &placed[upper].level.name);
            rung_name(below, above, i - lower, upper - lower - 1)
        })
        .collect()
}

/// The ladder `placed` with its rungs named by [`rung_names`].
fn renumber(placed: &mut [Placed]) {
    let names = rung_names(placed);
    for (place, name) in placed.iter_mut().zip(names) {
        place.level.name = name;
    }
}

/// The rung to leave out, with the step that puts it too close, where one may go: of the
/// steps under a rung's least ([`RUNG_STEP`]) between levels rated `ratings` (the final
/// round-robin's, weakest first; `rung` tells which are rungs), narrowest first, the
/// first whose rung (of two, the one whose going leaves the narrower step between its
/// neighbours) can go without opening a step wider than `max_step`. None where no such
/// rung can: a rung too close still splits a gap the cap would otherwise break.
fn rung_to_drop(rung: &[bool], ratings: &[f64], max_step: f64) -> Option<(usize, Step)> {
    let mut close: Vec<Step> = (1..ratings.len())
        .map(|upper| Step {
            elo: ratings[upper] - ratings[upper - 1],
            lower: upper - 1,
            upper,
        })
        .filter(|s| (rung[s.lower] || rung[s.upper]) && s.elo < RUNG_STEP)
        .collect();
    close.sort_by(|a, b| a.elo.total_cmp(&b.elo));
    close.into_iter().find_map(|step| {
        // A rung always has a level on each side: the named levels end the ladder.
        let opened = |l: usize| ratings[l + 1] - ratings[l - 1];
        [step.lower, step.upper]
            .into_iter()
            .filter(|&l| rung[l])
            .min_by(|&a, &b| opened(a).total_cmp(&opened(b)))
            .filter(|&l| opened(l) <= max_step)
            .map(|l| (l, step))
    })
}

/// The line of a rung left out of a bridge: rounded to its budget's grain, the spec it
/// aims at is one of its neighbours'.
fn no_bridge(lower: &str, upper: &str) -> String {
    format!(
        "rungs: none between {lower} and {upper}: their specs' budgets have no value \
         between them where the rung aims"
    )
}

/// The line of a rung left out: its lower neighbour sits at the knob's end next to the
/// named spec above (or below) it, so the family has nothing between them to offer.
fn no_room(lower: &str, upper: &str) -> String {
    format!(
        "rungs: none between {lower} and {upper}: one names its own spec and the other lies \
         at the knob's end next to it, so the family has nothing between them"
    )
}

fn what(target: &Target, config: &CalibrationIdentity) -> String {
    match target {
        Target::Elo(_) | Target::Spec(_) => "rating".into(),
        Target::ScoreVs {
            reference, seat, ..
        } => match seat {
            None => format!("score vs {}", config.reference[*reference].name),
            Some(seat) => format!("score vs {} as {seat}", config.reference[*reference].name),
        },
        Target::BlunderRate(_) => "blunder rate".into(),
    }
}

fn show(e: &Estimate) -> String {
    if e.value.abs() >= 10.0 {
        format!("{:.0} [{:.0}, {:.0}]", e.value, e.lo, e.hi)
    } else {
        format!("{:.3} [{:.3}, {:.3}]", e.value, e.lo, e.hi)
    }
}

/// The knob value of a point: none for a level's fixed spec.
fn knob_of(point: &Point) -> Option<f64> {
    (!point.fixed).then_some(point.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_two_squeezed_rungs_the_one_whose_going_keeps_steps_even_is_left_out() {
        // medium, two rungs 66 apart, hard: without the lower rung the steps are 199
        // and 376; without the upper, 133 and 442.
        let rung = [false, true, true, false];
        let dropped = rung_to_drop(&rung, &[1239.0, 1372.0, 1438.0, 1814.0], 400.0);
        assert_eq!(dropped.map(|(l, s)| (l, s.lower, s.upper)), Some((1, 1, 2)));
        let dropped = rung_to_drop(&rung, &[1000.0, 1300.0, 1366.0, 1500.0], 400.0);
        assert_eq!(dropped.map(|(l, _)| l), Some(2));
        // Under a cap the going would break, the rung stays.
        assert_eq!(
            rung_to_drop(&rung, &[1239.0, 1372.0, 1438.0, 1814.0], 150.0),
            None
        );
        // A rung beside a named level is the one to go, whichever side it is on.
        let rung = [false, true, false];
        assert_eq!(
            rung_to_drop(&rung, &[0.0, 50.0, 400.0], 400.0).map(|(l, _)| l),
            Some(1)
        );
        assert_eq!(
            rung_to_drop(&rung, &[0.0, 350.0, 400.0], 400.0).map(|(l, _)| l),
            Some(1)
        );
        // Steps of 70 and more between rungs, or under 70 between named levels: none.
        assert_eq!(rung_to_drop(&rung, &[0.0, 70.0, 400.0], 400.0), None);
        assert_eq!(rung_to_drop(&[false, false], &[0.0, 10.0], 400.0), None);
    }

    #[test]
    fn rungs_split_a_wide_gap_into_even_steps_of_at_most_max_step() {
        // 401 to 631 Elo: 230 apart, two steps of 115 under a cap of 150.
        assert_eq!(rung_targets(401.0, 631.0, 150.0), [516.0]);
        // 300 apart under a cap of 150: exactly two steps, one rung.
        assert_eq!(rung_targets(0.0, 300.0, 150.0), [150.0]);
        assert_eq!(rung_targets(0.0, 301.0, 150.0), [100.0, 201.0]);
        // No wider than the cap, reversed, or not rated: no rung.
        for (lower, upper) in [(0.0, 150.0), (300.0, 0.0), (0.0, f64::NAN)] {
            assert!(rung_targets(lower, upper, 150.0).is_empty());
        }
        // A level that never loses is capped, not followed to the end of the scale.
        assert_eq!(rung_targets(0.0, 1e9, 100.0).len(), MOST_RUNGS);
        assert_eq!(rung_name("easy", "medium", 1, 1), "easy-medium");
        assert_eq!(rung_name("easy", "medium", 2, 3), "easy-medium-2");
    }

    #[test]
    fn a_new_round_numbers_the_rungs_of_each_gap_again_old_and_new_together() {
        let level = |name: &str, rung: bool| Placed {
            level: Level {
                name: name.into(),
                target: Target::Elo(0.0),
            },
            rung,
        };
        // The old rung easy-medium with a new one below it, none between medium and
        // hard, two new ones above medium.
        let placed = [
            level("easy", false),
            level("", true),
            level("easy-medium", true),
            level("medium", false),
            level("", true),
            level("", true),
            level("hard", false),
        ];
        assert_eq!(
            rung_names(&placed),
            [
                "easy",
                "easy-medium-1",
                "easy-medium-2",
                "medium",
                "medium-hard-1",
                "medium-hard-2",
                "hard"
            ]
        );
        // One of two left out: the other takes the gap's plain name.
        let two = [&placed[..4], &placed[5..]].concat();
        assert_eq!(rung_names(&two)[4], "medium-hard");
    }
}
