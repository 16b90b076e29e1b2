//! `arena report` on a 100,000-game run: reading the folder's CSV files (a 60 MB
//! `games.csv`) and writing `report.html`. The target is under a second.

use arena::cli::{Cli, FolderChoice, Overrides, RunArgs, Verb};
use arena::report::write_report;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Games in the run the report draws.
const GAMES: u64 = 100_000;

fn report_of_a_large_run(c: &mut Criterion) {
    let dir = std::env::temp_dir().join("arena-bench-report");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let out = dir.join("out");
    let config = dir.join("config.toml");
    let text = format!(
        "game = \"leapfrog\"\nseed = 1\ngames_per_pair = {}\nopening_plies = 4\n\
         bootstrap = 100\nout = {:?}\n\n[[agent]]\nname = \"one\"\nspec = \"random\"\n\n\
         [[agent]]\nname = \"two\"\nspec = \"random\"\n",
        GAMES / 2,
        out.display().to_string()
    );
    std::fs::write(&config, text).expect("config written");
    let args = RunArgs {
        config,
        overrides: Overrides {
            threads: None,
            out: None,
        },
        folder: FolderChoice {
            resume: false,
            force: true,
        },
        shard: None,
        report: false,
    };
    let cli = Cli {
        verb: Verb::Run(args),
        allow_program: Vec::new(),
    };
    arena::cli::run(cli, &mut std::io::sink()).expect("tournament runs");

    let mut group = c.benchmark_group("report");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("report_100k_games", |b| {
        b.iter(|| write_report(&out).expect("report written"))
    });
    group.finish();
}

criterion_group!(benches, report_of_a_large_run);
criterion_main!(benches);
