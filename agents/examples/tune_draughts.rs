//! Fits the weights of the draughts evaluation's linear terms to game results, by
//! logistic regression (the method of Texel-style tuning, with a Newton solver).
//!
//! 1. Self-play: `--games` games of `--game` (English checkers by default; any
//!    diagonal draughts variant but Suicide, which keeps its own count) between two copies of
//!    `--spec` (by default a small minimax with a little noise, so that games differ and
//!    some are decided), each from `--opening-plies` seeded random plies. Every game's
//!    seed follows from `--seed`: the data are the same on every run.
//! 2. Positions: every quiet position (no capture pending) after the opening, with its
//!    terms from the first seat's point of view ([`agents::eval_draughts::terms`]) and
//!    the first seat's final score (1, 1/2 or 0).
//! 3. Fit: P(score) = logistic(intercept + w . terms), maximum likelihood with a small
//!    ridge, by Newton's method; terms that never vary are left at their current weight.
//!    The weights are then scaled so that a man is worth 100.
//! 4. Check: the log-loss on the last fifth of the games (held out of the fit) of the
//!    fitted weights against the variant's current and basic ones, each with its best
//!    scale.
//!
//! ```sh
//! cargo run --release -p agents --example tune_draughts -- --games 1000 --seed 1
//! cargo run --release -p agents --example tune_draughts -- --game international --games 1000 --seed 1
//! ```

use std::env;
use std::thread;

use agents::eval_draughts::{basic, terms, tuned, Weights, TERMS, TERM_NAMES};
use agents::{build, Evaluate};
use engine::games::draughts::{
    Brazilian, Canadian, Corner, Czech, English, International, Italian, OneWay, Parachute,
    Portuguese, Rules, Russian, Thai,
};
use engine::{Draughts, Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One labelled position: the terms for the first seat and its final score.
type Sample = ([f64; TERMS], f64);

struct Options {
    game: String,
    games: u64,
    seed: u64,
    spec: String,
    opening_plies: u32,
    threads: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        game: "english".into(),
        games: 1000,
        seed: 1,
        spec: "minimax:nodes=1500,epsilon=0.03".into(),
        opening_plies: 8,
        threads: 2,
    };
    let args: Vec<String> = env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).ok_or(format!("{} needs a value", pair[0]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{}: expected a whole number, got {value:?}", pair[0]))
        };
        match pair[0].as_str() {
            "--games" => o.games = number()?.clamp(10, 1_000_000),
            "--seed" => o.seed = number()?,
            "--game" => o.game = value.clone(),
            "--spec" => o.spec = value.clone(),
            "--opening-plies" => o.opening_plies = number()?.min(40) as u32,
            "--threads" => o.threads = number()?.clamp(1, 64),
            other => {
                return Err(format!(
                    "unknown option {other:?}: expected --game, --games, --seed, \
                     --spec, --opening-plies or --threads"
                ))
            }
        }
    }
    Ok(o)
}

/// The labelled positions of game `index`.
fn play_game<R: Rules>(o: &Options, index: u64) -> Vec<Sample> {
    let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(index);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut players = [
        build::<Draughts<R>>(&o.spec).expect("a valid spec"),
        build::<Draughts<R>>(&o.spec).expect("a valid spec"),
    ];
    players[0].reset(seed ^ 0xA);
    players[1].reset(seed ^ 0xB);
    let mut position = Draughts::<R>::start();
    let mut moves = Vec::new();
    let mut seen: Vec<[f64; TERMS]> = Vec::new();
    let mut ply = 0;
    while !position.is_over() {
        let mv = if ply < o.opening_plies {
            position.generate_moves(&mut moves);
            moves[rng.random_range(0..moves.len())]
        } else {
            if !position.in_exchange() {
                let t = terms(&position, Seat::A);
                seen.push(t.map(f64::from));
            }
            players[position.to_move().index()].choose(&position)
        };
        position.play_unchecked(mv);
        ply += 1;
    }
    let score = position.status().outcome().expect("over").score(Seat::A);
    seen.into_iter().map(|t| (t, score)).collect()
}

/// Every game's positions, game by game in order, played on `o.threads` threads.
fn self_play<R: Rules>(o: &Options) -> Vec<Vec<Sample>> {
    let mut games: Vec<Vec<Sample>> = vec![Vec::new(); o.games as usize];
    thread::scope(|scope| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..o.games)
                        .step_by(o.threads as usize)
                        .map(|i| (i, play_game::<R>(o, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, samples) in handle.join().expect("a self-play thread") {
                games[i as usize] = samples;
            }
        }
    });
    games
}

/// The ridge on the terms' coefficients, in logits squared.
const RIDGE: f64 = 1.0;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("a row");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, below) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (offset, row) in below.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (cell, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *cell -= f * p;
            }
            b[col + 1 + offset] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// Logistic regression of the labels on the columns `used` of the terms, with an
/// intercept: the coefficients (intercept first), by Newton's method.
fn fit(samples: &[Sample], used: &[usize]) -> Vec<f64> {
    let n = used.len() + 1;
    let row = |t: &[f64; TERMS]| {
        let mut x = vec![1.0];
        x.extend(used.iter().map(|&i| t[i]));
        x
    };
    let mut beta = vec![0.0; n];
    for _ in 0..25 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for (t, y) in samples {
            let x = row(t);
            let p = sigmoid(x.iter().zip(&beta).map(|(a, b)| a * b).sum());
            let w = p * (1.0 - p);
            for ((g, h), xi) in grad.iter_mut().zip(hess.iter_mut()).zip(&x) {
                *g += (y - p) * xi;
                for (hij, xj) in h.iter_mut().zip(&x) {
                    *hij += w * xi * xj;
                }
            }
        }
        // A small ridge keeps rare terms (runaways, kings early) from running off.
        for i in 1..n {
            grad[i] -= RIDGE * beta[i];
            hess[i][i] += RIDGE;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        if size < 1e-9 {
            break;
        }
    }
    beta
}

/// Mean log-loss of `weights` (in hundredths of a man) on `samples`, at the best of a
/// range of scales with the best intercept: how well the evaluation predicts results.
fn log_loss(samples: &[Sample], weights: &Weights) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|(t, y)| {
            let e: f64 = t.iter().zip(weights).map(|(t, w)| t * *w as f64).sum();
            (e, *y)
        })
        .collect();
    let mut best = f64::INFINITY;
    for scale in (1..=60).map(|k| k as f64 * 10.0) {
        for bias in (-10..=10).map(|k| k as f64 * 0.05) {
            let loss: f64 = evals
                .iter()
                .map(|(e, y)| {
                    let p = sigmoid(bias + e / scale).clamp(1e-9, 1.0 - 1e-9);
                    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
                })
                .sum::<f64>()
                / evals.len() as f64;
            best = best.min(loss);
        }
    }
    best
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(message) => {
            eprintln!("tune_draughts: {message}");
            std::process::exit(2);
        }
    };
    let result = match o.game.as_str() {
        "english" => tune::<English>(&o),
        "czech" => tune::<Czech>(&o),
        "corner" => tune::<Corner>(&o),
        "one-way" => tune::<OneWay>(&o),
        "parachute" => tune::<Parachute>(&o),
        "international" => tune::<International>(&o),
        "russian" => tune::<Russian>(&o),
        "canadian" => tune::<Canadian>(&o),
        "thai" => tune::<Thai>(&o),
        "brazilian" => tune::<Brazilian>(&o),
        "portuguese" => tune::<Portuguese>(&o),
        "italian" => tune::<Italian>(&o),
        other => Err(format!(
            "--game: unknown game {other:?}: expected a diagonal draughts variant other \
             than suicide (english, international, russian, ...)"
        )),
    };
    if let Err(message) = result {
        eprintln!("tune_draughts: {message}");
        std::process::exit(2);
    }
}

/// Plays, fits and prints the fitted weights of variant `R`.
fn tune<R: Rules>(o: &Options) -> Result<(), String> {
    build::<Draughts<R>>(&o.spec).map_err(|e| format!("--spec: {e}"))?;
    let (current, basic) = (tuned::<R>(), basic::<R>());
    let games = self_play::<R>(o);
    let split = games.len() * 4 / 5;
    let train: Vec<Sample> = games[..split].iter().flatten().copied().collect();
    let test: Vec<Sample> = games[split..].iter().flatten().copied().collect();
    let decided = games
        .iter()
        .filter(|g| g.first().is_some_and(|(_, y)| *y != 0.5))
        .count();
    println!(
        "{} games ({decided} decided), {} positions to fit, {} held out",
        games.len(),
        train.len(),
        test.len()
    );
    let used: Vec<usize> = (0..TERMS)
        .filter(|&i| {
            let first = train.first().map_or(0.0, |s| s.0[i]);
            train.iter().any(|s| s.0[i] != first)
        })
        .collect();
    let beta = fit(&train, &used);
    let man = used
        .iter()
        .position(|&i| TERM_NAMES[i] == "man")
        .map(|k| beta[k + 1])
        .filter(|b| *b > 0.0)
        .ok_or("the man term never varied or did not count for its side: more games needed")?;
    let mut fitted: Weights = *current;
    for (k, &i) in used.iter().enumerate() {
        fitted[i] = (100.0 * beta[k + 1] / man) as f32;
    }
    println!(
        "intercept {:.4} (the first seat's edge), a man = {man:.4} logits",
        beta[0]
    );
    for ((name, fit), current) in TERM_NAMES.iter().zip(&fitted).zip(current) {
        println!("{name:>13} {fit:>8.1} (current {current:>6.1})");
    }
    let rounded: Vec<String> = fitted.iter().map(|w| format!("{:.1}", w)).collect();
    println!("[{}]", rounded.join(", "));
    println!(
        "held-out log-loss: fitted {:.5}, current {:.5}, basic {:.5}",
        log_loss(&test, &fitted),
        log_loss(&test, current),
        log_loss(&test, basic)
    );
    Ok(())
}
