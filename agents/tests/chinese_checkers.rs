//! Whole games of Chinese checkers between agents built from spec strings, seats rotated:
//! greedy beats random, and MCTS with small budgets (capped playouts, scored by the
//! evaluation) beats greedy with two and with three players. Every match starts from
//! seeded random openings, and every agent takes every seat of every opening.

use agents::{build, Agent};
use engine::{ChineseCheckers, Game, GameOptions, Outcome, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn start(players: usize) -> ChineseCheckers {
    let mut options = GameOptions::new();
    options.set("players", &players.to_string());
    ChineseCheckers::new(&options).expect("a valid player count")
}

/// The position after `plies` random plies from the start, drawn from `seed`.
fn opening(players: usize, plies: u32, seed: u64) -> ChineseCheckers {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = start(players);
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.generate_moves(&mut moves);
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

fn agent(spec: &str) -> Box<dyn Agent<ChineseCheckers>> {
    build::<ChineseCheckers>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Plays `position` out with `agents[i]` in seat `i`, each reset with `seed + i` and told
/// every move, and returns the outcome.
fn play(
    agents: &mut [Box<dyn Agent<ChineseCheckers>>],
    mut position: ChineseCheckers,
    seed: u64,
) -> Outcome {
    for (i, agent) in agents.iter_mut().enumerate() {
        agent.reset(seed + i as u64);
    }
    while !position.is_over() {
        let mover = position.to_move().index();
        let mv = agents[mover].choose(&position);
        assert!(position.is_legal(mv), "{mv} in {position}");
        for agent in agents.iter_mut() {
            agent.observe(&position, mv);
        }
        position.play_unchecked(mv);
    }
    position.status().outcome().expect("over")
}

/// What `strong` did against `weak` in every other seat.
#[derive(Debug)]
struct Match {
    /// Games played.
    games: u32,
    /// The sum over games of `strong`'s score: the share of the other seats it placed
    /// ahead of, ties counting half.
    score: f64,
    /// `strong`'s mean place.
    mean_place: f64,
    /// The weak agents' mean place.
    weak_mean_place: f64,
}

/// `strong` in one seat and `weak` in the others, from `openings` random openings of
/// `opening_plies` plies, `strong` taking every seat of each opening in turn.
fn play_match(
    strong: &str,
    weak: &str,
    players: usize,
    openings: u32,
    opening_plies: u32,
) -> Match {
    let mut result = Match {
        games: 0,
        score: 0.0,
        mean_place: 0.0,
        weak_mean_place: 0.0,
    };
    let mut weak_places = 0.0;
    for round in 0..openings {
        let position = opening(players, opening_plies, 9_000 + round as u64);
        for seat in Seat::all(players) {
            let mut agents: Vec<_> = Seat::all(players)
                .map(|s| agent(if s == seat { strong } else { weak }))
                .collect();
            let seed = 100 * (round as u64 * players as u64 + seat.index() as u64);
            let outcome = play(&mut agents, position.clone(), seed);
            result.games += 1;
            result.score += outcome.score(seat);
            result.mean_place += outcome.place(seat) as f64;
            weak_places += Seat::all(players)
                .filter(|s| *s != seat)
                .map(|s| outcome.place(s) as f64)
                .sum::<f64>();
        }
    }
    let games = result.games as f64;
    result.mean_place /= games;
    result.weak_mean_place = weak_places / (games * (players - 1) as f64);
    result
}

/// The lower end of the Wilson score interval (z = 1.96, 95%) for `score` out of `games`.
fn wilson_lower(score: f64, games: u32) -> f64 {
    let n = games as f64;
    let p = score / n;
    let z = 1.96f64;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - spread) / (1.0 + z * z / n)
}

/// Asserts that `strong` beats `weak` (each game's score counted as one trial) with a
/// Wilson lower bound above `floor`, and for more than two players that its mean place
/// is at least `place_margin` better than the weak agents'.
fn assert_beats(
    strong: &str,
    weak: &str,
    players: usize,
    openings: u32,
    floor: f64,
    place_margin: f64,
) {
    let result = play_match(strong, weak, players, openings, 2 * players as u32);
    let lower = wilson_lower(result.score, result.games);
    eprintln!("{players} players, {strong} against {weak}: {result:?}, 95% lower bound {lower:.3}");
    assert!(
        lower > floor,
        "{strong} scored {} in {} games against {weak}: 95% lower bound {lower:.3}",
        result.score,
        result.games
    );
    assert!(
        result.mean_place + place_margin <= result.weak_mean_place,
        "{strong} against {weak}: {result:?}"
    );
}

#[test]
fn wilson_bound_is_below_the_mean() {
    assert!((wilson_lower(10.0, 20) - 0.30).abs() < 0.01);
    assert!(wilson_lower(12.0, 12) > 0.75);
    assert!(wilson_lower(9.0, 12) < 0.5);
}

#[test]
fn greedy_beats_random_with_two_and_three_players() {
    assert_beats("greedy", "random", 2, 6, 0.6, 0.0);
    assert_beats("greedy", "random", 3, 3, 0.6, 0.5);
}

/// About a hundred iterations a move with short greedy playouts already beat greedy;
/// the budgets stay small to keep the test fast.
#[test]
fn mcts_beats_greedy_with_two_players() {
    assert_beats(
        "mcts:iterations=100,playout_plies=10",
        "greedy",
        2,
        12,
        0.5,
        0.0,
    );
}

#[test]
fn mcts_beats_greedy_with_three_players() {
    assert_beats(
        "mcts:iterations=100,playout_plies=12",
        "greedy",
        3,
        8,
        0.5,
        0.3,
    );
}

/// Minimax at depth 2 scores at least as well as greedy with two players.
#[test]
fn minimax_depth_2_holds_greedy_with_two_players() {
    let result = play_match("minimax:depth=2,tt_mib=1", "greedy", 2, 10, 4);
    eprintln!("2 players, minimax:depth=2 against greedy: {result:?}");
    assert!(
        result.score >= 0.5 * result.games as f64,
        "minimax:depth=2 against greedy: {result:?}"
    );
}
