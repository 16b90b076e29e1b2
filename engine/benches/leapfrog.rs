//! Leapfrog Race speed: perft with bulk counting, and seeded random playouts (move
//! generation, a seeded choice, the move). Each bench checks its own count, so a bench
//! is also a test.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::perft::perft;
use engine::{Game, Leapfrog};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Perft 20 from the start: the leaf count is a check value of the engine's data file.
const PERFT_DEPTH: u32 = 20;
const PERFT_NODES: u64 = 62_345_488;

fn perft_start(c: &mut Criterion) {
    let start = Leapfrog::start();
    let mut group = c.benchmark_group("leapfrog");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PERFT_NODES));
    group.bench_function("perft_20", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&start), PERFT_DEPTH);
            assert_eq!(nodes, PERFT_NODES);
            nodes
        })
    });
    group.finish();
}

/// Plays `games` random games; returns the plies played.
fn random_games(games: u32, rng: &mut ChaCha8Rng) -> u64 {
    let mut moves = Vec::with_capacity(8);
    let mut plies = 0;
    for _ in 0..games {
        let mut position = Leapfrog::start();
        while !position.is_over() {
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
    }
    plies
}

fn random_playouts(c: &mut Criterion) {
    const GAMES: u32 = 10_000;
    // The same seed every iteration, so every iteration plays the same plies.
    let plies = random_games(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
    let mut group = c.benchmark_group("leapfrog");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("random_playout_plies", |b| {
        b.iter(|| {
            let played = random_games(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
            assert_eq!(played, plies);
            played
        })
    });
    group.finish();
}

criterion_group!(benches, perft_start, random_playouts);
criterion_main!(benches);
