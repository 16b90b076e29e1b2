//! Konane and Alquerque speed: perft with bulk counting from the start (Konane depth 9,
//! the last depth of the rules file's table; Alquerque depth 13) and seeded random games
//! of each. Each bench checks its own count, so a bench is also a test.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::perft::perft;
use engine::{Alquerque, Game, Konane};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("small_draughts");
    group.sample_size(10);
    let konane = Konane::start();
    group.throughput(Throughput::Elements(4_633_660));
    group.bench_function("konane_perft_9", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&konane), 9);
            assert_eq!(nodes, 4_633_660);
            nodes
        })
    });
    let alquerque = Alquerque::start();
    group.throughput(Throughput::Elements(5_167_627));
    group.bench_function("alquerque_perft_13", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&alquerque), 13);
            assert_eq!(nodes, 5_167_627);
            nodes
        })
    });
    group.finish();
}

/// Random games of `G` to their end under the game's own rules; returns the plies.
fn random_games<G: Game>(games: u32, rng: &mut ChaCha8Rng) -> u64 {
    let start = G::new(&Default::default()).expect("default options");
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

fn random_playouts(c: &mut Criterion) {
    const GAMES: u32 = 1000;
    let mut group = c.benchmark_group("small_draughts");
    let konane_plies = random_games::<Konane>(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
    group.throughput(Throughput::Elements(konane_plies));
    group.bench_function("konane_random_game_plies", |b| {
        b.iter(|| {
            let played = random_games::<Konane>(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
            assert_eq!(played, konane_plies);
            played
        })
    });
    let alquerque_plies = random_games::<Alquerque>(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
    group.throughput(Throughput::Elements(alquerque_plies));
    group.bench_function("alquerque_random_game_plies", |b| {
        b.iter(|| {
            let played = random_games::<Alquerque>(GAMES, &mut ChaCha8Rng::seed_from_u64(1));
            assert_eq!(played, alquerque_plies);
            played
        })
    });
    group.finish();
}

criterion_group!(benches, perft_start, random_playouts);
criterion_main!(benches);
