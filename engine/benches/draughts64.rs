//! Speed of the all-squares games: perft with bulk counting from the start of Turkish
//! (depth 7), Gothic (depth 5) and Dameo (depth 4). Each bench checks its own count, so
//! a bench is also a test.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::games::draughts64::{Dameo, Draughts64, Gothic, Rules64, Turkish};
use engine::perft::perft;

fn bench_perft<R: Rules64>(c: &mut Criterion, depth: u32, nodes: u64) {
    let mut group = c.benchmark_group("draughts64");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    let start = Draughts64::<R>::start();
    group.bench_function(format!("{}_perft_{depth}", R::NAME), |b| {
        b.iter(|| {
            let counted = perft(black_box(&start), depth);
            assert_eq!(counted, nodes);
            counted
        })
    });
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<Turkish>(c, 7, 10_782_308);
    bench_perft::<Gothic>(c, 5, 10_043_928);
    bench_perft::<Dameo>(c, 4, 6_253_934);
}

criterion_group!(benches, perft_start);
criterion_main!(benches);
