//! The full solve of Leapfrog Race from the start. The bench also checks the solve's
//! figures, so a faster solve that gets them wrong fails here.
//!
//! `cargo bench -p engine --bench solve`. Peak memory: run the `solve` example under
//! `/usr/bin/time -v`.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::games::leapfrog::solve::{SolveTable, Value};

fn full_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("leapfrog");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(30));
    group.bench_function("full_solve", |b| {
        b.iter(|| {
            let table = SolveTable::solve_start();
            let report = table.report();
            assert_eq!(report.positions, 15_969_986);
            assert_eq!(
                (report.wins_a, report.wins_b, report.draws),
                (6_998_386, 8_971_600, 0)
            );
            assert_eq!(report.root_entry.value, Value::Loss);
            table
        })
    });
    group.finish();
}

criterion_group!(benches, full_solve);
criterion_main!(benches);
