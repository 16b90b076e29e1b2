//! Draughts speed: perft with bulk counting from the start of English (depth 9) and
//! International (depth 7), and seeded random English games, played by the generic loop
//! of the `Game` API and by the engine's playout routine (`Game::random_playout`, which
//! MCTS uses; the same games, so both count the same plies). Each bench checks its own
//! count, so a bench is also a test. The headline figures (English depth 11,
//! International depth 9) come from `arena perft` and `scripts/compare-draughts.sh`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::games::draughts::{English, International};
use engine::perft::perft;
use engine::{Draughts, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts");
    group.sample_size(10);
    let english = Draughts::<English>::start();
    group.throughput(Throughput::Elements(3_963_680));
    group.bench_function("english_perft_9", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&english), 9);
            assert_eq!(nodes, 3_963_680);
            nodes
        })
    });
    let international = Draughts::<International>::start();
    group.throughput(Throughput::Elements(1_049_442));
    group.bench_function("international_perft_7", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&international), 7);
            assert_eq!(nodes, 1_049_442);
            nodes
        })
    });
    group.finish();
}

/// Random English games to their end under the engine's draw rules.
fn random_games(games: u32, rng: &mut ChaCha8Rng) -> u64 {
    let start = Draughts::<English>::start();
    let mut moves = Vec::with_capacity(64);
    let mut plies = 0;
    for _ in 0..games {
        let mut position = start.clone();
        while !position.is_over() {
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
    }
    plies
}

/// The same games as [`random_games`], by [`Game::random_playout`].
fn random_playout_games(games: u32, rng: &mut ChaCha8Rng) -> u64 {
    let start = Draughts::<English>::start();
    let mut position = start.clone();
    let (mut scratch, mut line) = (Vec::with_capacity(64), Vec::with_capacity(512));
    let mut plies = 0;
    for _ in 0..games {
        position.clone_from(&start);
        line.clear();
        position.random_playout(u32::MAX, &mut scratch, &mut line, |n| {
            rng.random_range(0..n)
        });
        plies += line.len() as u64;
    }
    plies
}

fn random_playouts(c: &mut Criterion) {
    // Measure the plies of a fixed batch once, for the throughput. The batch is large:
    // the same 200 games played over and over ran 27% faster, as the processor's branch
    // predictors learnt them, which no real run of random games allows.
    const GAMES: u32 = 5000;
    let plies = random_games(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
    let mut group = c.benchmark_group("draughts");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("english_random_game_plies", |b| {
        b.iter(|| {
            let played = random_games(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
            assert_eq!(played, plies);
            played
        })
    });
    group.bench_function("english_random_playout_plies", |b| {
        b.iter(|| {
            let played = random_playout_games(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
            assert_eq!(played, plies);
            played
        })
    });
    group.finish();
}

criterion_group!(benches, perft_start, random_playouts);
criterion_main!(benches);
