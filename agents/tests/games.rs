//! Whole games of Leapfrog Race between agents built from spec strings, as the arena
//! plays them: every game replays from its seed, and the stronger agents beat the weaker
//! ones over a few hundred seeded games.

use agents::{build, Agent};
use engine::{Game, Leapfrog, LeapfrogMove, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One game: the moves and the score of the agent in seat A.
type Record = (Vec<LeapfrogMove>, f64);

/// The position after `plies` random plies drawn from `seed`.
fn opening(plies: u32, seed: u64) -> Leapfrog {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Leapfrog::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.is_over() {
            break;
        }
        position.generate_moves(&mut moves);
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

/// Plays `position` out: `a` in seat A, `b` in seat B, reset with `seed` (B with the
/// next seed), both told every move.
fn play(
    a: &mut dyn Agent<Leapfrog>,
    b: &mut dyn Agent<Leapfrog>,
    mut position: Leapfrog,
    seed: u64,
) -> Record {
    a.reset(seed);
    b.reset(seed.wrapping_add(1));
    let mut line = Vec::new();
    while !position.is_over() {
        let mv = if position.to_move() == Seat::A {
            a.choose(&position)
        } else {
            b.choose(&position)
        };
        assert!(position.is_legal(mv), "{mv} in {position}");
        a.observe(&position, mv);
        b.observe(&position, mv);
        position.play_unchecked(mv);
        line.push(mv);
    }
    let outcome = position.status().outcome().expect("over");
    (line, outcome.score(Seat::A))
}

fn agent(spec: &str) -> Box<dyn Agent<Leapfrog>> {
    build::<Leapfrog>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Agents whose games depend on the seed, and the others (greedy only through its tie-breaks).
const RANDOMISED: [&str; 6] = [
    "random",
    "mcts:iterations=200",
    "greedy:epsilon=0.3",
    "minimax:depth=2,epsilon=0.2",
    "minimax:depth=2,temperature=3",
    "mcts:iterations=100,temperature=1",
];
const DETERMINISTIC: [&str; 3] = ["greedy", "minimax:depth=3", "minimax:nodes=3000"];

#[test]
fn the_same_seed_replays_the_same_game() {
    for spec in RANDOMISED.iter().chain(&DETERMINISTIC) {
        let opponent = "greedy:epsilon=0.1";
        // Fresh agents, and the same agents after games with other seeds: a reset forgets
        // everything.
        let (mut a, mut b) = (agent(spec), agent(opponent));
        let first = play(a.as_mut(), b.as_mut(), Leapfrog::start(), 11);
        play(a.as_mut(), b.as_mut(), Leapfrog::start(), 12);
        let (mut c, mut d) = (agent(opponent), agent(spec));
        let swapped = play(c.as_mut(), d.as_mut(), Leapfrog::start(), 11);
        assert_eq!(
            play(a.as_mut(), b.as_mut(), Leapfrog::start(), 11),
            first,
            "{spec}"
        );
        let (mut fresh_a, mut fresh_b) = (agent(spec), agent(opponent));
        let again = play(fresh_a.as_mut(), fresh_b.as_mut(), Leapfrog::start(), 11);
        assert_eq!(again, first, "{spec}");
        assert_eq!(play(c.as_mut(), d.as_mut(), Leapfrog::start(), 11), swapped);
    }
}

#[test]
fn different_seeds_give_different_games_for_randomised_agents() {
    for spec in RANDOMISED {
        // Against itself, so that only this agent's randomness is in play.
        let (mut a, mut b) = (agent(spec), agent(spec));
        let games: Vec<Record> = (0..4)
            .map(|seed| play(a.as_mut(), b.as_mut(), Leapfrog::start(), 100 * seed))
            .collect();
        let distinct = games
            .iter()
            .enumerate()
            .filter(|(i, game)| games[..*i].iter().all(|other| other.0 != game.0))
            .count();
        assert!(distinct >= 3, "{spec}: {distinct} distinct games of 4");
    }
    // Searches without noise replay one game whatever the seed (greedy breaks ties by
    // the seed, so it is not among them).
    let (mut a, mut b) = (agent("minimax:depth=3"), agent("minimax:nodes=3000"));
    let first = play(a.as_mut(), b.as_mut(), Leapfrog::start(), 1);
    let second = play(a.as_mut(), b.as_mut(), Leapfrog::start(), 2);
    assert!(first == second, "minimax games differ by seed");
}

/// The lower end of the Wilson score interval (z = 2.58, 99%) for `score` out of `games`.
fn wilson_lower(score: f64, games: u32) -> f64 {
    let n = games as f64;
    let p = score / n;
    let z = 2.58f64;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - spread) / (1.0 + z * z / n)
}

/// The score of `strong` over `pairs` pairs of games against `weak`: each pair starts
/// from the same random opening of `opening_plies` plies, with the seats swapped.
fn match_score(strong: &str, weak: &str, pairs: u32, opening_plies: u32) -> (f64, u32) {
    let (mut strong, mut weak) = (agent(strong), agent(weak));
    let mut score = 0.0;
    for pair in 0..pairs {
        let start = opening(opening_plies, 7_000 + pair as u64);
        let seed = 2 * pair as u64;
        score += play(strong.as_mut(), weak.as_mut(), start, seed).1;
        score += 1.0 - play(weak.as_mut(), strong.as_mut(), start, seed + 1).1;
    }
    (score, 2 * pairs)
}

fn assert_beats(strong: &str, weak: &str, pairs: u32) {
    let (score, games) = match_score(strong, weak, pairs, 8);
    let lower = wilson_lower(score, games);
    eprintln!("{strong} against {weak}: {score} of {games}, 99% lower bound {lower:.3}");
    assert!(
        lower > 0.6,
        "{strong} scored {score} of {games} against {weak}: 99% lower bound {lower:.3}"
    );
}

#[test]
fn wilson_bound_is_below_the_mean_and_tightens() {
    assert!((wilson_lower(100.0, 200) - 0.41).abs() < 0.01);
    assert!(wilson_lower(150.0, 200) > 0.66);
    assert!(wilson_lower(15.0, 20) < 0.55);
}

#[test]
fn greedy_beats_random() {
    assert_beats("greedy", "random", 150);
}

#[test]
fn minimax_depth_4_beats_greedy() {
    assert_beats("minimax:depth=4,tt_mib=1", "greedy", 150);
}

/// 300 iterations already win clearly and keep the test fast; 10,000 iterations won
/// 40 of 40 games against greedy in an `arena run` (see the closing figures in
/// BENCHMARKS.md).
#[test]
fn mcts_beats_greedy() {
    assert_beats("mcts:iterations=300", "greedy", 100);
}
