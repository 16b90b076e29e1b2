//! Search speed on Leapfrog Race from the start: alpha-beta nodes per second and MCTS
//! iterations per second, one core. Each measured search starts from a reset agent (the
//! reset, which clears the table or the tree, is not timed), and every search must visit
//! the same number of nodes as the first: the bench checks determinism as it goes.

use std::time::{Duration, Instant};

use agents::{Agent, MctsAgent, MctsSettings, MinimaxAgent, MinimaxSettings};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::Leapfrog;

/// Deep enough for a search of about half a million nodes.
const DEPTH: u32 = 36;
const ITERATIONS: u64 = 20_000;

fn alpha_beta(c: &mut Criterion) {
    let start = Leapfrog::start();
    let mut group = c.benchmark_group("alpha_beta");
    for tt_mib in [16, 1] {
        let settings = MinimaxSettings {
            depth: DEPTH,
            nodes: None,
            tt_mib,
            ..MinimaxSettings::default()
        };
        let mut agent = MinimaxAgent::<Leapfrog>::new(format!("minimax:depth={DEPTH}"), settings);
        agent.reset(0);
        let nodes = agent.search(&start).nodes;
        println!("alpha-beta from the start, depth {DEPTH}, {tt_mib} MiB table: {nodes} nodes");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start_depth_{DEPTH}_tt_{tt_mib}mib"), |b| {
            b.iter_custom(|searches| {
                let mut time = Duration::ZERO;
                for _ in 0..searches {
                    agent.reset(0);
                    let clock = Instant::now();
                    let found = agent.search(&start);
                    time += clock.elapsed();
                    assert_eq!(found.nodes, nodes, "the same search every time");
                }
                time
            })
        });
    }
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let start = Leapfrog::start();
    let mut group = c.benchmark_group("mcts");
    let settings = MctsSettings {
        iterations: ITERATIONS,
        ..MctsSettings::default()
    };
    let mut agent = MctsAgent::<Leapfrog>::new(format!("mcts:iterations={ITERATIONS}"), settings);
    agent.reset(0);
    agent.search(&start);
    let plies = agent.last_search().nodes;
    println!("MCTS from the start, {ITERATIONS} iterations: {plies} plies");
    group.throughput(Throughput::Elements(ITERATIONS));
    group.bench_function(format!("start_{ITERATIONS}_iterations"), |b| {
        b.iter_custom(|searches| {
            let mut time = Duration::ZERO;
            for _ in 0..searches {
                agent.reset(0);
                let clock = Instant::now();
                agent.search(&start);
                time += clock.elapsed();
                let info = agent.last_search();
                assert_eq!(info.iterations, ITERATIONS);
                assert_eq!(info.nodes, plies, "the same search every time");
            }
            time
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = alpha_beta, mcts
}
criterion_main!(benches);
