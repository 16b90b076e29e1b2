//! Chinese checkers speed: perft with bulk counting from the two-player start (move
//! generation), and seeded random playouts to the ply cap for 2 and 6 players. Each bench
//! checks its own count, so a bench is also a test.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::perft::perft;
use engine::{ChineseCheckers, Game, GameOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Perft 4 from the two-player start: the rules file's check value.
const PERFT_DEPTH: u32 = 4;
const PERFT_NODES: u64 = 115_600;

fn start(players: u32) -> ChineseCheckers {
    let mut options = GameOptions::new();
    options.set("players", &players.to_string());
    ChineseCheckers::new(&options).expect("valid player count")
}

fn perft_start(c: &mut Criterion) {
    let start = start(2);
    let mut group = c.benchmark_group("chinese_checkers");
    group.sample_size(20);
    group.throughput(Throughput::Elements(PERFT_NODES));
    group.bench_function("perft_4", |b| {
        b.iter(|| {
            let nodes = perft(black_box(&start), PERFT_DEPTH);
            assert_eq!(nodes, PERFT_NODES);
            nodes
        })
    });
    group.finish();
}

/// Move generation alone: every position of a few random games, listed again and again.
fn movegen(c: &mut Criterion) {
    for players in [2, 6] {
        let mut positions = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut moves = Vec::new();
        let mut position = start(players);
        while !position.is_over() {
            positions.push(position.clone());
            position.generate_moves(&mut moves);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let total: usize = positions
            .iter()
            .map(|p| {
                p.generate_moves(&mut moves);
                moves.len()
            })
            .sum();
        let mut group = c.benchmark_group("chinese_checkers");
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("movegen_{players}p_positions"), |b| {
            b.iter(|| {
                let mut listed = 0;
                for p in &positions {
                    p.generate_moves(&mut moves);
                    listed += moves.len();
                }
                assert_eq!(listed, total);
                listed
            })
        });
        group.finish();
    }
}

/// Plays `games` random games to the end or the cap; returns the plies played.
fn random_games(start: &ChineseCheckers, games: u32, rng: &mut ChaCha8Rng) -> u64 {
    let mut moves = Vec::with_capacity(256);
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
    const GAMES: u32 = 20;
    for players in [2, 6] {
        let start = start(players);
        let plies = random_games(&start, GAMES, &mut ChaCha8Rng::seed_from_u64(1));
        let mut group = c.benchmark_group("chinese_checkers");
        group.sample_size(10);
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("random_playout_{players}p_plies"), |b| {
            b.iter(|| {
                let played = random_games(&start, GAMES, &mut ChaCha8Rng::seed_from_u64(1));
                assert_eq!(played, plies);
                played
            })
        });
        group.finish();
    }
}

criterion_group!(benches, perft_start, movegen, random_playouts);
criterion_main!(benches);
