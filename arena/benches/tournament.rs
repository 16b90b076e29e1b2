//! Whole tournaments through the arena's library, as `arena run` plays them: the arena's
//! own overhead (scheduling, recording moves, CSV, statistics) with cheap agents, and
//! the scaling of a tournament of MCTS agents from one thread to two.

use std::path::{Path, PathBuf};

use arena::cli::{Cli, FolderChoice, Overrides, RunArgs, Verb};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Writes a two-agent config and returns its path and the number of games it plays.
fn config(name: &str, first: &str, second: &str, pairs: u32) -> (PathBuf, u64) {
    let dir = std::env::temp_dir().join(format!("arena-bench-{name}"));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let text = format!(
        "game = \"leapfrog\"\nseed = 1\ngames_per_pair = {pairs}\nopening_plies = 4\n\
         bootstrap = 100\nout = {:?}\n\n[[agent]]\nname = \"one\"\nspec = \"{first}\"\n\n\
         [[agent]]\nname = \"two\"\nspec = \"{second}\"\n",
        dir.join("out").display().to_string()
    );
    let path = dir.join("config.toml");
    std::fs::write(&path, text).expect("config written");
    (path, u64::from(pairs) * 2)
}

fn run(path: &Path, threads: usize) {
    let args = RunArgs {
        config: path.to_path_buf(),
        overrides: Overrides {
            threads: Some(threads),
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
}

fn cheap_agents(c: &mut Criterion) {
    let (path, games) = config("cheap", "random", "greedy", 10_000);
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    for threads in [1, 2] {
        group.bench_function(format!("random_vs_greedy_games_{threads}t"), |b| {
            b.iter(|| run(&path, threads))
        });
    }
    group.finish();
}

fn mcts_agents(c: &mut Criterion) {
    let (path, games) = config("mcts", "mcts:iterations=500", "mcts:iterations=500,c=1", 20);
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    for threads in [1, 2] {
        group.bench_function(format!("mcts_games_{threads}t"), |b| {
            b.iter(|| run(&path, threads))
        });
    }
    group.finish();
}

criterion_group!(benches, cheap_agents, mcts_agents);
criterion_main!(benches);
